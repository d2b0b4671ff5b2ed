package plan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/rowiter"
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

// eventsRelation: three tasks of JSON events.
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
	for _, perTask := range []int{2, 3000, 2*rowiter.DefaultChunkRows + 5} { // one chunk, several
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
		got, err := execTasks(outer, ex)
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

// TestFusedProjectionErrorOrder: rows flow one at a time through both projections, as in
// Spark's whole-stage code, so the first failing row gives the error: an outer error in
// the first row wins over an inner error in the last task, and an inner error wins over
// an outer one in a later row.
func TestFusedProjectionErrorOrder(t *testing.T) {
	for _, perTask := range []int{2, 3000, 2*rowiter.DefaultChunkRows + 5} {
		for _, tc := range []struct {
			divAt, castAt [2]int // task, row
			want          string
		}{
			{[2]int{0, 0}, [2]int{2, perTask - 1}, "[DIVIDE_BY_ZERO]"},
			{[2]int{1, perTask - 1}, [2]int{1, 1}, "[CAST_INVALID_INPUT]"},
		} {
			rel := eventsRelation(perTask)
			rel.Rows[tc.divAt[0]][tc.divAt[1]][3] = int32(0)         // outer: 10 / z divides by zero
			rel.Rows[tc.castAt[0]][tc.castAt[1]][2] = "not a number" // inner: CAST(s AS INT) fails
			inner, err := NewProject(rel, []Expr{Alias{Child: mustExpr(t, "CAST(s AS INT)"), Name: "n"}, ColumnRef{Parts: []string{"z"}}})
			if err != nil {
				t.Fatal(err)
			}
			outer, err := NewProject(inner, []Expr{mustExpr(t, "10 / z"), ColumnRef{Parts: []string{"n"}}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = execTasks(outer, &Exec{Eval: evalCtx(t)})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("perTask %d, division at %v, cast at %v: error %v, want %s", perTask, tc.divAt, tc.castAt, err, tc.want)
			}
		}
	}
}

// TestParallelProjectionFirstErrorWins: with tasks read in parallel, the error is still
// the one of the first failing row in task and row order.
func TestParallelProjectionFirstErrorWins(t *testing.T) {
	perTask := 2*rowiter.DefaultChunkRows + 5
	for _, tc := range []struct {
		castAt, divAt [2]int // task, row
		want          string
	}{
		{[2]int{0, rowiter.DefaultChunkRows + 1}, [2]int{2, perTask - 1}, "[CAST_INVALID_INPUT]"},
		{[2]int{1, perTask - 1}, [2]int{1, 3}, "[DIVIDE_BY_ZERO]"},
		{[2]int{2, 0}, [2]int{0, perTask - 1}, "[DIVIDE_BY_ZERO]"},
	} {
		rel := eventsRelation(perTask)
		rel.Rows[tc.castAt[0]][tc.castAt[1]][2] = "x"
		rel.Rows[tc.divAt[0]][tc.divAt[1]][3] = int32(0)
		p, err := NewProject(rel, []Expr{mustExpr(t, "CAST(s AS INT)"), mustExpr(t, "10 / z")})
		if err != nil {
			t.Fatal(err)
		}
		_, err = execTasks(p, &Exec{Eval: evalCtx(t)})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("cast at %v, division at %v: error %v, want %s", tc.castAt, tc.divAt, err, tc.want)
		}
	}
}

// TestProjectionStreamsChunks: a projection hands its rows on a chunk at a time, never
// more rows than the chunk size, and reads its input no further than asked.
func TestProjectionStreamsChunks(t *testing.T) {
	rel := eventsRelation(10)
	p, err := NewProject(rel, []Expr{mustExpr(t, "k + 1")})
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := Run(context.Background(), p, &Exec{Eval: evalCtx(t), ChunkRows: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer rowiter.CloseAll(tasks)
	var sizes []int
	for {
		rows, err := tasks[1].Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(rows))
		if rows[0][0] != int32(10+len(sizes)*4-4+1) {
			t.Fatalf("chunk %d starts with %v", len(sizes), rows[0])
		}
	}
	if fmt.Sprint(sizes) != "[4 4 2]" {
		t.Fatalf("chunk sizes %v, want [4 4 2]", sizes)
	}
}

// TestPanicInStreamIsAnError: a panic while a task's rows are read (after Execute
// returned) is an InternalError, not a crash.
func TestPanicInStreamIsAnError(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("k INT")}, Load: func(context.Context) ([]rowiter.Iter, error) {
		return []rowiter.Iter{rowiter.Func(func(context.Context) ([]sqltypes.Row, error) { panic("boom") }, nil)}, nil
	}}
	_, err := execTasks(rel, &Exec{Eval: evalCtx(t)})
	var ie *InternalError
	if !errors.As(err, &ie) || ie.Value != "boom" {
		t.Fatalf("error %v, want an InternalError for the panic", err)
	}
}

// TestKafkaFromJSONByChunk: from_json of a Kafka value, evaluated a chunk at a time (one
// text copy per chunk, one scratch struct when only its fields are read), gives what
// evaluating it row by row gives: nulls, empty and malformed values included, and whether
// the outer projection keeps the struct or only reads its fields.
func TestKafkaFromJSONByChunk(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("value BINARY, p INT")}}
	var rows []sqltypes.Row
	for i := 0; i < 3*rowiter.DefaultChunkRows+17; i++ {
		var v any = []byte(fmt.Sprintf(`{"a":%d,"b":"x%d","c":{"d":%d}}`, i, i%7, i))
		switch i % 11 {
		case 3:
			v = nil
		case 5:
			v = []byte("")
		case 7:
			v = []byte(`{"a": "not a number"`)
		case 9:
			v = []byte(`{"b":"only b"}`)
		}
		rows = append(rows, sqltypes.Row{v, int32(i % 3)})
	}
	rel.Rows = [][]sqltypes.Row{rows[:100], rows[100:]}
	fj := FromJSON{Child: Cast{Child: ColumnRef{Parts: []string{"value"}}, To: sqltypes.String}, Schema: sqltypes.MustParseDDL("a INT, b STRING, c STRUCT<d: INT>")}
	inner, err := NewProject(rel, []Expr{Alias{Child: fj, Name: "e"}, ColumnRef{Parts: []string{"p"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		outer  []Expr
		reuse  bool
		direct bool // the outer values are copied without Eval
	}{
		{[]Expr{Star{Target: []string{"e"}}, ColumnRef{Parts: []string{"p"}}}, true, true},                 // fields only: scratch struct
		{[]Expr{ColumnRef{Parts: []string{"e"}}, ColumnRef{Parts: []string{"e", "c", "d"}}}, false, false}, // the struct itself; a nested field
	} {
		outer, err := NewProject(inner, tc.outer)
		if err != nil {
			t.Fatal(err)
		}
		ex := &Exec{Eval: evalCtx(t)}
		if p := newProjector(ex.Eval, inner.Exprs, outer.Exprs); p.json == nil || p.json[0] == nil || p.json[0].reuse != tc.reuse {
			t.Fatalf("%v: from_json is not evaluated by chunk with reuse=%v", tc.outer, tc.reuse)
		} else if (p.direct != nil) != tc.direct {
			t.Fatalf("%v: direct reads %v, want %v", tc.outer, p.direct != nil, tc.direct)
		}
		got, err := execTasks(outer, ex)
		if err != nil {
			t.Fatal(err)
		}
		for ti, task := range rel.Rows {
			for ri, row := range task {
				var mid, want sqltypes.Row
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
					want = append(want, v)
				}
				if !reflect.DeepEqual(got[ti][ri], want) {
					t.Fatalf("task %d row %d: %#v, want %#v", ti, ri, got[ti][ri], want)
				}
			}
		}
	}
}

// releasingSource hands out fixed chunks and counts the ones handed back to it.
type releasingSource struct {
	chunks   [][]sqltypes.Row
	last     []sqltypes.Row
	released int
}

func (s *releasingSource) Next(context.Context) ([]sqltypes.Row, error) {
	if len(s.chunks) == 0 {
		return nil, io.EOF
	}
	s.last, s.chunks = s.chunks[0], s.chunks[1:]
	return s.last, nil
}

func (s *releasingSource) Release(rows []sqltypes.Row) {
	if &rows[0] == &s.last[0] {
		s.released++
	}
}

func (s *releasingSource) Close() error { return nil }

// TestProjectionReleasesRows: a projection hands every chunk it read back to its source
// (its rows are new, never the rows read), and reuses its own rows for the next chunk
// only when its consumer handed them back; rows kept are never written again.
func TestProjectionReleasesRows(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("k INT, v STRING")}}
	proj, err := NewProject(rel, []Expr{ColumnRef{Parts: []string{"v"}}, ColumnRef{Parts: []string{"k"}}})
	if err != nil {
		t.Fatal(err)
	}
	src := &releasingSource{}
	for c := 0; c < 3; c++ {
		var chunk []sqltypes.Row
		for i := 0; i < 5-c; i++ { // shrinking chunks: a reused slab is cut to size
			chunk = append(chunk, sqltypes.Row{int32(10*c + i), fmt.Sprint("v", 10*c+i)})
		}
		src.chunks = append(src.chunks, chunk)
	}
	it := projectStreams(evalCtx(t), nil, proj.Exprs, []rowiter.Iter{src})[0]
	check := func(c int, rows []sqltypes.Row) {
		t.Helper()
		if len(rows) != 5-c {
			t.Fatalf("chunk %d: %d rows", c, len(rows))
		}
		for i, r := range rows {
			if want := (sqltypes.Row{fmt.Sprint("v", 10*c+i), int32(10*c + i)}); !reflect.DeepEqual(r, want) {
				t.Fatalf("chunk %d row %d: %v, want %v", c, i, r, want)
			}
		}
	}
	ctx := context.Background()
	c0, _ := it.Next(ctx)
	check(0, c0)
	first := &c0[0][0]
	rowiter.Release(it, c0)
	c1, _ := it.Next(ctx)
	check(1, c1)
	if &c1[0][0] != first {
		t.Error("the rows handed back were not reused")
	}
	// c1's rows are kept (the chunk slice itself is only valid until the next Next):
	// the next chunk must not touch them.
	kept := append([]sqltypes.Row(nil), c1...)
	c2, _ := it.Next(ctx)
	check(2, c2)
	check(1, kept)
	if &c2[0][0] == &kept[0][0] {
		t.Error("rows not handed back were reused")
	}
	if src.released != 3 {
		t.Errorf("%d chunks handed back to the source, want 3", src.released)
	}
}
