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
		{24, []string{ // the customer column does not fit: cut, and said so with …
			"before",
			"╭──────────┬───────╮",
			"│ order_id │ total │…",
			"├──────────┼───────┤",
			"│     1001 │ 12.50 │…",
			"│     1002 │  null │…",
			"╰──────────┴───────╯",
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
