package plan

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// to_variant_object(expr): a struct, map or array (and what they hold) as a VARIANT, structs
// and maps becoming objects. kafkalab builds the variant from the value's JSON form, so it
// takes the types whose JSON reads back as the same variant type: strings, booleans,
// integers and NULLs, in structs, string-keyed maps and arrays.

func init() { register(bindToVariantObject, "to_variant_object") }

// variantJSONType reports whether values of t have a JSON form that parse_json reads back as
// the variant Spark's to_variant_object builds; the type it cannot take otherwise.
func variantJSONType(t sqltypes.DataType) (sqltypes.DataType, bool) {
	switch t := t.(type) {
	case sqltypes.StringType, sqltypes.BooleanType, sqltypes.ByteType, sqltypes.ShortType,
		sqltypes.IntegerType, sqltypes.LongType, sqltypes.NullType:
		return nil, true
	case sqltypes.ArrayType:
		return variantJSONType(t.Element)
	case sqltypes.MapType:
		if _, str := t.Key.(sqltypes.StringType); !str {
			return t, false
		}
		return variantJSONType(t.Value)
	case *sqltypes.StructType:
		for _, f := range t.Fields {
			if bad, ok := variantJSONType(f.Type); !ok {
				return bad, false
			}
		}
		return nil, true
	}
	return t, false
}

// writeVariantJSON writes v (of type t) as JSON, NULLs kept as null.
func writeVariantJSON(b *strings.Builder, v any, t sqltypes.DataType) {
	if v == nil {
		b.WriteString("null")
		return
	}
	switch t := t.(type) {
	case sqltypes.StringType:
		q, _ := json.Marshal(v.(string))
		b.Write(q)
	case sqltypes.BooleanType:
		b.WriteString(strconv.FormatBool(v.(bool)))
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
		b.WriteString(strconv.FormatInt(toInt64(v), 10))
	case sqltypes.ArrayType:
		b.WriteByte('[')
		for i, e := range v.([]any) {
			if i > 0 {
				b.WriteByte(',')
			}
			writeVariantJSON(b, e, t.Element)
		}
		b.WriteByte(']')
	case sqltypes.MapType:
		m := v.(*sqltypes.MapValue)
		b.WriteByte('{')
		for i, k := range m.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeVariantJSON(b, k, t.Key)
			b.WriteByte(':')
			writeVariantJSON(b, m.Values[i], t.Value)
		}
		b.WriteByte('}')
	case *sqltypes.StructType:
		row := v.(sqltypes.Row)
		b.WriteByte('{')
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			writeVariantJSON(b, f.Name, sqltypes.String)
			b.WriteByte(':')
			writeVariantJSON(b, row[i], f.Type)
		}
		b.WriteByte('}')
	default:
		b.WriteString("null")
	}
}

func bindToVariantObject(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	t := args[0].DataType()
	if bad, ok := variantJSONType(t); !ok {
		return nil, unsupported("kafkalab's to_variant_object takes strings, booleans and integers (in structs, string-keyed maps and arrays), not %s; run the script on real Spark with kafkalab export", bad.SQL())
	}
	return fn1("to_variant_object", args[0], sqltypes.VariantT, func(_ *EvalContext, v any) (any, error) {
		var b strings.Builder
		writeVariantJSON(&b, v, t)
		out, err := sqltypes.ParseJSONVariant(b.String())
		if err != nil {
			return nil, variantError(err)
		}
		return out, nil
	}), nil
}
