package confine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"data/x.json", "/w/data/x.json"},
		{"./data/../x", "/w/x"},
		{"../x", "/x"},
		{"/etc/passwd", "/etc/passwd"},
		{"//etc/passwd", "/etc/passwd"},
		{"file:/etc/passwd", "/etc/passwd"},
		{"file:///etc/passwd", "/etc/passwd"},
		{"file://localhost/etc/passwd", "/etc/passwd"},
		{"file://host/etc", "/host/etc"},
		{"file:data/x", "/w/data/x"},
		{"file:", "/w"},
		{"", "/w"},
		{"file:/w/../etc", "/etc"},
	} {
		if got := Normalize("/w", tc.in); got != tc.want {
			t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	base := t.TempDir()
	ws := filepath.Join(base, "ws")
	out := filepath.Join(base, "out")
	for _, dir := range []string{filepath.Join(ws, "data", "sub"), out} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"data/out":      out,                 // absolute, outside
		"data/up":       "../..",             // relative, outside
		"data/dangling": "../../out/missing", // dangling, outside
		"data/in":       "sub",               // inside
		"data/inabs":    filepath.Join(ws, "data", "sub"),
		"data/loop":     "loop",
		"data/hop":      "in/../../..", // through an inside link, then out
		"data/dangin":   "sub/missing",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(ws, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	d, err := New(ws)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		ok   bool
		want string // in the refusal
	}{
		{"data/x", true, ""},
		{"data/in/x", true, ""},
		{"data/inabs/x", true, ""},
		{"data/dangin", true, ""},
		{"new/folder/file", true, ""},
		{ws, true, ""},
		{"data/../data/x", true, ""},
		{"../out", false, "'../out' resolves to " + out},
		{"/etc/passwd", false, "resolves to /etc/passwd, outside it"},
		{"file:///etc/passwd", false, "'file:///etc/passwd' resolves to /etc/passwd"},
		{"data/out/f", false, "symbolic link data/out -> " + out + " to " + out + "/f"},
		{"data/up", false, "symbolic link data/up -> ../.."},
		{"data/dangling", false, "data/dangling -> ../../out/missing"},
		{"data/loop", false, "data/loop"},
		{"data/hop/x", false, "outside it"},
	} {
		got, err := d.Resolve(tc.path, "")
		if tc.ok {
			if err != nil {
				t.Errorf("%s: refused: %v", tc.path, err)
			} else if !strings.HasPrefix(got, d.Path()) {
				t.Errorf("%s: resolved to %s", tc.path, got)
			}
			continue
		}
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("%s: want a refusal, got %q, %v", tc.path, got, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "kafkalab keeps scripts inside the workspace "+ws+": ") {
			t.Errorf("%s: %v; want it to say %q", tc.path, err, tc.want)
		}
	}
}

// The workspace may be named through a symbolic link: paths under either spelling are in.
func TestAliasedWorkspace(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	alias := filepath.Join(base, "alias")
	if err := os.Symlink(real, alias); err != nil {
		t.Skip("no symbolic links here")
	}
	d, err := New(alias)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(alias, "x"), filepath.Join(real, "x"), "x"} {
		got, err := d.Resolve(p, "")
		if err != nil || got != filepath.Join(real, "x") {
			t.Errorf("%s: %q, %v", p, got, err)
		}
	}
	if _, err := d.Resolve(filepath.Join(base, "x"), "spark.sql.warehouse.dir"); err == nil ||
		!strings.Contains(err.Error(), "workspace "+alias+": spark.sql.warehouse.dir '") {
		t.Errorf("want a refusal naming the setting, got %v", err)
	}
}

// The Root refuses at open time what Check refuses before: a dangling link out cannot
// be created through, a link out cannot be read through.
func TestRootRefusesLinksOut(t *testing.T) {
	base := t.TempDir()
	ws := filepath.Join(base, "ws")
	if err := os.Mkdir(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "created"), filepath.Join(ws, "dangling")); err != nil {
		t.Skip("no symbolic links here")
	}
	d, err := New(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	root, err := d.Root()
	if err != nil {
		t.Fatal(err)
	}
	f, err := root.OpenFile("dangling", os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		f.Close()
		t.Fatal("created a file through a dangling link out")
	}
	if !Escaped(err) {
		t.Fatalf("want an escape refusal, got %v", err)
	}
	if _, err := os.Stat(filepath.Join(base, "created")); err == nil {
		t.Fatal("the file outside exists")
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"a": "'a'", "it's": `"it's"`, "a\nb": `'a\nb'`, `x'"`: `'x\'"'`} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}
