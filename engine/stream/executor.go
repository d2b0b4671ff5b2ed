package stream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/checkpoint"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ReadLimitSource is implemented by sources that honour read limits
// (maxOffsetsPerTrigger): LatestOffsetsUnlimited ignores them, for trigger(once=True),
// which Spark runs with ReadLimit.allAvailable.
type ReadLimitSource interface {
	LatestOffsetsUnlimited(ctx context.Context, start string) (string, error)
}

// SourceMetrics is implemented by sources that report progress sources[].metrics
// (Kafka: min/max/avgOffsetsBehindLatest) for a batch ending at end.
type SourceMetrics interface {
	Metrics(end string) map[string]string
}

// OffsetValidator is implemented by sources that can tell whether offsets found in a
// checkpoint were written by a query reading them (not another query's checkpoint).
type OffsetValidator interface {
	ValidateOffsets(offsets string) error
}

// validateCheckpointOffsets checks every offset the resumed query will start from.
func validateCheckpointOffsets(cfg Config, cpPath string, r resumeView) error {
	for _, f := range r.files {
		for i, off := range f.sources {
			if off == "" || off == "-" || i >= len(cfg.Sources) {
				continue
			}
			if v, ok := cfg.Sources[i].(OffsetValidator); ok {
				if err := v.ValidateOffsets(off); err != nil {
					return fmt.Errorf("checkpoint file %s/offsets/%d: %w", cpPath, f.batchID, err)
				}
			}
		}
	}
	return nil
}

// resumeView lists the offsets files a restart reads.
type resumeView struct{ files []offsetsFile }

type offsetsFile struct {
	batchID int64
	sources []string
}

// execution is the state of one run of a query (Spark's MicroBatchExecution).
type execution struct {
	q   *Query
	cfg Config
	ctx context.Context // never cancelled by Stop: a batch in flight finishes

	conf        map[string]string // effective SQL conf
	confEntries []checkpoint.ConfEntry

	batchID   int64
	committed []string // offsets the next batch starts from, per source ("" = none yet)

	watermarkMs     int64 // global watermark for the next batch (eviction)
	lateWatermarkMs int64 // previous batch's batchWatermarkMs (late-row filtering)
	opWatermarks    map[int]int64
	runAnother      bool // the last batch of this run asked for a no-data batch

	rerun *checkpoint.Resume // a batch to re-run from the checkpoint, first

	lastTriggerStart time.Time
	lastProgressAt   time.Time // when the last progress (batch or idle) was recorded
}

// noDataProgressInterval is spark.sql.streaming.noDataProgressEventInterval: an idle query
// still reports progress (numInputRows 0) this often.
const noDataProgressInterval = 10 * time.Second

// idleProgress records Spark's "no data" progress for a trigger that ran no batch, at
// most every noDataProgressInterval. Its batchId is the next batch's. The first idle
// trigger of a run reports at once (Spark starts its last-report time at Long.MinValue):
// a real Spark 4.2 run of an availableNow query with nothing new has one progress entry.
func (ex *execution) idleProgress(triggerStart time.Time) {
	now := ex.cfg.Now()
	if !ex.lastProgressAt.IsZero() && now.Sub(ex.lastProgressAt) < noDataProgressInterval {
		return
	}
	reportedBefore := !ex.lastProgressAt.IsZero()
	ex.lastProgressAt = now
	p := Progress{
		ID: ex.q.id, RunID: ex.q.runID, Timestamp: formatMs(triggerStart.UnixMilli()), BatchID: ex.batchID,
		DurationMs:     map[string]int64{"latestOffset": 0, "triggerExecution": now.Sub(triggerStart).Milliseconds()},
		StateOperators: []StateOperatorProgress{},
		Sink:           SinkProgress{Description: ex.cfg.Sink.Description()},
	}
	if ex.q.name != "" {
		n := ex.q.name
		p.Name = &n
	}
	if _, v1 := ex.cfg.Sink.(V1Sink); v1 {
		p.Sink.NumOutputRows = -1
	}
	for i, src := range ex.cfg.Sources {
		off := rawOffset(ex.committed[i])
		p.Sources = append(p.Sources, SourceProgress{Description: src.Description(),
			StartOffset: off, EndOffset: off, LatestOffset: rawOffset(src.ReportLatestOffset())})
	}
	ex.q.addProgress(p)
	if reportedBefore {
		ex.q.emit(Event{Kind: EventIdle, BatchID: ex.batchID, Progress: &p})
	}
}

func newExecution(q *Query) *execution {
	cfg := q.cfg
	session := cfg.Conf
	if session == nil {
		session = map[string]string{}
	}
	ex := &execution{q: q, cfg: cfg, ctx: context.Background(), opWatermarks: map[int]int64{}}
	r := q.resume
	if r.Conf != nil {
		ex.conf = checkpoint.RestoredConf(r.Conf, session)
	} else {
		ex.conf = map[string]string{}
		for k, v := range session {
			ex.conf[k] = v
		}
	}
	ex.confEntries = checkpoint.DefaultConf(ex.conf)
	for _, e := range ex.confEntries {
		if _, ok := ex.conf[e.Key]; !ok {
			ex.conf[e.Key] = e.Value
		}
	}
	ex.committed = make([]string, len(cfg.Sources))
	ex.batchID = r.NextBatchID
	ex.watermarkMs = r.WatermarkMs
	if r.Start != nil {
		for i, s := range r.Start.Sources {
			if s != "-" {
				ex.committed[i] = s
			}
		}
		ex.lateWatermarkMs = r.Start.BatchWatermarkMs
	}
	if r.Rerun {
		rr := r
		ex.rerun = &rr
	}
	return ex
}

func (ex *execution) stopRequested() bool {
	select {
	case <-ex.q.stopCh:
		return true
	default:
		return false
	}
}

// sleep waits d or until Stop; false means stop.
func (ex *execution) sleep(d time.Duration) bool {
	if d <= 0 {
		return !ex.stopRequested()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ex.q.stopCh:
		return false
	case <-t.C:
		return true
	}
}

// PanicError reports a Go panic inside a batch (a bug in the plan, a sink or a source):
// the query fails with it instead of the process crashing.
type PanicError struct {
	Value any
	Stack string
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error (a kafkalab bug, please report it): %v", e.Value)
}

// safeLoop runs the loop, turning a panic into a *PanicError.
func (ex *execution) safeLoop() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Value: r, Stack: string(debug.Stack())}
		}
	}()
	return ex.loop()
}

func (ex *execution) run() {
	err := ex.safeLoop()
	for _, s := range ex.cfg.Sources {
		if cerr := s.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("stream: closing source %s: %w", s.Description(), cerr)
		}
	}
	if err != nil {
		err = &QueryError{ID: ex.q.id, RunID: ex.q.runID, Name: ex.q.name, Err: err}
	}
	ex.q.terminate(err)
}

func (ex *execution) loop() error {
	trig := ex.cfg.Trigger
	if err := ex.openSourceMetadata(); err != nil {
		return err
	}
	if trig.Kind == TriggerAvailableNow {
		for _, s := range ex.cfg.Sources {
			if err := s.PrepareForAvailableNow(ex.ctx); err != nil {
				return err
			}
		}
	}
	next := ex.cfg.Now()
	for !ex.stopRequested() {
		if trig.Kind == TriggerProcessingTime && trig.Interval > 0 {
			// Spark's ProcessingTimeExecutor: triggers at multiples of the interval.
			if !ex.sleep(next.Sub(ex.cfg.Now())) {
				return nil
			}
		}
		triggerStart := ex.cfg.Now()
		seq := ex.q.triggerStarted()
		ran, err := ex.runTrigger(triggerStart)
		if err != nil {
			return err
		}
		onInterval := trig.Kind == TriggerProcessingTime && trig.Interval > 0
		if !ran {
			// The status is set before the trigger's idle progress is out, so a script that
			// sees the progress sees the status after it. Spark says "Waiting for data to
			// arrive" for its polling delay, then waits for the next trigger; on an interval
			// that delay is spent before the next trigger anyway.
			ex.q.setStatus(func(st *Status) {
				st.Message, st.IsDataAvailable = statusWaitingData, false
				if onInterval {
					waitForNextTrigger(st)
				}
			})
			ex.idleProgress(triggerStart)
			ex.q.triggerIdle(seq)
		} else {
			ex.q.setStatus(waitForNextTrigger)
		}
		switch trig.Kind {
		case TriggerOnce:
			return nil
		case TriggerAvailableNow:
			if !ran {
				return nil
			}
		case TriggerProcessingTime:
			if trig.Interval > 0 {
				iv := trig.Interval
				// Next multiple of the interval (Spark's ProcessingTimeExecutor.nextBatchTime).
				ms, ivMs := triggerStart.UnixMilli(), iv.Milliseconds()
				if ivMs <= 0 {
					ivMs = 1
				}
				next = time.UnixMilli(ms/ivMs*ivMs + ivMs)
				continue
			}
			fallthrough
		default:
			if !ran {
				if !ex.sleep(pollingDelay) {
					return nil
				}
				ex.q.setStatus(waitForNextTrigger)
			}
		}
	}
	return nil
}

// batchPlan is one batch about to run.
type batchPlan struct {
	id          int64
	start, end  []string // per source; start "" = none (first batch of a new query)
	watermarkMs int64
	lateMs      int64
	timestampMs int64
	noData      bool
	latest      []string // sources' latest offsets (progress)
	durations   map[string]int64
	noneStart   map[int]bool // sources without a start offset (progress startOffset null)
	rerun       bool         // re-running an uncommitted offsets/N after a restart
	outputRows  int64        // rows the plan handed to the sink
	// failAfterCommit is the sink's failure raised once commits/N is written.
	failAfterCommit *FailAfterCommit
}

// runTrigger constructs and runs at most one batch; ran reports whether one ran.
func (ex *execution) runTrigger(triggerStart time.Time) (ran bool, err error) {
	bp, err := ex.constructBatch()
	if err != nil || bp == nil {
		return false, err
	}
	if err := ex.runBatch(bp, triggerStart); err != nil {
		return true, err
	}
	ex.lastTriggerStart = triggerStart
	return true, nil
}

// constructBatch decides whether a batch runs now and writes its offsets/N first
// (Spark's constructNextBatch). nil means no batch.
func (ex *execution) constructBatch() (*batchPlan, error) {
	n := len(ex.cfg.Sources)
	bp := &batchPlan{id: ex.batchID, start: make([]string, n), end: make([]string, n),
		latest: make([]string, n), durations: map[string]int64{
			"addBatch": 0, "commitOffsets": 0, "getBatch": 0, "latestOffset": 0, "queryPlanning": 0, "walCommit": 0,
		}}
	if rr := ex.rerun; rr != nil {
		// An offsets file without its commit: same range, watermark and timestamp.
		ex.rerun = nil
		for i := range bp.end {
			bp.end[i] = rr.End.Sources[i]
			if bp.end[i] == "-" {
				bp.end[i] = ""
			}
			bp.start[i] = ex.committed[i]
			if bp.start[i] == "" && bp.end[i] != "" && rr.Start == nil { // re-run of batch 0
				init, err := ex.initialOffsets(i)
				if err != nil {
					return nil, err
				}
				bp.start[i] = init
				bp.startNone(i)
			}
			bp.latest[i] = bp.end[i]
		}
		bp.watermarkMs = rr.WatermarkMs
		bp.lateMs = ex.lateWatermarkMs
		bp.timestampMs = rr.BatchTimestampMs
		bp.noData = sameOffsets(bp.start, bp.end)
		bp.rerun = true
		return bp, nil
	}

	began := time.Now()
	newData := false
	for i, src := range ex.cfg.Sources {
		start := ex.committed[i]
		from := start
		if from == "" {
			// A new query: the range starts at the initial offsets (sources/i/0), and
			// progress shows no start offset.
			init, err := ex.initialOffsets(i)
			if err != nil {
				return nil, err
			}
			from = init
			bp.startNone(i)
		}
		var end string
		var err error
		if rl, ok := src.(ReadLimitSource); ok && ex.cfg.Trigger.Kind == TriggerOnce {
			end, err = rl.LatestOffsetsUnlimited(ex.ctx, from)
		} else {
			end, err = src.LatestOffsets(ex.ctx, from)
		}
		if err != nil {
			return nil, err
		}
		// With no start offset yet (a new query), any end counts as new data: batch 0
		// always runs, even on an empty topic. An empty end is a source with no offset
		// yet (a file source before its first file): nothing to read.
		if end != "" && (start == "" || end != start) {
			newData = true
		}
		bp.start[i], bp.end[i] = from, end
		bp.latest[i] = src.ReportLatestOffset()
	}
	bp.durations["latestOffset"] = time.Since(began).Milliseconds()
	if !newData {
		if !ex.runAnother || !ex.noDataBatchesEnabled() {
			return nil, nil
		}
		bp.noData = true
	}
	ex.runAnother = false
	bp.watermarkMs = ex.watermarkMs
	bp.lateMs = ex.lateWatermarkMs
	bp.timestampMs = ex.cfg.Now().UnixMilli()

	began = time.Now()
	seq := checkpoint.OffsetSeq{BatchWatermarkMs: bp.watermarkMs, BatchTimestampMs: bp.timestampMs,
		Conf: ex.confEntries, Sources: make([]string, n)}
	for i, e := range bp.end {
		seq.Sources[i] = e
		if e == "" {
			seq.Sources[i] = "-"
		}
	}
	if err := ex.q.cp.WriteOffsets(bp.id, seq); err != nil {
		if errors.Is(err, checkpoint.ErrChecksumExists) {
			return nil, logInUse(filepath.Join(ex.q.cp.Path(), "offsets"), err)
		}
		if errors.Is(err, checkpoint.ErrExists) {
			return nil, fmt.Errorf("stream: offsets/%d already exists in %s: another query is using this checkpoint; stop it or use another checkpointLocation: %w", bp.id, ex.q.cp.Path(), err)
		}
		return nil, fmt.Errorf("stream: writing offsets/%d: %w", bp.id, err)
	}
	keep, err := checkpoint.MinBatchesToRetain(ex.conf)
	if err != nil {
		return nil, err
	}
	if err := ex.q.cp.Purge(bp.id, keep); err != nil {
		return nil, err
	}
	if err := ex.commitSources(); err != nil {
		return nil, err
	}
	bp.durations["walCommit"] = time.Since(began).Milliseconds()
	return bp, nil
}

// startNone marks that the source had no start offset (progress startOffset is null).
func (bp *batchPlan) startNone(i int) {
	if bp.noneStart == nil {
		bp.noneStart = map[int]bool{}
	}
	bp.noneStart[i] = true
}

// initialOffsets returns source i's starting offsets: sources/i/0 when present (it wins
// over startingOffsets), otherwise resolved now and written there.
func (ex *execution) initialOffsets(i int) (string, error) {
	if _, own := ex.cfg.Sources[i].(MetadataSource); own {
		return ex.cfg.Sources[i].InitialOffsets(ex.ctx)
	}
	stored, ok, err := ex.q.cp.ReadSourceInitialOffsets(i)
	if err != nil {
		return "", err
	}
	if ok {
		return stored, nil
	}
	init, err := ex.cfg.Sources[i].InitialOffsets(ex.ctx)
	if err != nil {
		return "", err
	}
	err = ex.q.cp.WriteSourceInitialOffsets(i, init)
	if errors.Is(err, checkpoint.ErrChecksumExists) {
		return "", logInUse(filepath.Join(ex.q.cp.Path(), "sources", strconv.Itoa(i)), err)
	}
	if err != nil && !errors.Is(err, checkpoint.ErrExists) {
		return "", fmt.Errorf("stream: writing sources/%d/0: %w", i, err)
	}
	return init, nil
}

func (ex *execution) noDataBatchesEnabled() bool {
	return !strings.EqualFold(strings.TrimSpace(ex.conf[ConfNoDataMicroBatches]), "false")
}

func sameOffsets(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (ex *execution) hook(step Step, id int64) error {
	if ex.cfg.Hook == nil {
		return nil
	}
	if err := ex.cfg.Hook(step, id); err != nil {
		return fmt.Errorf("stream: batch %d stopped at %s: %w", id, step, err)
	}
	return nil
}

// runBatch reads the batch, runs the plan and the sink, moves the watermark and writes
// commits/N (Spark's runBatch + markMicroBatchEnd).
func (ex *execution) runBatch(bp *batchPlan, triggerStart time.Time) error {
	ex.q.setStatus(func(st *Status) { st.Message, st.IsDataAvailable = statusProcessing, true })
	ranges := make([]SourceRange, len(bp.start))
	for i, s := range ex.cfg.Sources {
		ranges[i] = SourceRange{Description: s.Description(), StartOffset: bp.start[i], EndOffset: bp.end[i]}
		if bp.noneStart[i] {
			ranges[i].StartOffset = ""
		}
	}
	ex.q.emit(Event{Kind: EventBatchStarted, BatchID: bp.id, Sources: ranges})
	if err := ex.hook(StepOffsetsWritten, bp.id); err != nil {
		return err
	}

	if bp.rerun {
		if sk, ok := ex.cfg.Sink.(BatchSkipper); ok {
			has, err := sk.HasBatch(ex.ctx, ex.q.id, bp.id)
			if err != nil {
				return fmt.Errorf("stream: sink %s: does it hold batch %d? %w", ex.cfg.Sink.Description(), bp.id, err)
			}
			if has {
				unread := make([]*rowCounter, len(ex.cfg.Sources))
				for i := range unread {
					unread[i] = &rowCounter{}
				}
				if err := ex.hook(StepBatchPlanned, bp.id); err != nil {
					return err
				}
				res := &BatchResult{}
				if up, ok := ex.cfg.Plan.(UnexecutedPlan); ok {
					if res, err = up.UnexecutedResult(ex.conf); err != nil {
						return err
					}
				}
				return ex.finishBatch(bp, triggerStart, res, unread)
			}
		}
	}

	began := time.Now()
	counters := make([]*rowCounter, len(ex.cfg.Sources))
	bc := &BatchContext{
		BatchID: bp.id, BatchWatermarkMs: bp.watermarkMs, LateWatermarkMs: bp.lateMs,
		BatchTimestampMs: bp.timestampMs, IsNoDataBatch: bp.noData, IsRerun: bp.rerun,
		CheckpointDir: ex.q.cp.Path(), QueryID: ex.q.id, Conf: ex.conf, ChunkRows: ex.cfg.ChunkRows,
		Inputs: make([]Input, len(ex.cfg.Sources)),
	}
	if bc.ChunkRows <= 0 {
		bc.ChunkRows = rowiter.DefaultChunkRows
	}
	for i, src := range ex.cfg.Sources {
		counters[i] = &rowCounter{}
		in := Input{SourceIndex: i, Schema: src.Schema(), StartOffset: bp.start[i], EndOffset: bp.end[i]}
		if bp.start[i] != bp.end[i] && bp.end[i] != "" {
			tasks, err := src.PlanTasks(ex.ctx, bp.start[i], bp.end[i])
			if err != nil {
				return err
			}
			for j, t := range tasks {
				in.Tasks = append(in.Tasks, &InputTask{Index: j, Task: t, counter: counters[i]})
			}
		}
		bc.Inputs[i] = in
	}
	bp.durations["getBatch"] = time.Since(began).Milliseconds()
	bp.durations["queryPlanning"] = 0

	began = time.Now()
	res, err := ex.cfg.Plan.RunBatch(ex.ctx, bc)
	if err != nil {
		return err
	}
	if res == nil {
		res = &BatchResult{}
	}
	if err := ex.hook(StepBatchPlanned, bp.id); err != nil {
		rowiter.CloseAll(res.Tasks)
		return err
	}
	if err := ex.sinkBatch(bp, res); err != nil {
		return err
	}
	bp.durations["addBatch"] = time.Since(began).Milliseconds()
	return ex.finishBatch(bp, triggerStart, res, counters)
}

// offsetsLost is the failure of a batch whose commit was in the checkpoint before the run
// started though its offsets were not: offsets/ was deleted, emptied or replaced, and the
// query started over at a batch the checkpoint had already committed. Spark fails here as
// if another query had written the commit; no other query did.
func (ex *execution) offsetsLost(batchID int64) error {
	last := ex.q.commitsAtStart[len(ex.q.commitsAtStart)-1]
	held := "held no batch"
	if n := ex.q.resume.NextBatchID; n > 0 {
		held = fmt.Sprintf("went only up to batch %d", n-1)
	}
	return fmt.Errorf("stream: commits/%d was already in the checkpoint %s when the query started, though offsets/ %s: "+
		"the offsets folder was deleted, emptied or replaced (commits/ goes up to batch %d), so this run started over at a batch that was already committed; "+
		"no other query is using the checkpoint. Put the offsets folder back, or %s",
		batchID, ex.q.cp.Path(), held, last, checkpoint.StartOver(ex.q.cp.Path()))
}

// sinkBatch hands the plan's output to the sink, then reads to the end whatever the sink
// left unread (a sink that skips a batch it already holds), so that a batch's input counts
// and watermark never depend on the sink.
func (ex *execution) sinkBatch(bp *batchPlan, res *BatchResult) error {
	tasks := make([]*trackedTask, len(res.Tasks))
	its := make([]rowiter.Iter, len(res.Tasks))
	for i, t := range res.Tasks {
		tasks[i] = &trackedTask{in: t}
		its[i] = tasks[i]
	}
	defer rowiter.CloseAll(res.Tasks)
	if err := ex.cfg.Sink.AddBatch(ex.ctx, &SinkBatch{QueryID: ex.q.id, BatchID: bp.id, OutputMode: ex.cfg.OutputMode,
		Schema: res.Schema, Tasks: its, BatchTimestampMs: bp.timestampMs}); err != nil {
		var late *FailAfterCommit
		if errors.As(err, &late) {
			bp.failAfterCommit = late
		} else {
			return fmt.Errorf("stream: sink %s failed in batch %d: %w", ex.cfg.Sink.Description(), bp.id, err)
		}
	}
	for _, t := range tasks {
		if !t.done && !t.closed {
			if _, err := rowiter.Count(ex.ctx, t); err != nil {
				return err
			}
		}
		bp.outputRows += t.rows
	}
	if res.Finish != nil {
		res.Finish()
	}
	return nil
}

// trackedTask counts a task's rows and remembers whether the sink read it to its end or
// closed it.
type trackedTask struct {
	in           rowiter.Iter
	rows         int64
	done, closed bool
}

func (t *trackedTask) Next(ctx context.Context) ([]sqltypes.Row, error) {
	rows, err := t.in.Next(ctx)
	if err == io.EOF {
		t.done = true
	}
	t.rows += int64(len(rows))
	return rows, err
}

// ColumnsReady reports whether the task's rows serve columns (see rowiter.ColumnIter).
func (t *trackedTask) ColumnsReady() bool { return rowiter.Columns(t.in) != nil }

// NextBatch is Next for a sink that takes columns: the same counting, a batch's rows
// counted as a chunk's.
func (t *trackedTask) NextBatch(ctx context.Context) (*sqltypes.ColumnBatch, []sqltypes.Row, error) {
	b, rows, err := t.in.(rowiter.ColumnIter).NextBatch(ctx)
	if err == io.EOF {
		t.done = true
	}
	if b != nil {
		t.rows += int64(b.Len)
	}
	t.rows += int64(len(rows))
	return b, rows, err
}

// Release passes a chunk back to the task's rows (see rowiter.Releaser).
func (t *trackedTask) Release(rows []sqltypes.Row) { rowiter.Release(t.in, rows) }

func (t *trackedTask) Close() error {
	t.closed = true
	return t.in.Close()
}

// logInUse is Spark's failure when a metadata log's new file cannot be put in place
// (HDFSMetadataLog takes it for a second query writing the log): the message names the
// log's folder as a file: URI.
func logInUse(logDir string, cause error) error {
	e := sparkerrors.New(sparkerrors.SparkException, "_LEGACY_ERROR_TEMP_2207", "path", "file:"+filepath.ToSlash(logDir))
	e.Cause = cause
	return e
}

// finishBatch is the end of every batch once its sink has it: commits/N with the new
// watermark, then progress.
func (ex *execution) finishBatch(bp *batchPlan, triggerStart time.Time, res *BatchResult, counters []*rowCounter) error {
	if err := ex.hook(StepSinkDone, bp.id); err != nil {
		return err
	}

	began := time.Now()
	newWm := ex.updateWatermark(res.EventTime)
	if err := ex.q.cp.WriteCommit(bp.id, newWm); err != nil {
		if errors.Is(err, checkpoint.ErrChecksumExists) {
			return logInUse(filepath.Join(ex.q.cp.Path(), "commits"), err)
		}
		if errors.Is(err, checkpoint.ErrExists) {
			if slices.Contains(ex.q.commitsAtStart, bp.id) {
				return ex.offsetsLost(bp.id)
			}
			return fmt.Errorf("stream: commits/%d already exists in %s: another query is using this checkpoint: %w", bp.id, ex.q.cp.Path(), err)
		}
		return fmt.Errorf("stream: writing commits/%d: %w", bp.id, err)
	}
	bp.durations["commitOffsets"] = time.Since(began).Milliseconds()
	ex.committed = append([]string(nil), bp.end...)
	ex.lateWatermarkMs = bp.watermarkMs
	ex.watermarkMs = newWm
	ex.runAnother = ex.cfg.Plan.ShouldRunNoDataBatch(newWm)
	ex.batchID = bp.id + 1
	if err := ex.hook(StepCommitted, bp.id); err != nil {
		return err
	}
	if late := bp.failAfterCommit; late != nil {
		if late.Undo != nil {
			if err := late.Undo(ex.q.cp.Path()); err != nil {
				return fmt.Errorf("stream: batch %d failed (%v), and taking back its state failed: %w", bp.id, late.Err, err)
			}
		}
		return late.Err
	}

	p := ex.progress(bp, triggerStart, res, counters)
	ex.q.addProgress(p)
	ex.lastProgressAt = ex.cfg.Now()
	ex.q.emit(Event{Kind: EventBatchFinished, BatchID: bp.id, Progress: &p})
	return nil
}

// updateWatermark applies a batch's event-time stats (Spark's WatermarkTracker):
// per operator max - delay, only forward; the global value is the min (or max) over
// operators, only forward. Returns the global watermark after the batch.
func (ex *execution) updateWatermark(stats []EventTimeStats) int64 {
	if len(stats) == 0 {
		return ex.watermarkMs
	}
	for i, s := range stats {
		old, seen := ex.opWatermarks[i]
		switch {
		case s.Count > 0:
			if cand := s.Max - s.DelayMs; !seen || cand > old {
				ex.opWatermarks[i] = cand
			}
		case !seen:
			ex.opWatermarks[i] = 0 // no data yet for this operator
		}
	}
	useMax := strings.EqualFold(strings.TrimSpace(ex.conf[ConfWatermarkPolicy]), "max")
	global := int64(math.MaxInt64)
	if useMax {
		global = math.MinInt64
	}
	for _, w := range ex.opWatermarks {
		if useMax {
			global = max(global, w)
		} else {
			global = min(global, w)
		}
	}
	return max(global, ex.watermarkMs)
}
