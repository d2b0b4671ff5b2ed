package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/stream"
)

// SessionConfig.OnStreamEvent sees each batch start with the offset ranges offsets/<id>
// records, each batch finish with its progress, and the query's end, in that order; a
// restarted query's next batch starts where the last one ended.
func TestOnStreamEventReportsBatchesWithTheirOffsets(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	var mu sync.Mutex
	var got []StreamEvent
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), OnStreamEvent: func(e StreamEvent) {
		mu.Lock()
		got = append(got, e)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	run := func() []StreamEvent {
		t.Helper()
		df := must[*DataFrame](t)(kafkaStream(t, s, bootstrap).SelectExpr("CAST(value AS STRING) AS v"))
		q := must[*StreamingQuery](t)(df.WriteStream().Format("delta").Option("checkpointLocation", "cp").
			QueryName("orders_copy").Trigger(Trigger{AvailableNow: true}).ToTable(ctx, "t"))
		if err := q.AwaitTermination(ctx); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		evs := got
		got = nil
		for _, e := range evs {
			if e.QueryID != q.ID() || e.QueryName != "orders_copy" {
				t.Errorf("event for query %s/%s, want %s/orders_copy", e.QueryID, e.QueryName, q.ID())
			}
			if e.CheckpointDir != filepath.Join(s.WorkDir(), "cp") {
				t.Errorf("checkpoint folder %s, want %s", e.CheckpointDir, filepath.Join(s.WorkDir(), "cp"))
			}
		}
		return evs
	}
	offsetsLine := func(id string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(s.WorkDir(), "cp", "offsets", id))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		return lines[len(lines)-1]
	}
	kinds := func(evs []StreamEvent) string {
		var k []string
		for _, e := range evs {
			switch e.Event.Kind {
			case stream.EventStarted:
				k = append(k, "query")
			case stream.EventBatchStarted:
				k = append(k, "started")
			case stream.EventBatchFinished:
				k = append(k, "finished")
			case stream.EventTerminated:
				k = append(k, "terminated")
			}
		}
		return strings.Join(k, " ")
	}

	send(t, ctx, s, bootstrap, courseEvents)
	first := run()
	if k := kinds(first); k != "query started finished terminated" {
		t.Fatalf("events of the first run: %s", k)
	}
	if q := first[0]; q.Event.BatchID != 0 || q.OutputMode != "Append" || !strings.HasSuffix(q.CheckpointDir, "cp") {
		t.Errorf("query started: %+v, want a new query (batch 0, append) with its checkpoint", q)
	}
	started, finished := first[1].Event, first[2].Event
	if started.BatchID != 0 || len(started.Sources) != 1 {
		t.Fatalf("batch started: id %d, %d sources", started.BatchID, len(started.Sources))
	}
	if end := started.Sources[0].EndOffset; end != offsetsLine("0") {
		t.Errorf("batch 0 ends at %s, offsets/0 says %s", end, offsetsLine("0"))
	}
	p := finished.Progress
	if p == nil || p.BatchID != 0 || p.NumInputRows != 3 {
		t.Fatalf("batch 0 progress = %+v, want batch 0 with 3 input rows", p)
	}
	if first[3].Event.Err != nil {
		t.Errorf("a clean run terminated with %v", first[3].Event.Err)
	}

	send(t, ctx, s, bootstrap, courseEvents[:2])
	second := run()
	if k := kinds(second); k != "query started finished terminated" {
		t.Fatalf("events of the second run: %s", k)
	}
	if q := second[0].Event; q.BatchID != 1 {
		t.Errorf("the restarted query starts with batch %d, want 1 (it resumes its checkpoint)", q.BatchID)
	}
	started, p = second[1].Event, second[2].Event.Progress
	if started.BatchID != 1 || started.Sources[0].StartOffset != offsetsLine("0") || started.Sources[0].EndOffset != offsetsLine("1") {
		t.Errorf("batch %d covers %s → %s, want 1 covering offsets/0 %s → offsets/1 %s", started.BatchID,
			started.Sources[0].StartOffset, started.Sources[0].EndOffset, offsetsLine("0"), offsetsLine("1"))
	}
	if p == nil || p.BatchID != 1 || p.NumInputRows != 2 {
		t.Errorf("batch 1 progress = %+v, want 2 input rows", p)
	}
}
