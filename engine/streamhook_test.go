package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/stream"
)

// SessionConfig.StreamHook sees every step of a Delta query's batch in order, including
// the sink's mid-write point, and an error from it stops the query right there.
func TestStreamHookCrashesADeltaQueryMidWrite(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	crash := errors.New("crash")
	var mu sync.Mutex
	var seen []string
	fail := true
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), StreamHook: func(step stream.Step, batch int64) error {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, fmt.Sprintf("%s/%d", step, batch))
		if fail && step == stream.StepSinkWriting {
			return crash
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	send(t, ctx, s, bootstrap, courseEvents)
	run := func() error {
		df := must[*DataFrame](t)(kafkaStream(t, s, bootstrap).SelectExpr("CAST(value AS STRING) AS v", "partition", "offset"))
		q := must[*StreamingQuery](t)(df.WriteStream().Format("delta").Option("checkpointLocation", "cp").
			Trigger(Trigger{AvailableNow: true}).ToTable(ctx, "t"))
		return q.AwaitTermination(ctx)
	}
	if err := run(); !errors.Is(err, crash) {
		t.Fatalf("the query did not fail with the hook's error: %v", err)
	}
	wh, err := s.WarehouseDir()
	if err != nil {
		t.Fatal(err)
	}
	table := filepath.Join(wh, "t")
	if _, err := os.Stat(filepath.Join(table, "_delta_log", "00000000000000000001.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a crash before the table commit made version 1 (stat: %v)", err)
	}
	if strays, _ := filepath.Glob(filepath.Join(table, "*.parquet")); len(strays) == 0 {
		t.Error("no data files were written before the crash")
	}
	if got := strings.Join(seen, " "); got != "offsetsWritten/0 batchPlanned/0 sinkWriting/0" {
		t.Errorf("hook calls = %s", got)
	}
	mu.Lock()
	fail, seen = false, nil
	mu.Unlock()
	if err := run(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(seen, " "); got != "offsetsWritten/0 batchPlanned/0 sinkWriting/0 sinkDone/0 committed/0" {
		t.Errorf("hook calls on the rerun = %s", got)
	}
	n := must[int64](t)(must[*DataFrame](t)(s.Table(ctx, "t")).Count(ctx))
	if n != 3 {
		t.Errorf("after the rerun the table has %d rows, want 3", n)
	}
}
