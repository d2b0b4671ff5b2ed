package pyrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/pyspark"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// InProcess runs scripts in this process, on engine/pyspark.
type InProcess struct{}

// crashSteps maps a crash point to the engine's fault-injection step.
var crashSteps = map[CrashPoint]stream.Step{
	CrashAfterOffsets:    stream.StepOffsetsWritten,
	CrashMidWrite:        stream.StepSinkWriting,
	CrashAfterSinkCommit: stream.StepSinkDone,
	CrashAfterCommit:     stream.StepCommitted,
}

// errKilled is what the engine's hook returns when a crash directive kills a query.
var errKilled = errors.New("killed by the lab's crash directive")

// Open makes an interpreter with the pyspark and delta modules.
func (InProcess) Open(cfg Config) (Interpreter, error) { return openInProcess(cfg, nil) }

// openInProcess is Open; onKill, when set, is called as the crash directive fires, from
// the query's goroutine (the child process ends there, as a killed process would).
func openInProcess(cfg Config, onKill func(Killed)) (*inProcess, error) {
	ip := &inProcess{cfg: cfg, fired: -1, onKill: onKill}
	ip.stdout = &gate{w: orDiscard(cfg.Stdout), ip: ip}
	ip.stderr = &gate{w: orDiscard(cfg.Stderr), ip: ip}
	pc := pyspark.Config{ScriptPath: cfg.Script, Args: cfg.Args, WorkDir: cfg.WorkDir,
		Stdout: ip.stdout, Stderr: ip.stderr, Conf: cfg.Conf,
		Bootstrap: cfg.Bootstrap, BootstrapRewrite: cfg.BootstrapRewrite}
	if cfg.OnEvent != nil {
		pc.OnStreamEvent = func(e engine.StreamEvent) { cfg.OnEvent(queryEvent(e)) }
	}
	if cfg.Crash != nil {
		if _, ok := crashSteps[cfg.Crash.Point]; !ok {
			return nil, errors.New("pyrun: unknown crash point " + string(cfg.Crash.Point))
		}
		pc.StreamHook = ip.hook
	}
	in, err := pyspark.NewInterpreter(pc)
	if err != nil {
		return nil, err
	}
	ip.in = in
	return ip, nil
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// inProcess is an engine/pyspark interpreter behind the Interpreter interface.
type inProcess struct {
	cfg            Config
	in             *pyspark.Interpreter
	stdout, stderr *gate

	onKill func(Killed)

	mu     sync.Mutex
	fired  int64              // batch the crash directive killed; -1 = none yet
	cancel context.CancelFunc // ends the run in progress
	closed bool
}

// hook is the engine's StreamHook for the crash directive: at its point it silences the
// run (a killed process prints nothing more and runs no except or finally block), ends
// it, and fails the query there, so nothing more of the batch is written.
func (ip *inProcess) hook(step stream.Step, batchID int64) error {
	c := ip.cfg.Crash
	if step != crashSteps[c.Point] || (c.Batch >= 0 && batchID != c.Batch) {
		return nil
	}
	ip.mu.Lock()
	defer ip.mu.Unlock()
	if ip.fired >= 0 {
		return nil
	}
	ip.fired = batchID
	if ip.onKill != nil {
		ip.onKill(Killed{Point: c.Point, Batch: batchID})
	}
	if ip.cancel != nil {
		ip.cancel()
	}
	return errKilled
}

func (ip *inProcess) killed() bool {
	ip.mu.Lock()
	defer ip.mu.Unlock()
	return ip.fired >= 0
}

// run runs one Exec with a context the crash directive can end, and says how it ended.
func (ip *inProcess) run(caller context.Context, f func(context.Context) error) error {
	start := time.Now()
	ctx, cancel := context.WithCancel(caller)
	defer cancel()
	ip.mu.Lock()
	ip.cancel = cancel
	ip.mu.Unlock()
	err := f(ctx)
	ip.mu.Lock()
	ip.cancel = nil
	fired := ip.fired
	ip.mu.Unlock()
	if fired >= 0 && ip.cfg.Crash != nil {
		return &Killed{Point: ip.cfg.Crash.Point, Batch: fired}
	}
	if err != nil && errors.Is(caller.Err(), context.DeadlineExceeded) {
		return &Stopped{After: time.Since(start), Reason: stopReason(caller)}
	}
	return scriptError(err)
}

func (ip *inProcess) Exec(ctx context.Context, name, source string) error {
	return ip.run(ctx, func(ctx context.Context) error { return ip.in.Exec(ctx, name, source) })
}

func (ip *inProcess) ExecInteractive(ctx context.Context, name, source string) error {
	return ip.run(ctx, func(ctx context.Context) error { return ip.in.ExecInteractive(ctx, name, source) })
}

func (ip *inProcess) ExecFile(ctx context.Context) error {
	return ip.run(ctx, func(ctx context.Context) error { return ip.in.ExecFile(ctx, ip.cfg.Script) })
}

func (ip *inProcess) Queries() []Query {
	var out []Query
	for _, q := range ip.in.Queries() {
		out = append(out, Query{ID: q.ID, RunID: q.RunID, Name: q.Name, Active: q.Active})
	}
	return out
}

func (ip *inProcess) StopQuery(id string) bool { return ip.in.StopQuery(id) }
func (ip *inProcess) StopQueries()             { ip.in.StopQueries() }

func (ip *inProcess) Close() error {
	ip.mu.Lock()
	ip.closed = true
	ip.mu.Unlock()
	return ip.in.Close()
}

func (ip *inProcess) Ended() error {
	ip.mu.Lock()
	defer ip.mu.Unlock()
	if ip.closed {
		return fmt.Errorf("the interpreter was closed: %w", ErrEnded)
	}
	return nil
}

// scriptError turns the runtime's error into the plain-data Error (context errors and
// failures to start stay as they are).
func scriptError(err error) error {
	var pe *python.Error
	if !errors.As(err, &pe) {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return &Interrupted{Traceback: pe.Error()}
	}
	return &Error{Kind: pe.Kind, Text: pe.Error(), Exit: pe.Exit, Code: pe.Code}
}

// gate passes writes through until the crash directive fires: a killed process prints
// nothing more.
type gate struct {
	w  io.Writer
	ip *inProcess
}

func (g *gate) Write(p []byte) (int, error) {
	if g.ip.killed() {
		return len(p), nil
	}
	return g.w.Write(p)
}

// EventOf is the plain-data form of an engine event, for runners outside this package
// (lab/connect's) that see the engine's events.
func EventOf(e engine.StreamEvent) QueryEvent { return queryEvent(e) }

// queryEvent is the plain-data form of an engine event; Kafka offsets are parsed here,
// once, for every screen that shows them.
func queryEvent(e engine.StreamEvent) QueryEvent {
	qe := QueryEvent{QueryID: e.QueryID, QueryName: e.QueryName, Checkpoint: e.CheckpointDir,
		OutputMode: e.OutputMode, BatchID: e.Event.BatchID}
	switch ev := e.Event; ev.Kind {
	case stream.EventStarted:
		qe.Kind = QueryStarted
	case stream.EventBatchStarted:
		qe.Kind = BatchStarted
		for _, s := range ev.Sources {
			qe.Sources = append(qe.Sources, sourceRange(s))
		}
	case stream.EventBatchFinished:
		qe.Kind = BatchFinished
		if p := ev.Progress; p != nil {
			qe.BatchID = p.BatchID
			qe.Progress = progress(p)
		}
	case stream.EventTerminated:
		qe.Kind = QueryTerminated
		if ev.Err != nil {
			qe.Error = ev.Err.Error()
		}
	}
	return qe
}

func sourceRange(s stream.SourceRange) SourceRange {
	r := SourceRange{Description: s.Description}
	end, ok := kafkasource.TopicOffsets(s.EndOffset)
	if !ok {
		return r
	}
	r.Kafka, r.End = true, end
	if s.StartOffset != "" {
		r.Start, _ = kafkasource.TopicOffsets(s.StartOffset)
	}
	return r
}

func progress(p *stream.Progress) *Progress {
	out := &Progress{BatchID: p.BatchID, InputRows: p.NumInputRows, InputRowsPerSecond: p.InputRowsPerSecond,
		ProcessedRowsPerSecond: p.ProcessedRowsPerSecond, StateOperators: len(p.StateOperators), Sink: p.Sink.Description}
	if wm, ok := p.EventTime["watermark"]; ok {
		out.Watermark = wm
	}
	for _, op := range p.StateOperators {
		out.StateRows += op.NumRowsTotal
		out.DroppedByWatermark += op.NumRowsDroppedByWatermark
	}
	return out
}
