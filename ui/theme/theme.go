// Package theme is the one place where kafkalab's screens get their colours and text
// styles. Components ask for a meaning (OK, Fail, Muted, Changed...), never for a colour,
// so a colour change or a NO_COLOR terminal is handled here and nowhere else. The colours
// themselves are a file, assets/themes/default.json.
package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/kafkalab/kafkalab/assets"
)

// Theme holds the semantic styles of every screen.
type Theme struct {
	// Plain is true when colours are off (NO_COLOR, not a terminal): meaning is then carried
	// by glyphs, bold and reverse video only.
	Plain bool

	Text, Muted, Title, Accent lipgloss.Style
	OK, Fail, Warn, Info       lipgloss.Style
	Changed, Selected, Key     lipgloss.Style
	Code, Header, StatusBar    lipgloss.Style
	Pane, PaneFocus            lipgloss.Style // bordered panes
	PaneTitle, PaneTitleFocus  lipgloss.Style
	BarFill, BarLag, BarEmpty  lipgloss.Style
	TableHeader, TableBorder   lipgloss.Style
	DialogBox                  lipgloss.Style
	// Code highlighting: keywords, strings, comments, numbers and called names.
	Keyword, Str, Comment, Number, Func lipgloss.Style
	BorderColor, FocusColor             color.Color
	accent, ok, fail, warn, dim         color.Color
}

// Glyphs used with or without colour, so meaning never depends on colour alone.
const (
	GlyphDone    = "✓"
	GlyphFail    = "✗"
	GlyphCurrent = "▸"
	GlyphTodo    = "·"
	GlyphChanged = "●"
	BarFull      = "█"
	BarPart      = "▒"
	BarNone      = "░"
)

// defaultColors is the default theme's palettes (assets/themes/default.json).
var defaultColors = mustLoad("default")

func mustLoad(name string) *assets.Theme {
	t, err := assets.LoadTheme(name)
	if err != nil {
		panic("kafkalab's embedded theme is broken: " + err.Error())
	}
	return t
}

// ForProfile picks the theme for a terminal's colour profile: the ANSI-16 palette on basic
// terminals (it then follows the user's palette), the richer one on 256/true-colour
// terminals, and a plain theme when colours are off.
func ForProfile(p colorprofile.Profile) *Theme {
	switch {
	case p <= colorprofile.ASCII:
		return build(true, nil, nil, nil, nil, nil, nil, nil)
	case p == colorprofile.ANSI:
		return fromPalette(defaultColors.ANSI)
	default:
		return fromPalette(defaultColors.TrueColor)
	}
}

func fromPalette(p assets.Palette) *Theme {
	c := lipgloss.Color
	return build(false, c(p.Accent), c(p.OK), c(p.Fail), c(p.Warn), c(p.Dim), c(p.Border), c(p.Info))
}

// Plain is the colourless theme (tests and NO_COLOR).
func Plain() *Theme { return ForProfile(colorprofile.NoTTY) }

func build(plain bool, accent, ok, fail, warn, dim, border, info color.Color) *Theme {
	t := &Theme{Plain: plain, accent: accent, ok: ok, fail: fail, warn: warn, dim: dim}
	fg := func(c color.Color) lipgloss.Style {
		s := lipgloss.NewStyle()
		if c != nil {
			s = s.Foreground(c)
		}
		return s
	}
	t.Text = lipgloss.NewStyle()
	t.Muted = fg(dim)
	t.Title = fg(accent).Bold(true)
	t.Accent = fg(accent)
	t.OK = fg(ok).Bold(true)
	t.Fail = fg(fail).Bold(true)
	t.Warn = fg(warn)
	t.Info = fg(info)
	t.Changed = fg(warn).Bold(true)
	t.Selected = lipgloss.NewStyle().Reverse(true)
	t.Key = fg(accent).Bold(true)
	t.Code = lipgloss.NewStyle()
	t.Header = fg(accent).Bold(true)
	t.StatusBar = fg(dim)
	t.BorderColor, t.FocusColor = border, accent
	t.Pane = lipgloss.NewStyle().Border(lipgloss.RoundedBorder())
	t.PaneFocus = lipgloss.NewStyle().Border(lipgloss.ThickBorder())
	if !plain {
		t.Pane = t.Pane.BorderForeground(border)
		t.PaneFocus = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent)
	}
	t.PaneTitle = fg(dim).Bold(true)
	t.PaneTitleFocus = fg(accent).Bold(true)
	t.BarFill = fg(ok)
	t.BarLag = fg(warn)
	t.BarEmpty = fg(border)
	t.TableHeader = fg(info).Bold(true)
	t.TableBorder = fg(border)
	t.DialogBox = lipgloss.NewStyle().Border(lipgloss.DoubleBorder()).Padding(0, 1)
	if !plain {
		t.DialogBox = t.DialogBox.BorderForeground(accent)
	}
	t.Keyword = fg(accent)
	t.Str = fg(ok)
	t.Comment = fg(dim).Italic(!plain)
	t.Number = fg(warn)
	t.Func = fg(info)
	if !plain {
		t.Code = fg(info)
	}
	return t
}
