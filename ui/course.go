package ui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab/observe"
)

func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if msg.String() == "ctrl+c" {
		if m.sb != nil && m.sb.busy && m.sb.cancel != nil {
			m.sb.cancel() // like Python's prompt: interrupt the entry, stay in the sandbox
			return nil
		}
		return m.quit()
	}
	if m.showHelp {
		m.showHelp = false
		return nil
	}
	if m.confirm != "" {
		switch {
		case keyIs(msg, k.Yes):
			m.confirm = ""
			return m.resetLesson()
		case keyIs(msg, k.No), msg.String() == "q":
			m.confirm = ""
		}
		return nil
	}
	if m.predicting {
		return m.onPredictKey(msg)
	}
	if m.showList {
		return m.onListKey(msg)
	}
	if m.sb != nil {
		return m.sb.onKey(msg)
	}
	if m.editing {
		switch {
		case keyIs(msg, k.StopEdit):
			m.editing = false
			m.code.Blur()
			return nil
		case msg.String() == "ctrl+r":
			m.editing = false
			m.code.Blur()
			return m.run()
		}
		var cmd tea.Cmd
		m.code, cmd = m.code.Update(msg)
		m.edits[m.stepKey()] = m.code.Value()
		return cmd
	}
	switch {
	case keyIs(msg, k.Quit):
		return m.quit()
	case keyIs(msg, k.Help):
		m.showHelp = true
	case keyIs(msg, k.Run):
		if m.focus == paneLive && msg.String() == "enter" {
			return m.readSelectedFile()
		}
		return m.run()
	case keyIs(msg, k.Edit):
		if m.step() != nil && m.step().Runnable() && !m.running {
			m.editing = true
			m.focus = paneCode
			return m.code.Focus()
		}
	case keyIs(msg, k.Next):
		return m.move(+1)
	case keyIs(msg, k.Prev):
		return m.move(-1)
	case keyIs(msg, k.Hint):
		if s := m.step(); s != nil {
			if m.hints < len(s.Hints) {
				m.hints++
				m.outDirty = true
			} else if len(s.Hints) == 0 {
				m.flash = "this step has no hints"
			} else {
				m.flash = "that was the last hint"
			}
		}
	case keyIs(msg, k.Solution):
		m.showSolution()
	case keyIs(msg, k.Lessons):
		m.showList = true
		m.listSel = m.li
	case keyIs(msg, k.Reset):
		if m.lesson() != nil && !m.running {
			m.confirm = "reset"
		}
	case keyIs(msg, k.Live):
		m.showLive = !m.showLive
	case keyIs(msg, k.Focus):
		m.focus = (m.focus + 1) % paneCount
	case keyIs(msg, k.FocusBack):
		m.focus = (m.focus + paneCount - 1) % paneCount
	case keyIs(msg, k.Up):
		m.scrollBy(m.focus, -1)
	case keyIs(msg, k.Down):
		m.scrollBy(m.focus, 1)
	case keyIs(msg, k.PageUp):
		m.scrollBy(m.focus, -10)
	case keyIs(msg, k.PageDown):
		m.scrollBy(m.focus, 10)
	case keyIs(msg, k.Top):
		m.scroll[m.focus] = 0
	case keyIs(msg, k.FileNext):
		return m.selectFile(+1)
	case keyIs(msg, k.FilePrev):
		return m.selectFile(-1)
	}
	return nil
}

func (m *Model) scrollBy(p pane, n int) {
	if p == paneLive && m.snap != nil {
		return
	}
	m.scroll[p] += n
	if m.scroll[p] < 0 {
		m.scroll[p] = 0
	}
}

func (m *Model) selectFile(d int) tea.Cmd {
	if m.snap == nil || len(m.snap.Files) == 0 {
		return nil
	}
	m.fileSel = (m.fileSel + d + len(m.snap.Files)) % len(m.snap.Files)
	return m.readSelectedFile()
}

func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	mouse := msg.Mouse()
	p := m.paneAt(mouse.X, mouse.Y)
	d := 3
	if mouse.Button == tea.MouseWheelUp {
		d = -3
	}
	if m.sb != nil && p != paneLive {
		m.sb.scroll(-d)
		return
	}
	m.scrollBy(p, d)
}

func (m *Model) onListKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "up", "k":
		m.listSel = max(0, m.listSel-1)
	case "down", "j":
		m.listSel = min(len(m.cfg.Lessons)-1, m.listSel+1)
	case "enter", "right":
		m.showList = false
		if m.listSel != m.li {
			m.li, m.si = m.listSel, 0
			l := m.lesson()
			// Continue at the first unfinished step of the chosen lesson.
			for i, s := range l.Steps {
				if !m.cfg.Record.IsDone(l.ID, s.Number) {
					m.si = i
					break
				}
			}
			m.loadStep()
			return tea.Batch(m.saveCmd(), m.snapshotCmd())
		}
	case "esc", "l", "q":
		m.showList = false
	}
	return nil
}

// move goes to the next or previous step (across lessons). Reading a prose-only step
// and moving on counts as finishing it.
func (m *Model) move(d int) tea.Cmd {
	if m.running {
		m.flash = "a step is running; wait for it to finish"
		return nil
	}
	l, s := m.lesson(), m.step()
	if l == nil {
		return nil
	}
	if d > 0 && s != nil && !s.Runnable() {
		m.cfg.Record.MarkDone(l.ID, s.Number)
	}
	li, si := m.li, m.si+d
	switch {
	case si < 0 && li > 0:
		li--
		si = len(m.cfg.Lessons[li].Steps) - 1
	case si < 0:
		si = 0
	case si >= len(l.Steps) && li+1 < len(m.cfg.Lessons):
		li, si = li+1, 0
	case si >= len(l.Steps):
		si = len(l.Steps) - 1
		m.flash = "that was the last step of the course"
	}
	changedLesson := li != m.li
	m.li, m.si = li, si
	m.loadStep()
	cmds := []tea.Cmd{m.saveCmd()}
	if changedLesson {
		cmds = append(cmds, m.snapshotCmd())
	}
	return tea.Batch(cmds...)
}

// run starts the current step, asking its prediction question first.
func (m *Model) run() tea.Cmd {
	l, s := m.lesson(), m.step()
	if l == nil || s == nil || m.running {
		return nil
	}
	if m.backend == nil {
		if m.startErr != "" {
			m.flash = "no broker: " + m.startErr
		} else {
			m.flash = "the broker is still starting"
		}
		return nil
	}
	if !s.Runnable() {
		m.cfg.Record.MarkDone(l.ID, s.Number)
		m.flash = "nothing to run here: read, then n for the next step"
		return m.saveCmd()
	}
	if s.Predict != nil && !m.predicting && m.cfg.Record.Predicted(l.ID, s.Number) == 0 {
		m.predicting = true
		m.predictSel = 0
		m.outDirty = true
		return nil
	}
	return m.startRun()
}

func (m *Model) onPredictKey(msg tea.KeyPressMsg) tea.Cmd {
	s := m.step()
	m.outDirty = true
	n := len(s.Predict.Choices)
	switch str := msg.String(); {
	case str == "esc":
		m.predicting = false
	case str == "up" || str == "k":
		m.predictSel = (m.predictSel + n - 1) % n
	case str == "down" || str == "j":
		m.predictSel = (m.predictSel + 1) % n
	case str == "enter":
		return m.answer(m.predictSel + 1)
	case len(str) == 1 && str[0] >= '1' && str[0] <= '9' && int(str[0]-'0') <= n:
		return m.answer(int(str[0] - '0'))
	}
	return nil
}

func (m *Model) answer(choice int) tea.Cmd {
	l, s := m.lesson(), m.step()
	m.predicting = false
	m.cfg.Record.Predict(l.ID, s.Number, choice)
	return tea.Batch(m.saveCmd(), m.startRun())
}

func (m *Model) startRun() tea.Cmd {
	l, s := m.lesson(), m.step()
	lb := m.backend.Lab
	src := m.code.Value()
	m.running = true
	m.result, m.runOut, m.explain, m.predictMsg = nil, nil, "", ""
	m.changes = observe.Changes{}
	m.applyQueryEvents() // a previous run's last events belong to that run
	m.runBatch, m.runLesson = nil, l.ID
	m.outDirty = true
	m.scroll[paneOutput] = 0
	m.changedFile = map[string]bool{}
	m.before = m.snap
	if m.viewer.path != "" {
		m.viewer.prev = m.viewer.content
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.runCancel = cancel
	key := m.stepKey()
	return tea.Batch(m.spin.Tick, func() tea.Msg {
		defer cancel()
		return stepDoneMsg{key: key, res: lb.RunEdited(ctx, l, s, src)}
	})
}

func (m *Model) onStepDone(msg stepDoneMsg) tea.Cmd {
	m.running = false
	m.runCancel = nil
	m.outDirty = true
	m.result, m.resultKey = msg.res, msg.key
	if msg.res.After != nil {
		m.changes = msg.res.Changes
		m.before = msg.res.Before
		m.setSnapshot(msg.res.After)
	}
	l, s := m.lesson(), m.step()
	if msg.key == m.stepKey() {
		m.explain = msg.res.Explanation
		if s.Predict != nil {
			got := m.cfg.Record.Predicted(l.ID, s.Number)
			if got > 0 && got <= len(s.Predict.Choices) {
				if got == s.Predict.Answer {
					m.predictMsg = fmt.Sprintf("%s You predicted %q, and that is what happened.", "✓", s.Predict.Choices[got-1])
				} else {
					m.predictMsg = fmt.Sprintf("%s You predicted %q; the answer is %q.", "✗", s.Predict.Choices[got-1], s.Predict.Choices[s.Predict.Answer-1])
				}
			}
		}
		if msg.res.Passed {
			m.cfg.Record.MarkDone(l.ID, s.Number)
		}
	}
	m.selectChanged()
	return tea.Batch(m.saveCmd(), m.readSelectedFile())
}

// selectChanged points the file viewer at what the step just wrote, preferring the
// newest offsets file (the batch's write-ahead entry).
func (m *Model) selectChanged() {
	if m.snap == nil {
		return
	}
	best := -1
	for i, f := range m.snap.Files {
		if !m.changedFile[f.Path] {
			continue
		}
		if best < 0 || strings.Contains(f.Path, "/offsets/") || !strings.Contains(m.snap.Files[best].Path, "/offsets/") {
			best = i
		}
	}
	if best >= 0 {
		if m.snap.Files[best].Path != m.viewer.path {
			m.viewer.prev = ""
		}
		m.fileSel = best
	}
}

func (m *Model) resetLesson() tea.Cmd {
	l := m.lesson()
	if l == nil || m.backend == nil {
		return nil
	}
	m.cfg.Record.ResetLesson(l.ID)
	m.edits = map[string]string{}
	m.si = 0
	m.resultKey = ""
	m.loadStep()
	m.running = true
	lb, ctx := m.backend.Lab, m.ctx
	return tea.Batch(m.saveCmd(), func() tea.Msg {
		return lessonResetMsg{lesson: l.ID, err: lb.StartLesson(ctx, l)}
	})
}

// showSolution puts an exercise's reference answer in the code pane, once the learner has
// tried (a failed run), so it teaches instead of replacing the attempt.
func (m *Model) showSolution() {
	s := m.step()
	switch {
	case s == nil || !s.IsExercise() || s.Solution == nil:
		m.flash = "this step is not an exercise"
	case m.result == nil || m.resultKey != m.stepKey():
		m.flash = "try the exercise first: a run unlocks the solution"
	default:
		m.code.SetValue(s.Solution.Source)
		m.edits[m.stepKey()] = s.Solution.Source
		m.flash = "the reference solution is in the code pane: enter runs it"
	}
}
