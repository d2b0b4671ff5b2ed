package engine

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// The Delta source's rate options as Delta reads them: maxBytesPerTrigger is a size with
// a unit (powers of 1024), and alone it lifts the default file limit; bad values name
// the option.
func TestDeltaSourceRateOptions(t *testing.T) {
	tests := []struct {
		opts      map[string]string
		files     int
		bytes     int64
		errSubstr string
	}{
		{opts: map[string]string{}, files: 1000},
		{opts: map[string]string{"maxFilesPerTrigger": "2"}, files: 2},
		{opts: map[string]string{"maxBytesPerTrigger": "1b"}, files: math.MaxInt32 - 8, bytes: 1},
		{opts: map[string]string{"maxBytesPerTrigger": "10K"}, files: math.MaxInt32 - 8, bytes: 10 << 10},
		{opts: map[string]string{"maxbytespertrigger": "2g", "maxFilesPerTrigger": "3"}, files: 3, bytes: 2 << 30},
		{opts: map[string]string{"maxBytesPerTrigger": "lots"}, errSubstr: "Invalid value 'lots' for option 'maxBytesPerTrigger'"},
		{opts: map[string]string{"maxBytesPerTrigger": "0"}, errSubstr: "must be a size configuration"},
		{opts: map[string]string{"readChangeFeed": "maybe"}, errSubstr: "DELTA_ILLEGAL_OPTION"},
		{opts: map[string]string{"startingVersion": "1", "startingTimestamp": "2026-10-01"}, errSubstr: "DELTA_STARTING_VERSION_AND_TIMESTAMP_BOTH_SET"},
		{opts: map[string]string{"startingTimestamp": "2026-10-01"}, files: 1000},
	}
	for _, tc := range tests {
		o, err := parseDeltaSourceOptions(tc.opts)
		if tc.errSubstr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errSubstr) {
				t.Errorf("%v: error %v, want %q", tc.opts, err, tc.errSubstr)
			}
			continue
		}
		if err != nil || o.maxFiles != tc.files || o.maxBytes != tc.bytes {
			t.Errorf("%v: files %d bytes %d (%v), want %d %d", tc.opts, o.maxFiles, o.maxBytes, err, tc.files, tc.bytes)
		}
	}
}

// A batch of the Delta source is one file scan: its small files are packed into
// spark.default.parallelism tasks as Spark's FilePartition.getFilePartitions packs them
// (three one-row files and parallelism 2 give a task of two files and a task of one, so a
// stream copying the table writes two files, as corpus dl28 shows on real Spark).
func TestDeltaSourcePacksSmallFiles(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		parallelism string
		tasks       []int // files per task
	}{
		{"2", []int{2, 1}},
		{"1", []int{3}},
		{"8", []int{1, 1, 1}},
	}
	for _, tc := range tests {
		s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Conf().Set("spark.default.parallelism", tc.parallelism); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(i)}}, "id INT"))
			if err := must[*DataFrame](t)(df.Coalesce(1)).Write().Format("delta").Mode("append").Save(ctx, "tables/t"); err != nil {
				t.Fatal(err)
			}
		}
		df := must[*DataFrame](t)(s.ReadStream().Format("delta").Load("tables/t"))
		src := must[stream.Source](t)(df.node.(*plan.StreamScan).Source.(*sourceSpec).open())
		end := must[string](t)(src.LatestOffsets(ctx, ""))
		tasks := must[[]stream.SourceTask](t)(src.PlanTasks(ctx, "", end))
		var got []int
		rows := 0
		for _, task := range tasks {
			got = append(got, len(task.(*deltaFileTask).files))
			it := task.Open(0)
			for {
				chunk, err := it.Next(ctx)
				rows += len(chunk)
				if err != nil {
					break
				}
			}
		}
		if !slices.Equal(got, tc.tasks) || rows != 3 {
			t.Errorf("parallelism %s: files per task %v, rows %d; want %v, 3", tc.parallelism, got, rows, tc.tasks)
		}
		src.Close()
	}
}
