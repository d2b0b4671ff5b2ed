package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestSQLClauses covers the FROM and window clauses of the SQL reference's examples:
// LATERAL VIEW [OUTER], PIVOT, UNPIVOT, an aggregate's FILTER, WINDOW w AS (...), QUALIFY.
func TestSQLClauses(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	for _, q := range []string{
		`CREATE TEMP VIEW person (id, name, age, class, address) AS VALUES (100, 'John', 30, 1, 'Street 1'),
		 (200, 'Mary', NULL, 1, 'Street 2'), (300, 'Mike', 80, 3, 'Street 3'), (400, 'Dan', 50, 4, 'Street 4')`,
		`CREATE TEMP VIEW sales (location, year, q1, q2, q3, q4) AS VALUES ('Santa Clara', 2018, NULL, 4, 6, 8), ('San Jose', 2019, 5, NULL, 9, 1)`,
	} {
		if _, err := s.SQL(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	tests := []struct{ sql, cols, want string }{
		{`SELECT c_age, COUNT(1) FROM person LATERAL VIEW EXPLODE(ARRAY(30, 60)) AS c_age LATERAL VIEW EXPLODE(ARRAY(40, 80)) AS d_age GROUP BY c_age ORDER BY c_age`,
			"c_age,count(1)", "[[30 8] [60 8]]"},
		{"SELECT id, c_age FROM person LATERAL VIEW EXPLODE(ARRAY()) tableName AS c_age", "id,c_age", "[]"},
		{"SELECT id, c_age FROM person LATERAL VIEW OUTER EXPLODE(ARRAY()) tableName AS c_age WHERE id < 300 ORDER BY id", "id,c_age", "[[100 <nil>] [200 <nil>]]"},
		{"SELECT id, p, v FROM person LATERAL VIEW posexplode(array('x', 'y')) t AS p, v WHERE id = 100", "id,p,v", "[[100 0 x] [100 1 y]]"},
		{"SELECT * FROM person PIVOT (SUM(age) AS a, AVG(class) AS c FOR name IN ('John' AS john, 'Mike' AS mike)) ORDER BY id",
			"id,address,john_a,john_c,mike_a,mike_c",
			"[[100 Street 1 30 1 <nil> <nil>] [200 Street 2 <nil> <nil> <nil> <nil>] [300 Street 3 <nil> <nil> 80 3] [400 Street 4 <nil> <nil> <nil> <nil>]]"},
		{"SELECT * FROM (SELECT id, name, age FROM person) PIVOT (max(age) FOR name IN ('John', 'Dan')) ORDER BY id",
			"id,John,Dan", "[[100 30 <nil>] [200 <nil> <nil>] [300 <nil> <nil>] [400 <nil> 50]]"},
		{"SELECT * FROM sales UNPIVOT (sales FOR quarter IN (q1, q2, q3, q4)) ORDER BY location, quarter",
			"location,year,quarter,sales", "[[San Jose 2019 q1 5] [San Jose 2019 q3 9] [San Jose 2019 q4 1] [Santa Clara 2018 q2 4] [Santa Clara 2018 q3 6] [Santa Clara 2018 q4 8]]"},
		{"SELECT * FROM sales UNPIVOT INCLUDE NULLS (sales FOR quarter IN (q1 AS Q1, q2 AS Q2)) WHERE year = 2018",
			"location,year,q3,q4,quarter,sales", "[[Santa Clara 2018 6 8 Q1 <nil>] [Santa Clara 2018 6 8 Q2 4]]"},
		{"SELECT class, sum(age) FILTER (WHERE id > 100) AS s, count(*) FILTER (WHERE age IS NULL) AS n FROM person GROUP BY class ORDER BY class",
			"class,s,n", "[[1 <nil> 1] [3 80 0] [4 50 0]]"},
		{"SELECT name, row_number() OVER w AS rn, sum(id) OVER w AS total FROM person WINDOW w AS (ORDER BY id DESC) ORDER BY rn",
			"name,rn,total", "[[Dan 1 400] [Mike 2 700] [Mary 3 900] [John 4 1000]]"},
		{"SELECT stack(2, 1, 2, 3) AS (x, y)", "x,y", "[[1 2] [3 <nil>]]"},
		{"SELECT explode(map('a', 1)), 'z' AS z", "key,value,z", "[[a 1 z]]"},
		{"SELECT 170 | 75 AS o, 170 & 75 AS a, 170 ^ 75 AS x, 1 + 2 | 4 AS p", "o,a,x,p", "[[235 10 225 7]]"},
		{"SELECT try_cast('abc' AS INT) AS v, TRY_CAST('12' AS INT) AS w", "v,w", "[[<nil> 12]]"},
		{"SELECT DATE'2024-01-31' + INTERVAL 1 MONTH AS m, DATE'2024-03-01' - DATE'2024-02-01' AS d", "m,d", "[[19782 2505600000000]]"},
		{"SELECT extract(YEAR FROM DATE'2024-12-31') AS y, timestampdiff(HOUR, TIMESTAMP'2024-01-01 00:00:00', TIMESTAMP'2024-01-02 06:00:00') AS h", "y,h", "[[2024 30]]"},
		{"SELECT name, class FROM person QUALIFY row_number() OVER (PARTITION BY class ORDER BY id DESC) = 1 ORDER BY class",
			"name,class", "[[Mary 1] [Mike 3] [Dan 4]]"},
	}
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			df, err := s.SQL(ctx, tc.sql)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(df.Columns(), ","); got != tc.cols {
				t.Errorf("columns %s, want %s", got, tc.cols)
			}
			rows := must[[]sqltypes.Row](t)(df.Collect(ctx))
			if got := fmt.Sprint(rows); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
	for sql, want := range map[string]string{
		"SELECT name, rank() OVER nope FROM person":                         "[MISSING_WINDOW_SPECIFICATION]",
		"SELECT id, a FROM person LATERAL VIEW posexplode(array(1)) t AS a": "[UDTF_ALIAS_NUMBER_MISMATCH]",
		"SELECT * FROM sales UNPIVOT (v FOR k IN (location, q1))":           "[UNPIVOT_VALUE_DATA_TYPE_MISMATCH]",
	} {
		_, err := s.SQL(ctx, sql)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", sql, err, want)
		}
	}
}

// TestSQLSetAndDropView: SET key=value sets the session conf and answers the pair; SET
// key reads it; DROP VIEW [IF EXISTS] drops a temporary view.
func TestSQLSetAndDropView(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	// in order: the second statement reads what the first set
	for _, tc := range []struct{ sql, want string }{
		{"SET spark.sql.shuffle.partitions=4", "[[spark.sql.shuffle.partitions 4]]"},
		{"SET spark.sql.shuffle.partitions", "[[spark.sql.shuffle.partitions 4]]"},
		{"SET spark.kafkalab.test.nothing.here", "[[spark.kafkalab.test.nothing.here <undefined>]]"},
	} {
		sql, want := tc.sql, tc.want
		df, err := s.SQL(ctx, sql)
		if err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		if got := fmt.Sprint(must[[]sqltypes.Row](t)(df.Collect(ctx))); got != want {
			t.Errorf("%s: got %s, want %s", sql, got, want)
		}
		if sql == "SET spark.sql.shuffle.partitions=4" {
			if v, _ := s.Conf().Get("spark.sql.shuffle.partitions"); v != "4" {
				t.Errorf("conf not set: %q", v)
			}
		}
	}
	if _, err := s.SQL(ctx, "CREATE TEMP VIEW v AS SELECT 1 AS a"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SQL(ctx, "DROP VIEW v"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SQL(ctx, "SELECT * FROM v"); err == nil || !strings.Contains(err.Error(), "TABLE_OR_VIEW_NOT_FOUND") {
		t.Errorf("view still there: %v", err)
	}
	if _, err := s.SQL(ctx, "DROP VIEW IF EXISTS v"); err != nil {
		t.Errorf("IF EXISTS: %v", err)
	}
	if _, err := s.SQL(ctx, "DROP VIEW v"); err == nil || !strings.Contains(err.Error(), "TABLE_OR_VIEW_NOT_FOUND") {
		t.Errorf("drop missing view: %v", err)
	}
}

// TestSQLDescribeTable: DESCRIBE [TABLE] lists a view's columns as Spark does.
func TestSQLDescribeTable(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, "CREATE TEMP VIEW people AS SELECT 1 AS id, 'x' AS name, array(1.5) AS scores"); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{"DESCRIBE people", "DESC TABLE people"} {
		df := must[*DataFrame](t)(s.SQL(ctx, sql))
		got := fmt.Sprint(must[[]sqltypes.Row](t)(df.Collect(ctx)))
		if want := "[[id int <nil>] [name string <nil>] [scores array<decimal(2,1)> <nil>]]"; got != want || strings.Join(df.Columns(), ",") != "col_name,data_type,comment" {
			t.Errorf("%s: got %s %v, want %s", sql, got, df.Columns(), want)
		}
	}
}
