package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

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

// CREATE OR REPLACE TABLE (columns or AS SELECT) replaces a table's schema and rows in one
// version, keeping its history; on a new table it creates it under the same operation name.
func TestSQLCreateOrReplace(t *testing.T) {
	s := runSQLSteps(t, []sqlStep{
		{"CREATE OR REPLACE TABLE r (a INT) USING delta", ""},
		{"INSERT INTO r VALUES (1), (2)", ""},
		{"CREATE OR REPLACE TABLE r (a INT, b STRING) USING delta", ""},
		{"SELECT * FROM r", "+---+---+\n|  a|  b|\n+---+---+\n+---+---+\n"},
		{"SELECT count(*) AS n FROM r VERSION AS OF 1", "+---+\n|  n|\n+---+\n|  2|\n+---+\n"},
		{"CREATE OR REPLACE TABLE r USING delta AS SELECT 'x' AS c", ""},
		{"CREATE OR REPLACE TABLE r USING delta AS SELECT concat(c, 'y') AS c FROM r", ""},
		{"SELECT * FROM r", "+---+\n|  c|\n+---+\n| xy|\n+---+\n"},
		{"CREATE OR REPLACE TABLE IF NOT EXISTS r (a INT) USING delta", "error: PARSE_SYNTAX_ERROR"},
	})
	ctx := context.Background()
	h := must[*DataFrame](t)(s.SQL(ctx, "DESCRIBE HISTORY r"))
	got := must[[]sqltypes.Row](t)(must[*DataFrame](t)(must[*DataFrame](t)(h.Select("version", "operation")).OrderBy("version")).Collect(ctx))
	var ops []string
	for _, r := range got {
		ops = append(ops, r[1].(string))
	}
	want := "CREATE OR REPLACE TABLE,WRITE,CREATE OR REPLACE TABLE,CREATE OR REPLACE TABLE AS SELECT,CREATE OR REPLACE TABLE AS SELECT"
	if strings.Join(ops, ",") != want {
		t.Errorf("history %v, want %s", ops, want)
	}
}

// ALTER TABLE ADD COLUMNS appends nullable columns (old rows read NULL) and ALTER COLUMN
// COMMENT sets a column's comment; each is one metadata-only version.
func TestSQLAlterColumns(t *testing.T) {
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE a (id INT, note STRING) USING delta", ""},
		{"INSERT INTO a VALUES (1, 'x')", ""},
		{"ALTER TABLE a ADD COLUMNS (price DOUBLE COMMENT 'unit price', tag STRING)", ""},
		{"ALTER TABLE a ALTER COLUMN note COMMENT 'free text'", ""},
		{"ALTER TABLE a ADD COLUMN id INT", "error: [FIELD_ALREADY_EXISTS]"},
		{"ALTER TABLE a ALTER COLUMN nope COMMENT 'x'", "error: nope"},
		{"INSERT INTO a VALUES (2, 'y', 1.5, 't')", ""},
		{"SELECT * FROM a ORDER BY id", "+---+----+-----+----+\n| id|note|price| tag|\n+---+----+-----+----+\n|  1|   x| NULL|NULL|\n|  2|   y|  1.5|   t|\n+---+----+-----+----+\n"},
	})
	ctx := context.Background()
	dt := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "a"))
	log2, log3 := deltaLog(t, dt.Path(), 2), deltaLog(t, dt.Path(), 3)
	for _, want := range []string{`"operation":"ADD COLUMNS"`,
		`"columns":"[{\"column\":{\"name\":\"price\",\"type\":\"double\",\"nullable\":true,\"metadata\":{\"comment\":\"unit price\"}}},{\"column\":{\"name\":\"tag\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}}}]"`} {
		if !strings.Contains(log2, want) {
			t.Errorf("version 2 lacks %s:\n%s", want, log2)
		}
	}
	for _, want := range []string{`"operation":"CHANGE COLUMN"`, `"column":"{\"name\":\"note\",\"type\":\"string\",\"nullable\":true,\"metadata\":{\"comment\":\"free text\"}}"`} {
		if !strings.Contains(log3, want) {
			t.Errorf("version 3 lacks %s:\n%s", want, log3)
		}
	}
}

// TRUNCATE TABLE empties a Delta table in one TRUNCATE version; its history stays.
func TestSQLTruncate(t *testing.T) {
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE tr (x INT) USING delta", ""},
		{"INSERT INTO tr VALUES (1), (2)", ""},
		{"TRUNCATE TABLE tr", ""},
		{"SELECT count(*) AS n FROM tr", "+---+\n|  n|\n+---+\n|  0|\n+---+\n"},
		{"SELECT count(*) AS n FROM tr VERSION AS OF 1", "+---+\n|  n|\n+---+\n|  2|\n+---+\n"},
		{"TRUNCATE TABLE nope", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
	})
	dt := must[*DeltaTable](t)(s.DeltaTableForName(context.Background(), "tr"))
	if log2 := deltaLog(t, dt.Path(), 2); !strings.Contains(log2, `"operation":"TRUNCATE","operationParameters":{}`) || strings.Count(log2, `"remove"`) != 2 {
		t.Errorf("version 2:\n%s", log2)
	}
}
