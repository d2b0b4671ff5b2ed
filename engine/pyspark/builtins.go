package pyspark

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-python/gpython/py"
)

// gpython's library surface is thin: str has a handful of methods, list and dict lack
// common ones, and some builtins are missing. This file fills what course scripts and
// learners' everyday Python need. Type dictionaries are global in gpython, so the
// methods are added once, at init.

func init() {
	addStringMethods()
	addListMethods()
	addDictMethods()
	py.BytesType.Dict["decode"] = py.MustNewMethod("decode", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		b := self.(py.Bytes)
		if !utf8.Valid(b) {
			return nil, py.ExceptionNewf(py.ValueError, "'utf-8' codec can't decode the bytes")
		}
		return py.String(string(b)), nil
	}, 0, "decode(encoding='utf-8') -> str")
	py.BoolType.New = func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		var x py.Object = py.False
		if err := py.UnpackTuple(args, kwargs, "bool", 0, 1, &x); err != nil {
			return nil, err
		}
		return py.MakeBool(x)
	}
}

// installExtraBuiltins adds builtins gpython lacks to an interpreter's builtins module.
func installExtraBuiltins(g py.StringDict) {
	add := func(name string, f any, doc string) { g[name] = py.MustNewMethod(name, f, 0, doc) }
	add("__kl_format__", builtinFormat, "f-string support")
	add("sorted", builtinSorted, "sorted(iterable, key=None, reverse=False) -> new sorted list")
	add("__kl_repr__", func(self, o py.Object) (py.Object, error) { return py.Repr(o) }, "f-string support")
	add("__kl_str__", func(self, o py.Object) (py.Object, error) { return py.Str(o) }, "f-string support")
	add("format", func(self py.Object, args py.Tuple) (py.Object, error) {
		var v, spec py.Object = nil, py.String("")
		if err := py.UnpackTuple(args, nil, "format", 1, 2, &v, &spec); err != nil {
			return nil, err
		}
		return builtinFormat(nil, py.Tuple{v, spec})
	}, "format(value, format_spec='') -> str")
	add("reversed", func(self, o py.Object) (py.Object, error) {
		var items []py.Object
		if err := py.Iterate(o, func(x py.Object) bool { items = append(items, x); return false }); err != nil {
			return nil, err
		}
		for i, j := 0, len(items)-1; i < j; i, j = i+1, j-1 {
			items[i], items[j] = items[j], items[i]
		}
		return py.NewIterator(py.Tuple(items)), nil
	}, "reversed(sequence) -> reverse iterator")
	add("callable", func(self, o py.Object) (py.Object, error) {
		switch o.(type) {
		case *py.Function, *py.Method, *py.BoundMethod, *py.Type:
			return py.True, nil
		}
		_, ok := o.(py.I__call__)
		return py.NewBool(ok), nil
	}, "callable(obj) -> bool")
	add("property", func(self, fget py.Object) (py.Object, error) {
		return &py.Property{Fget: func(inst py.Object) (py.Object, error) { return py.Call(fget, py.Tuple{inst}, nil) }}, nil
	}, "property(fget) -> read-only property")
	add("issubclass", func(self py.Object, args py.Tuple) (py.Object, error) {
		var a, b py.Object
		if err := py.UnpackTuple(args, nil, "issubclass", 2, 2, &a, &b); err != nil {
			return nil, err
		}
		at, ok := a.(*py.Type)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "issubclass() arg 1 must be a class")
		}
		bs := py.Tuple{b}
		if t, ok := b.(py.Tuple); ok {
			bs = t
		}
		for _, x := range bs {
			if bt, ok := x.(*py.Type); ok && at.IsSubtype(bt) {
				return py.True, nil
			}
		}
		return py.False, nil
	}, "issubclass(cls, classinfo) -> bool")
	add("dir", func(self py.Object, args py.Tuple) (py.Object, error) {
		if len(args) == 0 {
			return py.NewList(), nil
		}
		seen := map[string]bool{}
		if d, ok := args[0].(py.IGetDict); ok {
			for k := range d.GetDict() {
				seen[k] = true
			}
		}
		for t := args[0].Type(); t != nil; t = t.Base {
			for k := range t.Dict {
				seen[k] = true
			}
		}
		names := make([]string, 0, len(seen))
		for k := range seen {
			names = append(names, k)
		}
		sort.Strings(names)
		return py.NewListFromStrings(names), nil
	}, "dir(obj) -> sorted attribute names")
	add("hash", func(self, o py.Object) (py.Object, error) {
		s, err := py.ReprAsString(o)
		if err != nil {
			return nil, err
		}
		var h int64 = 1469598103934665603
		for i := 0; i < len(s); i++ {
			h = (h ^ int64(s[i])) * 1099511628211
		}
		return py.Int(h), nil
	}, "hash(obj) -> int")
}

func selfStr(self py.Object) string { return string(self.(py.String)) }

func strArg(args py.Tuple, i int, name string) (string, error) {
	if i >= len(args) {
		return "", py.ExceptionNewf(py.TypeError, "%s() missing an argument", name)
	}
	s, ok := args[i].(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "%s() argument must be str, not %s", name, args[i].Type().Name)
	}
	return string(s), nil
}

func addStringMethods() {
	d := py.StringType.Dict
	simple := func(name string, f func(string) string) {
		d[name] = py.MustNewMethod(name, func(self py.Object) (py.Object, error) { return py.String(f(selfStr(self))), nil }, 0, "str."+name+"()")
	}
	pred := func(name string, f func(rune) bool, needCased bool) {
		d[name] = py.MustNewMethod(name, func(self py.Object) (py.Object, error) {
			s := selfStr(self)
			if s == "" {
				return py.False, nil
			}
			for _, r := range s {
				if !f(r) {
					return py.False, nil
				}
			}
			return py.True, nil
		}, 0, "str."+name+"()")
	}
	simple("upper", strings.ToUpper)
	simple("lower", strings.ToLower)
	simple("casefold", strings.ToLower)
	simple("swapcase", func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s)
	})
	simple("capitalize", func(s string) string {
		if s == "" {
			return s
		}
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + strings.ToLower(s[n:])
	})
	simple("title", func(s string) string {
		prevLetter := false
		return strings.Map(func(r rune) rune {
			out := r
			if unicode.IsLetter(r) {
				if prevLetter {
					out = unicode.ToLower(r)
				} else {
					out = unicode.ToUpper(r)
				}
			}
			prevLetter = unicode.IsLetter(r)
			return out
		}, s)
	})
	pred("isdigit", unicode.IsDigit, false)
	pred("isnumeric", unicode.IsNumber, false)
	pred("isdecimal", unicode.IsDigit, false)
	pred("isalpha", unicode.IsLetter, false)
	pred("isalnum", func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }, false)
	pred("isspace", unicode.IsSpace, false)
	d["isupper"] = py.MustNewMethod("isupper", func(self py.Object) (py.Object, error) {
		s := selfStr(self)
		return py.NewBool(s != strings.ToLower(s) && s == strings.ToUpper(s)), nil
	}, 0, "")
	d["islower"] = py.MustNewMethod("islower", func(self py.Object) (py.Object, error) {
		s := selfStr(self)
		return py.NewBool(s != strings.ToUpper(s) && s == strings.ToLower(s)), nil
	}, 0, "")
	d["isidentifier"] = py.MustNewMethod("isidentifier", func(self py.Object) (py.Object, error) {
		return py.NewBool(isIdentifier(selfStr(self))), nil
	}, 0, "")
	d["join"] = py.MustNewMethod("join", func(self, seq py.Object) (py.Object, error) {
		var parts []string
		var err error
		iterErr := py.Iterate(seq, func(x py.Object) bool {
			s, ok := x.(py.String)
			if !ok {
				err = py.ExceptionNewf(py.TypeError, "sequence item %d: expected str instance, %s found", len(parts), x.Type().Name)
				return true
			}
			parts = append(parts, string(s))
			return false
		})
		if iterErr != nil {
			return nil, iterErr
		}
		if err != nil {
			return nil, err
		}
		return py.String(strings.Join(parts, selfStr(self))), nil
	}, 0, "sep.join(iterable) -> str")
	d["format"] = py.MustNewMethod("format", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		s, err := strFormat(selfStr(self), args, kwargs)
		if err != nil {
			return nil, err
		}
		return py.String(s), nil
	}, 0, "S.format(*args, **kwargs) -> str")
	d["format_map"] = py.MustNewMethod("format_map", func(self, m py.Object) (py.Object, error) {
		kw, ok := m.(py.StringDict)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "format_map() needs a dict")
		}
		s, err := strFormat(selfStr(self), nil, kw)
		if err != nil {
			return nil, err
		}
		return py.String(s), nil
	}, 0, "")
	d["count"] = py.MustNewMethod("count", func(self py.Object, args py.Tuple) (py.Object, error) {
		sub, err := strArg(args, 0, "count")
		if err != nil {
			return nil, err
		}
		s := selfStr(self)
		if sub == "" {
			return py.Int(utf8.RuneCountInString(s) + 1), nil
		}
		return py.Int(strings.Count(s, sub)), nil
	}, 0, "")
	indexFn := func(name string, last, raise bool) {
		d[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			sub, err := strArg(args, 0, name)
			if err != nil {
				return nil, err
			}
			s := selfStr(self)
			var i int
			if last {
				i = strings.LastIndex(s, sub)
			} else {
				i = strings.Index(s, sub)
			}
			if i < 0 {
				if raise {
					return nil, py.ExceptionNewf(py.ValueError, "substring not found")
				}
				return py.Int(-1), nil
			}
			return py.Int(utf8.RuneCountInString(s[:i])), nil
		}, 0, "")
	}
	indexFn("index", false, true)
	indexFn("rindex", true, true)
	indexFn("rfind", true, false)
	pad := func(name string, align byte) {
		d[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			var width py.Object
			var fill py.Object = py.String(" ")
			if err := py.UnpackTuple(args, nil, name, 1, 2, &width, &fill); err != nil {
				return nil, err
			}
			w, ok := width.(py.Int)
			f, ok2 := fill.(py.String)
			if !ok || !ok2 || utf8.RuneCountInString(string(f)) != 1 {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes a width and one fill character", name)
			}
			return py.String(padString(selfStr(self), int(w), string(f), align)), nil
		}, 0, "")
	}
	pad("ljust", '<')
	pad("rjust", '>')
	pad("center", '^')
	d["zfill"] = py.MustNewMethod("zfill", func(self, width py.Object) (py.Object, error) {
		w, ok := width.(py.Int)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "zfill() takes an int")
		}
		s := selfStr(self)
		sign := ""
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			sign, s = s[:1], s[1:]
		}
		n := int(w) - len(sign) - utf8.RuneCountInString(s)
		if n > 0 {
			s = strings.Repeat("0", n) + s
		}
		return py.String(sign + s), nil
	}, 0, "")
	d["splitlines"] = py.MustNewMethod("splitlines", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		s := strings.ReplaceAll(selfStr(self), "\r\n", "\n")
		if s == "" {
			return py.NewList(), nil
		}
		s = strings.TrimSuffix(s, "\n")
		return py.NewListFromStrings(strings.Split(s, "\n")), nil
	}, 0, "")
	partition := func(name string, last bool) {
		d[name] = py.MustNewMethod(name, func(self, sepObj py.Object) (py.Object, error) {
			sep, ok := sepObj.(py.String)
			if !ok || sep == "" {
				return nil, py.ExceptionNewf(py.ValueError, "empty or non-str separator")
			}
			s := selfStr(self)
			var i int
			if last {
				i = strings.LastIndex(s, string(sep))
			} else {
				i = strings.Index(s, string(sep))
			}
			if i < 0 {
				if last {
					return py.Tuple{py.String(""), py.String(""), py.String(s)}, nil
				}
				return py.Tuple{py.String(s), py.String(""), py.String("")}, nil
			}
			return py.Tuple{py.String(s[:i]), sep, py.String(s[i+len(sep):])}, nil
		}, 0, "")
	}
	partition("partition", false)
	partition("rpartition", true)
	d["rsplit"] = py.MustNewMethod("rsplit", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		var sepObj py.Object = py.None
		var maxObj py.Object = py.Int(-1)
		if err := py.ParseTupleAndKeywords(args, kwargs, "|Oi:rsplit", []string{"sep", "maxsplit"}, &sepObj, &maxObj); err != nil {
			return nil, err
		}
		s := selfStr(self)
		max := int(maxObj.(py.Int))
		var parts []string
		if sepObj == py.None {
			parts = strings.Fields(s)
		} else {
			parts = strings.Split(s, string(sepObj.(py.String)))
		}
		if max >= 0 && len(parts) > max+1 {
			sep := " "
			if sepObj != py.None {
				sep = string(sepObj.(py.String))
			}
			head := strings.Join(parts[:len(parts)-max], sep)
			parts = append([]string{head}, parts[len(parts)-max:]...)
		}
		return py.NewListFromStrings(parts), nil
	}, 0, "")
	d["encode"] = py.MustNewMethod("encode", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.Bytes(selfStr(self)), nil
	}, 0, "encode(encoding='utf-8') -> bytes")
	d["removeprefix"] = py.MustNewMethod("removeprefix", func(self, p py.Object) (py.Object, error) {
		ps, _ := p.(py.String)
		return py.String(strings.TrimPrefix(selfStr(self), string(ps))), nil
	}, 0, "")
	d["removesuffix"] = py.MustNewMethod("removesuffix", func(self, p py.Object) (py.Object, error) {
		ps, _ := p.(py.String)
		return py.String(strings.TrimSuffix(selfStr(self), string(ps))), nil
	}, 0, "")
}

func padString(s string, width int, fill string, align byte) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	switch align {
	case '<':
		return s + strings.Repeat(fill, n)
	case '^':
		left := n / 2
		return strings.Repeat(fill, left) + s + strings.Repeat(fill, n-left)
	default:
		return strings.Repeat(fill, n) + s
	}
}

func addListMethods() {
	d := py.ListType.Dict
	d["pop"] = py.MustNewMethod("pop", func(self py.Object, args py.Tuple) (py.Object, error) {
		l := self.(*py.List)
		i := len(l.Items) - 1
		if len(args) > 0 {
			n, ok := args[0].(py.Int)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "pop() index must be an int")
			}
			i = int(n)
			if i < 0 {
				i += len(l.Items)
			}
		}
		if len(l.Items) == 0 || i < 0 || i >= len(l.Items) {
			return nil, py.ExceptionNewf(py.IndexError, "pop index out of range")
		}
		x := l.Items[i]
		l.Items = append(l.Items[:i], l.Items[i+1:]...)
		return x, nil
	}, 0, "")
	d["insert"] = py.MustNewMethod("insert", func(self py.Object, args py.Tuple) (py.Object, error) {
		l := self.(*py.List)
		var idx, x py.Object
		if err := py.UnpackTuple(args, nil, "insert", 2, 2, &idx, &x); err != nil {
			return nil, err
		}
		n, ok := idx.(py.Int)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "insert() index must be an int")
		}
		i := int(n)
		if i < 0 {
			i += len(l.Items)
		}
		i = max(0, min(i, len(l.Items)))
		l.Items = append(l.Items[:i], append([]py.Object{x}, l.Items[i:]...)...)
		return py.None, nil
	}, 0, "")
	find := func(l *py.List, x py.Object) (int, error) {
		for i, it := range l.Items {
			eq, err := py.Eq(it, x)
			if err != nil {
				return -1, err
			}
			if eq == py.True {
				return i, nil
			}
		}
		return -1, nil
	}
	d["index"] = py.MustNewMethod("index", func(self, x py.Object) (py.Object, error) {
		i, err := find(self.(*py.List), x)
		if err != nil {
			return nil, err
		}
		if i < 0 {
			return nil, py.ExceptionNewf(py.ValueError, "value is not in list")
		}
		return py.Int(i), nil
	}, 0, "")
	d["remove"] = py.MustNewMethod("remove", func(self, x py.Object) (py.Object, error) {
		l := self.(*py.List)
		i, err := find(l, x)
		if err != nil {
			return nil, err
		}
		if i < 0 {
			return nil, py.ExceptionNewf(py.ValueError, "list.remove(x): x not in list")
		}
		l.Items = append(l.Items[:i], l.Items[i+1:]...)
		return py.None, nil
	}, 0, "")
	d["count"] = py.MustNewMethod("count", func(self, x py.Object) (py.Object, error) {
		n := 0
		for _, it := range self.(*py.List).Items {
			if eq, err := py.Eq(it, x); err == nil && eq == py.True {
				n++
			}
		}
		return py.Int(n), nil
	}, 0, "")
	d["reverse"] = py.MustNewMethod("reverse", func(self py.Object) (py.Object, error) {
		it := self.(*py.List).Items
		for i, j := 0, len(it)-1; i < j; i, j = i+1, j-1 {
			it[i], it[j] = it[j], it[i]
		}
		return py.None, nil
	}, 0, "")
	d["copy"] = py.MustNewMethod("copy", func(self py.Object) (py.Object, error) { return self.(*py.List).Copy(), nil }, 0, "")
	d["clear"] = py.MustNewMethod("clear", func(self py.Object) (py.Object, error) {
		self.(*py.List).Items = nil
		return py.None, nil
	}, 0, "")
}

func dictKey(k py.Object) (string, error) {
	s, ok := k.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.KeyError, "FIXME can only have string keys!: %v", k)
	}
	return string(s), nil
}

func addDictMethods() {
	d := py.StringDictType.Dict
	d["setdefault"] = py.MustNewMethod("setdefault", func(self py.Object, args py.Tuple) (py.Object, error) {
		var k py.Object
		var def py.Object = py.None
		if err := py.UnpackTuple(args, nil, "setdefault", 1, 2, &k, &def); err != nil {
			return nil, err
		}
		key, err := dictKey(k)
		if err != nil {
			return nil, err
		}
		m := self.(py.StringDict)
		if v, ok := m[key]; ok {
			return v, nil
		}
		m[key] = def
		return def, nil
	}, 0, "")
	d["pop"] = py.MustNewMethod("pop", func(self py.Object, args py.Tuple) (py.Object, error) {
		var k, def py.Object
		if err := py.UnpackTuple(args, nil, "pop", 1, 2, &k, &def); err != nil {
			return nil, err
		}
		key, err := dictKey(k)
		if err != nil {
			return nil, err
		}
		m := self.(py.StringDict)
		if v, ok := m[key]; ok {
			delete(m, key)
			return v, nil
		}
		if def != nil {
			return def, nil
		}
		return nil, py.ExceptionNewf(py.KeyError, "%s", key)
	}, 0, "")
	d["update"] = py.MustNewMethod("update", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		m := self.(py.StringDict)
		if len(args) > 0 {
			switch o := args[0].(type) {
			case py.StringDict:
				for k, v := range o {
					m[k] = v
				}
			default:
				var err error
				iterErr := py.Iterate(o, func(item py.Object) bool {
					pair, ok := item.(py.Tuple)
					if !ok || len(pair) != 2 {
						err = py.ExceptionNewf(py.TypeError, "dict.update() needs a dict or (key, value) pairs")
						return true
					}
					var key string
					if key, err = dictKey(pair[0]); err != nil {
						return true
					}
					m[key] = pair[1]
					return false
				})
				if iterErr != nil {
					return nil, iterErr
				}
				if err != nil {
					return nil, err
				}
			}
		}
		for k, v := range kwargs {
			m[k] = v
		}
		return py.None, nil
	}, 0, "")
	d["copy"] = py.MustNewMethod("copy", func(self py.Object) (py.Object, error) { return self.(py.StringDict).Copy(), nil }, 0, "")
	d["clear"] = py.MustNewMethod("clear", func(self py.Object) (py.Object, error) {
		m := self.(py.StringDict)
		for k := range m {
			delete(m, k)
		}
		return py.None, nil
	}, 0, "")
}

// builtinFormat implements format(value, spec) with Python's format mini-language for
// int, float, str and bool; other objects format their str().
func builtinFormat(self py.Object, args py.Tuple) (py.Object, error) {
	if len(args) != 2 {
		return nil, py.ExceptionNewf(py.TypeError, "format() takes a value and a spec")
	}
	specObj, ok := args[1].(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "format spec must be a str")
	}
	s, err := formatValue(args[0], string(specObj))
	if err != nil {
		return nil, err
	}
	return py.String(s), nil
}

type formatSpec struct {
	fill      string
	align     byte
	sign      byte
	alt       bool
	zero      bool
	width     int
	comma     bool
	precision int // -1 when absent
	typ       byte
}

func parseSpec(spec string) (formatSpec, error) {
	fs := formatSpec{fill: " ", precision: -1}
	r := []rune(spec)
	i := 0
	isAlign := func(c rune) bool { return c == '<' || c == '>' || c == '^' || c == '=' }
	if len(r) >= 2 && isAlign(r[1]) {
		fs.fill, fs.align = string(r[0]), byte(r[1])
		i = 2
	} else if len(r) >= 1 && isAlign(r[0]) {
		fs.align = byte(r[0])
		i = 1
	}
	if i < len(r) && (r[i] == '+' || r[i] == '-' || r[i] == ' ') {
		fs.sign = byte(r[i])
		i++
	}
	if i < len(r) && r[i] == '#' {
		fs.alt = true
		i++
	}
	if i < len(r) && r[i] == '0' {
		fs.zero = true
		i++
	}
	start := i
	for i < len(r) && r[i] >= '0' && r[i] <= '9' {
		i++
	}
	if i > start {
		fs.width, _ = strconv.Atoi(string(r[start:i]))
	}
	if i < len(r) && (r[i] == ',' || r[i] == '_') {
		fs.comma = true
		i++
	}
	if i < len(r) && r[i] == '.' {
		i++
		start = i
		for i < len(r) && r[i] >= '0' && r[i] <= '9' {
			i++
		}
		if i == start {
			return fs, py.ExceptionNewf(py.ValueError, "Format specifier missing precision")
		}
		fs.precision, _ = strconv.Atoi(string(r[start:i]))
	}
	if i < len(r) {
		fs.typ = byte(r[i])
		i++
	}
	if i != len(r) {
		return fs, py.ExceptionNewf(py.ValueError, "Invalid format specifier %q", spec)
	}
	return fs, nil
}

// floatLike is implemented by our objects that format like numbers (Decimal).
type floatLike interface {
	formatNumber(spec formatSpec) (string, bool)
}

func formatValue(v py.Object, spec string) (string, error) {
	if spec == "" {
		return pyStr(v)
	}
	fs, err := parseSpec(spec)
	if err != nil {
		return "", err
	}
	var body string
	numeric := false
	switch x := v.(type) {
	case py.Bool:
		if fs.typ == 0 || fs.typ == 's' {
			body = map[py.Bool]string{true: "True", false: "False"}[x]
		} else {
			return formatValue(py.Int(map[py.Bool]int{true: 1, false: 0}[x]), spec)
		}
	case py.Int:
		numeric = true
		body, err = formatInt(big.NewInt(int64(x)), fs)
	case *py.BigInt:
		numeric = true
		body, err = formatInt((*big.Int)(x), fs)
	case py.Float:
		numeric = true
		body, err = formatFloat(float64(x), fs)
	case floatLike:
		numeric = true
		var ok bool
		if body, ok = x.formatNumber(fs); !ok {
			return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type '%s'", fs.typ, v.Type().Name)
		}
	default:
		if fs.typ != 0 && fs.typ != 's' {
			return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type '%s'", fs.typ, v.Type().Name)
		}
		body, err = py.StrAsString(v)
		if fs.precision >= 0 && utf8.RuneCountInString(body) > fs.precision {
			body = string([]rune(body)[:fs.precision])
		}
	}
	if err != nil {
		return "", err
	}
	align := fs.align
	if align == 0 {
		if numeric {
			align = '>'
		} else {
			align = '<'
		}
	}
	if fs.zero && fs.align == 0 && numeric {
		fs.fill, align = "0", '='
	}
	if align == '=' {
		sign := ""
		if strings.HasPrefix(body, "-") || strings.HasPrefix(body, "+") || strings.HasPrefix(body, " ") {
			sign, body = body[:1], body[1:]
		}
		return sign + padString(body, fs.width-len(sign), fs.fill, '>'), nil
	}
	return padString(body, fs.width, fs.fill, align), nil
}

func withSign(s string, neg bool, sign byte) string {
	switch {
	case neg:
		return "-" + s
	case sign == '+':
		return "+" + s
	case sign == ' ':
		return " " + s
	}
	return s
}

func groupThousands(digits string) string {
	intPart, frac := digits, ""
	if i := strings.IndexAny(digits, ".eE"); i >= 0 {
		intPart, frac = digits[:i], digits[i:]
	}
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String() + frac
}

func formatInt(n *big.Int, fs formatSpec) (string, error) {
	neg := n.Sign() < 0
	a := new(big.Int).Abs(n)
	var s string
	switch fs.typ {
	case 0, 'd', 'n':
		s = a.String()
	case 'x':
		s = a.Text(16)
	case 'X':
		s = strings.ToUpper(a.Text(16))
	case 'o':
		s = a.Text(8)
	case 'b':
		s = a.Text(2)
	case 'c':
		return string(rune(n.Int64())), nil
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, _ := new(big.Float).SetInt(n).Float64()
		return formatFloat(f, fs)
	default:
		return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type 'int'", fs.typ)
	}
	if fs.comma {
		s = groupThousands(s)
	}
	return withSign(s, neg, fs.sign), nil
}

func formatFloat(f float64, fs formatSpec) (string, error) {
	neg := math.Signbit(f) && !math.IsNaN(f)
	a := math.Abs(f)
	prec := fs.precision
	var s string
	switch fs.typ {
	case 'f', 'F':
		if prec < 0 {
			prec = 6
		}
		s = strconv.FormatFloat(a, 'f', prec, 64)
	case 'e', 'E':
		if prec < 0 {
			prec = 6
		}
		s = pyExp(strconv.FormatFloat(a, 'e', prec, 64))
		if fs.typ == 'E' {
			s = strings.ToUpper(s)
		}
	case '%':
		if prec < 0 {
			prec = 6
		}
		s = strconv.FormatFloat(a*100, 'f', prec, 64) + "%"
	case 'g', 'G', 0:
		if prec < 0 && fs.typ == 0 {
			s = floatRepr(a)
		} else {
			if prec < 0 {
				prec = 6
			}
			if prec == 0 {
				prec = 1
			}
			s = pyExp(strconv.FormatFloat(a, 'g', prec, 64))
			if fs.typ == 'G' {
				s = strings.ToUpper(s)
			}
		}
	default:
		return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type 'float'", fs.typ)
	}
	if math.IsInf(a, 0) {
		s = "inf"
	} else if math.IsNaN(a) {
		s = "nan"
	}
	if fs.comma {
		s = groupThousands(s)
	}
	return withSign(s, neg, fs.sign), nil
}

// pyExp makes Go's exponent spelling (1e+06) Python's (1e+06 too, but at least two digits).
func pyExp(s string) string {
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return s
	}
	mant, exp := s[:i+1], s[i+1:]
	sign := exp[:1]
	digits := strings.TrimLeft(exp[1:], "0")
	for len(digits) < 2 {
		digits = "0" + digits
	}
	return mant + sign + digits
}

// floatRepr is Python's repr(float): shortest round-trip digits.
func floatRepr(f float64) string {
	if math.IsInf(f, 0) {
		if f < 0 {
			return "-inf"
		}
		return "inf"
	}
	if math.IsNaN(f) {
		return "nan"
	}
	a := math.Abs(f)
	if a != 0 && (a < 1e-4 || a >= 1e16) {
		return pyExp(strconv.FormatFloat(f, 'e', -1, 64))
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// strFormat implements str.format.
func strFormat(tmpl string, args py.Tuple, kwargs py.StringDict) (string, error) {
	var b strings.Builder
	auto := 0
	for i := 0; i < len(tmpl); {
		c := tmpl[i]
		if c == '{' {
			if i+1 < len(tmpl) && tmpl[i+1] == '{' {
				b.WriteByte('{')
				i += 2
				continue
			}
			depth := 1
			j := i + 1
			for j < len(tmpl) && depth > 0 {
				if tmpl[j] == '{' {
					depth++
				} else if tmpl[j] == '}' {
					depth--
				}
				j++
			}
			if depth != 0 {
				return "", py.ExceptionNewf(py.ValueError, "Single '{' encountered in format string")
			}
			field := tmpl[i+1 : j-1]
			spec, conv := "", ""
			if k := strings.IndexByte(field, ':'); k >= 0 {
				field, spec = field[:k], field[k+1:]
			}
			if k := strings.IndexByte(field, '!'); k >= 0 {
				field, conv = field[:k], field[k+1:]
			}
			if strings.Contains(spec, "{") {
				s, err := strFormat(spec, args, kwargs)
				if err != nil {
					return "", err
				}
				spec = s
			}
			v, err := lookupField(field, args, kwargs, &auto)
			if err != nil {
				return "", err
			}
			switch conv {
			case "r", "a":
				if v, err = py.Repr(v); err != nil {
					return "", err
				}
			case "s":
				if v, err = py.Str(v); err != nil {
					return "", err
				}
			case "":
			default:
				return "", py.ExceptionNewf(py.ValueError, "Unknown conversion specifier %s", conv)
			}
			s, err := formatValue(v, spec)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
			i = j
			continue
		}
		if c == '}' {
			if i+1 < len(tmpl) && tmpl[i+1] == '}' {
				b.WriteByte('}')
				i += 2
				continue
			}
			return "", py.ExceptionNewf(py.ValueError, "Single '}' encountered in format string")
		}
		b.WriteByte(c)
		i++
	}
	return b.String(), nil
}

func lookupField(field string, args py.Tuple, kwargs py.StringDict, auto *int) (py.Object, error) {
	name := field
	rest := ""
	if k := strings.IndexAny(field, ".["); k >= 0 {
		name, rest = field[:k], field[k:]
	}
	var v py.Object
	switch {
	case name == "":
		if *auto >= len(args) {
			return nil, py.ExceptionNewf(py.IndexError, "Replacement index %d out of range for positional args tuple", *auto)
		}
		v = args[*auto]
		*auto++
	case name[0] >= '0' && name[0] <= '9':
		n, err := strconv.Atoi(name)
		if err != nil || n >= len(args) {
			return nil, py.ExceptionNewf(py.IndexError, "Replacement index %s out of range for positional args tuple", name)
		}
		v = args[n]
	default:
		var ok bool
		if v, ok = kwargs[name]; !ok {
			return nil, py.ExceptionNewf(py.KeyError, "'%s'", name)
		}
	}
	for rest != "" {
		var err error
		if rest[0] == '.' {
			k := strings.IndexAny(rest[1:], ".[")
			attr := rest[1:]
			if k >= 0 {
				attr, rest = rest[1:k+1], rest[k+1:]
			} else {
				rest = ""
			}
			if v, err = py.GetAttrString(v, attr); err != nil {
				return nil, err
			}
			continue
		}
		k := strings.IndexByte(rest, ']')
		if k < 0 {
			return nil, py.ExceptionNewf(py.ValueError, "Missing ']' in format string")
		}
		key := rest[1:k]
		rest = rest[k+1:]
		var keyObj py.Object = py.String(key)
		if n, err := strconv.Atoi(key); err == nil {
			keyObj = py.Int(n)
		}
		if v, err = py.GetItem(v, keyObj); err != nil {
			return nil, err
		}
	}
	return v, nil
}

var _ = fmt.Sprint

// pyLess is a < b, extended to tuples and lists (gpython compares neither), so
// sorted(d.items()) and sorting rows work.
func pyLess(a, b py.Object) (bool, error) {
	as, aok := seqItems(a)
	bs, bok := seqItems(b)
	if aok && bok {
		for i := 0; i < len(as) && i < len(bs); i++ {
			eq, err := py.Eq(as[i], bs[i])
			if err != nil {
				return false, err
			}
			if eq == py.True {
				continue
			}
			return pyLess(as[i], bs[i])
		}
		return len(as) < len(bs), nil
	}
	r, err := py.Lt(a, b)
	if err != nil {
		return false, err
	}
	return r == py.True, nil
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

// sortObjects sorts items stably by key (a Python callable or nil), like list.sort.
func sortObjects(items []py.Object, kwargs py.StringDict) error {
	key := kwargs["key"]
	reverse := false
	if r, ok := kwargs["reverse"]; ok {
		b, err := py.MakeBool(r)
		if err != nil {
			return err
		}
		reverse = b == py.True
	}
	for k := range kwargs {
		if k != "key" && k != "reverse" {
			return py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for sort()", k)
		}
	}
	keys := items
	if key != nil && key != py.None {
		keys = make([]py.Object, len(items))
		for i, it := range items {
			k, err := py.Call(key, py.Tuple{it}, nil)
			if err != nil {
				return err
			}
			keys[i] = k
		}
	}
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	var sortErr error
	sort.SliceStable(idx, func(i, j int) bool {
		if sortErr != nil {
			return false
		}
		a, b := keys[idx[i]], keys[idx[j]]
		if reverse {
			a, b = b, a
		}
		less, err := pyLess(a, b)
		if err != nil {
			sortErr = err
		}
		return less
	})
	if sortErr != nil {
		return sortErr
	}
	sorted := make([]py.Object, len(items))
	for i, k := range idx {
		sorted[i] = items[k]
	}
	copy(items, sorted)
	return nil
}

func init() {
	py.ListType.Dict["sort"] = py.MustNewMethod("sort", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 0 {
			return nil, py.ExceptionNewf(py.TypeError, "sort() takes no positional arguments")
		}
		return py.None, sortObjects(self.(*py.List).Items, kwargs)
	}, 0, "sort(key=None, reverse=False)")
}

func builtinSorted(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(args) != 1 {
		return nil, py.ExceptionNewf(py.TypeError, "sorted expected 1 argument, got %d", len(args))
	}
	l, err := py.SequenceList(args[0])
	if err != nil {
		return nil, err
	}
	l = l.Copy()
	return l, sortObjects(l.Items, kwargs)
}
