package delta

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

// Task is one Spark task's share of the rows; its ID names the data file (part-<ID>). The
// writer reads Rows to the end (or until it fails) and closes it; nil is no rows.
type Task struct {
	ID   int
	Rows rowiter.Iter
}

// defaultProtocol is what delta-spark 4.0 writes for a new table with default settings.
var defaultProtocol = Protocol{MinReaderVersion: 1, MinWriterVersion: 2}

// maxCommitAttempts bounds retries after losing a commit race to another writer.
const maxCommitAttempts = 10

func newMetadata(schema *sqltypes.StructType, now time.Time) *Metadata {
	created := now.UnixMilli()
	return &Metadata{
		ID:               newUUID(),
		Format:           Format{Provider: "parquet", Options: map[string]string{}},
		SchemaString:     schema.AsNullable().JSON(),
		PartitionColumns: []string{},
		Configuration:    map[string]string{},
		CreatedTime:      &created,
	}
}

func location(zone string) (*time.Location, error) {
	if zone == "" {
		return time.UTC, nil
	}
	loc, ok := sqltypes.ParseZoneID(zone)
	if !ok {
		return nil, fmt.Errorf("session time zone %q is not a valid zone id (spark.sql.session.timeZone takes a region like America/Los_Angeles or an offset like +02:00)", zone)
	}
	return loc, nil
}

func nowOr(t time.Time) time.Time {
	if t.IsZero() {
		return time.Now()
	}
	return t
}

func boolp(b bool) *bool    { return &b }
func int64p(n int64) *int64 { return &n }

// CreateOptions tune CreateTable.
type CreateOptions struct {
	Now time.Time
	// Managed is true for a catalog table under spark-warehouse (toTable/saveAsTable).
	Managed bool
	// Driver is the writer's driver (nil = none, see Driver).
	Driver *Driver
	// PartitionColumns (PARTITIONED BY) and Properties (TBLPROPERTIES) shape the table.
	PartitionColumns []string
	Properties       []KV
	// DefaultProperties are the session's default table properties, applied before
	// Properties (spark.databricks.delta.properties.defaults.*).
	DefaultProperties []KV
	// Operation is commitInfo's operation: "CREATE TABLE" when empty; CREATE OR REPLACE
	// TABLE logs its own name even when it creates the table.
	Operation string
	// Description is the table's comment (metaData's description), nil for none.
	Description *string
	// KeepNullability keeps the schema's NOT NULL columns, as a DDL-defined table does
	// (CREATE TABLE, the table builder); otherwise every column is nullable.
	KeepNullability bool
}

// params is the create or replace commit's operationParameters.
func (o CreateOptions) params() []KV {
	if o.Description != nil {
		return createTableParams(o.Managed, o.PartitionColumns, o.Properties, *o.Description)
	}
	return createTableParams(o.Managed, o.PartitionColumns, o.Properties)
}

// metadata is a new table's metaData under these options.
func (o CreateOptions) metadata(schema *sqltypes.StructType, now time.Time) (*Metadata, error) {
	md := newMetadata(schema, now)
	if o.KeepNullability {
		md.SchemaString = schema.JSON()
	}
	md.Description = o.Description
	part, err := newPartitioning(schema.AsNullable(), o.PartitionColumns)
	if err != nil {
		return nil, err
	}
	if part != nil {
		md.PartitionColumns = part.cols
	}
	setDefaults(md, o.DefaultProperties)
	for _, kv := range o.Properties {
		md.Configuration[kv.Key] = kv.Value
	}
	return md, nil
}

// ErrTableExists is returned by CreateTable when the table already has commits.
var ErrTableExists = errors.New("delta table already exists")

// PostCommitError is returned, with the new version, when a commit succeeded but a step
// that follows it failed: writing the version checksum file (_delta_log/<v>.crc) or the
// checkpoint. The version is in the table and readers need neither file, so callers should
// report the error, not treat the write as failed (delta-spark only logs a warning).
type PostCommitError struct {
	Path    string
	Version int64
	Err     error
}

func (e *PostCommitError) Error() string {
	return fmt.Sprintf("delta table %s: version %d is committed, but: %v", e.Path, e.Version, e.Err)
}

func (e *PostCommitError) Unwrap() error { return e.Err }

// CreateTable writes version 0 "CREATE TABLE" (commitInfo, metaData, protocol), what
// DataStreamWriter.toTable issues before the first batch when the table does not exist. A
// *PostCommitError comes with the table: it was created.
func CreateTable(ctx context.Context, path string, schema *sqltypes.StructType, opts CreateOptions) (*Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t, err := Open(path)
	if err != nil {
		return nil, err
	}
	t.driver = opts.Driver
	if ok, err := t.Exists(); err != nil {
		return nil, err
	} else if ok {
		return nil, fmt.Errorf("create delta table %s: %w", t.path, ErrTableExists)
	}
	if _, err := deltaSchema(schema.AsNullable()); err != nil {
		return nil, fmt.Errorf("create delta table %s: %w", t.path, err)
	}
	now := nowOr(opts.Now)
	md, err := opts.metadata(schema, now)
	if err != nil {
		return nil, err
	}
	ci := &CommitInfo{
		Timestamp:           now.UnixMilli(),
		Operation:           cmp.Or(opts.Operation, "CREATE TABLE"),
		OperationParameters: opts.params(),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(true),
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
	if err := os.MkdirAll(t.path, 0o755); err != nil {
		return nil, fmt.Errorf("create delta table folder: %w", err)
	}
	proto := newTableProtocol(md)
	p := &pendingCommit{info: ci, metadata: md, protocol: &proto}
	if err := t.commit(0, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return nil, fmt.Errorf("create delta table %s: %w", t.path, ErrTableExists)
		}
		return nil, err
	}
	if err := t.afterCommit(emptySnapshot(t), p); err != nil {
		return t, err
	}
	return t, nil
}

// emptySnapshot is the state before version 0.
func emptySnapshot(t *Table) *Snapshot {
	return &Snapshot{Table: t, Version: -1, Txns: map[string]int64{}, txns: map[string]Txn{}}
}

func createTableParams(managed bool, partitionBy []string, props []KV, description ...string) []KV {
	desc := KV{Key: "description", Null: true}
	if len(description) > 0 {
		desc = KV{Key: "description", Value: description[0]}
	}
	return []KV{
		{Key: "partitionBy", Value: PartitionByParam(partitionBy)},
		{Key: "clusterBy", Value: "[]"},
		desc,
		{Key: "isManaged", Value: strconv.FormatBool(managed)},
		{Key: "properties", Value: propertiesParam(props)},
	}
}

// propertiesParam is the JSON object of table properties an operation logs, keys sorted
// (delta-spark 4.4 logs CREATE TABLE's TBLPROPERTIES so, whatever order they were given
// in: corpus dl26).
func propertiesParam(props []KV) string {
	sorted := append([]KV(nil), props...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Key < sorted[j].Key })
	w := &jw{}
	w.obj()
	for _, kv := range sorted {
		w.key(kv.Key).str(kv.Value)
	}
	w.endObj()
	return w.String()
}

// alignRows checks the data schema against the table's and returns a function that puts a
// row's values in table column order.
func alignRows(tablePath string, table, data *sqltypes.StructType) (func(sqltypes.Row) sqltypes.Row, error) {
	mismatch := func() error {
		return fmt.Errorf("schema mismatch writing to Delta table %s: the table has (%s) but the data has (%s); write to a new table, or drop the table folder to recreate it",
			tablePath, describe(table), describe(data))
	}
	if len(table.Fields) != len(data.Fields)+len(missingGenerated(table, data)) {
		return nil, mismatch()
	}
	perm := make([]int, len(table.Fields))
	identity := true
	for i, f := range table.Fields {
		j, ok := data.FieldIndexFold(f.Name)
		if !ok && GenerationExpression(f) != "" {
			// A generated column the data leaves out is computed on the way (guardTasks).
			perm[i], identity = -1, false
			continue
		}
		if !ok || !sqltypes.EqualTypes(f.Type, data.Fields[j].Type, true) {
			return nil, mismatch()
		}
		perm[i] = j
		identity = identity && i == j
	}
	if identity {
		return nil, nil
	}
	return func(r sqltypes.Row) sqltypes.Row {
		out := make(sqltypes.Row, len(perm))
		for i, j := range perm {
			if j >= 0 && j < len(r) {
				out[i] = r[j]
			}
		}
		return out
	}, nil
}

// mergeSchema is Delta's schema evolution for a write with mergeSchema: the table's columns
// keep their place and type, the data's other columns are appended in the data's order
// (nullable), and a column both have must keep its type. align puts a data row in the
// merged order, NULL where the data lacks a column.
func mergeSchema(tablePath string, table, data *sqltypes.StructType) (*sqltypes.StructType, func(sqltypes.Row) sqltypes.Row, error) {
	merged := &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), table.Fields...)}
	from := make([]int, len(table.Fields))
	for i, f := range table.Fields {
		from[i] = -1
		if j, ok := data.FieldIndexFold(f.Name); ok {
			if !sqltypes.EqualTypes(f.Type, data.Fields[j].Type, true) {
				return nil, nil, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_FAILED_TO_MERGE_FIELDS",
					"currentField", f.Name, "updateField", data.Fields[j].Name)
			}
			from[i] = j
		}
	}
	for j, d := range data.Fields {
		if _, ok := table.FieldIndexFold(d.Name); !ok {
			d.Nullable = true
			merged.Fields = append(merged.Fields, d)
			from = append(from, j)
		}
	}
	if _, err := deltaSchema(merged); err != nil {
		return nil, nil, fmt.Errorf("delta table %s: %w", tablePath, err)
	}
	return merged.AsNullable(), func(r sqltypes.Row) sqltypes.Row {
		out := make(sqltypes.Row, len(from))
		for i, j := range from {
			if j >= 0 && j < len(r) {
				out[i] = r[j]
			}
		}
		return out
	}, nil
}

func describe(st *sqltypes.StructType) string {
	parts := make([]string, len(st.Fields))
	for i, f := range st.Fields {
		parts[i] = f.Name + " " + f.Type.SQL()
	}
	return strings.Join(parts, ", ")
}

// filesResult is what writing a set of tasks produced. written and bytes count every
// file written, the empty one of task 0 included (a write's numFiles and numOutputBytes
// metrics count it, though no add names it).
type filesResult struct {
	adds    []AddFile
	rows    int64
	bytes   int64
	written int
}

// writeDataFiles writes one parquet file per task with rows, several tasks at a time, and
// returns their add actions in task order. Each task's rows stream from its iterator into
// its file chunk by chunk. An empty task adds no file, task 0 included, so a batch without
// rows adds none at all: what a real PySpark 4.2 + delta-spark 4.4.0 run commits
// (lab/testharness/sparkdiff: an empty topic's batch 0 commits a version with no add action; a
// failOnDataLoss=false batch whose partition-0 range was deleted commits only
// part-00001). On disk, though, Spark's task 0 always writes its file (a write of no rows
// still leaves the schema), and Delta leaves the empty file out of the commit: that file
// is written here too, named by no version, so the table's folder holds what Spark's does.
//
// A partitioned table (parts, its partition columns) is written by writePartitionedFiles.
func (t *Table) writeDataFiles(ctx context.Context, schema *sqltypes.StructType, parts []string, tasks []Task, align func(sqltypes.Row) sqltypes.Row, loc *time.Location) (filesResult, error) {
	if len(parts) > 0 {
		p, err := newPartitioning(schema, parts)
		if err != nil {
			closeTaskRows(tasks)
			return filesResult{}, err
		}
		if err := os.MkdirAll(t.path, 0o755); err != nil {
			closeTaskRows(tasks)
			return filesResult{}, fmt.Errorf("create delta table folder: %w", err)
		}
		res, err := t.writePartitionedFiles(ctx, schema, p, tasks, align, loc)
		closeTaskRows(tasks)
		return res, err
	}
	its := make([]rowiter.Iter, len(tasks))
	for i, tk := range tasks {
		its[i] = tk.Rows
		if its[i] == nil {
			its[i] = rowiter.Empty()
		}
	}
	if err := os.MkdirAll(t.path, 0o755); err != nil {
		rowiter.CloseAll(its)
		return filesResult{}, fmt.Errorf("create delta table folder: %w", err)
	}
	// Files are named in task order, so the uuid sequence does not depend on scheduling:
	// a task learns whether it has rows, then waits for the task before it to be named.
	turns := rowiter.NewTurns(len(tasks))
	adds := make([]*AddFile, len(tasks))
	counts := make([]int64, len(tasks))
	names := make([]string, len(tasks))
	err := rowiter.ForEachTask(ctx, its, rowiter.Parallelism(), func(ctx context.Context, i int, it rowiter.Iter) error {
		// PeekColumns: a stream that serves columns keeps doing so (see writeOneFile).
		rows, empty, err := rowiter.PeekColumns(ctx, it)
		if werr := turns.Wait(ctx, i); werr != nil {
			if err == nil {
				rows.Close()
			}
			return werr
		}
		name := ""
		if (err == nil && !empty) || isViolation(err) {
			name = fmt.Sprintf("part-%05d-%s-c000.snappy.parquet", tasks[i].ID, newUUID())
		}
		turns.Done(i)
		if isViolation(err) {
			// The task opened its file before its first row broke a constraint: the file
			// stays, holding no rows (see InvariantViolation).
			names[i] = name
			if _, werr := sparkparquet.WriteFile(filepath.Join(t.path, name), schema, nil, nil); werr != nil {
				return werr
			}
			return err
		}
		if err != nil || empty {
			return err
		}
		add, n, err := t.writeOneFile(ctx, schema, name, tasks[i].ID, rows, align, loc)
		adds[i], counts[i], names[i] = add, n, name
		return err
	})
	if err != nil {
		if isViolation(err) {
			// A broken constraint fails the job after its tasks opened their files, and
			// delta-spark's commit protocol deletes none of them (corpus dl45).
			return filesResult{}, err
		}
		// A failed batch leaves no data file behind, finished tasks' included: Spark's job
		// fails with its first failed task, before the others have written (a real PySpark
		// 4.2 run of lesson 05's failOnDataLoss step leaves none).
		for i, a := range adds {
			if a != nil {
				os.Remove(filepath.Join(t.path, names[i]))
			}
		}
		return filesResult{}, err
	}
	var res filesResult
	emptyZero := true
	for i, a := range adds {
		if a == nil {
			continue
		}
		res.adds = append(res.adds, *a)
		res.rows += counts[i]
		res.bytes += a.Size
		res.written++
		emptyZero = emptyZero && tasks[i].ID != 0
	}
	if emptyZero {
		// No log names this file, so its uuid is not one of the commit's.
		name := fmt.Sprintf("part-%05d-%s-c000.snappy.parquet", 0, uuid.NewString())
		size, err := sparkparquet.WriteFile(filepath.Join(t.path, name), schema, nil, nil)
		if err != nil {
			return filesResult{}, fmt.Errorf("delta table %s task 0: %w", t.path, err)
		}
		res.written++
		res.bytes += size
	}
	return res, nil
}

// writeOneFile streams one task's rows into a new data file and returns its add action
// and row count.
func (t *Table) writeOneFile(ctx context.Context, schema *sqltypes.StructType, name string, taskID int, rows rowiter.Iter, align func(sqltypes.Row) sqltypes.Row, loc *time.Location) (*AddFile, int64, error) {
	defer rows.Close()
	full := filepath.Join(t.path, name)
	f, err := sparkparquet.CreateFile(full, schema, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("delta table %s task %d: %w", t.path, taskID, err)
	}
	stats := newStatsCollector(schema)
	if cols := rowiter.Columns(rows); cols != nil && align == nil {
		err = writeColumnBatches(ctx, cols, f, stats)
	} else {
		err = writeChunks(ctx, rows, f, stats, align)
	}
	if err != nil {
		if isViolation(err) {
			f.Close() // the rows before the broken one stay in the file, as Spark's do
		} else {
			f.Abort()
		}
		return nil, 0, fmt.Errorf("delta table %s task %d: %w", t.path, taskID, err)
	}
	size, err := f.Close()
	if err != nil {
		return nil, 0, fmt.Errorf("delta table %s task %d: %w", t.path, taskID, err)
	}
	st, err := os.Stat(full)
	if err != nil {
		return nil, 0, fmt.Errorf("delta table %s: %w", t.path, err)
	}
	return &AddFile{
		Path:             encodePath(name),
		PartitionValues:  map[string]string{},
		Size:             size,
		ModificationTime: modTimeMs(st),
		DataChange:       true,
		Stats:            stats.json(loc),
	}, stats.rows, nil
}

// writeChunks writes a task's rows to f chunk by chunk, taking their stats.
func writeChunks(ctx context.Context, rows rowiter.Iter, f *sparkparquet.File, stats *statsCollector, align func(sqltypes.Row) sqltypes.Row) error {
	var aligned []sqltypes.Row
	return rowiter.Each(ctx, rows, func(chunk []sqltypes.Row) error {
		in := chunk
		if align != nil {
			aligned = aligned[:0]
			for _, r := range chunk {
				aligned = append(aligned, align(r))
			}
			chunk = aligned
		}
		stats.add(chunk)
		if err := f.Write(chunk); err != nil {
			return err
		}
		// The stats and the file keep values, not rows: the chunk can be reused.
		rowiter.Release(rows, in)
		return nil
	})
}

// writeColumnBatches is writeChunks for a stream that serves columns (the columnar path of
// #18): the same file and stats, from typed vectors; a chunk the stream gives as rows
// takes the row way.
func writeColumnBatches(ctx context.Context, cols rowiter.ColumnIter, f *sparkparquet.File, stats *statsCollector) error {
	defer cols.Close()
	for {
		b, rows, err := cols.NextBatch(ctx)
		if err == io.EOF {
			return cols.Close()
		}
		if err != nil {
			return err
		}
		if b == nil {
			stats.add(rows)
			if err := f.Write(rows); err != nil {
				return err
			}
			rowiter.Release(cols, rows)
			continue
		}
		stats.addBatch(b)
		if err := f.WriteBatch(b); err != nil {
			return err
		}
	}
}

// closeTaskRows closes the tasks' rows: a write that ends early (nothing to write, an
// error) still releases them.
func closeTaskRows(tasks []Task) {
	for _, tk := range tasks {
		if tk.Rows != nil {
			tk.Rows.Close()
		}
	}
}

// StreamingBatch is one micro-batch for the Delta sink.
type StreamingBatch struct {
	QueryID    string
	BatchID    int64
	OutputMode string // "Append" or "Complete" (case-insensitive)
	Schema     *sqltypes.StructType
	Tasks      []Task
	Now        time.Time
	TimeZone   string // session time zone for stats ("UTC" when empty)
	// PartitionColumns is the writer's partitionBy: a new table is partitioned by them; an
	// existing one keeps its own, and a different list is refused.
	PartitionColumns []string
	// DefaultProperties are the session's defaults for a new table's properties
	// (spark.databricks.delta.properties.defaults.*).
	DefaultProperties []KV
	// BeforeCommit, when set, runs after the data files are written and before the commit;
	// an error from it aborts the write and leaves the files where a crash would leave them
	// (fault injection for tests and the lab).
	BeforeCommit func() error
}

// HasStreamingBatch reports whether the table already holds a streaming query's batch: its
// txn action for the query names this batch id or a later one. Spark's Delta sink asks this
// before it runs a batch's DataFrame, so a batch it skips reads nothing.
func (t *Table) HasStreamingBatch(queryID string, batchID int64) (bool, error) {
	snap, err := t.Snapshot()
	if err != nil {
		return false, err
	}
	v, ok := snap.Txns[queryID]
	return ok && v >= batchID, nil
}

// WriteStreamingBatch is Delta's DeltaSink.addBatch. When the table's txn for the query
// already records this batch (or a later one) nothing is written (written=false, version =
// the current version). Otherwise the data files are written and ONE version is committed
// with the txn action, the adds and, in Complete mode, removes of every earlier file.
// After the commit, the version checksum file is written and, every 10 versions, a
// checkpoint; if either fails the result is written=true, the version and a
// *PostCommitError.
func (t *Table) WriteStreamingBatch(ctx context.Context, b StreamingBatch) (written bool, version int64, err error) {
	defer closeTaskRows(b.Tasks)
	mode, err := outputMode(b.OutputMode)
	if err != nil {
		return false, -1, err
	}
	if b.QueryID == "" {
		return false, -1, errors.New("delta streaming write: the query id is empty")
	}
	if b.Schema == nil {
		return false, -1, errors.New("delta streaming write: the batch schema is missing")
	}
	loc, err := location(b.TimeZone)
	if err != nil {
		return false, -1, err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return false, -1, err
	}
	if v, ok := snap.Txns[b.QueryID]; ok && v >= b.BatchID {
		return false, snap.Version, nil // "Skipping already complete epoch"
	}
	now := nowOr(b.Now)
	var md *Metadata
	schema := b.Schema.AsNullable()
	var align func(sqltypes.Row) sqltypes.Row
	var parts []string
	if snap.Version < 0 {
		md = newMetadata(b.Schema, now)
		setDefaults(md, b.DefaultProperties)
		if _, err := deltaSchema(schema); err != nil {
			return false, -1, fmt.Errorf("delta table %s: %w", t.path, err)
		}
		p, err := newPartitioning(schema, b.PartitionColumns)
		if err != nil {
			return false, -1, err
		}
		if p != nil {
			md.PartitionColumns, parts = p.cols, p.cols
		}
	} else {
		if align, err = alignRows(t.path, snap.Schema, b.Schema); err != nil {
			return false, -1, err
		}
		schema = snap.Schema
		parts = snap.Metadata.PartitionColumns
		if len(b.PartitionColumns) > 0 && !samePartitionColumns(b.PartitionColumns, parts) {
			return false, -1, partitionChangeError(parts, b.PartitionColumns)
		}
		if align, err = guardTasks(b.Tasks, snap.Metadata, schema, b.Schema, align, b.TimeZone); err != nil {
			return false, -1, err
		}
	}
	files, err := t.writeDataFiles(ctx, schema, parts, b.Tasks, align, loc)
	if err != nil {
		return false, -1, err
	}
	if b.BeforeCommit != nil {
		if err := b.BeforeCommit(); err != nil {
			return false, -1, err
		}
	}
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return false, -1, err
		}
		commitTime := nowOr(b.Now)
		ci := &CommitInfo{
			Timestamp: commitTime.UnixMilli(),
			Operation: "STREAMING UPDATE",
			OperationParameters: []KV{
				{Key: "outputMode", Value: mode},
				{Key: "queryId", Value: b.QueryID},
				{Key: "epochId", Value: strconv.FormatInt(b.BatchID, 10)},
			},
			IsolationLevel: "Serializable",
			IsBlindAppend:  boolp(mode == "Append"),
			EngineInfo:     EngineInfo,
			TxnID:          newUUID(),
		}
		if snap.Version >= 0 {
			ci.ReadVersion = int64p(snap.Version)
		}
		var removes []*RemoveFile
		if mode == "Complete" {
			for _, f := range snap.Files {
				removes = append(removes, removeOf(f.Add, commitTime))
			}
		}
		// Delta 4.4's order, seen in a real PySpark 4.2 run (lab/testharness/sparkdiff).
		ci.OperationMetrics = []KV{
			{Key: "numRemovedFiles", Value: strconv.Itoa(len(removes))},
			{Key: "numAddedFiles", Value: strconv.Itoa(len(files.adds))},
			{Key: "numOutputRows", Value: strconv.FormatInt(files.rows, 10)},
			{Key: "numOutputBytes", Value: strconv.FormatInt(addedBytes(files.adds), 10)},
		}
		p := &pendingCommit{info: ci, metadata: md, adds: files.adds, removes: removes,
			txn: &Txn{AppID: b.QueryID, Version: b.BatchID, LastUpdated: int64p(commitTime.UnixMilli())}}
		if md != nil {
			proto := newTableProtocol(md)
			p.protocol = &proto
		}
		v := snap.Version + 1
		err := t.commit(v, p.lines())
		if err == nil {
			return true, v, t.afterCommit(snap, p)
		}
		if !errors.Is(err, ErrConcurrentCommit) || attempt+1 >= maxCommitAttempts {
			return false, -1, err
		}
		// Lost the race: look again. If the winner committed this batch, ours is a no-op
		// (our files stay behind as unreferenced strays, as with Spark).
		if snap, err = t.Snapshot(); err != nil {
			return false, -1, err
		}
		if tv, ok := snap.Txns[b.QueryID]; ok && tv >= b.BatchID {
			return false, snap.Version, nil
		}
		if snap.Version >= 0 && md != nil {
			// Someone created the table meanwhile: our data must fit its schema.
			if _, err := alignRows(t.path, snap.Schema, b.Schema); err != nil {
				return false, -1, err
			}
			md = nil
		}
	}
}

func outputMode(m string) (string, error) {
	switch strings.ToLower(m) {
	case "append", "":
		return "Append", nil
	case "complete":
		return "Complete", nil
	case "update":
		return "", sparkerrors.New(sparkerrors.AnalysisException, "DELTA_UNSUPPORTED_OUTPUT_MODE",
			"dataSource", "org.apache.spark.sql.delta.sources.DeltaDataSource", "mode", "Update")
	}
	return "", fmt.Errorf("unknown output mode %q for the Delta sink; use append or complete", m)
}

// removeOf is the remove action that replaces an add. Delta 4.4 writes it without the
// file's stats (the files it removes come from a scan that does not read them), as a
// real complete-mode run shows.
func removeOf(a AddFile, at time.Time) *RemoveFile {
	size := a.Size
	return &RemoveFile{
		Path:                 a.Path,
		DeletionTimestamp:    int64p(at.UnixMilli()),
		DataChange:           true,
		ExtendedFileMetadata: boolp(true),
		PartitionValues:      a.PartitionValues,
		Size:                 &size,
		partOrder:            a.partOrder,
	}
}

// BatchWrite is a static DataFrame write (df.write.format("delta")).
type BatchWrite struct {
	// Mode is the SaveMode: "append", "overwrite", "errorifexists" (default) or "ignore".
	Mode   string
	Schema *sqltypes.StructType
	Tasks  []Task
	// SaveAsTable marks a catalog table write (saveAsTable): creating the table is logged as
	// CREATE TABLE AS SELECT, replacing it as CREATE OR REPLACE TABLE AS SELECT.
	SaveAsTable bool
	// OverwriteSchema allows overwrite with a different schema (option overwriteSchema).
	OverwriteSchema bool
	// SQLReplace is SQL's CREATE OR REPLACE TABLE ... AS SELECT (with SaveAsTable and mode
	// overwrite): the table gets new metadata whatever its schema (a new id), and the
	// commit does not carry saveAsTable's isV1SaveAsTableOverwrite.
	SQLReplace bool
	// MergeSchema lets the data add columns to the table (option mergeSchema, or
	// spark.databricks.delta.schema.autoMerge.enabled): the new columns are appended to
	// the table's schema, and its older rows read them as NULL.
	MergeSchema bool
	Now         time.Time
	TimeZone    string
	// Txn, when set (options txnAppId and txnVersion), makes the write idempotent as
	// Delta's: it is skipped when the table's txn for the app id has this version or a
	// later one, and otherwise commits a txn action with it.
	Txn *Txn
	// PartitionColumns is the writer's partitionBy: a new table (or an overwrite with
	// overwriteSchema) is partitioned by them; otherwise they must be the table's own.
	PartitionColumns []string
	// DynamicPartitionOverwrite (option partitionOverwriteMode=dynamic) makes an overwrite
	// of a partitioned table replace only the partitions the data has rows for.
	DynamicPartitionOverwrite bool
	// DefaultProperties are the session's defaults for a new table's properties
	// (spark.databricks.delta.properties.defaults.*).
	DefaultProperties []KV
	// Properties are a new (or replaced) table's own properties (writeTo's tableProperty),
	// set after the defaults and logged in the create or replace commit.
	Properties []KV
	// Operation, when set, names the replace commit (writeTo's replace() logs REPLACE TABLE
	// AS SELECT where createOrReplace() logs CREATE OR REPLACE TABLE AS SELECT).
	Operation string
}

// setDefaults records the session's default table properties in a new table's metadata.
func setDefaults(md *Metadata, props []KV) {
	for _, kv := range props {
		md.Configuration[kv.Key] = kv.Value
	}
}

// Write performs a static write and returns the committed version; written is false when
// mode "ignore" found an existing table. As with WriteStreamingBatch, a failure after the
// commit comes as a *PostCommitError with written=true. The data files are written once;
// a commit lost to another writer is tried again on the new state, as long as the files
// still fit it.
func (t *Table) Write(ctx context.Context, w BatchWrite) (written bool, version int64, err error) {
	defer closeTaskRows(w.Tasks)
	if w.Schema == nil {
		return false, -1, errors.New("delta write: the schema is missing")
	}
	loc, err := location(w.TimeZone)
	if err != nil {
		return false, -1, err
	}
	mode, err := saveMode(w.Mode)
	if err != nil {
		return false, -1, err
	}
	var files filesResult
	var written0 *staticWritePlan
	for attempt := 0; ; attempt++ {
		snap, err := t.Snapshot()
		if err != nil {
			return false, -1, err
		}
		wp, done, err := t.planStaticWrite(snap, w, mode)
		if err != nil {
			return false, -1, err
		}
		if done {
			return false, snap.Version, nil
		}
		if written0 == nil {
			md := wp.md
			if md == nil {
				md = snap.Metadata
			}
			if wp.align, err = guardTasks(w.Tasks, md, wp.schema, w.Schema, wp.align, w.TimeZone); err != nil {
				return false, -1, err
			}
			if files, err = t.writeDataFiles(ctx, wp.schema, wp.parts, w.Tasks, wp.align, loc); err != nil {
				return false, -1, err
			}
			written0 = wp
		} else if !sameColumns(wp.schema, written0.schema) {
			// The files hold the columns of the table as it was: another writer changed it.
			return false, -1, fmt.Errorf("delta table %s: another writer changed the table's schema while this write ran; write again", t.path)
		}
		now := nowOr(w.Now)
		md := wp.md
		ci := &CommitInfo{
			Timestamp:      now.UnixMilli(),
			IsolationLevel: "Serializable",
			EngineInfo:     EngineInfo,
			TxnID:          newUUID(),
		}
		exists := snap.Version >= 0
		var removes []*RemoveFile
		dynamic := exists && mode == "Overwrite" && w.DynamicPartitionOverwrite && len(wp.parts) > 0
		if exists && mode == "Overwrite" {
			written := map[string]bool{}
			for _, a := range files.adds {
				written[partitionKey(a.PartitionValues, wp.parts)] = true
			}
			for _, f := range snap.Files {
				if dynamic && !written[partitionKey(f.Add.PartitionValues, wp.parts)] {
					continue // a partition the data has no rows for stays
				}
				removes = append(removes, removeOf(f.Add, now))
			}
		}
		// saveAsTable in overwrite mode replaces the table whether or not it exists, so even
		// the first write of a new table is logged as a replace (Delta 4.4 does).
		replace := w.SaveAsTable && mode == "Overwrite"
		switch {
		case replace:
			ci.Operation = cmp.Or(w.Operation, "CREATE OR REPLACE TABLE AS SELECT")
			params := createTableParams(true, w.PartitionColumns, w.Properties)
			if !w.SQLReplace {
				params = append([]KV{{Key: "isV1SaveAsTableOverwrite", Value: "true", Raw: true}}, params...)
			}
			ci.OperationParameters = orderedKVs(params)
		case w.SaveAsTable && !exists:
			ci.Operation = "CREATE TABLE AS SELECT"
			ci.OperationParameters = createTableParams(true, w.PartitionColumns, w.Properties)
		default:
			ci.Operation = "WRITE"
			ci.OperationParameters = []KV{{Key: "mode", Value: mode}, {Key: "partitionBy", Value: PartitionByParam(w.PartitionColumns)}}
			if w.MergeSchema {
				ci.OperationParameters = append(ci.OperationParameters, KV{Key: "canMergeSchema", Value: "true", Raw: true})
			}
			if dynamic {
				ci.OperationParameters = append(ci.OperationParameters, KV{Key: "isDynamicPartitionOverwrite", Value: "true", Raw: true})
			}
		}
		if exists {
			ci.ReadVersion = int64p(snap.Version)
		}
		// An overwrite reads the table to remove its files, so it is not a blind append, even
		// when saveAsTable's replace finds no table; CREATE TABLE AS SELECT only adds.
		ci.IsBlindAppend = boolp(mode != "Overwrite")
		metrics := []KV{{Key: "numFiles", Value: strconv.Itoa(files.written)}}
		if (exists && mode == "Overwrite") || replace {
			var removed int64
			for _, r := range removes {
				removed += *r.Size
			}
			metrics = append(metrics, KV{Key: "numRemovedFiles", Value: strconv.Itoa(len(removes))},
				KV{Key: "numRemovedBytes", Value: strconv.FormatInt(removed, 10)})
		}
		metrics = append(metrics, KV{Key: "numOutputRows", Value: strconv.FormatInt(files.rows, 10)},
			KV{Key: "numOutputBytes", Value: strconv.FormatInt(files.bytes, 10)})
		ci.OperationMetrics = orderedKVs(metrics)
		p := &pendingCommit{info: ci, metadata: md, adds: files.adds, removes: removes}
		if w.Txn != nil {
			p.txn = &Txn{AppID: w.Txn.AppID, Version: w.Txn.Version, LastUpdated: int64p(now.UnixMilli())}
		}
		if md != nil && !exists {
			proto := newTableProtocol(md)
			p.protocol = &proto
		}
		v := snap.Version + 1
		err = t.commit(v, p.lines())
		if err == nil {
			return true, v, t.afterCommit(snap, p) // a *PostCommitError at worst, as in WriteStreamingBatch
		}
		if !errors.Is(err, ErrConcurrentCommit) || attempt+1 >= maxCommitAttempts {
			return false, -1, err
		}
		// Lost a race: plan the commit again on the new state (the files written stay
		// unreferenced if it cannot be made).
	}
}

func addedBytes(adds []AddFile) int64 {
	var n int64
	for _, a := range adds {
		n += a.Size
	}
	return n
}

// staticWritePlan is how a static write fits the table as a snapshot shows it.
type staticWritePlan struct {
	schema *sqltypes.StructType            // the files' columns
	align  func(sqltypes.Row) sqltypes.Row // data columns into table order (nil: as they are)
	md     *Metadata                       // new metadata (a new table, or an overwrite with a new schema)
	parts  []string                        // the partition columns the files are written by
}

// planStaticWrite decides how w writes to the table in state snap; done means there is
// nothing to write (mode "ignore" on an existing table).
func (t *Table) planStaticWrite(snap *Snapshot, w BatchWrite, mode string) (*staticWritePlan, bool, error) {
	exists := snap.Version >= 0
	switch {
	case exists && mode == "ErrorIfExists":
		return nil, false, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_PATH_EXISTS", "path", t.path)
	case exists && mode == "Ignore":
		return nil, true, nil
	case exists && mode == "Overwrite":
		if err := snap.AssertRemovable("delta.`" + t.AbsPath() + "`"); err != nil {
			return nil, false, err
		}
	}
	if w.Txn != nil {
		if v, ok := snap.Txns[w.Txn.AppID]; ok && v >= w.Txn.Version {
			return nil, true, nil
		}
	}
	now := nowOr(w.Now)
	wp := &staticWritePlan{schema: w.Schema.AsNullable()}
	var err error
	// newParts partitions new metadata by the writer's partitionBy.
	newParts := func() error {
		p, err := newPartitioning(wp.schema, w.PartitionColumns)
		if err != nil {
			return err
		}
		if p != nil {
			wp.md.PartitionColumns, wp.parts = p.cols, p.cols
		}
		return nil
	}
	if exists && !(mode == "Overwrite" && w.OverwriteSchema) && len(w.PartitionColumns) > 0 &&
		!samePartitionColumns(w.PartitionColumns, snap.Metadata.PartitionColumns) {
		return nil, false, partitionChangeError(snap.Metadata.PartitionColumns, w.PartitionColumns)
	}
	if exists {
		wp.parts = snap.Metadata.PartitionColumns
	}
	if !exists {
		wp.md = newMetadata(w.Schema, now)
		setDefaults(wp.md, w.DefaultProperties)
		setDefaults(wp.md, w.Properties)
		if err := newParts(); err != nil {
			return nil, false, err
		}
	} else if mode == "Overwrite" && w.SQLReplace {
		wp.md = newMetadata(w.Schema, now)
		setDefaults(wp.md, w.Properties)
		wp.parts = nil
		if err := newParts(); err != nil {
			return nil, false, err
		}
	} else if mode == "Overwrite" && w.OverwriteSchema {
		a, err := alignRows(t.path, snap.Schema, w.Schema)
		if err != nil || (len(w.PartitionColumns) > 0 && !samePartitionColumns(w.PartitionColumns, snap.Metadata.PartitionColumns)) {
			wp.md = newMetadata(w.Schema, now)
			wp.md.ID = snap.Metadata.ID
			wp.parts = nil
			if err := newParts(); err != nil {
				return nil, false, err
			}
		} else {
			wp.align, wp.schema = a, snap.Schema
		}
	} else {
		if wp.align, err = alignRows(t.path, snap.Schema, w.Schema); err != nil {
			if !w.MergeSchema {
				return nil, false, err
			}
			merged, align, merr := mergeSchema(t.path, snap.Schema, w.Schema)
			if merr != nil {
				return nil, false, merr
			}
			md := *snap.Metadata
			md.SchemaString = merged.JSON()
			wp.md, wp.schema, wp.align = &md, merged, align
			return wp, false, nil
		}
		wp.schema = snap.Schema
	}
	if _, err := deltaSchema(wp.schema); err != nil {
		return nil, false, fmt.Errorf("delta table %s: %w", t.path, err)
	}
	return wp, false, nil
}

// partitionChangeError is Delta's refusal of a write whose partitionBy differs from the
// table's partition columns (DELTA_METADATA_MISMATCH, its PARTITIONING_MISMATCH case).
func partitionChangeError(table, write []string) error {
	e := sparkerrors.New(sparkerrors.AnalysisException, "DELTA_METADATA_MISMATCH")
	e.Message += fmt.Sprintf("\nPartition columns do not match the partition columns of the table.\nGiven: [%s]\nTable: [%s]\n",
		strings.Join(write, ", "), strings.Join(table, ", "))
	return e
}

// sameColumns reports whether two schemas have the same column names and types, in order.
func sameColumns(a, b *sqltypes.StructType) bool {
	if len(a.Fields) != len(b.Fields) {
		return false
	}
	for i := range a.Fields {
		if a.Fields[i].Name != b.Fields[i].Name || !sqltypes.EqualTypes(a.Fields[i].Type, b.Fields[i].Type, true) {
			return false
		}
	}
	return true
}

func saveMode(m string) (string, error) {
	switch strings.ToLower(strings.ReplaceAll(m, "_", "")) {
	case "append":
		return "Append", nil
	case "overwrite":
		return "Overwrite", nil
	case "", "error", "errorifexists", "default":
		return "ErrorIfExists", nil
	case "ignore":
		return "Ignore", nil
	}
	return "", fmt.Errorf("unknown save mode %q; accepted save modes are 'overwrite', 'append', 'ignore', 'error', 'errorifexists', 'default'", m)
}

// Hooks that golden tests replace to make files deterministic.
var (
	newUUID   = uuid.NewString
	modTimeMs = func(fi os.FileInfo) int64 { return fi.ModTime().UnixMilli() }
)

// deltaSchema is the Parquet schema of a Delta table's data files, refusing the types
// kafkalab does not put in a Delta table: TIME, which Parquet files take but kafkalab's
// Delta tables do not yet (no table feature of delta-spark's for it is written).
func deltaSchema(schema *sqltypes.StructType) (*parquet.Schema, error) {
	if name, ok := timeColumn(schema.Fields, ""); ok {
		return nil, fmt.Errorf("kafkalab cannot write the TIME column %s to a Delta table yet; cast it to STRING, or write Parquet", name)
	}
	return sparkparquet.Schema(schema)
}

// timeColumn finds a TIME field, at any depth, by its dotted name.
func timeColumn(fields []sqltypes.StructField, prefix string) (string, bool) {
	for _, f := range fields {
		if hasTime(f.Type) {
			if st, ok := f.Type.(*sqltypes.StructType); ok {
				if n, ok := timeColumn(st.Fields, prefix+f.Name+"."); ok {
					return n, true
				}
			}
			return prefix + f.Name, true
		}
	}
	return "", false
}

func hasTime(t sqltypes.DataType) bool {
	switch t := t.(type) {
	case sqltypes.TimeType:
		return true
	case sqltypes.ArrayType:
		return hasTime(t.Element)
	case sqltypes.MapType:
		return hasTime(t.Key) || hasTime(t.Value)
	case *sqltypes.StructType:
		for _, f := range t.Fields {
			if hasTime(f.Type) {
				return true
			}
		}
	}
	return false
}
