package plan

import (
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// repartitionByRange places rows as Spark's RangePartitioner does over a fully sampled
// input: bounds cut the sorted keys into ranges of equal weight, equal keys share a bound,
// and a range's rows come in input order (PySpark's docstring: 14 and 16 in range 0, 23
// in range 1).
func TestRangeRepartition(t *testing.T) {
	schema := sqltypes.MustParseDDL("k INT")
	rowsOf := func(vals ...any) []sqltypes.Row {
		var out []sqltypes.Row
		for _, v := range vals {
			out = append(out, sqltypes.Row{v})
		}
		return out
	}
	tests := []struct {
		name  string
		tasks [][]sqltypes.Row
		key   Expr
		n     int
		want  string
	}{
		{"the docstring's ages", [][]sqltypes.Row{rowsOf(int32(14), int32(23), int32(16))}, Col("k"), 2, "[[[14] [16]] [[23]]]"},
		{"equal keys, one bound", [][]sqltypes.Row{rowsOf(int32(1), int32(1), int32(2), int32(1), int32(1))}, Col("k"), 2, "[[[1] [1] [1] [1]] [[2]]]"},
		{"descending", [][]sqltypes.Row{rowsOf(int32(14), int32(23), int32(16))}, SortOrder{Child: Col("k"), Desc: true}, 2, "[[[23] [16]] [[14]]]"},
		{"nulls first", [][]sqltypes.Row{rowsOf(nil, int32(5), int32(3))}, Col("k"), 2, "[[[<nil>] [3]] [[5]]]"},
		{"tasks in input order", [][]sqltypes.Row{rowsOf(int32(5), int32(1)), rowsOf(int32(3), int32(9), int32(7), int32(2))}, Col("k"), 3,
			"[[[1] [2]] [[5] [3]] [[9] [7]]]"},
		// Two keys make two ranges, so two tasks, whatever n.
		{"more ranges than keys", [][]sqltypes.Row{rowsOf(int32(2), int32(1))}, Col("k"), 4, "[[[1]] [[2]]]"},
		{"no rows", [][]sqltypes.Row{nil, nil}, Col("k"), 3, "[[]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewRangeRepartition(&Relation{Scope: &Scope{Schema: schema}, Name: "t", Rows: tc.tasks}, []Expr{tc.key}, tc.n, false)
			if err != nil {
				t.Fatal(err)
			}
			tasks, err := execTasks(r, &Exec{Eval: evalCtx(t)})
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(tasks); got != tc.want {
				t.Errorf("tasks %s, want %s", got, tc.want)
			}
		})
	}
}

// repartitionById sends a row to task pmod(id, n) and a NULL id to task 0; zipWithIndex
// numbers rows from 0 across the tasks in order.
func TestIDRepartitionAndZipWithIndex(t *testing.T) {
	schema := sqltypes.MustParseDDL("id INT")
	tasks := [][]sqltypes.Row{{{int32(0)}, {int32(4)}, {nil}}, {}, {{int32(-1)}, {int32(2)}}}
	rel := &Relation{Scope: &Scope{Schema: schema}, Name: "t", Rows: tasks}
	tests := []struct {
		name string
		node func() (Node, error)
		want string
	}{
		{"by id", func() (Node, error) { return NewIDRepartition(rel, Col("id"), 3) }, "[[[0] [<nil>]] [[4]] [[-1] [2]]]"},
		{"one task", func() (Node, error) { return NewIDRepartition(rel, Col("id"), 1) }, "[[[0] [4] [<nil>] [-1] [2]]]"},
		{"numbered", func() (Node, error) { return NewZipWithIndex(rel, "index"), nil }, "[[[0 0] [4 1] [<nil> 2]] [] [[-1 3] [2 4]]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := tc.node()
			if err != nil {
				t.Fatal(err)
			}
			got, err := execTasks(n, &Exec{Eval: evalCtx(t)})
			if err != nil {
				t.Fatal(err)
			}
			if s := fmt.Sprint(got); s != tc.want {
				t.Errorf("tasks %s, want %s", s, tc.want)
			}
		})
	}
	if _, err := NewIDRepartition(rel, Literal{Value: "x", Type: sqltypes.String}, 2); err == nil {
		t.Error("a string partition id: no error")
	}
	if got := NewZipWithIndex(rel, "row_id").Output().Schema.SQL(); got != "STRUCT<id: INT, row_id: BIGINT NOT NULL>" {
		t.Errorf("schema %s", got)
	}
}
