package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Table properties as delta-spark 4.4 has them (corpus dl24): ALTER TABLE SET TBLPROPERTIES
// commits them, SHOW TBLPROPERTIES and DESCRIBE DETAIL report them, and delta.appendOnly
// refuses a DELETE and an overwrite but not an append.
func TestTableProperties(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(1), "a"}}, "id INT, v STRING"))
	if err := df.Write().Format("delta").SaveAsTable(ctx, "items"); err != nil {
		t.Fatal(err)
	}
	must[*DataFrame](t)(s.SQL(ctx, "ALTER TABLE items SET TBLPROPERTIES ('delta.appendOnly' = 'true', owner.team = 'ingest')"))
	rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "SHOW TBLPROPERTIES items")).Collect(ctx))
	if got := fmt.Sprint(rows); got != "[[delta.appendOnly true] [delta.minReaderVersion 1] [delta.minWriterVersion 2] [owner.team ingest]]" {
		t.Errorf("SHOW TBLPROPERTIES = %s", got)
	}
	detail := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "DESCRIBE DETAIL items")).Collect(ctx))
	if len(detail) != 1 || detail[0][2] != "spark_catalog.default.items" {
		t.Errorf("DESCRIBE DETAIL = %v", detail)
	}
	dt := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "items"))
	for name, run := range map[string]func() error{
		"delete":    func() error { return dt.Delete(ctx, "id = 1") },
		"overwrite": func() error { return df.Write().Format("delta").Mode("overwrite").SaveAsTable(ctx, "items") },
	} {
		var se *sparkerrors.Error
		if err := run(); !errors.As(err, &se) || se.Class != "DELTA_CANNOT_MODIFY_APPEND_ONLY" || se.Kind != sparkerrors.UnsupportedOperationException {
			t.Errorf("%s on an appendOnly table: %v", name, err)
		}
	}
	if err := df.Write().Format("delta").Mode("append").SaveAsTable(ctx, "items"); err != nil {
		t.Errorf("append on an appendOnly table: %v", err)
	}
}

// MERGE with autoMerge on adds the source's new columns through updateAll/insertAll (corpus
// dl23); without it they are left out.
func TestMergeSchemaEvolution(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	src := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(2), "rob", "NY"}, {int32(3), "cy", "LA"}}, "id INT, name STRING, city STRING"))
	for _, evolve := range []bool{false, true} {
		path := fmt.Sprintf("tables/t%v", evolve)
		df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(1), "ann"}, {int32(2), "bob"}}, "id INT, name STRING"))
		if err := df.Write().Format("delta").Save(ctx, path); err != nil {
			t.Fatal(err)
		}
		if err := s.Conf().Set(ConfDeltaAutoMerge, fmt.Sprint(evolve)); err != nil {
			t.Fatal(err)
		}
		dt := must[*DeltaTable](t)(s.DeltaTableForPath(ctx, path))
		if _, err := dt.Alias("t").Merge(src.Alias("s"), "t.id = s.id").WhenMatchedUpdateAll(nil).WhenNotMatchedInsertAll(nil).Execute(ctx); err != nil {
			t.Fatal(err)
		}
		back := must[*DataFrame](t)(s.Read().Format("delta").Load(ctx, path))
		rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(back.OrderBy("id")).Collect(ctx))
		want := "[[1 ann] [2 rob] [3 cy]]"
		if evolve {
			want = "[[1 ann <nil>] [2 rob NY] [3 cy LA]]"
		}
		if got := fmt.Sprint(rows); got != want {
			t.Errorf("autoMerge %v: %s, want %s", evolve, got, want)
		}
	}
}
