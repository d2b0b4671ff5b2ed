package pyerrors

import (
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

func method(name string, f func(self *py.Exception, args py.Tuple, kwargs py.StringDict) (py.Object, error)) *py.Method {
	return py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		e, ok := self.(*py.Exception)
		if !ok && len(args) > 0 {
			// Called as a plain function (the interpreter's str() and __init__ calls
			// pass the instance first).
			if e, ok = args[0].(*py.Exception); ok {
				args = args[1:]
			}
		}
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "descriptor '%s' requires a 'PySparkException' object but received a '%s'", name, self.Type().Name)
		}
		return f(e, args, kwargs)
	}, 0, "")
}

// attr reads an instance attribute PySpark's methods use, failing as CPython does when a
// subclass's __init__ never set it.
func attr(e *py.Exception, name string) (py.Object, error) {
	if v, ok := e.Dict[name]; ok {
		return v, nil
	}
	if fromArgs(e) {
		if v, ok := e.Dict[name]; ok {
			return v, nil
		}
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'", e.Base.Name, name)
}

// fromArgs fills the attributes of an instance a binding made with only a message
// (py.ExceptionNewf(PySparkTypeError, "[CLASS] text")): the condition in brackets, if any,
// and the text.
func fromArgs(e *py.Exception) bool {
	args, _ := e.Args.(py.Tuple)
	if len(args) != 1 {
		return false
	}
	s, ok := args[0].(py.String)
	if !ok {
		return false
	}
	text := string(s)
	var class py.Object = py.None
	var params py.Object = py.None
	if strings.HasPrefix(text, "[") {
		if end := strings.Index(text, "] "); end > 1 && !strings.ContainsAny(text[1:end], " \n") {
			c := text[1:end]
			text = text[end+2:]
			class = py.String(c)
			se := &sparkerrors.Error{Class: c, Message: text, Kind: sparkerrors.PySparkValueError}
			if _, _, ok := sparkerrors.Template(c); ok && !e.Base.IsSubtype(py.TypeError) && !e.Base.IsSubtype(py.ValueError) {
				se.Kind = sparkerrors.AnalysisException
			}
			params = paramsDict(se.Parameters())
		}
	}
	e.Dict[attrClass] = class
	e.Dict[attrParams] = params
	e.Dict[attrMessage] = py.String(text)
	if _, ok := e.Dict[attrDesc]; !ok {
		e.Dict[attrDesc] = s
	}
	if _, ok := e.Dict[attrFull]; !ok {
		e.Dict[attrFull] = s
	}
	if _, ok := e.Dict[attrState]; !ok {
		e.Dict[attrState] = py.None
	}
	return true
}

func noArgs(name string, args py.Tuple, kwargs py.StringDict) error {
	if len(args) != 0 || len(kwargs) != 0 {
		return py.ExceptionNewf(py.TypeError, "%s() takes 1 positional argument but %d were given", name, len(args)+len(kwargs)+1)
	}
	return nil
}

func getter(name string, f func(e *py.Exception) (py.Object, error)) *py.Method {
	return method(name, func(e *py.Exception, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if err := noArgs(name, args, kwargs); err != nil {
			return nil, err
		}
		return f(e)
	})
}

// baseMethods are PySparkException's methods (pyspark.errors.exceptions.base).
func baseMethods() py.StringDict {
	condition := func(e *py.Exception) (py.Object, error) { return attr(e, attrClass) }
	message := func(e *py.Exception) (py.Object, error) {
		c, err := attr(e, attrClass)
		if err != nil {
			return nil, err
		}
		m, err := attr(e, attrMessage)
		if err != nil {
			return nil, err
		}
		cs, err := py.StrAsString(c)
		if err != nil {
			return nil, err
		}
		ms, err := py.StrAsString(m)
		if err != nil {
			return nil, err
		}
		return py.String("[" + cs + "] " + ms), nil
	}
	return py.StringDict{
		"__init__":      method("__init__", initException),
		"getCondition":  getter("getCondition", condition),
		"getErrorClass": getter("getErrorClass", condition),
		"getMessageParameters": getter("getMessageParameters", func(e *py.Exception) (py.Object, error) {
			return attr(e, attrParams)
		}),
		"getSqlState": getter("getSqlState", func(e *py.Exception) (py.Object, error) {
			c, err := attr(e, attrClass)
			if err != nil {
				return nil, err
			}
			if s, ok := c.(py.String); ok {
				if st := sparkerrors.PySparkSQLState(string(s)); st != "" {
					return py.String(st), nil
				}
			}
			return py.None, nil
		}),
		"getMessage": getter("getMessage", message),
		"getQueryContext": getter("getQueryContext", func(e *py.Exception) (py.Object, error) {
			if v, ok := e.Dict["_contexts"]; ok && v != py.None {
				return v, nil
			}
			return py.NewList(), nil
		}),
		"getBreakingChangeInfo": getter("getBreakingChangeInfo", func(e *py.Exception) (py.Object, error) { return py.None, nil }),
		"__str__": getter("__str__", func(e *py.Exception) (py.Object, error) {
			c, err := attr(e, attrClass)
			if err != nil {
				return nil, err
			}
			if c != py.None {
				return message(e)
			}
			m, err := attr(e, attrMessage)
			if err != nil {
				return nil, err
			}
			return py.Str(m)
		}),
	}
}

// initException is PySparkException.__init__(message=None, errorClass=None,
// messageParameters=None, contexts=None): without a message, the condition's template in
// PySpark's catalog words it.
func initException(e *py.Exception, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	names := []string{"message", "errorClass", "messageParameters", "contexts"}
	vals := make([]py.Object, len(names))
	if len(args) > len(names) {
		return nil, py.ExceptionNewf(py.TypeError, "__init__() takes from 1 to 5 positional arguments but %d were given", len(args)+1)
	}
	copy(vals, args)
	for k, v := range kwargs {
		i := -1
		for j, n := range names {
			if n == k {
				i = j
			}
		}
		if i < 0 {
			return nil, py.ExceptionNewf(py.TypeError, "__init__() got an unexpected keyword argument '%s'", k)
		}
		if i < len(args) {
			return nil, py.ExceptionNewf(py.TypeError, "__init__() got multiple values for argument '%s'", k)
		}
		vals[i] = v
	}
	for i := range vals {
		if vals[i] == nil {
			vals[i] = py.None
		}
	}
	message, class, params, contexts := vals[0], vals[1], vals[2], vals[3]
	if message == py.None {
		text, err := renderPySpark(class, params)
		if err != nil {
			return nil, err
		}
		message = py.String(text)
	}
	if contexts == py.None {
		contexts = py.NewList()
	}
	e.Dict[attrMessage] = message
	e.Dict[attrClass] = class
	e.Dict[attrParams] = params
	e.Dict["_contexts"] = contexts
	return py.None, nil
}

// renderPySpark is PySpark's ErrorClassesReader.get_error_message.
func renderPySpark(class, params py.Object) (string, error) {
	cs, ok := class.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "errorClass must be a str when no message is given, not %s", class.Type().Name)
	}
	tmpl, _, found := sparkerrors.PySparkTemplate(string(cs))
	if !found {
		main, _, _ := strings.Cut(string(cs), ".")
		return "", py.ExceptionNewf(py.ValueError, "Cannot find main error class '%s'", main)
	}
	var ps []sparkerrors.Param
	given := map[string]bool{}
	if params != py.None {
		var items []py.Object
		switch d := params.(type) {
		case *py.Dict:
			items = d.Items()
		case py.StringDict:
			keys := make([]string, 0, len(d))
			for k := range d {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				items = append(items, py.Tuple{py.String(k), d[k]})
			}
		default:
			return "", py.ExceptionNewf(py.TypeError, "messageParameters must be a dict, not %s", params.Type().Name)
		}
		for _, it := range items {
			kv := it.(py.Tuple)
			k, err := py.StrAsString(kv[0])
			if err != nil {
				return "", err
			}
			v, err := py.StrAsString(kv[1])
			if err != nil {
				return "", err
			}
			ps = append(ps, sparkerrors.Param{Name: k, Value: v})
			given[k] = true
		}
	}
	want := sparkerrors.Placeholders(tmpl)
	same := len(want) == len(given)
	for _, n := range want {
		same = same && given[n]
	}
	if !same {
		r, _ := py.ReprAsString(params)
		return "", py.ExceptionNewf(py.AssertionError, "Undefined error message parameter for error class: %s. Parameters: %s", string(cs), r)
	}
	return sparkerrors.Render(tmpl, ps), nil
}

// capturedMethods are CapturedException's: the engine's error as Spark words it.
func capturedMethods() py.StringDict {
	condition := func(e *py.Exception) (py.Object, error) { return attr(e, attrClass) }
	return py.StringDict{
		"getCondition":  getter("getCondition", condition),
		"getErrorClass": getter("getErrorClass", condition),
		"getMessageParameters": getter("getMessageParameters", func(e *py.Exception) (py.Object, error) {
			p, err := attr(e, attrParams)
			if err != nil || p == py.None {
				return p, err
			}
			if d, ok := p.(*py.Dict); ok {
				return d.Copy(), nil // PySpark builds a new dict at each call
			}
			return p, nil
		}),
		"getSqlState": getter("getSqlState", func(e *py.Exception) (py.Object, error) {
			if c, _ := e.Dict[attrClass].(py.String); c == "" {
				return py.None, nil
			}
			return attr(e, attrState)
		}),
		"getMessage": getter("getMessage", func(e *py.Exception) (py.Object, error) {
			if c, _ := e.Dict[attrClass].(py.String); c == "" {
				return py.String(""), nil
			}
			return attr(e, attrFull)
		}),
		"getQueryContext": getter("getQueryContext", func(e *py.Exception) (py.Object, error) { return py.NewList(), nil }),
		"__str__": getter("__str__", func(e *py.Exception) (py.Object, error) {
			return attr(e, attrDesc)
		}),
	}
}
