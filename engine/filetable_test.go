package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
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
