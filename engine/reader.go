package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// DataFrameReader is spark.read.
type DataFrameReader struct {
	s      *Session
	format string
	opts   options
	schema *sqltypes.StructType
	err    error
}

// Read is spark.read.
func (s *Session) Read() *DataFrameReader { return &DataFrameReader{s: s, format: "parquet"} }

// Format is .format(name): delta, kafka, parquet.
func (r *DataFrameReader) Format(f string) *DataFrameReader { r.format = strings.ToLower(f); return r }

// Option is .option(key, value); value is a string, bool or number as in PySpark.
func (r *DataFrameReader) Option(k string, v any) *DataFrameReader {
	r.opts.set(k, optionValue(v))
	return r
}

// Options is .options(**kv).
func (r *DataFrameReader) Options(kv map[string]string) *DataFrameReader {
	for k, v := range kv {
		r.opts.set(k, v)
	}
	return r
}

// Schema is .schema(StructType).
func (r *DataFrameReader) Schema(st *sqltypes.StructType) *DataFrameReader { r.schema = st; return r }

// SchemaDDL is .schema("a INT, b STRING").
func (r *DataFrameReader) SchemaDDL(ddl string) *DataFrameReader {
	st, err := sqltypes.ParseDDL(ddl)
	if err != nil {
		r.err = err
	}
	r.schema = st
	return r
}

// Load is .load([path]).
func (r *DataFrameReader) Load(ctx context.Context, path ...string) (*DataFrame, error) {
	if r.err != nil {
		return nil, r.err
	}
	if len(path) > 1 {
		return r.loadPaths(ctx, path)
	}
	p, hasPath := r.opts.get("path")
	if len(path) == 1 {
		p, hasPath = path[0], true
	}
	var full string
	if hasPath && r.format != "kafka" {
		var err error
		if full, err = r.s.ResolvePath(p); err != nil {
			return nil, err
		}
	}
	switch r.format {
	case "kafka":
		return r.s.readKafka(r.opts.asMap())
	case "delta":
		if !hasPath {
			return nil, fmt.Errorf("'path' is not specified: give load(path) or read a table with spark.table(name)")
		}
		if feed, err := changeFeedRequested(r.opts.asMap()); err != nil {
			return nil, err
		} else if feed {
			return r.s.readChangeFeed(full, nil, r.opts.asMap())
		}
		version, err := r.timeTravelVersion(full)
		if err != nil {
			return nil, err
		}
		return r.s.readDeltaAt(ctx, full, nil, version)
	case "parquet":
		if !hasPath {
			return nil, fmt.Errorf("'path' is not specified: give load(path)")
		}
		if hasPartitionFolders(full) || listsFiles(&r.opts) {
			return r.s.readFiles(r.format, p, full, r.schema, &r.opts)
		}
		return r.s.readParquet(ctx, full)
	case "json":
		if !hasPath {
			return nil, fmt.Errorf("'path' is not specified: give load(path)")
		}
		if hasPartitionFolders(full) || listsFiles(&r.opts) || jsonParseOptions(&r.opts) {
			return r.s.readFiles(r.format, p, full, r.schema, &r.opts)
		}
		return r.s.readJSON(ctx, full, r.schema)
	case "statestore":
		return r.s.readStateStore(full, hasPath, r.opts.m)
	case "state-metadata":
		return r.s.readStateMetadata(full, hasPath)
	case "csv", "text":
		if !hasPath {
			return nil, fmt.Errorf("'path' is not specified: give load(path)")
		}
		return r.s.readFiles(r.format, p, full, r.schema, &r.opts)
	}
	return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support spark.read.format(%q); use delta, parquet, json, csv, text or kafka", r.format)}
}

// loadPaths is load([p1, p2, ...]) for a file format: the paths' rows one after another,
// read with one schema. Spark infers one schema over all the files; kafkalab reads each path
// and asks that they agree (a given schema makes them agree).
func (r *DataFrameReader) loadPaths(ctx context.Context, paths []string) (*DataFrame, error) {
	if !isFileFormat(r.format) {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab reads several paths in one load() only for file formats (parquet, json, csv, text), not %q; union the DataFrames of several loads", r.format)}
	}
	var out *DataFrame
	for _, p := range paths {
		df, err := r.Load(ctx, p)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = df
			continue
		}
		if got, want := df.Schema().String(), out.Schema().String(); got != want {
			return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab reads several paths in one load() only when their schemas agree: %s has %s, %s has %s; give .schema(...) or union the DataFrames", paths[0], want, p, got)}
		}
		if out, err = out.Union(df); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// listsFiles reports options that change which files a folder read lists; the general
// file reader applies them.
// jsonParseOptions reports options readJSON's JSON Lines path does not apply: the parse
// mode, the corrupt-record column, multiLine and the inference options, which the file
// reader and its schema inference follow.
func jsonParseOptions(opts *options) bool {
	for _, k := range []string{"mode", "columnNameOfCorruptRecord", "multiLine", "primitivesAsString", "prefersDecimal", "allowComments", "allowSingleQuotes"} {
		if _, ok := opts.get(k); ok {
			return true
		}
	}
	return false
}

func listsFiles(opts *options) bool {
	_, glob := opts.get("pathGlobFilter")
	_, base := opts.get("basePath")
	return glob || base || optTrue(opts, "recursiveFileLookup")
}

// Parquet is spark.read.parquet(path).
func (r *DataFrameReader) Parquet(ctx context.Context, path string) (*DataFrame, error) {
	return r.Format("parquet").Load(ctx, path)
}

// JSON is spark.read.json(path).
func (r *DataFrameReader) JSON(ctx context.Context, path string) (*DataFrame, error) {
	return r.Format("json").Load(ctx, path)
}

// Table is spark.read.table(name).
func (r *DataFrameReader) Table(ctx context.Context, name string) (*DataFrame, error) {
	if feed, err := changeFeedRequested(r.opts.asMap()); err != nil {
		return nil, err
	} else if feed {
		return r.s.changeFeedOf(false, name, r.opts.asMap())
	}
	_, byVersion := r.opts.get("versionAsOf")
	_, byTime := r.opts.get("timestampAsOf")
	if !byVersion && !byTime {
		return r.s.Table(ctx, name)
	}
	t, err := r.s.tableIdent(name)
	if err != nil {
		return nil, err
	}
	path, err := r.s.tablePath(name, t)
	if err != nil {
		return nil, err
	}
	version, err := r.timeTravelVersion(path)
	if err != nil {
		var nd *notDeltaError
		if asNotDelta(err, &nd) {
			return nil, tableNotFound(name)
		}
		return nil, err
	}
	df, err := r.s.readDeltaAt(ctx, path, []string{"spark_catalog", r.s.tableDB(name), strings.ToLower(t)}, version)
	var nd *notDeltaError
	if err != nil && asNotDelta(err, &nd) {
		return nil, tableNotFound(name)
	}
	return df, err
}

// timeTravelVersion is the version options versionAsOf or timestampAsOf select in the
// Delta table at path, -1 (the latest, at each action) without them.
func (r *DataFrameReader) timeTravelVersion(path string) (int64, error) {
	version := int64(-1)
	if v, ok := r.opts.get("versionAsOf"); ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n < 0 {
			return -1, fmt.Errorf("option versionAsOf must be a version number (0, 1, ...), got %q", v)
		}
		version = n
	}
	ts, byTime := r.opts.get("timestampAsOf")
	if !byTime {
		return version, nil
	}
	if version >= 0 {
		return -1, &plan.AnalysisError{Class: "DELTA_ONEOF_IN_TIMETRAVEL", Message: "Please either provide 'timestampAsOf' or 'versionAsOf' for time travel."}
	}
	t, err := r.s.delta.Open(path)
	if err != nil {
		return -1, err
	}
	if ok, err := t.Exists(); err != nil {
		return -1, err
	} else if !ok {
		return -1, &notDeltaError{path: path}
	}
	return timeTravelVersion(t, ts, r.s.Location())
}

func (s *Session) readKafka(opts map[string]string) (*DataFrame, error) {
	o, err := kafkasource.ParseBatchOptions(opts)
	if err != nil {
		return nil, err
	}
	schema := kafkasource.Schema(o.IncludeHeaders)
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "KafkaRelation", SizeUnknown: true, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		b, err := kafkasource.PlanBatch(ctx, opts)
		if err != nil {
			return nil, err
		}
		return b.Open(s.chunkRows), nil
	}}
	return s.newDF(rel), nil
}

func schemaNotFound(db string) error {
	return &plan.AnalysisError{Class: "SCHEMA_NOT_FOUND", Message: fmt.Sprintf(
		"The schema `%s` cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a catalog, verify the current_schema() output, or qualify the name with the correct catalog.\nTo tolerate the error on drop use DROP SCHEMA IF EXISTS.", db)}
}

func tableNotFound(name string) error {
	parts := plan.ParseAttributeName(name)
	for i, p := range parts {
		parts[i] = "`" + strings.ReplaceAll(p, "`", "``") + "`"
	}
	return &plan.AnalysisError{Class: "TABLE_OR_VIEW_NOT_FOUND", Message: fmt.Sprintf(
		"The table or view %s cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS.", strings.Join(parts, "."))}
}

// TablePath is where a managed table lives: <warehouse>/<name>.
func (s *Session) TablePath(name string) (string, error) {
	t, err := s.tableIdent(name)
	if err != nil {
		return "", err
	}
	return s.tablePath(name, t)
}

// tablePath is where the table t (an identifier, name as the script wrote it) lives.
func (s *Session) tablePath(name, t string) (string, error) {
	dir, err := s.databaseDir(s.tableDB(name))
	if err != nil {
		return "", err
	}
	return s.within(name, "table name", filepath.Join(dir, strings.ToLower(t)))
}

// Table is spark.table(name): a memory-sink table of that name (a temporary view in
// Spark, so it wins), or the Delta table under the warehouse.
func (s *Session) Table(ctx context.Context, name string) (*DataFrame, error) {
	if parts := plan.ParseAttributeName(name); len(parts) == 2 && strings.EqualFold(parts[0], GlobalTempDatabase) {
		if v := s.globalView(parts[1]); v != nil {
			return v, nil
		}
		return nil, tableNotFound(name)
	}
	if df, ok, err := s.sqlOnFile(ctx, name); ok {
		return df, err
	}
	t, err := s.tableIdent(name)
	if err != nil {
		// A read of a table in a schema that does not exist is Spark's
		// TABLE_OR_VIEW_NOT_FOUND naming it whole (`nodb`.`t`), not SCHEMA_NOT_FOUND.
		var ae *plan.AnalysisError
		if errors.As(err, &ae) && ae.Class == "SCHEMA_NOT_FOUND" {
			return nil, tableNotFound(name)
		}
		return nil, err
	}
	if v := s.view(t); v != nil && len(plan.ParseAttributeName(name)) == 1 {
		return v, nil
	}
	if cv := s.catalogView(name); cv != nil {
		return cv.read(ctx, s)
	}
	if ft := s.fileTable(name); ft != nil {
		return ft.read(ctx, s)
	}
	path, err := s.tablePath(name, t)
	if err != nil {
		return nil, err
	}
	df, err := s.readDelta(ctx, path, []string{"spark_catalog", s.tableDB(name), strings.ToLower(t)})
	if err != nil {
		var nd *notDeltaError
		if asNotDelta(err, &nd) {
			return nil, tableNotFound(name)
		}
		return nil, err
	}
	return df, nil
}

// sqlOnFile reads format.`path` as a table name, Spark's SQL on files (spark.sql.runSQLOnFiles):
// SELECT * FROM parquet.`out/users` reads the folder as spark.read.parquet would. ok is
// false when the name is not of that shape. delta.`path` names a path only when it is
// absolute, as Delta's catalog decides.
func (s *Session) sqlOnFile(ctx context.Context, name string) (df *DataFrame, ok bool, err error) {
	parts := plan.ParseAttributeName(name)
	if len(parts) != 2 || parts[1] == "" {
		return nil, false, nil
	}
	format := strings.ToLower(parts[0])
	switch format {
	case "parquet", "json", "csv", "text":
	case "delta":
		if !filepath.IsAbs(parts[1]) && !strings.HasPrefix(parts[1], "file:/") {
			return nil, false, nil
		}
	default:
		return nil, false, nil
	}
	df, err = s.Read().Format(format).Load(ctx, parts[1])
	return df, true, err
}

// memoryTableDF is the view a memory sink registers: its rows as they are when read.
func (s *Session) memoryTableDF(name string, schema *sqltypes.StructType, m *stream.MemorySink) *DataFrame {
	rel := &plan.Relation{Scope: s.newScope(schema, []string{name}), Name: "MemoryTable " + name,
		Load: func(context.Context) ([]rowiter.Iter, error) {
			return []rowiter.Iter{rowiter.SliceChunks(m.Rows(), s.chunkRows)}, nil
		}}
	return s.newDF(rel)
}

// notDeltaError says a path holds no Delta table.
type notDeltaError struct{ path string }

func (e *notDeltaError) Error() string {
	return fmt.Sprintf("[DELTA_MISSING_DELTA_TABLE] `%s` is not a Delta table.", e.path)
}

func asNotDelta(err error, target **notDeltaError) bool {
	nd, ok := err.(*notDeltaError)
	if ok {
		*target = nd
	}
	return ok
}

// DataStreamReader is spark.readStream.
type DataStreamReader struct {
	s      *Session
	format string
	opts   options
	schema *sqltypes.StructType
	err    error
}

// ReadStream is spark.readStream.
func (s *Session) ReadStream() *DataStreamReader { return &DataStreamReader{s: s} }

// Format is .format(name): kafka.
func (r *DataStreamReader) Format(f string) *DataStreamReader {
	r.format = strings.ToLower(f)
	return r
}

// Option is .option(key, value).
func (r *DataStreamReader) Option(k string, v any) *DataStreamReader {
	r.opts.set(k, optionValue(v))
	return r
}

// Options is .options(**kv).
func (r *DataStreamReader) Options(kv map[string]string) *DataStreamReader {
	for k, v := range kv {
		r.opts.set(k, v)
	}
	return r
}

// Schema is .schema(StructType); the Kafka source has a fixed schema and rejects one.
func (r *DataStreamReader) Schema(st *sqltypes.StructType) *DataStreamReader { r.schema = st; return r }

// SchemaDDL is .schema("a INT, ...").
func (r *DataStreamReader) SchemaDDL(ddl string) *DataStreamReader {
	st, err := sqltypes.ParseDDL(ddl)
	if err != nil {
		r.err = err
	}
	r.schema = st
	return r
}

// Load is .load(): a streaming DataFrame. Options are checked now, the broker is contacted
// when a query starts.
func (r *DataStreamReader) Load(path ...string) (*DataFrame, error) {
	if r.err != nil {
		return nil, r.err
	}
	switch r.format {
	case "kafka":
		if r.schema != nil {
			return nil, &plan.AnalysisError{Message: "Kafka source has a fixed schema and cannot be set with a custom one"}
		}
		opts := r.opts.asMap()
		o, err := kafkasource.ParseStreamOptions(opts)
		if err != nil {
			return nil, err
		}
		schema := kafkasource.Schema(o.IncludeHeaders)
		spec := &sourceSpec{open: func() (stream.Source, error) {
			return kafkasource.NewStream(opts)
		}}
		scan := &plan.StreamScan{Scope: r.s.newScope(schema, nil), Name: "kafka", Source: spec, SizeUnknown: true}
		return r.s.newDF(scan), nil
	case "rate", "rate-micro-batch":
		return r.loadRate()
	case "json", "csv", "text", "parquet":
		return r.loadFiles(path)
	case "delta":
		if len(path) == 0 {
			return nil, fmt.Errorf("'path' is not specified: give readStream.format(\"delta\").load(path) or use readStream.table(name)")
		}
		p, err := r.s.ResolvePath(path[0])
		if err != nil {
			return nil, err
		}
		return r.s.streamDelta(p, r.opts.asMap())
	case "":
		return nil, &plan.UnsupportedError{Message: "spark.readStream needs a format: kafkalab reads streams from Kafka, .format(\"kafka\")"}
	}
	return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support spark.readStream.format(%q); streams come from kafka, rate, delta or files (json, csv, text, parquet)", r.format)}
}
