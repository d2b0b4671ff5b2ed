package plan

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func mustExpr(t *testing.T, sql string) Expr {
	t.Helper()
	e, err := ParseExpression(sql)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// eventsRelation: three tasks of JSON events, enough rows for the parallel path.
func eventsRelation(perTask int) *Relation {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("k INT, v STRING, s STRING, z INT")}}
	for t := 0; t < 3; t++ {
		var rows []sqltypes.Row
		for i := 0; i < perTask; i++ {
			k := t*perTask + i
			rows = append(rows, sqltypes.Row{int32(k), fmt.Sprintf(`{"a":%d,"b":"x%d"}`, k, k%7), "12", int32(1)})
		}
		rel.Rows = append(rel.Rows, rows)
	}
	return rel
}

// TestFusedProjectionMatchesTwoPasses: select(from_json(v).alias("e"), k).select("e.*", k)
// gives, task by task, the rows the two projections give one after the other.
func TestFusedProjectionMatchesTwoPasses(t *testing.T) {
	for _, perTask := range []int{2, 3000, 2*projectChunk + 5} { // sequential, parallel, chunked
		rel := eventsRelation(perTask)
		inner, err := NewProject(rel, []Expr{
			Alias{Child: FromJSON{Child: ColumnRef{Parts: []string{"v"}}, Schema: sqltypes.MustParseDDL("a INT, b STRING")}, Name: "e"},
			ColumnRef{Parts: []string{"k"}}})
		if err != nil {
			t.Fatal(err)
		}
		outer, err := NewProject(inner, []Expr{Star{Target: []string{"e"}}, ColumnRef{Parts: []string{"k"}}})
		if err != nil {
			t.Fatal(err)
		}
		ex := &Exec{Eval: evalCtx(t)}
		got, err := outer.Execute(context.Background(), ex)
		if err != nil {
			t.Fatal(err)
		}
		// The two projections one row at a time, the plain way.
		want := make([][]sqltypes.Row, len(rel.Rows))
		for ti, rows := range rel.Rows {
			want[ti] = []sqltypes.Row{}
			for _, row := range rows {
				var mid, res sqltypes.Row
				for _, e := range inner.Exprs {
					v, err := e.Eval(ex.Eval, row)
					if err != nil {
						t.Fatal(err)
					}
					mid = append(mid, v)
				}
				for _, e := range outer.Exprs {
					v, err := e.Eval(ex.Eval, mid)
					if err != nil {
						t.Fatal(err)
					}
					res = append(res, v)
				}
				want[ti] = append(want[ti], res)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("perTask %d: fused projection differs from two passes", perTask)
		}
		if len(got) != 3 || len(got[2]) != perTask {
			t.Fatalf("perTask %d: got %d tasks", perTask, len(got))
		}
		last := int32(3*perTask - 1)
		if r := got[2][perTask-1]; !reflect.DeepEqual(r, sqltypes.Row{last, fmt.Sprintf("x%d", last%7), last}) {
			t.Fatalf("perTask %d: last row %#v", perTask, r)
		}
	}
}

// TestFusedProjectionErrorOrder: the inner projection runs over every row before the
// outer one, so an inner error in the last task wins over an outer error in the first row.
func TestFusedProjectionErrorOrder(t *testing.T) {
	for _, perTask := range []int{2, 3000, 2*projectChunk + 5} {
		rel := eventsRelation(perTask)
		rel.Rows[0][0][3] = int32(0)               // outer: 10 / z divides by zero in the first row
		rel.Rows[2][perTask-1][2] = "not a number" // inner: CAST(s AS INT) fails in the last row
		inner, err := NewProject(rel, []Expr{Alias{Child: mustExpr(t, "CAST(s AS INT)"), Name: "n"}, ColumnRef{Parts: []string{"z"}}})
		if err != nil {
			t.Fatal(err)
		}
		outer, err := NewProject(inner, []Expr{mustExpr(t, "10 / z"), ColumnRef{Parts: []string{"n"}}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = outer.Execute(context.Background(), &Exec{Eval: evalCtx(t)})
		if err == nil || !strings.Contains(err.Error(), "[CAST_INVALID_INPUT]") {
			t.Fatalf("perTask %d: error %v, want the inner CAST_INVALID_INPUT", perTask, err)
		}
	}
}

// TestParallelTasksPanicReachesCaller: a panic in a task goroutine is raised again in the
// caller, where the query's recovery turns it into an error instead of a crash.
func TestParallelTasksPanicReachesCaller(t *testing.T) {
	defer func() {
		if r := recover(); r != "boom 1" {
			t.Fatalf("recovered %v, want boom 1", r)
		}
	}()
	_ = forEachTask(3, parallelMinRows, func(i int) error {
		if i >= 1 {
			panic(fmt.Sprintf("boom %d", i))
		}
		return nil
	})
	t.Fatal("no panic")
}

// TestParallelProjectionFirstErrorWins: with tasks cut into chunks and run in parallel,
// the error is still the one of the first failing row in task and row order.
func TestParallelProjectionFirstErrorWins(t *testing.T) {
	perTask := 2*projectChunk + 5
	for _, tc := range []struct {
		castAt, divAt [2]int // task, row
		want          string
	}{
		{[2]int{0, projectChunk + 1}, [2]int{2, perTask - 1}, "[CAST_INVALID_INPUT]"},
		{[2]int{1, perTask - 1}, [2]int{1, 3}, "[DIVIDE_BY_ZERO]"},
	} {
		rel := eventsRelation(perTask)
		rel.Rows[tc.castAt[0]][tc.castAt[1]][2] = "x"
		rel.Rows[tc.divAt[0]][tc.divAt[1]][3] = int32(0)
		p, err := NewProject(rel, []Expr{mustExpr(t, "CAST(s AS INT)"), mustExpr(t, "10 / z")})
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Execute(context.Background(), &Exec{Eval: evalCtx(t)})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("cast at %v, division at %v: error %v, want %s", tc.castAt, tc.divAt, err, tc.want)
		}
	}
}
