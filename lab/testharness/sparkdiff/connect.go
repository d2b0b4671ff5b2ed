package sparkdiff

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lab/connect"
	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

// RunLessonConnect compares one lesson run through Spark Connect (each `python x.py` in
// real CPython with pyspark-client against lab/connect's server) with the same lesson on
// kafkalab's embedded path, which the real-Spark tier holds to Spark's output. In the
// reports, the Spark Connect run takes real Spark's place ("real Spark", "- " lines).
func RunLessonConnect(ctx context.Context, cfg Config, lesson *lessons.Lesson) ([]StepReport, error) {
	plan, err := export.NewPlan(cfg.Course, lesson)
	if err != nil {
		return nil, err
	}
	root := filepath.Join(cfg.Root, lesson.ID)
	if err := os.RemoveAll(root); err != nil {
		return nil, err
	}
	viaConnect, err := runConnect(ctx, cfg, plan, root)
	if err != nil {
		return nil, fmt.Errorf("%s through Spark Connect: %w", lesson.ID, err)
	}
	embedded, err := runKafkalab(ctx, cfg, plan, root)
	if err != nil {
		return nil, fmt.Errorf("%s with kafkalab: %w", lesson.ID, err)
	}
	return compareRuns(plan, viaConnect, embedded), nil
}

// connectEngine runs scripts through a Spark Connect server started on first use; a crash
// directive stops it, as a killed Spark driver loses its state.
type connectEngine struct {
	cfg Config
	ws  string
	srv *connect.Server
}

func (c *connectEngine) run(ctx context.Context, script string, args []string) (out string, failed bool, dur time.Duration, err error) {
	if c.srv == nil {
		var sink bytes.Buffer
		c.srv, err = connect.Start(ctx, connect.Options{Bootstrap: c.cfg.Bootstrap, WorkDir: c.ws, Stdout: &sink, Python: c.cfg.ConnectPython,
			Conf: courseServerConf})
		if err != nil {
			return "", false, 0, err
		}
	}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	// A script that hangs (a client that never exits) fails its step instead of the tier.
	ctx, cancel := context.WithTimeout(ctx, scriptTimeout)
	defer cancel()
	code, err := connect.RunPython(ctx, connect.Script{Python: c.cfg.ConnectPython, Path: script, Args: args, Dir: c.ws,
		Remote: c.srv.URL(), Stdout: &stdout, Stderr: &stderr, Fork: lessonFork})
	dur = time.Since(start)
	if err != nil {
		return "", false, dur, err
	}
	out = stdout.String()
	if ctx.Err() != nil {
		return "", false, dur, fmt.Errorf("python %s did not end within %v; it printed:\n%s%s", script, scriptTimeout, out, stderr.String())
	}
	if code != 0 {
		// A failed script's traceback ends with the exception: keep that line, as the real
		// Spark side keeps its error.
		out += "ERROR: " + lastNonEmptyLine(stderr.String()) + "\n"
	}
	return out, code != 0, dur, nil
}

const scriptTimeout = 3 * time.Minute

// lessonFork, when set (TestCourseThroughConnect sets it), runs the lessons' scripts as
// forks of one CPython that imported pyspark's Connect client once, instead of a new
// python per step; each is still a process of its own.
var lessonFork *connect.Forker

// courseServerConf makes the Connect server a local[4] Spark, the master the course's
// get_spark gives the embedded side. A client cannot set spark.master (the server's), and
// the default parallelism it gives decides how a file scan is split into tasks, so with
// another master the two sides would write different numbers of files.
var courseServerConf = map[string]string{"spark.master": "local[4]"}

func (c *connectEngine) kill() {
	if c.srv != nil {
		c.srv.Close()
		c.srv = nil
	}
}

func (c *connectEngine) close() { c.kill() }

// table reads back what Spark Connect wrote through the engine, as the embedded side does.
func (c *connectEngine) table(ctx context.Context, name string) (string, error) {
	return tableText(labTable(ctx, c.ws, name)), nil
}

func lastNonEmptyLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func runConnect(ctx context.Context, cfg Config, plan *export.Plan, root string) (*sideRun, error) {
	if cfg.ConnectPython == "" {
		return nil, fmt.Errorf("Config.ConnectPython is not set: a Python with pyspark-client %s runs the scripts", connect.PySparkClientVersion)
	}
	return runScriptSide(ctx, cfg, plan, root, "connect", func(ws string) scriptEngine {
		return &connectEngine{cfg: cfg, ws: ws}
	})
}

// CorpusThroughConnect runs corpus items as RunOnKafkalab does, but each script in real
// CPython with pyspark-client (r.Python, or a fork of r.Fork's pre-imported one) against a
// Spark Connect server of its own over kafkalab's engine: the same transcript, held to the
// same real-Spark golden.
func CorpusThroughConnect(r connect.Runner) func(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
	return func(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
		// A script through Connect starts CPython, and a Python worker per foreachBatch
		// query on the server: a script with several such queries (g71 runs nine) needs
		// more than the embedded path's minute on a loaded machine, which would make its
		// status depend on the load. It gets a lesson step's limit.
		limit := scriptTimeout
		if _, ok := connectHangs[it.Name]; ok {
			limit = connectHangLimit
		}
		return runCorpusItem(ctx, r, limit, root, bootstrap, it, token)
	}
}

// connectHangs are the corpus scripts that never end through Spark Connect, whichever
// server serves it, with the reason: each gets connectHangLimit instead of three minutes,
// and ends as a TimeoutError (differs), the outcome status-connect.txt records.
var connectHangs = map[string]string{
	"g37_listener": "spark.sparkContext (to drain the listener bus) is JVM_ATTRIBUTE_NOT_SUPPORTED in the Connect client; the script " +
		"fails with its listener still added, and Python's exit then waits forever for pyspark-client's listener thread (not a daemon), " +
		"which reads a listener stream that Spark's server too keeps open until the listener is removed",
	"lst01_listener_progress": "the same: spark.sparkContext after addListener",
	"lst02_observe_metrics":   "the same: spark.sparkContext after addListener",
}

// connectHangLimit bounds a script of connectHangs: it reaches its failing line in a few
// seconds.
const connectHangLimit = 30 * time.Second
