package delta

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

var salesSchema = &sqltypes.StructType{Fields: []sqltypes.StructField{
	{Name: "id", Type: sqltypes.Integer, Nullable: true},
	{Name: "country", Type: sqltypes.String, Nullable: true},
	{Name: "year", Type: sqltypes.Integer, Nullable: true},
}}

// A partitioned write puts each row in its col=value/ folder (null in
// __HIVE_DEFAULT_PARTITION__), logs the values in partition column order with null as
// JSON null, keeps the partition columns out of the files and the stats, and a read puts
// them back in schema order (what delta-spark 4.4 does in the corpus's dl19 golden).
func TestPartitionedWriteAndRead(t *testing.T) {
	deterministic(t)
	ctx := context.Background()
	table := newTable(t)
	rows := []sqltypes.Row{{int32(1), "US", int32(2023)}, {int32(2), nil, int32(2024)}, {int32(3), "a/b", int32(2023)}, {int32(4), "US", int32(2023)}}
	w := BatchWrite{Mode: "errorifexists", Schema: salesSchema, Tasks: taskStreams([]rowsTask{{ID: 0, Rows: rows}}),
		Now: t0, TimeZone: "UTC", PartitionColumns: []string{"Country", "year"}}
	if _, _, err := table.Write(ctx, w); err != nil {
		t.Fatal(err)
	}
	log := string(readLog(t, table, 0))
	for _, want := range []string{
		`"operationParameters":{"mode":"ErrorIfExists","partitionBy":"[\"Country\",\"year\"]"}`,
		`"partitionColumns":["country","year"]`,
		`"path":"country=__HIVE_DEFAULT_PARTITION__/year=2024/part-00000-`,
		`"partitionValues":{"country":null,"year":"2024"}`,
		`"path":"country=a%252Fb/year=2023/part-00000-`,
		`"partitionValues":{"country":"US","year":"2023"}`,
		`"stats":"{\"numRecords\":2,\"minValues\":{\"id\":1},\"maxValues\":{\"id\":4},\"nullCount\":{\"id\":0}}"`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("version 0 lacks %s:\n%s", want, log)
		}
	}
	if _, err := os.Stat(filepath.Join(table.path, "country=a%2Fb", "year=2023")); err != nil {
		t.Errorf("escaped partition folder: %v", err)
	}
	got, _, err := table.ReadRows(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sortRows(got)
	want := []sqltypes.Row{{int32(1), "US", int32(2023)}, {int32(2), nil, int32(2024)}, {int32(3), "a/b", int32(2023)}, {int32(4), "US", int32(2023)}}
	if len(got) != len(want) {
		t.Fatalf("read %v, want %v", got, want)
	}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("row %d = %v, want %v", i, got[i], want[i])
				break
			}
		}
	}
}

func TestPartitionedWriteErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		setup []string // partitionBy of a first write, nil for none
		mode  string
		parts []string
		class string
	}{
		{"unknown column", nil, "errorifexists", []string{"nope"}, "DELTA_PARTITION_COLUMN_NOT_FOUND"},
		{"every column", nil, "errorifexists", []string{"id", "country", "year"}, "DELTA_CANNOT_USE_ALL_COLUMNS_FOR_PARTITION"},
		{"other columns on append", []string{"country"}, "append", []string{"year"}, "DELTA_METADATA_MISMATCH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			table := newTable(t)
			rows := []rowsTask{{ID: 0, Rows: []sqltypes.Row{{int32(1), "US", int32(2023)}}}}
			if tc.setup != nil {
				if _, _, err := table.Write(ctx, BatchWrite{Mode: "append", Schema: salesSchema, Tasks: taskStreams(rows), Now: t0, PartitionColumns: tc.setup}); err != nil {
					t.Fatal(err)
				}
			}
			_, _, err := table.Write(ctx, BatchWrite{Mode: tc.mode, Schema: salesSchema, Tasks: taskStreams(rows), Now: t0, PartitionColumns: tc.parts})
			var se *sparkerrors.Error
			if !errors.As(err, &se) || se.Class != tc.class {
				t.Fatalf("err = %v, want %s", err, tc.class)
			}
		})
	}
}

// Dynamic partition overwrite replaces only the partitions the data has rows for, and logs
// isDynamicPartitionOverwrite (delta-spark 4.4 in the corpus's dl25 golden).
func TestDynamicPartitionOverwrite(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	first := []sqltypes.Row{{int32(1), "US", int32(2023)}, {int32(2), "DE", int32(2023)}, {int32(3), nil, int32(2024)}}
	if _, _, err := table.Write(ctx, BatchWrite{Mode: "append", Schema: salesSchema, Tasks: taskStreams([]rowsTask{{ID: 0, Rows: first}}), Now: t0, PartitionColumns: []string{"country"}}); err != nil {
		t.Fatal(err)
	}
	next := []sqltypes.Row{{int32(4), "US", int32(2025)}, {int32(5), nil, int32(2025)}, {int32(6), "FR", int32(2025)}}
	if _, _, err := table.Write(ctx, BatchWrite{Mode: "overwrite", Schema: salesSchema, Tasks: taskStreams([]rowsTask{{ID: 0, Rows: next}}), Now: t0, DynamicPartitionOverwrite: true}); err != nil {
		t.Fatal(err)
	}
	log := string(readLog(t, table, 1))
	if !strings.Contains(log, `"operationParameters":{"mode":"Overwrite","partitionBy":"[]","isDynamicPartitionOverwrite":true}`) {
		t.Errorf("commitInfo: %s", log)
	}
	got, _, err := table.ReadRows(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int32
	for _, r := range got {
		ids = append(ids, r[0].(int32))
	}
	slices.Sort(ids)
	if want := []int32{2, 4, 5, 6}; !slices.Equal(ids, want) {
		t.Errorf("ids after dynamic overwrite = %v, want %v", ids, want)
	}
}

// CREATE TABLE (SQL's PARTITIONED BY and TBLPROPERTIES, toTable's partitionBy) records the
// partition columns and properties in version 0, and later writes partition by them.
func TestCreateTablePartitionedWithProperties(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "tbl")
	table, err := CreateTable(ctx, dir, salesSchema, CreateOptions{Now: t0, Managed: true,
		PartitionColumns: []string{"year"}, Properties: []KV{{Key: "owner.team", Value: "ingest"}, {Key: "delta.appendOnly", Value: "true"}}})
	if err != nil {
		t.Fatal(err)
	}
	log := string(readLog(t, table, 0))
	for _, want := range []string{
		`"operationParameters":{"partitionBy":"[\"year\"]","clusterBy":"[]","description":null,"isManaged":"true","properties":"{\"delta.appendOnly\":\"true\",\"owner.team\":\"ingest\"}"}`,
		`"partitionColumns":["year"],"configuration":{"delta.appendOnly":"true","owner.team":"ingest"}`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("version 0 lacks %s:\n%s", want, log)
		}
	}
	rows := []sqltypes.Row{{int32(1), "US", int32(2023)}}
	if _, _, err := table.Write(ctx, BatchWrite{Mode: "append", Schema: salesSchema, Tasks: taskStreams([]rowsTask{{ID: 0, Rows: rows}}), Now: t0}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readLog(t, table, 1)), `"path":"year=2023/part-00000-`) {
		t.Errorf("append did not partition by year:\n%s", readLog(t, table, 1))
	}
	if _, _, err := table.Write(ctx, BatchWrite{Mode: "overwrite", Schema: salesSchema, Tasks: taskStreams([]rowsTask{{ID: 0, Rows: rows}}), Now: t0}); err == nil {
		t.Error("overwrite of an appendOnly table succeeded")
	}
}
