package sparkdiff

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

// Real Spark's side of a lesson depends only on the lesson and on the code that runs it
// there (driver.py, the pinned Spark, Delta and Kafka, the harness's own Spark-side code and
// Kafka's tools), never on kafkalab's engine. On these 2 cores it is most of the tier's time
// (about 40 of the course's 42 minutes), so the tier keeps each lesson's Spark side, keyed by
// a hash of all those inputs, and runs Spark again only when one of them changes: a build
// cache, as Bazel keeps a test's result per input hash. kafkalab's side runs every time and is
// compared against the kept side as against a fresh one.
//
// A stale entry cannot hide a kafkalab bug: a change the key missed would make kafkalab's
// fresh side differ from Spark's old one, a failure, not a pass.

// sparkSideInputs are the files, relative to the repository, whose content is part of every
// key. Globs take the non-test Go files of a folder.
var sparkSideInputs = []string{
	"scripts/spark/driver.py",
	"scripts/spark/lib.sh",     // the pinned PySpark and delta-spark
	"scripts/spark/install.sh", // the connector and Delta jars
	"scripts/kafka/lib.sh",     // the pinned Apache Kafka broker
	"lab/testharness/sparkdiff/sparkdiff.go",
	"lab/testharness/sparkdiff/pythonside.go",
	"lab/testharness/sparkdiff/spark.go",
	"lab/testharness/sparkdiff/crash.go",
	"lab/testharness/sparkdiff/sparkcache.go",
	"lab/kafkatools/*.go",
	"lab/export/*.go",
}

// sparkCache keeps real Spark's side of lessons in dir, one folder per lesson and key.
type sparkCache struct {
	dir   string
	repo  string          // the repository root the inputs are read from
	fresh map[string]bool // lesson ids to run on Spark even when kept; "*" = all
	log   func(format string, args ...any)
	// kept and ran count the lessons whose Spark side came from the cache and from Spark.
	kept, ran int
}

// cachedRun is a kept side as it is written to disk: the workspace snapshots go beside it.
type cachedRun struct {
	Key      string
	Recorded time.Time
	Steps    []cachedStep
}

type cachedStep struct {
	WS       string // the workspace path the side ran in; outputs are normalised from it
	Commands []cachedCommand
	Tables   map[string]string
}

type cachedCommand struct {
	Line            string
	Out             string
	Failed, Crashed bool
	Seconds         float64
}

// sparkCacheFromEnv is the cache the tier configures: KAFKALAB_SPARKDIFF_CACHE names its
// folder (none = no cache) and KAFKALAB_SPARKDIFF_FRESH lists the lessons (ids or numbers,
// or "all") whose Spark side runs again anyway.
func sparkCacheFromEnv(cfg Config, course []*lessons.Lesson) (*sparkCache, error) {
	dir := os.Getenv("KAFKALAB_SPARKDIFF_CACHE")
	if dir == "" {
		return nil, nil
	}
	repo, err := filepath.Abs(filepath.Join(filepath.Dir(cfg.Driver), "..", ".."))
	if err != nil {
		return nil, err
	}
	c := &sparkCache{dir: dir, repo: repo, fresh: map[string]bool{}, log: cfg.logf}
	for _, n := range strings.Split(os.Getenv("KAFKALAB_SPARKDIFF_FRESH"), ",") {
		n = strings.TrimSpace(n)
		switch {
		case n == "":
		case n == "all":
			c.fresh["*"] = true
		default:
			// A name this course does not have may belong to another one (the scenarios).
			if l, ok := lessons.Find(course, n); ok {
				c.fresh[l.ID] = true
			}
		}
	}
	return c, nil
}

// key hashes everything the Spark side of plan depends on.
func (c *sparkCache) key(plan *export.Plan) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "kafkalab sparkdiff spark side v1\n")
	// The steps as they run: line numbers and prose may move without changing a thing.
	type stepInput struct {
		Lesson   string
		Number   int
		Writes   []export.Write
		Commands []lessons.Command
		Crash    *lessons.Crash
		Settle   *lessons.Settle
	}
	in := struct {
		Steps          []stepInput
		Topics, Groups []string
	}{Topics: plan.Topics, Groups: plan.Groups}
	for _, s := range plan.Steps {
		st := stepInput{Lesson: s.Lesson, Number: s.Number}
		for _, w := range s.Writes {
			w.Stored = ""
			st.Writes = append(st.Writes, w)
		}
		for _, cmd := range s.Commands {
			cmd.LessonLine = 0
			st.Commands = append(st.Commands, cmd)
		}
		if s.Crash != nil {
			cr := *s.Crash
			cr.Line = 0
			st.Crash = &cr
		}
		if s.Settle != nil {
			se := *s.Settle
			se.Line = 0
			st.Settle = &se
		}
		in.Steps = append(in.Steps, st)
	}
	b, err := json.Marshal(in)
	if err != nil {
		return "", err
	}
	h.Write(b)
	for _, pattern := range sparkSideInputs {
		files, err := filepath.Glob(filepath.Join(c.repo, pattern))
		if err != nil {
			return "", err
		}
		if len(files) == 0 {
			return "", fmt.Errorf("spark side cache: no file matches %s under %s", pattern, c.repo)
		}
		sort.Strings(files)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				return "", fmt.Errorf("spark side cache: %w", err)
			}
			rel, _ := filepath.Rel(c.repo, f)
			fmt.Fprintf(h, "%s %d\n", rel, len(data))
			h.Write(data)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

func (c *sparkCache) entry(lesson, key string) string {
	return filepath.Join(c.dir, lesson+"-"+key)
}

// load returns the kept side of lesson for key, its snapshots copied under root/spark/snap
// as a fresh run leaves them; ok is false when there is none (or the lesson is to run fresh).
func (c *sparkCache) load(lesson, key, root string) (run *sideRun, ok bool, err error) {
	if c.fresh["*"] || c.fresh[lesson] {
		return nil, false, nil
	}
	dir := c.entry(lesson, key)
	data, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("spark side cache: %w", err)
	}
	var kept cachedRun
	if err := json.Unmarshal(data, &kept); err != nil || kept.Key != key {
		// A torn or foreign entry: run Spark again, which writes it anew.
		c.log("spark    %s: the kept Spark side in %s is unreadable; running Spark again", lesson, dir)
		return nil, false, nil
	}
	run = &sideRun{name: "spark"}
	for i, ks := range kept.Steps {
		snap := filepath.Join(root, "spark", "snap", fmt.Sprint(i))
		if err := copyTree(filepath.Join(dir, "snap", fmt.Sprint(i)), snap); err != nil {
			return nil, false, fmt.Errorf("spark side cache: %w", err)
		}
		st := sideStep{snap: snap, ws: ks.WS, tables: ks.Tables}
		for _, kc := range ks.Commands {
			st.cmds = append(st.cmds, cmdResult{line: kc.Line, out: kc.Out, failed: kc.Failed, crashed: kc.Crashed,
				dur: time.Duration(kc.Seconds * float64(time.Second))})
		}
		run.steps = append(run.steps, st)
	}
	c.kept++
	c.log("spark    %s: real Spark's side as recorded %s (cache %s)", lesson, kept.Recorded.Format(time.RFC3339), filepath.Base(dir))
	return run, true, nil
}

// store keeps run as lesson's side for key, replacing the lesson's older entries. It writes
// into a temporary folder and renames it, so a reader never sees half an entry.
func (c *sparkCache) store(lesson, key string, run *sideRun) error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return fmt.Errorf("spark side cache: %w", err)
	}
	tmp, err := os.MkdirTemp(c.dir, ".new-"+lesson+"-")
	if err != nil {
		return fmt.Errorf("spark side cache: %w", err)
	}
	defer os.RemoveAll(tmp)
	c.ran++
	kept := cachedRun{Key: key, Recorded: time.Now().UTC()}
	for i, st := range run.steps {
		if err := copyTree(st.snap, filepath.Join(tmp, "snap", fmt.Sprint(i))); err != nil {
			return fmt.Errorf("spark side cache: %w", err)
		}
		ks := cachedStep{WS: st.ws, Tables: st.tables}
		for _, r := range st.cmds {
			ks.Commands = append(ks.Commands, cachedCommand{Line: r.line, Out: r.out, Failed: r.failed, Crashed: r.crashed, Seconds: r.dur.Seconds()})
		}
		kept.Steps = append(kept.Steps, ks)
	}
	data, err := json.MarshalIndent(kept, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "run.json"), data, 0o644); err != nil {
		return fmt.Errorf("spark side cache: %w", err)
	}
	old, _ := filepath.Glob(filepath.Join(c.dir, lesson+"-*"))
	for _, o := range old {
		if err := os.RemoveAll(o); err != nil {
			return fmt.Errorf("spark side cache: %w", err)
		}
	}
	if err := os.Rename(tmp, c.entry(lesson, key)); err != nil {
		return fmt.Errorf("spark side cache: %w", err)
	}
	return nil
}

// copyTree copies the regular files and folders of src into dst (made if missing).
func copyTree(src, dst string) error {
	return filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		switch {
		case info.IsDir():
			return os.MkdirAll(target, 0o755)
		case !info.Mode().IsRegular():
			return nil
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, info.Mode().Perm())
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
		// Snapshots are compared by content, but keep the times as the run left them.
		return os.Chtimes(target, info.ModTime(), info.ModTime())
	})
}
