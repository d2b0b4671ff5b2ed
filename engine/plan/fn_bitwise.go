package plan

import (
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// BitwiseFunc is the internal call behind a | b, a & b and a ^ b (Column.bitwiseOR/AND/XOR
// and SQL's operators): its first argument is the operator. Both sides are integral; the
// result takes the wider type, as Spark's BitwiseOr/And/Xor.
const BitwiseFunc = "__kafkalab_bitwise"

func init() { register(bindBitwise, BitwiseFunc) }

func bindBitwise(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 3 {
		return nil, wrongArgs(BitwiseFunc, "3", len(c.Args))
	}
	op, _ := c.Args[0].(Literal).Value.(string)
	l, err := r.resolve(c.Args[1])
	if err != nil {
		return nil, err
	}
	rb, err := r.resolve(c.Args[2])
	if err != nil {
		return nil, err
	}
	sql := "(" + l.SQL() + " " + op + " " + rb.SQL() + ")"
	lt, rt := l.DataType(), rb.DataType()
	if isNull(lt) {
		lt = rt
	}
	if isNull(rt) {
		rt = lt
	}
	if !sqltypes.IsIntegral(lt) || !sqltypes.IsIntegral(rt) {
		bad, t := l, l.DataType()
		if sqltypes.IsIntegral(lt) {
			bad, t = rb, rb.DataType()
		}
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The %s parameter requires the \"INTEGRAL\" type, however %s has the type %s.",
			quoteSQL(sql), map[bool]string{true: "first", false: "second"}[bad == l], quoteSQL(bad.SQL()), quoteSQL(t.SQL()))
	}
	t := lt
	if integralRank(rt) > integralRank(lt) {
		t = rt
	}
	a, b := castTo(l, t), castTo(rb, t)
	return &boundFunc{name: "bitwise", args: []Bound{a, b}, typ: t, nullable: l.Nullable() || rb.Nullable(), sql: sql, nullIntolerant: true,
		fn: func(_ *EvalContext, v []any) (any, error) {
			x, y := toInt64(v[0]), toInt64(v[1])
			var z int64
			switch op {
			case "|":
				z = x | y
			case "&":
				z = x & y
			default:
				z = x ^ y
			}
			switch t.(type) {
			case sqltypes.IntegerType:
				return int32(z), nil
			case sqltypes.ShortType:
				return int16(z), nil
			case sqltypes.ByteType:
				return int8(z), nil
			}
			return z, nil
		}}, nil
}
