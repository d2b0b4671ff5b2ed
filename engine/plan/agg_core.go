package plan

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The everyday aggregate functions: counting, sums and averages, extremes, first and last,
// boolean and bitwise folds, products, collecting into arrays and strings.

func init() {
	registerAgg(bindCount, "count")
	registerAgg(bindSum("sum", false), "sum")
	registerAgg(bindSum("try_sum", true), "try_sum")
	registerAgg(bindAvg("avg", false), "avg", "mean")
	registerAgg(bindAvg("try_avg", true), "try_avg")
	registerAgg(bindExtreme("min", -1), "min")
	registerAgg(bindExtreme("max", 1), "max")
	registerAgg(bindFirstLast(false), "first", "first_value", "any_value")
	registerAgg(bindFirstLast(true), "last", "last_value")
	registerAgg(bindCountIf, "count_if")
	registerAgg(bindBoolAgg(true), "bool_and", "every")
	registerAgg(bindBoolAgg(false), "bool_or", "some", "any")
	registerAgg(bindBitAgg("bit_and"), "bit_and")
	registerAgg(bindBitAgg("bit_or"), "bit_or")
	registerAgg(bindBitAgg("bit_xor"), "bit_xor")
	registerAgg(bindProduct, "product")
	registerAgg(bindCollect(false), "collect_list", "array_agg")
	registerAgg(bindCollect(true), "collect_set")
	registerAgg(bindListAgg, "listagg", "string_agg")
	registerAgg(bindMaxMinBy(1), "max_by")
	registerAgg(bindMaxMinBy(-1), "min_by")
}

func aggArgs(c Call, args []Bound, minArgs, maxArgs int) error {
	if len(args) < minArgs || maxArgs >= 0 && len(args) > maxArgs {
		return wrongArgs(strings.ToLower(c.Name), argCountText(minArgs, maxArgs), len(args))
	}
	return nil
}

// boolLiteralArg reads an optional constant BOOLEAN parameter (ignoreNulls, roundOff...).
func boolLiteralArg(fn, param string, b Bound) (bool, error) {
	v, ok := literalArg(b)
	bv, isBool := v.(bool)
	if !ok || !isBool {
		return false, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
			"Cannot resolve %s due to data type mismatch: the input `%s` should be a foldable \"BOOLEAN\" expression; however, got %s.",
			quoteSQL(fn), param, quoteSQL(b.SQL()))
	}
	return bv, nil
}

func bindCount(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if len(c.Args) == 0 {
		return nil, wrongArgs("count", "> 0", 0)
	}
	def := &aggDef{name: "count", args: args, typ: sqltypes.Long, newAcc: func() accumulator { return &countAcc{} }}
	if len(args) == 1 {
		if l, ok := args[0].(*boundLit); ok && l.value != nil {
			def.args = nil // count(1) counts rows
			def.sqlArgs = []string{l.SQL()}
		}
	}
	return def, nil
}

// sumType is sum's result type: BIGINT, DOUBLE, or DECIMAL(p+10, s).
func sumType(in sqltypes.DataType) (sqltypes.DataType, bool) {
	switch {
	case sqltypes.IsIntegral(in):
		return sqltypes.Long, true
	case isFractional(in):
		return sqltypes.Double, true
	case isDecimal(in):
		d := in.(sqltypes.DecimalType)
		return boundedDecimal(d.Precision+10, d.Scale), true
	}
	return nil, false
}

func numericAggArg(name string, args []Bound) (Bound, error) {
	a := args[0]
	if isString(a.DataType()) || isNull(a.DataType()) {
		a = castTo(a, sqltypes.Double)
	}
	if !isNumeric(a.DataType()) {
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The first parameter requires the \"NUMERIC\" or \"ANSI INTERVAL\" type, however %s has the type %s.",
			quoteSQL(name+"("+args[0].SQL()+")"), quoteSQL(args[0].SQL()), quoteSQL(args[0].DataType().SQL()))
	}
	return a, nil
}

func bindSum(name string, try bool) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		a, err := numericAggArg(name, args)
		if err != nil {
			return nil, err
		}
		in := a.DataType()
		out, _ := sumType(in)
		return &aggDef{name: name, args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: out, nullable: true,
			newAcc: func() accumulator { return &sumAcc{in: in, out: out, try: try} }}, nil
	}
}

func avgType(in sqltypes.DataType) sqltypes.DataType {
	if d, ok := in.(sqltypes.DecimalType); ok {
		return boundedDecimal(d.Precision+4, d.Scale+4)
	}
	return sqltypes.Double
}

func bindAvg(name string, try bool) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		a, err := numericAggArg(name, args)
		if err != nil {
			return nil, err
		}
		in := a.DataType()
		out := avgType(in)
		if name == "avg" || name == "mean" {
			name = "avg"
		}
		return &aggDef{name: name, args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: out, nullable: true,
			newAcc: func() accumulator { return &avgAcc{sumAcc: sumAcc{in: in, out: in, try: try}, out: out} }}, nil
	}
}

func bindExtreme(name string, sign int) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		t := args[0].DataType()
		if !orderable(t) {
			return nil, analysisErr("DATATYPE_MISMATCH.INVALID_ORDERING_TYPE",
				"Cannot resolve %s due to data type mismatch: The `%s` does not support ordering on type %s.",
				quoteSQL(name+"("+args[0].SQL()+")"), name, quoteSQL(t.SQL()))
		}
		return &aggDef{name: name, args: args, typ: t, nullable: true,
			newAcc: func() accumulator { return &extremeAcc{t: t, sign: sign} }}, nil
	}
}

// bindFirstLast is first/first_value/any_value and last/last_value (value[, ignoreNulls]);
// Spark prints only the value.
func bindFirstLast(last bool) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		name := strings.ToLower(c.Name)
		if err := aggArgs(c, args, 1, 2); err != nil {
			return nil, err
		}
		ignore := false
		if len(args) == 2 {
			var err error
			if ignore, err = boolLiteralArg(name, "ignoreNulls", args[1]); err != nil {
				return nil, err
			}
		}
		return &aggDef{name: name, args: args[:1], typ: args[0].DataType(), nullable: true,
			newAcc: func() accumulator { return &firstAcc{last: last, ignoreNulls: ignore} }}, nil
	}
}

func bindCountIf(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 1, 1); err != nil {
		return nil, err
	}
	a, ok := coerceTo(args[0], inBoolean)
	if !ok {
		return nil, unexpectedInput("count_if("+args[0].SQL()+")", 0, inBoolean, args[0])
	}
	return &aggDef{name: "count_if", args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.Long,
		newAcc: func() accumulator { return &countIfAcc{} }}, nil
}

type countIfAcc struct{ n int64 }

func (a *countIfAcc) add(_ *EvalContext, v any) error {
	if v == true {
		a.n++
	}
	return nil
}
func (a *countIfAcc) result(*EvalContext) (any, error) { return a.n, nil }

func bindBoolAgg(and bool) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		a, ok := coerceTo(args[0], inBoolean)
		if !ok {
			return nil, unexpectedInput(strings.ToLower(c.Name)+"("+args[0].SQL()+")", 0, inBoolean, args[0])
		}
		return &aggDef{name: strings.ToLower(c.Name), args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.Boolean, nullable: true,
			newAcc: func() accumulator { return &boolAcc{and: and} }}, nil
	}
}

type boolAcc struct {
	and  bool
	seen bool
	v    bool
}

func (a *boolAcc) add(_ *EvalContext, v any) error {
	b, ok := v.(bool)
	if !ok {
		return nil
	}
	if !a.seen {
		a.seen, a.v = true, b
		return nil
	}
	if a.and {
		a.v = a.v && b
	} else {
		a.v = a.v || b
	}
	return nil
}
func (a *boolAcc) result(*EvalContext) (any, error) {
	if !a.seen {
		return nil, nil
	}
	return a.v, nil
}

func bindBitAgg(name string) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		t := args[0].DataType()
		if !sqltypes.IsIntegral(t) {
			return nil, unexpectedInput(name+"("+args[0].SQL()+")", 0, inIntegral, args[0])
		}
		return &aggDef{name: name, args: args, typ: t, nullable: true,
			newAcc: func() accumulator { return &bitAcc{op: name, t: t} }}, nil
	}
}

type bitAcc struct {
	op   string
	t    sqltypes.DataType
	seen bool
	v    int64
}

func (a *bitAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	x := toInt64(v)
	if !a.seen {
		a.seen, a.v = true, x
		return nil
	}
	switch a.op {
	case "bit_and":
		a.v &= x
	case "bit_or":
		a.v |= x
	default:
		a.v ^= x
	}
	return nil
}
func (a *bitAcc) result(*EvalContext) (any, error) {
	if !a.seen {
		return nil, nil
	}
	return wrapIntegral(a.v, a.t), nil
}

func bindProduct(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 1, 1); err != nil {
		return nil, err
	}
	a, ok := coerceTo(args[0], inDouble)
	if !ok {
		return nil, unexpectedInput("product("+args[0].SQL()+")", 0, inDouble, args[0])
	}
	return &aggDef{name: "product", args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.Double, nullable: true,
		newAcc: func() accumulator { return &productAcc{} }}, nil
}

type productAcc struct {
	seen bool
	v    float64
}

func (a *productAcc) add(_ *EvalContext, v any) error {
	f, ok := v.(float64)
	if !ok {
		return nil
	}
	if !a.seen {
		a.seen, a.v = true, f
		return nil
	}
	a.v *= f
	return nil
}
func (a *productAcc) result(*EvalContext) (any, error) {
	if !a.seen {
		return nil, nil
	}
	return a.v, nil
}

// bindCollect is collect_list (array_agg) and collect_set: the non-null values, [] for a
// group without any.
func bindCollect(set bool) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		if err := aggArgs(c, args, 1, 1); err != nil {
			return nil, err
		}
		t := args[0].DataType()
		name := "collect_list"
		if set {
			name = "collect_set"
			if _, isMap := t.(sqltypes.MapType); isMap {
				return nil, analysisErr("DATATYPE_MISMATCH.UNSUPPORTED_INPUT_TYPE", "Cannot resolve %s due to data type mismatch: The input of `collect_set` can't be \"MAP\" type data.", quoteSQL("collect_set("+args[0].SQL()+")"))
			}
		}
		return &aggDef{name: name, args: args, typ: sqltypes.ArrayType{Element: t}, newAcc: func() accumulator {
			return &collectAcc{set: set, t: t}
		}}, nil
	}
}

type collectAcc struct {
	set  bool
	t    sqltypes.DataType
	vals []any
	seen map[string]bool
}

func (a *collectAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	if a.set {
		k := keyOf([]any{v}, []sqltypes.DataType{a.t})
		if a.seen == nil {
			a.seen = map[string]bool{}
		}
		if a.seen[k] {
			return nil
		}
		a.seen[k] = true
	}
	a.vals = append(a.vals, v)
	return nil
}
func (a *collectAcc) result(*EvalContext) (any, error) {
	if a.vals == nil {
		return []any{}, nil
	}
	return a.vals, nil
}

// bindListAgg is listagg/string_agg(str[, delimiter]): the non-null values joined.
func bindListAgg(r *resolver, c Call, args []Bound) (*aggDef, error) {
	name := strings.ToLower(c.Name)
	if err := aggArgs(c, args, 1, 2); err != nil {
		return nil, err
	}
	a := args[0]
	if !isBinary(a.DataType()) {
		var ok bool
		if a, ok = coerceTo(a, inString); !ok {
			return nil, unexpectedInput(name+"("+args[0].SQL()+")", 0, inString, args[0])
		}
	}
	delim := ""
	sqlArgs := []string{args[0].SQL(), "NULL"}
	if len(args) == 2 {
		v, ok := literalArg(args[1])
		if !ok {
			return nil, nonFoldable("delimiter", `"STRING"`, args[1], name)
		}
		switch d := v.(type) {
		case string:
			delim = d
		case []byte:
			delim = string(d)
		}
		sqlArgs[1] = args[1].SQL()
	}
	binary := isBinary(a.DataType())
	typ := sqltypes.DataType(sqltypes.String)
	if binary {
		typ = sqltypes.Binary
	}
	return &aggDef{name: name, args: []Bound{a}, sqlArgs: sqlArgs, typ: typ, nullable: true,
		newAcc: func() accumulator { return &listAggAcc{delim: delim, binary: binary} }}, nil
}

type listAggAcc struct {
	delim  string
	binary bool
	b      strings.Builder
	seen   bool
}

func (a *listAggAcc) add(_ *EvalContext, v any) error {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return nil
	}
	if a.seen {
		a.b.WriteString(a.delim)
	}
	a.seen = true
	a.b.WriteString(s)
	return nil
}
func (a *listAggAcc) result(*EvalContext) (any, error) {
	if !a.seen {
		return nil, nil
	}
	if a.binary {
		return []byte(a.b.String()), nil
	}
	return a.b.String(), nil
}

// bindMaxMinBy is max_by/min_by(value, ordering): the value of the row with the greatest
// (least) non-null ordering, the first such row on ties.
func bindMaxMinBy(sign int) aggBinder {
	return func(r *resolver, c Call, args []Bound) (*aggDef, error) {
		name := strings.ToLower(c.Name)
		if err := aggArgs(c, args, 2, 3); err != nil {
			return nil, err
		}
		if len(args) == 3 {
			return bindMaxMinByK(name, sign, args)
		}
		ot := args[1].DataType()
		if !orderable(ot) {
			return nil, unexpectedInput(callSQL(name, args), 1, inAny, args[1])
		}
		return &aggDef{name: name, args: args, typ: args[0].DataType(), nullable: true,
			newAcc: func() accumulator { return &maxByAcc{t: ot, sign: sign} }}, nil
	}
}

// maxByKLimit is the largest k max_by(x, y, k) and min_by(x, y, k) accept.
const maxByKLimit = 100000

// bindMaxMinByK is max_by(x, y, k) / min_by(x, y, k) (Spark 4.2): the x of the k rows with
// the greatest (least) y, best first, as an array; rows whose y is NULL do not count, and a
// group with none gives an empty array.
func bindMaxMinByK(name string, sign int, args []Bound) (*aggDef, error) {
	sql := callSQL(name, args)
	kv, foldable := literalArg(args[2])
	if !foldable {
		return nil, mismatch("NON_FOLDABLE_INPUT", "inputName", "k", "inputType", strings.ToLower(args[2].DataType().SQL()),
			"inputExpr", args[2].SQL(), "sqlExpr", quoteSQL(sql))
	}
	ot := args[1].DataType()
	if !orderable(ot) {
		return nil, unexpectedInput(sql, 1, inAny, args[1])
	}
	k, isInt := int64(0), false
	switch x := kv.(type) {
	case int8, int16, int32, int64:
		k, isInt = toInt64(x), true
	}
	if !isInt || k <= 0 || k > maxByKLimit {
		return nil, mismatch("VALUE_OUT_OF_RANGE", "exprName", "`k`", "valueRange", fmt.Sprintf("[1, %d]", maxByKLimit),
			"currentValue", args[2].SQL(), "sqlExpr", quoteSQL(sql))
	}
	return &aggDef{name: name, args: args[:2], sqlArgs: []string{args[0].SQL(), args[1].SQL(), args[2].SQL()},
		typ:    sqltypes.ArrayType{Element: args[0].DataType(), ContainsNull: true},
		newAcc: func() accumulator { return &maxByKAcc{t: ot, sign: sign, k: int(k)} }}, nil
}

// maxByKAcc keeps the k best (value, ordering) pairs seen, worst first at the heap's root.
type maxByKAcc struct {
	t    sqltypes.DataType
	sign int // 1: max_by, -1: min_by
	k    int
	vals []any
	ords []any
}

// worse reports whether pair i ranks below pair j.
func (a *maxByKAcc) worse(i, j int) bool {
	return compareValues(a.ords[i], a.ords[j], a.t)*a.sign < 0
}

func (a *maxByKAcc) swap(i, j int) {
	a.vals[i], a.vals[j] = a.vals[j], a.vals[i]
	a.ords[i], a.ords[j] = a.ords[j], a.ords[i]
}

func (a *maxByKAcc) add2(_ *EvalContext, v, ord any) error {
	if ord == nil {
		return nil
	}
	if len(a.ords) < a.k {
		a.vals, a.ords = append(a.vals, v), append(a.ords, ord)
		for i := len(a.ords) - 1; i > 0; { // sift up
			parent := (i - 1) / 2
			if !a.worse(i, parent) {
				break
			}
			a.swap(i, parent)
			i = parent
		}
		return nil
	}
	if compareValues(ord, a.ords[0], a.t)*a.sign <= 0 {
		return nil // no better than the worst kept
	}
	a.vals[0], a.ords[0] = v, ord
	for i := 0; ; { // sift down
		least, l, r := i, 2*i+1, 2*i+2
		if l < len(a.ords) && a.worse(l, least) {
			least = l
		}
		if r < len(a.ords) && a.worse(r, least) {
			least = r
		}
		if least == i {
			return nil
		}
		a.swap(i, least)
		i = least
	}
}

func (a *maxByKAcc) add(c *EvalContext, v any) error {
	row := v.(sqltypes.Row)
	return a.add2(c, row[0], row[1])
}

func (a *maxByKAcc) result(*EvalContext) (any, error) {
	idx := make([]int, len(a.ords))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool {
		return compareValues(a.ords[idx[x]], a.ords[idx[y]], a.t)*a.sign > 0
	})
	out := make([]any, len(idx))
	for i, j := range idx {
		out[i] = a.vals[j]
	}
	return out, nil
}

func (a *maxByKAcc) merge(c *EvalContext, o accumulator) error {
	b := o.(*maxByKAcc)
	for i := range b.ords {
		if err := a.add2(c, b.vals[i], b.ords[i]); err != nil {
			return err
		}
	}
	return nil
}

type maxByAcc struct {
	t    sqltypes.DataType
	sign int
	ord  any
	v    any
}

func (a *maxByAcc) add2(_ *EvalContext, v, ord any) error {
	if ord == nil {
		return nil
	}
	if a.ord == nil || compareValues(ord, a.ord, a.t)*a.sign > 0 {
		a.ord, a.v = ord, v
	}
	return nil
}
func (a *maxByAcc) add(c *EvalContext, v any) error {
	row := v.(sqltypes.Row)
	return a.add2(c, row[0], row[1])
}
func (a *maxByAcc) result(*EvalContext) (any, error) { return a.v, nil }

// ---- accumulators shared with the streaming engine's API ----

type countAcc struct{ n int64 }

func (a *countAcc) add(_ *EvalContext, v any) error {
	if row, ok := v.(sqltypes.Row); ok { // count(a, b): rows where none is NULL
		for _, x := range row {
			if x == nil {
				return nil
			}
		}
	}
	if v != nil {
		a.n++
	}
	return nil
}
func (a *countAcc) result(*EvalContext) (any, error) { return a.n, nil }

type sumAcc struct {
	in, out sqltypes.DataType
	try     bool // try_sum: NULL instead of an overflow error
	seen    bool
	over    bool
	i       int64
	f       float64
	d       *big.Int // unscaled, at the input's scale
}

func (a *sumAcc) add(c *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	a.seen = true
	switch x := v.(type) {
	case int8:
		return a.addInt(c, int64(x))
	case int16:
		return a.addInt(c, int64(x))
	case int32:
		return a.addInt(c, int64(x))
	case int64:
		return a.addInt(c, x)
	case float32:
		a.f += float64(x)
	case float64:
		a.f += x
	case sqltypes.Decimal:
		if a.d == nil {
			a.d = new(big.Int)
		}
		a.d.Add(a.d, decimalUnscaled(x))
	}
	return nil
}

func (a *sumAcc) addInt(c *EvalContext, v int64) error {
	s := a.i + v
	if (v > 0 && s < a.i) || (v < 0 && s > a.i) {
		if a.try {
			a.over = true
		} else if c != nil && c.Ansi {
			return arithmeticOverflow("long", "try_sum")
		}
	}
	a.i = s
	return nil
}

func (a *sumAcc) result(c *EvalContext) (any, error) {
	if !a.seen || a.over {
		return nil, nil
	}
	switch {
	case sqltypes.IsIntegral(a.in):
		return a.i, nil
	case isFractional(a.in):
		return a.f, nil
	default:
		out := a.out.(sqltypes.DecimalType)
		in := a.in.(sqltypes.DecimalType)
		if a.try {
			v, err := decimalFromBig(&EvalContext{}, new(big.Int).Set(a.d), int32(in.Scale), out)
			if err != nil {
				return nil, nil
			}
			return v, nil
		}
		return decimalFromBig(c, new(big.Int).Set(a.d), int32(in.Scale), out)
	}
}

type avgAcc struct {
	sumAcc
	out sqltypes.DataType
	n   int64
}

func (a *avgAcc) add(c *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	a.n++
	// Integers are summed as DOUBLE, as Spark's Average does.
	switch x := v.(type) {
	case int8:
		v = float64(x)
	case int16:
		v = float64(x)
	case int32:
		v = float64(x)
	case int64:
		v = float64(x)
	}
	return a.sumAcc.add(c, v)
}

func (a *avgAcc) result(c *EvalContext) (any, error) {
	if a.n == 0 {
		return nil, nil
	}
	if out, ok := a.out.(sqltypes.DecimalType); ok {
		in := a.in.(sqltypes.DecimalType)
		q := new(big.Rat).SetFrac(a.d, new(big.Int).Mul(big.NewInt(a.n), pow10(int32(in.Scale))))
		v, err := decimalFromRat(c, q, out)
		if err != nil && a.try {
			return nil, nil // try_avg: an average its type cannot hold is NULL
		}
		return v, err
	}
	return a.f / float64(a.n), nil
}

type extremeAcc struct {
	t    sqltypes.DataType
	sign int
	v    any
}

func (a *extremeAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	if a.v == nil || compareValues(v, a.v, a.t)*a.sign > 0 {
		a.v = v
	}
	return nil
}
func (a *extremeAcc) result(*EvalContext) (any, error) { return a.v, nil }

type firstAcc struct {
	last, ignoreNulls bool
	set               bool
	v                 any
}

func (a *firstAcc) add(_ *EvalContext, v any) error {
	if v == nil && a.ignoreNulls {
		return nil
	}
	if !a.set || a.last {
		a.set, a.v = true, v
	}
	return nil
}
func (a *firstAcc) result(*EvalContext) (any, error) { return a.v, nil }

// toDouble reads a numeric value as a DOUBLE (NaN for anything else).
func toDouble(v any) float64 {
	if f, ok := sqltypes.AsFloat64(v); ok {
		return f
	}
	return math.NaN()
}
