package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/connect"
	"github.com/kafkalab/kafkalab/lab/pyrun"
)

func init() {
	register(&command{
		name:    "run",
		summary: "run a PySpark script in kafkalab's engine, like `python SCRIPT.py ARGS` (no JVM)",
		run:     runScript,
	})
}

// confFlags collects repeated --conf key=value flags.
type confFlags map[string]string

func (c confFlags) String() string { return "" }
func (c confFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("--conf wants key=value, e.g. spark.sql.session.timeZone=UTC")
	}
	c[k] = v
	return nil
}

// runScript runs SCRIPT.py in the current folder: relative checkpoint and table paths
// resolve there, as they do for `python SCRIPT.py`.
func runScript(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "kafkalab run",
		"Usage: kafkalab run [--python] [--bootstrap HOST:PORT] [--conf KEY=VALUE] [--script-memory SIZE] SCRIPT.py [ARGS...]",
		"Runs a PySpark script in kafkalab's embedded engine, as `python SCRIPT.py ARGS` would, in the current folder.",
		"With --python the script runs in real CPython (pyspark-client) against kafkalab's engine over Spark Connect.",
	)
	bootstrap := fs.String("bootstrap", "", "Kafka bootstrap servers to use instead of the ones the script names (host:port)")
	var rf runnerFlags
	rf.register(fs)
	usePython := fs.Bool("python", false, "run the script with real CPython and pyspark-client through kafkalab's Spark Connect server (see kafkalab setup python)")
	conf := confFlags{}
	fs.Var(conf, "conf", "a session setting key=value applied before the script's own (repeatable)")
	if err := fs.Parse(args); err != nil {
		return flagErrorCode(err)
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(env.stderr, "kafkalab run: name the script to run, e.g. kafkalab run read_orders.py")
		return 2
	}
	script := fs.Arg(0)
	if _, err := os.Stat(script); err != nil {
		fmt.Fprintf(env.stderr, "kafkalab run: cannot open %s: %v\n", script, errors.Unwrap(err))
		return 2
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab run: %v\n", err)
		return 1
	}
	if *usePython {
		return runPythonScript(ctx, env, fs.Args(), wd, *bootstrap, conf)
	}
	runner, err := rf.runner(env, false)
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab run: %v\n", err)
		return 2
	}
	defer runner.Close()
	console := lab.NewConsole(lab.ConsoleConfig{WorkDir: wd, Stdout: env.stdout, Stderr: env.stderr, Conf: conf, Bootstrap: *bootstrap, Runner: runner})
	err = console.RunScript(ctx, script, fs.Args()[1:])
	if err == nil {
		return 0
	}
	var stopped *pyrun.Interrupted
	if errors.As(err, &stopped) {
		// Ctrl-C: the traceback CPython prints for KeyboardInterrupt, and a shell's 130.
		fmt.Fprintln(env.stderr, stopped.Traceback)
		return 130
	}
	var pe *pyrun.Error
	if errors.As(err, &pe) {
		if pe.Exit {
			return pe.Code
		}
		fmt.Fprintln(env.stderr, pe.Error())
		return 1
	}
	if errors.Is(err, context.Canceled) {
		return 130
	}
	fmt.Fprintf(env.stderr, "kafkalab run: %v\n", err)
	return 1
}

// runPythonScript runs the script with the learner's CPython against an in-process Spark
// Connect server on a free port, with the same folder and broker rules as the embedded run.
func runPythonScript(ctx context.Context, env *cliEnv, args []string, wd, bootstrap string, conf confFlags) int {
	python, err := connect.FindPython(ctx)
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab run --python: %v\n", err)
		return 1
	}
	srv, err := connect.Start(ctx, connect.Options{
		Trace:     env.getenv("KAFKALAB_CONNECT_LOG") == "trace",
		Bootstrap: bootstrap, Override: bootstrap != "", WorkDir: wd, Stdout: env.stdout, Conf: conf, Python: python,
		Logf: func(format string, a ...any) {
			if env.getenv("KAFKALAB_CONNECT_LOG") != "" {
				fmt.Fprintf(env.stderr, "kafkalab connect: %s\n", fmt.Sprintf(format, a...))
			}
		},
	})
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab run --python: %v\n", err)
		return 1
	}
	defer srv.Close()
	code, err := connect.RunPython(ctx, connect.Script{Python: python, Path: args[0], Args: args[1:], Dir: wd, Remote: srv.URL(),
		Stdin: env.stdin, Stdout: env.stdout, Stderr: env.stderr})
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab run --python: %v\n", err)
	}
	return code
}
