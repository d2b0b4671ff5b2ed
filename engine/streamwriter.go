package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/checkpoint"
	"github.com/kafkalab/kafkalab/engine/filesink"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stateful"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Trigger is the argument of writeStream.trigger(...): set exactly one field, as PySpark's
// keyword arguments (processingTime="1 minute", once=True, availableNow=True,
// continuous="1 second").
type Trigger struct {
	ProcessingTime string
	Once           bool
	AvailableNow   bool
	Continuous     string
}

// ForeachBatchFunc is the function of writeStream.foreachBatch(fn): called with each
// batch's rows as a static DataFrame and the batch id.
type ForeachBatchFunc func(ctx context.Context, batch *DataFrame, batchID int64) error

// ForeachPartitionFunc is the work of writeStream.foreach(f): called once per partition
// (task) of each epoch with that partition's rows, as Spark runs the writer in each task.
type ForeachPartitionFunc func(ctx context.Context, schema *sqltypes.StructType, partitionID int, epochID int64, rows []sqltypes.Row) error

// DataStreamWriter is df.writeStream.
type DataStreamWriter struct {
	df         *DataFrame
	format     string
	opts       options
	outputMode string
	trigger    stream.Trigger
	// continuous is trigger(continuous=...): Spark's continuous mode, which kafkalab runs
	// as micro-batches at the checkpoint interval once the query passes Spark's checks.
	continuous bool
	err        error
	queryName  string
	partition  []string
	foreach    ForeachBatchFunc
	perRow     ForeachPartitionFunc
}

// WriteStream is df.writeStream.
func (df *DataFrame) WriteStream() *DataStreamWriter { return &DataStreamWriter{df: df} }

// Format is .format(name): delta, console, memory, parquet.
func (w *DataStreamWriter) Format(f string) *DataStreamWriter {
	w.format = strings.ToLower(f)
	return w
}

// Option is .option(key, value): checkpointLocation, path, queryName, and sink options.
func (w *DataStreamWriter) Option(k string, v any) *DataStreamWriter {
	w.opts.set(k, optionValue(v))
	return w
}

// Options is .options(**kv).
func (w *DataStreamWriter) Options(kv map[string]string) *DataStreamWriter {
	for k, v := range kv {
		w.opts.set(k, v)
	}
	return w
}

// OutputMode is .outputMode(mode): append, update or complete.
func (w *DataStreamWriter) OutputMode(mode string) *DataStreamWriter {
	m, err := ParseOutputMode(mode)
	if err != nil {
		w.err = err
	}
	w.outputMode = m
	return w
}

// ParseOutputMode reads an output mode as Spark's OutputMode does (any case): "Append",
// "Update" or "Complete", or Spark's IllegalArgumentException for another word.
func ParseOutputMode(mode string) (string, error) {
	switch strings.ToLower(mode) {
	case "append":
		return "Append", nil
	case "update":
		return "Update", nil
	case "complete":
		return "Complete", nil
	}
	return "", sparkerrors.New(sparkerrors.IllegalArgumentException, "STREAMING_OUTPUT_MODE.INVALID", "outputMode", mode)
}

// Err is the error a setting of the writer found (an unknown output mode, a trigger Spark
// refuses), which Start returns; PySpark raises it at the call that made it.
func (w *DataStreamWriter) Err() error { return w.err }

// Trigger is .trigger(...).
func (w *DataStreamWriter) Trigger(t Trigger) *DataStreamWriter {
	st, err := t.parse()
	if err != nil {
		w.err = err
		return w
	}
	w.trigger = st
	w.continuous = t.Continuous != ""
	return w
}

// Check is the error Spark gives for the trigger when it is set (an interval it cannot
// read, two triggers), nil for a trigger kafkalab can run.
func (t Trigger) Check() error {
	_, err := t.parse()
	return err
}

func (t Trigger) parse() (stream.Trigger, error) {
	set := 0
	for _, b := range []bool{t.ProcessingTime != "", t.Once, t.AvailableNow, t.Continuous != ""} {
		if b {
			set++
		}
	}
	switch {
	case set != 1:
		return stream.Trigger{}, sparkerrors.New(sparkerrors.PySparkValueError, "ONLY_ALLOW_SINGLE_TRIGGER")
	case t.Continuous != "":
		// What a map-only continuous query writes is what micro-batches at its checkpoint
		// interval write (at-least-once either way); Start makes Spark's checks first.
		iv, err := sqltypes.ParseInterval(t.Continuous)
		if err != nil {
			return stream.Trigger{}, err
		}
		if iv.Months != 0 {
			return stream.Trigger{}, illegalArgument("Doesn't support month or year interval: " + t.Continuous)
		}
		return stream.ProcessingTime(time.Duration(iv.Micros/1000) * time.Millisecond), nil
	case t.Once:
		return stream.Once(), nil
	case t.AvailableNow:
		return stream.AvailableNow(), nil
	}
	iv, err := sqltypes.ParseInterval(t.ProcessingTime)
	if err != nil {
		return stream.Trigger{}, err
	}
	if iv.Months != 0 {
		// Spark's Triggers.convert: a month has no fixed length.
		return stream.Trigger{}, illegalArgument("Doesn't support month or year interval: " + t.ProcessingTime)
	}
	return stream.ProcessingTime(time.Duration(iv.Micros/1000) * time.Millisecond), nil
}

// QueryName is .queryName(name).
func (w *DataStreamWriter) QueryName(name string) *DataStreamWriter { w.queryName = name; return w }

// PartitionBy is .partitionBy(cols...): the file sinks write col=value/ folders, the Delta
// sink partitions a new table by them; Start refuses it, with a clear error, for the other
// sinks.
func (w *DataStreamWriter) PartitionBy(cols ...string) *DataStreamWriter {
	w.partition = cols
	return w
}

// ForeachBatch is .foreachBatch(fn).
func (w *DataStreamWriter) ForeachBatch(fn ForeachBatchFunc) *DataStreamWriter {
	w.foreach = fn
	w.format = "foreachbatch"
	return w
}

// Foreach is .foreach(f): fn runs for every partition of every epoch.
func (w *DataStreamWriter) Foreach(fn ForeachPartitionFunc) *DataStreamWriter {
	w.perRow = fn
	w.format = "foreach"
	return w
}

// Start is .start([path]).
func (w *DataStreamWriter) Start(ctx context.Context, path ...string) (*StreamingQuery, error) {
	if len(path) > 0 {
		w.opts.set("path", path[0])
	}
	return w.start(ctx, "")
}

// ToTable is .toTable(name): a managed Delta table, created first (version 0 CREATE TABLE)
// when it does not exist, as Spark does.
func (w *DataStreamWriter) ToTable(ctx context.Context, name string) (*StreamingQuery, error) {
	s := w.df.s
	if _, err := s.tableIdent(name); err != nil {
		return nil, err
	}
	if ft := s.fileTable(name); ft != nil {
		// A file-format table of the catalog: the stream writes its folder with the
		// table's format, as Spark's toTable does for a V1 table.
		if w.format != "" && w.format != ft.provider {
			return nil, &plan.AnalysisError{Message: fmt.Sprintf("The input source(%s) is different from the table spark_catalog.%s.%s's data source provider(%s).", w.format, ft.database(), ft.name, ft.provider)}
		}
		w.format = ft.provider
		w.opts.set("path", ft.path)
		return w.start(ctx, "")
	}
	format := w.format
	if format == "" {
		format = strings.ToLower(s.Conf().GetOr("spark.sql.sources.default", "parquet"))
	}
	path, err := s.TablePath(name)
	if err != nil {
		return nil, err
	}
	if format == "delta" || s.isDeltaTable(path) {
		w.format = "delta"
		return w.start(ctx, name)
	}
	if !isFileFormat(format) {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's toTable writes Delta, parquet, json, csv or text tables; %q is not one of them", format)}
	}
	if !w.df.IsStreaming() {
		return nil, ErrWriteStreamNotAllowed()
	}
	// Without a format the table is a Parquet one (spark.sql.sources.default), whatever
	// catalog Delta configured: Spark creates it in the catalog before the query starts
	// (so a refused query leaves it behind), then writes its folder with a file sink.
	if _, _, err := filesink.SplitPartitions(plan.Schema(w.df.node), w.partition); err != nil {
		return nil, &plan.AnalysisError{Message: err.Error()}
	}
	if err := s.checkNewTableLocation(name, path); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("creating table %s: %w", name, err)
	}
	s.createFileTable(name, format, path, plan.Schema(w.df.node), w.partition)
	w.format = format
	w.opts.set("path", path)
	return w.start(ctx, "")
}

func (w *DataStreamWriter) start(ctx context.Context, table string) (*StreamingQuery, error) {
	s := w.df.s
	if w.err != nil {
		return nil, w.err
	}
	if !w.df.IsStreaming() {
		return nil, ErrWriteStreamNotAllowed()
	}
	format := w.format
	if format == "" {
		format = "parquet" // spark.sql.sources.default
	}
	if len(w.partition) > 0 && !isFileFormat(format) && format != "delta" {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support partitionBy on a streaming %s write yet: write it unpartitioned, or partition a parquet, json, csv or text file sink", format)}
	}
	var tableDelta *delta.Table // toTable's table, made before anything else
	if table != "" {
		// Spark's toTable creates a missing table before the query is analysed or its sink
		// made: a query refused at start (update mode into Delta, append without a
		// watermark, no checkpoint location) still leaves the empty table behind.
		path, err := s.TablePath(table)
		if err != nil {
			return nil, err
		}
		t, err := s.openOrCreateTable(ctx, path, plan.Schema(w.df.node), true, w.partition...)
		if err != nil {
			return nil, err
		}
		tableDelta = t
	}
	mode := w.outputMode
	if mode == "" {
		mode = "Append"
	}
	name := w.queryName
	if name == "" {
		name, _ = w.opts.get("queryName")
	}
	if err := plan.CheckStreaming(w.df.node, mode); err != nil {
		// Spark resolves (and creates) a given checkpoint location before its
		// unsupported-operation checks, so a refused query leaves the empty folder.
		if cp, temp, cerr := w.checkpointDir("", name); cerr == nil && !temp {
			_ = os.MkdirAll(cp, 0o755)
		}
		return nil, err
	}
	if w.continuous {
		if err := checkContinuous(w.df.node); err != nil {
			return nil, err
		}
	}
	trigger := w.trigger
	if trigger.Kind == stream.TriggerDefault && trigger.Interval == 0 {
		trigger = stream.Trigger{Kind: stream.TriggerDefault}
	}

	cp, temp, err := w.checkpointDir(format, name)
	if err != nil {
		return nil, err
	}
	if err := s.streams.activeWith(name, cp); err != nil {
		return nil, err
	}
	// Spark's memory sink continues from a checkpoint only in complete mode (its rows live
	// in memory, so an appended table cannot be rebuilt); in other modes a checkpoint that
	// already holds offsets is refused before the query starts.
	if format == "memory" && mode != "Complete" {
		if fi, err := os.Stat(filepath.Join(cp, "offsets")); err == nil && fi.IsDir() {
			// Spark names the folder as the checkpoint location was given.
			shown := cp
			if p, ok := w.opts.get("checkpointLocation"); ok && p != "" {
				shown = p
			}
			return nil, &plan.AnalysisError{Message: fmt.Sprintf("This query does not support recovering from checkpoint location. Delete %s to start over.", filepath.Join(shown, "offsets"))}
		}
	}

	sp := newStreamPlan(w.df)
	sp.outputMode = mode
	var sink stream.Sink
	var afterStart func(*stream.Query)
	switch format {
	case "delta":
		if mode == "Update" {
			return nil, &plan.AnalysisError{Class: "DELTA_UNSUPPORTED_OUTPUT_MODE", Message: "Data source org.apache.spark.sql.delta.sources.DeltaDataSource does not support Update output mode"}
		}
		t := tableDelta
		if t == nil {
			p, ok := w.opts.get("path")
			if !ok {
				return nil, errors.New("'path' is not specified: give start(path) or use toTable(name)")
			}
			full, err := s.ResolvePath(p)
			if err != nil {
				return nil, err
			}
			if t, err = s.openOrCreateTable(ctx, full, plan.Schema(w.df.node), false); err != nil {
				return nil, err
			}
		}
		s.warnMissingBatches(s.stderr, cp, t)
		sink = &deltaSink{table: t, timeZone: sp.timeZone, now: s.now, hook: s.hook, partitionBy: w.partition, defaults: s.deltaDefaultProperties()}
	case "console":
		cs, err := stream.NewConsoleSink(s.stdout, w.opts.asMap())
		if err != nil {
			return nil, err
		}
		loc := s.Location()
		cs.Show = func(schema *sqltypes.StructType, rows []sqltypes.Row, numRows, truncate int) string {
			return showString(schema, rows, numRows, truncate, false, loc)
		}
		sink = cs
	case "memory":
		if name == "" {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "_LEGACY_ERROR_TEMP_1194")
		}
		// Spark's memory sink takes update mode as append (SupportsStreamingUpdateAsAppend):
		// every batch adds the rows it updated.
		ms := stream.NewMemorySink(name)
		sink = ms
		schema := plan.Schema(w.df.node)
		afterStart = func(*stream.Query) {
			_ = s.registerView(name, s.memoryTableDF(name, schema, ms), true)
		}
	case "foreachbatch":
		sink = &foreachBatchSink{s: s, fn: w.foreach, sizeUnknown: plan.SizeUnknown(w.df.node),
			validateCommits: commitValidated(s, w.df.node)}
	case "foreach":
		sink = &foreachSink{fn: w.perRow}
	case "noop":
		sink = noopSink{}
	case "parquet", "json", "csv", "text":
		if mode != "Append" {
			// Spark 4.2's FileStreamSink refuses update and complete with this condition.
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE",
				"outputMode", strings.ToLower(mode), "className", format)
		}
		p, ok := w.opts.get("path")
		if !ok || p == "" {
			return nil, errors.New("'path' is not specified: give start(path) or option(\"path\", ...)")
		}
		full, err := s.ResolvePath(p)
		if err != nil {
			return nil, err
		}
		o := filesink.Options{PartitionBy: w.partition, Location: s.Location()}
		if format != "parquet" {
			o.Format = textSinkFormat(format, &w.opts, s.Location())
		}
		// Spark checks the partition columns against the query's output when it starts.
		schema := plan.Schema(w.df.node)
		_, dataSchema, err := filesink.SplitPartitions(schema, w.partition)
		if err != nil {
			return nil, &plan.AnalysisError{Message: err.Error()}
		}
		if format != "parquet" {
			if err := o.Format.Check(dataSchema); err != nil {
				return nil, err
			}
		}
		fsink, err := filesink.OpenWith(full, o)
		if err != nil {
			return nil, err
		}
		sink = &parquetSink{sink: fsink}
	case "kafka":
		ks, err := newKafkaSink(w.opts)
		if err != nil {
			return nil, err
		}
		sink = ks
	default:
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support writeStream.format(%q); use delta, kafka, parquet, json, csv, text, console, memory, noop or foreachBatch", format)}
	}

	sources, err := sp.openSources()
	if err != nil {
		return nil, err
	}
	q, err := stream.Start(ctx, stream.Config{
		CheckpointDir: cp, Sources: sources, Plan: sp, Sink: sink, Trigger: trigger,
		OutputMode: mode, Name: name, Conf: s.queryConf(w.df.node), Now: s.now, Hook: s.hook, ChunkRows: s.chunkRows,
	})
	if err != nil {
		for _, src := range sources {
			src.Close()
		}
		return nil, err
	}
	if afterStart != nil {
		afterStart(q)
	}
	sq := &StreamingQuery{q: q}
	// Events are forwarded even with no receiver yet: a subscriber may come later.
	sq.forwarded = forwardEvents(q, s.dispatchEvent)
	if temp {
		sq.cleanup = func(failed bool) {
			if !failed {
				os.RemoveAll(cp)
			}
		}
	}
	s.streams.add(sq)
	return sq, nil
}

// checkpointDir finds the query's checkpoint: the checkpointLocation option, else
// spark.sql.streaming.checkpointLocation/<queryName or id>, else (console, memory,
// foreachBatch only) a temporary folder removed after a clean stop.
func (w *DataStreamWriter) checkpointDir(format, name string) (string, bool, error) {
	s := w.df.s
	if p, ok := w.opts.get("checkpointLocation"); ok && p != "" {
		cp, err := s.resolve(p, "checkpointLocation")
		return cp, false, err
	}
	if root := s.Conf().GetOr(ConfCheckpointLocation, ""); root != "" {
		sub := name
		if sub == "" {
			sub = uuid.NewString()
		}
		dir, err := s.resolve(root, ConfCheckpointLocation)
		if err != nil {
			return "", false, err
		}
		cp, err := s.within(name, "queryName", filepath.Join(dir, sub))
		return cp, false, err
	}
	switch format {
	case "console", "memory", "foreachbatch", "foreach", "noop":
		dir, err := os.MkdirTemp("", "temporary-")
		if err != nil {
			return "", false, fmt.Errorf("temporary checkpoint: %w", err)
		}
		return dir, true, nil
	}
	return "", false, &plan.AnalysisError{Message: "checkpointLocation must be specified either through option(\"checkpointLocation\", ...) or SparkSession.conf.set(\"spark.sql.streaming.checkpointLocation\", ...)"}
}

// foreachBatchSink hands each batch to a user function as a static DataFrame.
type foreachBatchSink struct {
	s  *Session
	fn ForeachBatchFunc
	// sizeUnknown: the batches come from a source Spark has no size estimate for, and so
	// has none for the batch DataFrame (its plan keeps the stream's statistics).
	sizeUnknown bool
	// validateCommits: after the function returns, some action must have run every
	// partition of the batch (Spark's state store commit validation), and what counts as
	// run.
	validateCommits commitCheck
}

func (f *foreachBatchSink) Description() string { return "ForeachBatchSink" }
func (f *foreachBatchSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	schema := b.Schema
	if schema == nil {
		schema = &sqltypes.StructType{}
	}
	// The function may run several actions on the batch: its rows are read once and kept.
	tasks, err := rowiter.CollectTasks(ctx, b.Tasks)
	if err != nil {
		return err
	}
	rel := &plan.Relation{Scope: f.s.newScope(schema, nil), Name: "ForeachBatch", Rows: tasks, SizeUnknown: f.sizeUnknown}
	var mu sync.Mutex
	read := make([]bool, len(tasks))
	if f.validateCommits != commitNotChecked {
		rel.TaskRead = func(task int, ended bool) {
			// An aggregation's partition commits once its task starts: Spark's final
			// aggregate above the state store reads all of it before handing out a row.
			// A deduplication's commits when its rows were read to the end.
			if ended || f.validateCommits == commitOnStart {
				mu.Lock()
				read[task] = true
				mu.Unlock()
			}
		}
	}
	if err := f.fn(ctx, f.s.newDF(rel), b.BatchID); err != nil {
		return err
	}
	if f.validateCommits == commitNotChecked {
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	return missingCommits(b.BatchID, read)
}

// ConfStateStoreCommitValidation turns off Spark 4.2's check that a foreachBatch function
// ran every partition of a stateful query's batch.
const ConfStateStoreCommitValidation = "spark.sql.streaming.stateStore.commitValidation.enabled"

// commitValidationOn reads the check's setting, on unless set to false.
func commitValidationOn(s *Session) bool {
	on, err := strconv.ParseBool(strings.TrimSpace(s.Conf().GetOr(ConfStateStoreCommitValidation, "true")))
	return err != nil || on
}

// commitCheck is how a foreachBatch batch's partitions are checked for their state
// store commits.
type commitCheck int

const (
	commitNotChecked commitCheck = iota
	commitOnStart                // an aggregation: a partition commits when its task starts
	commitAtEnd                  // a deduplication: when its task was read to the end
)

// commitValidated says whether Spark checks the state store commits of a foreachBatch
// query over root: the check is on, the query has stateful operators and no global
// aggregate or limit. kafkalab checks the plans whose batch tasks are the partitions of
// its one state store (an aggregation with keys or a dropDuplicates, no sort after it).
func commitValidated(s *Session, root plan.Node) commitCheck {
	if !commitValidationOn(s) {
		return commitNotChecked
	}
	stores, other, check := 0, false, commitOnStart
	plan.Walk(root, func(n plan.Node) {
		switch x := n.(type) {
		case *stateful.Aggregate:
			stores++
			if len(x.GroupingFields()) == 0 {
				other = true
			}
		case *stateful.Deduplicate:
			stores++
			check = commitAtEnd
		case plan.Stateful, *plan.Sort:
			other = true
		}
	})
	if stores != 1 || other {
		return commitNotChecked
	}
	return check
}

// missingCommits is Spark's failure when the function returned before some action ran a
// partition of the batch to its end: that partition's state store never committed. Spark
// raises it when the trigger finishes, after commits/N is written, wrapped in the
// SparkException of the coordinator call ("Exception thrown in awaitResult: ").
func missingCommits(batchID int64, read []bool) error {
	var missing []string
	for p, ok := range read {
		if !ok {
			missing = append(missing, fmt.Sprintf("(operator=0, partition=%d, store=default)", p))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	cause := sparkerrors.New(sparkerrors.SparkException, "STATE_STORE_COMMIT_VALIDATION_FAILED",
		"batchId", strconv.FormatInt(batchID, 10), "expectedCommits", strconv.Itoa(len(read)),
		"actualCommits", strconv.Itoa(len(read)-len(missing)), "missingCommits", strings.Join(missing, ", "))
	undo := func(cpDir string) error {
		// kafkalab's state operator ran every partition before the function saw the batch;
		// Spark commits only the partitions an action ran, so the others' new version goes.
		for p, ok := range read {
			if ok {
				continue
			}
			dir := filepath.Join(cpDir, "state", "0", strconv.Itoa(p))
			if err := os.Remove(filepath.Join(dir, strconv.FormatInt(batchID+1, 10)+".delta")); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("removing the uncommitted state of partition %d: %w", p, err)
			}
			// A partition that held nothing before this batch leaves no folder, as in Spark.
			_ = os.Remove(dir)
		}
		return nil
	}
	return &stream.FailAfterCommit{Err: &awaitResultError{cause: cause}, Undo: undo}
}

// awaitResultError is Spark's SparkException around a failure an RPC call returned: its
// message is "Exception thrown in awaitResult: " and its SQLSTATE the cause's.
type awaitResultError struct{ cause *sparkerrors.Error }

func (e *awaitResultError) Error() string {
	return "Exception thrown in awaitResult:  SQLSTATE: " + e.cause.SQLState()
}

func (e *awaitResultError) Unwrap() error { return e.cause }

// SparkError is the wrapper as a Spark error; the query's exception adds the cause's
// SQLSTATE to its text.
func (e *awaitResultError) SparkError() *sparkerrors.Error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkException, Message: "Exception thrown in awaitResult: ", Cause: e.cause}
}

// foreachSink runs writeStream.foreach's writer over each task's rows, task by task.
// noopSink is writeStream.format("noop"): every batch runs and its rows are dropped (a
// query run for its progress, or to time it), in any output mode.
type noopSink struct{}

func (noopSink) Description() string { return "NoopTable" }
func (noopSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	for _, task := range b.Tasks {
		if err := rowiter.Each(ctx, task, func([]sqltypes.Row) error { return nil }); err != nil {
			return err
		}
	}
	return nil
}

type foreachSink struct {
	fn ForeachPartitionFunc
}

func (f *foreachSink) Description() string { return "ForeachWriterTable" }
func (f *foreachSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	schema := b.Schema
	if schema == nil {
		schema = &sqltypes.StructType{}
	}
	for i, task := range b.Tasks {
		rows, err := rowiter.Collect(ctx, task)
		if err != nil {
			return err
		}
		if err := f.fn(ctx, schema, i, b.BatchID, rows); err != nil {
			return err
		}
	}
	return nil
}

// queryConf is the session conf a new query records in its offsets files. kafkalab's state
// store writes the files of Spark's default provider (N.delta, N.snapshot); a stateful query
// asked to use another (RocksDB) records the default, so the checkpoint says what it holds
// and Spark can resume it, and the learner is told. A query without state records the
// setting as Spark does: it writes no state files either way.
func (s *Session) queryConf(root plan.Node) map[string]string {
	conf := s.Conf().All()
	p, ok := conf[checkpoint.ConfStateStoreProvider]
	if !ok || p == checkpoint.DefaultStateStoreProvider || !hasStateful(root) {
		return conf
	}
	fmt.Fprintf(s.stderr, "kafkalab: warning: spark.sql.streaming.stateStore.providerClass=%s is not in kafkalab yet; "+
		"this query keeps its state with Spark's default provider (%s: N.delta and N.snapshot files under the checkpoint's state/), "+
		"and its offsets files record that one. The results are the same; to see RocksDB's files, run the script on Spark (kafkalab export).\n",
		p, checkpoint.DefaultStateStoreProvider)
	conf[checkpoint.ConfStateStoreProvider] = checkpoint.DefaultStateStoreProvider
	return conf
}

func hasStateful(n plan.Node) bool {
	found := false
	plan.Walk(n, func(n plan.Node) {
		if _, ok := n.(plan.Stateful); ok {
			found = true
		}
	})
	return found
}

// checkContinuous is Spark's check of a continuous query's plan: only projections and
// filters over its sources (and coalesce(1)); any other operator is refused by its
// logical name, e.g. "Continuous processing does not support Aggregate operations.".
func checkContinuous(root plan.Node) error {
	var err error
	plan.Walk(root, func(n plan.Node) {
		if err != nil {
			return
		}
		var name string
		switch x := n.(type) {
		case *plan.Project, *plan.Filter, *plan.SubqueryAlias, *plan.StreamScan:
			return
		case *plan.Coalesce:
			if x.N == 1 {
				return
			}
			name = "Repartition"
		case *plan.Aggregate, *stateful.Aggregate:
			name = "Aggregate"
		case *plan.Deduplicate, *stateful.Deduplicate:
			name = "Deduplicate"
		case *plan.Join, *stateful.StreamJoin:
			name = "Join"
		case *plan.Watermark:
			name = "EventTimeWatermark"
		case *plan.Limit, *stateful.Limit:
			name = "GlobalLimit"
		default:
			name, _, _ = strings.Cut(n.Describe(), " ")
		}
		err = sparkerrors.Legacy("Continuous processing does not support " + name + " operations.")
	})
	return err
}
