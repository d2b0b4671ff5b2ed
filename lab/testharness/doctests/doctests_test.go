package doctests

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/pyspark"
	"github.com/kafkalab/kafkalab/lab/export"
)

var update = flag.Bool("update", false, "rewrite testdata/status.txt with this run's outcomes")

const statusFile = "testdata/status.txt"

// docItem is one docstring as extract.py gives it.
type docItem struct {
	Name     string `json:"name"`
	Script   string `json:"script"`
	Examples []struct {
		Source string `json:"source"`
		Want   string `json:"want"`
		Raises bool   `json:"raises"`
	} `json:"examples"`
}

// outcome is how kafkalab did on one docstring: pass, differs, error or timeout, and for
// the last three what went wrong first.
type outcome struct {
	status, note string
}

// TestPySparkDocstrings runs every docstring example of the pinned PySpark in kafkalab's
// engine. KAFKALAB_DOCTEST_PYTHON names a Python with that PySpark (make test-doctests sets
// it to the real-Spark tier's venv); KAFKALAB_DOCTEST_ONLY narrows to some names.
func TestPySparkDocstrings(t *testing.T) {
	python := os.Getenv("KAFKALAB_DOCTEST_PYTHON")
	if python == "" {
		t.Skip("KAFKALAB_DOCTEST_PYTHON not set; `make test-doctests` runs this with the pinned PySpark")
	}
	items := extract(t, python)
	if only := os.Getenv("KAFKALAB_DOCTEST_ONLY"); only != "" {
		keep := map[string]bool{}
		for _, n := range strings.Split(only, ",") {
			keep[strings.TrimSpace(n)] = true
		}
		var some []docItem
		for _, it := range items {
			if keep[it.Name] {
				some = append(some, it)
			}
		}
		items = some
	}

	results := make([]outcome, len(items))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = runItem(t, items[i])
			}
		}()
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()

	got := map[string]outcome{}
	counts := map[string]int{}
	for i, it := range items {
		got[it.Name] = results[i]
		counts[results[i].status]++
	}
	t.Logf("PySpark docstrings: %d pass, %d differ, %d error, %d timeout of %d",
		counts["pass"], counts["differs"], counts["error"], counts["timeout"], len(items))

	recorded, err := readStatus(statusFile)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		for n, o := range got {
			recorded[n] = o
		}
		if err := writeStatus(statusFile, recorded); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, it := range items {
		o, want := got[it.Name], recorded[it.Name]
		switch {
		case want.status == "":
			t.Errorf("%s: %s, not in %s (run with -update to record it)", it.Name, o.status, statusFile)
		case o.status != want.status && o.status == "pass":
			t.Errorf("%s: passes now, recorded as %s: run with -update to record the improvement", it.Name, want.status)
		case o.status != want.status:
			t.Errorf("%s: %s, recorded as %s: %s", it.Name, o.status, want.status, o.note)
		}
	}
}

// extract runs extract.py with python.
func extract(t *testing.T, python string) []docItem {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "extract.py")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("extract.py with %s: %v\n%s", python, err, stderr.String())
	}
	var doc struct {
		PySpark string    `json:"pyspark"`
		Items   []docItem `json:"items"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("extract.py's output: %v", err)
	}
	if doc.PySpark != export.PySparkVersion {
		t.Fatalf("extract.py read PySpark %s; kafkalab follows %s", doc.PySpark, export.PySparkVersion)
	}
	return doc.Items
}

// runItem runs one docstring's script in a fresh interpreter and compares each example.
func runItem(t *testing.T, it docItem) outcome {
	dir := t.TempDir()
	var out bytes.Buffer
	w := &lockedWriter{w: &out}
	in, err := pyspark.NewInterpreter(pyspark.Config{WorkDir: dir, Stdout: w, Stderr: w, ScriptPath: "doc.py"})
	if err != nil {
		return outcome{"error", "interpreter: " + err.Error()}
	}
	defer in.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	runErr := in.Exec(ctx, "doc.py", it.Script)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return outcome{"timeout", "ran for more than 2 minutes"}
	}
	sections := splitSections(out.String())
	_, finished := sections["end"]
	for i, ex := range it.Examples {
		got, ok := sections[strconv.Itoa(i)]
		if !ok {
			return outcome{"error", fmt.Sprintf("example %d did not run: %s", i, firstLine(errText(runErr)))}
		}
		if _, next := sections[strconv.Itoa(i+1)]; !next && !finished && runErr != nil {
			// The script stopped in this example: it raised.
			return outcome{"error", fmt.Sprintf("example %d: %s", i, firstLine(errText(runErr)))}
		}
		raised := strings.HasPrefix(got, "@@raised ")
		switch {
		case ex.Raises && !raised:
			return outcome{"error", fmt.Sprintf("example %d raises on Spark, not in kafkalab", i)}
		case ex.Raises:
		case raised:
			return outcome{"error", fmt.Sprintf("example %d: %s", i, firstLine(got))}
		case !outputMatches(ex.Want, got):
			return outcome{"differs", fmt.Sprintf("example %d: want %q, got %q", i, clip(ex.Want), clip(got))}
		}
	}
	if runErr != nil {
		return outcome{"error", firstLine(errText(runErr))}
	}
	return outcome{"pass", ""}
}

// splitSections cuts a script's output at its marker lines ("@@example 3").
func splitSections(s string) map[string]string {
	out := map[string]string{}
	key := ""
	var b strings.Builder
	flush := func() {
		if key != "" {
			out[key] = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(s, "\n") {
		if rest, ok := strings.CutPrefix(line, "@@example "); ok {
			flush()
			key = strings.TrimSpace(rest)
			continue
		}
		b.WriteString(line)
	}
	flush()
	return out
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func errText(err error) string {
	if err == nil {
		return "no output"
	}
	// A Python traceback names the exception on its last line that says Error or Exception
	// (a ParseException's SQL excerpt comes after it).
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], "Error") || strings.Contains(lines[i], "Exception") {
			return lines[i]
		}
	}
	return lines[len(lines)-1]
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return clip(s)
}

func clip(s string) string {
	if len(s) > 160 {
		return s[:160] + "..."
	}
	return s
}

// readStatus reads "name<TAB>status<TAB>note" lines; a missing file is empty.
func readStatus(path string) (map[string]outcome, error) {
	out := map[string]outcome{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) < 2 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		o := outcome{status: parts[1]}
		if len(parts) == 3 {
			o.note = parts[2]
		}
		out[parts[0]] = o
	}
	return out, sc.Err()
}

func writeStatus(path string, st map[string]outcome) error {
	names := make([]string, 0, len(st))
	for n := range st {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# Outcome of each PySpark 4.2 docstring's examples in kafkalab (TestPySparkDocstrings; -update rewrites).\n")
	for _, n := range names {
		note := strings.NewReplacer("\t", " ", "\n", " ").Replace(st[n].note)
		fmt.Fprintf(&b, "%s\t%s\t%s\n", n, st[n].status, note)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
