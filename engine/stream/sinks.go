package stream

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// MemorySink is writeStream.format("memory"): the query's output kept in memory under a
// name (queryName) that the session exposes as a table. Like Spark's MemorySink it skips
// a batch id it already holds, and complete mode replaces the rows.
type MemorySink struct {
	Name string

	mu      sync.Mutex
	schema  *sqltypes.StructType
	rows    []sqltypes.Row
	batches map[int64]bool
}

// NewMemorySink returns an empty memory table.
func NewMemorySink(name string) *MemorySink {
	return &MemorySink{Name: name, batches: map[int64]bool{}}
}

// Description is Spark's "MemorySink".
func (m *MemorySink) Description() string { return "MemorySink" }

// AddBatch appends (or, in complete mode, replaces with) the batch's rows.
func (m *MemorySink) AddBatch(_ context.Context, b *SinkBatch) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.batches[b.BatchID] {
		return nil
	}
	m.batches[b.BatchID] = true
	if b.Schema != nil {
		m.schema = b.Schema
	}
	if b.OutputMode == "Complete" {
		m.rows = nil
	}
	for _, t := range b.Tasks {
		m.rows = append(m.rows, t...)
	}
	return nil
}

// Rows returns a copy of the table's rows in arrival order.
func (m *MemorySink) Rows() []sqltypes.Row {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]sqltypes.Row(nil), m.rows...)
}

// Schema is the schema of the last batch (nil before the first).
func (m *MemorySink) Schema() *sqltypes.StructType {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.schema
}

// ShowFunc renders rows as DataFrame.show(numRows, truncate) does; truncate 0 means off.
type ShowFunc func(schema *sqltypes.StructType, rows []sqltypes.Row, numRows, truncate int) string

// ConsoleSink is writeStream.format("console"): every batch printed under Spark's
// "Batch: N" banner with show(numRows, truncate).
type ConsoleSink struct {
	Out      io.Writer
	NumRows  int // option numRows, default 20
	Truncate int // option truncate: 20 (true, default) or 0 (false)
	// Show renders the table; nil uses a built-in renderer of Spark's layout.
	Show ShowFunc

	mu sync.Mutex
}

// NewConsoleSink builds a console sink from its writeStream options (numRows, truncate).
func NewConsoleSink(out io.Writer, options map[string]string) (*ConsoleSink, error) {
	c := &ConsoleSink{Out: out, NumRows: 20, Truncate: 20}
	for k, v := range options {
		switch strings.ToLower(k) {
		case "numrows":
			var n int
			if _, err := fmt.Sscan(strings.TrimSpace(v), &n); err != nil {
				return nil, fmt.Errorf("console sink: option numRows must be a whole number, got %q", v)
			}
			c.NumRows = n
		case "truncate":
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "true":
				c.Truncate = 20
			case "false":
				c.Truncate = 0
			default:
				return nil, fmt.Errorf("console sink: option truncate must be true or false, got %q", v)
			}
		}
	}
	return c, nil
}

// Description names the sink in progress.
func (c *ConsoleSink) Description() string {
	return "org.apache.spark.sql.execution.streaming.ConsoleTable$"
}

const consoleRule = "-------------------------------------------"

// AddBatch prints the batch.
func (c *ConsoleSink) AddBatch(_ context.Context, b *SinkBatch) error {
	var rows []sqltypes.Row
	for _, t := range b.Tasks {
		rows = append(rows, t...)
	}
	show := c.Show
	if show == nil {
		show = basicShow
	}
	schema := b.Schema
	if schema == nil {
		schema = &sqltypes.StructType{}
	}
	text := consoleRule + "\n" + fmt.Sprintf("Batch: %d\n", b.BatchID) + consoleRule + "\n" +
		show(schema, rows, c.NumRows, c.Truncate)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := io.WriteString(c.Out, text); err != nil {
		return fmt.Errorf("console sink: %w", err)
	}
	return nil
}

// basicShow is a small rendition of Dataset.showString for the console sink when no
// richer renderer is wired in: Spark's borders, alignment, truncation and footer.
func basicShow(schema *sqltypes.StructType, rows []sqltypes.Row, numRows, truncate int) string {
	if numRows < 0 {
		numRows = 0
	}
	more := len(rows) > numRows
	if more {
		rows = rows[:numRows]
	}
	cells := make([][]string, 0, len(rows)+1)
	header := make([]string, len(schema.Fields))
	for i, f := range schema.Fields {
		header[i] = cut(f.Name, truncate)
	}
	cells = append(cells, header)
	for _, r := range rows {
		line := make([]string, len(schema.Fields))
		for i := range schema.Fields {
			var v any
			if i < len(r) {
				v = r[i]
			}
			line[i] = cut(cellString(v), truncate)
		}
		cells = append(cells, line)
	}
	widths := make([]int, len(schema.Fields))
	for i := range widths {
		widths[i] = 3
		for _, line := range cells {
			widths[i] = max(widths[i], utf8.RuneCountInString(line[i]))
		}
	}
	var b strings.Builder
	border := func() {
		b.WriteByte('+')
		for _, w := range widths {
			b.WriteString(strings.Repeat("-", w))
			b.WriteByte('+')
		}
		b.WriteByte('\n')
	}
	row := func(line []string) {
		b.WriteByte('|')
		for i, c := range line {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			if truncate > 0 {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
			b.WriteByte('|')
		}
		b.WriteByte('\n')
	}
	border()
	row(cells[0])
	border()
	for _, line := range cells[1:] {
		row(line)
	}
	border()
	if more {
		word := "rows"
		if numRows == 1 {
			word = "row"
		}
		fmt.Fprintf(&b, "only showing top %d %s\n", numRows, word)
	}
	return b.String()
}

func cut(s string, truncate int) string {
	if truncate <= 0 || utf8.RuneCountInString(s) <= truncate {
		return s
	}
	r := []rune(s)
	if truncate < 4 {
		return string(r[:truncate])
	}
	return string(r[:truncate-3]) + "..."
}

func cellString(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case []byte:
		parts := make([]string, len(x))
		for i, c := range x {
			parts[i] = fmt.Sprintf("%02X", c)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case sqltypes.Timestamp:
		t := time.UnixMicro(int64(x)).UTC()
		s := t.Format("2006-01-02 15:04:05")
		if us := int64(x) % 1_000_000; us != 0 {
			if us < 0 {
				us += 1_000_000
			}
			s += strings.TrimRight(fmt.Sprintf(".%06d", us), "0")
		}
		return s
	case sqltypes.Decimal:
		return decimalString(x)
	case float64:
		return sqltypes.JavaDoubleString(x)
	case sqltypes.Row:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = cellString(e)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = cellString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// decimalString prints a decimal with its full scale (25.50), as show() does.
func decimalString(d sqltypes.Decimal) string {
	u := d.Big
	if u == nil {
		u = big.NewInt(d.Unscaled)
	}
	digits := new(big.Int).Abs(u).String()
	sign := ""
	if u.Sign() < 0 {
		sign = "-"
	}
	scale := int(d.Scale)
	if scale <= 0 {
		return sign + digits + strings.Repeat("0", -scale)
	}
	if len(digits) <= scale {
		digits = strings.Repeat("0", scale-len(digits)+1) + digits
	}
	return sign + digits[:len(digits)-scale] + "." + digits[len(digits)-scale:]
}
