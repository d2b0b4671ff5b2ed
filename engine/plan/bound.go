package plan

import (
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// EvalContext carries what evaluation needs beyond the row: the session time zone, ANSI mode
// and the query's current timestamp (fixed per batch, as Spark's current_timestamp()).
type EvalContext struct {
	// TimeZone is spark.sql.session.timeZone ("UTC"); Location is the same zone loaded.
	TimeZone string
	Location *time.Location
	// Ansi is spark.sql.ansi.enabled (true by default in Spark 4): overflow, division by zero
	// and invalid casts raise errors instead of giving NULL.
	Ansi bool
	// MapKeyLastWin is spark.sql.mapKeyDedupPolicy=LAST_WIN: a map built with a repeated key
	// keeps the last value instead of failing with DUPLICATED_MAP_KEY.
	MapKeyLastWin bool
	// Now is current_timestamp() for this query or batch.
	Now sqltypes.Timestamp
	// Background is set when a streaming query's goroutine evaluates, not the caller of
	// an action: user functions must then wait for their interpreter.
	Background bool
	// PartitionIndex is the task (Spark's partition) whose rows are evaluated: rand(seed)
	// seeds with seed + it, spark_partition_id() returns it.
	PartitionIndex int
	// rowInTask counts the rows monotonically_increasing_id() numbered in this task.
	rowInTask int64
	// execution is the context ForTask was called on: the execution the task belongs to.
	execution *EvalContext
}

// ForTask is the context for evaluating task i's rows: the same settings, its own index
// and counters (a task's generators start afresh, as Spark's do per partition).
func (c *EvalContext) ForTask(i int) *EvalContext {
	if c == nil {
		return nil
	}
	t := *c
	t.PartitionIndex, t.rowInTask = i, 0
	if t.execution == nil {
		t.execution = c
	}
	return &t
}

// NewEvalContext returns a context for the named zone ("" means UTC).
func NewEvalContext(timeZone string, ansi bool, now time.Time) (*EvalContext, error) {
	if timeZone == "" {
		timeZone = "UTC"
	}
	loc, err := LoadZone(timeZone)
	if err != nil {
		return nil, err
	}
	return &EvalContext{TimeZone: timeZone, Location: loc, Ansi: ansi, Now: sqltypes.Timestamp(now.UnixMicro())}, nil
}

// LoadZone loads a session time zone as Spark accepts them: region ids ("Europe/Paris"),
// "UTC"/"Z", and fixed offsets ("+02:00", "-08:00").
func LoadZone(id string) (*time.Location, error) {
	if loc, ok := sqltypes.ParseZoneID(id); ok {
		return loc, nil
	}
	return nil, fmt.Errorf("spark.sql.session.timeZone %q is not a time zone: use a region like \"Europe/Paris\" or an offset like \"+02:00\"", id)
}

// Bound is an expression resolved against an input schema: typed and ready to evaluate over
// rows of that schema.
type Bound interface {
	DataType() sqltypes.DataType
	Nullable() bool
	// SQL is Spark's pretty SQL for the expression, used to name unaliased columns:
	// "CAST(value AS STRING)", "(amount + 1)", "count(1)".
	SQL() string
	Eval(c *EvalContext, row sqltypes.Row) (any, error)
}

// OutputName is the column name Spark gives a select-list expression: the alias, the
// column or field name, or the pretty SQL.
func OutputName(b Bound) string {
	switch b := unzoned(b).(type) {
	case *boundAlias:
		return b.name
	case *boundVar:
		return b.name
	case *boundRef:
		return b.field.Name
	case *boundField:
		if b.extracted {
			return b.SQL()
		}
		return b.field.Name
	case *boundCast:
		// Spark's ResolveAliases: a cast of a named column keeps the column's name, whether
		// written col("value").cast("string") or CAST(value AS STRING).
		// A nested field (s.a) inside the cast is not an attribute: CAST(s.a AS INT).
		switch unzoned(b.child).(type) {
		case *boundRef, *boundAlias:
			return OutputName(b.child)
		}
	case *boundTryCast:
		// Spark 4's try_cast is the same Cast expression (in TRY mode): the same naming rule.
		if c, ok := unzoned(b.cast).(*boundCast); ok {
			switch unzoned(c.child).(type) {
			case *boundRef, *boundAlias:
				return OutputName(c.child)
			}
		}
	}
	return b.SQL()
}

// ColumnIndex is the input column a resolved expression reads as it is (a bare column
// reference, Spark's Attribute), and false for anything else, a nested field included.
func ColumnIndex(b Bound) (int, bool) {
	if r, ok := unzoned(b).(*boundRef); ok {
		return r.index, true
	}
	return 0, false
}

// OutputField is the schema field a select-list expression produces.
func OutputField(b Bound) sqltypes.StructField {
	f := sqltypes.StructField{Name: OutputName(b), Type: b.DataType(), Nullable: b.Nullable()}
	switch b := b.(type) {
	case *boundAlias:
		if b.meta != nil {
			f.Metadata = b.meta
		} else {
			f.Metadata = fieldMetadata(b.child)
		}
	default:
		f.Metadata = fieldMetadata(b)
	}
	return f
}

// fieldMetadata: a plain column reference keeps its metadata (e.g. the watermark marker),
// and so does an expression that carries metadata (window_time), zone wrapper or not.
func fieldMetadata(b Bound) map[string]any {
	b = unzoned(b)
	if r, ok := b.(*boundRef); ok {
		return r.field.Metadata
	}
	// An alias of an alias keeps the inner one's metadata, as Spark's Column.as does for a
	// named expression (withColumn and withMetadata re-alias their column).
	if a, ok := b.(*boundAlias); ok {
		if a.meta != nil {
			return a.meta
		}
		return fieldMetadata(a.child)
	}
	// A grouping key in an aggregate's output keeps its column's metadata, as Spark's
	// Aggregate outputs the grouping attribute itself (DESCRIBE QUERY SELECT age, sum(age)
	// ... GROUP BY age shows age's comment).
	if g, ok := b.(*groupRef); ok {
		return fieldMetadata(g.Bound)
	}
	if m, ok := b.(MetadataCarrier); ok {
		return m.Metadata()
	}
	return nil
}

// MetadataCarrier is a Bound defined outside this package (such as the stateful engine's
// window()) whose output column carries field metadata, as Spark's window column keeps the
// event-time column's watermark marker.
type MetadataCarrier interface {
	Bound
	Metadata() map[string]any
}

// ---- leaves ----

type boundRef struct {
	index int
	field sqltypes.StructField
}

func (b *boundRef) DataType() sqltypes.DataType { return b.field.Type }
func (b *boundRef) Nullable() bool              { return b.field.Nullable }
func (b *boundRef) SQL() string                 { return b.field.Name }
func (b *boundRef) Eval(_ *EvalContext, row sqltypes.Row) (any, error) {
	return row[b.index], nil
}

// BoundColumn returns a reference to input column i of schema s (for operators that need
// plain column access, such as a sort by position).
func BoundColumn(s *sqltypes.StructType, i int) Bound {
	return &boundRef{index: i, field: s.Fields[i]}
}

type boundField struct {
	child    Bound
	index    int
	field    sqltypes.StructField
	nullable bool
	// extracted fields come from col["name"] / col.getField / col.name (Spark's ExtractValue,
	// not a resolved attribute): their column is named by the expression, "s.a", not "a".
	extracted bool
}

func (b *boundField) DataType() sqltypes.DataType { return b.field.Type }
func (b *boundField) Nullable() bool              { return b.nullable }
func (b *boundField) SQL() string                 { return b.child.SQL() + "." + b.field.Name }
func (b *boundField) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	return v.(sqltypes.Row)[b.index], nil
}

// boundMapValue is map.key on a map with string keys: the key's value, NULL when the map
// has no such key.
type boundMapValue struct {
	child Bound
	key   string
	typ   sqltypes.DataType
}

func (b *boundMapValue) DataType() sqltypes.DataType { return b.typ }
func (b *boundMapValue) Nullable() bool              { return true }
func (b *boundMapValue) SQL() string                 { return b.child.SQL() + "[" + b.key + "]" }
func (b *boundMapValue) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	m := v.(*sqltypes.MapValue)
	for i, k := range m.Keys {
		if k == b.key {
			return m.Values[i], nil
		}
	}
	return nil, nil
}

type boundLit struct {
	value any
	typ   sqltypes.DataType
	// loc is the session zone at analysis: a TIMESTAMP literal's SQL text shows its
	// instant in it, as Spark's Literal.sql does.
	loc *time.Location
}

func (b *boundLit) DataType() sqltypes.DataType { return b.typ }
func (b *boundLit) Nullable() bool              { return b.value == nil }
func (b *boundLit) SQL() string {
	switch t := b.typ.(type) {
	case sqltypes.DayTimeIntervalType, sqltypes.YearMonthIntervalType:
		if b.value != nil {
			return sqltypes.FormatValue(b.value, t, nil)
		}
	// Spark writes typed literals for dates and timestamps, so a filter on a date column is
	// named ((d >= DATE '2023-01-01') AND ...), not with the stored day number.
	case sqltypes.DateType:
		if b.value != nil {
			return "DATE '" + sqltypes.FormatValue(b.value, t, nil) + "'"
		}
	case sqltypes.TimestampType:
		if b.value != nil {
			return "TIMESTAMP '" + sqltypes.FormatValue(b.value, t, b.loc) + "'"
		}
	case sqltypes.TimestampNTZType:
		if b.value != nil {
			return "TIMESTAMP_NTZ '" + sqltypes.FormatValue(b.value, t, nil) + "'"
		}
	case sqltypes.TimeType:
		if x, ok := b.value.(sqltypes.Time); ok {
			// Spark names a TIME literal with every digit of its microseconds when it has a
			// fraction: lit(time(1, 2, 3, 4)) is TIME '01:02:03.000004'.
			return "TIME '" + sqltypes.FormatTime(x) + "'"
		}
	}
	return literalSQL(b.value)
}
func (b *boundLit) Eval(*EvalContext, sqltypes.Row) (any, error) {
	return b.value, nil
}

func literalSQL(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case string:
		return v
	case sqltypes.Decimal:
		return formatDecimal(v)
	case float64:
		return formatDouble(v)
	case float32:
		return formatDouble(float64(v))
	case []byte:
		return fmt.Sprintf("X'%X'", v)
	default:
		return fmt.Sprint(v)
	}
}

// ---- alias and cast ----

type boundAlias struct {
	child Bound
	name  string
	meta  map[string]any
}

func (b *boundAlias) DataType() sqltypes.DataType { return b.child.DataType() }
func (b *boundAlias) Nullable() bool              { return b.child.Nullable() }
func (b *boundAlias) SQL() string                 { return b.child.SQL() + " AS " + b.name }
func (b *boundAlias) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	return b.child.Eval(c, row)
}

type boundCast struct {
	child Bound
	to    sqltypes.DataType
	// implicit casts come from type coercion: Spark names columns before coercion, so they
	// do not show in SQL().
	implicit bool
}

func (b *boundCast) DataType() sqltypes.DataType { return b.to }
func (b *boundCast) Nullable() bool {
	// Casts that can fail (string to number, ...) give NULL in non-ANSI mode; keep it simple
	// and call every cast nullable unless the child is not and the types are the same family.
	return b.child.Nullable() || !safeCast(b.child.DataType(), b.to)
}
func (b *boundCast) SQL() string {
	if b.implicit {
		return b.child.SQL()
	}
	return "CAST(" + b.child.SQL() + " AS " + b.to.SQL() + ")"
}
func (b *boundCast) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	return castValue(c, v, b.child.DataType(), b.to)
}

// safeCast: casts that never fail and never produce NULL from a non-NULL input.
func safeCast(from, to sqltypes.DataType) bool {
	if sqltypes.EqualTypes(from, to, true) {
		return true
	}
	if isString(to) {
		return true
	}
	if sqltypes.IsIntegral(from) && sqltypes.IsIntegral(to) {
		return integralRank(to) >= integralRank(from)
	}
	if sqltypes.IsIntegral(from) && isFractional(to) {
		return true
	}
	return false
}

// castTo wraps b in a cast unless it already has type t.
func castTo(b Bound, t sqltypes.DataType) Bound {
	if sqltypes.EqualTypes(b.DataType(), t, true) {
		return b
	}
	if l, ok := b.(*boundLit); ok && l.value == nil {
		return &boundLit{typ: t}
	}
	return &boundCast{child: b, to: t, implicit: true}
}

// ---- arithmetic ----

type boundArith struct {
	op          string
	left, right Bound
	typ         sqltypes.DataType
}

func (b *boundArith) DataType() sqltypes.DataType { return b.typ }
func (b *boundArith) Nullable() bool {
	// Division and remainder by zero give NULL outside ANSI mode.
	return b.left.Nullable() || b.right.Nullable() || b.op == "/" || b.op == "%"
}
func (b *boundArith) SQL() string {
	return "(" + b.left.SQL() + " " + b.op + " " + b.right.SQL() + ")"
}
func (b *boundArith) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	l, err := b.left.Eval(c, row)
	if err != nil || l == nil {
		return nil, err
	}
	r, err := b.right.Eval(c, row)
	if err != nil || r == nil {
		return nil, err
	}
	return arith(c, b.op, l, r, b.typ)
}

type boundNegate struct{ child Bound }

func (b *boundNegate) DataType() sqltypes.DataType { return b.child.DataType() }
func (b *boundNegate) Nullable() bool              { return b.child.Nullable() }
func (b *boundNegate) SQL() string                 { return "(- " + b.child.SQL() + ")" }
func (b *boundNegate) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	zero, err := castValue(c, int32(0), sqltypes.Integer, b.child.DataType())
	if err != nil {
		return nil, err
	}
	return arith(c, "-", zero, v, b.child.DataType())
}

// ---- comparisons and logic ----

type boundCompare struct {
	op          string
	left, right Bound // both already cast to the comparison type
	typ         sqltypes.DataType
}

func (b *boundCompare) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundCompare) Nullable() bool {
	return b.op != "<=>" && (b.left.Nullable() || b.right.Nullable())
}
func (b *boundCompare) SQL() string {
	return "(" + b.left.SQL() + " " + b.op + " " + b.right.SQL() + ")"
}
func (b *boundCompare) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	l, err := b.left.Eval(c, row)
	if err != nil {
		return nil, err
	}
	r, err := b.right.Eval(c, row)
	if err != nil {
		return nil, err
	}
	if b.op == "<=>" {
		if l == nil || r == nil {
			return l == nil && r == nil, nil
		}
		return compareValues(l, r, b.typ) == 0, nil
	}
	if l == nil || r == nil {
		return nil, nil
	}
	n := compareValues(l, r, b.typ)
	switch b.op {
	case "=":
		return n == 0, nil
	case "!=":
		return n != 0, nil
	case "<":
		return n < 0, nil
	case "<=":
		return n <= 0, nil
	case ">":
		return n > 0, nil
	default: // ">="
		return n >= 0, nil
	}
}

type boundLogic struct {
	and         bool
	left, right Bound
}

func (b *boundLogic) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundLogic) Nullable() bool              { return b.left.Nullable() || b.right.Nullable() }
func (b *boundLogic) SQL() string {
	op := " OR "
	if b.and {
		op = " AND "
	}
	return "(" + b.left.SQL() + op + b.right.SQL() + ")"
}

// Eval follows SQL's three-valued logic: FALSE AND NULL is FALSE, TRUE OR NULL is TRUE.
func (b *boundLogic) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	l, err := b.left.Eval(c, row)
	if err != nil {
		return nil, err
	}
	if l != nil && l.(bool) != b.and {
		return l, nil // short-circuit: FALSE for AND, TRUE for OR
	}
	r, err := b.right.Eval(c, row)
	if err != nil {
		return nil, err
	}
	if r != nil && r.(bool) != b.and {
		return r, nil
	}
	if l == nil || r == nil {
		return nil, nil
	}
	return b.and, nil
}

type boundNot struct{ child Bound }

func (b *boundNot) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundNot) Nullable() bool              { return b.child.Nullable() }
func (b *boundNot) SQL() string                 { return "(NOT " + b.child.SQL() + ")" }
func (b *boundNot) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	return !v.(bool), nil
}

type boundIsNull struct {
	child Bound
	not   bool
}

func (b *boundIsNull) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundIsNull) Nullable() bool              { return false }
func (b *boundIsNull) SQL() string {
	if b.not {
		return "(" + b.child.SQL() + " IS NOT NULL)"
	}
	return "(" + b.child.SQL() + " IS NULL)"
}
func (b *boundIsNull) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil {
		return nil, err
	}
	return (v == nil) != b.not, nil
}

type boundIn struct {
	child Bound
	list  []Bound
	typ   sqltypes.DataType
}

func (b *boundIn) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundIn) Nullable() bool              { return true }
func (b *boundIn) SQL() string {
	parts := make([]string, len(b.list))
	for i, e := range b.list {
		parts[i] = e.SQL()
	}
	return "(" + b.child.SQL() + " IN (" + strings.Join(parts, ", ") + "))"
}
func (b *boundIn) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	sawNull := false
	for _, e := range b.list {
		w, err := e.Eval(c, row)
		if err != nil {
			return nil, err
		}
		if w == nil {
			sawNull = true
			continue
		}
		if compareValues(v, w, b.typ) == 0 {
			return true, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return false, nil
}

type boundCaseWhen struct {
	conds, values []Bound
	elseV         Bound
	typ           sqltypes.DataType
	// ifForm prints if(c, a, b) as Spark's If does.
	ifForm bool
}

func (b *boundCaseWhen) DataType() sqltypes.DataType { return b.typ }
func (b *boundCaseWhen) Nullable() bool {
	if b.elseV == nil || b.elseV.Nullable() {
		return true
	}
	for _, v := range b.values {
		if v.Nullable() {
			return true
		}
	}
	return false
}
func (b *boundCaseWhen) SQL() string {
	if b.ifForm {
		return "(IF(" + b.conds[0].SQL() + ", " + b.values[0].SQL() + ", " + b.elseV.SQL() + "))"
	}
	var s strings.Builder
	s.WriteString("CASE")
	for i := range b.conds {
		s.WriteString(" WHEN " + b.conds[i].SQL() + " THEN " + b.values[i].SQL())
	}
	if b.elseV != nil {
		s.WriteString(" ELSE " + b.elseV.SQL())
	}
	s.WriteString(" END")
	return s.String()
}
func (b *boundCaseWhen) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	for i, cond := range b.conds {
		v, err := cond.Eval(c, row)
		if err != nil {
			return nil, err
		}
		if v == true {
			return b.values[i].Eval(c, row)
		}
	}
	if b.elseV == nil {
		return nil, nil
	}
	return b.elseV.Eval(c, row)
}

// ---- functions ----

// boundFunc is a scalar function: a name, bound arguments, a result type and a Go body.
// Bodies of one, two or three arguments (fn1, fn2, fn3) are called without building an
// argument slice, so evaluating them allocates nothing of its own.
type boundFunc struct {
	name     string
	args     []Bound
	typ      sqltypes.DataType
	nullable bool
	// sqlArgs overrides the argument list in SQL() (struct(*) prints its expanded fields).
	sqlArgs []string
	// sql, when set, is the whole printed form (infix operators such as "~i").
	sql string
	fn  func(c *EvalContext, args []any) (any, error)
	fn1 func(c *EvalContext, a any) (any, error)
	fn2 func(c *EvalContext, a, b any) (any, error)
	fn3 func(c *EvalContext, a, b, d any) (any, error)
	// nullIntolerant functions return NULL when any argument is NULL, without calling fn.
	nullIntolerant bool
	// volatile functions (rand, uuid, current_*) are not folded into constants.
	volatile bool
}

func (b *boundFunc) DataType() sqltypes.DataType { return b.typ }
func (b *boundFunc) Nullable() bool              { return b.nullable }
func (b *boundFunc) SQL() string {
	if b.sql != "" {
		return b.sql
	}
	parts := b.sqlArgs
	if parts == nil {
		parts = make([]string, len(b.args))
		for i, a := range b.args {
			parts[i] = a.SQL()
		}
	}
	return b.name + "(" + strings.Join(parts, ", ") + ")"
}
func (b *boundFunc) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	switch {
	case b.fn1 != nil:
		a, err := b.args[0].Eval(c, row)
		if err != nil || (a == nil && b.nullIntolerant) {
			return nil, err
		}
		return b.fn1(c, a)
	case b.fn2 != nil:
		a, err := b.args[0].Eval(c, row)
		if err != nil || (a == nil && b.nullIntolerant) {
			return nil, err
		}
		v, err := b.args[1].Eval(c, row)
		if err != nil || (v == nil && b.nullIntolerant) {
			return nil, err
		}
		return b.fn2(c, a, v)
	case b.fn3 != nil:
		a, err := b.args[0].Eval(c, row)
		if err != nil || (a == nil && b.nullIntolerant) {
			return nil, err
		}
		v, err := b.args[1].Eval(c, row)
		if err != nil || (v == nil && b.nullIntolerant) {
			return nil, err
		}
		w, err := b.args[2].Eval(c, row)
		if err != nil || (w == nil && b.nullIntolerant) {
			return nil, err
		}
		return b.fn3(c, a, v, w)
	}
	vals := make([]any, len(b.args))
	for i, a := range b.args {
		v, err := a.Eval(c, row)
		if err != nil {
			return nil, err
		}
		if v == nil && b.nullIntolerant {
			return nil, nil
		}
		vals[i] = v
	}
	return b.fn(c, vals)
}

// boundArrayField is arr.field on an array of structs: each element's field, NULL for a
// NULL element.
type boundArrayField struct {
	child Bound
	index int
	field sqltypes.StructField
	typ   sqltypes.ArrayType
}

func (b *boundArrayField) DataType() sqltypes.DataType { return b.typ }
func (b *boundArrayField) Nullable() bool              { return b.child.Nullable() }
func (b *boundArrayField) SQL() string                 { return b.child.SQL() + "." + b.field.Name }
func (b *boundArrayField) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	elems := v.([]any)
	out := make([]any, len(elems))
	for i, e := range elems {
		if e != nil {
			out[i] = e.(sqltypes.Row)[b.index]
		}
	}
	return out, nil
}

// boundTryCast is TRY_CAST: the cast evaluated outside ANSI mode, so a value that does not
// convert is NULL instead of an error.
type boundTryCast struct{ cast Bound }

func (b *boundTryCast) DataType() sqltypes.DataType { return b.cast.DataType() }
func (b *boundTryCast) Nullable() bool              { return true }
func (b *boundTryCast) SQL() string                 { return "TRY_" + b.cast.SQL() }
func (b *boundTryCast) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	if !c.Ansi {
		return b.cast.Eval(c, row)
	}
	lenient := *c
	lenient.Ansi = false
	return b.cast.Eval(&lenient, row)
}
