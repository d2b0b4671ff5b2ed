package engine

import (
	"context"
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
		"INSERT INTO events VALUES (1)": "kafkalab's spark.sql supports SELECT",
		"SELECT * FROM nope":            "[TABLE_OR_VIEW_NOT_FOUND] The table or view `nope` cannot be found.",
		"SELECT * FROM default.events":  "[TABLE_OR_VIEW_NOT_FOUND] The table or view `default`.`events` cannot be found.",
		"SELECT x FROM events":          "[UNRESOLVED_COLUMN.WITH_SUGGESTION]",
		"SELECT status FROM events GROUP BY customer_id": "[MISSING_AGGREGATION]",
		"SELECT * FROM events LIMIT x":                   "[PARSE_SYNTAX_ERROR]",
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
