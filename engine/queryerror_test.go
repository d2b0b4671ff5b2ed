package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/stream"
)

// A failed query's error says STREAM_FAILED once, as Spark's StreamingQueryException does,
// although the executor's own error already carries that wording.
func TestStreamingQueryErrorSaysStreamFailedOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := newTestSession(t)
	bootstrap := startOrdersBroker(t)
	send(t, ctx, s, bootstrap, courseEvents)
	bad := must[*DataFrame](t)(kafkaStream(t, s, bootstrap).SelectExpr("CAST(CAST(value AS STRING) AS INT) AS n"))
	q := must[*StreamingQuery](t)(bad.WriteStream().Format("memory").QueryName("bad").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	err := q.AwaitTermination(ctx)
	var sqe *StreamingQueryError
	if !errors.As(err, &sqe) {
		t.Fatalf("failure is %T, want *StreamingQueryError: %v", err, err)
	}
	if n := strings.Count(err.Error(), "[STREAM_FAILED]"); n != 1 {
		t.Fatalf("STREAM_FAILED appears %d times: %v", n, err)
	}
	if !strings.Contains(err.Error(), "CAST_INVALID_INPUT") {
		t.Fatalf("the cause is missing: %v", err)
	}
	var qe *stream.QueryError
	if errors.As(err, &qe) {
		t.Fatalf("the executor's QueryError is still inside: %v", err)
	}
	if q.Exception() == nil || q.Exception().Error() != err.Error() {
		t.Fatalf("exception() = %v, want %v", q.Exception(), err)
	}
}
