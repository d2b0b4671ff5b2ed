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

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
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

// ListManaged lists every container (running or not) labelled as kafkalab's.
func ListManaged(ctx context.Context) ([]Managed, error) {
	return listLabelled(ctx, LabelManaged+"=true")
}

func listLabelled(ctx context.Context, label string) ([]Managed, error) {
	var out []Managed
	err := safely(func() error {
		quietTestcontainers()
		cli, err := testcontainers.NewDockerClientWithOpts(ctx)
		if err != nil {
			return err
		}
		defer cli.Close()
		res, err := cli.ContainerList(ctx, client.ContainerListOptions{
			All:     true,
			Filters: make(client.Filters).Add("label", label),
		})
		if err != nil {
			return err
		}
		for _, c := range res.Items {
			pid, _ := strconv.Atoi(c.Labels[LabelPID])
			out = append(out, Managed{ID: c.ID, Image: c.Image, PID: pid, Host: c.Labels[LabelHost], State: string(c.State)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("container broker: list kafkalab containers: %w", err)
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
func removeOrphans(ctx context.Context) ([]string, error) {
	all, err := ListManaged(ctx)
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
		if err := removeContainer(ctx, m.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, m.ID)
	}
	return removed, errors.Join(errs...)
}

// removeStarted removes whatever container the Start call startID made, if any is left.
func removeStarted(ctx context.Context, startID string) error {
	if startID == "" {
		return nil
	}
	found, err := listLabelled(ctx, LabelStart+"="+startID)
	if err != nil {
		return err
	}
	var errs []error
	for _, m := range found {
		errs = append(errs, removeContainer(ctx, m.ID))
	}
	return errors.Join(errs...)
}

func removeContainer(ctx context.Context, id string) error {
	return safely(func() error {
		cli, err := testcontainers.NewDockerClientWithOpts(ctx)
		if err != nil {
			return err
		}
		defer cli.Close()
		if _, err := cli.ContainerRemove(ctx, id, client.ContainerRemoveOptions{Force: true, RemoveVolumes: true}); err != nil {
			return fmt.Errorf("container broker: remove leftover container %s: %w", shortID(id), err)
		}
		return nil
	})
}
