package plan

import (
	"math"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// What a stream-stream join (stateful.StreamJoin) needs of a Join: its keys, its output
// projection, and the state watermarks Spark derives from the join condition
// (StreamingJoinHelper): a condition like `rightTime <= leftTime + interval 1 hour`, with a
// watermark on rightTime, bounds how old a buffered left row can be and still match.

// NumLeft is the number of left columns in a joined row.
func (j *Join) NumLeft() int { return len(j.Left.Output().Schema.Fields) }

// EquiKeys are the join's equality keys over the joined row (left ++ right).
func (j *Join) EquiKeys() (left, right []Bound) { return j.leftKeys, j.rightKeys }

// Project evaluates the join's output columns over a joined row.
func (j *Join) Project(c *EvalContext, row sqltypes.Row) (sqltypes.Row, error) {
	out := make(sqltypes.Row, len(j.output))
	for i, o := range j.output {
		v, err := o.Eval(c, row)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Matches evaluates the join condition over a joined row (true without a condition).
func (j *Join) Matches(c *EvalContext, row sqltypes.Row) (bool, error) {
	if j.Cond == nil {
		return true, nil
	}
	v, err := j.Cond.Eval(c, row)
	return v == true, err
}

// KeyWatermarkOrdinal is the first equality key that carries the watermark on either side
// (-1 for none): then state is evicted by key.
func (j *Join) KeyWatermarkOrdinal() int {
	for i := range j.leftKeys {
		for _, k := range []Bound{j.leftKeys[i], j.rightKeys[i]} {
			if _, ok := OutputField(k).Metadata[WatermarkDelayKey]; ok {
				return i
			}
		}
	}
	return -1
}

// WatermarkColumn is the index (in the joined row) of a side's event-time column, -1 for
// none. side 0 is left, 1 right.
func (j *Join) WatermarkColumn(side int) int {
	fields := j.Left.Output().Schema.Fields
	base := 0
	if side == 1 {
		fields, base = j.Right.Output().Schema.Fields, j.NumLeft()
	}
	for i, f := range fields {
		if _, ok := f.Metadata[WatermarkDelayKey]; ok {
			return base + i
		}
	}
	return -1
}

// StateValueWatermark is the state watermark (ms) of side's buffered rows given the event
// time watermark: the smallest bound any conjunct `a < b` (<=, >, >=) of the condition
// gives, solved for side's time column with the other side's watermark column replaced by
// the watermark. ok is false when no conjunct bounds side.
func (j *Join) StateValueWatermark(side int, eventWatermarkMs int64) (int64, bool) {
	if j.Cond == nil || j.WatermarkColumn(1-side) < 0 {
		return 0, false
	}
	nl := j.NumLeft()
	onSide := func(col int) bool { return (col < nl) == (side == 0) }
	var best int64
	found := false
	for _, c := range andConjuncts(j.Cond) {
		x, isCompare := c.(*boundCompare)
		if !isCompare {
			continue
		}
		var wm int64
		var ok bool
		switch x.op {
		case "<":
			wm, ok = solveLessThan(x.left, x.right, onSide, eventWatermarkMs)
		case "<=":
			wm, ok = solveLessThan(x.left, x.right, onSide, eventWatermarkMs)
			wm--
		case ">":
			wm, ok = solveLessThan(x.right, x.left, onSide, eventWatermarkMs)
		case ">=":
			wm, ok = solveLessThan(x.right, x.left, onSide, eventWatermarkMs)
			wm--
		}
		if ok && (!found || wm < best) {
			best, found = wm, true
		}
	}
	return best, found
}

// timeTerm is one additive term of a time expression, in microseconds: a column (col >= 0)
// or a constant.
type timeTerm struct {
	col    int
	neg    bool
	micros float64
}

// solveLessThan reads `l < r` as l - r < 0; the one term on the state side must come out
// negated (-stateTime), every other column term must be the other side's event-time column,
// which takes the watermark's value: then stateTime > watermark + constants.
func solveLessThan(l, r Bound, onSide func(int) bool, wmMs int64) (int64, bool) {
	var terms []timeTerm
	if !collectTimeTerms(l, false, &terms) || !collectTimeTerms(r, true, &terms) {
		return 0, false
	}
	var constraint *timeTerm
	sum := 0.0
	for i := range terms {
		t := &terms[i]
		switch {
		case t.col < 0:
			if t.neg {
				sum -= t.micros
			} else {
				sum += t.micros
			}
		case onSide(t.col):
			if constraint != nil {
				return 0, false
			}
			constraint = t
		case math.IsNaN(t.micros):
			return 0, false // the other side's column, but not its event-time column
		default:
			v := float64(wmMs) * 1000
			if t.neg {
				sum -= v
			} else {
				sum += v
			}
		}
	}
	if constraint == nil || !constraint.neg {
		return 0, false
	}
	return int64(sum / 1000), true
}

// collectTimeTerms splits an expression into its additive terms; false when it is not a sum
// of timestamp columns, intervals and numbers.
func collectTimeTerms(b Bound, neg bool, out *[]timeTerm) bool {
	switch x := b.(type) {
	case *boundTimeAdd:
		return collectTimeTerms(x.ts, neg, out) && collectTimeTerms(x.iv, neg != x.neg, out)
	case *boundIntervalOp:
		if x.op != "+" && x.op != "-" {
			return false
		}
		return collectTimeTerms(x.left, neg, out) && collectTimeTerms(x.right, neg != (x.op == "-"), out)
	case *boundArith:
		if x.op != "+" && x.op != "-" {
			return false
		}
		return collectTimeTerms(x.left, neg, out) && collectTimeTerms(x.right, neg != (x.op == "-"), out)
	case *boundNegate:
		return collectTimeTerms(x.child, !neg, out)
	case *boundCast:
		switch x.to.(type) {
		case sqltypes.TimestampType:
			return collectTimeTerms(x.child, neg, out)
		}
		if isNumeric(x.to) {
			return collectTimeTerms(x.child, neg, out)
		}
		return false
	case *boundRef:
		if _, ok := x.field.Metadata[WatermarkDelayKey]; !ok {
			// A column without the watermark cannot be replaced by a value; it may still be
			// the state side's own time column, which solveLessThan tells apart.
			*out = append(*out, timeTerm{col: x.index, neg: neg, micros: math.NaN()})
			return true
		}
		*out = append(*out, timeTerm{col: x.index, neg: neg})
		return true
	case *boundLit:
		var m float64
		switch v := x.value.(type) {
		case int64:
			if _, ok := x.typ.(sqltypes.DayTimeIntervalType); ok {
				m = float64(v)
			} else {
				m = float64(v) * 1e6
			}
		case int32:
			if _, ok := x.typ.(sqltypes.YearMonthIntervalType); ok {
				return false // months have no fixed length
			}
			m = float64(v) * 1e6
		case sqltypes.Timestamp:
			m = float64(v)
		case float64:
			m = v * 1e6
		default:
			return false
		}
		*out = append(*out, timeTerm{col: -1, neg: neg, micros: m})
		return true
	}
	return false
}

// RangeColumns marks the joined row's columns that the condition's comparisons other than
// equalities read.
func (j *Join) RangeColumns() map[int]bool {
	out := map[int]bool{}
	var refs func(b Bound)
	refs = func(b Bound) {
		switch x := b.(type) {
		case *boundRef:
			out[x.index] = true
		case *boundCast:
			refs(x.child)
		case *boundTimeAdd:
			refs(x.ts)
			refs(x.iv)
		case *boundIntervalOp:
			refs(x.left)
			refs(x.right)
		case *boundArith:
			refs(x.left)
			refs(x.right)
		}
	}
	for _, c := range andConjuncts(j.Cond) {
		if x, ok := c.(*boundCompare); ok && x.op != "=" && x.op != "<=>" {
			refs(x.left)
			refs(x.right)
		}
	}
	return out
}

// StateColumns are the columns of each side (ordinals within the side, in order) that a
// stream-stream join keeps in its state when the operators above it read need of its
// output. Spark's optimizer prunes every other column below the join, an event-time column
// included, so its state holds only those the output and the condition read. A nil need,
// or an output or condition whose reads are not known, keeps all.
func (j *Join) StateColumns(need []bool) [2][]int {
	nl, nr := j.NumLeft(), len(j.Right.Output().Schema.Fields)
	read := map[int]bool{}
	known := need != nil && ReadColumns(read, j.Cond) && ReadColumns(read, j.leftKeys...) && ReadColumns(read, j.rightKeys...)
	for i, o := range j.output {
		if known && i < len(need) && need[i] {
			known = ReadColumns(read, o)
		}
	}
	var cols [2][]int
	for c := 0; c < nl+nr; c++ {
		if known && !read[c] {
			continue
		}
		if c < nl {
			cols[0] = append(cols[0], c)
		} else {
			cols[1] = append(cols[1], c-nl)
		}
	}
	return cols
}
