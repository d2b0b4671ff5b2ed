package plan

import (
	"testing"
)

// FuzzParseAndResolve feeds arbitrary text to the SQL expression parser and the analyser:
// they may reject it, never panic.
func FuzzParseAndResolve(f *testing.F) {
	for _, s := range []string{
		"CAST(value AS STRING) as json", "amount * 2 + 1", "a.b.c", "event.*", "count(*)",
		"CASE WHEN qty > 1 THEN 'x' ELSE NULL END", "from_json(status, 'a INT')", "-1.5e3D",
		"`we``ird`", "x IN (1, 2, NULL)", "NOT NOT a", "((((", "'\\'", "1.2.3", "CAST(x AS DECIMAL(40,2))",
		"SELECT a FROM t WHERE b ORDER BY c DESC NULLS LAST LIMIT 3",
	} {
		f.Add(s)
	}
	sc := &Scope{Schema: ordersSchema}
	f.Fuzz(func(t *testing.T, s string) {
		if e, err := ParseSelectItem(s); err == nil {
			if b, err := Resolve(e, sc); err == nil {
				_, _ = b.Eval(evalCtxNoT(), ordersRows[0])
			}
		}
		_, _ = ParseExpression(s)
		_, _ = ParseQuery(s)
	})
}

func evalCtxNoT() *EvalContext {
	ec, _ := NewEvalContext("UTC", true, ordersNow)
	return ec
}
