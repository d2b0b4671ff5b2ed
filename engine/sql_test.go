package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func TestSQLSubset(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	if err := df.CreateOrReplaceTempView("events"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		sql, want string
	}{
		{"SELECT customer_id, count(*) AS n, sum(amount) FROM events GROUP BY customer_id ORDER BY n DESC, customer_id",
			"+-----------+---+-----------+\n|customer_id|  n|sum(amount)|\n+-----------+---+-----------+\n|        C01|  1|       25.5|\n|        C02|  1|       12.0|\n|        C03|  1|       31.0|\n+-----------+---+-----------+\n"},
		{"select order_id, amount * 2 doubled from events where amount > 20 order by order_id limit 1;",
			"+--------+-------+\n|order_id|doubled|\n+--------+-------+\n|    1001|   51.0|\n+--------+-------+\n"},
		{"SELECT DISTINCT status FROM events",
			"+------+\n|status|\n+------+\n|placed|\n+------+\n"},
		{"SELECT 1 + 1, 'x' AS s",
			"+-------+---+\n|(1 + 1)|  s|\n+-------+---+\n|      2|  x|\n+-------+---+\n"},
		{"SELECT count(*) FROM events",
			"+--------+\n|count(1)|\n+--------+\n|       3|\n+--------+\n"},
	}
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			out := must[*DataFrame](t)(s.SQL(ctx, tc.sql))
			if got := must[string](t)(out.Show(ctx, 20, 20, false)); got != tc.want {
				t.Fatalf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	for sql, want := range map[string]string{
		"":                              "[PARSE_EMPTY_STATEMENT]",
		"INSERT INTO events VALUES (1)": "[UNSUPPORTED_INSERT.RDD_BASED]",
		"MERGE INTO events USING x":     "[PARSE_SYNTAX_ERROR]",
		"SELECT * FROM nope":            "[TABLE_OR_VIEW_NOT_FOUND] The table or view `nope` cannot be found.",
		"SELECT * FROM default.events":  "[TABLE_OR_VIEW_NOT_FOUND] The table or view `default`.`events` cannot be found.",
		"SELECT x FROM events":          "[UNRESOLVED_COLUMN.WITH_SUGGESTION]",
		"SELECT status FROM events GROUP BY customer_id": "[MISSING_AGGREGATION]",
		"SELECT * FROM events LIMIT x":                   "[UNRESOLVED_COLUMN.WITH_SUGGESTION]", // as PySpark 4.2.0
	} {
		_, err := s.SQL(ctx, sql)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", sql, err, want)
		}
	}
	if err := df.Write().Format("delta").SaveAsTable(ctx, "saved"); err != nil {
		t.Fatal(err)
	}
	h := must[*DataFrame](t)(s.SQL(ctx, "DESCRIBE HISTORY saved"))
	got := must[[]sqltypes.Row](t)(must[*DataFrame](t)(h.Select("version", "operation")).Collect(ctx))
	if len(got) != 1 || got[0][0] != int64(0) || got[0][1] != "CREATE TABLE AS SELECT" {
		t.Fatalf("history rows %v", got)
	}
}

func TestCatalog(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	if err := df.Write().Format("delta").SaveAsTable(ctx, "b_table"); err != nil {
		t.Fatal(err)
	}
	if err := df.CreateOrReplaceTempView("a_view"); err != nil {
		t.Fatal(err)
	}
	tables := must[[]CatalogTable](t)(s.ListTables())
	if len(tables) != 2 || tables[0].Name != "b_table" || tables[0].TableType != "MANAGED" || !tables[1].IsTemporary {
		t.Fatalf("tables = %+v", tables)
	}
	if !s.TableExists("b_table") || !s.TableExists("default.b_table") || !s.TableExists("a_view") || s.TableExists("default.a_view") || s.TableExists("nope") {
		t.Fatal("tableExists is wrong")
	}
}

// spark.sql's Delta commands: CREATE TABLE (columns, IF NOT EXISTS, AS SELECT), INSERT
// INTO (VALUES, query), UPDATE, DELETE, and reads with VERSION AS OF.
func TestSQLDeltaCommands(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	steps := []struct {
		sql, want string // want: the shown result, "" for no columns, or "error: <substring>"
	}{
		{"CREATE TABLE scores (player STRING, points INT) USING delta", ""},
		{"CREATE TABLE scores (player STRING, points INT) USING delta", "error: [TABLE_OR_VIEW_ALREADY_EXISTS]"},
		{"CREATE TABLE IF NOT EXISTS scores (x INT) USING delta", ""},
		{"CREATE TABLE other (x INT)", "error: add USING delta"},
		{"INSERT INTO scores VALUES ('ann', 3), ('bob', 5)", ""},
		{"INSERT INTO scores VALUES ('cy')", "error: [INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS]"},
		{"INSERT INTO nope VALUES (1)", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"UPDATE scores SET points = points + 10 WHERE player = 'ann'",
			"+-----------------+\n|num_affected_rows|\n+-----------------+\n|                1|\n+-----------------+\n"},
		{"INSERT INTO TABLE scores SELECT 'cy', 1L", ""},
		{"DELETE FROM scores WHERE player = 'bob'",
			"+-----------------+\n|num_affected_rows|\n+-----------------+\n|                1|\n+-----------------+\n"},
		{"SELECT * FROM scores ORDER BY player",
			"+------+------+\n|player|points|\n+------+------+\n|   ann|    13|\n|    cy|     1|\n+------+------+\n"},
		{"SELECT * FROM scores VERSION AS OF 1 ORDER BY player",
			"+------+------+\n|player|points|\n+------+------+\n|   ann|     3|\n|   bob|     5|\n+------+------+\n"},
		{"CREATE TABLE top USING delta AS SELECT player FROM scores WHERE points > 5", ""},
		{"SELECT * FROM top", "+------+\n|player|\n+------+\n|   ann|\n+------+\n"},
		{"CREATE TABLE t2 (x INT) USING delta AS SELECT 1", "error: Schema may not be specified"},
	}
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
	h := must[*DataFrame](t)(s.SQL(ctx, "DESCRIBE HISTORY scores"))
	got := must[[]sqltypes.Row](t)(must[*DataFrame](t)(must[*DataFrame](t)(h.Select("version", "operation")).OrderBy("version")).Collect(ctx))
	var ops []string
	for _, r := range got {
		ops = append(ops, r[1].(string))
	}
	if strings.Join(ops, ",") != "CREATE TABLE,WRITE,UPDATE,WRITE,DELETE" {
		t.Errorf("history %v", ops)
	}
}

// JOIN ... ON / USING of every type and HAVING (on an output column or a new aggregate)
// in spark.sql over temporary views.
func TestSQLJoinHaving(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	emp := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{int32(100), "John", int32(1)}, {int32(200), "Mary", int32(1)}, {int32(300), "Mike", int32(3)}, {int32(400), "Jerry", int32(4)},
	}, "id int, name string, deptno int"))
	dept := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(1), "Marketing"}, {int32(3), "Engineering"}, {int32(9), "Legal"}}, "deptno int, deptname string"))
	if err := emp.CreateOrReplaceTempView("employee"); err != nil {
		t.Fatal(err)
	}
	if err := dept.CreateOrReplaceTempView("department"); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ sql, want string }{
		{"SELECT e.id, d.deptname FROM employee e JOIN department d ON e.deptno = d.deptno ORDER BY e.id",
			"[[100 Marketing] [200 Marketing] [300 Engineering]]"},
		{"SELECT e.id, d.deptname FROM employee AS e LEFT OUTER JOIN department AS d ON e.deptno = d.deptno ORDER BY e.id",
			"[[100 Marketing] [200 Marketing] [300 Engineering] [400 <nil>]]"},
		{"SELECT e.id, d.deptno FROM employee e RIGHT JOIN department d ON e.deptno = d.deptno ORDER BY d.deptno, e.id",
			"[[100 1] [200 1] [300 3] [<nil> 9]]"},
		{"SELECT e.id, d.deptno FROM employee e FULL JOIN department d ON e.deptno = d.deptno ORDER BY e.id NULLS LAST",
			"[[100 1] [200 1] [300 3] [400 <nil>] [<nil> 9]]"},
		{"SELECT * FROM employee LEFT SEMI JOIN department ON employee.deptno = department.deptno ORDER BY id",
			"[[100 John 1] [200 Mary 1] [300 Mike 3]]"},
		{"SELECT id FROM employee e LEFT ANTI JOIN department d ON e.deptno = d.deptno", "[[400]]"},
		{"SELECT deptno, id, deptname FROM employee JOIN department USING (deptno) ORDER BY id", "[[1 100 Marketing] [1 200 Marketing] [3 300 Engineering]]"},
		{"SELECT deptno, count(*) AS n FROM employee GROUP BY deptno HAVING n > 1", "[[1 2]]"},
		{"SELECT deptno FROM employee GROUP BY deptno HAVING count(*) = 1 ORDER BY deptno DESC LIMIT 1", "[[4]]"},
		{"SELECT d.deptname, count(e.id) AS people FROM department d LEFT JOIN employee e ON d.deptno = e.deptno GROUP BY d.deptname HAVING people >= 1 ORDER BY people DESC", "[[Marketing 2] [Engineering 1]]"},
	}
	for _, tc := range tests {
		df, err := s.SQL(ctx, tc.sql)
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		rows := must[[]sqltypes.Row](t)(df.Collect(ctx))
		if got := fmt.Sprint(rows); got != tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.sql, got, tc.want)
		}
	}
	if _, err := s.SQL(ctx, "SELECT id FROM employee HAVING id > 1"); err == nil || !strings.Contains(err.Error(), "MISSING_GROUP_BY") {
		t.Errorf("HAVING without aggregation: %v", err)
	}
}
