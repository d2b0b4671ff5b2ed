package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Column is pyspark.sql.Column: an unresolved expression. A Column built from bad input
// (an unknown type name in cast, a literal of an unsupported Go type) carries the error,
// and the DataFrame method it is passed to returns it.
type Column struct {
	expr plan.Expr
	err  error
}

func newColumn(e plan.Expr) *Column { return &Column{expr: e} }
func errColumn(err error) *Column   { return &Column{err: err} }
func (c *Column) Expr() plan.Expr   { return c.expr }
func (c *Column) Err() error        { return c.err }
func (c *Column) derive(e plan.Expr) *Column {
	if c.err != nil {
		return c
	}
	return newColumn(e)
}

// String is PySpark's repr: Column<'amount'>.
func (c *Column) String() string {
	if c.err != nil {
		return "Column<error: " + c.err.Error() + ">"
	}
	return "Column<'" + columnRepr(c.expr) + "'>"
}

// columnRepr is an unresolved expression as Spark 4's Column.toString prints it: operators
// as calls, +(x, 1) and and(>=(a, 1), <=(a, 2)); the rest as exprString.
func columnRepr(e plan.Expr) string {
	switch e := e.(type) {
	case plan.BinaryOp:
		return strings.ToLower(e.Op) + "(" + columnRepr(e.Left) + ", " + columnRepr(e.Right) + ")"
	case plan.Alias:
		return columnRepr(e.Child) + " AS " + e.Name
	case plan.Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = columnRepr(a)
		}
		return e.Name + "(" + strings.Join(args, ", ") + ")"
	}
	return exprString(e)
}

// exprString renders an unresolved expression roughly as Spark prints unresolved columns.
func exprString(e plan.Expr) string {
	switch e := e.(type) {
	case plan.ColumnRef:
		return strings.Join(e.Parts, ".")
	case plan.Star:
		if len(e.Target) == 0 {
			return "*"
		}
		return strings.Join(e.Target, ".") + ".*"
	case plan.Literal:
		if e.Value == nil {
			return "NULL"
		}
		return fmt.Sprint(e.Value)
	case plan.Alias:
		return exprString(e.Child) + " AS " + e.Name
	case plan.Cast:
		return "CAST(" + exprString(e.Child) + " AS " + e.To.SQL() + ")"
	case plan.BinaryOp:
		return "(" + exprString(e.Left) + " " + e.Op + " " + exprString(e.Right) + ")"
	case plan.Not:
		return "(NOT " + exprString(e.Child) + ")"
	case plan.IsNull:
		if e.Not {
			return "(" + exprString(e.Child) + " IS NOT NULL)"
		}
		return "(" + exprString(e.Child) + " IS NULL)"
	case plan.Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = exprString(a)
		}
		return e.Name + "(" + strings.Join(args, ", ") + ")"
	case plan.FromJSON:
		return "from_json(" + exprString(e.Child) + ")"
	case plan.ExtractValue:
		return exprString(e.Child) + "[" + exprString(e.Key) + "]"
	case plan.SortOrder:
		dir := " ASC NULLS FIRST"
		if e.Desc {
			dir = " DESC NULLS LAST"
		}
		return exprString(e.Child) + dir
	}
	return fmt.Sprintf("%v", e)
}

// toColumn turns a Go value into a Column: a *Column stays, anything else is a literal
// (PySpark's col + 1 wraps 1 in lit).
func toColumn(v any) *Column {
	switch x := v.(type) {
	case *Column:
		if x == nil {
			return Lit(nil)
		}
		return x
	case Column:
		return &x
	}
	return Lit(v)
}

func (c *Column) binary(op string, other any) *Column {
	o := toColumn(other)
	if c.err != nil {
		return c
	}
	if o.err != nil {
		return o
	}
	return newColumn(plan.BinaryOp{Op: op, Left: c.expr, Right: o.expr})
}

// Cast is col.cast(type): type is a type name or DDL type ("string", "int", "decimal(10,2)",
// "STRUCT<a: INT>") or a sqltypes.DataType. The result keeps the column's name.
func (c *Column) Cast(to any) *Column {
	if c.err != nil {
		return c
	}
	var dt sqltypes.DataType
	switch t := to.(type) {
	case string:
		parsed, err := sqltypes.ParseDataType(t)
		if err != nil {
			return errColumn(err)
		}
		dt = parsed
	case sqltypes.DataType:
		dt = t
	default:
		return errColumn(notExpectedType("dataType", "DataType or str", to))
	}
	return newColumn(plan.Cast{Child: c.expr, To: dt})
}

// TryCast is col.try_cast(type): Cast, but a value that does not convert is NULL (even
// in ANSI mode) instead of an error.
func (c *Column) TryCast(to any) *Column {
	cast := c.Cast(to)
	if cast.err != nil {
		return cast
	}
	x := cast.expr.(plan.Cast)
	x.Try = true
	return newColumn(x)
}

// AsType is col.astype, the same as Cast.
func (c *Column) AsType(to any) *Column { return c.Cast(to) }

// Alias is col.alias(name).
func (c *Column) Alias(name string) *Column {
	return c.derive(plan.Alias{Child: c.expr, Name: name})
}

// AliasMany is col.alias("a", "b"): a generator's several output names.
func (c *Column) AliasMany(names []string) *Column {
	if c.err != nil {
		return c
	}
	return newColumn(plan.Alias{Child: c.expr, Name: names[0], Names: names})
}

// AliasWithMetadata is col.alias(name, metadata={...}).
func (c *Column) AliasWithMetadata(name string, metadata map[string]any) *Column {
	return c.derive(plan.Alias{Child: c.expr, Name: name, Metadata: metadata})
}

// Name is col.name(alias), the same as Alias.
func (c *Column) Name(name string) *Column { return c.Alias(name) }

// Arithmetic: col + x, col - x, col * x, col / x, col % x. x is a Column or a literal.
func (c *Column) Plus(x any) *Column     { return c.binary("+", x) }
func (c *Column) Minus(x any) *Column    { return c.binary("-", x) }
func (c *Column) Multiply(x any) *Column { return c.binary("*", x) }
func (c *Column) Divide(x any) *Column   { return c.binary("/", x) }
func (c *Column) Mod(x any) *Column      { return c.binary("%", x) }

// Negate is -col: PySpark builds negative(col), which names the column so.
func (c *Column) Negate() *Column {
	return c.derive(plan.Call{Name: "negative", Args: []plan.Expr{c.expr}})
}

// Comparisons: ==, !=, <, <=, >, >=, and eqNullSafe (<=>).
func (c *Column) EqualTo(x any) *Column    { return c.binary("=", x) }
func (c *Column) NotEqual(x any) *Column   { return c.binary("!=", x) }
func (c *Column) Lt(x any) *Column         { return c.binary("<", x) }
func (c *Column) Leq(x any) *Column        { return c.binary("<=", x) }
func (c *Column) Gt(x any) *Column         { return c.binary(">", x) }
func (c *Column) Geq(x any) *Column        { return c.binary(">=", x) }
func (c *Column) EqNullSafe(x any) *Column { return c.binary("<=>", x) }

// Boolean logic: col & x, col | x, ~col.
func (c *Column) And(x any) *Column { return c.binary("AND", x) }
func (c *Column) Or(x any) *Column  { return c.binary("OR", x) }
func (c *Column) Not() *Column      { return c.derive(plan.Not{Child: c.expr}) }

// IsNull / IsNotNull are col.isNull() / col.isNotNull().
func (c *Column) IsNull() *Column    { return c.derive(plan.IsNull{Child: c.expr}) }
func (c *Column) IsNotNull() *Column { return c.derive(plan.IsNull{Child: c.expr, Not: true}) }

// IsIn is col.isin(values...).
func (c *Column) IsIn(values ...any) *Column {
	if c.err != nil {
		return c
	}
	list := make([]plan.Expr, 0, len(values))
	for _, v := range values {
		o := toColumn(v)
		if o.err != nil {
			return o
		}
		list = append(list, o.expr)
	}
	return newColumn(plan.In{Child: c.expr, List: list})
}

// IsInDataFrame is col.isin(df): Spark 4.2's IN subquery over a DataFrame that reads no
// column of the outer query. As spark.sql's uncorrelated subqueries, it runs once, here,
// and its rows take its place: col IN (v1, v2, ...), FALSE for no row. A struct(a, b, ...)
// built in place is compared field by field with a DataFrame of as many columns, as
// Spark unpacks it: (a = x1 AND b = y1) OR (a = x2 AND b = y2) ...
func (c *Column) IsInDataFrame(ctx context.Context, sub *DataFrame) *Column {
	if c.err != nil {
		return c
	}
	fields := sub.Schema().Fields
	rows, err := sub.Collect(ctx)
	if err != nil {
		return errColumn(fmt.Errorf("isin's DataFrame: %w", err))
	}
	if len(fields) == 1 {
		if len(rows) == 0 {
			return newColumn(plan.Literal{Value: false, Type: sqltypes.Boolean})
		}
		list := make([]plan.Expr, len(rows))
		for i, r := range rows {
			list[i] = plan.Literal{Value: r[0], Type: fields[0].Type}
		}
		return newColumn(plan.In{Child: c.expr, List: list})
	}
	st, ok := c.expr.(plan.Call)
	if !ok || !strings.EqualFold(st.Name, "struct") || len(st.Args) != len(fields) {
		return errColumn(fmt.Errorf("isin: a DataFrame of %d columns matches a struct(...) of as many columns, not %s", len(fields), exprString(c.expr)))
	}
	var anyRow plan.Expr = plan.Literal{Value: false, Type: sqltypes.Boolean}
	for i, r := range rows {
		var all plan.Expr
		for j, f := range fields {
			eq := plan.BinaryOp{Op: "=", Left: st.Args[j], Right: plan.Literal{Value: r[j], Type: f.Type}}
			if all == nil {
				all = eq
			} else {
				all = plan.BinaryOp{Op: "AND", Left: all, Right: eq}
			}
		}
		if i == 0 {
			anyRow = all
		} else {
			anyRow = plan.BinaryOp{Op: "OR", Left: anyRow, Right: all}
		}
	}
	return newColumn(anyRow)
}

// Between is col.between(lo, hi): lo <= col AND col <= hi.
func (c *Column) Between(lo, hi any) *Column {
	return c.Geq(lo).And(c.Leq(hi))
}

// GetField is col.getField(name) / col.name: col[name].
func (c *Column) GetField(name string) *Column { return c.GetItem(name) }

// GetItem is col[key] / col.getItem(key): a struct field, an array element (0-based) or a
// map value, by the column's type.
func (c *Column) GetItem(key any) *Column {
	k := toColumn(key)
	if k.err != nil {
		return k
	}
	return c.derive(plan.ExtractValue{Child: c.expr, Key: k.expr})
}

// Sort orders for orderBy.
func (c *Column) Asc() *Column { return c.sortOrder(false, true) }
func (c *Column) Desc() *Column {
	return c.sortOrder(true, false)
}
func (c *Column) AscNullsFirst() *Column  { return c.sortOrder(false, true) }
func (c *Column) AscNullsLast() *Column   { return c.sortOrder(false, false) }
func (c *Column) DescNullsFirst() *Column { return c.sortOrder(true, true) }
func (c *Column) DescNullsLast() *Column  { return c.sortOrder(true, false) }

func (c *Column) sortOrder(desc, nullsFirst bool) *Column {
	e := c.expr
	if so, ok := e.(plan.SortOrder); ok {
		e = so.Child
	}
	return c.derive(plan.SortOrder{Child: e, Desc: desc, NullsFirst: nullsFirst})
}

// When adds a branch to a when() chain: F.when(a, x).when(b, y).
func (c *Column) When(cond *Column, value any) *Column {
	cw, ok := c.expr.(plan.CaseWhen)
	if c.err != nil {
		return c
	}
	if !ok {
		return errColumn(illegalArgument("when() can only be applied on a Column previously generated by when() function"))
	}
	if cw.Else != nil {
		return errColumn(illegalArgument("when() cannot be applied once otherwise() is applied"))
	}
	v := toColumn(value)
	if cond.err != nil {
		return cond
	}
	if v.err != nil {
		return v
	}
	cw.Conds = append(append([]plan.Expr(nil), cw.Conds...), cond.expr)
	cw.Values = append(append([]plan.Expr(nil), cw.Values...), v.expr)
	return newColumn(cw)
}

// Otherwise ends a when() chain with its default value.
func (c *Column) Otherwise(value any) *Column {
	cw, ok := c.expr.(plan.CaseWhen)
	if c.err != nil {
		return c
	}
	if !ok {
		return errColumn(illegalArgument("otherwise() can only be applied on a Column previously generated by when()"))
	}
	if cw.Else != nil {
		return errColumn(illegalArgument("otherwise() can only be applied once on a Column previously generated by when()"))
	}
	v := toColumn(value)
	if v.err != nil {
		return v
	}
	cw.Else = v.expr
	return newColumn(cw)
}

// Like is col.like(pattern): SQL LIKE with % and _.
func (c *Column) Like(pattern string) *Column { return c.fn("like", pattern) }

// WithField is col.withField(name, value): the struct with that field replaced, or added
// at the end. A dotted name ("e.f") reaches into nested structs.
func (c *Column) WithField(name string, value *Column) *Column {
	return c.updateField(plan.ParseAttributeName(name), func(st *Column, field string) *Column {
		return st.fn(plan.UpdateFieldsFunc, Lit("with"), Lit(field), value)
	})
}

// DropFields is col.dropFields(*names): the struct without those fields, each name
// dropped in turn; a dotted name ("e.g") drops a field of a nested struct.
func (c *Column) DropFields(names ...string) *Column {
	out := c
	for _, n := range names {
		out = out.updateField(plan.ParseAttributeName(n), func(st *Column, field string) *Column {
			return st.fn(plan.UpdateFieldsFunc, Lit("drop"), Lit(field))
		})
	}
	return out
}

// updateField applies update to the struct that holds the last field of path, and
// rebuilds each struct on the way down with its updated child, as Spark's Column does for
// withField and dropFields.
func (c *Column) updateField(path []string, update func(st *Column, field string) *Column) *Column {
	if len(path) == 1 {
		return update(c, path[0])
	}
	inner := c.GetField(path[0]).updateField(path[1:], update)
	return c.fn(plan.UpdateFieldsFunc, Lit("with"), Lit(path[0]), inner)
}

// BitwiseOR, BitwiseAND and BitwiseXOR are col.bitwiseOR/AND/XOR(other): (a | b) etc.
func (c *Column) BitwiseOR(other any) *Column  { return c.bitwise("|", other) }
func (c *Column) BitwiseAND(other any) *Column { return c.bitwise("&", other) }
func (c *Column) BitwiseXOR(other any) *Column { return c.bitwise("^", other) }

func (c *Column) bitwise(op string, other any) *Column {
	o := toColumn(other)
	if c.err != nil {
		return c
	}
	if o.err != nil {
		return o
	}
	return newColumn(plan.Call{Name: plan.BitwiseFunc, Args: []plan.Expr{plan.Literal{Value: op, Type: sqltypes.String}, c.expr, o.expr}})
}

// RLike is col.rlike(regex): a Java regular expression found anywhere in the value.
func (c *Column) RLike(pattern string) *Column { return c.fn("rlike", pattern) }

// ILike is col.ilike(pattern): LIKE ignoring case.
func (c *Column) ILike(pattern string) *Column { return c.fn("ilike", pattern) }

// IsNaN is col.isNaN().
func (c *Column) IsNaN() *Column { return c.fn("isnan") }

// Contains, StartsWith and EndsWith are col.contains/startswith/endswith(other).
func (c *Column) Contains(other any) *Column   { return c.fn("contains", other) }
func (c *Column) StartsWith(other any) *Column { return c.fn("startswith", other) }
func (c *Column) EndsWith(other any) *Column   { return c.fn("endswith", other) }

// Substr is col.substr(startPos, length), 1-based.
// Spark 4 builds it as the substr function, so the column is named substr(w, 2, 2).
func (c *Column) Substr(startPos, length int) *Column { return c.fn("substr", startPos, length) }

// SubstrColumns is col.substr(startCol, lengthCol): bounds read from each row.
func (c *Column) SubstrColumns(startPos, length *Column) *Column {
	return c.fn("substr", startPos, length)
}

func (c *Column) fn(name string, args ...any) *Column {
	if c.err != nil {
		return c
	}
	exprs := []plan.Expr{c.expr}
	for _, a := range args {
		o := toColumn(a)
		if o.err != nil {
			return o
		}
		exprs = append(exprs, o.expr)
	}
	return newColumn(plan.Call{Name: name, Args: exprs})
}

// notExpectedType is PySpark's argument error for a value of the wrong type given to the
// Go API (got's Go type names it; the Python bindings check their arguments first, with
// Python's type names).
func notExpectedType(arg, expected string, got any) error {
	typ := "NoneType"
	if got != nil {
		typ = fmt.Sprintf("%T", got)
	}
	return sparkerrors.New(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "expected_type", expected, "arg_name", arg, "arg_type", typ)
}

// illegalArgument is a java.lang.IllegalArgumentException without an error condition, as
// Spark throws some (PySpark's IllegalArgumentException, getCondition() None).
func illegalArgument(msg string) error {
	return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: msg}
}
