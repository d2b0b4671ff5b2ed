package plan

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Window functions of batch DataFrames and SQL: fn.over(Window.partitionBy(...).orderBy(...))
// and fn(...) OVER (PARTITION BY ... ORDER BY ... ROWS|RANGE BETWEEN ...). A select list
// with such expressions gets a Window operator below its projection that appends one
// column per window expression (Spark's ExtractWindowExpressions); the projection reads
// them from those slots.

// Over is a window function or an aggregate evaluated over a window.
type Over struct {
	Func Expr
	Spec WindowSpec
	// Ref names a window of the query's WINDOW clause (OVER w); the parser replaces it
	// with that window's specification.
	Ref string
}

func (Over) isExpr() {}

// WindowSpec is a window specification: partitioning, ordering (plain expressions sort
// ascending with nulls first) and an optional frame (nil: the function's default).
type WindowSpec struct {
	PartitionBy []Expr
	OrderBy     []Expr
	Frame       *WindowFrame
}

// Frame bounds as PySpark gives them: offsets from the current row, with these three
// values standing for the unbounded ends and the current row.
const (
	UnboundedPreceding int64 = math.MinInt64
	UnboundedFollowing int64 = math.MaxInt64
	CurrentRow         int64 = 0
)

// WindowFrame is ROWS (Rows) or RANGE BETWEEN Lower AND Upper.
type WindowFrame struct {
	Rows         bool
	Lower, Upper int64
	// Interval marks a RANGE frame whose offsets are day-time intervals (RANGE BETWEEN
	// INTERVAL 1 HOUR PRECEDING AND CURRENT ROW over a timestamp): Lower and Upper are then
	// microseconds, and IntervalType their literal's type, for the frame's SQL.
	Interval     bool
	IntervalType sqltypes.DataType
	// SQL marks a frame parsed from SQL text (spark.sql, F.expr), where a PRECEDING offset
	// is Spark's UnaryMinus: it prints as n PRECEDING, or as (- n) FOLLOWING once type
	// coercion has cast it to the order's type (Cast, with Scale the microseconds of the
	// interval's unit when an interval became a number).
	SQL   bool
	Cast  bool
	Scale int64
}

// windowFunctionNames are Spark's window-only functions (not aggregates).
var windowFunctionNames = map[string]bool{
	"row_number": true, "rank": true, "dense_rank": true, "percent_rank": true, "cume_dist": true,
	"ntile": true, "lag": true, "lead": true, "nth_value": true,
}

// IsWindowFunction reports whether name is a window-only function (row_number, lag...).
func IsWindowFunction(name string) bool { return windowFunctionNames[strings.ToLower(name)] }

// HasWindow reports whether any of exprs holds an OVER expression.
func HasWindow(exprs ...Expr) bool {
	found := false
	for _, e := range exprs {
		walkExpr(e, func(x Expr) {
			if _, ok := x.(Over); ok {
				found = true
			}
		})
	}
	return found
}

// walkExpr calls fn for e and the expressions below it, without entering an Over.
func walkExpr(e Expr, fn func(Expr)) {
	fn(e)
	switch e := e.(type) {
	case Call:
		for _, a := range e.Args {
			walkExpr(a, fn)
		}
	case Alias:
		walkExpr(e.Child, fn)
	case Cast:
		walkExpr(e.Child, fn)
	case BinaryOp:
		walkExpr(e.Left, fn)
		walkExpr(e.Right, fn)
	case Not:
		walkExpr(e.Child, fn)
	case Negate:
		walkExpr(e.Child, fn)
	case IsNull:
		walkExpr(e.Child, fn)
	case GetField:
		walkExpr(e.Child, fn)
	case In:
		walkExpr(e.Child, fn)
		for _, x := range e.List {
			walkExpr(x, fn)
		}
	case CaseWhen:
		for _, x := range e.Conds {
			walkExpr(x, fn)
		}
		for _, x := range e.Values {
			walkExpr(x, fn)
		}
		if e.Else != nil {
			walkExpr(e.Else, fn)
		}
	case FromJSON:
		walkExpr(e.Child, fn)
	}
}

// windowKind is what a window expression computes.
type windowKind int

const (
	winAggregate windowKind = iota
	winRowNumber
	winRank
	winDenseRank
	winPercentRank
	winCumeDist
	winNTile
	winLag // lag and lead: offset is negative for lag
	winNthValue
)

// boundOver is a resolved window expression. The Window operator computes it into the
// row's slot; Eval reads it from there.
type boundOver struct {
	kind        windowKind
	fnSQL       string
	agg         *boundAgg // winAggregate
	arg         Bound     // lag/lead/nth_value input
	dflt        Bound     // lag/lead default
	offset      int64     // lag/lead offset (negative: lag), nth_value's n, ntile's buckets
	ignoreNulls bool
	// column is the alias the select list gives the expression ("" when it has none).
	column    string
	partition []Bound
	order     []SortKey
	frame     WindowFrame
	typ       sqltypes.DataType
	nullable  bool
	slot      int
}

func (b *boundOver) DataType() sqltypes.DataType { return b.typ }
func (b *boundOver) Nullable() bool              { return b.nullable }
func (b *boundOver) SQL() string                 { return b.fnSQL + " OVER " + b.specSQL() }
func (b *boundOver) Eval(_ *EvalContext, row sqltypes.Row) (any, error) {
	return row[b.slot], nil
}

// specSQL is Spark's WindowSpecDefinition.sql: (PARTITION BY .. ORDER BY .. frame).
func (b *boundOver) specSQL() string {
	var parts []string
	if len(b.partition) > 0 {
		parts = append(parts, "PARTITION BY "+strings.Join(sqlOf(b.partition), ", "))
	}
	if len(b.order) > 0 {
		keys := make([]string, len(b.order))
		for i, k := range b.order {
			keys[i] = sortKeySQL(k)
		}
		parts = append(parts, "ORDER BY "+strings.Join(keys, ", "))
	}
	parts = append(parts, frameSQL(b.frame))
	return "(" + strings.Join(parts, " ") + ")"
}

func sortKeySQL(k SortKey) string {
	s := k.Expr.SQL()
	if k.Desc {
		s += " DESC"
	} else {
		s += " ASC"
	}
	if k.NullsFirst {
		return s + " NULLS FIRST"
	}
	return s + " NULLS LAST"
}

func frameSQL(f WindowFrame) string {
	kind := "RANGE"
	if f.Rows {
		kind = "ROWS"
	}
	if f.SQL {
		return kind + " BETWEEN " + sqlBoundSQL(f.Lower, f) + " AND " + sqlBoundSQL(f.Upper, f)
	}
	return kind + " BETWEEN " + boundSQL(f.Lower, f.Rows) + " AND " + boundSQL(f.Upper, f.Rows)
}

// sqlBoundSQL is a bound of a frame written in SQL as Spark prints it: n PRECEDING and
// n FOLLOWING, or (- n) FOLLOWING for a PRECEDING offset cast to the order's type.
func sqlBoundSQL(v int64, f WindowFrame) string {
	if !isOffset(v) {
		return boundSQL(v, f.Rows)
	}
	abs := v
	if abs < 0 {
		abs = -abs
	}
	text := strconv.FormatInt(abs, 10)
	if f.Interval {
		shown := abs
		if f.Scale > 0 {
			shown *= f.Scale
		}
		if b, err := Resolve(Literal{Value: shown, Type: f.IntervalType}, &Scope{}); err == nil {
			text = b.SQL()
		}
	}
	switch {
	case v >= 0:
		return text + " FOLLOWING"
	case f.Cast:
		return "(- " + text + ") FOLLOWING"
	}
	return text + " PRECEDING"
}

// intervalAsNumber is an interval frame over a numeric order: Spark casts a single-field
// interval to the order's type (INTERVAL 1 HOUR is 1), so the frame is a numeric one.
func intervalAsNumber(f WindowFrame) (WindowFrame, bool) {
	t, ok := f.IntervalType.(sqltypes.DayTimeIntervalType)
	if !ok || t.Start != t.End {
		return f, false
	}
	per := map[byte]int64{sqltypes.IntervalDay: 86_400_000_000, sqltypes.IntervalHour: 3_600_000_000,
		sqltypes.IntervalMinute: 60_000_000, sqltypes.IntervalSecond: 1_000_000}[t.Start]
	if per == 0 {
		return f, false
	}
	for _, v := range []*int64{&f.Lower, &f.Upper} {
		if isOffset(*v) {
			*v /= per
		}
	}
	// Still printed as the interval (INTERVAL '01' HOUR), now cast.
	f.Cast, f.Scale = true, per
	return f, true
}

// boundSQL prints a frame bound as Spark does: an offset is a literal followed by
// FOLLOWING whatever its sign.
func boundSQL(v int64, _ bool) string {
	switch v {
	case UnboundedPreceding:
		return "UNBOUNDED PRECEDING"
	case UnboundedFollowing:
		return "UNBOUNDED FOLLOWING"
	case CurrentRow:
		return "CURRENT ROW"
	}
	return strconv.FormatInt(v, 10) + " FOLLOWING"
}

func (r *resolver) resolveOver(e Over) (Bound, error) {
	if r.windows == nil {
		return nil, unsupported("a window function (.over) is only supported in a select list (select, withColumn, SQL SELECT) in kafkalab; run this on real Spark with `kafkalab export`")
	}
	inner := &resolver{scope: r.scope, lambdas: r.lambdas}
	b := &boundOver{}
	for _, p := range e.Spec.PartitionBy {
		pb, err := inner.resolve(p)
		if err != nil {
			return nil, err
		}
		b.partition = append(b.partition, pb)
	}
	for _, o := range e.Spec.OrderBy {
		key := SortKey{NullsFirst: true}
		if so, ok := o.(SortOrder); ok {
			key.Desc, key.NullsFirst = so.Desc, so.NullsFirst
			o = so.Child
		}
		ob, err := inner.resolve(o)
		if err != nil {
			return nil, err
		}
		key.Expr = ob
		b.order = append(b.order, key)
	}
	if err := r.bindWindowFunction(b, e.Func); err != nil {
		return nil, err
	}
	if err := b.resolveFrame(e.Spec.Frame); err != nil {
		return nil, err
	}
	b.slot = r.windowBase + len(*r.windows)
	*r.windows = append(*r.windows, b)
	return b, nil
}

// bindWindowFunction resolves the function part of fn OVER (...).
func (r *resolver) bindWindowFunction(b *boundOver, fn Expr) error {
	call, ok := fn.(Call)
	if !ok {
		x, err := (&resolver{scope: r.scope, lambdas: r.lambdas}).resolve(fn)
		if err != nil {
			return err
		}
		return sparkerrors.New(sparkerrors.AnalysisException, "UNSUPPORTED_EXPR_FOR_WINDOW", "sqlExpr", quoteSQL(x.SQL()))
	}
	name := strings.ToLower(call.Name)
	if !windowFunctionNames[name] {
		if _, isAgg := aggregateFunctions[name]; !isAgg {
			x, err := (&resolver{scope: r.scope, lambdas: r.lambdas}).resolve(fn)
			if err != nil {
				return err
			}
			return sparkerrors.New(sparkerrors.AnalysisException, "UNSUPPORTED_EXPR_FOR_WINDOW", "sqlExpr", quoteSQL(x.SQL()))
		}
		ar := &resolver{scope: r.scope, aggs: new([]*boundAgg), lambdas: r.lambdas}
		ab, err := ar.resolveAggregate(name, call)
		if err != nil {
			return err
		}
		agg := ab.(*boundAgg)
		if agg.distinct {
			return sparkerrors.New(sparkerrors.AnalysisException, "DISTINCT_WINDOW_FUNCTION_UNSUPPORTED", "windowExpr", quoteSQL(agg.SQL()))
		}
		b.kind, b.agg, b.fnSQL, b.typ, b.nullable = winAggregate, agg, agg.SQL(), agg.typ, true
		return nil
	}
	inner := &resolver{scope: r.scope, lambdas: r.lambdas}
	args, err := inner.resolveAll(call.Args)
	if err != nil {
		return err
	}
	argc := func(lo, hi int) error {
		if len(args) < lo || len(args) > hi {
			return wrongArgs(name, argCountText(lo, hi), len(args))
		}
		return nil
	}
	b.typ, b.nullable = sqltypes.Integer, false
	switch name {
	case "row_number", "rank", "dense_rank", "percent_rank", "cume_dist":
		if err := argc(0, 0); err != nil {
			return err
		}
		b.kind = map[string]windowKind{"row_number": winRowNumber, "rank": winRank, "dense_rank": winDenseRank,
			"percent_rank": winPercentRank, "cume_dist": winCumeDist}[name]
		b.fnSQL = map[string]string{"row_number": "row_number()", "rank": "RANK()", "dense_rank": "DENSE_RANK()",
			"percent_rank": "PERCENT_RANK()", "cume_dist": "cume_dist()"}[name]
		if name == "percent_rank" || name == "cume_dist" {
			b.typ = sqltypes.Double
		}
	case "ntile":
		if err := argc(1, 1); err != nil {
			return err
		}
		n, ok := foldedInt(args[0])
		if !ok || n <= 0 {
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE",
				"sqlExpr", quoteSQL(callSQL("ntile", args)), "exprName", "buckets", "valueRange", "(0, 2147483647]", "currentValue", args[0].SQL())
		}
		b.kind, b.offset, b.fnSQL = winNTile, n, callSQL("ntile", args)
	case "lag", "lead":
		if err := argc(1, 4); err != nil {
			return err
		}
		b.kind, b.arg, b.offset = winLag, args[0], 1
		if len(args) > 1 {
			n, ok := foldedInt(args[1])
			if !ok {
				return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
					"sqlExpr", quoteSQL(callSQL(name, args)), "inputName", "`offset`", "inputType", `"INT"`, "inputExpr", quoteSQL(args[1].SQL()))
			}
			b.offset = n
		}
		dflt := Bound(&boundLit{typ: b.arg.DataType()})
		if len(args) > 2 {
			dflt = castTo(args[2], b.arg.DataType())
		}
		if len(args) > 3 {
			ig, err := boolLiteralArg(name, "ignoreNulls", args[3])
			if err != nil {
				return err
			}
			b.ignoreNulls = ig
		}
		b.dflt = dflt
		dsql := "NULL"
		if len(args) > 2 {
			dsql = args[2].SQL()
		}
		b.fnSQL = fmt.Sprintf("%s(%s, %d, %s)", name, b.arg.SQL(), b.offset, dsql)
		if name == "lag" {
			b.offset = -b.offset
		}
		b.typ, b.nullable = b.arg.DataType(), true
	case "nth_value":
		if err := argc(2, 3); err != nil {
			return err
		}
		n, ok := foldedInt(args[1])
		if !ok || n <= 0 {
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE",
				"sqlExpr", quoteSQL(callSQL("nth_value", args)), "exprName", "offset", "valueRange", "(0, 9223372036854775807]", "currentValue", args[1].SQL())
		}
		if len(args) > 2 {
			ig, err := boolLiteralArg(name, "ignoreNulls", args[2])
			if err != nil {
				return err
			}
			b.ignoreNulls = ig
		}
		b.kind, b.arg, b.offset = winNthValue, args[0], n
		b.fnSQL = fmt.Sprintf("nth_value(%s, %s)", args[0].SQL(), args[1].SQL())
		if b.ignoreNulls {
			b.fnSQL += " ignore nulls"
		}
		b.typ, b.nullable = args[0].DataType(), true
	}
	return nil
}

// foldedInt reads an integral literal argument.
func foldedInt(b Bound) (int64, bool) {
	l, ok := unzoned(b).(*boundLit)
	if !ok {
		if c, isCast := b.(*boundCast); isCast {
			return foldedInt(c.child)
		}
		return 0, false
	}
	switch v := l.value.(type) {
	case int32:
		return int64(v), true
	case int64:
		return v, true
	case int16:
		return int64(v), true
	case int8:
		return int64(v), true
	case int:
		return int64(v), true
	}
	return 0, false
}

// resolveFrame sets the frame Spark's analyzer gives the expression (ResolveWindowFrame):
// ranking functions and lag/lead have their own; otherwise the user's frame, or RANGE
// UNBOUNDED PRECEDING..CURRENT ROW with an ORDER BY, ROWS over the whole partition without.
func (b *boundOver) resolveFrame(user *WindowFrame) error {
	switch b.kind {
	case winRowNumber, winRank, winDenseRank, winPercentRank, winCumeDist, winNTile, winLag:
		if len(b.order) == 0 {
			return sparkerrors.New(sparkerrors.AnalysisException, "WINDOW_FUNCTION_FRAME_NOT_ORDERED",
				"wf_name", windowFuncName(b.fnSQL), "wf_expr", b.fnSQL)
		}
		required := WindowFrame{Rows: true, Lower: UnboundedPreceding, Upper: CurrentRow}
		if b.kind == winCumeDist {
			required.Rows = false
		}
		if b.kind == winLag {
			required = WindowFrame{Rows: true, Lower: b.offset, Upper: b.offset}
		}
		if user != nil && (user.Rows != required.Rows || user.Lower != required.Lower || user.Upper != required.Upper || user.Interval) {
			b.frame = *user
			return sparkerrors.New(sparkerrors.AnalysisException, "WINDOW_FUNCTION_AND_FRAME_MISMATCH",
				"funcName", quoteSQL(windowFuncName(b.fnSQL)), "windowExpr", quoteSQL(b.SQL()))
		}
		b.frame = required
		return nil
	}
	switch {
	case user != nil:
		b.frame = *user
	case len(b.order) > 0:
		b.frame = WindowFrame{Lower: UnboundedPreceding, Upper: CurrentRow}
	default:
		b.frame = WindowFrame{Rows: true, Lower: UnboundedPreceding, Upper: UnboundedFollowing}
	}
	f := b.frame
	if f.Lower == UnboundedFollowing || f.Upper == UnboundedPreceding {
		return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_INVALID_BOUND",
			"sqlExpr", quoteSQL(frameSQL(f)), "lower", quoteSQL(boundSQL(f.Lower, f.Rows)), "upper", quoteSQL(boundSQL(f.Upper, f.Rows)))
	}
	if !f.Rows && (isOffset(f.Lower) || isOffset(f.Upper)) {
		orderSQL := make([]string, len(b.order))
		for i, k := range b.order {
			orderSQL[i] = sortKeySQL(k)
		}
		spec := b.specSQL()
		switch {
		case len(b.order) == 0:
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.RANGE_FRAME_WITHOUT_ORDER", "sqlExpr", quoteSQL(spec))
		case len(b.order) > 1:
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.RANGE_FRAME_MULTI_ORDER",
				"sqlExpr", quoteSQL(spec), "orderSpec", strings.Join(orderSQL, ","))
		case f.Interval:
			if _, ok := b.order[0].Expr.DataType().(sqltypes.TimestampType); ok {
				break
			}
			if nf, ok := intervalAsNumber(f); ok && isNumeric(b.order[0].Expr.DataType()) {
				b.frame = nf
				break
			}
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.RANGE_FRAME_INVALID_TYPE",
				"orderSpecType", quoteSQL(b.order[0].Expr.DataType().SQL()), "valueBoundaryType", quoteSQL(f.IntervalType.SQL()), "sqlExpr", quoteSQL(spec))
		case f.SQL && isString(b.order[0].Expr.DataType()):
			// Spark casts a SQL frame's offsets to the STRING order's type, which a RANGE
			// frame does not take: the first offset bound is named.
			loc := "lower"
			if !isOffset(f.Lower) {
				loc = "upper"
			}
			cast := f
			cast.Cast = true
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE",
				"location", loc, "exprType", `"STRING"`,
				"expectedType", `("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")`, "sqlExpr", quoteSQL(frameSQL(cast)))
		case !f.SQL && (isString(b.order[0].Expr.DataType()) || isBoolType(b.order[0].Expr.DataType())):
			// rangeBetween over a STRING or BOOLEAN order: Spark casts the offsets to the
			// order's type, which a RANGE frame does not take (PySpark 4.2.0's
			// Window.orderBy("name").rangeBetween(-1, 0)); the first offset bound is named.
			loc := "lower"
			if !isOffset(f.Lower) {
				loc = "upper"
			}
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE",
				"location", loc, "exprType", quoteSQL(b.order[0].Expr.DataType().SQL()),
				"expectedType", `("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")`, "sqlExpr", quoteSQL(frameSQL(f)))
		case !isNumeric(b.order[0].Expr.DataType()):
			return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.RANGE_FRAME_INVALID_TYPE",
				"orderSpecType", quoteSQL(b.order[0].Expr.DataType().SQL()), "valueBoundaryType", `"BIGINT"`, "sqlExpr", quoteSQL(spec))
		}
	}
	if isOffset(f.Lower) && isOffset(f.Upper) && f.Lower > f.Upper {
		return sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_WRONG_COMPARISON",
			"sqlExpr", quoteSQL(frameSQL(f)), "comparison", "less than or equal")
	}
	return nil
}

// isOffset is true for a bound that is a value, not UNBOUNDED nor CURRENT ROW.
func isOffset(v int64) bool {
	return v != UnboundedPreceding && v != UnboundedFollowing && v != CurrentRow
}

func windowFuncName(fnSQL string) string {
	name, _, _ := strings.Cut(fnSQL, "(")
	return strings.ToLower(name)
}

// Window computes window expressions over its child's rows, appending one column each.
type Window struct {
	Child Node
	Exprs []*boundOver
	scope *Scope
}

func newWindow(child Node, exprs []*boundOver) *Window {
	in := childScope(child)
	fields := append([]sqltypes.StructField(nil), in.Schema.Fields...)
	for _, w := range exprs {
		fields = append(fields, sqltypes.StructField{Name: w.SQL(), Type: w.typ, Nullable: w.nullable})
	}
	scope := in.derive(&sqltypes.StructType{Fields: fields})
	scope.Qualifiers = append([][]string(nil), in.Qualifiers...)
	for range exprs {
		scope.Qualifiers = append(scope.Qualifiers, nil)
	}
	return &Window{Child: child, Exprs: exprs, scope: scope}
}

func (w *Window) Output() *Scope   { return w.scope }
func (w *Window) Children() []Node { return []Node{w.Child} }
func (w *Window) Describe() string {
	names := make([]string, len(w.Exprs))
	for i, e := range w.Exprs {
		names[i] = e.SQL()
	}
	return "Window [" + strings.Join(names, ", ") + "]"
}

// nonTimeWindowErr is Spark's refusal of a window function over a stream: the functions,
// their columns and specifications, each list joined by commas.
func nonTimeWindowErr(w *Window) error {
	var fns, names, specs []string
	for _, e := range w.Exprs {
		fns = append(fns, strings.ToUpper(e.fnSQL))
		name := e.column
		if name == "" {
			name = e.SQL()
		}
		names = append(names, quoteIdent(name))
		specs = append(specs, strings.ToUpper(e.specSQL()))
	}
	return sparkerrors.New(sparkerrors.AnalysisException, "NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING",
		"windowFunc", strings.Join(fns, ","), "columnName", strings.Join(names, ","), "windowSpec", strings.Join(specs, ","))
}

func (w *Window) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	if IsStreaming(w.Child) {
		if err := CheckBatch(w.Child); err != nil {
			return nil, err
		}
	}
	its, err := w.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	in, err := rowiter.CollectTasks(ctx, its)
	if err != nil {
		return nil, err
	}
	width := len(childScope(w.Child).Schema.Fields)
	var rows []sqltypes.Row
	for _, task := range in {
		for _, row := range task {
			out := make(sqltypes.Row, width+len(w.Exprs))
			copy(out, row)
			rows = append(rows, out)
		}
	}
	var eval *EvalContext
	if ex != nil {
		eval = ex.Eval
	}
	var firstOrder []int
	for i, e := range w.Exprs {
		order, err := e.compute(eval, rows)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			firstOrder = order
		}
	}
	out := make([]sqltypes.Row, len(rows))
	for i, k := range firstOrder {
		out[i] = rows[k]
	}
	if len(out) == 0 {
		return nil, nil
	}
	return rowiter.Tasks([][]sqltypes.Row{out}, ex.chunkRows()), nil
}

// compute fills the expression's slot of every row; it returns the rows' positions in
// partition and window order.
func (b *boundOver) compute(c *EvalContext, rows []sqltypes.Row) ([]int, error) {
	n := len(rows)
	pkeys := make([][]any, n)
	okeys := make([][]any, n)
	for i, row := range rows {
		pk := make([]any, len(b.partition))
		for k, p := range b.partition {
			v, err := p.Eval(c, row)
			if err != nil {
				return nil, err
			}
			pk[k] = v
		}
		ok := make([]any, len(b.order))
		for k, o := range b.order {
			v, err := o.Expr.Eval(c, row)
			if err != nil {
				return nil, err
			}
			ok[k] = v
		}
		pkeys[i], okeys[i] = pk, ok
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool {
		a, bb := idx[x], idx[y]
		if c := b.comparePartition(pkeys[a], pkeys[bb]); c != 0 {
			return c < 0
		}
		return b.compareOrder(okeys[a], okeys[bb]) < 0
	})
	for start := 0; start < n; {
		end := start + 1
		for end < n && b.comparePartition(pkeys[idx[start]], pkeys[idx[end]]) == 0 {
			end++
		}
		part := idx[start:end]
		keys := make([][]any, len(part))
		prows := make([]sqltypes.Row, len(part))
		for i, k := range part {
			keys[i], prows[i] = okeys[k], rows[k]
		}
		vals, err := b.evalPartition(c, prows, keys)
		if err != nil {
			return nil, err
		}
		for i, k := range part {
			rows[k][b.slot] = vals[i]
		}
		start = end
	}
	return idx, nil
}

func (b *boundOver) comparePartition(x, y []any) int {
	for k, p := range b.partition {
		if c := compareNullable(x[k], y[k], p.DataType(), true); c != 0 {
			return c
		}
	}
	return 0
}

func (b *boundOver) compareOrder(x, y []any) int {
	for k, o := range b.order {
		c := compareNullable(x[k], y[k], o.Expr.DataType(), o.NullsFirst)
		if c != 0 {
			if o.Desc && x[k] != nil && y[k] != nil {
				c = -c
			}
			return c
		}
	}
	return 0
}

// compareNullable orders two values ascending, nulls first or last.
func compareNullable(a, b any, t sqltypes.DataType, nullsFirst bool) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		if nullsFirst {
			return -1
		}
		return 1
	case b == nil:
		if nullsFirst {
			return 1
		}
		return -1
	}
	return compareValues(a, b, t)
}

// evalPartition computes the expression for one partition's rows, in window order.
func (b *boundOver) evalPartition(c *EvalContext, rows []sqltypes.Row, keys [][]any) ([]any, error) {
	n := len(rows)
	out := make([]any, n)
	// peerStart[i] and peerEnd[i]: the first and last row with i's ordering keys.
	peerStart, peerEnd := make([]int, n), make([]int, n)
	for i := 0; i < n; {
		j := i + 1
		for j < n && b.compareOrder(keys[i], keys[j]) == 0 {
			j++
		}
		for k := i; k < j; k++ {
			peerStart[k], peerEnd[k] = i, j-1
		}
		i = j
	}
	switch b.kind {
	case winRowNumber:
		for i := range out {
			out[i] = int32(i + 1)
		}
	case winRank:
		for i := range out {
			out[i] = int32(peerStart[i] + 1)
		}
	case winDenseRank:
		rank := int32(0)
		for i := range out {
			if peerStart[i] == i {
				rank++
			}
			out[i] = rank
		}
	case winPercentRank:
		for i := range out {
			if n == 1 {
				out[i] = 0.0
				continue
			}
			out[i] = float64(peerStart[i]) / float64(n-1)
		}
	case winCumeDist:
		for i := range out {
			out[i] = float64(peerEnd[i]+1) / float64(n)
		}
	case winNTile:
		// The first n % buckets buckets hold one row more than the others.
		size, rem := int64(n)/b.offset, int64(n)%b.offset
		bucket, left := int64(1), size
		if rem > 0 {
			left++
		}
		for i := range out {
			if left == 0 {
				bucket++
				left = size
				if bucket <= rem {
					left++
				}
			}
			out[i] = int32(bucket)
			left--
		}
	case winLag:
		for i := range out {
			v, err := b.offsetValue(c, rows, i)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
	default:
		for i := range out {
			lo, hi := b.frameOf(i, n, keys, peerStart, peerEnd)
			v, err := b.frameValue(c, rows, lo, hi)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
	}
	return out, nil
}

// offsetValue is lag/lead: the input offset rows away, or the default past the partition's
// ends (with ignoreNulls, the offset counts non-null values).
func (b *boundOver) offsetValue(c *EvalContext, rows []sqltypes.Row, i int) (any, error) {
	if !b.ignoreNulls {
		j := int64(i) + b.offset
		if j < 0 || j >= int64(len(rows)) {
			return b.dflt.Eval(c, rows[i])
		}
		return b.arg.Eval(c, rows[j])
	}
	step, want := int64(1), b.offset
	if want < 0 {
		step, want = -1, -want
	}
	if want == 0 {
		return b.arg.Eval(c, rows[i])
	}
	for j := int64(i) + step; j >= 0 && j < int64(len(rows)); j += step {
		v, err := b.arg.Eval(c, rows[j])
		if err != nil {
			return nil, err
		}
		if v != nil {
			want--
			if want == 0 {
				return v, nil
			}
		}
	}
	return b.dflt.Eval(c, rows[i])
}

// frameOf is the row range [lo, hi] of row i's frame (lo > hi: empty).
func (b *boundOver) frameOf(i, n int, keys [][]any, peerStart, peerEnd []int) (int, int) {
	f := b.frame
	if f.Rows {
		lo, hi := 0, n-1
		if f.Lower != UnboundedPreceding {
			lo = clampAdd(i, f.Lower, n)
		}
		if f.Upper != UnboundedFollowing {
			hi = clampAdd(i, f.Upper, n)
		}
		return max(lo, 0), min(hi, n-1)
	}
	lo, hi := 0, n-1
	switch {
	case f.Lower == CurrentRow:
		lo = peerStart[i]
	case isOffset(f.Lower):
		lo = n
		for j := 0; j < n; j++ {
			if d, ok := b.rangeDistance(keys[j], keys[i]); ok && d >= float64(f.Lower) {
				lo = j
				break
			}
		}
		if keys[i][0] == nil {
			lo = peerStart[i]
		}
	}
	switch {
	case f.Upper == CurrentRow:
		hi = peerEnd[i]
	case isOffset(f.Upper):
		hi = -1
		for j := n - 1; j >= 0; j-- {
			if d, ok := b.rangeDistance(keys[j], keys[i]); ok && d <= float64(f.Upper) {
				hi = j
				break
			}
		}
		if keys[i][0] == nil {
			hi = peerEnd[i]
		}
	}
	return lo, hi
}

// rangeDistance is how far row j's ordering value is past row i's in the window's
// direction; rows with a null value are outside any value range.
func (b *boundOver) rangeDistance(kj, ki []any) (float64, bool) {
	if kj[0] == nil || ki[0] == nil {
		return 0, false
	}
	x, okx := rangeFloat(kj[0])
	y, oky := rangeFloat(ki[0])
	if !okx || !oky {
		return 0, false
	}
	if b.order[0].Desc {
		return y - x, true
	}
	return x - y, true
}

func rangeFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case sqltypes.Timestamp:
		return float64(x), true
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case float32:
		return float64(x), true
	case float64:
		return x, true
	case sqltypes.Decimal:
		f, err := strconv.ParseFloat(formatDecimal(x), 64)
		return f, err == nil
	}
	return 0, false
}

func clampAdd(i int, off int64, n int) int {
	v := int64(i) + off
	if v < -1 {
		return -1
	}
	if v > int64(n) {
		return n
	}
	return int(v)
}

// frameValue is an aggregate or nth_value over rows lo..hi.
func (b *boundOver) frameValue(c *EvalContext, rows []sqltypes.Row, lo, hi int) (any, error) {
	if b.kind == winNthValue {
		want := b.offset
		for j := lo; j <= hi; j++ {
			v, err := b.arg.Eval(c, rows[j])
			if err != nil {
				return nil, err
			}
			if b.ignoreNulls && v == nil {
				continue
			}
			want--
			if want == 0 {
				return v, nil
			}
		}
		return nil, nil
	}
	acc := b.agg.newAccumulator()
	for j := lo; j <= hi; j++ {
		if err := b.agg.feed(c, acc, rows[j]); err != nil {
			return nil, err
		}
	}
	return acc.result(c)
}
