// Package stream is kafkalab's micro-batch executor: Spark Structured Streaming's
// MicroBatchExecution in Go. It asks sources for offsets, writes Spark's checkpoint files
// (offsets/N before a batch, commits/N after), runs a Plan over the batch's input, hands the
// result to a Sink, tracks the event-time watermark, and reports progress with Spark's
// StreamingQueryProgress field names.
//
// This file holds the types other packages implement or call.
package stream

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Source is one streaming input (Spark's SparkDataStream). Offsets travel as the JSON
// text Spark writes in offsets/N (for Kafka `{"orders":{"0":2,"1":1,"2":0}}`); two offsets
// are equal when their JSON text is equal, so sources must encode deterministically.
type Source interface {
	// Description names the source in progress reports ("KafkaV2[Subscribe[orders]]").
	Description() string
	// Schema is the row shape every task of this source produces.
	Schema() *sqltypes.StructType
	// InitialOffsets resolves the starting position of a brand-new query (startingOffsets
	// turned into real numbers). The executor stores it in sources/<index>/0 and, when that
	// file already exists, uses the stored value instead of calling this.
	InitialOffsets(ctx context.Context) (string, error)
	// PrepareForAvailableNow fetches the latest offsets once and freezes them as the target:
	// later LatestOffsets calls never go past it. Called once before the first batch of an
	// availableNow query.
	PrepareForAvailableNow(ctx context.Context) error
	// LatestOffsets returns the end of the next batch that starts at start, honouring the
	// source's read limits (maxOffsetsPerTrigger) and the availableNow target.
	// A result equal to start means "no new data".
	LatestOffsets(ctx context.Context, start string) (string, error)
	// ReportLatestOffset is the newest offset seen by the last LatestOffsets call, ignoring
	// read limits (progress sources[].latestOffset); "" when unknown.
	ReportLatestOffset() string
	// PlanTasks splits the range [start, end) into read tasks, in Spark's task order.
	// Empty ranges produce no task. Data-loss checks that can be made before reading
	// (a partition that vanished, offsets going backwards) happen here.
	PlanTasks(ctx context.Context, start, end string) ([]SourceTask, error)
	// Close releases clients; the executor calls it once when the query terminates.
	Close() error
}

// SourceTask reads one slice of a batch (for Kafka: one topic-partition offset range).
type SourceTask interface {
	// Description says what the task reads ("orders-0 [0, 2)").
	Description() string
	// Open streams the task's rows in order, in chunks of at most chunkRows rows (see
	// package rowiter); nothing is read before the first Next. It may be called more than
	// once (each stream reads again).
	Open(chunkRows int) rowiter.Iter
}

// InputTask is one read task as the Plan sees it. Its rows are read from the source as the
// plan pulls them, so a batch streams through the plan without being held.
type InputTask struct {
	// Index is the task's position in the batch (Spark's partition id of the scan).
	Index int
	// Task is the source's task; use Open rather than calling it directly, so the executor
	// can count input rows for progress.
	Task SourceTask
	// counter is shared with the executor; Open's stream adds every row it delivers.
	counter *rowCounter
}

// Input is what one source contributes to a batch.
type Input struct {
	// SourceIndex is the position of the source in Config.Sources.
	SourceIndex int
	Schema      *sqltypes.StructType
	// Tasks in Spark's task order; a no-data batch has none.
	Tasks []*InputTask
	// StartOffset / EndOffset are the batch's range as offset JSON (StartOffset "" for the
	// first batch of a new query is never passed: the initial offsets are used instead).
	StartOffset, EndOffset string
}

// BatchContext is everything a Plan needs to run one micro-batch.
type BatchContext struct {
	BatchID int64
	// BatchWatermarkMs is the watermark in force for this batch (offsets/N
	// batchWatermarkMs): stateful operators evict and emit with it.
	BatchWatermarkMs int64
	// LateWatermarkMs is the previous batch's watermark (0 for the first batch of a run
	// that had none): rows with event time <= it are late and dropped by stateful operators.
	LateWatermarkMs int64
	// BatchTimestampMs is the batch's trigger time (current_timestamp() in the batch).
	BatchTimestampMs int64
	// IsNoDataBatch is true for a batch run only to advance the watermark (no new input).
	IsNoDataBatch bool
	// IsRerun is true when the batch re-runs an offsets/N that a previous run wrote but
	// did not commit: state for version N+1 may already exist and must be replaced.
	IsRerun bool
	// CheckpointDir is the query's checkpoint root (stateful operators keep state/ there).
	CheckpointDir string
	// QueryID is the query's stable id (from checkpoint metadata).
	QueryID string
	// Conf is the effective SQL conf of the query (the checkpoint's recorded values win).
	Conf map[string]string
	// ChunkRows is how many rows a chunk of the batch's streams holds at most.
	ChunkRows int
	// Inputs has one entry per source, in Config.Sources order.
	Inputs []Input
}

// ShufflePartitions is the query's spark.sql.shuffle.partitions (Spark's default 200): how
// many partitions a shuffle in its micro-batches has, and so how many state store
// partitions a stateful operator keeps.
func (b *BatchContext) ShufflePartitions() (int, error) { return ShufflePartitions(b.Conf) }

// ShufflePartitions reads spark.sql.shuffle.partitions from a SQL conf (200 when unset).
func ShufflePartitions(conf map[string]string) (int, error) {
	s, ok := conf["spark.sql.shuffle.partitions"]
	if !ok || s == "" {
		return 200, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("spark.sql.shuffle.partitions must be a positive number, not %q", s)
	}
	return n, nil
}

// EventTimeStats are the statistics one watermark operator (withWatermark) collected over
// the rows it saw in a batch, in milliseconds.
type EventTimeStats struct {
	// DelayMs is the operator's watermark delay.
	DelayMs int64
	Max     int64
	Min     int64
	Avg     float64
	// Count is the number of rows the operator saw (a null event time counts, as 0);
	// 0 means "no update".
	Count int64
}

// StateOperatorProgress is progress stateOperators[] for one stateful operator.
type StateOperatorProgress struct {
	OperatorName              string           `json:"operatorName"`
	NumRowsTotal              int64            `json:"numRowsTotal"`
	NumRowsUpdated            int64            `json:"numRowsUpdated"`
	AllUpdatesTimeMs          int64            `json:"allUpdatesTimeMs"`
	NumRowsRemoved            int64            `json:"numRowsRemoved"`
	AllRemovalsTimeMs         int64            `json:"allRemovalsTimeMs"`
	CommitTimeMs              int64            `json:"commitTimeMs"`
	MemoryUsedBytes           int64            `json:"memoryUsedBytes"`
	NumRowsDroppedByWatermark int64            `json:"numRowsDroppedByWatermark"`
	NumShufflePartitions      int64            `json:"numShufflePartitions"`
	NumStateStoreInstances    int64            `json:"numStateStoreInstances"`
	CustomMetrics             map[string]int64 `json:"customMetrics"`
}

// BatchResult is the Plan's output for one batch.
type BatchResult struct {
	// Schema of the rows handed to the sink.
	Schema *sqltypes.StructType
	// Tasks are the sink's input, one row stream per task (a Delta sink writes one file
	// per non-empty task). The rows are computed as the sink reads them; the executor
	// reads to the end whatever the sink left, and closes every task.
	Tasks []rowiter.Iter
	// EventTime has one entry per watermark operator, always in the same order
	// (operator order in the plan); empty for a query without withWatermark. It is
	// complete once every task has been read: see Finish.
	EventTime []EventTimeStats
	// Finish, when set, is called after every task was read to the end, before EventTime
	// is used: watermark operators count the rows as they stream past, so their
	// statistics are final only then.
	Finish func()
	// StateOperators reports stateful operators for progress.
	StateOperators []StateOperatorProgress
	// Observed are the batch's df.observe metrics: each name with its row as a JSON
	// object (Spark's Row.jsonValue), for progress.observedMetrics.
	Observed []ObservedMetric
}

// ObservedMetric is one df.observe observation of a batch.
type ObservedMetric struct {
	Name string
	Row  json.RawMessage
}

// Plan is a streaming DataFrame's logic, implemented by the engine root.
type Plan interface {
	// RunBatch computes the batch's output from its input.
	RunBatch(ctx context.Context, bc *BatchContext) (*BatchResult, error)
	// ShouldRunNoDataBatch is asked after a batch with the new global watermark: true when
	// a stateful operator would emit or evict with it (Spark's shouldRunAnotherBatch).
	// Stateless plans return false.
	ShouldRunNoDataBatch(newWatermarkMs int64) bool
}

// SinkBatch is one batch handed to a sink.
type SinkBatch struct {
	QueryID    string
	BatchID    int64
	OutputMode string // "Append", "Update" or "Complete"
	Schema     *sqltypes.StructType
	// Tasks stream the batch's rows, one per task. A sink reads each task at most once and
	// closes it; the executor reads what it left.
	Tasks []rowiter.Iter
	// BatchTimestampMs is the batch's trigger time (use it as "now" for commit timestamps
	// if a deterministic clock is wanted).
	BatchTimestampMs int64
}

// Sink receives each batch's output. AddBatch must be idempotent by batch id for
// exactly-once: a batch re-run after a crash arrives again with the same id.
type Sink interface {
	// Description names the sink in progress ("DeltaSink[/path]", "MemorySink").
	Description() string
	AddBatch(ctx context.Context, b *SinkBatch) error
}

// BatchSkipper is implemented by sinks that know which batches they already hold (Delta's
// txn action). Spark's Delta sink checks that before it runs the batch's DataFrame, so a
// re-run batch it skips never reads its source: progress shows 0 input rows, the watermark
// does not move, and the sink writes nothing.
type BatchSkipper interface {
	HasBatch(ctx context.Context, queryID string, batchID int64) (bool, error)
}

// UnexecutedPlan is implemented by plans that can say what a batch reports when it was
// planned but never run, as Spark's progress does for a re-run batch its sink skips: the
// plan's watermarks and stateful operators are listed, with nothing counted.
type UnexecutedPlan interface {
	UnexecutedResult(conf map[string]string) (*BatchResult, error)
}

// V1Sink is implemented by sinks that, like Spark's DataSource V1 sinks (Delta, file
// sink), report numOutputRows = -1 in progress.
type V1Sink interface {
	Sink
	NumOutputRowsUnknown()
}

// TriggerKind selects how batches are scheduled.
type TriggerKind int

const (
	// TriggerDefault runs the next batch as soon as the previous one ends (ProcessingTime(0)).
	TriggerDefault TriggerKind = iota
	// TriggerProcessingTime starts a batch every Interval.
	TriggerProcessingTime
	// TriggerOnce runs one batch with everything available, then stops.
	TriggerOnce
	// TriggerAvailableNow runs batches until the data available at start is processed.
	TriggerAvailableNow
)

// Trigger is a query's trigger.
type Trigger struct {
	Kind     TriggerKind
	Interval time.Duration // TriggerProcessingTime only
}

// ProcessingTime returns trigger(processingTime=d).
func ProcessingTime(d time.Duration) Trigger {
	return Trigger{Kind: TriggerProcessingTime, Interval: d}
}

// Once returns trigger(once=True).
func Once() Trigger { return Trigger{Kind: TriggerOnce} }

// AvailableNow returns trigger(availableNow=True).
func AvailableNow() Trigger { return Trigger{Kind: TriggerAvailableNow} }

// Step names a point inside a batch, for fault injection in tests (Config.Hook).
type Step string

const (
	StepOffsetsWritten Step = "offsetsWritten" // after offsets/N, before reading
	StepBatchPlanned   Step = "batchPlanned"   // after Plan.RunBatch, before the sink
	StepSinkDone       Step = "sinkDone"       // after Sink.AddBatch, before commits/N
	StepCommitted      Step = "committed"      // after commits/N, before progress
)

// StepSinkWriting is inside Sink.AddBatch: the sink's data files are written, its commit
// is not. The executor never reaches it itself; sinks that write files (the engine's Delta
// sink) call Config.Hook with it, so a test or the lab can crash a query mid-write.
const StepSinkWriting Step = "sinkWriting"

// Config describes a query to start.
type Config struct {
	// CheckpointDir holds metadata, offsets/, commits/, sources/ (Spark's layout).
	CheckpointDir string
	// Sources are owned by the query from Start on: it closes them when it terminates (or
	// when Start fails). Open new ones for every Start.
	Sources []Source
	Plan    Plan
	Sink    Sink
	Trigger Trigger
	// OutputMode is "Append" (default when empty), "Update" or "Complete".
	OutputMode string
	// Name is queryName (progress "name"); "" means null.
	Name string
	// Conf is the session's SQL conf; the keys Spark records go into offsets/N.
	Conf map[string]string
	// Now is the clock (time.Now when nil); tests pin it.
	Now func() time.Time
	// Hook, when set, is called at each Step; an error from it aborts the query as a crash
	// would (the batch is left as it is at that point). For tests only.
	Hook func(step Step, batchID int64) error
	// ChunkRows is how many rows a chunk of a batch holds at most (0:
	// rowiter.DefaultChunkRows). Memory per running task follows it.
	ChunkRows int
}

// SourceProgress is progress sources[] for one source. Offsets are raw JSON (objects for
// Kafka), as Spark prints them.
type SourceProgress struct {
	Description            string            `json:"description"`
	StartOffset            json.RawMessage   `json:"startOffset"`
	EndOffset              json.RawMessage   `json:"endOffset"`
	LatestOffset           json.RawMessage   `json:"latestOffset"`
	NumInputRows           int64             `json:"numInputRows"`
	InputRowsPerSecond     float64           `json:"inputRowsPerSecond"`
	ProcessedRowsPerSecond float64           `json:"processedRowsPerSecond"`
	Metrics                map[string]string `json:"metrics,omitempty"`
}

// SinkProgress is progress sink.
type SinkProgress struct {
	Description   string            `json:"description"`
	NumOutputRows int64             `json:"numOutputRows"`
	Metrics       map[string]string `json:"metrics,omitempty"`
}

// Progress is Spark's StreamingQueryProgress for one batch (field names and order as
// Spark's JSON). EventTime is empty for a query without a watermark.
type Progress struct {
	ID                     string                  `json:"id"`
	RunID                  string                  `json:"runId"`
	Name                   *string                 `json:"name"`
	Timestamp              string                  `json:"timestamp"` // ISO-8601 UTC, ms
	BatchID                int64                   `json:"batchId"`
	BatchDuration          int64                   `json:"batchDuration"`
	NumInputRows           int64                   `json:"numInputRows"`
	InputRowsPerSecond     float64                 `json:"inputRowsPerSecond"`
	ProcessedRowsPerSecond float64                 `json:"processedRowsPerSecond"`
	DurationMs             map[string]int64        `json:"durationMs"`
	EventTime              map[string]string       `json:"eventTime,omitempty"`
	StateOperators         []StateOperatorProgress `json:"stateOperators"`
	Sources                []SourceProgress        `json:"sources"`
	Sink                   SinkProgress            `json:"sink"`
	// ObservedMetrics are df.observe's metrics by observation name; Spark leaves the key
	// out when the query observes nothing.
	ObservedMetrics map[string]json.RawMessage `json:"observedMetrics,omitempty"`
}

// EventKind tells what an Event reports.
type EventKind int

const (
	// EventBatchStarted: offsets/N was written; Sources holds the batch's ranges.
	EventBatchStarted EventKind = iota + 1
	// EventBatchFinished: commits/N was written; Progress is set.
	EventBatchFinished
	// EventTerminated: the query stopped; Err is nil for a clean stop.
	EventTerminated
	// EventStarted: the query started (always its first event); BatchID is the batch this
	// run starts with, above 0 when it resumes from its checkpoint.
	EventStarted
	// EventIdle: a trigger found no new data and reported a no-data progress, after an
	// earlier progress of this run (Spark's QueryIdleEvent). Progress is that progress.
	EventIdle
)

// SourceRange is one source's range in a batch, as offset JSON.
type SourceRange struct {
	Description string
	StartOffset string // "" for none (first batch of a new query uses the initial offsets)
	EndOffset   string
}

// Event is what Query.Subscribe delivers, in order.
type Event struct {
	Kind     EventKind
	BatchID  int64
	Sources  []SourceRange // EventBatchStarted
	Progress *Progress     // EventBatchFinished
	Err      error         // EventTerminated
}

// FailAfterCommit is a sink's failure that Spark raises only once the batch is committed
// (the state store commit validation of a foreachBatch query runs when the trigger
// finishes): commits/N is written, then the query fails with Err and reports no progress
// for the batch.
type FailAfterCommit struct {
	Err error
	// Undo, when set, takes back in the checkpoint folder what Spark would not have
	// written (the state of partitions that never committed).
	Undo func(checkpointDir string) error
}

func (e *FailAfterCommit) Error() string { return e.Err.Error() }
func (e *FailAfterCommit) Unwrap() error { return e.Err }
