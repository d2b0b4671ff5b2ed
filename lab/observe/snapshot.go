// Package observe reads what the learner cannot see: the broker's partitions and offsets, the
// workspace's checkpoints and tables, and the files a step wrote. A Snapshot is plain data;
// Diff turns two of them into "what just changed", and ExplainEmpty says why a read found
// nothing, from what the engine reported.
package observe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkalab/kafkalab/engine/checkpoint"
	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Partition is one partition's log: records live in [Start, End).
type Partition struct {
	ID         int32
	Start, End int64
}

// Topic is a topic and its partitions, by id.
type Topic struct {
	Name       string
	Partitions []Partition
}

// Events is how many records the topic holds now.
func (t Topic) Events() int64 {
	var n int64
	for _, p := range t.Partitions {
		n += p.End - p.Start
	}
	return n
}

// Reader is a streaming checkpoint: where the query will read next, per topic partition.
type Reader struct {
	Path      string // workspace-relative folder
	Batch     int64  // newest offsets/<id>; -1 = none yet
	Committed int64  // newest commits/<id>; -1 = none
	// Positions are the newest batch's end offsets; Prev the batch before (its start).
	Positions map[string]map[int32]int64
	Prev      map[string]map[int32]int64
	Watermark int64 // the newest batch's watermark, ms (0 = none)
	StateFile int   // files under state/
}

// Table is a Delta table in the workspace.
type Table struct {
	Path    string // workspace-relative folder
	Name    string // the folder's base name (the table name for saveAsTable tables)
	Version int64
	Rows    int64 // from the files' stats; -1 = unknown
	// Windows are the rows of a windowed aggregation's table (columns window_start and
	// window_end, or a window struct), for the event-time lanes; nil for other tables.
	Windows []Window
}

// Window is one event-time window a query wrote, times in microseconds (UTC).
type Window struct {
	Start, End int64
	Values     string // the row's other columns, "count=2"
}

// File is one file of the workspace.
type File struct {
	Path string // workspace-relative, slash separated
	Size int64
	Mod  time.Time
}

// Group is a consumer group's committed positions: the next offset it will read, by topic
// and partition.
type Group struct {
	Name      string
	Positions map[string]map[int32]int64
}

// Snapshot is everything the live panes show, at one moment.
type Snapshot struct {
	Topics  []Topic
	Groups  []Group
	Readers []Reader
	Tables  []Table
	Files   []File
	// Err is a problem reaching the broker (the workspace parts are still filled).
	Err string
}

// Topic finds a topic by name.
func (s *Snapshot) Topic(name string) (Topic, bool) {
	for _, t := range s.Topics {
		if t.Name == name {
			return t, true
		}
	}
	return Topic{}, false
}

// Source lists topics with their offsets.
type Source interface {
	Topics(ctx context.Context) ([]Topic, error)
}

// GroupSource lists consumer groups with their committed offsets (a Source may be one).
type GroupSource interface {
	Groups(ctx context.Context) ([]Group, error)
}

// Groups lists the consumer groups and their committed offsets, sorted by name.
func (a Admin) Groups(ctx context.Context) ([]Group, error) {
	if a.Client == nil {
		return nil, nil
	}
	adm := kadm.NewClient(a.Client)
	listed, err := adm.ListGroups(ctx)
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	names := listed.Groups()
	if len(names) == 0 {
		return nil, nil
	}
	sort.Strings(names)
	fetched := adm.FetchManyOffsets(ctx, names...)
	var out []Group
	for _, name := range names {
		r, ok := fetched[name]
		if !ok || r.Err != nil {
			continue
		}
		g := Group{Name: name, Positions: map[string]map[int32]int64{}}
		r.Fetched.Each(func(o kadm.OffsetResponse) {
			if o.Err != nil || o.At < 0 {
				return
			}
			if g.Positions[o.Topic] == nil {
				g.Positions[o.Topic] = map[int32]int64{}
			}
			g.Positions[o.Topic][o.Partition] = o.At
		})
		out = append(out, g)
	}
	return out, nil
}

// Admin reads topics through a Kafka client.
type Admin struct{ Client *kgo.Client }

// Topics lists the non-internal topics, sorted, with log start and end offsets. It asks
// the broker directly: kadm's cached metadata can still call a topic created a moment ago
// unknown, and the live panes must show it at once.
func (a Admin) Topics(ctx context.Context) ([]Topic, error) {
	if a.Client == nil {
		return nil, nil
	}
	req := kmsg.NewPtrMetadataRequest()
	var resp *kmsg.MetadataResponse
	for try := 0; ; try++ {
		r, err := a.Client.Request(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("list topics: %w", err)
		}
		resp = r.(*kmsg.MetadataResponse)
		// A topic created or deleted a moment ago can answer with an error and no
		// partitions; ask again briefly rather than draw it empty.
		settled := true
		for _, t := range resp.Topics {
			if t.ErrorCode != 0 {
				settled = false
			}
		}
		if settled || try == 5 || ctx.Err() != nil {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	var names []string
	parts := map[string][]int32{}
	for _, t := range resp.Topics {
		if t.ErrorCode != 0 || t.Topic == nil || t.IsInternal || strings.HasPrefix(*t.Topic, "__") {
			continue
		}
		names = append(names, *t.Topic)
		for _, p := range t.Partitions {
			parts[*t.Topic] = append(parts[*t.Topic], p.Partition)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, nil
	}
	adm := kadm.NewClient(a.Client)
	starts, err := adm.ListStartOffsets(ctx, names...)
	if err != nil {
		return nil, fmt.Errorf("list start offsets: %w", err)
	}
	ends, err := adm.ListEndOffsets(ctx, names...)
	if err != nil {
		return nil, fmt.Errorf("list end offsets: %w", err)
	}
	out := make([]Topic, 0, len(names))
	for _, name := range names {
		t := Topic{Name: name}
		ids := parts[name]
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		for _, id := range ids {
			part := Partition{ID: id}
			if o, ok := starts.Lookup(name, id); ok && o.Err == nil {
				part.Start = o.Offset
			}
			if o, ok := ends.Lookup(name, id); ok && o.Err == nil {
				part.End = o.Offset
			}
			t.Partitions = append(t.Partitions, part)
		}
		out = append(out, t)
	}
	return out, nil
}

// maxFiles bounds the file list, so a huge workspace cannot stall a refresh.
const maxFiles = 400

// Collect takes a snapshot of the broker (through src, may be nil) and of workspace ws.
func Collect(ctx context.Context, src Source, ws string) *Snapshot {
	s := &Snapshot{}
	if src != nil {
		tctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		topics, err := src.Topics(tctx)
		cancel()
		if err != nil {
			s.Err = err.Error()
		}
		s.Topics = topics
		if gs, ok := src.(GroupSource); ok && err == nil {
			gctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			s.Groups, _ = gs.Groups(gctx)
			cancel()
		}
	}
	if ws == "" {
		return s
	}
	_ = filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if err != nil || ctx.Err() != nil {
			return filepath.SkipDir
		}
		name := d.Name()
		if p != ws && strings.HasPrefix(name, ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(ws, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if name == "_delta_log" {
				s.Tables = append(s.Tables, readTable(filepath.Dir(p), filepath.ToSlash(filepath.Dir(rel))))
			}
			if st, err := os.Stat(filepath.Join(p, "offsets")); err == nil && st.IsDir() {
				s.Readers = append(s.Readers, readReader(p, rel))
			}
			return nil
		}
		if len(s.Files) < maxFiles {
			if info, err := d.Info(); err == nil {
				s.Files = append(s.Files, File{Path: rel, Size: info.Size(), Mod: info.ModTime()})
			}
		}
		return nil
	})
	return s
}

func readTable(dir, rel string) Table {
	t := Table{Path: rel, Name: filepath.Base(dir), Version: -1, Rows: -1}
	tb, err := delta.Open(dir)
	if err != nil {
		return t
	}
	snap, err := tb.Snapshot()
	if err != nil {
		return t
	}
	t.Version = snap.Version
	var rows int64
	for _, f := range snap.Files {
		var st struct {
			N *int64 `json:"numRecords"`
		}
		if f.Add.Stats == "" || json.Unmarshal([]byte(f.Add.Stats), &st) != nil || st.N == nil {
			return t
		}
		rows += *st.N
	}
	t.Rows = rows
	if rows <= maxWindowRows {
		t.Windows = readWindows(tb, snap)
	}
	return t
}

// maxWindowRows bounds the tables read for window lanes (a lesson's are a handful).
const maxWindowRows = 500

var (
	windowMu    sync.Mutex
	windowCache = map[string][]Window{} // "path@version" -> windows (a version never changes)
)

// readWindows reads the windows of a table shaped like a windowed count, or returns nil.
func readWindows(tb *delta.Table, snap *delta.Snapshot) []Window {
	if snap.Schema == nil {
		return nil
	}
	start, end, win := -1, -1, -1
	for i, f := range snap.Schema.Fields {
		switch strings.ToLower(f.Name) {
		case "window_start":
			start = i
		case "window_end":
			end = i
		case "window":
			if _, ok := f.Type.(*sqltypes.StructType); ok {
				win = i
			}
		}
	}
	if (start < 0 || end < 0) && win < 0 {
		return nil
	}
	key := fmt.Sprintf("%s@%d", tb.Path(), snap.Version)
	windowMu.Lock()
	cached, ok := windowCache[key]
	windowMu.Unlock()
	if ok {
		return cached
	}
	rows, err := snap.ReadRows(context.Background())
	if err != nil {
		return nil
	}
	var out []Window
	for _, r := range rows {
		var w Window
		var okS, okE bool
		if win >= 0 {
			if st, ok := r[win].(sqltypes.Row); ok && len(st) >= 2 {
				w.Start, okS = micros(st[0])
				w.End, okE = micros(st[1])
			}
		} else {
			w.Start, okS = micros(r[start])
			w.End, okE = micros(r[end])
		}
		if !okS || !okE {
			continue
		}
		var vals []string
		for i, f := range snap.Schema.Fields {
			if i == start || i == end || i == win {
				continue
			}
			vals = append(vals, fmt.Sprintf("%s=%v", f.Name, r[i]))
		}
		w.Values = strings.Join(vals, " ")
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	windowMu.Lock()
	if len(windowCache) > 64 {
		windowCache = map[string][]Window{}
	}
	windowCache[key] = out
	windowMu.Unlock()
	return out
}

func micros(v any) (int64, bool) {
	switch t := v.(type) {
	case sqltypes.Timestamp:
		return int64(t), true
	case sqltypes.TimestampNTZ:
		return int64(t), true
	}
	return 0, false
}

func readReader(dir, rel string) Reader {
	r := Reader{Path: rel, Batch: -1, Committed: -1}
	cp, err := checkpoint.Open(dir)
	if err != nil {
		return r
	}
	if id, seq, ok, err := cp.LatestOffsets(); err == nil && ok {
		r.Batch = id
		r.Watermark = seq.BatchWatermarkMs
		r.Positions, _ = kafkasource.TopicOffsets(seq.Sources...)
		if id > 0 {
			if prev, ok, err := cp.ReadOffsets(id - 1); err == nil && ok {
				r.Prev, _ = kafkasource.TopicOffsets(prev.Sources...)
			}
		}
	}
	if id, _, ok, err := cp.LatestCommit(); err == nil && ok {
		r.Committed = id
	}
	_ = filepath.WalkDir(filepath.Join(dir, "state"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			r.StateFile++
		}
		return nil
	})
	return r
}

// Changes is what happened between two snapshots, in words a learner reads.
type Changes struct {
	Files   []string // "+ checkpoints/x/offsets/0" (new) or "~ path" (rewritten)
	Offsets []string // "orders p0: 0 → 3 (+3)"
	Batches []string // "checkpoints/x batch 1: orders p0 3→5, p1 2→2"
	Tables  []string // "bronze_orders: version 1 → 2, 3 → 5 rows (+2)"
	// EmptyWrite is true when a table got a new version without new rows.
	EmptyWrite bool
}

// Empty reports whether nothing changed.
func (c Changes) Empty() bool {
	return len(c.Files)+len(c.Offsets)+len(c.Batches)+len(c.Tables) == 0
}

// Diff compares a snapshot taken before a step with one taken after it.
func Diff(before, after *Snapshot) Changes {
	var c Changes
	if before == nil {
		before = &Snapshot{}
	}
	if after == nil {
		return c
	}
	old := map[string]File{}
	for _, f := range before.Files {
		old[f.Path] = f
	}
	for _, f := range after.Files {
		o, ok := old[f.Path]
		switch {
		case !ok:
			c.Files = append(c.Files, "+ "+f.Path)
		case o.Size != f.Size || !o.Mod.Equal(f.Mod):
			c.Files = append(c.Files, "~ "+f.Path)
		}
	}
	for _, t := range after.Topics {
		prev, existed := before.Topic(t.Name)
		if !existed && before.Err == "" {
			c.Offsets = append(c.Offsets, fmt.Sprintf("%s: created with %d partitions", t.Name, len(t.Partitions)))
		}
		for _, p := range t.Partitions {
			var was int64
			known := false
			for _, q := range prev.Partitions {
				if q.ID == p.ID {
					was, known = q.End, true
				}
			}
			if !known && p.End == 0 {
				continue
			}
			if p.End != was {
				c.Offsets = append(c.Offsets, fmt.Sprintf("%s p%d: end offset %d → %d (%+d)", t.Name, p.ID, was, p.End, p.End-was))
			}
		}
	}
	oldReaders := map[string]Reader{}
	for _, r := range before.Readers {
		oldReaders[r.Path] = r
	}
	for _, r := range after.Readers {
		o, ok := oldReaders[r.Path]
		if r.Batch < 0 || (ok && o.Batch == r.Batch) {
			continue
		}
		c.Batches = append(c.Batches, fmt.Sprintf("%s: batch %d %s", r.Path, r.Batch, FormatRange(r.Prev, r.Positions)))
	}
	oldTables := map[string]Table{}
	for _, t := range before.Tables {
		oldTables[t.Path] = t
	}
	for _, t := range after.Tables {
		o, ok := oldTables[t.Path]
		if !ok {
			o = Table{Version: -1, Rows: 0}
		}
		if o.Version == t.Version {
			continue
		}
		line := fmt.Sprintf("%s: version %d → %d", t.Name, o.Version, t.Version)
		if o.Version < 0 {
			line = fmt.Sprintf("%s: created (version %d)", t.Name, t.Version)
		}
		if t.Rows >= 0 && o.Rows >= 0 {
			line += fmt.Sprintf(", %d → %d rows (%+d)", o.Rows, t.Rows, t.Rows-o.Rows)
			if t.Rows == o.Rows {
				c.EmptyWrite = true
			}
		}
		c.Tables = append(c.Tables, line)
	}
	return c
}

// FormatRange labels a batch with the Kafka offsets it covers, per partition: the numbers
// of offsets/<id-1> (start) and offsets/<id> (end), "orders p0 3→5 p1 2→2"; a partition
// without a start (a new query's first batch) shows only its end, "p0 →3".
func FormatRange(start, end map[string]map[int32]int64) string {
	topics := make([]string, 0, len(end))
	for t := range end {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	var b strings.Builder
	for i, t := range topics {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(t)
		parts := make([]int32, 0, len(end[t]))
		for p := range end[t] {
			parts = append(parts, p)
		}
		sort.Slice(parts, func(i, j int) bool { return parts[i] < parts[j] })
		for _, p := range parts {
			if from, ok := start[t][p]; ok {
				fmt.Fprintf(&b, " p%d %d→%d", p, from, end[t][p])
			} else {
				fmt.Fprintf(&b, " p%d →%d", p, end[t][p])
			}
		}
	}
	return b.String()
}

// maxViewBytes bounds what ReadFile reads of a file for the file viewer.
const maxViewBytes = 64 << 10

// ReadFile reads a workspace file for the file viewer: text only, at most 64 KiB; what
// cannot be shown (a binary file, a read error) is said in parentheses.
func ReadFile(ws, rel string) string {
	if ws == "" {
		return ""
	}
	f, err := os.Open(filepath.Join(ws, filepath.FromSlash(rel)))
	if err != nil {
		return "(" + err.Error() + ")"
	}
	defer f.Close()
	buf := make([]byte, maxViewBytes)
	n, _ := io.ReadFull(f, buf)
	buf = buf[:n]
	if !utf8.Valid(buf) || bytes.IndexByte(buf, 0) >= 0 {
		return fmt.Sprintf("(binary file, %d bytes shown as a size only)", n)
	}
	return string(buf)
}
