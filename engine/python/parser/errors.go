package parser

import (
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// endZero asks for an end_offset of 0, which some of CPython's tokenizer errors carry.
const endZero = -2

// charOffset is CPython's 1-based character offset of the byte column col of text.
func charOffset(text string, col int) int {
	if col < 0 {
		return col
	}
	if col > len(text) {
		return utf8.RuneCountInString(text) + 1 + (col - len(text))
	}
	return utf8.RuneCountInString(text[:col]) + 1
}

// newSyntaxError makes a SyntaxError (or subclass) with CPython's attributes:
// filename, lineno, offset, text, end_lineno, end_offset. Columns are 0-based bytes;
// endCol -1 gives end_offset -1 and endZero gives 0.
func newSyntaxError(kind *py.Type, msg, filename, text string, line, col int, endText string, endLine, endCol int) *py.Exception {
	exc := py.ExceptionNewf(kind, "%s", msg)
	exc.Dict["msg"] = py.String(msg)
	exc.Dict["filename"] = py.String(filename)
	exc.Dict["lineno"] = py.Int(line)
	if col == endZero {
		exc.Dict["offset"] = py.Int(0)
	} else {
		exc.Dict["offset"] = py.Int(charOffset(text, col))
	}
	exc.Dict["text"] = py.String(text)
	exc.Dict["line"] = py.String(text)
	exc.Dict["end_lineno"] = py.Int(endLine)
	switch {
	case endCol == endZero:
		exc.Dict["end_offset"] = py.Int(0)
	case endCol < 0:
		exc.Dict["end_offset"] = py.Int(endCol)
	default:
		exc.Dict["end_offset"] = py.Int(charOffset(endText, endCol))
	}
	return exc
}

// exprName is how CPython's messages name an expression ("function call", "literal").
func exprName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Attribute:
		return "attribute"
	case *ast.Subscript:
		return "subscript"
	case *ast.Starred:
		return "starred"
	case *ast.Name:
		return "name"
	case *ast.List:
		return "list"
	case *ast.Tuple:
		return "tuple"
	case *ast.Lambda:
		return "lambda"
	case *ast.Call:
		return "function call"
	case *ast.BoolOp, *ast.BinOp, *ast.UnaryOp:
		return "expression"
	case *ast.GeneratorExp:
		return "generator expression"
	case *ast.Yield, *ast.YieldFrom:
		return "yield expression"
	case *ast.ListComp:
		return "list comprehension"
	case *ast.SetComp:
		return "set comprehension"
	case *ast.DictComp:
		return "dict comprehension"
	case *ast.Dict:
		return "dict literal"
	case *ast.Set:
		return "set display"
	case *ast.JoinedStr, *ast.FormattedValue:
		return "f-string expression"
	case *ast.NameConstant:
		switch x.Value {
		case py.None:
			return "None"
		case py.True:
			return "True"
		case py.False:
			return "False"
		}
		return "literal"
	case *ast.Ellipsis:
		return "ellipsis"
	case *ast.Num, *ast.Str, *ast.Bytes:
		return "literal"
	case *ast.Compare:
		return "comparison"
	case *ast.IfExp:
		return "conditional expression"
	case *ast.NamedExpr:
		return "named expression"
	}
	return "expression"
}

// invalidTarget finds the part of an assignment (or del) target that cannot be
// assigned, or nil when all of it can.
func invalidTarget(e ast.Expr, del bool) ast.Expr {
	switch x := e.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript:
		return nil
	case *ast.Tuple:
		for _, el := range x.Elts {
			if bad := invalidTarget(el, del); bad != nil {
				return bad
			}
		}
		return nil
	case *ast.List:
		for _, el := range x.Elts {
			if bad := invalidTarget(el, del); bad != nil {
				return bad
			}
		}
		return nil
	case *ast.Starred:
		if del {
			return x
		}
		return invalidTarget(x.Value, del)
	}
	return e
}

// isBitwiseOr reports whether e parses at bitwise_or level (an operand, not a
// comparison, boolean operation, conditional or lambda).
func isBitwiseOr(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Compare, *ast.BoolOp, *ast.IfExp, *ast.Lambda, *ast.NamedExpr:
		return false
	case *ast.UnaryOp:
		return x.Op != ast.Not
	}
	return true
}

// SyntaxErrorAt makes a SyntaxError (or subclass) located at a node of the tree
// parsed from src, for the errors the symbol table and the compiler find.
func SyntaxErrorAt(kind *py.Type, msg, filename, src string, node ast.Ast) *py.Exception {
	pos := posOf(node)
	return SyntaxErrorAtPos(kind, msg, filename, src, pos)
}

// SyntaxErrorAtPos is SyntaxErrorAt for a position.
func SyntaxErrorAtPos(kind *py.Type, msg, filename, src string, pos ast.Pos) *py.Exception {
	lines := sourceLines(src)
	text := func(n int) string {
		if n < 1 || n > len(lines) {
			return ""
		}
		return lines[n-1]
	}
	return newSyntaxError(kind, msg, filename, text(pos.Lineno), pos.Lineno, pos.ColOffset, text(pos.EndLineno), pos.EndLineno, pos.EndColOffset)
}
