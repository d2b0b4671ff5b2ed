package container

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"
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
			// A joined error: the first names what was tried first.
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

// engineAddress says where the engine is looked for, for messages.
func engineAddress(host string) string {
	if os.Getenv("DOCKER_HOST") != "" {
		return host + " (DOCKER_HOST)"
	}
	return host + " (DOCKER_HOST is not set)"
}

// slowEngineGrace is how much longer to wait for an engine that accepts connections but
// has not answered yet (podman's info call is slow on a busy machine). An engine that is
// not there at all is reported within the first timeout.
var slowEngineGrace = 20 * time.Second

// checkEngine asks the engine for its info. It runs the call in a goroutine so that even a
// client that ignores its context cannot make Start hang.
func checkEngine(ctx context.Context, cli *engineClient, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout+slowEngineGrace)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- safely(func() error { return cli.ping(ctx) })
	}()
	fail := func(err error) error { return &noEngineError{where: engineAddress(cli.host), cause: err} }
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
	if err := dialEngine(ctx, cli.host); err != nil {
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

// dialEngine opens (and closes) a connection to the engine's address.
func dialEngine(ctx context.Context, host string) error {
	u, err := url.Parse(host)
	if err != nil {
		return err
	}
	var network, addr string
	switch u.Scheme {
	case "unix":
		network, addr = "unix", u.Path
	case "tcp", "http", "https":
		network, addr = "tcp", u.Host
	default:
		return nil // cannot tell cheaply; treat as present and wait
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
	if err != nil {
		return err
	}
	return c.Close()
}
