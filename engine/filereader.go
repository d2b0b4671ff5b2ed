package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/filesource"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

const (
	// ConfStreamingSchemaInference lets a streaming file source infer its schema.
	ConfStreamingSchemaInference = "spark.sql.streaming.schemaInference"
	// ConfFileSourceCompactInterval is how often the file source's log is compacted.
	ConfFileSourceCompactInterval = "spark.sql.streaming.fileSource.log.compactInterval"
)

// isFileFormat reports the formats read from files.
func isFileFormat(f string) bool {
	switch f {
	case "json", "csv", "text", "parquet":
		return true
	}
	return false
}

func pathNotSpecified() error {
	return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "_LEGACY_ERROR_TEMP_2047", Message: "'path' is not specified."}
}

// loadFiles is readStream.format(json|csv|text|parquet).load(path): Spark's streaming
// file source over a folder.
func (r *DataStreamReader) loadFiles(path []string) (*DataFrame, error) {
	given, ok := r.opts.get("path")
	if len(path) > 0 {
		given, ok = path[0], true
	}
	if !ok || given == "" {
		return nil, pathNotSpecified()
	}
	full, err := r.s.ResolvePath(given)
	if err != nil {
		return nil, err
	}
	glob := strings.ContainsAny(given, "*?[{")
	if !glob {
		if _, err := os.Stat(full); err != nil {
			return nil, &plan.AnalysisError{Class: "PATH_NOT_FOUND", Message: fmt.Sprintf("Path does not exist: %s.", given)}
		}
	}
	optsParsed, optErr := filesource.ParseOptions(r.opts.asMap())
	files, partitions, err := r.s.listDataFiles(full, glob, optsParsed.RecursiveFileLookup)
	if err != nil {
		return nil, err
	}
	var data *sqltypes.StructType
	switch {
	case r.format == "text":
		data = &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: sqltypes.String, Nullable: true}}}
	case r.schema != nil:
		data = r.schema.AsNullable()
	case r.s.confBool(ConfStreamingSchemaInference):
		if data, err = r.s.inferFileSchema(r.format, files, &r.opts); err != nil {
			return nil, err
		}
	default:
		return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "_LEGACY_ERROR_TEMP_2048",
			Message: "Schema must be specified when creating a streaming source DataFrame. If some files already exist in the directory, then depending on the file format you may be able to create a static DataFrame on that directory with 'spark.read.load(directory)' and infer schema from it."}
	}
	schema, dataSchema, partCols := splitPartitions(data, partitions)
	read, err := newFileRowReader(r.format, dataSchema, &r.opts, r.s.Location())
	if err != nil {
		return nil, err
	}
	interval := int64(10)
	if v := r.s.Conf().GetOr(ConfFileSourceCompactInterval, ""); v != "" {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n <= 0 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: fmt.Sprintf("requirement failed: %s must be positive, got %q", ConfFileSourceCompactInterval, v)}
		}
		interval = n
	}
	s := r.s
	spec := &sourceSpec{open: func() (stream.Source, error) {
		if optErr != nil {
			return &failedSource{err: optErr, schema: schema, desc: "FileStreamSource[file:" + filepath.ToSlash(full) + "]"}, nil
		}
		return filesource.New(filesource.Config{
			Path: full, Schema: schema, PartitionColumns: partCols, Options: optsParsed,
			Read: filesource.Reader(read), CompactInterval: interval, Location: s.Location(), Now: s.now,
			Parallelism: s.DefaultParallelism(),
		})
	}, filtersInScan: r.format == "csv" || r.format == "json"}
	scan := &plan.StreamScan{Scope: r.s.newScope(schema, nil), Name: "FileSource[" + given + "]", Source: spec}
	return r.s.newDF(scan), nil
}

// failedSource is a source whose options Spark refuses only once the query runs: the
// query fails at its first batch with the option's error.
type failedSource struct {
	err    error
	schema *sqltypes.StructType
	desc   string
}

func (f *failedSource) Description() string                            { return f.desc }
func (f *failedSource) Schema() *sqltypes.StructType                   { return f.schema }
func (f *failedSource) OpenMetadata(string) error                      { return f.err }
func (f *failedSource) PrepareForAvailableNow(context.Context) error   { return f.err }
func (f *failedSource) InitialOffsets(context.Context) (string, error) { return "", f.err }
func (f *failedSource) LatestOffsets(context.Context, string) (string, error) {
	return "", f.err
}
func (f *failedSource) ReportLatestOffset() string { return "" }
func (f *failedSource) PlanTasks(context.Context, string, string) ([]stream.SourceTask, error) {
	return nil, f.err
}
func (f *failedSource) Close() error { return nil }

// partitionColumn is a key=value folder level found under a file source's folder, with
// the type Spark infers for its values.
type partitionColumn struct {
	name string
	typ  sqltypes.DataType
}

// listDataFiles lists the data files under root (every level, hidden names skipped) and
// the partition columns their key=value folders give.
func (s *Session) listDataFiles(root string, glob, recursive bool) ([]string, []partitionColumn, error) {
	roots := []string{root}
	if glob {
		m, err := filepath.Glob(root)
		if err != nil {
			return nil, nil, fmt.Errorf("bad glob pattern %q: %w", root, err)
		}
		roots = m
	}
	var files []string
	values := map[string][]string{}
	var order []string
	for _, rt := range roots {
		err := filepath.WalkDir(rt, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			name := d.Name()
			if p != rt && ((strings.HasPrefix(name, "_") && !strings.Contains(name, "=")) || strings.HasPrefix(name, ".")) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if p != rt && !recursive {
					if k, v, ok := strings.Cut(name, "="); ok {
						if _, seen := values[k]; !seen {
							order = append(order, k)
						}
						values[k] = append(values[k], v)
					}
				}
				return nil
			}
			files = append(files, p)
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	sort.Strings(files)
	files, err := s.listed(files, nil)
	if err != nil {
		return nil, nil, err
	}
	var parts []partitionColumn
	for _, k := range order {
		parts = append(parts, partitionColumn{name: k, typ: inferPartitionType(values[k])})
	}
	return files, parts, nil
}

// basePartitions are the partition columns of the key=value folders from basePath down to
// the folder read.
func basePartitions(base, root string) []partitionColumn {
	rel, err := filepath.Rel(base, root)
	if err != nil {
		return nil
	}
	var out []partitionColumn
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if k, v, ok := strings.Cut(seg, "="); ok {
			out = append(out, partitionColumn{name: k, typ: inferPartitionType([]string{v})})
		}
	}
	return out
}

// hasPartitionFolders reports whether folder dir holds key=value subfolders (a partitioned
// table): its reads then go through partition discovery, which adds those columns.
func hasPartitionFolders(dir string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() && !strings.HasPrefix(n, "_") && !strings.HasPrefix(n, ".") && strings.Contains(n, "=") {
			return true
		}
	}
	return false
}

// parquetFileSchema reads a Parquet file's schema from its footer.
func parquetFileSchema(file string) (*sqltypes.StructType, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	schema, _, err := sparkparquet.FileSchema(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("read parquet %s: %w", file, err)
	}
	return schema, nil
}

// inferPartitionType is the narrowest of int, bigint, double and string that holds every
// value, as Spark's partition inference does for numbers.
func inferPartitionType(vals []string) sqltypes.DataType {
	var t sqltypes.DataType = sqltypes.Null
	for _, v := range vals {
		if v == "__HIVE_DEFAULT_PARTITION__" {
			continue
		}
		var vt sqltypes.DataType = sqltypes.String
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			if n >= -1<<31 && n < 1<<31 {
				vt = sqltypes.Integer
			} else {
				vt = sqltypes.Long
			}
		} else if _, err := strconv.ParseFloat(v, 64); err == nil {
			vt = sqltypes.Double
		}
		t = widenCSVType(t, vt, true)
	}
	if t == sqltypes.Null {
		return sqltypes.String
	}
	return t
}

// splitPartitions makes the source's schema: the data columns, then the partition
// columns (a partition column the data schema names keeps its type there).
func splitPartitions(data *sqltypes.StructType, parts []partitionColumn) (full, dataOnly *sqltypes.StructType, names []string) {
	if len(parts) == 0 {
		return data, data, nil
	}
	isPart := map[string]sqltypes.DataType{}
	for _, p := range parts {
		isPart[strings.ToLower(p.name)] = p.typ
	}
	dataOnly = &sqltypes.StructType{}
	given := map[string]sqltypes.StructField{}
	for _, f := range data.Fields {
		if _, ok := isPart[strings.ToLower(f.Name)]; ok {
			given[strings.ToLower(f.Name)] = f
			continue
		}
		dataOnly.Fields = append(dataOnly.Fields, f)
	}
	full = &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), dataOnly.Fields...)}
	for _, p := range parts {
		f, ok := given[strings.ToLower(p.name)]
		if !ok {
			f = sqltypes.StructField{Name: p.name, Type: p.typ, Nullable: true}
		}
		full.Fields = append(full.Fields, f)
		names = append(names, f.Name)
	}
	return full, dataOnly, names
}

// inferFileSchema is the data schema Spark infers for files of a format.
func (s *Session) inferFileSchema(format string, files []string, opts *options) (*sqltypes.StructType, error) {
	switch format {
	case "json":
		st, err := inferJSONSchemaOpts(context.Background(), files, opts)
		if err != nil {
			return nil, err
		}
		if len(st.Fields) == 0 {
			return nil, &plan.AnalysisError{Class: "UNABLE_TO_INFER_SCHEMA", Message: "Unable to infer schema for JSON. It must be specified manually."}
		}
		return st, nil
	case "csv":
		st, err := inferCSVSchema(files, opts)
		if err != nil {
			return nil, err
		}
		if len(st.Fields) == 0 {
			return nil, &plan.AnalysisError{Class: "UNABLE_TO_INFER_SCHEMA", Message: "Unable to infer schema for CSV. It must be specified manually."}
		}
		return st, nil
	case "parquet":
		var pq []string
		for _, f := range files {
			if strings.HasSuffix(f, ".parquet") {
				pq = append(pq, f)
			}
		}
		if len(pq) == 0 {
			return nil, &plan.AnalysisError{Class: "UNABLE_TO_INFER_SCHEMA", Message: "Unable to infer schema for Parquet. It must be specified manually."}
		}
		// Spark takes one file's schema, or with mergeSchema the union of all of them: the
		// columns in the order the files (in path order) first show them.
		merge := optTrue(opts, "mergeSchema") || s.confBool("spark.sql.parquet.mergeSchema")
		var merged *sqltypes.StructType
		for _, file := range pq {
			schema, err := parquetFileSchema(file)
			if err != nil {
				return nil, err
			}
			if merged == nil {
				merged = schema.AsNullable()
				if !merge {
					break
				}
				continue
			}
			for _, f := range schema.Fields {
				i, ok := merged.FieldIndexFold(f.Name)
				if !ok {
					f.Nullable = true
					merged.Fields = append(merged.Fields, f)
					continue
				}
				if !sqltypes.EqualTypes(merged.Fields[i].Type, f.Type, true) {
					return nil, &plan.AnalysisError{Class: "CANNOT_MERGE_SCHEMAS", Message: fmt.Sprintf(
						"Failed merging schemas:\nInitial schema:\n%q\nSchema that cannot be merged with the initial schema:\n%q.", merged.SQL(), schema.SQL())}
				}
			}
		}
		return merged, nil
	}
	return &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: sqltypes.String, Nullable: true}}}, nil
}

// readFiles is spark.read.csv/text(path): the files of a folder (or one file) read in
// path order, one task per file, with the schema given or the one Spark infers.
func (s *Session) readFiles(format, given, full string, schema *sqltypes.StructType, opts *options) (*DataFrame, error) {
	st, err := os.Stat(full)
	if err != nil {
		return nil, &plan.AnalysisError{Class: "PATH_NOT_FOUND", Message: fmt.Sprintf("Path does not exist: file:%s.", full)}
	}
	// basePath is the folder partition discovery starts from: reading people/gender=M with
	// basePath people keeps the gender column.
	var baseFull string
	if b, ok := opts.get("basePath"); ok {
		if baseFull, err = s.ResolvePath(b); err != nil {
			return nil, err
		}
		if rel, err := filepath.Rel(baseFull, full); err != nil || strings.HasPrefix(rel, "..") {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
				Message: fmt.Sprintf("Wrong basePath %s for the root path: %s", "file:"+baseFull, "file:"+full)}
		}
	}
	list := func() ([]string, []partitionColumn, error) {
		if !st.IsDir() {
			if baseFull != "" {
				return []string{full}, basePartitions(baseFull, filepath.Dir(full)), nil
			}
			return []string{full}, nil, nil
		}
		files, parts, err := s.listDataFiles(full, false, optTrue(opts, "recursiveFileLookup"))
		if g, ok := opts.get("pathGlobFilter"); ok && err == nil {
			files, err = globFiltered(files, g)
		}
		if baseFull != "" && err == nil {
			parts = append(basePartitions(baseFull, full), parts...)
		}
		return files, parts, err
	}
	files, partitions, err := list()
	if err != nil {
		return nil, err
	}
	var data *sqltypes.StructType
	switch {
	case format == "text":
		data, _ = s.inferFileSchema("text", nil, opts)
	case schema != nil:
		data = schema.AsNullable()
	default:
		if data, err = s.inferFileSchema(format, files, opts); err != nil {
			return nil, err
		}
	}
	full2, dataSchema, partCols := splitPartitions(data, partitions)
	read, err := newFileRowReader(format, dataSchema, opts, s.Location())
	if err != nil {
		return nil, err
	}
	if format == "text" {
		if sep, ok := opts.get("lineSep"); ok && sep != "" && !optTrue(opts, "wholetext") {
			read = textSepReader(sep)
		}
	}
	sourceRoot := full
	if baseFull != "" {
		sourceRoot = baseFull
	}
	src, err := filesource.New(filesource.Config{Path: sourceRoot, Schema: full2, PartitionColumns: partCols, Read: filesource.Reader(read), Location: s.Location()})
	if err != nil {
		return nil, err
	}
	rel := &plan.Relation{Scope: s.newScope(full2, nil), Name: "Relation " + given, InputFiles: func() ([]string, error) {
		files, _, err := list()
		return files, err
	}, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		files, _, err := list()
		if err != nil {
			return nil, err
		}
		// Spark packs the files of all partition folders into tasks by size, as for a
		// flat folder (delta.PackSplits), each task reading its files largest first.
		sizes := make([]int64, len(files))
		for i, f := range files {
			st, err := os.Stat(f)
			if err != nil {
				return nil, err
			}
			sizes[i] = st.Size()
		}
		var tasks []rowiter.Iter
		for _, task := range delta.PackSplits(sizes, s.DefaultParallelism()) {
			tasks = append(tasks, rowiter.Scan(func(ctx context.Context, emit func(sqltypes.Row) error) error {
				for _, k := range task {
					if err := src.ReadFile(ctx, files[k], emit); err != nil {
						return err
					}
				}
				return nil
			}, 0))
		}
		return tasks, nil
	}}
	return s.newDF(rel), nil
}

// globFiltered keeps the files whose names match pathGlobFilter; as Spark's filter, it
// looks at a file's name, never its folders.
func globFiltered(files []string, glob string) ([]string, error) {
	if _, err := path.Match(glob, ""); err != nil {
		return nil, fmt.Errorf("option pathGlobFilter %q is not a glob pattern (use *, ? and [a-z]): %w", glob, err)
	}
	kept := files[:0:0]
	for _, f := range files {
		if ok, _ := path.Match(glob, filepath.Base(f)); ok {
			kept = append(kept, f)
		}
	}
	return kept, nil
}

// textSepReader splits a text file at a custom line separator (lineSep).
func textSepReader(sep string) fileRowReader {
	return func(ctx context.Context, file string, fn func(sqltypes.Row) error) error {
		data, err := readDataFile(file)
		if err != nil {
			return err
		}
		parts := strings.Split(string(data), sep)
		if len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		for _, p := range parts {
			if err := fn(sqltypes.Row{p}); err != nil {
				return err
			}
		}
		return nil
	}
}
