package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// sourceSpec is what a StreamScan leaf holds: how to open its source. Each query start
// opens a fresh source, as Spark does.
type sourceSpec struct {
	open func() (stream.Source, error)
	// filtersInScan marks a source whose reader evaluates pushed filters as it parses (the
	// CSV and JSON file sources, as Spark's spark.sql.csv/json.filterPushdown.enabled).
	filtersInScan bool
}

// streamPlan is a streaming DataFrame's plan as the executor runs it (stream.Plan).
type streamPlan struct {
	node       plan.Node
	scans      []*plan.StreamScan // source index order
	watermarks []*plan.Watermark  // operator order, for BatchResult.EventTime
	// pushed is the filter each scan applies as it reads (pushedFilters), by scan.
	pushed     map[*plan.StreamScan]plan.Bound
	timeZone   string
	ansi       bool
	outputMode string
}

func newStreamPlan(df *DataFrame) *streamPlan {
	p := &streamPlan{node: df.node, timeZone: df.s.Conf().GetOr(ConfTimeZone, "UTC"), ansi: df.s.confBool(ConfAnsi)}
	seen := map[*plan.StreamScan]bool{}
	plan.Walk(df.node, func(n plan.Node) {
		switch x := n.(type) {
		case *plan.StreamScan:
			if !seen[x] {
				seen[x] = true
				p.scans = append(p.scans, x)
			}
		case *plan.Watermark:
			p.watermarks = append(p.watermarks, x)
		}
	})
	p.pushed = pushedFilters(df.node)
	return p
}

// pushedFilters finds the filters Spark pushes into a streaming file scan: the conditions of
// the Filter nodes directly above a CSV or JSON source's scan (where(a).where(b) stacks
// them), reduced to the conjuncts Spark translates to source filters (plan.SourceFilter).
// A scan that more than one node reads gets none.
func pushedFilters(root plan.Node) map[*plan.StreamScan]plan.Bound {
	parents := map[*plan.StreamScan]int{}
	conds := map[*plan.StreamScan][]plan.Bound{}
	var visit func(n plan.Node)
	visit = func(n plan.Node) {
		for _, c := range n.Children() {
			if s, ok := c.(*plan.StreamScan); ok {
				parents[s]++
			}
			visit(c)
		}
		f, ok := n.(*plan.Filter)
		if !ok {
			return
		}
		// The chain of filters from f down to the first other node: when that node is a
		// scan whose reader filters, the top filter of the chain gives all its conditions.
		var chain []plan.Bound
		var end plan.Node = f
		for {
			ff, ok := end.(*plan.Filter)
			if !ok {
				break
			}
			chain = append(chain, ff.Cond)
			end = ff.Child
		}
		if s, ok := end.(*plan.StreamScan); ok {
			if spec, ok := s.Source.(*sourceSpec); ok && spec.filtersInScan && len(chain) > len(conds[s]) {
				conds[s] = chain
			}
		}
	}
	visit(root)
	out := map[*plan.StreamScan]plan.Bound{}
	for s, chain := range conds {
		if parents[s] != 1 {
			continue
		}
		for _, c := range chain {
			if b := plan.SourceFilter(c); b != nil {
				if prev, ok := out[s]; ok {
					out[s] = plan.And(prev, b)
				} else {
					out[s] = b
				}
			}
		}
	}
	return out
}

// openSources opens one source per streaming leaf; on failure the opened ones are closed.
func (p *streamPlan) openSources() ([]stream.Source, error) {
	var out []stream.Source
	for _, s := range p.scans {
		spec := s.Source.(*sourceSpec)
		src, err := spec.open()
		if err != nil {
			for _, o := range out {
				o.Close()
			}
			return nil, err
		}
		out = append(out, src)
	}
	return out, nil
}

func (p *streamPlan) RunBatch(ctx context.Context, bc *stream.BatchContext) (*stream.BatchResult, error) {
	tz := p.timeZone
	if v, ok := bc.Conf[ConfTimeZone]; ok && v != "" {
		tz = v
	}
	ec, err := plan.NewEvalContext(tz, p.ansi, time.UnixMilli(bc.BatchTimestampMs))
	if err != nil {
		return nil, err
	}
	ec.Background = true
	ex := &plan.Exec{Eval: ec, EventTime: map[*plan.Watermark]*plan.EventTimeStats{}, Batch: bc, OutputMode: p.outputMode,
		ChunkRows: bc.ChunkRows, Root: p.node}
	ex.StreamInput = func(ctx context.Context, s *plan.StreamScan) ([]rowiter.Iter, error) {
		for i, scan := range p.scans {
			if scan != s {
				continue
			}
			if i >= len(bc.Inputs) {
				return nil, fmt.Errorf("batch %d has no input for source %d", bc.BatchID, i)
			}
			if cond, ok := p.pushed[s]; ok {
				return bc.Inputs[i].OpenFiltered(bc.ChunkRows, func(it rowiter.Iter) rowiter.Iter {
					return plan.FilterIter(it, cond, ec)
				}), nil
			}
			return bc.Inputs[i].Open(bc.ChunkRows), nil
		}
		return nil, fmt.Errorf("streaming source %s is not part of this query", s.Name)
	}
	tasks, err := plan.Run(ctx, p.node, ex)
	if err != nil {
		return nil, err
	}
	res := &stream.BatchResult{Schema: plan.Schema(p.node), Tasks: tasks, StateOperators: ex.StateOperators}
	// The watermarks' statistics are final once the sink has read every row.
	res.Finish = func() {
		for _, w := range p.watermarks {
			st := stream.EventTimeStats{DelayMs: w.DelayMs}
			if s := ex.EventTime[w]; s != nil && s.Count > 0 {
				st.Max, st.Min, st.Count = s.Max, s.Min, s.Count
				st.Avg = float64(s.Sum) / float64(s.Count)
			}
			res.EventTime = append(res.EventTime, st)
		}
		// An operator may start only when its parent first reads it: the observations
		// are all in once every row has been read.
		for _, m := range ex.Observed {
			res.Observed = append(res.Observed, stream.ObservedMetric{Name: m.Name, Row: observedRowJSON(m)})
		}
	}
	return res, nil
}

// UnexecutedResult is what a batch reports when its sink skips it after planning: every
// watermark (with no rows seen) and every stateful operator (all metrics 0), top-down.
func (p *streamPlan) UnexecutedResult(conf map[string]string) (*stream.BatchResult, error) {
	res := &stream.BatchResult{Schema: plan.Schema(p.node)}
	for _, w := range p.watermarks {
		res.EventTime = append(res.EventTime, stream.EventTimeStats{DelayMs: w.DelayMs})
	}
	var err error
	plan.Walk(p.node, func(n plan.Node) {
		if u, ok := n.(plan.UnexecutedProgress); ok && err == nil {
			var prog stream.StateOperatorProgress
			prog, err = u.UnexecutedProgress(conf)
			res.StateOperators = append(res.StateOperators, prog)
		}
	})
	return res, err
}

// ShouldRunNoDataBatch asks the plan's stateful operators (false for a stateless plan).
func (p *streamPlan) ShouldRunNoDataBatch(newWatermarkMs int64) bool {
	run := false
	plan.Walk(p.node, func(n plan.Node) {
		if st, ok := n.(plan.Stateful); ok && st.ShouldRunNoDataBatch(newWatermarkMs) {
			run = true
		}
	})
	return run
}

// observedRowJSON is an observation's row as Spark's Row.jsonValue writes it in a progress:
// every field in schema order, a null as null (to_json would leave it out).
func observedRowJSON(m plan.ObservedMetrics) json.RawMessage {
	b := []byte{'{'}
	for i, f := range m.Schema.Fields {
		if i > 0 {
			b = append(b, ',')
		}
		name, _ := json.Marshal(f.Name)
		b = append(b, name...)
		b = append(b, ':')
		if i >= len(m.Row) || m.Row[i] == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, sqltypes.ValueToJSON(m.Row[i], f.Type, time.UTC)...)
	}
	return append(b, '}')
}
