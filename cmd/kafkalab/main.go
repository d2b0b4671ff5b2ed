// Command kafkalab is a terminal tutor and lab runner for Kafka and Spark Structured Streaming.
//
// Each subcommand lives in its own file (cmd_<name>.go) and registers itself with register,
// so main.go stays a dispatcher and new commands never have to touch it.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/kafkalab/kafkalab/lab/gctune"
)

// version is overwritten at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// command is one kafkalab subcommand.
type command struct {
	name    string // as typed: "broker", "kafka-topics.sh"
	summary string // one line for --help
	// run executes the command. args excludes the command name. It returns the exit code.
	run func(ctx context.Context, env *cliEnv, args []string) int
	// hidden commands are not listed in --help (aliases).
	hidden bool
}

// cliEnv is what a command may touch of the outside world; tests swap it.
type cliEnv struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("kafkalab: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// defaultCommand runs when kafkalab is started with no subcommand.
var defaultCommand = "course"

func main() {
	gctune.Apply()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	env := &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	code := runCLI(ctx, env, os.Args[1:])
	stop()
	os.Exit(code)
}

// runCLI dispatches args to a subcommand and returns the process exit code.
func runCLI(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		if c, ok := commands[defaultCommand]; ok {
			return c.run(ctx, env, nil)
		}
		printUsage(env.stdout)
		return 0
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			if c, ok := commands[args[1]]; ok {
				return c.run(ctx, env, []string{"--help"})
			}
		}
		printUsage(env.stdout)
		return 0
	case "-v", "--version", "version":
		fmt.Fprintf(env.stdout, "kafkalab %s\n", version)
		return 0
	}
	name := args[0]
	c, ok := commands[name]
	if !ok {
		if strings.HasPrefix(name, "-") && commands[defaultCommand] != nil {
			// Flags without a subcommand belong to the default command (kafkalab --broker ...).
			return commands[defaultCommand].run(ctx, env, args)
		}
		fmt.Fprintf(env.stderr, "kafkalab: unknown command %q; run 'kafkalab --help' to see the commands\n", name)
		return 2
	}
	return c.run(ctx, env, args[1:])
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "kafkalab %s: learn Kafka and Spark Structured Streaming by running them\n\n", version)
	fmt.Fprintln(w, "Usage:\n  kafkalab [command] [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	width := 0
	for n, c := range commands {
		if c.hidden {
			continue
		}
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'kafkalab COMMAND --help' for a command's flags. 'kafkalab --version' prints the version.")
}

// exitCodeFor maps an error to an exit code and prints it as one line.
func exitCodeFor(env *cliEnv, err error) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		return 130
	}
	fmt.Fprintf(env.stderr, "kafkalab: %v\n", err)
	return 1
}
