package showtext

import (
	"reflect"
	"strings"
	"testing"
)

func TestTables(t *testing.T) {
	text := strings.Join([]string{
		"Sent 3 events",
		"+--------+-----+",
		"|order_id|total|",
		"+--------+-----+",
		"|    1001| 25.5|",
		"|    1002| null|",
		"+--------+-----+",
		"",
		"+---+",
		"|  n|",
		"+---+",
		"+---+",
		"only showing top 20 rows",
		"+---+ not a border",
		"|a|b|",
	}, "\n")
	got := Tables(strings.Split(text, "\n"))
	want := []Table{
		{First: 1, Last: 6, Header: []string{"order_id", "total"}, Rows: [][]string{{"1001", "25.5"}, {"1002", "null"}}},
		{First: 8, Last: 11, Header: []string{"n"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tables = %+v\nwant %+v", got, want)
	}
}

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		line        string
		border, row bool
		cells       []string
	}{
		{"+---+--+", true, false, []string{"---", "--"}},
		{"|  a|bc|", false, true, []string{"  a", "bc"}},
		{"+", false, false, nil},
		{"+--", false, false, nil},
		{"| x", false, false, nil},
		{"||", false, true, []string{""}},
	} {
		if IsBorder(tc.line) != tc.border || IsRow(tc.line) != tc.row {
			t.Errorf("%q: border %v row %v", tc.line, IsBorder(tc.line), IsRow(tc.line))
		}
		if tc.cells != nil && !reflect.DeepEqual(Cells(tc.line), tc.cells) {
			t.Errorf("Cells(%q) = %q, want %q", tc.line, Cells(tc.line), tc.cells)
		}
	}
}
