package sqltypes

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ShowOptions are DataFrame.show()'s arguments.
type ShowOptions struct {
	NumRows  int            // rows to print (Spark's default 20); rows beyond are not printed
	Truncate int            // 0 = off; n > 0 cuts cells longer than n (Spark's default 20)
	Vertical bool           // one "-RECORD i-" block per row
	HasMore  bool           // more rows exist than given (prints the "only showing" footer)
	Loc      *time.Location // session time zone for timestamps (nil = UTC)
}

// ShowString is Show's text.
func ShowString(schema *StructType, rows []Row, opts ShowOptions) string {
	numRows := opts.NumRows
	if numRows < 0 {
		numRows = 0
	}
	hasMore := opts.HasMore || len(rows) > numRows
	if len(rows) > numRows {
		rows = rows[:numRows]
	}
	cells := ShowCells(schema, rows, opts.Truncate, opts.Loc)
	var sb strings.Builder
	numCols := len(schema.Fields)
	if !opts.Vertical {
		widths := make([]int, numCols)
		for i := range widths {
			widths[i] = 3
		}
		for _, row := range cells {
			for i, c := range row {
				widths[i] = max(widths[i], stringHalfWidth(c))
			}
		}
		// Spark joins the cells with mkString("+", "+", "+\n"), so a result without
		// columns (a DDL command's) is framed "++" and "||".
		var sep strings.Builder
		sep.WriteByte('+')
		for _, wd := range widths {
			sep.WriteString(strings.Repeat("-", wd))
			sep.WriteByte('+')
		}
		if len(widths) == 0 {
			sep.WriteByte('+')
		}
		sep.WriteByte('\n')
		line := func(row []string) {
			sb.WriteByte('|')
			if len(row) == 0 {
				sb.WriteByte('|')
			}
			for i, c := range row {
				pad := strings.Repeat(" ", widths[i]-stringHalfWidth(c))
				if opts.Truncate > 0 {
					sb.WriteString(pad)
					sb.WriteString(c)
				} else {
					sb.WriteString(c)
					sb.WriteString(pad)
				}
				sb.WriteByte('|')
			}
			sb.WriteByte('\n')
		}
		sb.WriteString(sep.String())
		line(cells[0])
		sb.WriteString(sep.String())
		for _, row := range cells[1:] {
			line(row)
		}
		sb.WriteString(sep.String())
	} else {
		names := cells[0]
		nameWidth := 3
		for _, n := range names {
			nameWidth = max(nameWidth, stringHalfWidth(n))
		}
		dataWidth := 3
		for _, row := range cells[1:] {
			for _, c := range row {
				dataWidth = max(dataWidth, stringHalfWidth(c))
			}
		}
		for r, row := range cells[1:] {
			header := "-RECORD " + strconv.Itoa(r)
			sb.WriteString(header)
			sb.WriteString(strings.Repeat("-", max(0, nameWidth+dataWidth+5-utf16Length(header))))
			sb.WriteByte('\n')
			for j, c := range row {
				sb.WriteByte(' ')
				sb.WriteString(names[j])
				sb.WriteString(strings.Repeat(" ", nameWidth-stringHalfWidth(names[j])))
				sb.WriteString(" | ")
				sb.WriteString(c)
				sb.WriteString(strings.Repeat(" ", dataWidth-stringHalfWidth(c)))
				sb.WriteString(" \n")
			}
		}
	}
	if opts.Vertical && len(cells) == 1 {
		sb.WriteString("(0 rows)\n")
	} else if hasMore {
		word := "rows"
		if numRows == 1 {
			word = "row"
		}
		// Spark 4.2 ends the text at this line (no newline), so the console sink's and
		// show()'s own newline follow it directly: no blank line after it.
		sb.WriteString("only showing top " + strconv.Itoa(numRows) + " " + word)
	}
	return sb.String()
}

// ShowCells is Spark's getRows: the header (field names) then one line of cell texts per row,
// meta characters escaped and cells cut to truncate (first truncate-3 characters + "...",
// or a plain cut when truncate < 4). Header names are not cut.
func ShowCells(schema *StructType, rows []Row, truncate int, loc *time.Location) [][]string {
	out := make([][]string, 0, len(rows)+1)
	out = append(out, make([]string, len(schema.Fields)))
	for i, f := range schema.Fields {
		out[0][i] = escapeMeta(f.Name)
	}
	for _, row := range rows {
		line := make([]string, len(schema.Fields))
		for i, f := range schema.Fields {
			var v any
			if i < len(row) {
				v = row[i]
			}
			s := FormatValue(v, f.Type, loc)
			if !utf8.ValidString(s) {
				// Spark decodes the bytes to a Java string, replacing malformed sequences.
				s = strings.ToValidUTF8(s, "\uFFFD")
			}
			s = escapeMeta(s)
			if truncate > 0 && utf16Length(s) > truncate {
				if truncate < 4 {
					s = utf16Prefix(s, truncate)
				} else {
					s = utf16Prefix(s, truncate-3) + "..."
				}
			}
			line[i] = s
		}
		out = append(out, line)
	}
	return out
}

// escapeMeta is SchemaUtils.escapeMetaCharacters: control characters that would break the
// table are shown as escapes.
func escapeMeta(s string) string {
	if !strings.ContainsAny(s, "\n\r\t\f\b\v\a") {
		return s
	}
	r := strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`, "\f", `\f`, "\b", `\b`, "\v", `\v`, "\a", `\a`)
	return r.Replace(s)
}
