package sqltypes

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// CastError is a Spark ANSI-mode cast failure, e.g.
// [CAST_INVALID_INPUT] The value 'abc' of the type "STRING" cannot be cast to "INT" because it
// is malformed. ...
type CastError struct {
	Class string // CAST_INVALID_INPUT, CAST_OVERFLOW, NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION, ...
	Msg   string
	State string
}

func (e *CastError) Error() string {
	return "[" + e.Class + "] " + e.Msg + " SQLSTATE: " + e.State
}

// SparkError is the cast failure as Spark raises it: a string that is not a date or a
// timestamp is a SparkDateTimeException, other conditions take their usual exception.
func (e *CastError) SparkError() *sparkerrors.Error {
	kind := sparkerrors.KindOf(e.Class)
	if e.Class == "CAST_INVALID_INPUT" && (strings.Contains(e.Msg, `to "DATE"`) || strings.Contains(e.Msg, `to "TIME`)) {
		kind = sparkerrors.DateTimeException
	}
	se := &sparkerrors.Error{Kind: kind, Class: e.Class, Message: e.Msg}
	if e.Class == "CAST_INVALID_INPUT" {
		// Spark also passes the ANSI setting's name, which the message does not show.
		se.Params = append(se.Parameters(), sparkerrors.Param{Name: "ansiConfig", Value: `"spark.sql.ansi.enabled"`})
	}
	return se
}

// sqlTypeName is Spark's toSQLType: "INT", "DECIMAL(10,2)", "ARRAY<STRING>" in double quotes.
func sqlTypeName(t DataType) string { return `"` + t.SQL() + `"` }

// SQLValue is Spark's toSQLValue literal form used in error messages: 'text', 5, 5L, 5S, 5Y,
// 1.5D, 1.5F, 25.50BD, DATE '2026-10-01', TIMESTAMP '2026-10-01 09:15:00'.
func SQLValue(v any, t DataType, loc *time.Location) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return "'" + strings.ReplaceAll(strings.ReplaceAll(x, `\`, `\\`), "'", `\'`) + "'"
	case int8:
		return strconv.Itoa(int(x)) + "Y"
	case int16:
		return strconv.Itoa(int(x)) + "S"
	case int32:
		return strconv.Itoa(int(x))
	case int64:
		return strconv.FormatInt(x, 10) + "L"
	case float32:
		return JavaFloatString(x) + "F"
	case float64:
		return JavaDoubleString(x) + "D"
	case Decimal:
		return x.String() + "BD"
	case Date:
		return "DATE '" + FormatDate(x) + "'"
	case Timestamp:
		return "TIMESTAMP '" + FormatTimestamp(x, loc) + "'"
	case TimestampNTZ:
		return "TIMESTAMP_NTZ '" + FormatTimestampNTZ(x) + "'"
	case Time:
		return "TIME '" + FormatTime(x) + "'"
	}
	return castToStringPlain(v, t, loc)
}

func invalidInput(v any, from, to DataType, loc *time.Location) error {
	return &CastError{Class: "CAST_INVALID_INPUT", State: "22018", Msg: fmt.Sprintf(
		"The value %s of the type %s cannot be cast to %s because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead.",
		SQLValue(v, from, loc), sqlTypeName(from), sqlTypeName(to))}
}

func castOverflow(v any, from, to DataType, loc *time.Location) error {
	return &CastError{Class: "CAST_OVERFLOW", State: "22003", Msg: fmt.Sprintf(
		"The value %s of the type %s cannot be cast to %s due to an overflow. Use `try_cast` to tolerate overflow and return NULL instead.",
		SQLValue(v, from, loc), sqlTypeName(from), sqlTypeName(to))}
}

func decimalOutOfRange(text string, to DecimalType) error {
	return &CastError{Class: "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION", State: "22003", Msg: fmt.Sprintf(
		"%s cannot be represented as Decimal(%d, %d). If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and return NULL instead.",
		text, to.Precision, to.Scale)}
}

// Cast converts v from one type to another as Spark's CAST does with ANSI mode on (Spark 4's
// default): malformed strings and overflows are errors (*CastError), not nulls. nil stays nil.
func Cast(v any, from, to DataType, loc *time.Location) (any, error) {
	if v == nil {
		return nil, nil
	}
	if loc == nil {
		loc = time.UTC
	}
	if EqualTypes(from, to, true) {
		return v, nil
	}
	if vv, ok := v.(VariantVal); ok {
		return CastVariant(vv.Ref(), to, loc, true)
	}
	switch to := to.(type) {
	case DayTimeIntervalType:
		if _, ok := from.(DayTimeIntervalType); ok {
			return v, nil // a wider field range: the same length of time
		}
	case YearMonthIntervalType:
		if _, ok := from.(YearMonthIntervalType); ok {
			return v, nil
		}
	case StringType:
		if b, ok := v.([]byte); ok {
			return string(b), nil
		}
		return castToStringPlain(v, from, loc), nil
	case BinaryType:
		switch x := v.(type) {
		case string:
			return []byte(x), nil
		case []byte:
			return x, nil
		}
	case BooleanType:
		return castToBool(v, from, loc)
	case ByteType, ShortType, IntegerType, LongType:
		return castToIntegral(v, from, to, loc)
	case FloatType, DoubleType:
		return castToFloating(v, from, to, loc)
	case DecimalType:
		return castToDecimal(v, from, to, loc)
	case DateType:
		switch x := v.(type) {
		case string:
			if d, ok := ParseDate(x); ok {
				return d, nil
			}
			return nil, invalidInput(v, from, to, loc)
		case Timestamp:
			y, m, d, _, _, _, _, _ := wallClock(int64(x), loc)
			return Date(DaysFromCivil(y, m, d)), nil
		case TimestampNTZ:
			return Date(floorDiv(int64(x), microsPerDay)), nil
		}
	case TimestampType:
		switch x := v.(type) {
		case string:
			if ts, ok := ParseTimestamp(x, loc); ok {
				return ts, nil
			}
			return nil, invalidInput(v, from, to, loc)
		case Date:
			return Timestamp(localToUnix(int64(x)*secondsPerDay, loc) * microsPerSecond), nil
		case TimestampNTZ:
			sec := floorDiv(int64(x), microsPerSecond)
			return Timestamp(localToUnix(sec, loc)*microsPerSecond + (int64(x) - sec*microsPerSecond)), nil
		case int8, int16, int32, int64:
			n := toInt64(x)
			if n > math.MaxInt64/microsPerSecond || n < math.MinInt64/microsPerSecond {
				return nil, castOverflow(v, from, to, loc)
			}
			return Timestamp(n * microsPerSecond), nil
		case float32, float64:
			f := toFloat64(x)
			if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f*1e6) >= 9.2e18 {
				return nil, castOverflow(v, from, to, loc)
			}
			return Timestamp(int64(f * 1e6)), nil
		case Decimal:
			// Seconds with a fraction; digits beyond microseconds are dropped (truncation).
			var q *big.Int
			switch sc := int(x.Scale); {
			case x.Sign() == 0 || sc-6 >= x.Precision():
				q = new(big.Int)
			case sc <= 6:
				if x.Precision()+6-sc > 19 {
					return nil, castOverflow(v, from, to, loc)
				}
				q = new(big.Int).Mul(x.bigOf(), bigPow10(6-sc))
			default:
				q = new(big.Int).Quo(x.bigOf(), bigPow10(sc-6))
			}
			if !q.IsInt64() {
				return nil, castOverflow(v, from, to, loc)
			}
			return Timestamp(q.Int64()), nil
		}
	case TimestampNTZType:
		switch x := v.(type) {
		case string:
			// CAST ignores a zone in the text for TIMESTAMP_NTZ.
			p := parseTimestampParts(x)
			if p.valid && !p.justTime && p.validDateTime() {
				local := DaysFromCivil(p.year, p.month, p.day)*secondsPerDay + int64(p.hour)*3600 + int64(p.minute)*60 + int64(p.second)
				return TimestampNTZ(local*microsPerSecond + int64(p.micros)), nil
			}
			return nil, invalidInput(v, from, to, loc)
		case Date:
			return TimestampNTZ(int64(x) * microsPerDay), nil
		case Timestamp:
			y, m, d, h, mi, s, us, _ := wallClock(int64(x), loc)
			local := DaysFromCivil(y, m, d)*secondsPerDay + int64(h*3600+mi*60+s)
			return TimestampNTZ(local*microsPerSecond + int64(us)), nil
		}
	case TimeType:
		switch x := v.(type) {
		case string:
			// Spark 4.2 keeps every digit the text has, whatever the target's precision:
			// CAST('01:02:03.999999' AS TIME(2)) shows 01:02:03.999999.
			if t, ok := ParseTime(x); ok {
				return t, nil
			}
			return nil, invalidInput(v, from, to, loc)
		case Time:
			return TruncateTime(x, to.Precision), nil
		}
	case ArrayType:
		if x, ok := v.([]any); ok {
			var ef DataType = Null
			if at, ok := from.(ArrayType); ok {
				ef = at.Element
			}
			out := make([]any, len(x))
			for i, e := range x {
				c, err := Cast(e, ef, to.Element, loc)
				if err != nil {
					return nil, err
				}
				out[i] = c
			}
			return out, nil
		}
	case *StructType:
		if x, ok := v.(Row); ok {
			fs, ok := from.(*StructType)
			if !ok || len(fs.Fields) != len(to.Fields) || len(x) != len(to.Fields) {
				break
			}
			out := make(Row, len(x))
			for i, e := range x {
				c, err := Cast(e, fs.Fields[i].Type, to.Fields[i].Type, loc)
				if err != nil {
					return nil, err
				}
				out[i] = c
			}
			return out, nil
		}
	case MapType:
		if x, ok := v.(*MapValue); ok {
			mf, ok := from.(MapType)
			if !ok {
				break
			}
			out := &MapValue{Keys: make([]any, len(x.Keys)), Values: make([]any, len(x.Values))}
			for i := range x.Keys {
				k, err := Cast(x.Keys[i], mf.Key, to.Key, loc)
				if err != nil {
					return nil, err
				}
				val, err := Cast(x.Values[i], mf.Value, to.Value, loc)
				if err != nil {
					return nil, err
				}
				out.Keys[i], out.Values[i] = k, val
			}
			return out, nil
		}
	}
	return nil, &CastError{Class: "DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION", State: "42K09",
		Msg: fmt.Sprintf("Cannot resolve CAST(%s AS %s) due to data type mismatch: cannot cast %s to %s.",
			SQLValue(v, from, loc), to.SQL(), sqlTypeName(from), sqlTypeName(to))}
}

// CanCast reports whether Spark allows CAST from one type to another (ANSI rules, simplified
// to the types this engine carries).
func CanCast(from, to DataType) bool {
	if EqualTypes(from, to, true) {
		return true
	}
	if _, ok := from.(VariantType); ok {
		return CanCastVariant(to)
	}
	if _, ok := from.(NullType); ok {
		return true
	}
	num := func(t DataType) bool {
		switch t.(type) {
		case ByteType, ShortType, IntegerType, LongType, FloatType, DoubleType, DecimalType:
			return true
		}
		return false
	}
	switch t := to.(type) {
	case StringType:
		return true
	case BinaryType:
		_, ok := from.(StringType)
		return ok
	case BooleanType:
		_, s := from.(StringType)
		return s || num(from)
	case ByteType, ShortType, IntegerType, LongType, FloatType, DoubleType, DecimalType:
		switch from.(type) {
		case StringType, BooleanType, TimestampType:
			return true
		case TimeType:
			return IsIntegral(t)
		}
		return num(from)
	case DateType:
		switch from.(type) {
		case StringType, TimestampType, TimestampNTZType:
			return true
		}
	case TimestampType:
		switch from.(type) {
		case StringType, DateType, TimestampNTZType:
			return true
		}
		return num(from)
	case TimestampNTZType:
		switch from.(type) {
		case StringType, DateType, TimestampType:
			return true
		}
	case TimeType:
		switch from.(type) {
		case StringType, TimeType:
			return true
		}
	case ArrayType:
		if f, ok := from.(ArrayType); ok {
			return CanCast(f.Element, t.Element)
		}
	case MapType:
		if f, ok := from.(MapType); ok {
			return CanCast(f.Key, t.Key) && CanCast(f.Value, t.Value)
		}
	case *StructType:
		if f, ok := from.(*StructType); ok && len(f.Fields) == len(t.Fields) {
			for i := range f.Fields {
				if !CanCast(f.Fields[i].Type, t.Fields[i].Type) {
					return false
				}
			}
			return true
		}
	}
	return false
}

func toInt64(v any) int64 {
	switch x := v.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	case int:
		return int64(x)
	}
	return 0
}

func toFloat64(v any) float64 {
	switch x := v.(type) {
	case float32:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

func castToBool(v any, from DataType, loc *time.Location) (any, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case string:
		switch strings.ToLower(trimSparkSpace(x)) {
		case "t", "true", "y", "yes", "1":
			return true, nil
		case "f", "false", "n", "no", "0":
			return false, nil
		}
		return nil, invalidInput(v, from, Boolean, loc)
	case int8, int16, int32, int64:
		return toInt64(x) != 0, nil
	case float32, float64:
		return toFloat64(x) != 0, nil
	case Decimal:
		return x.Sign() != 0, nil
	}
	return nil, invalidInput(v, from, Boolean, loc)
}

func intRange(t DataType) (int64, int64) {
	switch t.(type) {
	case ByteType:
		return math.MinInt8, math.MaxInt8
	case ShortType:
		return math.MinInt16, math.MaxInt16
	case IntegerType:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

func intOf(n int64, t DataType) any {
	switch t.(type) {
	case ByteType:
		return int8(n)
	case ShortType:
		return int16(n)
	case IntegerType:
		return int32(n)
	}
	return n
}

// parseIntegralExact is UTF8String.toLongExact: trimmed, optional sign, digits only.
func parseIntegralExact(s string) (int64, bool) {
	s = trimSparkSpace(s)
	if s == "" {
		return 0, false
	}
	start := 0
	if s[0] == '+' || s[0] == '-' {
		start = 1
	}
	if start == len(s) {
		return 0, false
	}
	for i := start; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	t := s
	if s[0] == '+' {
		t = s[1:]
	}
	n, err := strconv.ParseInt(t, 10, 64)
	return n, err == nil
}

func castToIntegral(v any, from, to DataType, loc *time.Location) (any, error) {
	lo, hi := intRange(to)
	switch x := v.(type) {
	case string:
		n, ok := parseIntegralExact(x)
		if !ok || n < lo || n > hi {
			return nil, invalidInput(v, from, to, loc)
		}
		return intOf(n, to), nil
	case bool:
		if x {
			return intOf(1, to), nil
		}
		return intOf(0, to), nil
	case Time:
		// The whole seconds since midnight (CAST(TIME '12:00:00' AS BIGINT) is 43200).
		n := int64(x) / 1_000_000_000
		if n < lo || n > hi {
			return nil, castOverflow(v, from, to, loc)
		}
		return intOf(n, to), nil
	case int8, int16, int32, int64:
		n := toInt64(x)
		if n < lo || n > hi {
			return nil, castOverflow(v, from, to, loc)
		}
		return intOf(n, to), nil
	case float32, float64:
		f := toFloat64(x)
		// Spark truncates toward zero and fails when the value is outside the type's range.
		t := math.Trunc(f)
		if math.IsNaN(f) || t < float64(lo) || t > float64(hi) || (hi == math.MaxInt64 && t >= 9.223372036854775807e18) {
			return nil, castOverflow(v, from, to, loc)
		}
		return intOf(int64(t), to), nil
	case Decimal:
		// Truncate toward zero; far-off scales are settled without huge powers of ten.
		var q *big.Int
		switch {
		case x.Sign() == 0 || int(x.Scale) >= x.Precision():
			q = new(big.Int)
		case x.Scale < -20:
			return nil, castOverflow(v, from, to, loc)
		case x.Scale < 0:
			q = new(big.Int).Mul(x.bigOf(), bigPow10(int(-x.Scale)))
		default:
			q = new(big.Int).Quo(x.bigOf(), bigPow10(int(x.Scale)))
		}
		if !q.IsInt64() || q.Int64() < lo || q.Int64() > hi {
			return nil, castOverflow(v, from, to, loc)
		}
		return intOf(q.Int64(), to), nil
	case Timestamp:
		return castToIntegral(floorDiv(int64(x), microsPerSecond), Long, to, loc)
	}
	return nil, invalidInput(v, from, to, loc)
}

// parseJavaDouble accepts what Spark's string-to-double cast accepts: Java's
// Double.parseDouble syntax (trailing d/f allowed) and inf/infinity/nan in any case.
func parseJavaDouble(s string) (float64, bool) {
	s = trimSparkSpace(s)
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), true
	case "-inf", "-infinity":
		return math.Inf(-1), true
	case "nan":
		return math.NaN(), true
	}
	if n := len(s); n > 1 && strings.IndexByte("dDfF", s[n-1]) >= 0 {
		s = s[:n-1]
	}
	if s == "" || strings.ContainsAny(s, "_xXpPnN") || strings.HasPrefix(strings.TrimLeft(s, "+-"), "i") || strings.HasPrefix(strings.TrimLeft(s, "+-"), "I") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	return f, true
}

func castToFloating(v any, from, to DataType, loc *time.Location) (any, error) {
	var f float64
	switch x := v.(type) {
	case string:
		var ok bool
		if f, ok = parseJavaDouble(x); !ok {
			return nil, invalidInput(v, from, to, loc)
		}
	case bool:
		if x {
			f = 1
		}
	case int8, int16, int32, int64:
		f = float64(toInt64(x))
	case float32:
		f = float64(x)
	case float64:
		f = x
	case Decimal:
		f = x.Float64()
	case Timestamp:
		f = float64(x) / 1e6
	default:
		return nil, invalidInput(v, from, to, loc)
	}
	if _, ok := to.(FloatType); ok {
		return float32(f), nil
	}
	return f, nil
}

func castToDecimal(v any, from DataType, to DecimalType, loc *time.Location) (any, error) {
	var d Decimal
	switch x := v.(type) {
	case string:
		var ok bool
		d, ok = ParseDecimalExact(trimSparkSpace(x))
		if !ok {
			return nil, invalidInput(v, from, to, loc)
		}
	case bool:
		if x {
			d = DecimalFromInt64(1)
		}
	case int8, int16, int32, int64:
		d = DecimalFromInt64(toInt64(x))
	case float32, float64:
		f := toFloat64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, castOverflow(v, from, to, loc)
		}
		// Spark widens a FLOAT to DOUBLE first (0.1f becomes 0.10000000149011612).
		var ok bool
		if d, ok = ParseDecimalExact(strconv.FormatFloat(f, 'g', -1, 64)); !ok {
			return nil, castOverflow(v, from, to, loc)
		}
	case Decimal:
		d = x
	case Timestamp:
		d = NewDecimal(int64(x), 6)
	default:
		return nil, invalidInput(v, from, to, loc)
	}
	r, ok := d.Rescale(to.Precision, to.Scale)
	if !ok {
		return nil, decimalOutOfRange(d.JavaString(), to)
	}
	return r, nil
}
