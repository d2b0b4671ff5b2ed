package plan

import (
	"fmt"
	"math"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// xpath, xpath_boolean, xpath_short/int/long, xpath_float/double/number and xpath_string:
// an XPath 1.0 expression (a constant) evaluated over an XML string per row. A NULL or
// empty document gives NULL; a document that is not well-formed XML fails the query, as
// Spark's DOM parser does.

func init() {
	for _, name := range []string{"xpath", "xpath_boolean", "xpath_short", "xpath_int", "xpath_long",
		"xpath_float", "xpath_double", "xpath_number", "xpath_string"} {
		register(xpathBinder(name), name)
	}
}

func xpathResultType(name string) sqltypes.DataType {
	switch name {
	case "xpath":
		return sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: true}
	case "xpath_boolean":
		return sqltypes.Boolean
	case "xpath_short":
		return sqltypes.Short
	case "xpath_int":
		return sqltypes.Integer
	case "xpath_long":
		return sqltypes.Long
	case "xpath_float":
		return sqltypes.Float
	case "xpath_string":
		return sqltypes.String
	}
	return sqltypes.Double
}

// javaDoubleToInt is Java's (int) d (Double.intValue), saturating at the int range.
func javaDoubleToInt(f float64) int32 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

func xpathBinder(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inString, inString)
		if err != nil {
			return nil, err
		}
		pv, ok := literalArg(args[1])
		if !ok {
			return nil, nonFoldable("path", `"STRING"`, args[1], callSQL(name, args))
		}
		typ := xpathResultType(name)
		var expr xexpr
		var compileErr error
		if pv != nil && pv.(string) != "" {
			path := pv.(string)
			if expr, err = compileXPath(path); err != nil {
				// Spark compiles the path when the first row is evaluated, outside its error
				// conditions: PySpark surfaces the RuntimeException as a Py4JJavaError.
				compileErr = jvmException(fmt.Sprintf("java.lang.RuntimeException: Invalid XPath '%s': %v", path, err))
			}
		}
		return fn1(name, args[0], typ, func(_ *EvalContext, a any) (any, error) {
			doc := a.(string)
			// an empty document or path is NULL before the path is compiled, as in Spark
			if doc == "" || pv == nil || pv.(string) == "" {
				return nil, nil
			}
			if compileErr != nil {
				return nil, compileErr
			}
			v, err := evalXPath(doc, expr)
			if err != nil {
				// Spark 4.2 words a malformed document as a failure to load the expression.
				return nil, jvmException(fmt.Sprintf("java.lang.RuntimeException: Error loading expression '%s' (the document is not well-formed XML: %v)", pv, err))
			}
			return xpathResult(name, v)
		}).withNullable(true).withSQL(args[0].SQL(), args[1].SQL()), nil
	}
}

func xpathResult(name string, v xvalue) (any, error) {
	switch name {
	case "xpath":
		set, ok := v.([]*xnode)
		if !ok {
			return nil, jvmException("java.lang.RuntimeException: the XPath expression does not give a node-set: xpath() needs one (use xpath_string or xpath_double for a value)")
		}
		out := make([]any, len(set))
		for i, n := range set {
			out[i] = n.nodeValue()
		}
		return out, nil
	case "xpath_boolean":
		return xToBool(v), nil
	case "xpath_string":
		return xToString(v), nil
	}
	f := xToNumber(v)
	switch name {
	case "xpath_short":
		return int16(javaDoubleToInt(f)), nil
	case "xpath_int":
		return javaDoubleToInt(f), nil
	case "xpath_long":
		return javaDoubleToLong(f), nil
	case "xpath_float":
		return float32(f), nil
	}
	return f, nil
}
