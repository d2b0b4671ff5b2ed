package plan

import (
	"context"
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// benchRelation: one task of rows shaped like the course's orders.
func benchRelation(n int) *Relation {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("id INT, name STRING, amount DOUBLE, qty BIGINT, ts TIMESTAMP").AsNullable()}}
	rows := make([]sqltypes.Row, n)
	for i := range rows {
		rows[i] = sqltypes.Row{int32(i), fmt.Sprintf("customer-%d", i%97), float64(i%1000) / 7, int64(i % 13), sqltypes.Timestamp(int64(i) * 1_000_000)}
	}
	rel.Rows = [][]sqltypes.Row{rows}
	return rel
}

func benchProject(b *testing.B, exprs ...string) {
	rel := benchRelation(50_000)
	var es []Expr
	for _, s := range exprs {
		e, err := ParseExpression(s)
		if err != nil {
			b.Fatal(err)
		}
		es = append(es, e)
	}
	p, err := NewProject(rel, es)
	if err != nil {
		b.Fatal(err)
	}
	ec, err := NewEvalContext("UTC", true, ordersNow)
	if err != nil {
		b.Fatal(err)
	}
	ex := &Exec{Eval: ec}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Execute(context.Background(), ex); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProjectStringFunctions: string functions of one and several arguments.
func BenchmarkProjectStringFunctions(b *testing.B) {
	benchProject(b, "upper(name)", "concat(name, '-', id)", "substring(name, 2, 4)", "length(name)")
}

// BenchmarkProjectNumericFunctions: arithmetic, round, abs, coalesce and casts.
func BenchmarkProjectNumericFunctions(b *testing.B) {
	benchProject(b, "round(amount, 2)", "abs(qty - 6)", "amount * qty + 1", "coalesce(amount, 0D)", "CAST(id AS STRING)")
}

// BenchmarkAggregateGrouped: groupBy with count, sum, avg and max.
func BenchmarkAggregateGrouped(b *testing.B) {
	rel := benchRelation(50_000)
	col := func(n string) Expr { return ColumnRef{Parts: []string{n}} }
	agg, err := NewAggregate(rel, []Expr{col("qty")}, []Expr{
		Call{Name: "count", Args: []Expr{Star{}}}, Call{Name: "sum", Args: []Expr{col("amount")}},
		Call{Name: "avg", Args: []Expr{col("id")}}, Call{Name: "max", Args: []Expr{col("name")}},
	}, true)
	if err != nil {
		b.Fatal(err)
	}
	ec, err := NewEvalContext("UTC", true, ordersNow)
	if err != nil {
		b.Fatal(err)
	}
	ex := &Exec{Eval: ec}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := agg.Execute(context.Background(), ex); err != nil {
			b.Fatal(err)
		}
	}
}
