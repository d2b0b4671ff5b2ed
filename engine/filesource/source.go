package filesource

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/filesink"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Reader reads one file's rows in the source's data schema (partition columns excluded).
type Reader func(ctx context.Context, file string, fn func(sqltypes.Row) error) error

// Config describes a file source.
type Config struct {
	// Path is the folder (absolute; it may hold glob characters).
	Path string
	// Schema is the rows' shape: the data columns, then PartitionColumns.
	Schema *sqltypes.StructType
	// PartitionColumns are the trailing Schema columns filled from key=value folders.
	PartitionColumns []string
	Options          Options
	Read             Reader
	// CompactInterval is spark.sql.streaming.fileSource.log.compactInterval.
	CompactInterval int64
	Location        *time.Location
	Now             func() time.Time
	// Parallelism is the session's default parallelism (Spark packs small files into
	// that many read partitions at least).
	Parallelism int
}

// file is one listed file.
type file struct {
	uri   string // Spark's urlEncoded path, file:///...
	local string
	mtime int64
	size  int64
}

// Source is the streaming file source.
type Source struct {
	cfg Config

	mu           sync.Mutex
	log          *Log
	current      int64 // metadataLogCurrentOffset
	seen         map[string]int64
	latestTS     int64
	lastPurge    int64
	unread       []file
	availableNow []file
	prepared     bool
}

// New checks the config; the checkpoint folder comes with OpenMetadata.
func New(cfg Config) (*Source, error) {
	if cfg.Read == nil || cfg.Schema == nil {
		return nil, errors.New("file source: a reader and a schema are needed")
	}
	if cfg.CompactInterval <= 0 {
		cfg.CompactInterval = 10
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	if cfg.Options.CleanSource == CleanArchive {
		if err := checkArchiveDir(cfg.Path, cfg.Options.SourceArchiveDir); err != nil {
			return nil, err
		}
	}
	return &Source{cfg: cfg, current: -1, seen: map[string]int64{}}, nil
}

// checkArchiveDir refuses an archive folder that the source pattern could match, as
// Spark's SourceFileArchiver does (compared down to the shallower of the two depths).
func checkArchiveDir(source, archive string) error {
	src := strings.Split(strings.Trim(filepath.ToSlash(source), "/"), "/")
	arc := strings.Split(strings.Trim(filepath.ToSlash(archive), "/"), "/")
	n := min(len(src), len(arc))
	for i := 0; i < n; i++ {
		if ok, _ := path.Match(src[i], arc[i]); !ok {
			return nil
		}
	}
	return illegal("requirement failed: Base archive path cannot be set to the path where archived path can possibly match with source pattern. Ensure the base archive path doesn't match with source pattern in depth, where the depth is minimum of depth on both paths.")
}

// Description is Spark's FileStreamSource.toString.
func (s *Source) Description() string {
	return "FileStreamSource[file:" + filepath.ToSlash(s.cfg.Path) + "]"
}

func (s *Source) Schema() *sqltypes.StructType { return s.cfg.Schema }

// OpenMetadata opens the source's log in the checkpoint and remembers the files earlier
// runs took.
func (s *Source) OpenMetadata(dir string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = NewLog(dir, s.cfg.CompactInterval, s.cfg.Now)
	latest, ok, err := s.log.Latest()
	if err != nil {
		return err
	}
	if ok {
		s.current = latest
	}
	entries, err := s.log.All()
	if err != nil {
		return err
	}
	for _, e := range entries {
		s.addSeen(s.seenKey(e.Path), e.Timestamp)
	}
	s.purge()
	return nil
}

func offsetJSON(n int64) string { return `{"logOffset":` + strconv.FormatInt(n, 10) + `}` }

func parseOffset(s string) (int64, error) {
	var n int64
	if _, err := fmt.Sscanf(strings.ReplaceAll(s, " ", ""), `{"logOffset":%d}`, &n); err != nil {
		return 0, fmt.Errorf("file source: offset %q is not a file source offset {\"logOffset\":N}: %w", s, err)
	}
	return n, nil
}

// ValidateOffsets refuses a checkpoint offset another kind of source wrote.
func (s *Source) ValidateOffsets(off string) error {
	_, err := parseOffset(off)
	return err
}

// InitialOffsets is before the first log batch.
func (s *Source) InitialOffsets(context.Context) (string, error) { return offsetJSON(-1), nil }

// PrepareForAvailableNow lists the folder once: later batches take only those files.
func (s *Source) PrepareForAvailableNow(context.Context) error {
	files, err := s.listAll()
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.availableNow, s.prepared = files, true
	s.mu.Unlock()
	return nil
}

// LatestOffsets takes the next files (within maxFilesPerTrigger / maxBytesPerTrigger),
// records them in the log as a new batch, and returns its offset; "" when no file was
// ever taken.
func (s *Source) LatestOffsets(ctx context.Context, start string) (string, error) {
	return s.fetchMaxOffset(true)
}

// LatestOffsetsUnlimited is for trigger(once=True): every new file.
func (s *Source) LatestOffsetsUnlimited(ctx context.Context, start string) (string, error) {
	return s.fetchMaxOffset(false)
}

func (s *Source) fetchMaxOffset(limited bool) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.log == nil {
		return "", errors.New("file source: the checkpoint folder was not opened")
	}
	var candidates []file
	if s.unread != nil {
		candidates = s.unread
	} else {
		all := s.availableNow
		if !s.prepared {
			var err error
			if all, err = s.listAll(); err != nil {
				return "", err
			}
		}
		for _, f := range all {
			if s.isNew(f) {
				candidates = append(candidates, f)
			}
		}
	}
	o := s.cfg.Options
	batch, rest := candidates, []file(nil)
	switch {
	case limited && o.MaxFilesPerTrigger > 0 && !o.LatestFirst:
		if len(candidates) > o.MaxFilesPerTrigger {
			batch, rest = candidates[:o.MaxFilesPerTrigger], candidates[o.MaxFilesPerTrigger:]
		}
		if float64(len(rest)) < float64(o.MaxFilesPerTrigger)*0.2 {
			rest = nil
		}
	case limited && o.MaxFilesPerTrigger > 0:
		if len(candidates) > o.MaxFilesPerTrigger {
			batch = candidates[:o.MaxFilesPerTrigger]
		}
	case limited && o.MaxBytesPerTrigger > 0:
		var size int64
		n := 0
		for i, f := range candidates {
			if i > 0 && size+f.size > o.MaxBytesPerTrigger {
				break
			}
			size += f.size
			n++
		}
		batch, rest = candidates[:n], candidates[n:]
		if o.LatestFirst {
			rest = nil
		}
	}
	if len(rest) > 10000 {
		rest = rest[:10000]
	}
	if len(rest) > 0 {
		s.unread = append([]file(nil), rest...)
	} else {
		s.unread = nil
	}
	for _, f := range batch {
		s.addSeen(s.seenKey(f.uri), f.mtime)
	}
	s.purge()
	if len(batch) > 0 {
		next := s.current + 1
		entries := make([]Entry, len(batch))
		for i, f := range batch {
			entries[i] = Entry{Path: f.uri, Timestamp: f.mtime, BatchID: next}
		}
		if err := s.log.Add(next, entries); err != nil {
			return "", err
		}
		s.current = next
	}
	if s.current < 0 {
		return "", nil
	}
	return offsetJSON(s.current), nil
}

// ReportLatestOffset: Spark's file source reports none.
func (s *Source) ReportLatestOffset() string { return "" }

func (s *Source) seenKey(uri string) string {
	if s.cfg.Options.FileNameOnly {
		return path.Base(uri)
	}
	return uri
}

func (s *Source) addSeen(key string, ts int64) {
	s.seen[key] = ts
	if ts > s.latestTS {
		s.latestTS = ts
	}
}

func (s *Source) isNew(f file) bool {
	if f.mtime < s.lastPurge {
		return false
	}
	_, ok := s.seen[s.seenKey(f.uri)]
	return !ok
}

// purge forgets files older than maxFileAge before the newest file seen (maxFileAge is
// ignored with latestFirst and maxFilesPerTrigger, as in Spark).
func (s *Source) purge() {
	age := s.cfg.Options.MaxFileAgeMs
	if s.cfg.Options.LatestFirst && s.cfg.Options.MaxFilesPerTrigger > 0 {
		s.lastPurge = 0
		return
	}
	s.lastPurge = s.latestTS - age
	for k, ts := range s.seen {
		if ts < s.lastPurge {
			delete(s.seen, k)
		}
	}
}

// fileURI is Hadoop's Path.toUri of a local file, as Spark records it.
func fileURI(local string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(local)}
	return u.String()
}

func fromURI(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || (u.Scheme != "file" && u.Scheme != "") {
		return "", fmt.Errorf("file source: %q in the checkpoint's file log is not a local file URI", uri)
	}
	return filepath.FromSlash(u.Path), nil
}

// listAll lists the files the source sees now, oldest first (newest first with
// latestFirst); files of equal time in path order.
func (s *Source) listAll() ([]file, error) {
	var roots []string
	if strings.ContainsAny(s.cfg.Path, "*?[{") {
		m, err := filepath.Glob(s.cfg.Path)
		if err != nil {
			return nil, fmt.Errorf("file source: bad glob pattern %q: %w", s.cfg.Path, err)
		}
		roots = m
	} else {
		roots = []string{s.cfg.Path}
	}
	var out []file
	for _, root := range roots {
		if filesink.HasLog(root) {
			fs, err := filesink.Files(root)
			if err != nil {
				return nil, err
			}
			for _, f := range fs {
				if f.Action != "add" || f.IsDir {
					continue
				}
				p, err := f.LocalPath()
				if err != nil {
					return nil, err
				}
				if st, err := os.Stat(p); err == nil {
					out = append(out, file{uri: fileURI(p), local: p, mtime: st.ModTime().UnixMilli(), size: st.Size()})
				}
			}
			continue
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			name := d.Name()
			if p != root && hiddenName(name) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			if g := s.cfg.Options.PathGlobFilter; g != "" {
				if ok, _ := path.Match(g, name); !ok {
					return nil
				}
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			out = append(out, file{uri: fileURI(p), local: p, mtime: info.ModTime().UnixMilli(), size: info.Size()})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("file source: listing %s: %w", root, err)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].local < out[j].local })
	if s.cfg.Options.LatestFirst {
		sort.SliceStable(out, func(i, j int) bool { return out[i].mtime > out[j].mtime })
	} else {
		sort.SliceStable(out, func(i, j int) bool { return out[i].mtime < out[j].mtime })
	}
	return out, nil
}

// hiddenName is Spark's InMemoryFileIndex filter: "_x" (but not a "k=v" folder) and ".x".
func hiddenName(name string) bool {
	return (strings.HasPrefix(name, "_") && !strings.Contains(name, "=")) || strings.HasPrefix(name, ".") ||
		strings.HasSuffix(name, "._COPYING_")
}

// PlanTasks reads the log batches after start up to end: one task per file, larger
// files first, as Spark packs small files into read partitions.
func (s *Source) PlanTasks(_ context.Context, start, end string) ([]stream.SourceTask, error) {
	from, err := parseOffset(start)
	if err != nil {
		return nil, err
	}
	to, err := parseOffset(end)
	if err != nil {
		return nil, err
	}
	if to <= from {
		return nil, nil
	}
	s.mu.Lock()
	log := s.log
	s.mu.Unlock()
	entries, err := log.Get(from+1, to)
	if err != nil {
		return nil, err
	}
	type sized struct {
		local string
		size  int64
	}
	var fs []sized
	var total int64
	for _, e := range entries {
		local, err := fromURI(e.Path)
		if err != nil {
			return nil, err
		}
		var size int64
		if st, err := os.Stat(local); err == nil {
			size = st.Size()
		}
		fs = append(fs, sized{local, size})
		total += size + openCostInBytes
	}
	// Spark's FilePartition packing: largest files first, a partition closed once the
	// next file would pass maxSplitBytes, every file costing openCostInBytes more.
	par := int64(max(s.cfg.Parallelism, 1))
	maxSplit := min(int64(maxPartitionBytes), max(int64(openCostInBytes), total/par))
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].size > fs[j].size })
	var out []stream.SourceTask
	var cur []string
	var curSize int64
	flush := func() {
		if len(cur) > 0 {
			out = append(out, &packedTask{src: s, files: cur})
		}
		cur, curSize = nil, 0
	}
	for _, f := range fs {
		if curSize+f.size > maxSplit {
			flush()
		}
		curSize += f.size + openCostInBytes
		cur = append(cur, f.local)
	}
	flush()
	return out, nil
}

// Spark's spark.sql.files.maxPartitionBytes and openCostInBytes defaults.
const (
	maxPartitionBytes = 128 << 20
	openCostInBytes   = 4 << 20
)

// packedTask reads the files Spark packs into one read partition, in order.
type packedTask struct {
	src   *Source
	files []string
}

func (t *packedTask) Description() string { return strings.Join(t.files, ", ") }

// Open streams the task's files in order, chunkRows rows at a time.
func (t *packedTask) Open(chunkRows int) rowiter.Iter { return rowiter.Scan(t.scan, chunkRows) }

func (t *packedTask) scan(ctx context.Context, fn func(sqltypes.Row) error) error {
	for _, f := range t.files {
		if err := t.src.ReadFile(ctx, f, fn); err != nil {
			return err
		}
	}
	return nil
}

// partitionValues reads the partition columns from the key=value folders between the
// source folder and the file.
func (s *Source) partitionValues(local string) ([]any, error) {
	n := len(s.cfg.PartitionColumns)
	if n == 0 {
		return nil, nil
	}
	found := map[string]string{}
	rel, err := filepath.Rel(s.cfg.Path, filepath.Dir(local))
	if err != nil {
		rel = filepath.Dir(local)
	}
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		k, v, ok := strings.Cut(seg, "=")
		if !ok {
			continue
		}
		if uv, err := url.PathUnescape(v); err == nil {
			v = uv
		}
		found[strings.ToLower(k)] = v
	}
	fields := s.cfg.Schema.Fields[len(s.cfg.Schema.Fields)-n:]
	out := make([]any, n)
	for i, f := range fields {
		v, ok := found[strings.ToLower(f.Name)]
		if !ok || v == "__HIVE_DEFAULT_PARTITION__" {
			continue
		}
		cv, err := sqltypes.Cast(v, sqltypes.String, f.Type, s.cfg.Location)
		if err != nil {
			continue
		}
		out[i] = cv
	}
	return out, nil
}

// Commit is called once batch end's successor is planned: with cleanSource, the files
// that log batch took are archived or deleted (Spark does it for the previous batch
// after writing the next offsets).
func (s *Source) Commit(end string) error {
	if s.cfg.Options.CleanSource == CleanOff || end == "" {
		return nil
	}
	n, err := parseOffset(end)
	if err != nil || n < 0 {
		return err
	}
	s.mu.Lock()
	log := s.log
	s.mu.Unlock()
	entries, err := log.Get(n, n)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.BatchID != n {
			continue
		}
		local, err := fromURI(e.Path)
		if err != nil {
			continue
		}
		switch s.cfg.Options.CleanSource {
		case CleanDelete:
			os.Remove(local)
		case CleanArchive:
			target := filepath.Join(s.cfg.Options.SourceArchiveDir, local)
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err == nil {
				os.Rename(local, target)
			}
		}
	}
	return nil
}

func (s *Source) Close() error { return nil }

// task reads one file.
type task struct {
	src       *Source
	file      string
	partition []any
}

func (t *task) Description() string { return t.file }

func (t *task) Scan(ctx context.Context, fn func(sqltypes.Row) error) error {
	return t.src.cfg.Read(ctx, t.file, func(r sqltypes.Row) error {
		if len(t.partition) > 0 {
			r = append(r, t.partition...)
		}
		return fn(r)
	})
}

// ReadFile reads one file as a batch of the source would: its rows with the partition
// values of its folders (spark.read over the same folder).
func (s *Source) ReadFile(ctx context.Context, local string, fn func(sqltypes.Row) error) error {
	pv, err := s.partitionValues(local)
	if err != nil {
		return err
	}
	return (&task{src: s, file: local, partition: pv}).Scan(ctx, fn)
}
