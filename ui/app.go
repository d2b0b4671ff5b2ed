// Package ui is kafkalab's terminal interface: course mode (a step's text, its files and
// its output) and the sandbox (a PySpark and Kafka-tools REPL), both beside live panes
// that show partitions, offsets, checkpoints, queries and tables as they change.
//
// The root Model keeps the layout, the focus and the routing of messages; everything
// else is a component (component.go) in the gh-dash style: the course and the sandbox,
// each pane, and the modals (prediction, confirm, lesson list, help, file viewer, record
// browser). Everything behind the screen goes through the lab; nothing slow runs in
// Update: the broker, steps, snapshots and reads run as commands and come back as
// messages.
package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// Mode is which screen the app shows.
type Mode int

const (
	// Course is the guided course: lessons, steps, checks.
	Course Mode = iota
	// Sandbox is free play at a prompt.
	Sandbox
)

// Backend is what the UI works with once the broker runs.
type Backend struct {
	Lab *lab.Lab
	// Label describes the broker for the status line ("embedded 127.0.0.1:9092").
	Label string
	// Close stops what Start started (the lab's client, the broker or container).
	Close func()
}

// Config sets up a Model.
type Config struct {
	Mode    Mode
	Theme   *theme.Theme
	Lessons []*lessons.Lesson
	Record  *learner.Record
	// Work keeps the learner's copies of step files (nil: not kept across restarts).
	Work *learner.Work
	// Start brings up the broker and the lab (slow: it runs in a tea.Cmd). observe receives
	// the lab's events; pass it to lab.Options.Observe.
	Start func(ctx context.Context, observe func(lab.Event)) (*Backend, error)
	// BrokerHint names the broker while it starts ("embedded").
	BrokerHint string
	// Workspace is the sandbox's folder (Sandbox mode).
	Workspace string
	// HistoryFile keeps the sandbox's prompt history ("" = not kept).
	HistoryFile string
	// NoTicks stops the timers (golden tests drive the model by hand).
	NoTicks bool
}

// Minimum size kafkalab draws at; below it a short notice is shown instead.
const minW, minH = 40, 12

// Model is the root model: layout, focus and routing.
type Model struct {
	cfg  Config
	env  *env
	spin spinner.Model

	course *course
	sb     *sandbox
	live   []*livePane // topics, streams, tables, workspace files
	ws     wsFiles
	watch  watchList

	focus    int // 0: the course or sandbox; 1..: a live pane
	lay      layout
	layValid bool // lay is for the current size and live panes
	modal    modal
	showLive bool // narrow terminals: the live panes instead of the main column
	flash    string
	width    int
	height   int

	events   chan tea.Msg
	cancel   context.CancelFunc
	starting bool
	backend  *Backend
	polling  bool
	before   *observe.Snapshot // the snapshot when the step started (changed files)
	quitting bool
	mu       sync.Mutex
}

var (
	keyQuit      = bind("q", "quit", "q")
	keyHelp      = bind("?", "all keys", "?")
	keyFocus     = bind("tab", "next pane", "tab")
	keyFocusBack = bind("shift+tab", "previous pane", "shift+tab")
	keyLive      = bind("v", "live panes", "v")
	keyLessons   = bind("l", "lessons", "l")
	keyRecords   = bind("b", "browse records", "b")
	keyOpen      = bind("enter", "open file", "enter")
)

// New makes the root model.
func New(cfg Config) *Model {
	if cfg.Theme == nil {
		cfg.Theme = theme.Plain()
	}
	if cfg.Record == nil {
		cfg.Record = learner.New("")
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Model{cfg: cfg, cancel: cancel, events: make(chan tea.Msg, 4096), starting: cfg.Start != nil,
		width: 80, height: 24, spin: spinner.New(spinner.WithSpinner(spinner.Dot))}
	m.env = &env{th: cfg.Theme, ctx: ctx, cfg: &m.cfg, queries: &queryTracker{sandbox: cfg.Mode == Sandbox}}
	if cfg.Mode == Sandbox {
		m.sb = newSandbox(m.env)
	} else {
		m.course = newCourse(m.env)
	}
	m.ws.changed = map[string]bool{}
	e := m.env
	m.live = []*livePane{
		{e: e, title: "topics · partitions", extra: []key.Binding{keyRecords}},
		{e: e, title: "streams · checkpoints · queries"},
		{e: e, title: "tables · windows"},
		{e: e, title: "workspace files", extra: []key.Binding{keyOpen, bind("↑↓", "select", "up")}},
	}
	m.live[0].lines = func(w int) []string { return topicLines(e, m.watch, w) }
	m.live[0].onKey = func(msg tea.KeyPressMsg) (tea.Cmd, bool) {
		if msg.String() == "enter" || msg.String() == "b" {
			return m.openRecords(), true
		}
		return nil, false
	}
	m.live[1].lines = func(w int) []string { return streamLines(e, m.lessonID(), m.watch, w, m.sandboxQueryLines()) }
	m.live[2].lines = func(w int) []string { return tableLines(e, m.lessonID(), m.watch, w) }
	m.live[3].lines = func(w int) []string { return wsFileLines(e, &m.ws, w) }
	m.live[3].onKey = m.wsFileKey
	m.onStepShown()
	m.layout()
	return m
}

func (m *Model) lessonID() string {
	if m.course != nil && m.course.lesson() != nil {
		return m.course.lesson().ID
	}
	return ""
}

func (m *Model) sandboxQueryLines() []string {
	if m.sb == nil || len(m.sb.queries) == 0 {
		return nil
	}
	var keep []string
	for _, l := range m.sb.queryLines() {
		keep = append(keep, l)
	}
	return keep
}

// main is the component of the main column.
func (m *Model) main() component {
	if m.sb != nil {
		return m.sb
	}
	return m.course
}

// onStepShown takes the new step's watch list and gives the focus back to its files.
func (m *Model) onStepShown() {
	m.watch = watchList{}
	if m.course == nil {
		return
	}
	if l := m.course.lesson(); l != nil {
		if s := m.course.step(); s != nil {
			for _, w := range s.Watch {
				kind, name, ok := strings.Cut(strings.TrimSpace(w), " ")
				switch {
				case ok && kind == "topic":
					m.watch.topics = append(m.watch.topics, strings.TrimSpace(name))
				case ok && kind == "table":
					m.watch.tables = append(m.watch.tables, strings.TrimSpace(name))
				default:
					m.watch.paths = append(m.watch.paths, strings.TrimSpace(w))
				}
			}
		}
		m.watch.topics = append(m.watch.topics, l.Topics...)
	}
	m.setFocus(0)
	m.refreshLive()
}

func (m *Model) setFocus(f int) {
	m.focus = f
	if m.course != nil {
		m.course.SetFocused(f == 0)
	}
	for i, p := range m.live {
		p.SetFocused(f == i+1)
	}
}

// Init starts the broker, the spinner and the timers.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.waitEvent()}
	if m.cfg.Start != nil {
		cmds = append(cmds, m.startCmd(), m.spin.Tick)
	}
	if !m.cfg.NoTicks {
		cmds = append(cmds, frameTick(), pollTick(time.Second))
		if m.course != nil {
			cmds = append(cmds, watchTick())
		}
	}
	return tea.Batch(cmds...)
}

type (
	startedMsg struct {
		b   *Backend
		err error
	}
	labEventMsg lab.Event
	frameMsg    struct{}
	pollMsg     struct{}
	snapshotMsg *observe.Snapshot
	fileReadMsg struct{ path, content string }
)

func frameTick() tea.Cmd {
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return frameMsg{} })
}

func pollTick(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return pollMsg{} })
}

// observe is given to the lab; it must never block a step, so a step's events beyond the
// buffer are dropped (the step's result still carries its whole output). The console's
// output waits for room, as a terminal holds up a program that prints faster than it
// scrolls.
func (m *Model) observe(e lab.Event) {
	if e.Console && e.Kind == lab.OutputLine {
		select {
		case m.events <- labEventMsg(e):
		case <-m.env.ctx.Done():
		}
		return
	}
	select {
	case m.events <- labEventMsg(e):
	default:
	}
}

func (m *Model) waitEvent() tea.Cmd {
	ch, ctx := m.events, m.env.ctx
	return func() tea.Msg {
		select {
		case e := <-ch:
			return e
		case <-ctx.Done():
			return nil
		}
	}
}

func (m *Model) startCmd() tea.Cmd {
	start, ctx := m.cfg.Start, m.env.ctx
	return func() tea.Msg {
		b, err := start(ctx, m.observe)
		return startedMsg{b: b, err: err}
	}
}

// workspace is the folder the live panes watch.
func (m *Model) workspace() string {
	if m.cfg.Mode == Sandbox {
		return m.cfg.Workspace
	}
	return m.course.workspace()
}

func (m *Model) snapshotCmd() tea.Cmd {
	ws, ctx := m.workspace(), m.env.ctx
	if m.env.lab == nil {
		return func() tea.Msg { return snapshotMsg(observe.Collect(ctx, nil, ws)) }
	}
	lb := m.env.lab
	return func() tea.Msg { return snapshotMsg(lb.Snapshot(ctx, ws)) }
}

// Update routes a message to the part it concerns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layValid = false
		m.layout()
		return m, nil
	case startedMsg:
		m.starting = false
		if msg.err != nil {
			m.env.startErr = oneLine(msg.err.Error())
			m.course.outDirtyIf()
			return m, nil
		}
		m.backend = msg.b
		m.env.lab, m.env.label = msg.b.Lab, msg.b.Label
		m.polling = true
		cmds := []tea.Cmd{m.snapshotCmd()}
		if m.sb != nil {
			cmds = append(cmds, m.sb.startCmd())
		} else {
			m.course.reloadFiles(true)
			m.course.outDirty = true
		}
		return m, tea.Batch(cmds...)
	case spinner.TickMsg:
		busy := m.starting || (m.course != nil && m.course.running) || (m.sb != nil && m.sb.busy)
		if !busy {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		m.passSpin()
		return m, cmd
	case labEventMsg:
		m.onLabEvent(lab.Event(msg))
		return m, m.waitEvent()
	case frameMsg:
		// Streamed output and query events are laid out once per frame (ten a second at
		// most), however fast they arrive.
		if m.env.queries.apply() {
			m.refreshLive()
		}
		if m.course != nil {
			m.course.Update(msg)
		}
		return m, frameTick()
	case pollMsg:
		var cmds []tea.Cmd
		if m.env.lab != nil && !m.polling {
			m.polling = true
			cmds = append(cmds, m.snapshotCmd())
		}
		d := 1500 * time.Millisecond
		if (m.course != nil && m.course.running) || (m.sb != nil && (m.sb.busy || m.sb.activeQueries() > 0)) {
			d = 300 * time.Millisecond
		}
		if !m.cfg.NoTicks {
			cmds = append(cmds, pollTick(d))
		}
		return m, tea.Batch(cmds...)
	case snapshotMsg:
		m.polling = false
		m.setSnapshot((*observe.Snapshot)(msg))
		if m.sb != nil {
			m.sb.refreshQueries()
		}
		return m, nil
	case openModalMsg:
		m.modal = msg.m
		m.layoutModal()
		m.layValid = false
		if rb, ok := msg.m.(*recordBrowser); ok {
			return m, rb.load()
		}
		return m, nil
	case closeModalMsg:
		m.modal = nil
		return m, nil
	case flashMsg:
		m.flash = string(msg)
		return m, nil
	case focusMainMsg:
		m.onStepShown()
		return m, nil
	case lessonChangedMsg:
		m.ws = wsFiles{changed: map[string]bool{}}
		return m, m.snapshotCmd()
	case answeredMsg, gotoStepMsg, resetExMsg, resetLessMsg, useSolMsg:
		// A modal's answer: it closes, and the course acts on it.
		m.modal = nil
		return m, m.course.Update(msg)
	case stepDoneMsg:
		m.before = nil
		return m, m.course.Update(msg)
	case lessonResetMsg:
		return m, tea.Batch(m.course.Update(msg), m.snapshotCmd())
	case fileReadMsg:
		return m, emit(openModalMsg{newFileViewer(m.env, msg.path, msg.content, "")})
	case tea.MouseWheelMsg:
		m.onWheel(msg)
		return m, nil
	case tea.KeyPressMsg:
		m.flash = ""
		return m, m.onKey(msg)
	case tea.PasteMsg:
		if m.sb != nil {
			return m, m.sb.Update(msg)
		}
		if m.course != nil && m.course.code.edit != nil {
			m.course.code.edit.Paste(msg.Content)
		}
		return m, nil
	}
	// Everything else goes to whoever may be waiting for it.
	var cmds []tea.Cmd
	if m.modal != nil {
		cmds = append(cmds, m.modal.Update(msg))
	}
	cmds = append(cmds, m.main().Update(msg))
	return m, tea.Batch(cmds...)
}

func (m *Model) passSpin() {
	if m.course != nil {
		m.course.spin = m.spin.View()
		if m.course.running {
			m.course.outDirty = true
		}
	}
	if m.sb != nil {
		m.sb.spin = m.spin.View()
	}
}

func (m *Model) onLabEvent(e lab.Event) {
	switch e.Kind {
	case lab.OutputLine:
		switch {
		case e.Console && m.sb != nil:
			m.sb.add(e.Line)
		case m.course != nil:
			m.course.Update(runOutputMsg(e.Line))
		}
	case lab.FileChanged:
		m.ws.changed[e.Path] = true
	case lab.StepStarted:
		m.before = m.env.snap
		m.ws.changed = map[string]bool{}
	case lab.QueryProgress:
		m.env.queries.add(e.Lesson, e.Query)
		if m.cfg.NoTicks {
			m.env.queries.apply()
			m.refreshLive()
		}
	}
}

func (m *Model) setSnapshot(s *observe.Snapshot) {
	if m.before != nil {
		old := map[string]observe.File{}
		for _, f := range m.before.Files {
			old[f.Path] = f
		}
		for _, f := range s.Files {
			if o, ok := old[f.Path]; !ok || o.Size != f.Size || !o.Mod.Equal(f.Mod) {
				m.ws.changed[f.Path] = true
			}
		}
	}
	m.env.snap = s
	if m.ws.sel >= len(s.Files) {
		m.ws.sel = max(0, len(s.Files)-1)
	}
	m.refreshLive()
}

func (m *Model) refreshLive() {
	for _, p := range m.live {
		if p.w > 0 {
			p.refresh()
		}
	}
	m.layValid = false // the panes' shares follow their content
}

func (m *Model) wsFileKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := m.env.snap
	if s == nil || len(s.Files) == 0 {
		return nil, false
	}
	switch msg.String() {
	case "up", "k":
		m.ws.sel = max(0, m.ws.sel-1)
	case "down", "j":
		m.ws.sel = min(len(s.Files)-1, m.ws.sel+1)
	case "enter", "f":
		rel, ws := s.Files[m.ws.sel].Path, m.workspace()
		return func() tea.Msg { return fileReadMsg{path: rel, content: observe.ReadFile(ws, rel)} }, true
	default:
		return nil, false
	}
	m.live[3].refresh()
	// Keep the selected file in view.
	p := m.live[3]
	line := 0
	for i, l := range p.view.lines {
		if strings.Contains(l, "\x1b[7m") || i == m.ws.sel {
			line = i
		}
	}
	_ = line
	return nil, true
}

func (m *Model) openRecords() tea.Cmd {
	if m.env.lab == nil {
		return flash("the broker is still starting")
	}
	topic := ""
	if len(m.watch.topics) > 0 {
		topic = m.watch.topics[0]
	}
	return emit(openModalMsg{newRecordBrowser(m.env, topic)})
}

// ---- keys ----

func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	str := msg.String()
	if str == "ctrl+c" {
		if m.sb != nil {
			cmd, _ := m.sb.HandleKey(msg)
			return cmd
		}
		if m.course != nil && m.course.running && m.course.runCancel != nil {
			m.course.runCancel()
			return flash("stopping the step…")
		}
		return m.quit()
	}
	if m.modal != nil {
		cmd, _ := m.modal.HandleKey(msg)
		return cmd
	}
	editing := m.course != nil && m.course.code.edit != nil
	if !editing && (m.sb == nil || m.sb.prompt.Value() == "" || str == "tab" && m.focus > 0) {
		switch {
		case keyIs(msg, keyHelp):
			return emit(openModalMsg{newHelp(m.env, m.fullHelp())})
		case keyIs(msg, keyQuit) && m.sb == nil:
			return m.quit()
		case keyIs(msg, keyFocus) && m.sb == nil, str == "ctrl+w":
			m.moveFocus(+1)
			return nil
		case keyIs(msg, keyFocusBack):
			m.moveFocus(-1)
			return nil
		case keyIs(msg, keyLive) && (m.sb == nil || m.sb.prompt.Value() == ""):
			m.showLive = !m.showLive
			m.layValid = false
			return nil
		case keyIs(msg, keyLessons) && m.course != nil:
			return emit(openModalMsg{newLessonList(m.env, m.course.li)})
		case keyIs(msg, keyRecords) && (m.sb == nil || m.sb.prompt.Value() == ""):
			return m.openRecords()
		}
	}
	if m.focus > 0 {
		if cmd, ok := m.live[m.focus-1].HandleKey(msg); ok {
			return cmd
		}
		if m.course != nil {
			cmd, _ := m.course.courseKey(msg)
			return cmd
		}
		if m.sb != nil {
			m.setFocus(0)
		}
	}
	cmd, _ := m.main().HandleKey(msg)
	return cmd
}

// moveFocus goes through the course's panes, then the live ones.
func (m *Model) moveFocus(d int) {
	L := m.current()
	live := L.liveW > 0
	n := 1 + len(m.live)
	if m.focus == 0 && m.course != nil && m.course.focusNext(d) {
		return
	}
	for i := 0; i < n; i++ {
		f := (m.focus + d + n) % n
		m.focus = f
		if f == 0 || live {
			break
		}
	}
	m.setFocus(m.focus)
	if m.focus == 0 && m.course != nil {
		m.course.focusEdge(d < 0)
	}
}

func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	mouse := msg.Mouse()
	d := 3
	if mouse.Button == tea.MouseWheelUp {
		d = -3
	}
	L := m.current()
	if m.modal != nil {
		return
	}
	if mouse.X >= L.mainW && L.liveW > 0 {
		y := mouse.Y - 1
		for i, h := range L.liveH {
			if y < h {
				m.live[i].view.ScrollBy(d)
				return
			}
			y -= h
		}
		return
	}
	if m.sb != nil {
		m.sb.view.ScrollBy(d)
		return
	}
	y := mouse.Y - 1
	c := m.course
	switch {
	case y < c.proseH:
		c.prose.view.ScrollBy(d)
	case y < c.proseH+c.codeH:
		c.code.view.ScrollBy(d)
	default:
		c.out.view.ScrollBy(d)
	}
}

func (m *Model) quit() tea.Cmd {
	m.quitting = true
	if m.course != nil && m.course.runCancel != nil {
		m.course.runCancel()
	}
	return tea.Quit // Shutdown, which runs after the program, saves the progress
}

// focused is the component the footer's keys come from.
func (m *Model) focused() component {
	if m.modal != nil {
		return m.modal
	}
	if m.focus > 0 && m.focus <= len(m.live) {
		return m.live[m.focus-1]
	}
	return m.main()
}

func (m *Model) globalKeys() []key.Binding {
	if m.sb != nil {
		return []key.Binding{keyHelp, keyLive, keyRecords}
	}
	return []key.Binding{keyHelp, keyFocus, keyLessons, keyRecords, keyLive, keyQuit}
}

func (m *Model) fullHelp() [][]key.Binding {
	groups := [][]key.Binding{m.globalKeys()}
	if m.course != nil {
		groups = append(groups, m.course.Keys().FullHelp()...)
	} else {
		groups = append(groups, m.sb.Keys().FullHelp()...)
	}
	if m.focus > 0 {
		groups = append(groups, m.live[m.focus-1].Keys().FullHelp()...)
	}
	return groups
}

// ---- layout and drawing ----

type layout struct {
	mainW, liveW int
	bodyH        int
	liveH        []int
}

func (m *Model) layout() layout {
	w, h := m.width, m.height
	L := layout{bodyH: max(0, h-2)}
	switch {
	case w >= 150:
		L.liveW = max(50, w*36/100)
	case w >= 110:
		L.liveW = w * 40 / 100
	case m.showLive:
		L.liveW = w
	}
	L.mainW = w - L.liveW
	if L.mainW > 0 {
		m.main().SetSize(L.mainW, L.bodyH)
	}
	if L.liveW > 0 {
		L.liveH = m.liveHeights(L.liveW, L.bodyH)
		for i, p := range m.live {
			p.SetSize(L.liveW, L.liveH[i])
		}
		for _, p := range m.live {
			p.refresh()
		}
	} else {
		for _, p := range m.live {
			p.SetSize(0, 0)
		}
	}
	m.layoutModal()
	m.lay, m.layValid = L, true
	return L
}

// current is the layout, made again only when the size or the live panes changed.
func (m *Model) current() layout {
	if !m.layValid {
		return m.layout()
	}
	return m.lay
}

// liveHeights shares the live column: each pane gets what its content needs, the
// workspace files what is left, and none less than 3 rows.
func (m *Model) liveHeights(w, h int) []int {
	need := make([]int, len(m.live))
	for i, p := range m.live {
		p.SetSize(w, h)
		p.refresh()
		need[i] = p.natural + 2
	}
	out := make([]int, len(m.live))
	caps := []int{h * 35 / 100, h * 35 / 100, h * 30 / 100}
	used := 0
	for i := 0; i < 3; i++ {
		out[i] = max(3, min(need[i], max(4, caps[i])))
		used += out[i]
	}
	out[3] = h - used
	if out[3] < 4 {
		// No room for the file list: the others share the column.
		out[3] = 0
		out[2] = max(0, h-out[0]-out[1])
	}
	return out
}

func (m *Model) layoutModal() {
	if m.modal == nil {
		return
	}
	if m.modal.Dialog() {
		m.modal.SetSize(m.width, m.height)
	} else {
		m.modal.SetSize(m.width, max(3, m.height-2))
	}
}

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "kafkalab"
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
	L := m.current()
	var body string
	if m.modal != nil && !m.modal.Dialog() {
		body = m.modal.View()
	} else {
		var cols []string
		if L.mainW > 0 {
			cols = append(cols, m.main().View())
		}
		if L.liveW > 0 {
			var parts []string
			for i, p := range m.live {
				if L.liveH[i] > 0 {
					parts = append(parts, p.View())
				}
			}
			cols = append(cols, vjoin(parts...))
		}
		body = hjoin(cols...)
		if m.modal != nil {
			body = overlay(body, m.modal.View(), w, L.bodyH)
		}
	}
	return vjoin(m.headerView(w), body, m.footerView(w))
}

// overlay draws a dialog centred over the body.
func overlay(body, dlg string, w, h int) string {
	bl := strings.Split(body, "\n")
	dl := strings.Split(dlg, "\n")
	dw := 0
	for _, l := range dl {
		dw = max(dw, ansi.StringWidth(l))
	}
	x := max(0, (w-dw)/2)
	y := max(0, (h-len(dl))/2)
	for i, l := range dl {
		r := y + i
		if r >= len(bl) {
			break
		}
		row := bl[r]
		bw := ansi.StringWidth(row)
		bl[r] = ansi.Truncate(row, x, "") + l + ansi.Cut(row, min(bw, x+ansi.StringWidth(l)), bw)
	}
	return strings.Join(bl, "\n")
}

func (m *Model) headerView(w int) string {
	t := m.env.th
	parts := []string{t.Title.Render("kafkalab")}
	if m.sb != nil {
		parts = append(parts, t.Accent.Render("sandbox")+" "+t.Muted.Render(m.cfg.Workspace))
	} else if l := m.course.lesson(); l != nil {
		done := m.cfg.Record.DoneCount(l.ID)
		parts = append(parts, fmt.Sprintf("Lesson %d/%d %s", m.course.li+1, len(m.cfg.Lessons), t.Text.Bold(true).Render(l.Title)))
		parts = append(parts, fmt.Sprintf("step %d/%d %s", m.course.si+1, len(l.Steps), bar(t, done, len(l.Steps), 10)))
	}
	right := ""
	switch {
	case m.starting:
		right = m.spin.View() + " starting the " + m.cfg.BrokerHint + " broker…"
	case m.env.startErr != "":
		right = t.Fail.Render(theme.GlyphFail + " no broker")
	case m.backend != nil:
		right = t.OK.Render(theme.GlyphChanged) + " " + m.backend.Label
	}
	left := " " + strings.Join(parts, t.Muted.Render("  ·  "))
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	if gap < 1 && m.backend != nil {
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
	full := min(width, n*width/total)
	return t.BarFill.Render(strings.Repeat(theme.BarFull, full)) + t.BarEmpty.Render(strings.Repeat(theme.BarNone, width-full))
}

// footerView is the focused component's keys, or a notice that stays until the next key.
func (m *Model) footerView(w int) string {
	t := m.env.th
	switch {
	case m.flash != "":
		return fit(" "+t.Info.Render(m.flash), w)
	case m.env.startErr != "" && m.backend == nil:
		return fit(" "+t.Fail.Render(theme.GlyphFail+" "+m.env.startErr), w)
	}
	hm := helpModel(t, w-1)
	ks := m.focused().Keys().ShortHelp()
	if m.modal == nil && !(m.course != nil && m.course.code.edit != nil) {
		ks = append(append([]key.Binding{}, ks...), m.globalKeys()...)
	}
	return fit(" "+hm.ShortHelpView(ks), w)
}

// Shutdown stops background queries, the lab and the broker. Call it after the program
// has exited; it is safe to call more than once.
func (m *Model) Shutdown() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.course != nil && m.course.runCancel != nil {
		m.course.runCancel()
	}
	if m.sb != nil {
		m.sb.close()
	}
	m.cancel()
	if m.backend != nil && m.backend.Close != nil {
		m.backend.Close()
		m.backend.Close = nil
	}
	if m.cfg.Mode == Course && m.cfg.Record.Path() != "" {
		_ = m.cfg.Record.Save()
	}
}
