package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// df.writeTo's create / append / overwrite(condition) / overwritePartitions / replace /
// createOrReplace and insertInto (by position) each commit one version of the Delta table
// with the rows and operation delta-spark's write has (corpus dl48 holds the logs to real
// Spark's).
func TestWriteToAndInsertInto(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	rows := func(ddl string, rs ...sqltypes.Row) *DataFrame {
		return must[*DataFrame](t)(s.CreateDataFrameDDL(rs, ddl))
	}
	const schema = "id INT, name STRING, day INT"
	table := func() string {
		df := must[*DataFrame](t)(s.SQL(ctx, "SELECT id, day FROM events ORDER BY id"))
		var out []string
		for _, r := range must[[]sqltypes.Row](t)(df.Collect(ctx)) {
			out = append(out, fmt.Sprintf("[%v,%v]", r[0], r[1]))
		}
		return strings.Join(out, " ")
	}
	steps := []struct {
		name string
		run  func() error
		want string // the table's (id, day) rows after it, or "error: ..."
	}{
		{"create", func() error {
			return rows(schema, sqltypes.Row{int32(1), "a", int32(1)}, sqltypes.Row{int32(2), "b", int32(1)}, sqltypes.Row{int32(3), "c", int32(2)}).
				WriteTo("events").Using("delta").TableProperty("team", "data").PartitionedBy("day").Create(ctx)
		}, "[1,1] [2,1] [3,2]"},
		{"create again", func() error { return rows(schema).WriteTo("events").Create(ctx) }, "error: [TABLE_OR_VIEW_ALREADY_EXISTS]"},
		{"append by name", func() error {
			return rows("day INT, id INT, name STRING", sqltypes.Row{int32(2), int32(4), "d"}).WriteTo("events").Append(ctx)
		}, "[1,1] [2,1] [3,2] [4,2]"},
		{"overwrite where", func() error {
			return rows(schema, sqltypes.Row{int32(5), "e", int32(2)}).WriteTo("events").Overwrite(ctx, Col("day").EqualTo(2))
		}, "[1,1] [2,1] [5,2]"},
		{"overwrite partitions", func() error {
			return rows(schema, sqltypes.Row{int32(6), "f", int32(1)}).WriteTo("events").OverwritePartitions(ctx)
		}, "[5,2] [6,1]"},
		{"insertInto by position", func() error {
			return rows("a INT, b STRING, c INT", sqltypes.Row{int32(7), "g", int32(3)}).Write().InsertInto(ctx, "events", nil)
		}, "[5,2] [6,1] [7,3]"},
		{"insertInto overwrite", func() error {
			yes := true
			return rows(schema, sqltypes.Row{int32(8), "h", int32(3)}).Write().InsertInto(ctx, "events", &yes)
		}, "[8,3]"},
		{"insertInto arity", func() error {
			return rows("id INT", sqltypes.Row{int32(9)}).Write().InsertInto(ctx, "events", nil)
		}, "error: INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS"},
		{"append to a missing table", func() error { return rows(schema).WriteTo("nope").Append(ctx) }, "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"replace a missing table", func() error { return rows(schema).WriteTo("nope").Replace(ctx) }, "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"another provider", func() error { return rows(schema).WriteTo("p").Using("parquet").Create(ctx) }, "error: using(\"parquet\")"},
	}
	for _, st := range steps {
		err := st.run()
		if want, ok := strings.CutPrefix(st.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%s: error %v, want %s", st.name, err, want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := table(); got != st.want {
			t.Fatalf("%s: table %s, want %s", st.name, got, st.want)
		}
	}
	dt := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "events"))
	for v, want := range []string{
		`"operation":"CREATE TABLE AS SELECT","operationParameters":{"partitionBy":"[\"day\"]","clusterBy":"[]","description":null,"isManaged":"true","properties":"{\"team\":\"data\"}"}`,
		`"operation":"WRITE","operationParameters":{"mode":"Append"`,
		`"predicate":"(day = 2)"`,
		`"isDynamicPartitionOverwrite":true`,
		`"operation":"WRITE","operationParameters":{"mode":"Append"`,
		`"operation":"WRITE","operationParameters":{"mode":"Overwrite"`,
	} {
		if log := deltaLog(t, dt.Path(), v); !strings.Contains(log, want) {
			t.Errorf("version %d lacks %s:\n%s", v, want, log)
		}
	}
	if log := deltaLog(t, dt.Path(), 0); !strings.Contains(log, `"configuration":{"team":"data"}`) {
		t.Errorf("version 0 lacks the property:\n%s", log)
	}
	df := rows(schema, sqltypes.Row{int32(1), "a", int32(1)})
	must[struct{}](t)(struct{}{}, must[*DataFrame](t)(df.Select("id", "name")).WriteTo("people").CreateOrReplace(ctx))
	must[struct{}](t)(struct{}{}, df.WriteTo("people").Replace(ctx))
	people := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "people"))
	if log := deltaLog(t, people.Path(), 1); !strings.Contains(log, `"operation":"REPLACE TABLE AS SELECT"`) {
		t.Errorf("people version 1:\n%s", log)
	}
	if got := sqltypes.SimpleString(must[*DataFrame](t)(people.ToDF(ctx)).Schema()); got != "struct<id:int,name:string,day:int>" {
		t.Errorf("people after replace: %s", got)
	}
}

// convertToDelta turns a Parquet folder (partitioned by a given schema) into a Delta table
// in place: one CONVERT version listing the files with their stats, checkpointed (corpus
// dl47 holds the logs to real Spark's).
func TestConvertToDelta(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(must[*DataFrame](t)(s.Range(0, 6, 1, 1)).SelectExpr("id", "CAST(id % 2 AS INT) AS part"))
	dir := filepath.Join(t.TempDir(), "parts")
	must[struct{}](t)(struct{}{}, df.Write().PartitionBy("part").Parquet(ctx, dir))
	if _, err := s.ConvertToDelta(ctx, "parquet.`"+dir+"`", ""); err == nil || !strings.Contains(err.Error(), "partition") {
		t.Errorf("a partitioned folder without its partition schema: %v", err)
	}
	dt := must[*DeltaTable](t)(s.ConvertToDelta(ctx, "parquet.`"+dir+"`", "part INT"))
	log0 := deltaLog(t, dt.Path(), 0)
	for _, want := range []string{
		`"operation":"CONVERT","operationParameters":{"numFiles":2,"partitionedBy":"[\"part\"]","collectStats":true,"sourceFormat":"parquet"},"readVersion":-1`,
		`"operationMetrics":{"numConvertedFiles":"2"}`, `"partitionColumns":["part"]`, `\"minValues\":{\"id\":0},\"maxValues\":{\"id\":4}`,
	} {
		if !strings.Contains(log0, want) {
			t.Errorf("version 0 lacks %s:\n%s", want, log0)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(log0), `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`) {
		t.Errorf("version 0 does not end with its protocol:\n%s", log0)
	}
	for _, f := range []string{"00000000000000000000.checkpoint.parquet", "_last_checkpoint"} {
		if _, err := os.Stat(filepath.Join(dir, "_delta_log", f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	if n := must[int64](t)(must[*DataFrame](t)(dt.ToDF(ctx)).Count(ctx)); n != 6 {
		t.Errorf("%d rows, want 6", n)
	}
	if _, err := s.ConvertToDelta(ctx, "delta.`"+dir+"`", ""); err == nil || !strings.Contains(err.Error(), "parquet.`") {
		t.Errorf("a non-Parquet identifier: %v", err)
	}
}
