package plan

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// More scalar functions: conversions, rounding and string predicates.

func init() {
	scalarFunctions["to_timestamp"] = bindToType("to_timestamp", sqltypes.TimestampT)
	scalarFunctions["to_date"] = bindToType("to_date", sqltypes.DateT)
	scalarFunctions["abs"] = bindAbs
	scalarFunctions["round"] = bindRound
	scalarFunctions["like"] = bindLike
	scalarFunctions["contains"] = bindStringPredicate("contains", strings.Contains)
	scalarFunctions["startswith"] = bindStringPredicate("startswith", strings.HasPrefix)
	scalarFunctions["endswith"] = bindStringPredicate("endswith", strings.HasSuffix)
	scalarFunctions["substring"] = bindSubstring
	scalarFunctions["substr"] = bindSubstring
}

// bindToType is to_timestamp(col) / to_date(col) without a format: Spark's CAST rules.
func bindToType(name string, to sqltypes.DataType) func(r *resolver, c Call) (Bound, error) {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 2 {
			return nil, unsupported("kafkalab's %s does not take a format yet: give ISO-8601 text (2026-10-01T09:15:00Z) and call %s(col)", name, name)
		}
		if len(c.Args) != 1 {
			return nil, wrongArgs(name, "[1, 2]", len(c.Args))
		}
		b, err := r.resolve(c.Args[0])
		if err != nil {
			return nil, err
		}
		if err := checkCast(b, to); err != nil {
			return nil, err
		}
		cast := &boundCast{child: b, to: to}
		return &boundFunc{name: name, args: []Bound{b}, typ: to, nullable: true, nullIntolerant: true,
			fn: func(ec *EvalContext, args []any) (any, error) {
				// to_timestamp gives NULL for text it cannot parse, even in ANSI mode.
				lenient := *ec
				lenient.Ansi = false
				return castValue(&lenient, args[0], cast.child.DataType(), to)
			}}, nil
	}
}

func bindAbs(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 1 {
		return nil, wrongArgs("abs", "1", len(c.Args))
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	if !isNumeric(b.DataType()) {
		return nil, typeMismatch("abs("+b.SQL()+")", "the first parameter requires the \"NUMERIC\" type, however %s has the type %s.", quoteSQL(b.SQL()), quoteSQL(b.DataType().SQL()))
	}
	t := b.DataType()
	return &boundFunc{name: "abs", args: []Bound{b}, typ: t, nullable: b.Nullable(), nullIntolerant: true,
		fn: func(ec *EvalContext, args []any) (any, error) {
			switch v := args[0].(type) {
			case float64:
				return math.Abs(v), nil
			case float32:
				return float32(math.Abs(float64(v))), nil
			case sqltypes.Decimal:
				if v.Sign() < 0 {
					return v.Neg(), nil
				}
				return v, nil
			}
			if compareValues(args[0], zeroOf(t), t) < 0 {
				return arith(ec, "-", zeroOf(t), args[0], t)
			}
			return args[0], nil
		}}, nil
}

func zeroOf(t sqltypes.DataType) any {
	switch t.(type) {
	case sqltypes.ByteType:
		return int8(0)
	case sqltypes.ShortType:
		return int16(0)
	case sqltypes.IntegerType:
		return int32(0)
	}
	return int64(0)
}

// bindRound is round(col[, scale]) with HALF_UP, as Spark's round.
func bindRound(r *resolver, c Call) (Bound, error) {
	if len(c.Args) < 1 || len(c.Args) > 2 {
		return nil, wrongArgs("round", "[1, 2]", len(c.Args))
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	scale := 0
	sqlArgs := []string{b.SQL(), "0"}
	if len(c.Args) == 2 {
		lit, ok := c.Args[1].(Literal)
		n, isInt := lit.Value.(int32)
		if !ok || !isInt {
			return nil, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
				"Cannot resolve \"round\" due to data type mismatch: the input `scale` should be a foldable \"INT\" expression.")
		}
		scale = int(n)
		sqlArgs[1] = itoa(scale)
	}
	t := b.DataType()
	switch {
	case isDecimal(t):
		d := t.(sqltypes.DecimalType)
		s := min(max(scale, 0), d.Scale)
		t = boundedDecimal(d.Precision-d.Scale+s+1, s)
	case isNumeric(t):
	default:
		return nil, typeMismatch("round("+b.SQL()+", "+sqlArgs[1]+")", "the first parameter requires the \"NUMERIC\" type, however %s has the type %s.", quoteSQL(b.SQL()), quoteSQL(b.DataType().SQL()))
	}
	out := t
	return &boundFunc{name: "round", args: []Bound{b}, sqlArgs: sqlArgs, typ: out, nullable: b.Nullable(), nullIntolerant: true,
		fn: func(ec *EvalContext, args []any) (any, error) {
			switch v := args[0].(type) {
			case float64:
				return roundHalfUp(v, scale), nil
			case float32:
				return float32(roundHalfUp(float64(v), scale)), nil
			case sqltypes.Decimal:
				return decimalFromRat(ec, decimalRat(v), out.(sqltypes.DecimalType))
			}
			if scale >= 0 {
				return args[0], nil
			}
			f, _ := castValue(ec, args[0], b.DataType(), sqltypes.Double)
			return castValue(ec, roundHalfUp(f.(float64), scale), sqltypes.Double, out)
		}}, nil
}

// roundHalfUp is Spark's round of a double: BigDecimal(Double.toString(v)) rounded HALF_UP.
func roundHalfUp(v float64, scale int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	if scale < 0 {
		m := math.Pow(10, float64(-scale))
		return math.Round(v/m) * m
	}
	d, ok := sqltypes.ParseDecimalExact(sqltypes.JavaDoubleString(v))
	if !ok {
		return v
	}
	r, err := decimalFromRat(nil, decimalRat(d), sqltypes.DecimalType{Precision: sqltypes.MaxDecimalPrecision, Scale: min(scale, sqltypes.MaxDecimalPrecision)})
	if err != nil || r == nil {
		return v
	}
	return r.(sqltypes.Decimal).Float64()
}

func bindLike(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return nil, wrongArgs("like", "2", len(c.Args))
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	lit, ok := c.Args[1].(Literal)
	pattern, isStr := lit.Value.(string)
	if !ok || !isStr {
		return nil, unsupported("kafkalab's like needs a constant pattern string")
	}
	re, err := likeRegexp(pattern)
	if err != nil {
		return nil, err
	}
	b = castTo(b, sqltypes.String)
	return &boundLike{child: b, pattern: pattern, re: re}, nil
}

// boundLike is child LIKE pattern; Spark prints it infix ("status LIKE pl%").
type boundLike struct {
	child   Bound
	pattern string
	re      *regexp.Regexp
}

func (b *boundLike) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundLike) Nullable() bool              { return b.child.Nullable() }
func (b *boundLike) SQL() string                 { return b.child.SQL() + " LIKE " + b.pattern }
func (b *boundLike) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	return b.re.MatchString(v.(string)), nil
}

// likeRegexp translates a SQL LIKE pattern (% any run, _ one character, \ escapes).
func likeRegexp(p string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("(?s)^")
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRuneInString(p[i:])
		switch {
		case r == '\\' && i+size < len(p):
			n, nsize := utf8.DecodeRuneInString(p[i+size:])
			b.WriteString(regexp.QuoteMeta(string(n)))
			i += size + nsize
			continue
		case r == '%':
			b.WriteString(".*")
		case r == '_':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
		i += size
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

func bindStringPredicate(name string, f func(s, sub string) bool) func(r *resolver, c Call) (Bound, error) {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 2 {
			return nil, wrongArgs(name, "2", len(c.Args))
		}
		args, err := r.resolveAll(c.Args)
		if err != nil {
			return nil, err
		}
		for i := range args {
			args[i] = castTo(args[i], sqltypes.String)
		}
		return &boundFunc{name: name, args: args, typ: sqltypes.Boolean, nullable: args[0].Nullable() || args[1].Nullable(), nullIntolerant: true,
			fn: func(_ *EvalContext, v []any) (any, error) { return f(v[0].(string), v[1].(string)), nil }}, nil
	}
}

// bindSubstring is substring(str, pos[, len]) with Spark's 1-based (and negative) positions.
func bindSubstring(r *resolver, c Call) (Bound, error) {
	if len(c.Args) < 2 || len(c.Args) > 3 {
		return nil, wrongArgs("substring", "[2, 3]", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	args[0] = castTo(args[0], sqltypes.String)
	for i := 1; i < len(args); i++ {
		if !sqltypes.IsIntegral(args[i].DataType()) && !isNull(args[i].DataType()) {
			return nil, typeMismatch("substring(...)", "the position and length require the \"INT\" type, however %s has the type %s.", quoteSQL(args[i].SQL()), quoteSQL(args[i].DataType().SQL()))
		}
		args[i] = castTo(args[i], sqltypes.Integer)
	}
	sqlArgs := []string{args[0].SQL(), args[1].SQL(), "2147483647"}
	if len(args) == 3 {
		sqlArgs[2] = args[2].SQL()
	}
	return &boundFunc{name: "substring", args: args, sqlArgs: sqlArgs, typ: sqltypes.String, nullable: true, nullIntolerant: true,
		fn: func(_ *EvalContext, v []any) (any, error) {
			rs := []rune(v[0].(string))
			pos := int(v[1].(int32))
			length := math.MaxInt32
			if len(v) == 3 {
				length = int(v[2].(int32))
			}
			return substringOf(rs, pos, length), nil
		}}, nil
}

// substringOf follows UTF8String.substringSQL.
func substringOf(rs []rune, pos, length int) string {
	n := len(rs)
	start := 0
	switch {
	case pos > 0:
		start = pos - 1
	case pos < 0:
		start = n + pos
	}
	end := n
	if length < math.MaxInt32 {
		end = start + length
		if length < 0 {
			end = start
		}
	}
	start = max(start, 0)
	if start >= n || end <= start {
		return ""
	}
	return string(rs[start:min(end, n)])
}
