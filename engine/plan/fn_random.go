package plan

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/javamath"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// rand, randn and uniform: Spark draws from an XORShiftRandom seeded with seed +
// partition index, created afresh for each task of each execution.

func init() {
	register(bindRandom("rand", false), "rand", "random")
	register(bindRandom("randn", true), "randn")
	register(bindUniform, "uniform")
}

var javaStrictLog = javamath.Log

// boundRandom is one rand/randn call: its generator restarts for each execution (each
// EvalContext), as Spark's does for each task.
type boundRandom struct {
	name     string
	seed     int64
	gaussian bool
	rngs     perTask[xorShiftRandom]
}

func (b *boundRandom) DataType() sqltypes.DataType { return sqltypes.Double }
func (b *boundRandom) Nullable() bool              { return false }
func (b *boundRandom) SQL() string                 { return b.name + "(" + strconv.FormatInt(b.seed, 10) + ")" }

func (b *boundRandom) Eval(c *EvalContext, _ sqltypes.Row) (any, error) {
	var v float64
	b.rngs.with(c, func(index int) *xorShiftRandom { return newXORShiftRandom(b.seed + int64(index)) }, func(rng *xorShiftRandom) {
		if b.gaussian {
			v = rng.NextGaussian()
		} else {
			v = rng.NextDouble()
		}
	})
	return v, nil
}

// seedArg reads the optional seed: an INT or BIGINT literal (NULL is 0), or a random one.
func seedArg(name string, args []Bound, i int) (int64, error) {
	if len(args) <= i {
		return rand.Int64(), nil
	}
	a := args[i]
	exprSQL := name + "(" + a.SQL() + ")"
	switch a.DataType() {
	case sqltypes.Integer, sqltypes.Long, sqltypes.Null:
	default:
		return 0, unexpectedInputType(exprSQL, "first", a.SQL(), a.DataType(), `("INT" or "BIGINT")`)
	}
	v, ok := literalArg(a)
	if !ok {
		e := sparkerrors.New(sparkerrors.AnalysisException, "SEED_EXPRESSION_IS_UNFOLDABLE",
			"seedExpr", quoteSQL(a.SQL()), "exprWithSeed", quoteSQL(exprSQL))
		e.WithPlan = true
		return 0, e
	}
	switch x := v.(type) {
	case int32:
		return int64(x), nil
	case int64:
		return x, nil
	}
	return 0, nil // NULL seeds as 0
}

func bindRandom(name string, gaussian bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 0, 1)
		if err != nil {
			return nil, err
		}
		seed, err := seedArg(name, args, 0)
		if err != nil {
			return nil, err
		}
		return &boundRandom{name: name, seed: seed, gaussian: gaussian}, nil
	}
}

// boundUniform is uniform(min, max[, seed]): min + (max - min) * rand(seed), cast to the
// wider of the two types (an integer type when both are).
type boundUniform struct {
	sql      string
	min, max float64
	typ      sqltypes.DataType
	rand     *boundRandom
}

func (b *boundUniform) DataType() sqltypes.DataType { return b.typ }
func (b *boundUniform) Nullable() bool              { return false }
func (b *boundUniform) SQL() string                 { return b.sql }

func (b *boundUniform) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	r, err := b.rand.Eval(c, row)
	if err != nil {
		return nil, err
	}
	d := b.min + (b.max-b.min)*r.(float64)
	switch b.typ {
	case sqltypes.Short:
		return int16(d), nil
	case sqltypes.Integer:
		return int32(d), nil
	case sqltypes.Long:
		return int64(d), nil
	case sqltypes.Float:
		return float32(d), nil
	}
	return d, nil
}

func bindUniform(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3)
	if err != nil {
		return nil, err
	}
	seed, err := seedArg("uniform", args, 2)
	if err != nil {
		return nil, err
	}
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.SQL()
	}
	if len(args) == 2 {
		parts = append(parts, strconv.FormatInt(seed, 10))
	}
	sql := "uniform(" + strings.Join(parts, ", ") + ")"
	var bounds [2]float64
	for i, name := range []string{"min", "max"} {
		a := args[i]
		v, ok := literalArg(a)
		if !ok {
			return nil, nonFoldable(name, "integer or floating-point", a, sql)
		}
		switch x := v.(type) {
		case int16:
			bounds[i] = float64(x)
		case int32:
			bounds[i] = float64(x)
		case int64:
			bounds[i] = float64(x)
		case float32:
			bounds[i] = float64(x)
		case float64:
			bounds[i] = x
		default:
			return nil, unexpectedInputType(sql, ordinalWords[i], a.SQL(), a.DataType(), "integer or floating-point")
		}
	}
	integral := func(t sqltypes.DataType) bool {
		return t == sqltypes.Short || t == sqltypes.Integer || t == sqltypes.Long
	}
	t1, t2 := args[0].DataType(), args[1].DataType()
	var typ sqltypes.DataType
	switch {
	case integral(t1) && integral(t2) && (t1 == sqltypes.Long || t2 == sqltypes.Long):
		typ = sqltypes.Long
	case integral(t1) && integral(t2) && (t1 == sqltypes.Integer || t2 == sqltypes.Integer):
		typ = sqltypes.Integer
	case integral(t1) && integral(t2):
		typ = sqltypes.Short
	case t1 == sqltypes.Double || t2 == sqltypes.Double:
		typ = sqltypes.Double
	default:
		typ = sqltypes.Float
	}
	return &boundUniform{sql: sql, min: bounds[0], max: bounds[1], typ: typ,
		rand: &boundRandom{name: "rand", seed: seed}}, nil
}

var ordinalWords = []string{"first", "second", "third"}
