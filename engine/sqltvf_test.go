package engine

import (
	"context"
	"strings"
	"testing"
)

// Comments, :: casts and table-valued functions, each as Spark 4 prints the result.
func TestSQLCommentsCastsAndTableFunctions(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	cases := []struct{ sql, want string }{
		{"SELECT sum(id) AS total -- a comment\nFROM range(10) /* and /* nested */ one */",
			"+-----+\n|total|\n+-----+\n|   45|\n+-----+\n"},
		{"SELECT /*+ BROADCAST(r) */ id FROM range(1, 10, 4) r",
			"+---+\n| id|\n+---+\n|  1|\n|  5|\n|  9|\n+---+\n"},
		{"SELECT '--x' AS a, '/*y*/' AS b",
			"+---+-----+\n|  a|    b|\n+---+-----+\n|--x|/*y*/|\n+---+-----+\n"},
		{"SELECT 1::string AS a, -3::int AS c, '12.345'::decimal(5,2) AS d, array(1)::array<string> AS e, 7::string",
			"+---+---+-----+---+-----------------+\n|  a|  c|    d|  e|CAST(7 AS STRING)|\n+---+---+-----+---+-----------------+\n|  1| -3|12.35|[1]|                7|\n+---+---+-----+---+-----------------+\n"},
		{"SELECT * FROM posexplode(array('x', 'y'))",
			"+---+---+\n|pos|col|\n+---+---+\n|  0|  x|\n|  1|  y|\n+---+---+\n"},
		{"SELECT * FROM stack(2, 'k1', 1, 'k2', 2)",
			"+----+----+\n|col0|col1|\n+----+----+\n|  k1|   1|\n|  k2|   2|\n+----+----+\n"},
	}
	for _, c := range cases {
		t.Run(c.sql, func(t *testing.T) {
			df := must[*DataFrame](t)(s.SQL(ctx, c.sql))
			if got := must[string](t)(df.Show(ctx, 20, 20, false)); got != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	for sql, want := range map[string]string{
		"SELECT * FROM range()":              "[WRONG_NUM_ARGS.WITHOUT_SUGGESTION]",
		"SELECT * FROM range(1, 2, 3, 4, 5)": "[WRONG_NUM_ARGS.WITHOUT_SUGGESTION]",
		"SELECT * FROM range('a')":           "integer literals",
		"SELECT 1::":                         "[PARSE_SYNTAX_ERROR]",
	} {
		if _, err := s.SQL(ctx, sql); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", sql, err, want)
		}
	}
}

// FROM a, b (with WHERE read as the join's condition), and joins to subqueries, VALUES and
// table functions.
func TestSQLCommaAndDerivedJoins(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	for sql, ddl := range map[string]string{
		"SELECT * FROM VALUES (1, 'a'), (2, 'b'), (3, 'c') AS x(id, s)": "t",
		"SELECT * FROM VALUES (1, 10), (3, 30), (4, 40) AS x(id, v)":    "u",
	} {
		df := must[*DataFrame](t)(s.SQL(ctx, sql))
		if err := df.CreateOrReplaceTempView(ddl); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct{ sql, want string }{
		{"SELECT t.id, s, v FROM t, u WHERE t.id = u.id",
			"+---+---+---+\n| id|  s|  v|\n+---+---+---+\n|  1|  a| 10|\n|  3|  c| 30|\n+---+---+---+\n"},
		{"SELECT count(*) AS n FROM t, u",
			"+---+\n|  n|\n+---+\n|  9|\n+---+\n"},
		{"SELECT t.id, x.w FROM t JOIN (SELECT id, v * 2 AS w FROM u) x ON t.id = x.id ORDER BY t.id",
			"+---+---+\n| id|  w|\n+---+---+\n|  1| 20|\n|  3| 60|\n+---+---+\n"},
		{"SELECT * FROM t JOIN VALUES (1, 'z') AS w(id, z) USING (id)",
			"+---+---+---+\n| id|  s|  z|\n+---+---+---+\n|  1|  a|  z|\n+---+---+---+\n"},
		{"SELECT a.id FROM range(3) a JOIN range(2) b ON a.id = b.id",
			"+---+\n| id|\n+---+\n|  0|\n|  1|\n+---+\n"},
	}
	for _, c := range cases {
		t.Run(c.sql, func(t *testing.T) {
			df := must[*DataFrame](t)(s.SQL(ctx, c.sql))
			if got := must[string](t)(df.Show(ctx, 20, 20, false)); got != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	for sql, want := range map[string]string{
		"SELECT * FROM t, nope(1)":          "[UNRESOLVABLE_TABLE_VALUED_FUNCTION]",
		"SELECT * FROM t, LATERAL nope(id)": "[UNRESOLVABLE_TABLE_VALUED_FUNCTION]",
		"SELECT * FROM t, LATERAL u":        "LATERAL name(args)",
	} {
		if _, err := s.SQL(ctx, sql); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", sql, err, want)
		}
	}
}
