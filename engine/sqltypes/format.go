package sqltypes

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// stringStyle selects between Spark's two value-to-text conversions (ToStringBase):
// ToPrettyString for show() and CAST(x AS STRING).
type stringStyle struct {
	nullText  string // text for a null nested element; "" writes nothing
	hexBinary bool   // binary as "[0A 1B]" instead of its UTF-8 text
}

var (
	prettyStyle = stringStyle{nullText: "NULL", hexBinary: true}
	castStyle   = stringStyle{nullText: "null"}
)

// FormatValue is the text show() prints for one cell (Spark's ToPrettyString): NULL, decimals
// with their full scale, timestamps "yyyy-MM-dd HH:mm:ss[.f]" in loc, binary "[0A 1B]",
// structs "{a, b}", arrays "[a, b]", maps "{k -> v}", doubles as Java prints them.
func FormatValue(v any, t DataType, loc *time.Location) string {
	if v == nil {
		return "NULL"
	}
	if s, ok := v.(string); ok {
		return s
	}
	if loc == nil {
		loc = time.UTC
	}
	return string(appendText(nil, v, t, loc, prettyStyle))
}

// castToStringPlain is CAST(v AS STRING) under ANSI mode for a non-null value.
func castToStringPlain(v any, t DataType, loc *time.Location) string {
	if s, ok := v.(string); ok {
		return s
	}
	if loc == nil {
		loc = time.UTC
	}
	return string(appendText(nil, v, t, loc, castStyle))
}

func appendText(b []byte, v any, t DataType, loc *time.Location, st stringStyle) []byte {
	switch it := t.(type) {
	case DayTimeIntervalType:
		if x, ok := v.(int64); ok {
			return append(b, FormatDayTimeInterval(x, it)...)
		}
	case YearMonthIntervalType:
		if x, ok := v.(int32); ok {
			return append(b, FormatYearMonthInterval(x, it)...)
		}
	}
	switch x := v.(type) {
	case string:
		return append(b, x...)
	case CalendarInterval:
		return append(b, x.String()...)
	case VariantVal:
		text, err := x.JSON(loc)
		if err != nil {
			return append(b, err.Error()...)
		}
		return append(b, text...)
	case int8:
		return strconv.AppendInt(b, int64(x), 10)
	case int16:
		return strconv.AppendInt(b, int64(x), 10)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case float32:
		return append(b, JavaFloatString(x)...)
	case float64:
		return append(b, JavaDoubleString(x)...)
	case Decimal:
		return append(b, x.String()...)
	case bool:
		return strconv.AppendBool(b, x)
	case []byte:
		if !st.hexBinary {
			return append(b, strings.ToValidUTF8(string(x), "\uFFFD")...)
		}
		b = append(b, '[')
		for i, c := range x {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, hexUpper[c>>4], hexUpper[c&15])
		}
		return append(b, ']')
	case Date:
		return append(b, FormatDate(x)...)
	case Timestamp:
		return AppendTimestamp(b, x, loc)
	case TimestampNTZ:
		return AppendTimestamp(b, Timestamp(x), time.UTC)
	case Time:
		return AppendTime(b, x)
	case Row:
		stt, _ := t.(*StructType)
		b = append(b, '{')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if e == nil {
				if st.nullText != "" {
					if i > 0 {
						b = append(b, ' ')
					}
					b = append(b, st.nullText...)
				}
				continue
			}
			if i > 0 {
				b = append(b, ' ')
			}
			var ft DataType
			if stt != nil && i < len(stt.Fields) {
				ft = stt.Fields[i].Type
			}
			b = appendText(b, e, ft, loc, st)
		}
		return append(b, '}')
	case []any:
		var et DataType
		if at, ok := t.(ArrayType); ok {
			et = at.Element
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if e == nil {
				if st.nullText != "" {
					if i > 0 {
						b = append(b, ' ')
					}
					b = append(b, st.nullText...)
				}
				continue
			}
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendText(b, e, et, loc, st)
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
			b = appendText(b, x.Keys[i], kt, loc, st)
			b = append(b, " ->"...)
			if x.Values[i] == nil {
				if st.nullText != "" {
					b = append(b, ' ')
					b = append(b, st.nullText...)
				}
				continue
			}
			b = append(b, ' ')
			b = appendText(b, x.Values[i], vt, loc, st)
		}
		return append(b, '}')
	case nil:
		return append(b, st.nullText...)
	}
	return append(b, "<unsupported value>"...)
}

// stringHalfWidth is the display width Spark's show() uses (Utils.stringHalfWidth): UTF-16
// length plus one for each East-Asian full-width character.
func stringHalfWidth(s string) int {
	w := 0
	for _, r := range s {
		w += utf16Len(r)
		if isFullWidth(r) {
			w++
		}
	}
	return w
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// isFullWidth matches Spark's fullWidthRegex character ranges.
func isFullWidth(r rune) bool {
	return (r >= 0x1100 && r <= 0x115F) || (r >= 0x2E80 && r <= 0xA4CF) ||
		(r >= 0xAC00 && r <= 0xD7A3) || (r >= 0xF900 && r <= 0xFAFF) ||
		(r >= 0xFE10 && r <= 0xFE19) || (r >= 0xFE30 && r <= 0xFE6F) ||
		(r >= 0xFF00 && r <= 0xFF60) || (r >= 0xFFE0 && r <= 0xFFE6)
}

// utf16Prefix cuts s to its first n UTF-16 code units (Java's substring(0, n)); a surrogate
// pair split in half is dropped.
func utf16Prefix(s string, n int) string {
	units := 0
	for i, r := range s {
		u := utf16Len(r)
		if units+u > n {
			return s[:i]
		}
		units += u
	}
	return s
}

func utf16Length(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		n += utf16Len(r)
		i += size
	}
	return n
}
