package plan

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Expr is an unresolved expression: names not yet bound to columns, types not yet known.
// Resolve binds it against a Scope.
type Expr interface{ isExpr() }

// ColumnRef is col("a"), col("event.order_id") or a backquoted name; Parts are the dotted parts.
// From is set for a column taken from a DataFrame (df.a, df["a"]): Spark binds such a column
// to that DataFrame's attribute, which keeps the metadata it had there, so a column taken
// before withWatermark does not carry the watermark (the guide's words.timestamp).
type ColumnRef struct {
	Parts []string
	From  Node
	// Line and Pos place a name parsed from SQL text (Line from 1, Pos the 0-based column),
	// which Spark's analysis errors end with; Line is 0 for a name given as a string.
	Line, Pos int
}

// Star is "*" (Target empty) or "event.*" (Target = the struct column's name parts).
// It is only valid where Spark expands it: select lists, struct(...), count(*).
type Star struct {
	Target []string
	// Regex, when set, is DataFrame.colRegex's pattern: only the columns (of Target's
	// qualifier, when given) whose whole name it matches.
	Regex string
}

// Literal is lit(v): a Go value of the sqltypes model and its type.
type Literal struct {
	Value any
	Type  sqltypes.DataType
}

// Cast is CAST(child AS to), from SQL or Column.cast. At the top of a select list a cast of
// a named column keeps the column's name, as Spark's analyzer names it.
type Cast struct {
	Child Expr
	To    sqltypes.DataType
	// Try is TRY_CAST: a value that does not convert is NULL even in ANSI mode.
	Try bool
}

// Alias is child.alias(name) / "expr AS name". Metadata, when set, becomes the field metadata.
type Alias struct {
	Child    Expr
	Name     string
	Metadata map[string]any
	// Names, when set, are a generator's several output names (AS (a, b), alias("a", "b"));
	// Name is then the first.
	Names []string
}

// BinaryOp is an arithmetic, comparison or logical operator. Op is the SQL spelling:
// + - * / % = <=> != < <= > >= AND OR.
type BinaryOp struct {
	Op          string
	Left, Right Expr
}

// Not is NOT child (~col in PySpark).
type Not struct{ Child Expr }

// Negate is unary minus.
type Negate struct{ Child Expr }

// IsNull is child IS NULL (IsNotNull when Not is set).
type IsNull struct {
	Child Expr
	Not   bool
}

// In is child IN (list...) / col.isin(...).
type In struct {
	Child Expr
	List  []Expr
}

// Call is a function call by Spark's function name (lower case): count, sum, to_json, struct,
// upper, concat, current_timestamp... Distinct is count(DISTINCT x). UDF, when set, is the
// user-defined function called (Name is then the function's own name).
type Call struct {
	Name     string
	Args     []Expr
	Distinct bool
	UDF      *UDF
}

// FromJSON is from_json(child, schema[, options]).
type FromJSON struct {
	Child   Expr
	Schema  sqltypes.DataType
	Options map[string]string
}

// GetField is child.getField(name) / child["name"] on a struct column.
type GetField struct {
	Child Expr
	Field string
}

// ExtractValue is child[key] as PySpark's Column.__getitem__, getItem and getField build
// it: a struct field by name, an array element by 0-based index or a map value by key,
// chosen by the child's type once resolved (Spark's UnresolvedExtractValue).
type ExtractValue struct {
	Child Expr
	Key   Expr
}

// CaseWhen is when(c1, v1).when(c2, v2).otherwise(e) (Else nil = NULL).
type CaseWhen struct {
	Conds  []Expr
	Values []Expr
	Else   Expr
}

// SortOrder is asc/desc with a null ordering; it is only valid as an argument of OrderBy.
type SortOrder struct {
	Child      Expr
	Desc       bool
	NullsFirst bool
}

// LambdaVar is a parameter of a lambda function, referenced in its body (the x of
// F.transform("a", lambda x: x * 2), or of "x -> x * 2" in SQL).
type LambdaVar struct{ Name string }

// Lambda is a lambda function argument of a higher-order function: Params -> Body.
type Lambda struct {
	Params []string
	Body   Expr
}

func (LambdaVar) isExpr()    {}
func (Lambda) isExpr()       {}
func (ColumnRef) isExpr()    {}
func (Star) isExpr()         {}
func (Literal) isExpr()      {}
func (Cast) isExpr()         {}
func (Alias) isExpr()        {}
func (BinaryOp) isExpr()     {}
func (Not) isExpr()          {}
func (Negate) isExpr()       {}
func (IsNull) isExpr()       {}
func (In) isExpr()           {}
func (Call) isExpr()         {}
func (FromJSON) isExpr()     {}
func (GetField) isExpr()     {}
func (ExtractValue) isExpr() {}
func (CaseWhen) isExpr()     {}
func (SortOrder) isExpr()    {}

// Col parses a column name the way Spark's col() does: dots separate parts, backquotes quote
// a part (`a.b` is one part), "*" and "x.*" are stars.
func Col(name string) Expr {
	if name == "*" {
		return Star{}
	}
	parts := ParseAttributeName(name)
	if len(parts) > 1 && parts[len(parts)-1] == "*" && !strings.HasSuffix(name, "`*`") {
		return Star{Target: parts[:len(parts)-1]}
	}
	return ColumnRef{Parts: parts}
}

// ParseAttributeName splits "a.b" into parts, honouring backquotes (“ escapes a backquote).
func ParseAttributeName(name string) []string {
	var parts []string
	var cur strings.Builder
	inQuote := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '`' && inQuote && i+1 < len(name) && name[i+1] == '`':
			cur.WriteByte('`')
			i++
		case c == '`':
			inQuote = !inQuote
		case c == '.' && !inQuote:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(parts, cur.String())
}
