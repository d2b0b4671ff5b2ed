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
	// struct fields; list [element]; map [key, value]
	children []*emitter
	leaves   []int // every leaf column under this node, for nulls and empty collections
	repLevel int   // list/map: the repetition level of the repeated group
}

// emit appends v's values. rep is the repetition level for the first value of each leaf
// column, def the definition level reached by the ancestors.
func (e *emitter) emit(v any, rep, def int, out []parquet.Value) ([]parquet.Value, error) {
	if m, ok := v.(*sqltypes.MapValue); ok && m == nil {
		v = nil
	}
	if v == nil {
		if !e.nullable {
			return out, fmt.Errorf("column %s is not nullable but the value is null", e.name)
		}
		if e.kind == kindLeaf {
			return append(out, parquet.NullValue().Level(rep, def, e.col)), nil
		}
		for _, c := range e.leaves {
			out = append(out, parquet.NullValue().Level(rep, def, c))
		}
		return out, nil
	}
	if e.nullable {
		def++
	}
	var err error
	switch e.kind {
	case kindLeaf:
		pv, err := e.conv(v)
		if err != nil {
			return out, fmt.Errorf("column %s: %w", e.name, err)
		}
		return append(out, pv.Level(rep, def, e.col)), nil
	case kindStruct:
		row, ok := v.(sqltypes.Row)
		if !ok {
			return out, fmt.Errorf("column %s: struct value must be sqltypes.Row, got %T", e.name, v)
		}
		if len(row) != len(e.children) {
			return out, fmt.Errorf("column %s: struct value has %d fields, schema has %d", e.name, len(row), len(e.children))
		}
		for i, c := range e.children {
			if out, err = c.emit(row[i], rep, def, out); err != nil {
				return out, err
			}
		}
		return out, nil
	case kindList:
		elems, ok := v.([]any)
		if !ok {
			return out, fmt.Errorf("column %s: array value must be []any, got %T", e.name, v)
		}
		if len(elems) == 0 {
			return e.empty(rep, def, out), nil
		}
		for i, el := range elems {
			r := e.repLevel
			if i == 0 {
				r = rep
			}
			if out, err = e.children[0].emit(el, r, def+1, out); err != nil {
				return out, err
			}
		}
		return out, nil
	default: // kindMap
		m, ok := v.(*sqltypes.MapValue)
		if !ok {
			return out, fmt.Errorf("column %s: map value must be *sqltypes.MapValue, got %T", e.name, v)
		}
		if len(m.Keys) != len(m.Values) {
			return out, fmt.Errorf("column %s: map has %d keys but %d values", e.name, len(m.Keys), len(m.Values))
		}
		if len(m.Keys) == 0 {
			return e.empty(rep, def, out), nil
		}
		for i := range m.Keys {
			r := e.repLevel
			if i == 0 {
				r = rep
			}
			if out, err = e.children[0].emit(m.Keys[i], r, def+1, out); err != nil {
				return out, err
			}
			if out, err = e.children[1].emit(m.Values[i], r, def+1, out); err != nil {
				return out, err
			}
		}
		return out, nil
	}
}

// empty writes an empty (but not null) array or map: one null per leaf at the collection's
// own definition level.
func (e *emitter) empty(rep, def int, out []parquet.Value) []parquet.Value {
	for _, c := range e.leaves {
		out = append(out, parquet.NullValue().Level(rep, def, c))
	}
	return out
}

// compileEmitters builds the emitters of a struct's fields.
func compileEmitters(st *sqltypes.StructType, schema *parquet.Schema, prefix []string, repLevel int) ([]*emitter, bool, error) {
	out := make([]*emitter, len(st.Fields))
	repeated := false
	for i, f := range st.Fields {
		path := append(append([]string(nil), prefix...), f.Name)
		e, rep, err := compileEmitter(f.Type, f.Nullable, schema, path, repLevel)
		if err != nil {
			return nil, false, err
		}
		repeated = repeated || rep
		out[i] = e
	}
	return out, repeated, nil
}

func compileEmitter(dt sqltypes.DataType, nullable bool, schema *parquet.Schema, path []string, repLevel int) (*emitter, bool, error) {
	e := &emitter{name: joinPath(path), nullable: nullable}
	repeated := false
	switch t := dt.(type) {
	case *sqltypes.StructType:
		e.kind = kindStruct
		children, rep, err := compileEmitters(t, schema, path, repLevel)
		if err != nil {
			return nil, false, err
		}
		if len(children) == 0 {
			return nil, false, fmt.Errorf("parquet schema: struct column %s has no fields", e.name)
		}
		e.children, repeated = children, rep
	case sqltypes.ArrayType:
		e.kind, e.repLevel, repeated = kindList, repLevel+1, true
		el, _, err := compileEmitter(t.Element, t.ContainsNull, schema, append(append([]string(nil), path...), "list", "element"), repLevel+1)
		if err != nil {
			return nil, false, err
		}
		e.children = []*emitter{el}
	case sqltypes.MapType:
		e.kind, e.repLevel, repeated = kindMap, repLevel+1, true
		kv := append(append([]string(nil), path...), "key_value")
		k, _, err := compileEmitter(t.Key, false, schema, append(append([]string(nil), kv...), "key"), repLevel+1)
		if err != nil {
			return nil, false, err
		}
		v, _, err := compileEmitter(t.Value, t.ValueContainsNull, schema, append(append([]string(nil), kv...), "value"), repLevel+1)
		if err != nil {
			return nil, false, err
		}
		e.children = []*emitter{k, v}
	default:
		lc, ok := schema.Lookup(path...)
		if !ok {
			return nil, false, fmt.Errorf("parquet schema: column %s not found", e.name)
		}
		e.kind, e.col = kindLeaf, lc.ColumnIndex
		conv, err := converter(dt)
		if err != nil {
			return nil, false, fmt.Errorf("column %s: %w", e.name, err)
		}
		e.conv = conv
		e.leaves = []int{e.col}
		return e, false, nil
	}
	for _, c := range e.children {
		e.leaves = append(e.leaves, c.leaves...)
	}
	return e, repeated, nil
}
