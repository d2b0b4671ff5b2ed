package delta

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Change is a commit that rewrites part of a table, as Delta's DELETE, UPDATE and MERGE
// commands do without deletion vectors (copy on write): the files holding rows the command
// touches are removed, and the rows that stay (changed or copied) are written to new files,
// with the command's own new rows.
type Change struct {
	// Operation and Parameters are commitInfo's operation and operationParameters.
	Operation  string
	Parameters []KV
	// Remove are files of the snapshot the change replaces.
	Remove []File
	// RemoveStats is the stats string a remove action carries ("" for none): Delta keeps
	// the row count of the files a MERGE or a whole-table DELETE drops, nothing for the
	// files a conditional DELETE or an UPDATE rewrites.
	RemoveStats func(File) string
	// Tasks are the rows to write: one data file per non-empty task.
	Tasks []Task
	// Lead are rows written first, as a write job of their own, and listed before the
	// removes: replaceWhere's new data, followed by the rewrite of the files it replaces.
	Lead []Task
	// RemovesFirst lists the removes before the adds in the commit file (DELETE does).
	RemovesFirst bool
	// Metrics builds operationMetrics once the files are written; its entries are put in
	// the order delta-spark writes them.
	Metrics func(ChangeFiles) []KV
	// Schema, when set, is the table's new schema (MERGE's schema evolution): the files are
	// written with it and the commit carries the metaData that records it.
	Schema *sqltypes.StructType
	// ChangeRows marks a change on a table with the change data feed on: every task row
	// has the table's columns and then its _change_type (nil for the table's new data), and
	// the change rows go to change files listed as cdc actions (writeChangeTasks).
	ChangeRows bool
	// Metadata, when set, replaces the table's metaData whole (REPLACE TABLE's new id,
	// schema, partitioning and properties); Schema must then be its schema.
	Metadata *Metadata
	// Now is the commit clock; TimeZone the session time zone for the stats.
	Now      time.Time
	TimeZone string
}

// ChangeFiles is what a change wrote and removed, for its metrics.
type ChangeFiles struct {
	AddedFiles   int
	AddedBytes   int64
	RemovedFiles int
	RemovedBytes int64
	OutputRows   int64
	// AddedChangeFiles counts the change data files (numAddedChangeFiles).
	AddedChangeFiles int
	// WriteTime is how long writing the files took.
	WriteTime time.Duration
}

// ErrConcurrentChange is returned when another writer committed between the snapshot a
// change was planned on and its commit: the change is not retried, since its rows were
// computed from the older state.
var ErrConcurrentChange = errors.New("another writer changed the Delta table while this command ran; run the command again")

// CommitChange writes the change's files and commits them on top of snap as one version.
// It returns the new version; as with the writers, a failure after the commit (checksum,
// checkpoint) comes as a *PostCommitError with the version.
func (t *Table) CommitChange(ctx context.Context, snap *Snapshot, c Change) (int64, error) {
	if snap == nil || snap.Version < 0 {
		return -1, fmt.Errorf("delta table %s: a change needs an existing table", t.path)
	}
	loc, err := location(c.TimeZone)
	if err != nil {
		return -1, err
	}
	if len(c.Remove) > 0 {
		if err := snap.AssertRemovable("delta.`" + t.AbsPath() + "`"); err != nil {
			return -1, err
		}
	}
	start := time.Now()
	schema := snap.Schema
	var md *Metadata
	if c.Schema != nil {
		schema = c.Schema.AsNullable()
		m := *snap.Metadata
		m.SchemaString = schema.JSON()
		md = &m
	}
	if c.Metadata != nil {
		md = c.Metadata
	}
	guardMD := md
	if guardMD == nil {
		guardMD = snap.Metadata
	}
	if _, err := guardTasks(c.Tasks, guardMD, schema, nil, nil, c.TimeZone); err != nil {
		return -1, err
	}
	var lead filesResult
	if len(c.Lead) > 0 {
		if lead, err = t.writeDataFiles(ctx, schema, snap.Metadata.PartitionColumns, c.Lead, nil, loc); err != nil {
			return -1, err
		}
	}
	var files filesResult
	var cdcs []AddCDCFile
	if c.ChangeRows {
		if files, cdcs, err = t.writeChangeTasks(ctx, schema, snap.Metadata.PartitionColumns, c.Tasks, loc); err != nil {
			return -1, err
		}
	} else if len(c.Tasks) > 0 {
		// A change that only drops files (DELETE of every row) runs no write job, so not
		// even task 0's empty file is written.
		if files, err = t.writeDataFiles(ctx, schema, snap.Metadata.PartitionColumns, c.Tasks, nil, loc); err != nil {
			return -1, err
		}
	}
	now := nowOr(c.Now)
	removes := make([]*RemoveFile, len(c.Remove))
	var removedBytes int64
	for i, f := range c.Remove {
		removes[i] = removeOf(f.Add, now)
		if c.RemoveStats != nil {
			removes[i].Stats = c.RemoveStats(f)
		}
		removedBytes += f.Add.Size
	}
	adds := append(lead.adds, files.adds...)
	cf := ChangeFiles{
		AddedFiles: len(adds), AddedBytes: addedBytes(adds),
		RemovedFiles: len(removes), RemovedBytes: removedBytes,
		OutputRows: lead.rows + files.rows, WriteTime: time.Since(start),
		AddedChangeFiles: len(cdcs),
	}
	ci := &CommitInfo{
		Timestamp:           now.UnixMilli(),
		Operation:           c.Operation,
		OperationParameters: orderedKVs(c.Parameters),
		ReadVersion:         int64p(snap.Version),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(false),
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
	if c.Metrics != nil {
		ci.OperationMetrics = orderedKVs(c.Metrics(cf))
	}
	p := &pendingCommit{info: ci, metadata: md, adds: adds, removes: removes, cdcs: cdcs}
	switch {
	case len(c.Lead) > 0:
		p.layout, p.lead = leadThenRemovesFirst, len(lead.adds)
	case c.RemovesFirst:
		p.layout = removesFirst
	}
	v := snap.Version + 1
	if err := t.commit(v, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return -1, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return -1, err
	}
	return v, t.afterCommit(snap, p)
}

// NumRecordsStats is the remove stats Delta writes for a file it drops whole: its row
// count alone ("" when the add had no stats).
func NumRecordsStats(f File) string {
	n, ok := f.NumRecords()
	if !ok {
		return ""
	}
	return `{"numRecords":` + strconv.FormatInt(n, 10) + `}`
}

// Ms formats a duration as a metric value in milliseconds.
func Ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

// PredicateList is the JSON text of a list of predicates as DELETE, UPDATE and MERGE log
// them in operationParameters ("[]" for none).
func PredicateList(preds ...string) string {
	w := &jw{}
	w.arr()
	for _, p := range preds {
		w.str(p)
	}
	w.endArr()
	return w.String()
}

// MergeClause is one WHEN clause of a MERGE as its commit logs it: the condition's text
// ("" when it has none) and the action (update, delete, insert).
type MergeClause struct {
	Predicate string
	Action    string
}

// MergeClauseList is the JSON text of a list of MERGE clauses:
// [{"predicate":"...","actionType":"update"},{"actionType":"insert"}].
func MergeClauseList(clauses []MergeClause) string {
	w := &jw{}
	w.arr()
	for _, c := range clauses {
		w.obj()
		if c.Predicate != "" {
			w.key("predicate").str(c.Predicate)
		}
		w.key("actionType").str(c.Action)
		w.endObj()
	}
	w.endArr()
	return w.String()
}
