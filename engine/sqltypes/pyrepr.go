package sqltypes

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// PythonRowRepr is how PySpark prints a collected Row:
// Row(order_id=1001, amount=Decimal('25.50'), event_time=datetime.datetime(2026, 10, 1, 9, 15)).
// loc is the Python process's local zone: PySpark turns TIMESTAMP values into naive local
// datetimes there.
func PythonRowRepr(row Row, schema *StructType, loc *time.Location) string {
	return string(appendPyRow(nil, row, schema, loc))
}

// PythonRepr is Python's repr() of one value as PySpark hands it to Python.
func PythonRepr(v any, t DataType, loc *time.Location) string {
	return string(appendPy(nil, v, t, loc))
}

func appendPyRow(b []byte, row Row, st *StructType, loc *time.Location) []byte {
	b = append(b, "Row("...)
	for i, f := range st.Fields {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, f.Name...)
		b = append(b, '=')
		var v any
		if i < len(row) {
			v = row[i]
		}
		b = appendPy(b, v, f.Type, loc)
	}
	return append(b, ')')
}

func appendPy(b []byte, v any, t DataType, loc *time.Location) []byte {
	if loc == nil {
		loc = time.UTC
	}
	switch x := v.(type) {
	case nil:
		return append(b, "None"...)
	case bool:
		if x {
			return append(b, "True"...)
		}
		return append(b, "False"...)
	case int8, int16, int32, int64:
		return strconv.AppendInt(b, toInt64(x), 10)
	case float32:
		return appendPyFloat(b, float64(x))
	case float64:
		return appendPyFloat(b, x)
	case Decimal:
		b = append(b, "Decimal('"...)
		b = append(b, x.JavaString()...)
		return append(b, "')"...)
	case string:
		return appendPyString(b, x)
	case []byte:
		b = append(b, "bytearray(b"...)
		b = appendPyBytes(b, x)
		return append(b, ')')
	case Date:
		y, m, d := CivilFromDays(int64(x))
		b = append(b, "datetime.date("...)
		b = strconv.AppendInt(b, int64(y), 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(m), 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(d), 10)
		return append(b, ')')
	case Timestamp:
		y, mo, d, h, mi, s, us, _ := wallClock(int64(x), loc)
		return appendPyDatetime(b, y, mo, d, h, mi, s, us)
	case TimestampNTZ:
		y, mo, d, h, mi, s, us, _ := wallClock(int64(x), time.UTC)
		return appendPyDatetime(b, y, mo, d, h, mi, s, us)
	case Row:
		st, _ := t.(*StructType)
		if st == nil {
			st = &StructType{}
		}
		return appendPyRow(b, x, st, loc)
	case []any:
		var et DataType
		if at, ok := t.(ArrayType); ok {
			et = at.Element
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendPy(b, e, et, loc)
		}
		return append(b, ']')
	case *MapValue:
		var kt, vt DataType
		if mt, ok := t.(MapType); ok {
			kt, vt = mt.Key, mt.Value
		}
		b = append(b, '{')
		for i := range x.Keys {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendPy(b, x.Keys[i], kt, loc)
			b = append(b, ": "...)
			b = appendPy(b, x.Values[i], vt, loc)
		}
		return append(b, '}')
	}
	return appendPyString(b, FormatValue(v, t, loc))
}

// appendPyDatetime writes datetime.datetime(y, m, d, h, mi[, s[, us]]) as Python's repr does:
// seconds only when seconds or microseconds are set, microseconds only when set.
func appendPyDatetime(b []byte, y, mo, d, h, mi, s, us int) []byte {
	b = append(b, "datetime.datetime("...)
	for i, n := range []int{y, mo, d, h, mi} {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	if s != 0 || us != 0 {
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(s), 10)
	}
	if us != 0 {
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(us), 10)
	}
	return append(b, ')')
}

// appendPyFloat is Python's float repr: shortest digits, scientific below 1e-4 or from 1e16.
func appendPyFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "nan"...)
	case math.IsInf(f, 1):
		return append(b, "inf"...)
	case math.IsInf(f, -1):
		return append(b, "-inf"...)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	ePos := strings.IndexByte(s, 'e')
	exp, _ := strconv.Atoi(s[ePos+1:])
	if exp < -4 || exp >= 16 {
		mant := s[:ePos]
		b = append(b, mant...)
		b = append(b, 'e')
		if exp < 0 {
			b = append(b, '-')
			exp = -exp
		} else {
			b = append(b, '+')
		}
		if exp < 10 {
			b = append(b, '0')
		}
		return strconv.AppendInt(b, int64(exp), 10)
	}
	r := strconv.FormatFloat(f, 'f', -1, 64)
	b = append(b, r...)
	if !strings.ContainsAny(r, ".") {
		b = append(b, ".0"...)
	}
	return b
}

// appendPyString is Python's str repr: single quotes unless the text has ' and no ".
func appendPyString(b []byte, s string) []byte {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	b = append(b, q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			b = append(b, '\\', 'x', hexLower[r>>4], hexLower[r&15])
		case r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ':
			switch {
			case r < 0x10000:
				b = append(b, '\\', 'u')
				b = append(b, hex4Lower(int(r))...)
			default:
				b = append(b, '\\', 'U', '0', '0')
				b = append(b, hex4Lower(int(r) >> 16)[2:]...)
				b = append(b, hex4Lower(int(r)&0xffff)...)
			}
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, q)
}

const hexLower = "0123456789abcdef"

func hex4Lower(v int) string {
	return string([]byte{hexLower[v>>12&15], hexLower[v>>8&15], hexLower[v>>4&15], hexLower[v&15]})
}

// appendPyBytes is Python's bytes repr body: b'...'.
func appendPyBytes(b []byte, x []byte) []byte {
	q := byte('\'')
	if strings.IndexByte(string(x), '\'') >= 0 && strings.IndexByte(string(x), '"') < 0 {
		q = '"'
	}
	b = append(b, q)
	for _, c := range x {
		switch {
		case c == q || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20 || c >= 0x7f:
			b = append(b, '\\', 'x', hexLower[c>>4], hexLower[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, q)
}
