package ui

import "charm.land/bubbles/v2/key"

// KeyMap is every key of both modes, in one place; bubbles/help renders it for `?`.
type KeyMap struct {
	Run, Edit, StopEdit, Next, Prev, Hint, Lessons, Reset key.Binding
	Solution                                              key.Binding
	Focus, FocusBack, Up, Down, PageUp, PageDown, Top     key.Binding
	Live, FileNext, FilePrev, Help, Quit                  key.Binding
	Yes, No                                               key.Binding
	// sandbox
	Submit, Newline, Complete, HistoryUp, HistoryDown, StopQueries key.Binding
	sandbox                                                        bool
	narrow                                                         bool // live panes hidden behind v
}

// DefaultKeyMap is kafkalab's keymap.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Run:         b("enter", "run", "enter", "ctrl+r"),
		Edit:        b("e", "edit code", "e"),
		StopEdit:    b("esc", "stop editing", "esc"),
		Next:        b("n/→", "next", "n", "right"),
		Prev:        b("p/←", "previous", "p", "left"),
		Hint:        b("h", "hint", "h"),
		Lessons:     b("l", "lessons", "l"),
		Reset:       b("x", "reset lesson", "x"),
		Solution:    b("s", "solution (exercise, after a try)", "s"),
		Focus:       b("tab", "next pane", "tab"),
		FocusBack:   b("shift+tab", "previous pane", "shift+tab"),
		Up:          b("↑/k", "scroll up", "up", "k"),
		Down:        b("↓/j", "scroll down", "down", "j"),
		PageUp:      b("pgup", "page up", "pgup", "ctrl+u"),
		PageDown:    b("pgdn", "page down", "pgdown", "ctrl+d"),
		Top:         b("g", "top", "g", "home"),
		Live:        b("v", "live panes", "v"),
		FileNext:    b("]", "next file", "]"),
		FilePrev:    b("[", "previous file", "["),
		Help:        b("?", "all keys", "?"),
		Quit:        b("q/ctrl+c", "quit", "q", "ctrl+c"),
		Yes:         b("y", "yes", "y"),
		No:          b("n/esc", "no", "n", "esc"),
		Submit:      b("enter", "run", "enter"),
		Newline:     b("ctrl+j", "new line", "ctrl+j", "alt+enter"),
		Complete:    b("tab", "complete", "tab"),
		HistoryUp:   b("↑", "history", "up"),
		HistoryDown: b("↓", "history", "down"),
		StopQueries: b("ctrl+x", "stop queries", "ctrl+x"),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.sandbox {
		return []key.Binding{k.Submit, k.Newline, k.Complete, k.StopQueries, k.Help, key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit"))}
	}
	// The most used first: the footer cuts what does not fit, and ? shows everything.
	out := []key.Binding{k.Run, k.Next, k.Hint, k.Help, k.Quit, k.Edit, k.Prev, k.Lessons}
	if k.narrow {
		out = append(out[:5], append([]key.Binding{k.Live}, out[5:]...)...)
	}
	return out
}

// FullHelp is the `?` screen.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.sandbox {
		return [][]key.Binding{
			{k.Submit, k.Newline, k.Complete, k.HistoryUp, k.HistoryDown},
			{k.StopQueries, k.PageUp, k.PageDown, k.Live, k.FileNext, k.FilePrev},
			{k.Help, key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c/ctrl+d", "quit"))},
		}
	}
	return [][]key.Binding{
		{k.Run, k.Edit, k.StopEdit, k.Hint, k.Solution, k.Reset},
		{k.Next, k.Prev, k.Lessons, k.Live},
		{k.Focus, k.FocusBack, k.Up, k.Down, k.PageUp, k.PageDown, k.Top},
		{k.FileNext, k.FilePrev, k.Help, k.Quit},
	}
}
