package pyrun

// QueryEventKind says what a streaming query did.
type QueryEventKind string

// The events of a streaming query, in the order they happen.
const (
	QueryStarted    QueryEventKind = "query-started"  // BatchID: the batch the run starts with
	BatchStarted    QueryEventKind = "batch-started"  // Sources: the batch's offset ranges
	BatchFinished   QueryEventKind = "batch-finished" // Progress: what the batch did
	QueryTerminated QueryEventKind = "query-terminated"
)

// QueryEvent is one event of a streaming query, with the query it belongs to. It is
// plain data: it can cross a process boundary as JSON.
type QueryEvent struct {
	Kind      QueryEventKind `json:"kind"`
	QueryID   string         `json:"queryId"`
	QueryName string         `json:"queryName,omitempty"`
	// Checkpoint is the query's checkpoint folder (absolute).
	Checkpoint string `json:"checkpoint"`
	// OutputMode is "Append", "Update" or "Complete".
	OutputMode string `json:"outputMode"`
	// BatchID is the batch of a batch event; for QueryStarted, the batch the run starts
	// with (above 0 when the query resumes from its checkpoint).
	BatchID int64 `json:"batchId"`
	// Sources are a started batch's ranges, one per source.
	Sources []SourceRange `json:"sources,omitempty"`
	// Progress is a finished batch's progress.
	Progress *Progress `json:"progress,omitempty"`
	// Error is why a query that failed stopped ("" for a clean stop).
	Error string `json:"error,omitempty"`
}

// Offsets are Kafka offsets by topic and partition: the next offset to read.
type Offsets map[string]map[int32]int64

// SourceRange is one source's range in a batch. For a Kafka source Start and End are its
// offsets (Start nil in the first batch of a new query, which starts at its starting
// offsets); another source has only its Description.
type SourceRange struct {
	Description string  `json:"description"`
	Start       Offsets `json:"start,omitempty"`
	End         Offsets `json:"end,omitempty"`
	Kafka       bool    `json:"kafka"`
}

// Progress is what the live panes show of a finished batch (Spark's progress fields).
type Progress struct {
	BatchID                int64   `json:"batchId"`
	InputRows              int64   `json:"numInputRows"`
	InputRowsPerSecond     float64 `json:"inputRowsPerSecond"`
	ProcessedRowsPerSecond float64 `json:"processedRowsPerSecond"`
	// Watermark is eventTime.watermark ("2026-10-01T09:15:00.000Z"; "" for a query
	// without one).
	Watermark string `json:"watermark,omitempty"`
	// StateOperators counts the stateful operators; StateRows and DroppedByWatermark add
	// up their numRowsTotal and numRowsDroppedByWatermark.
	StateOperators     int   `json:"stateOperators"`
	StateRows          int64 `json:"stateRows"`
	DroppedByWatermark int64 `json:"droppedByWatermark"`
	// Sink is the sink's description ("DeltaSink[/ws/spark-warehouse/t]").
	Sink string `json:"sink"`
}
