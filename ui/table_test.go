package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/ui/theme"
)

func TestRenderOutputRedrawsShowTables(t *testing.T) {
	out := "before\n+--------+-----+-----------+\n|order_id|total|customer   |\n+--------+-----+-----------+\n|    1001|12.50|alice      |\n|    1002| null|bob        |\n+--------+-----+-----------+\nonly showing top 2 rows\n"
	for _, tc := range []struct {
		w    int
		want []string
	}{
		{60, []string{
			"before",
			"╭──────────┬───────┬──────────╮",
			"│ order_id │ total │ customer │",
			"├──────────┼───────┼──────────┤",
			"│     1001 │ 12.50 │ alice    │",
			"│     1002 │  null │ bob      │",
			"╰──────────┴───────┴──────────╯",
			"only showing top 2 rows",
		}},
		{24, []string{ // narrower than the table: drawn whole all the same (the pane scrolls sideways)
			"before",
			"╭──────────┬───────┬──────────╮",
			"│ order_id │ total │ customer │",
			"├──────────┼───────┼──────────┤",
			"│     1001 │ 12.50 │ alice    │",
			"│     1002 │  null │ bob      │",
			"╰──────────┴───────┴──────────╯",
			"only showing top 2 rows",
		}},
	} {
		got := renderOutput(theme.Plain(), out, tc.w)
		for i := range got {
			got[i] = ansi.Strip(got[i])
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("width %d:\n%s\nwant:\n%s", tc.w, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

func TestExpandTabs(t *testing.T) {
	if got := expandTabs("a\tbc\td"); got != "a       bc      d" {
		t.Errorf("%q", got)
	}
}

// A truncate=False table keeps its long cells whole, and a long line wraps between words.
func TestRenderOutputKeepsLongCellsAndWrapsWords(t *testing.T) {
	long := strings.Repeat("x", 60)
	out := "+---+\n|v  |\n+---+\n|" + long + "|\n+---+\nthe quick brown fox jumps"
	got := renderOutput(theme.Plain(), out, 12)
	joined := ansi.Strip(strings.Join(got, "\n"))
	if !strings.Contains(joined, long) {
		t.Errorf("long cell cut:\n%s", joined)
	}
	if !strings.HasSuffix(joined, "the quick\nbrown fox\njumps") {
		t.Errorf("not wrapped at words:\n%s", joined)
	}
}
