package stream_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
)

// allKeys is every record of batch1+batch2 as partition/offset, sorted.
const allKeys = "0/0 0/1 0/2 1/0 1/1"

// TestExactlyOnceUnderFaults kills a query at every step of every batch, restarts it on
// the same checkpoint, and checks that every event reached the idempotent sink once.
func TestExactlyOnceUnderFaults(t *testing.T) {
	steps := []string{string(stream.StepOffsetsWritten), string(stream.StepBatchPlanned), "midSinkWrite",
		string(stream.StepSinkDone), string(stream.StepCommitted)}
	b := startBroker(t)
	b.send(t, batch1)
	b.send(t, batch2)
	for _, step := range steps {
		for batch := int64(0); batch < 3; batch++ {
			t.Run(fmt.Sprintf("%s/batch%d", step, batch), func(t *testing.T) {
				cp := t.TempDir()
				sink := newTxnSink()
				injected := errors.New("injected crash")
				cfg := stream.Config{CheckpointDir: cp, Plan: &identityPlan{}, Sink: sink, Trigger: stream.AvailableNow(),
					Sources: []stream.Source{newSource(t, b, "maxOffsetsPerTrigger", "2")}}
				if step == "midSinkWrite" {
					sink.failMidWrite = batch
				} else {
					cfg.Hook = func(s stream.Step, id int64) error {
						if string(s) == step && id == batch {
							return injected
						}
						return nil
					}
				}
				_, err := runQuery(t, cfg)
				if err == nil {
					t.Fatal("the injected crash did not stop the query")
				}
				if !strings.Contains(err.Error(), "injected") {
					t.Fatalf("unexpected failure: %v", err)
				}
				// Restart with a fresh Query on the same checkpoint until it completes.
				cfg.Hook = nil
				cfg.Sources = []stream.Source{newSource(t, b, "maxOffsetsPerTrigger", "2")}
				if _, err := runQuery(t, cfg); err != nil {
					t.Fatalf("restart: %v", err)
				}
				if got := strings.Join(sink.keys(), " "); got != allKeys {
					t.Fatalf("sink holds %s, want each of %s once", got, allKeys)
				}
				// The checkpoint is complete: batches 0..2 each with offsets and commit.
				for id := 0; id < 3; id++ {
					if !exists(cp, "offsets", fmt.Sprint(id)) || !exists(cp, "commits", fmt.Sprint(id)) {
						t.Fatalf("batch %d incomplete in checkpoint", id)
					}
				}
				if exists(cp, "offsets", "3") {
					t.Fatal("an extra batch was planned")
				}
				// A re-run batch that the sink had committed was offered again and skipped.
				if step == string(stream.StepSinkDone) {
					n := 0
					for _, id := range sink.calls {
						if id == batch {
							n++
						}
					}
					if n != 2 {
						t.Fatalf("sink saw batch %d %d times, want 2 (run + re-run)", batch, n)
					}
				}
			})
		}
	}
}

// TestBrokerGoesAway: the broker stops mid-query; the query fails quickly with a clear
// error; after the broker is back, a restart loses and duplicates nothing.
func TestBrokerGoesAway(t *testing.T) {
	dataDir := t.TempDir()
	c1, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(0), kfake.DataDir(dataDir))
	if err != nil {
		t.Fatal(err)
	}
	addr := c1.ListenAddrs()[0]
	b := &broker{addr: addr, c: c1}
	cl := b.client(t)
	if _, err := kadm.NewClient(cl).CreateTopic(context.Background(), 3, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	cl.Close()
	b.send(t, batch1)

	cp := t.TempDir()
	sink := newTxnSink()
	cfg := stream.Config{CheckpointDir: cp, Plan: &identityPlan{}, Sink: sink, Sources: []stream.Source{newSource(t, b)}}
	q, err := stream.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return len(sink.keys()) == 3 })
	c1.Close()
	gone := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = q.AwaitTermination(ctx)
	if err == nil || !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), "did not answer") {
		t.Fatalf("query ended with %v", err)
	}
	t.Logf("error after the broker left: %v", err)
	if d := time.Since(gone); d > 20*time.Second {
		t.Fatalf("failure took %s", d)
	}

	var port int
	fmt.Sscanf(addr[strings.LastIndexByte(addr, ':')+1:], "%d", &port)
	c2, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(port), kfake.DataDir(dataDir))
	if err != nil {
		t.Skipf("cannot bring the broker back on port %d: %v", port, err)
	}
	defer c2.Close()
	b.c = c2
	b.send(t, batch2)
	cfg.Trigger = stream.AvailableNow()
	cfg.Sources = []stream.Source{newSource(t, b)}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sink.keys(), " "); got != allKeys {
		t.Fatalf("after restart the sink holds %s, want %s", got, allKeys)
	}
}
