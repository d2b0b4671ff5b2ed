// Package assets holds what kafkalab embeds that is not a lesson: the screens' colour
// themes and the sample data sets (the course's orders, a longer stream of orders to play
// with in the sandbox, and payment events sent at least once, copies included). They are files, not Go literals, so they can be read, diffed
// and regenerated. The lab hands data sets to lessons that name one (FORMAT.md, asset=) and
// to the sandbox's .data command; the UI reads its theme here.
//
// data/orders-stream.jsonl is generated: `go test ./assets -run TestGeneratedDataSets
// -update` writes it again (its generator is in datasets_test.go, and the same test checks
// the embedded file is what the generator makes).
package assets

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
)

//go:embed themes/*.json data/*.jsonl
var files embed.FS

// Theme is a colour theme: a palette for basic terminals (ANSI colour numbers, which follow
// the user's own palette) and one for 256-colour and true-colour terminals.
type Theme struct {
	Name      string  `json:"name"`
	ANSI      Palette `json:"ansi"`
	TrueColor Palette `json:"truecolor"`
}

// Palette gives a colour to each meaning the screens use.
type Palette struct {
	Accent string `json:"accent"`
	OK     string `json:"ok"`
	Fail   string `json:"fail"`
	Warn   string `json:"warn"`
	Dim    string `json:"dim"`
	Border string `json:"border"`
	Info   string `json:"info"`
}

// LoadTheme reads the theme themes/NAME.json.
func LoadTheme(name string) (*Theme, error) {
	data, err := files.ReadFile(path.Join("themes", name+".json"))
	if err != nil {
		return nil, fmt.Errorf("theme %q: %w", name, err)
	}
	var t Theme
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("theme %q: %w", name, err)
	}
	for _, p := range []Palette{t.ANSI, t.TrueColor} {
		for _, c := range []string{p.Accent, p.OK, p.Fail, p.Warn, p.Dim, p.Border, p.Info} {
			if c == "" {
				return nil, fmt.Errorf("theme %q gives no colour to a meaning: every palette needs accent, ok, fail, warn, dim, border and info", name)
			}
		}
	}
	return &t, nil
}

// DataSets lists the sample data sets by file name ("orders.jsonl").
func DataSets() []string {
	entries, _ := fs.ReadDir(files, "data")
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// DataSet is a sample data set's content.
func DataSet(name string) ([]byte, error) {
	data, err := files.ReadFile(path.Join("data", name))
	if err != nil {
		return nil, fmt.Errorf("no data set %q (there are %v)", name, DataSets())
	}
	return data, nil
}
