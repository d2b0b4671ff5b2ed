package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// toTable without a format makes a Parquet table, as Spark does with its default
// spark.sql.sources.default even when Delta's catalog is configured (corpus dl27): the
// folder holds a file sink's output (partition folders, _spark_metadata, no _delta_log),
// spark.table reads it back with the partition column last, DESCRIBE DETAIL answers with
// the format and nulls for what only Delta knows, DESCRIBE HISTORY is Delta's
// DELTA_ONLY_OPERATION, and the catalog lists the table.
func TestToTableWithoutFormatWritesParquetTable(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(s.WorkDir(), "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	text := "{\"day\":\"mon\",\"page\":\"home\"}\n{\"day\":\"tue\",\"page\":\"cart\"}\n{\"day\":\"mon\",\"page\":\"faq\"}\n"
	if err := os.WriteFile(filepath.Join(in, "a.json"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	src := must[*DataFrame](t)(s.ReadStream().Format("json").SchemaDDL("day STRING, page STRING").Load("in"))
	q := must[*StreamingQuery](t)(src.WriteStream().PartitionBy("day").Option("checkpointLocation", "cp").
		Trigger(Trigger{AvailableNow: true}).ToTable(ctx, "clicks"))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(s.WorkDir(), "spark-warehouse", "clicks")
	for _, p := range []string{"_spark_metadata/0", "day=mon", "day=tue"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("table folder lacks %s: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "_delta_log")); err == nil {
		t.Errorf("toTable without a format wrote a Delta log")
	}

	back := must[*DataFrame](t)(s.Table(ctx, "clicks"))
	if got := plan.Schema(back.node).DDL(); got != "page STRING,day STRING" {
		t.Errorf("spark.table schema %q, want page then the partition column day", got)
	}
	if n := must[int64](t)(back.Count(ctx)); n != 3 {
		t.Errorf("spark.table has %d rows, want 3", n)
	}

	detail := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "DESCRIBE DETAIL clicks")).Collect(ctx))
	if len(detail) != 1 {
		t.Fatalf("DESCRIBE DETAIL gave %d rows", len(detail))
	}
	d := detail[0]
	if d[0] != "parquet" || d[1] != nil || d[2] != "spark_catalog.default.clicks" || d[3] != "" ||
		!strings.HasPrefix(d[4].(string), "file:/") || d[6] != nil || d[9] != nil || d[10] != nil || d[12] != nil {
		t.Errorf("DESCRIBE DETAIL row %v", d)
	}
	if parts, _ := d[7].([]any); !slices.Equal(parts, []any{"day"}) {
		t.Errorf("partitionColumns %v, want [day]", d[7])
	}

	_, err = s.SQL(ctx, "DESCRIBE HISTORY clicks")
	var ae *plan.AnalysisError
	if !errors.As(err, &ae) || ae.Class != "DELTA_ONLY_OPERATION" {
		t.Errorf("DESCRIBE HISTORY of a parquet table: %v, want DELTA_ONLY_OPERATION", err)
	}

	if !s.TableExists("clicks") {
		t.Errorf("tableExists(clicks) is false")
	}
	tables := must[[]CatalogTable](t)(s.ListTables())
	if len(tables) != 1 || tables[0].Name != "clicks" || tables[0].TableType != "MANAGED" {
		t.Errorf("listTables %+v", tables)
	}
}

// saveAsTable without a format makes a Parquet table too, and follows the save mode on it;
// a Delta table already in the warehouse keeps taking Delta writes, and a folder left where
// a new table would go is Spark's LOCATION_ALREADY_EXISTS.
func TestSaveAsTableWithoutFormat(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	rows := func(n int) *DataFrame {
		var r []sqltypes.Row
		for i := range n {
			r = append(r, sqltypes.Row{int32(i)})
		}
		return must[*DataFrame](t)(must[*DataFrame](t)(s.CreateDataFrameDDL(r, "id INT")).Coalesce(1))
	}
	count := func(name string) int64 {
		t.Helper()
		return must[int64](t)(must[*DataFrame](t)(s.Table(ctx, name)).Count(ctx))
	}
	class := func(err error) string {
		var ae *plan.AnalysisError
		if errors.As(err, &ae) {
			return ae.Class
		}
		var se *sparkerrors.Error
		if errors.As(err, &se) {
			return se.Class
		}
		return fmt.Sprint(err)
	}
	if err := rows(2).Write().SaveAsTable(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(s.WorkDir(), "spark-warehouse", "p")
	if _, err := os.Stat(filepath.Join(dir, "_SUCCESS")); err != nil {
		t.Errorf("the table folder is not a Parquet write: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "_delta_log")); err == nil {
		t.Errorf("saveAsTable without a format wrote a Delta log")
	}
	if got := class(rows(1).Write().SaveAsTable(ctx, "p")); got != "TABLE_OR_VIEW_ALREADY_EXISTS" {
		t.Errorf("saveAsTable over the table: %s, want TABLE_OR_VIEW_ALREADY_EXISTS", got)
	}
	if err := rows(3).Write().Mode("append").SaveAsTable(ctx, "p"); err != nil || count("p") != 5 {
		t.Errorf("append: %v, %d rows, want 5", err, count("p"))
	}
	if err := rows(1).Write().Mode("overwrite").SaveAsTable(ctx, "p"); err != nil || count("p") != 1 {
		t.Errorf("overwrite: %v, %d rows, want 1", err, count("p"))
	}
	if err := rows(1).Write().Mode("ignore").SaveAsTable(ctx, "p"); err != nil || count("p") != 1 {
		t.Errorf("ignore: %v, %d rows, want 1", err, count("p"))
	}

	if err := rows(2).Write().Format("delta").SaveAsTable(ctx, "d"); err != nil {
		t.Fatal(err)
	}
	if err := rows(2).Write().Mode("append").SaveAsTable(ctx, "d"); err != nil || count("d") != 4 {
		t.Errorf("append without a format to a Delta table: %v, %d rows, want 4", err, count("d"))
	}

	stale := filepath.Join(s.WorkDir(), "spark-warehouse", "old")
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stale, "part-0.parquet"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := class(rows(1).Write().SaveAsTable(ctx, "old")); got != "LOCATION_ALREADY_EXISTS" {
		t.Errorf("saveAsTable onto a left folder: %s, want LOCATION_ALREADY_EXISTS", got)
	}
}

// readStream.table of a table toTable made without Delta reads its folder as a file stream
// of the table's format with the catalog's schema, as Spark's streaming table API does
// (docs/streaming/apis-on-dataframes-and-datasets.md, Streaming Table APIs): PySpark 4.2.0
// streamed the 3 rows of a rate-micro-batch toTable("myTable") into another sink (was
// TABLE_OR_VIEW_NOT_FOUND: only Delta tables were looked up).
func TestReadStreamTableOfFileTable(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	src := must[*DataFrame](t)(s.ReadStream().Format("rate-micro-batch").Option("rowsPerBatch", "3").
		Option("startTimestamp", "0").Load())
	q := must[*StreamingQuery](t)(src.WriteStream().Option("checkpointLocation", "chk/source").
		Trigger(Trigger{AvailableNow: true}).ToTable(ctx, "myTable"))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := s.ReadStream().Table("myTable")
	if err != nil {
		t.Fatalf("readStream.table of a parquet table: %v", err)
	}
	if !st.IsStreaming() || plan.Schema(st.node).DDL() != "timestamp TIMESTAMP,value BIGINT" {
		t.Fatalf("streaming %v, schema %s", st.IsStreaming(), plan.Schema(st.node).DDL())
	}
	sel := must[*DataFrame](t)(st.SelectExpr("value * 10 AS v"))
	q2 := must[*StreamingQuery](t)(sel.WriteStream().Format("parquet").Option("checkpointLocation", "chk/copy").
		Option("path", "out/newTable").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q2.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	back := must[*DataFrame](t)(must[*DataFrame](t)(s.Read().Parquet(ctx, "out/newTable")).OrderBy("v"))
	if got := fmt.Sprint(must[[]sqltypes.Row](t)(back.Collect(ctx))); got != "[[0] [10] [20]]" {
		t.Errorf("copied rows %s, want [[0] [10] [20]]", got)
	}
}
