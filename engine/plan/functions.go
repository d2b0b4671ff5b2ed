package plan

import (
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The first functions kafkalab had; the families live in fn_*.go. Aggregates live in agg*.go.
func init() {
	for name, b := range map[string]binder{
		"struct":         bindStruct,
		"named_struct":   bindNamedStruct,
		"to_json":        bindToJSON,
		"concat":         bindConcat,
		"coalesce":       bindCoalesce,
		"like":           bindLike,
		"substring":      bindSubstring,
		"substr":         bindSubstring,
		"window":         bindWindow,
		"session_window": bindSessionWindow,
	} {
		register(b, name)
	}
}

// HasFunction reports whether kafkalab has the Spark function name (any kind).
func HasFunction(name string) bool {
	name = strings.ToLower(name)
	_, scalar := scalarFunctions[name]
	_, agg := aggregateFunctions[name]
	_, gen := generators[name]
	return scalar || agg || gen || windowFunctionNames[name]
}

// IsAggregateFunction reports whether name is an aggregate function kafkalab knows.
func IsAggregateFunction(name string) bool {
	_, ok := aggregateFunctions[strings.ToLower(name)]
	return ok
}

func (r *resolver) resolveCall(c Call) (Bound, error) {
	if c.UDF != nil {
		return r.resolveUDF(c)
	}
	name := strings.ToLower(c.Name)
	if r.scope != nil && r.scope.Functions != nil && !c.Distinct {
		if u := r.scope.Functions(name); u != nil {
			c.UDF = u
			return r.resolveUDF(c)
		}
	}
	if _, ok := aggregateFunctions[name]; ok {
		return r.resolveAggregate(name, c)
	}
	if _, ok := generators[name]; ok {
		return nil, analysisErr("UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS",
			"The generator is not supported: nested in expressions %s.", quoteSQL(name+"(...)"))
	}
	if windowFunctionNames[name] {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE", "funcName", quoteSQL(name))
	}
	if name == "from_json" {
		return r.resolveFromJSONCall(c)
	}
	bind, ok := scalarFunctions[name]
	if !ok {
		return nil, analysisErr("UNRESOLVED_ROUTINE",
			"Cannot resolve routine %s on search path [%s, %s].",
			quoteIdent(c.Name), "`system`.`builtin`", "`system`.`session`")
	}
	if c.Distinct {
		return nil, unsupported("DISTINCT is only allowed in aggregate functions, not in %s", name)
	}
	c, err := r.expandStarArgs(c)
	if err != nil {
		return nil, err
	}
	b, err := bind(r, c)
	if err == nil && timeTypeGated[name] && r.timeTypeOff() {
		return nil, errUnsupportedTimeType()
	}
	return b, err
}

// expandStarArgs replaces a "*" or "t.*" argument with the columns it stands for, as
// Spark's analyzer does for any function's arguments (hash('*') is hash(c1, c2)).
func (r *resolver) expandStarArgs(c Call) (Call, error) {
	var args []Expr
	for i, a := range c.Args {
		st, ok := a.(Star)
		if !ok {
			if args != nil {
				args = append(args, a)
			}
			continue
		}
		if args == nil {
			args = append([]Expr{}, c.Args[:i]...)
		}
		bs, err := r.expandStar(st)
		if err != nil {
			return c, err // Spark's own analysis error, printed as it is
		}
		for _, b := range bs {
			args = append(args, boundExpr{b})
		}
	}
	if args != nil {
		c.Args = args
	}
	return c, nil
}

// resolveFromJSONCall handles from_json(col, 'ddl string'[, map(options)]) written in SQL
// text.
func (r *resolver) resolveFromJSONCall(c Call) (Bound, error) {
	if len(c.Args) != 2 && len(c.Args) != 3 {
		return nil, wrongArgs("from_json", "[2, 3]", len(c.Args))
	}
	var opts map[string]string
	if len(c.Args) == 3 {
		var err error
		if opts, err = r.optionsArg(c.Args[2]); err != nil {
			return nil, err
		}
	}
	lit, ok := c.Args[1].(Literal)
	s, isStr := lit.Value.(string)
	if !ok || !isStr {
		arg, err := r.resolve(c.Args[1])
		if err != nil {
			return nil, err
		}
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "INVALID_SCHEMA.NON_STRING_LITERAL", "inputSchema", quoteSQL(arg.SQL()))
	}
	schema, err := ParseJSONSchemaString(s)
	if err != nil {
		return nil, err
	}
	return r.resolve(FromJSON{Child: c.Args[0], Schema: schema, Options: opts})
}

// optionsArg is a function's options argument, map('key', 'value', ...) of constants, as
// Spark's ExprUtils.convertToMapData takes it.
func (r *resolver) optionsArg(e Expr) (map[string]string, error) {
	b, err := r.resolve(e)
	if err != nil {
		return nil, err
	}
	v, ok := literalArg(b)
	m, isMap := v.(*sqltypes.MapValue)
	if !ok || !isMap {
		return nil, analysisErr("INVALID_OPTIONS.NON_MAP_FUNCTION", "Invalid options: Must use the `map()` function for options.")
	}
	out := map[string]string{}
	for i, k := range m.Keys {
		ks, kok := k.(string)
		vs, vok := m.Values[i].(string)
		if !kok || !vok {
			return nil, analysisErr("INVALID_OPTIONS.NON_STRING_TYPE", "Invalid options: A type of keys and values in `map()` must be string, but got %s.", quoteSQL(b.DataType().SQL()))
		}
		out[ks] = vs
	}
	return out, nil
}

func wrongArgs(name, expected string, got int) error {
	return analysisErr("WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
		"The %s requires %s parameters but the actual number is %d. Please, refer to 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix.",
		quoteIdent(name), expected, got)
}

// bindStruct is struct(...): a struct whose field names are the argument columns' names;
// "*" and "x.*" arguments expand. Spark prints it as struct(a, b).
func bindStruct(r *resolver, c Call) (Bound, error) {
	var args []Bound
	for _, a := range c.Args {
		if st, ok := a.(Star); ok {
			bs, err := r.expandStar(st)
			if err != nil {
				return nil, err
			}
			args = append(args, bs...)
			continue
		}
		b, err := r.resolve(a)
		if err != nil {
			return nil, err
		}
		args = append(args, b)
	}
	st := &sqltypes.StructType{}
	for i, a := range args {
		name := "col" + itoa(i+1)
		if isNamed(a) {
			name = OutputName(a)
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: name, Type: a.DataType(), Nullable: a.Nullable()})
	}
	return &boundFunc{name: "struct", args: args, typ: st, fn: makeStruct}, nil
}

func makeStruct(_ *EvalContext, args []any) (any, error) {
	return sqltypes.Row(append([]any(nil), args...)), nil
}

// namedStructNotFoldable is Spark's error for named_struct with a name that is not a
// string literal: the offending expressions and the call, as SQL.
func namedStructNotFoldable(r *resolver, c Call) error {
	var bad, all []string
	for i, a := range c.Args {
		b, err := r.resolve(a)
		if err != nil {
			return err
		}
		all = append(all, b.SQL())
		if lit, ok := a.(Literal); i%2 == 0 && (!ok || lit.Type == nil || !isString(lit.Type)) {
			if _, isStr := lit.Value.(string); !ok || !isStr {
				bad = append(bad, quoteSQL(b.SQL()))
			}
		}
	}
	return mismatch("CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING", "inputExprs", "["+strings.Join(bad, ", ")+"]",
		"sqlExpr", quoteSQL("named_struct("+strings.Join(all, ", ")+")"))
}

func bindNamedStruct(r *resolver, c Call) (Bound, error) {
	if len(c.Args)%2 != 0 || len(c.Args) == 0 {
		return nil, wrongArgs("named_struct", "2n (n > 0)", len(c.Args))
	}
	st := &sqltypes.StructType{}
	var args []Bound
	var sqlArgs []string
	for i := 0; i < len(c.Args); i += 2 {
		lit, ok := c.Args[i].(Literal)
		name, isStr := lit.Value.(string)
		if !ok || !isStr {
			return nil, namedStructNotFoldable(r, c)
		}
		b, err := r.resolve(c.Args[i+1])
		if err != nil {
			return nil, err
		}
		args = append(args, b)
		sqlArgs = append(sqlArgs, name, b.SQL())
		st.Fields = append(st.Fields, sqltypes.StructField{Name: name, Type: b.DataType(), Nullable: b.Nullable()})
	}
	return &boundFunc{name: "named_struct", args: args, typ: st, sqlArgs: sqlArgs, fn: makeStruct}, nil
}

func bindToJSON(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 1 && len(c.Args) != 2 {
		return nil, wrongArgs("to_json", "[1, 2]", len(c.Args))
	}
	var formats *sqltypes.JSONFormats
	if len(c.Args) == 2 {
		opts, err := r.optionsArg(c.Args[1])
		if err != nil {
			return nil, err
		}
		if formats, err = toJSONFormats(opts); err != nil {
			return nil, err
		}
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	switch b.DataType().(type) {
	case *sqltypes.StructType, sqltypes.ArrayType, sqltypes.MapType:
	case sqltypes.VariantType:
		// A variant is written as its own JSON text (Variant.toJson in the session zone).
		return &boundFunc{name: "to_json", args: []Bound{b}, typ: sqltypes.String, nullable: true, nullIntolerant: true,
			fn: func(ec *EvalContext, args []any) (any, error) {
				s, err := args[0].(sqltypes.VariantVal).JSON(ec.Location)
				if err != nil {
					return nil, variantError(err)
				}
				return s, nil
			}}, nil
	default:
		return nil, analysisErr("DATATYPE_MISMATCH.INVALID_JSON_SCHEMA",
			"Cannot resolve %s due to data type mismatch: Input schema %s must be a struct, an array, a map or a variant.",
			quoteSQL("to_json("+b.SQL()+")"), quoteSQL(b.DataType().SQL()))
	}
	t := b.DataType()
	return &boundFunc{name: "to_json", args: []Bound{b}, typ: sqltypes.String, nullable: true, nullIntolerant: true,
		fn: func(ec *EvalContext, args []any) (any, error) {
			if formats != nil {
				return sqltypes.ValueToJSONWith(args[0], t, ec.Location, formats), nil
			}
			return toJSON(ec, args[0], t)
		}}, nil
}

// toJSONFormats reads to_json's options: timestampFormat and dateFormat are patterns the
// values are written with; the other options that change the text are refused by name.
func toJSONFormats(opts map[string]string) (*sqltypes.JSONFormats, error) {
	f := &sqltypes.JSONFormats{}
	for k, v := range opts {
		switch strings.ToLower(k) {
		case "timestampformat":
			dp, pe := compileDatetimePattern(v, false)
			if pe != nil {
				return nil, pe.err("to_json")
			}
			f.Timestamp = func(ts sqltypes.Timestamp, loc *time.Location) string { return dp.format(civilOf(int64(ts), loc)) }
		case "dateformat":
			dp, pe := compileDatetimePattern(v, false)
			if pe != nil {
				return nil, pe.err("to_json")
			}
			f.Date = func(d sqltypes.Date) string { return dp.format(civilOf(int64(d)*86_400_000_000, time.UTC)) }
		case "timestampntzformat", "timezone", "ignorenullfields", "pretty", "writenonasciicharacterasunicode":
			return nil, unsupported("kafkalab's to_json does not support the option %s yet (it honours timestampFormat and dateFormat); run the script on real Spark with kafkalab export", k)
		}
	}
	return f, nil
}

func (r *resolver) oneStringArg(name string, c Call) (Bound, error) {
	if len(c.Args) != 1 {
		return nil, wrongArgs(name, "1", len(c.Args))
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	if !isString(b.DataType()) {
		if isAtomicNonString(b.DataType()) {
			return castTo(b, sqltypes.String), nil
		}
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The first parameter requires the \"STRING\" type, however %s has the type %s.",
			quoteSQL(name+"("+b.SQL()+")"), quoteSQL(b.SQL()), quoteSQL(b.DataType().SQL()))
	}
	return b, nil
}

func bindConcat(r *resolver, c Call) (Bound, error) {
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	if len(args) > 0 {
		if _, ok := args[0].DataType().(sqltypes.ArrayType); ok {
			return concatArrays(args)
		}
	}
	// Binary arguments only: the bytes join (Spark's concat keeps BINARY then).
	allBinary := len(args) > 0
	nullable := false
	for _, a := range args {
		_, bin := a.DataType().(sqltypes.BinaryType)
		allBinary = allBinary && bin
		nullable = nullable || a.Nullable()
	}
	if allBinary {
		return &boundFunc{name: "concat", args: args, typ: sqltypes.Binary, nullable: nullable, nullIntolerant: true,
			fn: func(_ *EvalContext, vals []any) (any, error) {
				var out []byte
				for _, v := range vals {
					out = append(out, v.([]byte)...)
				}
				if out == nil {
					out = []byte{}
				}
				return out, nil
			}}, nil
	}
	for i, a := range args {
		if !isString(a.DataType()) {
			if !isAtomicNonString(a.DataType()) {
				return nil, unexpectedInputType("concat("+sqlList(args)+")", ordinal(i+1), a.SQL(), a.DataType(), `("STRING" or "BINARY" or "ARRAY")`)
			}
			args[i] = castTo(a, sqltypes.String)
		}
	}
	return &boundFunc{name: "concat", args: args, typ: sqltypes.String, nullable: nullable, nullIntolerant: true,
		fn: func(_ *EvalContext, vals []any) (any, error) {
			var s strings.Builder
			for _, v := range vals {
				s.WriteString(v.(string))
			}
			return s.String(), nil
		}}, nil
}

func bindCoalesce(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 0 {
		return nil, wrongArgs("coalesce", "> 0", 0)
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	var t sqltypes.DataType = sqltypes.Null
	nullable := true
	for _, a := range args {
		nt, ok := comparisonType(t, a.DataType())
		if !ok {
			types := make([]string, len(args))
			for i, a := range args {
				types[i] = quoteSQL(a.DataType().SQL())
			}
			return nil, mismatch("DATA_DIFF_TYPES", "functionName", "`coalesce`", "dataType", "("+strings.Join(types, " or ")+")",
				"sqlExpr", quoteSQL("coalesce("+sqlList(args)+")"))
		}
		t = nt
		if !a.Nullable() {
			nullable = false
		}
	}
	for i := range args {
		args[i] = castTo(args[i], t)
	}
	return &boundFunc{name: "coalesce", args: args, typ: t, nullable: nullable,
		fn: func(_ *EvalContext, vals []any) (any, error) {
			for _, v := range vals {
				if v != nil {
					return v, nil
				}
			}
			return nil, nil
		}}, nil
}

func bindCurrentTimestamp(_ *resolver, c Call) (Bound, error) {
	if len(c.Args) != 0 {
		return nil, wrongArgs("current_timestamp", "0", len(c.Args))
	}
	return &boundFunc{name: strings.ToLower(c.Name), typ: sqltypes.TimestampT, volatile: true,
		fn: func(ec *EvalContext, _ []any) (any, error) { return ec.Now, nil }}, nil
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// concatArrays is concat over arrays: their elements in order, NULL when one is NULL.
func concatArrays(args []Bound) (Bound, error) {
	cast, t, err := commonType("concat", args)
	if err != nil {
		return nil, err
	}
	return fnN("concat", cast, t, func(_ *EvalContext, v []any) (any, error) {
		out := []any{}
		for _, x := range v {
			out = append(out, x.([]any)...)
		}
		return out, nil
	}).withSQL(sqlOf(args)...), nil
}
