package plan

import (
	"regexp"
	"strings"
)

// expandRegex is DataFrame.colRegex's expansion (Spark's UnresolvedRegex): the input
// columns, of the qualifier when one is given, whose whole name the Java regular
// expression matches, case-insensitively as Spark's default analysis is.
func (r *resolver) expandRegex(st Star) ([]Bound, error) {
	match, err := compileColRegex(st.Regex)
	if err != nil {
		return nil, err
	}
	var out []Bound
	for i, f := range r.scope.Schema.Fields {
		if len(st.Target) > 0 {
			q := r.scope.qualifier(i)
			if len(q) < len(st.Target) {
				continue
			}
			suffix := q[len(q)-len(st.Target):]
			same := true
			for j := range suffix {
				if !r.scope.eq(suffix[j], st.Target[j]) {
					same = false
				}
			}
			if !same {
				continue
			}
		}
		if match(f.Name) {
			out = append(out, &boundRef{index: i, field: f})
		}
	}
	return out, nil
}

// compileColRegex turns colRegex's Java pattern into a whole-name matcher. Go's regexp has
// Java's syntax for what colRegex patterns use but not its possessive quantifiers; the
// documented idiom, a leading possessive group that excludes a column ((Col1)?+.+: every
// column but Col1), is matched as Java matches it: the group, when it matches at the
// start, is kept and never given back to the rest. Other possessive or atomic constructs
// are refused by name.
func compileColRegex(pattern string) (func(string) bool, error) {
	if group, rest, ok := leadingPossessiveGroup(pattern); ok {
		head, err := regexp.Compile(`^(?i:` + group + `)`)
		if err != nil {
			return nil, colRegexErr(pattern, err)
		}
		tail, err := wholeMatch(rest, pattern)
		if err != nil {
			return nil, err
		}
		return func(name string) bool {
			if loc := head.FindStringIndex(name); loc != nil {
				return tail(name[loc[1]:])
			}
			return tail(name)
		}, nil
	}
	return wholeMatch(pattern, pattern)
}

func wholeMatch(p, whole string) (func(string) bool, error) {
	if hasPossessive(p) || strings.Contains(p, "(?>") {
		return nil, unsupported("kafkalab's colRegex does not support possessive quantifiers or atomic groups in %q beyond a leading (X)?+ group; run the script on real Spark with kafkalab export", whole)
	}
	re, err := regexp.Compile(`^(?i:` + p + `)$`)
	if err != nil {
		return nil, colRegexErr(whole, err)
	}
	return re.MatchString, nil
}

// leadingPossessiveGroup splits "(X)?+rest" into X and rest.
func leadingPossessiveGroup(p string) (group, rest string, ok bool) {
	if !strings.HasPrefix(p, "(") {
		return "", "", false
	}
	depth := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				if strings.HasPrefix(p[i+1:], "?+") {
					return p[1:i], p[i+3:], true
				}
				return "", "", false
			}
		}
	}
	return "", "", false
}

// hasPossessive reports a quantifier followed by + (?+, *+, ++, {n}+) outside escapes.
func hasPossessive(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] == '\\' {
			i++
			continue
		}
		if strings.IndexByte("?*+}", p[i]) >= 0 && p[i+1] == '+' {
			return true
		}
	}
	return false
}

func colRegexErr(pattern string, err error) error {
	return unsupported("kafkalab cannot read the colRegex pattern %q (%v); run the script on real Spark with kafkalab export", pattern, err)
}
