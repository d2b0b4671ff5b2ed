//go:build unix

package broker

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/kafkalab/kafkalab/lab/paths"
)

// lockFileName sits in the data folder; kfake ignores files it does not know.
const lockFileName = "kafkalab.lock"

// lockDataDir takes an exclusive lock on the data folder so two brokers never write the
// same files (for example the TUI's broker and `kafkalab broker` on the default folder).
// The OS drops the lock when the process dies, so a crash leaves nothing stale.
func lockDataDir(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("embedded broker: cannot create its data folder %s (%v): choose another with --data DIR", dir, err)
	}
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("embedded broker: cannot open %s (%v): choose another data folder with --data DIR", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		b, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			who, use := "another kafkalab", "--broker HOST:PORT"
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil {
				who = fmt.Sprintf("another kafkalab (pid %d)", pid)
				if rb, ok := readRunning(paths.RunningBrokerFile()); ok && rb.PID == pid && rb.Bootstrap != "" {
					use = "--broker " + rb.Bootstrap
				}
			}
			return nil, fmt.Errorf("embedded broker: data folder %s is in use by %s: use that broker (%s), stop it, or choose another folder with --data DIR", dir, who, use)
		}
		return nil, fmt.Errorf("embedded broker: cannot lock %s (%v): choose another data folder with --data DIR", path, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return f, nil
}

func unlockDataDir(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	f.Close()
}

// processAlive reports whether a process with this id exists (signal 0 probes only).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
