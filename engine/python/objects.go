package python

import (
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Helpers to define Python classes backed by Go types.

// DefMethod adds a method to a class; panics in f become Python exceptions.
func DefMethod(t *py.Type, name string, f func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
	t.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (res py.Object, err error) {
		defer Recover(&err)
		return f(self, args, kwargs)
	}, 0, "")
}

// DefProp adds a read-only attribute to a class.
func DefProp(t *py.Type, name string, get func(self py.Object) (py.Object, error)) {
	t.Dict[name] = &py.Property{Fget: func(self py.Object) (res py.Object, err error) {
		defer Recover(&err)
		return get(self)
	}}
}

// ParseArgs parses positional and keyword arguments against names; the first `required`
// are mandatory. Missing optional ones are nil.
func ParseArgs(fn string, args py.Tuple, kwargs py.StringDict, names []string, required int) ([]py.Object, error) {
	out := make([]py.Object, len(names))
	if len(args) > len(names) {
		return nil, py.ExceptionNewf(py.TypeError, "%s() takes at most %d arguments (%d given)", fn, len(names), len(args))
	}
	copy(out, args)
	for k, v := range kwargs {
		found := false
		for i, n := range names {
			if n == k {
				if i < len(args) {
					return nil, py.ExceptionNewf(py.TypeError, "%s() got multiple values for argument '%s'", fn, k)
				}
				out[i] = v
				found = true
				break
			}
		}
		if !found {
			return nil, py.ExceptionNewf(py.TypeError, "%s() got an unexpected keyword argument '%s'", fn, k)
		}
	}
	for i := 0; i < required; i++ {
		if out[i] == nil {
			return nil, py.ExceptionNewf(py.TypeError, "%s() missing required argument '%s'", fn, names[i])
		}
	}
	return out, nil
}

// intArg reads an optional int argument (def when absent), as CPython's builtins do.
func intArg(o py.Object, def int) (int, error) {
	switch x := o.(type) {
	case nil:
		return def, nil
	case py.Int:
		return int(x), nil
	case py.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	}
	return 0, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", o.Type().Name)
}
