// The module's architecture test: which part of kafkalab may import which. It reads the
// real import graph with `go list` (test files and every build tag included) and fails on
// an arrow the layout forbids:
//
//	cmd     -> ui, lab, lessons, assets      (never the engine: it goes through lab)
//	ui      -> lab, lessons, assets          (never the engine)
//	lab     -> engine, lessons, assets       (never ui or cmd)
//	engine  -> engine only                   (it knows nothing of lessons, screens or labs)
//	lessons, assets, scripts -> nothing of this module
//
// and no product code imports a test-only package (a path with a testharness/ folder).
package kafkalab_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/kafkalab/kafkalab"

// pkg is one package of the module and the module packages it imports.
type pkg struct {
	path    string   // relative to the module: "ui", "engine/plan", "" for the root
	imports []string // from its non-test files
	tests   []string // from its test files
}

// parts says which top-level parts each part may import (the part itself included).
var parts = map[string][]string{
	"cmd":     {"cmd", "ui", "lab", "lessons", "assets"},
	"ui":      {"ui", "lab", "lessons", "assets"},
	"lab":     {"lab", "engine", "lessons", "assets"},
	"engine":  {"engine"},
	"lessons": {"lessons"},
	"assets":  {"assets"},
	"scripts": {},
}

// violation is one forbidden arrow.
type violation struct{ from, to, why string }

func (v violation) String() string { return fmt.Sprintf("%s imports %s: %s", v.from, v.to, v.why) }

func top(path string) string { return strings.SplitN(path, "/", 2)[0] }

func isTestOnly(path string) bool {
	return strings.HasPrefix(path, "testharness/") || strings.Contains(path, "/testharness/")
}

// checkArrows lists the forbidden arrows of a graph.
func checkArrows(graph []pkg) []violation {
	var out []violation
	for _, p := range graph {
		if p.path == "" {
			continue // this test
		}
		allowed, known := parts[top(p.path)]
		check := func(to string, fromTest bool) {
			if !known {
				out = append(out, violation{p.path, to, fmt.Sprintf("%s/ is not a part of the layout (known: cmd, ui, lab, engine, lessons, assets, scripts)", top(p.path))})
				return
			}
			ok := false
			for _, a := range allowed {
				ok = ok || top(to) == a
			}
			if !ok {
				out = append(out, violation{p.path, to, fmt.Sprintf("%s may import only %v", top(p.path), allowed)})
			}
			if isTestOnly(to) && !fromTest && !isTestOnly(p.path) {
				out = append(out, violation{p.path, to, "a testharness package is for tests only"})
			}
		}
		for _, to := range p.imports {
			check(to, false)
		}
		for _, to := range p.tests {
			check(to, true)
		}
	}
	return out
}

// moduleGraph reads the module's packages and their module imports with go list.
func moduleGraph(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-tags", "apachekafka,containertest", "-json", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	rel := func(path string) (string, bool) {
		if path == module {
			return "", true
		}
		r, ok := strings.CutPrefix(path, module+"/")
		return r, ok
	}
	own := func(imports []string) []string {
		var out []string
		for _, i := range imports {
			if r, ok := rel(i); ok {
				out = append(out, r)
			}
		}
		sort.Strings(out)
		return out
	}
	var graph []pkg
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		path, _ := rel(p.ImportPath)
		graph = append(graph, pkg{path: path, imports: own(p.Imports), tests: own(append(p.TestImports, p.XTestImports...))})
	}
	return graph
}

func TestArchitecture(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	graph := moduleGraph(t)
	if len(graph) < 20 {
		t.Fatalf("go list found %d packages; the module has more", len(graph))
	}
	for _, v := range checkArrows(graph) {
		t.Error(v)
	}
}

// The checker catches each kind of forbidden arrow planted in a small graph, and lets
// the allowed ones through.
func TestArchitectureCheckerFindsPlantedArrows(t *testing.T) {
	allowed := []pkg{
		{path: "cmd/kafkalab", imports: []string{"ui", "lab", "lab/broker", "lessons"}},
		{path: "ui", imports: []string{"lab", "lab/observe", "lessons", "assets", "ui/theme"}, tests: []string{"lab/broker"}},
		{path: "lab", imports: []string{"engine/pyspark", "lessons"}, tests: []string{"engine/testharness/testkit"}},
		{path: "lab/testharness/sparkdiff", imports: []string{"lab", "engine/testharness/testkit"}},
		{path: "engine/stream", imports: []string{"engine/checkpoint"}, tests: []string{"engine/testharness/testkit"}},
		{path: "lessons"},
		{path: "", imports: nil, tests: []string{"ui"}},
	}
	if v := checkArrows(allowed); len(v) != 0 {
		t.Fatalf("allowed arrows reported: %v", v)
	}
	for _, tc := range []struct {
		planted pkg
		want    string
	}{
		{pkg{path: "ui", imports: []string{"engine/pyspark"}}, "ui imports engine/pyspark: ui may import only"},
		{pkg{path: "ui/theme", tests: []string{"engine/stream"}}, "ui/theme imports engine/stream"},
		{pkg{path: "cmd/kafkalab", imports: []string{"engine/pyspark"}}, "cmd/kafkalab imports engine/pyspark"},
		{pkg{path: "engine/plan", imports: []string{"lab"}}, "engine/plan imports lab: engine may import only [engine]"},
		{pkg{path: "engine", imports: []string{"lessons"}}, "engine imports lessons"},
		{pkg{path: "lessons", imports: []string{"lab/kafkatools"}}, "lessons imports lab/kafkatools"},
		{pkg{path: "lab", imports: []string{"ui"}}, "lab imports ui"},
		{pkg{path: "lab/export", imports: []string{"cmd/kafkalab"}}, "lab/export imports cmd/kafkalab"},
		{pkg{path: "assets", imports: []string{"lessons"}}, "assets imports lessons"},
		{pkg{path: "scripts/kafka/freeport", imports: []string{"engine"}}, "scripts/kafka/freeport imports engine"},
		{pkg{path: "lab", imports: []string{"lab/testharness/sparkdiff"}}, "a testharness package is for tests only"},
		{pkg{path: "engine/delta", imports: []string{"engine/testharness/testkit"}}, "a testharness package is for tests only"},
		{pkg{path: "tools/gen", imports: []string{"lab"}}, "tools/ is not a part of the layout"},
	} {
		got := checkArrows(append(append([]pkg(nil), allowed...), tc.planted))
		if len(got) != 1 || !strings.Contains(got[0].String(), tc.want) {
			t.Errorf("planted %+v: got %v, want one violation saying %q", tc.planted, got, tc.want)
		}
	}
}
