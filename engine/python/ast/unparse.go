package ast

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Unparse is the source text of an expression as CPython 3.11's compiler writes it
// for `from __future__ import annotations` (Python/ast_unparse.c): canonical spacing,
// the fewest parentheses, constants as their repr.
func Unparse(e Expr) string {
	var u unparser
	u.expr(e, prTest)
	return u.String()
}

// Precedence levels, lowest first, as ast_unparse.c's.
const (
	prTuple = iota
	prTest  // if-else, lambda
	prOr
	prAnd
	prNot
	prCmp
	prExpr
	prBxor
	prBand
	prShift
	prArith
	prTerm
	prFactor
	prPower
	prAwait
	prAtom
	prBor = prExpr
)

type unparser struct{ strings.Builder }

func (u *unparser) open(level, pr int) {
	if level > pr {
		u.WriteString("(")
	}
}

func (u *unparser) close(level, pr int) {
	if level > pr {
		u.WriteString(")")
	}
}

var binOps = map[OperatorNumber]struct {
	text string
	pr   int
}{
	Add: {" + ", prArith}, Sub: {" - ", prArith},
	Mult: {" * ", prTerm}, MatMult: {" @ ", prTerm}, Div: {" / ", prTerm}, Modulo: {" % ", prTerm}, FloorDiv: {" // ", prTerm},
	LShift: {" << ", prShift}, RShift: {" >> ", prShift},
	BitOr: {" | ", prBor}, BitXor: {" ^ ", prBxor}, BitAnd: {" & ", prBand},
	Pow: {" ** ", prPower},
}

var cmpOps = map[CmpOp]string{
	Eq: " == ", NotEq: " != ", Lt: " < ", LtE: " <= ", Gt: " > ", GtE: " >= ",
	Is: " is ", IsNot: " is not ", In: " in ", NotIn: " not in ",
}

func (u *unparser) exprs(es []Expr, level int) {
	for i, e := range es {
		if i > 0 {
			u.WriteString(", ")
		}
		u.expr(e, level)
	}
}

func (u *unparser) constant(o py.Object) {
	r, err := py.ReprAsString(o)
	if err != nil {
		r = "..."
	}
	switch o.(type) {
	case py.Float, py.Complex:
		// An infinite float is written as a literal that overflows to it.
		r = strings.ReplaceAll(r, "inf", "1e309")
	}
	u.WriteString(r)
}

func (u *unparser) expr(e Expr, level int) {
	switch x := e.(type) {
	case *BoolOp:
		pr, op := prAnd, " and "
		if x.Op == Or {
			pr, op = prOr, " or "
		}
		u.open(level, pr)
		for i, v := range x.Values {
			if i > 0 {
				u.WriteString(op)
			}
			u.expr(v, pr+1)
		}
		u.close(level, pr)
	case *BinOp:
		op := binOps[x.Op]
		rassoc := 0
		if x.Op == Pow {
			rassoc = 1
		}
		u.open(level, op.pr)
		u.expr(x.Left, op.pr+rassoc)
		u.WriteString(op.text)
		u.expr(x.Right, op.pr+1-rassoc)
		u.close(level, op.pr)
	case *UnaryOp:
		text, pr := map[UnaryOpNumber]string{Invert: "~", Not: "not ", UAdd: "+", USub: "-"}[x.Op], prFactor
		if x.Op == Not {
			pr = prNot
		}
		u.open(level, pr)
		u.WriteString(text)
		u.expr(x.Operand, pr)
		u.close(level, pr)
	case *Lambda:
		u.open(level, prTest)
		a := x.Args
		// Only positional parameters count, as in CPython ("lambda*, k: k").
		if len(a.Posonlyargs)+len(a.Args) == 0 {
			u.WriteString("lambda")
		} else {
			u.WriteString("lambda ")
		}
		u.arguments(a)
		u.WriteString(": ")
		u.expr(x.Body, prTest)
		u.close(level, prTest)
	case *IfExp:
		u.open(level, prTest)
		u.expr(x.Body, prTest+1)
		u.WriteString(" if ")
		u.expr(x.Test, prTest+1)
		u.WriteString(" else ")
		u.expr(x.Orelse, prTest)
		u.close(level, prTest)
	case *Dict:
		u.WriteString("{")
		for i := range x.Values {
			if i > 0 {
				u.WriteString(", ")
			}
			if x.Keys[i] != nil {
				u.expr(x.Keys[i], prTest)
				u.WriteString(": ")
				u.expr(x.Values[i], prTest)
			} else {
				u.WriteString("**")
				u.expr(x.Values[i], prExpr)
			}
		}
		u.WriteString("}")
	case *Set:
		u.WriteString("{")
		u.exprs(x.Elts, prTest)
		u.WriteString("}")
	case *ListComp:
		u.WriteString("[")
		u.expr(x.Elt, prTest)
		u.comprehensions(x.Generators)
		u.WriteString("]")
	case *SetComp:
		u.WriteString("{")
		u.expr(x.Elt, prTest)
		u.comprehensions(x.Generators)
		u.WriteString("}")
	case *DictComp:
		u.WriteString("{")
		u.expr(x.Key, prTest)
		u.WriteString(": ")
		u.expr(x.Value, prTest)
		u.comprehensions(x.Generators)
		u.WriteString("}")
	case *GeneratorExp:
		u.WriteString("(")
		u.expr(x.Elt, prTest)
		u.comprehensions(x.Generators)
		u.WriteString(")")
	case *Yield:
		if x.Value == nil {
			u.WriteString("(yield)")
			return
		}
		u.WriteString("(yield ")
		u.expr(x.Value, prTest)
		u.WriteString(")")
	case *YieldFrom:
		u.WriteString("(yield from ")
		u.expr(x.Value, prTest)
		u.WriteString(")")
	case *Compare:
		u.open(level, prCmp)
		u.expr(x.Left, prCmp+1)
		for i, op := range x.Ops {
			u.WriteString(cmpOps[op])
			u.expr(x.Comparators[i], prCmp+1)
		}
		u.close(level, prCmp)
	case *Call:
		u.expr(x.Func, prAtom)
		if len(x.Args) == 1 && len(x.Keywords) == 0 {
			if g, ok := x.Args[0].(*GeneratorExp); ok {
				u.expr(g, prTest)
				return
			}
		}
		u.WriteString("(")
		first := true
		for _, a := range x.Args {
			if !first {
				u.WriteString(", ")
			}
			first = false
			u.expr(a, prTest)
		}
		for _, k := range x.Keywords {
			if !first {
				u.WriteString(", ")
			}
			first = false
			if k.Arg == "" {
				u.WriteString("**")
			} else {
				u.WriteString(string(k.Arg))
				u.WriteString("=")
			}
			u.expr(k.Value, prTest)
		}
		u.WriteString(")")
	case *Num:
		u.constant(x.N)
	case *Str:
		u.constant(x.S)
	case *Bytes:
		u.constant(x.S)
	case *NameConstant:
		u.constant(x.Value)
	case *Ellipsis:
		u.WriteString("...")
	case *JoinedStr:
		u.WriteString("f")
		u.constant(py.String(fstringBody(x.Values)))
	case *FormattedValue:
		u.WriteString("f")
		u.constant(py.String(fstringBody([]Expr{x})))
	case *Attribute:
		u.expr(x.Value, prAtom)
		// 1 .real: a dot right after an int would make a float.
		if n, ok := x.Value.(*Num); ok {
			if _, isInt := n.N.(py.Int); isInt {
				u.WriteString(" ")
			} else if _, isBig := n.N.(*py.BigInt); isBig {
				u.WriteString(" ")
			}
		}
		u.WriteString(".")
		u.WriteString(string(x.Attr))
	case *Subscript:
		u.expr(x.Value, prAtom)
		u.WriteString("[")
		u.slice(x.Slice)
		u.WriteString("]")
	case *Starred:
		u.WriteString("*")
		u.expr(x.Value, prExpr)
	case *Name:
		u.WriteString(string(x.Id))
	case *List:
		u.WriteString("[")
		u.exprs(x.Elts, prTest)
		u.WriteString("]")
	case *Tuple:
		if len(x.Elts) == 0 {
			u.WriteString("()")
			return
		}
		u.open(level, prTuple)
		u.exprs(x.Elts, prTest)
		if len(x.Elts) == 1 {
			u.WriteString(",")
		}
		u.close(level, prTuple)
	case *NamedExpr:
		u.open(level, prTuple)
		u.expr(x.Target, prAtom)
		u.WriteString(" := ")
		u.expr(x.Value, prAtom)
		u.close(level, prTuple)
	default:
		u.WriteString("...")
	}
}

// slice writes what is between the brackets of a subscript.
func (u *unparser) slice(s Slicer) {
	switch x := s.(type) {
	case *Index:
		if t, ok := x.Value.(*Tuple); ok && len(t.Elts) > 0 {
			u.exprs(t.Elts, prTest)
			if len(t.Elts) == 1 {
				u.WriteString(",")
			}
			return
		}
		u.expr(x.Value, prTuple)
	case *Slice:
		if x.Lower != nil {
			u.expr(x.Lower, prTest)
		}
		u.WriteString(":")
		if x.Upper != nil {
			u.expr(x.Upper, prTest)
		}
		if x.Step != nil {
			u.WriteString(":")
			u.expr(x.Step, prTest)
		}
	case *ExtSlice:
		for i, d := range x.Dims {
			if i > 0 {
				u.WriteString(", ")
			}
			u.slice(d)
		}
		if len(x.Dims) == 1 {
			u.WriteString(",")
		}
	}
}

func (u *unparser) comprehensions(gens []Comprehension) {
	for _, g := range gens {
		u.WriteString(" for ")
		u.expr(g.Target, prTuple)
		u.WriteString(" in ")
		u.expr(g.Iter, prTest+1)
		for _, c := range g.Ifs {
			u.WriteString(" if ")
			u.expr(c, prTest+1)
		}
	}
}

func (u *unparser) arg(a *Arg) {
	u.WriteString(string(a.Arg))
	if a.Annotation != nil {
		u.WriteString(": ")
		u.expr(a.Annotation, prTest)
	}
}

func (u *unparser) arguments(a *Arguments) {
	first := true
	sep := func() {
		if !first {
			u.WriteString(", ")
		}
		first = false
	}
	positional := append(append([]*Arg(nil), a.Posonlyargs...), a.Args...)
	for i, p := range positional {
		sep()
		u.arg(p)
		if di := i - len(positional) + len(a.Defaults); di >= 0 {
			u.WriteString("=")
			u.expr(a.Defaults[di], prTest)
		}
		if len(a.Posonlyargs) > 0 && i+1 == len(a.Posonlyargs) {
			u.WriteString(", /")
		}
	}
	if a.Vararg != nil || len(a.Kwonlyargs) > 0 {
		sep()
		u.WriteString("*")
		if a.Vararg != nil {
			u.arg(a.Vararg)
		}
	}
	for i, k := range a.Kwonlyargs {
		sep()
		u.arg(k)
		if i < len(a.KwDefaults) && a.KwDefaults[i] != nil {
			u.WriteString("=")
			u.expr(a.KwDefaults[i], prTest)
		}
	}
	if a.Kwarg != nil {
		sep()
		u.WriteString("**")
		u.arg(a.Kwarg)
	}
}

// fstringBody is the text between the quotes of an f-string with these parts.
func fstringBody(values []Expr) string {
	var b strings.Builder
	for _, v := range values {
		switch x := v.(type) {
		case *Str:
			s := strings.ReplaceAll(string(x.S), "{", "{{")
			b.WriteString(strings.ReplaceAll(s, "}", "}}"))
		case *FormattedValue:
			var u unparser
			u.expr(x.Value, prTest+1)
			text := u.String()
			b.WriteString("{")
			if strings.HasPrefix(text, "{") {
				b.WriteString(" ") // {{ would be an escaped brace
			}
			b.WriteString(text)
			if x.Conversion > 0 {
				b.WriteString("!")
				b.WriteByte(byte(x.Conversion))
			}
			if x.FormatSpec != nil {
				b.WriteString(":")
				if js, ok := x.FormatSpec.(*JoinedStr); ok {
					b.WriteString(fstringBody(js.Values))
				}
			}
			b.WriteString("}")
		case *JoinedStr:
			b.WriteString(fstringBody(x.Values))
		}
	}
	return b.String()
}
