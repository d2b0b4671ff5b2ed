package sparkparquet

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

type nodeKind int

const (
	kindLeaf nodeKind = iota
	kindStruct
	kindList
	kindMap
)

// emitter appends the parquet values of one value (all leaf columns under it) with the
// repetition and definition levels Dremel encoding needs. Spark's layouts: struct = group,
// array = LIST group with a repeated "list" group holding "element", map = MAP group with a
// repeated "key_value" group holding "key" and "value".
type emitter struct {
	name     string
	nullable bool
	kind     nodeKind
	// leaf
	col  int
	conv func(v any) (parquet.Value, error)
	// fast is the inline conversion Writer.Write tries first (fastNone: none);
	// precision and scale are a decimal column's.
	fast             fastKind
	precision, scale int
	// struct fields; list [element]; map [key, value]
	children []*emitter
	leaves   []int // every leaf column under this node, for nulls and empty collections
	repLevel int   // list/map: the repetition level of the repeated group
}

// emit appends v's values to cols, each leaf column's values to its own slice. rep is the
// repetition level for the first value of each leaf column, def the definition level
// reached by the ancestors.
func (e *emitter) emit(v any, rep, def int, cols [][]parquet.Value) error {
	if m, ok := v.(*sqltypes.MapValue); ok && m == nil {
		v = nil
	}
	if v == nil {
		if !e.nullable {
			return fmt.Errorf("column %s is not nullable but the value is null", e.name)
		}
		for _, c := range e.leaves {
			cols[c] = append(cols[c], parquet.NullValue().Level(rep, def, c))
		}
		return nil
	}
	if e.nullable {
		def++
	}
	switch e.kind {
	case kindLeaf:
		pv, err := e.conv(v)
		if err != nil {
			return fmt.Errorf("column %s: %w", e.name, err)
		}
		cols[e.col] = append(cols[e.col], pv.Level(rep, def, e.col))
		return nil
	case kindStruct:
		row, ok := v.(sqltypes.Row)
		if !ok {
			return fmt.Errorf("column %s: struct value must be sqltypes.Row, got %T", e.name, v)
		}
		if len(row) != len(e.children) {
			return fmt.Errorf("column %s: struct value has %d fields, schema has %d", e.name, len(row), len(e.children))
		}
		for i, c := range e.children {
			if err := c.emit(row[i], rep, def, cols); err != nil {
				return err
			}
		}
		return nil
	case kindList:
		elems, ok := v.([]any)
		if !ok {
			return fmt.Errorf("column %s: array value must be []any, got %T", e.name, v)
		}
		if len(elems) == 0 {
			e.empty(rep, def, cols)
			return nil
		}
		for i, el := range elems {
			r := e.repLevel
			if i == 0 {
				r = rep
			}
			if err := e.children[0].emit(el, r, def+1, cols); err != nil {
				return err
			}
		}
		return nil
	default: // kindMap
		m, ok := v.(*sqltypes.MapValue)
		if !ok {
			return fmt.Errorf("column %s: map value must be *sqltypes.MapValue, got %T", e.name, v)
		}
		if len(m.Keys) != len(m.Values) {
			return fmt.Errorf("column %s: map has %d keys but %d values", e.name, len(m.Keys), len(m.Values))
		}
		if len(m.Keys) == 0 {
			e.empty(rep, def, cols)
			return nil
		}
		for i := range m.Keys {
			r := e.repLevel
			if i == 0 {
				r = rep
			}
			if err := e.children[0].emit(m.Keys[i], r, def+1, cols); err != nil {
				return err
			}
			if err := e.children[1].emit(m.Values[i], r, def+1, cols); err != nil {
				return err
			}
		}
		return nil
	}
}

// empty writes an empty (but not null) array or map: one null per leaf at the collection's
// own definition level.
func (e *emitter) empty(rep, def int, cols [][]parquet.Value) {
	for _, c := range e.leaves {
		cols[c] = append(cols[c], parquet.NullValue().Level(rep, def, c))
	}
}

// compileEmitters builds the emitters of a struct's fields.
func compileEmitters(st *sqltypes.StructType, schema *parquet.Schema, prefix []string, repLevel int) ([]*emitter, error) {
	out := make([]*emitter, len(st.Fields))
	for i, f := range st.Fields {
		path := append(append([]string(nil), prefix...), f.Name)
		e, err := compileEmitter(f.Type, f.Nullable, schema, path, repLevel)
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}

func compileEmitter(dt sqltypes.DataType, nullable bool, schema *parquet.Schema, path []string, repLevel int) (*emitter, error) {
	e := &emitter{name: joinPath(path), nullable: nullable}
	switch t := dt.(type) {
	case *sqltypes.StructType:
		e.kind = kindStruct
		children, err := compileEmitters(t, schema, path, repLevel)
		if err != nil {
			return nil, err
		}
		if len(children) == 0 {
			return nil, fmt.Errorf("parquet schema: struct column %s has no fields", e.name)
		}
		e.children = children
	case sqltypes.ArrayType:
		e.kind, e.repLevel = kindList, repLevel+1
		el, err := compileEmitter(t.Element, t.ContainsNull, schema, append(append([]string(nil), path...), "list", "element"), repLevel+1)
		if err != nil {
			return nil, err
		}
		e.children = []*emitter{el}
	case sqltypes.MapType:
		e.kind, e.repLevel = kindMap, repLevel+1
		kv := append(append([]string(nil), path...), "key_value")
		k, err := compileEmitter(t.Key, false, schema, append(append([]string(nil), kv...), "key"), repLevel+1)
		if err != nil {
			return nil, err
		}
		v, err := compileEmitter(t.Value, t.ValueContainsNull, schema, append(append([]string(nil), kv...), "value"), repLevel+1)
		if err != nil {
			return nil, err
		}
		e.children = []*emitter{k, v}
	default:
		lc, ok := schema.Lookup(path...)
		if !ok {
			return nil, fmt.Errorf("parquet schema: column %s not found", e.name)
		}
		e.kind, e.col = kindLeaf, lc.ColumnIndex
		conv, err := converter(dt)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", e.name, err)
		}
		e.conv = conv
		e.fast = fastKindOf(dt)
		if d, ok := dt.(sqltypes.DecimalType); ok {
			e.precision, e.scale = d.Precision, d.Scale
		}
		e.leaves = []int{e.col}
		return e, nil
	}
	for _, c := range e.children {
		e.leaves = append(e.leaves, c.leaves...)
	}
	return e, nil
}
