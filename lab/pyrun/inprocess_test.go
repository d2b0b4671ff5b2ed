package pyrun

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/stream"
)

func TestQueryEventIsPlainData(t *testing.T) {
	name := "orders_per_window"
	base := engine.StreamEvent{QueryID: "q1", QueryName: name, CheckpointDir: "/ws/cp", OutputMode: "Update"}
	for _, tc := range []struct {
		event stream.Event
		want  QueryEvent
	}{
		{stream.Event{Kind: stream.EventStarted, BatchID: 3},
			QueryEvent{Kind: QueryStarted, BatchID: 3}},
		{stream.Event{Kind: stream.EventBatchStarted, BatchID: 0, Sources: []stream.SourceRange{
			{Description: "KafkaV2[Subscribe[orders,clicks]]", EndOffset: `{"orders":{"0":2,"1":1},"clicks":{"0":5}}`},
			{Description: "FileStreamSource[/ws/in]", StartOffset: `{"logOffset":1}`, EndOffset: `{"logOffset":2}`},
		}}, QueryEvent{Kind: BatchStarted, Sources: []SourceRange{
			{Description: "KafkaV2[Subscribe[orders,clicks]]", Kafka: true, End: Offsets{"orders": {0: 2, 1: 1}, "clicks": {0: 5}}},
			{Description: "FileStreamSource[/ws/in]"},
		}}},
		{stream.Event{Kind: stream.EventBatchFinished, BatchID: 4, Progress: &stream.Progress{BatchID: 4, NumInputRows: 7,
			InputRowsPerSecond: 1.5, ProcessedRowsPerSecond: 70, EventTime: map[string]string{"watermark": "2026-10-01T09:15:00.000Z"},
			StateOperators: []stream.StateOperatorProgress{{NumRowsTotal: 3, NumRowsDroppedByWatermark: 1}, {NumRowsTotal: 2}},
			Sink:           stream.SinkProgress{Description: "DeltaSink[file:/ws/t]"}}},
			QueryEvent{Kind: BatchFinished, BatchID: 4, Progress: &Progress{BatchID: 4, InputRows: 7, InputRowsPerSecond: 1.5,
				ProcessedRowsPerSecond: 70, Watermark: "2026-10-01T09:15:00.000Z", StateOperators: 2, StateRows: 5, DroppedByWatermark: 1,
				Sink: "DeltaSink[file:/ws/t]"}}},
		{stream.Event{Kind: stream.EventTerminated, Err: errors.New("broker gone")},
			QueryEvent{Kind: QueryTerminated, Error: "broker gone"}},
	} {
		e := base
		e.Event = tc.event
		tc.want.QueryID, tc.want.QueryName, tc.want.Checkpoint, tc.want.OutputMode = "q1", name, "/ws/cp", "Update"
		if got := queryEvent(e); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v:\n got %+v\nwant %+v", tc.event.Kind, got, tc.want)
		}
	}
}

func TestInProcessErrorsArePlainData(t *testing.T) {
	var out strings.Builder
	in, err := InProcess{}.Open(Config{WorkDir: t.TempDir(), Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx := context.Background()
	var pe *Error
	if err := in.Exec(ctx, "x.py", "import sys\nsys.exit(4)\n"); !errors.As(err, &pe) || !pe.Exit || pe.Code != 4 {
		t.Errorf("sys.exit(4): %v", err)
	}
	if err := in.Exec(ctx, "x.py", "spark.read"); !errors.As(err, &pe) || pe.Kind != "NameError" || !strings.Contains(pe.Text, `File "x.py", line 1`) {
		t.Errorf("a NameError: %#v", err)
	}
	if err := in.ExecInteractive(ctx, "<sandbox>", "6 * 7"); err != nil || out.String() != "42\n" {
		t.Errorf("an expression at the prompt: %v, printed %q", err, out.String())
	}
	if _, err := (InProcess{}).Open(Config{WorkDir: t.TempDir(), Crash: &Crash{Point: "mid-lunch"}}); err == nil {
		t.Error("an unknown crash point was accepted")
	}
}
