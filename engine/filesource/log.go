// Package filesource is Spark's streaming file source (FileStreamSource): a folder read as
// a stream, each batch taking the files that appeared since the last one. What it took is
// recorded in the checkpoint's sources/<i>/ folder as Spark's FileStreamSourceLog, and
// its offsets are Spark's FileStreamSourceOffset, so checkpoints move between the two.
package filesource

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Entry is one file a batch took (Spark's FileEntry): its URI, modification time in ms
// and the log batch that took it. Fields in Spark's JSON order.
type Entry struct {
	Path      string `json:"path"`
	Timestamp int64  `json:"timestamp"`
	BatchID   int64  `json:"batchId"`
}

// logVersion is FileStreamSourceLog.VERSION.
const logVersion = 1

// compactSuffix marks a compacted log file ("9.compact").
const compactSuffix = ".compact"

// Log is the folder sources/<i>: one file per batch ("v1" then one JSON entry a line),
// and every compactInterval batches a compact file holding every entry so far, after
// which files older than the cleanup delay are deleted (Spark's CompactibleFileStreamLog).
type Log struct {
	dir             string
	compactInterval int64
	cleanupDelay    time.Duration
	now             func() time.Time
}

// NewLog opens the log in dir.
func NewLog(dir string, compactInterval int64, now func() time.Time) *Log {
	if compactInterval < 1 {
		compactInterval = 1
	}
	if now == nil {
		now = time.Now
	}
	return &Log{dir: dir, compactInterval: compactInterval, cleanupDelay: 10 * time.Minute, now: now}
}

func (l *Log) isCompact(batch int64) bool { return (batch+1)%l.compactInterval == 0 }

func (l *Log) file(batch int64) string {
	name := strconv.FormatInt(batch, 10)
	if l.isCompact(batch) {
		name += compactSuffix
	}
	return filepath.Join(l.dir, name)
}

// batches lists the batch ids present, ascending, and which are compact files.
func (l *Log) batches() ([]int64, map[int64]bool, error) {
	ents, err := os.ReadDir(l.dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("file source log: %w", err)
	}
	var ids []int64
	compact := map[int64]bool{}
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		base, isCompact := strings.CutSuffix(name, compactSuffix)
		id, err := strconv.ParseInt(base, 10, 64)
		if err != nil {
			continue
		}
		ids = append(ids, id)
		if isCompact {
			compact[id] = true
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, compact, nil
}

// Latest is the newest batch id in the log, ok false when the log is empty.
func (l *Log) Latest() (int64, bool, error) {
	ids, _, err := l.batches()
	if err != nil || len(ids) == 0 {
		return -1, false, err
	}
	return ids[len(ids)-1], true, nil
}

func (l *Log) read(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("file source log: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	if !sc.Scan() {
		return nil, fmt.Errorf("file source log: %s is empty: the file was cut short; delete it to redo its batch", path)
	}
	v := strings.TrimSpace(sc.Text())
	n, err := strconv.Atoi(strings.TrimPrefix(v, "v"))
	if !strings.HasPrefix(v, "v") || err != nil {
		return nil, fmt.Errorf("file source log: %s starts with %q, not a version line like v1", path, v)
	}
	if n > logVersion {
		return nil, fmt.Errorf("file source log: %s is version v%d; kafkalab reads up to v%d (written by a newer Spark?)", path, n, logVersion)
	}
	var out []Entry
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var e Entry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			return nil, fmt.Errorf("file source log: %s: %q is not a file entry: %w", path, line, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("file source log: %s: %w", path, err)
	}
	return out, nil
}

// Get returns the entries of batches from..to inclusive, in batch order.
func (l *Log) Get(from, to int64) ([]Entry, error) {
	ids, compact, err := l.batches()
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, id := range ids {
		if id < from || id > to {
			continue
		}
		path := filepath.Join(l.dir, strconv.FormatInt(id, 10))
		if compact[id] {
			path += compactSuffix
		}
		es, err := l.read(path)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			// A compact file holds every earlier batch too.
			if e.BatchID >= from && e.BatchID <= to {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// All is every entry the log holds: the latest compact file and the batches after it.
func (l *Log) All() ([]Entry, error) {
	ids, compact, err := l.batches()
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	start := 0
	for i := len(ids) - 1; i >= 0; i-- {
		if compact[ids[i]] {
			start = i
			break
		}
	}
	var out []Entry
	for _, id := range ids[start:] {
		path := filepath.Join(l.dir, strconv.FormatInt(id, 10))
		if compact[id] {
			path += compactSuffix
		}
		es, err := l.read(path)
		if err != nil {
			return nil, err
		}
		out = append(out, es...)
	}
	return out, nil
}

// Add writes batch's entries; on a compaction batch the file holds every entry so far.
// It fails when the batch is already there (another query shares the checkpoint).
func (l *Log) Add(batch int64, entries []Entry) error {
	if err := os.MkdirAll(l.dir, 0o755); err != nil {
		return fmt.Errorf("file source log: %w", err)
	}
	all := entries
	if l.isCompact(batch) && batch > 0 {
		prev, err := l.All()
		if err != nil {
			return err
		}
		all = append(prev, entries...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "v%d", logVersion)
	for _, e := range all {
		line, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("file source log: %w", err)
		}
		b.WriteByte('\n')
		b.Write(line)
	}
	target := l.file(batch)
	if _, err := os.Stat(target); err == nil {
		return fmt.Errorf("file source log: %s already exists: another query is reading with this checkpoint", target)
	}
	tmp, err := os.CreateTemp(l.dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return fmt.Errorf("file source log: %w", err)
	}
	_, werr := tmp.WriteString(b.String())
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), target)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("file source log: writing %s: %w", target, werr)
	}
	if l.isCompact(batch) {
		l.deleteExpired(batch)
	}
	return nil
}

// deleteExpired removes the batch files a compaction made redundant once they are older
// than the cleanup delay, as Spark does (spark.sql.streaming.fileSource.log.cleanupDelay).
func (l *Log) deleteExpired(compacted int64) {
	ids, compact, err := l.batches()
	if err != nil {
		return
	}
	limit := l.now().Add(-l.cleanupDelay)
	for _, id := range ids {
		if id >= compacted {
			break
		}
		path := filepath.Join(l.dir, strconv.FormatInt(id, 10))
		if compact[id] {
			path += compactSuffix
		}
		if st, err := os.Stat(path); err == nil && st.ModTime().Before(limit) {
			os.Remove(path)
		}
	}
}
