package plan

import (
	"math"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Statistical aggregates with Spark's one-pass update formulas (CentralMomentAgg,
// Covariance, PearsonCorrelation), so results agree to the last bit; dividing by zero
// (one row for a sample statistic, no spread) gives NULL as in Spark 4.

func init() {
	registerAgg(bindMoment("stddev_samp", 2, func(m *moments) any { return nullDiv(math.Sqrt(m.m2/(m.n-1)), m.n == 1) }), "stddev_samp", "stddev", "std")
	registerAgg(bindMoment("stddev_pop", 2, func(m *moments) any { return math.Sqrt(m.m2 / m.n) }), "stddev_pop")
	registerAgg(bindMoment("var_samp", 2, func(m *moments) any { return nullDiv(m.m2/(m.n-1), m.n == 1) }), "var_samp", "variance")
	registerAgg(bindMoment("var_pop", 2, func(m *moments) any { return m.m2 / m.n }), "var_pop")
	registerAgg(bindMoment("skewness", 3, func(m *moments) any {
		return nullDiv(math.Sqrt(m.n)*m.m3/math.Sqrt(m.m2*m.m2*m.m2), m.m2 == 0)
	}), "skewness")
	registerAgg(bindMoment("kurtosis", 4, func(m *moments) any {
		return nullDiv(m.n*m.m4/(m.m2*m.m2)-3.0, m.m2 == 0)
	}), "kurtosis")
	registerAgg(bindCovar("covar_pop", func(c *covar) any { return c.ck / c.n }), "covar_pop")
	registerAgg(bindCovar("covar_samp", func(c *covar) any { return nullDiv(c.ck/(c.n-1), c.n == 1) }), "covar_samp")
	registerAgg(bindCovar("corr", func(c *covar) any {
		return nullDiv(c.ck/math.Sqrt(c.xMk*c.yMk), c.n == 1 || c.xMk == 0 || c.yMk == 0)
	}), "corr")
	registerAgg(bindCovar("regr_sxy", func(c *covar) any { return c.ck }), "regr_sxy")
	registerAgg(bindCovar("regr_sxx", func(c *covar) any { return c.xMk }), "regr_sxx")
	registerAgg(bindCovar("regr_syy", func(c *covar) any { return c.yMk }), "regr_syy")
	registerAgg(bindCovar("regr_slope", func(c *covar) any { return nullDiv(c.ck/c.xMk, c.xMk == 0) }), "regr_slope")
	registerAgg(bindCovar("regr_intercept", func(c *covar) any {
		return nullDiv(c.yAvg-c.ck/c.xMk*c.xAvg, c.xMk == 0)
	}), "regr_intercept")
	registerAgg(bindCovar("regr_r2", func(c *covar) any {
		switch {
		case c.xMk == 0:
			return nil
		case c.yMk == 0:
			return 1.0
		}
		return c.ck * c.ck / c.yMk / c.xMk
	}), "regr_r2")
	registerAgg(bindRegrCount, "regr_count")
	registerAgg(bindRegrAvg(true), "regr_avgx")
	registerAgg(bindRegrAvg(false), "regr_avgy")
}

// nullDiv is v, or NULL when the statistic divided by zero.
func nullDiv(v float64, divByZero bool) any {
	if divByZero {
		return nil
	}
	return v
}

type moments struct {
	order              int
	n, avg, m2, m3, m4 float64
	eval               func(m *moments) any
}

func (m *moments) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	x := v.(float64)
	newN := m.n + 1
	delta := x - m.avg
	deltaN := delta / newN
	newAvg := m.avg + deltaN
	newM2 := m.m2 + delta*(delta-deltaN)
	delta2 := delta * delta
	deltaN2 := deltaN * deltaN
	newM3 := 0.0
	if m.order >= 3 {
		newM3 = m.m3 - 3.0*deltaN*newM2 + delta*(delta2-deltaN2)
	}
	newM4 := 0.0
	if m.order >= 4 {
		newM4 = m.m4 - 4.0*deltaN*newM3 - 6.0*deltaN2*newM2 + delta*(delta*delta2-deltaN*deltaN2)
	}
	m.n, m.avg, m.m2, m.m3, m.m4 = newN, newAvg, newM2, newM3, newM4
	return nil
}

func (m *moments) result(*EvalContext) (any, error) {
	if m.n == 0 {
		return nil, nil
	}
	return m.eval(m), nil
}

func bindMoment(name string, order int, eval func(m *moments) any) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		a, ok := coerceTo(args[0], inDouble)
		if !ok {
			return nil, unexpectedInput(strings.ToLower(c.Name)+"("+args[0].SQL()+")", 0, inDouble, args[0])
		}
		return &aggDef{name: strings.ToLower(c.Name), args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.Double, nullable: true,
			newAcc: func() accumulator { return &moments{order: order, eval: eval} }}, nil
	}
}

// covar is Spark's Covariance buffer with PearsonCorrelation's second moments.
type covar struct {
	n, xAvg, yAvg, ck, xMk, yMk float64
	eval                        func(c *covar) any
}

// add2 takes (y, x) as Spark's regression functions and (x, y) as covariance; the roles
// only matter to xMk and yMk, which the binders read accordingly.
func (c *covar) add2(_ *EvalContext, a, b any) error {
	if a == nil || b == nil {
		return nil
	}
	x, y := a.(float64), b.(float64)
	newN := c.n + 1
	dx := x - c.xAvg
	dxN := dx / newN
	dy := y - c.yAvg
	dyN := dy / newN
	newXAvg := c.xAvg + dxN
	newYAvg := c.yAvg + dyN
	c.ck += dx * (y - newYAvg)
	c.xMk += dx * (x - newXAvg)
	c.yMk += dy * (y - newYAvg)
	c.n, c.xAvg, c.yAvg = newN, newXAvg, newYAvg
	return nil
}

func (c *covar) add(ec *EvalContext, v any) error {
	row := v.(sqltypes.Row)
	return c.add2(ec, row[0], row[1])
}

func (c *covar) result(*EvalContext) (any, error) {
	if c.n == 0 {
		return nil, nil
	}
	return c.eval(c), nil
}

// bindCovar binds a two-column statistic. The regression functions take (y, x) but keep
// their buffers over (x, y): the arguments are swapped for them.
func bindCovar(name string, eval func(c *covar) any) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 2, 2); err != nil {
			return nil, err
		}
		cast, err := coerceArgs(name, args, inDouble)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(name, "regr_") {
			cast[0], cast[1] = cast[1], cast[0]
		}
		return &aggDef{name: name, args: cast, sqlArgs: sqlOf(args), typ: sqltypes.Double, nullable: true,
			newAcc: func() accumulator { return &covar{eval: eval} }}, nil
	}
}

func bindRegrCount(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 2, 2); err != nil {
		return nil, err
	}
	if _, err := coerceArgs("regr_count", args, inNumeric); err != nil {
		return nil, err
	}
	return &aggDef{name: "regr_count", args: args, typ: sqltypes.Long, newAcc: func() accumulator { return &countAcc{} }}, nil
}

// bindRegrAvg is regr_avgx/regr_avgy(y, x): the average of x (or y) over rows where both
// are set.
func bindRegrAvg(x bool) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		name := "regr_avgy"
		pick := 0
		if x {
			name, pick = "regr_avgx", 1
		}
		if err := aggArgs(c, args, 2, 2); err != nil {
			return nil, err
		}
		if _, err := coerceArgs(name, args, inNumeric); err != nil {
			return nil, err
		}
		in := args[pick].DataType()
		if isString(in) {
			in = sqltypes.Double
		}
		out := avgType(in)
		return &aggDef{name: name, args: args, typ: out, nullable: true, newAcc: func() accumulator {
			return &pairPick{pick: pick, inner: &avgAcc{sumAcc: sumAcc{in: in, out: in}, out: out}}
		}}, nil
	}
}

// pairPick feeds one of a pair to an inner accumulator when both are set.
type pairPick struct {
	pick  int
	inner accumulator
}

func (p *pairPick) add2(c *EvalContext, a, b any) error {
	if a == nil || b == nil {
		return nil
	}
	if p.pick == 0 {
		return p.inner.add(c, a)
	}
	return p.inner.add(c, b)
}
func (p *pairPick) add(c *EvalContext, v any) error {
	row := v.(sqltypes.Row)
	return p.add2(c, row[0], row[1])
}
func (p *pairPick) result(c *EvalContext) (any, error) { return p.inner.result(c) }
