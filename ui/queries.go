package ui

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// queryView is what the live pane knows of one streaming query, from the engine's events
// (lab.QueryProgress): fresher than the checkpoint files, and it has what they lack (state
// rows, rows dropped as late).
type queryView struct {
	id, name, checkpoint, lesson string
	// batch is the newest batch that started (-1: none yet); ranges its offset range per
	// partition, the numbers offsets/<batch-1> and offsets/<batch> hold.
	batch   int64
	ranges  string
	running bool // a batch started and has not finished
	last    *pyrun.Progress
	// droppedTotal adds up numRowsDroppedByWatermark over the batches seen, so a late
	// event stays visible after the no-data batch that follows it reports 0.
	droppedTotal int64
	ended        bool
	failed       string
	seq          int // when it last changed (newest first in the pane)
}

// batchLog is one finished batch, for "what just changed".
type batchLog struct {
	query   string
	batch   int64
	ranges  string
	rows    int64
	dropped int64
}

// queryTracker follows the streaming queries' events (lab.QueryProgress): fresher than the
// checkpoint files, and it has what they lack (state rows, rows dropped as late). Events
// are queued and taken in once per frame (apply), so a fast stream never redraws the
// panes more than ten times a second.
type queryTracker struct {
	queries map[string]*queryView
	seq     int
	pending []pendingQueryEvent
	// onBatch hears every finished batch of a step's queries (the course's "what just
	// changed"); nil = nobody.
	onBatch func(batchLog)
	// sandbox: the console's queries are all shown, not only the current lesson's.
	sandbox bool
}

type pendingQueryEvent struct {
	lesson string
	ev     pyrun.QueryEvent
}

func (qt *queryTracker) add(lesson string, e *pyrun.QueryEvent) {
	if e != nil {
		qt.pending = append(qt.pending, pendingQueryEvent{lesson: lesson, ev: *e})
	}
}

// apply takes the queued events in; it reports whether anything changed.
func (qt *queryTracker) apply() bool {
	if len(qt.pending) == 0 {
		return false
	}
	if qt.queries == nil {
		qt.queries = map[string]*queryView{}
	}
	for _, p := range qt.pending {
		e := p.ev
		q := qt.queries[e.QueryID]
		if q == nil {
			q = &queryView{id: e.QueryID, batch: -1}
			qt.queries[e.QueryID] = q
		}
		q.name, q.checkpoint, q.lesson = e.QueryName, e.Checkpoint, p.lesson
		qt.seq++
		q.seq = qt.seq
		switch e.Kind {
		case pyrun.BatchStarted:
			q.ended, q.failed = false, ""
			q.batch, q.running = e.BatchID, true
			q.ranges = sourceRanges(e.Sources)
		case pyrun.BatchFinished:
			q.running = false
			if e.Progress == nil {
				continue
			}
			q.last = e.Progress
			q.batch = max(q.batch, e.Progress.BatchID)
			q.droppedTotal += e.Progress.DroppedByWatermark
			if qt.onBatch != nil && !qt.sandbox {
				qt.onBatch(batchLog{query: q.label(), batch: e.Progress.BatchID,
					ranges: q.ranges, rows: e.Progress.InputRows, dropped: e.Progress.DroppedByWatermark})
			}
		case pyrun.QueryTerminated:
			q.running, q.ended = false, true
			if e.Error != "" {
				q.failed = oneLine(e.Error)
			}
		}
	}
	qt.pending = qt.pending[:0]
	// Keep the newest few: a long sandbox session starts many queries.
	if len(qt.queries) > 16 {
		for _, q := range qt.sorted()[16:] {
			delete(qt.queries, q.id)
		}
	}
	return true
}

// sorted lists the queries: running ones first, then the most recently changed.
func (qt *queryTracker) sorted() []*queryView {
	out := make([]*queryView, 0, len(qt.queries))
	for _, q := range qt.queries {
		out = append(out, q)
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := !out[i].ended, !out[j].ended; a != b {
			return a
		}
		return out[i].seq > out[j].seq
	})
	return out
}

// visible are the queries of what the screen shows: the lesson's in course mode, all of
// them in the sandbox.
func (qt *queryTracker) visible(lesson string) []*queryView {
	var out []*queryView
	for _, q := range qt.sorted() {
		if !qt.sandbox && q.lesson != lesson {
			continue
		}
		out = append(out, q)
	}
	return out
}

// queryFor finds the query writing to a reader's checkpoint (its workspace-relative path).
func queryFor(qs []*queryView, r observe.Reader) *queryView {
	for _, q := range qs {
		cp := filepath.ToSlash(q.checkpoint)
		if cp == r.Path || strings.HasSuffix(cp, "/"+r.Path) {
			return q
		}
	}
	return nil
}

func (q *queryView) label() string {
	if q.name != "" {
		return q.name
	}
	return q.id[:min(8, len(q.id))]
}

// status is the query's state and its newest batch, in a few words.
func (q *queryView) status(t *theme.Theme) string {
	done := ""
	if q.last != nil {
		done = fmt.Sprintf("batch %d: %s in", q.last.BatchID, rowCount(q.last.InputRows))
	}
	switch {
	case q.failed != "":
		return t.Fail.Render(theme.GlyphFail + " failed")
	case q.running:
		return t.Accent.Render(fmt.Sprintf("running batch %d", q.batch))
	case q.ended && done != "":
		return t.Muted.Render("stopped") + " · " + done
	case q.ended:
		return t.Muted.Render("stopped")
	case done != "":
		return done
	}
	return t.OK.Render("waiting for data")
}

// progressLines are the query's live lines, most telling first (a short pane cuts the
// rest). With header false they go under the checkpoint, which already shows the batch's
// offsets and watermark from its files.
func progressLines(t *theme.Theme, q *queryView, w int, header bool) []string {
	var out []string
	head := "  " + t.Info.Render("query") + " " + q.label() + " · "
	if header {
		head = t.Title.Render("query "+q.label()) + " · "
	}
	line := head + q.status(t)
	if ansi.StringWidth(line) > w && q.ended && q.failed == "" && q.last != nil {
		// Narrow: the batch matters more than the word "stopped".
		line = head + fmt.Sprintf("batch %d: %s in", q.last.BatchID, rowCount(q.last.InputRows))
	}
	out = append(out, wrap(line, w)...)
	if p := q.last; p != nil && p.StateOperators > 0 {
		rows, dropped := p.StateRows, p.DroppedByWatermark
		late := "dropped as late " + comma(dropped)
		if q.droppedTotal != dropped {
			late += fmt.Sprintf(" (%s this run)", comma(q.droppedTotal))
		}
		if q.droppedTotal > 0 {
			late = t.Fail.Render(theme.GlyphFail + " " + late)
		} else {
			late = t.Muted.Render(late)
		}
		out = append(out, wrap("  state "+rowCount(rows)+" · "+late, w)...)
	}
	if header {
		if q.batch >= 0 && q.ranges != "" {
			out = append(out, wrap(fmt.Sprintf("  batch %d: %s", q.batch, q.ranges), w)...)
		}
		if p := q.last; p != nil && p.Watermark != "" {
			out = append(out, "  watermark "+isoTime(p.Watermark))
		}
	}
	if q.failed != "" {
		out = append(out, wrapStyled(t.Fail, "  "+q.failed, w)...)
	}
	return out
}

// hasProgress reports whether any query shown has reported a batch.
func hasProgress(qs []*queryView) bool {
	for _, q := range qs {
		if q.last != nil || q.batch >= 0 {
			return true
		}
	}
	return false
}

// sourceRanges labels a batch's Kafka offsets per partition ("orders p0 3→5 p1 2→2"), the
// way the checkpoint pane labels offsets/<id>; other sources show their description.
func sourceRanges(srcs []pyrun.SourceRange) string {
	var parts []string
	for _, s := range srcs {
		if !s.Kafka {
			if s.Description != "" {
				parts = append(parts, s.Description)
			}
			continue
		}
		parts = append(parts, observe.FormatRange(s.Start, s.End))
	}
	return strings.Join(parts, "; ")
}

// isoTime shows a progress timestamp (2026-10-01T09:15:00.000Z) as the panes show times.
func isoTime(s string) string {
	tm, err := time.Parse("2006-01-02T15:04:05.000Z", s)
	if err != nil {
		return s
	}
	return msTime(tm.UnixMilli())
}

// batchLogLines is one finished batch in "what just changed".
func batchLogLines(t *theme.Theme, b batchLog, w int) []string {
	line := fmt.Sprintf("  batch  %d of query %s", b.batch, b.query)
	if b.ranges != "" {
		line += ": " + b.ranges
	}
	line += " · " + rowCount(b.rows) + " in"
	out := wrapStyled(t.Text, line, w)
	if b.dropped > 0 {
		out = append(out, wrapStyled(t.Fail, fmt.Sprintf("         %s %s dropped as late (older than the watermark)", theme.GlyphFail, rowCount(b.dropped)), w)...)
	}
	return out
}

// activity says what a running step or sandbox entry is doing right now, for the line
// beside the spinner: the batch a query is working on ("" when none is).
func (qt *queryTracker) activity(lesson string) string {
	for _, q := range qt.visible(lesson) {
		if q.running && !q.ended {
			s := fmt.Sprintf("query %s: batch %d", q.label(), q.batch)
			if q.ranges != "" {
				s += " (" + q.ranges + ")"
			}
			return s
		}
	}
	return ""
}

// rowCount is "1 row" or "3 rows".
func rowCount(n int64) string {
	if n == 1 {
		return "1 row"
	}
	return comma(n) + " rows"
}

// lateLine marks the late events dropped by the query writing a windowed table ("" when
// none were): they would have counted in windows the watermark had already closed.
func lateLine(t *theme.Theme, qs []*queryView, tb observe.Table) string {
	for _, q := range qs {
		if q.last == nil || q.droppedTotal == 0 {
			continue
		}
		sink := strings.TrimSuffix(q.last.Sink, "]")
		if strings.HasSuffix(sink, "/"+tb.Path) {
			return " " + t.Fail.Render(fmt.Sprintf("%s %s late: dropped, their windows had closed", theme.GlyphFail, rowCount(q.droppedTotal)))
		}
	}
	return ""
}
