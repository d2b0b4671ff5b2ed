// Package delta writes and reads Delta Lake tables the way delta-spark 4.4 does: a
// _delta_log of JSON commits (commitInfo, metaData, protocol, txn, add, remove) with Delta's
// key order, a version checksum file (<version>.crc) after each commit, checkpoints, and
// Spark-style snappy Parquet data files with data-skipping stats. A streaming
// query's batches are made idempotent by the txn action (appId = query id, version = batch
// id), which is what makes Spark's Delta sink exactly-once.
package delta

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DeltaVersion is the delta-spark version kafkalab's tables claim to be written by: the
// release that pairs with PySpark 4.2 (lab/export pins the same; checked by lab/testharness/sparkdiff).
const DeltaVersion = "4.4.0"

// EngineInfo is commitInfo.engineInfo, kept in this one place.
const EngineInfo = "Apache-Spark/" + sparkparquet.SparkVersion + " Delta-Lake/" + DeltaVersion

// ErrConcurrentCommit means another writer committed the version we tried to write.
var ErrConcurrentCommit = errors.New("another writer committed to the Delta table at the same time")

// Table is a Delta table folder.
type Table struct {
	path   string
	driver *Driver // nil: nothing is remembered between commits
	// replayed is the log state of the latest snapshot this Table rebuilt, which the next
	// one continues from (see replayCache).
	replayed *replayCache
}

// Open returns the table at path (which may not exist yet).
func Open(path string) (*Table, error) {
	if path == "" {
		return nil, errors.New("delta table path is empty")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("delta table %s: %w", path, err)
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("delta table path %s is a file, not a folder", abs)
	}
	return &Table{path: abs, replayed: &replayCache{}}, nil
}

// Path is the table's absolute folder.
func (t *Table) Path() string { return t.path }

func (t *Table) logDir() string { return filepath.Join(t.path, "_delta_log") }

func versionFileName(v int64) string { return fmt.Sprintf("%020d.json", v) }

// versions lists the commit versions in _delta_log, ascending.
func (t *Table) versions() ([]int64, error) {
	entries, err := os.ReadDir(t.logDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", t.logDir(), err)
	}
	var out []int64
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || len(name) != 25 || !strings.HasSuffix(name, ".json") {
			continue
		}
		v, err := strconv.ParseInt(name[:20], 10, 64)
		if err == nil {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// Exists reports whether the table has at least one commit.
func (t *Table) Exists() (bool, error) {
	vs, err := t.versions()
	return len(vs) > 0, err
}

// File is one active data file of a snapshot.
type File struct {
	Add AddFile
	// Version is the commit that added the file; Order its position in that commit.
	Version int64
	Order   int
}

// Snapshot is the table state at one version.
type Snapshot struct {
	Table    *Table
	Version  int64 // -1 when the table has no commits
	Metadata *Metadata
	Protocol *Protocol
	Schema   *sqltypes.StructType
	// Files are the active data files, in the order Spark's scan would read them (largest
	// first, then by commit order).
	Files []File
	// Txns maps a streaming query id to the last batch id it committed.
	Txns map[string]int64
	// tombstones are removed files still remembered (for checkpoints).
	tombstones map[string]RemoveFile
	// txns are the latest txn action of each query, with lastUpdated; txnOrder lists the
	// app ids in the order they first appeared in the log.
	txns     map[string]Txn
	txnOrder []string
	// lastTxnID is the commitInfo txnId of the snapshot's version ("" when that version
	// was read from a checkpoint).
	lastTxnID string
	// domainMetadata is set when the log holds domainMetadata actions, which kafkalab
	// does not interpret.
	domainMetadata bool
	// part is the table's partitioning (nil: unpartitioned).
	part *partitioning
}

// Snapshot replays the log to the latest version: from the last checkpoint when there is
// one (then the JSON commits after it), else from version 0.
func (t *Table) Snapshot() (*Snapshot, error) { return t.snapshotAt(-1) }

// SnapshotAt is the table as of an earlier version (option "versionAsOf").
func (t *Table) SnapshotAt(version int64) (*Snapshot, error) {
	if version < 0 {
		return nil, fmt.Errorf("delta table %s: versionAsOf must be >= 0, got %d", t.path, version)
	}
	s, err := t.snapshotAt(version)
	if err != nil {
		return nil, err
	}
	if s.Version != version {
		latest := s.Version
		if all, err := t.Snapshot(); err == nil {
			latest = all.Version
		}
		earliest := int64(0)
		if vs, err := t.versions(); err == nil && len(vs) > 0 {
			earliest = vs[0]
		}
		return nil, &TimeTravelError{Class: "DELTA_VERSION_NOT_FOUND", Message: fmt.Sprintf(
			"Cannot time travel Delta table to version %d. Available versions: [%d, %d].", version, earliest, latest)}
	}
	return s, nil
}

// replay is the state being rebuilt from checkpoint and commits.
type replay struct {
	s          *Snapshot
	active     map[string]File
	tombstones map[string]RemoveFile
	base       int64 // the checkpoint version it started from, -1 for version 0
}

// clone is a copy of the state that applying more commits leaves r unchanged by (actions
// themselves are never modified, so they are shared).
func (r *replay) clone() *replay {
	s := *r.s
	s.Txns = maps.Clone(r.s.Txns)
	s.txns = maps.Clone(r.s.txns)
	s.txnOrder = slices.Clone(r.s.txnOrder)
	s.Files, s.tombstones, s.Schema, s.part = nil, nil, nil, nil
	return &replay{s: &s, active: maps.Clone(r.active), tombstones: maps.Clone(r.tombstones), base: r.base}
}

// replayCache keeps the log state of a table's latest snapshot, so that the next one (a
// streaming write asks at every batch) replays only the commits made since, as Delta's
// DeltaLog.update does with its cached snapshot, instead of reading the checkpoint and
// every commit after it again: that cost grew with the table's history, about 5 ms a
// batch by a few dozen batches (#18).
type replayCache struct {
	mu   sync.Mutex
	r    *replay     // nil: nothing kept
	id   os.FileInfo // the commit file of r's version when r was kept
	cp   os.FileInfo // the checkpoint file r started from (nil: version 0)
	hits int         // snapshots continued from r (for tests)
}

// keep remembers r (which the caller goes on to turn into a snapshot: a clone is kept).
func (c *replayCache) keep(t *Table, r *replay) {
	if c == nil {
		return
	}
	id, err := os.Stat(filepath.Join(t.logDir(), versionFileName(r.s.Version)))
	var cp os.FileInfo
	if err == nil && r.base >= 0 {
		cp, err = os.Stat(filepath.Join(t.logDir(), checkpointFileName(r.base)))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		c.r, c.id, c.cp = nil, nil, nil
		return
	}
	c.r, c.id, c.cp = r.clone(), id, cp
}

// sameFile reports whether path is still the file that was then.
func sameFile(path string, then os.FileInfo) bool {
	now, err := os.Stat(path)
	return err == nil && os.SameFile(now, then) && now.Size() == then.Size() && now.ModTime().Equal(then.ModTime())
}

// continueFrom returns a copy of the kept state to replay the latest snapshot from, when
// it is still this log's: the latest snapshot is asked for, the commit file of the kept
// version and the checkpoint it started from are the same files as when it was kept (a
// table deleted and made again at the path has new files; a checkpoint rewritten is read
// again, as Delta compares its log segment's files), the log has not gone back below it,
// and the last checkpoint is the one the kept state started from. A newer checkpoint
// makes a full reload, as in Delta: the scan order of a snapshot's files depends on the
// checkpoint it was read from.
func (c *replayCache) continueFrom(t *Table, upTo int64, vs []int64, cpv int64, hasCheckpoint bool) (*replay, bool) {
	if c == nil || upTo >= 0 || len(vs) == 0 {
		return nil, false
	}
	c.mu.Lock()
	r, id, cp := c.r, c.id, c.cp
	c.mu.Unlock()
	if r == nil || r.s.Version > vs[len(vs)-1] {
		return nil, false
	}
	if base := int64(-1); hasCheckpoint && cpv <= vs[len(vs)-1] {
		base = cpv
		if base != r.base {
			return nil, false
		}
	} else if r.base != -1 {
		return nil, false
	}
	if !sameFile(filepath.Join(t.logDir(), versionFileName(r.s.Version)), id) ||
		(cp != nil && !sameFile(filepath.Join(t.logDir(), checkpointFileName(r.base)), cp)) {
		return nil, false
	}
	c.mu.Lock()
	c.hits++
	c.mu.Unlock()
	return r.clone(), true
}

func (r *replay) apply(t *Table, v int64, order int, a Action) error {
	s := r.s
	switch {
	case a.CommitInfo != nil:
		s.lastTxnID = a.CommitInfo.TxnID
	case a.MetaData != nil:
		s.Metadata = a.MetaData
	case a.Protocol != nil:
		s.Protocol = a.Protocol
	case a.Txn != nil:
		if _, seen := s.txns[a.Txn.AppID]; !seen {
			s.txnOrder = append(s.txnOrder, a.Txn.AppID)
		}
		s.Txns[a.Txn.AppID] = a.Txn.Version
		s.txns[a.Txn.AppID] = *a.Txn
	case a.Other == "domainMetadata":
		s.domainMetadata = true
	case a.Add != nil:
		if len(a.Add.DeletionVector) > 0 && string(a.Add.DeletionVector) != "null" {
			return fmt.Errorf("delta table %s: file %s has a deletion vector, which kafkalab cannot read", t.path, a.Add.Path)
		}
		r.active[a.Add.Path] = File{Add: *a.Add, Version: v, Order: order}
		delete(r.tombstones, a.Add.Path)
	case a.Remove != nil:
		delete(r.active, a.Remove.Path)
		r.tombstones[a.Remove.Path] = *a.Remove
	}
	return nil
}

// snapshotAt rebuilds the state at version upTo (-1 = latest).
func (t *Table) snapshotAt(upTo int64) (*Snapshot, error) {
	vs, err := t.versions()
	if err != nil {
		return nil, err
	}
	if upTo >= 0 {
		for len(vs) > 0 && vs[len(vs)-1] > upTo {
			vs = vs[:len(vs)-1]
		}
	}
	newReplay := func() *replay {
		return &replay{s: &Snapshot{Table: t, Version: -1, Txns: map[string]int64{}, txns: map[string]Txn{}},
			active: map[string]File{}, tombstones: map[string]RemoveFile{}}
	}
	r := newReplay()
	start := int64(0)
	cpv, hasCheckpoint := t.lastCheckpointVersion()
	base := int64(-1) // the checkpoint the replay starts from (-1: version 0)
	if cached, ok := t.replayed.continueFrom(t, upTo, vs, cpv, hasCheckpoint); ok {
		r, start, base = cached, cached.s.Version+1, cached.base
	} else if hasCheckpoint && len(vs) > 0 && cpv <= vs[len(vs)-1] && (upTo < 0 || cpv <= upTo) {
		if err := t.loadCheckpoint(cpv, r); err != nil {
			if len(vs) == 0 || vs[0] != 0 {
				return nil, err
			}
			r = newReplay() // unreadable checkpoint but the full log is there: replay it
		} else {
			start, base = cpv+1, cpv
		}
	}
	if start == 0 {
		if len(vs) == 0 {
			return r.s, nil
		}
		if vs[0] != 0 {
			return nil, fmt.Errorf("delta table %s: the log starts at version %d and no usable checkpoint covers the versions before it", t.path, vs[0])
		}
	}
	next := start
	for _, v := range vs {
		if v < start {
			continue
		}
		if v != next {
			return nil, fmt.Errorf("delta table %s: commit %s is missing from _delta_log", t.path, versionFileName(next))
		}
		actions, err := t.readCommit(v)
		if err != nil {
			return nil, err
		}
		r.s.lastTxnID = ""
		for order, a := range actions {
			if err := r.apply(t, v, order, a); err != nil {
				return nil, err
			}
		}
		r.s.Version = v
		next = v + 1
	}
	if upTo < 0 && r.s.Version >= 0 {
		r.base = base
		t.replayed.keep(t, r)
	}
	s := r.s
	s.tombstones = r.tombstones
	if s.Metadata == nil {
		return nil, fmt.Errorf("delta table %s: the log has no metaData action", t.path)
	}
	if s.Protocol != nil && s.Protocol.MinReaderVersion > 1 && !supportedReader(s.Protocol) {
		return nil, fmt.Errorf("delta table %s needs reader version %d (features %v); kafkalab reads reader version 1 tables", t.path, s.Protocol.MinReaderVersion, s.Protocol.ReaderFeatures)
	}
	if mode := s.Metadata.Configuration["delta.columnMapping.mode"]; mode != "" && mode != "none" {
		return nil, fmt.Errorf("delta table %s uses column mapping (%s), which kafkalab cannot read", t.path, mode)
	}
	schema, err := sqltypes.ParseSchemaJSON(s.Metadata.SchemaString)
	if err != nil {
		return nil, fmt.Errorf("delta table %s: schemaString: %w", t.path, err)
	}
	s.Schema = schema
	if s.part, err = newPartitioning(schema, s.Metadata.PartitionColumns); err != nil {
		return nil, fmt.Errorf("delta table %s: partitionColumns %v: %w", t.path, s.Metadata.PartitionColumns, err)
	}
	for _, f := range r.active {
		f.Add.partOrder = s.Metadata.PartitionColumns
		s.Files = append(s.Files, f)
	}
	sort.SliceStable(s.Files, func(i, j int) bool {
		a, b := s.Files[i], s.Files[j]
		if a.Add.Size != b.Add.Size {
			return a.Add.Size > b.Add.Size
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		if a.Order != b.Order {
			return a.Order < b.Order
		}
		return a.Add.Path < b.Add.Path
	})
	return s, nil
}

// supportedReader accepts reader-version 3 tables whose reader features are all ones that
// do not change how data files are read.
func supportedReader(p *Protocol) bool {
	if p.MinReaderVersion != 3 {
		return false
	}
	for _, f := range p.ReaderFeatures {
		switch f {
		case "timestampNtz", "vacuumProtocolCheck":
		default:
			return false
		}
	}
	return true
}

// readCommit reads and decodes one commit file.
func (t *Table) readCommit(v int64) ([]Action, error) {
	file := filepath.Join(t.logDir(), versionFileName(v))
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read delta commit: %w", err)
	}
	var out []Action
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 256*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		a, err := decodeAction(b)
		if err != nil {
			return nil, fmt.Errorf("delta commit %s line %d: %v; the table's log is damaged (restore the file or recreate the table)", file, line, err)
		}
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	return out, nil
}

// commit writes version v with the given lines. The version file is created exclusively
// (a hard link of a complete temp file), so of two writers racing for v exactly one wins;
// the loser gets ErrConcurrentCommit.
func (t *Table) commit(v int64, lines []string) error {
	dir := t.logDir()
	if err := os.MkdirAll(filepath.Join(dir, "_staged_commits"), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	var buf bytes.Buffer
	for _, l := range lines {
		buf.WriteString(l)
		buf.WriteByte('\n')
	}
	name := versionFileName(v)
	tmp := filepath.Join(dir, "."+name+"."+uuid.NewString()+".tmp")
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write delta commit %d: %w", v, err)
	}
	defer os.Remove(tmp)
	final := filepath.Join(dir, name)
	err := os.Link(tmp, final)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("commit version %d of %s: %w", v, t.path, ErrConcurrentCommit)
	}
	if err != nil {
		// No hard links on this file system: fall back to a checked rename.
		if _, serr := os.Lstat(final); serr == nil {
			return fmt.Errorf("commit version %d of %s: %w", v, t.path, ErrConcurrentCommit)
		}
		if err := os.Rename(tmp, final); err != nil {
			return fmt.Errorf("commit version %d of %s: %w", v, t.path, err)
		}
	}
	return nil
}

// ReadRows returns every row of the current snapshot, file by file in scan order.
func (t *Table) ReadRows(ctx context.Context) ([]sqltypes.Row, *sqltypes.StructType, error) {
	s, err := t.Snapshot()
	if err != nil {
		return nil, nil, err
	}
	if s.Version < 0 {
		return nil, nil, fmt.Errorf("%s is not a Delta table (no _delta_log commits)", t.path)
	}
	rows, err := s.ReadRows(ctx)
	return rows, s.Schema, err
}

// ReadRows reads the snapshot's active files (several at a time), keeping file order.
func (s *Snapshot) ReadRows(ctx context.Context) ([]sqltypes.Row, error) {
	parts, err := s.readEach(ctx)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	out := make([]sqltypes.Row, 0, total)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out, nil
}

// readEach reads every file of s.Files, several at a time, into one slice per file.
func (s *Snapshot) readEach(ctx context.Context) ([][]sqltypes.Row, error) {
	parts := make([][]sqltypes.Row, len(s.Files))
	errs := make([]error, len(s.Files))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(s.Files)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				parts[i], errs[i] = s.readFile(ctx, s.Files[i])
			}
		}()
	}
	for i := range s.Files {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return parts, nil
}

// Open streams the snapshot's rows as one task, in the order ReadRows gives them, holding
// one data file in memory at a time.
func (s *Snapshot) Open(chunkRows int) rowiter.Iter {
	return s.openFiles(s.Files, chunkRows)
}

// openFiles streams the rows of files, in order, as one task.
func (s *Snapshot) openFiles(files []File, chunkRows int) rowiter.Iter {
	var cur rowiter.Iter = rowiter.Empty()
	next := func(ctx context.Context) ([]sqltypes.Row, error) {
		for {
			rows, err := cur.Next(ctx)
			if err != io.EOF {
				return rows, err
			}
			if len(files) == 0 {
				return nil, io.EOF
			}
			all, err := s.readFile(ctx, files[0])
			if err != nil {
				return nil, err
			}
			files = files[1:]
			cur = rowiter.SliceChunks(all, chunkRows)
		}
	}
	return rowiter.Func(next, nil)
}

func (s *Snapshot) readFile(ctx context.Context, f File) ([]sqltypes.Row, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rel, err := relPathOf(f.Add.Path)
	if err != nil {
		return nil, fmt.Errorf("delta table %s: %w", s.Table.path, err)
	}
	p := rel
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.Table.path, filepath.FromSlash(rel))
	}
	if d := s.Table.driver; d != nil && d.Guard != nil {
		if err := d.Guard(p); err != nil {
			return nil, fmt.Errorf("delta table %s: data file %s: %w", s.Table.path, f.Add.Path, err)
		}
	}
	fileSchema := s.Schema
	if s.part != nil {
		fileSchema = s.part.data
	}
	rows, err := sparkparquet.ReadFile(p, fileSchema)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("delta table %s: data file %s listed in the log is missing (was it deleted by hand?)", s.Table.path, rel)
		}
		return nil, fmt.Errorf("delta table %s: %w", s.Table.path, err)
	}
	if s.part != nil {
		// The partition values live in the log, not the file: put them back in place.
		vals := s.part.typedValues(s.Schema, f.Add.PartitionValues)
		for i, r := range rows {
			rows[i] = s.part.tableRow(r, vals, len(s.Schema.Fields))
		}
	}
	return rows, nil
}
