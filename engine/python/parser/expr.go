package parser

import (
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// startsExpr reports whether the current token can begin an expression.
func (p *parser) startsExpr() bool {
	t := p.tok()
	switch t.kind {
	case tkNumber, tkString:
		return true
	case tkName:
		if !keywords[t.val] {
			return true
		}
		switch t.val {
		case "not", "lambda", "None", "True", "False", "await", "yield":
			return true
		}
	case tkOp:
		switch t.val {
		case "(", "[", "{", "-", "+", "~", "*", "...":
			return true
		}
	}
	return false
}

// starExpressions: star_expression (',' star_expression)* [','], a Tuple when there
// is a comma.
func (p *parser) starExpressions() ast.Expr {
	start := p.i
	first := p.starExpression()
	if !p.isOp(",") {
		return first
	}
	elts := []ast.Expr{first}
	for p.acceptOp(",") {
		if !p.startsExpr() || p.isKw("yield") {
			break
		}
		elts = append(elts, p.starExpression())
	}
	return &ast.Tuple{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Elts: elts, Ctx: ast.Load}
}

// starExpression: '*' bitwise_or | expression
func (p *parser) starExpression() ast.Expr {
	if p.isOp("*") {
		start := p.i
		p.next()
		v := p.bitwiseOr()
		return &ast.Starred{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: v, Ctx: ast.Load}
	}
	return p.expression()
}

// starNamedExpression: '*' bitwise_or | named_expression (list, set and tuple displays)
func (p *parser) starNamedExpression() ast.Expr {
	if p.isOp("*") {
		return p.starExpression()
	}
	return p.namedExpression()
}

// namedExpression: NAME ':=' expression | expression !':='
func (p *parser) namedExpression() ast.Expr {
	e := p.namedExpressionNoHint()
	if p.isOp("=") {
		p.misusedEquals(e)
	}
	return e
}

// namedExpressionNoHint is namedExpression without the hints for a misused '=',
// for call arguments, which have their own.
func (p *parser) namedExpressionNoHint() ast.Expr {
	start := p.i
	if p.isName() && p.peek(1).kind == tkOp && p.peek(1).val == ":=" {
		target := &ast.Name{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Id: ast.Identifier(p.next().val), Ctx: ast.Store}
		target.Pos = ast.Pos{Lineno: p.toks[start].line, ColOffset: p.toks[start].col, EndLineno: p.toks[start].endLine, EndColOffset: p.toks[start].endCol}
		p.next()
		value := p.expression()
		return &ast.NamedExpr{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Target: target, Value: value}
	}
	e := p.expression()
	if p.isOp(":=") {
		p.raiseNode("cannot use assignment expressions with "+exprName(e), e)
	}
	return e
}

// misusedEquals raises CPython's hints for '=' where a value is expected, as in
// `if x = 1:`; it returns when no hint applies.
func (p *parser) misusedEquals(e ast.Expr) {
	save := p.i
	p.next()
	var b ast.Expr
	ok := p.try(func() { b = p.bitwiseOr() })
	followedByEq := p.isOp("=") || p.isOp(":=")
	p.i = save
	if !ok || followedByEq {
		return
	}
	if _, isName := e.(*ast.Name); isName {
		pos := span(e, b)
		p.raise(py.SyntaxError, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", pos.Lineno, pos.ColOffset, pos.EndLineno, pos.EndColOffset)
	}
	switch e.(type) {
	case *ast.List, *ast.Tuple, *ast.GeneratorExp, *ast.NameConstant:
		return
	}
	if isBitwiseOr(e) {
		p.raiseNode(fmt.Sprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", exprName(e)), e)
	}
}

// expression: disjunction ['if' disjunction 'else' expression] | lambdef
func (p *parser) expression() ast.Expr {
	defer p.restore(p.nesting())
	p.nest(1, 1)
	if p.isKw("lambda") {
		return p.lambdef()
	}
	start := p.i
	body := p.disjunction()
	if !p.isKw("if") {
		return body
	}
	p.next()
	test := p.disjunction()
	if !p.isKw("else") {
		if p.isOp(":") {
			p.fail()
		}
		pos := span(body, test)
		p.raise(py.SyntaxError, "expected 'else' after 'if' expression", pos.Lineno, pos.ColOffset, pos.EndLineno, pos.EndColOffset)
	}
	p.next()
	orelse := p.expression()
	return &ast.IfExp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Test: test, Body: body, Orelse: orelse}
}

func (p *parser) lambdef() ast.Expr {
	start := p.i
	p.next()
	p.nest(0, 1)
	args := p.parameters(":", false)
	p.expectOp(":")
	body := p.expression()
	return &ast.Lambda{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Args: args, Body: body}
}

func (p *parser) disjunction() ast.Expr {
	start := p.i
	e := p.conjunction()
	if p.isKw("or") {
		values := []ast.Expr{e}
		for p.acceptKw("or") {
			values = append(values, p.conjunction())
		}
		e = &ast.BoolOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Op: ast.Or, Values: values}
	}
	p.lastDisjStart, p.lastDisjEnd = start, p.i
	return e
}

func (p *parser) conjunction() ast.Expr {
	start := p.i
	e := p.inversion()
	if p.isKw("and") {
		values := []ast.Expr{e}
		for p.acceptKw("and") {
			values = append(values, p.inversion())
		}
		e = &ast.BoolOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Op: ast.And, Values: values}
	}
	return e
}

func (p *parser) inversion() ast.Expr {
	if p.isKw("not") {
		start := p.i
		p.next()
		saved := p.nesting()
		p.nest(1, 1)
		operand := p.inversion()
		p.restore(saved)
		return &ast.UnaryOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Op: ast.Not, Operand: operand}
	}
	return p.comparison()
}

// compOp reads a comparison operator, if there is one.
func (p *parser) compOp() (ast.CmpOp, bool) {
	t := p.tok()
	switch t.kind {
	case tkOp:
		var op ast.CmpOp
		switch t.val {
		case "<":
			op = ast.Lt
		case ">":
			op = ast.Gt
		case "==":
			op = ast.Eq
		case ">=":
			op = ast.GtE
		case "<=":
			op = ast.LtE
		case "!=":
			op = ast.NotEq
		default:
			return 0, false
		}
		p.next()
		return op, true
	case tkName:
		switch t.val {
		case "in":
			p.next()
			return ast.In, true
		case "not":
			if n := p.peek(1); n.kind == tkName && n.val == "in" {
				p.next()
				p.next()
				return ast.NotIn, true
			}
		case "is":
			p.next()
			if p.acceptKw("not") {
				return ast.IsNot, true
			}
			return ast.Is, true
		}
	}
	return 0, false
}

func (p *parser) comparison() ast.Expr {
	start := p.i
	e := p.bitwiseOr()
	op, ok := p.compOp()
	if !ok {
		return e
	}
	c := &ast.Compare{Left: e}
	for ok {
		c.Ops = append(c.Ops, op)
		c.Comparators = append(c.Comparators, p.bitwiseOr())
		op, ok = p.compOp()
	}
	c.Pos = p.pos(start)
	return c
}

// binary parses a left-associative chain of operators at one precedence level.
func (p *parser) binary(ops map[string]ast.OperatorNumber, operand func() ast.Expr) ast.Expr {
	start := p.i
	e := operand()
	defer p.restore(p.nesting())
	for {
		t := p.tok()
		if t.kind != tkOp {
			return e
		}
		op, ok := ops[t.val]
		if !ok {
			return e
		}
		p.next()
		p.nest(1, 0)
		right := operand()
		e = &ast.BinOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Left: e, Op: op, Right: right}
	}
}

var (
	orOps    = map[string]ast.OperatorNumber{"|": ast.BitOr}
	xorOps   = map[string]ast.OperatorNumber{"^": ast.BitXor}
	andOps   = map[string]ast.OperatorNumber{"&": ast.BitAnd}
	shiftOps = map[string]ast.OperatorNumber{"<<": ast.LShift, ">>": ast.RShift}
	sumOps   = map[string]ast.OperatorNumber{"+": ast.Add, "-": ast.Sub}
	termOps  = map[string]ast.OperatorNumber{"*": ast.Mult, "/": ast.Div, "//": ast.FloorDiv, "%": ast.Modulo, "@": ast.MatMult}
)

func (p *parser) bitwiseOr() ast.Expr  { return p.binary(orOps, p.bitwiseXor) }
func (p *parser) bitwiseXor() ast.Expr { return p.binary(xorOps, p.bitwiseAnd) }
func (p *parser) bitwiseAnd() ast.Expr { return p.binary(andOps, p.shiftExpr) }
func (p *parser) shiftExpr() ast.Expr  { return p.binary(shiftOps, p.sum) }
func (p *parser) sum() ast.Expr        { return p.binary(sumOps, p.term) }
func (p *parser) term() ast.Expr       { return p.binary(termOps, p.factor) }

func (p *parser) factor() ast.Expr {
	t := p.tok()
	if t.kind == tkOp {
		var op ast.UnaryOpNumber
		switch t.val {
		case "-":
			op = ast.USub
		case "+":
			op = ast.UAdd
		case "~":
			op = ast.Invert
		}
		if op != 0 {
			start := p.i
			p.next()
			saved := p.nesting()
			p.nest(1, 1)
			operand := p.factor()
			p.restore(saved)
			return &ast.UnaryOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Op: op, Operand: operand}
		}
	}
	return p.power()
}

func (p *parser) power() ast.Expr {
	start := p.i
	if p.isKw("await") {
		p.raiseTok(py.SyntaxError, "'await' outside function", p.tok())
	}
	e := p.primary()
	if p.isOp("**") {
		p.next()
		saved := p.nesting()
		p.nest(1, 2)
		right := p.factor()
		p.restore(saved)
		e = &ast.BinOp{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Left: e, Op: ast.Pow, Right: right}
	}
	return e
}

// primary: atom followed by attribute, call and subscript trailers.
func (p *parser) primary() ast.Expr {
	start := p.i
	e := p.atom()
	defer p.restore(p.nesting())
	for {
		t := p.tok()
		if t.kind != tkOp {
			return e
		}
		if t.val == "." || t.val == "(" || t.val == "[" {
			p.nest(1, 0)
		}
		switch t.val {
		case ".":
			p.next()
			attr := p.name()
			e = &ast.Attribute{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: e, Attr: attr, Ctx: ast.Load}
		case "(":
			p.next()
			call := &ast.Call{Func: e}
			p.callArgs(call, false)
			call.Pos = p.pos(start)
			e = call
		case "[":
			p.next()
			slice := p.slices()
			p.expectOp("]")
			e = &ast.Subscript{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: e, Slice: slice, Ctx: ast.Load}
		default:
			return e
		}
	}
}

// callArgs parses call arguments after '(' up to and including ')'.
func (p *parser) callArgs(call *ast.Call, class bool) {
	seenKeyword, seenDoubleStar := false, false
	for !p.isOp(")") {
		start := p.i
		t := p.tok()
		switch {
		case t.kind == tkOp && t.val == "*":
			if seenDoubleStar {
				p.raiseTok(py.SyntaxError, "iterable argument unpacking follows keyword argument unpacking", t)
			}
			p.next()
			v := p.expression()
			call.Args = append(call.Args, &ast.Starred{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: v, Ctx: ast.Load})
		case t.kind == tkOp && t.val == "**":
			p.next()
			v := p.expression()
			call.Keywords = append(call.Keywords, &ast.Keyword{Pos: p.pos(start), Value: v})
			seenDoubleStar = true
		case p.isName() && p.peek(1).kind == tkOp && p.peek(1).val == "=":
			name := ast.Identifier(p.next().val)
			p.next()
			v := p.expression()
			kw := &ast.Keyword{Pos: p.pos(start), Arg: name, Value: v}
			call.Keywords = append(call.Keywords, kw)
			seenKeyword = true
		default:
			e := p.namedExpressionNoHint()
			if p.isKw("for") {
				gen := p.comprehensionTail(start, e, nil, "gen")
				if len(call.Args) > 0 || len(call.Keywords) > 0 || !p.isOp(")") || class {
					if class {
						p.fail()
					}
					p.raiseNode("Generator expression must be parenthesized", gen)
				}
				e = gen
			}
			if p.isOp("=") {
				eq := p.tok()
				pos := posOf(e)
				p.raise(py.SyntaxError, `expression cannot contain assignment, perhaps you meant "=="?`, pos.Lineno, pos.ColOffset, eq.endLine, eq.endCol)
			}
			if seenDoubleStar {
				p.raiseTok(py.SyntaxError, "positional argument follows keyword argument unpacking", p.tok())
			}
			if seenKeyword {
				p.raiseTok(py.SyntaxError, "positional argument follows keyword argument", p.tok())
			}
			call.Args = append(call.Args, e)
		}
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
}

// slices parses what is between a subscript's brackets.
func (p *parser) slices() ast.Slicer {
	start := p.i
	first := p.sliceItem()
	if !p.isOp(",") {
		if ix, ok := first.(*ast.Index); ok {
			if _, star := ix.Value.(*ast.Starred); star {
				pos := p.pos(start)
				return &ast.Index{SliceBase: ast.SliceBase{Pos: pos}, Value: &ast.Tuple{ExprBase: ast.ExprBase{Pos: pos}, Elts: []ast.Expr{ix.Value}, Ctx: ast.Load}}
			}
		}
		return first
	}
	items := []ast.Slicer{first}
	for p.acceptOp(",") {
		if p.isOp("]") {
			break
		}
		items = append(items, p.sliceItem())
	}
	pos := p.pos(start)
	hasSlice := false
	for _, it := range items {
		if _, ok := it.(*ast.Slice); ok {
			hasSlice = true
		}
	}
	if hasSlice {
		for _, it := range items {
			if ix, ok := it.(*ast.Index); ok {
				if _, star := ix.Value.(*ast.Starred); star {
					p.raiseNode("kafkalab's Python does not support a starred expression next to a slice in a subscript", ix.Value)
				}
			}
		}
		return &ast.ExtSlice{SliceBase: ast.SliceBase{Pos: pos}, Dims: items}
	}
	elts := make([]ast.Expr, len(items))
	for i, it := range items {
		elts[i] = it.(*ast.Index).Value
	}
	return &ast.Index{SliceBase: ast.SliceBase{Pos: pos}, Value: &ast.Tuple{ExprBase: ast.ExprBase{Pos: pos}, Elts: elts, Ctx: ast.Load}}
}

// sliceItem: [expression] ':' [expression] [':' [expression]] | named_expression | starred
func (p *parser) sliceItem() ast.Slicer {
	start := p.i
	if p.isOp("*") {
		e := p.starExpression()
		return &ast.Index{SliceBase: ast.SliceBase{Pos: p.pos(start)}, Value: e}
	}
	var lower ast.Expr
	if !p.isOp(":") {
		lower = p.namedExpression()
		if !p.isOp(":") {
			return &ast.Index{SliceBase: ast.SliceBase{Pos: p.pos(start)}, Value: lower}
		}
	}
	p.next()
	s := &ast.Slice{Lower: lower}
	if !p.isOp(":") && !p.isOp(",") && !p.isOp("]") {
		s.Upper = p.expression()
	}
	if p.acceptOp(":") {
		if !p.isOp(",") && !p.isOp("]") {
			s.Step = p.expression()
		}
	}
	s.Pos = p.pos(start)
	return s
}

// atom parses names, literals and displays.
func (p *parser) atom() ast.Expr {
	start := p.i
	t := p.tok()
	switch t.kind {
	case tkName:
		switch t.val {
		case "None":
			p.next()
			return &ast.NameConstant{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: py.None}
		case "True":
			p.next()
			return &ast.NameConstant{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: py.True}
		case "False":
			p.next()
			return &ast.NameConstant{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: py.False}
		}
		if keywords[t.val] {
			p.fail()
		}
		p.next()
		return &ast.Name{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Id: ast.Identifier(t.val), Ctx: ast.Load}
	case tkNumber:
		p.next()
		return p.number(t, start)
	case tkString:
		return p.strings()
	case tkOp:
		switch t.val {
		case "(":
			return p.parenAtom()
		case "[":
			return p.listAtom()
		case "{":
			return p.braceAtom()
		case "...":
			p.next()
			return &ast.Ellipsis{ExprBase: ast.ExprBase{Pos: p.pos(start)}}
		}
	}
	p.fail()
	return nil
}

// number converts a NUMBER token to its value.
func (p *parser) number(t *token, start int) ast.Expr {
	s := strings.ReplaceAll(t.val, "_", "")
	var v py.Object
	var err error
	last := s[len(s)-1]
	switch {
	case len(s) > 1 && s[0] == '0' && (s[1]|0x20 == 'x'):
		v, err = py.IntFromString(s[2:], 16)
	case len(s) > 1 && s[0] == '0' && (s[1]|0x20 == 'o'):
		v, err = py.IntFromString(s[2:], 8)
	case len(s) > 1 && s[0] == '0' && (s[1]|0x20 == 'b'):
		v, err = py.IntFromString(s[2:], 2)
	case last == 'j' || last == 'J':
		var f py.Object
		f, err = py.FloatFromString(s[:len(s)-1])
		if err == nil {
			v = py.Complex(complex(0, float64(f.(py.Float))))
		}
	case strings.ContainsAny(s, ".eE"):
		v, err = py.FloatFromString(s)
	default:
		v, err = py.IntFromString(s, 10)
	}
	if err != nil {
		p.raiseTok(py.SyntaxError, fmt.Sprintf("invalid number literal %s", t.val), t)
	}
	return &ast.Num{ExprBase: ast.ExprBase{Pos: p.pos(start)}, N: v}
}

// parenAtom: () | (yield) | (genexp) | (tuple) | (expression)
func (p *parser) parenAtom() ast.Expr {
	start := p.i
	p.next()
	if p.acceptOp(")") {
		return &ast.Tuple{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Ctx: ast.Load}
	}
	if p.isKw("yield") {
		y := p.yieldExpr()
		p.expectOp(")")
		return p.parenthesized(y, start)
	}
	first := p.starNamedExpression()
	if p.isKw("for") {
		if _, ok := first.(*ast.Starred); ok {
			p.raiseNode("iterable unpacking cannot be used in comprehension", first)
		}
		gen := p.comprehensionTail(start, first, nil, "gen")
		p.expectOp(")")
		gen.(*ast.GeneratorExp).Pos = p.pos(start)
		return gen
	}
	if p.acceptOp(")") {
		if s, ok := first.(*ast.Starred); ok {
			p.raiseNode("cannot use starred expression here", s)
		}
		return p.parenthesized(first, start)
	}
	if !p.isOp(",") {
		p.fail()
	}
	elts := []ast.Expr{first}
	for p.acceptOp(",") {
		if p.isOp(")") {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	p.expectOp(")")
	return &ast.Tuple{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Elts: elts, Ctx: ast.Load}
}

// parenthesized returns e; its position stays that of the inner expression, as in
// CPython, except for the tuple-like nodes whose extent includes the parentheses.
func (p *parser) parenthesized(e ast.Expr, start int) ast.Expr {
	_ = start
	if p.parens == nil {
		p.parens = map[ast.Expr]int{}
	}
	p.parens[e] = p.i - 1
	return e
}

func (p *parser) listAtom() ast.Expr {
	start := p.i
	p.next()
	if p.acceptOp("]") {
		return &ast.List{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Ctx: ast.Load}
	}
	first := p.starNamedExpression()
	if p.isKw("for") {
		if _, ok := first.(*ast.Starred); ok {
			p.raiseNode("iterable unpacking cannot be used in comprehension", first)
		}
		comp := p.comprehensionTail(start, first, nil, "list")
		p.expectOp("]")
		comp.(*ast.ListComp).Pos = p.pos(start)
		return comp
	}
	elts := []ast.Expr{first}
	for p.acceptOp(",") {
		if p.isOp("]") {
			break
		}
		e := p.starNamedExpression()
		if p.isKw("for") && len(elts) > 0 {
			pos := span(elts[0], e)
			p.raise(py.SyntaxError, "did you forget parentheses around the comprehension target?", pos.Lineno, pos.ColOffset, pos.EndLineno, pos.EndColOffset)
		}
		elts = append(elts, e)
	}
	p.expectOp("]")
	return &ast.List{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Elts: elts, Ctx: ast.Load}
}

// braceAtom: dict, set, dict comprehension or set comprehension.
func (p *parser) braceAtom() ast.Expr {
	start := p.i
	p.next()
	if p.acceptOp("}") {
		return &ast.Dict{ExprBase: ast.ExprBase{Pos: p.pos(start)}}
	}
	if p.isOp("**") {
		return p.dictRest(start, nil, nil)
	}
	first := p.starNamedExpression()
	if p.acceptOp(":") {
		value := p.expression()
		if p.isKw("for") {
			comp := p.comprehensionTail(start, first, value, "dict")
			p.expectOp("}")
			comp.(*ast.DictComp).Pos = p.pos(start)
			return comp
		}
		return p.dictRest(start, first, value)
	}
	if p.isKw("for") {
		if _, ok := first.(*ast.Starred); ok {
			p.raiseNode("iterable unpacking cannot be used in comprehension", first)
		}
		comp := p.comprehensionTail(start, first, nil, "set")
		p.expectOp("}")
		comp.(*ast.SetComp).Pos = p.pos(start)
		return comp
	}
	elts := []ast.Expr{first}
	for p.acceptOp(",") {
		if p.isOp("}") {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	p.expectOp("}")
	return &ast.Set{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Elts: elts}
}

// dictRest parses the entries of a dict display after the first (key, value), or
// from the start when key is nil and the next token is '**'.
func (p *parser) dictRest(start int, key, value ast.Expr) ast.Expr {
	d := &ast.Dict{}
	if value != nil {
		d.Keys = append(d.Keys, key)
		d.Values = append(d.Values, value)
		if !p.acceptOp(",") {
			p.expectOp("}")
			d.Pos = p.pos(start)
			return d
		}
	}
	for !p.isOp("}") {
		if p.acceptOp("**") {
			d.Keys = append(d.Keys, nil)
			d.Values = append(d.Values, p.bitwiseOr())
		} else {
			k := p.expression()
			if !p.isOp(":") {
				if p.isOp(",") || p.isOp("}") {
					pos := posOf(k)
					p.raise(py.SyntaxError, "':' expected after dictionary key", pos.EndLineno, pos.EndColOffset-1, pos.EndLineno, endZero)
				}
				p.fail()
			}
			p.next()
			d.Keys = append(d.Keys, k)
			d.Values = append(d.Values, p.expression())
		}
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp("}")
	d.Pos = p.pos(start)
	return d
}

// comprehensionTail parses the for/if clauses after a comprehension's element.
func (p *parser) comprehensionTail(start int, elt, value ast.Expr, kind string) ast.Expr {
	var gens []ast.Comprehension
	for p.isKw("for") || p.isKw("async") {
		if p.isKw("async") {
			p.raiseTok(py.SyntaxError, "kafkalab's Python does not run async code ('async' statements)", p.tok())
		}
		p.next()
		c := ast.Comprehension{Target: p.starTargets()}
		p.expectKw("in")
		c.Iter = p.disjunction()
		for p.isKw("if") {
			p.next()
			c.Ifs = append(c.Ifs, p.disjunction())
		}
		gens = append(gens, c)
	}
	pos := p.pos(start)
	switch kind {
	case "list":
		return &ast.ListComp{ExprBase: ast.ExprBase{Pos: pos}, Elt: elt, Generators: gens}
	case "set":
		return &ast.SetComp{ExprBase: ast.ExprBase{Pos: pos}, Elt: elt, Generators: gens}
	case "dict":
		return &ast.DictComp{ExprBase: ast.ExprBase{Pos: pos}, Key: elt, Value: value, Generators: gens}
	}
	return &ast.GeneratorExp{ExprBase: ast.ExprBase{Pos: pos}, Elt: elt, Generators: gens}
}

// yieldExpr: 'yield' 'from' expression | 'yield' [star_expressions]
func (p *parser) yieldExpr() ast.Expr {
	start := p.i
	p.next()
	if p.acceptKw("from") {
		v := p.expression()
		return &ast.YieldFrom{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: v}
	}
	y := &ast.Yield{}
	if p.startsExpr() {
		y.Value = p.starExpressions()
	}
	y.Pos = p.pos(start)
	return y
}
