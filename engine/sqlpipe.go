package engine

import (
	"context"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// sqlPipe runs a statement in SQL pipe syntax (FROM t |> WHERE ... |> SELECT ...): each
// operator is a query over the result so far, read under the name the input had (the
// table's, or the one |> AS gave), so qualified names keep working.
func (s *Session) sqlPipe(ctx context.Context, stages []string, ctes map[string]*DataFrame) (*DataFrame, error) {
	scope := make(map[string]*DataFrame, len(ctes)+1)
	for k, v := range ctes {
		scope[k] = v
	}
	first, name := stages[0], "__auto_generated_subquery_name"
	word, rest := firstWord(first)
	switch word {
	case "FROM", "TABLE":
		if !strings.ContainsAny(rest, " \t\n(,") {
			name = strings.Trim(rest[strings.LastIndex(rest, ".")+1:], "`")
		}
		first = "SELECT * FROM " + rest
	}
	df, err := s.sqlScoped(ctx, first, scope)
	if err != nil {
		return nil, err
	}
	quoted := func(n string) string { return "`" + strings.ReplaceAll(n, "`", "``") + "`" }
	for _, stage := range stages[1:] {
		scope[strings.ToLower(name)] = df
		from := " FROM " + quoted(name)
		word, rest := firstWord(stage)
		var text string
		switch word {
		case "WHERE":
			text = "SELECT *" + from + " WHERE " + rest
		case "SELECT":
			text = "SELECT " + rest + from
		case "EXTEND":
			text = "SELECT *, " + rest + from
		case "ORDER", "SORT", "CLUSTER", "DISTRIBUTE", "LIMIT", "OFFSET":
			text = "SELECT *" + from + " " + stage
		case "AS":
			name = strings.Trim(strings.TrimSpace(rest), "`")
			continue
		case "AGGREGATE":
			aggs, keys, grouped := plan.CutTopLevel(rest, "GROUP", "BY")
			if err := checkPipeAggregates(aggs); err != nil {
				return nil, err
			}
			switch {
			case grouped && aggs != "":
				text = "SELECT " + keys + ", " + aggs + from + " GROUP BY " + keys
			case grouped:
				text = "SELECT " + keys + from + " GROUP BY " + keys
			default:
				text = "SELECT " + aggs + from
			}
		case "SET", "DROP":
			items, err := s.pipeSetDrop(word, rest, df.Columns())
			if err != nil {
				return nil, err
			}
			text = "SELECT " + items + from
		default:
			return nil, &plan.UnsupportedError{Message: "kafkalab's SQL pipe syntax has |> WHERE, SELECT, EXTEND, SET, DROP, AS, AGGREGATE, ORDER BY and LIMIT; not |> " + word}
		}
		if df, err = s.sqlScoped(ctx, text, scope); err != nil {
			return nil, err
		}
	}
	return df, nil
}

// firstWord splits text into its first word (upper-cased) and the rest.
func firstWord(text string) (string, string) {
	text = strings.TrimSpace(text)
	i := strings.IndexAny(text, " \t\r\n")
	if i < 0 {
		return strings.ToUpper(text), ""
	}
	return strings.ToUpper(text[:i]), strings.TrimSpace(text[i:])
}

// checkPipeAggregates is Spark's check that every expression |> AGGREGATE computes
// aggregates: PIPE_OPERATOR_AGGREGATE_EXPRESSION_CONTAINS_NO_AGGREGATE_FUNCTION otherwise.
func checkPipeAggregates(aggs string) error {
	if aggs == "" {
		return nil
	}
	q, err := plan.ParseQuery("SELECT " + aggs)
	if err != nil {
		return err
	}
	for _, it := range q.Items {
		if !plan.HasAggregate(it) {
			text, _ := plan.ExprSQL(it)
			return sparkerrors.New(sparkerrors.AnalysisException, "PIPE_OPERATOR_AGGREGATE_EXPRESSION_CONTAINS_NO_AGGREGATE_FUNCTION", "expr", text)
		}
	}
	return nil
}

// pipeSetDrop is the select list of |> SET col = expr, ... (each column replaced where it
// stands) or |> DROP col, ... (the others).
func (s *Session) pipeSetDrop(word, rest string, columns []string) (string, error) {
	q, err := plan.ParseQuery("SELECT " + rest)
	if err != nil {
		return "", err
	}
	set := map[string]string{}
	drop := map[string]bool{}
	if word == "SET" {
		// Each "col = expr" parses as a comparison: its sides are the column and the value.
		for _, part := range splitTopLevelCommas(rest) {
			col, val, ok := strings.Cut(part, "=")
			if !ok {
				return "", &plan.UnsupportedError{Message: "kafkalab's |> SET takes col = expr, ..."}
			}
			set[strings.ToLower(strings.Trim(strings.TrimSpace(col), "`"))] = strings.TrimSpace(val)
		}
	} else {
		for _, it := range q.Items {
			if c, ok := it.(plan.ColumnRef); ok {
				drop[strings.ToLower(c.Parts[len(c.Parts)-1])] = true
			}
		}
	}
	var items []string
	for _, c := range columns {
		q := "`" + strings.ReplaceAll(c, "`", "``") + "`"
		switch v, ok := set[strings.ToLower(c)]; {
		case ok:
			items = append(items, "("+v+") AS "+q)
		case drop[strings.ToLower(c)]:
		default:
			items = append(items, q)
		}
	}
	return strings.Join(items, ", "), nil
}

// splitTopLevelCommas splits text at commas outside parentheses and quotes.
func splitTopLevelCommas(text string) []string {
	var out []string
	rest := text
	for {
		before, after, found := plan.CutTopLevelComma(rest)
		out = append(out, before)
		if !found {
			return out
		}
		rest = after
	}
}
