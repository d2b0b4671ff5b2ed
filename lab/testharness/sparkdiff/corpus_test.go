package sparkdiff

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
)

var updateManifest = flag.Bool("update", false, "rewrite the corpus status manifests (testdata/*/status.txt) from this run")

// corpusSet is one of the two corpora: its items, goldens and manifest.
type corpusSet struct {
	label    string // "corpus" or "functions", as the summary line says
	items    []CorpusItem
	golden   string // folder of <name>.txt goldens
	manifest string
	// run runs one item (RunOnKafkalab when nil); engine names it in the messages.
	run    func(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error)
	engine string
	// limit bounds the whole run (20 minutes when 0).
	limit time.Duration
	// only, when set, narrows the run to these items; -update then rewrites only their
	// lines and keeps the manifest's others.
	only map[string]bool
	// unstable names items whose outcome may come out either way on this engine for a
	// reason outside kafkalab (the reason is the value): a status other than the
	// manifest's is logged, not failed.
	unstable map[string]string
	// parallel, when above 1, runs that many items at once before judging them in order
	// (each has its own folder, topics and, through Connect, its own server and process).
	parallel int
}

// onlyNames reads a comma list of corpus item names (nil when empty).
func onlyNames(list string) map[string]bool {
	var only map[string]bool
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			if only == nil {
				only = map[string]bool{}
			}
			only[n] = true
		}
	}
	return only
}

func loadScriptsSet(t *testing.T) corpusSet {
	t.Helper()
	scripts, err := LoadCorpus("testdata/corpus/scripts")
	if err != nil {
		t.Fatal(err)
	}
	return corpusSet{label: "corpus", items: ScriptItems(scripts), golden: "testdata/corpus/golden", manifest: "testdata/corpus/status.txt"}
}

func loadFunctionsSet(t *testing.T) corpusSet {
	t.Helper()
	specs, err := LoadFunctionCases("testdata/functions/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	return corpusSet{label: "functions", items: FunctionItems(specs), golden: "testdata/functions/golden", manifest: "testdata/functions/status.txt"}
}

// TestCorpus runs every corpus script on kafkalab (embedded broker, no JVM) and holds each
// outcome against real Spark's golden and the committed manifest. -update rewrites the
// manifest; -v prints the summary and what kafkalab refuses most.
func TestCorpus(t *testing.T) {
	set := loadScriptsSet(t)
	runAgainstManifest(t, set, embeddedBootstrap(t))
}

// TestFunctionsCorpus does the same for the generated pyspark.sql.functions scripts.
func TestFunctionsCorpus(t *testing.T) {
	set := loadFunctionsSet(t)
	runAgainstManifest(t, set, embeddedBootstrap(t))
}

func embeddedBootstrap(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("the corpus runs every script: not in -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(context.Background()) })
	return b.Bootstrap()[0]
}

// runAgainstManifest runs a set on kafkalab and compares each outcome with the manifest.
func runAgainstManifest(t *testing.T, set corpusSet, bootstrap string) {
	limit := set.limit
	if limit == 0 {
		limit = 20 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	manifest, err := ReadManifest(set.manifest)
	if err != nil && !(*updateManifest && os.IsNotExist(err)) {
		t.Fatalf("%v (go test -run %s ./lab/testharness/sparkdiff -update writes it)", err, t.Name())
	}
	// KAFKALAB_CORPUS_PICK=name,... runs only those items on kafkalab (a quick check while
	// working on them), unless the test narrowed the set itself; -update then rewrites only
	// their lines and keeps the manifest's others. A pick may name items of either corpus
	// (both run in one go test), so only a test's own narrowing must name its set's items.
	picked := false
	if set.only == nil {
		set.only = onlyNames(os.Getenv("KAFKALAB_CORPUS_PICK"))
		picked = set.only != nil
	}
	root := t.TempDir()
	runItem := set.run
	if runItem == nil {
		runItem = RunOnKafkalab
	}
	var outs []Outcome
	ran := map[string]bool{}
	var todo []CorpusItem
	goldens := map[string]string{}
	for _, it := range set.items {
		if set.only != nil && !set.only[it.Name] {
			continue
		}
		ran[it.Name] = true
		golden, err := os.ReadFile(filepath.Join(set.golden, it.Name+".txt"))
		if err != nil {
			t.Errorf("%s: no golden from real Spark (make test-spark with KAFKALAB_CORPUS_UPDATE=1 writes it): %v", it.Name, err)
			continue
		}
		goldens[it.Name] = string(golden)
		todo = append(todo, it)
	}
	results := runItems(ctx, todo, max(set.parallel, 1), func(it CorpusItem) itemResult {
		token := newToken(it.Topics)
		run, err := runItem(ctx, root, bootstrap, it, token)
		return itemResult{run: run, token: token, err: err}
	})
	for i, it := range todo {
		r := results[i]
		if r.err != nil {
			t.Fatalf("%s: %v", it.Name, r.err)
		}
		run, token := r.run, r.token
		o := judge(it.Name, goldens[it.Name], run, token)
		outs = append(outs, o)
		if dir := os.Getenv("KAFKALAB_CORPUS_DIFFS"); dir != "" && o.Status != StatusPass {
			writeDiff(t, dir, o, run)
		}
		os.RemoveAll(run.ws)
		want, listed := manifest[it.Name]
		switch {
		case *updateManifest:
		case !listed:
			t.Errorf("%s: %s (%s), and %s has no line for it: go test -run %s ./lab/testharness/sparkdiff -update", it.Name, o.Status, o.Reason, set.manifest, t.Name())
		case want.Status != o.Status && set.unstable[it.Name] != "":
			t.Logf("%s: %s this time, the manifest says %s: known to vary (%s)", it.Name, o.Status, want.Status, set.unstable[it.Name])
		case want.Status != o.Status:
			t.Errorf("%s: the manifest says %s (%s), kafkalab now %s: %s\n%s\nan improvement is recorded with go test -run %s ./lab/testharness/sparkdiff -update",
				it.Name, want.Status, want.Reason, o.Status, o.Reason, clipLines(o.Diff, 40), t.Name())
		}
	}
	for n := range set.only {
		if !ran[n] && !picked {
			t.Errorf("%s is not a %s item", n, set.label)
		}
	}
	if !*updateManifest && set.only == nil {
		names := map[string]bool{}
		for _, it := range set.items {
			names[it.Name] = true
		}
		for n := range manifest {
			if !names[n] {
				t.Errorf("%s lists %s, which is not in the corpus any more: -update", set.manifest, n)
			}
		}
	}
	summary := fmt.Sprintf("%s: %s", set.label, Summary(outs))
	if set.only != nil {
		t.Logf("narrowed to %d items: %s", len(outs), summary)
		// The manifest's header counts every item: the lines of the items not run stay.
		for n, o := range manifest {
			if !ran[n] {
				outs = append(outs, o)
			}
		}
		summary = fmt.Sprintf("%s: %s", set.label, Summary(outs))
	}
	t.Log(summary)
	if r := RefusalRanking(outs); len(r) > 0 {
		t.Logf("%s: kafkalab refuses, most needed first: %s", set.label, strings.Join(r[:min(len(r), 25)], ", "))
	}
	fmt.Println(summary)
	if *updateManifest {
		eng := set.engine
		if eng == "" {
			eng = "kafkalab"
		}
		header := fmt.Sprintf("Status of each %s item on %s against real Spark's golden: pass, differs or refused.\n"+
			"Written by: go test -run %s ./lab/testharness/sparkdiff -update. %s", set.label, eng, t.Name(), summary)
		if err := WriteManifest(set.manifest, header, outs); err != nil {
			t.Fatal(err)
		}
	}
}

type itemResult struct {
	run   scriptRun
	token string
	err   error
}

// runItems runs each item with run, n at a time, and returns the results in items' order.
// With n == 1 it runs them one after another, as before the Connect tier ran two at once.
func runItems(ctx context.Context, items []CorpusItem, n int, run func(CorpusItem) itemResult) []itemResult {
	results := make([]itemResult, len(items))
	next := make(chan int)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = run(items[i])
			}
		}()
	}
	for i := range items {
		if ctx.Err() != nil {
			results[i] = itemResult{err: ctx.Err()}
			continue
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// writeDiff saves an item's difference from its golden (and kafkalab's error) as
// DIR/NAME.diff, for reading many at once: KAFKALAB_CORPUS_DIFFS=DIR.
func writeDiff(t *testing.T, dir string, o Outcome, run scriptRun) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	text := o.Status + ": " + o.Reason + "\n" + o.Diff
	if run.errText != "" {
		text += "\n== kafkalab error\n" + run.errText + "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, o.Name+".diff"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func clipLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}

// TestCorpusAgainstRealSpark is the corpus's part of the test-spark tier: it runs both
// corpora on real Spark, all in ONE shared session, and fails when a normalised transcript
// differs from its committed golden (KAFKALAB_CORPUS_UPDATE=1 rewrites the goldens
// instead); then it runs them on kafkalab against the same Apache Kafka and holds the
// outcomes against the manifests, as TestCorpus does on the embedded broker.
// KAFKALAB_CORPUS_ONLY (a comma list of names) narrows the real-Spark run.
func TestCorpusAgainstRealSpark(t *testing.T) {
	cfg := realSpark(t)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Minute)
	defer cancel()
	sets := []corpusSet{loadScriptsSet(t), loadFunctionsSet(t)}
	only := map[string]bool{}
	for _, n := range strings.Split(os.Getenv("KAFKALAB_CORPUS_ONLY"), ",") {
		if n = strings.TrimSpace(n); n != "" {
			only[n] = true
		}
	}
	update := os.Getenv("KAFKALAB_CORPUS_UPDATE") == "1"
	full := os.Getenv("KAFKALAB_CORPUS_FULL") == "1"
	root := filepath.Join(cfg.Root, "corpus")
	verifier, err := newCorpusVerifier(filepath.Join(filepath.Dir(cfg.Driver), "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	// The driver (a JVM) starts with the first item that needs Spark.
	var drv *corpusDriver
	defer func() {
		if drv != nil {
			drv.close()
		}
	}()
	ran, confirmed := 0, 0
	for _, set := range sets {
		if err := os.MkdirAll(set.golden, 0o755); err != nil {
			t.Fatal(err)
		}
		verifiedPath := filepath.Join(filepath.Dir(set.golden), "spark-verified.txt")
		verified, err := readVerified(verifiedPath)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range set.items {
			if len(only) > 0 && !only[it.Name] && !only[set.label] {
				continue
			}
			path := filepath.Join(set.golden, it.Name+".txt")
			old, _ := os.ReadFile(path)
			if len(only) == 0 && !full && !update && verified[it.Name] == verifier.hash(it, old) {
				confirmed++
				continue
			}
			if drv == nil {
				if drv, err = startCorpusDriver(ctx, cfg, filepath.Join(root, "spark")); err != nil {
					t.Fatal(err)
				}
			}
			ran++
			token := newToken(it.Topics)
			t0 := time.Now()
			run, err := drv.RunOnSpark(ctx, filepath.Join(root, "spark"), cfg.Bootstrap, it, token)
			if err != nil {
				t.Fatalf("%s on real Spark: %v", it.Name, err)
			}
			got := transcript(run, token)
			t.Logf("spark    %-40s %5.1fs", it.Name, time.Since(t0).Seconds())
			switch {
			case string(old) == got:
				verified[it.Name] = verifier.hash(it, old)
			case update:
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				verified[it.Name] = verifier.hash(it, []byte(got))
			default:
				delete(verified, it.Name)
				t.Errorf("%s: real Spark no longer prints its golden %s (KAFKALAB_CORPUS_UPDATE=1 rewrites it):\n%s", it.Name, path, clipLines(diffText(string(old), got), 60))
			}
		}
		// Items no longer in the set are dropped from the file.
		names := map[string]bool{}
		for _, it := range set.items {
			names[it.Name] = true
		}
		for n := range verified {
			if !names[n] {
				delete(verified, n)
			}
		}
		if err := writeVerified(verifiedPath, verified); err != nil {
			t.Fatal(err)
		}
	}
	cpu := "?"
	if drv != nil {
		if a, err := drv.ask(map[string]any{"op": "cpu"}); err == nil && a.OK {
			cpu = a.Show
		}
		drv.close()
		drv = nil
	}
	t.Logf("real Spark ran %d corpus items in %.0fs (%s CPU-seconds of its processes); %d more are as Spark last confirmed them (spark-verified.txt; KAFKALAB_CORPUS_FULL=1 runs them too)",
		ran, time.Since(start).Seconds(), cpu, confirmed)
	if len(only) > 0 {
		return
	}
	for _, set := range sets {
		t.Run("kafkalab-"+set.label, func(t *testing.T) { runAgainstManifest(t, set, cfg.Bootstrap) })
	}
}
