// Package filesink is Spark's streaming file sink for parquet (writeStream.format("parquet")
// .option("path", ...)): Spark-style data files plus the _spark_metadata log that makes it
// exactly-once. A batch's files become visible only when its log entry
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

// Sink writes batches to one output folder.
type Sink struct {
	path            string
	compactInterval int
	// newUUID, modTimeMs and now are replaced by tests.
	newUUID   func() string
	modTimeMs func(os.FileInfo) int64
	now       func() time.Time
}

// Open returns the sink for the output folder path (created on the first batch).
func Open(path string) (*Sink, error) {
	if path == "" {
		return nil, errors.New("parquet sink: option \"path\" is required; set .option(\"path\", <folder>) or .start(<folder>)")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("parquet sink path %s: %w", path, err)
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("parquet sink path %s is a file, not a folder", abs)
	}
	return &Sink{path: abs, compactInterval: DefaultCompactInterval, newUUID: uuid.NewString,
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

// AddBatch writes one batch: one file per non-empty task (task 0 always writes one), then
// the log entry. A batch id at or below the latest logged one is skipped (written=false).
// Each task's rows stream into its file; the sink reads and closes every task.
func (s *Sink) AddBatch(ctx context.Context, batchID int64, schema *sqltypes.StructType, tasks []rowiter.Iter) (written bool, err error) {
	defer rowiter.CloseAll(tasks)
	if batchID < 0 {
		return false, fmt.Errorf("parquet sink: negative batch id %d", batchID)
	}
	latest, ok, err := LatestBatchID(s.path)
	if err != nil {
		return false, err
	}
	if ok && batchID <= latest {
		return false, nil // "Skipping already committed batch"
	}
	if _, err := sparkparquet.Schema(schema); err != nil {
		return false, fmt.Errorf("parquet sink %s: %w", s.path, err)
	}
	if err := os.MkdirAll(s.path, 0o755); err != nil {
		return false, fmt.Errorf("parquet sink: %w", err)
	}
	if len(tasks) == 0 {
		tasks = []rowiter.Iter{rowiter.Empty()}
	}
	// Files are named in task order, so the uuid sequence does not depend on scheduling.
	turns := rowiter.NewTurns(len(tasks))
	statuses := make([]*FileStatus, len(tasks))
	err = rowiter.ForEachTask(ctx, tasks, rowiter.Parallelism(), func(ctx context.Context, i int, it rowiter.Iter) error {
		rows, empty, err := rowiter.Peek(ctx, it)
		if werr := turns.Wait(ctx, i); werr != nil {
			if err == nil {
				rows.Close()
			}
			return werr
		}
		name := ""
		if err == nil && (!empty || i == 0) {
			name = fmt.Sprintf("part-%05d-%s-c000.snappy.parquet", i, s.newUUID())
		}
		turns.Done(i)
		if name == "" {
			return err
		}
		defer rows.Close()
		full := filepath.Join(s.path, name)
		f, err := sparkparquet.CreateFile(full, schema, nil)
		if err != nil {
			return fmt.Errorf("parquet sink batch %d task %d: %w", batchID, i, err)
		}
		if err := rowiter.Each(ctx, rows, f.Write); err != nil {
			f.Abort()
			return fmt.Errorf("parquet sink batch %d task %d: %w", batchID, i, err)
		}
		size, err := f.Close()
		if err != nil {
			return fmt.Errorf("parquet sink batch %d task %d: %w", batchID, i, err)
		}
		st, err := os.Stat(full)
		if err != nil {
			return err
		}
		statuses[i] = &FileStatus{Path: fileURI(full), Size: size, ModificationTime: s.modTimeMs(st),
			BlockReplication: localBlockReplication, BlockSize: localBlockSize, Action: "add"}
		return nil
	})
	if err != nil {
		return false, err
	}
	var files []FileStatus
	for _, st := range statuses {
		if st != nil {
			files = append(files, *st)
		}
	}
	if err := s.writeLog(batchID, files); err != nil {
		return false, err
	}
	return true, nil
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
		return fmt.Errorf("parquet sink log: %w", err)
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
