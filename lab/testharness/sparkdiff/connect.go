package sparkdiff

import (
	"bytes"
	"context"
	"fmt"
	"io"
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

// connectSide runs scripts through a Spark Connect server started on first use; a crash
// directive stops it, as a killed Spark driver loses its state.
type connectSide struct {
	cfg Config
	ws  string
	srv *connect.Server
}

func (c *connectSide) run(ctx context.Context, script string, args []string) (out string, failed bool, dur time.Duration, err error) {
	if c.srv == nil {
		var sink bytes.Buffer
		c.srv, err = connect.Start(ctx, connect.Options{Bootstrap: c.cfg.Bootstrap, WorkDir: c.ws, Stdout: &sink, Python: c.cfg.ConnectPython})
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
		Remote: c.srv.URL(), Stdout: &stdout, Stderr: &stderr})
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

func (c *connectSide) close() {
	if c.srv != nil {
		c.srv.Close()
		c.srv = nil
	}
}

func lastNonEmptyLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func runConnect(ctx context.Context, cfg Config, plan *export.Plan, root string) (*sideRun, error) {
	if cfg.ConnectPython == "" {
		return nil, fmt.Errorf("Config.ConnectPython is not set: a Python with pyspark-client %s runs the scripts", connect.PySparkClientVersion)
	}
	ws := filepath.Join(root, "connect", "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		return nil, err
	}
	if err := resetTopics(ctx, cfg.Bootstrap, plan.Topics); err != nil {
		return nil, err
	}
	side := &connectSide{cfg: cfg, ws: ws}
	defer side.close()
	run := &sideRun{name: "connect"}
	reads := tableReads{}
	for i, s := range plan.Steps {
		cfg.logf("connect  %s/%d %s", s.Lesson, s.Number, s.Title)
		for _, w := range s.Writes {
			if err := writeFile(ws, w.Name, w.Content); err != nil {
				return nil, err
			}
		}
		var st sideStep
		crashPending := s.Crash != nil
		runOne := func(c lessons.Command) (cmdResult, error) {
			r := cmdResult{line: c.Line}
			start := time.Now()
			var before checkpointState
			if crashPending && c.Kind == lessons.CommandPython {
				before = listCheckpoints(ws)
			}
			switch c.Kind {
			case lessons.CommandPython:
				out, failed, dur, err := side.run(ctx, c.Args[1], c.Args[2:])
				if err != nil {
					return r, err
				}
				r.out, r.failed, r.dur = out, failed, dur
				if before != nil {
					if cp, n, ok := crashBatch(before, listCheckpoints(ws), s.Crash); ok {
						crashPending = false
						side.close()
						applyCrash(ws, cp, n, s.Crash.Point)
						r.crashed, r.failed = true, true
					}
				}
			case lessons.CommandSleep:
				// A settling sleep ends once its group has settled, as on the other sides.
				var err error
				if s.Settle != nil {
					err = awaitSettled(ctx, cfg.Bootstrap, s.Settle, c.Sleep())
				} else {
					err = runTool(ctx, ws, cfg.Bootstrap, c, io.Discard)
				}
				r.failed, r.dur = err != nil, time.Since(start)
			default:
				var buf bytes.Buffer
				r.failed = runTool(ctx, ws, cfg.Bootstrap, c, &buf) != nil
				r.out, r.dur = buf.String(), time.Since(start)
			}
			return r, nil
		}
		// Background tools and wait run in groups, as the embedded and real-Spark sides
		// run them, so the three sides compare step by step.
		for _, seg := range segments(s.Commands) {
			var r cmdResult
			var err error
			if len(seg) == 1 && !seg[0].Background {
				r, err = runOne(seg[0])
			} else {
				r, err = runGroup(ctx, ws, cfg.Bootstrap, seg, runOne)
			}
			if err != nil {
				return nil, err
			}
			st.cmds = append(st.cmds, r)
		}
		snap, err := snapshot(ws, filepath.Join(root, "connect", "snap", fmt.Sprint(i)))
		if err != nil {
			return nil, err
		}
		st.snap, st.ws = snap, ws
		// The tables Spark Connect wrote are read back by the engine, as the embedded side's.
		st.tables, _ = reads.readAll(ws, func(t string) (string, error) {
			return tableText(labTable(ctx, ws, t)), nil
		})
		run.steps = append(run.steps, st)
	}
	return run, nil
}

// CorpusThroughConnect runs corpus items as RunOnKafkalab does, but each script in real
// CPython with pyspark-client (python) against a Spark Connect server of its own over
// kafkalab's engine: the same transcript, held to the same real-Spark golden.
func CorpusThroughConnect(python string) func(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
	return func(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
		return runCorpusItem(ctx, connect.Runner{Python: python}, root, bootstrap, it, token)
	}
}
