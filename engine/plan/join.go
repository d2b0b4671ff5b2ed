package plan

import (
	"context"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Join types, as Spark spells them after normalisation.
const (
	JoinInner = "inner"
	JoinLeft  = "left_outer"
	JoinRight = "right_outer"
	JoinFull  = "full_outer"
	JoinSemi  = "left_semi"
	JoinAnti  = "left_anti"
	JoinCross = "cross"
)

// NormalizeJoinType maps PySpark's how= spellings to a join type.
func NormalizeJoinType(how string) (string, error) {
	switch strings.ToLower(strings.ReplaceAll(how, "_", "")) {
	case "", "inner":
		return JoinInner, nil
	case "left", "leftouter":
		return JoinLeft, nil
	case "right", "rightouter":
		return JoinRight, nil
	case "full", "outer", "fullouter":
		return JoinFull, nil
	case "semi", "leftsemi":
		return JoinSemi, nil
	case "anti", "leftanti":
		return JoinAnti, nil
	case "cross":
		return JoinCross, nil
	}
	return "", analysisErr("UNSUPPORTED_JOIN_TYPE",
		"Unsupported join type '%s'. Supported join types include: 'inner', 'outer', 'full', 'fullouter', 'full_outer', 'leftouter', 'left', 'left_outer', 'rightouter', 'right', 'right_outer', 'leftsemi', 'left_semi', 'semi', 'leftanti', 'left_anti', 'anti', 'cross'.", how)
}

// Join is a join of two inputs. The right side is read whole (as a broadcast); the output
// keeps the left side's tasks, plus one task for unmatched right rows of right/full joins,
// unless Spark would shuffle both sides (see shuffled).
type Join struct {
	Left, Right Node
	Type        string
	// Cond is evaluated over the left row followed by the right row (nil: every pair).
	Cond Bound
	// Equi-join keys found in Cond (or given by USING), for a hash lookup.
	leftKeys, rightKeys []Bound
	// output evaluates the result row from the joined row (left ++ right, nulls for a
	// missing side).
	output []Bound
	scope  *Scope
}

// JoinType is the join type as Spark's checker names it (StreamingJoinNode): a join of a
// stream with static data is judged when its query starts.
func (j *Join) JoinType() string { return CheckerJoinType(j.Type) }

// JoinSides are the two inputs.
func (j *Join) JoinSides() (left, right Node) { return j.Left, j.Right }

// WatermarkCleansState is false: a Join keeps no state (two streams join in
// stateful.StreamJoin).
func (j *Join) WatermarkCleansState() bool { return false }

// CheckerJoinType is Spark's lower-case name of a join type (leftouter, leftsemi...).
func CheckerJoinType(typ string) string {
	switch typ {
	case JoinLeft:
		return "leftouter"
	case JoinRight:
		return "rightouter"
	case JoinFull:
		return "fullouter"
	case JoinSemi:
		return "leftsemi"
	case JoinAnti:
		return "leftanti"
	}
	return typ
}

func (j *Join) Output() *Scope   { return j.scope }
func (j *Join) Children() []Node { return []Node{j.Left, j.Right} }
func (j *Join) Describe() string { return "Join " + j.Type }

// combinedScope is left's columns then right's, each keeping its qualifiers.
func combinedScope(left, right *Scope, leftNullable, rightNullable bool) *Scope {
	sc := left.derive(&sqltypes.StructType{})
	for side, in := range []*Scope{left, right} {
		for i, f := range in.Schema.Fields {
			if (side == 0 && leftNullable) || (side == 1 && rightNullable) {
				f.Nullable = true
			}
			sc.Schema.Fields = append(sc.Schema.Fields, f)
			sc.Qualifiers = append(sc.Qualifiers, in.qualifier(i))
			sc.Origins = append(sc.Origins, ColumnOrigin{Scope: in, Index: i})
		}
	}
	return sc
}

// NewJoinOn joins with a boolean condition over both sides' columns (Spark's
// df.join(other, cond, how)); the output is every left column then every right column
// (left columns only for semi and anti joins).
func NewJoinOn(left, right Node, cond Expr, joinType string) (*Join, error) {
	ls, rs := left.Output(), right.Output()
	j := &Join{Left: left, Right: right, Type: joinType}
	all := combinedScope(ls, rs, false, false)
	if cond != nil {
		cond = bindSameNameEquality(cond, ls, rs)
		b, err := Resolve(cond, all)
		if err != nil {
			return nil, err
		}
		switch b.DataType().(type) {
		case sqltypes.BooleanType:
		default:
			e := sparkerrors.New(sparkerrors.AnalysisException, "JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE",
				"joinCondition", quoteSQL(b.SQL()), "conditionType", quoteSQL(b.DataType().SQL()))
			e.WithPlan = true
			return nil, e
		}
		j.Cond = b
		j.leftKeys, j.rightKeys = equiKeys(b, len(ls.Schema.Fields))
	}
	out := combinedScope(ls, rs, joinType == JoinRight || joinType == JoinFull, joinType == JoinLeft || joinType == JoinFull)
	n := len(out.Schema.Fields)
	if joinType == JoinSemi || joinType == JoinAnti {
		n = len(ls.Schema.Fields)
		out = &Scope{Schema: &sqltypes.StructType{Fields: out.Schema.Fields[:n]}, Qualifiers: out.Qualifiers[:n], Origins: out.Origins[:n],
			Settings: ls.Settings}
	}
	for i := 0; i < n; i++ {
		j.output = append(j.output, &boundRef{index: i, field: out.Schema.Fields[i]})
	}
	j.scope = out
	return j, nil
}

// NewJoinUsing joins on same-named columns (df.join(other, ["id"], how)): the key columns
// come first (for a full join the first non-null of both sides, for a right join the right
// side's), then the left's other columns, then the right's.
func NewJoinUsing(left, right Node, names []string, joinType string) (*Join, error) {
	ls, rs := left.Output(), right.Output()
	j := &Join{Left: left, Right: right, Type: joinType}
	nl := len(ls.Schema.Fields)
	lkeys := map[int]bool{}
	rkeys := map[int]bool{}
	var cond Expr
	var keyOut []Bound
	for _, name := range names {
		li, err := usingColumn(ls, name, "left")
		if err != nil {
			return nil, err
		}
		ri, err := usingColumn(rs, name, "right")
		if err != nil {
			return nil, err
		}
		lf, rf := ls.Schema.Fields[li], rs.Schema.Fields[ri]
		t, ok := comparisonType(lf.Type, rf.Type)
		if !ok {
			return nil, binaryDiffTypes("("+lf.Name+" = "+rf.Name+")", &boundRef{field: lf}, &boundRef{field: rf})
		}
		lb, rb := castTo(&boundRef{index: li, field: lf}, t), castTo(&boundRef{index: nl + ri, field: rf}, t)
		j.leftKeys = append(j.leftKeys, lb)
		j.rightKeys = append(j.rightKeys, rb)
		lkeys[li], rkeys[ri] = true, true
		eq := BinaryOp{Op: "=", Left: boundExpr{lb}, Right: boundExpr{rb}}
		if cond == nil {
			cond = eq
		} else {
			cond = BinaryOp{Op: "AND", Left: cond, Right: eq}
		}
		var key Bound
		switch joinType {
		case JoinRight:
			key = rb
		case JoinFull:
			key = &boundFunc{name: "coalesce", args: []Bound{lb, rb}, typ: t, nullable: lf.Nullable && rf.Nullable,
				fn: func(_ *EvalContext, v []any) (any, error) {
					if v[0] != nil {
						return v[0], nil
					}
					return v[1], nil
				}}
		default:
			key = lb
		}
		keyOut = append(keyOut, &boundAlias{child: key, name: lf.Name})
	}
	all := combinedScope(ls, rs, false, false)
	b, err := Resolve(cond, all)
	if err != nil {
		return nil, err
	}
	j.Cond = b
	out := ls.derive(&sqltypes.StructType{})
	add := func(b Bound, q []string, nullable bool, origin ColumnOrigin) {
		f := OutputField(b)
		f.Nullable = f.Nullable || nullable
		out.Schema.Fields = append(out.Schema.Fields, f)
		out.Qualifiers = append(out.Qualifiers, q)
		out.Origins = append(out.Origins, origin)
		j.output = append(j.output, b)
	}
	for _, k := range keyOut {
		add(k, nil, false, ColumnOrigin{})
	}
	for i, f := range ls.Schema.Fields {
		if !lkeys[i] {
			add(&boundRef{index: i, field: f}, ls.qualifier(i), joinType == JoinRight || joinType == JoinFull, ColumnOrigin{Scope: ls, Index: i})
		}
	}
	if joinType != JoinSemi && joinType != JoinAnti {
		for i, f := range rs.Schema.Fields {
			if !rkeys[i] {
				add(&boundRef{index: nl + i, field: f}, rs.qualifier(i), joinType == JoinLeft || joinType == JoinFull, ColumnOrigin{Scope: rs, Index: i})
			}
		}
	}
	j.scope = out
	return j, nil
}

func usingColumn(s *Scope, name, side string) (int, error) {
	found := -1
	for i, f := range s.Schema.Fields {
		if s.eq(f.Name, name) {
			if found >= 0 {
				return 0, analysisErr("AMBIGUOUS_REFERENCE", "Reference %s is ambiguous, could be: [%s, %s].", quoteIdent(name), quoteIdent(f.Name), quoteIdent(f.Name))
			}
			found = i
		}
	}
	if found < 0 {
		return 0, analysisErr("UNRESOLVED_USING_COLUMN_FOR_JOIN",
			"USING column %s cannot be resolved on the %s side of the join. The %s-side columns: [%s].", quoteIdent(name), side, side, columnList(s))
	}
	return found, nil
}

// boundExpr lets an already-bound expression sit inside an Expr tree.
type boundExpr struct{ b Bound }

func (boundExpr) isExpr() {}

// equiKeys finds `l = r` conjuncts where one side reads only left columns (index < nLeft)
// and the other only right columns.
func equiKeys(cond Bound, nLeft int) (lk, rk []Bound) {
	for _, c := range andConjuncts(cond) {
		x, ok := c.(*boundCompare)
		if !ok || x.op != "=" {
			continue
		}
		lmin, lmax, lok := refRange(x.left)
		rmin, rmax, rok := refRange(x.right)
		switch {
		case !lok || !rok || lmin < 0 || rmin < 0:
		case lmax < nLeft && rmin >= nLeft:
			lk, rk = append(lk, x.left), append(rk, x.right)
		case rmax < nLeft && lmin >= nLeft:
			lk, rk = append(lk, x.right), append(rk, x.left)
		}
	}
	return lk, rk
}

// andConjuncts is b split at its ANDs, left to right (b itself when it is no AND; none for nil).
func andConjuncts(b Bound) []Bound {
	if b == nil {
		return nil
	}
	if x, ok := b.(*boundLogic); ok && x.and {
		return append(andConjuncts(x.left), andConjuncts(x.right)...)
	}
	return []Bound{b}
}

// refRange is the lowest and highest input column an expression reads; ok is false when the
// expression has a part this function does not know (then no hash key is made of it).
func refRange(b Bound) (lo, hi int, ok bool) {
	lo, hi = -1, -1
	var walk func(b Bound) bool
	merge := func(i int) {
		if lo < 0 || i < lo {
			lo = i
		}
		if i > hi {
			hi = i
		}
	}
	walk = func(b Bound) bool {
		switch x := b.(type) {
		case *boundRef:
			merge(x.index)
		case *boundLit:
		case *boundField:
			return walk(x.child)
		case *boundCast:
			return walk(x.child)
		case *boundAlias:
			return walk(x.child)
		case *boundArith:
			return walk(x.left) && walk(x.right)
		case *boundFunc:
			for _, a := range x.args {
				if !walk(a) {
					return false
				}
			}
		default:
			return false
		}
		return true
	}
	ok = walk(b)
	return lo, hi, ok
}

func (j *Join) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	leftTasks, err := j.Left.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	// The right side is held in memory (the build side); the left side streams past it.
	rightTasks, err := collectChild(ctx, j.Right, ex)
	if err != nil {
		rowiter.CloseAll(leftTasks)
		return nil, err
	}
	var right []sqltypes.Row
	for _, t := range rightTasks {
		right = append(right, t...)
	}
	nl := len(Schema(j.Left).Fields)
	nr := len(Schema(j.Right).Fields)
	joined := func(l, r sqltypes.Row) sqltypes.Row {
		row := make(sqltypes.Row, nl+nr)
		copy(row, l)
		copy(row[nl:], r)
		return row
	}
	emit := func(row sqltypes.Row) (sqltypes.Row, error) {
		out := make(sqltypes.Row, len(j.output))
		for i, o := range j.output {
			v, err := o.Eval(ex.Eval, row)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	// Hash the right side on the equi-keys, when there are some.
	var index map[string][]int
	var keyTypes []sqltypes.DataType
	if len(j.rightKeys) > 0 {
		index = map[string][]int{}
		for _, k := range j.rightKeys {
			keyTypes = append(keyTypes, k.DataType())
		}
	}
	// A micro-batch runs without adaptive execution, so a sort-merge join keeps its
	// spark.sql.shuffle.partitions partitions, each sorted by the join keys: order both
	// sides that way first, and the probes below emit rows in Spark's order.
	var parts int
	if ex.Batch != nil && j.shuffled() && j.Type != JoinFull {
		if parts, err = ex.Batch.ShufflePartitions(); err != nil {
			rowiter.CloseAll(leftTasks)
			return nil, err
		}
	}
	var rightParts []int
	if parts > 0 {
		if right, rightParts, err = sortMergeOrder(ex.Eval, right, j.rightKeys, keyTypes, parts, func(r sqltypes.Row) sqltypes.Row { return joined(nil, r) }); err != nil {
			rowiter.CloseAll(leftTasks)
			return nil, err
		}
	}
	// The index is built once, over the right rows in their final order.
	if index != nil {
		for ri, r := range right {
			k, null, err := evalKey(ex.Eval, j.rightKeys, joined(nil, r), keyTypes)
			if err != nil {
				rowiter.CloseAll(leftTasks)
				return nil, err
			}
			if !null {
				index[k] = append(index[k], ri)
			}
		}
	}
	// Right and full outer joins remember which right rows found a match (matchedRight).
	outerRight := j.Type == JoinRight || j.Type == JoinFull
	var matchedRight []bool
	if outerRight {
		matchedRight = make([]bool, len(right))
	}
	probe := func(rows, res []sqltypes.Row) ([]sqltypes.Row, error) {
		for _, l := range rows {
			candidates := allIndexes(len(right))
			if index != nil {
				k, null, err := evalKey(ex.Eval, j.leftKeys, joined(l, nil), keyTypes)
				if err != nil {
					return nil, err
				}
				candidates = nil
				if !null {
					candidates = index[k]
				}
			}
			matched := false
			for _, ri := range candidates {
				row := joined(l, right[ri])
				if ok, err := j.Matches(ex.Eval, row); err != nil {
					return nil, err
				} else if !ok {
					continue
				}
				matched = true
				if outerRight {
					matchedRight[ri] = true
				}
				if j.Type == JoinSemi {
					break
				}
				if j.Type == JoinAnti {
					break
				}
				o, err := emit(row)
				if err != nil {
					return nil, err
				}
				res = append(res, o)
			}
			switch {
			case j.Type == JoinSemi && matched, j.Type == JoinAnti && !matched:
				o, err := emit(joined(l, nil))
				if err != nil {
					return nil, err
				}
				res = append(res, o)
			case !matched && (j.Type == JoinLeft || j.Type == JoinFull):
				o, err := emit(joined(l, nil))
				if err != nil {
					return nil, err
				}
				res = append(res, o)
			}
		}
		return res, nil
	}
	if parts > 0 {
		return j.sortMergeTasks(ctx, ex, leftTasks, right, rightParts, parts, keyTypes, joined, emit, probe)
	}
	if j.Type == JoinRight {
		return j.buildLeftTasks(ctx, ex, leftTasks, rightTasks, keyTypes, joined, emit)
	}
	if !outerRight {
		for t, it := range leftTasks {
			var res []sqltypes.Row
			leftTasks[t] = rowiter.Map(it, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
				var err error
				res, err = probe(rows, res[:0])
				return res, err
			})
		}
		return j.layout(leftTasks), nil
	}
	// The unmatched right rows come last, once every left row was seen: the left side is
	// read first, task by task.
	out := make([][]sqltypes.Row, 0, len(leftTasks)+1)
	for _, it := range leftTasks {
		var res []sqltypes.Row
		err := rowiter.Each(ctx, it, func(rows []sqltypes.Row) error {
			var err error
			res, err = probe(rows, res)
			return err
		})
		if err != nil {
			rowiter.CloseAll(leftTasks)
			return nil, err
		}
		out = append(out, res)
	}
	var rest []sqltypes.Row
	for ri, r := range right {
		if !matchedRight[ri] {
			o, err := emit(joined(nil, r))
			if err != nil {
				return nil, err
			}
			rest = append(rest, o)
		}
	}
	out = append(out, rest)
	return j.layout(rowiter.Tasks(out, ex.chunkRows())), nil
}

// buildLeftTasks runs a right outer join as Spark's broadcast joins do when they can only
// build the left side: the right side streams, task by task, and each right row is
// followed by the left rows it matches (in the left side's order), or padded with NULLs
// when it matches none. The output keeps the right side's tasks and its row order.
func (j *Join) buildLeftTasks(ctx context.Context, ex *Exec, leftTasks []rowiter.Iter, rightTasks [][]sqltypes.Row,
	keyTypes []sqltypes.DataType, joined func(l, r sqltypes.Row) sqltypes.Row,
	emit func(sqltypes.Row) (sqltypes.Row, error)) ([]rowiter.Iter, error) {
	leftByTask, err := rowiter.CollectTasks(ctx, leftTasks)
	if err != nil {
		return nil, err
	}
	var left []sqltypes.Row
	for _, t := range leftByTask {
		left = append(left, t...)
	}
	var index map[string][]int
	if len(j.leftKeys) > 0 {
		index = map[string][]int{}
		for li, l := range left {
			k, null, err := evalKey(ex.Eval, j.leftKeys, joined(l, nil), keyTypes)
			if err != nil {
				return nil, err
			}
			if !null {
				index[k] = append(index[k], li)
			}
		}
	}
	out := make([][]sqltypes.Row, len(rightTasks))
	for t, rows := range rightTasks {
		for _, r := range rows {
			candidates := allIndexes(len(left))
			if index != nil {
				k, null, err := evalKey(ex.Eval, j.rightKeys, joined(nil, r), keyTypes)
				if err != nil {
					return nil, err
				}
				candidates = nil
				if !null {
					candidates = index[k]
				}
			}
			matched := false
			for _, li := range candidates {
				row := joined(left[li], r)
				if ok, err := j.Matches(ex.Eval, row); err != nil {
					return nil, err
				} else if !ok {
					continue
				}
				matched = true
				o, err := emit(row)
				if err != nil {
					return nil, err
				}
				out[t] = append(out[t], o)
			}
			if !matched {
				o, err := emit(joined(nil, r))
				if err != nil {
					return nil, err
				}
				out[t] = append(out[t], o)
			}
		}
	}
	return j.layout(rowiter.Tasks(out, ex.chunkRows())), nil
}

// sortMergeTasks gives a micro-batch's sort-merge join as Spark runs it: one task per
// shuffle partition, each holding the joined rows of its keys in key order (ascending,
// NULLs first; equal keys keep their arrival order). right is already in that order. An
// inner, left outer, semi or anti join streams its left side past the right one; a right
// outer join streams the right side and looks up the left rows.
func (j *Join) sortMergeTasks(ctx context.Context, ex *Exec, leftTasks []rowiter.Iter, right []sqltypes.Row, rightParts []int,
	parts int, keyTypes []sqltypes.DataType, joined func(l, r sqltypes.Row) sqltypes.Row,
	emit func(sqltypes.Row) (sqltypes.Row, error), probe func(rows, res []sqltypes.Row) ([]sqltypes.Row, error)) ([]rowiter.Iter, error) {
	leftByTask, err := rowiter.CollectTasks(ctx, leftTasks)
	if err != nil {
		return nil, err
	}
	var left []sqltypes.Row
	for _, t := range leftByTask {
		left = append(left, t...)
	}
	left, leftParts, err := sortMergeOrder(ex.Eval, left, j.leftKeys, keyTypes, parts, func(l sqltypes.Row) sqltypes.Row { return joined(l, nil) })
	if err != nil {
		return nil, err
	}
	out := make([][]sqltypes.Row, parts)
	if j.Type != JoinRight {
		for p := range out {
			if out[p], err = probe(left[leftParts[p]:leftParts[p+1]], nil); err != nil {
				return nil, err
			}
		}
		return rowiter.Tasks(out, ex.chunkRows()), nil
	}
	index := map[string][]int{}
	for li, l := range left {
		k, null, err := evalKey(ex.Eval, j.leftKeys, joined(l, nil), keyTypes)
		if err != nil {
			return nil, err
		}
		if !null {
			index[k] = append(index[k], li)
		}
	}
	for p := range out {
		for _, r := range right[rightParts[p]:rightParts[p+1]] {
			k, null, err := evalKey(ex.Eval, j.rightKeys, joined(nil, r), keyTypes)
			if err != nil {
				return nil, err
			}
			matched := false
			if !null {
				for _, li := range index[k] {
					row := joined(left[li], r)
					if ok, err := j.Matches(ex.Eval, row); err != nil {
						return nil, err
					} else if !ok {
						continue
					}
					matched = true
					o, err := emit(row)
					if err != nil {
						return nil, err
					}
					out[p] = append(out[p], o)
				}
			}
			if !matched {
				o, err := emit(joined(nil, r))
				if err != nil {
					return nil, err
				}
				out[p] = append(out[p], o)
			}
		}
	}
	return rowiter.Tasks(out, ex.chunkRows()), nil
}

// sortMergeOrder sorts one side of a sort-merge join as Spark's shuffle and sort leave it:
// by shuffle partition (pmod of the Murmur3 hash of the keys, seed 42, as HashPartitioning)
// and then by the keys, ascending with NULLs first, stably. bounds[p]..bounds[p+1] are the
// rows of partition p. wide places a side's row in the joined layout the keys read.
func sortMergeOrder(c *EvalContext, rows []sqltypes.Row, keys []Bound, types []sqltypes.DataType, parts int,
	wide func(sqltypes.Row) sqltypes.Row) ([]sqltypes.Row, []int, error) {
	type keyed struct {
		row  sqltypes.Row
		keys []any
		part int
	}
	ks := make([]keyed, len(rows))
	h := sparkHasher{}
	for i, r := range rows {
		w := wide(r)
		vals := make([]any, len(keys))
		seed := uint64(42)
		for k, b := range keys {
			v, err := b.Eval(c, w)
			if err != nil {
				return nil, nil, err
			}
			vals[k] = v
			seed = h.hashValue(v, types[k], seed)
		}
		p := int(int32(uint32(seed))) % parts
		if p < 0 {
			p += parts
		}
		ks[i] = keyed{row: r, keys: vals, part: p}
	}
	sort.SliceStable(ks, func(a, b int) bool {
		if ks[a].part != ks[b].part {
			return ks[a].part < ks[b].part
		}
		for k := range keys {
			if c := sqltypes.CompareOrdered(ks[a].keys[k], ks[b].keys[k], types[k], false, true); c != 0 {
				return c < 0
			}
		}
		return false
	})
	out := make([]sqltypes.Row, len(ks))
	bounds := make([]int, parts+1)
	for i, k := range ks {
		out[i] = k.row
		bounds[k.part+1]++
	}
	for p := 1; p <= parts; p++ {
		bounds[p] += bounds[p-1]
	}
	return out, bounds, nil
}

// shuffled reports whether Spark runs the join as a sort-merge join, shuffling both sides
// by the join keys, rather than broadcasting one side to the other's tasks: a full outer
// equi-join always, any other when the side it could broadcast has no size estimate (an
// inner join can broadcast either side; left outer, semi and anti joins the right one; a
// right outer join the left one).
func (j *Join) shuffled() bool {
	if len(j.leftKeys) == 0 {
		return false
	}
	switch j.Type {
	case JoinFull:
		return true
	case JoinInner:
		return SizeUnknown(j.Left) && SizeUnknown(j.Right)
	case JoinLeft, JoinSemi, JoinAnti:
		return SizeUnknown(j.Right)
	case JoinRight:
		return SizeUnknown(j.Left)
	}
	return false
}

// layout gives a shuffled join's output as one task: adaptive execution coalesces the
// shuffle's spark.sql.shuffle.partitions partitions into one while the data stays under
// spark.sql.adaptive.coalescePartitions.minPartitionSize (1 MB), as a lab's does, and keeps
// that count when it turns the join into a broadcast one at run time. A broadcast join
// keeps its streamed side's tasks.
func (j *Join) layout(tasks []rowiter.Iter) []rowiter.Iter {
	if len(tasks) <= 1 || !j.shuffled() {
		return tasks
	}
	return []rowiter.Iter{rowiter.Concat(tasks...)}
}

// SizeUnknown reports whether Spark's estimate of n's size is its default, larger than any
// broadcast threshold: n reads a relation without statistics, and no operator above it
// bounds its rows (a global aggregate, a limit).
func SizeUnknown(n Node) bool {
	switch n := n.(type) {
	case *Relation:
		return n.SizeUnknown
	case *StreamScan:
		return n.SizeUnknown
	case *Aggregate:
		if len(n.Grouping) == 0 {
			return false
		}
	case *Limit:
		return false
	}
	for _, c := range n.Children() {
		if SizeUnknown(c) {
			return true
		}
	}
	return false
}

func allIndexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// evalKey is the hash key of a row's join keys; null is true when a key is NULL (it
// matches nothing, as SQL equality).
func evalKey(c *EvalContext, keys []Bound, row sqltypes.Row, types []sqltypes.DataType) (string, bool, error) {
	vals := make([]any, len(keys))
	for i, k := range keys {
		v, err := k.Eval(c, row)
		if err != nil {
			return "", false, err
		}
		if v == nil {
			return "", true, nil
		}
		vals[i] = v
	}
	return keyOf(vals, types), false, nil
}

// SubqueryAlias is df.alias(name): the same rows, every column qualified by name, so
// "name.col" resolves (as in a self-join).
type SubqueryAlias struct {
	Child Node
	scope *Scope
}

// NewSubqueryAlias qualifies child's columns with name.
func NewSubqueryAlias(child Node, name string) *SubqueryAlias {
	in := child.Output()
	sc := in.derive(in.Schema)
	for range in.Schema.Fields {
		sc.Qualifiers = append(sc.Qualifiers, []string{name})
	}
	return &SubqueryAlias{Child: child, scope: sc}
}

func (a *SubqueryAlias) Output() *Scope   { return a.scope }
func (a *SubqueryAlias) Children() []Node { return []Node{a.Child} }
func (a *SubqueryAlias) Describe() string {
	return "SubqueryAlias " + strings.Join(a.scope.qualifier(0), ".")
}
func (a *SubqueryAlias) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	return a.Child.Execute(ctx, ex)
}

// bindSameNameEquality resolves the conjuncts `x = x` (or `x <=> x`) of a join condition,
// where both sides name the same column and each side of the join has it, to the left
// side's column on the left and the right side's on the right: Spark's Dataset.join does
// the same with a condition that would otherwise compare a column with itself
// (emp.join(dept, emp.dept == dept.dept)).
func bindSameNameEquality(cond Expr, ls, rs *Scope) Expr {
	e, ok := cond.(BinaryOp)
	if !ok {
		return cond
	}
	switch strings.ToUpper(e.Op) {
	case "AND":
		e.Left = bindSameNameEquality(e.Left, ls, rs)
		e.Right = bindSameNameEquality(e.Right, ls, rs)
		return e
	case "=", "==", "<=>":
	default:
		return cond
	}
	l, lok := e.Left.(ColumnRef)
	r, rok := e.Right.(ColumnRef)
	if !lok || !rok || len(l.Parts) != len(r.Parts) {
		return cond
	}
	for i := range l.Parts {
		if !ls.eq(l.Parts[i], r.Parts[i]) {
			return cond
		}
	}
	li, lused, lerr := ls.resolveColumn(l.Parts)
	ri, rused, rerr := rs.resolveColumn(r.Parts)
	if lerr != nil || rerr != nil || lused != len(l.Parts) || rused != len(r.Parts) {
		return cond
	}
	nl := len(ls.Schema.Fields)
	e.Left = boundExpr{&boundRef{index: li, field: ls.Schema.Fields[li]}}
	e.Right = boundExpr{&boundRef{index: nl + ri, field: rs.Schema.Fields[ri]}}
	return e
}
