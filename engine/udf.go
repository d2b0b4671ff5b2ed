package engine

import (
	"context"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// RegisterFunction is spark.udf.register(name, f): SQL text of this session (spark.sql,
// expr, selectExpr) can call f by name from now on; a later registration replaces it.
func (s *Session) RegisterFunction(name string, f *plan.UDF) {
	s.udfs.Store(strings.ToLower(name), f)
}

// function is the registered function of that lower-cased name, or nil.
func (s *Session) function(name string) *plan.UDF {
	if f, ok := s.udfs.Load(name); ok {
		return f.(*plan.UDF)
	}
	return nil
}

// CallUDF is a call of a user-defined function on columns or column names (udf(f)(cols)).
func CallUDF(f *plan.UDF, args ...any) *Column {
	exprs := make([]plan.Expr, 0, len(args))
	for _, a := range args {
		c := colArg(a)
		if c.err != nil {
			return c
		}
		exprs = append(exprs, c.expr)
	}
	return newColumn(plan.Call{Name: f.Name, Args: exprs, UDF: f})
}

// TableFunction is a table-valued function registered for SQL (a Python UDTF): Run calls
// it over rows of argument values with one instance (eval per row, then terminate) and
// answers its output rows, each with the index of the argument row it came from (the last
// one for terminate's rows, -1 when there was none).
type TableFunction interface {
	Schema() (*sqltypes.StructType, error)
	Run(ctx context.Context, args [][]any, types []sqltypes.DataType) (rows []sqltypes.Row, of []int, err error)
}

// RegisterTableFunction makes name(...) readable in a SQL FROM clause.
func (s *Session) RegisterTableFunction(name string, f TableFunction) {
	s.tvfs.Store(strings.ToLower(name), f)
}

// tableFunction is the registered table function of that lower-cased name, or nil.
func (s *Session) tableFunction(name string) TableFunction {
	if f, ok := s.tvfs.Load(name); ok {
		return f.(TableFunction)
	}
	return nil
}
