package plan

import (
	"math"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Numeric scalar functions: abs and round.

func bindAbs(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 1 {
		return nil, wrongArgs("abs", "1", len(c.Args))
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	if !isNumeric(b.DataType()) {
		return nil, unexpectedInputType("abs("+b.SQL()+")", "first", b.SQL(), b.DataType(), `("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH")`)
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
			s, err := r.resolve(c.Args[1])
			if err != nil {
				return nil, err
			}
			return nil, mismatch("NON_FOLDABLE_INPUT", "inputName", "`scale`", "inputType", `"INT"`,
				"inputExpr", quoteSQL(s.SQL()), "sqlExpr", quoteSQL("round("+b.SQL()+", "+s.SQL()+")"))
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
		return nil, unexpectedInputType("round("+b.SQL()+", "+sqlArgs[1]+")", "first", b.SQL(), b.DataType(), `"NUMERIC"`)
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
