package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// deltaSource is a Delta table read as a stream (readStream.table, or
// readStream.format("delta").load(path)), as Delta's DeltaSource reads it: the first batch
// of a new query takes every file of the latest snapshot, later batches the files each
// new commit adds. Offsets are Delta's DeltaSourceOffset JSON; after a version is read
// whole the offset points at the next version with index -1.
type deltaSource struct {
	table  *delta.Table
	schema *sqltypes.StructType
	id     string // the table's metaData id (reservoirId)

	availableNow bool
	frozen       string
	latest       string
}

// deltaOffset is Delta's DeltaSourceOffset; fields in Delta's JSON order.
type deltaOffset struct {
	SourceVersion     int    `json:"sourceVersion"`
	ReservoirID       string `json:"reservoirId"`
	ReservoirVersion  int64  `json:"reservoirVersion"`
	Index             int64  `json:"index"`
	IsStartingVersion bool   `json:"isStartingVersion"`
}

func (o deltaOffset) json() string {
	b, _ := json.Marshal(o)
	return string(b)
}

func parseDeltaOffset(s string) (deltaOffset, error) {
	var o deltaOffset
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return o, fmt.Errorf("delta source: offset %q is not a Delta source offset: %w", s, err)
	}
	return o, nil
}

// streamDelta makes the streaming DataFrame of the Delta table at path.
func (s *Session) streamDelta(path string) (*DataFrame, error) {
	t, err := s.delta.Open(path)
	if err != nil {
		return nil, err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return nil, err
	}
	if snap.Version < 0 {
		return nil, &plan.AnalysisError{Class: "DELTA_TABLE_NOT_FOUND", Message: fmt.Sprintf("%s is not a Delta table: it has no _delta_log commits.", path)}
	}
	schema, id := snap.Schema, snap.Metadata.ID
	spec := &sourceSpec{open: func() (stream.Source, error) {
		t, err := s.delta.Open(path)
		if err != nil {
			return nil, err
		}
		return &deltaSource{table: t, schema: schema, id: id}, nil
	}}
	scan := &plan.StreamScan{Scope: s.newScope(schema, nil), Name: "delta", Source: spec}
	return s.newDF(scan), nil
}

func (d *deltaSource) Description() string {
	return "DeltaSource[file:" + filepath.ToSlash(d.table.Path()) + "]"
}

func (d *deltaSource) Schema() *sqltypes.StructType { return d.schema }

// OpenMetadata: Delta's source writes nothing under sources/.
func (d *deltaSource) OpenMetadata(string) error { return nil }

// InitialOffsets is "": a new query starts from the latest snapshot.
func (d *deltaSource) InitialOffsets(context.Context) (string, error) { return "", nil }

func (d *deltaSource) PrepareForAvailableNow(ctx context.Context) error {
	d.availableNow = true
	return nil
}

// LatestOffsets is the version after the newest commit, index -1: every file up to it.
func (d *deltaSource) LatestOffsets(_ context.Context, start string) (string, error) {
	if d.availableNow && d.frozen != "" {
		return d.frozen, nil
	}
	snap, err := d.table.Snapshot()
	if err != nil {
		return "", err
	}
	if snap.Metadata != nil && snap.Metadata.ID != d.id {
		return "", fmt.Errorf("[DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE] The streaming query was reading from an unexpected Delta table (id = '%s'). It used to read from another Delta table (id = '%s') according to checkpoint.", snap.Metadata.ID, d.id)
	}
	end := deltaOffset{SourceVersion: 1, ReservoirID: d.id, ReservoirVersion: snap.Version + 1, Index: -1}.json()
	if start != "" {
		s, err := parseDeltaOffset(start)
		if err != nil {
			return "", err
		}
		if s.ReservoirVersion >= snap.Version+1 {
			end = start
		}
	}
	d.latest = end
	if d.availableNow {
		d.frozen = end
	}
	return end, nil
}

func (d *deltaSource) ReportLatestOffset() string { return "" }

// PlanTasks reads one task per data file: the starting snapshot's files for a new query,
// else the files the commits in [start, end) added.
func (d *deltaSource) PlanTasks(ctx context.Context, start, end string) ([]stream.SourceTask, error) {
	e, err := parseDeltaOffset(end)
	if err != nil {
		return nil, err
	}
	var files []delta.File
	var snap *delta.Snapshot
	if start == "" {
		if snap, err = d.table.SnapshotAt(e.ReservoirVersion - 1); err != nil {
			return nil, err
		}
		files = snap.Files
	} else {
		s, err := parseDeltaOffset(start)
		if err != nil {
			return nil, err
		}
		if s.ReservoirVersion >= e.ReservoirVersion {
			return nil, nil
		}
		if snap, err = d.table.SnapshotAt(e.ReservoirVersion - 1); err != nil {
			return nil, err
		}
		if files, err = d.table.AddedIn(s.ReservoirVersion, e.ReservoirVersion-1); err != nil {
			return nil, err
		}
	}
	tasks := make([]stream.SourceTask, len(files))
	for i, f := range files {
		tasks[i] = &deltaFileTask{snap: snap, file: f}
	}
	return tasks, nil
}

func (d *deltaSource) Close() error { return nil }

type deltaFileTask struct {
	snap *delta.Snapshot
	file delta.File
}

func (t *deltaFileTask) Description() string { return t.file.Add.Path }

// Open reads the data file on the first Next and hands its rows out chunkRows at a time.
func (t *deltaFileTask) Open(chunkRows int) rowiter.Iter {
	var rows []sqltypes.Row
	opened := false
	return rowiter.Func(func(ctx context.Context) ([]sqltypes.Row, error) {
		if !opened {
			opened = true
			var err error
			if rows, err = t.snap.ReadFile(ctx, t.file); err != nil {
				return nil, err
			}
		}
		if len(rows) == 0 {
			return nil, io.EOF
		}
		n := min(len(rows), max(chunkRows, 1))
		chunk := rows[:n:n]
		rows = rows[n:]
		return chunk, nil
	}, func() error { rows = nil; return nil })
}

// Table is readStream.table(name): the catalog's Delta table read as a stream.
func (r *DataStreamReader) Table(name string) (*DataFrame, error) {
	if r.err != nil {
		return nil, r.err
	}
	path, err := r.s.TablePath(name)
	if err != nil {
		return nil, err
	}
	if ok, err := r.s.IsDeltaTable(path); err != nil {
		return nil, err
	} else if !ok {
		return nil, &plan.AnalysisError{Class: "TABLE_OR_VIEW_NOT_FOUND", Message: fmt.Sprintf("The table or view `%s` cannot be found. Verify the spelling and correctness of the schema and catalog.", name)}
	}
	return r.s.streamDelta(path)
}
