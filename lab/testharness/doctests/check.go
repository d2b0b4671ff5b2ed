package doctests

import "strings"

// outputMatches is doctest's comparison with ELLIPSIS and NORMALIZE_WHITESPACE, the options
// PySpark's doctests run with: runs of whitespace compare as one space, "..." in want
// stands for any text, and <BLANKLINE> for an empty line.
func outputMatches(want, got string) bool {
	want = strings.ReplaceAll(want, "<BLANKLINE>", "")
	want, got = strings.Join(strings.Fields(want), " "), strings.Join(strings.Fields(got), " ")
	if want == got {
		return true
	}
	pieces := strings.Split(want, "...")
	if len(pieces) == 1 {
		return false
	}
	first, last := pieces[0], pieces[len(pieces)-1]
	if !strings.HasPrefix(got, first) || !strings.HasSuffix(got, last) || len(first)+len(last) > len(got) {
		return false
	}
	rest := got[len(first) : len(got)-len(last)]
	for _, p := range pieces[1 : len(pieces)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return true
}
