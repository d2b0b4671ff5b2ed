package plan

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// udfChunk evaluates a UDF that can take a batch (a Python UDF through Spark Connect) over
// a chunk of rows in one call: its arguments are evaluated for every row first, then the
// function runs on all of them. Spark does the same: its optimizer pulls Python UDFs out
// into an operator of their own that feeds the worker batches of rows, ahead of the
// projection that uses the results, so a UDF's failure surfaces before the projection's.
type udfChunk struct {
	expr *boundUDF
	vals []any // row i's result
}

// batchUDF returns e's UDF call when e is one (aliased or not) that takes batches.
func batchUDF(e Bound) *boundUDF {
	if a, ok := e.(*boundAlias); ok {
		e = a.child
	}
	u, ok := e.(*boundUDF)
	if !ok || u.udf.InvokeBatch == nil {
		return nil
	}
	return u
}

func (uc *udfChunk) prepare(ec *EvalContext, rows []sqltypes.Row) error {
	b := uc.expr
	types := make([]sqltypes.DataType, len(b.args))
	for k, a := range b.args {
		types[k] = a.DataType()
	}
	// One backing array for the chunk's arguments.
	slab := make([]any, len(rows)*len(b.args))
	args := make([][]any, len(rows))
	for i, row := range rows {
		vals := slab[i*len(b.args) : (i+1)*len(b.args) : (i+1)*len(b.args)]
		for k, a := range b.args {
			v, err := a.Eval(ec, row)
			if err != nil {
				return err
			}
			vals[k] = v
		}
		args[i] = vals
	}
	if len(rows) == 0 {
		uc.vals = uc.vals[:0]
		return nil
	}
	vals, err := b.udf.InvokeBatch(args, types, ec != nil && ec.Background)
	if err != nil {
		return err
	}
	if len(vals) != len(rows) {
		return fmt.Errorf("%s: %d results for %d rows", b.udf.Name, len(vals), len(rows))
	}
	uc.vals = vals
	return nil
}
