package engine

import (
	"context"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// spark.sql's parse errors print as PySpark 4.2.0's ParseException str(): the place and
// the statement with a caret under the failing token ("== SQL =="), or, for an error
// about a fragment, the fragment with its surroundings ("== SQL (line l, position p) ==").
// Every want is what str(e) gave for spark.sql(sql) on PySpark 4.2.0.
func TestSQLParseErrorContext(t *testing.T) {
	s := newTestSession(t)
	if err := must[*DataFrame](t)(s.Range(0, 3, 1, 0)).CreateOrReplaceTempView("t"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sql, class, message string
		params              map[string]string
	}{
		{"SELEC 1", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'. SQLSTATE: 42601 (line 1, pos 0)\n\n== SQL ==\nSELEC 1\n^^^\n",
			map[string]string{"error": "'SELEC'", "hint": ""}},
		{"SELECT 1 +", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 10)\n\n== SQL ==\nSELECT 1 +\n----------^^^\n",
			map[string]string{"error": "end of input", "hint": ""}},
		{"SELECT 1 +   ", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 13)\n\n== SQL ==\nSELECT 1 +   \n-------------^^^\n", nil},
		{"SELECT 1 +\n", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 2, pos 0)\n\n== SQL ==\nSELECT 1 +\n^^^\n", nil},
		{"SELECT 1 +;", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near ';'. SQLSTATE: 42601 (line 1, pos 10)\n\n== SQL ==\nSELECT 1 +;\n----------^^^\n",
			map[string]string{"error": "';'", "hint": ""}},
		{"SELECT id\nFROM t\nWHERE id >", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 3, pos 10)\n\n== SQL ==\nSELECT id\nFROM t\nWHERE id >\n----------^^^\n", nil},
		{"SELECT id\nFROM t\nWHERE id > 1 AND\n  id < 3 GROUP", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 4, pos 14)\n\n== SQL ==\nSELECT id\nFROM t\nWHERE id > 1 AND\n  id < 3 GROUP\n--------------^^^\n", nil},
		{"SELECT id FROM t\n  WHERE id = 1 1", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near '1': extra input '1'. SQLSTATE: 42601 (line 2, pos 15)\n\n== SQL ==\nSELECT id FROM t\n  WHERE id = 1 1\n---------------^^^\n",
			map[string]string{"error": "'1'", "hint": ": extra input '1'"}},
		{"SELECT id FROM t\nWHERE id = 1\nORDER BY id\nLIMIT 1 2", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near '2': extra input '2'. SQLSTATE: 42601 (line 4, pos 8)\n\n== SQL ==\nSELECT id FROM t\nWHERE id = 1\nORDER BY id\nLIMIT 1 2\n--------^^^\n", nil},
		{"SELECT *\nFROM t t2 t3\nWHERE x", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 't3'. SQLSTATE: 42601 (line 2, pos 10)\n\n== SQL ==\nSELECT *\nFROM t t2 t3\n----------^^^\nWHERE x\n", nil},
		{"SELECT 1 +\n)\nFROM t", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near ')'. SQLSTATE: 42601 (line 2, pos 0)\n\n== SQL ==\nSELECT 1 +\n)\n^^^\nFROM t\n", nil},
		{"SELECT * FROM t WHERE id = 1 ORDER BY", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'ORDER'. SQLSTATE: 42601 (line 1, pos 29)\n\n== SQL ==\nSELECT * FROM t WHERE id = 1 ORDER BY\n-----------------------------^^^\n",
			map[string]string{"error": "'ORDER'", "hint": ""}},
		{"SELECT * FROM t WHERE id = 1 SORT BY", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'SORT'. SQLSTATE: 42601 (line 1, pos 29)\n\n== SQL ==\nSELECT * FROM t WHERE id = 1 SORT BY\n-----------------------------^^^\n", nil},
		{"SELECT * FROM t ORDER BY id LIMIT", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'LIMIT': extra input 'LIMIT'. SQLSTATE: 42601 (line 1, pos 28)\n\n== SQL ==\nSELECT * FROM t ORDER BY id LIMIT\n----------------------------^^^\n", nil},
		// spark.sql over spark.range(3) as t: GROUP and ORDER that cannot start their
		// clause are t's alias; a LIMIT or OFFSET with nothing after it is extra input.
		{"SELECT * FROM t GROUP BY", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'BY': extra input 'BY'. SQLSTATE: 42601 (line 1, pos 22)\n\n== SQL ==\nSELECT * FROM t GROUP BY\n----------------------^^^\n", nil},
		{"SELECT id FROM t ORDER id", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'id': extra input 'id'. SQLSTATE: 42601 (line 1, pos 23)\n\n== SQL ==\nSELECT id FROM t ORDER id\n-----------------------^^^\n", nil},
		{"SELECT * FROM t LIMIT 1 OFFSET", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'OFFSET': extra input 'OFFSET'. SQLSTATE: 42601 (line 1, pos 24)\n\n== SQL ==\nSELECT * FROM t LIMIT 1 OFFSET\n------------------------^^^\n", nil},
		{"SELECT * FROM (SELECT 1", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input: missing ')'. SQLSTATE: 42601 (line 1, pos 23)\n\n== SQL ==\nSELECT * FROM (SELECT 1\n-----------------------^^^\n",
			map[string]string{"error": "end of input", "hint": ": missing ')'"}},
		{"SELECT max(id FROM t", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'FROM': missing ')'. SQLSTATE: 42601 (line 1, pos 14)\n\n== SQL ==\nSELECT max(id FROM t\n--------------^^^\n", nil},
		{"SELECT (1 + 2", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 13)\n\n== SQL ==\nSELECT (1 + 2\n-------------^^^\n", nil},
		{"SELECT 1)", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near ')': extra input ')'. SQLSTATE: 42601 (line 1, pos 8)\n\n== SQL ==\nSELECT 1)\n--------^^^\n", nil},
		{"SELECT 1; SELECT 2", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'SELECT': extra input 'SELECT'. SQLSTATE: 42601 (line 1, pos 10)\n\n== SQL ==\nSELECT 1; SELECT 2\n----------^^^\n", nil},
		{"SELECT 1 FROM t t1 JOIN", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 23)\n\n== SQL ==\nSELECT 1 FROM t t1 JOIN\n-----------------------^^^\n", nil},
		{"CREATE TABLE", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 12)\n\n== SQL ==\nCREATE TABLE\n------------^^^\n", nil},
		{"SELECT `a FROM t", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near '`'. SQLSTATE: 42601 (line 1, pos 7)\n\n== SQL ==\nSELECT `a FROM t\n-------^^^\n", nil},
		{"SELECT 'abc", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near '''. SQLSTATE: 42601 (line 1, pos 7)\n\n== SQL ==\nSELECT 'abc\n-------^^^\n",
			map[string]string{"error": "'''", "hint": ""}},
		{"SELECT * FROM a-b", "INVALID_IDENTIFIER",
			"\n[INVALID_IDENTIFIER] The unquoted identifier a-b is invalid and must be back quoted as: `a-b`.\nUnquoted identifiers can only contain ASCII letters ('a' - 'z', 'A' - 'Z'), digits ('0' - '9'), and underbar ('_').\nUnquoted identifiers must also not start with a digit.\nDifferent data sources and meta stores may impose additional restrictions on valid identifiers. SQLSTATE: 42602 (line 1, pos 15)\n\n== SQL ==\nSELECT * FROM a-b\n---------------^^^\n",
			map[string]string{"ident": "a-b"}},
		{";", "PARSE_SYNTAX_ERROR",
			"\n[PARSE_SYNTAX_ERROR] Syntax error at or near ';'. SQLSTATE: 42601 (line 1, pos 0)\n\n== SQL ==\n;\n^^^\n", nil},
		{"", "PARSE_EMPTY_STATEMENT",
			"\n[PARSE_EMPTY_STATEMENT] Syntax error, unexpected empty statement. SQLSTATE: 42617 (line 1, pos 0)\n\n== SQL ==\n\n^^^\n",
			map[string]string{}},
		{"   ", "PARSE_EMPTY_STATEMENT",
			"\n[PARSE_EMPTY_STATEMENT] Syntax error, unexpected empty statement. SQLSTATE: 42617 (line 1, pos 3)\n\n== SQL ==\n   \n---^^^\n", nil},
		{"SELECT 1 /* unclosed", "UNCLOSED_BRACKETED_COMMENT",
			"\n[UNCLOSED_BRACKETED_COMMENT] Found an unclosed bracketed comment. Please, append */ at the end of the comment. SQLSTATE: 42601\n== SQL ==\nSELECT 1 /* unclosed", nil},
		{"SELECT 1 /* unclosed\n more", "UNCLOSED_BRACKETED_COMMENT",
			"\n[UNCLOSED_BRACKETED_COMMENT] Found an unclosed bracketed comment. Please, append */ at the end of the comment. SQLSTATE: 42601\n== SQL ==\nSELECT 1 /* unclosed\n more", nil},
		// Errors Spark raises while building the plan point at a fragment.
		{"SELECT DATE '2020-13-01'", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"DATE\" is invalid: '2020-13-01'. SQLSTATE: 42604\n== SQL (line 1, position 8) ==\nSELECT DATE '2020-13-01'\n       ^^^^^^^^^^^^^^^^^\n",
			map[string]string{"valueType": `"DATE"`, "value": "'2020-13-01'"}},
		{"SELECT id,\n  DATE '2020-13-01' AS d\nFROM t", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"DATE\" is invalid: '2020-13-01'. SQLSTATE: 42604\n== SQL (line 2, position 3) ==\n  DATE '2020-13-01' AS d\n  ^^^^^^^^^^^^^^^^^\n", nil},
		{"SELECT 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, DATE '2020-13-01', 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"DATE\" is invalid: '2020-13-01'. SQLSTATE: 42604\n== SQL (line 1, position 59) ==\n..., 8, 9, 10, 11, 12, 13, 14, 15, DATE '2020-13-01', 16, 17, 18, 19, 20, 21, 22, 23...\n                                   ^^^^^^^^^^^^^^^^^\n", nil},
		{"SELECT X'1G'", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"X\" is invalid: '1G'. SQLSTATE: 42604\n== SQL (line 1, position 8) ==\nSELECT X'1G'\n       ^^^^^\n", nil},
		{"SELECT 128Y", "INVALID_NUMERIC_LITERAL_RANGE",
			"\n[INVALID_NUMERIC_LITERAL_RANGE] Numeric literal 128 is outside the valid range for tinyint with minimum value of -128 and maximum value of 127. Please adjust the value accordingly. SQLSTATE: 22003\n== SQL (line 1, position 8) ==\nSELECT 128Y\n       ^^^^\n", nil},
		{"SELECT 1 ORDER BY 1 SORT BY 1", "UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES",
			"\n[UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES] The feature is not supported: Combination of ORDER BY/SORT BY/DISTRIBUTE BY/CLUSTER BY. SQLSTATE: 0A000\n== SQL (line 1, position 10) ==\nSELECT 1 ORDER BY 1 SORT BY 1\n         ^^^^^^^^^^^^^^^^^^^^\n", nil},
		// INTERVAL 'text' holds its units; '1' FORTNIGHT is the string '1' aliased.
		{"SELECT INTERVAL '1' FORTNIGHT", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"INTERVAL\" is invalid: '1'. SQLSTATE: 42604\n== SQL (line 1, position 8) ==\nSELECT INTERVAL '1' FORTNIGHT\n       ^^^^^^^^^^^^\n",
			map[string]string{"valueType": `"INTERVAL"`, "value": "'1'"}},
		{"SELECT id, INTERVAL '1'\n FORTNIGHT FROM t", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"INTERVAL\" is invalid: '1'. SQLSTATE: 42604\n== SQL (line 1, position 12) ==\nSELECT id, INTERVAL '1'\n           ^^^^^^^^^^^^\n", nil},
		{"SELECT INTERVAL '1 fortnight'", "INVALID_TYPED_LITERAL",
			"\n[INVALID_TYPED_LITERAL] The value of the typed literal \"INTERVAL\" is invalid: '1 fortnight'. SQLSTATE: 42604\n== SQL (line 1, position 8) ==\nSELECT INTERVAL '1 fortnight'\n       ^^^^^^^^^^^^^^^^^^^^^^\n", nil},
	}
	// Spark reads these: LIMIT and WHERE are the table's alias.
	for _, sql := range []string{"SELECT id FROM t LIMIT", "SELECT id FROM t WHERE"} {
		if _, err := s.SQL(context.Background(), sql); err != nil {
			t.Errorf("%q: %v", sql, err)
		}
	}
	// A trailing comma before FROM is Spark's AnalysisException TRAILING_COMMA_IN_SELECT at
	// the FROM (Spark's text goes on with the plan, which kafkalab leaves out).
	if _, err := s.SQL(context.Background(), "SELECT id,\nFROM t"); err == nil {
		t.Error("trailing comma: no error")
	} else if e, _ := sparkerrors.As(err); e == nil || e.Class != "TRAILING_COMMA_IN_SELECT" ||
		e.Text() != "[TRAILING_COMMA_IN_SELECT] Trailing comma detected in SELECT clause. Remove the trailing comma before the FROM clause. SQLSTATE: 42601; line 2 pos 0;" {
		t.Errorf("trailing comma: %v", err)
	}
	for _, c := range cases {
		_, err := s.SQL(context.Background(), c.sql)
		e, ok := sparkerrors.As(err)
		if !ok {
			t.Errorf("%q: error %v, want %s", c.sql, err, c.class)
			continue
		}
		if e.Kind != sparkerrors.ParseException || e.Class != c.class {
			t.Errorf("%q: %s %s, want ParseException %s", c.sql, e.Kind, e.Class, c.class)
		}
		if got := e.Text(); got != c.message {
			t.Errorf("%q:\n got %q\nwant %q", c.sql, got, c.message)
		}
		if c.params != nil {
			got := map[string]string{}
			for _, p := range e.Parameters() {
				got[p.Name] = p.Value
			}
			if len(got) != len(c.params) {
				t.Errorf("%q: parameters %v, want %v", c.sql, got, c.params)
			}
			for k, v := range c.params {
				if got[k] != v {
					t.Errorf("%q: parameter %s = %q, want %q", c.sql, k, got[k], v)
				}
			}
		}
	}
}

// INTERVAL 'text' without a unit after it reads the units in the text, as PySpark 4.2.0:
// spark.sql("SELECT INTERVAL '7 days'") is INTERVAL '7' DAY, '-2 weeks' INTERVAL '-14'
// DAY, '3 months' INTERVAL '3' MONTH, 'interval 2 days' INTERVAL '2' DAY.
func TestSQLIntervalString(t *testing.T) {
	s := newTestSession(t)
	for sql, want := range map[string]string{
		"SELECT INTERVAL '7 days'":          "INTERVAL '7' DAY",
		"SELECT INTERVAL '-2 weeks'":        "INTERVAL '-14' DAY",
		"SELECT INTERVAL '3 months'":        "INTERVAL '3' MONTH",
		"SELECT INTERVAL 'interval 2 days'": "INTERVAL '2' DAY",
	} {
		df, err := s.SQL(context.Background(), sql)
		if err != nil {
			t.Errorf("%s: %v", sql, err)
			continue
		}
		if got := df.Columns(); len(got) != 1 || got[0] != want {
			t.Errorf("%s: columns %v, want [%s]", sql, got, want)
		}
	}
}

// An expression given on its own (F.expr, selectExpr, filter) shows its own text in the
// parse error's "== SQL ==" block. Each want is str(e) of PySpark 4.2.0 for
// df.select(F.expr(x)), df.selectExpr(x) and df.filter(x) on spark.range(2) (all three
// print the same).
func TestExpressionParseErrorContext(t *testing.T) {
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.Range(0, 2, 1, 0))
	cases := []struct{ expr, want string }{
		{"id +", "\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 4)\n\n== SQL ==\nid +\n----^^^\n"},
		{"id + * 2", "\n[PARSE_SYNTAX_ERROR] Syntax error at or near '2': extra input '2'. SQLSTATE: 42601 (line 1, pos 7)\n\n== SQL ==\nid + * 2\n-------^^^\n"},
		{"a b c", "\n[PARSE_SYNTAX_ERROR] Syntax error at or near 'c': extra input 'c'. SQLSTATE: 42601 (line 1, pos 4)\n\n== SQL ==\na b c\n----^^^\n"},
		{"id\n+ +", "\n[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 2, pos 3)\n\n== SQL ==\nid\n+ +\n---^^^\n"},
		{"", "\n[PARSE_EMPTY_STATEMENT] Syntax error, unexpected empty statement. SQLSTATE: 42617 (line 1, pos 0)\n\n== SQL ==\n\n^^^\n"},
		{"DATE '2020-13-01'", "\n[INVALID_TYPED_LITERAL] The value of the typed literal \"DATE\" is invalid: '2020-13-01'. SQLSTATE: 42604\n== SQL (line 1, position 1) ==\nDATE '2020-13-01'\n^^^^^^^^^^^^^^^^^\n"},
	}
	for _, c := range cases {
		_, selErr := df.Select(Expr(c.expr))
		_, exprErr := df.SelectExpr(c.expr)
		_, filterErr := df.Filter(c.expr)
		for api, err := range map[string]error{"F.expr": selErr, "selectExpr": exprErr, "filter": filterErr} {
			e, ok := sparkerrors.As(err)
			if !ok {
				t.Errorf("%s(%q): error %v", api, c.expr, err)
				continue
			}
			if got := e.Text(); got != c.want || e.Kind != sparkerrors.ParseException {
				t.Errorf("%s(%q): %s\n got %q\nwant %q", api, c.expr, e.Kind, got, c.want)
			}
		}
	}
}
