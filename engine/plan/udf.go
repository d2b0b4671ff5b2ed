package plan

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// UDF is a user-defined scalar function (PySpark's udf): called once per row with its
// arguments' values, it returns a value of ReturnType or nil.
type UDF struct {
	Name          string
	ReturnType    sqltypes.DataType
	Deterministic bool
	// Invoke computes one row's result from its arguments' values and types. background
	// is true when a streaming query's own goroutine evaluates the call rather than the
	// goroutine that asked for the rows.
	Invoke func(args []any, types []sqltypes.DataType, background bool) (any, error)
	// InvokeBatch, when set, computes many rows' results in one call: a projection hands
	// a Python UDF a chunk of rows at once, as Spark's BatchEvalPython and ArrowEvalPython
	// feed its Python worker batches rather than a row per round trip.
	InvokeBatch func(args [][]any, types []sqltypes.DataType, background bool) ([]any, error)
}

func (r *resolver) resolveUDF(c Call) (Bound, error) {
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	return &boundUDF{udf: c.UDF, args: args}, nil
}

// boundUDF is a UDF call bound to its arguments. Spark names the column fn(arg, ...).
type boundUDF struct {
	udf  *UDF
	args []Bound
}

func (b *boundUDF) DataType() sqltypes.DataType { return b.udf.ReturnType }
func (b *boundUDF) Nullable() bool              { return true }
func (b *boundUDF) SQL() string {
	parts := make([]string, len(b.args))
	for i, a := range b.args {
		parts[i] = a.SQL()
	}
	return b.udf.Name + "(" + strings.Join(parts, ", ") + ")"
}

func (b *boundUDF) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	vals := make([]any, len(b.args))
	types := make([]sqltypes.DataType, len(b.args))
	for i, a := range b.args {
		types[i] = a.DataType()
		v, err := a.Eval(c, row)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return b.udf.Invoke(vals, types, c != nil && c.Background)
}
