// Package stateful is kafkalab's stateful streaming engine: event-time windows
// (window, session_window), streaming aggregation with watermarks and the three output
// modes, streaming deduplication, and the state store kept in the checkpoint's state/
// folder, versioned per batch as Spark's HDFS-backed store is.
//
// The package plugs into the engine through its registration points (plan.RegisterFunction,
// engine.RegisterStreamingAggregation): importing it is enough.
package stateful
