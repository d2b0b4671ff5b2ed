// Package re is kafkalab's re module: Python's regular expressions on
// github.com/dlclark/regexp2 (backreferences, lookarounds, conditionals), with
// Python's pattern syntax, group numbering, match objects, sub() templates and
// empty-match rules (3.7+), and CPython's error messages for the common mistakes.
package re

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Python's flag values.
const (
	flagTemplate   = 1
	flagIgnoreCase = 2
	flagLocale     = 4
	flagMultiline  = 8
	flagDotAll     = 16
	flagUnicode    = 32
	flagVerbose    = 64
	flagDebug      = 128
	flagASCII      = 256
)

// matchTimeout stops a pattern that backtracks for ever; Ctrl-C cannot stop Go code.
const matchTimeout = 20 * time.Second

// ErrorType is re.error.
var ErrorType = py.ExceptionType.NewType("error", "Exception raised for invalid regular expressions.", nil, nil)

// PatternType and MatchType are re.Pattern and re.Match.
var (
	PatternType = py.NewType("re.Pattern", "Compiled regular expression object.")
	MatchType   = py.NewType("re.Match", "The result of re.match() and re.search().")
)

// Pattern is a compiled regular expression.
type Pattern struct {
	pattern    py.Object // the pattern as given (str)
	flags      int
	groups     int
	groupIndex map[string]int
	groupNames []string // by group number, "" when unnamed
	search     *regexp2.Regexp
	anchored   *regexp2.Regexp // \G(?:...): match()
	full       *regexp2.Regexp // \G(?:...)\z: fullmatch()
}

func (p *Pattern) Type() *py.Type { return PatternType }

// Match is a successful match.
type Match struct {
	re     *Pattern
	text   []rune
	str    py.Object
	pos    int
	endpos int
	spans  [][2]int // by group: rune offsets, -1 when the group did not take part
}

func (m *Match) Type() *py.Type { return MatchType }

var (
	cacheMu sync.Mutex
	cache   = map[string]*Pattern{}
)

// compile returns the Pattern for pattern and flags, cached as CPython does.
func compile(patObj py.Object, flags int) (*Pattern, error) {
	if p, ok := patObj.(*Pattern); ok {
		if flags != 0 {
			return nil, py.ExceptionNewf(py.ValueError, "cannot process flags argument with a compiled pattern")
		}
		return p, nil
	}
	patStr, ok := patObj.(py.String)
	if !ok {
		if _, isBytes := patObj.(py.Bytes); isBytes {
			return nil, py.ExceptionNewf(py.NotImplementedError, "kafkalab's re works on str patterns, not bytes")
		}
		return nil, py.ExceptionNewf(py.TypeError, "first argument must be string or compiled pattern")
	}
	key := fmt.Sprintf("%d:%s", flags, patStr)
	cacheMu.Lock()
	p, ok := cache[key]
	cacheMu.Unlock()
	if ok {
		return p, nil
	}
	tr, err := translate(string(patStr), flags)
	if err != nil {
		return nil, err
	}
	opts := regexp2.RegexOptions(regexp2.None)
	if tr.flags&flagIgnoreCase != 0 {
		opts |= regexp2.IgnoreCase
	}
	if tr.flags&flagMultiline != 0 {
		opts |= regexp2.Multiline
	}
	if tr.flags&flagDotAll != 0 {
		opts |= regexp2.Singleline
	}
	mk := func(expr string) (*regexp2.Regexp, error) {
		re, err := regexp2.Compile(expr, opts)
		if err != nil {
			return nil, newError(cleanError(err))
		}
		re.MatchTimeout = matchTimeout
		return re, nil
	}
	p = &Pattern{pattern: patStr, flags: tr.flags, groups: tr.groups, groupIndex: tr.names, groupNames: tr.groupNames}
	if p.search, err = mk(tr.expr); err != nil {
		return nil, err
	}
	if p.anchored, err = mk(`\G(?:` + tr.expr + `)`); err != nil {
		return nil, err
	}
	if p.full, err = mk(`\G(?:` + tr.expr + `)\z`); err != nil {
		return nil, err
	}
	cacheMu.Lock()
	if len(cache) > 512 {
		cache = map[string]*Pattern{}
	}
	cache[key] = p
	cacheMu.Unlock()
	return p, nil
}

func cleanError(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "error parsing regexp: ")
	return s
}

func reError(msg string, pos int) error {
	return newError(fmt.Sprintf("%s at position %d", msg, pos))
}

func newError(msg string) error {
	exc, err := py.ExceptionNew(ErrorType, py.Tuple{py.String(msg)}, nil)
	if err != nil {
		return err
	}
	return exc.(*py.Exception)
}

// translated is a Python pattern in regexp2's syntax.
type translated struct {
	expr       string
	flags      int
	groups     int
	names      map[string]int
	groupNames []string
}

// translate rewrites Python's regular expression syntax for regexp2: named groups
// become numbered ones (Python numbers them in order, .NET after the unnamed ones),
// (?P=name) a numbered backreference, \Z \z, {,n} {0,n}; inline global flags are
// taken out; VERBOSE whitespace and comments are dropped here; ASCII makes \d \w \s
// ASCII classes.
func translate(pat string, flags int) (*translated, error) {
	rs := []rune(pat)
	t := &translated{names: map[string]int{}, groupNames: []string{""}}
	// global inline flags at the start: (?aiLmsux)
	i := 0
	for i+1 < len(rs) && rs[i] == '(' && rs[i+1] == '?' {
		j := i + 2
		f := 0
		for j < len(rs) && strings.ContainsRune("aiLmsux", rs[j]) {
			f |= inlineFlag(rs[j])
			j++
		}
		if j < len(rs) && rs[j] == ')' && j > i+2 {
			flags |= f
			i = j + 1
			continue
		}
		break
	}
	t.flags = flags
	verbose := flags&flagVerbose != 0
	ascii := flags&flagASCII != 0
	var b strings.Builder
	var depth []int // positions of the open parentheses
	for ; i < len(rs); i++ {
		c := rs[i]
		switch {
		case verbose && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'):
			continue
		case verbose && c == '#':
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
			continue
		case c == '\\':
			if i+1 >= len(rs) {
				return nil, reError("bad escape (end of pattern)", i)
			}
			n := rs[i+1]
			i++
			if err := escape(&b, n, ascii, false, i-1); err != nil {
				return nil, err
			}
		case c == '[':
			end, err := charClass(&b, rs, i, ascii)
			if err != nil {
				return nil, err
			}
			i = end
		case c == '(':
			if i+1 < len(rs) && rs[i+1] == '?' {
				rest := string(rs[i+2:])
				switch {
				case strings.HasPrefix(rest, "P<"):
					end := strings.IndexByte(rest, '>')
					if end < 0 {
						return nil, reError("missing >, unterminated name", i+4)
					}
					name := rest[2:end]
					if !isIdent(name) {
						return nil, reError(fmt.Sprintf("bad character in group name '%s'", name), i+4)
					}
					if _, dup := t.names[name]; dup {
						return nil, reError(fmt.Sprintf("redefinition of group name '%s' as group %d; was group %d", name, t.groups+1, t.names[name]), i+4)
					}
					t.groups++
					t.names[name] = t.groups
					t.groupNames = append(t.groupNames, name)
					b.WriteByte('(')
					depth = append(depth, i)
					i += 2 + len([]rune(rest[:end+1])) - 1
					continue
				case strings.HasPrefix(rest, "P="):
					end := strings.IndexByte(rest, ')')
					if end < 0 {
						return nil, reError("missing ), unterminated name", i+4)
					}
					name := rest[2:end]
					num, ok := t.names[name]
					if !ok {
						return nil, reError(fmt.Sprintf("unknown group name '%s'", name), i+4)
					}
					fmt.Fprintf(&b, `(?:\k<%d>)`, num)
					i += 2 + len([]rune(rest[:end+1])) - 1
					continue
				case strings.HasPrefix(rest, "("):
					// conditional (?(id/name)yes|no)
					end := strings.IndexByte(rest, ')')
					if end < 0 {
						return nil, reError("missing ), unterminated name", i+3)
					}
					ref := rest[1:end]
					if num, ok := t.names[ref]; ok {
						ref = fmt.Sprint(num)
					}
					fmt.Fprintf(&b, "(?(%s)", ref)
					depth = append(depth, i)
					i += 2 + len([]rune(rest[:end+1])) - 1
					continue
				case strings.HasPrefix(rest, "P"):
					return nil, reError("unknown extension ?P"+firstRune(rest[1:]), i+1)
				case strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<=") && !strings.HasPrefix(rest, "<!"):
					return nil, reError("unknown extension ?<"+firstRune(rest[1:]), i+1)
				}
				// scoped inline flags (?i:...) / (?-i:...): drop Python-only letters
				j := 2
				k := i + 2
				for k < len(rs) && strings.ContainsRune("aiLmsux-", rs[k]) {
					k++
				}
				if k > i+2 && k < len(rs) && rs[k] == ':' {
					b.WriteString("(?")
					for _, fc := range rs[i+2 : k] {
						if strings.ContainsRune("imsx-", fc) {
							b.WriteRune(fc)
						}
					}
					b.WriteByte(':')
					depth = append(depth, i)
					i = k
					continue
				}
				if k > i+2 && k < len(rs) && rs[k] == ')' {
					return nil, reError("global flags not at the start of the expression", i)
				}
				_ = j
				b.WriteString("(?")
				depth = append(depth, i)
				i++
				continue
			}
			t.groups++
			t.groupNames = append(t.groupNames, "")
			b.WriteByte('(')
			depth = append(depth, i)
		case c == ')':
			if len(depth) == 0 {
				return nil, reError("unbalanced parenthesis", i)
			}
			depth = depth[:len(depth)-1]
			b.WriteByte(')')
		case c == '{':
			// {,n} is {0,n} in Python
			if i+1 < len(rs) && rs[i+1] == ',' {
				j := i + 2
				for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
					j++
				}
				if j < len(rs) && rs[j] == '}' && j > i+2 {
					b.WriteString("{0,")
					b.WriteString(string(rs[i+2 : j+1]))
					i = j
					continue
				}
			}
			b.WriteRune(c)
		default:
			b.WriteRune(c)
		}
	}
	if len(depth) > 0 {
		return nil, reError("missing ), unterminated subpattern", depth[len(depth)-1])
	}
	t.expr = b.String()
	return t, nil
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

func inlineFlag(r rune) int {
	switch r {
	case 'a':
		return flagASCII
	case 'i':
		return flagIgnoreCase
	case 'L':
		return flagLocale
	case 'm':
		return flagMultiline
	case 's':
		return flagDotAll
	case 'u':
		return flagUnicode
	case 'x':
		return flagVerbose
	}
	return 0
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// escape writes the regexp2 form of the escape \n (inClass inside [...]).
func escape(b *strings.Builder, n rune, ascii, inClass bool, pos int) error {
	switch n {
	case 'Z':
		if inClass {
			return reError(`bad escape \Z`, pos)
		}
		b.WriteString(`\z`)
		return nil
	case 'd', 'D', 'w', 'W', 's', 'S':
		if ascii {
			sets := map[rune]string{'d': `0-9`, 'w': `a-zA-Z0-9_`, 's': ` \t\n\r\f\v`}
			lower := n | 0x20
			set := sets[lower]
			switch {
			case inClass && n == lower:
				b.WriteString(set)
			case inClass:
				b.WriteRune('\\')
				b.WriteRune(n)
			case n == lower:
				b.WriteString("[" + set + "]")
			default:
				b.WriteString("[^" + set + "]")
			}
			return nil
		}
	}
	if n < 128 && (n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z') && !strings.ContainsRune("abfnrtvxuUNdDsSwWAbBZ", n) {
		return reError(fmt.Sprintf(`bad escape \%c`, n), pos)
	}
	if inClass && (n == 'A' || n == 'B' || n == 'b') {
		if n == 'b' {
			b.WriteString(`\b`)
			return nil
		}
		return reError(fmt.Sprintf(`bad escape \%c`, n), pos)
	}
	b.WriteRune('\\')
	b.WriteRune(n)
	return nil
}

// charClass copies the class [...] starting at rs[start]; it returns the index of
// its closing bracket.
func charClass(b *strings.Builder, rs []rune, start int, ascii bool) (int, error) {
	i := start + 1
	b.WriteByte('[')
	if i < len(rs) && rs[i] == '^' {
		b.WriteByte('^')
		i++
	}
	first := true
	for ; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ']' && !first:
			b.WriteByte(']')
			return i, nil
		case c == ']':
			b.WriteString(`\]`)
		case c == '\\':
			if i+1 >= len(rs) {
				return 0, reError("bad escape (end of pattern)", i)
			}
			i++
			if err := escape(b, rs[i], ascii, true, i-1); err != nil {
				return 0, err
			}
		case c == '[':
			b.WriteString(`\[`)
		default:
			b.WriteRune(c)
		}
		first = false
	}
	return 0, reError("unterminated character set", start)
}

// ---------------------------------------------------------------------------
// Matching

// find runs re on text[:endpos] from pos and returns the match, or nil.
func (p *Pattern) find(re *regexp2.Regexp, text []rune, pos, endpos int) (*regexp2.Match, error) {
	m, err := re.FindRunesMatchStartingAt(text[:endpos], pos)
	if err != nil {
		return nil, py.ExceptionNewf(py.RuntimeError, "regular expression %s: %v", p.reprPattern(), err)
	}
	return m, nil
}

func (p *Pattern) newMatch(m *regexp2.Match, str py.Object, text []rune, pos, endpos int) *Match {
	spans := make([][2]int, p.groups+1)
	for g := 0; g <= p.groups; g++ {
		grp := m.GroupByNumber(g)
		if grp == nil || len(grp.Captures) == 0 {
			spans[g] = [2]int{-1, -1}
			continue
		}
		spans[g] = [2]int{grp.Index, grp.Index + grp.Length}
	}
	return &Match{re: p, text: text, str: str, pos: pos, endpos: endpos, spans: spans}
}

// bounds clamps pos and endpos as CPython does.
func bounds(n int, pos, endpos py.Object) (int, int, error) {
	p, e := 0, n
	if pos != nil && pos != py.None {
		v, err := py.IndexInt(pos)
		if err != nil {
			return 0, 0, err
		}
		p = v
	}
	if endpos != nil && endpos != py.None {
		v, err := py.IndexInt(endpos)
		if err != nil {
			return 0, 0, err
		}
		e = v
	}
	if p < 0 {
		p = 0
	}
	if p > n {
		p = n
	}
	if e < 0 {
		e = 0
	}
	if e > n {
		e = n
	}
	return p, e, nil
}

func subject(o py.Object) (py.Object, []rune, error) {
	switch s := o.(type) {
	case py.String:
		return s, []rune(string(s)), nil
	case *py.Type:
		if v, ok := s.Value.(py.String); ok {
			return s, []rune(string(v)), nil
		}
	case py.Bytes:
		return nil, nil, py.ExceptionNewf(py.TypeError, "cannot use a string pattern on a bytes-like object")
	}
	return nil, nil, py.ExceptionNewf(py.TypeError, "expected string or bytes-like object, got '%s'", o.Type().Name)
}

// iterate calls fn for each match from pos, with Python 3.7's rule for empty
// matches: an empty match right after another empty match at the same place is
// skipped.
func (p *Pattern) iterate(text []rune, str py.Object, pos, endpos int, fn func(*Match) bool) error {
	lastEnd := -1
	lastEmpty := false
	at := pos
	for at <= endpos {
		m, err := p.find(p.search, text, at, endpos)
		if err != nil {
			return err
		}
		if m == nil {
			return nil
		}
		start, end := m.Index, m.Index+m.Length
		if start == end && start == lastEnd && lastEmpty {
			if at >= endpos {
				return nil
			}
			at++
			continue
		}
		if fn(p.newMatch(m, str, text, pos, endpos)) {
			return nil
		}
		lastEnd, lastEmpty = end, start == end
		at = end
	}
	return nil
}

func (p *Pattern) reprPattern() string {
	s, _ := py.ReprString(p.pattern)
	return s
}
