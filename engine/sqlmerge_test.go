package engine

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// sqlStep is one statement of a spark.sql session test and what it must answer: the shown
// result, "" for no columns, or "error: <substring>".
type sqlStep struct{ sql, want string }

func runSQLSteps(t *testing.T, steps []sqlStep) *Session {
	t.Helper()
	ctx := context.Background()
	s := newTestSession(t)
	for _, st := range steps {
		df, err := s.SQL(ctx, st.sql)
		if want, ok := strings.CutPrefix(st.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%s: error %v, want %s", st.sql, err, want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", st.sql, err)
		}
		if st.want == "" {
			if n := len(df.Schema().Fields); n != 0 {
				t.Fatalf("%s: %d columns, want none", st.sql, n)
			}
			continue
		}
		if got := must[string](t)(df.Show(ctx, 20, 20, false)); got != st.want {
			t.Fatalf("%s: got\n%s\nwant\n%s", st.sql, got, st.want)
		}
	}
	return s
}

// MERGE INTO in SQL runs DeltaTable.merge's engine: every clause kind, a subquery or a view
// as the source, names qualified by the table's name or an alias.
func TestSQLMerge(t *testing.T) {
	counts := func(a, u, d, i string) string {
		return "+-----------------+----------------+----------------+-----------------+\n" +
			"|num_affected_rows|num_updated_rows|num_deleted_rows|num_inserted_rows|\n" +
			"+-----------------+----------------+----------------+-----------------+\n" +
			"|" + pad(a, 17) + "|" + pad(u, 16) + "|" + pad(d, 16) + "|" + pad(i, 17) + "|\n" +
			"+-----------------+----------------+----------------+-----------------+\n"
	}
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE tgt (k INT, v STRING) USING delta", ""},
		{"INSERT INTO tgt VALUES (1, 'a'), (2, 'b'), (3, 'c')", ""},
		{"CREATE TEMP VIEW upd AS SELECT * FROM VALUES (2, 'B'), (4, 'D') AS x(k, v)", ""},
		{`MERGE INTO tgt USING upd ON tgt.k = upd.k
		  WHEN MATCHED THEN UPDATE SET v = upd.v
		  WHEN NOT MATCHED THEN INSERT (k, v) VALUES (upd.k, upd.v)`, counts("2", "1", "0", "1")},
		{"SELECT * FROM tgt ORDER BY k", "+---+---+\n|  k|  v|\n+---+---+\n|  1|  a|\n|  2|  B|\n|  3|  c|\n|  4|  D|\n+---+---+\n"},
		{`MERGE INTO tgt t USING (SELECT 1 AS k, 'z' AS v) s ON t.k = s.k
		  WHEN MATCHED AND s.v = 'y' THEN DELETE
		  WHEN MATCHED THEN UPDATE SET *
		  WHEN NOT MATCHED BY SOURCE AND t.k = 4 THEN DELETE
		  WHEN NOT MATCHED BY SOURCE THEN UPDATE SET t.v = concat(t.v, '!')`, counts("4", "3", "1", "0")},
		{"SELECT * FROM tgt ORDER BY k", "+---+---+\n|  k|  v|\n+---+---+\n|  1|  z|\n|  2| B!|\n|  3| c!|\n+---+---+\n"},
		{"MERGE INTO tgt AS t USING upd AS s ON t.k = s.k WHEN NOT MATCHED BY TARGET AND s.k > 3 THEN INSERT *", counts("1", "0", "0", "1")},
		{"MERGE INTO nope USING upd ON nope.k = upd.k WHEN MATCHED THEN DELETE", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"MERGE INTO tgt USING upd ON tgt.k = upd.k WHEN MATCHED THEN UPDATE SET nope = 1", "error: DELTA_MERGE_UNRESOLVED_EXPRESSION"},
		{"CREATE TABLE flags (k INT, f BOOLEAN) USING delta", ""},
		{"MERGE INTO flags t USING (SELECT 1 AS k, true AS f) s ON t.k = s.k WHEN NOT MATCHED AND s.f THEN INSERT *", counts("1", "0", "0", "1")},
	})
	// A clause whose condition is a bare column is logged with the column's type, as
	// Catalyst's simpleString prints an attribute.
	dt := must[*DeltaTable](t)(s.DeltaTableForName(context.Background(), "flags"))
	if log1 := deltaLog(t, dt.Path(), 1); !regexp.MustCompile(`notMatchedPredicates":"\[\{\\"predicate\\":\\"f#\d+: boolean\\"`).MatchString(log1) {
		t.Errorf("MERGE's clause predicate:\n%s", log1)
	}
}

func pad(s string, w int) string { return strings.Repeat(" ", w-len(s)) + s }
