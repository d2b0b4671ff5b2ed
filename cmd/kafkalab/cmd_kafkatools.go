package main

import (
	"context"
	"strings"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/kafkaadmin"
	"github.com/kafkalab/kafkalab/lab/kafkatools"
)

// Kafka's own command-line tools, under their real names (kafkalab kafka-topics.sh ...), plus
// hidden aliases without ".sh". They talk to the lab's broker unless --bootstrap-server says
// otherwise.
func init() {
	for _, name := range kafkatools.Tools() {
		name := name
		run := func(ctx context.Context, env *cliEnv, args []string) int {
			return kafkatools.Run(ctx, name, args,
				kafkatools.IO{Stdin: env.stdin, Stdout: env.stdout, Stderr: env.stderr},
				defaultBootstrap(env))
		}
		register(&command{name: name, summary: kafkatools.Summary(name), run: run})
		register(&command{name: strings.TrimSuffix(name, ".sh"), summary: kafkatools.Summary(name), run: run, hidden: true})
	}
	// Kafka's cluster, quorum, log-dir and performance tools (lab/kafkaadmin).
	for _, name := range kafkaadmin.Tools() {
		name := name
		run := func(ctx context.Context, env *cliEnv, args []string) int {
			return kafkaadmin.Run(ctx, name, args,
				kafkaadmin.IO{Stdin: env.stdin, Stdout: env.stdout, Stderr: env.stderr},
				defaultBootstrap(env))
		}
		register(&command{name: name, summary: kafkaadmin.Summary(name), run: run})
		register(&command{name: strings.TrimSuffix(name, ".sh"), summary: kafkaadmin.Summary(name), run: run, hidden: true})
	}
}

// defaultBootstrap is the broker the tools use without --bootstrap-server: KAFKALAB_BOOTSTRAP
// when set, else a running `kafkalab broker` (its running-broker file), else localhost:9092,
// where the course's code expects Kafka.
func defaultBootstrap(env *cliEnv) []string {
	if s := strings.TrimSpace(env.getenv("KAFKALAB_BOOTSTRAP")); s != "" {
		var addrs []string
		for _, a := range strings.Split(s, ",") {
			if a = strings.TrimSpace(a); a != "" {
				addrs = append(addrs, a)
			}
		}
		return addrs
	}
	if addrs, ok := broker.RunningBootstrap(); ok {
		return addrs
	}
	return []string{"localhost:9092"}
}
