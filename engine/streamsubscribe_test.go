package engine

import (
	"context"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/stream"
)

// A subscriber added after a query started still receives its events, with the run id;
// after unsubscribing it receives none.
func TestSubscribeStreamEvents(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	send(t, ctx, s, bootstrap, courseEvents)
	df := kafkaStream(t, s, bootstrap)
	q, err := df.WriteStream().Format("memory").QueryName("sub_events").Trigger(Trigger{ProcessingTime: "100 milliseconds"}).Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Stop(context.Background())
	got := make(chan StreamEvent, 64)
	unsubscribe := s.SubscribeStreamEvents(func(ev StreamEvent) { got <- ev })
	deadline := time.After(20 * time.Second)
	for {
		select {
		case ev := <-got:
			if ev.Event.Kind != stream.EventBatchFinished {
				continue
			}
			if ev.QueryID != q.ID() || ev.RunID != q.RunID() {
				t.Fatalf("event of query %s run %s, want %s run %s", ev.QueryID, ev.RunID, q.ID(), q.RunID())
			}
			unsubscribe()
			return
		case <-deadline:
			t.Fatal("no batch-finished event within 20s")
		}
	}
}
