package plan

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// UpdateFieldsFunc is Column.withField / dropFields: a struct with one field replaced or
// added (WithField) or some removed (DropFields), as Spark's UpdateFields. The function is
// internal (not a SQL name): args are the struct, then "with" or "drop", the field name,
// and for "with" the value.
const UpdateFieldsFunc = "__kafkalab_update_fields"

func init() { register(bindUpdateFields, UpdateFieldsFunc) }

func bindUpdateFields(r *resolver, c Call) (Bound, error) {
	if len(c.Args) < 3 {
		return nil, wrongArgs(UpdateFieldsFunc, "> 2", len(c.Args))
	}
	child, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	st, ok := child.DataType().(*sqltypes.StructType)
	if !ok {
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The first parameter requires the \"STRUCT\" type, however %s has the type %s.",
			quoteSQL("update_fields("+child.SQL()+")"), quoteSQL(child.SQL()), quoteSQL(child.DataType().SQL()))
	}
	op, _ := c.Args[1].(Literal).Value.(string)
	name, _ := c.Args[2].(Literal).Value.(string)
	out := &sqltypes.StructType{}
	// src[i] is where output field i comes from: an input field, or -1 for the new value.
	var src []int
	args := []Bound{child}
	switch op {
	case "with":
		if len(c.Args) != 4 {
			return nil, wrongArgs(UpdateFieldsFunc, "4", len(c.Args))
		}
		v, err := r.resolve(c.Args[3])
		if err != nil {
			return nil, err
		}
		args = append(args, v)
		replaced := false
		for i, f := range st.Fields {
			if strings.EqualFold(f.Name, name) {
				if !replaced {
					out.Fields = append(out.Fields, sqltypes.StructField{Name: f.Name, Type: v.DataType(), Nullable: v.Nullable()})
					src = append(src, -1)
					replaced = true
				}
				continue
			}
			out.Fields = append(out.Fields, f)
			src = append(src, i)
		}
		if !replaced {
			out.Fields = append(out.Fields, sqltypes.StructField{Name: name, Type: v.DataType(), Nullable: v.Nullable()})
			src = append(src, -1)
		}
	case "drop":
		for i, f := range st.Fields {
			if !strings.EqualFold(f.Name, name) {
				out.Fields = append(out.Fields, f)
				src = append(src, i)
			}
		}
		if len(out.Fields) == 0 {
			return nil, analysisErr("DATATYPE_MISMATCH.CANNOT_DROP_ALL_FIELDS",
				"Cannot resolve %s due to data type mismatch: Cannot drop all fields in struct.", quoteSQL("update_fields("+child.SQL()+", dropfield())"))
		}
	default:
		return nil, wrongArgs(UpdateFieldsFunc, "with or drop", len(c.Args))
	}
	sql := "update_fields(" + child.SQL() + ", WithField(" + name + "))"
	if op == "drop" {
		sql = "update_fields(" + child.SQL() + ", dropfield())"
	}
	return &boundFunc{name: "update_fields", args: args, typ: out, nullable: child.Nullable(), sql: sql,
		fn: func(_ *EvalContext, vals []any) (any, error) {
			if vals[0] == nil {
				return nil, nil
			}
			in := vals[0].(sqltypes.Row)
			row := make(sqltypes.Row, len(src))
			for i, s := range src {
				if s < 0 {
					row[i] = vals[1]
				} else {
					row[i] = in[s]
				}
			}
			return row, nil
		}}, nil
}
