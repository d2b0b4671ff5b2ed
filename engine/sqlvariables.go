package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// sessionVariable is a declared variable with the default SET VAR ... = DEFAULT restores.
type sessionVariable struct {
	plan.Variable
	def plan.Expr
}

// variable finds a session variable by name (the scope's Variables hook).
func (s *Session) variable(name string) (plan.Variable, bool) {
	v, ok := s.vars.Load(strings.ToLower(name))
	if !ok {
		return plan.Variable{}, false
	}
	return v.(*sessionVariable).Variable, true
}

// searchPaths are the places Spark names when a variable is not found: SET VAR looks in
// the builtin and session namespaces and the current schema, DECLARE in the session's only.
const (
	setVarSearchPath     = "[`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`]"
	declareVarSearchPath = "[`system`.`session`]"
)

// sqlVariables runs DECLARE VARIABLE, SET VAR and DROP TEMPORARY VARIABLE (ok false for
// any other statement). Each answers with no columns, as Spark's commands do.
func (s *Session) sqlVariables(ctx context.Context, q *plan.Query) (*DataFrame, bool, error) {
	switch {
	case q.Declare != nil:
		return s.emptyResult(), true, s.declareVariable(ctx, q.Declare)
	case q.SetVar != nil:
		return s.emptyResult(), true, s.setVariables(ctx, q.SetVar)
	case q.DropVariable != nil:
		d := q.DropVariable
		name, ok := plan.VariableName(d.Parts)
		if !ok {
			return nil, true, plan.UnresolvedVariable(d.Parts, declareVarSearchPath, 0, 0)
		}
		if _, found := s.vars.LoadAndDelete(strings.ToLower(name)); !found && !d.IfExists {
			return nil, true, sparkerrors.New(sparkerrors.AnalysisException, "VARIABLE_NOT_FOUND",
				"variableName", plan.QualifiedVariable(strings.ToLower(name)))
		}
		return s.emptyResult(), true, nil
	}
	return nil, false, nil
}

// evalConstant computes expr once, cast to t unless t is nil, as Spark evaluates a
// variable's default or new value: its value and type.
func (s *Session) evalConstant(ctx context.Context, expr plan.Expr, t sqltypes.DataType) (any, sqltypes.DataType, error) {
	if expr == nil {
		return nil, t, nil
	}
	expr, err := s.inlineSubqueries(ctx, expr, nil)
	if err != nil {
		return nil, nil, err
	}
	if t != nil {
		expr = plan.Cast{Child: expr, To: t}
	}
	one := s.newDF(&plan.Relation{Scope: s.newScope(&sqltypes.StructType{}, nil), Name: "OneRowRelation",
		Rows: [][]sqltypes.Row{{sqltypes.Row{}}}})
	df, err := one.Select(newColumn(expr))
	if err != nil {
		return nil, nil, err
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return nil, nil, err
	}
	typ := df.Schema().Fields[0].Type
	if len(rows) != 1 {
		return nil, typ, nil
	}
	return rows[0][0], typ, nil
}

func (s *Session) declareVariable(ctx context.Context, d *plan.DeclareVariable) error {
	name, ok := plan.VariableName(d.Parts)
	if !ok {
		return plan.UnresolvedVariable(d.Parts, declareVarSearchPath, d.Line, d.Pos)
	}
	if plan.HasSubquery(d.Default) {
		return sparkerrors.New(sparkerrors.AnalysisException, "INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION",
			"statement", "DECLARE VARIABLE", "colName", plan.QualifiedVariable(strings.ToLower(name)),
			"defaultValue", d.DefaultText)
	}
	key := strings.ToLower(name)
	if _, exists := s.vars.Load(key); exists && !d.Replace {
		return sparkerrors.New(sparkerrors.AnalysisException, "VARIABLE_ALREADY_EXISTS",
			"variableName", plan.QualifiedVariable(key))
	}
	value, typ, err := s.evalConstant(ctx, d.Default, d.Type)
	if err != nil {
		return plan.InStatement(err, d.Src)
	}
	if typ == nil {
		typ = sqltypes.Null
	}
	s.vars.Store(key, &sessionVariable{Variable: plan.Variable{Name: key, Type: typ, Value: value}, def: d.Default})
	return nil
}

func (s *Session) setVariables(ctx context.Context, set *plan.SetVariables) error {
	vars := make([]*sessionVariable, len(set.Targets))
	seen := map[string]bool{}
	var dups []string
	for i, parts := range set.Targets {
		name, ok := plan.VariableName(parts)
		var v any
		if ok {
			v, ok = s.vars.Load(strings.ToLower(name))
		}
		if !ok {
			return plan.UnresolvedVariable(parts, setVarSearchPath, set.Places[i][0], set.Places[i][1])
		}
		vars[i] = v.(*sessionVariable)
		if seen[vars[i].Name] {
			dups = append(dups, "`"+vars[i].Name+"`")
		}
		seen[vars[i].Name] = true
	}
	if len(dups) > 0 {
		return sparkerrors.New(sparkerrors.AnalysisException, "DUPLICATE_ASSIGNMENTS", "nameList", strings.Join(dups, ", "))
	}
	values := make([]any, len(vars))
	if set.Query != "" {
		df, err := s.sqlScoped(ctx, set.Query, nil)
		if err != nil {
			return err
		}
		if n := len(df.Columns()); n != len(vars) {
			return sparkerrors.New(sparkerrors.AnalysisException, "ASSIGNMENT_ARITY_MISMATCH",
				"numTarget", fmt.Sprint(len(vars)), "numExpr", fmt.Sprint(n))
		}
		cols := make([]any, len(vars))
		for i, v := range vars {
			cols[i] = newColumn(plan.Cast{Child: plan.ColumnRef{Parts: []string{df.Columns()[i]}}, To: v.Type})
		}
		if df, err = df.Select(cols...); err != nil {
			return err
		}
		rows, err := df.Collect(ctx)
		if err != nil {
			return err
		}
		switch {
		case len(rows) > 1:
			return &sparkerrors.Error{Kind: sparkerrors.SparkException, Class: "ROW_SUBQUERY_TOO_MANY_ROWS",
				Message: "More than one row returned by a subquery used as a row."}
		case len(rows) == 1:
			copy(values, rows[0])
		}
	} else {
		for i, v := range vars {
			expr := set.Values[i]
			if expr == nil {
				expr = v.def
			}
			val, _, err := s.evalConstant(ctx, expr, v.Type)
			if err != nil {
				return plan.InStatement(err, set.Src)
			}
			values[i] = val
		}
	}
	for i, v := range vars {
		nv := *v
		nv.Value = values[i]
		s.vars.Store(v.Name, &nv)
	}
	return nil
}
