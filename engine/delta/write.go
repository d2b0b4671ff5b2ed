package delta

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Task is one Spark task's share of the rows; its ID names the data file (part-<ID>).
type Task struct {
	ID   int
	Rows []sqltypes.Row
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
	if _, err := sparkparquet.Schema(schema.AsNullable()); err != nil {
		return nil, fmt.Errorf("create delta table %s: %w", t.path, err)
	}
	now := nowOr(opts.Now)
	md := newMetadata(schema, now)
	ci := &CommitInfo{
		Timestamp:           now.UnixMilli(),
		Operation:           "CREATE TABLE",
		OperationParameters: createTableParams(opts.Managed),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(true),
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
	if err := os.MkdirAll(t.path, 0o755); err != nil {
		return nil, fmt.Errorf("create delta table folder: %w", err)
	}
	proto := defaultProtocol
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

func createTableParams(managed bool) []KV {
	return []KV{
		{Key: "partitionBy", Value: "[]"},
		{Key: "clusterBy", Value: "[]"},
		{Key: "description", Null: true},
		{Key: "isManaged", Value: strconv.FormatBool(managed)},
		{Key: "properties", Value: "{}"},
	}
}

// alignRows checks the data schema against the table's and returns a function that puts a
// row's values in table column order.
func alignRows(tablePath string, table, data *sqltypes.StructType) (func(sqltypes.Row) sqltypes.Row, error) {
	mismatch := func() error {
		return fmt.Errorf("schema mismatch writing to Delta table %s: the table has (%s) but the data has (%s); write to a new table, or drop the table folder to recreate it",
			tablePath, describe(table), describe(data))
	}
	if len(table.Fields) != len(data.Fields) {
		return nil, mismatch()
	}
	perm := make([]int, len(table.Fields))
	identity := true
	for i, f := range table.Fields {
		j, ok := data.FieldIndexFold(f.Name)
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
			if j < len(r) {
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

// writeDataFiles writes one parquet file per task with rows, in parallel, and returns
// their add actions. An empty task adds no file, task 0 included, so a batch without rows
// adds none at all: what a real PySpark 4.2 + delta-spark 4.4.0 run commits (lab/testharness/sparkdiff:
// an empty topic's batch 0 commits a version with no add action; a failOnDataLoss=false
// batch whose partition-0 range was deleted commits only part-00001). On disk, though,
// Spark's task 0 always writes its file (a write of no rows still leaves the schema), and
// Delta leaves the empty file out of the commit: that file is written here too, named by
// no version, so the table's folder holds what Spark's does.
func (t *Table) writeDataFiles(ctx context.Context, schema *sqltypes.StructType, tasks []Task, align func(sqltypes.Row) sqltypes.Row, loc *time.Location) (filesResult, error) {
	var todo []Task
	emptyZero := true
	for _, tk := range tasks {
		if len(tk.Rows) > 0 {
			todo = append(todo, tk)
			emptyZero = emptyZero && tk.ID != 0
		}
	}
	if err := os.MkdirAll(t.path, 0o755); err != nil {
		return filesResult{}, fmt.Errorf("create delta table folder: %w", err)
	}
	var res filesResult
	if emptyZero {
		// No log names this file, so its uuid is not one of the commit's.
		name := fmt.Sprintf("part-%05d-%s-c000.snappy.parquet", 0, uuid.NewString())
		size, err := sparkparquet.WriteFile(filepath.Join(t.path, name), schema, nil, nil)
		if err != nil {
			return filesResult{}, fmt.Errorf("delta table %s task 0: %w", t.path, err)
		}
		res.written, res.bytes = 1, size
	}
	// Names first, in task order, so the uuid sequence does not depend on scheduling.
	names := make([]string, len(todo))
	for i, tk := range todo {
		names[i] = fmt.Sprintf("part-%05d-%s-c000.snappy.parquet", tk.ID, newUUID())
	}
	adds := make([]AddFile, len(todo))
	errs := make([]error, len(todo))
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				adds[i], errs[i] = t.writeOneFile(ctx, schema, names[i], todo[i], align, loc)
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return filesResult{}, err
		}
		res.adds = append(res.adds, adds[i])
		res.rows += int64(len(todo[i].Rows))
		res.bytes += adds[i].Size
		res.written++
	}
	return res, nil
}

func (t *Table) writeOneFile(ctx context.Context, schema *sqltypes.StructType, name string, tk Task, align func(sqltypes.Row) sqltypes.Row, loc *time.Location) (AddFile, error) {
	if err := ctx.Err(); err != nil {
		return AddFile{}, err
	}
	rows := tk.Rows
	if align != nil {
		rows = make([]sqltypes.Row, len(tk.Rows))
		for i, r := range tk.Rows {
			rows[i] = align(r)
		}
	}
	full := filepath.Join(t.path, name)
	size, err := sparkparquet.WriteFile(full, schema, rows, nil)
	if err != nil {
		return AddFile{}, fmt.Errorf("delta table %s task %d: %w", t.path, tk.ID, err)
	}
	st, err := os.Stat(full)
	if err != nil {
		return AddFile{}, fmt.Errorf("delta table %s: %w", t.path, err)
	}
	return AddFile{
		Path:             encodePath(name),
		PartitionValues:  map[string]string{},
		Size:             size,
		ModificationTime: modTimeMs(st),
		DataChange:       true,
		Stats:            fileStats(schema, rows, loc),
	}, nil
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
	if snap.Version < 0 {
		md = newMetadata(b.Schema, now)
		if _, err := sparkparquet.Schema(schema); err != nil {
			return false, -1, fmt.Errorf("delta table %s: %w", t.path, err)
		}
	} else {
		if align, err = alignRows(t.path, snap.Schema, b.Schema); err != nil {
			return false, -1, err
		}
		schema = snap.Schema
	}
	files, err := t.writeDataFiles(ctx, schema, b.Tasks, align, loc)
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
			proto := defaultProtocol
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
	Now             time.Time
	TimeZone        string
	// Txn, when set (options txnAppId and txnVersion), makes the write idempotent as
	// Delta's: it is skipped when the table's txn for the app id has this version or a
	// later one, and otherwise commits a txn action with it.
	Txn *Txn
}

// Write performs a static write and returns the committed version; written is false when
// mode "ignore" found an existing table. As with WriteStreamingBatch, a failure after the
// commit comes as a *PostCommitError with written=true.
func (t *Table) Write(ctx context.Context, w BatchWrite) (written bool, version int64, err error) {
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
	for attempt := 0; ; attempt++ {
		snap, err := t.Snapshot()
		if err != nil {
			return false, -1, err
		}
		exists := snap.Version >= 0
		switch {
		case exists && mode == "ErrorIfExists":
			return false, -1, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_PATH_EXISTS", "path", t.path)
		case exists && mode == "Ignore":
			return false, snap.Version, nil
		}
		if w.Txn != nil {
			if v, ok := snap.Txns[w.Txn.AppID]; ok && v >= w.Txn.Version {
				return false, snap.Version, nil
			}
		}
		now := nowOr(w.Now)
		schema := w.Schema.AsNullable()
		var md *Metadata
		var align func(sqltypes.Row) sqltypes.Row
		if !exists {
			md = newMetadata(w.Schema, now)
		} else if mode == "Overwrite" && w.OverwriteSchema {
			if a, err := alignRows(t.path, snap.Schema, w.Schema); err != nil {
				md = newMetadata(w.Schema, now)
				md.ID = snap.Metadata.ID
			} else {
				align, schema = a, snap.Schema
			}
		} else {
			if align, err = alignRows(t.path, snap.Schema, w.Schema); err != nil {
				return false, -1, err
			}
			schema = snap.Schema
		}
		if _, err := sparkparquet.Schema(schema); err != nil {
			return false, -1, fmt.Errorf("delta table %s: %w", t.path, err)
		}
		files, err := t.writeDataFiles(ctx, schema, w.Tasks, align, loc)
		if err != nil {
			return false, -1, err
		}
		ci := &CommitInfo{
			Timestamp:      nowOr(w.Now).UnixMilli(),
			IsolationLevel: "Serializable",
			EngineInfo:     EngineInfo,
			TxnID:          newUUID(),
		}
		var removes []*RemoveFile
		if exists && mode == "Overwrite" {
			for _, f := range snap.Files {
				removes = append(removes, removeOf(f.Add, now))
			}
		}
		switch {
		case w.SaveAsTable && !exists:
			ci.Operation = "CREATE TABLE AS SELECT"
			ci.OperationParameters = createTableParams(true)
		case w.SaveAsTable && mode == "Overwrite":
			ci.Operation = "CREATE OR REPLACE TABLE AS SELECT"
			ci.OperationParameters = orderedKVs(append([]KV{{Key: "isV1SaveAsTableOverwrite", Value: "true", Raw: true}}, createTableParams(true)...))
		default:
			ci.Operation = "WRITE"
			ci.OperationParameters = []KV{{Key: "mode", Value: mode}, {Key: "partitionBy", Value: "[]"}}
		}
		if exists {
			ci.ReadVersion = int64p(snap.Version)
		}
		// An overwrite reads the table to remove its files, so it is not a blind append;
		// CREATE TABLE AS SELECT on a new table only adds.
		ci.IsBlindAppend = boolp(mode != "Overwrite" || (w.SaveAsTable && !exists))
		metrics := []KV{{Key: "numFiles", Value: strconv.Itoa(files.written)}}
		if exists && mode == "Overwrite" {
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
			proto := defaultProtocol
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
		// Lost a race: the files written stay unreferenced; plan again on the new state.
	}
}

func addedBytes(adds []AddFile) int64 {
	var n int64
	for _, a := range adds {
		n += a.Size
	}
	return n
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
