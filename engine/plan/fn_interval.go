package plan

import (
	"math/bits"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// make_dt_interval(days, hours, mins, secs) and make_ym_interval(years, months): ANSI
// interval values, the absent arguments 0 (and printed so in the name).

func init() {
	register(bindMakeDTInterval, "make_dt_interval")
	register(bindMakeYMInterval, "make_ym_interval")
}

var secondsType = sqltypes.DecimalType{Precision: 18, Scale: 6}

// intervalArgs binds up to len(want) arguments, filling absent ones with literal zeros.
func (r *resolver) intervalArgs(c Call, want []sqltypes.DataType) ([]Bound, []string, error) {
	if len(c.Args) > len(want) {
		return nil, nil, wrongArgs(c.Name, "[0, "+itoa(len(want))+"]", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(want))
	out := make([]Bound, len(want))
	for i, t := range want {
		if i >= len(args) {
			out[i] = &boundLit{value: int32(0), typ: sqltypes.Integer}
			names[i] = "0"
		} else {
			out[i] = args[i]
			names[i] = args[i].SQL()
		}
		if err := checkCast(out[i], t); err != nil {
			return nil, nil, err
		}
		out[i] = castTo(out[i], t)
	}
	return out, names, nil
}

func bindMakeDTInterval(r *resolver, c Call) (Bound, error) {
	args, names, err := r.intervalArgs(c, []sqltypes.DataType{sqltypes.Integer, sqltypes.Integer, sqltypes.Integer, secondsType})
	if err != nil {
		return nil, err
	}
	typ := sqltypes.DayTimeIntervalType{Start: sqltypes.IntervalDay, End: sqltypes.IntervalSecond}
	b := fnN("make_dt_interval", args, typ, func(_ *EvalContext, v []any) (any, error) {
		secs, ok := v[3].(sqltypes.Decimal).Rescale(18, 6)
		micros, fits := secs.UnscaledInt64()
		if !ok || !fits {
			return nil, arithmeticOverflow("long", "try_make_interval")
		}
		total := micros
		for i, unit := range []int64{86_400_000_000, 3_600_000_000, 60_000_000} {
			hi, lo := bits.Mul64(uint64(abs64(int64(v[i].(int32)))), uint64(unit))
			part := int64(lo)
			if hi != 0 || part < 0 {
				return nil, arithmeticOverflow("long", "try_make_interval")
			}
			if v[i].(int32) < 0 {
				part = -part
			}
			sum := total + part
			if (part > 0 && sum < total) || (part < 0 && sum > total) {
				return nil, arithmeticOverflow("long", "try_make_interval")
			}
			total = sum
		}
		return total, nil
	})
	b.sql = "make_dt_interval(" + strings.Join(names, ", ") + ")"
	return b, nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func bindMakeYMInterval(r *resolver, c Call) (Bound, error) {
	args, names, err := r.intervalArgs(c, []sqltypes.DataType{sqltypes.Integer, sqltypes.Integer})
	if err != nil {
		return nil, err
	}
	typ := sqltypes.YearMonthIntervalType{Start: sqltypes.IntervalYear, End: sqltypes.IntervalMonth}
	b := fnN("make_ym_interval", args, typ, func(_ *EvalContext, v []any) (any, error) {
		months := int64(v[0].(int32))*12 + int64(v[1].(int32))
		if months != int64(int32(months)) {
			return nil, arithmeticOverflow("integer", "try_make_interval")
		}
		return int32(months), nil
	})
	b.sql = "make_ym_interval(" + strings.Join(names, ", ") + ")"
	return b, nil
}

func init() {
	register(bindMakeInterval, "make_interval")
	register(bindTryMakeInterval, "try_make_interval")
}

// bindTryMakeInterval is try_make_interval: make_interval, NULL where a field overflows.
func bindTryMakeInterval(r *resolver, c Call) (Bound, error) {
	b, err := bindMakeInterval(r, c)
	if err != nil {
		return nil, err
	}
	return &boundTryEval{child: b, sql: "try_" + b.SQL()}, nil
}

// bindMakeInterval is make_interval(years, months, weeks, days, hours, mins, secs): a
// CalendarInterval of months, days and microseconds (IntervalUtils.makeInterval), each
// step an exact int or long operation that raises ARITHMETIC_OVERFLOW under ANSI.
func bindMakeInterval(r *resolver, c Call) (Bound, error) {
	i := sqltypes.Integer
	args, names, err := r.intervalArgs(c, []sqltypes.DataType{i, i, i, i, i, i, secondsType})
	if err != nil {
		return nil, err
	}
	b := fnN("make_interval", args, sqltypes.CalendarIntervalType{}, func(_ *EvalContext, v []any) (any, error) {
		n := func(k int) int64 { return int64(v[k].(int32)) }
		months := n(1) + n(0)*12
		days := n(3) + n(2)*7
		if months != int64(int32(months)) || days != int64(int32(days)) {
			return nil, arithmeticOverflow("integer", "try_make_interval")
		}
		secs, ok := v[6].(sqltypes.Decimal).Rescale(18, 6)
		micros, fits := secs.UnscaledInt64()
		if !ok || !fits {
			return nil, arithmeticOverflow("long", "try_make_interval")
		}
		for _, part := range []struct{ k, unit int64 }{{4, 3_600_000_000}, {5, 60_000_000}} {
			hi, lo := bits.Mul64(uint64(abs64(n(int(part.k)))), uint64(part.unit))
			p := int64(lo)
			if hi != 0 || p < 0 {
				return nil, arithmeticOverflow("long", "try_make_interval")
			}
			if n(int(part.k)) < 0 {
				p = -p
			}
			sum := micros + p
			if (p > 0 && sum < micros) || (p < 0 && sum > micros) {
				return nil, arithmeticOverflow("long", "try_make_interval")
			}
			micros = sum
		}
		return sqltypes.CalendarInterval{Months: int32(months), Days: int32(days), Micros: micros}, nil
	})
	b.sql = "make_interval(" + strings.Join(names, ", ") + ")"
	return b, nil
}
