package plan

import (
	"strings"
	"testing"
)

func TestParseMerge(t *testing.T) {
	tests := []struct {
		name, sql                   string
		target, tAlias, src, sAlias string
		query                       bool
		clauses                     []string // kind/action/star/ncols/cond per clause
	}{
		{name: "docs upsert", sql: `MERGE INTO people USING people_updates ON people.id = people_updates.id
			WHEN MATCHED THEN UPDATE SET id = people_updates.id, salary = people_updates.salary
			WHEN NOT MATCHED THEN INSERT (id, salary) VALUES (people_updates.id, people_updates.salary)`,
			target: "`people`", src: "`people_updates`",
			clauses: []string{"0 update false 2 false", "1 insert false 2 false"}},
		{name: "aliases and subquery", sql: `MERGE INTO t AS tt USING (SELECT 1 AS k) s ON tt.k = s.k
			WHEN MATCHED AND s.k > 0 THEN DELETE WHEN MATCHED THEN UPDATE SET *
			WHEN NOT MATCHED BY TARGET THEN INSERT *
			WHEN NOT MATCHED BY SOURCE AND tt.k = 2 THEN UPDATE SET tt.v = 'x'
			WHEN NOT MATCHED BY SOURCE THEN DELETE;`,
			target: "`t`", tAlias: "tt", sAlias: "s", query: true,
			clauses: []string{"0 delete false 0 true", "0 update true 0 false", "1 insert true 0 false", "2 update false 1 true", "2 delete false 0 false"}},
		{name: "bare aliases", sql: "MERGE INTO db.t x USING src y ON x.a = y.a WHEN NOT MATCHED THEN INSERT (a) VALUES (y.a)",
			target: "`db`.`t`", tAlias: "x", src: "`src`", sAlias: "y", clauses: []string{"1 insert false 1 false"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := ParseQuery(tt.sql)
			if err != nil {
				t.Fatal(err)
			}
			m := q.Merge
			if m == nil {
				t.Fatal("not parsed as MERGE")
			}
			if m.Target != tt.target || m.TargetAlias != tt.tAlias || m.Source != tt.src || m.SourceAlias != tt.sAlias || (m.SourceQuery != "") != tt.query {
				t.Errorf("got target %q alias %q source %q/%q alias %q", m.Target, m.TargetAlias, m.Source, m.SourceQuery, m.SourceAlias)
			}
			if m.On == nil {
				t.Error("no ON condition")
			}
			var got []string
			for _, c := range m.Clauses {
				got = append(got, strings.Join([]string{itoa(int(c.Kind)), c.Action, boolText(c.Star), itoa(len(c.Set)), boolText(c.Cond != nil)}, " "))
			}
			if strings.Join(got, "|") != strings.Join(tt.clauses, "|") {
				t.Errorf("clauses %q, want %q", got, tt.clauses)
			}
		})
	}
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func TestParseMergeErrors(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"MERGE t USING s ON t.a = s.a WHEN MATCHED THEN DELETE", "PARSE_SYNTAX_ERROR"},
		{"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED THEN DELETE", "PARSE_SYNTAX_ERROR"},
		{"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED BY SOURCE THEN UPDATE SET *", "UPDATE SET *"},
		{"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED THEN INSERT (a, b) VALUES (1)", "MERGE_INSERT_VALUE_COUNT_MISMATCH"},
		{"MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN UPDATE SET a = 1 extra", "PARSE_SYNTAX_ERROR"},
	}
	for _, tt := range tests {
		_, err := ParseQuery(tt.sql)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error with %s", tt.sql, err, tt.want)
		}
	}
}

func TestParseInsertForms(t *testing.T) {
	tests := []struct {
		sql       string
		overwrite bool
		cols      string
		replace   string
		values    int
		query     string
	}{
		{sql: "INSERT INTO t (b, a) VALUES (1, 2), (3, 4)", cols: "b,a", values: 2},
		{sql: "INSERT OVERWRITE TABLE t SELECT * FROM s", overwrite: true, query: "SELECT * FROM s"},
		{sql: "INSERT OVERWRITE t VALUES (1)", overwrite: true, values: 1},
		{sql: "INSERT INTO t REPLACE WHERE d = DATE'2024-05-01' SELECT 1", replace: "d = DATE'2024-05-01'", query: "SELECT 1"},
		{sql: "INSERT INTO t (SELECT 1)", query: "(SELECT 1)"},
	}
	for _, tt := range tests {
		q, err := ParseQuery(tt.sql)
		if err != nil {
			t.Fatalf("%s: %v", tt.sql, err)
		}
		ins := q.Insert
		if ins.Overwrite != tt.overwrite || strings.Join(ins.Columns, ",") != tt.cols || ins.ReplaceWhereText != tt.replace ||
			len(ins.Values) != tt.values || ins.Select != tt.query {
			t.Errorf("%s: got %+v", tt.sql, ins)
		}
	}
}

func TestExprSQL(t *testing.T) {
	for in, want := range map[string]string{
		"day = DATE'2024-05-01'":               "(day = DATE '2024-05-01')",
		"a > 1 AND b IS NOT NULL":              "((a > 1) AND (b IS NOT NULL))",
		"`my col` = 'x' OR NOT c":              "((`my col` = 'x') OR (NOT c))",
		"ts >= TIMESTAMP'2024-01-01 00:00:00'": "(ts >= TIMESTAMP '2024-01-01 00:00:00')",
	} {
		e, err := ParseExpression(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := ExprSQL(e); !ok || got != want {
			t.Errorf("ExprSQL(%s) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
