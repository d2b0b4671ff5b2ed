// Package conformance checks the forked interpreter against CPython: a corpus of
// expressions and small programs whose expected output CPython 3.11 wrote
// (testdata/golden.py), plus crash tests, benchmarks and fuzzing of the limits.
package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus_golden.json by running python3")

// capture is a sys.stdout that keeps what is written.
type capture struct{ b strings.Builder }

var captureType = py.NewType("capture", "test stdout")

func init() {
	captureType.Dict["write"] = py.MustNewMethod("write", func(self, s py.Object) (py.Object, error) {
		str, err := py.StrAsString(s)
		if err != nil {
			return nil, err
		}
		self.(*capture).b.WriteString(str)
		return py.Int(len(str)), nil
	}, 0, "")
	captureType.Dict["flush"] = py.MustNewMethod("flush", func(self py.Object) (py.Object, error) { return py.None, nil }, 0, "")
}

func (c *capture) Type() *py.Type { return captureType }

// run runs one corpus entry as golden.py does in CPython and returns its output.
func run(t testing.TB, src string, timeout time.Duration) string {
	ctx := py.NewContext(py.DefaultContextOpts())
	defer ctx.Close()
	out := &capture{}
	sys, err := ctx.GetModule("sys")
	if err != nil {
		t.Fatal(err)
	}
	sys.Globals["stdout"] = out
	stop := time.AfterFunc(timeout, ctx.Limits().Stop)
	defer stop.Stop()
	err = func() error {
		if code, err := py.Compile(src, "<corpus>", py.EvalMode, 0, true); err == nil {
			mod, err := ctx.Store().NewModule(ctx, &py.ModuleImpl{Info: py.ModuleInfo{FileDesc: "<corpus>"}})
			if err != nil {
				return err
			}
			v, err := ctx.RunCode(code, mod.Globals, mod.Globals, nil)
			if err != nil {
				return err
			}
			r, err := py.ReprString(v)
			if err != nil {
				return err
			}
			out.b.WriteString(r + "\n")
			return nil
		}
		code, err := py.Compile(src+"\n", "<corpus>", py.ExecMode, 0, true)
		if err != nil {
			return err
		}
		_, err = py.RunCode(ctx, code, "<corpus>", nil)
		return err
	}()
	if err != nil {
		out.b.WriteString(lastLine(err) + "\n")
	}
	return out.b.String()
}

// lastLine is the last line of a CPython traceback for err: "ValueError: msg".
func lastLine(err error) string {
	var ei py.ExceptionInfo
	if errors.As(err, &ei) {
		if e, ok := ei.Value.(*py.Exception); ok {
			return e.Error()
		}
	}
	var e *py.Exception
	if errors.As(err, &e) {
		return e.Error()
	}
	return "GoError: " + err.Error()
}

func corpus(t testing.TB) []string {
	data, err := os.ReadFile("testdata/corpus.py")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range strings.Split(string(data), "#---\n") {
		if strings.TrimSpace(e) != "" {
			out = append(out, strings.Trim(e, "\n"))
		}
	}
	return out
}

func golden(t testing.TB) []string {
	data, err := os.ReadFile("testdata/corpus_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// knownDifferences lists corpus entries (1-based) where the fork still differs from
// CPython; each is a gap documented in FORK.md. The test fails when one of them
// starts to pass (remove it) or another one fails.
func knownDifferences(t testing.TB) map[int]bool {
	data, err := os.ReadFile("testdata/known_differences.txt")
	if err != nil {
		if os.IsNotExist(err) {
			return map[int]bool{}
		}
		t.Fatal(err)
	}
	out := map[int]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.SplitN(line, "#", 2)[0])
		if line == "" {
			continue
		}
		n, err := strconv.Atoi(line)
		if err != nil {
			t.Fatalf("known_differences.txt: %q is not an entry number", line)
		}
		out[n] = true
	}
	return out
}

func TestCorpusMatchesCPython(t *testing.T) {
	entries := corpus(t)
	if len(entries) < 300 {
		t.Fatalf("the corpus has %d entries, want at least 300", len(entries))
	}
	want := golden(t)
	if len(want) != len(entries) {
		t.Fatalf("corpus has %d entries but the golden file %d: run go test -run TestCorpus -update", len(entries), len(want))
	}
	known := knownDifferences(t)
	passed := 0
	for i, src := range entries {
		got := run(t, src, 5*time.Second)
		n := i + 1
		switch {
		case got == want[i]:
			passed++
			if known[n] {
				t.Errorf("entry %d now matches CPython: remove it from known_differences.txt", n)
			}
		case known[n]:
		default:
			t.Errorf("entry %d:\n%s\n--- CPython:\n%s--- fork:\n%s", n, src, want[i], got)
		}
	}
	t.Logf("%d of %d corpus entries print what CPython prints (%d known differences)", passed, len(entries), len(known))
}

// TestGoldenIsFresh re-runs CPython over the corpus when python3 is installed, so a
// corpus edit without a new golden file fails.
func TestGoldenIsFresh(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	cmd := exec.Command("bash", "-c", "ulimit -v 4000000; exec "+python+" testdata/golden.py testdata")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("golden.py: %v\n%s", err, stderr.String())
	}
	if *update {
		if err := os.WriteFile("testdata/corpus_golden.json", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	committed, err := os.ReadFile("testdata/corpus_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, committed) {
		t.Fatal("testdata/corpus_golden.json is stale: run go test ./engine/python/conformance -run TestGoldenIsFresh -update")
	}
}
