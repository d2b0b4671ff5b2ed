package plan

import (
	"context"
	"sort"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// sessionKeyIndex is the position of a session_window among grouping keys, or -1.
func sessionKeyIndex(grouping []Bound) int {
	for i, g := range grouping {
		if _, ok := g.(*SessionWindow); ok {
			return i
		}
	}
	return -1
}

// mergeBatchSessions gives a static aggregation its session windows as Spark's
// MergingSessionsExec does: within the same other keys, rows whose [t, t + gap) sessions
// overlap or touch share one window from the first start to the last end. Each row gets
// its merged window as an extra last column, which the returned grouping reads instead of
// the session_window key.
func mergeBatchSessions(ctx context.Context, ex *Exec, grouping []Bound, si int, in []rowiter.Iter) ([]rowiter.Iter, []Bound, error) {
	tasks, err := rowiter.CollectTasks(ctx, in)
	if err != nil {
		return nil, nil, err
	}
	type member struct {
		task, row  int
		start, end int64
	}
	clusters := map[string][]member{}
	var keyOrder []string
	width := 0
	others := make([]any, 0, len(grouping))
	otherTypes := make([]sqltypes.DataType, 0, len(grouping))
	for i, g := range grouping {
		if i != si {
			otherTypes = append(otherTypes, g.DataType())
		}
	}
	sw := grouping[si].(*SessionWindow)
	for ti, rows := range tasks {
		for ri, row := range rows {
			width = len(row) // every row of the child has its width
			v, err := sw.Eval(ex.Eval, row)
			if err != nil {
				return nil, nil, err
			}
			if v == nil {
				continue // no session: the key stays NULL
			}
			w := v.(sqltypes.Row)
			others = others[:0]
			for i, g := range grouping {
				if i == si {
					continue
				}
				o, err := g.Eval(ex.Eval, row)
				if err != nil {
					return nil, nil, err
				}
				others = append(others, o)
			}
			k := keyOf(others, otherTypes)
			if _, seen := clusters[k]; !seen {
				keyOrder = append(keyOrder, k)
			}
			clusters[k] = append(clusters[k], member{task: ti, row: ri,
				start: int64(w[0].(sqltypes.Timestamp)), end: int64(w[1].(sqltypes.Timestamp))})
		}
	}
	merged := make([][]any, len(tasks))
	for ti, rows := range tasks {
		merged[ti] = make([]any, len(rows))
	}
	for _, k := range keyOrder {
		ms := clusters[k]
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].start < ms[j].start })
		for i := 0; i < len(ms); {
			j, end := i+1, ms[i].end
			for j < len(ms) && ms[j].start <= end {
				end = max(end, ms[j].end)
				j++
			}
			w := sqltypes.Row{sqltypes.Timestamp(ms[i].start), sqltypes.Timestamp(end)}
			for _, m := range ms[i:j] {
				merged[m.task][m.row] = w
			}
			i = j
		}
	}
	out := make([][]sqltypes.Row, len(tasks))
	for ti, rows := range tasks {
		out[ti] = make([]sqltypes.Row, len(rows))
		for ri, row := range rows {
			ext := make(sqltypes.Row, len(row)+1)
			copy(ext, row)
			ext[len(row)] = merged[ti][ri]
			out[ti][ri] = ext
		}
	}
	local := append([]Bound(nil), grouping...)
	local[si] = &boundRef{index: width, field: sqltypes.StructField{Name: "session_window", Type: sw.DataType(), Nullable: true}}
	return rowiter.Tasks(out, ex.chunkRows()), local, nil
}
