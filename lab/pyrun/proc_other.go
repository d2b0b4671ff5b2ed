//go:build !linux

package pyrun

import "os/exec"

// setDeathSignal is Linux's; elsewhere a child ends when its stdin closes with the parent.
func setDeathSignal(cmd *exec.Cmd) {}

// residentBytes is read from Linux's /proc; elsewhere only the child's heap watcher
// bounds a script's memory.
func residentBytes(pid int) (int64, bool) { return 0, false }
