package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/connect"
	"github.com/kafkalab/kafkalab/lab/paths"
)

func init() {
	register(&command{
		name:    "connect",
		summary: "serve Spark Connect (PySpark 4.2's protocol) over kafkalab's engine and broker, for real PySpark, notebooks and IDEs",
		run:     runConnect,
	})
}

func runConnect(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "kafkalab connect",
		"Usage: kafkalab connect [--port 15002] [--broker embedded|container|HOST:PORT] [--conf KEY=VALUE]",
		"Scripts that name localhost:9092 reach the broker; with the default, a running `kafkalab broker` if there is one.",
		"Serves Spark Connect over kafkalab's engine until Ctrl-C. In Python (pip install pyspark-client==4.2.0):",
		"  SparkSession.builder.remote(\"sc://localhost:15002\").getOrCreate()",
	)
	port := fs.Int("port", 15002, "TCP port on 127.0.0.1 (Spark Connect's default is 15002)")
	var bf brokerFlags
	bf.register(fs)
	conf := confFlags{}
	fs.Var(conf, "conf", "a session setting key=value every session starts with (repeatable)")
	if err := fs.Parse(args); err != nil {
		return flagErrorCode(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "kafkalab connect: unexpected argument %q: the flags are --port, --broker and --conf\n", fs.Arg(0))
		return 2
	}
	if *port < 0 || *port > 65535 {
		fmt.Fprintf(env.stderr, "kafkalab connect: --port %d is not a TCP port: use a number between 1 and 65535\n", *port)
		return 2
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab connect: %v\n", err)
		return 1
	}
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "broker" })
	var bootstrap string
	if addrs, ok := broker.RunningBootstrap(); ok && !explicit {
		bootstrap = strings.Join(addrs, ",")
	} else {
		b, err := broker.Open(ctx, bf.spec, broker.OpenOptions{DataDir: paths.DefaultBrokerData(), Image: bf.image})
		if err != nil {
			fmt.Fprintf(env.stderr, "kafkalab connect: %v\n", err)
			return 1
		}
		defer func() {
			stopCtx, cancel := context.WithTimeout(context.Background(), brokerStopTimeout)
			defer cancel()
			_ = b.Close(stopCtx)
		}()
		if b.Kind() == "embedded" {
			if remove, err := broker.AnnounceRunning(b); err == nil {
				defer remove()
			}
		}
		bootstrap = strings.Join(b.Bootstrap(), ",")
	}
	// foreachBatch needs a Python with pyspark-client; without one it is refused, clearly.
	python, _ := connect.FindPython(ctx)
	srv, err := connect.Start(ctx, connect.Options{
		Addr: fmt.Sprintf("127.0.0.1:%d", *port), Bootstrap: bootstrap, WorkDir: wd, Stdout: env.stdout, Conf: conf, Python: python,
		Logf: func(format string, a ...any) {
			fmt.Fprintf(env.stderr, "%s kafkalab connect: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, a...))
		},
	})
	if err != nil {
		fmt.Fprintf(env.stderr, "kafkalab connect: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "kafkalab connect: Spark Connect %s on %s (broker %s, folder %s); Ctrl-C to stop\n", connect.PySparkClientVersion, srv.URL(), bootstrap, filepath.Clean(wd))
	<-ctx.Done()
	if err := srv.Close(); err != nil {
		fmt.Fprintf(env.stderr, "kafkalab connect: %v\n", err)
		return 1
	}
	fmt.Fprintln(env.stdout, "kafkalab connect: stopped")
	return 0
}
