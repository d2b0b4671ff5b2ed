package parser

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// parserCase is one entry of testdata/cases.json, written by make_cases.py from
// CPython 3.11's ast.parse.
type parserCase struct {
	Source string `json:"source"`
	Mode   string `json:"mode"`
	AST    string `json:"ast"`
	Error  []any  `json:"error"`
}

func loadCases(t testing.TB) []parserCase {
	data, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []parserCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestParserMatchesCPython parses every case and compares the tree (printed as
// CPython 3.11's ast.dump prints it) or the SyntaxError's type, message and location.
func TestParserMatchesCPython(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 500 {
		t.Fatalf("only %d cases", len(cases))
	}
	failed := 0
	for _, c := range cases {
		mod, err := ParseString(c.Source, py.CompileMode(c.Mode))
		var got string
		if err != nil {
			exc, ok := err.(*py.Exception)
			if !ok {
				t.Errorf("%q: non-Python error %v", c.Source, err)
				continue
			}
			got = fmt.Sprintf("%s %q %v %v %v %v", exc.Base.Name, exc.Dict["msg"], exc.Dict["lineno"], exc.Dict["offset"], exc.Dict["end_lineno"], exc.Dict["end_offset"])
		} else {
			got = dump311(mod)
		}
		var want string
		if c.Error != nil {
			e := c.Error
			want = fmt.Sprintf("%s %q %v %v %v %v", e[0], e[1], e[2], e[3], e[4], e[5])
		} else {
			want = c.AST
		}
		if got != want {
			failed++
			t.Errorf("%s %q\n want %s\n  got %s", c.Mode, c.Source, want, got)
		}
	}
	if failed > 0 {
		t.Logf("%d of %d cases differ", failed, len(cases))
	}
}

// dump311 prints a tree as CPython 3.11's ast.dump does, mapping the fork's nodes
// to 3.11's (Num/Str/Bytes/NameConstant/Ellipsis are Constant, Index is its value,
// ExtSlice a Tuple).
func dump311(n any) string {
	var b strings.Builder
	d311(&b, n)
	return b.String()
}

type field struct {
	name     string
	value    any
	optional bool // omitted when nil, as ast.dump omits None defaults
}

func node(b *strings.Builder, name string, fields ...field) {
	b.WriteString(name + "(")
	first := true
	for _, f := range fields {
		if f.optional && isNil(f.value) {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(f.name + "=")
		d311(b, f.value)
	}
	b.WriteString(")")
}

func isNil(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case ast.Expr:
		return x == nil || fmt.Sprintf("%p", x) == "0x0"
	case ast.Identifier:
		return x == ""
	case *ast.Arg:
		return x == nil
	case ast.Pattern:
		return x == nil
	}
	return false
}

func list[T any](b *strings.Builder, xs []T) {
	b.WriteString("[")
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		d311(b, x)
	}
	b.WriteString("]")
}

func constant(b *strings.Builder, v py.Object) {
	r, err := py.ReprAsString(v)
	if err != nil {
		panic(err)
	}
	b.WriteString("Constant(value=" + r + ")")
}

func d311(b *strings.Builder, n any) {
	switch x := n.(type) {
	case nil:
		b.WriteString("None")
	case ast.Identifier:
		r, _ := py.ReprAsString(py.String(x))
		b.WriteString(r)
	case string:
		r, _ := py.ReprAsString(py.String(x))
		b.WriteString(r)
	case int:
		fmt.Fprintf(b, "%d", x)
	case bool:
		if x {
			b.WriteString("1")
		} else {
			b.WriteString("0")
		}
	case []ast.Stmt:
		list(b, x)
	case []ast.Expr:
		list(b, x)
	case []*ast.Arg:
		list(b, x)
	case []*ast.Keyword:
		list(b, x)
	case []*ast.Alias:
		list(b, x)
	case []*ast.WithItem:
		list(b, x)
	case []*ast.ExceptHandler:
		list(b, x)
	case []ast.Comprehension:
		list(b, x)
	case []ast.Identifier:
		list(b, x)
	case []ast.Pattern:
		list(b, x)
	case []*ast.MatchCase:
		list(b, x)
	case []ast.CmpOp:
		list(b, x)
	case ast.CmpOp, ast.OperatorNumber, ast.UnaryOpNumber, ast.BoolOpNumber, ast.ExprContext:
		b.WriteString(fmt.Sprint(x))
	case *ast.Module:
		node(b, "Module", field{"body", x.Body, false}, field{"type_ignores", []ast.Expr{}, false})
	case *ast.Expression:
		node(b, "Expression", field{"body", x.Body, false})
	case *ast.Interactive:
		node(b, "Interactive", field{"body", x.Body, false})
	case *ast.FunctionDef:
		node(b, "FunctionDef", field{"name", x.Name, false}, field{"args", x.Args, false}, field{"body", x.Body, false}, field{"decorator_list", orEmpty(x.DecoratorList), false}, field{"returns", x.Returns, true})
	case *ast.ClassDef:
		node(b, "ClassDef", field{"name", x.Name, false}, field{"bases", orEmpty(x.Bases), false}, field{"keywords", x.Keywords, false}, field{"body", x.Body, false}, field{"decorator_list", orEmpty(x.DecoratorList), false})
	case *ast.Return:
		node(b, "Return", field{"value", x.Value, true})
	case *ast.Delete:
		node(b, "Delete", field{"targets", x.Targets, false})
	case *ast.Assign:
		node(b, "Assign", field{"targets", x.Targets, false}, field{"value", x.Value, false})
	case *ast.AugAssign:
		node(b, "AugAssign", field{"target", x.Target, false}, field{"op", x.Op, false}, field{"value", x.Value, false})
	case *ast.AnnAssign:
		node(b, "AnnAssign", field{"target", x.Target, false}, field{"annotation", x.Annotation, false}, field{"value", x.Value, true}, field{"simple", x.Simple, false})
	case *ast.For:
		node(b, "For", field{"target", x.Target, false}, field{"iter", x.Iter, false}, field{"body", x.Body, false}, field{"orelse", orEmptyS(x.Orelse), false})
	case *ast.While:
		node(b, "While", field{"test", x.Test, false}, field{"body", x.Body, false}, field{"orelse", orEmptyS(x.Orelse), false})
	case *ast.If:
		node(b, "If", field{"test", x.Test, false}, field{"body", x.Body, false}, field{"orelse", orEmptyS(x.Orelse), false})
	case *ast.With:
		node(b, "With", field{"items", x.Items, false}, field{"body", x.Body, false})
	case *ast.Match:
		node(b, "Match", field{"subject", x.Subject, false}, field{"cases", x.Cases, false})
	case *ast.Raise:
		node(b, "Raise", field{"exc", x.Exc, true}, field{"cause", x.Cause, true})
	case *ast.Try:
		node(b, "Try", field{"body", x.Body, false}, field{"handlers", x.Handlers, false}, field{"orelse", orEmptyS(x.Orelse), false}, field{"finalbody", orEmptyS(x.Finalbody), false})
	case *ast.Assert:
		node(b, "Assert", field{"test", x.Test, false}, field{"msg", x.Msg, true})
	case *ast.Import:
		node(b, "Import", field{"names", x.Names, false})
	case *ast.ImportFrom:
		node(b, "ImportFrom", field{"module", x.Module, true}, field{"names", x.Names, false}, field{"level", x.Level, false})
	case *ast.Global:
		node(b, "Global", field{"names", x.Names, false})
	case *ast.Nonlocal:
		node(b, "Nonlocal", field{"names", x.Names, false})
	case *ast.ExprStmt:
		node(b, "Expr", field{"value", x.Value, false})
	case *ast.Pass:
		b.WriteString("Pass()")
	case *ast.Break:
		b.WriteString("Break()")
	case *ast.Continue:
		b.WriteString("Continue()")
	case *ast.BoolOp:
		node(b, "BoolOp", field{"op", x.Op, false}, field{"values", x.Values, false})
	case *ast.NamedExpr:
		node(b, "NamedExpr", field{"target", x.Target, false}, field{"value", x.Value, false})
	case *ast.BinOp:
		node(b, "BinOp", field{"left", x.Left, false}, field{"op", x.Op, false}, field{"right", x.Right, false})
	case *ast.UnaryOp:
		node(b, "UnaryOp", field{"op", x.Op, false}, field{"operand", x.Operand, false})
	case *ast.Lambda:
		node(b, "Lambda", field{"args", x.Args, false}, field{"body", x.Body, false})
	case *ast.IfExp:
		node(b, "IfExp", field{"test", x.Test, false}, field{"body", x.Body, false}, field{"orelse", x.Orelse, false})
	case *ast.Dict:
		node(b, "Dict", field{"keys", orEmpty(x.Keys), false}, field{"values", orEmpty(x.Values), false})
	case *ast.Set:
		node(b, "Set", field{"elts", x.Elts, false})
	case *ast.ListComp:
		node(b, "ListComp", field{"elt", x.Elt, false}, field{"generators", x.Generators, false})
	case *ast.SetComp:
		node(b, "SetComp", field{"elt", x.Elt, false}, field{"generators", x.Generators, false})
	case *ast.DictComp:
		node(b, "DictComp", field{"key", x.Key, false}, field{"value", x.Value, false}, field{"generators", x.Generators, false})
	case *ast.GeneratorExp:
		node(b, "GeneratorExp", field{"elt", x.Elt, false}, field{"generators", x.Generators, false})
	case *ast.Yield:
		node(b, "Yield", field{"value", x.Value, true})
	case *ast.YieldFrom:
		node(b, "YieldFrom", field{"value", x.Value, false})
	case *ast.Compare:
		node(b, "Compare", field{"left", x.Left, false}, field{"ops", x.Ops, false}, field{"comparators", x.Comparators, false})
	case *ast.Call:
		node(b, "Call", field{"func", x.Func, false}, field{"args", orEmpty(x.Args), false}, field{"keywords", x.Keywords, false})
	case *ast.FormattedValue:
		node(b, "FormattedValue", field{"value", x.Value, false}, field{"conversion", x.Conversion, false}, field{"format_spec", x.FormatSpec, true})
	case *ast.JoinedStr:
		node(b, "JoinedStr", field{"values", orEmpty(x.Values), false})
	case *ast.Num:
		constant(b, x.N)
	case *ast.Str:
		constant(b, x.S)
	case *ast.Bytes:
		constant(b, x.S)
	case *ast.NameConstant:
		constant(b, x.Value)
	case *ast.Ellipsis:
		b.WriteString("Constant(value=Ellipsis)")
	case *ast.Attribute:
		node(b, "Attribute", field{"value", x.Value, false}, field{"attr", x.Attr, false}, field{"ctx", x.Ctx, false})
	case *ast.Subscript:
		b.WriteString("Subscript(value=")
		d311(b, x.Value)
		b.WriteString(", slice=")
		d311(b, x.Slice)
		b.WriteString(", ctx=" + x.Ctx.String() + ")")
	case *ast.Index:
		d311(b, x.Value)
	case *ast.Slice:
		node(b, "Slice", field{"lower", x.Lower, true}, field{"upper", x.Upper, true}, field{"step", x.Step, true})
	case *ast.ExtSlice:
		b.WriteString("Tuple(elts=")
		list(b, x.Dims)
		b.WriteString(", ctx=Load())")
	case []ast.Slicer:
		list(b, x)
	case *ast.Starred:
		node(b, "Starred", field{"value", x.Value, false}, field{"ctx", x.Ctx, false})
	case *ast.Name:
		node(b, "Name", field{"id", x.Id, false}, field{"ctx", x.Ctx, false})
	case *ast.List:
		node(b, "List", field{"elts", orEmpty(x.Elts), false}, field{"ctx", x.Ctx, false})
	case *ast.Tuple:
		node(b, "Tuple", field{"elts", orEmpty(x.Elts), false}, field{"ctx", x.Ctx, false})
	case ast.Comprehension:
		node(b, "comprehension", field{"target", x.Target, false}, field{"iter", x.Iter, false}, field{"ifs", orEmpty(x.Ifs), false}, field{"is_async", 0, false})
	case *ast.ExceptHandler:
		node(b, "ExceptHandler", field{"type", x.ExprType, true}, field{"name", x.Name, true}, field{"body", x.Body, false})
	case *ast.Arguments:
		node(b, "arguments", field{"posonlyargs", x.Posonlyargs, false}, field{"args", x.Args, false}, field{"vararg", x.Vararg, true}, field{"kwonlyargs", x.Kwonlyargs, false}, field{"kw_defaults", orEmpty(x.KwDefaults), false}, field{"kwarg", x.Kwarg, true}, field{"defaults", orEmpty(x.Defaults), false})
	case *ast.Arg:
		node(b, "arg", field{"arg", x.Arg, false}, field{"annotation", x.Annotation, true})
	case *ast.Keyword:
		node(b, "keyword", field{"arg", x.Arg, true}, field{"value", x.Value, false})
	case *ast.Alias:
		node(b, "alias", field{"name", x.Name, false}, field{"asname", x.AsName, true})
	case *ast.WithItem:
		node(b, "withitem", field{"context_expr", x.ContextExpr, false}, field{"optional_vars", x.OptionalVars, true})
	case *ast.MatchCase:
		node(b, "match_case", field{"pattern", x.Pattern, false}, field{"guard", x.Guard, true}, field{"body", x.Body, false})
	case *ast.MatchValue:
		node(b, "MatchValue", field{"value", x.Value, false})
	case *ast.MatchSingleton:
		r, _ := py.ReprAsString(x.Value)
		b.WriteString("MatchSingleton(value=" + r + ")")
	case *ast.MatchSequence:
		node(b, "MatchSequence", field{"patterns", orEmptyP(x.Patterns), false})
	case *ast.MatchMapping:
		node(b, "MatchMapping", field{"keys", orEmpty(x.Keys), false}, field{"patterns", orEmptyP(x.Patterns), false}, field{"rest", x.Rest, true})
	case *ast.MatchClass:
		node(b, "MatchClass", field{"cls", x.Cls, false}, field{"patterns", orEmptyP(x.Patterns), false}, field{"kwd_attrs", orEmptyI(x.KwdAttrs), false}, field{"kwd_patterns", orEmptyP(x.KwdPatterns), false})
	case *ast.MatchStar:
		node(b, "MatchStar", field{"name", x.Name, true})
	case *ast.MatchAs:
		node(b, "MatchAs", field{"pattern", x.Pattern, true}, field{"name", x.Name, true})
	case *ast.MatchOr:
		node(b, "MatchOr", field{"patterns", x.Patterns, false})
	default:
		fmt.Fprintf(b, "<%T>", n)
	}
}

func orEmpty(xs []ast.Expr) []ast.Expr {
	if xs == nil {
		return []ast.Expr{}
	}
	return xs
}

func orEmptyS(xs []ast.Stmt) []ast.Stmt {
	if xs == nil {
		return []ast.Stmt{}
	}
	return xs
}

func orEmptyP(xs []ast.Pattern) []ast.Pattern {
	if xs == nil {
		return []ast.Pattern{}
	}
	return xs
}

func orEmptyI(xs []ast.Identifier) []ast.Identifier {
	if xs == nil {
		return []ast.Identifier{}
	}
	return xs
}
