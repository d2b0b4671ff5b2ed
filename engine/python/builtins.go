package pyspark

import (
	"strings"

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

func seqItems(o py.Object) ([]py.Object, bool) {
	switch x := o.(type) {
	case py.Tuple:
		return x, true
	case *py.List:
		return x.Items, true
	}
	return nil, false
}

// padNumber aligns a formatted number as format() does for numbers (right, or '<',
// '^', '=' with a fill).
func padNumber(s string, fs py.FormatSpec) string {
	n := fs.Width - len([]rune(s))
	if n <= 0 {
		return s
	}
	fill := string(fs.Fill)
	align := fs.Align
	if fs.Zero && align == 0 {
		fill, align = "0", '='
	}
	switch align {
	case '<':
		return s + strings.Repeat(fill, n)
	case '^':
		return strings.Repeat(fill, n/2) + s + strings.Repeat(fill, n-n/2)
	case '=':
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, " ") {
			return s[:1] + strings.Repeat(fill, n) + s[1:]
		}
	}
	return strings.Repeat(fill, n) + s
}
