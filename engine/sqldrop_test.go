package engine

import "testing"

// DROP TABLE removes a managed Delta table (its folder with it) or a temporary view; a
// missing one is an error unless IF EXISTS.
func TestSQLDropTable(t *testing.T) {
	runSQLSteps(t, []sqlStep{
		{"CREATE TABLE d (x INT) USING delta", ""},
		{"INSERT INTO d VALUES (1)", ""},
		{"DROP TABLE d", ""},
		{"SELECT * FROM d", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"DROP TABLE d", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"DROP TABLE IF EXISTS d", ""},
		{"CREATE TABLE d (y STRING) USING delta", ""},
		{"SELECT * FROM d", "+---+\n|  y|\n+---+\n+---+\n"},
		{"CREATE TEMP VIEW v AS SELECT 1 AS x", ""},
		{"DROP TABLE v", ""},
		{"SELECT * FROM v", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
	})
}
