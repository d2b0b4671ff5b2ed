package plan

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// colRegex selects the columns whose whole name the pattern matches, case-insensitively;
// a leading possessive group excludes what it matches as Java does ((Col1)?+.+ is every
// column but Col1); other possessive forms are refused rather than matched differently.
func TestColRegex(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("Col1 INT, Col2 INT, col10 INT, name STRING")}}
	tests := []struct {
		regex string
		want  string // selected columns, or "error"
	}{
		{"(Col1)?+.+", "Col2,col10,name"},
		{"Col.*", "Col1,Col2,col10"},
		{"col1", "Col1"},
		{"c.l[0-9]", "Col1,Col2"},
		{"n.+e", "name"},
		{"x", ""},
		{"Col\\d++", "error"},
		{"(", "error"},
	}
	for _, tc := range tests {
		p, err := NewProject(rel, []Expr{Star{Regex: tc.regex}})
		got := "error"
		if err == nil {
			var names []string
			for _, f := range Schema(p).Fields {
				names = append(names, f.Name)
			}
			got = strings.Join(names, ",")
		}
		if got != tc.want {
			t.Errorf("colRegex(`%s`) = %q (%v), want %q", tc.regex, got, err, tc.want)
		}
	}
}
