package sqltypes

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
)

// Compare orders two non-null or null values of type t the way Spark's ascending sort does:
// nulls first, NaN above every other number (and equal to itself), -0.0 equal to 0.0,
// strings and binary by unsigned bytes, false before true, structs field by field, arrays
// element by element then by length. It returns -1, 0 or 1.
func Compare(a, b any, t DataType) int {
	return CompareOrdered(a, b, t, false, true)
}

// CompareOrdered is Compare for one sort key with a direction and a null placement (Spark's
// defaults: ascending nulls first, descending nulls last).
func CompareOrdered(a, b any, t DataType, descending, nullsFirst bool) int {
	if a == nil || b == nil {
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			if nullsFirst {
				return -1
			}
			return 1
		default:
			if nullsFirst {
				return 1
			}
			return -1
		}
	}
	c := compareValues(a, b, t)
	if descending {
		return -c
	}
	return c
}

func cmp3[T int64 | int32 | int16 | int8 | string](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func compareFloat(a, b float64) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func compareValues(a, b any, t DataType) int {
	switch x := a.(type) {
	case int8:
		if y, ok := b.(int8); ok {
			return cmp3(x, y)
		}
	case int16:
		if y, ok := b.(int16); ok {
			return cmp3(x, y)
		}
	case int32:
		if y, ok := b.(int32); ok {
			return cmp3(x, y)
		}
	case int64:
		if y, ok := b.(int64); ok {
			return cmp3(x, y)
		}
	case float32:
		if y, ok := b.(float32); ok {
			return compareFloat(float64(x), float64(y))
		}
	case float64:
		if y, ok := b.(float64); ok {
			return compareFloat(x, y)
		}
	case Decimal:
		if y, ok := b.(Decimal); ok {
			return x.Cmp(y)
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y)
		}
	case []byte:
		if y, ok := b.([]byte); ok {
			return bytes.Compare(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			switch {
			case x == y:
				return 0
			case !x:
				return -1
			}
			return 1
		}
	case Date:
		if y, ok := b.(Date); ok {
			return cmp3(int32(x), int32(y))
		}
	case Timestamp:
		if y, ok := b.(Timestamp); ok {
			return cmp3(int64(x), int64(y))
		}
	case TimestampNTZ:
		if y, ok := b.(TimestampNTZ); ok {
			return cmp3(int64(x), int64(y))
		}
	case Time:
		if y, ok := b.(Time); ok {
			return cmp3(int64(x), int64(y))
		}
	case Row:
		if y, ok := b.(Row); ok {
			st, _ := t.(*StructType)
			for i := 0; i < len(x) && i < len(y); i++ {
				var ft DataType
				if st != nil && i < len(st.Fields) {
					ft = st.Fields[i].Type
				}
				if c := Compare(x[i], y[i], ft); c != 0 {
					return c
				}
			}
			return cmp3(int64(len(x)), int64(len(y)))
		}
	case []any:
		if y, ok := b.([]any); ok {
			var et DataType
			if at, ok := t.(ArrayType); ok {
				et = at.Element
			}
			for i := 0; i < len(x) && i < len(y); i++ {
				if c := Compare(x[i], y[i], et); c != 0 {
					return c
				}
			}
			return cmp3(int64(len(x)), int64(len(y)))
		}
	}
	return compareMixed(a, b)
}

// compareMixed orders values whose Go types differ (a caller's mistake, but never a panic):
// numbers by value, anything else by its text.
func compareMixed(a, b any) int {
	if x, ok := asDecimal(a); ok {
		if y, ok := asDecimal(b); ok {
			return x.Cmp(y)
		}
	}
	fa, aok := AsFloat64(a)
	fb, bok := AsFloat64(b)
	if aok && bok {
		return compareFloat(fa, fb)
	}
	return strings.Compare(FormatValue(a, nil, nil), FormatValue(b, nil, nil))
}

func asDecimal(v any) (Decimal, bool) {
	switch x := v.(type) {
	case int8, int16, int32, int64, int:
		return DecimalFromInt64(toInt64(x)), true
	case Decimal:
		return x, true
	}
	return Decimal{}, false
}

// AsFloat64 converts any numeric value (integers, floats, decimals) to a float64; ok is
// false for a value that is not a number.
func AsFloat64(v any) (f float64, ok bool) {
	switch x := v.(type) {
	case int8, int16, int32, int64, int:
		return float64(toInt64(x)), true
	case float32:
		return float64(x), true
	case float64:
		return x, true
	case Decimal:
		return x.Float64(), true
	}
	return 0, false
}

// AppendKey appends a canonical binary encoding of v (type t) to b, such that two values are
// Equal exactly when their encodings are the same bytes. Use string(AppendKey(...)) of all
// key columns as a Go map key for groupBy, dropDuplicates and joins.
func AppendKey(b []byte, v any, t DataType) []byte {
	if v == nil {
		return append(b, 0)
	}
	b = append(b, 1)
	switch x := v.(type) {
	case int8:
		return append(b, byte(x))
	case int16:
		return binary.LittleEndian.AppendUint16(b, uint16(x))
	case int32:
		return binary.LittleEndian.AppendUint32(b, uint32(x))
	case int64:
		return binary.LittleEndian.AppendUint64(b, uint64(x))
	case Date:
		return binary.LittleEndian.AppendUint32(b, uint32(x))
	case Timestamp:
		return binary.LittleEndian.AppendUint64(b, uint64(x))
	case TimestampNTZ:
		return binary.LittleEndian.AppendUint64(b, uint64(x))
	case Time:
		return binary.LittleEndian.AppendUint64(b, uint64(x))
	case float32:
		return binary.LittleEndian.AppendUint64(b, canonicalFloatBits(float64(x)))
	case float64:
		return binary.LittleEndian.AppendUint64(b, canonicalFloatBits(x))
	case bool:
		if x {
			return append(b, 1)
		}
		return append(b, 0)
	case string:
		b = binary.AppendUvarint(b, uint64(len(x)))
		return append(b, x...)
	case []byte:
		b = binary.AppendUvarint(b, uint64(len(x)))
		return append(b, x...)
	case Decimal:
		// Normalise trailing zeros away so equal values encode the same.
		s := x.normalizedString()
		b = binary.AppendUvarint(b, uint64(len(s)))
		return append(b, s...)
	case Row:
		st, _ := t.(*StructType)
		b = binary.AppendUvarint(b, uint64(len(x)))
		for i, e := range x {
			var ft DataType
			if st != nil && i < len(st.Fields) {
				ft = st.Fields[i].Type
			}
			b = AppendKey(b, e, ft)
		}
		return b
	case []any:
		var et DataType
		if at, ok := t.(ArrayType); ok {
			et = at.Element
		}
		b = binary.AppendUvarint(b, uint64(len(x)))
		for _, e := range x {
			b = AppendKey(b, e, et)
		}
		return b
	case *MapValue:
		var kt, vt DataType
		if mt, ok := t.(MapType); ok {
			kt, vt = mt.Key, mt.Value
		}
		b = binary.AppendUvarint(b, uint64(len(x.Keys)))
		for i := range x.Keys {
			b = AppendKey(b, x.Keys[i], kt)
			b = AppendKey(b, x.Values[i], vt)
		}
		return b
	}
	return append(b, FormatValue(v, t, nil)...)
}

// canonicalFloatBits maps -0.0 to 0.0 and every NaN to one NaN, as Spark's
// NormalizeFloatingNumbers does before grouping.
func canonicalFloatBits(f float64) uint64 {
	switch {
	case math.IsNaN(f):
		return 0x7ff8000000000000
	case f == 0:
		return 0
	}
	return math.Float64bits(f)
}

// normalizedString is the plain text without trailing fraction zeros ("25.5" for 25.50).
func (d Decimal) normalizedString() string {
	s := d.String()
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
