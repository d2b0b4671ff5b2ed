package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// df.exists() over a DataFrame whose where() reads the outer query (col.outer()) keeps
// the outer rows that have a match, NOT exists those that have none (PySpark's
// DataFrame.exists docstring).
func TestExistsSubquery(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	customers := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{101, "Alice", "USA"}, {102, "Bob", "Canada"}, {103, "Charlie", "USA"}, {104, "David", "Australia"},
	}, "customer_id INT, customer_name STRING, country STRING"))
	orders := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{1, 101, 250}, {2, 102, 300}, {3, 103, 400}, {4, 101, 150},
	}, "order_id INT, customer_id INT, total_amount INT"))
	o, c := orders.Alias("o"), customers.Alias("c")
	ordersOf := must[*DataFrame](t)(o.Filter(Col("o.customer_id").EqualTo(Col("c.customer_id").Outer())))
	usaOf := must[*DataFrame](t)(c.Filter(Col("c.customer_id").EqualTo(Col("o.customer_id").Outer()).And(Col("country").EqualTo(Lit("USA")))))
	tests := []struct {
		name  string
		outer *DataFrame
		cond  *Column
		want  string
	}{
		{"exists", c, ordersOf.Exists(ctx), "[101 102 103]"},
		{"not exists", c, ordersOf.Exists(ctx).Not(), "[104]"},
		{"exists and another condition", c, ordersOf.Exists(ctx).And(Col("country").EqualTo(Lit("USA"))), "[101 103]"},
		{"a condition of the subquery's own", o, usaOf.Exists(ctx), "[1 3 4]"},
		{"an uncorrelated subquery", c, orders.Exists(ctx), "[101 102 103 104]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.outer.Filter(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			sorted := must[*DataFrame](t)(out.OrderBy(out.Columns()[0]))
			got := must[[]sqltypes.Row](t)(sorted.Collect(ctx))
			var firsts []any
			for _, r := range got {
				firsts = append(firsts, r[0])
			}
			if fmt.Sprint(firsts) != tc.want {
				t.Errorf("rows %v, want %s", firsts, tc.want)
			}
			if n := len(out.Columns()); n != len(tc.outer.Columns()) {
				t.Errorf("%d columns, want the outer query's %d", n, len(tc.outer.Columns()))
			}
		})
	}
	if _, err := ordersOf.Collect(ctx); err == nil {
		t.Error("a DataFrame reading an outer query ran on its own")
	}
}
