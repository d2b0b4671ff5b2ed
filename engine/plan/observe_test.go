package plan

import (
	"errors"
	"strings"
	"testing"
)

func TestColumnOutsideAggregate(t *testing.T) {
	col := func(n string) Expr { return ColumnRef{Parts: []string{n}} }
	sum := func(e Expr) Expr { return Call{Name: "sum", Args: []Expr{e}} }
	cases := []struct {
		name string
		e    Expr
		want string // "" when every column is read through an aggregate
	}{
		{"aggregate only", sum(col("amount")), ""},
		{"bare column", col("amount"), "amount"},
		{"column beside an aggregate", BinaryOp{Op: "+", Left: sum(col("amount")), Right: col("fee")}, "fee"},
		{"same column inside and outside", BinaryOp{Op: "+", Left: sum(col("amount")), Right: col("amount")}, "amount"},
		{"pointer column", &ColumnRef{Parts: []string{"qty"}}, "qty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref, ok := columnOutsideAggregate(c.e)
			got := ""
			if ok {
				got = strings.Join(ref.Parts, ".")
			}
			if got != c.want {
				t.Fatalf("columnOutsideAggregate = %q, want %q", got, c.want)
			}
		})
	}
}

func TestNewObserveNamesTheBareColumn(t *testing.T) {
	_, err := NewObserve(nil, "m", []Expr{ColumnRef{Parts: []string{"amount"}}})
	var ae *AnalysisError
	if !errors.As(err, &ae) || ae.Class != "INVALID_OBSERVED_METRICS.NON_AGGREGATE_FUNC_ARG_IS_ATTRIBUTE" ||
		!strings.Contains(ae.Message, `Attribute "amount" can only be used`) {
		t.Fatalf("NewObserve error = %v", err)
	}
}
