package plan

import (
	"fmt"
	"sort"
	"strings"
)

// AnalysisError is an error found while checking a query against its schemas, worded like
// Spark's AnalysisException: "[ERROR_CLASS] message". The PySpark front end raises it as
// pyspark.errors.AnalysisException.
type AnalysisError struct {
	// Class is Spark's error class, e.g. "UNRESOLVED_COLUMN.WITH_SUGGESTION".
	Class string
	// Message is the text after the class tag.
	Message string
}

// SQLState is the SQLSTATE Spark attaches to the error class ("42703"), "" when unknown.
// Spark 4 prints it after the message ("... SQLSTATE: 42703"); Error() leaves it out.
func (e *AnalysisError) SQLState() string {
	for c := e.Class; c != ""; {
		if st, ok := sqlStates[c]; ok {
			return st
		}
		i := strings.LastIndexByte(c, '.')
		if i < 0 {
			break
		}
		c = c[:i]
	}
	return ""
}

// sqlStates are the SQLSTATEs of the error classes kafkalab raises (Spark's
// error-conditions.json).
var sqlStates = map[string]string{
	"UNRESOLVED_COLUMN":                   "42703",
	"UNRESOLVED_COLUMN_AMONG_FIELD_NAMES": "42703",
	"AMBIGUOUS_REFERENCE":                 "42704",
	"FIELD_NOT_FOUND":                     "42704",
	"DATATYPE_MISMATCH":                   "42K09",
	"UNRESOLVED_ROUTINE":                  "42883",
	"WRONG_NUM_ARGS":                      "42605",
	"PARSE_SYNTAX_ERROR":                  "42601",
	"MISSING_AGGREGATION":                 "42803",
	"NESTED_AGGREGATE_FUNCTION":           "42607",
	"INVALID_EXTRACT_BASE_FIELD_TYPE":     "42000",
	"INVALID_USAGE_OF_STAR_OR_REGEX":      "42000",
	"CANNOT_RESOLVE_STAR_EXPAND":          "42704",
	"NUM_COLUMNS_MISMATCH":                "42826",
	"INCOMPATIBLE_COLUMN_TYPE":            "42825",
	"TABLE_OR_VIEW_NOT_FOUND":             "42P01",
	"SCHEMA_NOT_FOUND":                    "42704",
	"TEMP_TABLE_OR_VIEW_ALREADY_EXISTS":   "42P07",
	"SQL_CONF_NOT_FOUND":                  "42K0I",
	"UNSUPPORTED_EXPR_FOR_OPERATOR":       "42K0E",
	"PATH_NOT_FOUND":                      "42K03",
	"PATH_ALREADY_EXISTS":                 "42K04",
}

func (e *AnalysisError) Error() string {
	if e.Class == "" {
		return e.Message
	}
	return "[" + e.Class + "] " + e.Message
}

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
