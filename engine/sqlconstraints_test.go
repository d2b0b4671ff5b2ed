package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Delta CHECK constraints and NOT NULL columns: ALTER TABLE ADD CONSTRAINT checks the rows
// already there and commits the constraint with the protocol CHECK constraints need; a
// write breaking a constraint fails with delta-spark's condition and commits nothing;
// DROP CONSTRAINT [IF EXISTS] removes it (corpus dl45 holds the logs to real Spark's).
func TestSQLConstraints(t *testing.T) {
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE o (id INT NOT NULL, qty INT, s STRUCT<a INT NOT NULL>) USING delta", ""},
		{"INSERT INTO o VALUES (1, 5, named_struct('a', 1))", ""},
		{"ALTER TABLE o ADD CONSTRAINT big CHECK (qty > 10)", "error: [DELTA_NEW_CHECK_CONSTRAINT_VIOLATION] 1 rows in `o` violate the new CHECK constraint (qty > 10)"},
		{"ALTER TABLE o ADD CONSTRAINT qtyPositive CHECK (qty > 0)", ""},
		{"ALTER TABLE o ADD CONSTRAINT QTYPOSITIVE CHECK (qty > 1)", "error: [DELTA_CONSTRAINT_ALREADY_EXISTS] Constraint 'qtypositive' already exists"},
		{"INSERT INTO o VALUES (2, -1, named_struct('a', 1))", "error: [DELTA_VIOLATE_CONSTRAINT_WITH_VALUES] CHECK constraint qtypositive (qty > 0) violated by row with values:\n - qty : -1 SQLSTATE: 23001"},
		{"INSERT INTO o VALUES (3, NULL, named_struct('a', 1))", "error: [DELTA_VIOLATE_CONSTRAINT_WITH_VALUES] CHECK constraint qtypositive (qty > 0) violated by row with values:\n - qty : null"},
		{"INSERT INTO o VALUES (NULL, 3, named_struct('a', 1))", "error: [DELTA_NOT_NULL_CONSTRAINT_VIOLATED] NOT NULL constraint violated for column: id."},
		{"INSERT INTO o VALUES (4, 3, named_struct('a', NULL))", "error: [DELTA_NOT_NULL_CONSTRAINT_VIOLATED] NOT NULL constraint violated for column: s.a."},
		{"ALTER TABLE o DROP CONSTRAINT nope", "error: [DELTA_CONSTRAINT_DOES_NOT_EXIST] Cannot drop nonexistent constraint nope from table"},
		{"ALTER TABLE o DROP CONSTRAINT IF EXISTS nope", ""},
		{"ALTER TABLE o DROP CONSTRAINT qtyPositive", ""},
		{"INSERT INTO o VALUES (2, -1, named_struct('a', 1))", ""},
		{"SELECT id, qty FROM o ORDER BY id", "+---+---+\n| id|qty|\n+---+---+\n|  1|  5|\n|  2| -1|\n+---+---+\n"},
	})
	ctx := context.Background()
	dt := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "o"))
	// Versions: 0 CREATE, 1 WRITE, 2 ADD CONSTRAINT, 3 and 4 DROP CONSTRAINT, 5 WRITE: the
	// failed writes committed nothing.
	for v, want := range map[int][]string{
		2: {`"operation":"ADD CONSTRAINT","operationParameters":{"name":"qtyPositive","expr":"qty > 0"}`, `"isBlindAppend":false`,
			`"configuration":{"delta.constraints.qtypositive":"qty > 0"}`, `{"protocol":{"minReaderVersion":1,"minWriterVersion":3}}`},
		3: {`"operationParameters":{"name":"nope","existed":"false"}`},
		4: {`"operation":"DROP CONSTRAINT","operationParameters":{"name":"qtyPositive","expr":"qty > 0","existed":"true"}`, `"configuration":{}`},
		5: {`"operation":"WRITE"`},
	} {
		if log := deltaLog(t, dt.Path(), v); !containsAll(log, want) {
			t.Errorf("version %d lacks one of %q:\n%s", v, want, log)
		}
	}
	if _, err := os.Stat(filepath.Join(dt.Path(), "_delta_log", "00000000000000000006.json")); err == nil {
		t.Error("a version 6 was committed")
	}
	// Each failed write left its task's file behind, in no version, as delta-spark's does.
	files, _ := filepath.Glob(filepath.Join(dt.Path(), "*.parquet"))
	if len(files) != 2+4 {
		t.Errorf("%d data files, want 2 committed and 4 left by the failed writes", len(files))
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// CREATE TABLE's GENERATED ALWAYS AS (expr) makes a generated column, computed when an
// INSERT's column list leaves it out.
func TestSQLGeneratedColumn(t *testing.T) {
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE ev (id BIGINT, ts TIMESTAMP, day DATE GENERATED ALWAYS AS (CAST(ts AS DATE)) COMMENT 'the day') USING delta PARTITIONED BY (day)", ""},
		{"INSERT INTO ev (id, ts) VALUES (1, TIMESTAMP '2024-05-01 23:30:00'), (2, TIMESTAMP '2024-05-03 00:10:00')", ""},
		{"INSERT INTO ev (id, ts, day) VALUES (3, TIMESTAMP '2024-05-01 23:30:00', DATE '2024-01-01')", "error: [DELTA_VIOLATE_CONSTRAINT_WITH_VALUES] CHECK constraint Generated Column (day <=> CAST(ts AS DATE))"},
		{"SELECT id, day FROM ev ORDER BY id", "+---+----------+\n| id|       day|\n+---+----------+\n|  1|2024-05-01|\n|  2|2024-05-03|\n+---+----------+\n"},
	})
	dt := must[*DeltaTable](t)(s.DeltaTableForName(context.Background(), "ev"))
	if log := deltaLog(t, dt.Path(), 0); !strings.Contains(log, `\"metadata\":{\"comment\":\"the day\",\"delta.generationExpression\":\"CAST(ts AS DATE)\"}`) {
		t.Errorf("version 0:\n%s", log)
	}
}
