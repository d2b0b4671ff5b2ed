// Package plan is the logical plan of kafkalab's DataFrames: expressions as the user wrote
// them (Expr), the same expressions bound to an input schema (Bound, checked and typed like
// Spark's analyzer does), and operators (Node) that compute rows. The engine root builds
// plans through the DataFrame API; streaming plans have a StreamScan leaf that is bound to
// a micro-batch's input when the batch runs.
//
// # How operators run
//
// An operator's output is one row stream per task (rowiter.Iter; a task is Spark's
// partition: a Kafka offset range, one output file), and rows travel in bounded chunks
// (Exec.ChunkRows, rowiter.DefaultChunkRows by default). Execute only builds the streams:
// rows are computed when the consumer (a sink, an action, a parent operator) reads them,
// so a batch of any size passes through memory a chunk at a time per running task.
// Every operator is written to that contract:
//
//   - Execute(ctx, ex) calls its children's Execute and returns its own streams, in task
//     order. It reads nothing itself, unless the operator needs all its input first.
//   - A row-by-row operator (Project, Filter, Watermark, the probe side of Join, Union's
//     casts) wraps each child stream with rowiter.Map: fn gets a chunk and returns the
//     output rows (fewer, none, or new ones). The returned slice may be reused by the next
//     call; the rows in it must be new or the input's (rows are never changed once handed
//     out, so a consumer may keep them).
//   - An operator that reshapes tasks (Coalesce, Limit, Union) combines the child
//     streams (rowiter.Concat, rowiter.Func) without reading ahead.
//   - An operator that needs its whole input before its first row (Sort, Repartition,
//     the static Aggregate and Deduplicate, a join's build side) reads its children in
//     Execute (rowiter.CollectTasks, or a range loop over rowiter.Rows to keep only what it
//     aggregates, with rowiter.ReadAhead so the next tasks are computed meanwhile) and
//     hands out its result with rowiter.Tasks. A stateful streaming operator (package
//     stateful) does the same within a batch: it keeps its state, not the batch's rows.
//   - Whatever a stream or operator opens (a Kafka consumer, a file) is released by Close;
//     an operator that stops reading a child early, or fails, closes it.
//   - Concurrency belongs to the consumer: a sink reads several tasks at once
//     (rowiter.ForEachTask), so one task's stream is used by one goroutine, and shared
//     state between tasks (a Watermark's statistics) is locked.
//   - Errors come from Next as they are met: the first failing row of a task is its
//     error, and ForEachTask reports the lowest failing task. Run turns a panic, in
//     Execute or while the streams are read, into an InternalError.
//
// Sources come in through Exec.StreamInput (streaming leaves) or Relation.Load (static
// data opened when the plan runs), both as one stream per task.
package plan
