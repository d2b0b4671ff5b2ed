package plan

import (
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The machinery the function families (fn_*.go) share: the registry, Spark's implicit casts
// of function arguments (ANSI mode), pretty names and fixed-arity function bodies that
// evaluate without allocating an argument slice per row.

type binder func(r *resolver, c Call) (Bound, error)

// scalarFunctions maps Spark's function names (lower case) to their binders.
var scalarFunctions = map[string]binder{}

// register adds a binder under one or more names.
func register(b binder, names ...string) {
	for _, n := range names {
		scalarFunctions[n] = b
	}
}

// registerZoned adds a binder of time-zone-aware expressions (see boundZoned).
func registerZoned(b binder, names ...string) { register(zonedBinder(b), names...) }

// displayNames are the names Spark prints for functions whose pretty name is not the name
// they were called by: the math functions print in capitals (SQRT(d)), aliases print their
// canonical name (dateadd prints date_add).
var displayNames = map[string]string{}

func displayName(name string) string {
	if d, ok := displayNames[name]; ok {
		return d
	}
	return name
}

// inType is what a function argument accepts; a value of another type is cast implicitly
// when Spark's ANSI coercion allows it (AnsiTypeCoercion.implicitCast), else it is a
// DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE error.
type inType int

const (
	inAny            inType = iota
	inString                // STRING; numbers, dates, timestamps, booleans and binary cast to it
	inNumeric               // any numeric type as it is; a string becomes DOUBLE
	inDouble                // DOUBLE; numbers and strings cast to it
	inIntegral              // any integral type as it is; a string becomes BIGINT
	inInt                   // INT; narrower integrals and strings cast to it
	inLong                  // BIGINT; narrower integrals and strings cast to it
	inBoolean               // BOOLEAN; a string casts to it
	inDate                  // DATE; strings and timestamps cast to it
	inTimestamp             // TIMESTAMP; strings and dates cast to it
	inBinary                // BINARY; a string casts to it
	inStringOrBinary        // STRING or BINARY as it is; other atomics cast to STRING
	inArray                 // any ARRAY
	inMap                   // any MAP
	inStruct                // any STRUCT
	inDecimal               // DECIMAL; integrals cast to their decimal type
)

func (t inType) String() string {
	return [...]string{"ANY", `"STRING"`, `"NUMERIC"`, `"DOUBLE"`, `"INTEGRAL"`, `"INT"`, `"BIGINT"`, `"BOOLEAN"`,
		`"DATE"`, `"TIMESTAMP"`, `"BINARY"`, `("STRING" or "BINARY")`, `"ARRAY"`, `"MAP"`, `"STRUCT"`, `"DECIMAL"`}[t]
}

func isBinary(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.BinaryType)
	return ok
}

func isDate(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.DateType)
	return ok
}

func isTimestamp(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.TimestampType)
	return ok
}

func isTimestampNTZ(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.TimestampNTZType)
	return ok
}

func isBoolean(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.BooleanType)
	return ok
}

func isComplex(t sqltypes.DataType) bool {
	switch t.(type) {
	case *sqltypes.StructType, sqltypes.ArrayType, sqltypes.MapType:
		return true
	}
	return false
}

// coerceTo casts b for an argument expecting want; ok is false when Spark refuses the type.
func coerceTo(b Bound, want inType) (Bound, bool) {
	t := b.DataType()
	if isNull(t) {
		switch want {
		case inAny, inArray, inMap, inStruct:
			return b, true
		case inNumeric:
			return castTo(b, sqltypes.Double), true
		case inIntegral:
			return castTo(b, sqltypes.Long), true
		case inStringOrBinary:
			return castTo(b, sqltypes.String), true
		case inDecimal:
			return castTo(b, sqltypes.DecimalType{Precision: 10}), true
		}
		return castTo(b, wantType(want)), true
	}
	switch want {
	case inAny:
		return b, true
	case inString:
		if isString(t) {
			return b, true
		}
		if !isComplex(t) {
			return castTo(b, sqltypes.String), true
		}
	case inStringOrBinary:
		if isString(t) || isBinary(t) {
			return b, true
		}
		if !isComplex(t) {
			return castTo(b, sqltypes.String), true
		}
	case inNumeric:
		if isNumeric(t) {
			return b, true
		}
		if isString(t) {
			return castTo(b, sqltypes.Double), true
		}
	case inDouble:
		if isNumeric(t) || isString(t) {
			return castTo(b, sqltypes.Double), true
		}
	case inIntegral:
		if sqltypes.IsIntegral(t) {
			return b, true
		}
		if isString(t) {
			return castTo(b, sqltypes.Long), true
		}
	case inInt:
		// Spark's implicit cast takes any integral type (BIGINT too) to an INT argument.
		if sqltypes.IsIntegral(t) || isString(t) {
			return castTo(b, sqltypes.Integer), true
		}
	case inLong:
		if sqltypes.IsIntegral(t) || isString(t) {
			return castTo(b, sqltypes.Long), true
		}
	case inBoolean:
		if isBoolean(t) {
			return b, true
		}
		if isString(t) {
			return castTo(b, sqltypes.Boolean), true
		}
	case inDate:
		if isDate(t) {
			return b, true
		}
		if isString(t) || isTimestamp(t) || isTimestampNTZ(t) {
			return castTo(b, sqltypes.DateT), true
		}
	case inTimestamp:
		if isTimestamp(t) {
			return b, true
		}
		if isString(t) || isDate(t) || isTimestampNTZ(t) {
			return castTo(b, sqltypes.TimestampT), true
		}
	case inBinary:
		if isBinary(t) {
			return b, true
		}
		if isString(t) {
			return castTo(b, sqltypes.Binary), true
		}
	case inArray:
		_, ok := t.(sqltypes.ArrayType)
		return b, ok
	case inMap:
		_, ok := t.(sqltypes.MapType)
		return b, ok
	case inStruct:
		_, ok := t.(*sqltypes.StructType)
		return b, ok
	case inDecimal:
		if isDecimal(t) {
			return b, true
		}
		if sqltypes.IsIntegral(t) {
			return castTo(b, decimalForIntegral(t)), true
		}
		if isFractional(t) || isString(t) { // Spark casts them to the decimal the function takes
			return castTo(b, sqltypes.DecimalType{Precision: 38, Scale: 18}), true
		}
	}
	return nil, false
}

func wantType(want inType) sqltypes.DataType {
	switch want {
	case inString, inStringOrBinary:
		return sqltypes.String
	case inDouble, inNumeric:
		return sqltypes.Double
	case inInt:
		return sqltypes.Integer
	case inLong, inIntegral:
		return sqltypes.Long
	case inBoolean:
		return sqltypes.Boolean
	case inDate:
		return sqltypes.DateT
	case inTimestamp:
		return sqltypes.TimestampT
	case inBinary:
		return sqltypes.Binary
	}
	return sqltypes.Null
}

// ordinalWord is Spark's ordinalNumber for parameter positions (0 is "first").
func ordinalWord(i int) string { return ordinal(i + 1) }

func unexpectedInput(fnSQL string, i int, want inType, b Bound) error {
	return analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
		"Cannot resolve %s due to data type mismatch: The %s parameter requires the %s type, however %s has the type %s.",
		quoteSQL(fnSQL), ordinalWord(i), want, quoteSQL(b.SQL()), quoteSQL(b.DataType().SQL()))
}

// callSQL is name(arg, ...) over bound arguments.
func callSQL(name string, args []Bound) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.SQL()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// bindArgs resolves a call's arguments, checks their count against [min, max] (max < 0:
// unbounded) and casts each to its expected type (the last entry of want repeats).
func (r *resolver) bindArgs(c Call, minArgs, maxArgs int, want ...inType) ([]Bound, error) {
	if len(c.Args) < minArgs || (maxArgs >= 0 && len(c.Args) > maxArgs) {
		return nil, wrongArgs(c.Name, argCountText(minArgs, maxArgs), len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	return coerceArgs(displayName(c.Name), args, want...)
}

func coerceArgs(name string, args []Bound, want ...inType) ([]Bound, error) {
	if len(want) == 0 {
		return args, nil
	}
	out := make([]Bound, len(args))
	for i, a := range args {
		w := want[min(i, len(want)-1)]
		b, ok := coerceTo(a, w)
		if !ok && w == inTimestamp && isTime(a.DataType()) {
			// Spark's type coercion casts a TIME to the TIMESTAMP the function takes, and
			// the cast is what fails: date_format(TIME '12:00:00', 'HH:mm').
			return nil, analysisErr("DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION",
				"Cannot resolve %s due to data type mismatch: cannot cast %s to %s.",
				quoteSQL(a.SQL()), quoteSQL(a.DataType().SQL()), `"TIMESTAMP"`)
		}
		if !ok {
			return nil, unexpectedInput(callSQL(name, args), i, w, a)
		}
		out[i] = b
	}
	return out, nil
}

func argCountText(minArgs, maxArgs int) string {
	switch {
	case maxArgs < 0:
		return "> " + itoa(minArgs-1)
	case minArgs == maxArgs:
		return itoa(minArgs)
	}
	var parts []string
	for n := minArgs; n <= maxArgs; n++ {
		parts = append(parts, itoa(n))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func anyNullable(args []Bound) bool {
	for _, a := range args {
		if a.Nullable() {
			return true
		}
	}
	return false
}

// fn1, fn2 and fn3 build null-intolerant functions of a fixed number of arguments: NULL in,
// NULL out, without calling the body.
func fn1(name string, a Bound, typ sqltypes.DataType, body func(c *EvalContext, a any) (any, error)) *boundFunc {
	return &boundFunc{name: name, args: []Bound{a}, typ: typ, nullable: a.Nullable(), nullIntolerant: true, fn1: body}
}

func fn2(name string, a, b Bound, typ sqltypes.DataType, body func(c *EvalContext, a, b any) (any, error)) *boundFunc {
	return &boundFunc{name: name, args: []Bound{a, b}, typ: typ, nullable: a.Nullable() || b.Nullable(), nullIntolerant: true, fn2: body}
}

func fn3(name string, a, b, c Bound, typ sqltypes.DataType, body func(ec *EvalContext, a, b, c any) (any, error)) *boundFunc {
	return &boundFunc{name: name, args: []Bound{a, b, c}, typ: typ, nullable: a.Nullable() || b.Nullable() || c.Nullable(), nullIntolerant: true, fn3: body}
}

// fnN builds a null-intolerant function of any number of arguments.
func fnN(name string, args []Bound, typ sqltypes.DataType, body func(c *EvalContext, v []any) (any, error)) *boundFunc {
	return &boundFunc{name: name, args: args, typ: typ, nullable: anyNullable(args), nullIntolerant: true, fn: body}
}

// withNullable sets whether a function's result can be NULL (beyond NULL inputs).
func (b *boundFunc) withNullable(n bool) *boundFunc { b.nullable = n; return b }

// nullTolerant makes the body see NULL arguments instead of short-circuiting to NULL.
func (b *boundFunc) nullTolerant() *boundFunc { b.nullIntolerant = false; return b }

// withSQLText overrides the whole printed form (arr[0], m[k]).
func (b *boundFunc) withSQLText(sql string) *boundFunc { b.sql = sql; return b }

// withSQL overrides the printed arguments.
func (b *boundFunc) withSQL(args ...string) *boundFunc { b.sqlArgs = args; return b }

// literalArg is the constant value of a foldable argument (a literal, possibly cast),
// evaluated once at analysis; ok is false when the argument depends on the row.
func literalArg(b Bound) (v any, ok bool) {
	if !rowIndependent(b) {
		return nil, false
	}
	ec := &EvalContext{Ansi: true}
	ec.Location, _ = LoadZone("UTC")
	v, err := b.Eval(ec, nil)
	if err != nil {
		return nil, false
	}
	return v, true
}

// rowIndependent reports whether b has no column reference (so it is the same for every row).
func rowIndependent(b Bound) bool {
	switch x := b.(type) {
	case *boundLit:
		return true
	case *boundCast:
		return rowIndependent(x.child)
	case *boundAlias:
		return rowIndependent(x.child)
	case *boundNegate:
		return rowIndependent(x.child)
	case *boundArith:
		return rowIndependent(x.left) && rowIndependent(x.right)
	case *boundZoned:
		return rowIndependent(x.Bound)
	case *boundFunc:
		if x.volatile {
			return false
		}
		for _, a := range x.args {
			if !rowIndependent(a) {
				return false
			}
		}
		return x.fn != nil || x.fn1 != nil || x.fn2 != nil || x.fn3 != nil
	}
	return false
}

// intLiteral reads a foldable integral argument.
func intLiteral(b Bound) (int64, bool) {
	v, ok := literalArg(b)
	if !ok || v == nil {
		return 0, false
	}
	switch x := v.(type) {
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	}
	return 0, false
}

// stringLiteral reads a foldable string argument.
func stringLiteral(b Bound) (string, bool) {
	v, ok := literalArg(b)
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
}

func toInt64(v any) int64 {
	switch x := v.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	}
	return 0
}

func toFloat(v any) float64 {
	f, _ := sqltypes.AsFloat64(v)
	return f
}

// zone is the session time zone when the expression is analysed, nil when the scope does
// not say (the expression then follows the zone of each execution).
func (r *resolver) zone() (*time.Location, string) {
	if r.scope == nil || r.scope.Zone == nil {
		return nil, ""
	}
	return r.scope.Zone()
}

// boundZoned evaluates a time-zone-aware expression in the zone it was analysed in.
type boundZoned struct {
	Bound
	loc  *time.Location
	name string
	// ctx is the execution context with the zone replaced, made once per execution
	// context (plans may run from several goroutines, hence the atomic pointer).
	ctx atomic.Pointer[zonedContext]
}

type zonedContext struct {
	base *EvalContext
	ctx  EvalContext
}

func (b *boundZoned) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	if c.Location == b.loc {
		return b.Bound.Eval(c, row)
	}
	zc := b.ctx.Load()
	if zc == nil || zc.base != c {
		zc = &zonedContext{base: c, ctx: *c}
		zc.ctx.Location, zc.ctx.TimeZone = b.loc, b.name
		b.ctx.Store(zc)
	}
	return b.Bound.Eval(&zc.ctx, row)
}

// zoned wraps b to keep the analysis-time zone, when the scope gives one.
func (r *resolver) zoned(b Bound) Bound {
	loc, name := r.zone()
	if loc == nil {
		return b
	}
	return &boundZoned{Bound: b, loc: loc, name: name}
}

// zonedBinder makes a binder's expressions keep the analysis-time zone.
func zonedBinder(b binder) binder {
	return func(r *resolver, c Call) (Bound, error) {
		out, err := b(r, c)
		if err != nil {
			return nil, err
		}
		return r.zoned(out), nil
	}
}

// unzoned is the expression under a zone wrapper.
func unzoned(b Bound) Bound {
	if z, ok := b.(*boundZoned); ok {
		return z.Bound
	}
	return b
}

// timeZoneAware reports casts whose result depends on the session zone.
func timeZoneAware(from, to sqltypes.DataType) bool {
	tz := func(t sqltypes.DataType) bool { return isTimestamp(t) }
	dt := func(t sqltypes.DataType) bool { return isDate(t) || isString(t) || isTimestampNTZ(t) }
	return tz(from) && dt(to) || dt(from) && tz(to)
}

// BuiltinFunctionNames are the built-in functions kafkalab's SQL knows (scalar, aggregate,
// window and generator functions), sorted: SHOW FUNCTIONS lists them.
func BuiltinFunctionNames() []string {
	seen := map[string]bool{}
	for n := range scalarFunctions {
		seen[n] = true
	}
	for n := range aggregateFunctions {
		seen[n] = true
	}
	for n := range windowFunctionNames {
		seen[n] = true
	}
	for n := range generatorFunctions {
		seen[n] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
