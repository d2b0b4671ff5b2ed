package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// TestSQLDocForms: statements from Spark's SQL reference pages that kafkalab parsed wrongly
// or refused (sql-ref-literals.md raw and adjacent strings, sql-ref-syntax-qry-select-
// orderby.md ORDER BY ALL and ORDER BY an aggregate, -tvf.md range of constant
// expressions, -distribute-by.md, -sortby.md, -clusterby.md), each with the columns and rows
// PySpark 4.2.0 returned for spark.sql(q).collect() with spark.sql.shuffle.partitions 1.
func TestSQLDocForms(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SQL(ctx, "CREATE TEMP VIEW t AS SELECT * FROM VALUES (2, 'b'), (1, 'z'), (1, 'a') AS t(x, y)"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sql, cols, rows string }{
		// r'raw\n' keeps its backslash; adjacent literals are one string
		{`SELECT r'raw\n' AS d, R"x\y" AS e, r'it''s' AS g`, "d,e,g", `[[raw\n x\y its]]`},
		{`SELECT 'a' 'b' AS e, 'c' "d" AS f`, "e,f", "[[ab cd]]"},
		{"SELECT x, y FROM t ORDER BY ALL", "x,y", "[[1 a] [1 z] [2 b]]"},
		{"SELECT x, y FROM t ORDER BY ALL DESC", "x,y", "[[2 b] [1 z] [1 a]]"},
		{"SELECT x, count(*) FROM t GROUP BY ALL ORDER BY ALL", "x,count(1)", "[[1 2] [2 1]]"},
		// an aggregate in ORDER BY, by ordinal or written again, is the aggregate's output
		{"SELECT x, count(*) FROM t GROUP BY x ORDER BY 2, 1", "x,count(1)", "[[2 1] [1 2]]"},
		{"SELECT x, count(*) FROM t GROUP BY x ORDER BY count(*) DESC", "x,count(1)", "[[1 2] [2 1]]"},
		{"SELECT x + 1, max(y) FROM t GROUP BY x + 1 ORDER BY 1 DESC", "(x + 1),max(y)", "[[3 b] [2 z]]"},
		{"SELECT x, sum(x) / count(*) AS r FROM t GROUP BY x ORDER BY sum(x) / count(*)", "x,r", "[[1 1] [2 2]]"},
		// an aggregate the select list lacks is computed, sorted by and dropped
		{"SELECT x FROM t GROUP BY x ORDER BY count(*) DESC", "x", "[[1] [2]]"},
		{"SELECT x FROM t GROUP BY x ORDER BY min(y) DESC LIMIT 1", "x", "[[2]]"},
		{"SELECT x, count(*) AS c FROM t GROUP BY x ORDER BY max(y), c", "x,c", "[[2 1] [1 2]]"},
		// range's arguments are folded and cast to BIGINT: 6 + cos(3) is 5
		{"SELECT * FROM range(6 + cos(3))", "id", "[[0] [1] [2] [3] [4]]"},
		{"SELECT * FROM range(1, 2 * 3, 1 + 1)", "id", "[[1] [3] [5]]"},
		// decimal literals are typed as Java's BigDecimal: 0.5 DECIMAL(1,1), 0.05 DECIMAL(2,2)
		{"SELECT typeof(0.5), typeof(-.5), typeof(0.05), typeof(7.0), typeof(4BD)", "typeof(0.5),typeof(-0.5),typeof(0.05),typeof(7.0),typeof(4)",
			"[[decimal(1,1) decimal(1,1) decimal(2,2) decimal(2,1) decimal(1,0)]]"},
		// binary literals: X'1' is X'01'
		{"SELECT X'123456', x'1', X'', typeof(X'1F') AS t, hex(X'00ff') AS h", "X'123456',X'01',X'',t,h", "[[[18 52 86] [1] [] binary 00FF]]"},
		{"SELECT typeof(TIMESTAMP_NTZ '2020-01-01 01:02:03') AS a, TIMESTAMP_NTZ '2020-01-01 01:02:03' < TIMESTAMP_NTZ '2020-01-02' AS b", "a,b", "[[timestamp_ntz true]]"},
		// FIRST(x IGNORE NULLS) is first(x, true), named first(x)
		{"SELECT FIRST(a IGNORE NULLS), LAST(a), FIRST(a), LAST(a IGNORE NULLS), any_value(a IGNORE NULLS) FROM VALUES (NULL), (30), (NULL), (50) AS p(a)",
			"first(a),last(a),first(a),last(a),any_value(a)", "[[30 50 <nil> 50 30]]"},
		{"SELECT x, y FROM t DISTRIBUTE BY x SORT BY y DESC", "x,y", "[[1 z] [2 b] [1 a]]"},
		{"SELECT x, y FROM t CLUSTER BY y", "x,y", "[[1 a] [2 b] [1 z]]"},
	} {
		cols, rows := sqlResult(ctx, t, s, tc.sql)
		if cols != tc.cols || rows != tc.rows {
			t.Errorf("%s:\n got  %s %s\n want %s %s", tc.sql, cols, rows, tc.cols, tc.rows)
		}
	}
	// GROUP BY n outside the select list: PySpark 4.2.0's message for SELECT x, sum(q) FROM t GROUP BY 3
	for _, n := range []string{"0", "3"} {
		_, err := s.SQL(ctx, "SELECT x, count(y) FROM t GROUP BY "+n)
		want := "GROUP BY position " + n + " is not in select list (valid range is [1, 2])."
		var ae *plan.AnalysisError
		if !errors.As(err, &ae) || ae.Class != "GROUP_BY_POS_OUT_OF_RANGE" || ae.Message != want {
			t.Errorf("GROUP BY %s: %v, want GROUP_BY_POS_OUT_OF_RANGE %s", n, err, want)
		}
	}
	// Literals Spark's parser refuses, as PySpark 4.2.0 raised them (ParseException)
	for sql, want := range map[string]string{
		"SELECT 128Y":              "[INVALID_NUMERIC_LITERAL_RANGE] Numeric literal 128 is outside the valid range for tinyint with minimum value of -128 and maximum value of 127. Please adjust the value accordingly.",
		"SELECT DATE '2020-13-01'": `[INVALID_TYPED_LITERAL] The value of the typed literal "DATE" is invalid: '2020-13-01'.`,
		"SELECT TIMESTAMP 'x'":     `[INVALID_TYPED_LITERAL] The value of the typed literal "TIMESTAMP" is invalid: 'x'.`,
		"SELECT X'ZZ'":             `[INVALID_TYPED_LITERAL] The value of the typed literal "X" is invalid: 'ZZ'.`,
	} {
		_, err := s.SQL(ctx, sql)
		var ae *plan.AnalysisError
		if !errors.As(err, &ae) || ae.Kind != sparkerrors.ParseException || "["+ae.Class+"] "+ae.Message != want {
			t.Errorf("%s: %v\nwant ParseException %s", sql, err, want)
		}
	}
	// A table of a schema that does not exist is not found, as PySpark 4.2.0 says for
	// spark.sql("SELECT * FROM nosuchdb.t") and spark.table("nodb.t").
	for name, want := range map[string]string{
		"nosuchdb.t":            "The table or view `nosuchdb`.`t` cannot be found.",
		"nosuchformat.`/tmp/x`": "The table or view `nosuchformat`.`/tmp/x` cannot be found.",
	} {
		_, err := s.SQL(ctx, "SELECT * FROM "+name)
		var ae *plan.AnalysisError
		if !errors.As(err, &ae) || ae.Class != "TABLE_OR_VIEW_NOT_FOUND" || !strings.HasPrefix(ae.Message, want) {
			t.Errorf("SELECT * FROM %s: %v, want TABLE_OR_VIEW_NOT_FOUND %s", name, err, want)
		}
	}
	// ParseException UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES in PySpark 4.2.0
	for sql, want := range map[string]string{
		"SELECT x FROM t ORDER BY x SORT BY y":   "[UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES] The feature is not supported: Combination of ORDER BY/SORT BY/DISTRIBUTE BY/CLUSTER BY.",
		"SELECT x FROM t CLUSTER BY x SORT BY x": "[UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES] The feature is not supported: Combination of ORDER BY/SORT BY/DISTRIBUTE BY/CLUSTER BY.",
	} {
		df, err := s.SQL(ctx, sql)
		if err == nil {
			_, err = df.Collect(ctx)
		}
		var ae *plan.AnalysisError
		if !errors.As(err, &ae) || sparkerrors.KindOf(ae.Class) != sparkerrors.ParseException && ae.Kind != sparkerrors.ParseException || "["+ae.Class+"] "+ae.Message != want {
			t.Errorf("%s: error %v\nwant %s", sql, err, want)
		}
	}
}

// TestSQLReset: RESET key puts a setting back to the value the session started with (the
// builder's), RESET alone does it for all, and a key the session started without is
// unset; each returns no columns. PySpark 4.2.0, with .config("spark.sql.shuffle.partitions",
// "1") on the builder, printed [] 1, then 1 after a set to 5 and RESET, then [] gone for
// spark.conf.get("x.y", "gone") after SET x.y=1 and RESET x.y.
func TestSQLReset(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), Conf: map[string]string{"spark.sql.shuffle.partitions": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	run := func(q string) []string {
		df, err := s.SQL(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return df.Columns()
	}
	for _, q := range []string{"SET spark.sql.shuffle.partitions=7", "SET x.y=1"} {
		run(q)
	}
	if cols := run("RESET spark.sql.shuffle.partitions"); len(cols) != 0 {
		t.Errorf("RESET key has columns %v", cols)
	}
	if got := s.Conf().GetOr("spark.sql.shuffle.partitions", ""); got != "1" {
		t.Errorf("after RESET key: %q, want the builder's 1", got)
	}
	run("RESET x.y")
	if got := s.Conf().GetOr("x.y", "gone"); got != "gone" {
		t.Errorf("after RESET x.y: %q, want it unset", got)
	}
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "5"); err != nil {
		t.Fatal(err)
	}
	run("SET a.b=2")
	run("RESET")
	if got := s.Conf().GetOr("spark.sql.shuffle.partitions", "") + s.Conf().GetOr("a.b", "-"); got != "1-" {
		t.Errorf("after RESET: %q, want 1 and a.b unset", got)
	}
}

// TestSQLPartitionHints: a SELECT's REPARTITION / COALESCE hints partition its rows before
// SORT BY sorts each partition, as docs/sql-ref-syntax-qry-select-hints.md and -sortby.md
// show (kafkalab dropped hints as comments, so SORT BY sorted the view's five one-row
// partitions). The rows are PySpark 4.2.0's for the same statements; the hint's column
// resolves against the select's output, so REPARTITION_BY_RANGE(age) over max(age) is
// UNRESOLVED_COLUMN there too.
func TestSQLPartitionHints(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, `CREATE OR REPLACE TEMP VIEW person AS SELECT * FROM VALUES
(100, 'John', 30), (200, 'Mary', NULL), (300, 'Mike', 80), (400, 'Jerry', NULL),
(500, 'Dan', 50) AS person(zip_code, name, age)`); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sql, cols, rows string }{
		{"SELECT /*+ REPARTITION(1) */ name, age, zip_code FROM person SORT BY name", "name,age,zip_code",
			"[[Dan 50 500] [Jerry <nil> 400] [John 30 100] [Mary <nil> 200] [Mike 80 300]]"},
		{"SELECT /*+ REPARTITION(1) */ age, name FROM person SORT BY age NULLS LAST, name DESC", "age,name",
			"[[30 John] [50 Dan] [80 Mike] [<nil> Mary] [<nil> Jerry]]"},
		{"SELECT /*+ COALESCE(1), BROADCAST(person) */ age FROM person CLUSTER BY age", "age", "[[<nil>] [<nil>] [30] [50] [80]]"},
	} {
		cols, rows := sqlResult(ctx, t, s, tc.sql)
		if cols != tc.cols || rows != tc.rows {
			t.Errorf("%s:\n got  %s %s\n want %s %s", tc.sql, cols, rows, tc.cols, tc.rows)
		}
	}
	_, err := s.SQL(ctx, "SELECT /*+ REPARTITION_BY_RANGE(age) */ max(age) FROM person")
	var ae *plan.AnalysisError
	if !errors.As(err, &ae) || ae.Class != "UNRESOLVED_COLUMN.WITH_SUGGESTION" {
		t.Errorf("REPARTITION_BY_RANGE(age) over max(age): %v, want UNRESOLVED_COLUMN.WITH_SUGGESTION", err)
	}
}
