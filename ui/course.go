package ui

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// course is the guided course: the step's text, its files and its output, and what runs
// a step, asks its prediction, hints, resets and moves between steps.
type course struct {
	e     *env
	li    int
	si    int
	prose *prosePane
	code  *codePane
	out   *outputPane
	panes []pane
	focus int
	// focused is set when the course holds the root's focus.
	focused bool
	w, h    int
	proseH  int
	codeH   int

	running   bool
	runCancel context.CancelFunc
	runOut    []string
	result    *lab.StepResult
	resultKey string
	ran       map[string]bool // steps run in this session: their after-the-run text shows
	hints     int
	predicted string
	runBatch  []batchLog
	runLesson string
	outDirty  bool
	spin      string // the spinner's frame, from the root

	watchMod map[string]time.Time // the work files' times when last looked at
}

var (
	keyRun       = bind("enter", "run the step", "enter")
	keyNext      = bind("n", "next step", "n")
	keyPrev      = bind("p", "previous step", "p")
	keyHint      = bind("h", "hint", "h")
	keySolution  = bind("s", "solution (as a diff)", "s")
	keyResetEx   = bind("r", "reset this exercise", "r")
	keyResetLess = bind("x", "reset the lesson", "x")
	keyWatch     = bind("w", "watch: saving re-runs", "w")
)

func newCourse(e *env) *course {
	c := &course{e: e, ran: map[string]bool{}, watchMod: map[string]time.Time{}}
	c.prose = &prosePane{e: e}
	c.code = &codePane{e: e, watch: true}
	c.out = &outputPane{e: e}
	c.panes = []pane{c.prose, c.code, c.out}
	c.resume()
	c.loadStep()
	return c
}

// resume puts the learner back where their record says they were.
func (c *course) resume() {
	p, ls := c.e.cfg.Record, c.e.cfg.Lessons
	for i, l := range ls {
		if l.ID == p.Lesson {
			c.li = i
			if p.Step >= 1 && p.Step <= len(l.Steps) {
				c.si = p.Step - 1
			}
			return
		}
	}
	for i, l := range ls {
		if p.DoneCount(l.ID) < len(l.Steps) {
			c.li = i
			return
		}
	}
}

func (c *course) lesson() *lessons.Lesson {
	if c.li < len(c.e.cfg.Lessons) {
		return c.e.cfg.Lessons[c.li]
	}
	return nil
}

func (c *course) step() *lessons.Step {
	l := c.lesson()
	if l == nil || c.si >= len(l.Steps) {
		return nil
	}
	return l.Steps[c.si]
}

func (c *course) stepKey() string {
	if l, s := c.lesson(), c.step(); l != nil && s != nil {
		return fmt.Sprintf("%s/%d", l.ID, s.Number)
	}
	return ""
}

func (c *course) workspace() string {
	if c.e.lab == nil || c.lesson() == nil {
		return ""
	}
	return c.e.lab.Workspace(c.lesson().ID)
}

// loadStep shows the current step: its text, its files (the main one), a fresh output,
// and the focus on its files.
func (c *course) loadStep() {
	c.hints = 0
	if c.resultKey != c.stepKey() {
		c.result, c.runOut, c.predicted = nil, nil, ""
	}
	c.reloadFiles(false)
	c.focus = 1
	c.setFocus()
	c.out.view.top, c.out.view.left = 0, 0
	c.outDirty = true
	if l := c.lesson(); l != nil && c.e.cfg.Mode == Course {
		c.e.cfg.Record.SetCurrent(l.ID, c.si+1)
	}
}

func (c *course) reloadFiles(keep bool) {
	l, s := c.lesson(), c.step()
	if l == nil || s == nil {
		c.code.setFiles(nil, keep)
		return
	}
	c.code.setFiles(lab.StepFiles(c.e.cfg.Lessons, l, s, c.e.cfg.Work, c.workspace()), keep)
	c.watchMod = map[string]time.Time{}
	c.pollWork() // remember the files' times as they are now
}

func (c *course) setFocus() {
	for i, p := range c.panes {
		p.SetFocused(c.focused && i == c.focus)
	}
}

// SetFocused gives the course the root's focus (or takes it away).
func (c *course) SetFocused(f bool) {
	c.focused = f
	c.setFocus()
}

// focusNext moves the focus inside the course; false when it would leave it.
func (c *course) focusNext(d int) bool {
	n := c.focus + d
	if n < 0 || n >= len(c.panes) {
		return false
	}
	c.focus = n
	c.setFocus()
	return true
}

func (c *course) focusEdge(last bool) {
	c.focus = 0
	if last {
		c.focus = len(c.panes) - 1
	}
	c.setFocus()
}

func (c *course) SetSize(w, h int) {
	if w == c.w && h == c.h {
		return
	}
	c.w, c.h = w, h
	c.layout()
}

func (c *course) layout() {
	w, h := c.w, c.h
	l, s := c.lesson(), c.step()
	c.prose.SetSize(w, 10)
	c.prose.show(l, s, c.si == 0, c.ran[c.stepKey()])
	want := len(c.prose.view.lines) + 2
	c.proseH = max(5, min(want, h*34/100))
	codeLines := 3
	if f := c.code.current(); f != nil {
		codeLines = strings.Count(strings.TrimSuffix(f.Content, "\n"), "\n") + 1 + 3
	}
	rest := h - c.proseH
	// Before a run the output has one line to say: the files get the room.
	outMin := 4
	if c.running || c.hints > 0 || (c.result != nil && c.resultKey == c.stepKey()) {
		outMin = max(6, rest*45/100)
	}
	c.codeH = max(6, min(codeLines, rest-outMin))
	if c.code.edit != nil {
		c.codeH = max(c.codeH, rest*70/100)
	}
	outH := h - c.proseH - c.codeH
	if outH < 5 {
		c.codeH = max(4, c.codeH-(5-outH))
		outH = h - c.proseH - c.codeH
	}
	c.prose.SetSize(w, c.proseH)
	c.prose.show(l, s, c.si == 0, c.ran[c.stepKey()])
	c.code.SetSize(w, c.codeH)
	if w != c.out.w {
		c.outDirty = true // the output is laid out for its width
	}
	c.out.SetSize(w, outH)
}

func (c *course) View() string {
	if c.outDirty {
		c.buildOutput()
	}
	c.prose.show(c.lesson(), c.step(), c.si == 0, c.ran[c.stepKey()])
	return vjoin(c.prose.View(), c.code.View(), c.out.View())
}

// Keys are the focused pane's keys, then the course's.
func (c *course) Keys() help.KeyMap {
	if c.code.edit != nil {
		return c.code.Keys()
	}
	inner := c.panes[c.focus].Keys()
	own := []key.Binding{keyRun, keyNext, keyHint}
	if s := c.step(); s != nil && s.IsExercise() {
		own = append(own, keySolution, keyResetEx)
	}
	return keys{short: append(own, inner.ShortHelp()...),
		full: append([][]key.Binding{{keyRun, keyNext, keyPrev, keyHint, keySolution, keyResetEx, keyResetLess, keyWatch}}, inner.FullHelp()...)}
}

// ---- messages ----

type (
	stepDoneMsg struct {
		key string
		res *lab.StepResult
	}
	lessonResetMsg struct {
		lesson string
		err    error
	}
	answeredMsg   struct{ choice int }
	gotoStepMsg   struct{ li, si int }
	resetExMsg    struct{}
	resetLessMsg  struct{}
	useSolMsg     struct{ name, content string }
	editorDoneMsg struct {
		name string
		err  error
	}
	watchTickMsg struct{}
	runOutputMsg string
)

func (c *course) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case stepDoneMsg:
		return c.onStepDone(msg)
	case lessonResetMsg:
		c.running = false
		c.outDirty = true
		c.reloadFiles(true)
		if msg.err != nil {
			return flash("reset failed: " + oneLine(msg.err.Error()))
		}
		return flash("lesson reset: a fresh workspace and topics; your edited files are kept")
	case answeredMsg:
		l, s := c.lesson(), c.step()
		c.e.cfg.Record.Predict(l.ID, s.Number, msg.choice)
		return tea.Batch(c.save(), c.startRun())
	case gotoStepMsg:
		return c.goTo(msg.li, msg.si)
	case resetExMsg:
		l, s := c.lesson(), c.step()
		if err := c.e.cfg.Work.Reset(l.ID, s.Number); err != nil {
			return flash(oneLine(err.Error()))
		}
		c.reloadFiles(true)
		return flash("the exercise is back to its starting code")
	case resetLessMsg:
		return c.resetLesson()
	case useSolMsg:
		l, s := c.lesson(), c.step()
		if err := c.e.cfg.Work.Save(l.ID, s.Number, msg.name, msg.content); err != nil {
			return flash(oneLine(err.Error()))
		}
		c.reloadFiles(true)
		return flash("the solution is in " + msg.name + " (r resets the exercise to its starter)")
	case editorDoneMsg:
		c.reloadFiles(true)
		if msg.err != nil {
			return flash("the editor failed: " + oneLine(msg.err.Error()))
		}
		return c.onWorkChanged()
	case watchTickMsg:
		var cmd tea.Cmd
		if c.code.watch && c.pollWork() && !c.running && c.code.edit == nil {
			c.reloadFiles(true)
			cmd = c.onWorkChanged()
		}
		return tea.Batch(cmd, watchTick())
	case runOutputMsg:
		if c.running {
			c.runOut = append(c.runOut, string(msg))
			c.outDirty = true
		}
	case frameMsg:
		if c.running {
			c.outDirty = true
		}
	}
	return nil
}

func watchTick() tea.Cmd {
	return tea.Tick(500*time.Millisecond, func(time.Time) tea.Msg { return watchTickMsg{} })
}

// pollWork looks at the step's work files' times; true when one changed since the last
// look (the learner saved it in their editor).
func (c *course) pollWork() bool {
	l, s := c.lesson(), c.step()
	if l == nil || s == nil || c.e.cfg.Work == nil {
		return false
	}
	changed := false
	for _, f := range c.code.files {
		p, err := c.e.cfg.Work.Path(l.ID, s.Number, f.Name)
		if err != nil {
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		if old, ok := c.watchMod[f.Name]; (ok && !old.Equal(st.ModTime())) || (!ok && len(c.watchMod) > 0) {
			changed = true
		}
		c.watchMod[f.Name] = st.ModTime()
	}
	if len(c.watchMod) == 0 {
		c.watchMod[""] = time.Time{} // looked once: a file appearing later is a change
	}
	return changed
}

// onWorkChanged re-runs the step's checks after the learner saved a file, as rustlings'
// watch mode does, unless a prediction is still to be made.
func (c *course) onWorkChanged() tea.Cmd {
	if !c.code.watch {
		return flash("saved; enter runs the step (w turns on watching)")
	}
	l, s := c.lesson(), c.step()
	if s.Predict != nil && c.e.cfg.Record.Predicted(l.ID, s.Number) == 0 {
		return flash("saved; enter asks your prediction, then runs the step")
	}
	return c.run()
}

func (c *course) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if c.code.edit != nil {
		return c.editKey(msg), true
	}
	if cmd, ok := c.panes[c.focus].HandleKey(msg); ok {
		return cmd, true
	}
	return c.courseKey(msg)
}

// courseKey takes the course's own keys, whichever pane has the focus.
func (c *course) courseKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := c.step()
	switch {
	case keyIs(msg, keyRun) || msg.String() == "ctrl+r":
		return c.run(), true
	case keyIs(msg, keyNext):
		return c.move(+1), true
	case keyIs(msg, keyPrev):
		return c.move(-1), true
	case keyIs(msg, keyHint):
		return c.hint(), true
	case keyIs(msg, keySolution):
		return c.solution(), true
	case keyIs(msg, keyEdit):
		return c.startEdit(), true
	case keyIs(msg, keyEditor):
		return c.openEditor(), true
	case keyIs(msg, keyWatch):
		c.code.watch = !c.code.watch
		if c.code.watch {
			return flash("watching: saving a file of this step in your editor re-runs it"), true
		}
		return flash("not watching: enter runs the step"), true
	case keyIs(msg, keyResetEx):
		if s == nil || !s.IsExercise() {
			return flash("r resets an exercise; this step is not one (x resets the lesson)"), true
		}
		name := c.code.files[0].Name
		return emit(openModalMsg{newConfirm(c.e, fmt.Sprintf("Reset %s to the exercise's starting code? Your version is lost.", name), resetExMsg{})}), true
	case keyIs(msg, keyResetLess):
		if l := c.lesson(); l != nil && !c.running {
			return emit(openModalMsg{newConfirm(c.e, fmt.Sprintf("Reset lesson %q? Its workspace and topics start over and its steps count as not done; your edited files are kept.", l.Title), resetLessMsg{})}), true
		}
		return nil, true
	}
	return nil, false
}

func (c *course) editKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case keyIs(msg, keyStopEdit):
		cmd := c.saveEdit()
		c.code.edit = nil
		c.layout()
		return cmd
	case keyIs(msg, keySave):
		return c.saveEdit()
	case keyIs(msg, keyEditRun):
		cmd := c.saveEdit()
		c.code.edit = nil
		c.layout()
		return tea.Batch(cmd, c.run())
	}
	if c.code.edit.HandleKey(msg) {
		c.code.note = ""
	}
	return nil
}

func (c *course) startEdit() tea.Cmd {
	f := c.code.current()
	if f == nil || c.running {
		return nil
	}
	c.focus = 1
	c.setFocus()
	c.code.edit = newEditor(f.Content, f.Lang)
	c.layout()
	return nil
}

// saveEdit keeps the edited file as the learner's copy (it survives a restart).
func (c *course) saveEdit() tea.Cmd {
	ed, f := c.code.edit, c.code.current()
	if ed == nil || f == nil || !ed.dirty {
		return nil
	}
	l, s := c.lesson(), c.step()
	if err := c.e.cfg.Work.Save(l.ID, s.Number, f.Name, ed.Value()); err != nil {
		return flash(oneLine(err.Error()))
	}
	ed.dirty = false
	c.reloadFiles(true)
	c.code.note = "saved"
	return nil
}

// openEditor opens the shown file in the learner's editor ($VISUAL, $EDITOR, else vi):
// their copy, which the next run uses.
func (c *course) openEditor() tea.Cmd {
	f := c.code.current()
	l, s := c.lesson(), c.step()
	if f == nil || c.running {
		return nil
	}
	p, err := c.e.cfg.Work.Path(l.ID, s.Number, f.Name)
	if err != nil {
		return flash(oneLine(err.Error()))
	}
	if !f.Edited {
		if err := c.e.cfg.Work.Save(l.ID, s.Number, f.Name, f.Content); err != nil {
			return flash(oneLine(err.Error()))
		}
	}
	editor := os.Getenv("VISUAL")
	if editor == "" {
		editor = os.Getenv("EDITOR")
	}
	if editor == "" {
		editor = "vi"
	}
	args := strings.Fields(editor)
	if _, err := exec.LookPath(args[0]); err != nil {
		return flash(fmt.Sprintf("no editor %q: set $EDITOR, or press e to edit here (your file: %s)", args[0], p))
	}
	cmd := exec.Command(args[0], append(args[1:], p)...)
	name := f.Name
	return tea.ExecProcess(cmd, func(err error) tea.Msg { return editorDoneMsg{name: name, err: err} })
}

// move goes to the next or previous step (across lessons). Reading a prose-only step and
// moving on counts as finishing it; past the last step comes the course's summary.
func (c *course) move(d int) tea.Cmd {
	if c.running {
		return flash("a step is running; wait for it to finish")
	}
	l, s := c.lesson(), c.step()
	if l == nil {
		return nil
	}
	if d > 0 && s != nil && !s.Runnable() {
		c.e.cfg.Record.MarkDone(l.ID, s.Number)
	}
	li, si := c.li, c.si+d
	ls := c.e.cfg.Lessons
	switch {
	case si < 0 && li > 0:
		li--
		si = len(ls[li].Steps) - 1
	case si < 0:
		si = 0
	case si >= len(l.Steps) && li+1 < len(ls):
		li, si = li+1, 0
	case si >= len(l.Steps):
		return tea.Batch(c.save(), emit(openModalMsg{newComplete(c.e)}))
	}
	return c.goTo(li, si)
}

func (c *course) goTo(li, si int) tea.Cmd {
	changed := li != c.li
	c.li, c.si = li, si
	c.loadStep()
	c.layout()
	cmds := []tea.Cmd{c.save(), emit(focusMainMsg{})}
	if changed {
		cmds = append(cmds, emit(lessonChangedMsg{}))
	}
	return tea.Batch(cmds...)
}

type lessonChangedMsg struct{}

func (c *course) save() tea.Cmd {
	if c.e.cfg.Mode != Course || c.e.cfg.Record.Path() == "" {
		return nil
	}
	r := c.e.cfg.Record
	return func() tea.Msg {
		if err := r.Save(); err != nil {
			return flashMsg(oneLine(err.Error()))
		}
		return nil
	}
}

// hint shows the next hint, one at a time, at the top of the output; none while a
// prediction is still to be made (a hint would answer it).
func (c *course) hint() tea.Cmd {
	l, s := c.lesson(), c.step()
	if s == nil {
		return nil
	}
	if s.Predict != nil && c.e.cfg.Record.Predicted(l.ID, s.Number) == 0 {
		return flash("predict first: the hints come once you have answered (enter runs the step)")
	}
	switch {
	case c.hints < len(s.Hints):
		c.hints++
		c.outDirty = true
		c.layout()
		c.out.view.Top()
		return nil
	case len(s.Hints) == 0:
		return flash("this step has no hints")
	}
	return flash("that was the last hint")
}

// solution shows an exercise's reference answer as a diff against the learner's code,
// once they have tried; it never replaces their code unless they ask.
func (c *course) solution() tea.Cmd {
	s := c.step()
	if s == nil || !s.IsExercise() || len(c.code.files) == 0 {
		return flash("this step is not an exercise")
	}
	if c.result == nil || c.resultKey != c.stepKey() {
		return flash("try the exercise first: a run unlocks the solution")
	}
	f := c.code.files[0]
	return emit(openModalMsg{newSolution(c.e, f.Name, f.Content, f.Solution, f.Lang)})
}

// run starts the current step, asking its prediction question first.
func (c *course) run() tea.Cmd {
	l, s := c.lesson(), c.step()
	if l == nil || s == nil || c.running {
		return nil
	}
	if !s.Runnable() {
		c.e.cfg.Record.MarkDone(l.ID, s.Number)
		return tea.Batch(c.save(), flash("nothing to run here: read it, then n for the next step"))
	}
	if s.Predict != nil && c.e.cfg.Record.Predicted(l.ID, s.Number) == 0 {
		return emit(openModalMsg{newPredict(c.e, s.Predict)})
	}
	return c.startRun()
}

func (c *course) startRun() tea.Cmd {
	l, s := c.lesson(), c.step()
	lb := c.e.lab
	if lb == nil {
		return flash("the broker is still starting; enter runs the step once it is up")
	}
	c.running = true
	c.result, c.runOut = nil, nil
	c.e.queries.apply() // a previous run's last events belong to that run
	c.runBatch, c.runLesson = nil, l.ID
	c.e.queries.onBatch = func(b batchLog) {
		if c.runLesson == l.ID && len(c.runBatch) < 500 {
			c.runBatch = append(c.runBatch, b)
			c.outDirty = true
		}
	}
	c.outDirty = true
	c.out.view.top, c.out.view.left = 0, 0
	c.out.view.follow = true
	c.layout()
	ctx, cancel := context.WithCancel(c.e.ctx)
	c.runCancel = cancel
	key := c.stepKey()
	return func() tea.Msg {
		defer cancel()
		return stepDoneMsg{key: key, res: lb.RunWork(ctx, l, s)}
	}
}

func (c *course) onStepDone(msg stepDoneMsg) tea.Cmd {
	c.running = false
	c.runCancel = nil
	c.outDirty = true
	c.out.view.follow = false
	c.result, c.resultKey = msg.res, msg.key
	c.ran[msg.key] = true
	var cmds []tea.Cmd
	if msg.res.After != nil {
		cmds = append(cmds, emit(snapshotMsg(msg.res.After)))
	}
	l, s := c.lesson(), c.step()
	if msg.key == c.stepKey() {
		c.predicted = ""
		if s.Predict != nil {
			got := c.e.cfg.Record.Predicted(l.ID, s.Number)
			if got > 0 && got <= len(s.Predict.Choices) {
				if got == s.Predict.Answer {
					c.predicted = fmt.Sprintf("%s You predicted %q, and that is what happened.", theme.GlyphDone, s.Predict.Choices[got-1])
				} else {
					c.predicted = fmt.Sprintf("%s You predicted %q; the answer is %q.", theme.GlyphFail, s.Predict.Choices[got-1], s.Predict.Choices[s.Predict.Answer-1])
				}
			}
		}
		if msg.res.Passed {
			c.e.cfg.Record.MarkDone(l.ID, s.Number)
		}
		c.reloadFiles(true)
		c.layout()
	}
	cmds = append(cmds, c.save())
	return tea.Batch(cmds...)
}

// laterLessonsTouched reports whether the learner has been in a later lesson that shares
// a topic with this one: a step run again here may find that lesson's events.
func (c *course) laterLessonsTouched() bool {
	l := c.lesson()
	if l == nil {
		return false
	}
	mine := map[string]bool{}
	for _, t := range l.Topics {
		mine[t] = true
	}
	for _, later := range c.e.cfg.Lessons[c.li+1:] {
		if c.e.cfg.Record.DoneCount(later.ID) == 0 {
			continue
		}
		if later.Continues != "" {
			return true
		}
		for _, t := range later.Topics {
			if mine[t] {
				return true
			}
		}
	}
	return false
}

func (c *course) resetLesson() tea.Cmd {
	l := c.lesson()
	if l == nil || c.e.lab == nil {
		return flash("the broker is still starting")
	}
	c.e.cfg.Record.ResetLesson(l.ID)
	c.si = 0
	c.resultKey = ""
	c.loadStep()
	c.layout()
	c.running = true
	lb, ctx := c.e.lab, c.e.ctx
	return tea.Batch(c.save(), emit(focusMainMsg{}), func() tea.Msg {
		return lessonResetMsg{lesson: l.ID, err: lb.StartLesson(ctx, l)}
	})
}

// buildOutput lays the output pane out: the verdict on top, then the rest.
func (c *course) buildOutput() {
	c.outDirty = false
	t := c.e.th
	w := max(10, c.out.w-2)
	s := c.step()
	var out []string
	add := func(ls ...string) { out = append(out, ls...) }
	verdict := ""
	switch {
	case c.e.startErr != "" && c.e.lab == nil:
		verdict = t.Fail.Render(theme.GlyphFail + " The broker did not start")
		add(wrap(c.e.startErr, w)...)
	case c.running:
		verdict = c.spin + " running step…"
		if a := c.e.queries.activity(c.runLesson); a != "" {
			verdict += " " + a
		}
	case c.result != nil && c.resultKey == c.stepKey():
		verdict = verdictLine(t, c.result)
	case s != nil && s.Runnable():
		verdict = t.Muted.Render("enter runs this step")
		if s.Predict != nil {
			verdict += t.Muted.Render(" (after your prediction)")
		}
		if s.IsExercise() {
			verdict = t.Muted.Render("fix the exercise's file (e edits it here, E in your editor), then enter runs it")
		}
	case s != nil:
		verdict = t.Muted.Render("nothing to run: read it, then n for the next step")
	}
	if s != nil && c.hints > 0 {
		for i := 0; i < c.hints && i < len(s.Hints); i++ {
			add(wrapStyled(t.Info, fmt.Sprintf("Hint %d/%d: %s", i+1, len(s.Hints), s.Hints[i]), w)...)
		}
		add("")
	}
	if c.running {
		add(renderOutput(t, strings.Join(c.runOut, "\n"), w)...)
	} else if r := c.result; r != nil && c.resultKey == c.stepKey() {
		if c.predicted != "" {
			st := t.OK
			if strings.HasPrefix(c.predicted, theme.GlyphFail) {
				st = t.Warn
			}
			add(wrapStyled(st, c.predicted, w)...)
			add("")
		}
		if !r.Passed && c.laterLessonsTouched() {
			add(wrapStyled(t.Warn, "Later lessons have changed this lesson's topics since you ran it, so the step may find their events. x resets this lesson (fresh workspace and topics; your edited files are kept) to run it as it was.", w)...)
			add("")
		}
		for i, f := range r.Failures {
			ls := failureLines(t, f, w)
			if i == 0 && f.Message != "" {
				ls = ls[len(wrap(theme.GlyphFail+" "+f.Message, w)):] // the verdict line says it
			}
			if len(ls) > 0 {
				add(ls...)
				add("")
			}
		}
		if r.Explanation != "" {
			add(t.Warn.Render("Why is it empty?"))
			add(wrap(r.Explanation, w)...)
			add("")
		}
		if r.Output != "" {
			add(t.Title.Render("Output"))
			add(renderOutput(t, r.Output, w)...)
		}
		add(changesLines(t, r.Changes, c.runBatch, w)...)
	}
	c.out.set(verdict, out)
}

// changesLines is "what just changed": tables, topics, batches, then files, folded after
// a few (an exercise's restore rewrites many files at once).
func changesLines(t *theme.Theme, ch observe.Changes, batches []batchLog, w int) []string {
	if ch.Empty() && len(batches) == 0 {
		return nil
	}
	out := []string{"", t.Title.Render("What just changed")}
	for _, l := range ch.Tables {
		out = append(out, wrapStyled(t.Text, "  table  "+l, w)...)
	}
	for _, l := range ch.Offsets {
		out = append(out, wrapStyled(t.Text, "  topic  "+l, w)...)
	}
	if len(batches) > 0 {
		for i, b := range batches {
			if i == 8 {
				out = append(out, t.Muted.Render(fmt.Sprintf("  … %d more batches", len(batches)-8)))
				break
			}
			out = append(out, batchLogLines(t, b, w)...)
		}
	} else {
		for _, l := range ch.Batches {
			out = append(out, wrapStyled(t.Text, "  batch  "+l, w)...)
		}
	}
	const shown = 8
	for i, l := range ch.Files {
		if i == shown {
			out = append(out, t.Muted.Render(fmt.Sprintf("  … %d more files (the workspace pane lists them)", len(ch.Files)-shown)))
			break
		}
		out = append(out, t.Changed.Render("  file   ")+l)
	}
	return out
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func (c *course) outDirtyIf() {
	if c != nil {
		c.outDirty = true
	}
}
