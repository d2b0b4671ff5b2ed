package ast

import "github.com/kafkalab/kafkalab/engine/python/py"

// Nodes of the syntax added after Python 3.4, shaped as in CPython 3.11's AST.

// AnnAssign is an annotated assignment: `x: int = 1` or `x: int`. Simple is set for a
// bare name target (not parenthesised), whose annotation goes into __annotations__.
type AnnAssign struct {
	StmtBase
	Target     Expr
	Annotation Expr
	Value      Expr
	Simple     bool
}

// NamedExpr is an assignment expression, `target := value`.
type NamedExpr struct {
	ExprBase
	Target Expr
	Value  Expr
}

// JoinedStr is an f-string: Str parts and FormattedValue parts.
type JoinedStr struct {
	ExprBase
	Values []Expr
}

// FormattedValue is one replacement field of an f-string. Conversion is -1 (none) or
// 's', 'r', 'a'; FormatSpec is a JoinedStr or nil.
type FormattedValue struct {
	ExprBase
	Value      Expr
	Conversion int
	FormatSpec Expr
}

// Match is a match statement (PEP 634).
type Match struct {
	StmtBase
	Subject Expr
	Cases   []*MatchCase
}

// MatchCase is one `case pattern if guard:` block.
type MatchCase struct {
	Pos
	Pattern Pattern
	Guard   Expr
	Body    []Stmt
}

// Pattern is a match statement pattern.
type Pattern interface {
	Ast
	patternNode()
}

// PatternBase is embedded in every pattern.
type PatternBase struct{ Pos }

func (o *PatternBase) patternNode() {}

// MatchValue matches a value by equality (literals, dotted names).
type MatchValue struct {
	PatternBase
	Value Expr
}

// MatchSingleton matches None, True or False by identity.
type MatchSingleton struct {
	PatternBase
	Value py.Object
}

// MatchSequence matches a sequence element by element; one element may be MatchStar.
type MatchSequence struct {
	PatternBase
	Patterns []Pattern
}

// MatchMapping matches keys of a mapping; Rest captures the other items (**rest).
type MatchMapping struct {
	PatternBase
	Keys     []Expr
	Patterns []Pattern
	Rest     Identifier
}

// MatchClass matches an instance of Cls with positional and keyword sub-patterns.
type MatchClass struct {
	PatternBase
	Cls         Expr
	Patterns    []Pattern
	KwdAttrs    []Identifier
	KwdPatterns []Pattern
}

// MatchStar is *name (or *_) inside a sequence pattern.
type MatchStar struct {
	PatternBase
	Name Identifier
}

// MatchAs is `pattern as name`, a capture `name` (Pattern nil) or the wildcard `_`
// (both empty).
type MatchAs struct {
	PatternBase
	Pattern Pattern
	Name    Identifier
}

// MatchOr is `p1 | p2 | ...`.
type MatchOr struct {
	PatternBase
	Patterns []Pattern
}

var (
	AnnAssignType      = StmtBaseType.NewType("AnnAssign", "AnnAssign Node", nil, nil)
	MatchType          = StmtBaseType.NewType("Match", "Match Node", nil, nil)
	NamedExprType      = ExprBaseType.NewType("NamedExpr", "NamedExpr Node", nil, nil)
	JoinedStrType      = ExprBaseType.NewType("JoinedStr", "JoinedStr Node", nil, nil)
	FormattedValueType = ExprBaseType.NewType("FormattedValue", "FormattedValue Node", nil, nil)
	MatchCaseType      = ASTType.NewType("match_case", "match_case Node", nil, nil)
	PatternBaseType    = ASTType.NewType("pattern", "pattern Node", nil, nil)
	MatchValueType     = PatternBaseType.NewType("MatchValue", "MatchValue Node", nil, nil)
	MatchSingletonType = PatternBaseType.NewType("MatchSingleton", "MatchSingleton Node", nil, nil)
	MatchSequenceType  = PatternBaseType.NewType("MatchSequence", "MatchSequence Node", nil, nil)
	MatchMappingType   = PatternBaseType.NewType("MatchMapping", "MatchMapping Node", nil, nil)
	MatchClassType     = PatternBaseType.NewType("MatchClass", "MatchClass Node", nil, nil)
	MatchStarType      = PatternBaseType.NewType("MatchStar", "MatchStar Node", nil, nil)
	MatchAsType        = PatternBaseType.NewType("MatchAs", "MatchAs Node", nil, nil)
	MatchOrType        = PatternBaseType.NewType("MatchOr", "MatchOr Node", nil, nil)
)

func (o *AnnAssign) Type() *py.Type      { return AnnAssignType }
func (o *Match) Type() *py.Type          { return MatchType }
func (o *NamedExpr) Type() *py.Type      { return NamedExprType }
func (o *JoinedStr) Type() *py.Type      { return JoinedStrType }
func (o *FormattedValue) Type() *py.Type { return FormattedValueType }
func (o *MatchCase) Type() *py.Type      { return MatchCaseType }
func (o *PatternBase) Type() *py.Type    { return PatternBaseType }
func (o *MatchValue) Type() *py.Type     { return MatchValueType }
func (o *MatchSingleton) Type() *py.Type { return MatchSingletonType }
func (o *MatchSequence) Type() *py.Type  { return MatchSequenceType }
func (o *MatchMapping) Type() *py.Type   { return MatchMappingType }
func (o *MatchClass) Type() *py.Type     { return MatchClassType }
func (o *MatchStar) Type() *py.Type      { return MatchStarType }
func (o *MatchAs) Type() *py.Type        { return MatchAsType }
func (o *MatchOr) Type() *py.Type        { return MatchOrType }

var (
	_ Stmt    = (*AnnAssign)(nil)
	_ Stmt    = (*Match)(nil)
	_ Expr    = (*NamedExpr)(nil)
	_ Expr    = (*JoinedStr)(nil)
	_ Expr    = (*FormattedValue)(nil)
	_ Ast     = (*MatchCase)(nil)
	_ Pattern = (*MatchValue)(nil)
	_ Pattern = (*MatchSingleton)(nil)
	_ Pattern = (*MatchSequence)(nil)
	_ Pattern = (*MatchMapping)(nil)
	_ Pattern = (*MatchClass)(nil)
	_ Pattern = (*MatchStar)(nil)
	_ Pattern = (*MatchAs)(nil)
	_ Pattern = (*MatchOr)(nil)
)
