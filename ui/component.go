package ui

import (
	"context"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// component is one part of the screen, in the gh-dash style: it draws itself in the size
// it was given, takes the messages and keys meant for it, and names its keys for the
// footer and the ? screen. It knows nothing of the root: what it needs from elsewhere it
// asks for with a message (openModalMsg, flashMsg...).
type component interface {
	// Update takes a message that is not a key press.
	Update(msg tea.Msg) tea.Cmd
	// HandleKey takes a key press; false when the key is not one of its own.
	HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool)
	// View is exactly the size SetSize gave.
	View() string
	SetSize(w, h int)
	// Keys are its key bindings: ShortHelp for the footer, FullHelp for the ? screen.
	Keys() help.KeyMap
}

// pane is a component that can hold the focus.
type pane interface {
	component
	SetFocused(bool)
}

// modal is a component drawn over the screen that takes every key while it is open.
type modal interface {
	component
	// Dialog reports whether it is a small box over the screen (true) or covers the body.
	Dialog() bool
}

// env is what the components share, as gh-dash's program context: the theme, the course,
// the learner's record and work, the lab once the broker runs, the newest snapshot and the
// streaming queries' progress. It holds data, never the root.
type env struct {
	th       *theme.Theme
	ctx      context.Context
	cfg      *Config
	lab      *lab.Lab
	label    string
	snap     *observe.Snapshot
	queries  *queryTracker
	startErr string
}

// keys is a component's key map for bubbles/help.
type keys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (k keys) ShortHelp() []key.Binding  { return k.short }
func (k keys) FullHelp() [][]key.Binding { return k.full }

func bind(helpKey, desc string, ks ...string) key.Binding {
	return key.NewBinding(key.WithKeys(ks...), key.WithHelp(helpKey, desc))
}

// keyIs reports whether a key press matches a binding.
func keyIs(msg tea.KeyPressMsg, b key.Binding) bool { return key.Matches(msg, b) }

// Messages components send the root (as commands), and the root's answers.
type (
	// openModalMsg opens a modal over the screen.
	openModalMsg struct{ m modal }
	// closeModalMsg closes the open modal.
	closeModalMsg struct{}
	// flashMsg is a one-line notice in the footer; it stays until the next key.
	flashMsg string
	// focusMainMsg gives the focus back to the main column (a new step).
	focusMainMsg struct{}
)

// emit is a command that delivers msg at once.
func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

func flash(s string) tea.Cmd { return emit(flashMsg(s)) }

// helpModel is bubbles/help in the theme's styles (no colour under NO_COLOR).
func helpModel(t *theme.Theme, w int) help.Model {
	hm := help.New()
	hm.SetWidth(w)
	hm.Styles = help.Styles{
		Ellipsis: t.Muted, ShortKey: t.Key, ShortDesc: t.Muted, ShortSeparator: t.Muted,
		FullKey: t.Key, FullDesc: t.Text, FullSeparator: t.Muted,
	}
	return hm
}
