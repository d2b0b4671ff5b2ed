package plan

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Scope is what names resolve against: an operator's input columns, each with an optional
// qualifier (a table read by name is qualified spark_catalog.default.<table>, as in Spark).
type Scope struct {
	Schema *sqltypes.StructType
	// Qualifiers[i] qualifies Schema.Fields[i]; nil or shorter slices mean "none".
	Qualifiers [][]string
	// Origins[i], when set, is the input column that column i passes on unchanged (a
	// join's output names each side's columns so). A column taken from a DataFrame
	// (df.col, df["col"]) whose name is ambiguous here resolves through them to the column
	// that DataFrame gave, as Spark resolves such a column by its attribute id.
	Origins []ColumnOrigin
	// Settings are the session's, which every scope derived from this one carries on.
	Settings
}

// Settings are what analysis reads from the session: an operator's output scope takes its
// input's whole, so a new setting is carried everywhere by adding it here.
type Settings struct {
	// CaseSensitive is spark.sql.caseSensitive (false by default).
	CaseSensitive bool
	// Zone, when set, gives the session time zone at the moment an expression is analysed:
	// Spark fixes a time-zone-aware expression's zone then, so a DataFrame made before
	// spark.sql.session.timeZone changes keeps the zone it was made in.
	Zone func() (*time.Location, string)
	// Functions, when set, finds the session's registered user-defined functions by
	// lower-cased name (spark.udf.register), for SQL text.
	Functions func(name string) *UDF
	// Variables, when set, finds the session's variables by name (DECLARE VARIABLE): a
	// name in SQL text that no column has reads one.
	Variables func(name string) (Variable, bool)
	// Database, when set, is the session's current database (USE db) at the moment an
	// expression is analysed: current_database() answers it ("default" when unset).
	Database func() string
	// TimeTypeOff, when set, tells whether spark.sql.timeType.enabled is false at the
	// moment an expression is analysed (Spark's default outside its own tests): a cast to
	// TIME, explicit or implicit, and the functions and operators that compute on TIME
	// values then fail analysis with UNSUPPORTED_TIME_TYPE. TIME literals, TIME columns
	// read or created from local data, current_time and make_timestamp(date, time) still
	// work, as in Spark 4.2. Unset is the conf on.
	TimeTypeOff func() bool
}

// ColumnOrigin is a column of an input scope: Scope.Schema.Fields[Index].
type ColumnOrigin struct {
	Scope *Scope
	Index int
}

// resolveThrough finds the one column of s that passes on from's column parts unchanged,
// following Origins; ok is false when none or several do.
func (s *Scope) resolveThrough(from *Scope, parts []string) (index, used int, ok bool) {
	if len(s.Origins) == 0 || from == nil {
		return 0, 0, false
	}
	fi, fused, err := from.resolveColumn(parts)
	if err != nil {
		return 0, 0, false
	}
	found := -1
	for i := range s.Schema.Fields {
		if s.passesOn(i, from, fi) {
			if found >= 0 {
				return 0, 0, false
			}
			found = i
		}
	}
	if found < 0 {
		return 0, 0, false
	}
	return found, fused, true
}

// passesOn reports whether column i of s is column fi of from, through Origins.
func (s *Scope) passesOn(i int, from *Scope, fi int) bool {
	sc, k := s, i
	for depth := 0; depth < 64; depth++ {
		if sc == from && k == fi {
			return true
		}
		if k >= len(sc.Origins) || sc.Origins[k].Scope == nil {
			return false
		}
		sc, k = sc.Origins[k].Scope, sc.Origins[k].Index
	}
	return false
}

// derive is a scope for an operator's output over in's settings.
func (s *Scope) derive(schema *sqltypes.StructType) *Scope {
	return &Scope{Schema: schema, Settings: s.Settings}
}

func (s *Scope) qualifier(i int) []string {
	if i < len(s.Qualifiers) {
		return s.Qualifiers[i]
	}
	return nil
}

func (s *Scope) eq(a, b string) bool {
	if s.CaseSensitive {
		return a == b
	}
	return strings.EqualFold(a, b)
}

// candidates lists the input columns as name parts, for "Did you mean" suggestions.
func (s *Scope) candidates() [][]string {
	out := make([][]string, len(s.Schema.Fields))
	for i, f := range s.Schema.Fields {
		out[i] = append(append([]string(nil), s.qualifier(i)...), f.Name)
	}
	return out
}

// resolveColumn finds the input column a name refers to and how many of its parts the
// qualifier and column name used (the rest are nested field names). Like Spark, a match that
// uses a qualifier wins over a plain column name match.
func (s *Scope) resolveColumn(parts []string) (index, used int, err error) {
	type match struct{ index, used int }
	var best []match
	bestUsed := 0
	for i, f := range s.Schema.Fields {
		q := s.qualifier(i)
		// Try qualifier suffixes from the longest: spark_catalog.default.t.col, default.t.col, t.col.
		for k := 0; k <= len(q); k++ {
			suffix := q[k:]
			if len(parts) < len(suffix)+1 {
				continue
			}
			ok := true
			for j, p := range suffix {
				if !s.eq(parts[j], p) {
					ok = false
					break
				}
			}
			if !ok || !s.eq(parts[len(suffix)], f.Name) {
				continue
			}
			u := len(suffix) + 1
			if u > bestUsed {
				best, bestUsed = nil, u
			}
			if u == bestUsed {
				best = append(best, match{i, u})
			}
			break
		}
	}
	switch len(best) {
	case 0:
		return 0, 0, unresolvedColumn(parts, s.candidates())
	case 1:
		return best[0].index, best[0].used, nil
	default:
		names := make([]string, len(best))
		for i, m := range best {
			names[i] = quoteIdent(append(append([]string(nil), s.qualifier(m.index)...), s.Schema.Fields[m.index].Name)...)
		}
		return 0, 0, analysisErr("AMBIGUOUS_REFERENCE", "Reference %s is ambiguous, could be: [%s].",
			quoteIdent(parts[:bestUsed]...), strings.Join(names, ", "))
	}
}

// Resolve binds e to the scope. Aggregate functions are rejected here; operators that allow
// them (Aggregate, a select with aggregates) use ResolveAggregate.
func Resolve(e Expr, s *Scope) (Bound, error) {
	r := &resolver{scope: s}
	return r.resolve(e)
}

type resolver struct {
	scope *Scope
	// aggs collects aggregate calls when allowed (nil = not allowed).
	aggs *[]*boundAgg
	// lambdas are the variables of the lambda functions the expression is inside,
	// innermost last (see fn_hof.go).
	lambdas []lambdaVarSlot
	// windows collects window expressions when allowed (nil = not allowed); their values
	// are read from slots windowBase, windowBase+1... of the Window operator's rows.
	windows    *[]*boundOver
	windowBase int
	// depth is how deep resolve is in the expression it was first called with.
	depth int
}

func (r *resolver) resolveAll(es []Expr) ([]Bound, error) {
	out := make([]Bound, 0, len(es))
	for _, e := range es {
		b, err := r.resolve(e)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// resolve binds e; with spark.sql.timeType.enabled false, an outermost expression that
// casts a value to TIME on its own (coercing a STRING to compare it with a TIME, coalesce
// of a TIME and a STRING) is refused, as Spark refuses any cast to TIME then.
func (r *resolver) resolve(e Expr) (Bound, error) {
	r.depth++
	b, err := r.resolveExpr(e)
	r.depth--
	if err == nil && r.depth == 0 && r.timeTypeOff() && castsToTime(b) {
		return nil, errUnsupportedTimeType()
	}
	return b, err
}

func (r *resolver) resolveExpr(e Expr) (Bound, error) {
	switch e := e.(type) {
	case ColumnRef:
		// A lambda's variable wins over a column of the same name (x -> x + 1 in SQL).
		if e.From == nil && len(e.Parts) > 0 {
			for i := len(r.lambdas) - 1; i >= 0; i-- {
				if r.scope.eq(r.lambdas[i].name, e.Parts[0]) {
					b, err := r.resolveLambdaVar(LambdaVar{Name: e.Parts[0]})
					for _, name := range e.Parts[1:] {
						if err != nil {
							break
						}
						b, err = r.fieldOf(b, name)
					}
					return b, err
				}
			}
		}
		b, err := r.resolveAttribute(e)
		if err != nil && e.From == nil {
			if se, ok := sparkerrors.As(err); ok && strings.HasPrefix(se.Class, "UNRESOLVED_COLUMN") {
				if v, ok := r.variable(e.Parts); ok {
					return v, nil
				}
			}
		}
		return b, withOrigin(err, e)
	case *ColumnRef:
		return r.resolveAttribute(*e)
	case Star:
		return nil, analysisErr("INVALID_USAGE_OF_STAR_OR_REGEX",
			"Invalid usage of %s in expression.", starSQL(e))
	case Literal:
		t := e.Type
		if t == nil {
			lit, err := LiteralOf(e.Value)
			if err != nil {
				return nil, err
			}
			return r.resolve(lit)
		}
		lit := &boundLit{value: e.Value, typ: t}
		if _, isTS := t.(sqltypes.TimestampType); isTS {
			lit.loc, _ = r.zone()
		}
		return lit, nil
	case Cast:
		c, err := r.resolve(e.Child)
		if err != nil {
			return nil, err
		}
		if err := checkCast(c, e.To); err != nil {
			return nil, err
		}
		if r.timeTypeOff() && ContainsTime(e.To) {
			return nil, errUnsupportedTimeType()
		}
		var cast Bound = &boundCast{child: c, to: e.To}
		if timeZoneAware(c.DataType(), e.To) {
			cast = r.zoned(cast)
		}
		if e.Try {
			cast = &boundTryCast{cast: cast}
		}
		return cast, nil
	case Alias:
		c, err := r.resolve(e.Child)
		if err != nil {
			return nil, err
		}
		return &boundAlias{child: c, name: e.Name, meta: e.Metadata}, nil
	case BinaryOp:
		return r.resolveBinary(e)
	case Not:
		c, err := r.resolveBool(e.Child, "NOT")
		if err != nil {
			return nil, err
		}
		return &boundNot{child: c}, nil
	case Negate:
		c, err := r.resolve(e.Child)
		if err != nil {
			return nil, err
		}
		if !isNumeric(c.DataType()) {
			return nil, unexpectedInputType("negative("+c.SQL()+")", "first", c.SQL(), c.DataType(), `("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")`)
		}
		return &boundNegate{child: c}, nil
	case IsNull:
		c, err := r.resolve(e.Child)
		if err != nil {
			return nil, err
		}
		return &boundIsNull{child: c, not: e.Not}, nil
	case In:
		return r.resolveIn(e)
	case CaseWhen:
		return r.resolveCaseWhen(e)
	case GetField:
		c, err := r.resolve(e.Child)
		if err != nil {
			return nil, err
		}
		return r.fieldOf(c, e.Field)
	case ExtractValue:
		return r.resolveExtractValue(e)
	case FromJSON:
		return r.resolveFromJSON(e)
	case Call:
		return r.resolveCall(e)
	case Over:
		return r.resolveOver(e)
	case LambdaVar:
		return r.resolveLambdaVar(e)
	case Lambda:
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION", "class", "LambdaFunction")
	case boundExpr:
		return e.b, nil
	case SortOrder:
		return nil, unsupported("a sort order (asc/desc) can only be used in orderBy/sort")
	case nil:
		return nil, fmt.Errorf("missing expression")
	}
	return nil, fmt.Errorf("unknown expression %T", e)
}

func isNamed(b Bound) bool {
	switch b := unzoned(b).(type) {
	case *boundRef, *boundField, *boundAlias:
		return true
	case *boundCast:
		return isNamed(b.child)
	}
	return false
}

func starSQL(s Star) string {
	if s.Regex != "" {
		return "'" + s.Regex + "'"
	}
	if len(s.Target) == 0 {
		return "'*'"
	}
	return "'" + strings.Join(s.Target, ".") + ".*'"
}

// resolveAttribute binds a column reference. One taken from a DataFrame keeps the field's
// metadata as that DataFrame had it (Spark's resolved attribute), when the name finds the
// same column (name and type) in the scope.
func (r *resolver) resolveAttribute(ref ColumnRef) (Bound, error) {
	if ref.From == nil || ref.From.Output() == r.scope {
		return r.resolveRef(ref.Parts)
	}
	from := ref.From.Output()
	i, used, err := r.scope.resolveColumn(ref.Parts)
	if err != nil {
		ti, tused, ok := r.scope.resolveThrough(from, ref.Parts)
		if !ok {
			return nil, err
		}
		i, used = ti, tused
	}
	field := r.scope.Schema.Fields[i]
	if fi, fused, err := from.resolveColumn(ref.Parts); err == nil && fused == used {
		if ff := from.Schema.Fields[fi]; ff.Name == field.Name && sqltypes.EqualTypes(ff.Type, field.Type, true) {
			field.Metadata = ff.Metadata
		}
	}
	var b Bound = &boundRef{index: i, field: field}
	for _, name := range ref.Parts[used:] {
		if b, err = r.fieldOf(b, name); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (r *resolver) resolveRef(parts []string) (Bound, error) {
	i, used, err := r.scope.resolveColumn(parts)
	if err != nil {
		return nil, err
	}
	var b Bound = &boundRef{index: i, field: r.scope.Schema.Fields[i]}
	for _, name := range parts[used:] {
		if b, err = r.fieldOf(b, name); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// fieldOf is struct field access, child.name; on a map with string keys it is the value
// of key name (Spark's GetMapValue), named after the key.
func (r *resolver) fieldOf(child Bound, name string) (Bound, error) {
	if mt, ok := child.DataType().(sqltypes.MapType); ok {
		if _, ok := mt.Key.(sqltypes.StringType); ok {
			return &boundAlias{child: &boundMapValue{child: child, key: name, typ: mt.Value}, name: name}, nil
		}
	}
	if at, ok := child.DataType().(sqltypes.ArrayType); ok {
		// arr.field on an array of structs is the array of each element's field (Spark's
		// GetArrayStructFields), named by the field.
		if est, ok := at.Element.(*sqltypes.StructType); ok {
			for i, f := range est.Fields {
				if r.scope.eq(f.Name, name) {
					b := &boundArrayField{child: child, index: i, field: f,
						typ: sqltypes.ArrayType{Element: f.Type, ContainsNull: at.ContainsNull || f.Nullable}}
					return &boundAlias{child: b, name: f.Name}, nil
				}
			}
		}
	}
	st, ok := child.DataType().(*sqltypes.StructType)
	if !ok {
		return nil, analysisErr("INVALID_EXTRACT_BASE_FIELD_TYPE",
			"Can't extract a value from %s. Need a complex type [STRUCT, ARRAY, MAP] but got %s.",
			quoteSQL(child.SQL()), quoteSQL(child.DataType().SQL()))
	}
	idx := -1
	for i, f := range st.Fields {
		if r.scope.eq(f.Name, name) {
			idx = i
			break
		}
	}
	if idx < 0 {
		names := make([]string, len(st.Fields))
		for i, f := range st.Fields {
			names[i] = quoteIdent(f.Name)
		}
		return nil, analysisErr("FIELD_NOT_FOUND", "No such struct field %s in %s.",
			quoteIdent(name), strings.Join(names, ", "))
	}
	f := st.Fields[idx]
	return &boundField{child: child, index: idx, field: f, nullable: child.Nullable() || f.Nullable}, nil
}

func (r *resolver) expandStar(st Star) ([]Bound, error) {
	if st.Regex != "" {
		return r.expandRegex(st)
	}
	if len(st.Target) == 0 {
		out := make([]Bound, len(r.scope.Schema.Fields))
		for i, f := range r.scope.Schema.Fields {
			out[i] = &boundRef{index: i, field: f}
		}
		return out, nil
	}
	// "t.*" where t is a qualifier: every column with that qualifier.
	var out []Bound
	for i, f := range r.scope.Schema.Fields {
		q := r.scope.qualifier(i)
		if len(q) >= len(st.Target) {
			suffix := q[len(q)-len(st.Target):]
			match := true
			for j := range suffix {
				if !r.scope.eq(suffix[j], st.Target[j]) {
					match = false
				}
			}
			if match {
				out = append(out, &boundRef{index: i, field: f})
			}
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	// "event.*": the fields of a struct column.
	b, err := r.resolveRef(st.Target)
	if err != nil {
		var ae *AnalysisError
		if asAnalysis(err, &ae) && strings.HasPrefix(ae.Class, "UNRESOLVED_COLUMN") {
			// Spark 4.2 lists no input columns here.
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "CANNOT_RESOLVE_STAR_EXPAND",
				"targetString", quoteIdent(st.Target...), "columns", "")
		}
		return nil, err
	}
	stt, ok := b.DataType().(*sqltypes.StructType)
	if !ok {
		list := "List(" + strings.Join(st.Target, ", ") + ")"
		return nil, &AnalysisError{Class: "_LEGACY_ERROR_TEMP_1050",
			Message: "Can only star expand struct data types. Attribute: `" + list + "`.",
			Params:  []sparkerrors.Param{{Name: "attributes", Value: list}}}
	}
	for i, f := range stt.Fields {
		out = append(out, &boundField{child: b, index: i, field: f, nullable: b.Nullable() || f.Nullable})
	}
	return out, nil
}

func columnList(s *Scope) string {
	names := make([]string, len(s.Schema.Fields))
	for i, f := range s.Schema.Fields {
		names[i] = quoteIdent(f.Name)
	}
	return strings.Join(names, ", ")
}

func asAnalysis(err error, target **AnalysisError) bool {
	ae, ok := err.(*AnalysisError)
	if ok {
		*target = ae
	}
	return ok
}

// quoteSQL wraps an expression's SQL in double quotes, as Spark's toSQLExpr/toSQLType do.
func quoteSQL(s string) string { return `"` + s + `"` }

func (r *resolver) resolveBool(e Expr, what string) (Bound, error) {
	b, err := r.resolve(e)
	if err != nil {
		return nil, err
	}
	switch b.DataType().(type) {
	case sqltypes.BooleanType:
		return b, nil
	case sqltypes.NullType:
		return castTo(b, sqltypes.Boolean), nil
	}
	return nil, unexpectedInputType("(NOT "+b.SQL()+")", "first", b.SQL(), b.DataType(), `"BOOLEAN"`)
}

func (r *resolver) resolveBinary(e BinaryOp) (Bound, error) {
	l, err := r.resolve(e.Left)
	if err != nil {
		return nil, err
	}
	rt, err := r.resolve(e.Right)
	if err != nil {
		return nil, err
	}
	op := e.Op
	if op == "==" {
		op = "="
	}
	if op == "<>" {
		op = "!="
	}
	opSQL := "(" + l.SQL() + " " + strings.ToUpper(op) + " " + rt.SQL() + ")"
	switch strings.ToUpper(op) {
	case "AND", "OR":
		lb, rb := l, rt
		for _, side := range []*Bound{&lb, &rb} {
			switch (*side).DataType().(type) {
			case sqltypes.BooleanType:
			case sqltypes.NullType:
				*side = castTo(*side, sqltypes.Boolean)
			default:
				return nil, analysisErr("DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE",
					"Cannot resolve %s due to data type mismatch: the binary operator requires the input type \"BOOLEAN\", not %s.",
					quoteSQL(opSQL), quoteSQL((*side).DataType().SQL()))
			}
		}
		return &boundLogic{and: strings.EqualFold(op, "AND"), left: lb, right: rb}, nil
	case "+", "-", "*", "/", "%":
		if b, ok, err := r.resolveDateDays(op, l, rt); ok || err != nil {
			return b, err
		}
		if b, ok, err := resolveIntervalArith(op, l, rt); ok || err != nil {
			if err == nil && r.timeTypeOff() && (isTime(l.DataType()) || isTime(rt.DataType())) {
				return nil, errUnsupportedTimeType()
			}
			return b, err
		}
		// Next to a decimal, an integer literal counts as the narrowest decimal holding it
		// (Spark's DecimalPrecision with literalPickMinimumPrecision): m / 3 is DECIMAL(14,6)
		// for a DECIMAL(10,2) m, not DECIMAL(21,13).
		if isDecimal(rt.DataType()) {
			l = literalAsMinimalDecimal(l)
		}
		if isDecimal(l.DataType()) {
			rt = literalAsMinimalDecimal(rt)
		}
		operand, result, ok := arithmeticType(op, l.DataType(), rt.DataType())
		if !ok {
			return nil, binaryDiffTypes(opSQL, l, rt)
		}
		if operand != nil {
			l, rt = castTo(l, operand), castTo(rt, operand)
		} else {
			// Decimal arithmetic: integral operands become decimals, decimals keep their type.
			if !isDecimal(l.DataType()) {
				l = castTo(l, asDecimalType(l.DataType()))
			}
			if !isDecimal(rt.DataType()) {
				rt = castTo(rt, asDecimalType(rt.DataType()))
			}
		}
		return &boundArith{op: op, left: l, right: rt, typ: result}, nil
	case "=", "!=", "<", "<=", ">", ">=", "<=>":
		t, ok := comparisonType(l.DataType(), rt.DataType())
		if !ok || !orderable(t) {
			return nil, binaryDiffTypes(opSQL, l, rt)
		}
		// Comparing a TIME with another type casts that side to TIME: a cast Spark refuses
		// with spark.sql.timeType.enabled false.
		if r.timeTypeOff() && ContainsTime(t) && (!sqltypes.EqualTypes(l.DataType(), t, true) || !sqltypes.EqualTypes(rt.DataType(), t, true)) {
			return nil, errUnsupportedTimeType()
		}
		return &boundCompare{op: op, left: castTo(l, t), right: castTo(rt, t), typ: t}, nil
	}
	return nil, unsupported("kafkalab does not support the operator %s", e.Op)
}

// literalAsMinimalDecimal casts an integral literal to DECIMAL(digits, 0).
func literalAsMinimalDecimal(b Bound) Bound {
	lit, ok := b.(*boundLit)
	if !ok || lit.value == nil || !sqltypes.IsIntegral(lit.typ) {
		return b
	}
	digits := strings.TrimPrefix(strconv.FormatInt(toInt64(lit.value), 10), "-")
	return castTo(b, sqltypes.DecimalType{Precision: len(digits)})
}

func orderable(t sqltypes.DataType) bool {
	switch t := t.(type) {
	case sqltypes.MapType:
		return false
	case *sqltypes.StructType:
		for _, f := range t.Fields {
			if !orderable(f.Type) {
				return false
			}
		}
	case sqltypes.ArrayType:
		return orderable(t.Element)
	}
	return true
}

func binaryDiffTypes(opSQL string, l, r Bound) error {
	return analysisErr("DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES",
		"Cannot resolve %s due to data type mismatch: the left and right operands of the binary operator have incompatible types (%s and %s).",
		quoteSQL(opSQL), quoteSQL(l.DataType().SQL()), quoteSQL(r.DataType().SQL()))
}

func (r *resolver) resolveIn(e In) (Bound, error) {
	c, err := r.resolve(e.Child)
	if err != nil {
		return nil, err
	}
	list, err := r.resolveAll(e.List)
	if err != nil {
		return nil, err
	}
	t := c.DataType()
	for _, b := range list {
		nt, ok := comparisonType(t, b.DataType())
		if !ok {
			return nil, binaryDiffTypes(c.SQL()+" IN (...)", c, b)
		}
		t = nt
	}
	for i := range list {
		list[i] = castTo(list[i], t)
	}
	return &boundIn{child: castTo(c, t), list: list, typ: t}, nil
}

func (r *resolver) resolveCaseWhen(e CaseWhen) (Bound, error) {
	out := &boundCaseWhen{}
	var t sqltypes.DataType = sqltypes.Null
	for i := range e.Conds {
		c, err := r.resolve(e.Conds[i])
		if err != nil {
			return nil, err
		}
		v, err := r.resolve(e.Values[i])
		if err != nil {
			return nil, err
		}
		out.conds = append(out.conds, c)
		out.values = append(out.values, v)
	}
	if e.Else != nil {
		v, err := r.resolve(e.Else)
		if err != nil {
			return nil, err
		}
		out.elseV = v
	}
	all := append([]Bound(nil), out.values...)
	if out.elseV != nil {
		all = append(all, out.elseV)
	}
	// Spark's CaseWhen checks its values' types first, then its conditions.
	for _, v := range all {
		nt, ok := comparisonType(t, v.DataType())
		if !ok {
			types := make([]string, len(all))
			for i, a := range all {
				types[i] = quoteSQL(a.DataType().SQL())
			}
			return nil, mismatch("DATA_DIFF_TYPES", "functionName", "`casewhen`", "dataType", "["+strings.Join(types, ", ")+"]",
				"sqlExpr", quoteSQL(out.SQL()))
		}
		t = nt
	}
	for i, c := range out.conds {
		switch c.DataType().(type) {
		case sqltypes.BooleanType:
		case sqltypes.NullType:
			out.conds[i] = castTo(c, sqltypes.Boolean)
		default:
			return nil, unexpectedInputType(out.SQL(), ordinal(i+1), c.SQL(), c.DataType(), `"BOOLEAN"`)
		}
	}
	for i := range out.values {
		out.values[i] = castTo(out.values[i], t)
	}
	if out.elseV != nil {
		out.elseV = castTo(out.elseV, t)
	}
	out.typ = t
	return out, nil
}

func (r *resolver) resolveFromJSON(e FromJSON) (Bound, error) {
	c, err := r.resolve(e.Child)
	if err != nil {
		return nil, err
	}
	if !isString(c.DataType()) {
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The first parameter requires the \"STRING\" type, however %s has the type %s.",
			quoteSQL("from_json("+c.SQL()+")"), quoteSQL(c.SQL()), quoteSQL(c.DataType().SQL()))
	}
	schema, ok := e.Schema.(*sqltypes.StructType)
	var root sqltypes.DataType
	if !ok {
		switch e.Schema.(type) {
		case sqltypes.ArrayType, sqltypes.MapType:
			// Spark reads an ARRAY or MAP root as the field "value" of a struct.
			root = e.Schema
			schema = &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: e.Schema, Nullable: true}}}
		default:
			return nil, unsupported("kafkalab's from_json supports a STRUCT, ARRAY or MAP schema only (got %s): give the fields as a DDL string like \"order_id INT, status STRING\"", e.Schema.SQL())
		}
	}
	b := &boundFromJSON{child: c, schema: schema.AsNullable(), root: root}
	for k, v := range e.Options {
		switch strings.ToLower(k) {
		case "mode":
			if !strings.EqualFold(v, "PERMISSIVE") {
				return nil, unsupported("kafkalab's from_json supports mode PERMISSIVE only, not %s", v)
			}
		case "timestampformat":
			dp, pe := compileDatetimePattern(v, true)
			if pe != nil {
				return nil, pe.err("from_json")
			}
			b.timestampFormat = dp
		case "allowunquotedfieldnames":
			b.unquotedNames = strings.EqualFold(strings.TrimSpace(v), "true")
		default:
			return nil, unsupported("kafkalab's from_json does not support the option %s yet", k)
		}
	}
	// CAST(value AS STRING) of Kafka's binary value: parse the bytes directly, sparing a copy.
	if cast, ok := c.(*boundCast); ok {
		if _, bin := cast.child.DataType().(sqltypes.BinaryType); bin {
			b.bytes = cast.child
		}
	}
	return b, nil
}

// boundFromJSON is from_json(child, schema) in PERMISSIVE mode.
type boundFromJSON struct {
	child  Bound
	bytes  Bound // when set, a BINARY expression whose bytes are the JSON text
	schema *sqltypes.StructType
	// root, when set, is the ARRAY or MAP type asked for; schema is then a struct of one
	// field "value" of that type.
	root sqltypes.DataType

	// timestampFormat, when set, is the timestampFormat option: timestamps are read with it.
	timestampFormat *dtPattern
	// unquotedNames is the allowUnquotedFieldNames option.
	unquotedNames bool

	// reader is the parser for the last time zone seen; queries sharing this plan may
	// evaluate it concurrently, hence the atomic pointer.
	reader atomic.Pointer[zonedReader]
}

type zonedReader struct {
	loc *time.Location
	r   *sqltypes.JSONReader
}

func (b *boundFromJSON) DataType() sqltypes.DataType {
	if b.root != nil {
		return b.schema.Fields[0].Type
	}
	return b.schema
}
func (b *boundFromJSON) Nullable() bool { return true }

// SQL is from_json(child); Spark names a MAP result "entries".
func (b *boundFromJSON) SQL() string {
	if _, isMap := b.root.(sqltypes.MapType); isMap {
		return "entries"
	}
	return "from_json(" + b.child.SQL() + ")"
}

// jsonReader is the parser for c's time zone.
func (b *boundFromJSON) jsonReader(c *EvalContext) *sqltypes.JSONReader {
	zr := b.reader.Load()
	if zr == nil || zr.loc != c.Location {
		zr = &zonedReader{loc: c.Location, r: sqltypes.NewJSONReader(b.schema, c.Location)}
		if dp := b.timestampFormat; dp != nil {
			zr.r.WithTimestampParser(dp.parseTimestamp)
		}
		if b.unquotedNames {
			zr.r.WithUnquotedFieldNames()
		}
		b.reader.Store(zr)
	}
	return zr.r
}

func (b *boundFromJSON) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	r := b.jsonReader(c)
	if b.root != nil {
		return b.evalRoot(c, r, row)
	}
	var out sqltypes.Row
	if b.bytes != nil {
		v, err := b.bytes.Eval(c, row)
		if err != nil || v == nil {
			return nil, err
		}
		out = r.Parse(v.([]byte))
	} else {
		v, err := b.child.Eval(c, row)
		if err != nil || v == nil {
			return nil, err
		}
		out = r.ParseString(v.(string))
	}
	if out == nil {
		return nil, nil
	}
	return out, nil
}

// evalRoot reads an ARRAY or MAP document: a value that does not fit the type is NULL as a
// whole, as in Spark.
func (b *boundFromJSON) evalRoot(c *EvalContext, r *sqltypes.JSONReader, row sqltypes.Row) (any, error) {
	var text string
	if b.bytes != nil {
		v, err := b.bytes.Eval(c, row)
		if err != nil || v == nil {
			return nil, err
		}
		text = string(v.([]byte))
	} else {
		v, err := b.child.Eval(c, row)
		if err != nil || v == nil {
			return nil, err
		}
		text = v.(string)
	}
	out, bad := r.ParseStatus(`{"value":` + text + "\n}")
	if bad || out == nil {
		return nil, nil
	}
	return out[0], nil
}

// LiteralOf makes a typed literal from a Go value (lit(v)): int -> INT when it fits, else
// BIGINT; float64 -> DOUBLE; string; bool; nil -> NULL; Decimal -> DECIMAL(p,s) of its digits.
func LiteralOf(v any) (Expr, error) {
	switch x := v.(type) {
	case nil:
		return Literal{Value: nil, Type: sqltypes.Null}, nil
	case int:
		if int64(int32(x)) == int64(x) {
			return Literal{Value: int32(x), Type: sqltypes.Integer}, nil
		}
		return Literal{Value: int64(x), Type: sqltypes.Long}, nil
	case int32:
		return Literal{Value: x, Type: sqltypes.Integer}, nil
	case int64:
		if int64(int32(x)) == x {
			return Literal{Value: int32(x), Type: sqltypes.Integer}, nil
		}
		return Literal{Value: x, Type: sqltypes.Long}, nil
	case int8:
		return Literal{Value: x, Type: sqltypes.Byte}, nil
	case int16:
		return Literal{Value: x, Type: sqltypes.Short}, nil
	case float64:
		return Literal{Value: x, Type: sqltypes.Double}, nil
	case float32:
		return Literal{Value: x, Type: sqltypes.Float}, nil
	case string:
		return Literal{Value: x, Type: sqltypes.String}, nil
	case bool:
		return Literal{Value: x, Type: sqltypes.Boolean}, nil
	case []byte:
		return Literal{Value: x, Type: sqltypes.Binary}, nil
	case sqltypes.Decimal:
		return Literal{Value: x, Type: decimalTypeOf(x)}, nil
	case sqltypes.Timestamp:
		return Literal{Value: x, Type: sqltypes.TimestampT}, nil
	case sqltypes.Date:
		return Literal{Value: x, Type: sqltypes.DateT}, nil
	case sqltypes.Time:
		return Literal{Value: x, Type: sqltypes.TimeT}, nil
	}
	return nil, fmt.Errorf("[UNSUPPORTED_FEATURE.LITERAL_TYPE] The feature is not supported: Literal for '%v' of %T.", v, v)
}

// withOrigin ends an unresolved-column error with the place of the name in the SQL text it
// was parsed from (" line 1 pos 5"), as Spark's AnalysisException text does.
func withOrigin(err error, ref ColumnRef) error {
	var se *sparkerrors.Error
	if ref.Line == 0 || !errors.As(err, &se) || se.Tail != "" || !strings.HasPrefix(se.Class, "UNRESOLVED_COLUMN") {
		return err
	}
	se.Tail = fmt.Sprintf(" line %d pos %d;", ref.Line, ref.Pos)
	return err
}
