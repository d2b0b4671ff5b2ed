package ratesource

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

func rowsOf(t *testing.T, tasks []stream.SourceTask) string {
	t.Helper()
	var parts []string
	for _, tk := range tasks {
		var vals []string
		// Chunks of 2 rows: a task's rows must not depend on how they are chunked.
		rows, err := rowiter.Collect(context.Background(), tk.Open(2))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			vals = append(vals, fmt.Sprintf("%d@%d", r[1], int64(r[0].(sqltypes.Timestamp))/1000))
		}
		parts = append(parts, strings.Join(vals, " "))
	}
	return strings.Join(parts, " | ")
}

func TestMicroBatch(t *testing.T) {
	ctx := context.Background()
	m, err := NewMicroBatch(map[string]string{"rowsPerBatch": "5", "startTimestamp": "1000", "advanceMillisPerBatch": "4000"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := m.InitialOffsets(ctx)
	end, _ := m.LatestOffsets(ctx, start)
	if start != `{"offset":0,"timestamp":1000}` || end != `{"offset":5,"timestamp":5000}` {
		t.Fatalf("offsets %s -> %s", start, end)
	}
	tasks, err := m.PlanTasks(ctx, start, end)
	if err != nil {
		t.Fatal(err)
	}
	if got := rowsOf(t, tasks); got != "0@1000 2@1000 4@1000 | 1@1000 3@1000" {
		t.Fatalf("rows %s", got)
	}
	next, _ := m.LatestOffsets(ctx, end)
	if next != `{"offset":10,"timestamp":9000}` {
		t.Fatalf("second batch ends at %s", next)
	}
	if err := m.PrepareForAvailableNow(ctx); err != nil {
		t.Fatal(err)
	}
	a, _ := m.LatestOffsets(ctx, end)
	b, _ := m.LatestOffsets(ctx, a)
	if a != b {
		t.Fatalf("availableNow runs one batch: %s then %s", a, b)
	}
	for _, bad := range []map[string]string{{}, {"rowsPerBatch": "0"}, {"rowsPerBatch": "1", "startTimestamp": "-1"}, {"rowsPerBatch": "x"}} {
		if _, err := NewMicroBatch(bad, 2); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
}

func TestRate(t *testing.T) {
	ctx := context.Background()
	clock := time.UnixMilli(1_000_000)
	r, err := NewRate(map[string]string{"rowsPerSecond": "4", "numPartitions": "2"}, 2, func() time.Time { return clock })
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "sources", "0")
	if err := r.OpenMetadata(dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "0")); string(b) != "v1\n1000000" {
		t.Fatalf("sources/0/0 = %q", b)
	}
	clock = clock.Add(2500 * time.Millisecond)
	end, _ := r.LatestOffsets(ctx, "0")
	if end != "2" {
		t.Fatalf("after 2.5 s the offset is %s", end)
	}
	tasks, err := r.PlanTasks(ctx, "0", end)
	if err != nil {
		t.Fatal(err)
	}
	if got := rowsOf(t, tasks); got != "0@1000000 2@1000500 4@1001000 6@1001500 | 1@1000250 3@1000750 5@1001250 7@1001750" {
		t.Fatalf("rows %s", got)
	}
	// A restart reads the start time back.
	again, _ := NewRate(map[string]string{"rowsPerSecond": "4"}, 2, func() time.Time { return clock })
	if err := again.OpenMetadata(dir); err != nil {
		t.Fatal(err)
	}
	if off, _ := again.LatestOffsets(ctx, "2"); off != "2" {
		t.Fatalf("restart offset %s", off)
	}
	if r.Description() != "RateStreamV2[rowsPerSecond=4, rampUpTimeSeconds=0, numPartitions=2" {
		t.Fatalf("description %q", r.Description())
	}
	tests := []struct{ secs, want int64 }{{0, 0}, {1, 2}, {2, 6}, {3, 12}, {4, 22}, {5, 32}}
	for _, tc := range tests { // 10 rows a second after a 3-second ramp-up
		if got := valueAtSecond(tc.secs, 10, 3); got != tc.want {
			t.Errorf("valueAtSecond(%d) = %d, want %d", tc.secs, got, tc.want)
		}
	}
}
