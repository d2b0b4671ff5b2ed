package container

import (
	"context"
	"errors"
	"fmt"
	"os"
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
	return "container broker: no container engine answers at " + e.where +
		"; start Docker or podman and set DOCKER_HOST to its socket, or use the embedded broker, which needs nothing installed"
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

// CheckEngine reports, within 3 seconds, whether a container engine answers; its error
// matches ErrNoEngine and is one sentence for the learner. Start does the same check first.
func CheckEngine(ctx context.Context) error { return checkEngine(ctx, defaultEngine) }

// checkEngine asks the engine for its info, giving up after timeout. It runs the call in a
// goroutine so that even a client that ignores its context cannot make Start hang.
func checkEngine(ctx context.Context, timeout time.Duration) error {
	quietTestcontainers()
	ctx, cancel := context.WithTimeout(ctx, timeout)
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
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		err = fmt.Errorf("no answer within %s: %w", timeout, ctx.Err())
	}
	if err != nil {
		return &noEngineError{where: engineAddress(), cause: err}
	}
	return nil
}
