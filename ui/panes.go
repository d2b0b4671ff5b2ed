package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lessons"
)

var scrollKeys = []key.Binding{
	bind("↑↓/jk", "scroll", "up", "down", "j", "k"),
	bind("pgup/pgdn", "page", "pgup", "pgdown"),
	bind("g/G", "top/end", "g", "G"),
}

var sideKeys = bind("←→", "scroll sideways", "left", "right")

// ---- prose ----

// prosePane is the step's text: the lesson's introduction on its first step, the step's
// prose, and once the step ran, what it explains afterwards (Step.After).
type prosePane struct {
	e        *env
	view     textView
	title    string
	focused  bool
	w, h     int
	cacheKey string
}

func (p *prosePane) SetFocused(f bool)      { p.focused = f }
func (p *prosePane) Update(tea.Msg) tea.Cmd { return nil }
func (p *prosePane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.view.SetSize(w-2, h-2)
}

// show lays the step's text out (cached per step, width and whether it ran).
func (p *prosePane) show(l *lessons.Lesson, s *lessons.Step, first, ran bool) {
	if l == nil || s == nil {
		p.view.SetLines([]string{"No lessons."})
		return
	}
	key := fmt.Sprint(l.ID, s.Number, p.w, ran)
	if key == p.cacheKey {
		return
	}
	newStep := !strings.HasPrefix(p.cacheKey, fmt.Sprint(l.ID, s.Number)+" ") && p.cacheKey != ""
	p.cacheKey = key
	p.title = fmt.Sprintf("step %d · %s", s.Number, s.Title)
	var md strings.Builder
	if first {
		fmt.Fprintf(&md, "# %s\n\n", l.Title)
		if l.Goal != "" {
			fmt.Fprintf(&md, "**Goal:** %s\n\n", l.Goal)
		}
		if strings.TrimSpace(l.Intro) != "" {
			md.WriteString(l.Intro + "\n\n")
		}
	}
	md.WriteString(s.Prose + "\n")
	lines := renderMarkdown(p.e.th, md.String(), max(8, p.w-2))
	if ran && s.After != "" {
		lines = append(lines, "", p.e.th.Info.Render("── after the run ──"))
		at := len(lines) - 1
		lines = append(lines, renderMarkdown(p.e.th, s.After, max(8, p.w-2))...)
		p.view.SetLines(lines)
		// The explanation is what the learner reads next.
		p.view.top = at
		p.view.clamp()
		return
	}
	p.view.SetLines(lines)
	if newStep || !ran {
		p.view.Top()
	}
}

func (p *prosePane) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	return nil, p.view.HandleKey(msg)
}

func (p *prosePane) Keys() help.KeyMap {
	return keys{short: scrollKeys[:1], full: [][]key.Binding{scrollKeys}}
}

func (p *prosePane) View() string {
	title := p.title
	if m := p.view.More(); m != "" {
		title += " · " + m
	}
	return box(p.e.th, title, p.view.Lines(p.e.th), 0, p.w, p.h, p.focused)
}

// ---- files ----

// codePane shows the step's files before it runs (the main one first), highlighted and
// scrollable both ways; e edits the shown file in place, E in $EDITOR.
type codePane struct {
	e       *env
	files   []lab.StepFile
	sel     int
	view    textView
	edit    *editor
	focused bool
	watch   bool
	w, h    int
	key     string // what the view was laid out for
	note    string // "saved", shown in the title until the next change
}

var (
	keyFileNext   = bind("]", "next file", "]")
	keyFilePrev   = bind("[", "previous file", "[")
	keyEdit       = bind("e", "edit here", "e")
	keyEditor     = bind("E", "edit in $EDITOR", "E")
	keyFullScreen = bind("f", "full screen", "f")
	keySave       = bind("ctrl+s", "save", "ctrl+s")
	keyStopEdit   = bind("esc", "save and stop editing", "esc")
	keyEditRun    = bind("ctrl+r", "save and run", "ctrl+r")
)

func (c *codePane) SetFocused(f bool)      { c.focused = f }
func (c *codePane) Update(tea.Msg) tea.Cmd { return nil }
func (c *codePane) SetSize(w, h int) {
	c.w, c.h = w, h
	c.view.SetSize(w-2, max(1, h-3))
	if c.edit != nil {
		c.edit.SetSize(w-2, max(1, h-3))
	}
}

// setFiles shows a step's files; keep keeps the selected file when it is still there.
func (c *codePane) setFiles(files []lab.StepFile, keep bool) {
	name := ""
	if keep && c.sel < len(c.files) {
		name = c.files[c.sel].Name
	}
	c.files, c.sel = files, 0
	for i, f := range files {
		if f.Name == name {
			c.sel = i
		}
	}
	c.key = ""
	if !keep {
		c.view.top, c.view.left = 0, 0
	}
}

func (c *codePane) current() *lab.StepFile {
	if c.sel < len(c.files) {
		return &c.files[c.sel]
	}
	return nil
}

func (c *codePane) layout() {
	f := c.current()
	if f == nil {
		c.view.SetLines([]string{c.e.th.Muted.Render("Nothing to run in this step: read it, then n for the next.")})
		return
	}
	key := fmt.Sprint(f.Name, len(f.Content), f.Content == f.Original, c.e.th.Plain)
	if key == c.key {
		return
	}
	c.key = key
	content := strings.TrimSuffix(f.Content, "\n")
	if f.Lang == "json" && len(content) > 64<<10 {
		content = content[:64<<10]
	}
	lines := highlight(c.e.th, content, f.Lang)
	nw := len(fmt.Sprint(len(lines)))
	for i := range lines {
		lines[i] = c.e.th.Muted.Render(fmt.Sprintf("%*d ", nw, i+1)) + lines[i]
	}
	c.view.SetLines(lines)
}

func (c *codePane) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if c.edit != nil {
		return nil, false // the course routes editing keys
	}
	switch {
	case keyIs(msg, keyFileNext) && len(c.files) > 0:
		c.sel = (c.sel + 1) % len(c.files)
		c.key, c.view.top, c.view.left = "", 0, 0
	case keyIs(msg, keyFilePrev) && len(c.files) > 0:
		c.sel = (c.sel + len(c.files) - 1) % len(c.files)
		c.key, c.view.top, c.view.left = "", 0, 0
	case keyIs(msg, keyFullScreen):
		if f := c.current(); f != nil {
			return emit(openModalMsg{newFileViewer(c.e, f.Name, f.Content, f.Lang)}), true
		}
	default:
		return nil, c.view.HandleKey(msg)
	}
	return nil, true
}

func (c *codePane) Keys() help.KeyMap {
	if c.edit != nil {
		return keys{short: []key.Binding{keyStopEdit, keyEditRun, keySave},
			full: [][]key.Binding{{keyStopEdit, keyEditRun, keySave, bind("↑↓←→", "move", "up")}}}
	}
	return keys{short: []key.Binding{keyFileNext, keyEdit, keyEditor, keyFullScreen},
		full: [][]key.Binding{{keyFileNext, keyFilePrev, keyEdit, keyEditor, keyFullScreen, keyWatch, sideKeys}, scrollKeys}}
}

func (c *codePane) View() string {
	t := c.e.th
	f := c.current()
	if f == nil {
		c.layout()
		return box(t, "files", c.view.Lines(t), 0, c.w, c.h, c.focused)
	}
	// The tabs: every file the step writes or runs, the shown one marked.
	var tabs []string
	for i, x := range c.files {
		name := x.Name
		if x.Edited {
			name += "*"
		}
		if i == c.sel {
			tabs = append(tabs, t.Selected.Render(" "+name+" "))
		} else {
			tabs = append(tabs, t.Muted.Render(" "+name+" "))
		}
	}
	tabLine := strings.Join(tabs, t.Muted.Render("│"))
	title := fmt.Sprintf("files %d/%d · %s", c.sel+1, len(c.files), roleWord(f))
	if f.Edited {
		title += " · your copy"
	}
	if c.watch {
		title += " · watching"
	}
	var body []string
	if c.edit != nil {
		title = "editing " + f.Name + " · " + c.edit.Position() + " · esc saves"
		body = c.edit.Lines(t)
	} else {
		c.layout()
		body = c.view.Lines(t)
		if m := c.view.More(); m != "" {
			title += " · " + m
		}
	}
	if c.note != "" {
		title += " · " + c.note
	}
	lines := append([]string{tabLine}, body...)
	return box(t, title, lines, 0, c.w, c.h, c.focused || c.edit != nil)
}

func roleWord(f *lab.StepFile) string {
	switch f.Role {
	case lab.FileExercise:
		return "exercise: fix it"
	case lab.FileCommands:
		return "commands the step runs"
	case lab.FileScript:
		return "the step's script"
	case lab.FileRunsFromWorkspace:
		return "in the workspace"
	}
	return "written before the step runs"
}
