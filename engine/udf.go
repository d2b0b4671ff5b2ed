package engine

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
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
