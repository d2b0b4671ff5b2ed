package plan

import (
	"errors"
	"reflect"
	"sync"
	"testing"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestProjectionFeedsBatchUDFsChunks: a UDF with InvokeBatch gets a chunk of rows per call
// (as Spark feeds a Python worker batches), gives the results a row-by-row Invoke gives,
// aliased or not, in the first or second of two fused projections; a failure is the error.
func TestProjectionFeedsBatchUDFsChunks(t *testing.T) {
	var mu sync.Mutex
	var rowCalls, batchCalls, maxBatch int
	plus := func(v any) (any, error) {
		k := v.(int32)
		if k < 0 {
			return nil, errors.New("negative")
		}
		return int64(k) + 1, nil
	}
	udf := &UDF{Name: "plus", ReturnType: sqltypes.Long,
		Invoke: func(args []any, _ []sqltypes.DataType, _ bool) (any, error) {
			mu.Lock()
			rowCalls++
			mu.Unlock()
			return plus(args[0])
		},
		InvokeBatch: func(args [][]any, _ []sqltypes.DataType, _ bool) ([]any, error) {
			mu.Lock()
			batchCalls++
			maxBatch = max(maxBatch, len(args))
			mu.Unlock()
			out := make([]any, len(args))
			for i, a := range args {
				v, err := plus(a[0])
				if err != nil {
					return nil, err
				}
				out[i] = v
			}
			return out, nil
		}}
	call := Call{Name: "plus", Args: []Expr{ColumnRef{Parts: []string{"k"}}}, UDF: udf}
	for _, tc := range []struct {
		name    string
		perTask int
		aliased bool
		fused   bool // a second projection over the first
		negate  bool // one row makes the UDF fail
	}{
		{"one chunk", 5, false, false, false},
		{"several chunks, aliased", 2*rowiter.DefaultChunkRows + 5, true, false, false},
		{"under a second projection", 300, true, true, false},
		{"a failure is the error", 10, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rowCalls, batchCalls, maxBatch = 0, 0, 0
			rel := eventsRelation(tc.perTask)
			if tc.negate {
				rel.Rows[1][3][0] = int32(-1)
			}
			var e Expr = call
			if tc.aliased {
				e = Alias{Child: call, Name: "p"}
			}
			var n Node
			n, err := NewProject(rel, []Expr{e, ColumnRef{Parts: []string{"k"}}})
			if err != nil {
				t.Fatal(err)
			}
			if tc.fused {
				if n, err = NewProject(n, []Expr{ColumnRef{Parts: []string{"p"}}}); err != nil {
					t.Fatal(err)
				}
			}
			got, err := execTasks(n, &Exec{Eval: evalCtx(t)})
			if tc.negate {
				if err == nil || err.Error() != "negative" {
					t.Fatalf("err = %v, want the UDF's failure", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for ti, rows := range got {
				for i, row := range rows {
					want := int64(rel.Rows[ti][i][0].(int32)) + 1
					if !reflect.DeepEqual(row[0], want) {
						t.Fatalf("task %d row %d: %v, want %d", ti, i, row[0], want)
					}
				}
			}
			if rowCalls != 0 {
				t.Errorf("%d row-by-row calls, want none", rowCalls)
			}
			if want := min(tc.perTask, rowiter.DefaultChunkRows); maxBatch != want {
				t.Errorf("largest batch %d rows, want %d (a chunk)", maxBatch, want)
			}
		})
	}
}
