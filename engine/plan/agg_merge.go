package plan

import (
	"math/big"
)

// Merging partial aggregates, with Spark's merge formulas: the Aggregate operator folds
// each task's rows on their own and merges the partial results in task order, as Spark's
// partial and final aggregation do.

type mergeable interface {
	merge(c *EvalContext, other accumulator) error
}

// mergeable reports whether every aggregate of the list can merge partial results.
func (l *AggregateList) mergeable() bool {
	for _, a := range l.aggs {
		if _, ok := a.newAccumulator().(mergeable); !ok {
			return false
		}
	}
	return true
}

func (a *countAcc) merge(_ *EvalContext, o accumulator) error {
	a.n += o.(*countAcc).n
	return nil
}

func (a *countIfAcc) merge(_ *EvalContext, o accumulator) error {
	a.n += o.(*countIfAcc).n
	return nil
}

func (a *sumAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*sumAcc)
	if !b.seen {
		return nil
	}
	a.over = a.over || b.over
	if !a.seen {
		*a = *b
		return nil
	}
	a.seen = true
	switch {
	case b.d != nil:
		if a.d == nil {
			a.d = new(big.Int)
		}
		a.d.Add(a.d, b.d)
	default:
		a.f += b.f
		return a.addInt(c, b.i)
	}
	return nil
}

func (a *avgAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*avgAcc)
	a.n += b.n
	return a.sumAcc.merge(c, &b.sumAcc)
}

func (a *extremeAcc) merge(c *EvalContext, o accumulator) error {
	return a.add(c, o.(*extremeAcc).v)
}

func (a *firstAcc) merge(_ *EvalContext, o accumulator) error {
	b := o.(*firstAcc)
	if !b.set {
		return nil
	}
	if !a.set || a.last {
		a.set, a.v = true, b.v
	}
	return nil
}

func (a *boolAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*boolAcc)
	if !b.seen {
		return nil
	}
	return a.add(c, b.v)
}

func (a *bitAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*bitAcc)
	if !b.seen {
		return nil
	}
	return a.add(c, b.v)
}

func (a *productAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*productAcc)
	if !b.seen {
		return nil
	}
	return a.add(c, b.v)
}

func (a *collectAcc) merge(c *EvalContext, o accumulator) error {
	for _, v := range o.(*collectAcc).vals {
		if err := a.add(c, v); err != nil {
			return err
		}
	}
	return nil
}

func (a *listAggAcc) merge(_ *EvalContext, o accumulator) error {
	b := o.(*listAggAcc)
	if !b.seen {
		return nil
	}
	if a.seen {
		a.b.WriteString(a.delim)
	}
	a.seen = true
	a.b.WriteString(b.b.String())
	return nil
}

func (a *maxByAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*maxByAcc)
	return a.add2(c, b.v, b.ord)
}

func (a *distinctAcc) merge(c *EvalContext, o accumulator) error {
	for _, v := range o.(*distinctAcc).vals {
		if err := a.add(c, v); err != nil {
			return err
		}
	}
	return nil
}

// merge is CentralMomentAgg's mergeExpressions.
func (m *moments) merge(_ *EvalContext, o accumulator) error {
	b := o.(*moments)
	n1, n2 := m.n, b.n
	newN := n1 + n2
	delta := b.avg - m.avg
	deltaN := 0.0
	if newN != 0 {
		deltaN = delta / newN
	}
	newAvg := m.avg + deltaN*n2
	newM2 := m.m2 + b.m2 + delta*deltaN*n1*n2
	newM3, newM4 := 0.0, 0.0
	if m.order >= 3 {
		newM3 = m.m3 + b.m3 + deltaN*deltaN*delta*n1*n2*(n1-n2) + 3.0*deltaN*(n1*b.m2-n2*m.m2)
	}
	if m.order >= 4 {
		newM4 = m.m4 + b.m4 + deltaN*deltaN*deltaN*delta*n1*n2*(n1*n1-n1*n2+n2*n2) +
			6.0*deltaN*deltaN*(n1*n1*b.m2+n2*n2*m.m2) + 4.0*deltaN*(n1*b.m3-n2*m.m3)
	}
	m.n, m.avg, m.m2, m.m3, m.m4 = newN, newAvg, newM2, newM3, newM4
	return nil
}

// merge is Covariance's (and PearsonCorrelation's) mergeExpressions.
func (c *covar) merge(_ *EvalContext, o accumulator) error {
	b := o.(*covar)
	n1, n2 := c.n, b.n
	n := n1 + n2
	dx := b.xAvg - c.xAvg
	dy := b.yAvg - c.yAvg
	dxN, dyN := 0.0, 0.0
	if n != 0 {
		dxN, dyN = dx/n, dy/n
	}
	c.ck = c.ck + b.ck + dx*dyN*n1*n2
	c.xMk = c.xMk + b.xMk + dx*dxN*n1*n2
	c.yMk = c.yMk + b.yMk + dy*dyN*n1*n2
	c.xAvg += dxN * n2
	c.yAvg += dyN * n2
	c.n = n
	return nil
}

func (p *pairPick) merge(c *EvalContext, o accumulator) error {
	m, ok := p.inner.(mergeable)
	if !ok {
		return nil
	}
	return m.merge(c, o.(*pairPick).inner)
}
