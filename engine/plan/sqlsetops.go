package plan

import (
	"strings"
)

// SetTerm is one operand of a statement with set operators: its text (outer parentheses
// removed) and the operator joining it to the terms before it ("" for the first).
type SetTerm struct {
	Op   string // UNION, INTERSECT or EXCEPT ("" for the first term)
	All  bool   // the operator's ALL (DISTINCT is the default)
	Text string
}

// SplitSetOperations splits a statement at its top-level UNION / INTERSECT / EXCEPT /
// MINUS operators. The ORDER BY, LIMIT and OFFSET after the last operand belong to the
// whole result, as in Spark's grammar; they come back as trailer. ok is false when the
// statement has no set operator outside parentheses.
func SplitSetOperations(text string) (terms []SetTerm, trailer string, ok bool, err error) {
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), ";"))
	p, err := newSQLParser(text)
	if err != nil {
		return nil, "", false, nil // ParseQuery reports it
	}
	// Only a query splits: a command's query part (CREATE VIEW ... AS ..., INSERT ...)
	// is split when it runs as a query of its own.
	if first := p.toks[0]; !(first.kind == tkIdent && (strings.EqualFold(first.text, "SELECT") || strings.EqualFold(first.text, "VALUES") ||
		strings.EqualFold(first.text, "FROM") || strings.EqualFold(first.text, "TABLE")) || first.kind == tkOp && first.text == "(") {
		return nil, "", false, nil
	}
	depth, start := 0, 0
	cur := SetTerm{}
	lastStart := -1 // token index where the last term starts
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		switch {
		case t.kind == tkOp && t.text == "(":
			depth++
		case t.kind == tkOp && t.text == ")":
			depth--
		case t.kind == tkIdent && depth == 0:
			op := strings.ToUpper(t.text)
			if op == "MINUS" {
				op = "EXCEPT"
			}
			if op != "UNION" && op != "INTERSECT" && op != "EXCEPT" {
				continue
			}
			cur.Text = strings.TrimSpace(text[start:t.pos])
			terms = append(terms, cur)
			cur = SetTerm{Op: op}
			if n := p.toks[i+1]; n.kind == tkIdent && (strings.EqualFold(n.text, "ALL") || strings.EqualFold(n.text, "DISTINCT")) {
				cur.All = strings.EqualFold(n.text, "ALL")
				i++
			}
			start = p.toks[i+1].pos
			lastStart = i + 1
		}
	}
	if len(terms) == 0 {
		return nil, "", false, nil
	}
	// The trailer: ORDER BY / LIMIT / OFFSET at depth 0 in the last term.
	end := len(text)
	depth = 0
	for i := lastStart; i < len(p.toks); i++ {
		t := p.toks[i]
		switch {
		case t.kind == tkOp && t.text == "(":
			depth++
		case t.kind == tkOp && t.text == ")":
			depth--
		case t.kind == tkIdent && depth == 0 && (strings.EqualFold(t.text, "ORDER") || strings.EqualFold(t.text, "LIMIT") || strings.EqualFold(t.text, "OFFSET")):
			if end == len(text) {
				end = t.pos
			}
		}
	}
	cur.Text = strings.TrimSpace(text[start:end])
	terms = append(terms, cur)
	for i := range terms {
		terms[i].Text = stripParens(terms[i].Text)
		if terms[i].Text == "" {
			return nil, "", true, parseErr("Syntax error at or near '" + strings.ToLower(terms[max(i, 1)].Op) + "'.")
		}
	}
	return terms, strings.TrimSpace(text[end:]), true, nil
}

// stripParens removes parentheses around a whole operand: (SELECT ...).
func stripParens(s string) string {
	for strings.HasPrefix(s, "(") {
		p, err := newSQLParser(s)
		if err != nil {
			return s
		}
		if _, err := p.parenthesised(); err != nil || !p.at(tkEOF, "") {
			return s
		}
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}
