package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// df.crosstab counts each pair: the first column holds col1's values as strings, the
// others are col2's values as strings, in string order ("10" before "8"), 0 where a pair
// never occurs (PySpark's docstring: c1_c2 | 10 | 11 | 8).
func TestCrosstab(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	tests := []struct {
		name       string
		rows       []sqltypes.Row
		ddl        string
		wantHeader string
		wantRows   string
	}{
		{"the docstring's table", []sqltypes.Row{{1, 11}, {1, 11}, {3, 10}, {4, 8}, {4, 8}}, "c1 INT, c2 INT",
			"c1_c2,10,11,8", "[1 0 2 0] [3 1 0 0] [4 0 0 2]"},
		{"nulls are named null, backquotes dropped", []sqltypes.Row{{"a", nil}, {nil, "x`y"}, {"a", "x`y"}}, "c1 STRING, c2 STRING",
			"c1_c2,null,xy", "[a 1 1] [null 0 1]"},
		{"doubles as Java writes them", []sqltypes.Row{{1.0, true}, {2.5, false}}, "c1 DOUBLE, c2 BOOLEAN",
			"c1_c2,false,true", "[1.0 0 1] [2.5 1 0]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			df := must[*DataFrame](t)(s.CreateDataFrameDDL(tc.rows, tc.ddl))
			out, err := df.Crosstab(ctx, "c1", "c2")
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(out.Columns(), ","); got != tc.wantHeader {
				t.Errorf("columns %s, want %s", got, tc.wantHeader)
			}
			rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
			var got []string
			for _, r := range rows {
				got = append(got, fmt.Sprint(r))
			}
			sort.Strings(got)
			if g := strings.Join(got, " "); g != tc.wantRows {
				t.Errorf("rows %s, want %s", g, tc.wantRows)
			}
		})
	}
}

// df.freqItems keeps at most 1/support values per column by Karp et al.'s counting: with
// few distinct values all of them; with more, the values that outlast the decrements.
func TestFreqItems(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	many := []sqltypes.Row{}
	for _, v := range []int{1, 1, 1, 1, 2, 3, 1, 4, 5, 1} {
		many = append(many, sqltypes.Row{v})
	}
	tests := []struct {
		name    string
		rows    []sqltypes.Row
		ddl     string
		support float64
		want    string
	}{
		{"the docstring's columns", []sqltypes.Row{{1, 11}, {1, 11}, {3, 10}, {4, 8}, {4, 8}}, "c1 INT, c2 INT", 0.01,
			"c1_freqItems,c2_freqItems [[1 3 4] [8 10 11]]"},
		{"NULL is counted", []sqltypes.Row{{nil, "a"}, {2, nil}}, "c1 INT, c2 STRING", 0.01,
			"c1_freqItems,c2_freqItems [[<nil> 2] [<nil> a]]"},
		// Two counters: 2 and 3 cancel out, 4 and 5 too; 1 stays.
		{"a frequent value outlasts the rest", many, "c1 INT", 0.5, "c1_freqItems [[1]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			df := must[*DataFrame](t)(s.CreateDataFrameDDL(tc.rows, tc.ddl))
			df = must[*DataFrame](t)(df.Coalesce(1))
			out, err := df.FreqItems(ctx, df.Columns(), tc.support)
			if err != nil {
				t.Fatal(err)
			}
			rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
			// The order of each array is the counters'; sort it to compare.
			for _, r := range rows {
				for k, v := range r {
					items := v.([]any)
					el := out.Schema().Fields[k].Type.(sqltypes.ArrayType).Element
					sort.Slice(items, func(i, j int) bool { return sqltypes.Compare(items[i], items[j], el) < 0 })
				}
			}
			if got := strings.Join(out.Columns(), ",") + " " + fmt.Sprint(rows[0]); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// df.isLocal() is true only for data the driver holds: a command's result, a local
// relation; not Python data (an RDD on Spark), a range or a query over them.
func TestIsLocal(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	rows := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{1, 11}, {3, 10}}, "c1 INT, c2 INT"))
	tests := []struct {
		name string
		df   func() (*DataFrame, error)
		want bool
	}{
		{"SHOW TABLES", func() (*DataFrame, error) { return s.SQL(ctx, "SHOW TABLES") }, true},
		{"transpose's table", func() (*DataFrame, error) { return rows.Transpose(ctx, nil) }, true},
		{"crosstab's table, an aggregate", func() (*DataFrame, error) { return rows.Crosstab(ctx, "c1", "c2") }, false},
		{"freqItems's row, an aggregate", func() (*DataFrame, error) { return rows.FreqItems(ctx, []string{"c1"}, 0.01) }, false},
		{"Python rows", func() (*DataFrame, error) { return rows, nil }, false},
		{"SELECT 1", func() (*DataFrame, error) { return s.SQL(ctx, "SELECT 1") }, false},
		{"a filter over local rows", func() (*DataFrame, error) {
			ct, err := rows.Transpose(ctx, nil)
			if err != nil {
				return nil, err
			}
			return ct.Filter(Expr("key = 'c2'"))
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			df, err := tc.df()
			if err != nil {
				t.Fatal(err)
			}
			if got := df.IsLocal(); got != tc.want {
				t.Errorf("IsLocal() = %v, want %v", got, tc.want)
			}
		})
	}
}

// col.isin(df) is an IN subquery over the DataFrame's rows; struct(a, b).isin(df) compares
// each field with the DataFrame's columns in turn (PySpark's Column.isin docstring).
func TestIsInDataFrame(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	people := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int64(2), "Alice"}, {int64(5), "Bob"}, {int64(8), "Mike"}, {nil, "Nobody"}},
		"age BIGINT, name STRING"))
	ids := must[*DataFrame](t)(s.Range(0, 6, 1, 1))
	none := must[*DataFrame](t)(ids.Filter(Expr("id > 100")))
	pairs := must[*DataFrame](t)(ids.Select(Col("id"), Lit("Bob")))
	tests := []struct {
		name string
		cond *Column
		want string
	}{
		{"values of one column", Col("age").IsInDataFrame(ctx, ids), "[[2 Alice] [5 Bob]]"},
		{"NOT IN", Col("age").IsInDataFrame(ctx, ids).Not(), "[[8 Mike]]"},
		{"no rows", Col("age").IsInDataFrame(ctx, none), "[]"},
		{"a struct against two columns", Struct(Col("age"), Col("name")).IsInDataFrame(ctx, pairs), "[[5 Bob]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := people.Filter(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
			if got := fmt.Sprint(rows); got != tc.want {
				t.Errorf("rows %s, want %s", got, tc.want)
			}
		})
	}
	if _, err := people.Filter(Col("age").IsInDataFrame(ctx, pairs)); err == nil {
		t.Error("a column against two columns: no error")
	}
}

// df.transpose turns the index column's values (NULLs left out, ascending) into columns
// and every other column into a row named in "key", its values of the columns' common type.
func TestTranspose(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	tests := []struct {
		name   string
		rows   []sqltypes.Row
		ddl    string
		index  any
		schema string
		want   string
	}{
		{"the docstring's table", []sqltypes.Row{{"A", 1, 2}, {"B", 3, 4}}, "id STRING, val1 INT, val2 INT", nil,
			"STRUCT<key: STRING NOT NULL, A: INT, B: INT>", "[[val1 1 3] [val2 2 4]]"},
		{"an index by name, in order, without NULL", []sqltypes.Row{{int64(10), 3}, {int64(20), nil}, {int64(30), 1}}, "v BIGINT, k INT", "k",
			"STRUCT<key: STRING NOT NULL, `1`: BIGINT, `3`: BIGINT>", "[[v 30 10]]"},
		{"values widened", []sqltypes.Row{{"x", 1, 2.5}}, "id STRING, a INT, b DOUBLE", Col("id"),
			"STRUCT<key: STRING NOT NULL, x: DOUBLE>", "[[a 1] [b 2.5]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			df := must[*DataFrame](t)(s.CreateDataFrameDDL(tc.rows, tc.ddl))
			out, err := df.Transpose(ctx, tc.index)
			if err != nil {
				t.Fatal(err)
			}
			if got := out.Schema().SQL(); got != tc.schema {
				t.Errorf("schema %s, want %s", got, tc.schema)
			}
			rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
			if got := fmt.Sprint(rows); got != tc.want {
				t.Errorf("rows %s, want %s", got, tc.want)
			}
		})
	}
}

// df.inputFiles() lists the data files its file reads take (not _SUCCESS or hidden ones),
// as file: URIs, once each; a DataFrame of no file reads none.
func TestInputFiles(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("part-00000.json", "{\"a\": 1}\n")
	write("part-00001.json", "{\"a\": 2}\n")
	write("_SUCCESS", "")
	write(".part-00000.json.crc", "")
	uri := func(name string) string { return "file:" + filepath.ToSlash(filepath.Join(dir, name)) }
	tests := []struct {
		name string
		df   func() (*DataFrame, error)
		want []string
	}{
		{"json", func() (*DataFrame, error) { return s.Read().Format("json").Load(ctx, dir) }, []string{uri("part-00000.json"), uri("part-00001.json")}},
		{"text", func() (*DataFrame, error) { return s.Read().Format("text").Load(ctx, dir) }, []string{uri("part-00000.json"), uri("part-00001.json")}},
		{"a self-union, each file once", func() (*DataFrame, error) {
			df, err := s.Read().Format("json").Load(ctx, dir)
			if err != nil {
				return nil, err
			}
			return df.Union(df)
		}, []string{uri("part-00000.json"), uri("part-00001.json")}},
		{"no files", func() (*DataFrame, error) { return s.Range(0, 3, 1, 1) }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			df, err := tc.df()
			if err != nil {
				t.Fatal(err)
			}
			got, err := df.InputFiles()
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("InputFiles() = %v, want %v", got, tc.want)
			}
		})
	}
}

// df.sameSemantics compares the queries, not the names their columns get: two ranges of
// the same numbers are the same, two createDataFrame calls never are.
func TestSameSemantics(t *testing.T) {
	s := newTestSession(t)
	r1 := must[*DataFrame](t)(s.Range(0, 10, 1, 2))
	r2 := must[*DataFrame](t)(s.Range(0, 10, 1, 2))
	r3 := must[*DataFrame](t)(s.Range(0, 11, 1, 2))
	rows := []sqltypes.Row{{1}}
	c1 := must[*DataFrame](t)(s.CreateDataFrameDDL(rows, "a INT"))
	c2 := must[*DataFrame](t)(s.CreateDataFrameDDL(rows, "a INT"))
	with := func(df *DataFrame, name, expr string) *DataFrame {
		return must[*DataFrame](t)(df.WithColumn(name, Expr(expr)))
	}
	tests := []struct {
		name string
		a, b *DataFrame
		want bool
	}{
		{"same expression", with(r1, "col1", "id * 2"), with(r2, "col1", "id * 2"), true},
		{"another expression", with(r1, "col1", "id * 2"), with(r2, "col1", "id + 2"), false},
		{"another name", with(r1, "col1", "id * 2"), with(r2, "col0", "id * 2"), true},
		{"other rows", r1, r3, false},
		{"two createDataFrame calls", c1, c2, false},
		{"one createDataFrame", with(c1, "b", "a + 1"), with(c1, "b", "a + 1"), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.SameSemantics(tc.b); got != tc.want {
				t.Errorf("SameSemantics = %v, want %v\n%s\n%s", got, tc.want, plan.Canonical(tc.a.Plan()), plan.Canonical(tc.b.Plan()))
			}
		})
	}
}
