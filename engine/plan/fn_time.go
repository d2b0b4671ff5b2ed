package plan

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Functions of Spark's TIME type (4.1+): values are nanoseconds since midnight
// (sqltypes.Time); functions that make one give TIME(6).

const (
	nanosPerSecond = 1_000_000_000
	nanosPerMinute = 60 * nanosPerSecond
	nanosPerHour   = 60 * nanosPerMinute
)

func init() {
	register(bindMakeTime, "make_time")
	register(bindToTime("to_time", false), "to_time")
	register(bindToTime("try_to_time", true), "try_to_time")
	register(bindTimeDiff, "time_diff")
	register(bindTimeTrunc, "time_trunc")
	register(bindTimeFromEpoch("time_from_seconds", nanosPerSecond), "time_from_seconds")
	register(bindTimeFromEpoch("time_from_millis", 1_000_000), "time_from_millis")
	register(bindTimeFromEpoch("time_from_micros", 1_000), "time_from_micros")
	register(bindTimeTo("time_to_seconds"), "time_to_seconds")
	register(bindTimeTo("time_to_millis"), "time_to_millis")
	register(bindTimeTo("time_to_micros"), "time_to_micros")
	registerZoned(bindTimeBucket, "time_bucket")
	registerZoned(bindCurrentTime, "current_time")
}

// bindCurrentTime is current_time([precision]): the wall clock of the query's start in the
// session zone, as TIME(precision) (6 when absent), named current_time(6).
func bindCurrentTime(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 0, 1, inInt)
	if err != nil {
		return nil, err
	}
	p := sqltypes.DefaultTimePrecision
	if len(args) == 1 {
		v, ok := literalArg(args[0])
		n, isInt := v.(int32)
		if !ok || !isInt || n < 0 || n > sqltypes.MaxTimePrecision {
			return nil, sparkerrors.New(sparkerrors.SparkException, "UNSUPPORTED_TIME_PRECISION", "precision", fmt.Sprint(v))
		}
		p = int(n)
	}
	return &boundFunc{name: "current_time", typ: sqltypes.TimeType{Precision: p}, volatile: true, sqlArgs: []string{fmt.Sprint(p)},
		fn: func(ec *EvalContext, _ []any) (any, error) {
			loc := ec.Location
			if loc == nil {
				loc = time.UTC
			}
			cv := civilOf(int64(ec.Now), loc)
			nanos := (int64(cv.hour)*3600+int64(cv.minute)*60+int64(cv.second))*nanosPerSecond + int64(cv.micros)*1000
			return sqltypes.TruncateTime(sqltypes.Time(nanos), p), nil
		}}, nil
}

// timeTypeGated are the functions that fail analysis with UNSUPPORTED_TIME_TYPE while
// spark.sql.timeType.enabled is false, whatever their arguments (Spark 4.2; current_time,
// time_bucket and make_timestamp(date, time) are not among them).
var timeTypeGated = map[string]bool{
	"make_time": true, "to_time": true, "try_to_time": true, "time_diff": true, "time_trunc": true,
	"time_from_seconds": true, "time_from_millis": true, "time_from_micros": true,
	"time_to_seconds": true, "time_to_millis": true, "time_to_micros": true,
}

// errUnsupportedTimeType is Spark's error for a TIME computation with
// spark.sql.timeType.enabled false.
func errUnsupportedTimeType() error {
	return sparkerrors.New(sparkerrors.AnalysisException, "UNSUPPORTED_TIME_TYPE")
}

// timeTypeOff tells whether spark.sql.timeType.enabled is false for this analysis.
func (r *resolver) timeTypeOff() bool {
	return r.scope != nil && r.scope.TimeTypeOff != nil && r.scope.TimeTypeOff()
}

// ContainsTime tells whether t is TIME or holds one (in an array, map or struct).
func ContainsTime(t sqltypes.DataType) bool {
	switch t := t.(type) {
	case sqltypes.TimeType:
		return true
	case sqltypes.ArrayType:
		return ContainsTime(t.Element)
	case sqltypes.MapType:
		return ContainsTime(t.Key) || ContainsTime(t.Value)
	case *sqltypes.StructType:
		for _, f := range t.Fields {
			if ContainsTime(f.Type) {
				return true
			}
		}
	}
	return false
}

// castsToTime tells whether b casts a value to TIME (or to a type holding one) somewhere.
// Expressions whose parts are not known here count as not casting.
func castsToTime(b Bound) bool {
	if c, ok := b.(*boundCast); ok && ContainsTime(c.to) {
		return true
	}
	kids, _ := exprChildren(b)
	for _, k := range kids {
		if k != nil && castsToTime(k) {
			return true
		}
	}
	return false
}

func isTime(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.TimeType)
	return ok
}

// timeArg checks that argument i of a TIME function is a TIME (NULL becomes one).
func timeArg(fnSQL string, i int, b Bound) (Bound, error) {
	t := b.DataType()
	if isTime(t) {
		return b, nil
	}
	if isNull(t) {
		return castTo(b, sqltypes.TimeT), nil
	}
	return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
		"Cannot resolve %s due to data type mismatch: The %s parameter requires the %s type, however %s has the type %s.",
		quoteSQL(fnSQL), ordinalWord(i), `"TIME"`, quoteSQL(b.SQL()), quoteSQL(t.SQL()))
}

// timeFieldOutOfRange is make_time's error for a field past its range (Java's LocalTime.of
// names the field): [DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION] Invalid value for
// HourOfDay (valid values 0 - 23): 25.
func timeFieldOutOfRange(field string, v int64, hi int) error {
	return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION",
		Message: fmt.Sprintf("Invalid value for %s (valid values 0 - %d): %d. ", field, hi, v)}
}

// timeOutOfRange is the error for nanoseconds outside a day (time_from_seconds(-1)).
func timeOutOfRange(nanos string) error {
	return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION",
		Message: "Invalid TIME value: must be between 00:00:00 and 23:59:59.999999999, but got " + nanos + " nanoseconds. "}
}

// bindMakeTime is make_time(hour, minute, second): second is DECIMAL(16,6), its fraction
// the microseconds.
func bindMakeTime(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inInt, inInt, inDecimal)
	if err != nil {
		return nil, err
	}
	args[2] = castTo(args[2], sqltypes.DecimalType{Precision: 16, Scale: 6})
	return fn3("make_time", args[0], args[1], args[2], sqltypes.TimeT, func(ec *EvalContext, a, b, s any) (any, error) {
		h, m := int64(a.(int32)), int64(b.(int32))
		sec := s.(sqltypes.Decimal)
		micros, ok := sec.UnscaledInt64()
		if !ok {
			return nil, timeFieldOutOfRange("SecondOfMinute", math.MaxInt64, 59)
		}
		whole := micros / 1_000_000
		switch {
		case h < 0 || h > 23:
			return nil, timeFieldOutOfRange("HourOfDay", h, 23)
		case m < 0 || m > 59:
			return nil, timeFieldOutOfRange("MinuteOfHour", m, 59)
		case whole < 0 || whole > 59 || micros < 0:
			return nil, timeFieldOutOfRange("SecondOfMinute", whole, 59)
		}
		return sqltypes.Time(h*nanosPerHour + m*nanosPerMinute + micros*1000), nil
	}), nil
}

// cannotParseTime is to_time's error for text that does not read as a time.
func cannotParseTime(s, format string) error {
	return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "CANNOT_PARSE_TIME", Message: fmt.Sprintf(
		"The input string %s cannot be parsed to a TIME value because it does not match to the datetime format %s.",
		sqltypes.SQLValue(s, sqltypes.String, nil), sqltypes.SQLValue(format, sqltypes.String, nil))}
}

// bindToTime is to_time(str[, format]) and try_to_time, which is NULL where to_time fails
// and is named after the to_time it wraps: try_to_time(to_time(str)).
func bindToTime(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 2, inString)
		if err != nil {
			return nil, err
		}
		var b *boundFunc
		if len(args) == 1 {
			b = fn1(name, args[0], sqltypes.TimeT, func(ec *EvalContext, v any) (any, error) {
				t, ok := sqltypes.ParseTime(v.(string))
				if !ok {
					if try {
						return nil, nil
					}
					return nil, cannotParseTime(v.(string), "HH:mm:ss.SSSSSS")
				}
				return t, nil
			})
		} else {
			pat := patternArg(args[1], true)
			b = fn2(name, args[0], args[1], sqltypes.TimeT, func(ec *EvalContext, v, f any) (any, error) {
				dp, pe := pat(f)
				if pe != nil {
					if try {
						return nil, nil
					}
					return nil, pe.err(name)
				}
				p, ok := dp.parse(v.(string))
				var h, mi, s, nanos int
				if ok {
					_, _, _, h, mi, s, nanos, ok = p.resolve()
				}
				if !ok {
					if try {
						return nil, nil
					}
					return nil, cannotParseTime(v.(string), f.(string))
				}
				return sqltypes.Time(int64(h)*nanosPerHour + int64(mi)*nanosPerMinute + int64(s)*nanosPerSecond + int64(nanos)), nil
			})
		}
		b.withNullable(true)
		if try {
			b.withSQL(callSQL("to_time", args))
		}
		return b, nil
	}
}

// timeUnits are the units time_diff and time_trunc take, with their length in nanoseconds.
var timeUnits = map[string]int64{
	"HOUR": nanosPerHour, "MINUTE": nanosPerMinute, "SECOND": nanosPerSecond,
	"MILLISECOND": 1_000_000, "MICROSECOND": 1_000,
}

// timeUnit reads a unit argument: [INVALID_PARAMETER_VALUE.TIME_UNIT] for another word.
func timeUnit(fn string, v any) (int64, error) {
	s := v.(string)
	if n, ok := timeUnits[strings.ToUpper(s)]; ok {
		return n, nil
	}
	return 0, sparkerrors.New(sparkerrors.IllegalArgumentException, "INVALID_PARAMETER_VALUE.TIME_UNIT",
		"parameter", "`unit`", "functionName", "`"+fn+"`", "invalidValue", "'"+s+"'")
}

// bindTimeDiff is time_diff(unit, start, end): whole units from start to end, truncated
// toward zero (time_diff('MINUTE', TIME'21:30:28', TIME'13:08:15') is -502).
func bindTimeDiff(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString, inAny, inAny)
	if err != nil {
		return nil, err
	}
	for i := 1; i < 3; i++ {
		if args[i], err = timeArg(callSQL("time_diff", args), i, args[i]); err != nil {
			return nil, err
		}
	}
	return fn3("time_diff", args[0], args[1], args[2], sqltypes.Long, func(ec *EvalContext, u, a, b any) (any, error) {
		unit, err := timeUnit("time_diff", u)
		if err != nil {
			return nil, err
		}
		return (int64(b.(sqltypes.Time)) - int64(a.(sqltypes.Time))) / unit, nil
	}), nil
}

// bindTimeTrunc is time_trunc(unit, time): the time with the fields below unit zeroed.
func bindTimeTrunc(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString, inAny)
	if err != nil {
		return nil, err
	}
	if args[1], err = timeArg(callSQL("time_trunc", args), 1, args[1]); err != nil {
		return nil, err
	}
	return fn2("time_trunc", args[0], args[1], args[1].DataType(), func(ec *EvalContext, u, t any) (any, error) {
		unit, err := timeUnit("time_trunc", u)
		if err != nil {
			return nil, err
		}
		n := int64(t.(sqltypes.Time))
		return sqltypes.Time(n - n%unit), nil
	}), nil
}

// bindTimeFromEpoch is time_from_seconds (any number), time_from_millis and
// time_from_micros (integers): that much time after midnight, within the day.
func bindTimeFromEpoch(name string, unit int64) binder {
	return func(r *resolver, c Call) (Bound, error) {
		a, err := r.bindEpochArg(c, unit == nanosPerSecond)
		if err != nil {
			return nil, err
		}
		return fn1(name, a, sqltypes.TimeT, func(ec *EvalContext, v any) (any, error) {
			var nanos *big.Int
			switch x := v.(type) {
			case int64:
				nanos = new(big.Int).Mul(big.NewInt(x), big.NewInt(unit))
			case float64, float32:
				f := toFloat(x)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					return nil, nil
				}
				nanos, _ = new(big.Float).Mul(big.NewFloat(f), big.NewFloat(float64(unit))).Int(nil)
			case sqltypes.Decimal:
				q := decimalRat(x)
				q.Mul(q, new(big.Rat).SetInt64(unit))
				nanos = new(big.Int).Quo(q.Num(), q.Denom())
			default:
				return nil, fmt.Errorf("%s: unexpected %T", name, v)
			}
			if nanos.Sign() < 0 || nanos.Cmp(big.NewInt(sqltypes.NanosPerDay)) >= 0 {
				return nil, timeOutOfRange(nanos.String())
			}
			return sqltypes.TruncateTime(sqltypes.Time(nanos.Int64()), sqltypes.DefaultTimePrecision), nil
		}), nil
	}
}

// bindTimeTo is time_to_seconds (DECIMAL(14,6)), time_to_millis and time_to_micros (BIGINT).
func bindTimeTo(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1)
		if err != nil {
			return nil, err
		}
		a, err := timeArg(callSQL(name, args), 0, args[0])
		if err != nil {
			return nil, err
		}
		switch name {
		case "time_to_seconds":
			return fn1(name, a, sqltypes.DecimalType{Precision: 14, Scale: 6}, func(ec *EvalContext, v any) (any, error) {
				return sqltypes.NewDecimal(int64(v.(sqltypes.Time))/1_000, 6), nil
			}), nil
		case "time_to_millis":
			return fn1(name, a, sqltypes.Long, func(ec *EvalContext, v any) (any, error) {
				return int64(v.(sqltypes.Time)) / 1_000_000, nil
			}), nil
		}
		return fn1(name, a, sqltypes.Long, func(ec *EvalContext, v any) (any, error) {
			return int64(v.(sqltypes.Time)) / 1_000, nil
		}), nil
	}
}

// timeFieldOf is hour(), minute() or second() of a TIME value.
func timeFieldOf(name string, t sqltypes.Time) int32 {
	n := int64(t)
	switch name {
	case "hour":
		return int32(n / nanosPerHour)
	case "minute":
		return int32(n / nanosPerMinute % 60)
	}
	return int32(n / nanosPerSecond % 60)
}

// bindMakeTimestampDateTime is make_timestamp(date, time[, timezone]) and its try_ and
// _ntz forms: the date's day at the time, a wall clock in the zone (the session's when
// absent) for TIMESTAMP.
func bindMakeTimestampDateTime(r *resolver, c Call, ntz, try bool) (Bound, error) {
	maxArgs := 3
	if ntz {
		maxArgs = 2
	}
	args, err := r.bindArgs(c, 2, maxArgs, inDate, inAny, inString)
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(c.Name)
	if args[1], err = timeArg(callSQL(name, args), 1, args[1]); err != nil {
		return nil, err
	}
	typ := sqltypes.DataType(sqltypes.TimestampT)
	if ntz {
		typ = sqltypes.TimestampNTZT
	}
	return fnN(name, args, typ, func(ec *EvalContext, v []any) (any, error) {
		days := int64(v[0].(sqltypes.Date))
		micros := int64(v[1].(sqltypes.Time)) / 1_000
		if ntz {
			return sqltypes.TimestampNTZ(days*microsPerDay + micros), nil
		}
		loc := ec.Location
		if len(v) == 3 {
			l, ok := sqltypes.ParseZoneID(v[2].(string))
			if !ok {
				if try {
					return nil, nil
				}
				return nil, invalidZone(v[2].(string))
			}
			loc = l
		}
		y, mo, d := sqltypes.CivilFromDays(days)
		sec := micros / 1_000_000
		return sqltypes.Timestamp(localMicros(y, mo, d, int(sec/3600), int(sec/60%60), int(sec%60), int(micros%1_000_000), loc)), nil
	}).withNullable(true), nil
}

// bindTimeBucket is time_bucket(bucket_size, ts[, origin]) (Spark 4.2): the start of the
// bucket of ts on a grid of bucket_size steps from origin (1970-01-01 00:00:00 in the
// session zone, or as a TIMESTAMP_NTZ for one). bucket_size is a positive constant
// interval; a year-month one steps in calendar months.
func bindTimeBucket(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3)
	if err != nil {
		return nil, err
	}
	const name = "time_bucket"
	tsT := args[1].DataType()
	if isNull(tsT) {
		args[1] = castTo(args[1], sqltypes.TimestampT)
		tsT = sqltypes.TimestampT
	}
	ntz := isTimestampNTZ(tsT)
	originText := "TIMESTAMP '1970-01-01 00:00:00'"
	if ntz {
		originText = "TIMESTAMP_NTZ '1970-01-01 00:00:00'"
	}
	sqlArgs := sqlOf(args)
	if len(args) == 2 {
		sqlArgs = append(sqlArgs, originText)
	}
	fnSQL := name + "(" + strings.Join(sqlArgs, ", ") + ")"
	if !ntz && !isTimestamp(tsT) {
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The %s parameter requires the %s type, however %s has the type %s.",
			quoteSQL(fnSQL), ordinalWord(1), `"(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)"`, quoteSQL(args[1].SQL()), quoteSQL(tsT.SQL()))
	}
	if len(args) == 3 && !sqltypes.EqualTypes(args[2].DataType(), tsT, true) {
		if ot := args[2].DataType(); !isNull(ot) {
			// An origin of the other timestamp type must match ts; any other type is told
			// both timestamp types.
			want := quoteSQL(tsT.SQL())
			if !isTimestamp(ot) && !isTimestampNTZ(ot) {
				want = `"(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)"`
			}
			return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
				"Cannot resolve %s due to data type mismatch: The %s parameter requires the %s type, however %s has the type %s.",
				quoteSQL(fnSQL), ordinalWord(2), want, quoteSQL(args[2].SQL()), quoteSQL(ot.SQL()))
		}
		args[2] = castTo(args[2], tsT)
	}
	var months int32
	var micros int64
	switch args[0].DataType().(type) {
	case sqltypes.DayTimeIntervalType, sqltypes.YearMonthIntervalType:
	default:
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The %s parameter requires the %s type, however %s has the type %s.",
			quoteSQL(fnSQL), ordinalWord(0), `("INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH")`, quoteSQL(args[0].SQL()), quoteSQL(args[0].DataType().SQL()))
	}
	size, ok := literalArg(args[0])
	if !ok || !foldable(args[0]) {
		return nil, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
			"Cannot resolve %s due to data type mismatch: the input `bucketSize` should be a foldable %s expression; however, got %s.",
			quoteSQL(fnSQL), quoteSQL(args[0].DataType().SQL()), quoteSQL(args[0].SQL()))
	}
	switch x := size.(type) {
	case int64:
		micros = x
	case int32:
		months = x
	}
	if size != nil && micros <= 0 && months <= 0 {
		return nil, analysisErr("DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE",
			"Cannot resolve %s due to data type mismatch: The `bucketSize` must be between (0, inf) (current value = %s).",
			quoteSQL(fnSQL), args[0].SQL())
	}
	b := fnN(name, args[1:], tsT, func(ec *EvalContext, v []any) (any, error) {
		if size == nil {
			return nil, nil
		}
		loc := ec.Location
		if ntz || loc == nil {
			loc = time.UTC
		}
		var ts, origin int64
		switch x := v[0].(type) {
		case sqltypes.Timestamp:
			ts = int64(x)
		case sqltypes.TimestampNTZ:
			ts = int64(x)
		}
		if len(v) == 2 {
			switch x := v[1].(type) {
			case sqltypes.Timestamp:
				origin = int64(x)
			case sqltypes.TimestampNTZ:
				origin = int64(x)
			}
		} else {
			origin = localMicros(1970, 1, 1, 0, 0, 0, 0, loc)
		}
		out := bucketStart(ts, origin, micros, int64(months), loc)
		if ntz {
			return sqltypes.TimestampNTZ(out), nil
		}
		return sqltypes.Timestamp(out), nil
	})
	b.sqlArgs = sqlArgs
	return b, nil
}

// bucketStart is the start of the step of a grid from origin that holds ts. A day-time
// size counts its steps between the instants, then moves from origin as Spark adds an
// interval of days and microseconds: the size's whole days times the steps on the
// calendar of loc, the rest of it times the steps as elapsed time (Spark 4.2 in
// America/Los_Angeles: INTERVAL '1' DAY from 2024-07-01 11:27 PDT is 00:00 PDT, five
// hours is 11:00 PDT, '1 02:00' DAY TO MINUTE is 04:00 PDT). A year-month size steps in
// calendar months of the wall clock in loc.
func bucketStart(ts, origin, micros, months int64, loc *time.Location) int64 {
	if months == 0 {
		sizeDays, sizeRest := micros/microsPerDay, micros%microsPerDay
		o := civilOf(origin, loc)
		at := func(n int64) int64 {
			start := origin
			if days := n * sizeDays; days != 0 {
				y, m, d := sqltypes.CivilFromDays(sqltypes.DaysFromCivil(o.year, o.month, o.day) + days)
				start = localMicros(y, m, d, o.hour, o.minute, o.second, o.micros, loc)
			}
			return start + n*sizeRest
		}
		n := floorDiv(ts-origin, micros)
		start := at(n)
		for start > ts { // a zone's shift moved the step past ts
			n--
			start = at(n)
		}
		for next := at(n + 1); next <= ts; next = at(n + 1) {
			n++
			start = next
		}
		return start
	}
	t, o := civilOf(ts, loc), civilOf(origin, loc)
	diff := int64(t.year-o.year)*12 + int64(t.month-o.month)
	n := floorDiv(diff, months) * months
	at := func(n int64) int64 {
		y, m, d := addMonthsCivil(o.year, o.month, o.day, n)
		return localMicros(y, m, d, o.hour, o.minute, o.second, o.micros, loc)
	}
	start := at(n)
	for start > ts {
		n -= months
		start = at(n)
	}
	return start
}

// timeAddInterval is TIME ± a day-time interval (Spark's TimeAddInterval), named without
// parentheses: TIME '12:00:00' + INTERVAL '01' HOUR. A result outside the day is
// DATETIME_OVERFLOW, worded as the addition of the (negated, for -) interval. An interval
// down to seconds gives TIME(6), another keeps the time's precision.
func timeAddInterval(op string, l, r Bound) Bound {
	tm, iv := l, r
	if isTime(r.DataType()) {
		tm, iv = r, l
	}
	ivt := iv.DataType().(sqltypes.DayTimeIntervalType)
	typ := tm.DataType()
	if ivt.End == sqltypes.IntervalSecond {
		typ = sqltypes.TimeT
	}
	b := fn2("time_add", tm, iv, typ, func(ec *EvalContext, t, i any) (any, error) {
		micros := i.(int64)
		if op == "-" {
			micros = -micros
		}
		out := int64(t.(sqltypes.Time)) + micros*1000
		if micros > sqltypes.NanosPerDay/1000 || micros < -sqltypes.NanosPerDay/1000 || out < 0 || out >= sqltypes.NanosPerDay {
			return nil, &sparkerrors.Error{Kind: sparkerrors.ArithmeticException, Class: "DATETIME_OVERFLOW", Message: fmt.Sprintf(
				"Datetime operation overflow: add %s to the time value %s.",
				sqltypes.FormatValue(micros, ivt, nil), sqltypes.SQLValue(t, tm.DataType(), nil))}
		}
		return sqltypes.Time(out), nil
	})
	b.sql = l.SQL() + " " + op + " " + r.SQL()
	return b
}

// timeSubtract is TIME - TIME (Spark's SubtractTimes): an INTERVAL HOUR TO SECOND, named
// TIME '12:00:00.5' - TIME '13:00:00'.
func timeSubtract(l, r Bound) Bound {
	b := fn2("time_diff", l, r, sqltypes.DayTimeIntervalType{Start: sqltypes.IntervalHour, End: sqltypes.IntervalSecond}, func(ec *EvalContext, a, c any) (any, error) {
		return (int64(a.(sqltypes.Time)) - int64(c.(sqltypes.Time))) / 1000, nil
	})
	b.sql = l.SQL() + " - " + r.SQL()
	return b
}
