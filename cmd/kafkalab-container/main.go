// Command kafkalab-container runs kafkalab's container broker (package container, which
// starts Kafka with testcontainers-go) on behalf of a kafkalab process. kafkalab starts it
// only for --broker container, so testcontainers-go's package initialisers (they walk every
// process on the machine) never run when kafkalab starts without a container.
//
// It writes one JSON line to stdout: the broker once it answers, or why it could not
// start. The container is removed when stdin reaches its end (kafkalab closed it or ended)
// or on SIGTERM; SIGINT is ignored.
//
//	kafkalab-container [-image IMAGE]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker/container"
	"github.com/kafkalab/kafkalab/lab/broker/containerproc"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kafkalab-container", flag.ContinueOnError)
	fs.SetOutput(stderr)
	image := fs.String("image", "", "image to run (default "+container.DefaultImage+")")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// A Ctrl-C in the terminal reaches kafkalab's whole process group: kafkalab decides
	// what it means (stop a query, leave), and closes stdin when the broker must go.
	signal.Ignore(os.Interrupt)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	// The end of stdin is kafkalab's word to stop, during the start too.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		_, _ = io.Copy(io.Discard, stdin)
		cancel()
	}()
	enc := json.NewEncoder(stdout)
	b, err := container.Start(ctx, container.Config{Image: *image})
	if err != nil {
		_ = enc.Encode(containerproc.Ready{Error: err.Error()})
		return 1
	}
	if err := enc.Encode(containerproc.Ready{Bootstrap: b.Bootstrap(), Image: b.Image(), ContainerID: b.ContainerID()}); err != nil {
		fmt.Fprintf(stderr, "kafkalab-container: %v\n", err)
	}
	<-ctx.Done()
	closeCtx, cancelClose := context.WithTimeout(context.Background(), time.Minute)
	defer cancelClose()
	if err := b.Close(closeCtx); err != nil {
		fmt.Fprintf(stderr, "kafkalab-container: %v\n", err)
		return 1
	}
	return 0
}
