package main

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/lab/connect"
)

func init() {
	register(&command{
		name:    "setup",
		summary: "install what an optional mode needs: `kafkalab setup python` (a venv with pyspark-client for run --python)",
		run:     runSetup,
	})
}

func runSetup(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) != 1 || args[0] != "python" {
		fmt.Fprintln(env.stderr, "Usage: kafkalab setup python")
		fmt.Fprintf(env.stderr, "Makes a Python venv with pyspark-client %s (under %s) for `kafkalab run --python`, unless a Python with it is found.\n", connect.PySparkClientVersion, connect.VenvDir())
		return 2
	}
	if _, err := connect.SetupPython(ctx, env.stdout); err != nil {
		fmt.Fprintf(env.stderr, "kafkalab setup python: %v\n", err)
		return 1
	}
	return 0
}
