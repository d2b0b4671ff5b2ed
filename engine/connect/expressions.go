package connect

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func protoName(s string) protoreflect.Name { return protoreflect.Name(s) }

func catalogTableRow(t engine.CatalogTable) sqltypes.Row {
	var catalog, ns any
	if !t.IsTemporary {
		catalog, ns = "spark_catalog", []any{t.Database}
	} else {
		ns = []any{}
	}
	var desc any
	if t.Description != nil {
		desc = *t.Description
	}
	return sqltypes.Row{t.Name, catalog, ns, desc, t.TableType, t.IsTemporary}
}

func (ss *session) columns(ctx context.Context, es []*pb.Expression) ([]*engine.Column, error) {
	out := make([]*engine.Column, 0, len(es))
	for _, e := range es {
		c, err := ss.column(ctx, e)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// column builds the engine Column a Connect expression describes. Functions are called by
// their Spark name (engine.CallFunction), so every function the engine resolves is reachable.
func (ss *session) column(ctx context.Context, e *pb.Expression) (*engine.Column, error) {
	if e == nil {
		return nil, invalidPlan("an expression is missing")
	}
	c, err := ss.columnOf(ctx, e)
	if err != nil {
		return nil, err
	}
	if c.Err() != nil {
		return nil, c.Err()
	}
	return c, nil
}

func (ss *session) columnOf(ctx context.Context, e *pb.Expression) (*engine.Column, error) {
	switch x := e.GetExprType().(type) {
	case *pb.Expression_Literal_:
		v, err := literalValue(x.Literal)
		if err != nil {
			return nil, err
		}
		return engine.Lit(v), nil
	case *pb.Expression_UnresolvedAttribute_:
		name := x.UnresolvedAttribute.GetUnparsedIdentifier()
		if x.UnresolvedAttribute.PlanId != nil {
			if c, ok, err := planColumn(ctx, x.UnresolvedAttribute.GetPlanId(), name); ok {
				return c, err
			}
		}
		return engine.Col(name), nil
	case *pb.Expression_UnresolvedStar_:
		t := x.UnresolvedStar.GetUnparsedTarget()
		if t == "" {
			return engine.Col("*"), nil
		}
		return engine.Col(t), nil
	case *pb.Expression_UnresolvedRegex_:
		// df.colRegex(name): a backticked name selects the columns its regex matches; any
		// other name is the DataFrame's column, as Spark's planner reads UnresolvedRegex.
		r := x.UnresolvedRegex
		if c, ok := engine.RegexColumn(r.GetColName()); ok {
			return c, nil
		}
		if r.PlanId != nil {
			if c, ok, err := planColumn(ctx, r.GetPlanId(), r.GetColName()); ok {
				return c, err
			}
		}
		return engine.Col(r.GetColName()), nil
	case *pb.Expression_ExpressionString_:
		return engine.Expr(x.ExpressionString.GetExpression()), nil
	case *pb.Expression_Alias_:
		c, err := ss.column(ctx, x.Alias.GetExpr())
		if err != nil {
			return nil, err
		}
		names := x.Alias.GetName()
		switch {
		case len(names) == 0:
			return nil, invalidPlan("an alias without a name")
		case len(names) > 1:
			// posexplode(...).alias("pos", "val"): a generator's several output names,
			// as the embedded path's col.alias("a", "b").
			return c.AliasMany(names), nil
		}
		if x.Alias.Metadata != nil {
			return aliasWithMetadata(c, names[0], x.Alias.GetMetadata())
		}
		return c.Alias(names[0]), nil
	case *pb.Expression_Cast_:
		c, err := ss.column(ctx, x.Cast.GetExpr())
		if err != nil {
			return nil, err
		}
		switch t := x.Cast.GetCastToType().(type) {
		case *pb.Expression_Cast_Type:
			dt, err := engineType(t.Type)
			if err != nil {
				return nil, err
			}
			return c.Cast(dt), nil
		case *pb.Expression_Cast_TypeStr:
			return c.Cast(t.TypeStr), nil
		}
		return nil, invalidPlan("cast without a type")
	case *pb.Expression_SortOrder_:
		return ss.sortOrder(ctx, x.SortOrder)
	case *pb.Expression_UnresolvedExtractValue_:
		// col[key], getItem, getField: a struct field, an array element or a map value,
		// chosen by the child's type once resolved, as Spark's UnresolvedExtractValue.
		c, err := ss.column(ctx, x.UnresolvedExtractValue.GetChild())
		if err != nil {
			return nil, err
		}
		key, err := ss.column(ctx, x.UnresolvedExtractValue.GetExtraction())
		if err != nil {
			return nil, err
		}
		return c.GetItem(key), nil
	case *pb.Expression_UnresolvedFunction_:
		return ss.function(ctx, x.UnresolvedFunction.GetFunctionName(), x.UnresolvedFunction.GetArguments(), x.UnresolvedFunction.GetIsDistinct())
	case *pb.Expression_CallFunction:
		return ss.function(ctx, x.CallFunction.GetFunctionName(), x.CallFunction.GetArguments(), false)
	case *pb.Expression_CommonInlineUserDefinedFunction:
		return ss.callPythonUDF(ctx, x.CommonInlineUserDefinedFunction)
	case *pb.Expression_Window_:
		return ss.window(ctx, x.Window)
	case *pb.Expression_LambdaFunction_:
		// F.transform(col, lambda x: ...): the client names the variables (x_1...) and
		// uses them in the body as UnresolvedNamedLambdaVariable.
		body, err := ss.column(ctx, x.LambdaFunction.GetFunction())
		if err != nil {
			return nil, err
		}
		var params []string
		for _, v := range x.LambdaFunction.GetArguments() {
			params = append(params, strings.Join(v.GetNameParts(), "."))
		}
		return engine.Lambda(params, body), nil
	case *pb.Expression_UnresolvedNamedLambdaVariable_:
		return engine.LambdaVar(strings.Join(x.UnresolvedNamedLambdaVariable.GetNameParts(), ".")), nil
	case *pb.Expression_UpdateFields_:
		// col.withField(name, value) sends the value; col.dropFields(*names) one
		// UpdateFields without a value per name, nested.
		u := x.UpdateFields
		c, err := ss.column(ctx, u.GetStructExpression())
		if err != nil {
			return nil, err
		}
		if u.ValueExpression == nil {
			return c.DropFields(u.GetFieldName()), nil
		}
		v, err := ss.column(ctx, u.GetValueExpression())
		if err != nil {
			return nil, err
		}
		return c.WithField(u.GetFieldName(), v), nil
	}
	return nil, unsupportedf("expression %s", oneofName(e, "expr_type"))
}

// window is fn.over(Window.partitionBy(...).orderBy(...).rowsBetween(...)). The client
// sends frame bounds as unbounded, current row or a literal offset.
func (ss *session) window(ctx context.Context, w *pb.Expression_Window) (*engine.Column, error) {
	fn, err := ss.column(ctx, w.GetWindowFunction())
	if err != nil {
		return nil, err
	}
	spec := engine.NewWindowSpec()
	if ps := w.GetPartitionSpec(); len(ps) > 0 {
		cols, err := ss.columns(ctx, ps)
		if err != nil {
			return nil, err
		}
		spec = spec.PartitionBy(anys(cols)...)
	}
	if os := w.GetOrderSpec(); len(os) > 0 {
		var cols []any
		for _, o := range os {
			c, err := ss.sortOrder(ctx, o)
			if err != nil {
				return nil, err
			}
			cols = append(cols, c)
		}
		spec = spec.OrderBy(cols...)
	}
	if f := w.GetFrameSpec(); f != nil && f.GetFrameType() != pb.Expression_Window_WindowFrame_FRAME_TYPE_UNDEFINED {
		lower, err := frameBound(f.GetLower(), engine.WindowUnboundedPreceding)
		if err != nil {
			return nil, err
		}
		upper, err := frameBound(f.GetUpper(), engine.WindowUnboundedFollowing)
		if err != nil {
			return nil, err
		}
		if f.GetFrameType() == pb.Expression_Window_WindowFrame_FRAME_TYPE_ROW {
			spec = spec.RowsBetween(lower, upper)
		} else {
			spec = spec.RangeBetween(lower, upper)
		}
	}
	if err := spec.Err(); err != nil {
		return nil, err
	}
	return fn.Over(spec), nil
}

// frameBound reads one end of a window frame; unbounded is that end's unbounded offset.
func frameBound(b *pb.Expression_Window_WindowFrame_FrameBoundary, unbounded int64) (int64, error) {
	switch v := b.GetBoundary().(type) {
	case *pb.Expression_Window_WindowFrame_FrameBoundary_CurrentRow:
		return engine.WindowCurrentRow, nil
	case *pb.Expression_Window_WindowFrame_FrameBoundary_Unbounded:
		return unbounded, nil
	case *pb.Expression_Window_WindowFrame_FrameBoundary_Value:
		lit := v.Value.GetLiteral()
		if lit == nil {
			return 0, unsupportedf("a window frame bound that is not a number")
		}
		x, err := literalValue(lit)
		if err != nil {
			return 0, err
		}
		switch n := x.(type) {
		case int32:
			return int64(n), nil
		case int64:
			return n, nil
		case int16:
			return int64(n), nil
		case int8:
			return int64(n), nil
		}
		return 0, unsupportedf("a window frame bound of %T (kafkalab takes whole-number offsets)", x)
	}
	return 0, invalidPlan("a window frame without a bound")
}

func aliasWithMetadata(c *engine.Column, name, metadata string) (*engine.Column, error) {
	var md map[string]any
	if err := json.Unmarshal([]byte(metadata), &md); err != nil {
		return nil, fmt.Errorf("alias %s: metadata is not JSON: %w", name, err)
	}
	return c.AliasWithMetadata(name, md), nil
}

func (ss *session) sortOrder(ctx context.Context, o *pb.Expression_SortOrder) (*engine.Column, error) {
	c, err := ss.column(ctx, o.GetChild())
	if err != nil {
		return nil, err
	}
	desc := o.GetDirection() == pb.Expression_SortOrder_SORT_DIRECTION_DESCENDING
	nullsFirst := !desc
	switch o.GetNullOrdering() {
	case pb.Expression_SortOrder_SORT_NULLS_FIRST:
		nullsFirst = true
	case pb.Expression_SortOrder_SORT_NULLS_LAST:
		nullsFirst = false
	}
	switch {
	case desc && nullsFirst:
		return c.DescNullsFirst(), nil
	case desc:
		return c.DescNullsLast(), nil
	case nullsFirst:
		return c.AscNullsFirst(), nil
	}
	return c.AscNullsLast(), nil
}

// function maps PySpark's operator names (Column.__add__ sends "+", isNull sends "isNull")
// onto the engine's Column methods, and every other name onto a call by name.
func (ss *session) function(ctx context.Context, name string, argExprs []*pb.Expression, distinct bool) (*engine.Column, error) {
	args, err := ss.columns(ctx, argExprs)
	if err != nil {
		return nil, err
	}
	need := func(n int) error {
		if len(args) != n {
			return invalidPlan("%s takes %d arguments, got %d", name, n, len(args))
		}
		return nil
	}
	binary := map[string]func(*engine.Column, any) *engine.Column{
		"+": (*engine.Column).Plus, "-": (*engine.Column).Minus, "*": (*engine.Column).Multiply,
		"/": (*engine.Column).Divide, "%": (*engine.Column).Mod,
		"==": (*engine.Column).EqualTo, "!=": (*engine.Column).NotEqual, "<": (*engine.Column).Lt,
		"<=": (*engine.Column).Leq, ">": (*engine.Column).Gt, ">=": (*engine.Column).Geq,
		"<=>": (*engine.Column).EqNullSafe, "and": (*engine.Column).And, "or": (*engine.Column).Or,
		// col.bitwiseOR/AND/XOR: pyspark-client sends Spark's operator names.
		"|": (*engine.Column).BitwiseOR, "&": (*engine.Column).BitwiseAND, "^": (*engine.Column).BitwiseXOR,
	}
	if f, ok := binary[name]; ok {
		if err := need(2); err != nil {
			return nil, err
		}
		return f(args[0], args[1]), nil
	}
	switch name {
	case "not":
		if err := need(1); err != nil {
			return nil, err
		}
		return args[0].Not(), nil
	case "negative":
		if err := need(1); err != nil {
			return nil, err
		}
		return args[0].Negate(), nil
	case "isNull", "isnull":
		if err := need(1); err != nil {
			return nil, err
		}
		return args[0].IsNull(), nil
	case "isNotNull", "isnotnull":
		if err := need(1); err != nil {
			return nil, err
		}
		return args[0].IsNotNull(), nil
	case "in":
		if len(args) < 1 {
			return nil, invalidPlan("in needs a column")
		}
		return args[0].IsIn(anys(args[1:])...), nil
	case "startsWith":
		name = "startswith"
	case "endsWith":
		name = "endswith"
	case "substr":
		name = "substring"
	case "when":
		// F.when(c1, v1).when(c2, v2).otherwise(e) arrives as when(c1, v1, c2, v2, e).
		if len(args) < 2 {
			return nil, invalidPlan("when needs a condition and a value")
		}
		c := engine.When(args[0], args[1])
		i := 2
		for ; i+1 < len(args); i += 2 {
			c = c.When(args[i], args[i+1])
		}
		if i < len(args) {
			c = c.Otherwise(args[i])
		}
		return c, nil
	}
	return engine.CallFunction(name, distinct, args...), nil
}

// literalValue is a Connect literal as the engine's Go value.
func literalValue(l *pb.Expression_Literal) (any, error) {
	switch v := l.GetLiteralType().(type) {
	case *pb.Expression_Literal_Null:
		return nil, nil
	case *pb.Expression_Literal_Binary:
		return v.Binary, nil
	case *pb.Expression_Literal_Boolean:
		return v.Boolean, nil
	case *pb.Expression_Literal_Byte:
		return int8(v.Byte), nil
	case *pb.Expression_Literal_Short:
		return int16(v.Short), nil
	case *pb.Expression_Literal_Integer:
		return v.Integer, nil
	case *pb.Expression_Literal_Long:
		return v.Long, nil
	case *pb.Expression_Literal_Float:
		return v.Float, nil
	case *pb.Expression_Literal_Double:
		return v.Double, nil
	case *pb.Expression_Literal_String_:
		return v.String_, nil
	case *pb.Expression_Literal_Date:
		return sqltypes.Date(v.Date), nil
	case *pb.Expression_Literal_Timestamp:
		return sqltypes.Timestamp(v.Timestamp), nil
	case *pb.Expression_Literal_TimestampNtz:
		return sqltypes.TimestampNTZ(v.TimestampNtz), nil
	case *pb.Expression_Literal_Time_:
		return sqltypes.Time(v.Time.GetNano()), nil
	case *pb.Expression_Literal_Decimal_:
		d, ok := sqltypes.ParseDecimalExact(v.Decimal.GetValue())
		if !ok {
			return nil, invalidPlan("decimal literal %q", v.Decimal.GetValue())
		}
		if v.Decimal.Precision != nil && v.Decimal.Scale != nil {
			if r, ok := d.Rescale(int(v.Decimal.GetPrecision()), int(v.Decimal.GetScale())); ok {
				d = r
			}
		}
		return d, nil
	case *pb.Expression_Literal_Array_:
		var out []any
		for _, e := range v.Array.GetElements() {
			x, err := literalValue(e)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	}
	name := strings.TrimPrefix(fmt.Sprintf("%T", l.GetLiteralType()), "*sparkconnectpb.Expression_Literal_")
	return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support %s literals through Spark Connect", strings.TrimSuffix(name, "_"))}
}
