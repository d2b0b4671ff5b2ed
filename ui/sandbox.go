package ui

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// sandboxState is the free-play prompt: the screen of a lab console, which keeps one
// Python interpreter's globals (and its streaming queries) between entries and runs the
// lab's commands.
type sandboxState struct {
	m          *Model
	prompt     textarea.Model
	transcript []string
	off        int
	follow     bool
	history    []string
	histIdx    int
	console    *lab.Console
	busy       bool
	cancel     context.CancelFunc
	queries    []pyrun.Query
	cache      []string
	cacheKey   string
	cacheW     int
	frameReady bool
	closeOnce  sync.Once
}

type (
	sandboxReadyMsg struct {
		console *lab.Console
		err     error
	}
	sandboxDoneMsg struct {
		input string
		err   error
	}
)

func newSandbox(m *Model) *sandboxState {
	s := &sandboxState{m: m, follow: true}
	s.prompt = textarea.New()
	s.prompt.Prompt = "› "
	s.prompt.ShowLineNumbers = false
	s.prompt.Placeholder = `spark.read.format("kafka")...  or  kafka-topics.sh --list`
	s.prompt.Focus()
	s.history = loadHistory(m.cfg.HistoryFile)
	s.histIdx = len(s.history)
	s.transcript = []string{
		"PySpark lines and Kafka tools (kafka-*.sh) run here, in " + m.cfg.Workspace + ".",
		"`spark` is ready once the broker is. Streaming queries keep running; ctrl+x stops them.",
		"Type .help for commands.",
		"",
	}
	return s
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

// startCmd opens the lab's console once the broker runs (its scripts point at the lab's
// broker whatever address the learner types).
func (s *sandboxState) startCmd() tea.Cmd {
	lb, ws, ctx := s.m.backend.Lab, s.m.cfg.Workspace, s.m.ctx
	return func() tea.Msg {
		c := lb.Console(ws)
		if err := c.Start(ctx); err != nil {
			return sandboxReadyMsg{err: err}
		}
		return sandboxReadyMsg{console: c}
	}
}

func (s *sandboxState) onReady(msg sandboxReadyMsg) {
	if msg.err != nil {
		s.add(s.m.th.Fail.Render(theme.GlyphFail+" the PySpark interpreter did not start: ") + oneLine(msg.err.Error()))
		return
	}
	s.console = msg.console
	s.add(s.m.th.OK.Render(theme.GlyphDone+" spark is ready") + " (broker " + s.m.backend.Label + ")")
}

func (s *sandboxState) add(lines ...string) {
	s.transcript = append(s.transcript, lines...)
	if len(s.transcript) > 20000 {
		s.transcript = s.transcript[len(s.transcript)-20000:]
	}
	s.cacheKey = ""
	s.follow = true
}

func (s *sandboxState) appendOutput(line string) { s.add(line) }

func (s *sandboxState) scroll(d int) {
	s.off += d
	s.follow = false
	if s.off < 0 {
		s.off = 0
	}
}

func (s *sandboxState) activeQueries() int {
	n := 0
	for _, q := range s.queries {
		if q.Active {
			n++
		}
	}
	return n
}

func (s *sandboxState) refreshQueries() {
	if s.console != nil {
		s.queries = s.console.Queries()
	}
}

func (s *sandboxState) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.m.keys
	str := msg.String()
	switch {
	case str == "ctrl+d":
		return s.m.quit()
	case str == "?" && s.prompt.Value() == "":
		s.m.showHelp = true
		return nil
	case keyIs(msg, k.StopQueries):
		return s.stopQueries("all")
	case keyIs(msg, k.PageUp):
		s.scroll(-10)
		return nil
	case keyIs(msg, k.PageDown):
		s.scroll(10)
		return nil
	case keyIs(msg, k.Live) && s.prompt.Value() == "":
		s.m.showLive = !s.m.showLive
		return nil
	case keyIs(msg, k.FileNext) && s.prompt.Value() == "":
		return s.m.selectFile(1)
	case keyIs(msg, k.FilePrev) && s.prompt.Value() == "":
		return s.m.selectFile(-1)
	case keyIs(msg, k.Complete):
		s.completeWord()
		return nil
	case keyIs(msg, k.Newline):
		s.prompt.InsertString("\n")
		return nil
	case keyIs(msg, k.HistoryUp) && s.prompt.Line() == 0:
		if s.histIdx > 0 {
			s.histIdx--
			s.prompt.SetValue(s.history[s.histIdx])
		}
		return nil
	case keyIs(msg, k.HistoryDown) && s.prompt.Line() == s.prompt.LineCount()-1:
		if s.histIdx < len(s.history) {
			s.histIdx++
			v := ""
			if s.histIdx < len(s.history) {
				v = s.history[s.histIdx]
			}
			s.prompt.SetValue(v)
		}
		return nil
	case keyIs(msg, k.Submit):
		if !lab.EntryComplete(s.prompt.Value()) {
			s.prompt.InsertString("\n" + indentAfter(s.prompt.Value()))
			return nil
		}
		return s.submit()
	}
	var cmd tea.Cmd
	s.prompt, cmd = s.prompt.Update(msg)
	return cmd
}

func (s *sandboxState) submit() tea.Cmd {
	src := strings.TrimRight(s.prompt.Value(), "\n ")
	s.prompt.Reset()
	if strings.TrimSpace(src) == "" {
		return nil
	}
	t := s.m.th
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
			"  .data [NAME]    the sample data sets; NAME copies one into data/", "  .quit           leave (ctrl+d too)",
			"  kafka-*.sh ...  Kafka's tools against the lab's broker", "  python X.py, cat, ls, rm   scripts and files of this folder",
			"  anything else   PySpark (spark is the session)", "")
		return save
	case trim == ".queries":
		s.refreshQueries()
		s.add(s.queryLines()...)
		return save
	case trim == ".data" || strings.HasPrefix(trim, ".data "):
		s.add(s.dataSet(strings.TrimSpace(strings.TrimPrefix(trim, ".data")))...)
		return save
	case strings.HasPrefix(trim, ".stop"):
		return tea.Batch(save, s.stopQueries(strings.TrimSpace(strings.TrimPrefix(trim, ".stop"))))
	case trim == ".quit" || trim == "exit()" || trim == "quit()":
		return s.m.quit()
	}
	if s.busy {
		s.add(t.Warn.Render("still running the last entry; ctrl+c interrupts it"))
		return save
	}
	if s.m.backend == nil {
		s.add(t.Warn.Render("the broker is not up yet"))
		return save
	}
	if s.console == nil {
		s.add(t.Warn.Render("the PySpark interpreter is not ready"))
		return save
	}
	s.busy = true
	ctx, cancel := context.WithCancel(s.m.ctx)
	s.cancel = cancel
	c := s.console
	return tea.Batch(save, s.m.spin.Tick, func() tea.Msg {
		defer cancel()
		return sandboxDoneMsg{input: src, err: c.Run(ctx, src)}
	})
}

// dataSet lists the sample data sets, or copies one into the folder and says how to read it.
func (s *sandboxState) dataSet(name string) []string {
	if name == "" {
		out := []string{"sample data sets (.data NAME copies one into data/):"}
		for _, n := range lab.DataSets() {
			out = append(out, "  "+n)
		}
		return out
	}
	if s.console == nil {
		return []string{s.m.th.Warn.Render("the PySpark interpreter is not ready")}
	}
	rel, err := s.console.CopyDataSet(name)
	if err != nil {
		return []string{s.m.th.Fail.Render(oneLine(err.Error()))}
	}
	return []string{fmt.Sprintf("copied to %s: spark.read.json(%q).show()", rel, rel)}
}

func (s *sandboxState) onDone(msg sandboxDoneMsg) tea.Cmd {
	s.busy = false
	s.cancel = nil
	if msg.err != nil {
		for _, l := range strings.Split(strings.TrimRight(msg.err.Error(), "\n"), "\n") {
			s.add(s.m.th.Fail.Render(l))
		}
	}
	s.refreshQueries()
	return s.m.snapshotCmd()
}

func (s *sandboxState) appendHistory(src string) tea.Cmd {
	path := s.m.cfg.HistoryFile
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		_ = os.MkdirAll(filepath.Dir(path), 0o755)
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return savedMsg{err: fmt.Errorf("save sandbox history: %w", err)}
		}
		b, _ := json.Marshal(src)
		_, err = f.Write(append(b, '\n'))
		f.Close()
		return savedMsg{err: err}
	}
}

func (s *sandboxState) stopQueries(which string) tea.Cmd {
	c := s.console
	if c == nil {
		return nil
	}
	s.add(s.m.th.Muted.Render("stopping queries…"))
	return func() tea.Msg {
		if which == "all" || which == "" {
			c.StopQueries()
		} else if !c.StopQuery(which) {
			return outputMsg("no query with id " + which)
		}
		return outputMsg("stopped")
	}
}

// queryLinesExcept lists the queries the live progress does not show already.
func (s *sandboxState) queryLinesExcept(live map[string]*queryView) []string {
	if len(s.queries) == 0 {
		return s.queryLines()
	}
	var keep []pyrun.Query
	for _, q := range s.queries {
		if live[q.ID] == nil {
			keep = append(keep, q)
		}
	}
	return s.linesFor(keep)
}

func (s *sandboxState) queryLines() []string {
	if len(s.queries) == 0 {
		return []string{s.m.th.Muted.Render("no streaming queries")}
	}
	return s.linesFor(s.queries)
}

func (s *sandboxState) linesFor(qs []pyrun.Query) []string {
	t := s.m.th
	var out []string
	for _, q := range qs {
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

// pysparkNames are the names completion offers besides topics and tables.
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

func (s *sandboxState) completeWord() {
	v := s.prompt.Value()
	i := len(v)
	for i > 0 && strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", rune(v[i-1])) {
		i--
	}
	prefix := v[i:]
	if j := strings.LastIndexByte(prefix, '.'); j >= 0 && !strings.HasPrefix(prefix, "kafka") {
		prefix = prefix[j+1:]
	}
	if prefix == "" {
		return
	}
	names := append([]string(nil), pysparkNames...)
	if snap := s.m.snap; snap != nil {
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
		s.prompt.CursorEnd()
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
		s.m.flash = strings.Join(cands, "  ")
	}
}

func (s *sandboxState) view(L layout) string {
	t := s.m.th
	w := L.mainW
	key := fmt.Sprint(w, len(s.transcript))
	// Lay the transcript out again at most once per frame tick (ten a second), however
	// fast a query prints; a resize always re-lays it at once.
	if s.cacheKey != key && (s.frameReady || s.m.cfg.NoTicks || s.cacheW != w) {
		s.cache = renderOutput(t, strings.Join(s.transcript, "\n"), w-2)
		s.cacheKey, s.cacheW, s.frameReady = key, w, false
	}
	h := L.transcriptH - 2
	if s.follow {
		s.off = len(s.cache) - h
	}
	s.off = clampScroll(s.off, len(s.cache), h)
	title := "sandbox · PySpark and kafka-*.sh"
	if s.busy {
		title = s.m.spin.View() + " running…"
		if a := s.m.activity(); a != "" {
			title += " " + a
		}
	}
	top := box(t, title, s.cache, s.off, w, L.transcriptH, false)
	s.prompt.SetWidth(w - 2)
	s.prompt.SetHeight(L.promptH - 2)
	bottom := box(t, "enter runs · ctrl+j new line · tab completes", strings.Split(s.prompt.View(), "\n"), 0, w, L.promptH, true)
	return vjoin(top, bottom)
}

func (s *sandboxState) close() {
	s.closeOnce.Do(func() {
		if s.cancel != nil {
			s.cancel()
		}
		if s.console != nil {
			s.console.Close()
		}
	})
}

// indentAfter is the indentation a new line gets: the last line's, one level deeper after
// a line that opens a block (as Python's own prompt helps).
func indentAfter(src string) string {
	last := src[strings.LastIndexByte(src, '\n')+1:]
	ind := last[:len(last)-len(strings.TrimLeft(last, " \t"))]
	if strings.HasSuffix(strings.TrimSpace(last), ":") {
		ind += "    "
	}
	return ind
}
