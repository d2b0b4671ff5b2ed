package ui

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// sandbox is the free-play prompt, a REPL as Python's: one interpreter keeps its globals
// and streaming queries between entries, an expression's value is echoed, Ctrl-C clears
// the line (or interrupts the running entry), Ctrl-D leaves, Ctrl-R searches the history,
// Tab lists what can complete the word. The lab's commands (kafka-*.sh, python, cat, ls)
// work as in lessons.
type sandbox struct {
	e          *env
	prompt     textarea.Model
	transcript []string
	view       textView
	history    []string
	histIdx    int
	console    *lab.Console
	realPython string // the CPython the prompt runs in (real-Python mode), "" on kafkalab's own
	switching  bool
	busy       bool
	cancel     context.CancelFunc
	queries    []pyrun.Query
	search     *historySearch
	cands      []string // Tab's candidates, shown under the prompt until the next key
	w, h       int
	promptH    int
	dirty      bool
	spin       string
	closeOnce  sync.Once
}

type historySearch struct {
	query string
	at    int // index of the shown match (-1 none)
}

type (
	sandboxReadyMsg struct {
		console *lab.Console
		err     error
	}
	// pythonModeMsg ends a switch of the prompt between kafkalab's PySpark and real Python:
	// python is the CPython of the new console ("" for kafkalab's own).
	pythonModeMsg struct {
		console *lab.Console
		python  string
		err     error
	}
	sandboxDoneMsg struct{ err error }
	consoleLineMsg string
)

var (
	keySubmit   = bind("enter", "run", "enter")
	keyNewline  = bind("ctrl+j", "new line", "ctrl+j", "alt+enter")
	keyComplete = bind("tab", "complete", "tab")
	keySearch   = bind("ctrl+r", "search history", "ctrl+r")
	keyCancel   = bind("ctrl+c", "clear line / interrupt", "ctrl+c")
	keyExit     = bind("ctrl+d", "leave", "ctrl+d")
	keyStopQ    = bind("ctrl+x", "stop queries", "ctrl+x")
	keyHistory  = bind("↑↓", "history", "up", "down")
	keyScrollT  = bind("pgup/pgdn", "scroll", "pgup", "pgdown")
)

func newSandbox(e *env) *sandbox {
	s := &sandbox{e: e}
	s.prompt = textarea.New()
	s.prompt.Prompt = "› "
	s.prompt.ShowLineNumbers = false
	s.prompt.Placeholder = `spark.read.format("kafka")...  or  kafka-topics.sh --list`
	if e.th.Plain {
		st := textarea.Styles{}
		st.Cursor = textarea.DefaultStyles(true).Cursor
		s.prompt.SetStyles(st)
	} else {
		st := textarea.DefaultStyles(true)
		st.Focused.CursorLine = e.th.Text
		st.Focused.Prompt = e.th.Accent
		s.prompt.SetStyles(st)
	}
	s.prompt.Focus()
	s.history = loadHistory(e.cfg.HistoryFile)
	s.histIdx = len(s.history)
	s.view.follow = true
	s.add(
		"PySpark and the lab's commands (kafka-*.sh, python X.py, cat, ls, rm) run here, in "+e.cfg.Workspace+".",
		"`spark` is ready once the broker is. Values are echoed as Python's prompt does.",
		"Streaming queries keep running: ctrl+x stops them. .help lists the commands; ctrl+d leaves.",
		"")
	return s
}

func (s *sandbox) SetFocused(bool) {}

func (s *sandbox) add(lines ...string) {
	s.transcript = append(s.transcript, lines...)
	if len(s.transcript) > 20000 {
		s.transcript = s.transcript[len(s.transcript)-20000:]
	}
	s.dirty = true
	s.view.follow = true
}

// startCmd opens the lab's console (its scripts use the lab's broker whatever address the
// learner types).
func (s *sandbox) startCmd() tea.Cmd {
	lb, ws, ctx := s.e.lab, s.e.cfg.Workspace, s.e.ctx
	if lb == nil {
		return nil
	}
	return func() tea.Msg {
		c := lb.Console(ws)
		if err := c.Start(ctx); err != nil {
			return sandboxReadyMsg{err: err}
		}
		return sandboxReadyMsg{console: c}
	}
}

func (s *sandbox) Update(msg tea.Msg) tea.Cmd {
	t := s.e.th
	switch msg := msg.(type) {
	case sandboxReadyMsg:
		if msg.err != nil {
			s.add(t.Fail.Render(theme.GlyphFail+" the PySpark interpreter did not start: ") + oneLine(msg.err.Error()))
			return nil
		}
		s.console = msg.console
		s.add(t.OK.Render(theme.GlyphDone+" spark is ready") + " (broker " + s.e.label + ")")
	case pythonModeMsg:
		s.switching = false
		if msg.err != nil {
			s.add(t.Fail.Render(theme.GlyphFail+" ") + oneLine(msg.err.Error()))
			var np *lab.NoPythonError
			if errors.As(msg.err, &np) {
				s.add("  "+np.Hint(), "  The prompt stays on kafkalab's PySpark.")
			}
			s.add("")
			return nil
		}
		if s.console != nil {
			s.console.Close()
		}
		s.console, s.realPython, s.queries = msg.console, msg.python, nil
		if msg.python != "" {
			s.add(t.OK.Render(theme.GlyphDone+" real Python: ")+msg.python+" with pyspark-client, through Spark Connect on kafkalab's engine",
				"  Entries run in CPython; variables from before are gone (spark is ready). .python switches back.", "")
		} else {
			s.add(t.OK.Render(theme.GlyphDone+" kafkalab's PySpark")+" again: variables from before are gone (spark is ready)", "")
		}
	case consoleLineMsg:
		s.add(string(msg))
	case sandboxDoneMsg:
		s.busy, s.cancel = false, nil
		if msg.err != nil && !lab.Printed(msg.err) {
			for _, l := range strings.Split(strings.TrimRight(msg.err.Error(), "\n"), "\n") {
				s.add(t.Fail.Render(l))
			}
		}
		s.refreshQueries()
	case tea.PasteMsg:
		s.prompt.InsertString(msg.Content)
	}
	return nil
}

// switchPython asks the lab for a console in the other mode: real Python when the prompt is
// on kafkalab's PySpark, and back. The lab decides whether real Python can run.
func (s *sandbox) switchPython() tea.Cmd {
	t := s.e.th
	lb, ws, ctx := s.e.lab, s.e.cfg.Workspace, s.e.ctx
	switch {
	case s.busy || s.switching:
		s.add(t.Warn.Render("still running the last entry; ctrl+c interrupts it"))
		return nil
	case lb == nil:
		s.add(t.Warn.Render("the PySpark interpreter is not ready yet (the broker is starting)"))
		return nil
	}
	s.switching = true
	if s.realPython != "" {
		s.add(t.Muted.Render("starting kafkalab's PySpark..."))
		return func() tea.Msg {
			c := lb.Console(ws)
			if err := c.Start(ctx); err != nil {
				return pythonModeMsg{err: err}
			}
			return pythonModeMsg{console: c}
		}
	}
	s.add(t.Muted.Render("starting real Python (CPython with pyspark-client, through Spark Connect)..."))
	return func() tea.Msg {
		c, python, err := lb.RealPythonConsole(ctx, ws)
		return pythonModeMsg{console: c, python: python, err: err}
	}
}

func (s *sandbox) refreshQueries() {
	if s.console != nil {
		s.queries = s.console.Queries()
	}
}

func (s *sandbox) activeQueries() int {
	n := 0
	for _, q := range s.queries {
		if q.Active {
			n++
		}
	}
	return n
}

func (s *sandbox) Keys() help.KeyMap {
	if s.search != nil {
		k := []key.Binding{bind("ctrl+r", "older match", "ctrl+r"), bind("enter", "take it", "enter"), bind("esc", "cancel", "esc")}
		return keys{short: k, full: [][]key.Binding{k}}
	}
	short := []key.Binding{keySubmit, keyNewline, keyComplete, keySearch, keyCancel, keyExit, keyStopQ}
	return keys{short: short, full: [][]key.Binding{
		{keySubmit, keyNewline, keyComplete, keyHistory, keySearch},
		{keyCancel, keyExit, keyStopQ, keyScrollT},
	}}
}

// HandleKey is the prompt's keys; every key belongs to the sandbox but the root's few.
func (s *sandbox) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	t := s.e.th
	str := msg.String()
	s.cands = nil
	if s.search != nil {
		return s.searchKey(msg), true
	}
	switch {
	case str == "ctrl+c":
		if s.busy && s.cancel != nil {
			s.cancel() // as Python's prompt: interrupt the entry, stay at the prompt
			s.add(t.Warn.Render("KeyboardInterrupt"))
			return nil, true
		}
		if v := s.prompt.Value(); v != "" {
			for i, l := range strings.Split(v, "\n") {
				p := "› "
				if i > 0 {
					p = "… "
				}
				s.add(t.Muted.Render(p + l))
			}
			s.add(t.Warn.Render("KeyboardInterrupt"))
		}
		s.prompt.Reset()
		s.histIdx = len(s.history)
		return nil, true
	case str == "ctrl+d":
		if s.prompt.Value() == "" {
			return tea.Quit, true
		}
		return nil, true
	case str == "ctrl+r":
		s.search = &historySearch{at: -1}
		return nil, true
	case keyIs(msg, keyStopQ):
		return s.stopQueries("all"), true
	case str == "pgup":
		s.view.ScrollBy(-max(1, s.view.h-1))
		return nil, true
	case str == "pgdown":
		s.view.ScrollBy(max(1, s.view.h-1))
		return nil, true
	case keyIs(msg, keyComplete):
		s.complete()
		return nil, true
	case keyIs(msg, keyNewline):
		s.prompt.InsertString("\n")
		return nil, true
	case str == "up" && s.prompt.Line() == 0:
		if s.histIdx > 0 {
			s.histIdx--
			s.prompt.SetValue(s.history[s.histIdx])
		}
		return nil, true
	case str == "down" && s.prompt.Line() == s.prompt.LineCount()-1:
		if s.histIdx < len(s.history) {
			s.histIdx++
			v := ""
			if s.histIdx < len(s.history) {
				v = s.history[s.histIdx]
			}
			s.prompt.SetValue(v)
		}
		return nil, true
	case str == "enter":
		if !lab.EntryComplete(s.prompt.Value()) {
			s.prompt.InsertString("\n" + indentAfter(s.prompt.Value()))
			return nil, true
		}
		return s.submit(), true
	}
	var cmd tea.Cmd
	s.prompt, cmd = s.prompt.Update(msg)
	return cmd, true
}

// searchKey is reverse history search: typing narrows, ctrl+r goes to older matches,
// enter takes the match into the prompt, esc leaves the prompt as it was.
func (s *sandbox) searchKey(msg tea.KeyPressMsg) tea.Cmd {
	hs := s.search
	find := func(from int) int {
		for i := from; i >= 0; i-- {
			if hs.query != "" && strings.Contains(s.history[i], hs.query) {
				return i
			}
		}
		return -1
	}
	switch str := msg.String(); {
	case str == "esc" || str == "ctrl+c" || str == "ctrl+g":
		s.search = nil
	case str == "enter" || str == "tab" || str == "right":
		if hs.at >= 0 {
			s.prompt.SetValue(s.history[hs.at])
			s.histIdx = hs.at
		}
		s.search = nil
	case str == "ctrl+r":
		start := len(s.history) - 1
		if hs.at >= 0 {
			start = hs.at - 1
		}
		if i := find(start); i >= 0 {
			hs.at = i
		}
	case str == "backspace":
		if r := []rune(hs.query); len(r) > 0 {
			hs.query = string(r[:len(r)-1])
		}
		hs.at = find(len(s.history) - 1)
	default:
		if msg.Text != "" {
			hs.query += msg.Text
			hs.at = find(len(s.history) - 1)
		}
	}
	return nil
}

func (s *sandbox) submit() tea.Cmd {
	t := s.e.th
	src := strings.TrimRight(s.prompt.Value(), "\n ")
	s.prompt.Reset()
	if strings.TrimSpace(src) == "" {
		return nil
	}
	for i, l := range strings.Split(src, "\n") {
		p := "› "
		if i > 0 {
			p = "… "
		}
		s.add(t.Accent.Render(p) + l)
	}
	if len(s.history) == 0 || s.history[len(s.history)-1] != src {
		s.history = append(s.history, src)
	}
	s.histIdx = len(s.history)
	save := s.appendHistory(src)
	trim := strings.TrimSpace(src)
	switch {
	case trim == ".help":
		s.add("  .queries        list streaming queries", "  .stop ID|all    stop queries",
			"  .data [NAME]    the sample data sets; NAME copies one into data/",
			"  .python         switch the prompt to real Python (CPython + pyspark-client through Spark Connect) and back",
			"  .quit           leave (ctrl+d too)",
			"  kafka-*.sh ...  Kafka's tools against the lab's broker", "  python X.py, cat, ls, rm   scripts and files of this folder",
			"  SHOW TABLES, spark.catalog.listTables()   the tables here",
			"  anything else   PySpark (spark is the session); an expression's value is echoed", "")
		return save
	case trim == ".python":
		return tea.Batch(save, s.switchPython())
	case trim == ".queries":
		s.refreshQueries()
		s.add(s.queryLines()...)
		return save
	case trim == ".data" || strings.HasPrefix(trim, ".data "):
		s.add(s.dataSet(strings.TrimSpace(strings.TrimPrefix(trim, ".data")))...)
		return save
	case strings.HasPrefix(trim, ".stop"):
		return tea.Batch(save, s.stopQueries(strings.TrimSpace(strings.TrimPrefix(trim, ".stop"))))
	case trim == ".quit" || trim == "exit()" || trim == "quit()" || trim == "exit" || trim == "quit":
		return tea.Quit
	case strings.EqualFold(strings.TrimSuffix(trim, ";"), "SHOW TABLES"):
		// As a SQL prompt would: the statement alone runs as spark.sql.
		src = `spark.sql("SHOW TABLES").show(truncate=False)`
	}
	if s.busy {
		s.add(t.Warn.Render("still running the last entry; ctrl+c interrupts it"))
		return save
	}
	if s.console == nil {
		s.add(t.Warn.Render("the PySpark interpreter is not ready yet (the broker is starting)"))
		return save
	}
	s.busy = true
	ctx, cancel := context.WithCancel(s.e.ctx)
	s.cancel = cancel
	c := s.console
	return tea.Batch(save, func() tea.Msg {
		defer cancel()
		return sandboxDoneMsg{err: c.Run(ctx, src)}
	})
}

func (s *sandbox) dataSet(name string) []string {
	if name == "" {
		out := []string{"sample data sets (.data NAME copies one into data/):"}
		for _, n := range lab.DataSets() {
			out = append(out, "  "+n)
		}
		return out
	}
	if s.console == nil {
		return []string{s.e.th.Warn.Render("the PySpark interpreter is not ready")}
	}
	rel, err := s.console.CopyDataSet(name)
	if err != nil {
		return []string{s.e.th.Fail.Render(oneLine(err.Error()))}
	}
	return []string{fmt.Sprintf("copied to %s: spark.read.json(%q).show()", rel, rel)}
}

func (s *sandbox) appendHistory(src string) tea.Cmd {
	path := s.e.cfg.HistoryFile
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		_ = os.MkdirAll(filepath.Dir(path), 0o755)
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return flashMsg("save sandbox history: " + err.Error())
		}
		b, _ := json.Marshal(src)
		_, err = f.Write(append(b, '\n'))
		f.Close()
		if err != nil {
			return flashMsg("save sandbox history: " + err.Error())
		}
		return nil
	}
}

func (s *sandbox) stopQueries(which string) tea.Cmd {
	c := s.console
	if c == nil {
		return nil
	}
	s.add(s.e.th.Muted.Render("stopping queries…"))
	return func() tea.Msg {
		if which == "all" || which == "" {
			c.StopQueries()
		} else if !c.StopQuery(which) {
			return consoleLineMsg("no query with id " + which)
		}
		return consoleLineMsg("stopped")
	}
}

func (s *sandbox) queryLines() []string {
	if len(s.queries) == 0 {
		return []string{s.e.th.Muted.Render("no streaming queries")}
	}
	t := s.e.th
	var out []string
	for _, q := range s.queries {
		st := t.Muted.Render("stopped")
		if q.Active {
			st = t.OK.Render("running")
		}
		name := q.Name
		if name == "" {
			name = q.ID[:min(8, len(q.ID))]
		}
		out = append(out, fmt.Sprintf("query %s %s", name, st))
	}
	return out
}

// complete completes the word before the cursor: at once when one name fits, else the
// common part, and every candidate is listed under the prompt.
func (s *sandbox) complete() {
	v := s.prompt.Value()
	i := len(v)
	for i > 0 && strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", rune(v[i-1])) {
		i--
	}
	prefix := v[i:]
	if j := strings.LastIndexByte(prefix, '.'); j >= 0 && !strings.HasPrefix(prefix, "kafka") {
		prefix = prefix[j+1:]
	}
	names := append([]string(nil), pysparkNames...)
	if snap := s.e.snap; snap != nil {
		for _, t := range snap.Topics {
			names = append(names, t.Name)
		}
		for _, t := range snap.Tables {
			names = append(names, t.Name)
		}
	}
	var cands []string
	seen := map[string]bool{}
	for _, n := range names {
		if strings.HasPrefix(n, prefix) && n != prefix && !seen[n] {
			seen[n] = true
			cands = append(cands, n)
		}
	}
	sort.Strings(cands)
	switch len(cands) {
	case 0:
		return
	case 1:
		s.prompt.InsertString(cands[0][len(prefix):])
	default:
		common := cands[0]
		for _, c := range cands[1:] {
			for !strings.HasPrefix(c, common) {
				common = common[:len(common)-1]
			}
		}
		if len(common) > len(prefix) {
			s.prompt.InsertString(common[len(prefix):])
		}
		s.cands = cands
	}
}

func (s *sandbox) SetSize(w, h int) {
	s.w, s.h = w, h
	s.dirty = true
}

func (s *sandbox) View() string {
	t := s.e.th
	w := s.w
	extra := 0
	var candLines []string
	if len(s.cands) > 0 {
		candLines = wrap(strings.Join(s.cands, "  "), max(4, w-2))
		extra = min(len(candLines), 4)
	}
	s.promptH = min(max(3, s.prompt.LineCount()+2+extra), max(3, s.h/2))
	if s.search != nil {
		s.promptH = 3
	}
	th := s.h - s.promptH
	s.view.SetSize(w-2, th-2)
	if s.dirty {
		s.view.SetLines(renderOutput(t, strings.Join(s.transcript, "\n"), w-2))
		s.dirty = false
	}
	title := "sandbox · PySpark and the lab's commands"
	if s.realPython != "" {
		title = "sandbox · real Python (Spark Connect)"
	}
	if s.busy {
		title = s.spin + " running… (ctrl+c interrupts)"
	}
	if m := s.view.More(); m != "" {
		title += " · " + m
	}
	top := box(t, title, s.view.Lines(t), 0, w, th, false)
	var inner []string
	ptitle := "enter runs · ctrl+j new line · tab completes · ctrl+r searches"
	if s.search != nil {
		match := ""
		if s.search.at >= 0 {
			match = strings.ReplaceAll(s.history[s.search.at], "\n", " ⏎ ")
		}
		inner = []string{fmt.Sprintf("(reverse-i-search)`%s': %s", s.search.query, match)}
		ptitle = "history search · ctrl+r older · enter takes it · esc cancels"
	} else {
		s.prompt.SetWidth(w - 2)
		s.prompt.SetHeight(max(1, s.promptH-2-extra))
		inner = strings.Split(s.prompt.View(), "\n")
		for _, l := range candLines[:extra] {
			inner = append(inner, t.Muted.Render(l))
		}
	}
	return vjoin(top, box(t, ptitle, inner, 0, w, s.promptH, true))
}

func (s *sandbox) close() {
	s.closeOnce.Do(func() {
		if s.cancel != nil {
			s.cancel()
		}
		if s.console != nil {
			s.console.Close()
		}
	})
}

func loadHistory(path string) []string {
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var s string
		if json.Unmarshal(sc.Bytes(), &s) == nil {
			out = append(out, s)
		}
	}
	if len(out) > 1000 {
		out = out[len(out)-1000:]
	}
	return out
}

var pysparkNames = []string{
	"spark", "readStream", "writeStream", "read", "write", "format", "option", "options", "load",
	"start", "stop", "awaitTermination", "processAllAvailable", "trigger", "availableNow",
	"processingTime", "outputMode", "checkpointLocation", "toTable", "saveAsTable", "table",
	"selectExpr", "select", "where", "filter", "groupBy", "agg", "count", "withColumn",
	"withWatermark", "window", "from_json", "to_json", "col", "lit", "expr", "cast", "alias",
	"show", "collect", "orderBy", "sum", "avg", "max", "min", "startingOffsets",
	"maxOffsetsPerTrigger", "failOnDataLoss", "subscribe", "kafka.bootstrap.servers",
	"lastProgress", "recentProgress", "isActive", "streams", "active", "DeltaTable", "forName",
	"kafka-topics.sh", "kafka-console-producer.sh", "kafka-console-consumer.sh",
	"kafka-get-offsets.sh", "kafka-consumer-groups.sh", "kafka-delete-records.sh", "kafka-configs.sh",
}

func indentAfter(src string) string {
	last := src[strings.LastIndexByte(src, '\n')+1:]
	ind := last[:len(last)-len(strings.TrimLeft(last, " \t"))]
	if strings.HasSuffix(strings.TrimSpace(last), ":") {
		ind += "    "
	}
	return ind
}
