package plan

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Interval literals as Spark's parser reads them with spark.sql.legacy.interval.enabled
// off: INTERVAL 1 HOUR, INTERVAL '1' HOUR, INTERVAL 2 HOURS 30 MINUTES, INTERVAL
// '1 02:03:04' DAY TO SECOND. Day-time units make a DayTimeIntervalType spanning the units
// written (week counts as days, milli- and microseconds as seconds), year-month units a
// YearMonthIntervalType; mixing both is an error.

type intervalUnit struct {
	yearMonth bool
	field     byte
	micros    int64 // per unit, day-time units
	months    int64 // per unit, year-month units
}

const (
	microsPerSecond = int64(1_000_000)
	microsPerMinute = 60 * microsPerSecond
	microsPerHour   = 60 * microsPerMinute
)

var intervalUnits = map[string]intervalUnit{
	"year":        {yearMonth: true, field: sqltypes.IntervalYear, months: 12},
	"month":       {yearMonth: true, field: sqltypes.IntervalMonth, months: 1},
	"week":        {field: sqltypes.IntervalDay, micros: 7 * microsPerDay},
	"day":         {field: sqltypes.IntervalDay, micros: microsPerDay},
	"hour":        {field: sqltypes.IntervalHour, micros: microsPerHour},
	"minute":      {field: sqltypes.IntervalMinute, micros: microsPerMinute},
	"second":      {field: sqltypes.IntervalSecond, micros: microsPerSecond},
	"millisecond": {field: sqltypes.IntervalSecond, micros: 1000},
	"microsecond": {field: sqltypes.IntervalSecond, micros: 1},
}

func lookupIntervalUnit(word string) (intervalUnit, bool) {
	w := strings.ToLower(word)
	if u, ok := intervalUnits[w]; ok {
		return u, true
	}
	u, ok := intervalUnits[strings.TrimSuffix(w, "s")]
	return u, ok
}

// intervalValueAhead reports whether the tokens from i are an interval value followed by a
// unit: [-] number|string unit.
func (p *sqlParser) intervalValueAhead(i int) bool {
	if i < len(p.toks) && p.toks[i].kind == tkOp && p.toks[i].text == "-" {
		i++
	}
	if i+1 >= len(p.toks) {
		return false
	}
	if k := p.toks[i].kind; k != tkNumber && k != tkString {
		return false
	}
	u := p.toks[i+1]
	if u.kind != tkIdent {
		return false
	}
	_, ok := lookupIntervalUnit(u.text)
	return ok
}

// intervalLiteral parses what follows the INTERVAL keyword.
func (p *sqlParser) intervalLiteral() (Expr, error) {
	if t := p.peek(); t.kind == tkString && !p.intervalValueAhead(p.i) {
		return p.intervalString()
	}
	var text []string
	var micros, months int64
	var dayTime, yearMonth bool
	var start, end byte = 255, 0
	for p.intervalValueAhead(p.i) {
		neg := p.op("-")
		valTok := p.next()
		unitTok := p.next()
		u, _ := lookupIntervalUnit(unitTok.text)
		raw := valTok.text
		if neg {
			raw = "-" + raw
		}
		if valTok.kind == tkString && p.keyword("TO") {
			toTok := p.next()
			to, ok := lookupIntervalUnit(toTok.text)
			if !ok || to.yearMonth != u.yearMonth || to.field < u.field {
				return nil, parseErr("Syntax error at or near '" + toTok.text + "'.")
			}
			return ansiIntervalLiteral(raw, u, to)
		}
		text = append(text, raw, unitTok.text)
		if u.yearMonth {
			yearMonth = true
			n, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 32)
			if err != nil {
				return nil, parseErr("Error parsing interval value '" + raw + "' for unit " + strings.ToUpper(unitTok.text) + ".")
			}
			months += n * u.months
		} else {
			dayTime = true
			r, ok := new(big.Rat).SetString(strings.TrimSpace(raw))
			if !ok {
				return nil, parseErr("Error parsing interval value '" + raw + "' for unit " + strings.ToUpper(unitTok.text) + ".")
			}
			r.Mul(r, new(big.Rat).SetInt64(u.micros))
			f, _ := r.Float64()
			if math.Abs(f) > math.MaxInt64 {
				return nil, parseErr("Interval value '" + raw + "' is out of range.")
			}
			micros += int64(math.Round(f))
		}
		start, end = min(start, u.field), max(end, u.field)
	}
	if dayTime && yearMonth {
		return nil, sparkerrors.New(sparkerrors.ParseException, "_LEGACY_ERROR_TEMP_0029", "literal", "interval "+strings.Join(text, " "))
	}
	if yearMonth {
		if months > math.MaxInt32 || months < math.MinInt32 {
			return nil, parseErr("Interval value is out of range.")
		}
		return Literal{Value: int32(months), Type: sqltypes.YearMonthIntervalType{Start: start, End: end}}, nil
	}
	return Literal{Value: micros, Type: sqltypes.DayTimeIntervalType{Start: start, End: end}}, nil
}

// ansiIntervalLiteral reads INTERVAL '<text>' FROM TO TO: the text's numbers, split at
// spaces, colons and dashes, fill the fields from FROM to TO; a leading '-' negates.
func ansiIntervalLiteral(raw string, from, to intervalUnit) (Expr, error) {
	s := strings.TrimSpace(raw)
	neg := false
	for strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = neg != (s[0] == '-')
		s = strings.TrimSpace(s[1:])
	}
	bad := func() (Expr, error) {
		return nil, parseErr("Interval string does not match the format of the interval type: '" + raw + "'.")
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ':' || (from.yearMonth && r == '-') })
	if from.yearMonth {
		if len(parts) != int(to.field-from.field)+1 {
			return bad()
		}
		var months int64
		for i, part := range parts {
			n, err := strconv.ParseInt(part, 10, 32)
			if err != nil {
				return bad()
			}
			if from.field+byte(i) == sqltypes.IntervalYear {
				n *= 12
			}
			months += n
		}
		if neg {
			months = -months
		}
		return Literal{Value: int32(months), Type: sqltypes.YearMonthIntervalType{Start: from.field, End: to.field}}, nil
	}
	if len(parts) != int(to.field-from.field)+1 {
		return bad()
	}
	per := []int64{microsPerDay, microsPerHour, microsPerMinute, microsPerSecond}
	var micros int64
	for i, part := range parts {
		field := from.field + byte(i)
		if field == sqltypes.IntervalSecond {
			r, ok := new(big.Rat).SetString(part)
			if !ok || r.Sign() < 0 {
				return bad()
			}
			f, _ := r.Mul(r, new(big.Rat).SetInt64(microsPerSecond)).Float64()
			micros += int64(math.Round(f))
			continue
		}
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil || n < 0 {
			return bad()
		}
		micros += n * per[field]
	}
	if neg {
		micros = -micros
	}
	return Literal{Value: micros, Type: sqltypes.DayTimeIntervalType{Start: from.field, End: to.field}}, nil
}

// intervalString reads INTERVAL 'text' without a unit after it: the text holds the values
// and their units ('7 days', '1 hour 30 minutes'). Text that is not that is Spark's
// INVALID_TYPED_LITERAL ("INTERVAL '1' FORTNIGHT" is INTERVAL '1' aliased FORTNIGHT).
func (p *sqlParser) intervalString() (Expr, error) {
	kw := p.toks[max(p.i-1, 0)]
	t := p.next()
	invalid := func() (Expr, error) {
		return nil, p.atSpan(sparkerrors.New(sparkerrors.ParseException, "INVALID_TYPED_LITERAL",
			"valueType", `"INTERVAL"`, "value", "'"+t.text+"'"), kw, p.prevEnd())
	}
	text := strings.TrimSpace(t.text)
	if len(text) >= 8 && strings.EqualFold(text[:8], "interval") {
		text = text[8:]
	}
	sub, err := newSQLParser(text)
	if err != nil || !sub.intervalValueAhead(0) {
		return invalid()
	}
	for i := 0; i+1 < len(sub.toks); i++ {
		if sub.toks[i].kind == tkString {
			return invalid()
		}
	}
	e, err := sub.intervalLiteral()
	if err != nil || !sub.at(tkEOF, "") {
		return invalid()
	}
	return e, nil
}
