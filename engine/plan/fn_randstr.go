package plan

import (
	"strconv"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// randstr(length[, seed]): length characters from 0-9, a-z, A-Z, each |nextInt() % 62| of
// an XORShiftRandom seeded with seed + partition index, as Spark's RandStr draws them.

func init() { register(bindRandStr, "randstr") }

const randStrPool = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

type boundRandStr struct {
	length int
	seed   int64
	sql    string
	rngs   perTask[xorShiftRandom]
}

func (b *boundRandStr) DataType() sqltypes.DataType { return sqltypes.String }
func (b *boundRandStr) Nullable() bool              { return false }
func (b *boundRandStr) SQL() string                 { return b.sql }
func (b *boundRandStr) Eval(c *EvalContext, _ sqltypes.Row) (any, error) {
	out := make([]byte, b.length)
	b.rngs.with(c, func(index int) *xorShiftRandom { return newXORShiftRandom(b.seed + int64(index)) }, func(rng *xorShiftRandom) {
		for i := range out {
			v := rng.next(32) % int32(len(randStrPool))
			if v < 0 {
				v = -v
			}
			out[i] = randStrPool[v]
		}
	})
	return string(out), nil
}

func bindRandStr(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 2)
	if err != nil {
		return nil, err
	}
	seed, err := seedArg("randstr", args, 1)
	if err != nil {
		return nil, err
	}
	sql := "randstr(" + args[0].SQL() + ", " + strconv.FormatInt(seed, 10) + ")"
	v, ok := literalArg(args[0])
	if !ok {
		return nil, nonFoldable("length", "INT or SMALLINT", args[0], sql)
	}
	var n int64
	switch x := v.(type) {
	case int16:
		n = int64(x)
	case int32:
		n = int64(x)
	default:
		return nil, unexpectedInputType(sql, "first", args[0].SQL(), args[0].DataType(), `("INT" or "SMALLINT")`)
	}
	if n < 0 {
		return nil, unsupported("kafkalab's randstr needs a length of 0 or more, not %d", n)
	}
	return &boundRandStr{length: int(n), seed: seed, sql: sql}, nil
}
