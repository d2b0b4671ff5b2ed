package engine

import (
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The missing-value functions of df.na (DataFrameNaFunctions): fill, drop and replace.
// Each is a projection or a filter over the DataFrame's columns, built the way Spark builds
// it, so names, types and results follow from the expressions.

// naKind is the family of values a fill or replace applies to: a number fills numeric
// columns, a string string columns, a bool boolean columns.
type naKind int

const (
	naNumeric naKind = iota
	naString
	naBoolean
)

func naKindOf(v any) naKind {
	switch v.(type) {
	case string:
		return naString
	case bool:
		return naBoolean
	}
	return naNumeric
}

func (k naKind) matches(t sqltypes.DataType) bool {
	switch k {
	case naString:
		_, ok := t.(sqltypes.StringType)
		return ok
	case naBoolean:
		_, ok := t.(sqltypes.BooleanType)
		return ok
	}
	return isNumericType(t)
}

func isNumericType(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.FloatType, sqltypes.DoubleType, sqltypes.DecimalType:
		return true
	}
	return sqltypes.IsIntegral(t)
}

// naColumns resolves a subset of column names (nil = every column) to the indexes of the
// DataFrame's top-level columns, with Spark's unresolved-column error for a wrong name.
func (df *DataFrame) naColumns(subset []string) (map[int]bool, error) {
	fields := df.Schema().Fields
	out := map[int]bool{}
	if subset == nil {
		for i := range fields {
			out[i] = true
		}
		return out, nil
	}
	caseSensitive := df.node.Output().CaseSensitive
	for _, name := range subset {
		found := false
		for i, f := range fields {
			if f.Name == name || !caseSensitive && equalFoldASCII(f.Name, name) {
				out[i], found = true, true
			}
		}
		if !found {
			if _, err := df.Col(name); err != nil {
				return nil, err
			}
			return nil, plan.UnresolvedColumnOf([]string{name}, df.Columns())
		}
	}
	return out, nil
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func fieldRef(f sqltypes.StructField) *Column {
	return newColumn(plan.ColumnRef{Parts: []string{f.Name}})
}

// fillColumn is coalesce(col, CAST(value AS type)) under the column's name; a NaN of a
// float or double column counts as missing (nanvl(col, NULL) first), as in Spark.
func fillColumn(f sqltypes.StructField, value any) *Column {
	c := fieldRef(f)
	switch f.Type.(type) {
	case sqltypes.FloatType, sqltypes.DoubleType:
		c = call("nanvl", c, Lit(nil))
	}
	return Coalesce(c, Lit(value).Cast(f.Type)).Alias(f.Name)
}

// FillNA is df.na.fill(value, subset) / df.fillna: value (an int64, float64, string or
// bool) replaces NULLs in the columns of its family (numbers fill every numeric column,
// cast to the column's type); other columns, and columns outside subset, are kept.
func (df *DataFrame) FillNA(value any, subset []string) (*DataFrame, error) {
	in, err := df.naColumns(subset)
	if err != nil {
		return nil, err
	}
	kind := naKindOf(value)
	var cols []any
	for i, f := range df.Schema().Fields {
		if in[i] && kind.matches(f.Type) {
			cols = append(cols, fillColumn(f, value))
		} else {
			cols = append(cols, fieldRef(f))
		}
	}
	return df.Select(cols...)
}

// FillNAMap is df.na.fill({column: value}): each named column's NULLs become its value
// cast to the column's type, whatever the column's type family.
func (df *DataFrame) FillNAMap(names []string, values []any) (*DataFrame, error) {
	fill := map[int]any{}
	for j, name := range names {
		in, err := df.naColumns([]string{name})
		if err != nil {
			return nil, err
		}
		for i := range in {
			fill[i] = values[j]
		}
	}
	var cols []any
	for i, f := range df.Schema().Fields {
		if v, ok := fill[i]; ok {
			cols = append(cols, fillColumn(f, v))
		} else {
			cols = append(cols, fieldRef(f))
		}
	}
	return df.Select(cols...)
}

// DropNA is df.na.drop / df.dropna with minNonNulls already worked out from how and
// thresh: a row stays when at least minNonNulls of the subset's values are neither NULL
// nor NaN (Spark's AtLeastNNonNulls).
func (df *DataFrame) DropNA(minNonNulls int, subset []string) (*DataFrame, error) {
	in, err := df.naColumns(subset)
	if err != nil {
		return nil, err
	}
	var count *Column
	for i, f := range df.Schema().Fields {
		if !in[i] {
			continue
		}
		present := fieldRef(f).IsNotNull()
		switch f.Type.(type) {
		case sqltypes.FloatType, sqltypes.DoubleType:
			present = present.And(call("isnan", fieldRef(f)).Not())
		}
		one := When(present, Lit(int32(1))).Otherwise(Lit(int32(0)))
		if count == nil {
			count = one
		} else {
			count = count.Plus(one)
		}
	}
	if count == nil {
		count = Lit(int32(0))
	}
	return df.Filter(count.Geq(Lit(int32(minNonNulls))))
}

// Replace is df.na.replace / df.replace with the pairs (from[i] -> to[i]) already checked:
// the keys are all numbers (int64/float64), all strings or all bools. Columns of the keys'
// family in subset (nil = all) become CASE col WHEN from THEN CAST(to AS type) ... ELSE col
// END under their own name; a numeric key and a numeric target are compared as doubles.
func (df *DataFrame) Replace(from, to []any, subset []string) (*DataFrame, error) {
	if len(from) == 0 {
		return df, nil
	}
	in, err := df.naColumns(subset)
	if err != nil {
		return nil, err
	}
	kind := naKindOf(from[0])
	asDouble := func(v any) any {
		if f, ok := sqltypes.AsFloat64(v); ok && naKindOf(v) == naNumeric {
			return f
		}
		return v
	}
	var cols []any
	for i, f := range df.Schema().Fields {
		if !in[i] || !kind.matches(f.Type) {
			cols = append(cols, fieldRef(f))
			continue
		}
		key := fieldRef(f)
		var c *Column
		for j := range from {
			cond := key.EqualTo(Lit(asDouble(from[j])))
			if kind != naNumeric {
				cond = key.EqualTo(Lit(from[j]))
			}
			target := to[j]
			if naKindOf(target) == naNumeric && target != nil {
				target = asDouble(target)
			}
			then := Lit(target).Cast(f.Type)
			if c == nil {
				c = When(cond, then)
			} else {
				c = c.When(cond, then)
			}
		}
		cols = append(cols, c.Otherwise(key).Alias(f.Name))
	}
	return df.Select(cols...)
}
