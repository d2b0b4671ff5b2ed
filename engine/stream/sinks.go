package stream

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/engine/rowiter"
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
func (m *MemorySink) AddBatch(ctx context.Context, b *SinkBatch) error {
	m.mu.Lock()
	seen := m.batches[b.BatchID]
	m.mu.Unlock()
	if seen {
		return nil
	}
	tasks, err := rowiter.CollectTasks(ctx, b.Tasks)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.batches[b.BatchID] = true
	if b.Schema != nil {
		m.schema = b.Schema
	}
	if b.OutputMode == "Complete" {
		m.rows = nil
	}
	for _, t := range tasks {
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
	// Show renders the table; nil uses sqltypes.ShowString (UTC).
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
func (c *ConsoleSink) AddBatch(ctx context.Context, b *SinkBatch) error {
	tasks, err := rowiter.CollectTasks(ctx, b.Tasks)
	if err != nil {
		return err
	}
	var rows []sqltypes.Row
	for _, t := range tasks {
		rows = append(rows, t...)
	}
	show := c.Show
	if show == nil {
		show = func(schema *sqltypes.StructType, rows []sqltypes.Row, numRows, truncate int) string {
			return sqltypes.ShowString(schema, rows, sqltypes.ShowOptions{NumRows: numRows, Truncate: truncate})
		}
	}
	schema := b.Schema
	if schema == nil {
		schema = &sqltypes.StructType{}
	}
	text := consoleRule + "\n" + fmt.Sprintf("Batch: %d\n", b.BatchID) + consoleRule + "\n" +
		show(schema, rows, c.NumRows, c.Truncate) + "\n" // Dataset.show is println(showString)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := io.WriteString(c.Out, text); err != nil {
		return fmt.Errorf("console sink: %w", err)
	}
	return nil
}
