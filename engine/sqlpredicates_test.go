package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestSQLLikeFamilyAndLimitExpressions: the predicates of docs/sql-ref-syntax-qry-select-like.md
// (RLIKE/REGEXP, ILIKE, LIKE ... ESCAPE, LIKE ANY|SOME|ALL and their NOT forms), string
// literal escapes as Spark's unescapeSQLString reads them, and LIMIT/OFFSET taking constant
// expressions, with what PySpark 4.2.0 returned for each spark.sql(...).collect().
func TestSQLLikeFamilyAndLimitExpressions(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, `CREATE TEMP VIEW person (id, name, age) AS VALUES (100, 'John', 30), (200, 'Mary', NULL),
		(300, 'Mike', 80), (400, 'Dan', 50), (500, 'Evan_w', 16)`); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ sql, cols, want string }{
		{"SELECT name FROM person WHERE name RLIKE 'M+' ORDER BY id", "name", "[[Mary] [Mike]]"},
		{"SELECT name FROM person WHERE name REGEXP 'n$' ORDER BY id", "name", "[[John] [Dan]]"},
		{"SELECT name FROM person WHERE name NOT RLIKE 'M+' ORDER BY id", "name", "[[John] [Dan] [Evan_w]]"},
		{"SELECT name FROM person WHERE name ILIKE 'j%'", "name", "[[John]]"},
		// '%\_%': Spark keeps the backslash before _ in the literal, so LIKE sees an escaped _
		{`SELECT name FROM person WHERE name LIKE '%\_%'`, "name", "[[Evan_w]]"},
		{"SELECT name FROM person WHERE name LIKE '%$_%' ESCAPE '$'", "name", "[[Evan_w]]"},
		{"SELECT name FROM person WHERE name LIKE ALL ('%an%', '%an') ORDER BY id", "name", "[[Dan]]"},
		{"SELECT name FROM person WHERE name LIKE ANY ('%an%', '%an') ORDER BY id", "name", "[[Dan] [Evan_w]]"},
		{"SELECT name FROM person WHERE name LIKE SOME ('%an%', '%an') ORDER BY id", "name", "[[Dan] [Evan_w]]"},
		{"SELECT name FROM person WHERE name NOT LIKE ANY ('%an%', '%an') ORDER BY id", "name", "[[John] [Mary] [Mike] [Evan_w]]"},
		{"SELECT name FROM person WHERE name NOT LIKE ALL ('%an%', '%an') ORDER BY id", "name", "[[John] [Mary] [Mike]]"},
		// SELECT 'ab' RLIKE 'a' -> column RLIKE(ab, a); ILIKE -> ilike(ab, A%); a non-default escape is printed
		{"SELECT 'ab' RLIKE 'a', 'ab' ILIKE 'A%', 'a_b' LIKE 'a$_b' ESCAPE '$'", "RLIKE(ab, a),ilike(ab, A%),a_b LIKE a$_b ESCAPE '$'", "[[true true true]]"},
		// SELECT 'a\_b', 'a\%', '\u0041', '\101', 'x\'y' -> ['a\\_b', 'a\\%', 'A', 'A', "x'y"]
		{`SELECT 'a\_b' AS a, 'a\%' AS b, '\u0041' AS c, '\101' AS d, 'x\'y' AS e`, "a,b,c,d,e", `[[a\_b a\% A A x'y]]`},
		{"SELECT 1 LIMIT length('SPARK')", "1", "[[1]]"},
		{"SELECT 1 LIMIT ALL", "1", "[[1]]"},
		{"SELECT * FROM range(10) LIMIT 2 + 1 OFFSET 1 + 1", "id", "[[2] [3] [4]]"},
		{"SELECT name FROM person ORDER BY name LIMIT 2 OFFSET 2", "name", "[[John] [Mary]]"},
	}
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			cols, rows := sqlResult(ctx, t, s, tc.sql)
			if cols != tc.cols {
				t.Errorf("columns %s, want %s", cols, tc.cols)
			}
			if rows != tc.want {
				t.Fatalf("got %s, want %s", rows, tc.want)
			}
		})
	}
	// Spark 4.2.0's errors for these statements (their first line).
	for sql, want := range map[string]string{
		"SELECT 1 LIMIT 1.5":                  `[INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE] The limit like expression "1.5" is invalid. The limit expression must be integer type, but got "DECIMAL(2,1)".`,
		"SELECT id FROM range(3) LIMIT id":    `[INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE] The limit like expression "id" is invalid. The limit expression must evaluate to a constant value.`,
		"SELECT 1 OFFSET -2":                  `[INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE] The limit like expression "-2" is invalid. The offset expression must be equal to or greater than 0, but got -2.`,
		"SELECT * FROM range(3) LIMIT id + 1": `[INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE] The limit like expression "(id + 1)" is invalid. The limit expression must evaluate to a constant value.`,
		"SELECT * FROM range(3) LIMIT x":      "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `x` cannot be resolved. Did you mean one of the following? [`id`].",
		"SELECT 1 LIMIT 'a'":                  `[INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE] The limit like expression "a" is invalid. The limit expression must be integer type, but got "STRING".`,
		"SELECT name FROM person LIMIT -1":    `[INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE] The limit like expression "-1" is invalid. The limit expression must be equal to or greater than 0, but got -1.`,
	} {
		_, err := s.SQL(ctx, sql)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", sql, err, want)
		}
	}
}

// TestSQLTableSample: docs/sql-ref-syntax-qry-select-sampling.md on PySpark 4.2.0:
// TABLESAMPLE (3 ROWS) is the first 3 rows, (100 PERCENT) all 10 and (0 PERCENT) none;
// REPEATABLE (seed) samples as df.sample(fraction, seed) does; 200 PERCENT is Spark's
// ParseException.
func TestSQLTableSample(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, "CREATE TEMP VIEW test AS SELECT id AS age FROM range(1, 11)"); err != nil {
		t.Fatal(err)
	}
	for sql, want := range map[string]string{
		"SELECT * FROM test TABLESAMPLE (3 ROWS)":                     "[[1] [2] [3]]",
		"SELECT count(*) FROM test TABLESAMPLE (100 PERCENT)":         "[[10]]",
		"SELECT count(*) FROM test TABLESAMPLE (0 PERCENT)":           "[[0]]",
		"SELECT count(*) FROM test TABLESAMPLE (BUCKET 10 OUT OF 10)": "[[10]]",
	} {
		if _, got := sqlResult(ctx, t, s, sql); got != want {
			t.Errorf("%s: %s, want %s", sql, got, want)
		}
	}
	sampled, err := s.SQL(ctx, "SELECT * FROM test TABLESAMPLE (50 PERCENT) REPEATABLE (42)")
	if err != nil {
		t.Fatal(err)
	}
	view, err := s.Table(ctx, "test")
	if err != nil {
		t.Fatal(err)
	}
	direct, err := view.Sample(0.5, 42)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := sampled.Collect(ctx)
	b, _ := direct.Collect(ctx)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("REPEATABLE (42) sampled %v, df.sample(0.5, 42) %v", a, b)
	}
	_, err = s.SQL(ctx, "SELECT * FROM test TABLESAMPLE (200 PERCENT)")
	if want := "Sampling fraction (2.0) must be on interval [0, 1]."; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("200 PERCENT: %v, want %s", err, want)
	}
}

// TestSQLRangeFrameInterval: docs/sql-ref-syntax-qry-select-window.md's RANGE frame with an
// INTERVAL offset over a timestamp order: the first query's counts are what PySpark 4.2.0
// gave (UTC); the second's sums follow from the frame (each row and those up to 30 minutes
// after it).
func TestSQLRangeFrameInterval(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, `CREATE OR REPLACE TEMP VIEW t AS SELECT * FROM VALUES
	  ('a', 1, TIMESTAMP'2024-01-01 00:00:00'), ('a', 2, TIMESTAMP'2024-01-01 00:30:00'),
	  ('a', 4, TIMESTAMP'2024-01-01 02:00:00'), ('b', 3, TIMESTAMP'2024-01-01 00:00:00'),
	  ('b', 5, TIMESTAMP'2024-01-01 01:00:00') AS t(k, v, ts)`); err != nil {
		t.Fatal(err)
	}
	for sql, want := range map[string]string{
		"SELECT k, v, count(*) OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL 1 HOUR PRECEDING AND CURRENT ROW) AS n FROM t ORDER BY k, v":    "[[a 1 1] [a 2 2] [a 4 1] [b 3 1] [b 5 2]]",
		"SELECT k, v, sum(v) OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN CURRENT ROW AND INTERVAL '30' MINUTE FOLLOWING) AS n FROM t ORDER BY k, v": "[[a 1 3] [a 2 2] [a 4 4] [b 3 3] [b 5 5]]",
	} {
		if _, got := sqlResult(ctx, t, s, sql); got != want {
			t.Errorf("%s:\n got %s\nwant %s", sql, got, want)
		}
	}
}

// TestSQLFrameNamesAndCoercion: frames written in SQL as PySpark 4.2.0 names and checks
// them: PRECEDING stays n PRECEDING in the column name; over a STRING order the offsets
// are cast to STRING and fail the frame's type check (shown as (- n) FOLLOWING); over an
// INT order a one-unit interval is cast to a number (INTERVAL 1 HOUR is 1).
func TestSQLFrameNamesAndCoercion(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, "CREATE OR REPLACE TEMP VIEW t AS SELECT * FROM VALUES ('a', 1), ('b', 2) AS t(k, v)"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sql, col, rows string }{
		{"SELECT sum(v) OVER (PARTITION BY k ORDER BY v ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
			"sum(v) OVER (PARTITION BY k ORDER BY v ASC NULLS FIRST ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)", "[[1] [2]]"},
		{"SELECT sum(v) OVER (ORDER BY v RANGE BETWEEN INTERVAL 1 HOUR PRECEDING AND CURRENT ROW) FROM t",
			"sum(v) OVER (ORDER BY v ASC NULLS FIRST RANGE BETWEEN (- INTERVAL '01' HOUR) FOLLOWING AND CURRENT ROW)", "[[1] [3]]"},
	} {
		cols, rows := sqlResult(ctx, t, s, tc.sql)
		if cols != tc.col {
			t.Errorf("%s:\n column %s\n  want  %s", tc.sql, cols, tc.col)
		}
		if rows != tc.rows {
			t.Errorf("%s: rows %s, want %s", tc.sql, rows, tc.rows)
		}
	}
	for sql, want := range map[string]string{
		"SELECT sum(v) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t": `[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE] Cannot resolve "RANGE BETWEEN (- 1) FOLLOWING AND CURRENT ROW" due to data type mismatch: The data type of the lower bound "STRING" does not match the expected data type ("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL").`,
		"SELECT sum(v) OVER (ORDER BY k RANGE BETWEEN CURRENT ROW AND 2 FOLLOWING) FROM t": `[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE] Cannot resolve "RANGE BETWEEN CURRENT ROW AND 2 FOLLOWING" due to data type mismatch: The data type of the upper bound "STRING" does not match the expected data type ("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL").`,
	} {
		df, err := s.SQL(ctx, sql)
		if err == nil {
			_, err = df.Collect(ctx)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v\nwant %s", sql, err, want)
		}
	}
}

// sqlResult runs sql and returns its column names (comma-joined) and collected rows.
func sqlResult(ctx context.Context, t *testing.T, s *Session, sql string) (cols, rows string) {
	t.Helper()
	df, err := s.SQL(ctx, sql)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	got, err := df.Collect(ctx)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return strings.Join(df.Columns(), ","), fmt.Sprint(got)
}
