package engine

import (
	"context"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// GROUP BY n naming a select item that aggregates is GROUP_BY_POS_AGGREGATE, placed at the
// ordinal, without the plan. Wants are PySpark 4.2.0's for spark.sql(sql) over
// spark.range(3) as view t. (Spark's aggExpr qualifies a column by its view, sum(t.id);
// kafkalab names it unqualified, so only a column-free item is compared whole.)
func TestGroupByPositionAggregate(t *testing.T) {
	s := newTestSession(t)
	if err := must[*DataFrame](t)(s.Range(0, 3, 1, 0)).CreateOrReplaceTempView("t"); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ sql, index, text string }{
		{"SELECT id, sum(id) FROM t GROUP BY 2", "2", ""},
		{"SELECT id, sum(id) + 1 FROM t GROUP BY 2", "2", ""},
		{"SELECT id, max(t.id) FROM t GROUP BY id, 2", "2", ""},
		{"SELECT id AS k, count(*) AS c FROM t GROUP BY 1, 2", "2",
			"[GROUP_BY_POS_AGGREGATE] GROUP BY 2 refers to an expression count(1) AS c that contains an aggregate function. Aggregate functions are not allowed in GROUP BY. SQLSTATE: 42903; line 1 pos 49"},
	}
	for _, c := range cases {
		_, err := s.SQL(context.Background(), c.sql)
		e, ok := sparkerrors.As(err)
		if !ok || e.Class != "GROUP_BY_POS_AGGREGATE" {
			t.Errorf("%s: %v, want GROUP_BY_POS_AGGREGATE", c.sql, err)
			continue
		}
		if p := e.Parameters(); len(p) != 2 || p[0].Name != "index" || p[0].Value != c.index || p[1].Name != "aggExpr" {
			t.Errorf("%s: parameters %v", c.sql, p)
		}
		if c.text != "" && e.Text() != c.text {
			t.Errorf("%s:\n got %q\nwant %q", c.sql, e.Text(), c.text)
		}
	}
}

// A table read by its name qualifies its columns by it: spark.sql("SELECT t.id FROM t")
// over a temporary view gives the view's ids in PySpark 4.2.0 (kafkalab refused t.id
// unless the query joined).
func TestViewNameQualifiesColumns(t *testing.T) {
	s := newTestSession(t)
	if err := must[*DataFrame](t)(s.Range(0, 3, 1, 0)).CreateOrReplaceTempView("t"); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{"SELECT t.id FROM t", "SELECT id, max(t.id) FROM t GROUP BY id"} {
		df, err := s.SQL(context.Background(), sql)
		if err != nil {
			t.Errorf("%s: %v", sql, err)
			continue
		}
		rows, err := df.Collect(context.Background())
		if err != nil || len(rows) != 3 {
			t.Errorf("%s: %d rows, %v; want 3", sql, len(rows), err)
		}
	}
}
