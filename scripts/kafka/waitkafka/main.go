// Command waitkafka waits until a Kafka broker answers a Metadata request, so scripts can
// start a broker and know when it is usable (a port that accepts TCP is not enough: the
// broker answers only once its KRaft controller has elected itself).
//
//	waitkafka -bootstrap 127.0.0.1:9092 [-timeout 90s] [-pid 1234]
//
// With -pid it gives up as soon as that process is gone, instead of waiting out the timeout.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func main() {
	bootstrap := flag.String("bootstrap", "", "broker address host:port[,host:port]")
	timeout := flag.Duration("timeout", 90*time.Second, "how long to wait in all")
	pid := flag.Int("pid", 0, "stop waiting when this process exits (0: do not watch)")
	flag.Parse()
	if *bootstrap == "" {
		fmt.Fprintln(os.Stderr, "waitkafka: -bootstrap is required (e.g. -bootstrap 127.0.0.1:9092)")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	brokers, err := wait(ctx, strings.Split(*bootstrap, ","), *pid)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waitkafka: broker at %s did not answer: %v\n", *bootstrap, err)
		os.Exit(1)
	}
	fmt.Printf("waitkafka: %s answered Metadata after %.1fs (%d broker(s))\n", *bootstrap, time.Since(start).Seconds(), brokers)
}

// wait sends Metadata requests until one succeeds, the context ends or the watched process dies.
func wait(ctx context.Context, seeds []string, pid int) (int, error) {
	var last error
	for {
		if pid > 0 && !alive(pid) {
			return 0, fmt.Errorf("process %d exited", pid)
		}
		n, err := probe(ctx, seeds)
		if err == nil {
			return n, nil
		}
		last = err
		select {
		case <-ctx.Done():
			return 0, errors.Join(ctx.Err(), last)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func probe(ctx context.Context, seeds []string) (int, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(seeds...), kgo.DialTimeout(2*time.Second), kgo.RequestRetries(0))
	if err != nil {
		return 0, err
	}
	defer cl.Close()
	attempt, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	md, err := kadm.NewClient(cl).BrokerMetadata(attempt)
	if err != nil {
		return 0, err
	}
	if len(md.Brokers) == 0 {
		return 0, errors.New("metadata lists no brokers yet")
	}
	return len(md.Brokers), nil
}

// alive reports whether pid still exists (signal 0 checks without sending anything).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
