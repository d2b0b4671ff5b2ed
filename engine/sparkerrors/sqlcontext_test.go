package sparkerrors

import "testing"

// The context blocks as PySpark 4.2.0 printed them (str(e) of spark.sql(sql)).
func TestSQLContextTails(t *testing.T) {
	cases := []struct {
		name, sql  string
		start, end int // end 0: a syntax error at start
		want       string
	}{
		{"caret under the first line", "SELECT id FROM t\n  WHERE id = 1 1", 32, 0,
			" (line 2, pos 15)\n\n== SQL ==\nSELECT id FROM t\n  WHERE id = 1 1\n---------------^^^\n"},
		// spark.sql("SELECT *\nFROM t t2 t3\nWHERE x")
		{"lines below the caret", "SELECT *\nFROM t t2 t3\nWHERE x", 19, 0,
			" (line 2, pos 10)\n\n== SQL ==\nSELECT *\nFROM t t2 t3\n----------^^^\nWHERE x\n"},
		{"empty statement", "", 0, 0, " (line 1, pos 0)\n\n== SQL ==\n\n^^^\n"},
		// spark.sql("SELECT id,\n  DATE '2020-13-01' AS d\nFROM t")
		{"fragment on its line", "SELECT id,\n  DATE '2020-13-01' AS d\nFROM t", 13, 30,
			"\n== SQL (line 2, position 3) ==\n  DATE '2020-13-01' AS d\n  ^^^^^^^^^^^^^^^^^\n"},
		// a DATE literal among 27 numbers: 32 characters either side, then "..."
		{"fragment cut short", "SELECT 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, DATE '2020-13-01', 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27", 58, 75,
			"\n== SQL (line 1, position 59) ==\n..., 8, 9, 10, 11, 12, 13, 14, 15, DATE '2020-13-01', 16, 17, 18, 19, 20, 21, 22, 23...\n                                   ^^^^^^^^^^^^^^^^^\n"},
	}
	for _, c := range cases {
		var got string
		if c.end == 0 {
			got = SyntaxTail(c.sql, c.start)
		} else {
			got = OriginTail(c.sql, c.start, c.end)
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
