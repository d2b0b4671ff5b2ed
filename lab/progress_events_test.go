package lab

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// A python step's streaming query reports each batch to the observer as QueryProgress
// events: the batch's offset range when it starts, its progress (numInputRows) when it
// ends, and the query's end; both as a script run by `python read.py` and as a python
// block. read.py reads three events two at a time: batch 0 has 2 rows, batch 1 has 1.
func TestPythonStepsReportQueryProgress(t *testing.T) {
	tests := []struct {
		name string
		run  *lessons.Code
	}{
		{"python read.py", shellCode(t, "python read.py")},
		{"python block", &lessons.Code{Lang: "python", Source: crashReadPy}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			lesson := crashLesson(t, "", "python read.py")
			lesson.Steps[1].Run = tc.run
			b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { b.Close(context.Background()) })
			var mu sync.Mutex
			var seen []Event
			lb, err := New(b, Options{Root: t.TempDir(), Lessons: []*lessons.Lesson{lesson}, Observe: func(e Event) {
				if e.Kind == QueryProgress {
					mu.Lock()
					seen = append(seen, e)
					mu.Unlock()
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(lb.Close)
			if err := lb.StartLesson(ctx, lesson); err != nil {
				t.Fatal(err)
			}
			if res := lb.RunStep(ctx, lesson, lesson.Steps[0], nil); !res.Passed {
				t.Fatalf("setup: %+v\n%s", res.Failures, res.Output)
			}
			if res := lb.RunStep(ctx, lesson, lesson.Steps[1], nil); !res.Passed {
				t.Fatalf("read step: %+v\n%s", res.Failures, res.Output)
			}
			mu.Lock()
			defer mu.Unlock()
			var got []string
			for _, e := range seen {
				q := e.Query
				if e.Lesson != lesson.ID || q == nil || q.QueryID == "" || !strings.HasSuffix(q.Checkpoint, "/cp") {
					t.Fatalf("event without its lesson or query: %+v", e)
				}
				switch q.Kind {
				case pyrun.QueryStarted:
					got = append(got, fmt.Sprintf("query %d %s", q.BatchID, q.OutputMode))
				case pyrun.BatchStarted:
					s := q.Sources[0]
					got = append(got, fmt.Sprintf("started %d %v→%v kafka=%v", q.BatchID, s.Start, s.End, s.Kafka))
				case pyrun.BatchFinished:
					got = append(got, fmt.Sprintf("finished %d rows=%d sink=%s", q.Progress.BatchID, q.Progress.InputRows, q.Progress.Sink))
				case pyrun.QueryTerminated:
					got = append(got, fmt.Sprintf("terminated err=%q", q.Error))
				}
			}
			sink := "DeltaSink[file:" + filepath.Join(lb.Workspace(lesson.ID), "spark-warehouse", "t") + "]"
			want := []string{
				"query 0 Append",
				"started 0 map[]→map[crashy:map[0:2]] kafka=true", "finished 0 rows=2 sink=" + sink,
				"started 1 map[crashy:map[0:2]]→map[crashy:map[0:3]] kafka=true", "finished 1 rows=1 sink=" + sink,
				`terminated err=""`,
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("QueryProgress events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
