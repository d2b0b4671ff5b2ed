package ui

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"
	"github.com/alecthomas/chroma/v2/quick"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// layout is where each pane goes at the current size.
type layout struct {
	listW, mainW, liveW    int
	bodyH                  int
	proseH, codeH, outH    int
	topicsH, streamsH, fsH int
	transcriptH, promptH   int
	// the live panes' lines, made once per frame for both sizing and drawing
	topicLines, streamLines []string
}

// Minimum size kafkalab draws at; below it a short notice is shown instead.
const minW, minH = 40, 12

func (m *Model) layout() layout {
	w, h := m.width, m.height
	var L layout
	L.bodyH = h - 2
	switch {
	case w >= 150:
		L.listW = 28
		L.liveW = max(50, w*32/100)
	case w >= 110:
		L.liveW = w * 40 / 100
	case m.showLive:
		L.liveW = w
	}
	L.mainW = w - L.listW - L.liveW
	if m.showList && L.listW == 0 && L.mainW > 0 {
		// Narrow: the lesson list takes the prose pane's place (drawn in proseView).
	}
	// main column
	if m.sb != nil {
		L.promptH = min(max(3, m.sb.prompt.LineCount()+2), max(3, L.bodyH/3))
		L.transcriptH = L.bodyH - L.promptH
	} else {
		lines := 0
		cw := max(1, L.mainW-2-4)
		for _, l := range strings.Split(m.code.Value(), "\n") {
			lines += 1 + max(0, ansi.StringWidth(l)-1)/cw
		}
		L.codeH = min(lines+2, max(4, L.bodyH*35/100))
		L.codeH = max(L.codeH, 3)
		rest := L.bodyH - L.codeH
		// The prose gets what it needs up to a half; the output takes the rest.
		L.proseH = min(len(m.proseLines(max(L.mainW-2, 1)))+2, max(rest/2, 5))
		L.proseH = min(L.proseH, rest-3)
		L.outH = rest - L.proseH
	}
	// live column: topics and streams sized to their content, files take the rest
	if L.liveW > 0 {
		L.topicLines = m.topicLines(L.liveW - 2)
		L.streamLines = m.streamLines(L.liveW - 2)
		tl := len(L.topicLines) + 2
		sl := len(L.streamLines) + 2
		L.topicsH = min(tl, max(4, L.bodyH*40/100))
		share := 30
		if hasProgress(m.visibleQueries()) {
			share = 45 // live query progress is what the learner watches
		}
		if m.snap != nil {
			for _, tb := range m.snap.Tables {
				if len(tb.Windows) > 0 {
					share = 45 // the event-time lanes need room
				}
			}
		}
		L.streamsH = min(sl, max(4, L.bodyH*share/100))
		L.fsH = L.bodyH - L.topicsH - L.streamsH
		if L.fsH < 4 {
			L.fsH = 0
			L.streamsH = L.bodyH - L.topicsH
		}
	}
	return L
}

// paneAt finds the pane under a screen cell (for the mouse wheel).
func (m *Model) paneAt(x, y int) pane {
	L := m.layout()
	if x >= L.listW+L.mainW || L.mainW == 0 {
		return paneLive
	}
	y--
	switch {
	case m.sb != nil:
		return paneOutput
	case y < L.proseH:
		return paneProse
	case y < L.proseH+L.codeH:
		return paneCode
	}
	return paneOutput
}

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "kafkalab"
	if m.editing {
		// The textarea draws its own cursor as a styled cell.
		v.Cursor = nil
	}
	return v
}

// Render is the screen as text (View's content; golden tests read it).
func (m *Model) Render() string {
	if m.quitting {
		return ""
	}
	w, h := m.width, m.height
	if w < minW || h < minH {
		msg := fmt.Sprintf("kafkalab needs at least %dx%d (now %dx%d)", minW, minH, w, h)
		lines := wrap(msg, max(w, 1))
		for i := range lines {
			lines[i] = fit(lines[i], w)
		}
		if len(lines) > h {
			lines = lines[:max(h, 0)]
		}
		return strings.Join(lines, "\n")
	}
	L := m.layout()
	body := ""
	if m.showHelp {
		lines := []string{"", " All keys (any key closes this)", ""}
		m.help.SetWidth(0) // unlimited: the groups are laid out to fit below
		groups := m.keys.FullHelp()
		// As many key groups side by side as the width allows.
		for i := 0; i < len(groups); {
			n := len(groups) - i
			for n > 1 && ansi.StringWidth(strings.Split(m.help.FullHelpView(groups[i:i+n]), "\n")[0]) > w-4 {
				n--
			}
			for _, l := range strings.Split(m.help.FullHelpView(groups[i:i+n]), "\n") {
				lines = append(lines, " "+l)
			}
			lines = append(lines, "")
			i += n
		}
		body = box(m.th, "keys", lines, 0, w, L.bodyH, true)
	} else {
		var cols []string
		if L.listW > 0 {
			cols = append(cols, m.listView(L.listW, L.bodyH, false))
		}
		if L.mainW > 0 {
			if m.sb != nil {
				cols = append(cols, m.sb.view(L))
			} else {
				cols = append(cols, m.mainView(L))
			}
		}
		if L.liveW > 0 {
			cols = append(cols, m.liveView(L))
		}
		body = hjoin(cols...)
	}
	return vjoin(m.headerView(w), body, m.footerView(w))
}

func (m *Model) headerView(w int) string {
	t := m.th
	var parts []string
	parts = append(parts, t.Title.Render("kafkalab"))
	if m.sb != nil {
		parts = append(parts, t.Accent.Render("sandbox")+" "+t.Muted.Render(m.cfg.Workspace))
	} else if l := m.lesson(); l != nil {
		done := m.cfg.Record.DoneCount(l.ID)
		parts = append(parts, fmt.Sprintf("Lesson %d/%d %s", m.li+1, len(m.cfg.Lessons), t.Text.Bold(true).Render(l.Title)))
		parts = append(parts, fmt.Sprintf("step %d/%d %s", m.si+1, len(l.Steps), bar(t, done, len(l.Steps), 10)))
	}
	right := ""
	switch {
	case m.starting:
		right = m.spin.View() + " starting the " + m.cfg.BrokerHint + " broker…"
	case m.startErr != "":
		right = t.Fail.Render(theme.GlyphFail + " no broker")
	case m.backend != nil:
		right = t.OK.Render(theme.GlyphChanged) + " " + m.backend.Label
	}
	left := " " + strings.Join(parts, t.Muted.Render("  ·  "))
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	if gap < 1 && m.backend != nil {
		// Narrow: the broker's kind is enough, the lesson title gives way.
		right = t.OK.Render(theme.GlyphChanged) + " " + strings.Fields(m.backend.Label + " ")[0]
		left = fit(left, max(0, w-ansi.StringWidth(right)-2))
		gap = w - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	}
	if gap < 1 {
		return fit(left, w)
	}
	return left + strings.Repeat(" ", gap) + right + " "
}

// bar is a progress bar of n/total in width cells.
func bar(t *theme.Theme, n, total, width int) string {
	if total <= 0 {
		return ""
	}
	full := n * width / total
	return t.BarFill.Render(strings.Repeat(theme.BarFull, full)) + t.BarEmpty.Render(strings.Repeat(theme.BarNone, width-full))
}

func (m *Model) footerView(w int) string {
	t := m.th
	switch {
	case m.confirm != "":
		return fit(" "+t.Warn.Render(fmt.Sprintf("Reset lesson %q? Its workspace and topics start over, its progress is cleared.", m.lesson().Title))+"  "+t.Key.Render("y")+" yes  "+t.Key.Render("n")+" no", w)
	case m.startErr != "" && m.backend == nil:
		return fit(" "+t.Fail.Render(theme.GlyphFail+" "+m.startErr), w)
	case m.flash != "":
		s := " " + t.Info.Render(m.flash)
		m.flash = ""
		return fit(s, w)
	}
	m.keys.narrow = w < 110
	m.help.SetWidth(w - 1)
	return fit(" "+m.help.ShortHelpView(m.keys.ShortHelp()), w)
}

// ---- lesson list ----

func (m *Model) listView(w, h int, focused bool) string {
	t := m.th
	var lines []string
	sel := m.li
	if m.showList {
		sel = m.listSel
		focused = true
	}
	for i, l := range m.cfg.Lessons {
		done := m.cfg.Record.DoneCount(l.ID)
		mark := t.Muted.Render(theme.GlyphTodo)
		switch {
		case done >= len(l.Steps) && len(l.Steps) > 0:
			mark = t.OK.Render(theme.GlyphDone)
		case i == m.li:
			mark = t.Accent.Render(theme.GlyphCurrent)
		case done > 0:
			mark = t.Warn.Render("◐")
		}
		label := fmt.Sprintf("%d %s", i+1, l.Title)
		line := mark + " " + ansi.Truncate(label, w-8, "…")
		count := t.Muted.Render(fmt.Sprintf("%d/%d", done, len(l.Steps)))
		line = fit(line, w-2-ansi.StringWidth(count)-1) + " " + count
		if i == sel && focused {
			line = t.Selected.Render(ansi.Strip(line))
		}
		lines = append(lines, line)
	}
	off := clampScroll(sel-h/2, len(lines), h-2)
	title := "lessons"
	if m.showList {
		title = "lessons · enter opens · esc closes"
	}
	return box(t, title, lines, off, w, h, focused)
}

// ---- main column (course) ----

func (m *Model) mainView(L layout) string {
	w := L.mainW
	var prose string
	if m.showList && L.listW == 0 {
		prose = m.listView(w, L.proseH, true)
	} else {
		lines := m.proseLines(w - 2)
		m.scroll[paneProse] = clampScroll(m.scroll[paneProse], len(lines), L.proseH-2)
		title := "lesson"
		if s := m.step(); s != nil {
			title = fmt.Sprintf("step %d · %s", s.Number, s.Title)
		}
		prose = box(m.th, title, lines, m.scroll[paneProse], w, L.proseH, m.focus == paneProse)
	}
	return vjoin(prose, m.codeView(w, L.codeH), m.outputView(w, L.outH))
}

func (m *Model) proseLines(w int) []string {
	l, s := m.lesson(), m.step()
	if l == nil || s == nil {
		return []string{"No lessons."}
	}
	key := fmt.Sprintf("%s/%d/%d", l.ID, s.Number, w)
	if c, ok := m.proseCache[key]; ok {
		return c
	}
	var md strings.Builder
	if m.si == 0 {
		fmt.Fprintf(&md, "# %s\n\n", l.Title)
		if l.Goal != "" {
			fmt.Fprintf(&md, "**Goal:** %s\n\n", l.Goal)
		}
		if strings.TrimSpace(l.Intro) != "" {
			md.WriteString(l.Intro + "\n\n")
		}
	}
	md.WriteString(s.Prose + "\n")
	lines := m.renderMarkdown(md.String(), w)
	m.proseCache[key] = lines
	return lines
}

func (m *Model) renderMarkdown(md string, w int) []string {
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(m.th.GlamourStyle), glamour.WithWordWrap(max(w-4, 10)))
	if err == nil {
		if out, err := r.Render(md); err == nil {
			return strings.Split(strings.Trim(out, "\n"), "\n")
		}
	}
	return wrap(md, w)
}

func (m *Model) codeView(w, h int) string {
	t := m.th
	s := m.step()
	if s == nil || !s.Runnable() {
		return box(t, "code", []string{t.Muted.Render("Nothing to run in this step: read it, then n for the next.")}, 0, w, h, m.focus == paneCode)
	}
	lang := m.stepCode().Lang
	title := lang + " · e edit · enter run"
	if s.IsExercise() {
		title = "exercise · " + title
	}
	if m.editing {
		title = lang + " · editing · ctrl+r run · esc done"
		m.code.SetWidth(w - 2)
		m.code.SetHeight(h - 2)
		return box(t, title, strings.Split(m.code.View(), "\n"), 0, w, h, true)
	}
	if _, edited := m.edits[m.stepKey()]; edited {
		title += " · edited"
	}
	var lines []string
	for _, l := range m.highlight(m.code.Value(), lang) {
		lines = append(lines, strings.Split(ansi.Wrap(l, w-2, ""), "\n")...)
	}
	m.scroll[paneCode] = clampScroll(m.scroll[paneCode], len(lines), h-2)
	return box(t, title, lines, m.scroll[paneCode], w, h, m.focus == paneCode)
}

var highlightCache = map[string][]string{}

// highlight colours code with chroma (plain themes get line numbers only).
func (m *Model) highlight(src, lang string) []string {
	key := fmt.Sprint(m.th.Plain, lang, src)
	if c, ok := highlightCache[key]; ok {
		return c
	}
	out := src
	if !m.th.Plain {
		lexer := lang
		if lang == "sh" {
			lexer = "bash"
		}
		var b bytes.Buffer
		if quick.Highlight(&b, src, lexer, "terminal256", "monokai") == nil {
			out = b.String()
		}
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	nw := len(fmt.Sprint(len(lines)))
	for i := range lines {
		lines[i] = m.th.Muted.Render(fmt.Sprintf("%*d ", nw, i+1)) + lines[i]
	}
	if len(highlightCache) > 256 {
		highlightCache = map[string][]string{}
	}
	highlightCache[key] = lines
	return lines
}

func (m *Model) outputView(w, h int) string {
	if m.outDirty && (!m.running || m.outCacheKey == "") {
		m.outBuilds++
		m.outCache = m.outputLines(w - 2)
		m.outCacheKey = fmt.Sprint(w)
		m.outDirty = false
	} else if m.outCacheKey != fmt.Sprint(w) && !m.running {
		m.outCache = m.outputLines(w - 2)
		m.outCacheKey = fmt.Sprint(w)
	}
	lines := m.outCache
	if m.running {
		// Follow the output while it streams.
		m.scroll[paneOutput] = len(lines)
	}
	m.scroll[paneOutput] = clampScroll(m.scroll[paneOutput], len(lines), h-2)
	title := "output"
	if m.predicting {
		title = "predict before you run"
	}
	return box(m.th, title, lines, m.scroll[paneOutput], w, h, m.focus == paneOutput || m.predicting)
}

func (m *Model) outputLines(w int) []string {
	t := m.th
	s := m.step()
	var out []string
	add := func(ls ...string) { out = append(out, ls...) }
	if m.predicting && s != nil && s.Predict != nil {
		add(wrap(s.Predict.Question, w)...)
		add("")
		for i, c := range s.Predict.Choices {
			line := fmt.Sprintf(" %d  %s", i+1, c)
			if i == m.predictSel {
				line = t.Selected.Render(line)
			}
			add(line)
		}
		add("", t.Muted.Render("1-9 or ↑/↓ enter: your answer · esc: not now"))
		return out
	}
	switch {
	case m.startErr != "" && m.backend == nil:
		add(t.Fail.Render(theme.GlyphFail+" The broker did not start."), "")
		add(wrap(m.startErr, w)...)
	case m.running:
		line := m.spin.View() + " running step…"
		if a := m.activity(); a != "" {
			line += " " + a
		}
		add(wrap(line, w)...)
		add(renderOutput(t, strings.Join(m.runOut, "\n"), w)...)
	case m.result != nil && m.resultKey == m.stepKey():
		r := m.result
		if r.Passed {
			add(t.OK.Render(theme.GlyphDone + " Passed"))
		} else {
			add(t.Fail.Render(fmt.Sprintf("%s Not yet: %d check(s) did not hold", theme.GlyphFail, len(r.Failures))))
		}
		if m.predictMsg != "" {
			st := t.OK
			if strings.HasPrefix(m.predictMsg, theme.GlyphFail) {
				st = t.Warn
			}
			add(wrapStyled(st, m.predictMsg, w)...)
		}
		for _, f := range r.Failures {
			add("", t.Fail.Render(theme.GlyphFail+" "+f.Check))
			add(expectedActual(t, f.Want, f.Got, w)...)
		}
		if m.explain != "" {
			add("", t.Warn.Render("Why is it empty?"))
			add(wrap(m.explain, w)...)
		}
		if r.Output != "" {
			add("", t.Title.Render("Output"))
			add(renderOutput(t, r.Output, w)...)
		}
		if !m.changes.Empty() || len(m.runBatch) > 0 {
			add("", t.Title.Render("What just changed"))
			for _, l := range m.changes.Tables {
				add(wrapStyled(t.Text, "  table  "+l, w)...)
			}
			for _, l := range m.changes.Offsets {
				add(wrapStyled(t.Text, "  topic  "+l, w)...)
			}
			if len(m.runBatch) > 0 {
				// Every batch the step ran, as the query reported it.
				for i, b := range m.runBatch {
					if i == 12 {
						add(t.Muted.Render(fmt.Sprintf("  … and %d more batches", len(m.runBatch)-12)))
						break
					}
					add(batchLogLines(t, b, w)...)
				}
			} else {
				for _, l := range m.changes.Batches {
					add(wrapStyled(t.Text, "  batch  "+l, w)...)
				}
			}
			for i, l := range m.changes.Files {
				if i == 12 {
					add(t.Muted.Render(fmt.Sprintf("  … and %d more files", len(m.changes.Files)-12)))
					break
				}
				add(t.Changed.Render("  file   ") + l)
			}
		}
	default:
		if s != nil && s.Runnable() {
			add(t.Muted.Render("Press enter to run this step (e to edit the code first)."))
			if s.Predict != nil {
				add(t.Muted.Render("You will be asked to predict the result first."))
			}
		}
	}
	if s != nil && m.hints > 0 {
		add("")
		for i := 0; i < m.hints && i < len(s.Hints); i++ {
			add(wrapStyled(t.Info, fmt.Sprintf("Hint %d: %s", i+1, s.Hints[i]), w)...)
		}
	}
	return out
}

func wrapStyled(st interface{ Render(...string) string }, s string, w int) []string {
	lines := wrap(s, w)
	for i := range lines {
		lines[i] = st.Render(lines[i])
	}
	return lines
}

// expectedActual shows a failed check's want and got, side by side when there is room.
func expectedActual(t *theme.Theme, want, got string, w int) []string {
	wl := strings.Split(strings.TrimRight(want, "\n"), "\n")
	gl := strings.Split(strings.TrimRight(got, "\n"), "\n")
	var out []string
	if w >= 60 {
		cw := (w - 3) / 2
		out = append(out, t.OK.Render(fit("expected", cw))+" │ "+t.Fail.Render("actual"))
		for i := 0; i < max(len(wl), len(gl)); i++ {
			a, b := "", ""
			if i < len(wl) {
				a = wl[i]
			}
			if i < len(gl) {
				b = gl[i]
			}
			line := fit(a, cw) + " │ " + ansi.Truncate(b, cw, "…")
			if a != b {
				line = fit(a, cw) + " │ " + t.Changed.Render(ansi.Truncate(b, cw, "…"))
			}
			out = append(out, line)
		}
		return out
	}
	out = append(out, t.OK.Render("expected:"))
	for _, l := range wl {
		out = append(out, "  "+l)
	}
	out = append(out, t.Fail.Render("actual:"))
	for _, l := range gl {
		out = append(out, "  "+l)
	}
	return out
}

// ---- live column ----

func (m *Model) liveView(L layout) string {
	w := L.liveW
	f := m.focus == paneLive
	tl := L.topicLines
	title := "topics · partitions"
	if m.snap != nil && m.snap.Err != "" {
		title = "topics · broker unreachable"
	}
	parts := []string{
		box(m.th, title, tl, 0, w, L.topicsH, f),
		box(m.th, "streams · checkpoints · tables", L.streamLines, 0, w, L.streamsH, f),
	}
	if L.fsH > 0 {
		parts = append(parts, m.filesView(w, L.fsH, f))
	}
	return vjoin(parts...)
}

func (m *Model) topicLines(w int) []string {
	t := m.th
	if m.snap == nil {
		if m.starting {
			return []string{t.Muted.Render("waiting for the broker…")}
		}
		return []string{t.Muted.Render("no data yet")}
	}
	if len(m.snap.Topics) == 0 {
		return []string{t.Muted.Render("no topics yet")}
	}
	var out []string
	for _, tp := range m.snap.Topics {
		var reader map[int32]int64
		for _, r := range m.snap.Readers {
			if p, ok := r.Positions[tp.Name]; ok {
				reader = p
				break
			}
		}
		var maxEnd int64 = 1
		for _, p := range tp.Partitions {
			maxEnd = max(maxEnd, p.End)
		}
		head := fmt.Sprintf("%s · %d partitions · %s events", t.Title.Render(tp.Name), len(tp.Partitions), comma(tp.Events()))
		out = append(out, head)
		for _, p := range tp.Partitions {
			rng := fmt.Sprintf("[%s,%s)", comma(p.Start), comma(p.End))
			lag := ""
			pos := int64(-1)
			if reader != nil {
				if v, ok := reader[p.ID]; ok {
					pos = v
					lag = " lag " + comma(max(0, p.End-v))
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
	}
	return out
}

// partBar draws a partition's log on a common scale: deleted records (before the log
// start) dim, records the reader has passed solid, unread records (lag) shaded.
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

func (m *Model) streamLines(w int) []string {
	t := m.th
	var out []string
	qs := m.visibleQueries()
	attached := map[string]bool{}
	if m.snap != nil {
		for _, r := range m.snap.Readers {
			if q := queryFor(qs, r); q != nil {
				attached[q.id] = true
			}
		}
	}
	if m.sb != nil {
		out = append(out, m.sb.queryLinesExcept(m.queries)...)
	}
	// Queries without a checkpoint in the workspace (console or memory sinks use a
	// temporary one) get lines of their own, after the checkpoints; the newest few.
	var alone []string
	for _, q := range qs {
		if !attached[q.id] && len(alone) < 3*5 {
			alone = append(alone, m.progressLines(q, w, true)...)
		}
	}
	if m.snap == nil {
		out = append(out, alone...)
		if len(out) == 0 {
			out = append(out, t.Muted.Render("no checkpoints yet"))
		}
		return out
	}
	for _, r := range m.snap.Readers {
		q := queryFor(qs, r)
		out = append(out, t.Title.Render(r.Path))
		if r.Batch < 0 {
			out = append(out, t.Muted.Render("  no batch yet"))
			if q != nil {
				out = append(out, m.progressLines(q, w, false)...)
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
			out = append(out, m.progressLines(q, w, false)...)
		}
		if in := inputRows(r); in >= 0 && (q == nil || q.last == nil) {
			out = append(out, fmt.Sprintf("  input rows %s", comma(in)))
		}
		if r.StateFile > 0 {
			out = append(out, fmt.Sprintf("  state: %d files", r.StateFile))
		}
	}
	out = append(out, alone...)
	for _, tb := range m.snap.Tables {
		rows := "? rows"
		if tb.Rows >= 0 {
			rows = comma(tb.Rows) + " rows"
		}
		out = append(out, fmt.Sprintf("%s %s v%d · %s", t.Info.Render("table"), tb.Name, tb.Version, rows))
	}
	var wm int64
	for _, r := range m.snap.Readers {
		wm = max(wm, r.Watermark)
	}
	for _, tb := range m.snap.Tables {
		if len(tb.Windows) > 0 {
			lanes := windowLanes(t, tb, wm, w)
			if late := lateLine(t, qs, tb); late != "" && len(lanes) > 0 {
				// Under the axis, before the windows: the events that came too late for them.
				at := min(len(lanes), 3)
				if wm > 0 {
					at = min(len(lanes), 4)
				}
				lanes = append(lanes[:at], append([]string{late}, lanes[at:]...)...)
			}
			out = append(out, lanes...)
		}
	}
	if len(out) == 0 {
		out = append(out, t.Muted.Render("no checkpoints or tables yet"))
	}
	return out
}

// windowLanes draws a windowed table on an event-time axis with the watermark over it:
// windows whose end the watermark has passed are final (solid), the others may still
// change (shaded).
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

// inputRows is the newest batch's size: the sum of its offset ranges (-1 when unknown).
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

func (m *Model) filesView(w, h int, focused bool) string {
	t := m.th
	if m.snap == nil || len(m.snap.Files) == 0 {
		return box(t, "workspace files", []string{t.Muted.Render("no files yet")}, 0, w, h, focused)
	}
	treeH := (h - 2) / 2
	var lines []string
	selLine := 0
	printed := map[string]bool{}
	for i, f := range m.snap.Files {
		dirs := strings.Split(f.Path, "/")
		for d := 1; d < len(dirs); d++ {
			dir := strings.Join(dirs[:d], "/")
			if !printed[dir] {
				printed[dir] = true
				lines = append(lines, "  "+strings.Repeat("  ", d-1)+t.Muted.Render(dirs[d-1]+"/"))
			}
		}
		name := strings.Repeat("  ", len(dirs)-1) + dirs[len(dirs)-1]
		mark := "  "
		if m.changedFile[f.Path] {
			mark = t.Changed.Render(theme.GlyphChanged) + " "
		}
		line := mark + name
		if i == m.fileSel {
			line = mark + t.Selected.Render(name)
			selLine = len(lines)
		}
		lines = append(lines, line)
	}
	off := clampScroll(selLine-treeH/2, len(lines), treeH)
	tree := lines[off:min(len(lines), off+treeH)]
	for len(tree) < treeH {
		tree = append(tree, "")
	}
	sep := t.Muted.Render(fit("── "+m.viewer.path+" ", w-2))
	content := []string{sep}
	prev := map[string]bool{}
	for _, l := range strings.Split(m.viewer.prev, "\n") {
		prev[l] = true
	}
	// Lines the last step added are marked: against the content seen when it started, or
	// every line of a file it created.
	whole := m.viewer.prev == "" && m.changedFile[m.viewer.path]
	for _, l := range strings.Split(strings.TrimRight(m.viewer.content, "\n"), "\n") {
		l = strings.ReplaceAll(l, "\t", "  ")
		if whole || (m.viewer.prev != "" && !prev[l]) {
			content = append(content, t.Changed.Render("+ ")+l)
		} else {
			content = append(content, "  "+l)
		}
	}
	title := fmt.Sprintf("workspace files · %d · [ ] select", len(m.snap.Files))
	return box(t, title, append(tree, content...), 0, w, h, focused)
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

var _ = sort.Strings
