package plan

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// SourceFilter keeps the conjuncts Spark translates to data source filters for a file scan
// and drops the rest (they are evaluated only above the scan).
func TestSourceFilter(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("name STRING, age INT, ts TIMESTAMP")}}
	tests := []struct {
		cond string
		want string // the pushed condition's SQL, "" for none
	}{
		{"age > 18", "(age > 18)"},
		{"18 <= age", "(18 <= age)"},
		{"age > 18 AND name = 'ann'", "((age > 18) AND (name = ann))"},
		{"age > 18 AND upper(name) = 'ANN'", "(age > 18)"},
		{"age + 1 > 18", ""},
		{"age > 18 OR name LIKE 'a%'", "((age > 18) OR name LIKE a%)"},
		{"name LIKE 'a_b'", ""},
		{"age > 18 OR length(name) > 2", ""},
		{"NOT (age IN (1, 2))", "(NOT (age IN (1, 2)))"},
		{"name IS NOT NULL AND age <=> 3", "((name IS NOT NULL) AND (age <=> 3))"},
		{"age != 4", "(age != 4)"},
		{"age > rand()", ""},
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.cond)
		if err != nil {
			t.Fatalf("%s: %v", tc.cond, err)
		}
		f, err := NewFilter(rel, e)
		if err != nil {
			t.Fatalf("%s: %v", tc.cond, err)
		}
		got := ""
		if b := SourceFilter(f.Cond); b != nil {
			got = b.SQL()
		}
		if got != tc.want {
			t.Errorf("%s: pushed %q, want %q", tc.cond, got, tc.want)
		}
	}
}
