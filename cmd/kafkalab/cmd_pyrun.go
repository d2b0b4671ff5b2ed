package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// Scripts run in a child kafkalab (`kafkalab __pyrun`), so that nothing a script does can
// end the TUI, the sandbox or a check: see lab/pyrun.Subprocess.
func init() {
	register(&command{
		name:    pyrun.ChildCommand,
		summary: "runs one script's interpreter for kafkalab itself (not for people to type)",
		hidden:  true,
		run: func(ctx context.Context, env *cliEnv, args []string) int {
			return pyrun.ServeChild(args)
		},
	})
}

// memoryEnv names the environment variable that sets a script's memory cap.
const memoryEnv = "KAFKALAB_SCRIPT_MEMORY"

// runnerFlags are the flags of the commands that run scripts.
type runnerFlags struct {
	memory string
}

func (f *runnerFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.memory, "script-memory", "", "the memory cap of each script: 1GiB (the default), 512MiB, 2G, or off ($"+memoryEnv+" sets it too)")
}

// runner is the script runner the flags and the environment describe: a child kafkalab
// per interpreter. Prewarm keeps one child started ahead (the TUI and check open many).
func (f *runnerFlags) runner(env *cliEnv, prewarm bool) (*pyrun.Subprocess, error) {
	spec := f.memory
	if spec == "" {
		spec = env.getenv(memoryEnv)
	}
	limit, err := parseMemory(spec)
	if err != nil {
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find kafkalab's own binary to run scripts in: %w", err)
	}
	return &pyrun.Subprocess{Path: exe, Args: []string{pyrun.ChildCommand}, MemoryLimit: limit, Prewarm: prewarm}, nil
}

// parseMemory reads a memory size: bytes, or a number with K, M, G or T (KiB, MiB...:
// powers of 1024); "" is the default cap (0), "off" or "0" none (-1).
func parseMemory(s string) (int64, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "":
		return 0, nil
	case "off", "none", "0":
		return -1, nil
	}
	num := strings.TrimRight(s, "KkMmGgTtIiBb ")
	unit := strings.ToUpper(strings.TrimSpace(s[len(num):]))
	unit = strings.TrimSuffix(strings.TrimSuffix(unit, "B"), "I")
	shift := map[string]uint{"": 0, "K": 10, "M": 20, "G": 30, "T": 40}
	sh, ok := shift[unit]
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if !ok || err != nil || v <= 0 {
		return 0, fmt.Errorf("a script's memory cap is a size like 1GiB, 512MiB or 2G (or off), not %q", s)
	}
	n := int64(v * float64(uint64(1)<<sh))
	if n < 64<<20 {
		return 0, fmt.Errorf("a script's memory cap of %s is too small for kafkalab's engine: give at least 64MiB", s)
	}
	return n, nil
}
