package engine

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/kafkalab/kafkalab/engine/plan"
)

// cteDef is one common table expression of WITH name [(cols)] AS (query).
type cteDef struct {
	name  string
	cols  []string
	query string
}

// splitWith splits "WITH a AS (...), b AS (...) SELECT ..." into its definitions and the
// main query; ok is false when the text does not start with WITH.
func splitWith(text string) (defs []cteDef, main string, ok bool, err error) {
	s := strings.TrimSpace(text)
	if len(s) < 5 || !strings.EqualFold(s[:4], "WITH") || !unicode.IsSpace(rune(s[4])) {
		return nil, "", false, nil
	}
	s = strings.TrimSpace(s[4:])
	syntax := func(near string) error {
		near = strings.TrimSpace(near)
		tok := near
		if i := strings.IndexFunc(near, unicode.IsSpace); i > 0 {
			tok = near[:i]
		}
		if tok == "" {
			return &plan.AnalysisError{Class: "PARSE_SYNTAX_ERROR", Message: "Syntax error at or near end of input."}
		}
		return &plan.AnalysisError{Class: "PARSE_SYNTAX_ERROR", Message: "Syntax error at or near '" + tok + "'."}
	}
	for {
		var d cteDef
		var rest string
		if d.name, rest = readIdent(s); d.name == "" {
			return nil, "", true, syntax(s)
		}
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, "(") {
			body, after, ok := balanced(rest)
			if !ok {
				return nil, "", true, syntax("")
			}
			for _, c := range strings.Split(body, ",") {
				name, tail := readIdent(strings.TrimSpace(c))
				if name == "" || strings.TrimSpace(tail) != "" {
					return nil, "", true, syntax(c)
				}
				d.cols = append(d.cols, name)
			}
			rest = strings.TrimSpace(after)
		}
		if len(rest) < 2 || !strings.EqualFold(rest[:2], "AS") {
			return nil, "", true, syntax(rest)
		}
		rest = strings.TrimSpace(rest[2:])
		body, after, ok := balanced(rest)
		if !ok {
			return nil, "", true, syntax(rest)
		}
		d.query = body
		defs = append(defs, d)
		s = strings.TrimSpace(after)
		if !strings.HasPrefix(s, ",") {
			return defs, s, true, nil
		}
		s = strings.TrimSpace(s[1:])
	}
}

// readIdent reads a plain or backquoted identifier at the start of s.
func readIdent(s string) (string, string) {
	if strings.HasPrefix(s, "`") {
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			if s[i] == '`' {
				if i+1 < len(s) && s[i+1] == '`' {
					b.WriteByte('`')
					i++
					continue
				}
				return b.String(), s[i+1:]
			}
			b.WriteByte(s[i])
		}
		return "", s
	}
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return s[:i], s[i:]
}

// balanced reads "( ... )" at the start of s, skipping quoted text, and returns what is
// inside and what follows.
func balanced(s string) (inside, after string, ok bool) {
	if !strings.HasPrefix(s, "(") {
		return "", s, false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"', '`':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			i = j
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:], true
			}
		}
	}
	return "", s, false
}

// sqlWith runs a query with common table expressions: each definition is a DataFrame the
// later ones and the main query read by name before any table or view of that name.
func (s *Session) sqlWith(ctx context.Context, defs []cteDef, main string, outer map[string]*DataFrame) (*DataFrame, error) {
	ctes := map[string]*DataFrame{}
	for k, v := range outer {
		ctes[k] = v
	}
	for _, d := range defs {
		df, err := s.sqlScoped(ctx, d.query, ctes)
		if err != nil {
			return nil, err
		}
		if d.cols != nil {
			fields := df.Schema().Fields
			if len(d.cols) != len(fields) {
				return nil, &plan.AnalysisError{Class: "ASSIGNMENT_ARITY_MISMATCH", Message: fmt.Sprintf(
					"The number of columns or variables assigned or aliased: %d does not match the number of source tuples: %d.", len(d.cols), len(fields))}
			}
			renamed := make([]any, len(fields))
			for i := range fields {
				renamed[i] = positional(fields, i).Alias(d.cols[i])
			}
			if df, err = df.Select(renamed...); err != nil {
				return nil, err
			}
		}
		ctes[strings.ToLower(d.name)] = df
	}
	return s.sqlScoped(ctx, main, ctes)
}

// cteNamed is the common table expression a FROM name (as the parser quotes it) reads.
func cteNamed(ctes map[string]*DataFrame, table string) *DataFrame {
	parts := plan.ParseAttributeName(table)
	if len(parts) != 1 {
		return nil
	}
	return ctes[strings.ToLower(parts[0])]
}
