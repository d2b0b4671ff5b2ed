package engine

import (
	"github.com/kafkalab/kafkalab/engine/plan"
)

// WindowSpec is pyspark.sql.WindowSpec: partitioning, ordering and frame of a window
// function. Its methods return a new spec; one built from bad input carries the error.
type WindowSpec struct {
	spec plan.WindowSpec
	err  error
}

// Frame offsets as PySpark's Window gives them.
const (
	WindowUnboundedPreceding = plan.UnboundedPreceding
	WindowUnboundedFollowing = plan.UnboundedFollowing
	WindowCurrentRow         = plan.CurrentRow
)

// NewWindowSpec is an empty window: the whole input as one partition, unordered.
func NewWindowSpec() *WindowSpec { return &WindowSpec{} }

// Err is the error of a spec built from bad input.
func (w *WindowSpec) Err() error { return w.err }

func (w *WindowSpec) with(f func(s *plan.WindowSpec) error) *WindowSpec {
	if w.err != nil {
		return w
	}
	s := w.spec
	s.PartitionBy = append([]plan.Expr(nil), s.PartitionBy...)
	s.OrderBy = append([]plan.Expr(nil), s.OrderBy...)
	if err := f(&s); err != nil {
		return &WindowSpec{err: err}
	}
	return &WindowSpec{spec: s}
}

// PartitionBy replaces the partitioning columns (names or Columns).
func (w *WindowSpec) PartitionBy(columns ...any) *WindowSpec {
	return w.with(func(s *plan.WindowSpec) error {
		exprs, err := windowExprs(columns)
		s.PartitionBy = exprs
		return err
	})
}

// OrderBy replaces the ordering columns (names, Columns, or asc()/desc() orders).
func (w *WindowSpec) OrderBy(columns ...any) *WindowSpec {
	return w.with(func(s *plan.WindowSpec) error {
		exprs, err := windowExprs(columns)
		s.OrderBy = exprs
		return err
	})
}

// RowsBetween sets a row frame; start and end are offsets from the current row, or the
// unbounded and current-row constants.
func (w *WindowSpec) RowsBetween(start, end int64) *WindowSpec {
	return w.with(func(s *plan.WindowSpec) error {
		s.Frame = &plan.WindowFrame{Rows: true, Lower: start, Upper: end}
		return nil
	})
}

// RangeBetween sets a value frame over the single ordering column.
func (w *WindowSpec) RangeBetween(start, end int64) *WindowSpec {
	return w.with(func(s *plan.WindowSpec) error {
		s.Frame = &plan.WindowFrame{Lower: start, Upper: end}
		return nil
	})
}

func windowExprs(columns []any) ([]plan.Expr, error) {
	cs, err := cols(columns)
	if err != nil {
		return nil, err
	}
	return exprsOf(cs)
}

// Over is col.over(window): the window function or aggregate evaluated over the window.
func (c *Column) Over(w *WindowSpec) *Column {
	if c.err != nil {
		return c
	}
	if w == nil {
		w = NewWindowSpec()
	}
	if w.err != nil {
		return errColumn(w.err)
	}
	return newColumn(plan.Over{Func: c.expr, Spec: w.spec})
}
