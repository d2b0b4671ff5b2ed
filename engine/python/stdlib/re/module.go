package re

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	methods := []*py.Method{
		py.MustNewMethod("compile", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			var pat py.Object
			var flags py.Object = py.Int(0)
			if err := py.ParseTupleAndKeywords(args, kwargs, "O|O:compile", []string{"pattern", "flags"}, &pat, &flags); err != nil {
				return nil, err
			}
			f, err := py.IndexInt(flags)
			if err != nil {
				return nil, err
			}
			return compile(pat, f)
		}, 0, "Compile a regular expression pattern, returning a Pattern object."),
		moduleFunc("match", "Try to apply the pattern at the start of the string, returning a Match object, or None if no match was found.", (*Pattern).match),
		moduleFunc("fullmatch", "Try to apply the pattern to all of the string, returning a Match object, or None if no match was found.", (*Pattern).fullmatch),
		moduleFunc("search", "Scan through string looking for a match to the pattern, returning a Match object, or None if no match was found.", (*Pattern).searchMethod),
		moduleFunc("findall", "Return a list of all non-overlapping matches in the string.", (*Pattern).findall),
		moduleFunc("finditer", "Return an iterator over all non-overlapping matches in the string.", (*Pattern).finditer),
		moduleFunc("split", "Split the source string by the occurrences of the pattern, returning a list containing the resulting substrings.", (*Pattern).split),
		moduleFunc("sub", "Return the string obtained by replacing the leftmost non-overlapping occurrences of the pattern in string by the replacement repl.", (*Pattern).subMethod),
		moduleFunc("subn", "Return a 2-tuple containing (new_string, number).", (*Pattern).subnMethod),
		py.MustNewMethod("escape", escapeFunc, 0, "Escape special characters in a string."),
		py.MustNewMethod("purge", func(self py.Object) (py.Object, error) {
			cacheMu.Lock()
			cache = map[string]*Pattern{}
			cacheMu.Unlock()
			return py.None, nil
		}, 0, "Clear the regular expression caches"),
	}
	globals := py.StringDict{
		"error":      ErrorType,
		"Pattern":    PatternType,
		"Match":      MatchType,
		"NOFLAG":     py.Int(0),
		"TEMPLATE":   py.Int(flagTemplate),
		"T":          py.Int(flagTemplate),
		"IGNORECASE": py.Int(flagIgnoreCase),
		"I":          py.Int(flagIgnoreCase),
		"LOCALE":     py.Int(flagLocale),
		"L":          py.Int(flagLocale),
		"MULTILINE":  py.Int(flagMultiline),
		"M":          py.Int(flagMultiline),
		"DOTALL":     py.Int(flagDotAll),
		"S":          py.Int(flagDotAll),
		"UNICODE":    py.Int(flagUnicode),
		"U":          py.Int(flagUnicode),
		"VERBOSE":    py.Int(flagVerbose),
		"X":          py.Int(flagVerbose),
		"DEBUG":      py.Int(flagDebug),
		"ASCII":      py.Int(flagASCII),
		"A":          py.Int(flagASCII),
	}
	py.RegisterModule(&py.ModuleImpl{
		Info:    py.ModuleInfo{Name: "re", Doc: "Support for regular expressions (RE)."},
		Methods: methods,
		Globals: globals,
	})
	ErrorType.Dict["__module__"] = py.String("re")
	initPattern()
	initMatch()
}

// moduleFunc makes re.NAME(pattern, string, ...) from the Pattern method NAME.
func moduleFunc(name, doc string, method func(p *Pattern, args py.Tuple, kwargs py.StringDict) (py.Object, error)) *py.Method {
	return py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) == 0 {
			if pat, ok := kwargs["pattern"]; ok {
				args = py.Tuple{pat}
				kwargs = kwargs.Copy()
				delete(kwargs, "pattern")
			} else {
				return nil, py.ExceptionNewf(py.TypeError, "%s() missing required argument 'pattern' (pos 1)", name)
			}
		}
		var flags py.Object = py.Int(0)
		if f, ok := kwargs["flags"]; ok {
			flags = f
			kwargs = kwargs.Copy()
			delete(kwargs, "flags")
		}
		rest := args[1:]
		// flags may also come positionally after the Pattern method's arguments
		positional := map[string]int{"match": 1, "fullmatch": 1, "search": 1, "findall": 1, "finditer": 1, "split": 2, "sub": 3, "subn": 3}[name]
		if len(rest) > positional {
			flags = rest[positional]
			rest = rest[:positional]
		}
		f, err := py.IndexInt(flags)
		if err != nil {
			return nil, err
		}
		p, err := compile(args[0], f)
		if err != nil {
			return nil, err
		}
		return method(p, rest, kwargs)
	}, 0, doc)
}

// escapeFunc is re.escape: CPython 3.7+ escapes only the special characters.
func escapeFunc(self py.Object, arg py.Object) (py.Object, error) {
	s, ok := arg.(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "expected str, got %s", arg.Type().Name)
	}
	var b strings.Builder
	for _, r := range string(s) {
		if strings.ContainsRune("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return py.String(b.String()), nil
}

func method(name, doc string, fn func(p *Pattern, args py.Tuple, kwargs py.StringDict) (py.Object, error)) *py.Method {
	return py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		p, ok := self.(*Pattern)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "descriptor '%s' requires a 're.Pattern' object", name)
		}
		return fn(p, args, kwargs)
	}, 0, doc)
}

func initPattern() {
	d := PatternType.Dict
	for _, m := range []*py.Method{
		method("match", "Matches zero or more characters at the beginning of the string.", (*Pattern).match),
		method("fullmatch", "Matches against all of the string.", (*Pattern).fullmatch),
		method("search", "Scan through string looking for a match, and return a corresponding match object instance.", (*Pattern).searchMethod),
		method("findall", "Return a list of all non-overlapping matches of pattern in string.", (*Pattern).findall),
		method("finditer", "Return an iterator over all non-overlapping matches for the RE pattern in string.", (*Pattern).finditer),
		method("split", "Split string by the occurrences of pattern.", (*Pattern).split),
		method("sub", "Return the string obtained by replacing the leftmost non-overlapping occurrences of pattern in string by the replacement repl.", (*Pattern).subMethod),
		method("subn", "Return the tuple (new_string, number_of_subs_made).", (*Pattern).subnMethod),
	} {
		d[m.Name] = m
	}
	d["pattern"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return self.(*Pattern).pattern, nil }}
	d["flags"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		return py.Int(self.(*Pattern).flags | flagUnicode), nil
	}}
	d["groups"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return py.Int(self.(*Pattern).groups), nil }}
	d["groupindex"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		p := self.(*Pattern)
		out := py.NewDict()
		for num, name := range p.groupNames {
			if name != "" {
				out.SetStr(name, py.Int(num))
			}
		}
		return out, nil
	}}
}

func (p *Pattern) M__repr__() (py.Object, error) {
	pat := p.reprPattern()
	if len(pat) > 200 {
		pat = pat[:200]
	}
	var names []string
	for _, f := range []struct {
		bit  int
		name string
	}{{flagTemplate, "re.TEMPLATE"}, {flagIgnoreCase, "re.IGNORECASE"}, {flagLocale, "re.LOCALE"}, {flagMultiline, "re.MULTILINE"}, {flagDotAll, "re.DOTALL"}, {flagVerbose, "re.VERBOSE"}, {flagDebug, "re.DEBUG"}, {flagASCII, "re.ASCII"}} {
		if p.flags&f.bit != 0 {
			names = append(names, f.name)
		}
	}
	if len(names) == 0 {
		return py.String(fmt.Sprintf("re.compile(%s)", pat)), nil
	}
	return py.String(fmt.Sprintf("re.compile(%s, %s)", pat, strings.Join(names, "|"))), nil
}

func (p *Pattern) M__eq__(other py.Object) (py.Object, error) {
	o, ok := other.(*Pattern)
	if !ok {
		return py.NotImplemented, nil
	}
	eq, err := py.Eq(p.pattern, o.pattern)
	if err != nil || eq != py.True {
		return eq, err
	}
	return py.NewBool(p.flags == o.flags), nil
}

func (p *Pattern) M__hash__() (py.Object, error) {
	h, err := py.Hash(p.pattern)
	return py.Int(h ^ int64(p.flags)), err
}

// args parses (string, pos=0, endpos=maxsize).
func parseStringPos(name string, args py.Tuple, kwargs py.StringDict) (py.Object, []rune, int, int, error) {
	var s, pos, endpos py.Object
	if err := py.ParseTupleAndKeywords(args, kwargs, "O|OO:"+name, []string{"string", "pos", "endpos"}, &s, &pos, &endpos); err != nil {
		return nil, nil, 0, 0, err
	}
	str, text, err := subject(s)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	p, e, err := bounds(len(text), pos, endpos)
	return str, text, p, e, err
}

func (p *Pattern) matchWith(name string, which int, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	str, text, pos, endpos, err := parseStringPos(name, args, kwargs)
	if err != nil {
		return nil, err
	}
	if pos > endpos {
		return py.None, nil
	}
	re := p.search
	switch which {
	case 1:
		re = p.anchored
	case 2:
		re = p.full
	}
	m, err := p.find(re, text, pos, endpos)
	if err != nil || m == nil {
		return py.None, err
	}
	return p.newMatch(m, str, text, pos, endpos), nil
}

func (p *Pattern) match(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	return p.matchWith("match", 1, args, kwargs)
}

func (p *Pattern) fullmatch(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	return p.matchWith("fullmatch", 2, args, kwargs)
}

func (p *Pattern) searchMethod(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	return p.matchWith("search", 0, args, kwargs)
}

func (p *Pattern) findall(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	str, text, pos, endpos, err := parseStringPos("findall", args, kwargs)
	if err != nil {
		return nil, err
	}
	out := py.NewList()
	err = p.iterate(text, str, pos, endpos, func(m *Match) bool {
		switch p.groups {
		case 0:
			out.Append(m.groupStr(0, py.String("")))
		case 1:
			out.Append(m.groupStr(1, py.String("")))
		default:
			t := make(py.Tuple, p.groups)
			for g := 1; g <= p.groups; g++ {
				t[g-1] = m.groupStr(g, py.String(""))
			}
			out.Append(t)
		}
		return false
	})
	return out, err
}

func (p *Pattern) finditer(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	str, text, pos, endpos, err := parseStringPos("finditer", args, kwargs)
	if err != nil {
		return nil, err
	}
	var items py.Tuple
	err = p.iterate(text, str, pos, endpos, func(m *Match) bool {
		items = append(items, m)
		return false
	})
	if err != nil {
		return nil, err
	}
	return py.NewIterator(items), nil
}

func (p *Pattern) split(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var s py.Object
	var maxsplit py.Object = py.Int(0)
	if err := py.ParseTupleAndKeywords(args, kwargs, "O|O:split", []string{"string", "maxsplit"}, &s, &maxsplit); err != nil {
		return nil, err
	}
	str, text, err := subject(s)
	if err != nil {
		return nil, err
	}
	limit, err := py.IndexInt(maxsplit)
	if err != nil {
		return nil, err
	}
	out := py.NewList()
	if limit < 0 {
		out.Append(py.String(string(text)))
		return out, nil
	}
	last, n := 0, 0
	err = p.iterate(text, str, 0, len(text), func(m *Match) bool {
		if limit > 0 && n >= limit {
			return true
		}
		out.Append(py.String(string(text[last:m.spans[0][0]])))
		for g := 1; g <= p.groups; g++ {
			out.Append(m.groupStr(g, py.None))
		}
		last = m.spans[0][1]
		n++
		return false
	})
	if err != nil {
		return nil, err
	}
	out.Append(py.String(string(text[last:])))
	return out, nil
}

func (p *Pattern) subMethod(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	res, _, err := p.sub("sub", args, kwargs)
	return res, err
}

func (p *Pattern) subnMethod(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	res, n, err := p.sub("subn", args, kwargs)
	if err != nil {
		return nil, err
	}
	return py.Tuple{res, py.Int(n)}, nil
}

func (p *Pattern) sub(name string, args py.Tuple, kwargs py.StringDict) (py.Object, int, error) {
	var repl, s py.Object
	var count py.Object = py.Int(0)
	if err := py.ParseTupleAndKeywords(args, kwargs, "OO|O:"+name, []string{"repl", "string", "count"}, &repl, &s, &count); err != nil {
		return nil, 0, err
	}
	str, text, err := subject(s)
	if err != nil {
		return nil, 0, err
	}
	limit, err := py.IndexInt(count)
	if err != nil {
		return nil, 0, err
	}
	var tmpl []templatePart
	replStr, isStr := repl.(py.String)
	if isStr {
		if tmpl, err = parseTemplate(string(replStr), p); err != nil {
			return nil, 0, err
		}
	} else if _, ok := repl.(py.I__call__); !ok {
		return nil, 0, py.ExceptionNewf(py.TypeError, "expected str or callable, got %s", repl.Type().Name)
	}
	var b strings.Builder
	last, n := 0, 0
	var ierr error
	err = p.iterate(text, str, 0, len(text), func(m *Match) bool {
		if limit > 0 && n >= limit {
			return true
		}
		b.WriteString(string(text[last:m.spans[0][0]]))
		if isStr {
			b.WriteString(m.expand(tmpl))
		} else {
			r, err := py.Call(repl, py.Tuple{m}, nil)
			if err != nil {
				ierr = err
				return true
			}
			rs, ok := r.(py.String)
			if !ok {
				ierr = py.ExceptionNewf(py.TypeError, "expected str instance, %s found", r.Type().Name)
				return true
			}
			b.WriteString(string(rs))
		}
		last = m.spans[0][1]
		n++
		return false
	})
	if err == nil {
		err = ierr
	}
	if err != nil {
		return nil, 0, err
	}
	b.WriteString(string(text[last:]))
	return py.String(b.String()), n, nil
}

// templatePart is literal text, or a group reference when group >= 0.
type templatePart struct {
	text  string
	group int
}

// parseTemplate parses a sub() replacement: \1..\99, \g<n>, \g<name>, the standard
// escapes; a letter escape Python does not know is an error.
func parseTemplate(s string, p *Pattern) ([]templatePart, error) {
	var parts []templatePart
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, templatePart{text: lit.String(), group: -1})
			lit.Reset()
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if c != '\\' {
			lit.WriteRune(c)
			continue
		}
		if i+1 >= len(rs) {
			return nil, reError("bad escape (end of pattern)", i)
		}
		i++
		c = rs[i]
		switch {
		case c == 'g':
			if i+1 >= len(rs) || rs[i+1] != '<' {
				return nil, reError("missing <", i+1)
			}
			end := i + 2
			for end < len(rs) && rs[end] != '>' {
				end++
			}
			if end >= len(rs) {
				return nil, reError("missing >, unterminated name", i+2)
			}
			name := string(rs[i+2 : end])
			var g int
			if num, ok := atoiAll(name); ok {
				g = num
				if g > p.groups {
					return nil, reError(fmt.Sprintf("invalid group reference %d", g), i+2)
				}
			} else if num, ok := p.groupIndex[name]; ok {
				g = num
			} else if name == "" {
				return nil, reError("missing group name", i+2)
			} else if !isIdent(name) {
				return nil, reError(fmt.Sprintf("bad character in group name '%s'", name), i+2)
			} else {
				return nil, py.ExceptionNewf(py.IndexError, "unknown group name '%s'", name)
			}
			flush()
			parts = append(parts, templatePart{group: g})
			i = end
		case c >= '0' && c <= '9':
			if c == '0' || (i+2 < len(rs) && isOctal(rs[i]) && isOctal(rs[i+1]) && isOctal(rs[i+2])) {
				// octal escape
				v := 0
				j := i
				for j < len(rs) && j < i+3 && isOctal(rs[j]) {
					v = v*8 + int(rs[j]-'0')
					j++
				}
				lit.WriteRune(rune(v))
				i = j - 1
				continue
			}
			g := int(c - '0')
			if i+1 < len(rs) && rs[i+1] >= '0' && rs[i+1] <= '9' {
				g = g*10 + int(rs[i+1]-'0')
				i++
			}
			if g > p.groups {
				return nil, reError(fmt.Sprintf("invalid group reference %d", g), i)
			}
			flush()
			parts = append(parts, templatePart{group: g})
		default:
			if e, ok := map[rune]string{'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v", '\\': "\\"}[c]; ok {
				lit.WriteString(e)
			} else if c < 128 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				return nil, reError(fmt.Sprintf(`bad escape \%c`, c), i-1)
			} else {
				lit.WriteRune('\\')
				lit.WriteRune(c)
			}
		}
	}
	flush()
	return parts, nil
}

func isOctal(r rune) bool { return r >= '0' && r <= '7' }

func atoiAll(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

// ---------------------------------------------------------------------------
// Match objects

func (m *Match) groupStr(g int, dflt py.Object) py.Object {
	sp := m.spans[g]
	if sp[0] < 0 {
		return dflt
	}
	return py.String(string(m.text[sp[0]:sp[1]]))
}

func (m *Match) expand(tmpl []templatePart) string {
	var b strings.Builder
	for _, p := range tmpl {
		if p.group < 0 {
			b.WriteString(p.text)
			continue
		}
		if s, ok := m.groupStr(p.group, py.String("")).(py.String); ok {
			b.WriteString(string(s))
		}
	}
	return b.String()
}

// groupIndex resolves a group given by number or name.
func (m *Match) groupIndex(g py.Object) (int, error) {
	switch x := g.(type) {
	case py.String:
		if n, ok := m.re.groupIndex[string(x)]; ok {
			return n, nil
		}
	default:
		if n, err := py.IndexInt(g); err == nil && n >= 0 && n <= m.re.groups {
			return n, nil
		}
	}
	return 0, py.ExceptionNewf(py.IndexError, "no such group")
}

func matchSelf(self py.Object) *Match { return self.(*Match) }

func initMatch() {
	d := MatchType.Dict
	d["group"] = py.MustNewMethod("group", func(self py.Object, args py.Tuple) (py.Object, error) {
		m := matchSelf(self)
		if len(args) == 0 {
			return m.groupStr(0, py.None), nil
		}
		if len(args) == 1 {
			g, err := m.groupIndex(args[0])
			if err != nil {
				return nil, err
			}
			return m.groupStr(g, py.None), nil
		}
		out := make(py.Tuple, len(args))
		for i, a := range args {
			g, err := m.groupIndex(a)
			if err != nil {
				return nil, err
			}
			out[i] = m.groupStr(g, py.None)
		}
		return out, nil
	}, 0, "group([group1, ...]) -> str or tuple.")
	d["groups"] = py.MustNewMethod("groups", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		var dflt py.Object = py.None
		if err := py.ParseTupleAndKeywords(args, kwargs, "|O:groups", []string{"default"}, &dflt); err != nil {
			return nil, err
		}
		m := matchSelf(self)
		out := make(py.Tuple, m.re.groups)
		for g := 1; g <= m.re.groups; g++ {
			out[g-1] = m.groupStr(g, dflt)
		}
		return out, nil
	}, 0, "Return a tuple containing all the subgroups of the match, from 1.")
	d["groupdict"] = py.MustNewMethod("groupdict", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		var dflt py.Object = py.None
		if err := py.ParseTupleAndKeywords(args, kwargs, "|O:groupdict", []string{"default"}, &dflt); err != nil {
			return nil, err
		}
		m := matchSelf(self)
		out := py.NewDict()
		for num, name := range m.re.groupNames {
			if name != "" {
				out.SetStr(name, m.groupStr(num, dflt))
			}
		}
		return out, nil
	}, 0, "Return a dictionary containing all the named subgroups of the match.")
	spanOf := func(name string, pick func(sp [2]int) py.Object) *py.Method {
		return py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			m := matchSelf(self)
			g := 0
			if len(args) > 1 {
				return nil, py.ExceptionNewf(py.TypeError, "%s expected at most 1 argument, got %d", name, len(args))
			}
			if len(args) == 1 {
				var err error
				if g, err = m.groupIndex(args[0]); err != nil {
					return nil, err
				}
			}
			return pick(m.spans[g]), nil
		}, 0, "")
	}
	d["start"] = spanOf("start", func(sp [2]int) py.Object { return py.Int(sp[0]) })
	d["end"] = spanOf("end", func(sp [2]int) py.Object { return py.Int(sp[1]) })
	d["span"] = spanOf("span", func(sp [2]int) py.Object { return py.Tuple{py.Int(sp[0]), py.Int(sp[1])} })
	d["expand"] = py.MustNewMethod("expand", func(self py.Object, arg py.Object) (py.Object, error) {
		m := matchSelf(self)
		s, ok := arg.(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "expected str instance, %s found", arg.Type().Name)
		}
		tmpl, err := parseTemplate(string(s), m.re)
		if err != nil {
			return nil, err
		}
		return py.String(m.expand(tmpl)), nil
	}, 0, "Return the string obtained by doing backslash substitution on the string template.")
	d["string"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return matchSelf(self).str, nil }}
	d["re"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return matchSelf(self).re, nil }}
	d["pos"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return py.Int(matchSelf(self).pos), nil }}
	d["endpos"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return py.Int(matchSelf(self).endpos), nil }}
	d["lastindex"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		g := matchSelf(self).lastIndex()
		if g < 0 {
			return py.None, nil
		}
		return py.Int(g), nil
	}}
	d["lastgroup"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		m := matchSelf(self)
		g := m.lastIndex()
		if g < 0 || m.re.groupNames[g] == "" {
			return py.None, nil
		}
		return py.String(m.re.groupNames[g]), nil
	}}
	d["regs"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		m := matchSelf(self)
		out := make(py.Tuple, len(m.spans))
		for i, sp := range m.spans {
			out[i] = py.Tuple{py.Int(sp[0]), py.Int(sp[1])}
		}
		return out, nil
	}}
}

// lastIndex is the number of the last group that closed (the outermost one when
// groups nest, as CPython reports).
func (m *Match) lastIndex() int {
	best, bestEnd := -1, -1
	for g := 1; g < len(m.spans); g++ {
		sp := m.spans[g]
		if sp[0] < 0 {
			continue
		}
		if sp[1] > bestEnd || sp[1] == bestEnd && best >= 0 && sp[0] <= m.spans[best][0] {
			best, bestEnd = g, sp[1]
		}
	}
	return best
}

func (m *Match) M__getitem__(key py.Object) (py.Object, error) {
	g, err := m.groupIndex(key)
	if err != nil {
		return nil, err
	}
	return m.groupStr(g, py.None), nil
}

func (m *Match) M__bool__() (py.Object, error) { return py.True, nil }

func (m *Match) M__repr__() (py.Object, error) {
	s, err := py.ReprString(m.groupStr(0, py.String("")))
	if err != nil {
		return nil, err
	}
	return py.String(fmt.Sprintf("<re.Match object; span=(%d, %d), match=%s>", m.spans[0][0], m.spans[0][1], s)), nil
}

// sortedNames lists a pattern's group names (for error messages and tests).
func (p *Pattern) sortedNames() []string {
	var names []string
	for n := range p.groupIndex {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
