package plan

import (
	"errors"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// An unresolved name parsed from SQL text ends Spark's message with where it stands in
// that text; a name given as a string (col("x")) has no place.
func TestUnresolvedColumnOrigin(t *testing.T) {
	tests := []struct {
		expr Expr
		want string
	}{
		{mustParse(t, "amout > 10"), "SQLSTATE: 42703; line 1 pos 0;"},
		{mustParse(t, "CAST(valu AS STRING)"), "SQLSTATE: 42703; line 1 pos 5;"},
		{mustParse(t, "order_id +\n  qtty"), "SQLSTATE: 42703; line 2 pos 2;"},
		{Col("amout"), "SQLSTATE: 42703;"},
	}
	for _, tc := range tests {
		_, err := Resolve(tc.expr, &Scope{Schema: ordersSchema})
		var se *sparkerrors.Error
		if !errors.As(err, &se) || !strings.HasSuffix(se.Text(), tc.want) {
			t.Errorf("%v: error %v, want its text to end with %q", tc.expr, err, tc.want)
		}
	}
}

func mustParse(t *testing.T, text string) Expr {
	t.Helper()
	e, err := ParseExpression(text)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A dynamic session gap is read per row; a row whose gap is null, unreadable or not
// positive opens no session (Spark filters it out of the aggregation).
func TestSessionWindowDynamicGap(t *testing.T) {
	e := mustParse(t, "session_window(event_time, CASE WHEN customer_id = 'C01' THEN '10 minutes' WHEN order_id = 1002 THEN '0 seconds' END)")
	b, err := Resolve(e, &Scope{Schema: ordersSchema})
	if err != nil {
		t.Fatal(err)
	}
	sw, ok := b.(*SessionWindow)
	if !ok {
		t.Fatalf("bound %T, want *SessionWindow", b)
	}
	ec := evalCtx(t)
	tests := []struct {
		row    int
		gap    int64
		opened bool
	}{
		{0, 10 * 60 * 1_000_000, true},
		{1, 0, false},
	}
	for _, tc := range tests {
		gap, opened, err := sw.GapOf(ec, ordersRows[tc.row])
		if err != nil || gap != tc.gap || opened != tc.opened {
			t.Errorf("row %d: gap %d opened %v err %v, want %d %v", tc.row, gap, opened, err, tc.gap, tc.opened)
		}
	}
	v, err := sw.Eval(ec, ordersRows[0])
	want := sqltypes.Row{ts("2026-10-01T09:15:00Z"), ts("2026-10-01T09:25:00Z")}
	if got, ok := v.(sqltypes.Row); err != nil || !ok || len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("session of row 0: %v %v, want %v", v, err, want)
	}
}

func TestQueryTableAlias(t *testing.T) {
	tests := []struct{ sql, table, alias string }{
		{"SELECT w.a FROM t w", "`t`", "w"},
		{"SELECT x.a FROM db.t AS x WHERE x.a > 1", "`db`.`t`", "x"},
		{"SELECT a FROM t WHERE a > 1", "`t`", ""},
		{"SELECT a FROM t ORDER BY a", "`t`", ""},
	}
	for _, tc := range tests {
		q, err := ParseQuery(tc.sql)
		if err != nil {
			t.Errorf("%s: %v", tc.sql, err)
			continue
		}
		if q.Table != tc.table || q.TableAlias != tc.alias {
			t.Errorf("%s: table %q alias %q, want %q %q", tc.sql, q.Table, q.TableAlias, tc.table, tc.alias)
		}
	}
}

// A clause word that ends a query is the table's alias, as Spark's grammar reads it
// (SELECT id FROM t WHERE runs on t aliased WHERE, corpus sql35); followed by its clause
// it is the clause.
func TestTrailingClauseWordIsAnAlias(t *testing.T) {
	for _, tc := range []struct{ sql, alias string }{
		{"SELECT id FROM t WHERE", "WHERE"},
		{"SELECT id FROM t LIMIT", "LIMIT"},
		{"SELECT id FROM t WHERE id > 1", ""},
		{"SELECT id FROM t x", "x"},
	} {
		q, err := ParseQuery(tc.sql)
		if err != nil || q.TableAlias != tc.alias {
			t.Errorf("%s: alias %q (%v), want %q", tc.sql, q.TableAlias, err, tc.alias)
		}
	}
	if _, err := ParseQuery("SELECT id FROM t JOIN"); err == nil {
		t.Errorf("SELECT id FROM t JOIN parsed: JOIN is never an alias")
	}
}
