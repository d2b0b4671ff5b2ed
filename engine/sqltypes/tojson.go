package sqltypes

import (
	"encoding/base64"
	"math"
	"strconv"
	"time"
)

// ValueToJSON is to_json of any value (arrays and maps too, as Spark allows).
func ValueToJSON(v any, t DataType, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return string(appendJSONValue(nil, v, t, loc, nil))
}

func appendJSONStruct(b []byte, row Row, st *StructType, loc *time.Location) []byte {
	return appendJSONStructF(b, row, st, loc, nil)
}

// JSONFormats are to_json's timestampFormat and dateFormat options: how a timestamp or date
// is written (nil: Spark's defaults).
type JSONFormats struct {
	Timestamp func(Timestamp, *time.Location) string
	Date      func(Date) string
}

// ValueToJSONWith is ValueToJSON with to_json's formats.
func ValueToJSONWith(v any, t DataType, loc *time.Location, f *JSONFormats) string {
	return string(appendJSONValue(nil, v, t, loc, f))
}

func appendJSONStructF(b []byte, row Row, st *StructType, loc *time.Location, f *JSONFormats) []byte {
	b = append(b, '{')
	first := true
	for i, fld := range st.Fields {
		if i >= len(row) || row[i] == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendJacksonString(b, fld.Name)
		b = append(b, ':')
		b = appendJSONValue(b, row[i], fld.Type, loc, f)
	}
	return append(b, '}')
}

func appendJSONValue(b []byte, v any, t DataType, loc *time.Location, f *JSONFormats) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	switch x := v.(type) {
	case int8:
		return strconv.AppendInt(b, int64(x), 10)
	case int16:
		return strconv.AppendInt(b, int64(x), 10)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return appendJacksonString(b, JavaFloatString(x))
		}
		return append(b, JavaFloatString(x)...)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return appendJacksonString(b, JavaDoubleString(x))
		}
		return append(b, JavaDoubleString(x)...)
	case Decimal:
		return x.AppendJava(b)
	case string:
		return appendJacksonString(b, x)
	case []byte:
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, x)
		return append(b, '"')
	case VariantVal:
		// A variant nested in a struct, array or map is its own JSON text.
		if out, err := x.Ref().appendJSON(b, loc); err == nil {
			return out
		}
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case Date:
		if f != nil && f.Date != nil {
			return appendJacksonString(b, f.Date(x))
		}
		b = append(b, '"')
		b = append(b, FormatDate(x)...)
		return append(b, '"')
	case Timestamp:
		if f != nil && f.Timestamp != nil {
			return appendJacksonString(b, f.Timestamp(x, loc))
		}
		b = append(b, '"')
		b = AppendTimestampISO(b, x, loc)
		return append(b, '"')
	case TimestampNTZ:
		b = append(b, '"')
		b = append(b, FormatTimestampNTZISO(x)...)
		return append(b, '"')
	case Time:
		b = append(b, '"')
		b = AppendTime(b, x)
		return append(b, '"')
	case Row:
		st, _ := t.(*StructType)
		if st == nil {
			st = &StructType{}
		}
		return appendJSONStructF(b, x, st, loc, f)
	case []any:
		var et DataType = String
		if at, ok := t.(ArrayType); ok {
			et = at.Element
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONValue(b, e, et, loc, f)
		}
		return append(b, ']')
	case *MapValue:
		var kt, vt DataType = String, String
		if mt, ok := t.(MapType); ok {
			kt, vt = mt.Key, mt.Value
		}
		b = append(b, '{')
		for i := range x.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			// Jackson writes the key's string form (Spark calls toString on the key).
			b = appendJacksonString(b, castToStringPlain(x.Keys[i], kt, loc))
			b = append(b, ':')
			b = appendJSONValue(b, x.Values[i], vt, loc, f)
		}
		return append(b, '}')
	}
	return appendJacksonString(b, FormatValue(v, t, loc))
}

const hexUpper = "0123456789ABCDEF"

// appendJacksonString quotes s as Jackson does by default: ", \ and control characters
// escaped (\n, \t, \r, \b, \f short forms; others as \u00XX, upper-case hex), everything else
// including '/' and non-ASCII written as is.
func appendJacksonString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		case '\r':
			b = append(b, '\\', 'r')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', hexUpper[c>>4], hexUpper[c&15])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
