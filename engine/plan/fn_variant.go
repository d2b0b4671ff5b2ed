package plan

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark 4's VARIANT functions: parse_json and try_parse_json make a variant of JSON text;
// variant_get and try_variant_get read a path out of one and cast it; is_variant_null,
// schema_of_variant and schema_of_variant_agg look at its type.
func init() {
	register(bindParseJSON(true), "parse_json")
	register(bindParseJSON(false), "try_parse_json")
	register(bindVariantGet(true), "variant_get")
	register(bindVariantGet(false), "try_variant_get")
	register(bindIsVariantNull, "is_variant_null")
	register(bindIsValidVariant, "is_valid_variant")
	register(bindSchemaOfVariant, "schema_of_variant")
	registerAgg(bindSchemaOfVariantAgg, "schema_of_variant_agg")
}

// variantArg checks that argument i of a variant function is a VARIANT (Spark's
// ExpectsInputTypes check, as UNEXPECTED_INPUT_TYPE).
func variantArg(name string, args []Bound, i int) error {
	if _, ok := args[i].DataType().(sqltypes.VariantType); ok {
		return nil
	}
	if _, ok := args[i].DataType().(sqltypes.NullType); ok {
		return nil
	}
	return unexpectedInputType(callSQL(name, args), ordinalWord(i), args[i].SQL(), args[i].DataType(), `"VARIANT"`)
}

// variantError turns the sqltypes errors into the exceptions Spark raises for them.
func variantError(err error) error {
	var dup *sqltypes.VariantDuplicateKeyError
	var cast *sqltypes.InvalidVariantCastError
	switch {
	case errors.As(err, &dup):
		return sparkerrors.New(sparkerrors.SparkRuntimeException, "VARIANT_DUPLICATE_KEY", "key", dup.Key)
	case errors.As(err, &cast):
		return sparkerrors.New(sparkerrors.SparkRuntimeException, "INVALID_VARIANT_CAST", "value", cast.JSON, "dataType", `"`+cast.To.SQL()+`"`)
	case errors.Is(err, sqltypes.ErrMalformedVariant):
		return sparkerrors.New(sparkerrors.SparkRuntimeException, "MALFORMED_VARIANT")
	}
	return err
}

// bindParseJSON is parse_json(str) (an error for text that is not JSON) and try_parse_json
// (NULL instead). A duplicate key is an error for both, as in Spark.
func bindParseJSON(failOnError bool) binder {
	name := "try_parse_json"
	if failOnError {
		name = "parse_json"
	}
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inString)
		if err != nil {
			return nil, err
		}
		f := fn1(name, args[0], sqltypes.VariantT, func(_ *EvalContext, a any) (any, error) {
			v, err := sqltypes.ParseJSONVariant(a.(string))
			var syntax *sqltypes.JSONSyntaxError
			switch {
			case err == nil:
				return v, nil
			case !failOnError:
				// try_parse_json gives NULL for a duplicate key too, as Spark 4.2 does.
				return nil, nil
			case errors.As(err, &syntax):
				return nil, sparkerrors.New(sparkerrors.SparkException, "MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION",
					"badRecord", a.(string), "failFastMode", "FAILFAST")
			}
			var dup *sqltypes.VariantDuplicateKeyError
			if errors.As(err, &dup) {
				// PySpark 4.2 gets this one as a Py4JJavaError, not a captured SparkRuntimeException.
				return nil, jvmException("org.apache.spark.SparkRuntimeException: " + dup.Error())
			}
			return nil, variantError(err)
		})
		if !failOnError {
			f = f.withNullable(true)
		}
		return f, nil
	}
}

// variantPathStep is one step of a variant_get path: a key, or an index when key is unset.
type variantPathStep struct {
	key   string
	isKey bool
	index int
}

// parseVariantPath reads a path as Spark's VariantPathParser: "$" then any number of .name,
// ['name'], ["name"] or [index] steps.
func parseVariantPath(p string) ([]variantPathStep, bool) {
	if !strings.HasPrefix(p, "$") {
		return nil, false
	}
	var steps []variantPathStep
	s := p[1:]
	for s != "" {
		switch {
		case s[0] == '.':
			n := strings.IndexAny(s[1:], ".[")
			if n < 0 {
				n = len(s) - 1
			}
			if n == 0 {
				return nil, false
			}
			steps = append(steps, variantPathStep{key: s[1 : 1+n], isKey: true})
			s = s[1+n:]
		case strings.HasPrefix(s, "['") || strings.HasPrefix(s, `["`):
			q := s[1]
			end := strings.IndexByte(s[2:], q)
			if end <= 0 || !strings.HasPrefix(s[2+end:], string(q)+"]") || strings.ContainsAny(s[2:2+end], "?") {
				return nil, false
			}
			steps = append(steps, variantPathStep{key: s[2 : 2+end], isKey: true})
			s = s[2+end+2:]
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			if end < 2 {
				return nil, false
			}
			digits := s[1:end]
			for _, c := range digits {
				if c < '0' || c > '9' {
					return nil, false
				}
			}
			i, err := strconv.Atoi(digits)
			if err != nil || i > 1<<31-1 {
				return nil, false
			}
			steps = append(steps, variantPathStep{index: i})
			s = s[end+1:]
		default:
			return nil, false
		}
	}
	return steps, true
}

// bindVariantGet is variant_get(v, path[, type]) and try_variant_get: the value at path cast
// to type (VARIANT when left out); a missing path is NULL, a failed cast an error
// (variant_get) or NULL (try_variant_get).
func bindVariantGet(failOnError bool) binder {
	name := "try_variant_get"
	if failOnError {
		name = "variant_get"
	}
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 3)
		if err != nil {
			return nil, err
		}
		if err := variantArg(name, args, 0); err != nil {
			return nil, err
		}
		var target sqltypes.DataType = sqltypes.VariantT
		if len(args) == 3 {
			v, ok := literalArg(args[2])
			s, isString := v.(string)
			if !ok || !isString {
				return nil, sparkerrors.New(sparkerrors.AnalysisException, "INVALID_SCHEMA.NON_STRING_LITERAL", "inputSchema", quoteSQL(args[2].SQL()))
			}
			if target, err = sqltypes.ParseDataType(s); err != nil {
				return nil, err
			}
		}
		pathArgs := args[:2]
		if _, ok := args[1].DataType().(sqltypes.StringType); !ok {
			return nil, unexpectedInputType(callSQL(name, pathArgs), "second", args[1].SQL(), args[1].DataType(), `"STRING"`)
		}
		if !sqltypes.CanCastVariant(target) {
			return nil, mismatch("CAST_WITHOUT_SUGGESTION", "srcType", `"VARIANT"`, "targetType", quoteSQL(target.SQL()),
				"sqlExpr", quoteSQL(callSQL(name, pathArgs)))
		}
		// A constant path is read once; a path from a column (Spark 4.2) row by row.
		pv, constant := literalArg(args[1])
		constPath, _ := pv.(string)
		constSteps, constOK := parseVariantPath(constPath)
		f := fn2(name, args[0], args[1], target, func(ec *EvalContext, a, p any) (any, error) {
			path, steps, pathOK := constPath, constSteps, constOK
			if !constant {
				path = p.(string)
				steps, pathOK = parseVariantPath(path)
			}
			if !pathOK {
				return nil, sparkerrors.New(sparkerrors.SparkRuntimeException, "INVALID_VARIANT_GET_PATH", "path", path, "functionName", "`"+name+"`")
			}
			ref := a.(sqltypes.VariantVal).Ref()
			for _, st := range steps {
				kind, err := ref.Kind()
				if err != nil {
					return nil, variantError(err)
				}
				var found bool
				switch {
				case st.isKey && kind == sqltypes.VariantKindObject:
					ref, found, err = ref.Field(st.key)
				case !st.isKey && kind == sqltypes.VariantKindArray:
					var els []sqltypes.VariantRef
					els, err = ref.Elements()
					if found = err == nil && st.index < len(els); found {
						ref = els[st.index]
					}
				}
				if err != nil {
					return nil, variantError(err)
				}
				if !found {
					return nil, nil
				}
			}
			v, err := sqltypes.CastVariant(ref, target, ec.Location, failOnError)
			if err != nil {
				return nil, variantError(err)
			}
			return v, nil
		}).withNullable(true)
		return f, nil
	}
}

// bindIsValidVariant is is_valid_variant(v) (Spark 4.2): whether the variant's bytes are
// well formed, which kafkalab checks by reading every value of it (as to_json does).
func bindIsValidVariant(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	if err := variantArg("is_valid_variant", args, 0); err != nil {
		return nil, err
	}
	return fn1("is_valid_variant", args[0], sqltypes.Boolean, func(_ *EvalContext, a any) (any, error) {
		v, ok := a.(sqltypes.VariantVal)
		if !ok {
			return false, nil
		}
		_, err := v.JSON(time.UTC)
		return err == nil, nil
	}), nil
}

// bindIsVariantNull is is_variant_null(v): true only for a variant null (false for SQL NULL).
func bindIsVariantNull(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	if err := variantArg("is_variant_null", args, 0); err != nil {
		return nil, err
	}
	return &boundFunc{name: "is_variant_null", args: args, typ: sqltypes.Boolean,
		fn1: func(_ *EvalContext, a any) (any, error) {
			v, ok := a.(sqltypes.VariantVal)
			if !ok {
				return false, nil
			}
			kind, err := v.Ref().Kind()
			if err != nil {
				return nil, variantError(err)
			}
			return kind == sqltypes.VariantKindNull, nil
		}}, nil
}

// variantSchemaSQL prints a schema_of_variant type as Spark 4.2 does: objects as
// OBJECT<name: TYPE, ...>, the rest in their SQL spelling.
func variantSchemaSQL(t sqltypes.DataType) string {
	switch t := t.(type) {
	case *sqltypes.StructType:
		parts := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = sqltypes.QuoteIfNeeded(f.Name) + ": " + variantSchemaSQL(f.Type)
		}
		return "OBJECT<" + strings.Join(parts, ", ") + ">"
	case sqltypes.ArrayType:
		return "ARRAY<" + variantSchemaSQL(t.Element) + ">"
	}
	return t.SQL()
}

func bindSchemaOfVariant(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	if err := variantArg("schema_of_variant", args, 0); err != nil {
		return nil, err
	}
	return fn1("schema_of_variant", args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
		t, err := sqltypes.VariantSchema(a.(sqltypes.VariantVal).Ref())
		if err != nil {
			return nil, variantError(err)
		}
		return variantSchemaSQL(t), nil
	}), nil
}

// bindSchemaOfVariantAgg is schema_of_variant_agg(v): the merged schema of a group's
// variants (VOID for none), never NULL.
func bindSchemaOfVariantAgg(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 1, 1); err != nil {
		return nil, err
	}
	if err := variantArg("schema_of_variant_agg", args, 0); err != nil {
		return nil, err
	}
	return &aggDef{name: "schema_of_variant_agg", args: args, typ: sqltypes.String,
		newAcc: func() accumulator { return &variantSchemaAcc{t: sqltypes.Null} }}, nil
}

type variantSchemaAcc struct{ t sqltypes.DataType }

func (a *variantSchemaAcc) add(_ *EvalContext, v any) error {
	vv, ok := v.(sqltypes.VariantVal)
	if !ok {
		return nil
	}
	t, err := sqltypes.VariantSchema(vv.Ref())
	if err != nil {
		return variantError(err)
	}
	a.t = sqltypes.MergeVariantSchema(a.t, t)
	return nil
}

func (a *variantSchemaAcc) result(*EvalContext) (any, error) { return variantSchemaSQL(a.t), nil }
