package stream

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// formatMs prints epoch milliseconds as Spark's progress does: 2026-10-01T09:15:00.000Z.
func formatMs(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

// rawOffset makes an offset JSON usable as a progress field (null when absent).
func rawOffset(s string) json.RawMessage {
	if s == "" || s == "-" || !json.Valid([]byte(s)) {
		return nil
	}
	return json.RawMessage(s)
}

// rate is rows / seconds with Spark's conventions (0 rows or no time -> 0).
func rate(rows int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(rows) / d.Seconds()
}

func (ex *execution) progress(bp *batchPlan, triggerStart time.Time, res *BatchResult, counters []*rowCounter) Progress {
	end := ex.cfg.Now()
	processing := max(end.Sub(triggerStart), time.Millisecond)
	var inputInterval time.Duration // 0 on the first trigger of a run: Spark reports 0.0
	if !ex.lastTriggerStart.IsZero() && triggerStart.After(ex.lastTriggerStart) {
		inputInterval = triggerStart.Sub(ex.lastTriggerStart)
	}
	bp.durations["triggerExecution"] = end.Sub(triggerStart).Milliseconds()
	p := Progress{
		ID: ex.q.id, RunID: ex.q.runID, Timestamp: formatMs(triggerStart.UnixMilli()),
		BatchID: bp.id, BatchDuration: bp.durations["triggerExecution"],
		DurationMs: bp.durations, StateOperators: res.StateOperators,
	}
	if ex.q.name != "" {
		n := ex.q.name
		p.Name = &n
	}
	if p.StateOperators == nil {
		p.StateOperators = []StateOperatorProgress{}
	}
	for _, m := range res.Observed {
		if p.ObservedMetrics == nil {
			p.ObservedMetrics = map[string]json.RawMessage{}
		}
		p.ObservedMetrics[m.Name] = m.Row
	}
	for i, src := range ex.cfg.Sources {
		rows := counters[i].n.Load()
		p.NumInputRows += rows
		sp := SourceProgress{
			Description:            src.Description(),
			StartOffset:            rawOffset(bp.start[i]),
			EndOffset:              rawOffset(bp.end[i]),
			LatestOffset:           rawOffset(bp.latest[i]),
			NumInputRows:           rows,
			InputRowsPerSecond:     rate(rows, inputInterval),
			ProcessedRowsPerSecond: rate(rows, processing),
		}
		if bp.noneStart[i] {
			sp.StartOffset = nil
		}
		if m, ok := src.(SourceMetrics); ok {
			sp.Metrics = m.Metrics(bp.end[i])
		}
		p.Sources = append(p.Sources, sp)
	}
	p.InputRowsPerSecond = rate(p.NumInputRows, inputInterval)
	p.ProcessedRowsPerSecond = rate(p.NumInputRows, processing)
	out := bp.outputRows
	if _, v1 := ex.cfg.Sink.(V1Sink); v1 {
		out = -1
	}
	p.Sink = SinkProgress{Description: ex.cfg.Sink.Description(), NumOutputRows: out}
	if len(res.EventTime) > 0 {
		p.EventTime = map[string]string{"watermark": formatMs(bp.watermarkMs)}
		var n int64
		var sum float64
		mx, mn := int64(math.MinInt64), int64(math.MaxInt64)
		for _, s := range res.EventTime {
			if s.Count <= 0 {
				continue
			}
			n += s.Count
			sum += s.Avg * float64(s.Count)
			mx, mn = max(mx, s.Max), min(mn, s.Min)
		}
		if n > 0 {
			p.EventTime["max"] = formatMs(mx)
			p.EventTime["min"] = formatMs(mn)
			p.EventTime["avg"] = formatMs(int64(sum / float64(n)))
		}
	}
	return p
}

// jsonWriter builds a JSON object with fields in a fixed order.
type jsonWriter struct {
	b     bytes.Buffer
	first bool
}

func newObject() *jsonWriter {
	w := &jsonWriter{first: true}
	w.b.WriteByte('{')
	return w
}

func (w *jsonWriter) raw(name string, v []byte) {
	if !w.first {
		w.b.WriteByte(',')
	}
	w.first = false
	k, _ := json.Marshal(name)
	w.b.Write(k)
	w.b.WriteByte(':')
	w.b.Write(v)
}

func (w *jsonWriter) str(name, v string) {
	b, _ := json.Marshal(v)
	w.raw(name, b)
}

func (w *jsonWriter) int(name string, v int64) { w.raw(name, []byte(strconv.FormatInt(v, 10))) }

// double writes a number as Java's Double.toString does (0.0, 2.5); NaN and infinities are
// left out, as Spark's progress JSON does.
func (w *jsonWriter) double(name string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	w.raw(name, []byte(sqltypes.JavaDoubleString(v)))
}

func (w *jsonWriter) offset(name string, v json.RawMessage) {
	if v == nil {
		w.raw(name, []byte("null"))
		return
	}
	w.raw(name, v)
}

// stringMap writes a map with sorted keys, or nothing when empty (Spark's safeMapToJValue).
func (w *jsonWriter) stringMap(name string, m map[string]string) {
	if len(m) == 0 {
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	o := newObject()
	for _, k := range keys {
		o.str(k, m[k])
	}
	w.raw(name, o.bytes())
}

func (w *jsonWriter) bytes() []byte {
	w.b.WriteByte('}')
	return w.b.Bytes()
}

// MarshalJSON writes the progress as Spark's StreamingQueryProgress.json does: fields in
// Spark's order, Java-style doubles, empty maps left out.
func (p Progress) MarshalJSON() ([]byte, error) {
	w := newObject()
	w.str("id", p.ID)
	w.str("runId", p.RunID)
	if p.Name == nil {
		w.raw("name", []byte("null"))
	} else {
		w.str("name", *p.Name)
	}
	w.str("timestamp", p.Timestamp)
	w.int("batchId", p.BatchID)
	w.int("batchDuration", p.BatchDuration)
	w.int("numInputRows", p.NumInputRows)
	w.double("inputRowsPerSecond", p.InputRowsPerSecond)
	w.double("processedRowsPerSecond", p.ProcessedRowsPerSecond)
	if len(p.DurationMs) > 0 {
		keys := make([]string, 0, len(p.DurationMs))
		for k := range p.DurationMs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		o := newObject()
		for _, k := range keys {
			o.int(k, p.DurationMs[k])
		}
		w.raw("durationMs", o.bytes())
	}
	w.stringMap("eventTime", p.EventTime)
	var ops bytes.Buffer
	ops.WriteByte('[')
	for i, op := range p.StateOperators {
		if i > 0 {
			ops.WriteByte(',')
		}
		o := newObject()
		o.str("operatorName", op.OperatorName)
		o.int("numRowsTotal", op.NumRowsTotal)
		o.int("numRowsUpdated", op.NumRowsUpdated)
		o.int("allUpdatesTimeMs", op.AllUpdatesTimeMs)
		o.int("numRowsRemoved", op.NumRowsRemoved)
		o.int("allRemovalsTimeMs", op.AllRemovalsTimeMs)
		o.int("commitTimeMs", op.CommitTimeMs)
		o.int("memoryUsedBytes", op.MemoryUsedBytes)
		o.int("numRowsDroppedByWatermark", op.NumRowsDroppedByWatermark)
		o.int("numShufflePartitions", op.NumShufflePartitions)
		o.int("numStateStoreInstances", op.NumStateStoreInstances)
		if len(op.CustomMetrics) > 0 {
			keys := make([]string, 0, len(op.CustomMetrics))
			for k := range op.CustomMetrics {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			cm := newObject()
			for _, k := range keys {
				cm.int(k, op.CustomMetrics[k])
			}
			o.raw("customMetrics", cm.bytes())
		}
		ops.Write(o.bytes())
	}
	ops.WriteByte(']')
	w.raw("stateOperators", ops.Bytes())
	var srcs bytes.Buffer
	srcs.WriteByte('[')
	for i, s := range p.Sources {
		if i > 0 {
			srcs.WriteByte(',')
		}
		o := newObject()
		o.str("description", s.Description)
		o.offset("startOffset", s.StartOffset)
		o.offset("endOffset", s.EndOffset)
		o.offset("latestOffset", s.LatestOffset)
		o.int("numInputRows", s.NumInputRows)
		o.double("inputRowsPerSecond", s.InputRowsPerSecond)
		o.double("processedRowsPerSecond", s.ProcessedRowsPerSecond)
		o.stringMap("metrics", s.Metrics)
		srcs.Write(o.bytes())
	}
	srcs.WriteByte(']')
	w.raw("sources", srcs.Bytes())
	sk := newObject()
	sk.str("description", p.Sink.Description)
	sk.int("numOutputRows", p.Sink.NumOutputRows)
	sk.stringMap("metrics", p.Sink.Metrics)
	w.raw("sink", sk.bytes())
	if len(p.ObservedMetrics) > 0 {
		names := make([]string, 0, len(p.ObservedMetrics))
		for k := range p.ObservedMetrics {
			names = append(names, k)
		}
		sort.Strings(names)
		om := newObject()
		for _, k := range names {
			om.raw(k, p.ObservedMetrics[k])
		}
		w.raw("observedMetrics", om.bytes())
	}
	return w.bytes(), nil
}
