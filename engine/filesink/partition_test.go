package filesink

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A partitioned batch: each task sorts its rows by the partition values (by type, so 9
// before 10, null first) and writes one part-<task>-<uuid>.c000 file per value inside
// col=value folders holding the other columns; the log lists them in task, then value order.
func TestPartitionedBatch(t *testing.T) {
	ctx := context.Background()
	s := newSink(t)
	s.partitionBy = []string{"Country", "n"}
	sch := sqltypes.MustParseDDL("country STRING, amount BIGINT, n INT")
	tasks := [][]sqltypes.Row{
		{{"FR", int64(10), int32(10)}, {"a/b", int64(1), int32(9)}, {"FR", int64(3), int32(10)}, {nil, int64(5), int32(9)}},
		nil, // empty task: no file
		{{"FR", int64(7), int32(9)}},
	}
	if written, err := s.AddBatch(ctx, 0, sch, rowiter.Tasks(tasks, 0)); err != nil || !written {
		t.Fatalf("AddBatch: %v %v", written, err)
	}
	files, err := Files(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	data := sqltypes.MustParseDDL("amount BIGINT")
	for _, f := range files {
		p, err := f.LocalPath()
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(s.Path(), p)
		rows, err := sparkparquet.ReadFile(p, data)
		if err != nil {
			t.Fatal(err)
		}
		var amounts []string
		for _, r := range rows {
			amounts = append(amounts, sqltypes.FormatValue(r[0], sqltypes.Long, time.UTC))
		}
		got = append(got, filepath.ToSlash(rel)+" "+strings.Join(amounts, ","))
	}
	want := []string{
		"country=__HIVE_DEFAULT_PARTITION__/n=9/part-00000-00000000-0000-4000-8000-000000000001.c000.snappy.parquet 5",
		"country=FR/n=10/part-00000-00000000-0000-4000-8000-000000000002.c000.snappy.parquet 10,3",
		"country=a%2Fb/n=9/part-00000-00000000-0000-4000-8000-000000000003.c000.snappy.parquet 1",
		"country=FR/n=9/part-00002-00000000-0000-4000-8000-000000000004.c000.snappy.parquet 7",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// An all-empty batch still logs, with no files.
	if written, err := s.AddBatch(ctx, 1, sch, nil); err != nil || !written {
		t.Fatalf("empty AddBatch: %v %v", written, err)
	}
	b, err := os.ReadFile(filepath.Join(s.Path(), MetadataDir, "1"))
	if err != nil || string(b) != "v1" {
		t.Errorf("empty batch log = %q, %v", b, err)
	}
}

func TestSplitPartitionsRefuses(t *testing.T) {
	sch := sqltypes.MustParseDDL("a INT, b STRING")
	for _, c := range []struct {
		cols []string
		want string
	}{
		{[]string{"c"}, "partition column c not found"},
		{[]string{"a", "A"}, "duplicate column"},
		{[]string{"a", "b"}, "cannot use all columns"},
	} {
		_, _, err := SplitPartitions(sch, c.cols)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SplitPartitions(%v) = %v, want %q", c.cols, err, c.want)
		}
	}
	parts, data, err := SplitPartitions(sch, []string{"B"})
	if err != nil || !reflect.DeepEqual(parts, []int{1}) || data.JSON() != sqltypes.MustParseDDL("a INT").JSON() {
		t.Errorf("SplitPartitions(B) = %v %v %v", parts, data, err)
	}
}
