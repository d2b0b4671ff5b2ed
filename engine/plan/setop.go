package plan

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// SetOp is INTERSECT or EXCEPT, DISTINCT or ALL (DataFrame.intersect, intersectAll,
// subtract, exceptAll and SQL's set operators). Rows match as whole rows with NULLs equal,
// as Spark compares them; columns match by position and widen as for UNION.
type SetOp struct {
	Left, Right Node
	Except      bool // EXCEPT (MINUS) rather than INTERSECT
	All         bool // keep duplicates by count rather than distinct rows
	scope       *Scope
	casts       [2][]Bound
}

// NewSetOp checks the two sides as NewUnion does, naming the operator in errors.
func NewSetOp(left, right Node, except, all bool) (*SetOp, error) {
	op := "INTERSECT"
	if except {
		op = "EXCEPT"
	}
	if all {
		op += " ALL"
	}
	scope, casts, err := setOpColumns(left, right, op)
	if err != nil {
		return nil, err
	}
	return &SetOp{Left: left, Right: right, Except: except, All: all, scope: scope, casts: casts}, nil
}

// setOpColumns is the output of a set operation by position: the left side's names, each
// column's type widened over both sides, and the casts each side's rows go through.
func setOpColumns(left, right Node, operator string) (*Scope, [2][]Bound, error) {
	var casts [2][]Bound
	ls, rs := Schema(left), Schema(right)
	if len(ls.Fields) != len(rs.Fields) {
		e := sparkerrors.New(sparkerrors.AnalysisException, "NUM_COLUMNS_MISMATCH", "operator", operator,
			"firstNumColumns", strconv.Itoa(len(ls.Fields)), "invalidOrdinalNum", "second", "invalidNumColumns", strconv.Itoa(len(rs.Fields)))
		e.WithPlan = true
		return nil, casts, e
	}
	scope := left.Output().derive(&sqltypes.StructType{})
	for i := range ls.Fields {
		lf, rf := ls.Fields[i], rs.Fields[i]
		t, ok := comparisonType(lf.Type, rf.Type)
		if !ok || (isString(lf.Type) != isString(rf.Type)) && !isNull(lf.Type) && !isNull(rf.Type) {
			e := sparkerrors.New(sparkerrors.AnalysisException, "INCOMPATIBLE_COLUMN_TYPE",
				"tableOrdinalNumber", "second", "columnOrdinalNumber", ordinal(i+1), "dataType2", quoteSQL(lf.Type.SQL()),
				"operator", operator, "hint", "", "dataType1", quoteSQL(rf.Type.SQL()))
			e.WithPlan = true
			return nil, casts, e
		}
		scope.Schema.Fields = append(scope.Schema.Fields, sqltypes.StructField{
			Name: lf.Name, Type: t, Nullable: lf.Nullable || rf.Nullable, Metadata: lf.Metadata})
		casts[0] = append(casts[0], castTo(&boundRef{index: i, field: lf}, t))
		casts[1] = append(casts[1], castTo(&boundRef{index: i, field: rf}, t))
	}
	return scope, casts, nil
}

func (s *SetOp) Output() *Scope   { return s.scope }
func (s *SetOp) Children() []Node { return []Node{s.Left, s.Right} }
func (s *SetOp) Describe() string {
	name := "Intersect"
	if s.Except {
		name = "Except"
	}
	return fmt.Sprintf("%s All=%v", name, s.All)
}

// Execute counts the right side's rows by value, then walks the left side in its order:
// INTERSECT keeps a row while the right side still has a copy (ALL) or once (DISTINCT);
// EXCEPT keeps it once the right side's copies are used up (ALL) or when it has none.
func (s *SetOp) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	types := make([]sqltypes.DataType, len(s.scope.Schema.Fields))
	for i, f := range s.scope.Schema.Fields {
		types[i] = f.Type
	}
	side := func(n Node, k int) ([]sqltypes.Row, error) {
		in, err := n.Execute(ctx, ex)
		if err != nil {
			return nil, err
		}
		tasks, err := rowiter.CollectTasks(ctx, projectStreams(ex.Eval, nil, s.casts[k], in))
		if err != nil {
			return nil, err
		}
		var rows []sqltypes.Row
		for _, t := range tasks {
			rows = append(rows, t...)
		}
		return rows, nil
	}
	right, err := side(s.Right, 1)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for _, r := range right {
		counts[keyOf(r, types)]++
	}
	left, err := side(s.Left, 0)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []sqltypes.Row
	for _, r := range left {
		k := keyOf(r, types)
		switch {
		case s.All && !s.Except:
			if counts[k] > 0 {
				counts[k]--
				out = append(out, r)
			}
		case s.All && s.Except:
			if counts[k] > 0 {
				counts[k]--
			} else {
				out = append(out, r)
			}
		default:
			if seen[k] || (counts[k] > 0) == s.Except {
				continue
			}
			seen[k] = true
			out = append(out, r)
		}
	}
	return []rowiter.Iter{rowiter.SliceChunks(out, ex.chunkRows())}, nil
}

// Offset is df.offset(n) and SQL's OFFSET: the rows after the first n, in order.
type Offset struct {
	Child Node
	N     int
}

func (o *Offset) Output() *Scope   { return o.Child.Output() }
func (o *Offset) Children() []Node { return []Node{o.Child} }
func (o *Offset) Describe() string { return fmt.Sprintf("Offset %d", o.N) }
func (o *Offset) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	tasks, err := collectChild(ctx, o.Child, ex)
	if err != nil {
		return nil, err
	}
	var out []sqltypes.Row
	skip := o.N
	for _, t := range tasks {
		if skip >= len(t) {
			skip -= len(t)
			continue
		}
		out = append(out, t[skip:]...)
		skip = 0
	}
	return []rowiter.Iter{rowiter.SliceChunks(out, ex.chunkRows())}, nil
}
