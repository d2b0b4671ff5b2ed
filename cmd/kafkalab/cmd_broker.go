package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/paths"
)

// brokerStopTimeout bounds how long `kafkalab broker` waits for the broker to save its data.
const brokerStopTimeout = 30 * time.Second

func init() {
	register(&command{
		name:    "broker",
		summary: "run the embedded Kafka broker in the foreground for other clients (kcat, Spark, kafkalab)",
		run:     runBroker,
	})
}

// runBroker runs the embedded broker until ctx ends (Ctrl-C or SIGTERM), then stops it
// cleanly so every acknowledged write is in the data folder at the next start.
func runBroker(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "kafkalab broker",
		"Usage: kafkalab broker [--port N] [--data DIR]",
		"Runs one Kafka broker on 127.0.0.1 until Ctrl-C, for kcat, a real Spark or another kafkalab.",
	)
	port := fs.Int("port", 0, "TCP port on 127.0.0.1 (default: 9092 when free, else a free port)")
	data := fs.String("data", paths.DefaultBrokerData(), "folder where topics, records and offsets persist between runs")
	if err := fs.Parse(args); err != nil {
		return flagErrorCode(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "kafkalab broker: unexpected argument %q: the only flags are --port N and --data DIR\n", fs.Arg(0))
		return 2
	}
	if *port < 0 || *port > 65535 {
		fmt.Fprintf(env.stderr, "kafkalab broker: --port %d is not a TCP port: use a number between 1 and 65535 (or leave it out for 9092)\n", *port)
		return 2
	}
	dir := *data
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}

	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: *port, DataDir: dir})
	if err != nil {
		msg := err.Error()
		if addrs, ok := broker.RunningBootstrap(); ok && !strings.Contains(msg, strings.Join(addrs, ",")) {
			msg += fmt.Sprintf(" (a kafkalab broker is already running at %s)", strings.Join(addrs, ","))
		}
		fmt.Fprintf(env.stderr, "kafkalab broker: %s\n", msg)
		return 1
	}
	remove, err := broker.AnnounceRunning(b)
	if err != nil {
		// The broker works without it; only the tools' default --bootstrap-server is lost.
		fmt.Fprintf(env.stderr, "kafkalab broker: warning: %v (other kafkalab commands need --bootstrap-server %s)\n", err, b.Bootstrap()[0])
		remove = func() error { return nil }
	}
	fmt.Fprintf(env.stdout, "kafkalab broker: listening on %s, data in %s (Ctrl-C to stop)\n", b.Bootstrap()[0], dir)

	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), brokerStopTimeout)
	defer cancel()
	closeErr := b.Close(stopCtx)
	removeErr := remove()
	if closeErr != nil {
		fmt.Fprintf(env.stderr, "kafkalab broker: %v\n", closeErr)
		return 1
	}
	if removeErr != nil {
		fmt.Fprintf(env.stderr, "kafkalab broker: warning: %v\n", removeErr)
	}
	fmt.Fprintf(env.stdout, "kafkalab broker: stopped; data saved in %s\n", dir)
	return 0
}
