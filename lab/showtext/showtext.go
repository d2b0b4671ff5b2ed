// Package showtext reads the tables DataFrame.show() prints. It is the one parser of show()
// text: the screens that redraw a table, the step explanation that looks for an empty
// result and the harness that compares Spark's output with kafkalab's all use it.
package showtext

import "strings"

// Table is one show() table in a text: its top border is line First, its last line
// (the bottom border, when the text has one) is line Last.
type Table struct {
	First, Last int
	Header      []string   // column names, trimmed
	Rows        [][]string // cells, trimmed
}

// IsBorder reports whether a line is a show() border such as "+---+-----+".
func IsBorder(line string) bool {
	return len(line) >= 3 && line[0] == '+' && line[len(line)-1] == '+' && strings.Trim(line, "+-") == ""
}

// IsRow reports whether a line is a show() row or header such as "|  1|abc|".
func IsRow(line string) bool {
	return len(line) >= 2 && line[0] == '|' && line[len(line)-1] == '|'
}

// Cells splits a row (or a border) into its cells as printed, padding kept: the text
// between its separators ('|' in a row, '+' in a border).
func Cells(line string) []string {
	sep := "|"
	if IsBorder(line) {
		sep = "+"
	}
	return strings.Split(line[1:len(line)-1], sep)
}

// Tables finds the show() tables in lines: a border, a header row, a border, the rows,
// and the bottom border.
func Tables(lines []string) []Table {
	var out []Table
	for i := 0; i+2 < len(lines); i++ {
		if !IsBorder(lines[i]) || !IsRow(lines[i+1]) || !IsBorder(lines[i+2]) {
			continue
		}
		t := Table{First: i, Header: trimmed(Cells(lines[i+1]))}
		j := i + 3
		for ; j < len(lines) && IsRow(lines[j]); j++ {
			t.Rows = append(t.Rows, trimmed(Cells(lines[j])))
		}
		if j < len(lines) && IsBorder(lines[j]) {
			j++
		}
		t.Last = j - 1
		out = append(out, t)
		i = t.Last
	}
	return out
}

func trimmed(cells []string) []string {
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}
