package pyspark

import (
	"math/big"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyspark.sql.Window and WindowSpec, and Column.over.

// pyWindowSpec is pyspark.sql.WindowSpec.
type pyWindowSpec struct{ w *engine.WindowSpec }

var windowSpecType = py.NewType("WindowSpec", "A window specification: partitioning, ordering and frame.")

func (w *pyWindowSpec) Type() *py.Type { return windowSpecType }

// pyWindow is the pyspark.sql.Window class: its static methods start a WindowSpec.
type pyWindow struct{}

var windowType = py.NewType("Window", "Utility functions for defining windows in DataFrames.")

func (*pyWindow) Type() *py.Type { return windowType }

// windowClass is the Window object scripts import.
var windowClass = &pyWindow{}

// PySpark's thresholds: offsets at or past them are the unbounded ends.
const (
	javaMinLong        = -9223372036854775808
	javaMaxLong        = 9223372036854775807
	precedingThreshold = -9223372036854775807
	followingThreshold = 9223372036854775807
)

func init() {
	windowType.Dict["unboundedPreceding"] = py.Int(javaMinLong)
	windowType.Dict["unboundedFollowing"] = py.Int(javaMaxLong)
	windowType.Dict["currentRow"] = py.Int(0)
	specMethods := func(t *py.Type, spec func(self py.Object) *engine.WindowSpec) {
		python.DefMethod(t, "partitionBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			cs, err := windowColumns("partitionBy", args, kwargs)
			if err != nil {
				return nil, err
			}
			return newPyWindowSpec(spec(self).PartitionBy(cs...))
		})
		python.DefMethod(t, "orderBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			cs, err := windowColumns("orderBy", args, kwargs)
			if err != nil {
				return nil, err
			}
			return newPyWindowSpec(spec(self).OrderBy(cs...))
		})
		between := func(name string, f func(w *engine.WindowSpec, start, end int64) *engine.WindowSpec) {
			python.DefMethod(t, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				a, err := python.ParseArgs(name, args, kwargs, []string{"start", "end"}, 2)
				if err != nil {
					return nil, err
				}
				start, err := frameOffset("start", a[0])
				if err != nil {
					return nil, err
				}
				end, err := frameOffset("end", a[1])
				if err != nil {
					return nil, err
				}
				if start <= precedingThreshold {
					start = engine.WindowUnboundedPreceding
				}
				if end >= followingThreshold {
					end = engine.WindowUnboundedFollowing
				}
				return newPyWindowSpec(f(spec(self), start, end))
			})
		}
		between("rowsBetween", (*engine.WindowSpec).RowsBetween)
		between("rangeBetween", (*engine.WindowSpec).RangeBetween)
	}
	specMethods(windowType, func(py.Object) *engine.WindowSpec { return engine.NewWindowSpec() })
	specMethods(windowSpecType, func(self py.Object) *engine.WindowSpec { return self.(*pyWindowSpec).w })

	python.DefMethod(columnType, "over", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("over", args, kwargs, []string{"window"}, 1)
		if err != nil {
			return nil, err
		}
		w, ok := a[0].(*pyWindowSpec)
		if !ok {
			return nil, notExpectedType("window", "WindowSpec", a[0])
		}
		return newPyColumn(self.(*pyColumn).c.Over(w.w))
	})
}

func newPyWindowSpec(w *engine.WindowSpec) (py.Object, error) {
	if err := w.Err(); err != nil {
		return nil, engineError(err)
	}
	return &pyWindowSpec{w}, nil
}

// windowColumns reads partitionBy/orderBy's columns: names or Columns, or one list of them.
func windowColumns(name string, args py.Tuple, kwargs py.StringDict) ([]any, error) {
	if len(kwargs) > 0 {
		for k := range kwargs {
			return nil, py.ExceptionNewf(py.TypeError, "%s() got an unexpected keyword argument '%s'", name, k)
		}
	}
	if len(args) == 1 {
		if _, isStr := args[0].(py.String); !isStr {
			if items, ok := python.SeqItems(args[0]); ok {
				args = items
			}
		}
	}
	out := make([]any, len(args))
	for i, a := range args {
		c, err := colOrName(name, a)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// frameOffset reads a frame bound: an int, as large as Java's long range.
func frameOffset(arg string, o py.Object) (int64, error) {
	switch x := o.(type) {
	case py.Int:
		return int64(x), nil
	case *py.BigInt:
		if v, err := x.GoInt64(); err == nil {
			return v, nil
		}
		if (*big.Int)(x).Sign() < 0 {
			return javaMinLong, nil
		}
		return javaMaxLong, nil
	}
	return 0, notExpectedType(arg, "int", o)
}
