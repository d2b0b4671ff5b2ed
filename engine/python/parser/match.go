package parser

import (
	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// matchStmt parses a match statement, or returns nil when the line starting with the
// soft keyword `match` is an ordinary statement (`match = 1`, `match(x)`).
func (p *parser) matchStmt() ast.Stmt {
	start := p.i
	kw := p.tok()
	var subject ast.Expr
	isMatch := p.try(func() {
		p.next()
		subject = p.matchSubject()
		if !p.isOp(":") {
			p.fail()
		}
	})
	if !isMatch {
		p.i = start
		return nil
	}
	p.next() // ':'
	if p.tok().kind != tkNewline {
		p.fail()
	}
	p.next()
	if p.tok().kind != tkIndent {
		p.raiseTok(py.IndentationError, "expected an indented block after 'match' statement on line "+itoa(kw.line), p.tok())
	}
	p.next()
	s := &ast.Match{Subject: subject}
	for !(p.tok().kind == tkDedent || p.tok().kind == tkEnd) {
		if !p.isKw("case") {
			p.fail()
		}
		s.Cases = append(s.Cases, p.caseBlock())
	}
	p.next()
	s.Pos = p.pos(start)
	return s
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// matchSubject: star_named_expression ',' star_named_expressions? | named_expression
func (p *parser) matchSubject() ast.Expr {
	start := p.i
	first := p.starNamedExpression()
	if !p.isOp(",") {
		if s, ok := first.(*ast.Starred); ok {
			p.raiseNode("cannot use starred expression here", s)
		}
		return first
	}
	elts := []ast.Expr{first}
	for p.acceptOp(",") {
		if p.isOp(":") {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	return &ast.Tuple{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Elts: elts, Ctx: ast.Load}
}

func (p *parser) caseBlock() *ast.MatchCase {
	start := p.i
	kw := p.next()
	c := &ast.MatchCase{Pattern: p.patterns()}
	if p.acceptKw("if") {
		c.Guard = p.namedExpression()
	}
	p.expectColon()
	c.Body = p.block("'case' statement", kw.line)
	c.Pos = p.pos(start)
	return c
}

// patterns: open_sequence_pattern | pattern
func (p *parser) patterns() ast.Pattern {
	start := p.i
	first := p.maybeStarPattern()
	if !p.isOp(",") {
		if _, ok := first.(*ast.MatchStar); ok {
			return &ast.MatchSequence{PatternBase: ast.PatternBase{Pos: p.pos(start)}, Patterns: []ast.Pattern{first}}
		}
		return first
	}
	items := []ast.Pattern{first}
	for p.acceptOp(",") {
		if p.isOp(":") || p.isKw("if") {
			break
		}
		items = append(items, p.maybeStarPattern())
	}
	return &ast.MatchSequence{PatternBase: ast.PatternBase{Pos: p.pos(start)}, Patterns: items}
}

func (p *parser) maybeStarPattern() ast.Pattern {
	start := p.i
	if p.acceptOp("*") {
		name := p.name()
		if name == "_" {
			name = ""
		}
		return &ast.MatchStar{PatternBase: ast.PatternBase{Pos: p.pos(start)}, Name: name}
	}
	return p.pattern()
}

// pattern: or_pattern ['as' NAME]
func (p *parser) pattern() ast.Pattern {
	start := p.i
	pat := p.orPattern()
	if p.acceptKw("as") {
		if p.isKw("_") {
			p.raiseTok(py.SyntaxError, "cannot use '_' as a target", p.tok())
		}
		name := p.name()
		return &ast.MatchAs{PatternBase: ast.PatternBase{Pos: p.pos(start)}, Pattern: pat, Name: name}
	}
	return pat
}

func (p *parser) orPattern() ast.Pattern {
	start := p.i
	first := p.closedPattern()
	if !p.isOp("|") {
		return first
	}
	alts := []ast.Pattern{first}
	for p.acceptOp("|") {
		alts = append(alts, p.closedPattern())
	}
	return &ast.MatchOr{PatternBase: ast.PatternBase{Pos: p.pos(start)}, Patterns: alts}
}

func (p *parser) closedPattern() ast.Pattern {
	start := p.i
	t := p.tok()
	base := func() ast.PatternBase { return ast.PatternBase{Pos: p.pos(start)} }
	switch t.kind {
	case tkNumber, tkString:
		v := p.literalPatternExpr()
		return &ast.MatchValue{PatternBase: base(), Value: v}
	case tkOp:
		switch t.val {
		case "-":
			v := p.literalPatternExpr()
			return &ast.MatchValue{PatternBase: base(), Value: v}
		case "(":
			p.next()
			if p.acceptOp(")") {
				return &ast.MatchSequence{PatternBase: base()}
			}
			first := p.maybeStarPattern()
			if p.acceptOp(")") {
				if _, ok := first.(*ast.MatchStar); !ok {
					return first
				}
				return &ast.MatchSequence{PatternBase: base(), Patterns: []ast.Pattern{first}}
			}
			items := []ast.Pattern{first}
			for p.acceptOp(",") {
				if p.isOp(")") {
					break
				}
				items = append(items, p.maybeStarPattern())
			}
			p.expectOp(")")
			return &ast.MatchSequence{PatternBase: base(), Patterns: items}
		case "[":
			p.next()
			var items []ast.Pattern
			for !p.isOp("]") {
				items = append(items, p.maybeStarPattern())
				if !p.acceptOp(",") {
					break
				}
			}
			p.expectOp("]")
			return &ast.MatchSequence{PatternBase: base(), Patterns: items}
		case "{":
			return p.mappingPattern()
		}
	case tkName:
		switch t.val {
		case "None", "True", "False":
			p.next()
			v := map[string]py.Object{"None": py.None, "True": py.True, "False": py.False}[t.val]
			return &ast.MatchSingleton{PatternBase: base(), Value: v}
		}
		if keywords[t.val] {
			p.fail()
		}
		p.next()
		var cls ast.Expr = &ast.Name{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Id: ast.Identifier(t.val), Ctx: ast.Load}
		dotted := false
		for p.acceptOp(".") {
			attr := p.name()
			cls = &ast.Attribute{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: cls, Attr: attr, Ctx: ast.Load}
			dotted = true
		}
		if p.isOp("(") {
			return p.classPattern(start, cls)
		}
		if dotted {
			return &ast.MatchValue{PatternBase: base(), Value: cls}
		}
		if t.val == "_" {
			return &ast.MatchAs{PatternBase: base()}
		}
		return &ast.MatchAs{PatternBase: base(), Name: ast.Identifier(t.val)}
	}
	p.fail()
	return nil
}

// literalPatternExpr: signed numbers, complex literals (1 + 2j) and strings.
func (p *parser) literalPatternExpr() ast.Expr {
	start := p.i
	if p.tok().kind == tkString {
		s := p.strings()
		if _, ok := s.(*ast.JoinedStr); ok {
			p.raiseNode("patterns may only match literals and attribute lookups", s)
		}
		return s
	}
	var e ast.Expr
	if p.isOp("-") {
		p.next()
		if p.tok().kind != tkNumber {
			p.fail()
		}
		n := p.number(p.next(), p.i-1)
		e = &ast.UnaryOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Op: ast.USub, Operand: n}
	} else {
		if p.tok().kind != tkNumber {
			p.fail()
		}
		e = p.number(p.next(), p.i-1)
	}
	if p.isOp("+") || p.isOp("-") {
		op := ast.Add
		if p.isOp("-") {
			op = ast.Sub
		}
		p.next()
		if p.tok().kind != tkNumber {
			p.fail()
		}
		imag := p.number(p.next(), p.i-1)
		if _, ok := imag.(*ast.Num).N.(py.Complex); !ok {
			p.raiseNode("imaginary number required in complex literal", imag)
		}
		e = &ast.BinOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Left: e, Op: op, Right: imag}
	}
	return e
}

func (p *parser) mappingPattern() ast.Pattern {
	start := p.i
	p.next()
	m := &ast.MatchMapping{}
	for !p.isOp("}") {
		if p.acceptOp("**") {
			m.Rest = p.name()
			p.acceptOp(",")
			break
		}
		var key ast.Expr
		t := p.tok()
		switch {
		case t.kind == tkName && (t.val == "None" || t.val == "True" || t.val == "False"):
			key = p.atom()
		case t.kind == tkName:
			kStart := p.i
			key = &ast.Name{ExprBase: ast.ExprBase{Pos: p.pos(kStart)}, Id: p.name(), Ctx: ast.Load}
			key.(*ast.Name).Pos = p.pos(kStart)
			if !p.isOp(".") {
				p.fail()
			}
			for p.acceptOp(".") {
				attr := p.name()
				key = &ast.Attribute{ExprBase: ast.ExprBase{Pos: p.pos(kStart)}, Value: key, Attr: attr, Ctx: ast.Load}
			}
		default:
			key = p.literalPatternExpr()
		}
		p.expectOp(":")
		m.Keys = append(m.Keys, key)
		m.Patterns = append(m.Patterns, p.pattern())
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp("}")
	m.Pos = p.pos(start)
	return m
}

func (p *parser) classPattern(start int, cls ast.Expr) ast.Pattern {
	p.next() // '('
	c := &ast.MatchClass{Cls: cls}
	for !p.isOp(")") {
		if p.isName() && p.peek(1).kind == tkOp && p.peek(1).val == "=" {
			c.KwdAttrs = append(c.KwdAttrs, p.name())
			p.next()
			c.KwdPatterns = append(c.KwdPatterns, p.pattern())
		} else {
			if len(c.KwdAttrs) > 0 {
				pat := p.pattern()
				p.raiseNode("positional patterns follow keyword patterns", pat)
			}
			c.Patterns = append(c.Patterns, p.pattern())
		}
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
	c.Pos = p.pos(start)
	return c
}
