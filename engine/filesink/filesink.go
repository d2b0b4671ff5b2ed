// Package filesink is Spark's streaming file sink (writeStream.format("parquet"|"json"|
// "csv"|"text").option("path", ...), optionally .partitionBy(cols)): Spark-style data files
// plus the _spark_metadata log that makes it exactly-once. A batch's files become visible only when its log entry
// _spark_metadata/<batchId> exists; readers list files through the log, so leftovers of a
// failed attempt stay invisible, and a batch id already in the log is skipped.
package filesink

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/localfs"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// MetadataDir is the log folder inside the output path.
const MetadataDir = "_spark_metadata"

// DefaultCompactInterval is spark.sql.streaming.fileSink.log.compactInterval.
const DefaultCompactInterval = 10

// Local file system values Spark records in SinkFileStatus.
const (
	localBlockReplication = 1
	localBlockSize        = 33554432
)

// FileStatus is one entry of the log (Spark's SinkFileStatus).
type FileStatus struct {
	Path             string `json:"path"` // file:///... URI
	Size             int64  `json:"size"`
	IsDir            bool   `json:"isDir"`
	ModificationTime int64  `json:"modificationTime"`
	BlockReplication int    `json:"blockReplication"`
	BlockSize        int64  `json:"blockSize"`
	Action           string `json:"action"` // "add" (or "delete")
}

func (f FileStatus) encode() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	// Field order is the struct's, which is SinkFileStatus's.
	_ = enc.Encode(f)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// LocalPath turns the entry's URI into a file path.
func (f FileStatus) LocalPath() (string, error) {
	u, err := url.Parse(f.Path)
	if err != nil {
		return "", fmt.Errorf("file sink log entry %q: %w", f.Path, err)
	}
	if u.Scheme != "" && u.Scheme != "file" {
		return "", fmt.Errorf("file sink log entry %s is on %s storage, which kafkalab cannot read", f.Path, u.Scheme)
	}
	return filepath.FromSlash(u.Path), nil
}

func fileURI(abs string) string {
	return "file://" + (&url.URL{Path: filepath.ToSlash(abs)}).EscapedPath()
}

// FileWriter is one data file being written.
type FileWriter interface {
	Write(rows []sqltypes.Row) error
	// Close finishes the file and returns its size.
	Close() (int64, error)
	// Abort removes the partial file.
	Abort()
}

// Format makes the data files of one file format.
type Format struct {
	Name string // "parquet", "json", ...: names the sink in errors
	// Ext follows the part file's counter: ".snappy.parquet", ".json".
	Ext string
	// Check refuses a data schema the format cannot write, before any file is made.
	Check func(schema *sqltypes.StructType) error
	// Create starts a data file at path (which must not exist) for rows of schema.
	Create func(path string, schema *sqltypes.StructType) (FileWriter, error)
}

// Parquet is the parquet format as Spark writes it (snappy-compressed).
func Parquet() Format {
	return Format{
		Name: "parquet",
		Ext:  ".snappy.parquet",
		Check: func(schema *sqltypes.StructType) error {
			_, err := sparkparquet.Schema(schema)
			return err
		},
		Create: func(path string, schema *sqltypes.StructType) (FileWriter, error) {
			return sparkparquet.CreateFile(path, schema, nil)
		},
	}
}

// Options configure a sink beyond its folder.
type Options struct {
	Format Format // Parquet() when zero
	// PartitionBy are the columns whose values name the key=value folders (Hive style)
	// the rows are written into; the data files then hold the other columns.
	PartitionBy []string
	// Location renders timestamp partition values (the session time zone).
	Location *time.Location
}

// Sink writes batches to one output folder.
type Sink struct {
	path            string
	compactInterval int
	format          Format
	partitionBy     []string
	loc             *time.Location
	// newUUID, modTimeMs and now are replaced by tests.
	newUUID   func() string
	modTimeMs func(os.FileInfo) int64
	now       func() time.Time
}

// Open returns the parquet sink for the output folder path (created on the first batch).
func Open(path string) (*Sink, error) { return OpenWith(path, Options{}) }

// OpenWith returns the sink for the output folder path with a format and partitioning.
func OpenWith(path string, o Options) (*Sink, error) {
	if o.Format.Create == nil {
		o.Format = Parquet()
	}
	if o.Location == nil {
		o.Location = time.UTC
	}
	name := o.Format.Name
	if path == "" {
		return nil, fmt.Errorf("%s sink: option \"path\" is required; set .option(\"path\", <folder>) or .start(<folder>)", name)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s sink path %s: %w", name, path, err)
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("%s sink path %s is a file, not a folder", name, abs)
	}
	return &Sink{path: abs, compactInterval: DefaultCompactInterval, format: o.Format,
		partitionBy: o.PartitionBy, loc: o.Location, newUUID: uuid.NewString,
		modTimeMs: func(fi os.FileInfo) int64 { return fi.ModTime().UnixMilli() }, now: time.Now}, nil
}

// SetCompactInterval changes the compaction interval (fileSink.log.compactInterval).
func (s *Sink) SetCompactInterval(n int) error {
	if n <= 0 {
		return fmt.Errorf("spark.sql.streaming.fileSink.log.compactInterval must be positive, got %d", n)
	}
	s.compactInterval = n
	return nil
}

// Path is the output folder.
func (s *Sink) Path() string { return s.path }

// Description is Spark's FileSink[<path>].
func (s *Sink) Description() string { return "FileSink[file:" + filepath.ToSlash(s.path) + "]" }

func (s *Sink) logDir() string { return filepath.Join(s.path, MetadataDir) }

// AddBatch writes one batch: unpartitioned, one file per non-empty task (task 0 always
// writes one); partitioned, one file per task and partition value. Then the log entry. A
// batch id at or below the latest logged one is skipped (written=false). The sink reads and
// closes every task.
func (s *Sink) AddBatch(ctx context.Context, batchID int64, schema *sqltypes.StructType, tasks []rowiter.Iter) (written bool, err error) {
	defer rowiter.CloseAll(tasks)
	name := s.format.Name
	if batchID < 0 {
		return false, fmt.Errorf("%s sink: negative batch id %d", name, batchID)
	}
	latest, ok, err := LatestBatchID(s.path)
	if err != nil {
		return false, err
	}
	if ok && batchID <= latest {
		return false, nil // "Skipping already committed batch"
	}
	parts, dataSchema, err := SplitPartitions(schema, s.partitionBy)
	if err != nil {
		return false, fmt.Errorf("%s sink %s: %w", name, s.path, err)
	}
	if s.format.Check != nil {
		if err := s.format.Check(dataSchema); err != nil {
			return false, fmt.Errorf("%s sink %s: %w", name, s.path, err)
		}
	}
	if err := os.MkdirAll(s.path, 0o755); err != nil {
		return false, fmt.Errorf("%s sink: %w", name, err)
	}
	var files []FileStatus
	if len(parts) > 0 {
		files, err = s.writePartitioned(ctx, batchID, schema, parts, dataSchema, tasks)
	} else {
		files, err = s.writeTasks(ctx, batchID, schema, tasks)
	}
	if err != nil {
		return false, err
	}
	if err := s.writeLog(batchID, files); err != nil {
		return false, err
	}
	return true, nil
}

// writeTasks writes an unpartitioned batch, one file per non-empty task in task order.
func (s *Sink) writeTasks(ctx context.Context, batchID int64, schema *sqltypes.StructType, tasks []rowiter.Iter) ([]FileStatus, error) {
	if len(tasks) == 0 {
		tasks = []rowiter.Iter{rowiter.Empty()}
	}
	// Files are named in task order, so the uuid sequence does not depend on scheduling.
	turns := rowiter.NewTurns(len(tasks))
	statuses := make([]*FileStatus, len(tasks))
	err := rowiter.ForEachTask(ctx, tasks, rowiter.Parallelism(), func(ctx context.Context, i int, it rowiter.Iter) error {
		rows, empty, err := rowiter.Peek(ctx, it)
		if werr := turns.Wait(ctx, i); werr != nil {
			if err == nil {
				rows.Close()
			}
			return werr
		}
		name := ""
		if err == nil && (!empty || i == 0) {
			// Spark's single-folder writer names files part-<task>-<uuid>-c000<ext>.
			name = fmt.Sprintf("part-%05d-%s-c000%s", i, s.newUUID(), s.format.Ext)
		}
		turns.Done(i)
		if name == "" {
			return err
		}
		defer rows.Close()
		st, err := s.writeFile(filepath.Join(s.path, name), schema, func(f FileWriter) error {
			return rowiter.Each(ctx, rows, f.Write)
		})
		if err != nil {
			return fmt.Errorf("%s sink batch %d task %d: %w", s.format.Name, batchID, i, err)
		}
		statuses[i] = &st
		return nil
	})
	if err != nil {
		return nil, err
	}
	var files []FileStatus
	for _, st := range statuses {
		if st != nil {
			files = append(files, *st)
		}
	}
	return files, nil
}

// writeFile makes one data file with fill and returns its log entry.
func (s *Sink) writeFile(full string, schema *sqltypes.StructType, fill func(FileWriter) error) (FileStatus, error) {
	f, err := s.format.Create(full, schema)
	if err != nil {
		return FileStatus{}, err
	}
	if err := fill(f); err != nil {
		f.Abort()
		return FileStatus{}, err
	}
	size, err := f.Close()
	if err != nil {
		return FileStatus{}, err
	}
	st, err := os.Stat(full)
	if err != nil {
		return FileStatus{}, err
	}
	return FileStatus{Path: fileURI(full), Size: size, ModificationTime: s.modTimeMs(st),
		BlockReplication: localBlockReplication, BlockSize: localBlockSize, Action: "add"}, nil
}

// writePartitioned writes a partitioned batch of the sink (a fresh uuid per file).
func (s *Sink) writePartitioned(ctx context.Context, batchID int64, schema *sqltypes.StructType, parts []int, dataSchema *sqltypes.StructType, tasks []rowiter.Iter) ([]FileStatus, error) {
	files, err := WritePartitioned(ctx, PartitionedWrite{
		Root: s.path, Format: s.format, Location: s.loc, Schema: schema, Parts: parts, DataSchema: dataSchema,
		Name: func(task int) string { return fmt.Sprintf("part-%05d-%s.c000%s", task, s.newUUID(), s.format.Ext) },
		Stat: func(full string, size int64) (FileStatus, error) {
			st, err := os.Stat(full)
			if err != nil {
				return FileStatus{}, err
			}
			return FileStatus{Path: fileURI(full), Size: size, ModificationTime: s.modTimeMs(st),
				BlockReplication: localBlockReplication, BlockSize: localBlockSize, Action: "add"}, nil
		},
	}, tasks)
	if err != nil {
		return nil, fmt.Errorf("%s sink batch %d: %w", s.format.Name, batchID, err)
	}
	return files, nil
}

// PartitionedWrite is one write job into col=value/ folders.
type PartitionedWrite struct {
	Root       string
	Format     Format
	Location   *time.Location
	Schema     *sqltypes.StructType // the rows' columns
	Parts      []int                // positions of the partition columns (SplitPartitions)
	DataSchema *sqltypes.StructType // the other columns, which the files hold
	// Name names task's next file: part-<task>-<uuid>.c000<ext>.
	Name func(task int) string
	// Stat makes a written file's log entry (nil: path and size only).
	Stat func(full string, size int64) (FileStatus, error)
}

// WritePartitioned writes rows as Spark's dynamic partition writer does: each task sorts its
// rows by the partition columns (by value, nulls first) and opens one file per partition
// value as the sorted rows reach it; empty tasks write nothing. The files are returned in
// task order, then partition order. It reads and closes every task.
func WritePartitioned(ctx context.Context, w PartitionedWrite, tasks []rowiter.Iter) ([]FileStatus, error) {
	defer rowiter.CloseAll(tasks)
	loc := w.Location
	if loc == nil {
		loc = time.UTC
	}
	isPart := make(map[int]bool, len(w.Parts))
	for _, p := range w.Parts {
		isPart[p] = true
	}
	var files []FileStatus
	for i, it := range tasks {
		rows, err := rowiter.Collect(ctx, it)
		if err != nil {
			return nil, fmt.Errorf("task %d: %w", i, err)
		}
		sort.SliceStable(rows, func(a, b int) bool {
			for _, p := range w.Parts {
				if c := sqltypes.Compare(rows[a][p], rows[b][p], w.Schema.Fields[p].Type); c != 0 {
					return c < 0
				}
			}
			return false
		})
		for start := 0; start < len(rows); {
			dir, err := partitionDir(w.Schema, w.Parts, rows[start], loc)
			if err != nil {
				return nil, err
			}
			end := start + 1
			for end < len(rows) && samePartition(w.Schema, w.Parts, rows[start], rows[end]) {
				end++
			}
			data := make([]sqltypes.Row, 0, end-start)
			for _, r := range rows[start:end] {
				d := make(sqltypes.Row, 0, len(w.DataSchema.Fields))
				for j, v := range r {
					if !isPart[j] {
						d = append(d, v)
					}
				}
				data = append(data, d)
			}
			folder := filepath.Join(w.Root, filepath.FromSlash(dir))
			if err := os.MkdirAll(folder, 0o755); err != nil {
				return nil, err
			}
			full := filepath.Join(folder, w.Name(i))
			f, err := w.Format.Create(full, w.DataSchema)
			if err != nil {
				return nil, fmt.Errorf("task %d: %w", i, err)
			}
			if err := f.Write(data); err != nil {
				f.Abort()
				return nil, fmt.Errorf("task %d: %w", i, err)
			}
			size, err := f.Close()
			if err != nil {
				return nil, fmt.Errorf("task %d: %w", i, err)
			}
			st := FileStatus{Path: fileURI(full), Size: size}
			if w.Stat != nil {
				if st, err = w.Stat(full, size); err != nil {
					return nil, err
				}
			}
			files = append(files, st)
			start = end
		}
	}
	return files, nil
}

func samePartition(schema *sqltypes.StructType, parts []int, a, b sqltypes.Row) bool {
	for _, p := range parts {
		if sqltypes.Compare(a[p], b[p], schema.Fields[p].Type) != 0 {
			return false
		}
	}
	return true
}

// DefaultPartitionName is the folder value of a null or empty partition value.
const DefaultPartitionName = "__HIVE_DEFAULT_PARTITION__"

// partitionDir is a row's col=value/col=value folder path (slash-separated).
func partitionDir(schema *sqltypes.StructType, parts []int, r sqltypes.Row, loc *time.Location) (string, error) {
	segs := make([]string, len(parts))
	for i, p := range parts {
		f := schema.Fields[p]
		v := DefaultPartitionName
		if r[p] != nil {
			str, err := sqltypes.Cast(r[p], f.Type, sqltypes.String, loc)
			if err != nil {
				return "", fmt.Errorf("partition column %s: %w", f.Name, err)
			}
			if str, ok := str.(string); ok && str != "" {
				v = localfs.EscapePathName(str)
			}
		}
		segs[i] = localfs.EscapePathName(f.Name) + "=" + v
	}
	return strings.Join(segs, "/"), nil
}

// SplitPartitions resolves partition column names against schema (case-insensitively, as
// Spark does by default) and returns their positions and the schema of the data files (the
// other columns). It refuses unknown, repeated and all-column partitionings as Spark does.
func SplitPartitions(schema *sqltypes.StructType, cols []string) ([]int, *sqltypes.StructType, error) {
	if len(cols) == 0 {
		return nil, schema, nil
	}
	var parts []int
	seen := map[int]bool{}
	for _, c := range cols {
		idx := -1
		for i, f := range schema.Fields {
			if strings.EqualFold(f.Name, c) {
				idx = i
				break
			}
		}
		if idx < 0 {
			names := make([]string, len(schema.Fields))
			for i, f := range schema.Fields {
				names[i] = f.Name
			}
			return nil, nil, fmt.Errorf("partition column %s not found in schema (columns: %s); partition by one of the query's output columns", c, strings.Join(names, ", "))
		}
		if seen[idx] {
			return nil, nil, fmt.Errorf("found duplicate column(s) in the partition schema: `%s`; name each partition column once", strings.ToLower(c))
		}
		seen[idx] = true
		parts = append(parts, idx)
	}
	if len(parts) == len(schema.Fields) {
		return nil, nil, errors.New("cannot use all columns for partition columns; leave at least one column for the data files")
	}
	data := &sqltypes.StructType{}
	for i, f := range schema.Fields {
		if !seen[i] {
			data.Fields = append(data.Fields, f)
		}
	}
	return parts, data, nil
}

// writeLog adds _spark_metadata/<batchID>, or <batchID>.compact on a compaction batch
// (every compactInterval-th batch folds in everything logged before it).
func (s *Sink) writeLog(batchID int64, statuses []FileStatus) error {
	name := strconv.FormatInt(batchID, 10)
	entries := statuses
	if (batchID+1)%int64(s.compactInterval) == 0 {
		prior, err := readAll(s.path, batchID-1)
		if err != nil {
			return err
		}
		entries = append(prior, statuses...)
		name += ".compact"
	}
	var b bytes.Buffer
	b.WriteString("v1")
	for _, e := range entries {
		b.WriteByte('\n')
		b.Write(e.encode())
	}
	if err := writeOnce(s.logDir(), name, b.Bytes()); err != nil {
		return err
	}
	if strings.HasSuffix(name, ".compact") {
		s.deleteExpiredLog(batchID)
	}
	return nil
}

// logCleanupDelay is spark.sql.streaming.fileSink.log.cleanupDelay: log files made obsolete
// by a compaction are deleted once they are this old.
const logCleanupDelay = 10 * time.Minute

// deleteExpiredLog removes log files before compaction batch c that are older than the
// cleanup delay, as Spark's CompactibleFileStreamLog does after writing a compact file.
// Failures are ignored: the files are merely redundant.
func (s *Sink) deleteExpiredLog(c int64) {
	ents, err := listLog(s.path)
	if err != nil {
		return
	}
	cutoff := s.now().Add(-logCleanupDelay)
	for _, e := range ents {
		if e.id >= c {
			break
		}
		name := strconv.FormatInt(e.id, 10)
		if e.compact {
			name += ".compact"
		}
		p := filepath.Join(s.logDir(), name)
		if st, err := os.Stat(p); err == nil && st.ModTime().Before(cutoff) {
			os.Remove(p)
		}
	}
}

// writeOnce writes dir/name via a hidden temp file and an exclusive link: an existing entry
// is never replaced (two writers of one batch: the second fails).
func writeOnce(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("file sink log: %w", err)
	}
	final := filepath.Join(dir, name)
	tmp := filepath.Join(dir, "."+name+"."+uuid.NewString()+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", final, err)
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, final); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("file sink log %s already exists: another query is writing to this output folder", final)
		}
		if _, serr := os.Lstat(final); serr == nil {
			return fmt.Errorf("file sink log %s already exists: another query is writing to this output folder", final)
		}
		if err := os.Rename(tmp, final); err != nil {
			return fmt.Errorf("write %s: %w", final, err)
		}
	}
	return nil
}

// logEntry is a batch file or compact file in _spark_metadata.
type logEntry struct {
	id      int64
	compact bool
}

func listLog(path string) ([]logEntry, error) {
	dir := filepath.Join(path, MetadataDir)
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	var out []logEntry
	for _, e := range ents {
		name := e.Name()
		compact := strings.HasSuffix(name, ".compact")
		num := strings.TrimSuffix(name, ".compact")
		if e.IsDir() || num == "" || strings.Trim(num, "0123456789") != "" {
			continue
		}
		id, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			continue
		}
		out = append(out, logEntry{id: id, compact: compact})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out, nil
}

// HasLog reports whether path is a file sink output folder (has _spark_metadata). Spark then
// lists its files through the log instead of the folder.
func HasLog(path string) bool {
	st, err := os.Stat(filepath.Join(path, MetadataDir))
	return err == nil && st.IsDir()
}

// LatestBatchID is the newest batch id in the log; ok is false when there is none.
func LatestBatchID(path string) (int64, bool, error) {
	ents, err := listLog(path)
	if err != nil || len(ents) == 0 {
		return 0, false, err
	}
	return ents[len(ents)-1].id, true, nil
}

// Files lists the files the log makes visible, in log order.
func Files(path string) ([]FileStatus, error) {
	latest, ok, err := LatestBatchID(path)
	if err != nil || !ok {
		return nil, err
	}
	return readAll(path, latest)
}

// readAll returns every entry up to batch upTo: the newest compact file at or below it,
// plus the batch files after that compaction.
func readAll(path string, upTo int64) ([]FileStatus, error) {
	ents, err := listLog(path)
	if err != nil {
		return nil, err
	}
	start := 0
	for i, e := range ents {
		if e.id <= upTo && e.compact {
			start = i
		}
	}
	var out []FileStatus
	for _, e := range ents[start:] {
		if e.id > upTo {
			break
		}
		got, err := readLogFile(path, e)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	// Spark's compaction drops entries whose file was later marked "delete".
	deleted := map[string]bool{}
	for _, f := range out {
		if f.Action == "delete" {
			deleted[f.Path] = true
		}
	}
	if len(deleted) > 0 {
		kept := out[:0]
		for _, f := range out {
			if !deleted[f.Path] {
				kept = append(kept, f)
			}
		}
		out = kept
	}
	return out, nil
}

func readLogFile(path string, e logEntry) ([]FileStatus, error) {
	name := strconv.FormatInt(e.id, 10)
	if e.compact {
		name += ".compact"
	}
	file := filepath.Join(path, MetadataDir, name)
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read file sink log: %w", err)
	}
	corrupt := func(why string) error {
		return fmt.Errorf("file sink log %s is unreadable: %s; delete the output folder %s and its query's checkpoint to start over", file, why, path)
	}
	lines := strings.Split(string(data), "\n")
	if len(lines[0]) < 2 || lines[0][0] != 'v' {
		return nil, corrupt("the first line should be a version like \"v1\"")
	}
	if v, err := strconv.Atoi(lines[0][1:]); err != nil || v < 1 {
		return nil, corrupt("the first line should be a version like \"v1\"")
	} else if v > 1 {
		return nil, corrupt(fmt.Sprintf("log version v%d was written by a newer Spark; kafkalab reads v1", v))
	}
	var out []FileStatus
	for i, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var f FileStatus
		if err := json.Unmarshal([]byte(l), &f); err != nil || f.Path == "" {
			return nil, corrupt(fmt.Sprintf("line %d is not a file entry; the file may be truncated", i+2))
		}
		out = append(out, f)
	}
	return out, nil
}
