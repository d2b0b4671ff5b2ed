package delta

import (
	"bytes"
	"cmp"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Delta checkpoints: every delta.checkpointInterval (10) versions the table state is written
// as _delta_log/<version>.checkpoint.parquet (one row per action: protocol, metaData, txn,
// add, remove tombstones) and _delta_log/_last_checkpoint points at it, so readers need not
// replay every JSON commit.

const defaultCheckpointInterval = 10

// tombstoneRetention is delta.deletedFileRetentionDuration's default (7 days): removes older
// than this are dropped from checkpoints.
const tombstoneRetention = 7 * 24 * time.Hour

const dvStruct = "STRUCT<storageType: STRING, pathOrInlineDv: STRING, offset: INT, sizeInBytes: INT, cardinality: BIGINT, maxRowIndex: BIGINT>"

// checkpointSchema is the schema of Delta's classic checkpoint (its SingleAction columns) as
// delta-spark 4.4 writes it, without the add columns that depend on the table
// (checkpointSchemaFor); readers take columns by name, so it reads every checkpoint.
// remove.tags is dropped from checkpoints.
var checkpointSchema = sqltypes.MustParseDDL(
	"txn STRUCT<appId: STRING, version: BIGINT, lastUpdated: BIGINT>, " +
		"add STRUCT<path: STRING, partitionValues: MAP<STRING, STRING>, size: BIGINT, modificationTime: BIGINT, dataChange: BOOLEAN, tags: MAP<STRING, STRING>, deletionVector: " + dvStruct + ", baseRowId: BIGINT, defaultRowCommitVersion: BIGINT, clusteringProvider: STRING, stats: STRING>, " +
		"remove STRUCT<path: STRING, deletionTimestamp: BIGINT, dataChange: BOOLEAN, extendedFileMetadata: BOOLEAN, partitionValues: MAP<STRING, STRING>, size: BIGINT, deletionVector: " + dvStruct + ", baseRowId: BIGINT, defaultRowCommitVersion: BIGINT>, " +
		"metaData STRUCT<id: STRING, name: STRING, description: STRING, format: STRUCT<provider: STRING, options: MAP<STRING, STRING>>, schemaString: STRING, partitionColumns: ARRAY<STRING>, configuration: MAP<STRING, STRING>, createdTime: BIGINT>, " +
		"protocol STRUCT<minReaderVersion: INT, minWriterVersion: INT, readerFeatures: ARRAY<STRING>, writerFeatures: ARRAY<STRING>>, " +
		"domainMetadata STRUCT<domain: STRING, configuration: STRING, removed: BOOLEAN>").AsNullable()

// Column positions in checkpointSchema's add struct.
const (
	addBaseFields = 10 // path .. clusteringProvider
	addStatsField = 10
)

// checkpointLayout is a table's checkpoint schema (Checkpoints.buildCheckpoint): the add
// struct's base fields, then stats when delta.checkpoint.writeStatsAsJson (default true),
// then partitionValues_parsed (partitioned tables) and stats_parsed (the table's stats
// schema) when delta.checkpoint.writeStatsAsStruct (default true).
type checkpointLayout struct {
	schema         *sqltypes.StructType
	statsJSON      bool
	partitionTypes []sqltypes.StructField // partitionValues_parsed's fields; nil when absent
	statsSchema    *sqltypes.StructType   // stats_parsed's type; nil when absent
}

func checkpointLayoutFor(s *Snapshot) *checkpointLayout {
	l := &checkpointLayout{statsJSON: true}
	var conf map[string]string
	if s.Metadata != nil {
		conf = s.Metadata.Configuration
	}
	if v, ok := conf["delta.checkpoint.writeStatsAsJson"]; ok && strings.EqualFold(v, "false") {
		l.statsJSON = false
	}
	asStruct := true
	if v, ok := conf["delta.checkpoint.writeStatsAsStruct"]; ok && strings.EqualFold(v, "false") {
		asStruct = false
	}
	base := checkpointSchema.Fields[1].Type.(*sqltypes.StructType)
	add := &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), base.Fields[:addBaseFields]...)}
	if l.statsJSON {
		add.Fields = append(add.Fields, base.Fields[addStatsField])
	}
	if asStruct && s.Schema != nil {
		partCols := map[string]bool{}
		if s.Metadata != nil {
			for _, c := range s.Metadata.PartitionColumns {
				partCols[strings.ToLower(c)] = true
			}
		}
		data := &sqltypes.StructType{}
		for _, f := range s.Schema.Fields {
			if partCols[strings.ToLower(f.Name)] {
				l.partitionTypes = append(l.partitionTypes, sqltypes.StructField{Name: f.Name, Type: f.Type, Nullable: true})
			} else {
				data.Fields = append(data.Fields, f)
			}
		}
		if len(l.partitionTypes) > 0 {
			add.Fields = append(add.Fields, sqltypes.StructField{Name: "partitionValues_parsed", Type: &sqltypes.StructType{Fields: l.partitionTypes}, Nullable: true})
		}
		l.statsSchema = statsSchema(data, s.Protocol)
		add.Fields = append(add.Fields, sqltypes.StructField{Name: "stats_parsed", Type: l.statsSchema, Nullable: true})
	}
	fields := append([]sqltypes.StructField(nil), checkpointSchema.Fields...)
	fields[1] = sqltypes.StructField{Name: "add", Type: add, Nullable: true}
	l.schema = (&sqltypes.StructType{Fields: fields}).AsNullable()
	return l
}

// statsSchema is the type of a file's parsed stats (StatisticsCollection.statsSchema):
// numRecords, then minValues and maxValues over the stats columns with min/max, nullCount
// over every stats column (the first 32 leaves), and tightBounds on tables with deletion
// vectors. An empty group is left out.
func statsSchema(data *sqltypes.StructType, p *Protocol) *sqltypes.StructType {
	budget := statsIndexedCols
	tree := buildStatsTree(data, &budget)
	out := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "numRecords", Type: sqltypes.Long, Nullable: true}}}
	if minMax := minMaxSchema(tree); minMax != nil {
		out.Fields = append(out.Fields,
			sqltypes.StructField{Name: "minValues", Type: minMax, Nullable: true},
			sqltypes.StructField{Name: "maxValues", Type: minMax, Nullable: true})
	}
	if nulls := nullCountSchema(tree); nulls != nil {
		out.Fields = append(out.Fields, sqltypes.StructField{Name: "nullCount", Type: nulls, Nullable: true})
	}
	if p != nil && slices.Contains(p.WriterFeatures, "deletionVectors") {
		out.Fields = append(out.Fields, sqltypes.StructField{Name: "tightBounds", Type: sqltypes.Boolean, Nullable: true})
	}
	return out
}

func minMaxSchema(nodes []*statsNode) *sqltypes.StructType {
	var fields []sqltypes.StructField
	for _, n := range nodes {
		switch {
		case n.leaf == nil:
			if sub := minMaxSchema(n.children); sub != nil {
				fields = append(fields, sqltypes.StructField{Name: n.name, Type: sub, Nullable: true})
			}
		case n.leaf.less != nil:
			fields = append(fields, sqltypes.StructField{Name: n.name, Type: n.leaf.dt, Nullable: true})
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return &sqltypes.StructType{Fields: fields}
}

func nullCountSchema(nodes []*statsNode) *sqltypes.StructType {
	var fields []sqltypes.StructField
	for _, n := range nodes {
		if n.leaf == nil {
			if sub := nullCountSchema(n.children); sub != nil {
				fields = append(fields, sqltypes.StructField{Name: n.name, Type: sub, Nullable: true})
			}
			continue
		}
		fields = append(fields, sqltypes.StructField{Name: n.name, Type: sqltypes.Long, Nullable: true})
	}
	if len(fields) == 0 {
		return nil
	}
	return &sqltypes.StructType{Fields: fields}
}

// addRow is an add action as a row of the layout's add struct.
func (l *checkpointLayout) addRow(a *AddFile) sqltypes.Row {
	// State reconstruction marks checkpointed files as not data-changing.
	r := sqltypes.Row{a.Path, strMapValue(nonNilMap(a.PartitionValues)), a.Size, a.ModificationTime,
		false, strMapValue(a.Tags), nil, nil, nil, nil}
	if l.statsJSON {
		r = append(r, orNil(a.Stats))
	}
	if l.partitionTypes != nil {
		pv := make(sqltypes.Row, len(l.partitionTypes))
		for i, f := range l.partitionTypes {
			raw, ok := a.PartitionValues[f.Name]
			if !ok || raw == "" {
				continue // a null partition value
			}
			// A value that does not cast is null (a non-ANSI cast, as Delta's).
			pv[i], _ = sqltypes.Cast(raw, sqltypes.String, f.Type, time.UTC)
		}
		r = append(r, pv)
	}
	if l.statsSchema != nil {
		var parsed any
		if a.Stats != "" {
			if row, bad := sqltypes.NewJSONReader(l.statsSchema, time.UTC).ParseStatus(a.Stats); !bad && row != nil {
				parsed = row
			}
		}
		r = append(r, parsed)
	}
	return r
}

func checkpointFileName(v int64) string { return fmt.Sprintf("%020d.checkpoint.parquet", v) }

func (t *Table) checkpointInterval(s *Snapshot) int64 {
	if s != nil && s.Metadata != nil {
		if n, err := strconv.ParseInt(s.Metadata.Configuration["delta.checkpointInterval"], 10, 64); err == nil && n > 0 {
			return n
		}
	}
	return defaultCheckpointInterval
}

// afterCommit runs the best-effort steps that follow the commit of p on top of prev: the
// version checksum file, then a checkpoint when the version is due one. The commit already
// succeeded and readers need neither file (Delta only logs their failures), so an error is
// returned as a *PostCommitError for the caller to report, not to fail the write.
func (t *Table) afterCommit(prev *Snapshot, p *pendingCommit) error {
	v := prev.Version + 1
	var errs []error
	if err := t.writeChecksum(prev, p); err != nil {
		errs = append(errs, err)
	}
	md := cmp.Or(p.metadata, prev.Metadata)
	if v != 0 && v%t.checkpointInterval(&Snapshot{Metadata: md}) == 0 {
		// Delta reloads the table after a checkpoint, so its next commit takes the
		// previous state from the .crc file on disk: do the same.
		t.forgetMemo()
		if err := t.checkpointAt(v); err != nil {
			errs = append(errs, fmt.Errorf("checkpoint: %w", err))
		}
	}
	if len(errs) > 0 {
		return &PostCommitError{Path: t.path, Version: v, Err: errors.Join(errs...)}
	}
	return nil
}

// checkpointAt writes the checkpoint of version v.
func (t *Table) checkpointAt(v int64) error {
	s, err := t.snapshotAt(v)
	if err != nil {
		return err
	}
	if s.Version != v {
		return nil
	}
	return t.writeCheckpoint(s, time.Now())
}

func strMapValue(m map[string]string) any {
	if m == nil {
		return nil // an untyped nil: a typed nil pointer would not read as NULL
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	mv := &sqltypes.MapValue{Keys: make([]any, len(keys)), Values: make([]any, len(keys))}
	for i, k := range keys {
		mv.Keys[i], mv.Values[i] = k, m[k]
	}
	return mv
}

func strList(xs []string) any {
	if xs == nil {
		return nil
	}
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func optI64(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func optStr(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func optBool(p *bool) any {
	if p == nil {
		return nil
	}
	return *p
}

func orNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// writeCheckpoint writes the snapshot as a checkpoint and updates _last_checkpoint.
func (t *Table) writeCheckpoint(s *Snapshot, now time.Time) error {
	layout := checkpointLayoutFor(s)
	row := func(col int, v sqltypes.Row) sqltypes.Row {
		r := make(sqltypes.Row, len(layout.schema.Fields))
		r[col] = v
		return r
	}
	var rows []sqltypes.Row
	if s.Protocol != nil {
		p := s.Protocol
		rows = append(rows, row(4, sqltypes.Row{int32(p.MinReaderVersion), int32(p.MinWriterVersion), strList(p.ReaderFeatures), strList(p.WriterFeatures)}))
	}
	m := s.Metadata
	rows = append(rows, row(3, sqltypes.Row{m.ID, optStr(m.Name), optStr(m.Description),
		sqltypes.Row{m.Format.Provider, strMapValue(nonNilMap(m.Format.Options))}, m.SchemaString,
		strList(append([]string{}, m.PartitionColumns...)), strMapValue(nonNilMap(m.Configuration)), optI64(m.CreatedTime)}))
	apps := make([]string, 0, len(s.Txns))
	for app := range s.Txns {
		apps = append(apps, app)
	}
	sort.Strings(apps)
	for _, app := range apps {
		// lastUpdated is kept, as Delta's checkpoints do (the version checksum lists it).
		var last any
		if tx, ok := s.txns[app]; ok && tx.LastUpdated != nil {
			last = *tx.LastUpdated
		}
		rows = append(rows, row(0, sqltypes.Row{app, s.Txns[app], last}))
	}
	numAdds := 0
	for _, f := range s.Files {
		rows = append(rows, row(1, layout.addRow(&f.Add)))
		numAdds++
	}
	paths := make([]string, 0, len(s.tombstones))
	for p := range s.tombstones {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	cutoff := now.Add(-tombstoneRetention).UnixMilli()
	for _, p := range paths {
		r := s.tombstones[p]
		if r.DeletionTimestamp != nil && *r.DeletionTimestamp < cutoff {
			continue
		}
		rows = append(rows, row(2, sqltypes.Row{r.Path, optI64(r.DeletionTimestamp), false, optBool(r.ExtendedFileMetadata),
			strMapValue(r.PartitionValues), optI64(r.Size), nil, nil, nil}))
	}
	dir := t.logDir()
	final := filepath.Join(dir, checkpointFileName(s.Version))
	tmp := filepath.Join(dir, "."+checkpointFileName(s.Version)+"."+uuid.NewString()+".tmp")
	size, err := sparkparquet.WriteFile(tmp, layout.schema, rows, nil)
	if err != nil {
		return fmt.Errorf("write delta checkpoint %d: %w", s.Version, err)
	}
	if err := os.Rename(tmp, final); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write delta checkpoint %d: %w", s.Version, err)
	}
	last := lastCheckpoint{Version: s.Version, Size: int64(len(rows)), SizeInBytes: size, NumOfAddFiles: int64(numAdds),
		CheckpointSchema: json.RawMessage(layout.schema.JSON())}
	data, err := last.withChecksum()
	if err != nil {
		return err
	}
	ltmp := filepath.Join(dir, "._last_checkpoint."+uuid.NewString()+".tmp")
	if err := os.WriteFile(ltmp, data, 0o644); err != nil {
		os.Remove(ltmp)
		return fmt.Errorf("write _last_checkpoint: %w", err)
	}
	if err := os.Rename(ltmp, filepath.Join(dir, "_last_checkpoint")); err != nil {
		os.Remove(ltmp)
		return fmt.Errorf("write _last_checkpoint: %w", err)
	}
	return nil
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// lastCheckpoint is _delta_log/_last_checkpoint (LastCheckpointInfo).
type lastCheckpoint struct {
	Version          int64           `json:"version"`
	Size             int64           `json:"size"`
	Parts            *int64          `json:"parts,omitempty"`
	SizeInBytes      int64           `json:"sizeInBytes,omitempty"`
	NumOfAddFiles    int64           `json:"numOfAddFiles,omitempty"`
	CheckpointSchema json.RawMessage `json:"checkpointSchema,omitempty"`
	Checksum         string          `json:"checksum,omitempty"`
}

// withChecksum is the file's bytes: its JSON with the checksum delta-spark adds at its end
// (spark.databricks.delta.lastCheckpoint.checksum.enabled, on by default), then a newline
// as Delta's log store ends every line.
func (lc lastCheckpoint) withChecksum() ([]byte, error) {
	lc.Checksum = ""
	data, err := json.Marshal(lc)
	if err != nil {
		return nil, err
	}
	sum, err := jsonChecksum(data)
	if err != nil {
		return nil, err
	}
	lc.Checksum = sum
	out, err := json.Marshal(lc)
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// jsonChecksum is the protocol's "JSON checksum" of a JSON object: every leaf becomes
// path=value, keys and string values percent-encoded and quoted, array elements named by
// index, path parts joined by "+"; the top-level "checksum" is left out; the entries are
// sorted, joined by "," and MD5-hashed (lower-case hex).
func jsonChecksum(data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return "", fmt.Errorf("json checksum: %w", err)
	}
	var entries []string
	var walk func(v any, path []string) error
	walk = func(v any, path []string) error {
		switch x := v.(type) {
		case map[string]any:
			// Key order does not matter: the entries are sorted.
			for k, child := range x {
				if err := walk(child, append(path, checksumEncode(k))); err != nil {
					return err
				}
			}
		case []any:
			for i, child := range x {
				if err := walk(child, append(path, strconv.Itoa(i))); err != nil {
					return err
				}
			}
		case string:
			entries = append(entries, strings.Join(path, "+")+"="+checksumEncode(x))
		case json.Number:
			entries = append(entries, strings.Join(path, "+")+"="+x.String())
		case bool:
			entries = append(entries, strings.Join(path, "+")+"="+strconv.FormatBool(x))
		case nil:
			entries = append(entries, strings.Join(path, "+")+"=null")
		default:
			return fmt.Errorf("json checksum: unexpected %T", v)
		}
		return nil
	}
	if err := walk(root, nil); err != nil {
		return "", err
	}
	skip := checksumEncode("checksum")
	kept := entries[:0]
	for _, e := range entries {
		if !strings.HasPrefix(e, skip+"=") {
			kept = append(kept, e)
		}
	}
	sort.Strings(kept)
	sum := md5.Sum([]byte(strings.Join(kept, ",")))
	return hex.EncodeToString(sum[:]), nil
}

// checksumEncode percent-encodes every byte of s's UTF-8 but a-z A-Z 0-9 - . _ ~ (upper-case
// hex) and wraps the result in double quotes.
func checksumEncode(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// lastCheckpointVersion reads _last_checkpoint; ok is false when there is none or it points
// at a checkpoint kind kafkalab does not read (multi-part).
func (t *Table) lastCheckpointVersion() (int64, bool) {
	data, err := os.ReadFile(filepath.Join(t.logDir(), "_last_checkpoint"))
	if err != nil {
		return 0, false
	}
	var lc lastCheckpoint
	if json.Unmarshal(data, &lc) != nil || lc.Parts != nil || lc.Version <= 0 {
		return 0, false
	}
	if _, err := os.Stat(filepath.Join(t.logDir(), checkpointFileName(lc.Version))); err != nil {
		return 0, false
	}
	return lc.Version, true
}

// loadCheckpoint fills r from checkpoint version v.
func (t *Table) loadCheckpoint(v int64, r *replay) error {
	file := filepath.Join(t.logDir(), checkpointFileName(v))
	rows, err := sparkparquet.ReadFile(file, checkpointSchema)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("delta checkpoint %s is missing", file)
		}
		return fmt.Errorf("delta checkpoint %s: %w", file, err)
	}
	bad := func(what string) error {
		return fmt.Errorf("delta checkpoint %s: a %s row is malformed", file, what)
	}
	for order, row := range rows {
		var a Action
		switch {
		case row[0] != nil:
			x := row[0].(sqltypes.Row)
			app, ok1 := x[0].(string)
			ver, ok2 := x[1].(int64)
			if !ok1 || !ok2 {
				return bad("txn")
			}
			a.Txn = &Txn{AppID: app, Version: ver}
			if last, ok := x[2].(int64); ok {
				a.Txn.LastUpdated = &last
			}
		case row[1] != nil:
			x := row[1].(sqltypes.Row)
			path, ok := x[0].(string)
			size, _ := x[2].(int64)
			mod, _ := x[3].(int64)
			if !ok {
				return bad("add")
			}
			if x[6] != nil {
				return fmt.Errorf("delta table %s: file %s has a deletion vector, which kafkalab cannot read", t.path, path)
			}
			stats, _ := x[addStatsField].(string)
			a.Add = &AddFile{Path: path, PartitionValues: mapOf(x[1]), Size: size, ModificationTime: mod, Stats: stats, Tags: mapOrNil(x[5])}
			a.Add.DataChange, _ = x[4].(bool)
		case row[2] != nil:
			x := row[2].(sqltypes.Row)
			path, ok := x[0].(string)
			if !ok {
				return bad("remove")
			}
			rm := &RemoveFile{Path: path, PartitionValues: mapOrNil(x[4])}
			if ts, ok := x[1].(int64); ok {
				rm.DeletionTimestamp = &ts
			}
			if b, ok := x[3].(bool); ok {
				rm.ExtendedFileMetadata = &b
			}
			if sz, ok := x[5].(int64); ok {
				rm.Size = &sz
			}
			a.Remove = rm
		case row[3] != nil:
			x := row[3].(sqltypes.Row)
			id, ok1 := x[0].(string)
			schema, ok2 := x[4].(string)
			if !ok1 || !ok2 {
				return bad("metaData")
			}
			md := &Metadata{ID: id, SchemaString: schema, Configuration: mapOf(x[6]), PartitionColumns: []string{}}
			if s, ok := x[1].(string); ok {
				md.Name = &s
			}
			if s, ok := x[2].(string); ok {
				md.Description = &s
			}
			if f, ok := x[3].(sqltypes.Row); ok {
				md.Format.Provider, _ = f[0].(string)
				md.Format.Options = mapOf(f[1])
			}
			if cols, ok := x[5].([]any); ok {
				for _, c := range cols {
					if s, ok := c.(string); ok {
						md.PartitionColumns = append(md.PartitionColumns, s)
					}
				}
			}
			if ct, ok := x[7].(int64); ok {
				md.CreatedTime = &ct
			}
			a.MetaData = md
		case row[4] != nil:
			x := row[4].(sqltypes.Row)
			rv, ok1 := x[0].(int32)
			wv, ok2 := x[1].(int32)
			if !ok1 || !ok2 {
				return bad("protocol")
			}
			a.Protocol = &Protocol{MinReaderVersion: int(rv), MinWriterVersion: int(wv), ReaderFeatures: listOf(x[2]), WriterFeatures: listOf(x[3])}
		case row[5] != nil:
			a.Other = "domainMetadata"
		default:
			continue
		}
		if err := r.apply(t, v, order, a); err != nil {
			return err
		}
	}
	r.s.Version = v
	r.s.lastTxnID = ""
	return nil
}

func mapOf(v any) map[string]string {
	out := map[string]string{}
	if m, ok := v.(*sqltypes.MapValue); ok {
		for i, k := range m.Keys {
			ks, _ := k.(string)
			vs, _ := m.Values[i].(string)
			out[ks] = vs
		}
	}
	return out
}

func mapOrNil(v any) map[string]string {
	if v == nil {
		return nil
	}
	return mapOf(v)
}

func listOf(v any) []string {
	xs, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
