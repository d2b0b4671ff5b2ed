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

// Date and time functions. TIMESTAMP values are instants shown in the session time zone
// (EvalContext.Location); DATE values are days. Field extraction reads the wall clock in the
// session zone, as Spark does.

const microsPerDay = 86_400_000_000

func init() {
	register := func(b binder, names ...string) { registerZoned(b, names...) }
	dateField := func(name string, f func(c civil) int) {
		register(bindDateField(name, f), name)
	}
	dateField("year", func(c civil) int { return c.year })
	dateField("quarter", func(c civil) int { return (c.month-1)/3 + 1 })
	dateField("month", func(c civil) int { return c.month })
	dateField("day", func(c civil) int { return c.day })
	dateField("dayofmonth", func(c civil) int { return c.day })
	dateField("dayofweek", func(c civil) int { return c.isoDayOfWeek()%7 + 1 })
	dateField("weekday", func(c civil) int { return c.isoDayOfWeek() - 1 })
	dateField("dayofyear", func(c civil) int { return c.dayOfYear() })
	dateField("weekofyear", isoWeek)
	register(bindTimeField("hour", func(c civil) int { return c.hour }), "hour")
	register(bindTimeField("minute", func(c civil) int { return c.minute }), "minute")
	register(bindTimeField("second", func(c civil) int { return c.second }), "second")
	register(bindDateName("monthname", func(c civil) string { return monthShort[c.month-1] }), "monthname")
	register(bindDateName("dayname", func(c civil) string { return dayShort[c.isoDayOfWeek()-1] }), "dayname")
	register(bindDatePart, "date_part", "datepart", "extract")
	register(bindDateAdd("date_add", 1), "date_add", "dateadd")
	register(bindDateAdd("date_sub", -1), "date_sub")
	register(bindAddMonths, "add_months")
	register(bindMonthsBetween, "months_between")
	register(bindDateDiff, "datediff", "date_diff")
	register(bindLastDay, "last_day")
	register(bindNextDay, "next_day")
	register(bindTrunc, "trunc")
	register(bindDateTrunc, "date_trunc")
	register(bindMakeDate, "make_date")
	register(bindMakeTimestamp("make_timestamp", false), "make_timestamp", "make_timestamp_ltz")
	register(bindMakeTimestamp("try_make_timestamp", true), "try_make_timestamp", "try_make_timestamp_ltz")
	register(bindMakeTimestampNTZ("make_timestamp_ntz", false), "make_timestamp_ntz")
	register(bindMakeTimestampNTZ("try_make_timestamp_ntz", true), "try_make_timestamp_ntz")
	register(bindEpochToTimestamp("timestamp_seconds", 1_000_000), "timestamp_seconds")
	register(bindEpochToTimestamp("timestamp_millis", 1_000), "timestamp_millis")
	register(bindEpochToTimestamp("timestamp_micros", 1), "timestamp_micros")
	register(bindTimestampToEpoch("unix_seconds", 1_000_000), "unix_seconds")
	register(bindTimestampToEpoch("unix_millis", 1_000), "unix_millis")
	register(bindTimestampToEpoch("unix_micros", 1), "unix_micros")
	register(bindUnixDate, "unix_date")
	register(bindDateFromUnixDate, "date_from_unix_date")
	register(bindShiftZone("from_utc_timestamp", true), "from_utc_timestamp")
	register(bindShiftZone("to_utc_timestamp", false), "to_utc_timestamp")
	register(bindConvertTimezone, "convert_timezone")
	register(bindTimestampAdd, "timestampadd", "timestamp_add", "dateadd3")
	register(bindTimestampDiff, "timestampdiff", "timestamp_diff")
	register(bindCurrentDate, "current_date", "curdate")
	register(bindCurrentTimestamp, "current_timestamp", "now", "localtimestamp")
	register(bindCurrentTimezone, "current_timezone")
	register(bindDateFormat, "date_format")
	register(bindToChar, "to_char", "to_varchar")
	register(bindToTimestampFn("to_timestamp", false), "to_timestamp")
	register(bindToTimestampFn("try_to_timestamp", true), "try_to_timestamp")
	register(bindToTimestampFn("to_timestamp_ltz", false), "to_timestamp_ltz")
	register(bindToTimestampNTZ, "to_timestamp_ntz")
	register(bindToDateFn("to_date", false), "to_date")
	register(bindToDateFn("try_to_date", true), "try_to_date")
	register(bindUnixTimestamp("unix_timestamp"), "unix_timestamp")
	register(bindUnixTimestamp("to_unix_timestamp"), "to_unix_timestamp")
	register(bindFromUnixtime, "from_unixtime")
	register(bindWindowTime, "window_time")
	displayNames["dateadd"] = "date_add"
	displayNames["to_char"] = "date_format"
	displayNames["to_varchar"] = "date_format"
	displayNames["timestamp_add"] = "timestampadd"
	displayNames["timestamp_diff"] = "timestampdiff"
}

// dateCivil reads a DATE or TIMESTAMP value as a local date-time.
func dateCivil(v any, loc *time.Location) civil {
	switch x := v.(type) {
	case sqltypes.Date:
		y, m, d := sqltypes.CivilFromDays(int64(x))
		return civil{year: y, month: m, day: d, loc: time.UTC}
	case sqltypes.Timestamp:
		return civilOf(int64(x), loc)
	case sqltypes.TimestampNTZ:
		return civilOf(int64(x), time.UTC)
	}
	return civil{}
}

// isoWeek is the ISO-8601 week of the year (weeks start on Monday; week 1 holds the
// year's first Thursday).
func isoWeek(c civil) int {
	t := time.Date(c.year, time.Month(c.month), c.day, 0, 0, 0, 0, time.UTC)
	_, w := t.ISOWeek()
	return w
}

// bindDateField extracts a date field; strings and timestamps become dates.
func bindDateField(name string, f func(c civil) int) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inDate)
		if err != nil {
			return nil, err
		}
		return fn1(name, args[0], sqltypes.Integer, func(ec *EvalContext, a any) (any, error) {
			return int32(f(dateCivil(a, ec.Location))), nil
		}), nil
	}
}

// bindTimeField extracts a time field of a timestamp (strings become timestamps) or of a
// TIME value.
func bindTimeField(name string, f func(c civil) int) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1)
		if err != nil {
			return nil, err
		}
		if isTime(args[0].DataType()) {
			if r.timeTypeOff() {
				return nil, errUnsupportedTimeType()
			}
			return fn1(name, args[0], sqltypes.Integer, func(ec *EvalContext, a any) (any, error) {
				return timeFieldOf(name, a.(sqltypes.Time)), nil
			}), nil
		}
		if args, err = coerceArgs(displayName(c.Name), args, inTimestamp); err != nil {
			return nil, err
		}
		return fn1(name, args[0], sqltypes.Integer, func(ec *EvalContext, a any) (any, error) {
			return int32(f(dateCivil(a, ec.Location))), nil
		}), nil
	}
}

func bindDateName(name string, f func(c civil) string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inDate)
		if err != nil {
			return nil, err
		}
		return fn1(name, args[0], sqltypes.String, func(ec *EvalContext, a any) (any, error) {
			return f(dateCivil(a, ec.Location)), nil
		}), nil
	}
}

// bindDatePart is date_part/datepart/extract(field, source).
func bindDatePart(r *resolver, c Call) (Bound, error) {
	name := strings.ToLower(c.Name)
	args, err := r.bindArgs(c, 2, 2)
	if err != nil {
		return nil, err
	}
	field, ok := stringLiteral(args[0])
	if !ok {
		return nil, analysisErr("NON_FOLDABLE_ARGUMENT", "The function `%s` requires the parameter `field` to be a foldable expression of the type \"STRING\", but the actual argument is a non-foldable.", name)
	}
	src := args[1]
	f := strings.ToUpper(field)
	var get func(c civil) any
	var typ sqltypes.DataType = sqltypes.Integer
	dateOnly := true
	switch f {
	case "YEAR", "Y", "YEARS", "YR", "YRS":
		get = func(c civil) any { return int32(c.year) }
	case "YEAROFWEEK":
		get = func(c civil) any {
			y, _ := time.Date(c.year, time.Month(c.month), c.day, 0, 0, 0, 0, time.UTC).ISOWeek()
			return int32(y)
		}
	case "QUARTER", "QTR":
		get = func(c civil) any { return int32((c.month-1)/3 + 1) }
	case "MONTH", "MON", "MONS", "MONTHS":
		get = func(c civil) any { return int32(c.month) }
	case "WEEK", "W", "WEEKS":
		get = func(c civil) any { return int32(isoWeek(c)) }
	case "DAY", "D", "DAYS":
		get = func(c civil) any { return int32(c.day) }
	case "DAYOFWEEK", "DOW":
		get = func(c civil) any { return int32(c.isoDayOfWeek()%7 + 1) }
	case "DAYOFWEEK_ISO", "DOW_ISO":
		get = func(c civil) any { return int32(c.isoDayOfWeek()) }
	case "DOY":
		get = func(c civil) any { return int32(c.dayOfYear()) }
	case "HOUR", "H", "HOURS", "HR", "HRS":
		get, dateOnly = func(c civil) any { return int32(c.hour) }, false
	case "MINUTE", "M", "MIN", "MINS", "MINUTES":
		get, dateOnly = func(c civil) any { return int32(c.minute) }, false
	case "SECOND", "S", "SEC", "SECONDS", "SECS":
		typ, dateOnly = sqltypes.DecimalType{Precision: 8, Scale: 6}, false
		get = func(c civil) any {
			return sqltypes.Decimal{Unscaled: int64(c.second)*1_000_000 + int64(c.micros), Scale: 6}
		}
	default:
		return nil, analysisErr("INVALID_EXTRACT_FIELD", "Cannot extract %s from %s.", quoteSQL(field), quoteSQL(src.SQL()))
	}
	want := inDate
	if !dateOnly {
		want = inTimestamp
	}
	var fn *boundFunc
	if isTime(src.DataType()) && !dateOnly {
		if r.timeTypeOff() {
			return nil, errUnsupportedTimeType()
		}
		// extract(SECOND FROM TIME '13:08:15.5') is 15.500000, as of a timestamp.
		fn = fn1(name, src, typ, func(ec *EvalContext, a any) (any, error) {
			us := int64(a.(sqltypes.Time)) / 1000
			return get(civil{hour: int(us / 3_600_000_000), minute: int(us / 60_000_000 % 60), second: int(us / 1_000_000 % 60), micros: int(us % 1_000_000)}), nil
		})
	} else {
		b, ok := coerceTo(src, want)
		if !ok {
			return nil, unexpectedInput(callSQL(name, args), 1, want, src)
		}
		fn = fn1(name, b, typ, func(ec *EvalContext, a any) (any, error) { return get(dateCivil(a, ec.Location)), nil })
	}
	switch name {
	case "date_part":
		fn.sqlArgs = []string{field, src.SQL()}
	default:
		fn.sql = name + "(" + field + " FROM " + src.SQL() + ")"
	}
	return fn, nil
}

// bindDateAdd is date_add/date_sub(date, days).
func bindDateAdd(name string, sign int64) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inDate, inInt)
		if err != nil {
			return nil, err
		}
		return fn2(displayName(strings.ToLower(c.Name)), args[0], args[1], sqltypes.DateT, func(ec *EvalContext, a, n any) (any, error) {
			return sqltypes.Date(int64(a.(sqltypes.Date)) + sign*toInt64(n)), nil
		}), nil
	}
}

// addMonthsCivil moves a date by n months, clamping the day to the month's length.
func addMonthsCivil(y, m, d int, n int64) (int, int, int) {
	total := int64(y)*12 + int64(m-1) + n
	ny := int(floorDiv(total, 12))
	nm := int(total-int64(ny)*12) + 1
	return ny, nm, min(d, daysIn(ny, nm))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func bindAddMonths(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inDate, inInt)
	if err != nil {
		return nil, err
	}
	return fn2("add_months", args[0], args[1], sqltypes.DateT, func(_ *EvalContext, a, n any) (any, error) {
		y, m, d := sqltypes.CivilFromDays(int64(a.(sqltypes.Date)))
		ny, nm, nd := addMonthsCivil(y, m, d, toInt64(n))
		return sqltypes.Date(sqltypes.DaysFromCivil(ny, nm, nd)), nil
	}), nil
}

// bindMonthsBetween is months_between(t1, t2[, roundOff]) as Spark's DateTimeUtils does it.
func bindMonthsBetween(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: true, Type: sqltypes.Boolean})
	}
	args, err := r.bindArgs(c, 3, 3, inTimestamp, inTimestamp, inBoolean)
	if err != nil {
		return nil, err
	}
	return fn3("months_between", args[0], args[1], args[2], sqltypes.Double, func(ec *EvalContext, a, b, ro any) (any, error) {
		c1, c2 := civilOf(int64(a.(sqltypes.Timestamp)), ec.Location), civilOf(int64(b.(sqltypes.Timestamp)), ec.Location)
		monthDiff := float64((c1.year*12 + c1.month) - (c2.year*12 + c2.month))
		if c1.day == c2.day || c1.day == daysIn(c1.year, c1.month) && c2.day == daysIn(c2.year, c2.month) {
			return monthDiff, nil
		}
		secs1 := int64(c1.hour*3600 + c1.minute*60 + c1.second)
		secs2 := int64(c2.hour*3600 + c2.minute*60 + c2.second)
		secsDiff := int64(c1.day-c2.day)*86400 + secs1 - secs2
		diff := monthDiff + float64(secsDiff)/float64(31*86400)
		if ro.(bool) {
			return math.Floor(diff*1e8+0.5) / 1e8, nil
		}
		return diff, nil
	}), nil
}

func bindDateDiff(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inDate)
	if err != nil {
		return nil, err
	}
	return fn2(strings.ToLower(c.Name), args[0], args[1], sqltypes.Integer, func(_ *EvalContext, a, b any) (any, error) {
		return int32(int64(a.(sqltypes.Date)) - int64(b.(sqltypes.Date))), nil
	}), nil
}

func bindLastDay(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inDate)
	if err != nil {
		return nil, err
	}
	return fn1("last_day", args[0], sqltypes.DateT, func(_ *EvalContext, a any) (any, error) {
		y, m, _ := sqltypes.CivilFromDays(int64(a.(sqltypes.Date)))
		return sqltypes.Date(sqltypes.DaysFromCivil(y, m, daysIn(y, m))), nil
	}), nil
}

// dayOfWeekIndex reads a day name (MO, MON, MONDAY...) as 0 = Monday.
func dayOfWeekIndex(s string) (int, bool) {
	u := strings.ToUpper(strings.TrimSpace(s))
	for i, d := range dayLong {
		d = strings.ToUpper(d)
		if u == d || u == d[:3] || u == d[:2] {
			return i, true
		}
	}
	return 0, false
}

func bindNextDay(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inDate, inString)
	if err != nil {
		return nil, err
	}
	return fn2("next_day", args[0], args[1], sqltypes.DateT, func(ec *EvalContext, a, b any) (any, error) {
		want, ok := dayOfWeekIndex(b.(string))
		if !ok {
			if ec.Ansi {
				return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "ILLEGAL_DAY_OF_WEEK", Message: fmt.Sprintf("Illegal input for day of week: %s.", b)}
			}
			return nil, nil
		}
		d := int64(a.(sqltypes.Date))
		cur := int(((d+3)%7 + 7) % 7) // 0 = Monday
		delta := (want - cur + 7) % 7
		if delta == 0 {
			delta = 7
		}
		return sqltypes.Date(d + int64(delta)), nil
	}).withNullable(true), nil
}

// truncLevel reads a trunc/date_trunc unit.
func truncLevel(s string, timestamp bool) string {
	switch strings.ToUpper(s) {
	case "YEAR", "YYYY", "YY":
		return "year"
	case "QUARTER":
		return "quarter"
	case "MONTH", "MM", "MON":
		return "month"
	case "WEEK":
		return "week"
	}
	if timestamp {
		switch strings.ToUpper(s) {
		case "DAY", "DD":
			return "day"
		case "HOUR":
			return "hour"
		case "MINUTE":
			return "minute"
		case "SECOND":
			return "second"
		case "MILLISECOND":
			return "millisecond"
		case "MICROSECOND":
			return "microsecond"
		}
	}
	return ""
}

func truncDate(y, m, d int, level string) (int, int, int) {
	switch level {
	case "year":
		return y, 1, 1
	case "quarter":
		return y, (m-1)/3*3 + 1, 1
	case "month":
		return y, m, 1
	case "week":
		days := sqltypes.DaysFromCivil(y, m, d)
		dow := ((days+3)%7 + 7) % 7
		return sqltypes.CivilFromDays(days - dow)
	}
	return y, m, d
}

func bindTrunc(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inDate, inString)
	if err != nil {
		return nil, err
	}
	return fn2("trunc", args[0], args[1], sqltypes.DateT, func(_ *EvalContext, a, f any) (any, error) {
		level := truncLevel(f.(string), false)
		if level == "" {
			return nil, nil
		}
		y, m, d := sqltypes.CivilFromDays(int64(a.(sqltypes.Date)))
		y, m, d = truncDate(y, m, d, level)
		return sqltypes.Date(sqltypes.DaysFromCivil(y, m, d)), nil
	}).withNullable(true), nil
}

func bindDateTrunc(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString, inTimestamp)
	if err != nil {
		return nil, err
	}
	return fn2("date_trunc", args[0], args[1], sqltypes.TimestampT, func(ec *EvalContext, f, a any) (any, error) {
		level := truncLevel(f.(string), true)
		if level == "" {
			return nil, nil
		}
		ts := int64(a.(sqltypes.Timestamp))
		switch level {
		case "microsecond":
			return a, nil
		case "millisecond":
			return sqltypes.Timestamp(floorDiv(ts, 1000) * 1000), nil
		}
		cv := civilOf(ts, ec.Location)
		y, m, d, h, mi, s := cv.year, cv.month, cv.day, cv.hour, cv.minute, cv.second
		switch level {
		case "second":
		case "minute":
			s = 0
		case "hour":
			mi, s = 0, 0
		case "day":
			h, mi, s = 0, 0, 0
		default:
			y, m, d = truncDate(y, m, d, level)
			h, mi, s = 0, 0, 0
		}
		return sqltypes.Timestamp(localMicros(y, m, d, h, mi, s, 0, ec.Location)), nil
	}).withNullable(true), nil
}

func dateTimeOutOfRange(field string, v any, lo, hi int) error {
	return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION", Message: fmt.Sprintf(
		"Invalid value for %s (valid values %d - %d): %v. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.", field, lo, hi, v)}
}

func bindMakeDate(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inInt)
	if err != nil {
		return nil, err
	}
	return fn3("make_date", args[0], args[1], args[2], sqltypes.DateT, func(ec *EvalContext, a, b, d any) (any, error) {
		y, m, day := int(a.(int32)), int(b.(int32)), int(d.(int32))
		if err := checkYMD(y, m, day); err != nil {
			if ec.Ansi {
				return nil, err
			}
			return nil, nil
		}
		return sqltypes.Date(sqltypes.DaysFromCivil(y, m, day)), nil
	}).withNullable(true), nil
}

func checkYMD(y, m, d int) error {
	switch {
	case m < 1 || m > 12:
		return dateTimeOutOfRange("MonthOfYear", m, 1, 12)
	case d < 1 || d > 31:
		return dateTimeOutOfRange("DayOfMonth", d, 1, 31)
	case d > daysIn(y, m):
		return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION", Message: fmt.Sprintf(
			"Invalid date '%s %d'. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.", strings.ToUpper(monthLong[m-1]), d)}
	}
	return nil
}

// makeTimestampArgs reads make_timestamp's fields; secs is DECIMAL(16,6).
func makeTimestampFields(v []any) (y, mo, d, h, mi, s, micros int, err error) {
	y, mo, d, h, mi = int(v[0].(int32)), int(v[1].(int32)), int(v[2].(int32)), int(v[3].(int32)), int(v[4].(int32))
	sec := v[5].(sqltypes.Decimal)
	total := sec.Unscaled
	if sec.Big != nil || total < 0 || total > 60_000_000 {
		return 0, 0, 0, 0, 0, 0, 0, dateTimeOutOfRange("SecondOfMinute", formatDecimal(sec), 0, 59)
	}
	s, micros = int(total/1_000_000), int(total%1_000_000)
	if err := checkYMD(y, mo, d); err != nil {
		return 0, 0, 0, 0, 0, 0, 0, err
	}
	switch {
	case h < 0 || h > 23:
		err = dateTimeOutOfRange("HourOfDay", h, 0, 23)
	case mi < 0 || mi > 59:
		err = dateTimeOutOfRange("MinuteOfHour", mi, 0, 59)
	case s == 60 && micros != 0:
		err = &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "INVALID_FRACTION_OF_SECOND", Message: "Valid range for seconds is [0, 60] (inclusive), but the provided value is " + formatDecimal(sec) + ". To avoid this error, use `try_make_timestamp`, which returns NULL on error."}
	}
	return
}

func bindMakeTimestamp(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if n := len(c.Args); n == 2 || n == 3 {
			return bindMakeTimestampDateTime(r, c, false, try)
		}
		args, err := r.bindArgs(c, 6, 7, inInt, inInt, inInt, inInt, inInt, inDecimal, inString)
		if err != nil {
			return nil, err
		}
		args[5] = castTo(args[5], sqltypes.DecimalType{Precision: 16, Scale: 6})
		var sqlArgs []string
		if strings.EqualFold(c.Name, "try_make_timestamp") && len(args) == 7 {
			// Spark 4.2 names try_make_timestamp after its six date-time fields only; the
			// zone argument does not show (make_timestamp and the _ltz forms print it).
			sqlArgs = sqlOf(args[:6])
		}
		return &boundFunc{name: strings.ToLower(c.Name), args: args, sqlArgs: sqlArgs, typ: sqltypes.TimestampT, nullable: true, nullIntolerant: true,
			fn: func(ec *EvalContext, v []any) (any, error) {
				y, mo, d, h, mi, s, micros, err := makeTimestampFields(v)
				if err != nil {
					if try || !ec.Ansi {
						return nil, nil
					}
					return nil, err
				}
				loc := ec.Location
				if len(v) == 7 {
					l, ok := sqltypes.ParseZoneID(v[6].(string))
					if !ok {
						return nil, invalidZone(v[6].(string))
					}
					loc = l
				}
				extra := 0
				if s == 60 {
					s, extra = 0, 60
				}
				return sqltypes.Timestamp(localMicros(y, mo, d, h, mi, s, micros, loc) + int64(extra)*1_000_000), nil
			}}, nil
	}
}

func bindMakeTimestampNTZ(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 2 {
			return bindMakeTimestampDateTime(r, c, true, try)
		}
		args, err := r.bindArgs(c, 6, 6, inInt, inInt, inInt, inInt, inInt, inDecimal)
		if err != nil {
			return nil, err
		}
		args[5] = castTo(args[5], sqltypes.DecimalType{Precision: 16, Scale: 6})
		return &boundFunc{name: strings.ToLower(c.Name), args: args, typ: sqltypes.TimestampNTZT, nullable: true, nullIntolerant: true,
			fn: func(ec *EvalContext, v []any) (any, error) {
				y, mo, d, h, mi, s, micros, err := makeTimestampFields(v)
				if err != nil {
					if try || !ec.Ansi {
						return nil, nil
					}
					return nil, err
				}
				return sqltypes.TimestampNTZ(localMicros(y, mo, d, h, mi, s, micros, time.UTC)), nil
			}}, nil
	}
}

func invalidZone(z string) error {
	return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "INVALID_TIMEZONE", Message: fmt.Sprintf(
		"The timezone: %s is invalid. The timezone must be either a region-based zone ID or a zone offset. Region IDs must have the form 'area/city', such as 'America/Los_Angeles'. Zone offsets must be in the format '(+|-)HH', '(+|-)HH:mm' or '(+|-)HH:mm:ss', e.g '-08', '+01:00' or '-13:33:33', and must be in the range from -18:00 to +18:00. 'Z' and 'UTC' are accepted as synonyms for '+00:00'.", z)}
}

// bindEpochToTimestamp is timestamp_seconds/millis/micros(n).
// bindEpochArg binds the one argument of a count of units since an epoch: an integral,
// widened to BIGINT, or, for a unit of whole seconds (fractional), any number.
func (r *resolver) bindEpochArg(c Call, fractional bool) (Bound, error) {
	want := inIntegral
	if fractional {
		want = inNumeric
	}
	args, err := r.bindArgs(c, 1, 1, want)
	if err != nil {
		return nil, err
	}
	a := args[0]
	if sqltypes.IsIntegral(a.DataType()) {
		a = castTo(a, sqltypes.Long)
	}
	return a, nil
}

func bindEpochToTimestamp(name string, unit int64) binder {
	return func(r *resolver, c Call) (Bound, error) {
		a, err := r.bindEpochArg(c, unit == 1_000_000)
		if err != nil {
			return nil, err
		}
		return fn1(name, a, sqltypes.TimestampT, func(ec *EvalContext, v any) (any, error) {
			switch x := v.(type) {
			case int64:
				hi, lo := int64(math.MaxInt64)/unit, int64(math.MinInt64)/unit
				if x > hi || x < lo {
					// Spark multiplies with Math.multiplyExact: a bare java.lang.ArithmeticException,
					// which PySpark does not capture (Py4JJavaError), not ARITHMETIC_OVERFLOW.
					return nil, jvmException("java.lang.ArithmeticException: long overflow")
				}
				return sqltypes.Timestamp(x * unit), nil
			case float64:
				if math.IsNaN(x) || math.IsInf(x, 0) {
					return nil, nil
				}
				return sqltypes.Timestamp(javaDoubleToLong(x * float64(unit))), nil
			case float32:
				f := float64(x)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					return nil, nil
				}
				return sqltypes.Timestamp(javaDoubleToLong(f * float64(unit))), nil
			case sqltypes.Decimal:
				q := decimalRat(x)
				q.Mul(q, new(big.Rat).SetInt64(unit))
				n := new(big.Int).Quo(q.Num(), q.Denom())
				if !n.IsInt64() {
					return nil, arithmeticOverflow("long", "try_multiply")
				}
				return sqltypes.Timestamp(n.Int64()), nil
			}
			return nil, nil
		}).withNullable(true), nil
	}
}

func bindTimestampToEpoch(name string, unit int64) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inTimestamp)
		if err != nil {
			return nil, err
		}
		return fn1(name, args[0], sqltypes.Long, func(_ *EvalContext, a any) (any, error) {
			return floorDiv(int64(a.(sqltypes.Timestamp)), unit), nil
		}), nil
	}
}

func bindUnixDate(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inDate)
	if err != nil {
		return nil, err
	}
	return fn1("unix_date", args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
		return int32(a.(sqltypes.Date)), nil
	}), nil
}

func bindDateFromUnixDate(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inInt)
	if err != nil {
		return nil, err
	}
	return fn1("date_from_unix_date", args[0], sqltypes.DateT, func(_ *EvalContext, a any) (any, error) {
		return sqltypes.Date(a.(int32)), nil
	}), nil
}

// bindShiftZone is from_utc_timestamp (read ts as UTC, show its wall clock in tz) and
// to_utc_timestamp (read ts's wall clock as tz time).
func bindShiftZone(name string, fromUTC bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inTimestamp, inString)
		if err != nil {
			return nil, err
		}
		return fn2(name, args[0], args[1], sqltypes.TimestampT, func(ec *EvalContext, a, z any) (any, error) {
			loc, ok := sqltypes.ParseZoneID(z.(string))
			if !ok {
				return nil, invalidZone(z.(string))
			}
			ts := int64(a.(sqltypes.Timestamp))
			// Spark's convertTz(ts, from, to): the instant's wall clock in `to`, read as a
			// wall clock in `from` (from_utc_timestamp: UTC to tz; to_utc_timestamp: tz to
			// UTC). The session zone only shows the result.
			if fromUTC {
				cv := civilOf(ts, loc)
				return sqltypes.Timestamp(localMicros(cv.year, cv.month, cv.day, cv.hour, cv.minute, cv.second, cv.micros, time.UTC)), nil
			}
			cv := civilOf(ts, time.UTC)
			return sqltypes.Timestamp(localMicros(cv.year, cv.month, cv.day, cv.hour, cv.minute, cv.second, cv.micros, loc)), nil
		}), nil
	}
}

// bindConvertTimezone is convert_timezone([source, ]target, ts): a wall clock moved from
// one zone to another, as TIMESTAMP_NTZ.
func bindConvertTimezone(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append([]Expr{Call{Name: "current_timezone"}}, c.Args...)
	}
	args, err := r.bindArgs(c, 3, 3, inString, inString, inAny)
	if err != nil {
		return nil, err
	}
	ts := args[2]
	if !isTimestampNTZ(ts.DataType()) {
		ts = castTo(ts, sqltypes.TimestampNTZT)
	}
	return fn3("convert_timezone", args[0], args[1], ts, sqltypes.TimestampNTZT, func(_ *EvalContext, s, t, v any) (any, error) {
		src, ok := sqltypes.ParseZoneID(s.(string))
		if !ok {
			return nil, invalidZone(s.(string))
		}
		dst, ok := sqltypes.ParseZoneID(t.(string))
		if !ok {
			return nil, invalidZone(t.(string))
		}
		cv := civilOf(int64(v.(sqltypes.TimestampNTZ)), time.UTC)
		instant := localMicros(cv.year, cv.month, cv.day, cv.hour, cv.minute, cv.second, cv.micros, src)
		out := civilOf(instant, dst)
		return sqltypes.TimestampNTZ(localMicros(out.year, out.month, out.day, out.hour, out.minute, out.second, out.micros, time.UTC)), nil
	}).withSQL(args[0].SQL(), args[1].SQL(), args[2].SQL()), nil
}

var unitMicros = map[string]int64{"MICROSECOND": 1, "MILLISECOND": 1000, "SECOND": 1_000_000, "MINUTE": 60_000_000,
	"HOUR": 3_600_000_000, "DAY": microsPerDay, "DAYOFYEAR": microsPerDay, "WEEK": 7 * microsPerDay}

// bindTimestampAdd is timestampadd(unit, n, ts).
func bindTimestampAdd(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString, inLong, inTimestamp)
	if err != nil {
		return nil, err
	}
	given, ok := stringLiteral(args[0])
	unit := strings.ToUpper(given)
	_, micro := unitMicros[unit]
	if !ok || !micro && unit != "MONTH" && unit != "QUARTER" && unit != "YEAR" {
		return nil, analysisErr("INVALID_PARAMETER_VALUE.DATETIME_UNIT", "The value of parameter(s) `unit` in `timestampadd` is invalid: expects one of the units without quotes YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFYEAR, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, but got the string literal %s.", quoteSQL(unit))
	}
	f := fn3("timestampadd", args[0], args[1], args[2], sqltypes.TimestampT, func(ec *EvalContext, _, n, a any) (any, error) {
		return addUnits(ec, int64(a.(sqltypes.Timestamp)), unit, n.(int64))
	})
	first, _ := r.resolve(c.Args[1])
	f.sqlArgs = []string{given, first.SQL(), args[2].SQL()} // the unit as written: year or YEAR
	return f, nil
}

func addUnits(ec *EvalContext, ts int64, unit string, n int64) (any, error) {
	if m, ok := unitMicros[unit]; ok {
		if unit == "DAY" || unit == "WEEK" || unit == "DAYOFYEAR" {
			cv := civilOf(ts, ec.Location)
			days := n
			if unit == "WEEK" {
				days *= 7
			}
			d := sqltypes.DaysFromCivil(cv.year, cv.month, cv.day) + days
			y, mo, dd := sqltypes.CivilFromDays(d)
			return sqltypes.Timestamp(localMicros(y, mo, dd, cv.hour, cv.minute, cv.second, cv.micros, ec.Location)), nil
		}
		return sqltypes.Timestamp(ts + n*m), nil
	}
	months := n
	switch unit {
	case "QUARTER":
		months *= 3
	case "YEAR":
		months *= 12
	}
	cv := civilOf(ts, ec.Location)
	y, mo, d := addMonthsCivil(cv.year, cv.month, cv.day, months)
	return sqltypes.Timestamp(localMicros(y, mo, d, cv.hour, cv.minute, cv.second, cv.micros, ec.Location)), nil
}

// bindTimestampDiff is timestampdiff(unit, start, end): whole units from start to end.
func bindTimestampDiff(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString, inTimestamp, inTimestamp)
	if err != nil {
		return nil, err
	}
	given, ok := stringLiteral(args[0])
	unit := strings.ToUpper(given)
	_, micro := unitMicros[unit]
	if !ok || !micro && unit != "MONTH" && unit != "QUARTER" && unit != "YEAR" {
		return nil, analysisErr("INVALID_PARAMETER_VALUE.DATETIME_UNIT", "The value of parameter(s) `unit` in `timestampdiff` is invalid: expects one of the units without quotes YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFYEAR, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, but got the string literal %s.", quoteSQL(unit))
	}
	f := fn3("timestampdiff", args[0], args[1], args[2], sqltypes.Long, func(ec *EvalContext, _, a, b any) (any, error) {
		start, end := int64(a.(sqltypes.Timestamp)), int64(b.(sqltypes.Timestamp))
		if m, ok := unitMicros[unit]; ok {
			return (end - start) / m, nil
		}
		c1, c2 := civilOf(start, ec.Location), civilOf(end, ec.Location)
		months := int64((c2.year*12 + c2.month) - (c1.year*12 + c1.month))
		// The last month counts only when end's day and time reach start's.
		t1 := int64(c1.day)*microsPerDay + int64(c1.hour*3600+c1.minute*60+c1.second)*1_000_000 + int64(c1.micros)
		t2 := int64(c2.day)*microsPerDay + int64(c2.hour*3600+c2.minute*60+c2.second)*1_000_000 + int64(c2.micros)
		if months > 0 && t2 < t1 {
			months--
		} else if months < 0 && t2 > t1 {
			months++
		}
		switch unit {
		case "QUARTER":
			return months / 3, nil
		case "YEAR":
			return months / 12, nil
		}
		return months, nil
	})
	f.sqlArgs = []string{given, args[1].SQL(), args[2].SQL()}
	return f, nil
}

func bindCurrentDate(_ *resolver, c Call) (Bound, error) {
	if len(c.Args) != 0 {
		return nil, wrongArgs("current_date", "0", len(c.Args))
	}
	return &boundFunc{name: strings.ToLower(c.Name), typ: sqltypes.DateT, volatile: true,
		fn: func(ec *EvalContext, _ []any) (any, error) {
			cv := civilOf(int64(ec.Now), ec.Location)
			return sqltypes.Date(sqltypes.DaysFromCivil(cv.year, cv.month, cv.day)), nil
		}}, nil
}

func bindCurrentTimezone(_ *resolver, c Call) (Bound, error) {
	if len(c.Args) != 0 {
		return nil, wrongArgs("current_timezone", "0", len(c.Args))
	}
	return &boundFunc{name: "current_timezone", typ: sqltypes.String, volatile: true,
		fn: func(ec *EvalContext, _ []any) (any, error) { return ec.TimeZone, nil }}, nil
}

// patternArg compiles a constant datetime pattern once; a per-row pattern compiles (with a
// cache) as it comes.
func patternArg(b Bound, parsing bool) func(v any) (*dtPattern, *patternError) {
	if s, ok := stringLiteral(b); ok {
		dp, pe := compileDatetimePattern(s, parsing)
		return func(any) (*dtPattern, *patternError) { return dp, pe }
	}
	return func(v any) (*dtPattern, *patternError) { return compileDatetimePattern(v.(string), parsing) }
}

// bindDateFormat is date_format(ts, pattern) (also to_char and to_varchar of a datetime).
func bindDateFormat(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inTimestamp, inString)
	if err != nil {
		return nil, err
	}
	pat := patternArg(args[1], false)
	return fn2("date_format", args[0], args[1], sqltypes.String, func(ec *EvalContext, a, p any) (any, error) {
		dp, pe := pat(p)
		if pe != nil {
			return nil, pe.err("date_format")
		}
		return dp.format(civilOf(int64(a.(sqltypes.Timestamp)), ec.Location)), nil
	}), nil
}

func cannotParse(s, pattern string) error {
	return &sparkerrors.Error{Kind: sparkerrors.DateTimeException, Class: "CANNOT_PARSE_TIMESTAMP", Message: fmt.Sprintf(
		"Text '%s' could not be parsed at index 0. Use `try_to_timestamp` to tolerate invalid input string and return NULL instead.", s)}
}

// parseWithPattern parses a string with a pattern to a timestamp; failures are NULL for
// try and outside ANSI mode.
func parseWithPattern(ec *EvalContext, s string, dp *dtPattern, try bool) (any, error) {
	ts, ok := dp.parseTimestamp(s, ec.Location)
	if !ok {
		if try || !ec.Ansi {
			return nil, nil
		}
		return nil, cannotParse(s, dp.src)
	}
	return ts, nil
}

// bindToTimestampFn is to_timestamp(s[, pattern]) and its try_ and _ltz forms.
func bindToTimestampFn(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 2)
		if err != nil {
			return nil, err
		}
		a := args[0]
		if len(args) == 1 {
			if isString(a.DataType()) {
				return fn1(name, a, sqltypes.TimestampT, func(ec *EvalContext, v any) (any, error) {
					out, err := castValue(ec, v, sqltypes.String, sqltypes.TimestampT)
					if err != nil && try {
						return nil, nil
					}
					return out, err
				}).withNullable(true), nil
			}
			if err := checkCast(a, sqltypes.TimestampT); err != nil {
				return nil, err
			}
			return fn1(name, a, sqltypes.TimestampT, func(ec *EvalContext, v any) (any, error) {
				return castValue(ec, v, a.DataType(), sqltypes.TimestampT)
			}).withNullable(true), nil
		}
		f, ok := coerceTo(args[1], inString)
		if !ok {
			return nil, unexpectedInput(callSQL(name, args), 1, inString, args[1])
		}
		if !isString(a.DataType()) {
			a, ok = coerceTo(a, inTimestamp)
			if !ok {
				return nil, unexpectedInput(callSQL(name, args), 0, inTimestamp, args[0])
			}
			return fn2(name, a, f, sqltypes.TimestampT, func(_ *EvalContext, v, _ any) (any, error) { return v, nil }), nil
		}
		pat := patternArg(f, true)
		return fn2(name, a, f, sqltypes.TimestampT, func(ec *EvalContext, v, p any) (any, error) {
			dp, pe := pat(p)
			if pe != nil {
				return nil, pe.err(name)
			}
			return parseWithPattern(ec, v.(string), dp, try)
		}).withNullable(true), nil
	}
}

func bindToTimestampNTZ(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 2)
	if err != nil {
		return nil, err
	}
	a := args[0]
	if len(args) == 1 {
		if err := checkCast(a, sqltypes.TimestampNTZT); err != nil {
			return nil, err
		}
		return fn1("to_timestamp_ntz", a, sqltypes.TimestampNTZT, func(ec *EvalContext, v any) (any, error) {
			return castValue(ec, v, a.DataType(), sqltypes.TimestampNTZT)
		}).withNullable(true), nil
	}
	pat := patternArg(args[1], true)
	a = castTo(a, sqltypes.String)
	return fn2("to_timestamp_ntz", a, args[1], sqltypes.TimestampNTZT, func(ec *EvalContext, v, p any) (any, error) {
		dp, pe := pat(p)
		if pe != nil {
			return nil, pe.err("to_timestamp_ntz")
		}
		ts, err := parseWithPattern(&EvalContext{Location: time.UTC, Ansi: ec.Ansi}, v.(string), dp, false)
		if err != nil || ts == nil {
			return nil, err
		}
		return sqltypes.TimestampNTZ(ts.(sqltypes.Timestamp)), nil
	}).withNullable(true), nil
}

// bindToDateFn is to_date(s[, pattern]) and try_to_date.
func bindToDateFn(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 2)
		if err != nil {
			return nil, err
		}
		a := args[0]
		if len(args) == 1 {
			if err := checkCast(a, sqltypes.DateT); err != nil {
				return nil, err
			}
			return fn1(name, a, sqltypes.DateT, func(ec *EvalContext, v any) (any, error) {
				out, err := castValue(ec, v, a.DataType(), sqltypes.DateT)
				if err != nil && try {
					return nil, nil
				}
				return out, err
			}).withNullable(true), nil
		}
		f, ok := coerceTo(args[1], inString)
		if !ok {
			return nil, unexpectedInput(callSQL(name, args), 1, inString, args[1])
		}
		if !isString(a.DataType()) {
			a, ok = coerceTo(a, inDate)
			if !ok {
				return nil, unexpectedInput(callSQL(name, args), 0, inDate, args[0])
			}
			return fn2(name, a, f, sqltypes.DateT, func(_ *EvalContext, v, _ any) (any, error) { return v, nil }), nil
		}
		pat := patternArg(f, true)
		return fn2(name, a, f, sqltypes.DateT, func(ec *EvalContext, v, p any) (any, error) {
			dp, pe := pat(p)
			if pe != nil {
				return nil, pe.err(name)
			}
			ts, err := parseWithPattern(ec, v.(string), dp, try)
			if err != nil || ts == nil {
				return nil, err
			}
			cv := civilOf(int64(ts.(sqltypes.Timestamp)), ec.Location)
			return sqltypes.Date(sqltypes.DaysFromCivil(cv.year, cv.month, cv.day)), nil
		}).withNullable(true), nil
	}
}

// bindUnixTimestamp is unix_timestamp([s[, pattern]]): seconds since the epoch; a string
// is parsed with the pattern (yyyy-MM-dd HH:mm:ss by default).
func bindUnixTimestamp(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 0 {
			c.Args = []Expr{Call{Name: "current_timestamp"}}
		}
		if len(c.Args) == 1 {
			c.Args = append(c.Args, Literal{Value: "yyyy-MM-dd HH:mm:ss", Type: sqltypes.String})
		}
		args, err := r.bindArgs(c, 2, 2, inAny, inString)
		if err != nil {
			return nil, err
		}
		a := args[0]
		switch {
		case isString(a.DataType()):
			pat := patternArg(args[1], true)
			return fn2(name, a, args[1], sqltypes.Long, func(ec *EvalContext, v, p any) (any, error) {
				dp, pe := pat(p)
				if pe != nil {
					return nil, pe.err(name)
				}
				ts, err := parseWithPattern(ec, v.(string), dp, false)
				if err != nil || ts == nil {
					return nil, err
				}
				return floorDiv(int64(ts.(sqltypes.Timestamp)), 1_000_000), nil
			}).withNullable(true), nil
		case isDate(a.DataType()), isTimestamp(a.DataType()), isTimestampNTZ(a.DataType()):
			a = castTo(a, sqltypes.TimestampT)
			return fn2(name, a, args[1], sqltypes.Long, func(_ *EvalContext, v, _ any) (any, error) {
				return floorDiv(int64(v.(sqltypes.Timestamp)), 1_000_000), nil
			}), nil
		}
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The first parameter requires the (\"STRING\" or \"DATE\" or \"TIMESTAMP\" or \"TIMESTAMP_NTZ\") type, however %s has the type %s.",
			quoteSQL(callSQL(name, args)), quoteSQL(a.SQL()), quoteSQL(a.DataType().SQL()))
	}
}

func bindFromUnixtime(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 1 {
		c.Args = append(c.Args, Literal{Value: "yyyy-MM-dd HH:mm:ss", Type: sqltypes.String})
	}
	args, err := r.bindArgs(c, 2, 2, inLong, inString)
	if err != nil {
		return nil, err
	}
	pat := patternArg(args[1], false)
	return fn2("from_unixtime", args[0], args[1], sqltypes.String, func(ec *EvalContext, a, p any) (any, error) {
		dp, pe := pat(p)
		if pe != nil {
			return nil, pe.err("from_unixtime")
		}
		return dp.format(civilOf(a.(int64)*1_000_000, ec.Location)), nil
	}), nil
}

// bindWindowTime is window_time(window): the window's end minus one microsecond, the event
// time of a windowed aggregate's result.
func bindWindowTime(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	st, ok := args[0].DataType().(*sqltypes.StructType)
	if !ok || len(st.Fields) != 2 || st.Fields[1].Name != "end" {
		return nil, unexpectedInput(callSQL("window_time", args), 0, inStruct, args[0])
	}
	return windowTimeOf(args[0]), nil
}

// windowTimeOf is window_time(w). It keeps the window column's metadata, so the event
// time of a windowed result carries the watermark into a second aggregation, as Spark's
// window_time does.
func windowTimeOf(w Bound) Bound {
	f := fn1("window_time", w, sqltypes.TimestampT, func(_ *EvalContext, a any) (any, error) {
		end, ok := a.(sqltypes.Row)[1].(sqltypes.Timestamp)
		if !ok {
			return nil, nil
		}
		return end - 1, nil
	}).withSQL(OutputName(w))
	meta := map[string]any{}
	for k, v := range OutputField(w).Metadata {
		if k != TimeWindowKey {
			meta[k] = v
		}
	}
	return &boundWithMetadata{Bound: f, meta: meta}
}

// boundWithMetadata is a computed value that carries column metadata.
type boundWithMetadata struct {
	Bound
	meta map[string]any
}

func (b *boundWithMetadata) Metadata() map[string]any { return b.meta }
