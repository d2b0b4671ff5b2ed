// Package sparkdiff is the referee between kafkalab and real Spark: it runs every step of a
// lesson twice against the same broker, on identical fresh topics and folders, once with
// PySpark on a JVM (scripts/spark/driver.py) and once with kafkalab's lab runner, and
// compares what each step printed and left on disk: checkpoint files, Delta logs, file
// names, and the tables read back.
package sparkdiff

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lab/kafkatools"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// Config says where real Spark and the broker are.
type Config struct {
	Python    string // a python with pyspark and delta-spark (scripts/spark/install.sh)
	Driver    string // scripts/spark/driver.py
	JarsDir   string // the connector and Delta jars; "" = let Spark resolve spark.jars.packages
	Bootstrap string // the broker both sides use, host:port
	Root      string // work folder: workspaces and per-step snapshots of both sides
	Course    []*lessons.Lesson
	// ConnectPython is a python with pyspark-client, for RunLessonConnect.
	ConnectPython string
	// Log receives progress lines (nil = none).
	Log io.Writer
	// shared, when set, is the one real-Spark driver every lesson of the run uses.
	shared *sharedSpark
	// cache, when set, keeps real Spark's side of each lesson (sparkcache.go).
	cache *sparkCache
}

// Command is one command of a step, with what it printed and how long it took on each side.
type Command struct {
	Line               string
	Spark, Lab         time.Duration
	SparkOut, LabOut   string
	SparkFail, LabFail bool
}

// StepReport is one step of a lesson compared.
type StepReport struct {
	Lesson   string
	Step     int
	Title    string
	Commands []Command
	// Diffs are the differences found, each a readable paragraph; none = the step agrees.
	Diffs []string
	// Known are the known differences seen at this step (see knownDiffs): notes, no failure.
	Known []string
}

// side is one run of a plan: its workspace root and the snapshots taken after each step.
type sideRun struct {
	name   string
	steps  []sideStep
	snapAt string
}

type sideStep struct {
	cmds   []cmdResult
	snap   string            // copy of the workspace after the step
	ws     string            // the workspace itself (paths in output are normalised from it)
	tables map[string]string // table name -> show() text (or "error: ...")
}

type cmdResult struct {
	line    string
	out     string
	failed  bool
	crashed bool // killed by the step's crash directive: output not compared
	dur     time.Duration
}

// RunLesson compares one lesson (with the lessons it continues) step by step.
func RunLesson(ctx context.Context, cfg Config, lesson *lessons.Lesson) ([]StepReport, error) {
	plan, err := export.NewPlan(cfg.Course, lesson)
	if err != nil {
		return nil, err
	}
	root := filepath.Join(cfg.Root, lesson.ID)
	if err := os.RemoveAll(root); err != nil {
		return nil, err
	}
	if err := deleteGroups(ctx, cfg.Bootstrap, plan.Groups); err != nil {
		return nil, err
	}
	groups, err := listGroups(ctx, cfg.Bootstrap)
	if err != nil {
		return nil, err
	}
	spark, err := sparkSide(ctx, cfg, plan, lesson.ID, root)
	if err != nil {
		return nil, fmt.Errorf("%s with real Spark: %w", lesson.ID, err)
	}
	// The consumer groups the Spark pass made would still be there for kafkalab's pass (a
	// group outlives its topic): remove them, as the pass's topics are.
	if err := deleteGroupsSince(ctx, cfg.Bootstrap, groups); err != nil {
		return nil, err
	}
	kl, err := runKafkalab(ctx, cfg, plan, root)
	if err != nil {
		return nil, fmt.Errorf("%s with kafkalab: %w", lesson.ID, err)
	}
	return compareRuns(plan, spark, kl), nil
}

func (c Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// listGroups returns the consumer groups the broker knows.
func listGroups(ctx context.Context, bootstrap string) (map[string]bool, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	listed, err := kadm.NewClient(cl).ListGroups(ctx)
	if err != nil {
		return nil, fmt.Errorf("list consumer groups: %w", err)
	}
	out := map[string]bool{}
	for _, g := range listed.Groups() {
		out[g] = true
	}
	return out, nil
}

// deleteGroupsSince deletes the consumer groups that are not in before.
func deleteGroupsSince(ctx context.Context, bootstrap string, before map[string]bool) error {
	now, err := listGroups(ctx, bootstrap)
	if err != nil {
		return err
	}
	var added []string
	for g := range now {
		if !before[g] {
			added = append(added, g)
		}
	}
	return deleteGroups(ctx, bootstrap, added)
}

// awaitSettled is a settling sleep on the real-Spark side, as the lab runs it.
func awaitSettled(ctx context.Context, bootstrap string, st *lessons.Settle, max time.Duration) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return err
	}
	defer cl.Close()
	return lab.AwaitSettled(ctx, kadm.NewClient(cl), st, max)
}

// deleteGroups deletes consumer groups as the lab does when a lesson starts.
func deleteGroups(ctx context.Context, bootstrap string, groups []string) error {
	if len(groups) == 0 {
		return nil
	}
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return err
	}
	defer cl.Close()
	return lab.DeleteGroups(ctx, kadm.NewClient(cl), groups)
}

// resetTopics deletes topics and waits until the broker no longer lists them.
func resetTopics(ctx context.Context, bootstrap string, topics []string) error {
	if len(topics) == 0 {
		return nil
	}
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	resp, err := adm.DeleteTopics(ctx, topics...)
	if err != nil {
		return fmt.Errorf("delete topics %v: %w", topics, err)
	}
	for _, r := range resp {
		if r.Err != nil && !errors.Is(r.Err, kerr.UnknownTopicOrPartition) {
			return fmt.Errorf("delete topic %s: %w", r.Topic, r.Err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		md, err := adm.ListTopics(ctx, topics...)
		if err != nil {
			return err
		}
		left := 0
		for _, t := range md {
			if t.Err == nil {
				left++
			}
		}
		if left == 0 {
			// Real Kafka may still be removing the old partitions: a topic created again at
			// once can be missing from a describe for a moment.
			time.Sleep(2 * time.Second)
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("topics %v still exist 30s after deleting them", topics)
}

// sparkSide is real Spark's side of the plan: kept in the cache for the same inputs, or run
// (and then kept).
func sparkSide(ctx context.Context, cfg Config, plan *export.Plan, lesson, root string) (*sideRun, error) {
	if cfg.cache == nil {
		return runSpark(ctx, cfg, plan, root)
	}
	key, err := cfg.cache.key(plan)
	if err != nil {
		return nil, err
	}
	if run, ok, err := cfg.cache.load(lesson, key, root); err != nil || ok {
		return run, err
	}
	run, err := runSpark(ctx, cfg, plan, root)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return run, nil // out of time: whatever the side holds, it is not kept
	}
	if err := cfg.cache.store(lesson, key, run); err != nil {
		return nil, err
	}
	return run, nil
}

func runSpark(ctx context.Context, cfg Config, plan *export.Plan, root string) (*sideRun, error) {
	return runScriptSide(ctx, cfg, plan, root, "spark", func(ws string) scriptEngine {
		return &sparkEngine{cfg: cfg, ws: ws, logDir: filepath.Join(root, "spark")}
	})
}

// sparkEngine runs scripts in real Spark: the tier's shared driver when there is one
// (Config.shared), else one driver (one JVM) started on first use and kept for the lesson.
type sparkEngine struct {
	cfg        Config
	ws, logDir string
	drv        *sparkDriver
}

func (e *sparkEngine) driver(ctx context.Context) (*sparkDriver, error) {
	if e.cfg.shared != nil {
		return e.cfg.shared.driver()
	}
	if e.drv == nil {
		drv, err := startDriver(ctx, e.cfg, e.ws, e.logDir)
		if err != nil {
			return nil, err
		}
		e.drv = drv
	}
	return e.drv, nil
}

func (e *sparkEngine) run(ctx context.Context, script string, args []string) (string, bool, time.Duration, error) {
	drv, err := e.driver(ctx)
	if err != nil {
		return "", false, 0, err
	}
	cwd := ""
	if e.cfg.shared != nil {
		cwd = e.ws
		defer drv.guard(ctx)()
	}
	out, _, failed, errText, dur, err := drv.run(script, args, cwd)
	if err != nil {
		e.kill() // a driver that did not answer is gone; the next lesson starts another
		return "", false, dur, err
	}
	if failed {
		// A failed script prints its traceback on stderr; keep the error itself.
		out += "ERROR: " + errText + "\n"
	}
	return out, failed, dur, nil
}

func (e *sparkEngine) table(ctx context.Context, name string) (string, error) {
	drv, err := e.driver(ctx)
	if err != nil {
		return "", err
	}
	cwd := ""
	if e.cfg.shared != nil {
		cwd = e.ws
		defer drv.guard(ctx)()
	}
	text, err := drv.table(name, cwd)
	var failed *sparkError
	if err != nil && !errors.As(err, &failed) {
		// The driver itself failed (killed at the lesson's deadline, or gone): that is no
		// read-back to compare, and no side to keep.
		e.kill()
		return "", err
	}
	return tableText(text, err), nil
}

func (e *sparkEngine) kill() {
	if e.cfg.shared != nil {
		e.cfg.shared.restart()
		return
	}
	e.drv.close()
	e.drv = nil
}

// close ends the lesson: its own driver stops, a shared one stays for the next lesson.
func (e *sparkEngine) close() {
	if e.cfg.shared == nil {
		e.kill()
	}
}

func runKafkalab(ctx context.Context, cfg Config, plan *export.Plan, root string) (*sideRun, error) {
	// The Spark pass left the plan's topics (all lessons of the chain) on the broker.
	if err := resetTopics(ctx, cfg.Bootstrap, plan.Topics); err != nil {
		return nil, err
	}
	b, err := broker.ConnectExternal(ctx, []string{cfg.Bootstrap})
	if err != nil {
		return nil, err
	}
	defer b.Close(context.Background())
	lb, err := lab.New(b, lab.Options{Root: filepath.Join(root, "kafkalab", "ws"), Lessons: cfg.Course})
	if err != nil {
		return nil, err
	}
	defer lb.Close()
	run := &sideRun{name: "kafkalab"}
	reads := tableReads{}
	started := map[string]bool{}
	for i, s := range plan.Steps {
		cfg.logf("kafkalab %s/%d %s", s.Lesson, s.Number, s.Title)
		lesson, ok := lessons.Find(cfg.Course, s.Lesson)
		if !ok {
			return nil, fmt.Errorf("lesson %s is not in the course", s.Lesson)
		}
		if !started[s.Lesson] {
			started[s.Lesson] = true
			if err := lb.StartLesson(ctx, lesson); err != nil {
				return nil, err
			}
		}
		ws := lb.Workspace(s.Lesson)
		var files []lessons.File
		for _, w := range s.Writes {
			files = append(files, lessons.File{Name: w.Name, Content: w.Content})
		}
		var st sideStep
		if len(s.Commands) == 0 && len(files) > 0 {
			lb.RunStep(ctx, lesson, &lessons.Step{Number: s.Number, Title: s.Title, Files: files}, nil)
		}
		crash := s.Crash // the directive kills one query per step run, then is spent
		for j, seg := range segments(s.Commands) {
			src := make([]string, len(seg))
			for k, c := range seg {
				src[k] = c.Line
				if c.ExpectFail {
					src[k] = "! " + src[k]
				}
				if c.Background {
					src[k] += " &"
				}
				if c.HasStdin {
					src[k] += " <<EOF\n" + c.Stdin + "EOF"
				}
			}
			step := &lessons.Step{Number: s.Number, Title: s.Title, Run: &lessons.Code{Lang: "sh", Source: strings.Join(src, "\n"), Line: 1, Commands: seg},
				Crash: crash, Settle: s.Settle}
			if j == 0 {
				step.Files = files
			}
			res := lb.RunStep(ctx, lesson, step, nil)
			failed := res.Error != ""
			if len(seg) == 1 && seg[0].ExpectFail {
				failed = res.Error == ""
			}
			crashed := crash != nil && strings.Contains(res.Output, "Killed: ")
			if crashed {
				crash = nil
			}
			st.cmds = append(st.cmds, cmdResult{line: segmentLine(seg), out: res.Output, failed: failed, crashed: crashed, dur: res.Duration})
		}
		snap, err := snapshot(ws, filepath.Join(root, "kafkalab", "snap", fmt.Sprint(i)))
		if err != nil {
			return nil, err
		}
		st.snap, st.ws = snap, ws
		st.tables, _ = reads.readAll(ws, func(t string) (string, error) {
			return tableText(labTable(ctx, ws, t)), nil
		})
		run.steps = append(run.steps, st)
	}
	return run, nil
}

// labTable reads a table back through kafkalab's engine, as the lab's checks do.
func labTable(ctx context.Context, ws, name string) (string, error) {
	var out bytes.Buffer
	in, err := pyrun.InProcess{}.Open(pyrun.Config{WorkDir: ws, Stdout: &out, Stderr: &out})
	if err != nil {
		return "", err
	}
	defer in.Close()
	src := "from pyspark.sql import SparkSession\n" +
		"spark = SparkSession.builder.config(\"spark.sql.session.timeZone\", \"UTC\").getOrCreate()\n" +
		fmt.Sprintf("t = spark.table(%q)\nt.orderBy(*t.columns).show(1000000, truncate=False)\n", name)
	if err := in.Exec(ctx, "readback.py", src); err != nil {
		return "", fmt.Errorf("%s", firstLine(out.String()+err.Error()))
	}
	return out.String(), nil
}

// tableReads remembers each table's read-back with the state of its Delta log, so a
// table no step has written since is not read again (a Spark job per table and step).
type tableReads map[string]struct{ log, text string }

// logState is the table's _delta_log listing: names, sizes and modification times of its
// files. A commit always adds a file and a table made again writes new ones, so the same
// listing means the same table.
func logState(ws, table string) string {
	entries, err := os.ReadDir(filepath.Join(ws, "spark-warehouse", table, "_delta_log"))
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, e := range entries {
		if info, err := e.Info(); err == nil && !e.IsDir() {
			fmt.Fprintf(&b, "%s %d %d\n", e.Name(), info.Size(), info.ModTime().UnixNano())
		}
	}
	return b.String()
}

// readAll reads back every table of the workspace with read (whose error ends the run),
// except those unchanged since the last call.
func (r tableReads) readAll(ws string, read func(table string) (string, error)) (map[string]string, error) {
	out := map[string]string{}
	for _, t := range tablesIn(ws) {
		if text, ok := r.unchanged(ws, t); ok {
			out[t] = text
			continue
		}
		text, err := read(t)
		if err != nil {
			return nil, err
		}
		out[t] = r.remember(ws, t, text)
	}
	return out, nil
}

// tableText is a read-back as compared: the table's show() text, or its error.
func tableText(text string, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return text
}

func (r tableReads) unchanged(ws, table string) (string, bool) {
	prev, ok := r[table]
	if !ok || prev.log == "" || prev.log != logState(ws, table) {
		return "", false
	}
	return prev.text, true
}

func (r tableReads) remember(ws, table, text string) string {
	r[table] = struct{ log, text string }{logState(ws, table), text}
	return text
}

// tablesIn lists the managed Delta tables of a workspace.
func tablesIn(ws string) []string {
	dirs, _ := filepath.Glob(filepath.Join(ws, "spark-warehouse", "*", "_delta_log"))
	var out []string
	for _, d := range dirs {
		out = append(out, filepath.Base(filepath.Dir(d)))
	}
	sort.Strings(out)
	return out
}

// runTool runs a Kafka tool, cat or ls in ws, as the lab does for kafkalab's side.
func runTool(ctx context.Context, ws, bootstrap string, c lessons.Command, out io.Writer) error {
	name, args := c.Args[0], append([]string(nil), c.Args[1:]...)
	switch c.Kind {
	case lessons.CommandCat:
		for _, a := range args {
			data, err := os.ReadFile(filepath.Join(ws, a))
			if err != nil {
				fmt.Fprintf(out, "cat: %s: No such file or directory\n", a)
				return err
			}
			out.Write(data)
			if len(data) > 0 && data[len(data)-1] != '\n' {
				fmt.Fprintln(out)
			}
		}
		return nil
	case lessons.CommandLs:
		if len(args) == 0 {
			args = []string{"."}
		}
		for _, a := range args {
			entries, err := os.ReadDir(filepath.Join(ws, a))
			if err != nil {
				fmt.Fprintf(out, "ls: cannot access '%s': No such file or directory\n", a)
				return err
			}
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), ".") {
					fmt.Fprintln(out, e.Name())
				}
			}
		}
		return nil
	case lessons.CommandWait: // nothing runs in the background outside a group (see segments)
		return nil
	case lessons.CommandSleep:
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.Sleep()):
			return nil
		}
	case lessons.CommandRm:
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if err := os.RemoveAll(filepath.Join(ws, a)); err != nil {
				fmt.Fprintf(out, "rm: cannot remove '%s': %v\n", a, err)
				return err
			}
		}
		return nil
	}
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, lab.CourseAddress, bootstrap)
		if i > 0 && (strings.HasSuffix(args[i-1], "-file") || strings.HasSuffix(args[i-1], ".config")) && !filepath.IsAbs(a) {
			args[i] = filepath.Join(ws, a)
		}
	}
	stdin := io.Reader(strings.NewReader(""))
	if c.HasStdin {
		stdin = strings.NewReader(c.Stdin)
	}
	if code := kafkatools.Run(ctx, name, args, kafkatools.IO{Stdin: stdin, Stdout: out, Stderr: out}, []string{bootstrap}); code != 0 {
		return fmt.Errorf("exit status %d", code)
	}
	return nil
}

// segments splits a step's commands into what the harness runs and compares as one: a
// single command, or, from a background command (" &") through the "wait" that waits for
// it (or the step's end), the whole group, whose output depends on all of its commands.
func segments(cmds []lessons.Command) [][]lessons.Command {
	var out [][]lessons.Command
	for i := 0; i < len(cmds); i++ {
		if !cmds[i].Background {
			out = append(out, cmds[i:i+1])
			continue
		}
		j := i
		for j < len(cmds)-1 && cmds[j].Kind != lessons.CommandWait {
			j++
		}
		out = append(out, cmds[i:j+1])
		i = j
	}
	return out
}

func segmentLine(seg []lessons.Command) string {
	lines := make([]string, len(seg))
	for i, c := range seg {
		lines[i] = c.Line
		if c.Background {
			lines[i] += " &"
		}
	}
	return strings.Join(lines, "\n")
}

// runGroup runs a segment with background commands on the real-Spark side as the lab's
// shell does: background Kafka tools run alongside the next lines, and "wait" (or the
// segment's end) prints what each printed, in the order they finished.
func runGroup(ctx context.Context, ws, bootstrap string, seg []lessons.Command, runOne func(lessons.Command) (cmdResult, error)) (cmdResult, error) {
	r := cmdResult{line: segmentLine(seg)}
	start := time.Now()
	type finished struct {
		out    string
		failed bool
	}
	done := make(chan finished)
	running := 0
	var out bytes.Buffer
	waitAll := func() {
		for ; running > 0; running-- {
			f := <-done
			out.WriteString(f.out)
			r.failed = r.failed || f.failed
		}
	}
	defer waitAll()
	for _, c := range seg {
		switch {
		case c.Background:
			running++
			go func(c lessons.Command) {
				var buf bytes.Buffer
				err := runTool(ctx, ws, bootstrap, c, &buf)
				done <- finished{buf.String(), err != nil}
			}(c)
		case c.Kind == lessons.CommandWait:
			waitAll()
		default:
			one, err := runOne(c)
			if err != nil {
				return r, err
			}
			out.WriteString(one.out)
			r.failed = r.failed || one.failed != c.ExpectFail
		}
	}
	waitAll()
	r.out, r.dur = out.String(), time.Since(start)
	return r, nil
}

func writeFile(ws, name, content string) error {
	p := filepath.Join(ws, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(content), 0o644)
}

// snapshot copies what a step left in the workspace (not Spark's Derby metastore, which
// kafkalab does not have) so that later steps cannot change it before the comparison.
func snapshot(ws, dst string) (string, error) {
	err := filepath.Walk(ws, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(ws, p)
		if rel == "metastore_db" || rel == "derby.log" {
			if info.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return err
		}
		// Keep the modification time: it tells which files a crash would have prevented.
		return os.Chtimes(target, info.ModTime(), info.ModTime())
	})
	return dst, err
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
