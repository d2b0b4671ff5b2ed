package plan

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// String predicates and slices: like, contains, startswith, endswith, substring.

func bindLike(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 && len(c.Args) != 3 {
		return nil, wrongArgs("like", "[2, 3]", len(c.Args))
	}
	b, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	pb, err := r.resolve(c.Args[1])
	if err != nil {
		return nil, err
	}
	esc := '\\'
	if len(c.Args) == 3 {
		eb, err := r.resolve(c.Args[2])
		if err != nil {
			return nil, err
		}
		e, _ := stringLiteral(eb)
		esc, _ = utf8.DecodeRuneInString(e)
	}
	pattern, ok := stringLiteral(pb)
	if !ok {
		// A pattern from a column is translated row by row.
		b, pb = castTo(b, sqltypes.String), castTo(pb, sqltypes.String)
		return rowPatternLike("like", "", b, pb, esc).withSQLText(b.SQL() + " LIKE " + pb.SQL()), nil
	}
	re, err := likeRegexpEscape("", pattern, esc)
	if err != nil {
		return nil, err
	}
	b = castTo(b, sqltypes.String)
	return &boundLike{child: b, pattern: pattern, re: re, esc: esc}, nil
}

// boundLike is child LIKE pattern; Spark prints it infix ("status LIKE pl%"), with
// ESCAPE 'c' after it when the escape is not the default backslash.
type boundLike struct {
	child   Bound
	pattern string
	re      *regexp.Regexp
	esc     rune
}

func (b *boundLike) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundLike) Nullable() bool              { return b.child.Nullable() }
func (b *boundLike) SQL() string {
	if b.esc != '\\' {
		return b.child.SQL() + " LIKE " + b.pattern + " ESCAPE '" + string(b.esc) + "'"
	}
	return b.child.SQL() + " LIKE " + b.pattern
}
func (b *boundLike) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	return b.re.MatchString(v.(string)), nil
}

// rowPatternLike is LIKE (flags "") or ILIKE (flags "(?i)") whose pattern is a column: each
// row's pattern is translated (and remembered, since a column often repeats one pattern).
func rowPatternLike(name, flags string, str, pattern Bound, esc rune) *boundFunc {
	var seen sync.Map // pattern -> *regexp.Regexp
	return fn2(name, str, pattern, sqltypes.Boolean, func(_ *EvalContext, a, p any) (any, error) {
		ps := p.(string)
		re, ok := seen.Load(ps)
		if !ok {
			compiled, err := likeRegexpEscape(flags, ps, esc)
			if err != nil {
				return nil, fmt.Errorf("%s pattern %q: %w", name, ps, err)
			}
			re, _ = seen.LoadOrStore(ps, compiled)
		}
		return re.(*regexp.Regexp).MatchString(a.(string)), nil
	})
}

// likeRegexpEscape translates a SQL LIKE pattern (% any run, _ one character, esc escapes).
func likeRegexpEscape(flags, p string, esc rune) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString(flags + "(?s)^")
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRuneInString(p[i:])
		switch {
		case r == esc && i+size < len(p):
			n, nsize := utf8.DecodeRuneInString(p[i+size:])
			b.WriteString(regexp.QuoteMeta(string(n)))
			i += size + nsize
			continue
		case r == '%':
			b.WriteString(".*")
		case r == '_':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
		i += size
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

func bindStringPredicate(name string, f func(s, sub string) bool) func(r *resolver, c Call) (Bound, error) {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 2 {
			return nil, wrongArgs(name, "2", len(c.Args))
		}
		args, err := r.resolveAll(c.Args)
		if err != nil {
			return nil, err
		}
		for i := range args {
			args[i] = castTo(args[i], sqltypes.String)
		}
		return &boundFunc{name: name, args: args, typ: sqltypes.Boolean, nullable: args[0].Nullable() || args[1].Nullable(), nullIntolerant: true,
			fn: func(_ *EvalContext, v []any) (any, error) { return f(v[0].(string), v[1].(string)), nil }}, nil
	}
}

// bindSubstring is substring(str, pos[, len]) with Spark's 1-based (and negative) positions.
func bindSubstring(r *resolver, c Call) (Bound, error) {
	if len(c.Args) < 2 || len(c.Args) > 3 {
		return nil, wrongArgs("substring", "[2, 3]", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	args[0] = castTo(args[0], sqltypes.String)
	for i := 1; i < len(args); i++ {
		if !sqltypes.IsIntegral(args[i].DataType()) && !isNull(args[i].DataType()) {
			return nil, unexpectedInputType("substring("+sqlList(args)+")", ordinal(i+1), args[i].SQL(), args[i].DataType(), `"INT"`)
		}
		args[i] = castTo(args[i], sqltypes.Integer)
	}
	sqlArgs := []string{args[0].SQL(), args[1].SQL(), "2147483647"}
	if len(args) == 3 {
		sqlArgs[2] = args[2].SQL()
	}
	return &boundFunc{name: strings.ToLower(c.Name), args: args, sqlArgs: sqlArgs, typ: sqltypes.String, nullable: true, nullIntolerant: true,
		fn: func(_ *EvalContext, v []any) (any, error) {
			rs := []rune(v[0].(string))
			pos := int(v[1].(int32))
			length := math.MaxInt32
			if len(v) == 3 {
				length = int(v[2].(int32))
			}
			return substringOf(rs, pos, length), nil
		}}, nil
}

// substringOf follows UTF8String.substringSQL.
func substringOf(rs []rune, pos, length int) string {
	n := len(rs)
	start := 0
	switch {
	case pos > 0:
		start = pos - 1
	case pos < 0:
		start = n + pos
	}
	end := n
	if length < math.MaxInt32 {
		end = start + length
		if length < 0 {
			end = start
		}
	}
	start = max(start, 0)
	if start >= n || end <= start {
		return ""
	}
	return string(rs[start:min(end, n)])
}
