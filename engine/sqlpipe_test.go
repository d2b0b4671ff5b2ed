package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// SQL pipe syntax, as PySpark 4.2.0 ran docs/sql-pipe-syntax.md's forms over the view
// produce (item, sales, category): each want is the columns then the rows Spark gave
// (sql(q).show() or .collect()), or the error's condition.
func TestSQLPipeSyntax(t *testing.T) {
	s := newTestSession(t)
	ctx := context.Background()
	if _, err := s.SQL(ctx, "CREATE TEMP VIEW produce AS SELECT * FROM VALUES ('apples', 3, 'fruit'), ('bananas', 5, 'fruit'), ('carrots', 8, 'veg'), ('apples', 7, 'fruit') AS t(item, sales, category)"); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ sql, want string }{
		{"FROM produce |> WHERE sales > 3 |> SELECT item, sales |> ORDER BY item, sales",
			"[item sales] [apples 7] [bananas 5] [carrots 8]"},
		{"FROM produce |> AGGREGATE sum(sales) AS total GROUP BY item |> ORDER BY item",
			"[item total] [apples 10] [bananas 5] [carrots 8]"},
		{"FROM produce |> AGGREGATE count(*) AS n, sum(sales) AS s", "[n s] [4 23]"},
		{"FROM produce |> EXTEND sales * 2 AS doubled |> SET sales = sales + 100 |> DROP category |> ORDER BY item, sales",
			"[item sales doubled] [apples 103 6] [apples 107 14] [bananas 105 10] [carrots 108 16]"},
		{"FROM produce |> AS p |> SELECT p.item |> ORDER BY item |> LIMIT 2 OFFSET 0", "[item] [apples] [apples]"},
		{"FROM produce |> WHERE category = 'fruit' |> AGGREGATE max(sales) AS m GROUP BY item |> WHERE m > 4 |> ORDER BY m DESC",
			"[item m] [apples 7] [bananas 5]"},
		{"SELECT 1 AS x, 2 AS y |> EXTEND x + y AS z", "[x y z] [1 2 3]"},
		{"TABLE produce |> SELECT DISTINCT category |> ORDER BY category", "[category] [fruit] [veg]"},
		{"FROM produce |> WHERE produce.sales > 7", "[item sales category] [carrots 8 veg]"},
		{"FROM produce |> AGGREGATE sales", "PIPE_OPERATOR_AGGREGATE_EXPRESSION_CONTAINS_NO_AGGREGATE_FUNCTION"},
		// A view read by its name qualifies its columns by that name only.
		{"SELECT produce.item FROM produce WHERE sales = 8", "[item] [carrots]"},
		{"SELECT t.item FROM produce", "UNRESOLVED_COLUMN.WITH_SUGGESTION"},
	}
	for _, c := range cases {
		df, err := s.SQL(ctx, c.sql)
		var got string
		if err != nil {
			e, ok := sparkerrors.As(err)
			if !ok {
				t.Errorf("%s: %v", c.sql, err)
				continue
			}
			got = e.Class
		} else {
			rows, err := df.Collect(ctx)
			if err != nil {
				t.Errorf("%s: %v", c.sql, err)
				continue
			}
			parts := []string{fmt.Sprint(df.Columns())}
			for _, r := range rows {
				parts = append(parts, fmt.Sprint([]any(r)))
			}
			got = strings.Join(parts, " ")
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.sql, got, c.want)
		}
	}
}
