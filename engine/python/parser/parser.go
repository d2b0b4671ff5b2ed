// Package parser parses Python 3.11 source into the AST the compiler takes.
//
// It is a hand-written recursive descent parser over the tokens of tokenizer.go,
// following CPython 3.11's grammar and raising its SyntaxError messages, locations
// and carets for the mistakes learners make.
package parser

import (
	"fmt"
	"io"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// parser holds the tokens of one source and the position in them.
type parser struct {
	toks     []token
	i        int
	filename string
	src      string
	lines    []string
	unclosed *token // a bracket the tokenizer found open at the end of input
	eofIdx   int    // tokens from here on were made at the end of input

	// parens maps a parenthesised expression to the index of its ')'.
	parens map[ast.Expr]int

	// the last disjunction parsed, as token indexes [start, end), for the
	// "Perhaps you forgot a comma?" hint
	lastDisjStart, lastDisjEnd int

	// inFString is set in the parser of an f-string's replacement field, whose
	// source is the field's text in parentheses, lineShift lines down the file.
	inFString bool
	lineShift int

	suggesting bool // trying the parse behind a hint; failures there are plain

	// depth is how deeply the statements and expressions being parsed nest, each
	// link of an operator or trailer chain counted; maxDepth the deepest seen.
	// level is how deeply the parser's functions recurse.
	depth, maxDepth, level int
}

// CPython's compiler refuses a tree nested about 3000 deep (RecursionError), and its
// parser a source that makes it recurse about 6000 deep (MemoryError). The bounds
// also keep this parser, and every later walk of the tree, off the end of the Go stack.
const (
	maxDepth  = 2991
	maxLevels = 5971
)

// nesting is the parser's nesting state, saved to be restored as a node is built.
type nesting struct{ depth, level int }

func (p *parser) nesting() nesting { return nesting{p.depth, p.level} }

func (p *parser) restore(n nesting) { p.depth, p.level = n.depth, n.level }

// nest adds depth levels to the tree being built and levels to the parser's recursion.
func (p *parser) nest(depth, levels int) {
	p.depth += depth
	if p.depth > p.maxDepth {
		p.maxDepth = p.depth
	}
	p.level += levels
	if p.level > maxLevels {
		panic(py.ExceptionNewf(py.MemoryError, ""))
	}
}

// Parse parses a whole input in mode exec (a module), eval (one expression) or
// single (one interactive statement).
func Parse(in io.Reader, filename string, mode py.CompileMode) (ast.Mod, error) {
	data, err := io.ReadAll(in)
	if err != nil {
		return nil, py.ExceptionNewf(py.OSError, "reading %s: %v", filename, err)
	}
	return ParseSource(string(data), filename, mode)
}

// ParseString parses in with filename "<string>".
func ParseString(in string, mode py.CompileMode) (ast.Ast, error) {
	return ParseSource(in, "<string>", mode)
}

// ParseSource parses src; a syntax error comes back as a *py.Exception of type
// SyntaxError, IndentationError or TabError with CPython's attributes.
func ParseSource(src, filename string, mode py.CompileMode) (mod ast.Mod, err error) {
	switch mode {
	case py.ExecMode, py.EvalMode, py.SingleMode:
	default:
		return nil, py.ExceptionNewf(py.ValueError, "compile() mode must be 'exec', 'eval' or 'single'")
	}
	src = strings.TrimPrefix(src, "\ufeff")
	t := &tokenizer{src: src, filename: filename, line: 1, indents: []int{0}, altIndents: []int{0}, atLineStart: true}
	t.toks = make([]token, 0, len(src)/4+8)
	if terr := t.run(); terr != nil {
		if t.unclosedAtEOF == nil {
			return nil, terr
		}
	}
	p := &parser{toks: t.toks, filename: filename, src: src, lines: t.lines, unclosed: t.unclosedAtEOF, eofIdx: t.eofIdx}
	defer func() {
		if r := recover(); r != nil {
			if exc, ok := r.(*py.Exception); ok {
				mod, err = nil, exc
				return
			}
			panic(r)
		}
	}()
	switch mode {
	case py.ExecMode:
		mod = p.fileInput()
	case py.EvalMode:
		mod = p.evalInput()
	default:
		mod = p.singleInput()
	}
	if p.maxDepth > maxDepth {
		return nil, py.ExceptionNewf(py.RecursionError, "maximum recursion depth exceeded during compilation")
	}
	return mod, nil
}

// ---------------------------------------------------------------------------
// Tokens

func (p *parser) tok() *token { return &p.toks[p.i] }

func (p *parser) peek(n int) *token {
	j := p.i + n
	if j >= len(p.toks) {
		j = len(p.toks) - 1
	}
	return &p.toks[j]
}

func (p *parser) next() *token {
	t := &p.toks[p.i]
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

func (p *parser) isOp(s string) bool {
	t := &p.toks[p.i]
	return t.kind == tkOp && t.val == s
}

// isKw reports whether the current token is the keyword (or soft keyword) s.
func (p *parser) isKw(s string) bool {
	t := &p.toks[p.i]
	return t.kind == tkName && t.val == s
}

func (p *parser) acceptOp(s string) bool {
	if p.isOp(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) acceptKw(s string) bool {
	if p.isKw(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expectOp(s string) {
	if !p.acceptOp(s) {
		p.fail()
	}
}

func (p *parser) expectKw(s string) {
	if !p.acceptKw(s) {
		p.fail()
	}
}

// expectColon consumes the ':' of a compound statement, with CPython's "expected ':'"
// when the line ends without one.
func (p *parser) expectColon() {
	if p.acceptOp(":") {
		return
	}
	if p.tok().kind == tkNewline {
		p.raiseTok(py.SyntaxError, "expected ':'", p.tok())
	}
	p.fail()
}

// isName reports whether the current token is a NAME that is not a keyword.
func (p *parser) isName() bool {
	t := &p.toks[p.i]
	return t.kind == tkName && !keywords[t.val]
}

func (p *parser) name() ast.Identifier {
	if !p.isName() {
		p.fail()
	}
	return ast.Identifier(p.next().val)
}

// pos makes the position of a node that started at token index start and ends with
// the last token consumed.
func (p *parser) pos(start int) ast.Pos {
	s := &p.toks[start]
	e := &p.toks[p.i-1]
	if p.i-1 < start {
		e = s
	}
	return ast.Pos{Lineno: s.line, ColOffset: s.col, EndLineno: e.endLine, EndColOffset: e.endCol}
}

// span is the position from node a's start to node b's end.
func span(a, b ast.Ast) ast.Pos {
	pa, pb := posOf(a), posOf(b)
	return ast.Pos{Lineno: pa.Lineno, ColOffset: pa.ColOffset, EndLineno: pb.EndLineno, EndColOffset: pb.EndColOffset}
}

func posOf(a ast.Ast) ast.Pos {
	return ast.Pos{Lineno: a.GetLineno(), ColOffset: a.GetColOffset(), EndLineno: endLineno(a), EndColOffset: endColOffset(a)}
}

type ender interface {
	GetEndLineno() int
	GetEndColOffset() int
}

func endLineno(a ast.Ast) int {
	if e, ok := a.(ender); ok {
		return e.GetEndLineno()
	}
	return a.GetLineno()
}

func endColOffset(a ast.Ast) int {
	if e, ok := a.(ender); ok {
		return e.GetEndColOffset()
	}
	return a.GetColOffset()
}

// ---------------------------------------------------------------------------
// Errors

func (p *parser) lineText(n int) string {
	if p.lines == nil {
		p.lines = sourceLines(p.src)
	}
	n -= p.lineShift
	if n < 1 || n > len(p.lines) {
		return ""
	}
	return p.lines[n-1]
}

// raise panics with a syntax error from (line, col) to (endLine, endCol).
func (p *parser) raise(kind *py.Type, msg string, line, col, endLine, endCol int) {
	if p.unclosed != nil && kind == py.SyntaxError && (p.i >= p.eofIdx || line > p.unclosed.line || p.tok().line > p.unclosed.line) {
		u := p.unclosed
		panic(newSyntaxError(py.SyntaxError, fmt.Sprintf("'%s' was never closed", u.val), p.filename, p.lineText(u.line), u.line, u.col, p.lineText(u.line), u.line, endZero))
	}
	if p.inFString {
		msg = "f-string: " + msg
	}
	panic(newSyntaxError(kind, msg, p.filename, p.lineText(line), line, col, p.lineText(endLine), endLine, endCol))
}

// raiseTok raises an error located at a token (a NEWLINE's caret has no width).
func (p *parser) raiseTok(kind *py.Type, msg string, t *token) {
	if t.eof {
		// CPython's tokens at the end of the source have no column: the error is
		// after the last line's newline.
		line := p.eofLine()
		p.raise(kind, msg, line, len(strings.TrimRight(p.lineText(line), "\r\n")), line, -1)
	}
	end := t.endCol
	if t.kind == tkNewline || t.kind == tkEnd {
		end = t.col
	}
	p.raise(kind, msg, t.line, t.col, t.endLine, end)
}

// raiseNode raises an error located at a node.
func (p *parser) raiseNode(msg string, n ast.Ast) {
	pos := posOf(n)
	p.raise(py.SyntaxError, msg, pos.Lineno, pos.ColOffset, pos.EndLineno, pos.EndColOffset)
}

// fail raises the error for an unexpected current token: a deferred tokenizer error,
// an indentation error, one of CPython's hints, or "invalid syntax".
func (p *parser) fail() {
	t := p.tok()
	switch t.kind {
	case tkIndent:
		p.raise(py.IndentationError, "unexpected indent", t.line, t.endCol-1, t.line, -1)
	case tkDedent:
		p.raise(py.IndentationError, "unexpected unindent", t.line, t.col, t.line, -1)
	}
	if p.lastDisjEnd == p.i && p.lastDisjStart < p.i && !p.suggesting {
		p.suggestComma(p.lastDisjStart)
	}
	if t.eof {
		line := p.eofLine()
		p.raise(py.SyntaxError, "invalid syntax", line, endZero, line, endZero)
	}
	p.raiseTok(py.SyntaxError, "invalid syntax", t)
}

// eofLine is the line CPython's tokenizer is on at the end of the source: the last
// line (an empty source has line 1).
func (p *parser) eofLine() int {
	if p.lines == nil {
		p.lines = sourceLines(p.src)
	}
	if len(p.lines) == 0 {
		return 1 + p.lineShift
	}
	return len(p.lines) + p.lineShift
}

// suggestComma raises CPython's hints for an expression followed by another:
// "Perhaps you forgot a comma?" inside brackets, "Missing parentheses in call to
// 'print'" for Python 2's print statement.
func (p *parser) suggestComma(start int) {
	first := &p.toks[start]
	legacy := start+1 == p.i && first.kind == tkName && (first.val == "print" || first.val == "exec") && !p.isOp("(")
	if !legacy && first.kind == tkName && (p.toks[start+1].kind == tkString || first.val == "match" || first.val == "case" || first.val == "_") {
		return
	}
	save, saveStart, saveEnd := p.i, p.lastDisjStart, p.lastDisjEnd
	p.suggesting = true
	ok := p.try(func() {
		defer func() { p.suggesting = false }()
		if legacy {
			p.starExpressions()
		} else {
			p.expression()
		}
	})
	end := p.i
	p.i, p.lastDisjStart, p.lastDisjEnd = save, saveStart, saveEnd
	if !ok {
		return
	}
	last := &p.toks[end-1]
	if legacy {
		p.raise(py.SyntaxError, fmt.Sprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", first.val, first.val), first.line, first.col, last.endLine, last.endCol)
	}
	if p.inBrackets(end - 1) {
		p.raise(py.SyntaxError, "invalid syntax. Perhaps you forgot a comma?", first.line, first.col, last.endLine, last.endCol)
	}
}

// inBrackets reports whether token i is inside brackets.
func (p *parser) inBrackets(i int) bool { return p.toks[i].level > 0 }

// try runs f and reports whether it parsed without a syntax error; the caller
// restores the position when it needs to.
func (p *parser) try(f func()) (ok bool) {
	saved := p.nesting()
	defer func() {
		if r := recover(); r != nil {
			p.restore(saved)
			if exc, isExc := r.(*py.Exception); !isExc || exc.Type() == py.MemoryError {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// ---------------------------------------------------------------------------
// Inputs

func (p *parser) fileInput() *ast.Module {
	m := &ast.Module{}
	m.Lineno = 1
	for p.tok().kind != tkEnd {
		if p.tok().kind == tkNewline {
			p.next()
			continue
		}
		m.Body = append(m.Body, p.statement()...)
	}
	return m
}

func (p *parser) evalInput() *ast.Expression {
	e := &ast.Expression{}
	e.Lineno = 1
	e.Body = p.starExpressions()
	for p.tok().kind == tkNewline {
		p.next()
	}
	if p.tok().kind != tkEnd {
		p.fail()
	}
	return e
}

func (p *parser) singleInput() *ast.Interactive {
	m := &ast.Interactive{}
	m.Lineno = 1
	if t := p.tok(); t.kind == tkEnd || t.kind == tkNewline {
		// CPython's interactive parser wants a statement on the first line
		exc := newSyntaxError(py.SyntaxError, "invalid syntax", p.filename, "", 0, 0, "", 0, 0)
		line := 0
		if p.src != "" {
			line = 1
		}
		exc.Dict["lineno"], exc.Dict["end_lineno"] = py.Int(line), py.Int(line)
		exc.Dict["offset"], exc.Dict["end_offset"] = py.Int(0), py.Int(0)
		panic(exc)
	}
	m.Body = p.statement()
	for p.tok().kind == tkNewline {
		p.next()
	}
	if p.tok().kind != tkEnd {
		p.raiseTok(py.SyntaxError, "multiple statements found while compiling a single statement", p.tok())
	}
	return m
}

// ---------------------------------------------------------------------------
// Statements

// statement parses one statement line: a compound statement, or simple statements
// separated by ';'.
func (p *parser) statement() []ast.Stmt {
	defer p.restore(p.nesting())
	p.nest(1, 1)
	t := p.tok()
	if t.kind == tkName {
		switch t.val {
		case "def":
			return []ast.Stmt{p.funcDef(nil, p.i)}
		case "class":
			return []ast.Stmt{p.classDef(nil, p.i)}
		case "if":
			return []ast.Stmt{p.ifStmt()}
		case "while":
			return []ast.Stmt{p.whileStmt()}
		case "for":
			return []ast.Stmt{p.forStmt()}
		case "try":
			return []ast.Stmt{p.tryStmt()}
		case "with":
			return []ast.Stmt{p.withStmt()}
		case "async":
			p.raiseTok(py.SyntaxError, "kafkalab's Python does not run async code ('async' statements)", t)
		case "match":
			if s := p.matchStmt(); s != nil {
				return []ast.Stmt{s}
			}
		}
	} else if t.kind == tkOp && t.val == "@" {
		return []ast.Stmt{p.decorated()}
	}
	return p.simpleStmts()
}

// block parses the body of a compound statement: an indented block or simple
// statements on the same line. what names the statement for the error.
func (p *parser) block(what string, line int) []ast.Stmt {
	if p.tok().kind != tkNewline {
		return p.simpleStmts()
	}
	p.next()
	if p.tok().kind != tkIndent {
		t := p.tok()
		p.raiseTok(py.IndentationError, fmt.Sprintf("expected an indented block after %s on line %d", what, line), t)
	}
	p.next()
	var body []ast.Stmt
	for p.tok().kind != tkDedent && p.tok().kind != tkEnd {
		body = append(body, p.statement()...)
	}
	p.next()
	return body
}

func (p *parser) simpleStmts() []ast.Stmt {
	var out []ast.Stmt
	for {
		out = append(out, p.simpleStmt())
		if !p.acceptOp(";") || p.tok().kind == tkNewline {
			break
		}
	}
	if p.tok().kind != tkNewline {
		p.fail()
	}
	p.next()
	return out
}

func (p *parser) simpleStmt() ast.Stmt {
	start := p.i
	t := p.tok()
	if t.kind == tkName {
		switch t.val {
		case "pass":
			p.next()
			return &ast.Pass{StmtBase: ast.StmtBase{Pos: p.pos(start)}}
		case "break":
			p.next()
			return &ast.Break{StmtBase: ast.StmtBase{Pos: p.pos(start)}}
		case "continue":
			p.next()
			return &ast.Continue{StmtBase: ast.StmtBase{Pos: p.pos(start)}}
		case "return":
			p.next()
			s := &ast.Return{}
			if p.startsExpr() {
				s.Value = p.starExpressions()
			}
			s.Pos = p.pos(start)
			return s
		case "raise":
			p.next()
			s := &ast.Raise{}
			if p.startsExpr() {
				s.Exc = p.expression()
				if p.acceptKw("from") {
					s.Cause = p.expression()
				}
			}
			s.Pos = p.pos(start)
			return s
		case "global", "nonlocal":
			p.next()
			var names []ast.Identifier
			for {
				names = append(names, p.name())
				if !p.acceptOp(",") {
					break
				}
			}
			if t.val == "global" {
				return &ast.Global{StmtBase: ast.StmtBase{Pos: p.pos(start)}, Names: names}
			}
			return &ast.Nonlocal{StmtBase: ast.StmtBase{Pos: p.pos(start)}, Names: names}
		case "del":
			p.next()
			return p.delStmt(start)
		case "assert":
			p.next()
			s := &ast.Assert{Test: p.expression()}
			if p.acceptOp(",") {
				s.Msg = p.expression()
			}
			s.Pos = p.pos(start)
			return s
		case "import":
			return p.importName()
		case "from":
			return p.importFrom()
		}
	}
	return p.exprStmt()
}

func (p *parser) delStmt(start int) ast.Stmt {
	var targets []ast.Expr
	for {
		if !p.startsExpr() {
			p.fail()
		}
		targets = append(targets, p.targetElement())
		if !p.acceptOp(",") || !p.startsExpr() {
			break
		}
	}
	if p.tok().kind != tkNewline && !p.isOp(";") {
		p.fail()
	}
	for _, e := range targets {
		if bad := invalidTarget(e, true); bad != nil {
			p.raiseNode("cannot delete "+exprName(bad), bad)
		}
		setCtx(e, ast.Del)
	}
	return &ast.Delete{StmtBase: ast.StmtBase{Pos: p.pos(start)}, Targets: targets}
}

// exprStmt parses an expression statement, an assignment, an annotated assignment
// or an augmented assignment.
func (p *parser) exprStmt() ast.Stmt {
	start := p.i
	var first ast.Expr
	if p.isKw("yield") {
		first = p.yieldExpr()
	} else {
		first = p.starExpressions()
	}
	t := p.tok()
	if t.kind == tkOp {
		switch t.val {
		case ":":
			return p.annAssign(start, first)
		case "=":
			return p.assign(start, first)
		case "+=", "-=", "*=", "@=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "**=", "//=":
			switch first.(type) {
			case *ast.Name, *ast.Attribute, *ast.Subscript:
			default:
				p.raiseNode(fmt.Sprintf("'%s' is an illegal expression for augmented assignment", exprName(first)), first)
			}
			p.next()
			var value ast.Expr
			if p.isKw("yield") {
				value = p.yieldExpr()
			} else {
				value = p.starExpressions()
			}
			setCtx(first, ast.Store)
			return &ast.AugAssign{StmtBase: ast.StmtBase{Pos: p.pos(start)}, Target: first, Op: augOps[t.val], Value: value}
		}
	}
	return &ast.ExprStmt{StmtBase: ast.StmtBase{Pos: p.pos(start)}, Value: first}
}

var augOps = map[string]ast.OperatorNumber{
	"+=": ast.Add, "-=": ast.Sub, "*=": ast.Mult, "@=": ast.MatMult, "/=": ast.Div, "%=": ast.Modulo,
	"&=": ast.BitAnd, "|=": ast.BitOr, "^=": ast.BitXor, "<<=": ast.LShift, ">>=": ast.RShift,
	"**=": ast.Pow, "//=": ast.FloorDiv,
}

func (p *parser) annAssign(start int, target ast.Expr) ast.Stmt {
	switch x := target.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript:
	case *ast.Tuple:
		if len(x.Elts) > 0 && !(p.toks[start].kind == tkOp && p.toks[start].val == "(") {
			p.raiseNode("only single target (not tuple) can be annotated", x.Elts[0])
		}
		p.raiseNode("only single target (not tuple) can be annotated", target)
	case *ast.List:
		p.raiseNode("only single target (not list) can be annotated", target)
	default:
		p.raiseNode("illegal target for annotation", target)
	}
	p.next() // ':'
	s := &ast.AnnAssign{Target: target, Annotation: p.expression()}
	_, isName := target.(*ast.Name)
	s.Simple = isName && !(p.toks[start].kind == tkOp && p.toks[start].val == "(")
	if p.acceptOp("=") {
		if p.isKw("yield") {
			s.Value = p.yieldExpr()
		} else {
			s.Value = p.starExpressions()
		}
	}
	setCtx(target, ast.Store)
	s.Pos = p.pos(start)
	return s
}

func (p *parser) assign(start int, first ast.Expr) ast.Stmt {
	exprs := []ast.Expr{first}
	bareYield := map[ast.Expr]bool{}
	if p.toks[start].kind == tkName && p.toks[start].val == "yield" {
		bareYield[first] = true
	}
	for p.acceptOp("=") {
		if p.isKw("yield") {
			y := p.yieldExpr()
			bareYield[y] = true
			exprs = append(exprs, y)
		} else {
			if !p.startsExpr() {
				p.fail()
			}
			exprs = append(exprs, p.starExpressions())
		}
	}
	targets, value := exprs[:len(exprs)-1], exprs[len(exprs)-1]
	for i, target := range targets {
		if bareYield[target] {
			p.raiseNode("assignment to yield expression not possible", target)
		}
		bad := invalidTarget(target, false)
		if bad == nil {
			continue
		}
		msg := "cannot assign to " + exprName(bad)
		_, paren := p.parens[bad]
		if i == 0 && len(targets) == 1 && (paren || isBitwiseOr(bad)) && p.followedByEquals(bad) {
			switch bad.(type) {
			case *ast.List, *ast.Tuple, *ast.GeneratorExp, *ast.NameConstant:
			default:
				msg += " here. Maybe you meant '==' instead of '='?"
			}
		}
		p.raiseNode(msg, bad)
	}
	for _, target := range targets {
		if n, ok := target.(*ast.Starred); ok {
			p.raiseNode("starred assignment target must be in a list or tuple", n)
		}
		setCtx(target, ast.Store)
	}
	return &ast.Assign{StmtBase: ast.StmtBase{Pos: p.pos(start)}, Targets: targets, Value: value}
}

// followedByEquals reports whether the token after expression e (after its closing
// parenthesis when it is parenthesised) is '='.
func (p *parser) followedByEquals(e ast.Expr) bool {
	k, ok := p.parens[e]
	if !ok {
		pos := posOf(e)
		k = p.tokenAt(pos.EndLineno, pos.EndColOffset) - 1
	}
	if k+1 >= len(p.toks) {
		return false
	}
	t := &p.toks[k+1]
	return t.kind == tkOp && t.val == "="
}

// tokenAt is the index of the first token starting at or after (line, col).
func (p *parser) tokenAt(line, col int) int {
	lo, hi := 0, len(p.toks)
	for lo < hi {
		m := (lo + hi) / 2
		t := &p.toks[m]
		if t.line < line || t.line == line && t.col < col {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// setCtx marks a validated target as Store or Del.
func setCtx(e ast.Expr, ctx ast.ExprContext) {
	if s, ok := e.(ast.SetCtxer); ok {
		s.SetCtx(ctx)
	}
}

// checkTarget validates a for/with/comprehension target and marks it Store.
func (p *parser) checkTarget(e ast.Expr) {
	if bad := invalidTarget(e, false); bad != nil {
		p.raiseNode("cannot assign to "+exprName(bad), bad)
	}
	if n, ok := e.(*ast.Starred); ok {
		p.raiseNode("starred assignment target must be in a list or tuple", n)
	}
	setCtx(e, ast.Store)
}

// targetElement parses one element of a target list: a starred or plain operand.
func (p *parser) targetElement() ast.Expr {
	if p.isOp("*") {
		start := p.i
		p.next()
		v := p.bitwiseOr()
		return &ast.Starred{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Value: v, Ctx: ast.Load}
	}
	return p.bitwiseOr()
}

// starTargets parses the targets of for and comprehensions, which stop before 'in'.
func (p *parser) starTargets() ast.Expr {
	start := p.i
	first := p.targetElement()
	if !p.isOp(",") {
		p.checkTarget(first)
		return first
	}
	elts := []ast.Expr{first}
	for p.acceptOp(",") {
		if !p.startsExpr() {
			break
		}
		elts = append(elts, p.targetElement())
	}
	tup := &ast.Tuple{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Elts: elts, Ctx: ast.Load}
	if bad := invalidTarget(tup, false); bad != nil {
		p.raiseNode("cannot assign to "+exprName(bad), bad)
	}
	setCtx(tup, ast.Store)
	return tup
}

func (p *parser) importName() ast.Stmt {
	start := p.i
	p.next()
	s := &ast.Import{}
	for {
		aStart := p.i
		name := p.dottedName()
		a := &ast.Alias{Name: ast.Identifier(name)}
		if p.acceptKw("as") {
			a.AsName = p.name()
		}
		a.Pos = p.pos(aStart)
		s.Names = append(s.Names, a)
		if !p.acceptOp(",") {
			break
		}
	}
	s.Pos = p.pos(start)
	return s
}

func (p *parser) dottedName() string {
	name := string(p.name())
	for p.isOp(".") {
		p.next()
		name += "." + string(p.name())
	}
	return name
}

func (p *parser) importFrom() ast.Stmt {
	start := p.i
	p.next()
	s := &ast.ImportFrom{}
	for {
		if p.acceptOp(".") {
			s.Level++
		} else if p.acceptOp("...") {
			s.Level += 3
		} else {
			break
		}
	}
	if !p.isKw("import") {
		s.Module = ast.Identifier(p.dottedName())
	}
	p.expectKw("import")
	if p.isOp("*") {
		aStart := p.i
		p.next()
		s.Names = []*ast.Alias{{Pos: p.pos(aStart), Name: "*"}}
		s.Pos = p.pos(start)
		return s
	}
	paren := p.acceptOp("(")
	for {
		aStart := p.i
		a := &ast.Alias{Name: p.name()}
		if p.acceptKw("as") {
			a.AsName = p.name()
		}
		a.Pos = p.pos(aStart)
		s.Names = append(s.Names, a)
		if !p.acceptOp(",") {
			break
		}
		if paren && p.isOp(")") {
			break
		}
		if !paren && p.tok().kind == tkNewline {
			p.raiseTok(py.SyntaxError, "trailing comma not allowed without surrounding parentheses", p.tok())
		}
	}
	if paren {
		p.expectOp(")")
	}
	s.Pos = p.pos(start)
	return s
}

func (p *parser) decorated() ast.Stmt {
	start := p.i
	var decorators []ast.Expr
	for p.acceptOp("@") {
		decorators = append(decorators, p.namedExpression())
		if p.tok().kind != tkNewline {
			p.fail()
		}
		p.next()
	}
	switch {
	case p.isKw("def"):
		return p.funcDef(decorators, start)
	case p.isKw("class"):
		return p.classDef(decorators, start)
	case p.isKw("async"):
		p.raiseTok(py.SyntaxError, "kafkalab's Python does not run async code ('async' statements)", p.tok())
	}
	p.fail()
	return nil
}

func (p *parser) funcDef(decorators []ast.Expr, start int) ast.Stmt {
	defTok := p.tok()
	defStart := p.i
	p.next()
	s := &ast.FunctionDef{Name: p.name(), DecoratorList: decorators}
	if !p.isOp("(") {
		p.raiseTok(py.SyntaxError, "expected '('", p.tok())
	}
	p.next()
	s.Args = p.parameters(")", true)
	p.expectOp(")")
	if arrow := p.tok(); p.acceptOp("->") {
		if !p.startsExpr() || p.isOp("*") || p.tok().kind == tkName && p.tok().val == "yield" {
			// `-> *a`: the optional return annotation does not match, and ':' is
			// expected where the arrow is.
			p.raiseTok(py.SyntaxError, "expected ':'", arrow)
		}
		s.Returns = p.expression()
	}
	p.expectColon()
	s.Body = p.block("function definition", defTok.line)
	s.Pos = p.pos(defStart)
	if len(decorators) > 0 {
		_ = start
	}
	return s
}

func (p *parser) classDef(decorators []ast.Expr, start int) ast.Stmt {
	classTok := p.tok()
	classStart := p.i
	p.next()
	s := &ast.ClassDef{Name: p.name(), DecoratorList: decorators}
	if p.acceptOp("(") {
		call := &ast.Call{}
		p.callArgs(call, true)
		s.Bases, s.Keywords = call.Args, call.Keywords
	}
	p.expectColon()
	s.Body = p.block("class definition", classTok.line)
	s.Pos = p.pos(classStart)
	return s
}

// parameters parses a def's or lambda's parameter list up to closer.
func (p *parser) parameters(closer string, annotations bool) *ast.Arguments {
	start := p.i
	args := &ast.Arguments{}
	seenSlash, seenStar, seenDefault := false, false, false
	param := func() *ast.Arg {
		aStart := p.i
		a := &ast.Arg{Arg: p.name()}
		if annotations && p.acceptOp(":") {
			a.Annotation = p.expression()
		}
		a.Pos = p.pos(aStart)
		return a
	}
	for !p.isOp(closer) {
		t := p.tok()
		switch {
		case t.kind == tkOp && t.val == "/":
			if seenSlash {
				p.raiseTok(py.SyntaxError, "/ may appear only once", t)
			}
			if seenStar {
				p.raiseTok(py.SyntaxError, "/ must be ahead of *", t)
			}
			if len(args.Args) == 0 {
				p.raiseTok(py.SyntaxError, "at least one argument must precede /", t)
			}
			p.next()
			seenSlash = true
			args.Posonlyargs, args.Args = args.Args, nil
		case t.kind == tkOp && t.val == "*":
			if seenStar {
				p.raiseTok(py.SyntaxError, "* argument may appear only once", t)
			}
			p.next()
			seenStar = true
			if p.isName() {
				args.Vararg = param()
			} else if p.isOp(closer) || p.isOp(",") && (p.peek(1).kind == tkOp && (p.peek(1).val == closer || p.peek(1).val == "**")) {
				if closer == ":" {
					p.next()
					p.raiseTok(py.SyntaxError, "named arguments must follow bare *", p.peek(-1))
				}
				p.raiseTok(py.SyntaxError, "named arguments must follow bare *", t)
			} else if !p.isOp(",") {
				p.fail()
			}
		case t.kind == tkOp && t.val == "**":
			p.next()
			args.Kwarg = param()
			p.acceptOp(",")
			if !p.isOp(closer) {
				if p.isName() || p.isOp("*") || p.isOp("**") || p.isOp("/") {
					p.raiseTok(py.SyntaxError, "arguments cannot follow var-keyword argument", p.tok())
				}
				p.fail()
			}
			continue
		default:
			if !p.isName() {
				p.fail()
			}
			aTok := p.tok()
			a := param()
			var def ast.Expr
			if p.acceptOp("=") {
				def = p.expression()
			}
			if seenStar {
				args.Kwonlyargs = append(args.Kwonlyargs, a)
				args.KwDefaults = append(args.KwDefaults, def)
			} else {
				if def != nil {
					seenDefault = true
					args.Defaults = append(args.Defaults, def)
				} else if seenDefault {
					p.raiseTok(py.SyntaxError, "non-default argument follows default argument", aTok)
				}
				args.Args = append(args.Args, a)
			}
		}
		if !p.acceptOp(",") {
			break
		}
	}
	if !p.isOp(closer) {
		p.fail()
	}
	args.Pos = p.pos(start)
	return args
}

func (p *parser) ifStmt() ast.Stmt {
	start := p.i
	kw := p.next()
	s := &ast.If{Test: p.namedExpression()}
	p.expectColon()
	s.Body = p.block(fmt.Sprintf("'%s' statement", kw.val), kw.line)
	switch {
	case p.isKw("elif"):
		saved := p.nesting()
		p.nest(1, 1)
		s.Orelse = []ast.Stmt{p.ifStmt()}
		p.restore(saved)
	case p.isKw("else"):
		s.Orelse = p.elseBlock()
	}
	s.Pos = p.pos(start)
	return s
}

func (p *parser) elseBlock() []ast.Stmt {
	kw := p.next()
	p.expectColon()
	return p.block("'else' statement", kw.line)
}

func (p *parser) whileStmt() ast.Stmt {
	start := p.i
	kw := p.next()
	s := &ast.While{Test: p.namedExpression()}
	p.expectColon()
	s.Body = p.block("'while' statement", kw.line)
	if p.isKw("else") {
		s.Orelse = p.elseBlock()
	}
	s.Pos = p.pos(start)
	return s
}

func (p *parser) forStmt() ast.Stmt {
	start := p.i
	kw := p.next()
	s := &ast.For{Target: p.starTargets()}
	p.expectKw("in")
	s.Iter = p.starExpressions()
	p.expectColon()
	s.Body = p.block("'for' statement", kw.line)
	if p.isKw("else") {
		s.Orelse = p.elseBlock()
	}
	s.Pos = p.pos(start)
	return s
}

func (p *parser) withStmt() ast.Stmt {
	start := p.i
	kw := p.next()
	s := &ast.With{}
	parsed := false
	if p.isOp("(") {
		save := p.i
		var items []*ast.WithItem
		if p.try(func() {
			p.next()
			for {
				items = append(items, p.withItem())
				if !p.acceptOp(",") || p.isOp(")") {
					break
				}
			}
			p.expectOp(")")
			if !p.isOp(":") {
				p.fail()
			}
		}) {
			s.Items, parsed = items, true
		} else {
			p.i = save
		}
	}
	if !parsed {
		for {
			s.Items = append(s.Items, p.withItem())
			if !p.acceptOp(",") {
				break
			}
		}
	}
	p.expectColon()
	s.Body = p.block("'with' statement", kw.line)
	s.Pos = p.pos(start)
	return s
}

func (p *parser) withItem() *ast.WithItem {
	start := p.i
	item := &ast.WithItem{ContextExpr: p.expression()}
	if p.acceptKw("as") {
		item.OptionalVars = p.targetElement()
		p.checkTarget(item.OptionalVars)
	}
	item.Pos = p.pos(start)
	return item
}

func (p *parser) tryStmt() ast.Stmt {
	start := p.i
	kw := p.next()
	p.expectColon()
	s := &ast.Try{Body: p.block("'try' statement", kw.line)}
	for p.isKw("except") {
		hStart := p.i
		ekw := p.next()
		if p.isOp("*") {
			p.raiseTok(py.SyntaxError, "kafkalab's Python does not support 'except*' (exception groups)", p.tok())
		}
		h := &ast.ExceptHandler{}
		if p.tok().kind == tkNewline {
			p.raiseTok(py.SyntaxError, "expected ':'", p.tok())
		}
		if !p.isOp(":") {
			h.ExprType = p.expression()
			if p.isOp(",") {
				exStart := h.ExprType
				p.next()
				last := p.expression()
				for p.acceptOp(",") {
					last = p.expression()
				}
				if p.isOp(":") || p.isKw("as") {
					p.raise(py.SyntaxError, "multiple exception types must be parenthesized", exStart.GetLineno(), exStart.GetColOffset(), endLineno(last), endColOffset(last))
				}
				p.fail()
			}
			if p.acceptKw("as") {
				h.Name = p.name()
			}
		}
		p.expectColon()
		h.Body = p.block("'except' statement", ekw.line)
		h.Pos = p.pos(hStart)
		s.Handlers = append(s.Handlers, h)
	}
	if p.isKw("else") {
		if len(s.Handlers) == 0 {
			p.fail()
		}
		s.Orelse = p.elseBlock()
	}
	if p.isKw("finally") {
		fkw := p.next()
		p.expectColon()
		s.Finalbody = p.block("'finally' statement", fkw.line)
	}
	if len(s.Handlers) == 0 && s.Finalbody == nil {
		p.raiseTok(py.SyntaxError, "expected 'except' or 'finally' block", p.tok())
	}
	s.Pos = p.pos(start)
	return s
}
