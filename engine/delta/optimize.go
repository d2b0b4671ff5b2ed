package delta

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// defaultOptimizeFileSize is delta-spark's spark.databricks.delta.optimize.minFileSize and
// maxFileSize default (1 GiB): files below it are compacted, into bins of up to that size.
const defaultOptimizeFileSize = 1 << 30

// OptimizeOptions tune Optimize.
type OptimizeOptions struct {
	// Files are the files OPTIMIZE considers: the snapshot's, or those of the partitions its
	// WHERE selects.
	Files []File
	// Predicates are the WHERE's partition predicates as Delta logs them (Expression.sql).
	Predicates []string
	// MinFileSize and MaxFileSize are the compaction thresholds in bytes (0: 1 GiB each).
	MinFileSize, MaxFileSize int64
	Now                      time.Time
	TimeZone                 string
}

// OptimizeResult is what a compaction did, for OptimizeMetrics.
type OptimizeResult struct {
	// Version is the OPTIMIZE commit, -1 when there was nothing to compact.
	Version             int64
	Added               []AddFile
	RemovedSizes        []int64
	NumBins             int
	PartitionsOptimized int
	ConsideredFiles     int
}

// Optimize is delta-spark's OPTIMIZE compaction (bin-packing): among the given files, those
// smaller than MinFileSize are grouped by partition, each partition's files (smallest
// first) are packed into bins of at most MaxFileSize, and every bin of two or more files is
// rewritten as one file. The new files and the removes of the old ones are committed with
// dataChange false, so a stream reading the table sees no new data. Nothing to compact
// commits nothing.
func (t *Table) Optimize(ctx context.Context, snap *Snapshot, o OptimizeOptions) (OptimizeResult, error) {
	res := OptimizeResult{Version: -1, ConsideredFiles: len(o.Files)}
	if snap == nil || snap.Version < 0 {
		return res, fmt.Errorf("delta table %s: OPTIMIZE needs an existing table", t.path)
	}
	loc, err := location(o.TimeZone)
	if err != nil {
		return res, err
	}
	minSize, maxSize := o.MinFileSize, o.MaxFileSize
	if minSize <= 0 {
		minSize = defaultOptimizeFileSize
	}
	if maxSize <= 0 {
		maxSize = defaultOptimizeFileSize
	}
	parts := snap.Metadata.PartitionColumns
	// Group the small files by partition, partitions in the order they are first met.
	var keys []string
	groups := map[string][]File{}
	for _, f := range o.Files {
		if f.Add.Size >= minSize {
			continue
		}
		k := partitionKey(f.Add.PartitionValues, parts)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], f)
	}
	var bins [][]File
	optimized := map[string]bool{}
	for _, k := range keys {
		files := append([]File(nil), groups[k]...)
		sort.SliceStable(files, func(i, j int) bool { return files[i].Add.Size < files[j].Add.Size })
		var cur []File
		var size int64
		flush := func() {
			// A bin of one file would only rewrite it: Delta leaves it alone.
			if len(cur) > 1 {
				bins = append(bins, cur)
				optimized[k] = true
			}
			cur, size = nil, 0
		}
		for _, f := range files {
			if size+f.Add.Size > maxSize && len(cur) > 0 {
				flush()
			}
			cur = append(cur, f)
			size += f.Add.Size
		}
		flush()
	}
	res.NumBins, res.PartitionsOptimized = len(bins), len(optimized)
	if len(bins) == 0 {
		return res, nil
	}
	now := nowOr(o.Now)
	var adds []AddFile
	var removes []*RemoveFile
	for _, bin := range bins {
		// Each bin is read as one coalesced scan (Spark's file order: largest first) and
		// written as one task.
		rows, err := snap.ReadTasks(ctx, bin, 1)
		if err != nil {
			return res, err
		}
		var all []sqltypes.Row
		for _, r := range rows {
			all = append(all, r...)
		}
		files, err := t.writeDataFiles(ctx, snap.Schema, parts, []Task{{ID: 0, Rows: rowiter.Slice(all)}}, nil, loc)
		if err != nil {
			return res, err
		}
		for _, a := range files.adds {
			a.DataChange = false
			adds = append(adds, a)
		}
		for _, f := range bin {
			r := removeOf(f.Add, now)
			r.DataChange = false
			r.Stats = NumRecordsStats(f)
			removes = append(removes, r)
			res.RemovedSizes = append(res.RemovedSizes, f.Add.Size)
		}
	}
	res.Added = adds
	ci := &CommitInfo{
		Timestamp: now.UnixMilli(),
		Operation: "OPTIMIZE",
		OperationParameters: []KV{
			{Key: "predicate", Value: PredicateList(o.Predicates...)},
			{Key: "zOrderBy", Value: "[]"},
			{Key: "clusterBy", Value: "[]"},
			{Key: "auto", Value: "false", Raw: true},
		},
		ReadVersion:    int64p(snap.Version),
		IsolationLevel: "SnapshotIsolation",
		IsBlindAppend:  boolp(false),
		EngineInfo:     EngineInfo,
		TxnID:          newUUID(),
	}
	ci.OperationMetrics = orderedKVs(optimizeMetrics(adds, res.RemovedSizes))
	p := &pendingCommit{info: ci, adds: adds, removes: removes}
	v := snap.Version + 1
	if err := t.commit(v, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return res, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return res, err
	}
	res.Version = v
	return res, t.afterCommit(snap, p)
}

// optimizeMetrics are OPTIMIZE's operationMetrics: the added files' size percentiles, the
// files and bytes added and removed, and no deletion vectors removed (delta-spark 4.4's set).
func optimizeMetrics(adds []AddFile, removed []int64) []KV {
	sizes := make([]int64, len(adds))
	var added, rem int64
	for i, a := range adds {
		sizes[i] = a.Size
		added += a.Size
	}
	for _, s := range removed {
		rem += s
	}
	sort.Slice(sizes, func(i, j int) bool { return sizes[i] < sizes[j] })
	n := len(sizes)
	i64 := func(k string, v int64) KV { return KV{Key: k, Value: strconv.FormatInt(v, 10)} }
	return []KV{
		i64("minFileSize", sizes[0]), i64("p25FileSize", sizes[n/4]), i64("p50FileSize", sizes[n/2]),
		i64("p75FileSize", sizes[n*3/4]), i64("maxFileSize", sizes[n-1]),
		i64("numAddedFiles", int64(n)), i64("numRemovedFiles", int64(len(removed))),
		i64("numAddedBytes", added), i64("numRemovedBytes", rem),
		i64("numDeletionVectorsRemoved", 0),
	}
}

// PartitionRow is a row of the table's width holding the file's partition values (typed)
// and nulls elsewhere: enough to evaluate a predicate on partition columns.
func (s *Snapshot) PartitionRow(f File) sqltypes.Row {
	row := make(sqltypes.Row, len(s.Schema.Fields))
	if s.part == nil {
		return row
	}
	vals := s.part.typedValues(s.Schema, f.Add.PartitionValues)
	for k, i := range s.part.idx {
		row[i] = vals[k]
	}
	return row
}
