package plan

import (
	"context"
	"runtime"
	"sync"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// parallelMinRows: below this many rows in all tasks together, tasks run one after the
// other (a goroutine per task would cost more than it saves).
const parallelMinRows = 4096

// forEachTask runs fn(t) for every unit of work t, several at once (one per CPU) when there
// is enough work. fn must only touch unit t's data. The error of the lowest failing unit is
// returned, so failures do not depend on scheduling; a panic in fn is raised again in the
// caller's goroutine, where the query's recovery turns it into an error.
func forEachTask(tasks, rows int, fn func(t int) error) error {
	workers := min(tasks, runtime.GOMAXPROCS(0))
	if workers <= 1 || rows < parallelMinRows {
		for t := 0; t < tasks; t++ {
			if err := fn(t); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, tasks)
	panics := make([]any, tasks)
	next := make(chan int, tasks)
	for t := 0; t < tasks; t++ {
		next <- t
	}
	close(next)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range next {
				func() {
					defer func() {
						if r := recover(); r != nil {
							panics[t] = r
						}
					}()
					errs[t] = fn(t)
				}()
			}
		}()
	}
	wg.Wait()
	for t := 0; t < tasks; t++ {
		if panics[t] != nil {
			panic(panics[t])
		}
		if errs[t] != nil {
			return errs[t]
		}
	}
	return nil
}

// projectTasks evaluates exprs over every row, chunks of tasks in parallel (rows are
// independent and expressions have no state).
func projectTasks(ec *EvalContext, exprs []Bound, in [][]sqltypes.Row) ([][]sqltypes.Row, error) {
	return projectTasks2(ec, nil, exprs, in)
}

// projectChunk is how many rows one unit of parallel work holds: tasks are cut into
// chunks so that two CPUs share three Kafka partitions evenly.
const projectChunk = 8192

// projectTasks2 evaluates inner (when not nil) then outer over every row: a projection of
// a projection in one pass, the inner row living only in a scratch slice per chunk.
func projectTasks2(ec *EvalContext, inner, outer []Bound, in [][]sqltypes.Row) ([][]sqltypes.Row, error) {
	type chunk struct{ t, lo, hi int }
	out := make([][]sqltypes.Row, len(in))
	var chunks []chunk
	total := 0
	for t, rows := range in {
		out[t] = make([]sqltypes.Row, len(rows))
		for lo := 0; lo < len(rows); lo += projectChunk {
			chunks = append(chunks, chunk{t, lo, min(lo+projectChunk, len(rows))})
		}
		total += len(rows)
	}
	n := len(outer)
	// Chunks are in task and row order, so the lowest failing chunk holds the error a
	// sequential run meets first.
	err := forEachTask(len(chunks), total, func(c int) error {
		ch := chunks[c]
		rows, res := in[ch.t][ch.lo:ch.hi], out[ch.t][ch.lo:ch.hi]
		// One backing array per chunk instead of one allocation per row.
		slab := make([]any, len(rows)*n)
		var scratch sqltypes.Row
		if inner != nil {
			scratch = make(sqltypes.Row, len(inner))
		}
		for i, row := range rows {
			if inner != nil {
				for j, e := range inner {
					v, err := e.Eval(ec, row)
					if err != nil {
						return err
					}
					scratch[j] = v
				}
				row = scratch
			}
			nr := sqltypes.Row(slab[i*n : (i+1)*n : (i+1)*n])
			for j, e := range outer {
				v, err := e.Eval(ec, row)
				if err != nil {
					return err
				}
				nr[j] = v
			}
			res[i] = nr
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// executeFused runs p over inner without materialising inner's rows (the course's
// select(from_json(...).alias("event"), ...).select("event.*", ...)). Expressions return
// new values, never the row they read, so the scratch row can be reused.
func (p *Project) executeFused(ctx context.Context, ex *Exec, inner *Project) ([][]sqltypes.Row, error) {
	in, err := inner.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	out, err := projectTasks2(ex.Eval, inner.Exprs, p.Exprs, in)
	if err == nil {
		return out, nil
	}
	// Report the error the two passes give (every inner row before any outer one).
	mid, err := projectTasks(ex.Eval, inner.Exprs, in)
	if err != nil {
		return nil, err
	}
	return projectTasks(ex.Eval, p.Exprs, mid)
}
