package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// Session variables, statement by statement as PySpark 4.2.0 ran them in one session over
// spark.range(3) as view t: each want is the query's rows (fmt of each row, columns first)
// or the error's condition and text (str(e)) as Spark printed it.
func TestSessionVariables(t *testing.T) {
	s := newTestSession(t)
	ctx := context.Background()
	if err := must[*DataFrame](t)(s.Range(0, 3, 1, 0)).CreateOrReplaceTempView("t"); err != nil {
		t.Fatal(err)
	}
	steps := []struct{ sql, want string }{
		{"DECLARE VARIABLE v1 INT DEFAULT 7", "[]"},
		{"DECLARE v2 = 'x'", "[]"},
		{"DECLARE v3 INT", "[]"},
		{"DECLARE VARIABLE v4 DEFAULT 1+1", "[]"},
		{"SELECT v1, v2, v3, v4, typeof(v4)", "[v1 v2 v3 v4 typeof(variablereference(system.session.v4=2))] [7 x <nil> 2 int]"},
		{"SET VARIABLE v1 = v1 + 1", "[]"},
		{"SELECT session.v1, system.session.v1", "[v1 v1] [8 8]"},
		{"SET VAR v1 = 'abc'", "CAST_INVALID_INPUT [CAST_INVALID_INPUT] The value 'abc' of the type \"STRING\" cannot be cast to \"INT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018\n== SQL (line 1, position 1) ==\nSET VAR v1 = 'abc'\n^^^^^^^^^^^^^^^^^^\n"},
		{"SET VAR v1 = 1, v2 = 'y'", "[]"},
		{"SELECT v1, v2", "[v1 v2] [1 y]"},
		{"SET VAR (v1, v2) = (SELECT 5, 'z')", "[]"},
		{"SELECT v1, v2", "[v1 v2] [5 z]"},
		{"SET VAR (v1, v2) = (SELECT 1)", "ASSIGNMENT_ARITY_MISMATCH [ASSIGNMENT_ARITY_MISMATCH] The number of columns or variables assigned or aliased: 2 does not match the number of source expressions: 1. SQLSTATE: 42802"},
		{"SET VAR (v1) = (SELECT id FROM range(0))", "[]"},
		{"SELECT v1", "[v1] [<nil>]"},
		{"DECLARE v1 INT", "VARIABLE_ALREADY_EXISTS [VARIABLE_ALREADY_EXISTS] Cannot create the variable `system`.`session`.`v1` because it already exists.\nChoose a different name, or drop or replace the existing variable. SQLSTATE: 42723"},
		{"DECLARE OR REPLACE v1 STRING DEFAULT 'q'", "[]"},
		{"SELECT v1, typeof(v1)", "[v1 typeof(variablereference(system.session.v1='q'))] [q string]"},
		{"DROP TEMPORARY VARIABLE v9", "VARIABLE_NOT_FOUND [VARIABLE_NOT_FOUND] The variable `system`.`session`.`v9` cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema and catalog, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VARIABLE IF EXISTS. SQLSTATE: 42883"},
		{"DROP TEMPORARY VARIABLE IF EXISTS v9", "[]"},
		{"DROP TEMPORARY VARIABLE v1", "[]"},
		{"SELECT v1", "UNRESOLVED_COLUMN.WITHOUT_SUGGESTION"},
		{"SET VAR nope = 1", "UNRESOLVED_VARIABLE [UNRESOLVED_VARIABLE] Cannot resolve variable `nope` on search path [`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`]. SQLSTATE: 42883; line 1 pos 8"},
		{"DECLARE v5 INT DEFAULT 'abc'", "CAST_INVALID_INPUT [CAST_INVALID_INPUT] The value 'abc' of the type \"STRING\" cannot be cast to \"INT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018\n== SQL (line 1, position 1) ==\nDECLARE v5 INT DEFAULT 'abc'\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"},
		{"DECLARE x.v6 INT", "UNRESOLVED_VARIABLE [UNRESOLVED_VARIABLE] Cannot resolve variable `x`.`v6` on search path [`system`.`session`]. SQLSTATE: 42883; line 1 pos 8"},
		{"DECLARE session.v7 INT DEFAULT 3", "[]"},
		{"SELECT v7", "[v7] [3]"},
		{"SELECT id, v2 FROM t WHERE id < v7", "[id v2] [0 z] [1 z] [2 z]"},
		// A column wins over a variable of its name.
		{"DECLARE VARIABLE id INT DEFAULT 100", "[]"},
		{"SELECT id FROM t", "[id] [0] [1] [2]"},
		{"DECLARE v8 INT DEFAULT (SELECT max(id) FROM t)", "INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION"},
		{"SET VAR v2 = NULL", "[]"},
		{"SELECT v2", "[v2] [<nil>]"},
		{"DECLARE vv", "INVALID_SQL_SYNTAX.VARIABLE_TYPE_OR_DEFAULT_REQUIRED \n[INVALID_SQL_SYNTAX.VARIABLE_TYPE_OR_DEFAULT_REQUIRED] Invalid SQL syntax: The definition of a SQL variable requires either a datatype or a DEFAULT clause.\nFor example, use `DECLARE name STRING` or `DECLARE name = 'SQL'` instead of `DECLARE name`. SQLSTATE: 42000\n== SQL (line 1, position 1) ==\nDECLARE vv\n^^^^^^^^^^\n"},
		{"DROP VARIABLE v8", "PARSE_SYNTAX_ERROR \n[PARSE_SYNTAX_ERROR] Syntax error at or near 'VARIABLE'. SQLSTATE: 42601 (line 1, pos 5)\n\n== SQL ==\nDROP VARIABLE v8\n-----^^^\n"},
		{"SET VAR v7 = 1, v7 = 2", "DUPLICATE_ASSIGNMENTS [DUPLICATE_ASSIGNMENTS] The columns or variables `v7` appear more than once as assignment targets. SQLSTATE: 42701"},
		{"SET VAR v7 = DEFAULT", "[]"},
		{"SELECT v7", "[v7] [3]"},
	}
	for _, st := range steps {
		df, err := s.SQL(ctx, st.sql)
		var got string
		if err == nil {
			rows, cerr := df.Collect(ctx)
			if cerr != nil {
				t.Errorf("%s: %v", st.sql, cerr)
				continue
			}
			parts := []string{fmt.Sprint(df.Columns())}
			for _, r := range rows {
				parts = append(parts, fmt.Sprint([]any(r)))
			}
			got = strings.Join(parts, " ")
		} else if e, ok := sparkerrors.As(err); ok {
			got = e.Class + " " + e.Text()
			if !strings.Contains(st.want, " ") {
				got = e.Class
			}
		} else {
			got = err.Error()
		}
		if got != st.want {
			t.Errorf("%s:\n got %q\nwant %q", st.sql, got, st.want)
		}
	}
}
