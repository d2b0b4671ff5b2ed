package python

import (
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// installExtraBuiltins adds the helpers the f-string rewrite (fstring.go) calls; the
// interpreter itself (engine/python) has CPython's builtins, str, list and dict.
func installExtraBuiltins(g py.StringDict) {
	add := func(name string, f any, doc string) { g[name] = py.MustNewMethod(name, f, 0, doc) }
	add("__kl_format__", func(self py.Object, args py.Tuple) (py.Object, error) {
		var v, spec py.Object = nil, py.String("")
		if err := py.UnpackTuple(args, nil, "format", 1, 2, &v, &spec); err != nil {
			return nil, err
		}
		s, ok := spec.(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "format spec must be a str")
		}
		out, err := py.Format(v, string(s))
		return py.String(out), err
	}, "f-string support")
	add("__kl_repr__", func(self, o py.Object) (py.Object, error) {
		s, err := py.ReprString(o)
		return py.String(s), err
	}, "f-string support")
	add("__kl_str__", func(self, o py.Object) (py.Object, error) {
		s, err := py.StrAsString(o)
		return py.String(s), err
	}, "f-string support")
}

// SeqItems are the items of a tuple or list (ok false for anything else).
func SeqItems(o py.Object) ([]py.Object, bool) {
	switch x := o.(type) {
	case py.Tuple:
		return x, true
	case *py.List:
		return x.Items, true
	}
	return nil, false
}
