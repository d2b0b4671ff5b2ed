package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// TestForeachBatchStateCommitValidation: Spark 4.2 fails a stateful foreachBatch query
// whose function returns before some action ran every partition of the batch (its state
// stores never committed), after commits/N is written; the setting turns the check off.
func TestForeachBatchStateCommitValidation(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Conf().Set(ConfShufflePartitions, "2"); err != nil {
		t.Fatal(err)
	}
	send(t, ctx, s, bootstrap, courseEvents)
	raw := kafkaStream(t, s, bootstrap)
	keyed := must[*DataFrame](t)(raw.SelectExpr("CAST(key AS STRING) AS key"))
	counts := must[*DataFrame](t)(keyed.GroupBy("key").Count())

	cases := []struct {
		name     string
		off      bool
		fn       func(ctx context.Context, b *DataFrame) error
		wantFail string // "" = the query finishes
	}{
		{"collect runs every partition", false, func(ctx context.Context, b *DataFrame) error { _, err := b.Collect(ctx); return err }, ""},
		{"count runs every partition", false, func(ctx context.Context, b *DataFrame) error { _, err := b.Count(ctx); return err }, ""},
		{"no action", false, func(context.Context, *DataFrame) error { return nil },
			"Expected 2 commits but got 0.\nMissing commits: (operator=0, partition=0, store=default), (operator=0, partition=1, store=default)."},
		{"no action, check off", true, func(context.Context, *DataFrame) error { return nil }, ""},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			value := "true"
			if tc.off {
				value = "false"
			}
			if err := s.Conf().Set(ConfStateStoreCommitValidation, value); err != nil {
				t.Fatal(err)
			}
			cp := filepath.Join(t.TempDir(), "cp")
			q := must[*StreamingQuery](t)(counts.WriteStream().OutputMode("update").Option("checkpointLocation", cp).
				ForeachBatch(func(ctx context.Context, b *DataFrame, _ int64) error { return tc.fn(ctx, b) }).
				Trigger(Trigger{AvailableNow: true}).Start(ctx))
			err := q.AwaitTermination(ctx)
			if tc.wantFail == "" {
				if err != nil {
					t.Fatalf("case %d: %v", i, err)
				}
				return
			}
			var qe *StreamingQueryError
			if !errors.As(err, &qe) {
				t.Fatalf("error = %v, want the query's failure", err)
			}
			if got := qe.SparkError().Text(); !strings.HasSuffix(got, "terminated with exception: Exception thrown in awaitResult:  SQLSTATE: XXKST") {
				t.Fatalf("query failure text = %q", got)
			}
			var cause *sparkerrors.Error
			if !errors.As(err, &cause) || cause.Class != "STATE_STORE_COMMIT_VALIDATION_FAILED" || !strings.Contains(cause.Message, tc.wantFail) {
				t.Fatalf("cause = %v, want STATE_STORE_COMMIT_VALIDATION_FAILED with %q", cause, tc.wantFail)
			}
			// Spark writes commits/0 before the check, and no state version for the
			// partitions that never committed.
			if _, err := os.Stat(filepath.Join(cp, "commits", "0")); err != nil {
				t.Fatalf("commits/0: %v", err)
			}
			for _, p := range []string{"0/0/1.delta", "0/1"} {
				if _, err := os.Stat(filepath.Join(cp, "state", p)); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("state/%s is there (%v); Spark never commits it", p, err)
				}
			}
		})
	}
}
