package ui

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// The live panes show the broker and the workspace as they are now, from the newest
// snapshot (env.snap) and the queries' events: what the step watches first, the rest
// folded into an "N more" line.

// watchList is what the current step watches (its <!-- watch: --> comment) and the
// lesson's own topics, in the order the panes put them first.
type watchList struct {
	topics, paths, tables []string
}

func (w watchList) rank(kind, name string) int {
	var list []string
	switch kind {
	case "topic":
		list = w.topics
	case "path":
		list = w.paths
	case "table":
		list = w.tables
	}
	for i, x := range list {
		if x == name || strings.HasSuffix(name, "/"+x) || path.Base(name) == x {
			return i
		}
	}
	return len(list) + 1
}

// livePane is one of the live column's panes: its lines come from a function of the
// snapshot, scrolled as a text view.
type livePane struct {
	e       *env
	title   string
	lines   func(w int) []string
	view    textView
	focused bool
	w, h    int
	extra   []key.Binding
	onKey   func(msg tea.KeyPressMsg) (tea.Cmd, bool)
	// natural is how many lines the content has at the current width (for layout).
	natural int
}

func (p *livePane) SetFocused(f bool)      { p.focused = f }
func (p *livePane) Update(tea.Msg) tea.Cmd { return nil }
func (p *livePane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.view.SetSize(w-2, h-2)
}

// refresh lays the pane's lines out again (after a snapshot or a frame).
func (p *livePane) refresh() {
	ls := p.lines(max(4, p.w-2))
	p.natural = len(ls)
	p.view.SetLines(ls)
}

func (p *livePane) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if p.onKey != nil {
		if cmd, ok := p.onKey(msg); ok {
			return cmd, true
		}
	}
	return nil, p.view.HandleKey(msg)
}

func (p *livePane) Keys() help.KeyMap {
	return keys{short: append(append([]key.Binding{}, p.extra...), scrollKeys[0]), full: [][]key.Binding{append(append([]key.Binding{}, p.extra...), scrollKeys...)}}
}

func (p *livePane) View() string {
	title := p.title
	if m := p.view.More(); m != "" {
		title += " · " + m
	}
	return box(p.e.th, title, p.view.Lines(p.e.th), 0, p.w, p.h, p.focused)
}

// ---- topics and partitions ----

// topicLines draws each topic's partitions as bars on one scale: deleted records dim, what
// the reader (a checkpoint or a consumer group) has passed solid, its lag shaded.
func topicLines(e *env, watch watchList, w int) []string {
	t := e.th
	s := e.snap
	if s == nil {
		return []string{t.Muted.Render("waiting for the broker…")}
	}
	if len(s.Topics) == 0 {
		return []string{t.Muted.Render("no topics yet")}
	}
	topics := append([]observe.Topic(nil), s.Topics...)
	sort.SliceStable(topics, func(i, j int) bool {
		return watch.rank("topic", topics[i].Name) < watch.rank("topic", topics[j].Name)
	})
	var out, folded []string
	for i, tp := range topics {
		if i >= 2 && watch.rank("topic", tp.Name) > len(watch.topics) {
			folded = append(folded, fmt.Sprintf("%s (%s)", tp.Name, comma(tp.Events())))
			continue
		}
		reader, who := readerFor(s, tp.Name)
		var maxEnd int64 = 1
		for _, p := range tp.Partitions {
			maxEnd = max(maxEnd, p.End)
		}
		head := fmt.Sprintf("%s · %d partitions · %s events", t.Title.Render(tp.Name), len(tp.Partitions), comma(tp.Events()))
		out = append(out, head)
		var total int64
		for _, p := range tp.Partitions {
			rng := fmt.Sprintf("[%s,%s)", comma(p.Start), comma(p.End))
			lag := ""
			pos := int64(-1)
			if reader != nil {
				if v, ok := reader[p.ID]; ok {
					pos = v
					l := max(0, p.End-v)
					total += l
					lag = " lag " + comma(l)
				}
			}
			label := fmt.Sprintf(" p%-2d ", p.ID)
			bw := w - ansi.StringWidth(label) - len(rng) - len(lag) - 1
			line := label
			if bw >= 4 {
				line += partBar(t, p, pos, maxEnd, bw) + " "
			}
			line += rng
			if lag != "" {
				st := t.OK
				if pos < p.End {
					st = t.Warn
				}
				line += st.Render(lag)
			}
			out = append(out, line)
		}
		if who != "" {
			out = append(out, t.Muted.Render(fmt.Sprintf("  read by %s · total lag %s", who, comma(total))))
		}
	}
	if len(folded) > 0 {
		out = append(out, wrapStyled(t.Muted, fmt.Sprintf("+ %d more: %s", len(folded), strings.Join(folded, ", ")), w)...)
	}
	return out
}

// readerFor is the position of the reader of a topic: a checkpoint of the workspace, else
// a consumer group, with its name.
func readerFor(s *observe.Snapshot, topic string) (map[int32]int64, string) {
	for _, r := range s.Readers {
		if p, ok := r.Positions[topic]; ok {
			return p, r.Path
		}
	}
	for _, g := range s.Groups {
		if p, ok := g.Positions[topic]; ok {
			return p, "group " + g.Name
		}
	}
	return nil, ""
}

// ---- streams: checkpoints and queries ----

func streamLines(e *env, lesson string, watch watchList, w int, sandboxLines []string) []string {
	t := e.th
	var out []string
	qs := e.queries.visible(lesson)
	attached := map[string]bool{}
	s := e.snap
	if s != nil {
		for _, r := range s.Readers {
			if q := queryFor(qs, r); q != nil {
				attached[q.id] = true
			}
		}
	}
	out = append(out, sandboxLines...)
	// Queries without a checkpoint of the workspace (console or memory sinks): the running
	// ones and the newest stopped one; older stopped ones fold into a count.
	var alone []string
	stopped := 0
	for _, q := range qs {
		if attached[q.id] {
			continue
		}
		if q.ended && stopped >= 1 {
			stopped++
			continue
		}
		if q.ended {
			stopped++
		}
		alone = append(alone, progressLines(t, q, w, true)...)
	}
	if stopped > 1 {
		alone = append(alone, t.Muted.Render(fmt.Sprintf("+ %d more stopped queries", stopped-1)))
	}
	if s == nil {
		out = append(out, alone...)
		if len(out) == 0 {
			out = append(out, t.Muted.Render("no checkpoints yet"))
		}
		return out
	}
	readers := append([]observe.Reader(nil), s.Readers...)
	sort.SliceStable(readers, func(i, j int) bool {
		return watch.rank("path", readers[i].Path) < watch.rank("path", readers[j].Path)
	})
	var folded []string
	for i, r := range readers {
		q := queryFor(qs, r)
		if i >= 2 && q == nil && watch.rank("path", r.Path) > len(watch.paths) {
			folded = append(folded, r.Path)
			continue
		}
		out = append(out, t.Title.Render(r.Path))
		if r.Batch < 0 {
			out = append(out, t.Muted.Render("  no batch yet"))
			if q != nil {
				out = append(out, progressLines(t, q, w, false)...)
			}
			continue
		}
		st := fmt.Sprintf("  batch %d", r.Batch)
		if r.Committed == r.Batch {
			st += t.OK.Render(" committed")
		} else {
			st += t.Warn.Render(" not committed yet")
		}
		if r.Watermark > 0 {
			st += " · watermark " + msTime(r.Watermark)
		}
		out = append(out, st)
		out = append(out, wrap(fmt.Sprintf("  offsets/%d: %s", r.Batch, observe.FormatRange(r.Prev, r.Positions)), w)...)
		if q != nil {
			out = append(out, progressLines(t, q, w, false)...)
		}
		if in := inputRows(r); in >= 0 && (q == nil || q.last == nil) {
			out = append(out, fmt.Sprintf("  input rows %s", comma(in)))
		}
		if r.StateFile > 0 {
			out = append(out, fmt.Sprintf("  state: %d files", r.StateFile))
		}
	}
	if len(folded) > 0 {
		out = append(out, wrapStyled(t.Muted, fmt.Sprintf("+ %d more checkpoints: %s", len(folded), strings.Join(folded, ", ")), w)...)
	}
	out = append(out, alone...)
	if len(out) == 0 {
		out = append(out, t.Muted.Render("no checkpoints or queries yet"))
	}
	return out
}

// ---- tables and windows ----

func tableLines(e *env, lesson string, watch watchList, w int) []string {
	t := e.th
	s := e.snap
	if s == nil || len(s.Tables) == 0 {
		return []string{t.Muted.Render("no tables yet")}
	}
	tables := append([]observe.Table(nil), s.Tables...)
	sort.SliceStable(tables, func(i, j int) bool {
		return watch.rank("table", tables[i].Name) < watch.rank("table", tables[j].Name)
	})
	var out, folded []string
	var wm int64
	for _, r := range s.Readers {
		wm = max(wm, r.Watermark)
	}
	qs := e.queries.visible(lesson)
	for i, tb := range tables {
		if i >= 3 && watch.rank("table", tb.Name) > len(watch.tables) {
			folded = append(folded, tb.Name)
			continue
		}
		rows := "? rows"
		if tb.Rows >= 0 {
			rows = rowCount(tb.Rows)
		}
		out = append(out, fmt.Sprintf("%s %s v%d · %s", t.Info.Render("table"), t.Title.Render(tb.Name), tb.Version, rows))
		if len(tb.Windows) > 0 {
			lanes := windowLanes(t, tb, wm, w)
			if late := lateLine(t, qs, tb); late != "" && len(lanes) > 0 {
				at := min(len(lanes), 3)
				if wm > 0 {
					at = min(len(lanes), 4)
				}
				lanes = append(lanes[:at], append([]string{late}, lanes[at:]...)...)
			}
			out = append(out, lanes...)
			out = append(out, openInState(t, qs, tb, w)...)
		}
	}
	if len(folded) > 0 {
		out = append(out, wrapStyled(t.Muted, fmt.Sprintf("+ %d more tables: %s", len(folded), strings.Join(folded, ", ")), w)...)
	}
	return out
}

// openInState says how many windows the query writing a table still keeps open in its
// state: in append mode they are not in the table until the watermark passes their end.
func openInState(t *theme.Theme, qs []*queryView, tb observe.Table, w int) []string {
	for _, q := range qs {
		if q.last == nil || q.last.StateOperators == 0 {
			continue
		}
		sink := strings.TrimSuffix(q.last.Sink, "]")
		if !strings.HasSuffix(sink, "/"+tb.Path) {
			continue
		}
		emitted := int64(len(tb.Windows))
		inState := q.last.StateRows
		return wrapStyled(t.Warn, fmt.Sprintf("  in state: %s open, not emitted yet · emitted: %d (state rows are windows by key)", rowCount(inState), emitted), w)
	}
	return nil
}

// ---- workspace files ----

// wsFiles is the workspace's file list; enter opens the selected file full screen.
type wsFiles struct {
	sel     int
	changed map[string]bool
}

func wsFileLines(e *env, f *wsFiles, w int) []string {
	t := e.th
	s := e.snap
	if s == nil || len(s.Files) == 0 {
		return []string{t.Muted.Render("no files yet")}
	}
	var lines []string
	printed := map[string]bool{}
	for i, fl := range s.Files {
		dirs := strings.Split(fl.Path, "/")
		for d := 1; d < len(dirs); d++ {
			dir := strings.Join(dirs[:d], "/")
			if !printed[dir] {
				printed[dir] = true
				lines = append(lines, "  "+strings.Repeat("  ", d-1)+t.Muted.Render(dirs[d-1]+"/"))
			}
		}
		name := strings.Repeat("  ", len(dirs)-1) + dirs[len(dirs)-1]
		mark := "  "
		if f.changed[fl.Path] {
			mark = t.Changed.Render(theme.GlyphChanged) + " "
		}
		if i == f.sel {
			name = t.Selected.Render(name)
		}
		lines = append(lines, mark+name+t.Muted.Render(" "+size(fl.Size)))
	}
	return lines
}

func size(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

func partBar(t *theme.Theme, p observe.Partition, pos, maxEnd int64, w int) string {
	cell := func(off int64) int { return int(off * int64(w) / maxEnd) }
	start, end := cell(p.Start), cell(p.End)
	read := end
	if pos >= 0 {
		read = cell(min(max(pos, p.Start), p.End))
	}
	if p.End > p.Start && end == start {
		end = start + 1
		read = max(read, start)
	}
	var b strings.Builder
	b.WriteString(t.BarEmpty.Render(strings.Repeat("╌", start)))
	b.WriteString(t.BarFill.Render(strings.Repeat(theme.BarFull, max(0, read-start))))
	b.WriteString(t.BarLag.Render(strings.Repeat(theme.BarPart, max(0, end-max(read, start)))))
	b.WriteString(t.BarEmpty.Render(strings.Repeat(theme.BarNone, max(0, w-max(end, read)))))
	return b.String()
}
func windowLanes(t *theme.Theme, tb observe.Table, wmMs int64, w int) []string {
	wm := wmMs * 1000
	lo, hi := tb.Windows[0].Start, tb.Windows[0].End
	for _, x := range tb.Windows {
		lo, hi = min(lo, x.Start), max(hi, x.End)
	}
	if wm > 0 {
		lo, hi = min(lo, wm), max(hi, wm)
	}
	width := w - 2
	if width < 8 || hi <= lo {
		return nil
	}
	pos := func(x int64) int { return min(width-1, int((x-lo)*int64(width-1)/(hi-lo))) }
	lane := []rune(strings.Repeat(" ", width))
	closed := make([]bool, width)
	for _, x := range tb.Windows {
		a, b := pos(x.Start), max(pos(x.End), pos(x.Start)+1)
		for i := a; i < b && i < width; i++ {
			lane[i] = []rune(theme.BarFull)[0]
			closed[i] = wm > 0 && x.End <= wm
		}
		if b-a >= 3 {
			lane[b-1] = '▌' // a visible edge between neighbouring windows
		}
	}
	var lb strings.Builder
	// Style runs of cells, not single cells: one Render per run.
	for i := 0; i < width; {
		j := i
		for j < width && (lane[j] == ' ') == (lane[i] == ' ') && closed[j] == closed[i] {
			j++
		}
		run := string(lane[i:j])
		switch {
		case lane[i] == ' ':
			lb.WriteString(run)
		case closed[i]:
			lb.WriteString(t.BarFill.Render(run))
		default:
			lb.WriteString(t.BarLag.Render(run))
		}
		i = j
	}
	hhmm := func(us int64) string { return time.UnixMicro(us).UTC().Format("15:04") }
	out := []string{fmt.Sprintf("%s %s · event time (UTC)", t.Info.Render("windows"), tb.Name)}
	out = append(out, " "+lb.String())
	if wm > 0 {
		p := pos(wm)
		label := "┃ watermark " + hhmm(wm)
		if p+ansi.StringWidth(label) > width {
			label = "watermark " + hhmm(wm) + " ┃"
			p = max(0, p-ansi.StringWidth(label)+1)
		}
		out = append(out, " "+strings.Repeat(" ", p)+t.Warn.Render(label))
	}
	axis := hhmm(lo)
	out = append(out, " "+t.Muted.Render(axis+strings.Repeat(" ", max(1, width-len(axis)-5))+hhmm(hi)))
	for i, x := range tb.Windows {
		if i == 6 {
			out = append(out, t.Muted.Render(fmt.Sprintf("  … %d more windows", len(tb.Windows)-6)))
			break
		}
		state := t.OK.Render(theme.GlyphDone + " final")
		if wm == 0 || x.End > wm {
			state = t.Warn.Render("open")
		}
		out = append(out, fmt.Sprintf("  %s–%s %s %s", hhmm(x.Start), hhmm(x.End), x.Values, state))
	}
	return out
}
func inputRows(r observe.Reader) int64 {
	if r.Prev == nil {
		return -1
	}
	var n int64
	for tp, parts := range r.Positions {
		for p, end := range parts {
			n += end - r.Prev[tp][p]
		}
	}
	return n
}
func comma(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
func msTime(ms int64) string {
	secs := ms / 1000
	return fmt.Sprintf("%02d:%02d:%02d", (secs/3600)%24, (secs/60)%60, secs%60) + " UTC"
}
