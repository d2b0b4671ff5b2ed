package plan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// AnalysisError is an error found while checking a query against its schemas, worded like
// Spark's AnalysisException: "[ERROR_CLASS] message". It is sparkerrors.Error (Kind
// AnalysisException unless set otherwise), so the PySpark front end raises it as
// pyspark.errors.AnalysisException with the condition's parameters and SQLSTATE.
type AnalysisError = sparkerrors.Error

func analysisErr(class, format string, args ...any) error {
	return &AnalysisError{Class: class, Message: fmt.Sprintf(format, args...)}
}

// UnsupportedError marks a Spark feature kafkalab does not implement (as opposed to something
// Spark itself rejects). Its message names the API and, where there is one, what to use instead.
type UnsupportedError struct{ Message string }

func (e *UnsupportedError) Error() string { return e.Message }

func unsupported(format string, args ...any) error {
	return &UnsupportedError{Message: fmt.Sprintf(format, args...)}
}

// quoteIdent quotes a name the way Spark's error messages do: `name`, with inner backticks
// doubled, and each dotted part quoted on its own.
func quoteIdent(parts ...string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = "`" + strings.ReplaceAll(p, "`", "``") + "`"
	}
	return strings.Join(q, ".")
}

// unresolvedColumn builds Spark's UNRESOLVED_COLUMN error. Candidates are the input columns
// as name parts (qualifier first). Like Spark, they are ordered by Levenshtein distance between
// the unknown name and each candidate's last part (a stable sort, so ties keep input order),
// quoted part by part, and at most five are listed.
func unresolvedColumn(nameParts []string, candidates [][]string) error {
	name := quoteIdent(nameParts...)
	if len(candidates) == 0 {
		return analysisErr("UNRESOLVED_COLUMN.WITHOUT_SUGGESTION",
			"A column, variable, or function parameter with name %s cannot be resolved.", name)
	}
	target := strings.Join(nameParts, ".")
	type cand struct {
		quoted string
		dist   int
	}
	cs := make([]cand, len(candidates))
	for i, c := range candidates {
		cmp := c[len(c)-1]
		if len(nameParts) > 1 {
			cmp = strings.Join(c, ".")
		}
		cs[i] = cand{quoteIdent(c...), levenshtein(cmp, target)}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].dist < cs[j].dist })
	if len(cs) > 5 {
		cs = cs[:5]
	}
	q := make([]string, len(cs))
	for i, c := range cs {
		q[i] = c.quoted
	}
	return analysisErr("UNRESOLVED_COLUMN.WITH_SUGGESTION",
		"A column, variable, or function parameter with name %s cannot be resolved. Did you mean one of the following? [%s].",
		name, strings.Join(q, ", "))
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// UnresolvedColumnOf is the error of Spark's Dataset.col for a name the DataFrame does not
// have: UNRESOLVED_COLUMN proposing every column, in the DataFrame's order.
func UnresolvedColumnOf(nameParts []string, columns []string) error {
	q := make([]string, len(columns))
	for i, c := range columns {
		q[i] = quoteIdent(c)
	}
	return sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVED_COLUMN.WITH_SUGGESTION",
		"objectName", quoteIdent(nameParts...), "proposal", strings.Join(q, ", "))
}
