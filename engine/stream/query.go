package stream

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/checkpoint"
)

// Spark's defaults for the executor's own confs.
const (
	// pollingDelay is spark.sql.streaming.pollingDelay: the pause when no batch can run.
	pollingDelay = 10 * time.Millisecond
	// recentProgressLimit is spark.sql.streaming.numRecentProgressUpdates.
	recentProgressLimit = 100
	// ConfNoDataMicroBatches is spark.sql.streaming.noDataMicroBatches.enabled (default true).
	ConfNoDataMicroBatches = "spark.sql.streaming.noDataMicroBatches.enabled"
	// ConfWatermarkPolicy is spark.sql.streaming.multipleWatermarkPolicy ("min" or "max").
	ConfWatermarkPolicy = "spark.sql.streaming.multipleWatermarkPolicy"
)

// Query is a running (or finished) streaming query, Spark's StreamingQuery.
type Query struct {
	id, runID, name string

	cfg    Config
	cp     *checkpoint.Dir
	resume checkpoint.Resume
	// commitsAtStart are the batches commits/ held when the run started: a commit that
	// is "already there" when a batch ends was not written by another query if it was.
	commitsAtStart []int64

	stopOnce sync.Once
	stopCh   chan struct{} // closed by Stop: finish the batch in flight, then end
	done     chan struct{} // closed when the query has terminated

	mu       sync.Mutex
	progress []Progress
	err      error
	active   bool
	subs     []chan Event
	history  []Event // events so far, replayed to late subscribers

	drain  drainState // what processAllAvailable waits for
	status Status     // query.status, as the trigger loop moves it
}

// Start validates cfg, reads or creates the checkpoint and starts the query in the
// background. Configuration and checkpoint problems are returned here; failures while
// running (a broker that went away, data loss) end the query and come back from
// AwaitTermination and Exception. Cancelling ctx stops the query like Stop.
func Start(ctx context.Context, cfg Config) (q *Query, err error) {
	defer func() {
		if err != nil { // the query never ran: release the sources' clients
			for _, s := range cfg.Sources {
				if s != nil {
					s.Close()
				}
			}
		}
	}()
	if len(cfg.Sources) == 0 {
		return nil, errors.New("stream: a streaming query needs at least one source")
	}
	if cfg.Plan == nil {
		return nil, errors.New("stream: a streaming query needs a plan")
	}
	if cfg.Sink == nil {
		return nil, errors.New("stream: a streaming query needs a sink (writeStream.format(...))")
	}
	switch cfg.OutputMode {
	case "":
		cfg.OutputMode = "Append"
	case "Append", "Update", "Complete":
	default:
		return nil, fmt.Errorf("stream: unknown output mode %q; use append, update or complete", cfg.OutputMode)
	}
	if cfg.Trigger.Kind == TriggerProcessingTime && cfg.Trigger.Interval < 0 {
		return nil, errors.New("stream: the processingTime interval must not be negative")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cp, err := checkpoint.Open(cfg.CheckpointDir)
	if err != nil {
		return nil, err
	}
	id, ok, err := cp.Metadata()
	if err != nil {
		return nil, err
	}
	resume, err := cp.Resolve(len(cfg.Sources))
	if err != nil {
		return nil, err
	}
	if err := checkStateProvider(cp.Path(), resume.Conf); err != nil {
		return nil, err
	}
	commitsAtStart, err := cp.CommitBatches()
	if err != nil {
		return nil, err
	}
	// offsets/L (re-run) and the offsets the next batch starts from (offsets/NextBatchID-1).
	var view resumeView
	if resume.End != nil {
		view.files = append(view.files, offsetsFile{resume.NextBatchID, resume.End.Sources})
	}
	if resume.Start != nil {
		view.files = append(view.files, offsetsFile{resume.NextBatchID - 1, resume.Start.Sources})
	}
	if err := validateCheckpointOffsets(cfg, cp.Path(), view); err != nil {
		return nil, err
	}
	if !ok {
		id = uuid.NewString()
		if err := cp.WriteMetadata(id); err != nil {
			return nil, fmt.Errorf("stream: starting query: %w", err)
		}
	}
	// Spark makes both logs' folders when it builds the query, so a query that dies
	// before its first commit still leaves an empty commits/.
	if err := cp.CreateLogs(); err != nil {
		return nil, fmt.Errorf("stream: starting query: %w", err)
	}
	if !claimQueryID(id) {
		return nil, fmt.Errorf("Cannot start query with id %s as another query with same id is already active. Perhaps you are attempting to restart a query from checkpoint that is already active.", id)
	}
	q = &Query{
		id: id, runID: uuid.NewString(), name: cfg.Name,
		cfg: cfg, cp: cp, resume: resume, commitsAtStart: commitsAtStart,
		stopCh: make(chan struct{}), done: make(chan struct{}), active: true,
		status: Status{Message: statusInitializing},
		drain:  drainState{idle: make(chan struct{})},
	}
	ex := newExecution(q)
	q.emit(Event{Kind: EventStarted, BatchID: resume.NextBatchID})
	go func() {
		select {
		case <-ctx.Done():
			q.requestStop()
		case <-q.done:
		}
	}()
	go ex.run()
	return q, nil
}

// ID is the query id, stable across restarts (checkpoint metadata).
func (q *Query) ID() string { return q.id }

// OutputMode is the query's output mode: "Append", "Update" or "Complete".
func (q *Query) OutputMode() string { return q.cfg.OutputMode }

// RunID is new on every start.
func (q *Query) RunID() string { return q.runID }

// Name is the queryName ("" when unset).
func (q *Query) Name() string { return q.name }

// CheckpointDir is the query's checkpoint folder (absolute).
func (q *Query) CheckpointDir() string { return q.cp.Path() }

// AwaitTermination blocks until the query stops or ctx ends; it returns the query's
// failure (nil after a clean stop) or ctx's error.
func (q *Query) AwaitTermination(ctx context.Context) error {
	select {
	case <-q.done:
		return q.Exception()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Done is closed when the query has terminated.
func (q *Query) Done() <-chan struct{} { return q.done }

// Exception is the error that stopped the query, or nil.
func (q *Query) Exception() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.err
}

// IsActive reports whether the query is still running.
func (q *Query) IsActive() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.active
}

// RecentProgress returns up to the last 100 progress reports, oldest first.
func (q *Query) RecentProgress() []Progress {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]Progress(nil), q.progress...)
}

// LastProgress is the newest progress report, or nil.
func (q *Query) LastProgress() *Progress {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.progress) == 0 {
		return nil
	}
	p := q.progress[len(q.progress)-1]
	return &p
}

func (q *Query) requestStop() { q.stopOnce.Do(func() { close(q.stopCh) }) }

// Stop ends the query: the batch in flight (if any) finishes and commits, no new batch
// starts, and Stop returns once the query has terminated. It returns the query's failure
// if it had already failed.
func (q *Query) Stop() error {
	q.requestStop()
	<-q.done
	return q.Exception()
}

// Subscribe returns a channel of the query's events, starting with those that already
// happened; it is closed after EventTerminated. The channel is buffered; a subscriber
// that does not keep up misses events rather than stalling the query.
func (q *Query) Subscribe() <-chan Event {
	q.mu.Lock()
	defer q.mu.Unlock()
	ch := make(chan Event, 256+len(q.history))
	for _, e := range q.history {
		ch <- e
	}
	if !q.active {
		close(ch)
		return ch
	}
	q.subs = append(q.subs, ch)
	return ch
}

// emit delivers an event to every subscriber without blocking.
func (q *Query) emit(e Event) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.history) < 1024 {
		q.history = append(q.history, e)
	}
	for _, ch := range q.subs {
		select {
		case ch <- e:
		default:
		}
	}
}

func (q *Query) addProgress(p Progress) {
	q.mu.Lock()
	q.progress = append(q.progress, p)
	if len(q.progress) > recentProgressLimit {
		q.progress = append([]Progress(nil), q.progress[len(q.progress)-recentProgressLimit:]...)
	}
	q.mu.Unlock()
}

// activeIDs are the ids of queries running in this process: one checkpoint, one runner.
var (
	activeMu  sync.Mutex
	activeIDs = map[string]bool{}
)

func claimQueryID(id string) bool {
	activeMu.Lock()
	defer activeMu.Unlock()
	if activeIDs[id] {
		return false
	}
	activeIDs[id] = true
	return true
}

func releaseQueryID(id string) {
	activeMu.Lock()
	delete(activeIDs, id)
	activeMu.Unlock()
}

// terminate records the outcome, notifies subscribers and releases waiters.
func (q *Query) terminate(err error) {
	releaseQueryID(q.id)
	q.emit(Event{Kind: EventTerminated, Err: err})
	q.mu.Lock()
	q.err = err
	q.active = false
	q.status = stoppedStatus(err)
	for _, ch := range q.subs {
		close(ch)
	}
	q.subs = nil
	q.mu.Unlock()
	close(q.done)
}

// QueryError is how a query that failed reports it (Spark's StreamingQueryException,
// error class STREAM_FAILED). Unwrap gives the cause.
type QueryError struct {
	ID, RunID, Name string
	Err             error
}

func (e *QueryError) Error() string {
	return fmt.Sprintf("[STREAM_FAILED] Query [id = %s, runId = %s] terminated with exception: %v", e.ID, e.RunID, e.Err)
}

func (e *QueryError) Unwrap() error { return e.Err }

// checkStateProvider refuses a checkpoint whose state another provider wrote (Spark with
// the RocksDB state store: zip and SST files), which kafkalab cannot read; without the
// check a resumed query would find no state and answer as if it started over.
func checkStateProvider(cpPath string, stored []checkpoint.ConfEntry) error {
	for _, e := range stored {
		if e.Key != checkpoint.ConfStateStoreProvider || e.Value == checkpoint.DefaultStateStoreProvider {
			continue
		}
		if _, err := os.Stat(filepath.Join(cpPath, "state")); err != nil {
			return nil // no state written: nothing to read
		}
		return fmt.Errorf("stream: the checkpoint %s keeps its state with %s, whose files kafkalab cannot read "+
			"(kafkalab reads and writes %s's N.delta and N.snapshot files): resume this query on Spark, "+
			"or start it with a new checkpointLocation", cpPath, e.Value, checkpoint.DefaultStateStoreProvider)
	}
	return nil
}
