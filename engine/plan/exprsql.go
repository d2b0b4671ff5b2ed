package plan

import (
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ExprSQL is Spark's Expression.sql of a parsed condition, the text delta-spark logs as an
// INSERT ... REPLACE WHERE write's predicate: "(day = DATE '2024-05-01')". It covers columns,
// literals (DATE/TIMESTAMP typed ones too), comparisons, AND/OR, NOT, IS [NOT] NULL and
// arithmetic; ok is false for anything else, and the caller keeps the statement's text.
func ExprSQL(e Expr) (string, bool) {
	switch x := e.(type) {
	case ColumnRef:
		parts := make([]string, len(x.Parts))
		for i, p := range x.Parts {
			parts[i] = quoteIfNeeded(p)
		}
		return strings.Join(parts, "."), true
	case Literal:
		switch v := x.Value.(type) {
		case nil:
			return "NULL", true
		case string:
			return "'" + strings.ReplaceAll(v, "'", "\\'") + "'", true
		case bool:
			return strings.ToUpper(strconv.FormatBool(v)), true
		case int32:
			return strconv.FormatInt(int64(v), 10), true
		case int64:
			if _, isLong := x.Type.(sqltypes.LongType); isLong {
				return strconv.FormatInt(v, 10) + "L", true
			}
			return strconv.FormatInt(v, 10), true
		}
		return "", false
	case Cast:
		if lit, ok := x.Child.(Literal); ok {
			if s, isStr := lit.Value.(string); isStr {
				switch x.To.(type) {
				case sqltypes.DateType:
					return "DATE '" + s + "'", true
				case sqltypes.TimestampType:
					return "TIMESTAMP '" + s + "'", true
				}
			}
		}
		c, ok := ExprSQL(x.Child)
		return "CAST(" + c + " AS " + x.To.SQL() + ")", ok
	case BinaryOp:
		l, ok1 := ExprSQL(x.Left)
		r, ok2 := ExprSQL(x.Right)
		op := strings.ToUpper(x.Op)
		switch op {
		case "==":
			op = "="
		case "&&":
			op = "AND"
		case "||":
			op = "OR"
		}
		return "(" + l + " " + op + " " + r + ")", ok1 && ok2
	case Not:
		c, ok := ExprSQL(x.Child)
		return "(NOT " + c + ")", ok
	case IsNull:
		c, ok := ExprSQL(x.Child)
		if x.Not {
			return "(" + c + " IS NOT NULL)", ok
		}
		return "(" + c + " IS NULL)", ok
	}
	return "", false
}
