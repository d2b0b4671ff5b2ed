package delta

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// RestoreResult is what RESTORE reports (its result row and its metrics).
type RestoreResult struct {
	Version                int64 // the new version
	TableSizeAfterRestore  int64
	NumOfFilesAfterRestore int64
	NumRemovedFiles        int64
	NumRestoredFiles       int64
	RemovedFilesSize       int64
	RestoredFilesSize      int64
}

// RestoreTarget names the version to go back to: a version number, or the version a
// timestamp selects (Timestamp is then its text as the user gave it, for the log).
type RestoreTarget struct {
	Version   int64
	Timestamp string
}

// Restore is RESTORE TABLE ... TO VERSION AS OF: one commit that adds back the files of the
// target version the table no longer has and removes those it has gained since, with the
// target version's metadata. Like delta-spark's RestoreTableCommand it commits as a "large"
// commit: no version checksum file, and a checkpoint of the new version right away.
func (t *Table) Restore(ctx context.Context, target RestoreTarget, now time.Time) (RestoreResult, error) {
	cur, err := t.Snapshot()
	if err != nil {
		return RestoreResult{}, err
	}
	if cur.Version < 0 {
		return RestoreResult{}, fmt.Errorf("%s is not a Delta table (no _delta_log commits)", t.path)
	}
	if target.Version < 0 || target.Version > cur.Version {
		earliest := int64(0)
		if vs, err := t.versions(); err == nil && len(vs) > 0 {
			earliest = vs[0]
		}
		return RestoreResult{}, &TimeTravelError{Class: "DELTA_CANNOT_RESTORE_TABLE_VERSION", Message: fmt.Sprintf(
			"Cannot restore table to version %d. Available versions: [%d, %d].", target.Version, earliest, cur.Version)}
	}
	old, err := t.SnapshotAt(target.Version)
	if err != nil {
		return RestoreResult{}, err
	}
	if err := ctx.Err(); err != nil {
		return RestoreResult{}, err
	}
	now = nowOr(now)
	have := map[string]bool{}
	for _, f := range cur.Files {
		have[f.Add.Path] = true
	}
	want := map[string]bool{}
	res := RestoreResult{Version: cur.Version + 1}
	var adds []AddFile
	for _, f := range old.Files {
		want[f.Add.Path] = true
		res.TableSizeAfterRestore += f.Add.Size
		res.NumOfFilesAfterRestore++
		if have[f.Add.Path] {
			continue
		}
		rel, err := relPathOf(f.Add.Path)
		if err != nil {
			return RestoreResult{}, err
		}
		if !filepath.IsAbs(rel) {
			rel = filepath.Join(t.path, filepath.FromSlash(rel))
		}
		if _, err := os.Stat(rel); errors.Is(err, fs.ErrNotExist) {
			return RestoreResult{}, fmt.Errorf("cannot restore table %s to version %d: its data file %s was deleted (by VACUUM?)", t.path, target.Version, f.Add.Path)
		}
		a := f.Add
		a.DataChange = true
		adds = append(adds, a)
		res.NumRestoredFiles++
		res.RestoredFilesSize += a.Size
	}
	var removes []*RemoveFile
	for _, f := range cur.Files {
		if want[f.Add.Path] {
			continue
		}
		r := removeOf(f.Add, now)
		r.Stats = f.Add.Stats
		removes = append(removes, r)
		res.NumRemovedFiles++
		res.RemovedFilesSize += f.Add.Size
	}
	params := []KV{{Key: "version", Value: strconv.FormatInt(target.Version, 10), Raw: true}, {Key: "timestamp", Null: true}}
	if target.Timestamp != "" {
		params = []KV{{Key: "version", Null: true}, {Key: "timestamp", Value: target.Timestamp}}
	}
	n := func(v int64) string { return strconv.FormatInt(v, 10) }
	ci := &CommitInfo{
		Timestamp:           now.UnixMilli(),
		Operation:           "RESTORE",
		OperationParameters: params,
		ReadVersion:         int64p(cur.Version),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(false),
		OperationMetrics: orderedKVs([]KV{
			{Key: "numRestoredFiles", Value: n(res.NumRestoredFiles)},
			{Key: "removedFilesSize", Value: n(res.RemovedFilesSize)},
			{Key: "numRemovedFiles", Value: n(res.NumRemovedFiles)},
			{Key: "restoredFilesSize", Value: n(res.RestoredFilesSize)},
			{Key: "numOfFilesAfterRestore", Value: n(res.NumOfFilesAfterRestore)},
			{Key: "tableSizeAfterRestore", Value: n(res.TableSizeAfterRestore)},
		}),
		EngineInfo: EngineInfo,
		TxnID:      newUUID(),
	}
	md := *old.Metadata
	proto := *cur.Protocol
	if old.Protocol != nil {
		proto.MinReaderVersion = max(proto.MinReaderVersion, old.Protocol.MinReaderVersion)
		proto.MinWriterVersion = max(proto.MinWriterVersion, old.Protocol.MinWriterVersion)
	}
	p := &pendingCommit{info: ci, metadata: &md, protocol: &proto, adds: adds, removes: removes, layout: restoreLayout}
	if err := t.commit(res.Version, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return RestoreResult{}, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return RestoreResult{}, err
	}
	t.forgetMemo()
	if err := t.checkpointAt(res.Version); err != nil {
		return res, &PostCommitError{Path: t.path, Version: res.Version, Err: fmt.Errorf("checkpoint: %w", err)}
	}
	return res, nil
}
