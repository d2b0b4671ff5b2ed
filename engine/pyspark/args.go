package pyspark

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Argument readers with PySpark's errors (NOT_EXPECTED_TYPE), and the attribute error of
// a binding class.

// asString reads the str argument named arg.
func asString(arg string, o py.Object) (string, error) {
	s, ok := o.(py.String)
	if !ok {
		return "", notExpectedTypeArgFirst(arg, "str", o)
	}
	return string(s), nil
}

func asBool(o py.Object, def bool) (bool, error) {
	if o == nil {
		return def, nil
	}
	b, err := py.MakeBool(o)
	if err != nil {
		return false, err
	}
	return b == py.True, nil
}

// asInt reads the int argument named arg (def when it is not given).
func asInt(arg string, o py.Object, def int) (int, error) {
	if o == nil {
		return def, nil
	}
	switch x := o.(type) {
	case py.Int:
		return int(x), nil
	case py.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	}
	return 0, notExpectedTypeArgFirst(arg, "int", o)
}

// strList flattens string arguments given as f("a", "b") or f(["a", "b"]); arg names
// them in the error for anything else.
func strList(arg string, args py.Tuple) ([]string, error) {
	var out []string
	for _, a := range args {
		switch x := a.(type) {
		case py.String:
			out = append(out, string(x))
		case *py.List:
			s, err := strList(arg, x.Items)
			if err != nil {
				return nil, err
			}
			out = append(out, s...)
		case py.Tuple:
			s, err := strList(arg, x)
			if err != nil {
				return nil, err
			}
			out = append(out, s...)
		default:
			return nil, notExpectedTypeArgFirst(arg, "str", a)
		}
	}
	return out, nil
}

// hints says what to use instead of PySpark APIs kafkalab leaves out.
var hints = map[string]string{
	"DataFrame.toPandas":         "use collect() or show()",
	"DataFrame.foreach":          "use collect() and a for loop",
	"DataFrame.foreachPartition": "use collect() and a for loop",
}

// missingAttr is the error for an attribute a binding class does not have: a PySpark
// API kafkalab leaves out says so (and what to use), anything else is Python's
// AttributeError with the nearest existing name.
func missingAttr(class, name string) (py.Object, error) {
	if strings.HasPrefix(name, "__") {
		return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'", class, name)
	}
	api := class + "." + name
	if hint, ok := hints[api]; ok || isPySparkAPI(class, name) {
		if !ok {
			hint = "this PySpark API is not in kafkalab yet; run the script on real Spark with `kafkalab export`"
		}
		return nil, python.Unsupported(api, hint)
	}
	short := class[strings.LastIndex(class, ".")+1:]
	if near := nearestName(class, name); near != "" {
		return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'. Did you mean: '%s'?", short, name, near)
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'", short, name)
}
