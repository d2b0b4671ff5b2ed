package plan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// AnalysisError is an error found while checking a query against its schemas, worded like
// Spark's AnalysisException: "[ERROR_CLASS] message". It is sparkerrors.Error (Kind
// AnalysisException unless set otherwise), so the PySpark front end raises it as
// pyspark.errors.AnalysisException with the condition's parameters and SQLSTATE.
type AnalysisError = sparkerrors.Error

func analysisErr(class, format string, args ...any) error {
	return &AnalysisError{Class: class, Message: fmt.Sprintf(format, args...), WithPlan: planChecked(class)}
}

// planChecked reports conditions Spark raises while checking an analyzed plan, with the
// plan attached (the text goes on with ";" and the plan).
func planChecked(class string) bool {
	main, _, _ := strings.Cut(class, ".")
	switch main {
	case "UNRESOLVED_COLUMN", "DATATYPE_MISMATCH", "MISSING_AGGREGATION", "MISSING_GROUP_BY",
		"NUM_COLUMNS_MISMATCH", "INCOMPATIBLE_COLUMN_TYPE", "TABLE_OR_VIEW_NOT_FOUND",
		"INVALID_WHERE_CONDITION", "NESTED_AGGREGATE_FUNCTION", "GROUP_BY_AGGREGATE",
		"EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE", "INVALID_LIMIT_LIKE_EXPRESSION",
		"JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE", "UNSUPPORTED_EXPR_FOR_OPERATOR":
		return true
	}
	return false
}

// mismatch is a DATATYPE_MISMATCH condition with its parameters (name, value pairs in
// Spark's order), raised with the plan.
func mismatch(sub string, nameValues ...string) error {
	e := sparkerrors.New(sparkerrors.AnalysisException, "DATATYPE_MISMATCH."+sub, nameValues...)
	e.WithPlan = true
	return e
}

// unexpectedInputType is DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE: the parameter at
// paramIndex ("first", "second"...) of exprSQL needs requiredType (as Spark words it,
// quoted: "NUMERIC" or "ANSI INTERVAL").
func unexpectedInputType(exprSQL, paramIndex, inputSQL string, inputType sqltypes.DataType, requiredType string) error {
	return mismatch("UNEXPECTED_INPUT_TYPE", "sqlExpr", quoteSQL(exprSQL), "paramIndex", paramIndex,
		"inputSql", quoteSQL(inputSQL), "inputType", quoteSQL(inputType.SQL()), "requiredType", requiredType)
}

// nonFoldable is DATATYPE_MISMATCH.NON_FOLDABLE_INPUT: the input named inputName of
// exprSQL must be a constant of inputType (quoted as Spark words it: "STRING").
func nonFoldable(inputName, inputType string, input Bound, exprSQL string) error {
	return mismatch("NON_FOLDABLE_INPUT", "inputName", "`"+inputName+"`", "inputType", inputType,
		"inputExpr", quoteSQL(input.SQL()), "sqlExpr", quoteSQL(exprSQL))
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
// as name parts (qualifier first). Spark takes them in the order of its AttributeSet (by
// column name, then attribute id: input order here); as its
// orderSuggestedIdentifiersBySimilarity does, a qualifier all candidates share is dropped,
// each candidate is quoted part by part, and they are ordered by the Levenshtein distance
// between the quoted candidate and the unknown name as Spark writes it (a stable sort); at
// most five are listed.
func unresolvedColumn(nameParts []string, candidates [][]string) error {
	name := quoteIdent(nameParts...)
	if len(candidates) == 0 {
		e := sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVED_COLUMN.WITHOUT_SUGGESTION", "objectName", name)
		e.WithPlan = true
		return e
	}
	base := make([]string, len(nameParts))
	for i, p := range nameParts {
		base[i] = quoteIfNeeded(p)
	}
	target := strings.Join(base, ".")
	candidates = append([][]string(nil), candidates...)
	sort.SliceStable(candidates, func(i, j int) bool {
		return candidates[i][len(candidates[i])-1] < candidates[j][len(candidates[j])-1]
	})
	stripped := candidates
	switch {
	case len(nameParts) == 1 && sameQualifier(candidates, 1):
		stripped = lastParts(candidates, 1)
	case len(nameParts) <= 2 && sameQualifier(candidates, 2):
		stripped = lastParts(candidates, 2)
	}
	type cand struct {
		quoted string
		dist   int
	}
	cs := make([]cand, len(stripped))
	for i, c := range stripped {
		q := quoteIdent(c...)
		cs[i] = cand{q, levenshtein(q, target)}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].dist < cs[j].dist })
	if len(cs) > 5 {
		cs = cs[:5]
	}
	q := make([]string, len(cs))
	for i, c := range cs {
		q[i] = c.quoted
	}
	e := sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVED_COLUMN.WITH_SUGGESTION",
		"objectName", name, "proposal", strings.Join(q, ", "))
	e.WithPlan = true
	return e
}

// quoteIfNeeded is Spark's: a part of letters, digits and _ (not all digits) stays bare.
func quoteIfNeeded(part string) string {
	plain, digits := part != "", true
	for _, r := range part {
		switch {
		case r >= '0' && r <= '9':
		case r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
			digits = false
		default:
			plain = false
		}
	}
	if plain && !digits {
		return part
	}
	return quoteIdent(part)
}

// sameQualifier reports whether every candidate has the same parts before its last keep.
func sameQualifier(cands [][]string, keep int) bool {
	var first string
	for i, c := range cands {
		n := max(len(c)-keep, 0)
		q := strings.Join(c[:n], "\x00")
		if i == 0 {
			first = q
		} else if q != first {
			return false
		}
	}
	return true
}

func lastParts(cands [][]string, keep int) [][]string {
	out := make([][]string, len(cands))
	for i, c := range cands {
		out[i] = c[max(len(c)-keep, 0):]
	}
	return out
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

// sqlList is the arguments' SQL joined as a call writes them.
func sqlList(args []Bound) string {
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = a.SQL()
	}
	return strings.Join(s, ", ")
}

// SparkError words an arithmetic failure as Spark raises it: a SparkArithmeticException.
func (e *ArithmeticError) SparkError() *sparkerrors.Error {
	return &sparkerrors.Error{Kind: sparkerrors.ArithmeticException, Class: e.Class, Message: e.Message}
}

// jvmException is an exception Spark lets out of the JVM without an error condition of its
// own (a java.lang.ArithmeticException from Math.multiplyExact): PySpark raises it as
// py4j's Py4JJavaError, whose text names the JVM call; the DataFrame action that ran the
// plan puts that in front of text (pyspark's engineErrorCalling).
func jvmException(text string) error {
	return &sparkerrors.Error{Kind: sparkerrors.Py4JJavaError, Message: text}
}
