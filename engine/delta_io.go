package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/filesink"
	"github.com/kafkalab/kafkalab/engine/localfs"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// readDelta reads a Delta table: the schema now (as Spark resolves it when the DataFrame
// is made), the rows of the latest snapshot when an action runs.
func (s *Session) readDelta(ctx context.Context, path string, qualifier []string) (*DataFrame, error) {
	return s.readDeltaAt(ctx, path, qualifier, -1)
}

// readDeltaAt reads version `version` of a Delta table (option versionAsOf), or the latest
// snapshot at each action when version < 0.
func (s *Session) readDeltaAt(ctx context.Context, path string, qualifier []string, version int64) (*DataFrame, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t, err := s.delta.Open(path)
	if err != nil {
		return nil, err
	}
	snapshot := t.Snapshot
	if version >= 0 {
		snapshot = func() (*delta.Snapshot, error) { return t.SnapshotAt(version) }
	}
	if ok, err := t.Exists(); err != nil {
		return nil, err
	} else if !ok {
		return nil, &notDeltaError{path: path}
	}
	snap, err := snapshot()
	if err != nil {
		return nil, err
	}
	name := "Relation " + path
	if qualifier != nil {
		name = "Relation " + strings.Join(qualifier, ".")
	}
	rel := &plan.Relation{Scope: s.newScope(snap.Schema, qualifier), Name: name, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		snap, err := snapshot()
		if err != nil {
			return nil, err
		}
		return snap.OpenTasks(s.DefaultParallelism(), s.chunkRows), nil
	}}
	return s.newDF(rel), nil
}

// readParquet reads a folder of Parquet files (or one file) written by Spark or kafkalab.
// Files whose names start with "_" or "." are skipped, as Spark's file index does.
func (s *Session) readParquet(ctx context.Context, path string) (*DataFrame, error) {
	files, err := s.listed(parquetFiles(path))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, &plan.AnalysisError{Class: "UNABLE_TO_INFER_SCHEMA", Message: "Unable to infer schema for Parquet. It must be specified manually."}
	}
	f, err := os.Open(files[0])
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	schema, _, err := sparkparquet.FileSchema(f, st.Size())
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("read parquet %s: %w", files[0], err)
	}
	rel := &plan.Relation{Scope: s.newScope(schema.AsNullable(), nil), Name: "Relation " + path, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		files, err := s.listed(parquetFiles(path))
		if err != nil {
			return nil, err
		}
		return s.packedFileTasks(files, func(_ context.Context, p string) ([]sqltypes.Row, error) {
			return sparkparquet.ReadFile(p, schema)
		})
	}}
	return s.newDF(rel), nil
}

func parquetFiles(path string) ([]string, error) {
	if filesink.HasLog(path) {
		// A streaming file sink's output: only the files its log lists are visible.
		fs, err := filesink.Files(path)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, f := range fs {
			if f.Action != "add" || f.IsDir {
				continue
			}
			p, err := f.LocalPath()
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		return out, nil
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &plan.AnalysisError{Class: "PATH_NOT_FOUND", Message: fmt.Sprintf("Path does not exist: file:%s.", path)}
	}
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, "_") || strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".parquet") {
			continue
		}
		out = append(out, filepath.Join(path, n))
	}
	sort.Strings(out)
	return out, nil
}

// packedFileTasks makes the tasks of Spark's scan of files: packed by size for the session's
// default parallelism (delta.PackSplits), each task reading its files in order.
func (s *Session) packedFileTasks(files []string, read func(ctx context.Context, path string) ([]sqltypes.Row, error)) ([]rowiter.Iter, error) {
	sizes := make([]int64, len(files))
	for i, p := range files {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		sizes[i] = st.Size()
	}
	var tasks []rowiter.Iter
	for _, task := range delta.PackSplits(sizes, s.DefaultParallelism()) {
		tasks = append(tasks, s.fileTask(func(ctx context.Context) ([]sqltypes.Row, error) {
			var rows []sqltypes.Row
			for _, k := range task {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				part, err := read(ctx, files[k])
				if err != nil {
					return nil, err
				}
				rows = append(rows, part...)
			}
			return rows, nil
		}))
	}
	return tasks, nil
}

// fileTask is a task that reads a whole file when it is first read.
func (s *Session) fileTask(read func(ctx context.Context) ([]sqltypes.Row, error)) rowiter.Iter {
	var rows rowiter.Iter
	next := func(ctx context.Context) ([]sqltypes.Row, error) {
		if rows == nil {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			all, err := read(ctx)
			if err != nil {
				return nil, err
			}
			rows = rowiter.SliceChunks(all, s.chunkRows)
		}
		return rows.Next(ctx)
	}
	return rowiter.Func(next, nil)
}

func toTasks(in []rowiter.Iter) []delta.Task {
	out := make([]delta.Task, len(in))
	for i, rows := range in {
		out[i] = delta.Task{ID: i, Rows: rows}
	}
	return out
}

// deltaSink is the streaming Delta sink (DeltaSink): one Delta version per batch, skipped
// when the table's txn for the query already holds the batch.
type deltaSink struct {
	table    *delta.Table
	timeZone string
	now      func() time.Time // commit clock (commitInfo.timestamp is the commit time)
	// hook is the session's StreamHook (nil = none), called mid-write.
	hook func(step stream.Step, batchID int64) error
	// partitionBy is the writer's partitionBy (a new table is partitioned by it).
	partitionBy []string
	// defaults are the session's default properties for a new table.
	defaults []delta.KV
}

func (d *deltaSink) Description() string   { return "DeltaSink[file:" + d.table.Path() + "]" }
func (d *deltaSink) NumOutputRowsUnknown() {}

// HasBatch lets the executor skip a re-run batch the table already holds before reading
// it, as Spark's Delta sink does.
func (d *deltaSink) HasBatch(_ context.Context, queryID string, batchID int64) (bool, error) {
	return d.table.HasStreamingBatch(queryID, batchID)
}

func (d *deltaSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	sb := delta.StreamingBatch{
		QueryID: b.QueryID, BatchID: b.BatchID, OutputMode: b.OutputMode, Schema: b.Schema,
		Tasks: toTasks(b.Tasks), Now: d.now(), TimeZone: d.timeZone, PartitionColumns: d.partitionBy,
		DefaultProperties: d.defaults,
	}
	if d.hook != nil {
		sb.BeforeCommit = func() error { return d.hook(stream.StepSinkWriting, b.BatchID) }
	}
	_, _, err := d.table.WriteStreamingBatch(ctx, sb)
	return committedIsDone(err)
}

// committedIsDone drops a *delta.PostCommitError: the version is committed and only its
// checksum file or checkpoint failed, which delta-spark logs as a warning and goes on (the
// engine has no log to put it in).
func committedIsDone(err error) error {
	var late *delta.PostCommitError
	if errors.As(err, &late) {
		return nil
	}
	return err
}

// createManagedTable is what toTable/saveAsTable do first for a table that does not exist:
// version 0 CREATE TABLE.
// partitionBy partitions a table it creates (toTable's writer's partitionBy).
func (s *Session) openOrCreateTable(ctx context.Context, path string, schema *sqltypes.StructType, create bool, partitionBy ...string) (*delta.Table, error) {
	t, err := s.delta.Open(path)
	if err != nil {
		return nil, err
	}
	ok, err := t.Exists()
	if err != nil {
		return nil, err
	}
	if !ok && create {
		if _, err := delta.CreateTable(ctx, path, schema, delta.CreateOptions{Now: s.now(), Managed: true, Driver: s.delta, PartitionColumns: partitionBy, DefaultProperties: s.deltaDefaultProperties()}); committedIsDone(err) != nil && !errors.Is(err, delta.ErrTableExists) {
			return nil, err
		}
	}
	return t, nil
}

// writeDelta is df.write.format("delta").save(path) / saveAsTable.
func (w *DataFrameWriter) writeDelta(ctx context.Context, path string, asTable bool) error {
	t, err := w.df.s.delta.Open(path)
	if err != nil {
		return err
	}
	if cond, ok := w.opts.get("replaceWhere"); ok && strings.EqualFold(w.mode, "overwrite") {
		if exists, err := t.Exists(); err != nil {
			return err
		} else if exists {
			if optTrue(&w.opts, "mergeSchema") || optTrue(&w.opts, "overwriteSchema") {
				return &plan.UnsupportedError{Message: "kafkalab does not support replaceWhere together with mergeSchema or overwriteSchema yet: change the schema in a write of its own"}
			}
			return w.replaceWhere(ctx, t, cond)
		}
	}
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	overwriteSchema, _ := w.opts.get("overwriteSchema")
	txn, err := w.deltaTxn()
	if err != nil {
		return err
	}
	_, _, err = t.Write(ctx, delta.BatchWrite{
		Mode: w.mode, Schema: w.df.Schema(), Tasks: toTasks(tasks), SaveAsTable: asTable,
		OverwriteSchema: strings.EqualFold(overwriteSchema, "true"), Txn: txn, PartitionColumns: w.parts,
		DynamicPartitionOverwrite: w.dynamicPartitionOverwrite(),
		MergeSchema:               optTrue(&w.opts, "mergeSchema") || w.df.s.confBool(ConfDeltaAutoMerge),
		Now:                       w.df.s.now(), TimeZone: w.df.s.Conf().GetOr(ConfTimeZone, "UTC"),
		DefaultProperties: w.df.s.deltaDefaultProperties(),
	})
	return committedIsDone(err)
}

// dynamicPartitionOverwrite is the write's partitionOverwriteMode (its option, else the
// session's spark.sql.sources.partitionOverwriteMode) being "dynamic".
func (w *DataFrameWriter) dynamicPartitionOverwrite() bool {
	mode, ok := w.opts.get("partitionOverwriteMode")
	if !ok {
		mode = w.df.s.Conf().GetOr("spark.sql.sources.partitionOverwriteMode", "static")
	}
	return strings.EqualFold(mode, "dynamic")
}

// writeParquet is df.write.parquet(path): one file per non-empty task, and task 0's.
func (w *DataFrameWriter) writeParquet(ctx context.Context, path string) error {
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	defer rowiter.CloseAll(tasks)
	if skip, err := w.prepareOutputDir(path); err != nil || skip {
		return err
	}
	id := newJobUUID()
	schema := w.df.Schema().AsNullable()
	// A task without rows writes no file, except task 0, which always writes one (Spark's
	// FileFormatWriter gives every task but the first an empty-directory writer when it
	// has no rows; the first opens its file up front, so the folder holds the schema):
	// spark.createDataFrame([Row(x=1)]) on 2 cores writes part-00000 without rows and
	// part-00001 with the row.
	empty := make([]bool, len(tasks))
	for i := range tasks {
		if tasks[i], empty[i], err = rowiter.Peek(ctx, tasks[i]); err != nil {
			return err
		}
	}
	for i, rows := range tasks {
		if empty[i] && i != 0 {
			continue
		}
		name := filepath.Join(path, fmt.Sprintf("part-%05d-%s-c000.snappy.parquet", i, id))
		f, err := sparkparquet.CreateFile(name, schema, nil)
		if err != nil {
			return err
		}
		if err := rowiter.Each(ctx, rows, f.Write); err != nil {
			f.Abort()
			return err
		}
		if _, err := f.Close(); err != nil {
			return err
		}
		if err := localfs.WriteChecksumOf(name); err != nil {
			return err
		}
	}
	return localfs.WriteFile(filepath.Join(path, "_SUCCESS"), nil)
}

// prepareOutputDir applies the save mode to a batch write's folder: skip is true for
// mode ignore on an existing path.
func (w *DataFrameWriter) prepareOutputDir(path string) (skip bool, err error) {
	if _, err := os.Stat(path); err == nil {
		switch strings.ToLower(w.mode) {
		case "", "error", "errorifexists", "default":
			return false, &plan.AnalysisError{Class: "PATH_ALREADY_EXISTS", Message: fmt.Sprintf("Path file:%s already exists. Set mode as \"overwrite\" to overwrite the existing path.", path)}
		case "ignore":
			return true, nil
		case "overwrite":
			if err := os.RemoveAll(path); err != nil {
				return false, err
			}
		}
	}
	return false, os.MkdirAll(path, 0o755)
}

// parquetSink is the streaming file sink: Spark's FileStreamSink with its _spark_metadata log.
type parquetSink struct{ sink *filesink.Sink }

func (p *parquetSink) Description() string   { return p.sink.Description() }
func (p *parquetSink) NumOutputRowsUnknown() {}
func (p *parquetSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	schema := b.Schema
	if schema == nil {
		schema = &sqltypes.StructType{}
	}
	_, err := p.sink.AddBatch(ctx, b.BatchID, schema, b.Tasks)
	return err
}

// deltaTxn reads the txnAppId and txnVersion options of an idempotent Delta write (a
// foreachBatch function writing each batch once): both or neither.
func (w *DataFrameWriter) deltaTxn() (*delta.Txn, error) {
	app, hasApp := w.opts.get("txnAppId")
	ver, hasVer := w.opts.get("txnVersion")
	if !hasApp && !hasVer {
		return nil, nil
	}
	if !hasApp || !hasVer {
		return nil, errors.New("[DELTA_INVALID_IDEMPOTENT_WRITES_OPTIONS] Invalid options for idempotent Dataframe writes: Both txnVersion and txnAppId must be specified for idempotent data changes.")
	}
	v, err := strconv.ParseInt(strings.TrimSpace(ver), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("[DELTA_INVALID_IDEMPOTENT_WRITES_OPTIONS] Invalid options for idempotent Dataframe writes: txnVersion must be a whole number, got %q.", ver)
	}
	return &delta.Txn{AppID: app, Version: v}, nil
}

// deltaDefaultPrefix is the session conf prefix of Delta's default table properties: a key
// spark.databricks.delta.properties.defaults.X sets delta.X on every new table.
const deltaDefaultPrefix = "spark.databricks.delta.properties.defaults."

// deltaDefaultProperties are the table properties the session gives a new Delta table, in
// key order; only those kafkalab's tables honour (others stay ignored, as before).
func (s *Session) deltaDefaultProperties() []delta.KV {
	var out []delta.KV
	for k, v := range s.Conf().All() {
		if len(k) > len(deltaDefaultPrefix) && strings.EqualFold(k[:len(deltaDefaultPrefix)], deltaDefaultPrefix) {
			key := "delta." + k[len(deltaDefaultPrefix):]
			if delta.SupportedProperty(key) {
				out = append(out, delta.KV{Key: key, Value: v})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
