package engine

import "testing"

// INSERT INTO with a column list, INSERT INTO ... REPLACE WHERE and INSERT OVERWRITE from
// VALUES and from a query.
func TestSQLInsertForms(t *testing.T) {
	table := func(rows ...string) string {
		out := "+---+---+\n|  k|  v|\n+---+---+\n"
		for _, r := range rows {
			out += r + "\n"
		}
		return out + "+---+---+\n"
	}
	runSQLSteps(t, []sqlStep{
		{"CREATE TABLE t (k INT, v STRING) USING delta", ""},
		{"INSERT INTO t (v, k) VALUES ('a', 1), ('b', 2)", ""},
		{"INSERT INTO t (k) SELECT 3", ""},
		{"SELECT * FROM t ORDER BY k", "+---+----+\n|  k|   v|\n+---+----+\n|  1|   a|\n|  2|   b|\n|  3|NULL|\n+---+----+\n"},
		{"INSERT INTO t (k, nope) VALUES (1, 'x')", "error: [UNRESOLVED_COLUMN.WITH_SUGGESTION]"},
		{"INSERT INTO t (k, v) VALUES (1)", "error: [INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS]"},
		{"INSERT INTO t (k, k) VALUES (1, 2)", "error: [COLUMN_ALREADY_EXISTS]"},
		{"INSERT INTO t REPLACE WHERE k >= 2 SELECT 20 AS k, 'y' AS v", ""},
		{"SELECT * FROM t ORDER BY k", table("|  1|  a|", "| 20|  y|")},
		{"INSERT OVERWRITE TABLE t SELECT k + 1, v FROM t", ""},
		{"SELECT * FROM t ORDER BY k", table("|  2|  a|", "| 21|  y|")},
		{"INSERT OVERWRITE t VALUES (7, 'z')", ""},
		{"SELECT * FROM t ORDER BY k", table("|  7|  z|")},
	})
}
