package theme

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

func TestProfiles(t *testing.T) {
	for _, tc := range []struct {
		p         colorprofile.Profile
		plain     bool
		wantColor bool
	}{
		{colorprofile.NoTTY, true, false},
		{colorprofile.ASCII, true, false},
		{colorprofile.ANSI, false, true},
		{colorprofile.ANSI256, false, true},
		{colorprofile.TrueColor, false, true},
	} {
		th := ForProfile(tc.p)
		out := th.OK.Render("ok")
		// A colour is an SGR 3x/9x/38 parameter; bold alone (1) carries no colour.
		hasColor := strings.Contains(out, "[3") || strings.Contains(out, "[9") || strings.Contains(out, ";3") || strings.Contains(out, "38;")
		if th.Plain != tc.plain || hasColor != tc.wantColor {
			t.Errorf("%v: plain=%v colour=%v (%q)", tc.p, th.Plain, hasColor, out)
		}
	}
	if out := Plain().Keyword.Render("def"); out != "def" {
		t.Errorf("the plain theme styles code: %q", out)
	}
}
