package plan

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Regular expressions with Java's semantics (Spark runs java.util.regex): a backtracking
// engine (regexp2) given the pattern with Java's ASCII-only classes spelled out, and
// Java's replacement syntax ($1, ${name}, \$).

func init() {
	register(bindRegexpReplace, "regexp_replace")
	register(bindRegexpExtract, "regexp_extract")
	register(bindRegexpExtractAll, "regexp_extract_all")
	register(bindRLike("RLIKE"), "rlike")
	register(bindRLike("REGEXP"), "regexp")
	register(bindRLike("REGEXP_LIKE"), "regexp_like")
	register(bindRegexpCount, "regexp_count")
	register(bindRegexpInstr, "regexp_instr")
	register(bindRegexpSubstr, "regexp_substr")
	register(bindSplit, "split")
	register(bindILike, "ilike")
}

// javaRegexSyntax rewrites a Java pattern for regexp2: \w \d \s and their negations are
// ASCII classes in Java, \Q...\E quotes, and the POSIX \p{Alpha}-style classes exist.
func javaRegexSyntax(p string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			n := p[i+1]
			if n == 'Q' {
				end := strings.Index(p[i+2:], `\E`)
				lit := p[i+2:]
				if end >= 0 {
					lit = p[i+2 : i+2+end]
					i = i + 2 + end + 1
				} else {
					i = len(p)
				}
				b.WriteString(regexp.QuoteMeta(lit))
				continue
			}
			if n == 'p' || n == 'P' {
				if cls, width, ok := posixClass(p[i:]); ok {
					if n == 'P' {
						cls = "^" + cls
					}
					if inClass {
						b.WriteString(strings.TrimPrefix(cls, "^"))
					} else {
						b.WriteString("[" + cls + "]")
					}
					i += width - 1
					continue
				}
			}
			set := map[byte]string{'w': "a-zA-Z0-9_", 'd': "0-9", 's': " \\t\\n\\x0B\\f\\r"}
			if s, ok := set[n]; ok {
				if inClass {
					b.WriteString(s)
				} else {
					b.WriteString("[" + s + "]")
				}
				i++
				continue
			}
			if s, ok := set[n+'a'-'A']; ok && n >= 'A' && n <= 'Z' && !inClass {
				b.WriteString("[^" + s + "]")
				i++
				continue
			}
			b.WriteByte(c)
			b.WriteByte(n)
			i++
			continue
		}
		switch {
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			if i+1 < len(p) && p[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(p) && p[i+1] == ']' {
				b.WriteString(`\]`)
				i++
			}
			continue
		case c == ']' && inClass:
			inClass = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

func posixClass(s string) (string, int, bool) {
	if len(s) < 4 || s[2] != '{' {
		return "", 0, false
	}
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return "", 0, false
	}
	classes := map[string]string{
		"Lower": "a-z", "Upper": "A-Z", "ASCII": "\\x00-\\x7F", "Alpha": "a-zA-Z", "Digit": "0-9",
		"Alnum": "a-zA-Z0-9", "Punct": "!-/:-@\\[-`{-~", "Graph": "!-~", "Print": " -~", "Blank": " \\t",
		"Cntrl": "\\x00-\\x1F\\x7F", "XDigit": "0-9a-fA-F", "Space": " \\t\\n\\x0B\\f\\r",
	}
	cls, ok := classes[s[3:end]]
	return cls, end + 1, ok
}

// compileJavaRegex compiles a Java pattern; an invalid one is Spark's INVALID_PARAMETER_VALUE.
func compileJavaRegex(fn, pattern string) (*regexp2.Regexp, error) {
	re, err := regexp2.Compile(javaRegexSyntax(pattern), regexp2.None)
	if err != nil {
		return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: fmt.Sprintf(
			"The value of parameter(s) `regexp` in `%s` is invalid: '%s'.", fn, pattern)}
	}
	return re, nil
}

// regexCache holds the last compiled pattern of a non-constant regex argument; plans may
// be evaluated from several goroutines, hence the atomic pointer.
type regexCache struct {
	fn   string
	last atomic.Pointer[compiledRegex]
}

type compiledRegex struct {
	pattern string
	re      *regexp2.Regexp
}

func (c *regexCache) get(pattern string) (*regexp2.Regexp, error) {
	if l := c.last.Load(); l != nil && l.pattern == pattern {
		return l.re, nil
	}
	re, err := compileJavaRegex(c.fn, pattern)
	if err != nil {
		return nil, err
	}
	c.last.Store(&compiledRegex{pattern, re})
	return re, nil
}

// regexArg compiles a constant pattern at analysis, or returns a cache for a per-row one.
func regexArg(fn string, b Bound) (func(v any) (*regexp2.Regexp, error), error) {
	if s, ok := stringLiteral(b); ok {
		re, err := compileJavaRegex(fn, s)
		if err != nil {
			return func(any) (*regexp2.Regexp, error) { return nil, err }, nil
		}
		return func(any) (*regexp2.Regexp, error) { return re, nil }, nil
	}
	cache := &regexCache{fn: fn}
	return func(v any) (*regexp2.Regexp, error) { return cache.get(v.(string)) }, nil
}

// forEachMatch calls f for each match of re in s, as Java's Matcher.find() loop.
func forEachMatch(re *regexp2.Regexp, s string, f func(m *regexp2.Match) bool) error {
	m, err := re.FindStringMatch(s)
	for m != nil && err == nil {
		if !f(m) {
			return nil
		}
		m, err = re.FindNextMatch(m)
	}
	return err
}

// javaSplit is Java's String.split(regex, limit) as Spark's UTF8String.split uses it: an
// empty pattern splits into characters; limit <= 0 keeps every piece.
func javaSplit(re *regexp2.Regexp, s string, limit int) []string {
	if re.String() == "" && s != "" {
		rs := []rune(s)
		n := len(rs)
		if limit > 0 && limit < n {
			n = limit
		}
		out := make([]string, n)
		for i := 0; i < n-1; i++ {
			out[i] = string(rs[i])
		}
		out[n-1] = string(rs[n-1:])
		return out
	}
	rs := []rune(s)
	var out []string
	index := 0
	_ = forEachMatch(re, s, func(m *regexp2.Match) bool {
		if limit > 0 && len(out) >= limit-1 {
			return false
		}
		if index == 0 && m.Index == 0 && m.Length == 0 {
			return true
		}
		out = append(out, string(rs[index:m.Index]))
		index = m.Index + m.Length
		return true
	})
	if index == 0 && len(out) == 0 {
		return []string{s}
	}
	return append(out, string(rs[index:]))
}

// appendJavaReplacement expands a Java replacement string for one match: $n and ${name}
// are groups, \x is x.
func appendJavaReplacement(b *strings.Builder, rep string, m *regexp2.Match) error {
	for i := 0; i < len(rep); i++ {
		c := rep[i]
		switch {
		case c == '\\':
			i++
			if i >= len(rep) {
				return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: "character to be escaped is missing"}
			}
			b.WriteByte(rep[i])
		case c == '$':
			i++
			if i >= len(rep) {
				return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: "Illegal group reference: group index is missing"}
			}
			if rep[i] == '{' {
				end := strings.IndexByte(rep[i:], '}')
				if end < 0 {
					return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: "named capturing group is missing trailing '}'"}
				}
				g := m.GroupByName(rep[i+1 : i+end])
				if g == nil {
					return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: "No group with name {" + rep[i+1:i+end] + "}"}
				}
				b.WriteString(g.String())
				i += end
				continue
			}
			if rep[i] < '0' || rep[i] > '9' {
				return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: "Illegal group reference"}
			}
			n := int(rep[i] - '0')
			if n >= m.GroupCount() {
				return &sparkerrors.Error{Kind: sparkerrors.SparkException, Class: "INVALID_PARAMETER_VALUE.PATTERN", Message: fmt.Sprintf("No group %d", n)}
			}
			// More digits join the group number while such a group exists.
			for i+1 < len(rep) && rep[i+1] >= '0' && rep[i+1] <= '9' && n*10+int(rep[i+1]-'0') < m.GroupCount() {
				i++
				n = n*10 + int(rep[i]-'0')
			}
			b.WriteString(m.GroupByNumber(n).String())
		default:
			b.WriteByte(c)
		}
	}
	return nil
}

// bindRegexpReplace is regexp_replace(str, regex, rep[, pos]): every match from character
// pos on replaced.
func bindRegexpReplace(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 3 {
		c.Args = append(c.Args, Literal{Value: int32(1), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 4, 4, inString, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("regexp_replace", args[1])
	if err != nil {
		return nil, err
	}
	return fnN("regexp_replace", args, sqltypes.String, func(_ *EvalContext, v []any) (any, error) {
		re, err := reOf(v[1])
		if err != nil {
			return nil, err
		}
		s, rep, pos := v[0].(string), v[2].(string), int(v[3].(int32))
		if pos < 1 {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "INVALID_PARAMETER_VALUE.INTEGER",
				"parameter", "`position`", "functionName", "`regexp_replace`", "invalidValue", strconv.Itoa(pos))
		}
		rs := []rune(s)
		if pos-1 > len(rs) {
			return s, nil
		}
		var b strings.Builder
		b.WriteString(string(rs[:pos-1]))
		m, err := re.FindRunesMatchStartingAt(rs, pos-1)
		last := pos - 1
		for m != nil && err == nil {
			b.WriteString(string(rs[last:m.Index]))
			if err := appendJavaReplacement(&b, rep, m); err != nil {
				return nil, err
			}
			last = m.Index + m.Length
			m, err = re.FindNextMatch(m)
		}
		if err != nil {
			return nil, err
		}
		b.WriteString(string(rs[last:]))
		return b.String(), nil
	}), nil
}

func groupIndexErr(fn string, groups, idx int) error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX", Message: fmt.Sprintf(
		"The value of parameter(s) `idx` in `%s` is invalid: Expects group index between 0 and %d, but got %d.", fn, groups, idx)}
}

// groupText is group idx of a match, "" when it did not take part.
func groupText(m *regexp2.Match, idx int) string {
	g := m.GroupByNumber(idx)
	if g == nil || len(g.Captures) == 0 {
		return ""
	}
	return g.String()
}

func bindRegexpExtract(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: int32(1), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("regexp_extract", args[1])
	if err != nil {
		return nil, err
	}
	return fn3("regexp_extract", args[0], args[1], args[2], sqltypes.String, func(_ *EvalContext, a, p, i any) (any, error) {
		re, err := reOf(p)
		if err != nil {
			return nil, err
		}
		idx := int(i.(int32))
		m, err := re.FindStringMatch(a.(string))
		if err != nil {
			return nil, err
		}
		if m == nil {
			if idx < 0 || idx >= len(re.GetGroupNumbers()) {
				return nil, groupIndexErr("regexp_extract", len(re.GetGroupNumbers())-1, idx)
			}
			return "", nil
		}
		if idx < 0 || idx >= m.GroupCount() {
			return nil, groupIndexErr("regexp_extract", m.GroupCount()-1, idx)
		}
		return groupText(m, idx), nil
	}), nil
}

func bindRegexpExtractAll(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: int32(1), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("regexp_extract_all", args[1])
	if err != nil {
		return nil, err
	}
	typ := sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: true}
	return fn3("regexp_extract_all", args[0], args[1], args[2], typ, func(_ *EvalContext, a, p, i any) (any, error) {
		re, err := reOf(p)
		if err != nil {
			return nil, err
		}
		idx := int(i.(int32))
		if groups := len(re.GetGroupNumbers()) - 1; idx < 0 || idx > groups {
			return nil, groupIndexErr("regexp_extract_all", groups, idx)
		}
		out := []any{}
		err = forEachMatch(re, a.(string), func(m *regexp2.Match) bool {
			out = append(out, groupText(m, idx))
			return true
		})
		return out, err
	}), nil
}

func bindRLike(display string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inString)
		if err != nil {
			return nil, err
		}
		reOf, err := regexArg(strings.ToLower(display), args[1])
		if err != nil {
			return nil, err
		}
		return fn2(display, args[0], args[1], sqltypes.Boolean, func(_ *EvalContext, a, p any) (any, error) {
			re, err := reOf(p)
			if err != nil {
				return nil, err
			}
			return re.MatchString(a.(string))
		}), nil
	}
}

func bindRegexpCount(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("regexp_count", args[1])
	if err != nil {
		return nil, err
	}
	return fn2("regexp_count", args[0], args[1], sqltypes.Integer, func(_ *EvalContext, a, p any) (any, error) {
		re, err := reOf(p)
		if err != nil {
			return nil, err
		}
		n := int32(0)
		err = forEachMatch(re, a.(string), func(*regexp2.Match) bool { n++; return true })
		return n, err
	}), nil
}

func bindRegexpInstr(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: int32(0), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("regexp_instr", args[1])
	if err != nil {
		return nil, err
	}
	return fn3("regexp_instr", args[0], args[1], args[2], sqltypes.Integer, func(_ *EvalContext, a, p, _ any) (any, error) {
		re, err := reOf(p)
		if err != nil {
			return nil, err
		}
		m, err := re.FindStringMatch(a.(string))
		if err != nil || m == nil {
			return int32(0), err
		}
		// Spark answers where the whole match starts whatever the group index asks for.
		return int32(m.Index + 1), nil
	}), nil
}

func bindRegexpSubstr(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("regexp_substr", args[1])
	if err != nil {
		return nil, err
	}
	return fn2("regexp_substr", args[0], args[1], sqltypes.String, func(_ *EvalContext, a, p any) (any, error) {
		re, err := reOf(p)
		if err != nil {
			return nil, err
		}
		m, err := re.FindStringMatch(a.(string))
		if err != nil || m == nil {
			return nil, err
		}
		return m.String(), nil
	}).withNullable(true), nil
}

// bindSplit is split(str, regex[, limit]).
func bindSplit(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: int32(-1), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	reOf, err := regexArg("split", args[1])
	if err != nil {
		return nil, err
	}
	typ := sqltypes.ArrayType{Element: sqltypes.String}
	return fn3("split", args[0], args[1], args[2], typ, func(_ *EvalContext, a, p, l any) (any, error) {
		re, err := reOf(p)
		if err != nil {
			return nil, err
		}
		parts := javaSplit(re, a.(string), int(l.(int32)))
		out := make([]any, len(parts))
		for i, s := range parts {
			out[i] = s
		}
		return out, nil
	}), nil
}

// bindILike is ilike(str, pattern): LIKE ignoring case.
func bindILike(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3, inString)
	if err != nil {
		return nil, err
	}
	esc := '\\'
	if len(args) == 3 {
		e, _ := stringLiteral(args[2])
		esc, _ = utf8.DecodeRuneInString(e)
	}
	pattern, ok := stringLiteral(args[1])
	if !ok {
		// A pattern from a column is translated row by row.
		return rowPatternLike("ilike", "(?i)", args[0], args[1], esc), nil
	}
	re, err := likeRegexpEscape("(?i)", pattern, esc)
	if err != nil {
		return nil, err
	}
	return fn2("ilike", args[0], args[1], sqltypes.Boolean, func(_ *EvalContext, a, _ any) (any, error) {
		return re.MatchString(a.(string)), nil
	}), nil
}
