package plan

import "strings"

// SplitPipes splits a statement at its top-level |> pipe operators (SQL pipe syntax):
// the query that starts it, then each operator's text. ok is false when there is none.
func SplitPipes(text string) (stages []string, ok bool, err error) {
	if !strings.Contains(text, "|>") {
		return nil, false, nil
	}
	p, err := newSQLParser(text)
	if err != nil {
		return nil, false, err
	}
	depth, from := 0, 0
	for i, t := range p.toks {
		if t.kind != tkOp {
			continue
		}
		switch t.text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case "|":
			next := p.toks[min(i+1, len(p.toks)-1)]
			if depth == 0 && next.kind == tkOp && next.text == ">" && next.pos == t.pos+1 {
				stages = append(stages, strings.TrimSpace(text[from:t.pos]))
				from = next.pos + 1
			}
		}
	}
	if len(stages) == 0 {
		return nil, false, nil
	}
	return append(stages, strings.TrimSpace(text[from:])), true, nil
}

// CutTopLevel finds the words (GROUP BY) outside parentheses and quotes in text and
// returns the text before and after them; found is false when they are not there.
func CutTopLevel(text string, words ...string) (before, after string, found bool) {
	p, err := newSQLParser(text)
	if err != nil {
		return text, "", false
	}
	depth := 0
	for i, t := range p.toks {
		if t.kind == tkOp && (t.text == "(" || t.text == "[") {
			depth++
		}
		if t.kind == tkOp && (t.text == ")" || t.text == "]") {
			depth--
		}
		if depth != 0 || i+len(words) >= len(p.toks) {
			continue
		}
		match := true
		for k, w := range words {
			if tk := p.toks[i+k]; tk.kind != tkIdent || !strings.EqualFold(tk.text, w) {
				match = false
				break
			}
		}
		if match {
			last := p.toks[i+len(words)-1]
			return strings.TrimSpace(text[:t.pos]), strings.TrimSpace(text[last.pos+len(last.text):]), true
		}
	}
	return text, "", false
}

// CutTopLevelComma splits text at its first comma outside parentheses and quotes.
func CutTopLevelComma(text string) (before, after string, found bool) {
	p, err := newSQLParser(text)
	if err != nil {
		return text, "", false
	}
	depth := 0
	for _, t := range p.toks {
		if t.kind != tkOp {
			continue
		}
		switch t.text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ",":
			if depth == 0 {
				return strings.TrimSpace(text[:t.pos]), strings.TrimSpace(text[t.pos+1:]), true
			}
		}
	}
	return strings.TrimSpace(text), "", false
}
