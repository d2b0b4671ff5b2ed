package engine

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// OPTIMIZE through the API and SQL: a WHERE on the partition column compacts only that
// partition, a WHERE on another column is Delta's DELTA_NON_PARTITION_COLUMN_REFERENCE, and
// delta.`relative path` names no table (as on real Spark, corpus dl21/dl22).
func TestOptimize(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for i, day := range []string{"mon", "tue", "mon", "tue", "mon"} {
		df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(i), day}}, "id INT, day STRING"))
		if err := must[*DataFrame](t)(df.Coalesce(1)).Write().Format("delta").Mode("append").PartitionBy("day").Save(ctx, "tables/t"); err != nil {
			t.Fatal(err)
		}
	}
	abs := filepath.Join(s.WorkDir(), "tables/t")
	metrics := func(df *DataFrame) sqltypes.Row {
		t.Helper()
		rows := must[[]sqltypes.Row](t)(df.Collect(ctx))
		if len(rows) != 1 {
			t.Fatalf("OPTIMIZE answered %d rows, want 1", len(rows))
		}
		return rows[0][1].(sqltypes.Row)
	}
	m := metrics(must[*DataFrame](t)(s.SQL(ctx, "OPTIMIZE delta.`"+abs+"` WHERE day = 'mon'")))
	if m[0] != int64(1) || m[1] != int64(3) || m[4] != int64(1) {
		t.Errorf("WHERE day = 'mon': added %v removed %v partitions %v, want 1 3 1", m[0], m[1], m[4])
	}
	dt := must[*DeltaTable](t)(s.DeltaTableForPath(ctx, "tables/t"))
	m = metrics(must[*DataFrame](t)(dt.Optimize(ctx)))
	if m[0] != int64(1) || m[1] != int64(2) || m[9] != int64(3) || m[10] != int64(1) {
		t.Errorf("whole table: added %v removed %v considered %v skipped %v, want 1 2 3 1", m[0], m[1], m[9], m[10])
	}
	for _, tc := range []struct {
		name  string
		run   func() error
		class string
	}{
		{"data column", func() error { _, err := dt.Optimize(ctx, "id = 1"); return err }, "DELTA_NON_PARTITION_COLUMN_REFERENCE"},
		{"relative path", func() error { _, err := s.SQL(ctx, "OPTIMIZE delta.`tables/t`"); return err }, "TABLE_OR_VIEW_NOT_FOUND"},
	} {
		err := tc.run()
		var se *sparkerrors.Error
		if errors.As(err, &se) && se.Class == tc.class {
			continue
		}
		// Some errors are the plan's AnalysisError, which names its class in the text.
		if err == nil || !strings.Contains(err.Error(), "["+tc.class+"]") {
			t.Errorf("%s: err = %v, want %s", tc.name, err, tc.class)
		}
	}
	if rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.Read().Format("delta").Load(ctx, "tables/t")).Collect(ctx)); len(rows) != 5 {
		t.Errorf("after OPTIMIZE the table holds %d rows, want 5", len(rows))
	}
}
