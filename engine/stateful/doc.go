// Package stateful is kafkalab's stateful streaming engine: streaming aggregation with
// watermarks and the three output modes (grouped by time windows, session windows or plain
// keys), streaming deduplication, and the state store kept in the checkpoint's state/
// folder, versioned per batch as Spark's HDFS-backed store is. The engine builds its
// operators (NewAggregate, NewDeduplicate) when a streaming DataFrame is aggregated or
// deduplicated; the window() and session_window() expressions live in engine/plan.
package stateful
