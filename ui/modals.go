package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui/theme"
)

var (
	keyClose  = bind("esc", "close", "esc", "q")
	keyYes    = bind("y", "yes", "y")
	keyNo     = bind("n/esc", "no", "n", "esc")
	keyChoose = bind("enter", "choose", "enter")
	keyUpDown = bind("↑↓", "move", "up", "down", "k", "j")
)

// dialog draws a small box of lines, as wide as they need up to w.
func dialog(t *theme.Theme, title string, lines []string, w int) string {
	width := ansi.StringWidth(title) + 6
	for _, l := range lines {
		width = max(width, ansi.StringWidth(l)+4)
	}
	width = min(width, w)
	var body []string
	for _, l := range lines {
		body = append(body, wrap(l, width-4)...)
	}
	for i := range body {
		body[i] = " " + body[i]
	}
	return box(t, title, append(append([]string{""}, body...), ""), 0, width, len(body)+4, true)
}

// ---- prediction ----

// predictModal asks the step's question before it runs.
type predictModal struct {
	e    *env
	p    *lessons.Prediction
	sel  int
	w, h int
}

func newPredict(e *env, p *lessons.Prediction) *predictModal { return &predictModal{e: e, p: p} }

func (m *predictModal) Dialog() bool           { return true }
func (m *predictModal) Update(tea.Msg) tea.Cmd { return nil }
func (m *predictModal) SetSize(w, h int)       { m.w, m.h = w, h }
func (m *predictModal) rangeText() string {
	if len(m.p.Choices) == 1 {
		return "1"
	}
	return fmt.Sprintf("1-%d", len(m.p.Choices))
}
func (m *predictModal) Keys() help.KeyMap {
	k := []key.Binding{bind(m.rangeText(), "answer", "1"), keyUpDown, keyChoose, bind("esc", "not now", "esc")}
	return keys{short: k, full: [][]key.Binding{k}}
}

func (m *predictModal) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	n := len(m.p.Choices)
	switch s := msg.String(); {
	case s == "esc" || s == "q":
		return emit(closeModalMsg{}), true
	case s == "up" || s == "k":
		m.sel = (m.sel + n - 1) % n
	case s == "down" || s == "j":
		m.sel = (m.sel + 1) % n
	case s == "enter":
		return emit(answeredMsg{m.sel + 1}), true
	case len(s) == 1 && s[0] >= '1' && s[0] <= '9' && int(s[0]-'0') <= n:
		return emit(answeredMsg{int(s[0] - '0')}), true
	}
	return nil, true
}

func (m *predictModal) View() string {
	t := m.e.th
	lines := []string{m.p.Question, ""}
	for i, c := range m.p.Choices {
		line := fmt.Sprintf(" %d  %s ", i+1, c)
		if i == m.sel {
			line = t.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	lines = append(lines, "", t.Muted.Render(m.rangeText()+" or ↑↓ and enter: your answer · esc: not now"))
	return dialog(t, "predict before you run", lines, m.w-4)
}

// ---- confirm ----

// confirmModal asks yes or no; yes sends its message to the course.
type confirmModal struct {
	e        *env
	question string
	yes      tea.Msg
	w, h     int
}

func newConfirm(e *env, q string, yes tea.Msg) *confirmModal {
	return &confirmModal{e: e, question: q, yes: yes}
}
func (m *confirmModal) Dialog() bool           { return true }
func (m *confirmModal) Update(tea.Msg) tea.Cmd { return nil }
func (m *confirmModal) SetSize(w, h int)       { m.w, m.h = w, h }
func (m *confirmModal) Keys() help.KeyMap {
	return keys{short: []key.Binding{keyYes, keyNo}, full: [][]key.Binding{{keyYes, keyNo}}}
}
func (m *confirmModal) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case keyIs(msg, keyYes):
		return emit(m.yes), true
	case keyIs(msg, keyNo), msg.String() == "q":
		return emit(closeModalMsg{}), true
	}
	return nil, true
}
func (m *confirmModal) View() string {
	t := m.e.th
	return dialog(t, "are you sure?", []string{t.Warn.Render(m.question), "", t.Key.Render("y") + " yes   " + t.Key.Render("n") + " no"}, min(m.w-4, 70))
}

// ---- help ----

// helpModal is every key: the global ones, then the focused component's.
type helpModal struct {
	e      *env
	groups [][]key.Binding
	view   textView
	w, h   int
}

func newHelp(e *env, groups [][]key.Binding) *helpModal { return &helpModal{e: e, groups: groups} }
func (m *helpModal) Dialog() bool                       { return false }
func (m *helpModal) Update(tea.Msg) tea.Cmd             { return nil }
func (m *helpModal) SetSize(w, h int) {
	m.w, m.h = w, h
	m.view.SetSize(w-2, h-2)
	hm := helpModel(m.e.th, 0)
	var lines []string
	lines = append(lines, "")
	for i := 0; i < len(m.groups); {
		n := len(m.groups) - i
		for n > 1 && ansi.StringWidth(strings.Split(hm.FullHelpView(m.groups[i:i+n]), "\n")[0]) > w-4 {
			n--
		}
		for _, l := range strings.Split(hm.FullHelpView(m.groups[i:i+n]), "\n") {
			lines = append(lines, " "+l)
		}
		lines = append(lines, "")
		i += n
	}
	m.view.SetLines(lines)
}
func (m *helpModal) Keys() help.KeyMap {
	return keys{short: []key.Binding{keyClose, scrollKeys[0]}, full: [][]key.Binding{{keyClose}}}
}
func (m *helpModal) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.view.HandleKey(msg) {
		return nil, true
	}
	return emit(closeModalMsg{}), true
}
func (m *helpModal) View() string {
	return box(m.e.th, "all keys · any other key closes", m.view.Lines(m.e.th), 0, m.w, m.h, true)
}

// ---- lesson list ----

// lessonList is the full-screen list of lessons and their steps with the learner's
// progress, as rustlings' list: enter goes to the chosen lesson or step.
type lessonList struct {
	e    *env
	cur  int // the learner's lesson
	rows []listRow
	sel  int
	view textView
	w, h int
}

type listRow struct {
	li, si int // si -1: the lesson's own row
}

func newLessonList(e *env, li int) *lessonList {
	m := &lessonList{e: e, cur: li}
	for i, l := range e.cfg.Lessons {
		m.rows = append(m.rows, listRow{i, -1})
		if i == li {
			m.sel = len(m.rows) - 1
		}
		for j := range l.Steps {
			m.rows = append(m.rows, listRow{i, j})
		}
	}
	return m
}

func (m *lessonList) Dialog() bool           { return false }
func (m *lessonList) Update(tea.Msg) tea.Cmd { return nil }
func (m *lessonList) SetSize(w, h int) {
	m.w, m.h = w, h
	m.view.SetSize(w-2, h-3)
}
func (m *lessonList) Keys() help.KeyMap {
	k := []key.Binding{keyUpDown, bind("enter", "go there", "enter"), bind("J/K", "next/previous lesson", "J"), keyClose}
	return keys{short: k, full: [][]key.Binding{k}}
}
func (m *lessonList) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch msg.String() {
	case "up", "k":
		m.sel = max(0, m.sel-1)
	case "down", "j":
		m.sel = min(len(m.rows)-1, m.sel+1)
	case "J", "pgdown":
		for i := m.sel + 1; i < len(m.rows); i++ {
			if m.rows[i].si < 0 {
				m.sel = i
				break
			}
		}
	case "K", "pgup":
		for i := m.sel - 1; i >= 0; i-- {
			if m.rows[i].si < 0 {
				m.sel = i
				break
			}
		}
	case "g", "home":
		m.sel = 0
	case "G", "end":
		m.sel = len(m.rows) - 1
	case "enter":
		r := m.rows[m.sel]
		si := r.si
		if si < 0 {
			// A lesson: continue at its first unfinished step.
			l := m.e.cfg.Lessons[r.li]
			si = 0
			for i, s := range l.Steps {
				if !m.e.cfg.Record.IsDone(l.ID, s.Number) {
					si = i
					break
				}
			}
		}
		return emit(gotoStepMsg{r.li, si}), true
	case "esc", "q", "l":
		return emit(closeModalMsg{}), true
	}
	return nil, true
}

func (m *lessonList) View() string {
	t := m.e.th
	rec := m.e.cfg.Record
	var lines []string
	total, done := 0, 0
	selLine := 0
	for i, r := range m.rows {
		l := m.e.cfg.Lessons[r.li]
		var line string
		if r.si < 0 {
			n := rec.DoneCount(l.ID)
			total += len(l.Steps)
			done += n
			mark := t.Muted.Render(theme.GlyphTodo)
			switch {
			case n >= len(l.Steps) && len(l.Steps) > 0:
				mark = t.OK.Render(theme.GlyphDone)
			case r.li == m.cur:
				mark = t.Accent.Render(theme.GlyphCurrent)
			case n > 0:
				mark = t.Warn.Render("◐")
			}
			var dots strings.Builder
			for _, s := range l.Steps {
				if rec.IsDone(l.ID, s.Number) {
					dots.WriteString(t.OK.Render(theme.GlyphDone))
				} else {
					dots.WriteString(t.Muted.Render(theme.GlyphTodo))
				}
			}
			line = fmt.Sprintf("%s %d %s  %s %s", mark, r.li+1, t.Title.Render(l.Title), dots.String(), t.Muted.Render(fmt.Sprintf("%d/%d", n, len(l.Steps))))
			if i > 0 {
				lines = append(lines, "")
			}
		} else {
			s := l.Steps[r.si]
			mark := t.Muted.Render(theme.GlyphTodo)
			if rec.IsDone(l.ID, s.Number) {
				mark = t.OK.Render(theme.GlyphDone)
			}
			kind := ""
			switch {
			case s.IsExercise():
				kind = t.Warn.Render(" exercise")
			case s.Predict != nil:
				kind = t.Info.Render(" predict")
			case !s.Runnable():
				kind = t.Muted.Render(" read")
			}
			line = fmt.Sprintf("    %s %d.%d %s%s", mark, r.li+1, s.Number, s.Title, kind)
		}
		if i == m.sel {
			line = t.Selected.Render(ansi.Strip(line))
			selLine = len(lines)
		}
		lines = append(lines, line)
	}
	m.view.SetLines(lines)
	if selLine < m.view.top || selLine >= m.view.top+m.view.h {
		m.view.top = selLine - m.view.h/2
		m.view.clamp()
	}
	head := fmt.Sprintf(" %d of %d steps done %s", done, total, bar(t, done, total, 20))
	return box(t, "lessons · enter goes there · esc closes", append([]string{head}, m.view.Lines(t)...), 0, m.w, m.h, true)
}

// ---- course complete ----

type completeModal struct {
	e    *env
	w, h int
}

func newComplete(e *env) *completeModal         { return &completeModal{e: e} }
func (m *completeModal) Dialog() bool           { return false }
func (m *completeModal) Update(tea.Msg) tea.Cmd { return nil }
func (m *completeModal) SetSize(w, h int)       { m.w, m.h = w, h }
func (m *completeModal) Keys() help.KeyMap {
	return keys{short: []key.Binding{bind("l", "lessons", "l"), keyClose}, full: [][]key.Binding{{keyClose}}}
}
func (m *completeModal) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if msg.String() == "l" {
		return emit(openModalMsg{newLessonList(m.e, 0)}), true
	}
	return emit(closeModalMsg{}), true
}
func (m *completeModal) View() string {
	t := m.e.th
	rec := m.e.cfg.Record
	total, done, preds, right := 0, 0, 0, 0
	var per []string
	for i, l := range m.e.cfg.Lessons {
		n := rec.DoneCount(l.ID)
		total += len(l.Steps)
		done += n
		mark := t.OK.Render(theme.GlyphDone)
		if n < len(l.Steps) {
			mark = t.Warn.Render("◐")
		}
		per = append(per, fmt.Sprintf("  %s %d %s  %d/%d", mark, i+1, l.Title, n, len(l.Steps)))
		for _, s := range l.Steps {
			if s.Predict != nil {
				if got := rec.Predicted(l.ID, s.Number); got > 0 {
					preds++
					if got == s.Predict.Answer {
						right++
					}
				}
			}
		}
	}
	title := "Course complete"
	head := "You finished every step of the course."
	if done < total {
		title = "The end of the course"
		head = fmt.Sprintf("You reached the last step; %d of %d steps are done. The lessons with ◐ have steps left.", done, total)
	}
	lines := []string{"", " " + t.Title.Render(title), "", " " + head, "",
		fmt.Sprintf(" %d lessons · %d of %d steps · predictions right: %d of %d", len(m.e.cfg.Lessons), done, total, right, preds), ""}
	lines = append(lines, per...)
	lines = append(lines, "", " The sandbox (kafkalab sandbox) keeps everything you built: try your own queries there.", "", t.Muted.Render(" l lessons · any key closes"))
	return box(t, "kafkalab", lines, 0, m.w, m.h, true)
}

// ---- solution as a diff ----

// solutionModal shows an exercise's reference answer as a diff against the learner's
// code: what to remove (-) and add (+). a takes the solution, after a confirm.
type solutionModal struct {
	e                    *env
	name, mine, solution string
	lang                 string
	view                 textView
	w, h                 int
}

func newSolution(e *env, name, mine, solution, lang string) *solutionModal {
	return &solutionModal{e: e, name: name, mine: mine, solution: solution, lang: lang}
}
func (m *solutionModal) Dialog() bool           { return false }
func (m *solutionModal) Update(tea.Msg) tea.Cmd { return nil }
func (m *solutionModal) SetSize(w, h int) {
	m.w, m.h = w, h
	m.view.SetSize(w-2, h-2)
	t := m.e.th
	var lines []string
	same := true
	for _, d := range diffLines(strings.Split(strings.TrimSuffix(m.mine, "\n"), "\n"), strings.Split(strings.TrimSuffix(m.solution, "\n"), "\n")) {
		switch d.op {
		case '-':
			same = false
			lines = append(lines, t.Fail.Render("- "+d.text))
		case '+':
			same = false
			lines = append(lines, t.OK.Render("+ "+d.text))
		default:
			lines = append(lines, t.Muted.Render("  ")+d.text)
		}
	}
	if same {
		lines = append([]string{t.OK.Render("Your code is the solution."), ""}, lines...)
	}
	m.view.SetLines(lines)
}
func (m *solutionModal) Keys() help.KeyMap {
	k := []key.Binding{bind("a", "take the solution", "a"), keyClose, scrollKeys[0], sideKeys}
	return keys{short: k, full: [][]key.Binding{k}}
}
func (m *solutionModal) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch msg.String() {
	case "a":
		return emit(openModalMsg{newConfirm(m.e, fmt.Sprintf("Replace your %s with the solution? (r resets the exercise later)", m.name), useSolMsg{m.name, m.solution})}), true
	case "esc", "q", "s":
		return emit(closeModalMsg{}), true
	}
	return nil, m.view.HandleKey(msg)
}
func (m *solutionModal) View() string {
	title := fmt.Sprintf("solution · diff against your %s · - yours  + solution · a takes it · esc closes", m.name)
	return box(m.e.th, title, m.view.Lines(m.e.th), 0, m.w, m.h, true)
}

type diffLine struct {
	op   byte // ' ', '-', '+'
	text string
}

// diffLines is a line diff (longest common subsequence; lesson files are short).
func diffLines(a, b []string) []diffLine {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []diffLine
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			out = append(out, diffLine{' ', a[i]})
			i++
			j++
		case lcs[i+1][j] >= lcs[i][j+1]:
			out = append(out, diffLine{'-', a[i]})
			i++
		default:
			out = append(out, diffLine{'+', b[j]})
			j++
		}
	}
	for ; i < n; i++ {
		out = append(out, diffLine{'-', a[i]})
	}
	for ; j < m; j++ {
		out = append(out, diffLine{'+', b[j]})
	}
	return out
}

// ---- file viewer ----

// fileViewer is a full-screen view of a file: scrolls both ways (less -S), highlighted,
// and J shows JSON (a Delta log, a checkpoint's metadata line) pretty-printed.
type fileViewer struct {
	e             *env
	name, content string
	lang          string
	pretty        bool
	view          textView
	w, h          int
}

func newFileViewer(e *env, name, content, lang string) *fileViewer {
	if lang == "" {
		lang = "text"
		switch {
		case strings.HasSuffix(name, ".py"):
			lang = "python"
		case strings.HasSuffix(name, ".json"), strings.Contains(name, "_delta_log/"),
			strings.Contains(name, "/offsets/"), strings.Contains(name, "/commits/"), strings.HasSuffix(name, "/metadata"):
			lang = "json"
		}
	}
	return &fileViewer{e: e, name: name, content: content, lang: lang}
}
func (m *fileViewer) Dialog() bool           { return false }
func (m *fileViewer) Update(tea.Msg) tea.Cmd { return nil }
func (m *fileViewer) SetSize(w, h int) {
	m.w, m.h = w, h
	m.view.SetSize(w-2, h-2)
	m.layout()
}
func (m *fileViewer) layout() {
	text := strings.TrimSuffix(m.content, "\n")
	if m.pretty {
		text = prettyJSONLines(text)
	}
	lines := highlight(m.e.th, text, m.lang)
	nw := len(fmt.Sprint(len(lines)))
	for i := range lines {
		lines[i] = m.e.th.Muted.Render(fmt.Sprintf("%*d ", nw, i+1)) + lines[i]
	}
	m.view.SetLines(lines)
}

// prettyJSONLines indents every line that is a JSON object or array; other lines (the
// "v1" of an offsets file) stay as they are.
func prettyJSONLines(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) && json.Valid([]byte(t)) {
			var b bytes.Buffer
			if json.Indent(&b, []byte(t), "", "  ") == nil {
				out = append(out, b.String())
				continue
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func (m *fileViewer) Keys() help.KeyMap {
	k := []key.Binding{scrollKeys[0], sideKeys, bind("J", "pretty JSON", "J"), keyClose}
	return keys{short: k, full: [][]key.Binding{append(append([]key.Binding{}, scrollKeys...), sideKeys, bind("J", "pretty-print JSON lines", "J"), keyClose)}}
}
func (m *fileViewer) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch msg.String() {
	case "J":
		m.pretty = !m.pretty
		m.layout()
		return nil, true
	case "esc", "q", "f":
		return emit(closeModalMsg{}), true
	}
	return nil, m.view.HandleKey(msg)
}
func (m *fileViewer) View() string {
	title := m.name
	if m.pretty {
		title += " · pretty JSON"
	}
	if more := m.view.More(); more != "" {
		title += " · " + more
	}
	title += " · J json · esc closes"
	return box(m.e.th, title, m.view.Lines(m.e.th), 0, m.w, m.h, true)
}
