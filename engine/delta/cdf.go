package delta

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

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Delta's change data feed, as delta-spark 4.4 writes and reads it. With the table property
// delta.enableChangeDataFeed = true, the commands that rewrite files (UPDATE, DELETE, MERGE)
// also write the rows they change to _change_data/cdc-*.parquet files, each row with a
// _change_type (update_preimage, update_postimage, delete, insert), and list those files
// as cdc actions of the commit. Appends write no change files: a reader takes a commit's
// inserts from its add actions and, when a commit has no cdc action, its deletes from its
// remove actions (whole-file deletes and truncations drop files without writing any).

// ChangeFeedKey is the table property that turns the change data feed on.
const ChangeFeedKey = "delta.enableChangeDataFeed"

// The columns a change data feed read adds to the table's: the kind of change (also stored
// in the change files), and the version and time of the commit that made it.
const (
	ChangeTypeColumn      = "_change_type"
	CommitVersionColumn   = "_commit_version"
	CommitTimestampColumn = "_commit_timestamp"
)

// The _change_type values.
const (
	ChangeInsert     = "insert"
	ChangeDelete     = "delete"
	ChangePreimage   = "update_preimage"
	ChangePostimage  = "update_postimage"
	changeDataFolder = "_change_data"
)

// ChangeFeedEnabled reports whether a table's metadata has the change data feed on.
func ChangeFeedEnabled(md *Metadata) bool {
	return md != nil && strings.EqualFold(strings.TrimSpace(md.Configuration[ChangeFeedKey]), "true")
}

// changeFeedProtocol is the protocol delta-spark 4.4 gives a table created with the change
// data feed on: writer version 7, naming the feature with the two a version-2 table has
// (corpus dl18: a new table with the session default for the property).
func changeFeedProtocol() Protocol {
	return Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: []string{"changeDataFeed", "invariants", "appendOnly"}}
}

// newTableProtocol is the protocol of a new table with the given metadata: the legacy
// (1, 2) unless it uses a feature of a later writer version, then writer version 7 naming
// those features and the ones (1, 2) implies, as delta-spark 4.4 creates such a table
// (corpus dl46: a generated column gives generatedColumns, invariants, appendOnly).
func newTableProtocol(md *Metadata) Protocol {
	var features []string
	if ChangeFeedEnabled(md) {
		features = append(features, "changeDataFeed")
	}
	if schema, err := sqltypes.ParseSchemaJSON(md.SchemaString); err == nil && HasGeneratedColumns(schema) {
		features = append(features, "generatedColumns")
	}
	if len(features) == 0 {
		return defaultProtocol
	}
	return Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: append(features, "invariants", "appendOnly")}
}

// ChangeFeedSchema is the schema of a change data feed read: the table's columns, then
// _change_type, _commit_version and _commit_timestamp.
func ChangeFeedSchema(table *sqltypes.StructType) *sqltypes.StructType {
	out := &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), table.Fields...)}
	out.Fields = append(out.Fields,
		sqltypes.StructField{Name: ChangeTypeColumn, Type: sqltypes.String, Nullable: true},
		sqltypes.StructField{Name: CommitVersionColumn, Type: sqltypes.Long, Nullable: true},
		sqltypes.StructField{Name: CommitTimestampColumn, Type: sqltypes.TimestampType{}, Nullable: true})
	return out
}

// AddCDCFile is the cdc action: a change data file a commit wrote.
type AddCDCFile struct {
	Path            string            `json:"path"`
	PartitionValues map[string]string `json:"partitionValues"`
	Size            int64             `json:"size"`
	DataChange      bool              `json:"dataChange"`
	partOrder       []string
}

func (c *AddCDCFile) encode() string {
	return encodeAction("cdc", func(w *jw) {
		w.obj()
		w.key("path").str(c.Path)
		w.key("partitionValues").partValues(c.PartitionValues, c.partOrder)
		w.key("size").i64(c.Size)
		w.key("dataChange").boolean(false)
		w.endObj()
	})
}

// changeFileSchema is the schema of a change file: the data file's columns and _change_type.
func changeFileSchema(data *sqltypes.StructType) *sqltypes.StructType {
	out := &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), data.Fields...)}
	out.Fields = append(out.Fields, sqltypes.StructField{Name: ChangeTypeColumn, Type: sqltypes.String, Nullable: true})
	return out
}

// writeChangeTasks writes the tasks of a command on a table with the change data feed on.
// Each row has the table's columns and then its change type: nil for a row of the table's
// new data, a _change_type value for a change row. As Spark's writer partitioned by
// Delta's hidden __is_cdc column does, each task writes its data rows (one file per
// partition value, part-<task>-<uuid>.c000) and then its change rows (one file per
// partition value under _change_data, cdc-<task>-<uuid>.c000); a task without rows of a
// kind writes no file of it. The adds come first, task by task, then the cdc files.
func (t *Table) writeChangeTasks(ctx context.Context, schema *sqltypes.StructType, parts []string, tasks []Task, loc *time.Location) (filesResult, []AddCDCFile, error) {
	defer closeTaskRows(tasks)
	p, err := newPartitioning(schema, parts)
	if err != nil {
		return filesResult{}, nil, err
	}
	dataSchema := schema
	if p != nil {
		dataSchema = p.data
	}
	cdcSchema := changeFileSchema(dataSchema)
	width := len(schema.Fields)
	var res filesResult
	var cdcs []AddCDCFile
	var written []string
	fail := func(err error) (filesResult, []AddCDCFile, error) {
		for _, name := range written {
			os.Remove(name)
		}
		return filesResult{}, nil, err
	}
	if err := os.MkdirAll(t.path, 0o755); err != nil {
		return fail(fmt.Errorf("create delta table folder: %w", err))
	}
	for ti, tk := range tasks {
		if tk.Rows == nil {
			continue
		}
		rows, err := rowiter.Collect(ctx, tk.Rows)
		tasks[ti].Rows = nil
		if err != nil {
			return fail(fmt.Errorf("delta table %s task %d: %w", t.path, tk.ID, err))
		}
		var data, change []sqltypes.Row
		for _, r := range rows {
			if len(r) > width && r[width] != nil {
				change = append(change, r)
			} else {
				data = append(data, r[:width])
			}
		}
		for _, g := range groupByPartition(p, schema, data) {
			vals, err := partValuesOf(p, g[0], schema, loc)
			if err != nil {
				return fail(fmt.Errorf("delta table %s: %w", t.path, err))
			}
			rel := partDir(p, vals) + fmt.Sprintf("part-%05d-%s.c000.snappy.parquet", tk.ID, newUUID())
			out := make([]sqltypes.Row, len(g))
			for i, r := range g {
				out[i] = dataRowOf(p, r)
			}
			full := filepath.Join(t.path, filepath.FromSlash(rel))
			size, mod, err := writeParquet(full, dataSchema, out)
			if err != nil {
				return fail(fmt.Errorf("delta table %s task %d: %w", t.path, tk.ID, err))
			}
			written = append(written, full)
			stats := newStatsCollector(dataSchema)
			stats.add(out)
			add := AddFile{Path: encodePath(rel), PartitionValues: vals, Size: size, ModificationTime: mod, DataChange: true, Stats: stats.json(loc)}
			if p != nil {
				add.partOrder = p.cols
			}
			res.adds = append(res.adds, add)
			res.rows += int64(len(g))
			res.bytes += size
			res.written++
		}
		for _, g := range groupByPartition(p, schema, change) {
			vals, err := partValuesOf(p, g[0], schema, loc)
			if err != nil {
				return fail(fmt.Errorf("delta table %s: %w", t.path, err))
			}
			rel := changeDataFolder + "/" + partDir(p, vals) + fmt.Sprintf("cdc-%05d-%s.c000.snappy.parquet", tk.ID, newUUID())
			out := make([]sqltypes.Row, len(g))
			for i, r := range g {
				out[i] = append(dataRowOf(p, r[:width]), r[width])
			}
			full := filepath.Join(t.path, filepath.FromSlash(rel))
			size, _, err := writeParquet(full, cdcSchema, out)
			if err != nil {
				return fail(fmt.Errorf("delta table %s task %d: %w", t.path, tk.ID, err))
			}
			written = append(written, full)
			c := AddCDCFile{Path: encodePath(rel), PartitionValues: vals, Size: size}
			if p != nil {
				c.partOrder = p.cols
			}
			cdcs = append(cdcs, c)
		}
	}
	return res, cdcs, nil
}

func writeParquet(full string, schema *sqltypes.StructType, rows []sqltypes.Row) (int64, int64, error) {
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return 0, 0, err
	}
	size, err := sparkparquet.WriteFile(full, schema, rows, nil)
	if err != nil {
		return 0, 0, err
	}
	st, err := os.Stat(full)
	if err != nil {
		return 0, 0, err
	}
	return size, modTimeMs(st), nil
}

// groupByPartition splits rows into runs of one partition value each, in the order Spark's
// writer sorts them (stable, by the partition columns); one run for an unpartitioned table.
func groupByPartition(p *partitioning, schema *sqltypes.StructType, rows []sqltypes.Row) [][]sqltypes.Row {
	if len(rows) == 0 {
		return nil
	}
	if p == nil {
		return [][]sqltypes.Row{rows}
	}
	sorted := append([]sqltypes.Row(nil), rows...)
	sort.SliceStable(sorted, func(a, b int) bool {
		for _, i := range p.idx {
			if c := sqltypes.Compare(sorted[a][i], sorted[b][i], schema.Fields[i].Type); c != 0 {
				return c < 0
			}
		}
		return false
	})
	var out [][]sqltypes.Row
	for start := 0; start < len(sorted); {
		end := start + 1
		for end < len(sorted) && p.same(schema, sorted[start], sorted[end]) {
			end++
		}
		out = append(out, sorted[start:end])
		start = end
	}
	return out
}

func partValuesOf(p *partitioning, r sqltypes.Row, schema *sqltypes.StructType, loc *time.Location) (map[string]string, error) {
	if p == nil {
		return map[string]string{}, nil
	}
	return p.values(r, schema, loc)
}

func partDir(p *partitioning, vals map[string]string) string {
	if p == nil {
		return ""
	}
	return p.dir(vals) + "/"
}

func dataRowOf(p *partitioning, r sqltypes.Row) sqltypes.Row {
	if p == nil {
		return append(sqltypes.Row(nil), r...)
	}
	return p.dataRow(r)
}

// ChangeKind is where a unit of change data comes from.
type ChangeKind int

const (
	// ChangeFromCDC is a change file: its rows carry their own _change_type.
	ChangeFromCDC ChangeKind = iota
	// ChangeFromAdd is a data file a commit without change files added: its rows are inserts.
	ChangeFromAdd
	// ChangeFromRemove is a data file such a commit removed: its rows are deletes.
	ChangeFromRemove
)

// ChangeUnit is one file of change data: its rows, with the commit's version and time.
type ChangeUnit struct {
	Kind    ChangeKind
	Version int64
	// TimeMs is the commit's time (its log file's time, made increasing, as history's).
	TimeMs int64
	// Index is the file action's position in its commit (a streaming offset's index).
	Index int
	Path  string
	Size  int64
	// PartitionValues are the file's partition values from its action.
	PartitionValues map[string]string
}

// ChangeRange is the change data of versions Start..End, in the order Delta's reader
// unions them: every change file, then the files added, then the files removed.
type ChangeRange struct {
	Start, End int64
	Units      []ChangeUnit
}

// MissingChangeData is DELTA_MISSING_CHANGE_DATA: the feed was off at version v of a range.
func MissingChangeData(v, start, end int64) error {
	return sparkerrors.New(sparkerrors.AnalysisException, "DELTA_MISSING_CHANGE_DATA",
		"startVersion", strconv.FormatInt(start, 10), "endVersion", strconv.FormatInt(end, 10),
		"version", strconv.FormatInt(v, 10), "key", ChangeFeedKey)
}

// InvalidChangeRange is DELTA_INVALID_CDC_RANGE: an end before the start.
func InvalidChangeRange(start, end int64) error {
	return sparkerrors.New(sparkerrors.IllegalArgumentException, "DELTA_INVALID_CDC_RANGE",
		"start", strconv.FormatInt(start, 10), "end", strconv.FormatInt(end, 10))
}

// Changes lists the change data of versions start..end (inclusive; end is clamped to the
// latest version). The feed must be on at start and stay on through end. streaming drops
// the skip of MERGE commits that changed no row (Delta's batch reader checks commitInfo's
// metrics; its streaming reader does not see them).
func (t *Table) Changes(start, end int64, streaming bool) (*ChangeRange, error) {
	if end < start {
		return nil, InvalidChangeRange(start, end)
	}
	vs, err := t.versions()
	if err != nil {
		return nil, err
	}
	if len(vs) > 0 && end > vs[len(vs)-1] {
		end = vs[len(vs)-1]
	}
	startSnap, err := t.snapshotAt(start)
	if err != nil {
		return nil, err
	}
	if startSnap.Version != start || !ChangeFeedEnabled(startSnap.Metadata) {
		return nil, MissingChangeData(start, start, end)
	}
	times, err := t.commitTimes(vs)
	if err != nil {
		return nil, err
	}
	timeOf := map[int64]int64{}
	for i, v := range vs {
		timeOf[v] = times[i]
	}
	r := &ChangeRange{Start: start, End: end}
	var adds, removes []ChangeUnit
	for v := start; v <= end; v++ {
		actions, err := t.readCommit(v)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				break
			}
			return nil, err
		}
		var cdcs []ChangeUnit
		var info *CommitInfo
		for _, a := range actions {
			if a.MetaData != nil && !ChangeFeedEnabled(a.MetaData) {
				return nil, MissingChangeData(v, start, end)
			}
			if a.CommitInfo != nil {
				info = a.CommitInfo
			}
		}
		for i, a := range actions {
			if a.CDC != nil {
				cdcs = append(cdcs, ChangeUnit{Kind: ChangeFromCDC, Version: v, TimeMs: timeOf[v], Index: i, Path: a.CDC.Path, Size: a.CDC.Size, PartitionValues: a.CDC.PartitionValues})
			}
		}
		if len(cdcs) > 0 {
			r.Units = append(r.Units, cdcs...)
			continue
		}
		if !streaming && info != nil && mergeChangedNothing(info) {
			continue
		}
		for i, a := range actions {
			switch {
			case a.Add != nil && a.Add.DataChange:
				adds = append(adds, ChangeUnit{Kind: ChangeFromAdd, Version: v, TimeMs: timeOf[v], Index: i, Path: a.Add.Path, Size: a.Add.Size, PartitionValues: a.Add.PartitionValues})
			case a.Remove != nil && a.Remove.DataChange:
				size := int64(0)
				if a.Remove.Size != nil {
					size = *a.Remove.Size
				}
				removes = append(removes, ChangeUnit{Kind: ChangeFromRemove, Version: v, TimeMs: timeOf[v], Index: i, Path: a.Remove.Path, Size: size, PartitionValues: a.Remove.PartitionValues})
			}
		}
	}
	r.Units = append(append(r.Units, adds...), removes...)
	return r, nil
}

// mergeChangedNothing is Delta's check that a MERGE commit reported no inserted, updated or
// deleted row, whose rewritten files then stand for no change.
func mergeChangedNothing(ci *CommitInfo) bool {
	if ci.Operation != "MERGE" {
		return false
	}
	for _, k := range []string{"numTargetRowsInserted", "numTargetRowsUpdated", "numTargetRowsDeleted"} {
		found := false
		for _, kv := range ci.OperationMetrics {
			if kv.Key == k {
				found = kv.Value == "0"
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// ReadChangeUnit reads one unit's rows in the change feed's schema (ChangeFeedSchema of the
// snapshot's schema).
func (s *Snapshot) ReadChangeUnit(ctx context.Context, u ChangeUnit) ([]sqltypes.Row, error) {
	width := len(s.Schema.Fields)
	ts := sqltypes.Timestamp(u.TimeMs * 1000)
	finish := func(rows []sqltypes.Row, kind func(sqltypes.Row) any) []sqltypes.Row {
		out := make([]sqltypes.Row, len(rows))
		for i, r := range rows {
			o := make(sqltypes.Row, width+3)
			copy(o, r[:min(len(r), width)])
			o[width], o[width+1], o[width+2] = kind(r), u.Version, ts
			out[i] = o
		}
		return out
	}
	switch u.Kind {
	case ChangeFromAdd, ChangeFromRemove:
		rows, err := s.readFile(ctx, File{Add: AddFile{Path: u.Path, PartitionValues: u.PartitionValues}})
		if err != nil {
			return nil, err
		}
		kind := any(ChangeInsert)
		if u.Kind == ChangeFromRemove {
			kind = ChangeDelete
		}
		return finish(rows, func(sqltypes.Row) any { return kind }), nil
	}
	rel, err := relPathOf(u.Path)
	if err != nil {
		return nil, fmt.Errorf("delta table %s: %w", s.Table.path, err)
	}
	full := filepath.Join(s.Table.path, filepath.FromSlash(rel))
	dataSchema := s.Schema
	if s.part != nil {
		dataSchema = s.part.data
	}
	rows, err := sparkparquet.ReadFile(full, changeFileSchema(dataSchema))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("delta table %s: change data file %s listed in the log is missing (was it deleted by hand, or by VACUUM?)", s.Table.path, rel)
		}
		return nil, fmt.Errorf("delta table %s: %w", s.Table.path, err)
	}
	n := len(dataSchema.Fields)
	kinds := make([]any, len(rows))
	if s.part != nil {
		vals := s.part.typedValues(s.Schema, u.PartitionValues)
		for i, r := range rows {
			kinds[i] = r[n]
			rows[i] = s.part.tableRow(r[:n], vals, width)
		}
	} else {
		for i, r := range rows {
			kinds[i] = r[n]
		}
	}
	i := 0
	return finish(rows, func(sqltypes.Row) any { k := kinds[i]; i++; return k }), nil
}

// CommitTimeMs is the commit time of version v as the change feed and history give it.
func (t *Table) CommitTimeMs(v int64) (int64, error) {
	vs, err := t.versions()
	if err != nil {
		return 0, err
	}
	times, err := t.commitTimes(vs)
	if err != nil {
		return 0, err
	}
	for i, x := range vs {
		if x == v {
			return times[i], nil
		}
	}
	return 0, fmt.Errorf("delta table %s has no version %d", t.path, v)
}

// VersionAtOrAfter is the first version committed at or after ts (ms), as the change
// feed's startingTimestamp resolves it; ok is false when every commit is older.
func (t *Table) VersionAtOrAfter(ms int64) (int64, bool, error) {
	vs, err := t.versions()
	if err != nil {
		return -1, false, err
	}
	times, err := t.commitTimes(vs)
	if err != nil {
		return -1, false, err
	}
	for i, x := range times {
		if x >= ms {
			return vs[i], true, nil
		}
	}
	return -1, false, nil
}

// LatestCommitTimeMs is the time of the last commit.
func (t *Table) LatestCommitTimeMs() (int64, error) {
	vs, err := t.versions()
	if err != nil || len(vs) == 0 {
		return 0, err
	}
	times, err := t.commitTimes(vs)
	if err != nil {
		return 0, err
	}
	return times[len(times)-1], nil
}

// CommitChangeUnits is the change data of one commit as Delta's streaming source indexes
// it: its change files when it has any, else the data files it adds and removes with
// dataChange; Index counts those file actions in commit order. A commit that turns the
// feed off is DELTA_MISSING_CHANGE_DATA for the range start..end being read.
func (t *Table) CommitChangeUnits(v, start, end int64) ([]ChangeUnit, error) {
	actions, err := t.readCommit(v)
	if err != nil {
		return nil, err
	}
	timeMs, err := t.CommitTimeMs(v)
	if err != nil {
		return nil, err
	}
	hasCDC := false
	for _, a := range actions {
		if a.MetaData != nil && !ChangeFeedEnabled(a.MetaData) {
			return nil, MissingChangeData(v, start, end)
		}
		hasCDC = hasCDC || a.CDC != nil
	}
	var out []ChangeUnit
	for _, a := range actions {
		var u ChangeUnit
		switch {
		case hasCDC && a.CDC != nil:
			u = ChangeUnit{Kind: ChangeFromCDC, Path: a.CDC.Path, Size: a.CDC.Size, PartitionValues: a.CDC.PartitionValues}
		case !hasCDC && a.Add != nil && a.Add.DataChange:
			u = ChangeUnit{Kind: ChangeFromAdd, Path: a.Add.Path, Size: a.Add.Size, PartitionValues: a.Add.PartitionValues}
		case !hasCDC && a.Remove != nil && a.Remove.DataChange:
			u = ChangeUnit{Kind: ChangeFromRemove, Path: a.Remove.Path, PartitionValues: a.Remove.PartitionValues}
			if a.Remove.Size != nil {
				u.Size = *a.Remove.Size
			}
		default:
			continue
		}
		u.Version, u.TimeMs, u.Index = v, timeMs, len(out)
		out = append(out, u)
	}
	return out, nil
}

// SnapshotChangeUnits is a snapshot read as the change feed's inserts (a stream's first
// batch without a starting version): its files in the order given, at its version.
func (t *Table) SnapshotChangeUnits(s *Snapshot, files []File) ([]ChangeUnit, error) {
	if !ChangeFeedEnabled(s.Metadata) {
		return nil, MissingChangeData(s.Version, s.Version, s.Version)
	}
	timeMs, err := t.CommitTimeMs(s.Version)
	if err != nil {
		return nil, err
	}
	out := make([]ChangeUnit, len(files))
	for i, f := range files {
		out[i] = ChangeUnit{Kind: ChangeFromAdd, Version: s.Version, TimeMs: timeMs, Index: i, Path: f.Add.Path, Size: f.Add.Size, PartitionValues: f.Add.PartitionValues}
	}
	return out, nil
}
