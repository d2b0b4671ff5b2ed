package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Delta's compaction thresholds (bytes; 1 GiB by default).
const (
	ConfOptimizeMinFileSize = "spark.databricks.delta.optimize.minFileSize"
	ConfOptimizeMaxFileSize = "spark.databricks.delta.optimize.maxFileSize"
)

// optimizeResultSchema is OPTIMIZE's answer: the table's location and delta-spark 4.4's
// OptimizeMetrics, field for field.
var optimizeResultSchema = sqltypes.MustParseDDL("path STRING, metrics STRUCT<" +
	"numFilesAdded: BIGINT, numFilesRemoved: BIGINT, " +
	"filesAdded: STRUCT<min: BIGINT, max: BIGINT, avg: DOUBLE, totalFiles: BIGINT, totalSize: BIGINT>, " +
	"filesRemoved: STRUCT<min: BIGINT, max: BIGINT, avg: DOUBLE, totalFiles: BIGINT, totalSize: BIGINT>, " +
	"partitionsOptimized: BIGINT, " +
	"zOrderStats: STRUCT<strategyName: STRING, inputCubeFiles: STRUCT<num: BIGINT, size: BIGINT>, inputOtherFiles: STRUCT<num: BIGINT, size: BIGINT>, inputNumCubes: BIGINT, mergedFiles: STRUCT<num: BIGINT, size: BIGINT>, numOutputCubes: BIGINT, mergedNumCubes: BIGINT>, " +
	"clusteringStats: STRUCT<inputZCubeFiles: STRUCT<numFiles: BIGINT, size: BIGINT>, inputOtherFiles: STRUCT<numFiles: BIGINT, size: BIGINT>, inputNumZCubes: BIGINT, mergedFiles: STRUCT<numFiles: BIGINT, size: BIGINT>, numOutputZCubes: BIGINT>, " +
	"numBins: BIGINT, numBatches: BIGINT, totalConsideredFiles: BIGINT, totalFilesSkipped: BIGINT, preserveInsertionOrder: BOOLEAN, " +
	"numFilesSkippedToReduceWriteAmplification: BIGINT, numBytesSkippedToReduceWriteAmplification: BIGINT, " +
	"startTimeMs: BIGINT, endTimeMs: BIGINT, totalClusterParallelism: BIGINT, totalScheduledTasks: BIGINT, " +
	"autoCompactParallelismStats: STRUCT<maxClusterActiveParallelism: BIGINT, minClusterActiveParallelism: BIGINT, maxSessionActiveParallelism: BIGINT, minSessionActiveParallelism: BIGINT>, " +
	"deletionVectorStats: STRUCT<numDeletionVectorsRemoved: BIGINT, numDeletionVectorRowsRemoved: BIGINT>, " +
	"numTableColumns: BIGINT, numTableColumnsWithStats: BIGINT>").AsNullable()

// Optimize is deltaTable.optimize().where(...).executeCompaction() and SQL's OPTIMIZE table
// [WHERE ...]: it compacts the small files of the partitions the conditions select (every
// partition without one) and answers one row, the table's location and the metrics.
// Conditions may read partition columns only, as Delta requires.
func (dt *DeltaTable) Optimize(ctx context.Context, where ...any) (*DataFrame, error) {
	start := dt.s.now()
	snap, err := dt.table.Snapshot()
	if err != nil {
		return nil, err
	}
	ec, err := dt.s.evalContext()
	if err != nil {
		return nil, err
	}
	scope := dt.targetScope(snap.Schema)
	parts := snap.PartitionIndexes()
	var preds []plan.Bound
	var texts []string
	for _, w := range where {
		e, err := exprOf(w, "partitionFilter")
		if err != nil {
			return nil, err
		}
		b, err := boolCondition(e, scope, "OPTIMIZE")
		if err != nil {
			return nil, err
		}
		if err := partitionOnly(snap.Schema, parts, b); err != nil {
			return nil, err
		}
		preds = append(preds, b)
		// Delta logs the filter as Catalyst prints it before analysis: ('day = mon).
		texts = append(texts, plan.CatalystString(b, func(_ int, f sqltypes.StructField) string { return "'" + f.Name }, dt.s.Location()))
	}
	files := snap.Files
	if len(preds) > 0 {
		files = nil
		for _, f := range snap.Files {
			row := snap.PartitionRow(f)
			keep := true
			for _, b := range preds {
				ok, err := isTrue(ec, b, row)
				if err != nil {
					return nil, err
				}
				keep = keep && ok
			}
			if keep {
				files = append(files, f)
			}
		}
	}
	minSize, err := dt.s.confBytes(ConfOptimizeMinFileSize)
	if err != nil {
		return nil, err
	}
	maxSize, err := dt.s.confBytes(ConfOptimizeMaxFileSize)
	if err != nil {
		return nil, err
	}
	res, err := dt.table.Optimize(ctx, snap, delta.OptimizeOptions{
		Files: files, Predicates: texts, MinFileSize: minSize, MaxFileSize: maxSize,
		Now: dt.s.now(), TimeZone: dt.s.Conf().GetOr(ConfTimeZone, "UTC"),
	})
	if err = committedIsDone(err); err != nil {
		return nil, err
	}
	added := make([]int64, len(res.Added))
	for i, a := range res.Added {
		added[i] = a.Size
	}
	numCols := int64(len(snap.Schema.Fields))
	metrics := sqltypes.Row{
		int64(len(res.Added)), int64(len(res.RemovedSizes)),
		fileSizeMetrics(added), fileSizeMetrics(res.RemovedSizes),
		int64(res.PartitionsOptimized), nil, nil,
		int64(res.NumBins), int64(1), int64(res.ConsideredFiles), int64(res.ConsideredFiles - len(res.RemovedSizes)), false,
		int64(0), int64(0),
		start.UnixMilli(), int64(0), int64(dt.s.DefaultParallelism()), int64(0),
		nil, nil,
		numCols, min(numCols, 32),
	}
	row := sqltypes.Row{"file:" + dt.table.AbsPath(), metrics}
	rel := &plan.Relation{Scope: dt.s.newScope(optimizeResultSchema, nil), Name: "OptimizeTableCommand", Rows: [][]sqltypes.Row{{row}}}
	return dt.s.newDF(rel), nil
}

// fileSizeMetrics is Delta's FileSizeMetrics of some file sizes: min and max are null and
// avg 0 when there are none.
func fileSizeMetrics(sizes []int64) sqltypes.Row {
	if len(sizes) == 0 {
		return sqltypes.Row{nil, nil, 0.0, int64(0), int64(0)}
	}
	lo, hi, total := sizes[0], sizes[0], int64(0)
	for _, s := range sizes {
		lo, hi, total = min(lo, s), max(hi, s), total+s
	}
	return sqltypes.Row{lo, hi, float64(total) / float64(len(sizes)), int64(len(sizes)), total}
}

// partitionOnly refuses a condition that reads a column other than the table's partition
// columns (Delta's DELTA_NON_PARTITION_COLUMN_REFERENCE).
func partitionOnly(schema *sqltypes.StructType, parts []int, b plan.Bound) error {
	cols := map[int]bool{}
	plan.ReadColumns(cols, b)
	var names []string
	for _, i := range parts {
		names = append(names, schema.Fields[i].Name)
	}
	for c := range cols {
		isPart := false
		for _, i := range parts {
			isPart = isPart || i == c
		}
		if !isPart {
			return sparkerrors.New(sparkerrors.AnalysisException, "DELTA_NON_PARTITION_COLUMN_REFERENCE",
				"columnName", schema.Fields[c].Name, "columnList", strings.Join(names, ", "))
		}
	}
	return nil
}

// confBytes reads a size setting in bytes ("1g", "512m", "1048576"); 0 when unset.
func (s *Session) confBytes(key string) (int64, error) {
	v := s.Conf().GetOr(key, "")
	if strings.TrimSpace(v) == "" {
		return 0, nil
	}
	n, err := byteSize(v)
	if err != nil {
		return 0, fmt.Errorf("%s = %q: %w; give a size such as 1g, 256m or a number of bytes", key, v, err)
	}
	return n, nil
}

var propertiesSchema = sqltypes.MustParseDDL("key STRING, value STRING").AsNullable()

// showProperties is SHOW TBLPROPERTIES table [(key)]: the table's properties and protocol
// versions as key, value rows, or the one key's row.
func (dt *DeltaTable) showProperties(key string) (*DataFrame, error) {
	snap, err := dt.table.Snapshot()
	if err != nil {
		return nil, err
	}
	var rows []sqltypes.Row
	for _, kv := range snap.Properties() {
		if key == "" || kv.Key == key {
			rows = append(rows, sqltypes.Row{kv.Key, kv.Value})
		}
	}
	if key != "" && len(rows) == 0 {
		rows = append(rows, sqltypes.Row{key, fmt.Sprintf("Table %s does not have property: %s", dt.displayName(), key)})
	}
	rel := &plan.Relation{Scope: dt.s.newScope(propertiesSchema, nil), Name: "ShowTablePropertiesCommand", Rows: [][]sqltypes.Row{rows}}
	return dt.s.newDF(rel), nil
}

// displayName is the table as Delta's messages name it: its catalog name, or delta.`path`.
func (dt *DeltaTable) displayName() string {
	if dt.qualifier != nil {
		return strings.Join(dt.qualifier, ".")
	}
	return "delta.`" + dt.table.AbsPath() + "`"
}
