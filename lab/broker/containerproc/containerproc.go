// Package containerproc runs kafkalab's container broker in a helper process,
// kafkalab-container (cmd/kafkalab-container), which starts Kafka with testcontainers-go
// (package container). kafkalab itself then links no container library: their package
// initialisers (testcontainers-go's walks every process on the machine) cost nothing
// unless a container broker is asked for.
//
// The helper writes one JSON line (Ready) once the broker answers or could not start, and
// removes the container when its stdin reaches its end: Close closes it, and so does the
// end of the kafkalab process, however it ends.
package containerproc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// HelperName is the helper's file name; kafkalab looks for it next to its own executable,
// then on PATH.
const HelperName = "kafkalab-container"

// HelperEnv, when set, is the path of the helper to run instead.
const HelperEnv = "KAFKALAB_CONTAINER_HELPER"

// Ready is the helper's one line of output.
type Ready struct {
	Bootstrap   []string `json:"bootstrap,omitempty"`
	Image       string   `json:"image,omitempty"`
	ContainerID string   `json:"containerID,omitempty"`
	Error       string   `json:"error,omitempty"`
}

// exitWait bounds how long a helper gets to remove its container and end once its stdin
// is closed, before it is killed.
const exitWait = time.Minute

// Broker is a container broker running in a helper process.
type Broker struct {
	ready  Ready
	stdin  io.WriteCloser
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	exited chan error

	closeOnce sync.Once
	closeErr  error
}

// Bootstrap returns the host:port addresses clients dial.
func (b *Broker) Bootstrap() []string { return b.ready.Bootstrap }

// Kind names the backend.
func (b *Broker) Kind() string { return "container" }

// Image names the image the container runs.
func (b *Broker) Image() string { return b.ready.Image }

// ContainerID is the engine's id of the container.
func (b *Broker) ContainerID() string { return b.ready.ContainerID }

// Close has the helper stop and remove the container, and waits for it to end.
func (b *Broker) Close(ctx context.Context) error {
	b.closeOnce.Do(func() {
		b.stdin.Close()
		b.closeErr = b.wait(ctx)
	})
	return b.closeErr
}

// wait waits for the helper to end (killing it if ctx ends or exitWait passes first) and
// returns its failure, if any, with what it wrote to stderr.
func (b *Broker) wait(ctx context.Context) error {
	timer := time.NewTimer(exitWait)
	defer timer.Stop()
	var err error
	select {
	case err = <-b.exited:
	case <-ctx.Done():
		_ = b.cmd.Process.Kill()
		<-b.exited
		return fmt.Errorf("container broker: %s did not remove its container in time: %w", HelperName, ctx.Err())
	case <-timer.C:
		_ = b.cmd.Process.Kill()
		<-b.exited
		return fmt.Errorf("container broker: %s did not remove its container within %s", HelperName, exitWait)
	}
	if err != nil {
		if msg := strings.TrimSpace(b.stderr.String()); msg != "" {
			return fmt.Errorf("container broker: %s", msg)
		}
		return fmt.Errorf("container broker: %s: %w", HelperName, err)
	}
	return nil
}

// Start runs the helper with image ("" is the container package's default) and returns
// once the broker answers. If ctx ends first, the helper is stopped and ctx's error
// returned.
func Start(ctx context.Context, image string) (*Broker, error) {
	path, err := helperPath()
	if err != nil {
		return nil, err
	}
	var args []string
	if image != "" {
		args = append(args, "-image", image)
	}
	cmd := exec.Command(path, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("container broker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("container broker: %w", err)
	}
	b := &Broker{stdin: stdin, cmd: cmd, stderr: &bytes.Buffer{}, exited: make(chan error, 1)}
	cmd.Stderr = b.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("container broker: start %s: %w", path, err)
	}
	decoded := make(chan error, 1)
	go func() {
		decoded <- json.NewDecoder(stdout).Decode(&b.ready)
		// The helper writes nothing more; draining keeps it from blocking if it did.
		_, _ = io.Copy(io.Discard, stdout)
		b.exited <- cmd.Wait()
	}()
	select {
	case err := <-decoded:
		if err == nil && b.ready.Error == "" && len(b.ready.Bootstrap) > 0 {
			return b, nil
		}
		stdin.Close()
		werr := b.wait(context.Background())
		switch {
		case b.ready.Error != "":
			return nil, errors.New(b.ready.Error)
		case werr != nil:
			return nil, werr
		default:
			return nil, fmt.Errorf("container broker: %s ended without naming a broker", path)
		}
	case <-ctx.Done():
		stdin.Close()
		_ = b.wait(context.Background())
		return nil, fmt.Errorf("container broker: %w", ctx.Err())
	}
}

// helperPath finds the helper: HelperEnv, next to this executable, or on PATH.
func helperPath() (string, error) {
	if p := os.Getenv(HelperEnv); p != "" {
		return p, nil
	}
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), HelperName)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(HelperName); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("the container broker runs in %s, found neither next to kafkalab nor on PATH: "+
		"build it beside kafkalab (go build -o DIR/ ./cmd/kafkalab ./cmd/kafkalab-container, or go install ./cmd/...) or set %s to its path",
		HelperName, HelperEnv)
}
