package plan

// Interim value conversions: the bodies here stand in for engine/sqltypes' Cast, Compare,
// FromJSON and ToJSON until they land, and are then replaced by calls to them.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func parseSchemaString(s string) (*sqltypes.StructType, error) {
	if strings.HasPrefix(strings.TrimSpace(s), "{") {
		return sqltypes.ParseSchemaJSON(s)
	}
	return sqltypes.ParseDDL(s)
}

// checkCast rejects casts Spark cannot do at all (e.g. struct to int).
func checkCast(b Bound, to sqltypes.DataType) error {
	from := b.DataType()
	if sqltypes.EqualTypes(from, to, true) || isNull(from) {
		return nil
	}
	_, fromStruct := from.(*sqltypes.StructType)
	_, toStruct := to.(*sqltypes.StructType)
	if fromStruct || toStruct {
		if !(fromStruct && isString(to)) {
			return castMismatch(b, to)
		}
	}
	if _, ok := to.(sqltypes.BinaryType); ok && !isString(from) && !isIntegral(from) {
		return castMismatch(b, to)
	}
	return nil
}

func castMismatch(b Bound, to sqltypes.DataType) error {
	return analysisErr("DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION",
		"Cannot resolve %s due to data type mismatch: cannot cast %s to %s.",
		quoteSQL("CAST("+b.SQL()+" AS "+to.SQL()+")"), quoteSQL(b.DataType().SQL()), quoteSQL(to.SQL()))
}

func castValue(c *EvalContext, v any, from, to sqltypes.DataType) (any, error) {
	if v == nil {
		return nil, nil
	}
	if sqltypes.EqualTypes(from, to, true) {
		return v, nil
	}
	switch to := to.(type) {
	case sqltypes.StringType:
		return valueString(c, v, from), nil
	case sqltypes.BinaryType:
		if s, ok := v.(string); ok {
			return []byte(s), nil
		}
	case sqltypes.BooleanType:
		switch x := v.(type) {
		case string:
			switch strings.ToLower(strings.TrimSpace(x)) {
			case "t", "true", "y", "yes", "1":
				return true, nil
			case "f", "false", "n", "no", "0":
				return false, nil
			}
			return invalidCast(c, x, from, to)
		}
		if f, ok := toFloat(v); ok {
			return f != 0, nil
		}
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
		var n int64
		switch x := v.(type) {
		case string:
			i, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
			if err != nil {
				return invalidCast(c, x, from, to)
			}
			n = i
		case bool:
			if x {
				n = 1
			}
		case sqltypes.Decimal:
			r := decimalRat(x)
			q := new(big.Int).Quo(r.Num(), r.Denom())
			if !q.IsInt64() {
				return castOverflow(c, v, from, to)
			}
			n = q.Int64()
		case sqltypes.Timestamp:
			n = int64(math.Floor(float64(x) / 1e6))
		default:
			if i, ok := toInt(v); ok {
				n = i
			} else if f, ok := toFloat(v); ok {
				if math.IsNaN(f) || f >= 9.3e18 || f <= -9.3e18 {
					return castOverflow(c, v, from, to)
				}
				n = int64(f)
			} else {
				break
			}
		}
		lo, hi := integralRange(to)
		if n < lo || n > hi {
			return castOverflow(c, v, from, to)
		}
		switch to.(type) {
		case sqltypes.ByteType:
			return int8(n), nil
		case sqltypes.ShortType:
			return int16(n), nil
		case sqltypes.IntegerType:
			return int32(n), nil
		default:
			return n, nil
		}
	case sqltypes.DoubleType, sqltypes.FloatType:
		var f float64
		switch x := v.(type) {
		case string:
			p, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return invalidCast(c, x, from, to)
			}
			f = p
		case sqltypes.Decimal:
			f, _ = decimalRat(x).Float64()
		case sqltypes.Timestamp:
			f = float64(x) / 1e6
		case bool:
			if x {
				f = 1
			}
		default:
			ff, ok := toFloat(v)
			if !ok {
				break
			}
			f = ff
		}
		if _, ok := to.(sqltypes.FloatType); ok {
			return float32(f), nil
		}
		return f, nil
	case sqltypes.DecimalType:
		var r *big.Rat
		switch x := v.(type) {
		case string:
			var ok bool
			r, ok = new(big.Rat).SetString(strings.TrimSpace(x))
			if !ok {
				return invalidCast(c, x, from, to)
			}
		case sqltypes.Decimal:
			r = decimalRat(x)
		default:
			if i, ok := toInt(v); ok {
				r = new(big.Rat).SetInt64(i)
			} else if f, ok := toFloat(v); ok {
				if math.IsNaN(f) || math.IsInf(f, 0) {
					return castOverflow(c, v, from, to)
				}
				r, _ = new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
			}
		}
		if r != nil {
			return decimalFromRat(c, r, to)
		}
	case sqltypes.TimestampType:
		switch x := v.(type) {
		case string:
			ts, ok := parseTimestamp(x, c.Location)
			if !ok {
				return invalidCast(c, x, from, to)
			}
			return ts, nil
		case sqltypes.Date:
			t := time.Unix(int64(x)*86400, 0).UTC()
			return sqltypes.Timestamp(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, c.Location).UnixMicro()), nil
		default:
			if i, ok := toInt(v); ok {
				return sqltypes.Timestamp(i * 1e6), nil
			}
		}
	}
	return nil, fmt.Errorf("kafkalab cannot cast %s to %s yet", from.SQL(), to.SQL())
}

func integralRange(t sqltypes.DataType) (int64, int64) {
	switch t.(type) {
	case sqltypes.ByteType:
		return math.MinInt8, math.MaxInt8
	case sqltypes.ShortType:
		return math.MinInt16, math.MaxInt16
	case sqltypes.IntegerType:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

func toInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	case sqltypes.Decimal:
		f, _ := decimalRat(x).Float64()
		return f, true
	}
	if i, ok := toInt(v); ok {
		return float64(i), true
	}
	return 0, false
}

// CastError is a runtime cast failure in ANSI mode (Spark's CAST_INVALID_INPUT/CAST_OVERFLOW).
type CastError struct{ Class, Message string }

func (e *CastError) Error() string { return "[" + e.Class + "] " + e.Message }

func invalidCast(c *EvalContext, s string, from, to sqltypes.DataType) (any, error) {
	if !c.Ansi {
		return nil, nil
	}
	return nil, &CastError{Class: "CAST_INVALID_INPUT", Message: fmt.Sprintf(
		"The value '%s' of the type %s cannot be cast to %s because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead.",
		s, quoteSQL(from.SQL()), quoteSQL(to.SQL()))}
}

func castOverflow(c *EvalContext, v any, from, to sqltypes.DataType) (any, error) {
	if !c.Ansi {
		return nil, nil
	}
	return nil, &CastError{Class: "CAST_OVERFLOW", Message: fmt.Sprintf(
		"The value %s of the type %s cannot be cast to %s due to an overflow. Use `try_cast` to tolerate overflow and return NULL instead.",
		valueString(c, v, from), quoteSQL(from.SQL()), quoteSQL(to.SQL()))}
}

// valueString is CAST(v AS STRING).
func valueString(c *EvalContext, v any, t sqltypes.DataType) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return x
	case []byte:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return sqltypes.JavaDoubleString(x)
	case float32:
		return sqltypes.JavaFloatString(x)
	case sqltypes.Decimal:
		return formatDecimal(x)
	case sqltypes.Timestamp:
		return formatTimestamp(x, c.Location)
	case sqltypes.Date:
		return time.Unix(int64(x)*86400, 0).UTC().Format("2006-01-02")
	case sqltypes.Row:
		st, _ := t.(*sqltypes.StructType)
		parts := make([]string, len(x))
		for i, e := range x {
			var ft sqltypes.DataType = sqltypes.String
			if st != nil && i < len(st.Fields) {
				ft = st.Fields[i].Type
			}
			if e == nil {
				parts[i] = "null"
			} else {
				parts[i] = valueString(c, e, ft)
			}
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

func formatTimestamp(ts sqltypes.Timestamp, loc *time.Location) string {
	t := time.UnixMicro(int64(ts)).In(loc)
	s := t.Format("2006-01-02 15:04:05")
	if us := t.Nanosecond() / 1000; us != 0 {
		frac := strings.TrimRight(fmt.Sprintf("%06d", us), "0")
		s += "." + frac
	}
	return s
}

// parseTimestamp accepts Spark's ISO-8601 forms: date, date+time with 'T' or space, optional
// fraction, optional zone (Z or ±hh:mm); no zone means the session zone.
func parseTimestamp(s string, loc *time.Location) (sqltypes.Timestamp, bool) {
	s = strings.TrimSpace(s)
	layouts := []struct {
		layout string
		zoned  bool
	}{
		{"2006-01-02T15:04:05.999999999Z07:00", true},
		{"2006-01-02 15:04:05.999999999Z07:00", true},
		{"2006-01-02T15:04:05.999999999", false},
		{"2006-01-02 15:04:05.999999999", false},
		{"2006-01-02T15:04Z07:00", true},
		{"2006-01-02T15:04", false},
		{"2006-01-02 15:04", false},
		{"2006-01-02", false},
	}
	for _, l := range layouts {
		var t time.Time
		var err error
		if l.zoned {
			t, err = time.Parse(l.layout, s)
		} else {
			t, err = time.ParseInLocation(l.layout, s, loc)
		}
		if err == nil {
			return sqltypes.Timestamp(t.UnixMicro()), true
		}
	}
	return 0, false
}

// compareValues orders two non-null values of type t (Spark's ordering: NaN is largest).
func compareValues(a, b any, t sqltypes.DataType) int {
	switch x := a.(type) {
	case int32:
		return cmp3(x, b.(int32))
	case int64:
		return cmp3(x, b.(int64))
	case int16:
		return cmp3(x, b.(int16))
	case int8:
		return cmp3(x, b.(int8))
	case float64:
		return cmpFloat(x, b.(float64))
	case float32:
		return cmpFloat(float64(x), float64(b.(float32)))
	case string:
		return strings.Compare(x, b.(string))
	case bool:
		y := b.(bool)
		switch {
		case x == y:
			return 0
		case !x:
			return -1
		}
		return 1
	case sqltypes.Decimal:
		return decimalRat(x).Cmp(decimalRat(b.(sqltypes.Decimal)))
	case sqltypes.Timestamp:
		return cmp3(x, b.(sqltypes.Timestamp))
	case sqltypes.TimestampNTZ:
		return cmp3(x, b.(sqltypes.TimestampNTZ))
	case sqltypes.Date:
		return cmp3(x, b.(sqltypes.Date))
	case []byte:
		return bytes.Compare(x, b.([]byte))
	case sqltypes.Row:
		y := b.(sqltypes.Row)
		st, _ := t.(*sqltypes.StructType)
		for i := range x {
			var ft sqltypes.DataType
			if st != nil {
				ft = st.Fields[i].Type
			}
			switch {
			case x[i] == nil && y[i] == nil:
				continue
			case x[i] == nil:
				return -1
			case y[i] == nil:
				return 1
			}
			if n := compareValues(x[i], y[i], ft); n != 0 {
				return n
			}
		}
		return 0
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

func cmp3[T int8 | int16 | int32 | int64 | sqltypes.Timestamp | sqltypes.TimestampNTZ | sqltypes.Date](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
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

// toJSON is to_json: struct fields in order, nulls omitted, timestamps as
// yyyy-MM-dd'T'HH:mm:ss[.SSS]XXX in the session zone.
func toJSON(c *EvalContext, v any, t sqltypes.DataType) (any, error) {
	var b bytes.Buffer
	writeJSON(c, &b, v, t)
	return b.String(), nil
}

func writeJSON(c *EvalContext, b *bytes.Buffer, v any, t sqltypes.DataType) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case sqltypes.Row:
		st := t.(*sqltypes.StructType)
		b.WriteByte('{')
		first := true
		for i, f := range st.Fields {
			if x[i] == nil {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			k, _ := json.Marshal(f.Name)
			b.Write(k)
			b.WriteByte(':')
			writeJSON(c, b, x[i], f.Type)
		}
		b.WriteByte('}')
	case string:
		s, _ := json.Marshal(x)
		b.Write(s)
	case sqltypes.Timestamp:
		tm := time.UnixMicro(int64(x)).In(c.Location)
		layout := "2006-01-02T15:04:05.000"
		if _, off := tm.Zone(); off == 0 {
			layout += "Z"
		} else {
			layout += "-07:00"
		}
		s, _ := json.Marshal(tm.Format(layout))
		b.Write(s)
	case float64:
		b.WriteString(sqltypes.JavaDoubleString(x))
	case sqltypes.Decimal:
		b.WriteString(formatDecimal(x))
	default:
		b.WriteString(valueString(c, v, t))
	}
}

// fromJSON is from_json in PERMISSIVE mode: broken JSON gives a row of nulls, a field of the
// wrong type gives null in that field.
func fromJSON(c *EvalContext, s string, schema *sqltypes.StructType, _ map[string]string) (any, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return make(sqltypes.Row, len(schema.Fields)), nil
	}
	return jsonRow(c, m, schema), nil
}

func jsonRow(c *EvalContext, m map[string]any, schema *sqltypes.StructType) sqltypes.Row {
	row := make(sqltypes.Row, len(schema.Fields))
	for i, f := range schema.Fields {
		row[i] = jsonValue(c, m[f.Name], f.Type)
	}
	return row
}

func jsonValue(c *EvalContext, v any, t sqltypes.DataType) any {
	if v == nil {
		return nil
	}
	lenient := &EvalContext{TimeZone: c.TimeZone, Location: c.Location, Now: c.Now}
	switch x := v.(type) {
	case json.Number:
		if _, ok := t.(sqltypes.TimestampType); ok {
			i, err := x.Int64()
			if err != nil {
				return nil
			}
			return sqltypes.Timestamp(i * 1e6)
		}
		if isString(t) {
			return x.String()
		}
		if isNumeric(t) {
			if isIntegral(t) {
				if _, err := x.Int64(); err != nil {
					return nil
				}
			}
			out, err := castValue(lenient, x.String(), sqltypes.String, t)
			if err != nil {
				return nil
			}
			return out
		}
		return nil
	case string:
		if isNumeric(t) && !isDecimal(t) {
			return nil
		}
		out, err := castValue(lenient, x, sqltypes.String, t)
		if err != nil {
			return nil
		}
		return out
	case bool:
		if _, ok := t.(sqltypes.BooleanType); ok {
			return x
		}
		if isString(t) {
			return strconv.FormatBool(x)
		}
		return nil
	case map[string]any:
		if st, ok := t.(*sqltypes.StructType); ok {
			return jsonRow(c, x, st)
		}
		if isString(t) {
			out, _ := json.Marshal(x)
			return string(out)
		}
		return nil
	case []any:
		if at, ok := t.(sqltypes.ArrayType); ok {
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = jsonValue(c, e, at.Element)
			}
			return out
		}
		return nil
	}
	return nil
}
