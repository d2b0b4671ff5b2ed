package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// df.write.partitionBy writes col=value/ folders without the partition columns, and reading
// the folder back (with mergeSchema for parquet files of different columns) finds them.
func TestBatchPartitionByAndParquetMergeSchema(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	root := t.TempDir()
	people := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{"Ann", int32(31)}, {"Ben", int32(12)}, {"Cy", nil}}, "name string, age int"))
	for _, format := range []string{"parquet", "json", "csv"} {
		out := filepath.Join(root, format)
		if err := people.Write().Format(format).PartitionBy("age").Save(ctx, out); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		files, _, err := s.listDataFiles(out, false, false)
		if err != nil {
			t.Fatal(err)
		}
		var dirs []string
		for _, f := range files {
			rel, _ := filepath.Rel(out, f)
			dirs = append(dirs, filepath.Dir(rel))
		}
		sort.Strings(dirs)
		if got := strings.Join(dirs, " "); got != "age=12 age=31 age=__HIVE_DEFAULT_PARTITION__" {
			t.Errorf("%s folders: %s", format, got)
		}
		r := s.Read().Format(format)
		if format == "csv" {
			r.Schema(sqltypes.MustParseDDL("name string"))
		}
		back := must[*DataFrame](t)(r.Load(ctx, out))
		rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(back.OrderBy("name")).Collect(ctx))
		if got := fmt.Sprint(rows); got != "[[Ann 31] [Ben 12] [Cy <nil>]]" {
			t.Errorf("%s read back: %s (schema %s)", format, got, back.Schema())
		}
	}
	// Delta partitions too: the same folders, and a read puts the column back.
	if err := people.Write().Format("delta").PartitionBy("age").Save(ctx, filepath.Join(root, "d")); err != nil {
		t.Errorf("delta partitionBy: %v", err)
	} else {
		back := must[*DataFrame](t)(s.Read().Format("delta").Load(ctx, filepath.Join(root, "d")))
		rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(back.OrderBy("name")).Collect(ctx))
		if got := fmt.Sprint(rows); got != "[[Ann 31] [Ben 12] [Cy <nil>]]" {
			t.Errorf("delta read back: %s", got)
		}
	}
	sq := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int64(1), int64(1)}}, "single bigint, double bigint"))
	cu := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int64(4), int64(64)}}, "single bigint, triple bigint"))
	tbl := filepath.Join(root, "t")
	if err := sq.Write().Parquet(ctx, filepath.Join(tbl, "key=1")); err != nil {
		t.Fatal(err)
	}
	if err := cu.Write().Parquet(ctx, filepath.Join(tbl, "key=2")); err != nil {
		t.Fatal(err)
	}
	merged := must[*DataFrame](t)(s.Read().Option("mergeSchema", "true").Parquet(ctx, tbl))
	if got := merged.Schema().SQL(); got != "STRUCT<single: BIGINT, double: BIGINT, triple: BIGINT, key: INT>" {
		t.Errorf("merged schema %s", got)
	}
	rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(merged.OrderBy("single")).Collect(ctx))
	if got := fmt.Sprint(rows); got != "[[1 1 <nil> 1] [4 <nil> 64 2]]" {
		t.Errorf("merged rows %s", got)
	}
}
