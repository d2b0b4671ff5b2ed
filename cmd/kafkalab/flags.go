package main

import (
	"errors"
	"flag"
	"fmt"
)

// parseInterspersed parses flags that may come before, between or after positional
// arguments (`kafkalab check 04 --broker container`), as users type them. It returns the
// positional arguments in order; "--" ends flag parsing.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if rest[0] == "--" {
			return append(positional, rest[1:]...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// commandFlags makes a subcommand's flag set: problems go to the user's stderr, and --help
// prints the usage lines followed by the flags.
func commandFlags(env *cliEnv, name string, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.Usage = func() {
		for _, line := range usage {
			fmt.Fprintln(env.stderr, line)
		}
		fs.PrintDefaults()
	}
	return fs
}

// flagErrorCode is the exit code for a flag-parsing error: 0 after --help, 2 otherwise (the
// flag package has already printed the problem and the usage).
func flagErrorCode(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}
