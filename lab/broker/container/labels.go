package container

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// Labels on every container kafkalab starts. With Ryuk off they are how leftovers are found.
const (
	LabelManaged = "org.kafkalab.managed" // "true"
	LabelPID     = "org.kafkalab.pid"     // PID of the kafkalab process that started it
	LabelHost    = "org.kafkalab.host"    // hostname of that process's machine
	LabelStart   = "org.kafkalab.start"   // random id of the Start call that made it
)

func newStartID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return ""
	}
	return h
}

func ownLabels() map[string]string {
	return map[string]string{
		LabelManaged: "true",
		LabelPID:     strconv.Itoa(os.Getpid()),
		LabelHost:    hostname(),
	}
}

// Managed describes one container that carries LabelManaged.
type Managed struct {
	ID    string
	Image string
	PID   int
	Host  string
	State string
}

// ListManaged lists every container (running or not) labelled as kafkalab's, on the
// engine Start would use.
func ListManaged(ctx context.Context) ([]Managed, error) {
	cli, err := newEngineClient(engineHost())
	if err != nil {
		return nil, fmt.Errorf("container broker: list kafkalab containers: %w", err)
	}
	defer cli.close()
	return listLabelled(ctx, cli, LabelManaged+"=true")
}

func listLabelled(ctx context.Context, cli *engineClient, label string) ([]Managed, error) {
	found, err := cli.list(ctx, label)
	if err != nil {
		return nil, fmt.Errorf("container broker: list kafkalab containers: %w", err)
	}
	out := make([]Managed, 0, len(found))
	for _, c := range found {
		pid, _ := strconv.Atoi(c.Labels[LabelPID])
		out = append(out, Managed{ID: c.ID, Image: c.Image, PID: pid, Host: c.Labels[LabelHost], State: c.State})
	}
	return out, nil
}

// orphan reports whether m was started on this machine by a process that no longer exists.
// Containers of live processes (another kafkalab running now) and of other machines (a
// shared remote engine) are left alone.
func orphan(m Managed, host string, alive func(int) bool) bool {
	if m.Host != host || m.PID <= 0 {
		return false
	}
	return !alive(m.PID)
}

func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// removeOrphans removes the kafkalab containers whose process is gone and returns their ids.
func removeOrphans(ctx context.Context, cli *engineClient) ([]string, error) {
	all, err := listLabelled(ctx, cli, LabelManaged+"=true")
	if err != nil {
		return nil, err
	}
	host := hostname()
	var removed []string
	var errs []error
	for _, m := range all {
		if !orphan(m, host, processAlive) {
			continue
		}
		if err := removeContainer(ctx, cli, m.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, m.ID)
	}
	return removed, errors.Join(errs...)
}

// removeStarted removes whatever container the Start call startID made, if any is left.
func removeStarted(ctx context.Context, cli *engineClient, startID string) error {
	if startID == "" || cli == nil {
		return nil
	}
	found, err := listLabelled(ctx, cli, LabelStart+"="+startID)
	if err != nil {
		return err
	}
	var errs []error
	for _, m := range found {
		errs = append(errs, removeContainer(ctx, cli, m.ID))
	}
	return errors.Join(errs...)
}

func removeContainer(ctx context.Context, cli *engineClient, id string) error {
	if err := cli.remove(ctx, id); err != nil {
		return fmt.Errorf("container broker: remove leftover container %s: %w", shortID(id), err)
	}
	return nil
}
