package sparkdiff

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

// scriptEngine runs a lesson's `python` commands outside the lab: real Spark's driver, or
// real CPython through Spark Connect. Everything else a step does (files, Kafka's tools,
// sleeps, groups of background commands, crash directives, tables read back) is the same
// for both, in runScriptSide.
type scriptEngine interface {
	// run runs `python script args` in the workspace. A failed script's out ends with an
	// "ERROR: " line holding its exception, as the embedded side reports one.
	run(ctx context.Context, script string, args []string) (out string, failed bool, dur time.Duration, err error)
	// table reads back a table the scripts wrote as tableText gives it; an error ends the run.
	table(ctx context.Context, name string) (string, error)
	// kill stops the engine with its state, as a crash directive's killed driver; the next
	// run starts a fresh one.
	kill()
	// close ends the engine's part in the lesson.
	close()
}

// runScriptSide runs a lesson's plan with eng doing the Python, in root/name/ws.
func runScriptSide(ctx context.Context, cfg Config, plan *export.Plan, root, name string, newEngine func(ws string) scriptEngine) (*sideRun, error) {
	ws := filepath.Join(root, name, "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		return nil, err
	}
	if err := resetTopics(ctx, cfg.Bootstrap, plan.Topics); err != nil {
		return nil, err
	}
	eng := newEngine(ws)
	defer eng.close()
	run := &sideRun{name: name}
	reads := tableReads{}
	for i, s := range plan.Steps {
		cfg.logf("%-8s %s/%d %s", name, s.Lesson, s.Number, s.Title)
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
			switch c.Kind {
			case lessons.CommandPython:
				var before checkpointState
				if crashPending {
					before = listCheckpoints(ws)
				}
				out, failed, dur, err := eng.run(ctx, c.Args[1], c.Args[2:])
				if err != nil {
					return r, err
				}
				r.out, r.failed, r.dur = out, failed, dur
				if before != nil {
					if cp, n, ok := crashBatch(before, listCheckpoints(ws), s.Crash); ok {
						crashPending = false
						eng.kill()
						applyCrash(ws, cp, n, s.Crash.Point)
						r.crashed, r.failed = true, true
					}
				}
			case lessons.CommandSleep:
				// The lab ends a settling sleep once the group has settled; so do these sides.
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
		// Background tools and wait run in groups, as the lab runs them, so the sides
		// compare step by step.
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
		snap, err := snapshot(ws, filepath.Join(root, name, "snap", fmt.Sprint(i)))
		if err != nil {
			return nil, err
		}
		st.snap, st.ws = snap, ws
		st.tables, err = reads.readAll(ws, func(t string) (string, error) {
			return eng.table(ctx, t)
		})
		if err != nil {
			return nil, err
		}
		run.steps = append(run.steps, st)
	}
	return run, nil
}
