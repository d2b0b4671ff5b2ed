package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestSQLQueryForms covers the query forms of the Spark SQL reference beyond one SELECT:
// temporary views from VALUES, set operators (with Spark's precedence and a trailing
// ORDER BY), subqueries in FROM, GROUP BY by position / ALL / ROLLUP / CUBE / GROUPING
// SETS, LIMIT with OFFSET, NATURAL JOIN and SQL lambdas. The expected rows are the SQL
// reference's own example results.
func TestSQLQueryForms(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	for _, q := range []string{
		"CREATE OR REPLACE TEMP VIEW number1(c) AS VALUES (3), (1), (2), (2), (3), (4)",
		"CREATE TEMPORARY VIEW number2 (c) AS VALUES (5), (1), (1), (2)",
		`CREATE OR REPLACE TEMP VIEW dealer (id, city, car_model, quantity) AS VALUES
		 (100, 'Fremont', 'Honda Civic', 10), (100, 'Fremont', 'Honda Accord', 15), (100, 'Fremont', 'Honda CRV', 7),
		 (200, 'Dublin', 'Honda Civic', 20), (200, 'Dublin', 'Honda Accord', 10), (200, 'Dublin', 'Honda CRV', 3),
		 (300, 'San Jose', 'Honda Civic', 5), (300, 'San Jose', 'Honda Accord', 8)`,
		"CREATE TEMP VIEW employee(id, name, deptno) AS VALUES (105, 'Chloe', 5), (103, 'Paul', 3), (101, 'John', 1)",
		"CREATE TEMP VIEW department(deptno, deptname) AS VALUES (3, 'Engineering'), (1, 'Marketing')",
	} {
		if _, err := s.SQL(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	tests := []struct{ sql, want string }{
		{"SELECT c FROM number1 EXCEPT SELECT c FROM number2 ORDER BY c", "[[3] [4]]"},
		{"SELECT c FROM number1 MINUS ALL (SELECT c FROM number2) ORDER BY c", "[[2] [3] [3] [4]]"},
		{"SELECT c FROM number1 INTERSECT SELECT c FROM number2 ORDER BY c", "[[1] [2]]"},
		{"SELECT c FROM number1 INTERSECT ALL (SELECT c FROM number2) ORDER BY c", "[[1] [2]]"},
		{"SELECT c FROM number1 UNION SELECT c FROM number2 ORDER BY c DESC LIMIT 2", "[[5] [4]]"},
		{"SELECT c FROM number1 UNION ALL (SELECT c FROM number2) ORDER BY c", "[[1] [1] [1] [2] [2] [2] [3] [3] [4] [5]]"},
		// INTERSECT binds first: {1,2} UNION {1,2} = {1,2}, then UNION ALL with 5.
		{"SELECT c FROM number2 WHERE c = 5 UNION ALL SELECT c FROM number1 INTERSECT SELECT c FROM number2 ORDER BY c", "[[1] [2] [5]]"},
		{"SELECT * FROM (SELECT c, c * 2 AS d FROM number2) t WHERE d > 2 ORDER BY c", "[[2 4] [5 10]]"},
		{"SELECT * FROM VALUES (1, 'a'), (2, 'b') AS t(k, v) ORDER BY k DESC", "[[2 b] [1 a]]"},
		{"VALUES (1, 'x'), (NULL, 'y')", "[[1 x] [<nil> y]]"},
		{"SELECT c FROM number1 ORDER BY c LIMIT 2 OFFSET 3", "[[3] [3]]"},
		{"SELECT city, max(quantity) AS m FROM dealer GROUP BY 1 HAVING m > 10 ORDER BY 1", "[[Dublin 20] [Fremont 15]]"},
		{"SELECT city, count(*) AS n FROM dealer GROUP BY ALL ORDER BY city", "[[Dublin 3] [Fremont 3] [San Jose 2]]"},
		{"SELECT city, car_model, sum(quantity) AS sum FROM dealer WHERE id = 300 GROUP BY city, car_model WITH ROLLUP ORDER BY city, car_model",
			"[[<nil> <nil> 13] [San Jose <nil> 13] [San Jose Honda Accord 8] [San Jose Honda Civic 5]]"},
		{"SELECT city, sum(quantity) AS s, grouping_id(city) AS g FROM dealer GROUP BY CUBE(city) ORDER BY g, city",
			"[[Dublin 33 0] [Fremont 32 0] [San Jose 13 0] [<nil> 78 1]]"},
		{"SELECT car_model, sum(quantity) FROM dealer WHERE id = 100 GROUP BY GROUPING SETS ((car_model), ()) ORDER BY car_model",
			"[[<nil> 32] [Honda Accord 15] [Honda CRV 7] [Honda Civic 10]]"},
		{"SELECT * FROM employee NATURAL JOIN department ORDER BY id", "[[1 101 John Marketing] [3 103 Paul Engineering]]"},
		{"SELECT c, (SELECT max(c) FROM number2) - c AS gap FROM number1 WHERE c IN (SELECT c FROM number2) ORDER BY c", "[[1 4] [2 3] [2 3]]"},
		{"SELECT c FROM number1 WHERE c NOT IN (SELECT c FROM number2) AND EXISTS (SELECT 1 FROM number2 WHERE c = 5) ORDER BY c", "[[3] [3] [4]]"},
		{"SELECT (SELECT c FROM number2 WHERE c > 9) AS none", "[[<nil>]]"},
		{"SELECT deptname FROM department d WHERE EXISTS (SELECT 1 FROM employee e WHERE e.deptno = d.deptno) ORDER BY 1", "[[Engineering] [Marketing]]"},
		{"SELECT name FROM employee e WHERE NOT EXISTS (SELECT 1 FROM department d WHERE d.deptno = e.deptno)", "[[Chloe]]"},
		{"SELECT id, car_model FROM dealer d WHERE quantity > (SELECT avg(quantity) FROM dealer i WHERE i.id = d.id) ORDER BY id", "[[100 Honda Accord] [200 Honda Civic] [300 Honda Accord]]"},
		{"SELECT name, (SELECT deptname FROM department d WHERE d.deptno = e.deptno) AS dn FROM employee e ORDER BY id", "[[John Marketing] [Paul Engineering] [Chloe <nil>]]"},
		{"SELECT *, (SELECT count(*) FROM employee e WHERE e.deptno = d.deptno AND e.id > 102) AS n FROM department d ORDER BY deptno", "[[1 Marketing 0] [3 Engineering 1]]"},
		{"SELECT transform(array(1, 2, 3), x -> x + 1), filter(array(1, 2, 3), (x, i) -> x > i + 1), aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x)",
			"[[[2 3 4] [] 6]]"},
	}
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			df, err := s.SQL(ctx, tc.sql)
			if err != nil {
				t.Fatal(err)
			}
			rows := must[[]sqltypes.Row](t)(df.Collect(ctx))
			if got := fmt.Sprint(rows); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
	for sql, want := range map[string]string{
		"SELECT c FROM number1 UNION SELECT c, c FROM number2":      "[NUM_COLUMNS_MISMATCH]",
		"CREATE TEMP VIEW number1 AS SELECT 1":                      "[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]",
		"CREATE TEMP VIEW v3 (a, b) AS VALUES (1)":                  "[CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS]",
		"VALUES (1, 2), (3)":                                        "[INVALID_INLINE_TABLE.NUM_COLUMNS_MISMATCH]",
		"SELECT * FROM (SELECT 1 AS a) AS t(x, y)":                  "[ASSIGNMENT_ARITY_MISMATCH]",
		"CREATE VIEW permanent (a, b) AS VALUES (1)":                "[CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS]",
		"SELECT c FROM number1 INTERSECT SELECT 'x' FROM number2":   "",
		"SELECT c FROM number1 EXCEPT SELECT array(1) FROM number2": "[INCOMPATIBLE_COLUMN_TYPE]",
	} {
		_, err := s.SQL(ctx, sql)
		if want == "" {
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", sql, err, want)
		}
	}
	if _, err := s.SQL(ctx, "CREATE TEMP VIEW IF NOT EXISTS number1 AS SELECT 1"); err != nil {
		t.Fatalf("IF NOT EXISTS: %v", err)
	}
}

// TestSetOperationsAPI checks intersect, intersectAll, subtract, exceptAll and offset on
// the DataFrame docstrings' example (rows match whole, NULLs equal).
func TestSetOperationsAPI(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df1 := must[*DataFrame](t)(s.SQL(ctx, "VALUES ('a', 1), ('a', 1), ('a', 1), ('a', 2), ('b', 3), ('c', 4), (NULL, 5), (NULL, 5)"))
	df2 := must[*DataFrame](t)(s.SQL(ctx, "VALUES ('a', 1), ('b', 3), (NULL, 5)"))
	for _, tc := range []struct {
		name string
		op   func(a, b *DataFrame) (*DataFrame, error)
		want string
	}{
		{"intersect", (*DataFrame).Intersect, "[[a 1] [b 3] [<nil> 5]]"},
		{"intersectAll", (*DataFrame).IntersectAll, "[[a 1] [b 3] [<nil> 5]]"},
		{"subtract", (*DataFrame).Subtract, "[[a 2] [c 4]]"},
		{"exceptAll", (*DataFrame).ExceptAll, "[[a 1] [a 1] [a 2] [c 4] [<nil> 5]]"},
	} {
		out := must[*DataFrame](t)(tc.op(df1, df2))
		rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
		if got := fmt.Sprint(rows); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	off := must[*DataFrame](t)(df1.Offset(6))
	if rows := must[[]sqltypes.Row](t)(off.Collect(ctx)); fmt.Sprint(rows) != "[[<nil> 5] [<nil> 5]]" {
		t.Errorf("offset: %v", rows)
	}
	tail := must[[]sqltypes.Row](t)(df1.Tail(ctx, 1))
	if fmt.Sprint(tail) != "[[<nil> 5]]" {
		t.Errorf("tail: %v", tail)
	}
	renamed := must[*DataFrame](t)(df1.WithColumnsRenamed([]string{"col2", "col1", "nope"}, []string{"n", "s", "x"}))
	if got := strings.Join(renamed.Columns(), ","); got != "s,n" {
		t.Errorf("withColumnsRenamed: %s", got)
	}
	if _, err := df1.ToDF("only"); err == nil || !strings.Contains(err.Error(), "The number of columns doesn't match") {
		t.Errorf("toDF arity: %v", err)
	}
}
