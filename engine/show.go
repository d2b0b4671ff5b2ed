package engine

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// showString renders rows as Spark's Dataset.showString: rows holds up to n+1 rows, the
// extra one only telling that more exist.
func showString(schema *sqltypes.StructType, rows []sqltypes.Row, n, truncate int, vertical bool, loc *time.Location) string {
	more := len(rows) > n
	if more {
		rows = rows[:max(n, 0)]
	}
	ec := &plan.EvalContext{Location: loc}
	header := schema.Names()
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = make([]string, len(r))
		for j, v := range r {
			s := cellString(ec, v, schema.Fields[j].Type)
			if truncate > 0 && utf8.RuneCountInString(s) > truncate {
				rs := []rune(s)
				if truncate < 4 {
					s = string(rs[:truncate])
				} else {
					s = string(rs[:truncate-3]) + "..."
				}
			}
			cells[i][j] = s
		}
	}
	var b strings.Builder
	if vertical {
		width := 0
		for _, h := range header {
			width = max(width, utf8.RuneCountInString(h))
		}
		dataWidth := 0
		for _, r := range cells {
			for _, c := range r {
				dataWidth = max(dataWidth, utf8.RuneCountInString(c))
			}
		}
		if len(rows) == 0 {
			b.WriteString("(0 rows)\n")
			return b.String()
		}
		for i, r := range cells {
			title := "-RECORD " + itoa(i)
			b.WriteString(title)
			b.WriteString(strings.Repeat("-", max(width+dataWidth+3-len(title), 0)))
			b.WriteString("\n")
			for j, c := range r {
				b.WriteString(" ")
				b.WriteString(pad(header[j], width, false))
				b.WriteString(" | ")
				b.WriteString(pad(c, dataWidth, false))
				b.WriteString(" \n")
			}
		}
	} else {
		widths := make([]int, len(header))
		for j, h := range header {
			widths[j] = max(3, utf8.RuneCountInString(h))
		}
		for _, r := range cells {
			for j, c := range r {
				widths[j] = max(widths[j], utf8.RuneCountInString(c))
			}
		}
		sep := "+"
		for _, w := range widths {
			sep += strings.Repeat("-", w) + "+"
		}
		sep += "\n"
		line := func(vals []string) {
			b.WriteString("|")
			for j, v := range vals {
				b.WriteString(pad(v, widths[j], truncate > 0))
				b.WriteString("|")
			}
			b.WriteString("\n")
		}
		b.WriteString(sep)
		line(header)
		b.WriteString(sep)
		for _, r := range cells {
			line(r)
		}
		b.WriteString(sep)
	}
	if more {
		if n == 1 {
			b.WriteString("only showing top 1 row\n")
		} else {
			b.WriteString("only showing top " + itoa(n) + " rows\n")
		}
	}
	return b.String()
}

func pad(s string, w int, right bool) string {
	n := w - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	neg := i < 0
	if neg {
		i = -i
	}
	var d []byte
	for i > 0 {
		d = append([]byte{byte('0' + i%10)}, d...)
		i /= 10
	}
	if neg {
		return "-" + string(d)
	}
	return string(d)
}

// cellString is Spark's ToPrettyString for one cell.
func cellString(ec *plan.EvalContext, v any, t sqltypes.DataType) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case []byte:
		parts := make([]string, len(x))
		for i, c := range x {
			parts[i] = strings.ToUpper(hex2(c))
		}
		return "[" + strings.Join(parts, " ") + "]"
	case sqltypes.Row:
		st, _ := t.(*sqltypes.StructType)
		parts := make([]string, len(x))
		for i, e := range x {
			var ft sqltypes.DataType = sqltypes.String
			if st != nil {
				ft = st.Fields[i].Type
			}
			parts[i] = cellString(ec, e, ft)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		at, _ := t.(sqltypes.ArrayType)
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = cellString(ec, e, at.Element)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	s, err := plan.Convert(ec, v, t, sqltypes.String)
	if err != nil {
		return "?"
	}
	return s.(string)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
