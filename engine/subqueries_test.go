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

// df.scalar() is a scalar subquery: one reading no outer column is its value; a
// correlated one is the aggregate of the inner rows its equalities match (PySpark's
// DataFrame.scalar docstring), count being 0 where no inner row matches.
func TestScalarSubquery(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	employees := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{1, "Alice", 45000, 101}, {2, "Bob", 54000, 101}, {3, "Charlie", 29000, 102},
		{4, "David", 61000, 102}, {5, "Eve", 48000, 101}, {6, "Fay", 10000, 103},
	}, "id INT, name STRING, salary INT, department_id INT"))
	e1, e2 := employees.Alias("e1"), employees.Alias("e2")
	sameDept := func(extra *Column) *DataFrame {
		cond := Col("e2.department_id").EqualTo(Col("e1.department_id").Outer())
		if extra != nil {
			cond = cond.And(extra)
		}
		return must[*DataFrame](t)(e2.Filter(cond))
	}
	scalarOf := func(df *DataFrame, agg *Column) *Column {
		return must[*DataFrame](t)(df.Select(agg)).Scalar(ctx)
	}
	tests := []struct {
		name  string
		query func() (*DataFrame, error)
		want  string
	}{
		{"an uncorrelated value", func() (*DataFrame, error) {
			return employees.Filter(Col("salary").Gt(scalarOf(employees, Avg("salary"))))
		}, "[Alice Bob David Eve]"},
		{"above the department's average", func() (*DataFrame, error) {
			return e1.Filter(Col("salary").Gt(scalarOf(sameDept(nil), Avg("salary"))))
		}, "[Bob David]"},
		{"in a select", func() (*DataFrame, error) {
			return e1.Select(Col("name"), scalarOf(sameDept(nil), Max("salary")).Alias("top"))
		}, "[[Alice 54000] [Bob 54000] [Charlie 61000] [David 61000] [Eve 54000] [Fay 10000]]"},
		{"a count with a condition of its own, 0 where nothing matches", func() (*DataFrame, error) {
			return e1.Select(Col("name"), scalarOf(sameDept(Col("e2.salary").Gt(Lit(50000))), Count(Lit(1))).Alias("n"))
		}, "[[Alice 1] [Bob 1] [Charlie 1] [David 1] [Eve 1] [Fay 0]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.query()
			if err != nil {
				t.Fatal(err)
			}
			sorted := must[*DataFrame](t)(out.OrderBy("name"))
			rows := must[[]sqltypes.Row](t)(sorted.Collect(ctx))
			var got any = rows
			if len(out.Columns()) == len(employees.Columns()) {
				var names []any
				for _, r := range rows {
					names = append(names, r[1])
				}
				got = names
			}
			if fmt.Sprint(got) != tc.want {
				t.Errorf("got %v, want %s (columns %v)", got, tc.want, out.Columns())
			}
		})
	}
	if c := employees.Scalar(ctx); c.Err() == nil {
		t.Error("scalar() of four columns: no error")
	}
}
