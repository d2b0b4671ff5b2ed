package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// grpRelation is the functions corpus's window fixture (k, v, d, s).
func grpRelation() *Relation {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "k", Type: sqltypes.String, Nullable: true}, {Name: "v", Type: sqltypes.Integer, Nullable: true},
		{Name: "d", Type: sqltypes.Double, Nullable: true}, {Name: "s", Type: sqltypes.String, Nullable: true},
	}}
	rows := []sqltypes.Row{
		{"a", int32(1), 1.0, "x"}, {"a", int32(2), nil, "y"}, {"b", nil, 3.5, nil},
		{"b", int32(4), -1.0, "z"}, {"a", int32(2), 2.0, "x"}, {"c", nil, nil, nil},
	}
	return &Relation{Scope: &Scope{Schema: schema}, Name: "grp", Rows: [][]sqltypes.Row{rows[:3], rows[3:]}}
}

// The names and values are real Spark 4.2's for the same rows (functions corpus goldens),
// listed in k, v, d order. The frames are written in SQL here, so their names are F.expr's
// and spark.sql's (PySpark 4.2.0: ROWS BETWEEN 1 PRECEDING AND CURRENT ROW); the same
// frames from rowsBetween(-1, 0) print -1 FOLLOWING.
func TestWindowFunctionsNamesFramesAndValues(t *testing.T) {
	const spec = "PARTITION BY k ORDER BY v ASC NULLS FIRST, d ASC NULLS FIRST"
	cases := []struct {
		sql, name, values string
	}{
		{"row_number() OVER (PARTITION BY k ORDER BY v, d)", "row_number() OVER (" + spec + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "1 2 3 1 2 1"},
		{"rank() OVER (PARTITION BY k ORDER BY v)", "RANK() OVER (PARTITION BY k ORDER BY v ASC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "1 2 2 1 2 1"},
		{"dense_rank() OVER (ORDER BY v)", "DENSE_RANK() OVER (ORDER BY v ASC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "2 3 3 1 4 1"},
		{"percent_rank() OVER (PARTITION BY k ORDER BY v, d)", "PERCENT_RANK() OVER (" + spec + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "0 0.5 1 0 1 0"},
		{"cume_dist() OVER (PARTITION BY k ORDER BY v)", "cume_dist() OVER (PARTITION BY k ORDER BY v ASC NULLS FIRST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "0.3333333333333333 1 1 0.5 1 1"},
		{"ntile(2) OVER (PARTITION BY k ORDER BY v, d)", "ntile(2) OVER (" + spec + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "1 1 2 1 2 1"},
		{"lag(v, 2, -1) OVER (PARTITION BY k ORDER BY v, d)", "lag(v, 2, -1) OVER (" + spec + " ROWS BETWEEN -2 FOLLOWING AND -2 FOLLOWING)", "-1 -1 1 -1 -1 -1"},
		{"lead(s) OVER (PARTITION BY k ORDER BY v, d)", "lead(s, 1, NULL) OVER (" + spec + " ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)", "y x <nil> z <nil> <nil>"},
		{"nth_value(v, 2) OVER (PARTITION BY k ORDER BY v, d)", "nth_value(v, 2) OVER (" + spec + " RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "<nil> 2 2 <nil> 4 <nil>"},
		{"sum(v) OVER (PARTITION BY k ORDER BY v, d)", "sum(v) OVER (" + spec + " RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "1 3 5 <nil> 4 <nil>"},
		{"sum(v) OVER (PARTITION BY k)", "sum(v) OVER (PARTITION BY k ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)", "5 5 5 4 4 <nil>"},
		{"sum(v) OVER (PARTITION BY k ORDER BY v)", "sum(v) OVER (PARTITION BY k ORDER BY v ASC NULLS FIRST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", "1 5 5 <nil> 4 <nil>"},
		{"avg(d) OVER (PARTITION BY k ORDER BY v, d ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)", "avg(d) OVER (" + spec + " ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)", "1 1 2 3.5 1.25 <nil>"},
		{"count(v) OVER (PARTITION BY k ORDER BY d DESC RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING)", "count(v) OVER (PARTITION BY k ORDER BY d DESC NULLS LAST RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING)", "2 1 2 0 1 0"},
	}
	for _, c := range cases {
		t.Run(c.sql, func(t *testing.T) {
			e, err := ParseExpression(c.sql)
			if err != nil {
				t.Fatal(err)
			}
			p, err := NewProject(grpRelation(), []Expr{Col("k"), Col("v"), Col("d"), e})
			if err != nil {
				t.Fatal(err)
			}
			if got := Schema(p).Fields[3].Name; got != c.name {
				t.Errorf("name\n got %s\nwant %s", got, c.name)
			}
			s, err := NewSort(p, []Expr{Col("k"), Col("v"), Col("d")})
			if err != nil {
				t.Fatal(err)
			}
			var vals []string
			for _, row := range run(t, s) {
				vals = append(vals, fmt.Sprint(row[3]))
			}
			if got := strings.Join(vals, " "); got != c.values {
				t.Errorf("values\n got %s\nwant %s", got, c.values)
			}
		})
	}
}

func TestWindowFunctionErrors(t *testing.T) {
	cases := []struct{ sql, condition string }{
		{"row_number() OVER (PARTITION BY k)", "WINDOW_FUNCTION_FRAME_NOT_ORDERED"},
		{"max(d) OVER (PARTITION BY k ORDER BY v, d RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)", "DATATYPE_MISMATCH.RANGE_FRAME_MULTI_ORDER"},
		// PySpark 4.2.0, F.expr of this text (and spark.sql): the offsets are cast to the STRING
		// order's type first, so the frame's type check fails on the lower bound.
		{"max(d) OVER (PARTITION BY k ORDER BY s RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)", "DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE"},
		{"row_number() OVER (ORDER BY v ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)", "WINDOW_FUNCTION_AND_FRAME_MISMATCH"},
		{"row_number()", "WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE"},
	}
	for _, c := range cases {
		e, err := ParseExpression(c.sql)
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewProject(grpRelation(), []Expr{e})
		if err == nil || !strings.HasPrefix(err.Error(), "["+c.condition+"]") {
			t.Errorf("%s: error %v, want %s", c.sql, err, c.condition)
		}
	}
}
