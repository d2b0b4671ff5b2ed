package compile

// Code generation for the syntax after Python 3.4: annotations, PEP 448 unpacking,
// f-strings and match statements.

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/parser"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/python/symtable"
	"github.com/kafkalab/kafkalab/engine/python/vm"
)

// hasAnnotations reports whether a module or class body has annotated assignments
// (outside nested functions and classes), which need __annotations__.
func hasAnnotations(body []ast.Stmt) bool {
	for _, s := range body {
		switch x := s.(type) {
		case *ast.AnnAssign:
			return true
		case *ast.If:
			if hasAnnotations(x.Body) || hasAnnotations(x.Orelse) {
				return true
			}
		case *ast.For:
			if hasAnnotations(x.Body) || hasAnnotations(x.Orelse) {
				return true
			}
		case *ast.While:
			if hasAnnotations(x.Body) || hasAnnotations(x.Orelse) {
				return true
			}
		case *ast.With:
			if hasAnnotations(x.Body) {
				return true
			}
		case *ast.Try:
			if hasAnnotations(x.Body) || hasAnnotations(x.Orelse) || hasAnnotations(x.Finalbody) {
				return true
			}
			for _, h := range x.Handlers {
				if hasAnnotations(h.Body) {
					return true
				}
			}
		case *ast.Match:
			for _, c := range x.Cases {
				if hasAnnotations(c.Body) {
					return true
				}
			}
		}
	}
	return false
}

func hasStarred(elts []ast.Expr) bool {
	for _, e := range elts {
		if _, ok := e.(*ast.Starred); ok {
			return true
		}
	}
	return false
}

// dict compiles a dict display; entries with a nil key are **mappings.
func (c *compiler) dict(node *ast.Dict) {
	unpack := false
	for _, k := range node.Keys {
		if k == nil {
			unpack = true
		}
	}
	if !unpack {
		c.OpArg(vm.BUILD_MAP, uint32(len(node.Keys)))
		for i := range node.Keys {
			c.Expr(node.Values[i])
			c.Expr(node.Keys[i])
			c.Op(vm.STORE_MAP)
		}
		return
	}
	groups := uint32(0)
	for i := 0; i < len(node.Keys); {
		if node.Keys[i] == nil {
			c.Expr(node.Values[i])
			groups++
			i++
			continue
		}
		j := i
		for j < len(node.Keys) && node.Keys[j] != nil {
			j++
		}
		c.OpArg(vm.BUILD_MAP, uint32(j-i))
		for k := i; k < j; k++ {
			c.Expr(node.Values[k])
			c.Expr(node.Keys[k])
			c.Op(vm.STORE_MAP)
		}
		groups++
		i = j
	}
	c.OpArg(vm.BUILD_MAP_UNPACK, groups)
}

// annAssign compiles `target: annotation [= value]` as CPython does: the value is
// assigned; a simple name's annotation goes into __annotations__ in modules and
// classes; annotations are not evaluated in functions.
func (c *compiler) annAssign(node *ast.AnnAssign) {
	if node.Value != nil {
		c.Expr(node.Value)
		c.Expr(node.Target)
	}
	moduleOrClass := c.SymTable.Type != symtable.FunctionBlock
	switch t := node.Target.(type) {
	case *ast.Name:
		if node.Simple && moduleOrClass {
			c.annotation(node.Annotation)
			c.NameOp("__annotations__", ast.Load)
			c.LoadConst(py.String(t.Id))
			c.Op(vm.STORE_SUBSCR)
			return
		}
	case *ast.Attribute:
		if node.Value == nil {
			c.Expr(t.Value)
			c.Op(vm.POP_TOP)
		}
	case *ast.Subscript:
		if node.Value == nil {
			c.Expr(t.Value)
			c.Op(vm.POP_TOP)
			switch s := t.Slice.(type) {
			case *ast.Index:
				c.Expr(s.Value)
				c.Op(vm.POP_TOP)
			case *ast.Slice:
				for _, e := range []ast.Expr{s.Lower, s.Upper, s.Step} {
					if e != nil {
						c.Expr(e)
						c.Op(vm.POP_TOP)
					}
				}
			}
		}
	}
	if moduleOrClass && !c.futureAnnotations {
		c.Expr(node.Annotation)
		c.Op(vm.POP_TOP)
	}
}

// annotation pushes an annotation's value: the expression's, or its text under
// `from __future__ import annotations`.
func (c *compiler) annotation(e ast.Expr) {
	if c.futureAnnotations {
		ast.Walk(e, func(node ast.Ast) bool {
			what := ""
			switch node.(type) {
			case *ast.NamedExpr:
				what = "named expression"
			case *ast.Yield, *ast.YieldFrom:
				what = "yield expression"
			}
			if what != "" {
				c.panicSyntaxErrorf(node, "'%s' can not be used within an annotation", what)
			}
			return true
		})
		c.LoadConst(py.String(ast.Unparse(e)))
		return
	}
	c.Expr(e)
}

// futureFeatures reads the `from __future__ import` statements a module starts with
// (after its docstring), as CPython's future.c: the CO_FUTURE flags they set and the
// line of the last one.
func futureFeatures(body []ast.Stmt, filename, src string) (flags int, lineno int, err error) {
	for i, stmt := range body {
		if i == 0 {
			if e, ok := stmt.(*ast.ExprStmt); ok {
				if _, ok := e.Value.(*ast.Str); ok {
					continue
				}
			}
		}
		imp, ok := stmt.(*ast.ImportFrom)
		if !ok || imp.Module != "__future__" || imp.Level != 0 {
			break
		}
		for _, alias := range imp.Names {
			switch alias.Name {
			case "nested_scopes", "generators", "division", "absolute_import", "with_statement",
				"print_function", "unicode_literals", "generator_stop":
			case "barry_as_FLUFL":
				flags |= py.CO_FUTURE_BARRY_AS_BDFL
			case "annotations":
				flags |= py.CO_FUTURE_ANNOTATIONS
			default:
				msg := "not a chance"
				if alias.Name != "braces" {
					msg = fmt.Sprintf("future feature %s is not defined", alias.Name)
				}
				pos := imp.Pos
				pos.EndLineno, pos.EndColOffset = pos.Lineno, pos.ColOffset
				return 0, 0, parser.SyntaxErrorAtPos(py.SyntaxError, msg, filename, src, pos)
			}
		}
		lineno = imp.Lineno
	}
	return flags, lineno, nil
}

// joinedStr compiles an f-string: each part, then BUILD_STRING.
func (c *compiler) joinedStr(node *ast.JoinedStr) {
	switch len(node.Values) {
	case 0:
		c.LoadConst(py.String(""))
		return
	case 1:
		if fv, ok := node.Values[0].(*ast.FormattedValue); ok {
			c.formattedValue(fv)
			return
		}
	}
	for _, v := range node.Values {
		c.Expr(v)
	}
	c.OpArg(vm.BUILD_STRING, uint32(len(node.Values)))
}

func (c *compiler) formattedValue(node *ast.FormattedValue) {
	c.Expr(node.Value)
	flags := uint32(0)
	switch node.Conversion {
	case 's':
		flags = 1
	case 'r':
		flags = 2
	case 'a':
		flags = 3
	}
	if node.FormatSpec != nil {
		c.Expr(node.FormatSpec)
		flags |= 4
	}
	c.OpArg(vm.FORMAT_VALUE, flags)
}

// ---------------------------------------------------------------------------
// match statements
//
// The subject stays on the stack while the cases are tried. A pattern consumes the
// value on top of the stack; when it fails it jumps to a label that pops what the
// match has pushed so far (failPop[n] pops n values) and goes on with the next case.
// Captured names are bound as the pattern proceeds, as CPython allows.

type patternContext struct {
	failPop []*Label
	onTop   int // values pushed by enclosing patterns that a failure must pop
}

// failJump jumps to the failure label that pops n values.
func (c *compiler) failJump(pc *patternContext, op vm.OpCode, n int) {
	for len(pc.failPop) <= n {
		pc.failPop = append(pc.failPop, new(Label))
	}
	c.Jump(op, pc.failPop[n])
}

// emitFailPops places the failure labels, each popping one value and falling into
// the next; failPop[0] pops nothing.
func (c *compiler) emitFailPops(pc *patternContext) {
	for i := len(pc.failPop) - 1; i >= 0; i-- {
		c.Label(pc.failPop[i])
		if i > 0 {
			c.Op(vm.POP_TOP)
		}
	}
	pc.failPop = nil
}

func (c *compiler) match(node *ast.Match) {
	c.Expr(node.Subject)
	end := new(Label)
	for i, cs := range node.Cases {
		c.SetLineno(cs)
		pc := &patternContext{}
		last := i == len(node.Cases)-1
		_, wildcard := cs.Pattern.(*ast.MatchAs)
		if wildcard {
			wildcard = cs.Pattern.(*ast.MatchAs).Pattern == nil && cs.Pattern.(*ast.MatchAs).Name == ""
		}
		if !last || !wildcard || cs.Guard != nil {
			c.Op(vm.DUP_TOP)
			c.pattern(cs.Pattern, pc)
		}
		if cs.Guard != nil {
			c.Expr(cs.Guard)
			c.failJump(pc, vm.POP_JUMP_IF_FALSE, 0)
		}
		c.Op(vm.POP_TOP) // the subject
		c.Stmts(cs.Body)
		c.Jump(vm.JUMP_FORWARD, end)
		c.emitFailPops(pc)
	}
	c.Op(vm.POP_TOP)
	c.Label(end)
}

// storeName binds a captured value.
func (c *compiler) storeName(name ast.Identifier) {
	c.NameOp(string(name), ast.Store)
}

// pattern compiles one pattern against the value on top of the stack.
func (c *compiler) pattern(p ast.Pattern, pc *patternContext) {
	switch x := p.(type) {
	case *ast.MatchAs:
		switch {
		case x.Pattern == nil && x.Name == "":
			c.Op(vm.POP_TOP)
		case x.Pattern == nil:
			c.storeName(x.Name)
		default:
			c.Op(vm.DUP_TOP)
			pc.onTop++
			c.pattern(x.Pattern, pc)
			pc.onTop--
			c.storeName(x.Name)
		}
	case *ast.MatchStar:
		if x.Name == "" {
			c.Op(vm.POP_TOP)
		} else {
			c.storeName(x.Name)
		}
	case *ast.MatchValue:
		c.Expr(x.Value)
		c.OpArg(vm.COMPARE_OP, vm.PyCmp_EQ)
		c.failJump(pc, vm.POP_JUMP_IF_FALSE, pc.onTop)
	case *ast.MatchSingleton:
		c.LoadConst(x.Value)
		c.OpArg(vm.COMPARE_OP, vm.PyCmp_IS)
		c.failJump(pc, vm.POP_JUMP_IF_FALSE, pc.onTop)
	case *ast.MatchOr:
		c.matchOr(x, pc)
	case *ast.MatchSequence:
		c.matchSequence(x, pc)
	case *ast.MatchMapping:
		c.matchMapping(x, pc)
	case *ast.MatchClass:
		c.matchClass(x, pc)
	default:
		c.panicSyntaxErrorf(p, "unsupported pattern")
	}
}

func (c *compiler) matchOr(x *ast.MatchOr, pc *patternContext) {
	end := new(Label)
	outer := *pc
	for i, alt := range x.Patterns {
		if i == len(x.Patterns)-1 {
			*pc = outer
			c.pattern(alt, pc)
			outer = *pc
			break
		}
		sub := &patternContext{}
		c.Op(vm.DUP_TOP)
		c.pattern(alt, sub)
		c.Op(vm.POP_TOP)
		c.Jump(vm.JUMP_FORWARD, end)
		c.emitFailPops(sub)
	}
	*pc = outer
	c.Label(end)
}

// unpackSubpatterns matches n values pushed by UNPACK (the first on top).
func (c *compiler) unpackSubpatterns(pats []ast.Pattern, pc *patternContext) {
	n := len(pats)
	for i, sp := range pats {
		pc.onTop += n - i - 1
		c.pattern(sp, pc)
		pc.onTop -= n - i - 1
	}
}

func (c *compiler) matchSequence(x *ast.MatchSequence, pc *patternContext) {
	star := -1
	for i, sp := range x.Patterns {
		if _, ok := sp.(*ast.MatchStar); ok {
			if star >= 0 {
				c.panicSyntaxErrorf(sp, "multiple starred names in sequence pattern")
			}
			star = i
		}
	}
	n := len(x.Patterns)
	c.Op(vm.MATCH_SEQUENCE)
	c.failJump(pc, vm.POP_JUMP_IF_FALSE, pc.onTop+1)
	c.Op(vm.GET_LEN)
	if star < 0 {
		c.LoadConst(py.Int(n))
		c.OpArg(vm.COMPARE_OP, vm.PyCmp_EQ)
	} else {
		c.LoadConst(py.Int(n - 1))
		c.OpArg(vm.COMPARE_OP, vm.PyCmp_GE)
	}
	c.failJump(pc, vm.POP_JUMP_IF_FALSE, pc.onTop+1)
	if star < 0 {
		c.OpArg(vm.UNPACK_SEQUENCE, uint32(n))
	} else {
		c.OpArg(vm.UNPACK_EX, uint32(star+((n-star-1)<<8)))
	}
	c.unpackSubpatterns(x.Patterns, pc)
}

func (c *compiler) matchMapping(x *ast.MatchMapping, pc *patternContext) {
	c.Op(vm.MATCH_MAPPING)
	c.failJump(pc, vm.POP_JUMP_IF_FALSE, pc.onTop+1)
	k := len(x.Keys)
	if k == 0 && x.Rest == "" {
		c.Op(vm.POP_TOP)
		return
	}
	if k > 0 {
		c.Op(vm.GET_LEN)
		c.LoadConst(py.Int(k))
		c.OpArg(vm.COMPARE_OP, vm.PyCmp_GE)
		c.failJump(pc, vm.POP_JUMP_IF_FALSE, pc.onTop+1)
	}
	c.Exprs(x.Keys)
	c.OpArg(vm.BUILD_TUPLE, uint32(k))
	if k > 0 {
		c.Op(vm.MATCH_KEYS)
		c.Op(vm.DUP_TOP)
		c.LoadConst(py.None)
		c.OpArg(vm.COMPARE_OP, vm.PyCmp_IS)
		c.failJump(pc, vm.POP_JUMP_IF_TRUE, pc.onTop+3)
		c.OpArg(vm.UNPACK_SEQUENCE, uint32(k))
		pc.onTop += 2
		c.unpackSubpatterns(x.Patterns, pc)
		pc.onTop -= 2
	}
	if x.Rest != "" {
		c.Op(vm.COPY_DICT_WITHOUT_KEYS)
		c.storeName(x.Rest)
	} else {
		c.Op(vm.POP_TOP)
	}
	c.Op(vm.POP_TOP)
}

func (c *compiler) matchClass(x *ast.MatchClass, pc *patternContext) {
	c.Expr(x.Cls)
	names := make(py.Tuple, len(x.KwdAttrs))
	for i, n := range x.KwdAttrs {
		names[i] = py.String(n)
	}
	c.LoadConst(names)
	c.OpArg(vm.MATCH_CLASS, uint32(len(x.Patterns)))
	c.Op(vm.DUP_TOP)
	c.LoadConst(py.None)
	c.OpArg(vm.COMPARE_OP, vm.PyCmp_IS)
	c.failJump(pc, vm.POP_JUMP_IF_TRUE, pc.onTop+1)
	all := append(append([]ast.Pattern{}, x.Patterns...), x.KwdPatterns...)
	c.OpArg(vm.UNPACK_SEQUENCE, uint32(len(all)))
	c.unpackSubpatterns(all, pc)
}
