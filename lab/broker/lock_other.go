//go:build !unix

package broker

import (
	"fmt"
	"os"
)

// Without flock the data folder is not locked; one broker per folder is up to the user.
func lockDataDir(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("embedded broker: cannot create its data folder %s (%v): choose another with --data DIR", dir, err)
	}
	return nil, nil
}

func unlockDataDir(*os.File) {}

// processAlive cannot probe here, so a running-broker file is trusted.
func processAlive(pid int) bool { return pid > 0 }
