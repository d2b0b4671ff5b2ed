package stream_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// allKeys is every record of batch1+batch2 as partition/offset, sorted.
const allKeys = "0/0 0/1 0/2 1/0 1/1"

// faultSink is a sink under test: idempotent by batch id, able to fail half-way through
// writing a batch, and able to list what it holds.
type faultSink interface {
	stream.Sink
	failMidWriteOf(batch int64)
	heldKeys(t *testing.T) []string
	// versionsPerBatch counts how many times each batch id became visible (Delta versions).
	versionsPerBatch(t *testing.T) map[int64]int
}

func (s *txnSink) failMidWriteOf(batch int64)   { s.failMidWrite = batch }
func (s *txnSink) heldKeys(*testing.T) []string { return s.keys() }
func (s *txnSink) versionsPerBatch(*testing.T) map[int64]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[int64]int{}
	for id := range s.committed {
		out[id] = 1
	}
	return out
}

// deltaFaultSink is the real Delta sink. A failure mid-write leaves what a crash leaves:
// a data file in the table folder that no commit references.
type deltaFaultSink struct {
	*DeltaSink
	failMidWrite int64
}

func (d *deltaFaultSink) failMidWriteOf(batch int64) { d.failMidWrite = batch }

func (d *deltaFaultSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	if b.BatchID == d.failMidWrite {
		d.failMidWrite = -1
		stray := filepath.Join(d.Table.Path(), fmt.Sprintf("part-00000-%s-c000.snappy.parquet", uuid.NewString()))
		if err := os.MkdirAll(d.Table.Path(), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(stray, []byte("PAR1 half-written"), 0o644); err != nil {
			return err
		}
		return fmt.Errorf("injected failure while writing batch %d", b.BatchID)
	}
	return d.DeltaSink.AddBatch(ctx, b)
}

func (d *deltaFaultSink) heldKeys(t *testing.T) []string {
	rows, _, err := d.Table.ReadRows(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%d/%d", r[kafkasource.ColPartition], r[kafkasource.ColOffset]))
	}
	sort.Strings(out)
	return out
}

func (d *deltaFaultSink) versionsPerBatch(t *testing.T) map[int64]int {
	hist, err := d.Table.History()
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]int{}
	for _, ci := range hist {
		if ci.Operation != "STREAMING UPDATE" {
			continue
		}
		for _, kv := range ci.OperationParameters {
			if kv.Key == "epochId" {
				var id int64
				fmt.Sscan(kv.Value, &id)
				out[id]++
			}
		}
	}
	return out
}

// TestExactlyOnceUnderFaults kills a query at every step of every batch, restarts it on
// the same checkpoint, and checks that every event reached the idempotent sink once, for
// a txn-style test sink and for the real Delta sink.
func TestExactlyOnceUnderFaults(t *testing.T) {
	steps := []string{string(stream.StepOffsetsWritten), string(stream.StepBatchPlanned), "midSinkWrite",
		string(stream.StepSinkDone), string(stream.StepCommitted)}
	sinks := map[string]func(t *testing.T) faultSink{
		"txn": func(*testing.T) faultSink { return newTxnSink() },
		"delta": func(t *testing.T) faultSink {
			ds, err := NewDeltaSink(filepath.Join(t.TempDir(), "bronze_orders"), "UTC")
			if err != nil {
				t.Fatal(err)
			}
			return &deltaFaultSink{DeltaSink: ds, failMidWrite: -1}
		},
	}
	b := startBroker(t)
	b.send(t, batch1)
	b.send(t, batch2)
	for _, sinkName := range []string{"txn", "delta"} {
		for _, step := range steps {
			for batch := int64(0); batch < 3; batch++ {
				t.Run(fmt.Sprintf("%s/%s/batch%d", sinkName, step, batch), func(t *testing.T) {
					cp := t.TempDir()
					sink := sinks[sinkName](t)
					injected := errors.New("injected crash")
					cfg := stream.Config{CheckpointDir: cp, Plan: &identityPlan{}, Sink: sink, Trigger: stream.AvailableNow(),
						Sources: []stream.Source{newSource(t, b, "maxOffsetsPerTrigger", "2")}}
					if step == "midSinkWrite" {
						sink.failMidWriteOf(batch)
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
					// Restart with a fresh Query on the same checkpoint.
					cfg.Hook = nil
					cfg.Sources = []stream.Source{newSource(t, b, "maxOffsetsPerTrigger", "2")}
					if _, err := runQuery(t, cfg); err != nil {
						t.Fatalf("restart: %v", err)
					}
					if got := strings.Join(sink.heldKeys(t), " "); got != allKeys {
						t.Fatalf("sink holds %s, want each of %s once", got, allKeys)
					}
					if v := sink.versionsPerBatch(t); len(v) != 3 || v[0] != 1 || v[1] != 1 || v[2] != 1 {
						t.Fatalf("batches visible in the sink: %v, want 0, 1, 2 once each", v)
					}
					for id := 0; id < 3; id++ {
						if !exists(cp, "offsets", fmt.Sprint(id)) || !exists(cp, "commits", fmt.Sprint(id)) {
							t.Fatalf("batch %d incomplete in checkpoint", id)
						}
					}
					if exists(cp, "offsets", "3") {
						t.Fatal("an extra batch was planned")
					}
				})
			}
		}
	}
}

// TestBrokerGoesAway: the broker stops mid-query; the query fails quickly with a clear
// error; after the broker is back, a restart loses and duplicates nothing.
func TestBrokerGoesAway(t *testing.T) {
	dataDir := t.TempDir()
	port := testkit.RestartablePort(t) // the broker comes back on it
	c1, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(port), kfake.DataDir(dataDir))
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

	c2, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(port), kfake.DataDir(dataDir))
	if err != nil {
		t.Fatalf("bring the broker back on port %d: %v", port, err)
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
