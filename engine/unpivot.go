package engine

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/plan"
)

// Unpivot is df.unpivot(ids, values, variableColumnName, valueColumnName) (melt too): each
// input row becomes one row per value column, holding the id columns, the value column's
// name and its value; the values are cast to their common type. values nil means every
// column that is not an id. Rows come out row by row, value columns in order, as Spark's
// Expand emits them.
func (df *DataFrame) Unpivot(ids, values []*Column, varName, valName string) (*DataFrame, error) {
	if df.IsStreaming() {
		return nil, &plan.UnsupportedError{Message: "kafkalab does not run unpivot on a stream yet"}
	}
	idNames := map[string]bool{}
	for _, c := range ids {
		idNames[exprString(c.expr)] = true
	}
	if values == nil {
		for _, f := range df.Schema().Fields {
			if !idNames[f.Name] {
				values = append(values, positional(df.Schema().Fields, indexOfField(df, f.Name)))
			}
		}
	}
	if len(values) == 0 {
		return nil, &plan.AnalysisError{Class: "UNPIVOT_REQUIRES_VALUE_COLUMNS", Message: "At least one value column needs to be specified for UNPIVOT, all columns specified as ids."}
	}
	// The values' common type: the type a union of them would widen to.
	var common *DataFrame
	for _, v := range values {
		one, err := df.Select(v)
		if err != nil {
			return nil, err
		}
		if common == nil {
			common = one
		} else if common, err = common.Union(one); err != nil {
			return nil, &plan.AnalysisError{Class: "UNPIVOT_VALUE_DATA_TYPE_MISMATCH", Message: fmt.Sprintf("Unpivot value columns must share a least common type, some types do not: %v", err)}
		}
	}
	typ := common.Schema().Fields[0].Type
	pairs := make([]any, len(values))
	for i, v := range values {
		name := exprString(v.expr)
		if a, ok := v.expr.(plan.Alias); ok {
			name, v = a.Name, newColumn(a.Child)
		}
		pairs[i] = Struct(Lit(name).Alias("__var"), v.Cast(typ).Alias("__val"))
	}
	const tmp = "__kafkalab_unpivot"
	sel := make([]any, 0, len(ids)+1)
	for _, c := range ids {
		sel = append(sel, c)
	}
	sel = append(sel, call("explode", call("array", pairs...)).Alias(tmp))
	exploded, err := df.Select(sel...)
	if err != nil {
		return nil, err
	}
	fields := exploded.Schema().Fields
	out := make([]any, 0, len(ids)+2)
	for i := range ids {
		out = append(out, positional(fields, i))
	}
	out = append(out, Col(tmp+".__var").Alias(varName), Col(tmp+".__val").Alias(valName))
	return exploded.Select(out...)
}

func indexOfField(df *DataFrame, name string) int {
	for i, f := range df.Schema().Fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}
