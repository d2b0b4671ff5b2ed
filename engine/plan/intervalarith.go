package plan

import (
	"fmt"
	"math"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Arithmetic with interval types, as Spark's analyzer types it: a timestamp plus or minus an
// interval is a timestamp (TimeAdd, printed without parentheses), intervals add up to the
// wider interval, an interval times or divided by a number is INTERVAL DAY TO SECOND, and
// two timestamps subtract to INTERVAL DAY TO SECOND.

var dayToSecond = sqltypes.DayTimeIntervalType{Start: sqltypes.IntervalDay, End: sqltypes.IntervalSecond}

func isTimestampLike(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.TimestampType, sqltypes.TimestampNTZType, sqltypes.DateType:
		return true
	}
	return false
}

// resolveIntervalArith types op over l and r when an interval or two timestamps are
// involved; ok is false when neither is, leaving the operator to numeric arithmetic.
func resolveIntervalArith(op string, l, r Bound) (Bound, bool, error) {
	lt, rt := l.DataType(), r.DataType()
	ldt, lIsDT := lt.(sqltypes.DayTimeIntervalType)
	rdt, rIsDT := rt.(sqltypes.DayTimeIntervalType)
	lym, lIsYM := lt.(sqltypes.YearMonthIntervalType)
	rym, rIsYM := rt.(sqltypes.YearMonthIntervalType)
	lInterval, rInterval := lIsDT || lIsYM, rIsDT || rIsYM
	switch {
	case (op == "+" || op == "-") && isTime(lt) && rIsDT, op == "+" && lIsDT && isTime(rt):
		return timeAddInterval(op, l, r), true, nil
	case op == "-" && isTime(lt) && isTime(rt):
		return timeSubtract(l, r), true, nil
	case (op == "+" || op == "-") && isTimestampLike(lt) && rInterval,
		op == "+" && lInterval && isTimestampLike(rt):
		ts, iv := l, r
		if lInterval {
			ts, iv = r, l
		}
		typ := ts.DataType()
		_, isDate := typ.(sqltypes.DateType)
		if isDate {
			typ = sqltypes.TimestampT
			ts = castTo(ts, typ)
		}
		var add Bound = &boundTimeAdd{ts: ts, iv: iv, neg: op == "-", typ: typ, sql: l.SQL() + " " + op + " " + r.SQL()}
		if _, ym := iv.DataType().(sqltypes.YearMonthIntervalType); ym && isDate {
			// A date plus months stays a DATE (Spark's DateAddYMInterval).
			add = castTo(add, sqltypes.DateT)
		}
		return add, true, nil
	case op == "-" && isDateType(lt) && isDateType(rt):
		// DATE - DATE is the days between them, INTERVAL DAY (Spark's SubtractDates).
		return &boundDateDiff{left: l, right: r, sql: "(" + l.SQL() + " - " + r.SQL() + ")"}, true, nil
	case op == "-" && isTimestampLike(lt) && isTimestampLike(rt) && !(isDateType(lt) && isDateType(rt)):
		return &boundIntervalOp{op: "ts-", left: castTo(l, sqltypes.TimestampT), right: castTo(r, sqltypes.TimestampT), typ: dayToSecond}, true, nil
	case (op == "+" || op == "-") && lIsDT && rIsDT:
		return &boundIntervalOp{op: op, left: l, right: r, typ: sqltypes.WiderDayTime(ldt, rdt)}, true, nil
	case (op == "+" || op == "-") && lIsYM && rIsYM:
		return &boundIntervalOp{op: op, left: l, right: r, typ: sqltypes.YearMonthIntervalType{Start: min(lym.Start, rym.Start), End: max(lym.End, rym.End)}}, true, nil
	case op == "*" && lIsDT && isNumeric(rt), op == "*" && isNumeric(lt) && rIsDT, op == "/" && lIsDT && isNumeric(rt):
		return &boundIntervalOp{op: op, left: l, right: r, typ: dayToSecond}, true, nil
	case op == "*" && isCalendarInterval(lt) && isNumeric(rt), op == "/" && isCalendarInterval(lt) && isNumeric(rt):
		return &boundCalendarNumOp{op: op, interval: l, num: castTo(r, sqltypes.Double), sql: "(" + l.SQL() + " " + op + " " + r.SQL() + ")"}, true, nil
	case op == "*" && isNumeric(lt) && isCalendarInterval(rt):
		return &boundCalendarNumOp{op: op, interval: r, num: castTo(l, sqltypes.Double), sql: "(" + l.SQL() + " " + op + " " + r.SQL() + ")"}, true, nil
	case lInterval || rInterval:
		return nil, false, binaryDiffTypes("("+l.SQL()+" "+op+" "+r.SQL()+")", l, r)
	}
	return nil, false, nil
}

func isCalendarInterval(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.CalendarIntervalType)
	return ok
}

// resolveDateDays is DATE + n, n + DATE and DATE - n for an INT (or narrower) n: Spark's
// type coercion makes them date_add and date_sub, and names them so.
func (r *resolver) resolveDateDays(op string, left, right Bound) (Bound, bool, error) {
	days := func(t sqltypes.DataType) bool {
		switch t.(type) {
		case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType:
			return true
		}
		return false
	}
	lt, rt := left.DataType(), right.DataType()
	var call Call
	switch {
	case op == "+" && isDateType(lt) && days(rt):
		call = Call{Name: "date_add", Args: []Expr{boundExpr{left}, boundExpr{right}}}
	case op == "+" && days(lt) && isDateType(rt):
		call = Call{Name: "date_add", Args: []Expr{boundExpr{right}, boundExpr{left}}}
	case op == "-" && isDateType(lt) && days(rt):
		call = Call{Name: "date_sub", Args: []Expr{boundExpr{left}, boundExpr{right}}}
	default:
		return nil, false, nil
	}
	b, err := r.resolveCall(call)
	return b, true, err
}

// boundCalendarNumOp is an INTERVAL (CalendarIntervalType) times or divided by a number,
// Spark's MultiplyInterval and DivideInterval: each field scaled as a double, the months
// and days truncated, the days' fraction carried into microseconds (rounded). Under ANSI
// a field that overflows or a division by zero is an error; without it, NULL.
type boundCalendarNumOp struct {
	op            string
	interval, num Bound
	sql           string
}

func (b *boundCalendarNumOp) DataType() sqltypes.DataType { return sqltypes.CalendarIntervalType{} }
func (b *boundCalendarNumOp) Nullable() bool              { return true }
func (b *boundCalendarNumOp) SQL() string                 { return b.sql }
func (b *boundCalendarNumOp) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	iv, err := b.interval.Eval(c, row)
	if err != nil || iv == nil {
		return nil, err
	}
	n, err := b.num.Eval(c, row)
	if err != nil || n == nil {
		return nil, err
	}
	v, num := iv.(sqltypes.CalendarInterval), n.(float64)
	months, days, micros := float64(v.Months), float64(v.Days), float64(v.Micros)
	if b.op == "/" {
		if num == 0 {
			if c.Ansi {
				return nil, divideByZero()
			}
			return nil, nil
		}
		months, days, micros = months/num, days/num, micros/num
	} else {
		months, days, micros = months*num, days*num, micros*num
	}
	out, ok := calendarFromDoubles(months, days, micros)
	if !ok {
		if c.Ansi {
			return nil, fmt.Errorf("%s of %s by %v: integer overflow", map[string]string{"*": "multiplying", "/": "dividing"}[b.op], v, num)
		}
		return nil, nil
	}
	return out, nil
}

// calendarFromDoubles is IntervalUtils.fromDoubles: months and days truncated (false when
// one leaves INT), the days' fraction added to the microseconds, which are rounded.
func calendarFromDoubles(months, days, micros float64) (sqltypes.CalendarInterval, bool) {
	m, d := math.Trunc(months), math.Trunc(days)
	if math.IsNaN(m) || math.IsNaN(d) || m > math.MaxInt32 || m < math.MinInt32 || d > math.MaxInt32 || d < math.MinInt32 {
		return sqltypes.CalendarInterval{}, false
	}
	us := math.Round(micros + 86_400_000_000*(days-d))
	if math.IsNaN(us) || us >= math.MaxInt64 || us < math.MinInt64 {
		return sqltypes.CalendarInterval{}, false
	}
	return sqltypes.CalendarInterval{Months: int32(m), Days: int32(d), Micros: int64(us)}, true
}

func isDateType(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.DateType)
	return ok
}

// boundTimeAdd is a timestamp plus (or minus) a day-time interval (exact microseconds) or
// a year-month interval (calendar months in the session time zone, the day clamped to the
// month's length).
type boundTimeAdd struct {
	ts, iv Bound
	neg    bool
	typ    sqltypes.DataType
	sql    string
}

func (b *boundTimeAdd) DataType() sqltypes.DataType { return b.typ }
func (b *boundTimeAdd) Nullable() bool              { return b.ts.Nullable() || b.iv.Nullable() }
func (b *boundTimeAdd) SQL() string                 { return b.sql }
func (b *boundTimeAdd) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	tv, err := b.ts.Eval(c, row)
	if err != nil || tv == nil {
		return nil, err
	}
	iv, err := b.iv.Eval(c, row)
	if err != nil || iv == nil {
		return nil, err
	}
	var micros int64
	ntz := false
	switch t := tv.(type) {
	case sqltypes.Timestamp:
		micros = int64(t)
	case sqltypes.TimestampNTZ:
		micros, ntz = int64(t), true
	default:
		return nil, nil
	}
	switch d := iv.(type) {
	case int64:
		if b.neg {
			d = -d
		}
		sum := micros + d
		if (d > 0 && sum < micros) || (d < 0 && sum > micros) {
			return nil, arithmeticOverflow("long", "try_add")
		}
		micros = sum
	case int32:
		n := int64(d)
		if b.neg {
			n = -n
		}
		loc := c.Location
		if ntz || loc == nil {
			loc = time.UTC
		}
		t := time.UnixMicro(micros).In(loc)
		ny, nm, nd := addMonthsCivil(t.Year(), int(t.Month()), t.Day(), n)
		micros = time.Date(ny, time.Month(nm), nd, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc).UnixMicro()
	}
	if ntz {
		return sqltypes.TimestampNTZ(micros), nil
	}
	return sqltypes.Timestamp(micros), nil
}

// boundIntervalOp is interval +/- interval, interval * or / a number, or timestamp -
// timestamp ("ts-").
type boundIntervalOp struct {
	op          string
	left, right Bound
	typ         sqltypes.DataType
}

func (b *boundIntervalOp) DataType() sqltypes.DataType { return b.typ }
func (b *boundIntervalOp) Nullable() bool {
	return b.left.Nullable() || b.right.Nullable() || b.op == "/"
}
func (b *boundIntervalOp) SQL() string {
	op := b.op
	if op == "ts-" {
		op = "-"
	}
	return "(" + b.left.SQL() + " " + op + " " + b.right.SQL() + ")"
}
func (b *boundIntervalOp) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	l, err := b.left.Eval(c, row)
	if err != nil || l == nil {
		return nil, err
	}
	r, err := b.right.Eval(c, row)
	if err != nil || r == nil {
		return nil, err
	}
	overflow := func() error { return arithmeticOverflow("long", tryNames[b.op]) }
	switch b.op {
	case "ts-":
		return subtractChecked(timestampMicros(l), timestampMicros(r), overflow)
	case "+", "-":
		if x, ok := l.(int32); ok {
			y := int64(r.(int32))
			if b.op == "-" {
				y = -y
			}
			s := int64(x) + y
			if s > math.MaxInt32 || s < math.MinInt32 {
				return nil, arithmeticOverflow("integer", tryNames[b.op])
			}
			return int32(s), nil
		}
		x, y := l.(int64), r.(int64)
		if b.op == "-" {
			return subtractChecked(x, y, overflow)
		}
		s := x + y
		if (y > 0 && s < x) || (y < 0 && s > x) {
			return nil, overflow()
		}
		return s, nil
	}
	// interval * number, number * interval, interval / number
	iv, num := l, r
	if _, ok := l.(int64); !ok {
		iv, num = r, l
	}
	micros := iv.(int64)
	f, ok := sqltypes.AsFloat64(num)
	if !ok {
		return nil, nil
	}
	if b.op == "/" {
		if f == 0 {
			return nil, divideByZero()
		}
		f = 1 / f
	}
	res := math.Round(float64(micros) * f)
	if math.IsNaN(res) || res > math.MaxInt64 || res < math.MinInt64 {
		return nil, overflow()
	}
	return int64(res), nil
}

func timestampMicros(v any) int64 {
	switch t := v.(type) {
	case sqltypes.Timestamp:
		return int64(t)
	case sqltypes.TimestampNTZ:
		return int64(t)
	}
	return 0
}

func subtractChecked(x, y int64, overflow func() error) (any, error) {
	d := x - y
	if (y > 0 && d > x) || (y < 0 && d < x) {
		return nil, overflow()
	}
	return d, nil
}

// boundDateDiff is DATE - DATE: the whole days between them as an INTERVAL DAY.
type boundDateDiff struct {
	left, right Bound
	sql         string
}

func (b *boundDateDiff) DataType() sqltypes.DataType {
	return sqltypes.DayTimeIntervalType{Start: sqltypes.IntervalDay, End: sqltypes.IntervalDay}
}
func (b *boundDateDiff) Nullable() bool { return b.left.Nullable() || b.right.Nullable() }
func (b *boundDateDiff) SQL() string    { return b.sql }
func (b *boundDateDiff) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	l, err := b.left.Eval(c, row)
	if err != nil || l == nil {
		return nil, err
	}
	r, err := b.right.Eval(c, row)
	if err != nil || r == nil {
		return nil, err
	}
	return (int64(l.(sqltypes.Date)) - int64(r.(sqltypes.Date))) * 86400 * 1000000, nil
}
