package engine

import (
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Functions of pyspark.sql.functions, one Go constructor per Python name.

// Col is F.col(name) (also F.column): "a", "event.order_id", "*", "event.*".
func Col(name string) *Column { return newColumn(plan.Col(name)) }

// Lit is F.lit(v): a Go value of the sqltypes model (int, int64, float64, string, bool, nil,
// sqltypes.Decimal, sqltypes.Timestamp ...), or a *Column returned as it is.
func Lit(v any) *Column {
	if c, ok := v.(*Column); ok {
		return c
	}
	e, err := plan.LiteralOf(v)
	if err != nil {
		return errColumn(err)
	}
	return newColumn(e)
}

// Expr is F.expr(sql): a SQL expression, optionally with an alias.
func Expr(sql string) *Column {
	e, err := plan.ParseSelectItem(sql)
	if err != nil {
		return errColumn(err)
	}
	return newColumn(e)
}

// cols converts names or Columns (PySpark accepts both almost everywhere).
func cols(vs []any) ([]*Column, error) {
	out := make([]*Column, 0, len(vs))
	for _, v := range vs {
		switch x := v.(type) {
		case string:
			out = append(out, Col(x))
		case *Column:
			if x == nil {
				return nil, notExpectedType("col", "Column or str", nil)
			}
			if x.err != nil {
				return nil, x.err
			}
			out = append(out, x)
		default:
			return nil, notExpectedType("col", "Column or str", v)
		}
	}
	return out, nil
}

func colArg(v any) *Column {
	cs, err := cols([]any{v})
	if err != nil {
		return errColumn(err)
	}
	return cs[0]
}

func call(name string, args ...any) *Column {
	exprs := make([]plan.Expr, 0, len(args))
	for _, a := range args {
		c := colArg(a)
		if c.err != nil {
			return c
		}
		exprs = append(exprs, c.expr)
	}
	return newColumn(plan.Call{Name: name, Args: exprs})
}

// FromJSON is F.from_json(col, schema[, options]): schema is a DDL string ("order_id INT,
// ..."), a JSON schema string, or a *sqltypes.StructType.
func FromJSON(col any, schema any, options map[string]string) *Column {
	c := colArg(col)
	if c.err != nil {
		return c
	}
	var dt sqltypes.DataType
	switch s := schema.(type) {
	case string:
		t, err := plan.ParseJSONSchemaString(s)
		if err != nil {
			return errColumn(err)
		}
		dt = t
	case *sqltypes.StructType:
		dt = s
	case sqltypes.DataType:
		dt = s
	default:
		return errColumn(notExpectedType("schema", "Column, DataType or str", schema))
	}
	return newColumn(plan.FromJSON{Child: c.expr, Schema: dt, Options: options})
}

// ToJSON is F.to_json(col).
func ToJSON(col any) *Column { return call("to_json", col) }

// Struct is F.struct(cols...): names, Columns, "*" or "x.*".
func Struct(cols ...any) *Column { return call("struct", cols...) }

// Count is F.count(col); F.count("*") counts rows and is named count(1).
func Count(col any) *Column { return call("count", col) }

// CountDistinct is F.countDistinct(col) (named count(DISTINCT col)).
func CountDistinct(col any) *Column {
	c := call("count", col)
	if c.err == nil {
		e := c.expr.(plan.Call)
		e.Distinct = true
		c.expr = e
	}
	return c
}

// Sum, Avg, Mean, Min, Max and First are the aggregate functions of the same names.
func Sum(col any) *Column   { return call("sum", col) }
func Avg(col any) *Column   { return call("avg", col) }
func Mean(col any) *Column  { return call("mean", col) }
func Min(col any) *Column   { return call("min", col) }
func Max(col any) *Column   { return call("max", col) }
func First(col any) *Column { return call("first", col) }

// CurrentTimestamp is F.current_timestamp(): the action's (or micro-batch's) start time.
func CurrentTimestamp() *Column { return call("current_timestamp") }

// Concat is F.concat(cols...).
func Concat(cols ...any) *Column { return call("concat", cols...) }

// Upper, Lower, Length and Trim are the string functions of the same names.
func Upper(col any) *Column  { return call("upper", col) }
func Lower(col any) *Column  { return call("lower", col) }
func Length(col any) *Column { return call("length", col) }
func Trim(col any) *Column   { return call("trim", col) }

// Coalesce is F.coalesce(cols...): the first non-null value.
func Coalesce(cols ...any) *Column { return call("coalesce", cols...) }

// When is F.when(cond, value); chain .When and .Otherwise.
func When(cond *Column, value any) *Column {
	if cond.err != nil {
		return cond
	}
	v := toColumn(value)
	if v.err != nil {
		return v
	}
	return newColumn(plan.CaseWhen{Conds: []plan.Expr{cond.expr}, Values: []plan.Expr{v.expr}})
}

// Asc and Desc are F.asc(name) / F.desc(name).
func Asc(col any) *Column  { return colArg(col).Asc() }
func Desc(col any) *Column { return colArg(col).Desc() }

// ApproxCountDistinct is F.approx_count_distinct(col).
func ApproxCountDistinct(col any) *Column { return call("approx_count_distinct", col) }

// SessionWindow is F.session_window(timeColumn, gapDuration): the gap is a duration
// string ("5 minutes") or a Column computing one per row (a dynamic gap).
func SessionWindow(timeColumn any, gapDuration any) *Column {
	if s, ok := gapDuration.(string); ok {
		return call("session_window", timeColumn, Lit(s))
	}
	return call("session_window", timeColumn, gapDuration)
}

// Window is F.window(timeColumn, windowDuration[, slideDuration]): the time window of each
// row, the key of a windowed streaming aggregation (engine/stateful).
func Window(timeColumn any, windowDuration string, slideDuration ...string) *Column {
	args := []any{timeColumn, Lit(windowDuration)}
	for _, s := range slideDuration {
		args = append(args, Lit(s))
	}
	return call("window", args...)
}

// CallFunction is a call of any function by its Spark name, as F.call_function(name, cols...)
// and Spark Connect's UnresolvedFunction send it: the engine resolves the name when the
// DataFrame is analysed (UNRESOLVED_ROUTINE when it has no such function). distinct is
// F.count_distinct's DISTINCT.
func CallFunction(name string, distinct bool, args ...*Column) *Column {
	exprs := make([]plan.Expr, 0, len(args))
	for _, a := range args {
		if a == nil {
			return errColumn(notExpectedType("col", "Column or str", nil))
		}
		if a.err != nil {
			return a
		}
		exprs = append(exprs, a.expr)
	}
	return newColumn(plan.Call{Name: name, Args: exprs, Distinct: distinct})
}

// HasFunction reports whether the engine has the Spark function name (scalar, aggregate,
// generator or higher-order).
func HasFunction(name string) bool { return plan.HasFunction(name) }

// LambdaVar is a lambda function's parameter, for the body of a higher-order function.
func LambdaVar(name string) *Column { return newColumn(plan.LambdaVar{Name: name}) }

// Lambda is the lambda function params -> body, an argument of a higher-order function
// such as transform or filter.
func Lambda(params []string, body *Column) *Column {
	if body.err != nil {
		return body
	}
	return newColumn(plan.Lambda{Params: params, Body: body.expr})
}
