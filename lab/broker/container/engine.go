package container

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/testcontainers/testcontainers-go"
	tclog "github.com/testcontainers/testcontainers-go/log"
)

// ErrNoEngine matches (errors.Is) the error Start returns when no container engine answers.
var ErrNoEngine = errors.New("no container engine answers")

// noEngineError is one sentence for the learner; the engine client's own error stays
// reachable through Unwrap for logs.
type noEngineError struct {
	where string
	cause error
}

func (e *noEngineError) Error() string {
	return "container broker: no container engine answers at " + e.where + ": " + rootCause(e.cause) +
		"; start Docker or podman and set DOCKER_HOST to its socket, or use the embedded broker, which needs nothing installed"
}

// rootCause is the innermost error's text on one short line: the part that says what
// actually happened ("connect: no such file or directory"), without the wrapping.
func rootCause(err error) string {
	if err == nil {
		return "unknown cause"
	}
	for {
		var next error
		switch e := err.(type) {
		case interface{ Unwrap() error }:
			next = e.Unwrap()
		case interface{ Unwrap() []error }:
			// testcontainers joins one error per place it looked; the first is the
			// configured host (DOCKER_HOST), the one the learner chose.
			if errs := e.Unwrap(); len(errs) > 0 {
				next = errs[0]
			}
		}
		if next == nil {
			break
		}
		err = next
	}
	msg := strings.Join(strings.Fields(err.Error()), " ")
	if len(msg) > 120 {
		msg = msg[:117] + "..."
	}
	return msg
}

func (e *noEngineError) Is(target error) bool { return target == ErrNoEngine }
func (e *noEngineError) Unwrap() error        { return e.cause }

var quietOnce sync.Once

// quietTestcontainers switches Ryuk off and silences testcontainers' logger, before the
// first testcontainers call of the process (it reads its configuration only once).
// Ryuk's image often cannot be pulled (offline, or no registry) and then every start would
// fail after ~20 s; kafkalab removes its containers itself. The logger would otherwise
// print over the TUI.
func quietTestcontainers() {
	quietOnce.Do(func() {
		_ = os.Setenv("TESTCONTAINERS_RYUK_DISABLED", "true")
		tclog.SetDefault(tclog.NewNoopLogger())
	})
}

// engineAddress says where the engine is looked for, for messages.
func engineAddress() string {
	if h := os.Getenv("DOCKER_HOST"); h != "" {
		return h + " (DOCKER_HOST)"
	}
	return "the default Docker socket (DOCKER_HOST is not set)"
}

// slowEngineGrace is how much longer to wait for an engine that accepts connections but
// has not answered yet (podman's info call is slow on a busy machine). An engine that is
// not there at all is reported within the first timeout.
var slowEngineGrace = 20 * time.Second

// checkEngine asks the engine for its info. It runs the call in a goroutine so that even a
// client that ignores its context cannot make Start hang.
func checkEngine(ctx context.Context, timeout time.Duration) error {
	quietTestcontainers()
	ctx, cancel := context.WithTimeout(ctx, timeout+slowEngineGrace)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- safely(func() error {
			p, err := testcontainers.ProviderDefault.GetProvider()
			if err != nil {
				return err
			}
			return p.Health(ctx)
		})
	}()
	fail := func(err error) error { return &noEngineError{where: engineAddress(), cause: err} }
	first := time.NewTimer(timeout)
	defer first.Stop()
	select {
	case err := <-done:
		if err != nil {
			return fail(err)
		}
		return nil
	case <-ctx.Done():
		return fail(ctx.Err())
	case <-first.C:
	}
	// No answer yet: tell a missing engine from a busy one by whether its socket takes a
	// connection.
	if err := dialEngine(ctx); err != nil {
		return fail(fmt.Errorf("no answer within %s: %w", timeout, err))
	}
	select {
	case err := <-done:
		if err != nil {
			return fail(err)
		}
		return nil
	case <-ctx.Done():
		return fail(fmt.Errorf("it accepts connections but gave no answer within %s", timeout+slowEngineGrace))
	}
}

// dialEngine opens (and closes) a connection to the engine's address: DOCKER_HOST, else
// the default Docker socket.
func dialEngine(ctx context.Context) error {
	network, addr := "unix", "/var/run/docker.sock"
	if h := os.Getenv("DOCKER_HOST"); h != "" {
		u, err := url.Parse(h)
		if err != nil {
			return err
		}
		switch u.Scheme {
		case "unix":
			addr = u.Path
		case "tcp":
			network, addr = "tcp", u.Host
		default:
			// ssh:// and others: cannot tell cheaply; treat as present and wait.
			return nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
	if err != nil {
		return err
	}
	return c.Close()
}
