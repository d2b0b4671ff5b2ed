// Package ui is kafkalab's terminal interface: course mode (lessons, code, output) and the
// sandbox (a PySpark and Kafka-tools prompt), both beside live panes that show partitions,
// offsets, checkpoint files and tables as they change.
//
// One root Model owns the layout and routes messages; the parts are small: the code editor
// (bubbles textarea), the prompt, the live panes (lab/observe gives them data), and the
// help (bubbles help). Everything behind the screen goes through the lab: steps, the
// sandbox's console, snapshots. Nothing slow runs in Update: the broker, steps, snapshots
// and file reads all run as tea.Cmds and come back as messages.
package ui

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

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

// pane identifies a focusable pane.
type pane int

const (
	paneProse pane = iota
	paneCode
	paneOutput
	paneLive
	paneCount
)

// Model is the root model.
type Model struct {
	cfg    Config
	th     *theme.Theme
	keys   KeyMap
	help   help.Model
	spin   spinner.Model
	width  int
	height int

	ctx    context.Context
	cancel context.CancelFunc
	events chan tea.Msg // lab events and background output, drained by waitEvent

	// broker
	starting bool
	startErr string
	backend  *Backend

	// course
	li, si     int
	edits      map[string]string // "lesson/step" -> the learner's edited code
	editing    bool
	code       textarea.Model
	focus      pane
	scroll     [paneCount]int
	hints      int // hints shown for the current step
	showList   bool
	listSel    int
	showLive   bool // narrow terminals: live panes instead of the lesson
	showHelp   bool
	confirm    string // non-empty: a yes/no question is open ("reset")
	predicting bool
	predictSel int

	running    bool
	runCancel  context.CancelFunc
	runOut     []string // output lines streamed while running
	result     *lab.StepResult
	resultKey  string
	changes    observe.Changes
	explain    string
	predictMsg string
	flash      string // one-line notice in the status bar

	// live panes
	snap        *observe.Snapshot
	before      *observe.Snapshot // snapshot taken when the step started
	polling     bool
	fileSel     int
	viewer      viewerState
	changedFile map[string]bool

	// render caches (rebuilt only when their inputs change)
	proseCache  map[string][]string
	outCache    []string
	outCacheKey string
	outDirty    bool
	outBuilds   int // how often the output was laid out (tests check the throttle)

	// streaming queries' live progress (queries.go)
	queries   map[string]*queryView
	querySeq  int
	pendingQ  []pendingQueryEvent
	runBatch  []batchLog // batches finished since the current lesson's last run started
	runLesson string

	sb *sandboxState

	quitting bool
	mu       sync.Mutex
}

type viewerState struct {
	path    string
	content string
	prev    string // content when the step started, to mark changed lines
}

// New makes the root model.
func New(cfg Config) *Model {
	if cfg.Theme == nil {
		cfg.Theme = theme.Plain()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Model{
		cfg: cfg, th: cfg.Theme, keys: DefaultKeyMap(), help: help.New(),
		spin:     spinner.New(spinner.WithSpinner(spinner.Dot)),
		ctx:      ctx,
		cancel:   cancel,
		events:   make(chan tea.Msg, 4096),
		starting: cfg.Start != nil,
		edits:    map[string]string{}, proseCache: map[string][]string{},
		changedFile: map[string]bool{},
		width:       80, height: 24,
		focus: paneProse,
	}
	m.keys.sandbox = cfg.Mode == Sandbox
	m.code = textarea.New()
	m.code.Prompt = ""
	m.code.ShowLineNumbers = true
	m.code.CharLimit = 0
	m.code.MaxHeight = 0
	if cfg.Record == nil {
		cfg.Record = learner.New("")
		m.cfg.Record = cfg.Record
	}
	m.resume()
	if cfg.Mode == Sandbox {
		m.sb = newSandbox(m)
		m.focus = paneCode
	}
	m.loadStep()
	return m
}

// resume puts the learner back where the progress file says they were.
func (m *Model) resume() {
	p := m.cfg.Record
	for i, l := range m.cfg.Lessons {
		if l.ID == p.Lesson {
			m.li = i
			if p.Step >= 1 && p.Step <= len(l.Steps) {
				m.si = p.Step - 1
			}
			return
		}
	}
	// No place saved: the first lesson with an unfinished step.
	for i, l := range m.cfg.Lessons {
		if p.DoneCount(l.ID) < len(l.Steps) {
			m.li = i
			return
		}
	}
}

func (m *Model) lesson() *lessons.Lesson {
	if m.li < len(m.cfg.Lessons) {
		return m.cfg.Lessons[m.li]
	}
	return nil
}

func (m *Model) step() *lessons.Step {
	l := m.lesson()
	if l == nil || m.si >= len(l.Steps) {
		return nil
	}
	return l.Steps[m.si]
}

func (m *Model) stepKey() string {
	if l, s := m.lesson(), m.step(); l != nil && s != nil {
		return fmt.Sprintf("%s/%d", l.ID, s.Number)
	}
	return ""
}

// stepCode is the code the current step shows: the learner's edit, or the lesson's.
func (m *Model) stepCode() *lessons.Code {
	s := m.step()
	if s == nil {
		return nil
	}
	if s.Starter != nil {
		return s.Starter
	}
	return s.Run
}

// loadStep prepares the panes for the current step.
func (m *Model) loadStep() {
	m.editing = false
	m.code.Blur()
	m.hints = 0
	m.scroll[paneProse] = 0
	m.predicting = false
	if m.resultKey != m.stepKey() {
		m.result, m.runOut, m.changes, m.explain, m.predictMsg = nil, nil, observe.Changes{}, "", ""
		m.outDirty = true
	}
	src := ""
	if c := m.stepCode(); c != nil {
		src = c.Source
	}
	if e, ok := m.edits[m.stepKey()]; ok {
		src = e
	}
	m.code.SetValue(src)
	m.code.MoveToBegin()
	if l := m.lesson(); l != nil && m.cfg.Mode == Course {
		m.cfg.Record.SetCurrent(l.ID, m.si+1)
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
	}
	return tea.Batch(cmds...)
}

// ---- messages ----

type (
	startedMsg struct {
		b   *Backend
		err error
	}
	labEventMsg lab.Event
	outputMsg   string
	frameMsg    struct{}
	pollMsg     struct{}
	snapshotMsg *observe.Snapshot
	stepDoneMsg struct {
		key string
		res *lab.StepResult
	}
	lessonResetMsg struct {
		lesson string
		err    error
	}
	fileReadMsg struct {
		path, content string
	}
	savedMsg struct{ err error }
)

func frameTick() tea.Cmd {
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return frameMsg{} })
}

func pollTick(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return pollMsg{} })
}

// observe is given to the lab; it must never block a step, so a step's events beyond the
// buffer are dropped (the step's result still carries its whole output). The console's
// output has nowhere else to go: it waits for room, as a terminal holds up a program that
// prints faster than it scrolls.
func (m *Model) observe(e lab.Event) {
	if e.Console && e.Kind == lab.OutputLine {
		select {
		case m.events <- labEventMsg(e):
		case <-m.ctx.Done():
		}
		return
	}
	select {
	case m.events <- labEventMsg(e):
	default:
	}
}

func (m *Model) waitEvent() tea.Cmd {
	ch := m.events
	ctx := m.ctx
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
	start, ctx := m.cfg.Start, m.ctx
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
	if m.backend == nil || m.backend.Lab == nil || m.lesson() == nil {
		return ""
	}
	return m.backend.Lab.Workspace(m.lesson().ID)
}

func (m *Model) snapshotCmd() tea.Cmd {
	ws, ctx := m.workspace(), m.ctx
	if m.backend == nil || m.backend.Lab == nil {
		return func() tea.Msg { return snapshotMsg(observe.Collect(ctx, nil, ws)) }
	}
	lb := m.backend.Lab
	return func() tea.Msg { return snapshotMsg(lb.Snapshot(ctx, ws)) }
}

// ---- Update ----

// Update routes a message to the part it concerns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.outDirty = true
		return m, nil
	case startedMsg:
		m.starting = false
		m.outDirty = true
		if msg.err != nil {
			m.startErr = oneLine(msg.err.Error())
			return m, nil
		}
		m.backend = msg.b
		m.polling = true
		cmds := []tea.Cmd{m.snapshotCmd()}
		if m.sb != nil {
			cmds = append(cmds, m.sb.startCmd())
		}
		return m, tea.Batch(cmds...)
	case spinner.TickMsg:
		if !m.starting && !m.running && (m.sb == nil || !m.sb.busy) {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case labEventMsg:
		m.onLabEvent(lab.Event(msg))
		return m, m.waitEvent()
	case outputMsg:
		if m.sb != nil {
			m.sb.appendOutput(string(msg))
		}
		return m, nil
	case frameMsg:
		// Output that streamed in since the last frame is laid out once per frame
		// (at most ten times a second), however fast it arrives.
		if m.outDirty {
			m.outCacheKey = ""
		}
		if m.sb != nil {
			m.sb.frameReady = true
		}
		m.applyQueryEvents()
		return m, frameTick()
	case pollMsg:
		var cmds []tea.Cmd
		if m.backend != nil && !m.polling {
			m.polling = true
			cmds = append(cmds, m.snapshotCmd())
		}
		d := 1500 * time.Millisecond
		if m.running || (m.sb != nil && (m.sb.busy || m.sb.activeQueries() > 0)) {
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
		return m, m.readSelectedFile()
	case fileReadMsg:
		if msg.path != m.viewer.path {
			m.viewer.prev = "" // no earlier content to compare with
		}
		m.viewer.path, m.viewer.content = msg.path, msg.content
		return m, nil
	case stepDoneMsg:
		return m, m.onStepDone(msg)
	case lessonResetMsg:
		m.running = false
		if msg.err != nil {
			m.flash = "reset failed: " + oneLine(msg.err.Error())
		} else {
			m.flash = "lesson reset: a fresh workspace and no topics of its own"
		}
		return m, m.snapshotCmd()
	case savedMsg:
		if msg.err != nil {
			m.flash = oneLine(msg.err.Error())
		}
		return m, nil
	case sandboxDoneMsg:
		return m, m.sb.onDone(msg)
	case sandboxReadyMsg:
		m.sb.onReady(msg)
		return m, nil
	case tea.MouseWheelMsg:
		m.onWheel(msg)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.onKey(msg)
	}
	if m.editing || m.sb != nil {
		var cmd tea.Cmd
		if m.sb != nil {
			m.sb.prompt, cmd = m.sb.prompt.Update(msg)
		} else {
			m.code, cmd = m.code.Update(msg)
		}
		return m, cmd
	}
	return m, nil
}

func (m *Model) onLabEvent(e lab.Event) {
	switch e.Kind {
	case lab.OutputLine:
		switch {
		case e.Console && m.sb != nil:
			m.sb.appendOutput(e.Line)
		case m.running:
			m.runOut = append(m.runOut, e.Line)
			m.outDirty = true
		}
	case lab.FileChanged:
		m.changedFile[e.Path] = true
	case lab.QueryProgress:
		m.queryEvent(e.Lesson, e.Query)
	}
}

func (m *Model) setSnapshot(s *observe.Snapshot) {
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Path < s.Files[j].Path })
	m.snap = s
	if m.before != nil {
		old := map[string]observe.File{}
		for _, f := range m.before.Files {
			old[f.Path] = f
		}
		for _, f := range s.Files {
			o, ok := old[f.Path]
			if !ok || o.Size != f.Size || !o.Mod.Equal(f.Mod) {
				m.changedFile[f.Path] = true
			}
		}
	}
	if m.fileSel >= len(s.Files) {
		m.fileSel = max(0, len(s.Files)-1)
	}
}

func (m *Model) readSelectedFile() tea.Cmd {
	if m.snap == nil || len(m.snap.Files) == 0 {
		return nil
	}
	rel := m.snap.Files[m.fileSel].Path
	ws := m.workspace()
	return func() tea.Msg { return fileReadMsg{path: rel, content: observe.ReadFile(ws, rel)} }
}

// Quit stops what runs and asks Bubble Tea to exit; Shutdown (after Run returns) frees
// the rest.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	if m.runCancel != nil {
		m.runCancel()
	}
	return tea.Quit // Shutdown, which runs after the program, saves the progress
}

func (m *Model) saveCmd() tea.Cmd {
	if m.cfg.Mode != Course || m.cfg.Record.Path() == "" {
		return nil
	}
	data := m.cfg.Record
	return func() tea.Msg { return savedMsg{err: data.Save()} }
}

// Shutdown stops background queries, the lab and the broker. Call it after the program
// has exited; it is safe to call more than once.
func (m *Model) Shutdown() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.runCancel != nil {
		m.runCancel()
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

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// keyIs reports whether a key press matches a binding.
func keyIs(msg tea.KeyPressMsg, b key.Binding) bool { return key.Matches(msg, b) }
