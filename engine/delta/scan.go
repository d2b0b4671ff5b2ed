package delta

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// How Spark splits a scan of Parquet files into tasks (FilePartition.getFilePartitions with
// the defaults of spark.sql.files.maxPartitionBytes and spark.sql.files.openCostInBytes):
// every file costs its size plus 4 MiB to open; a task holds files up to maxSplitBytes =
// min(128 MiB, max(4 MiB, total cost / default parallelism)); files are taken largest
// first and a task is closed when the next file would not fit. A table's files are small
// next to these sizes, so in practice each task reads one file until there are more files
// than cores.
const (
	maxPartitionBytes = 128 << 20
	openCostInBytes   = 4 << 20
)

// PlanScan groups files into the tasks of a Spark scan with the given default parallelism
// (at least 1). The files keep the largest-first order Spark reads them in.
func PlanScan(files []File, parallelism int) [][]File {
	if len(files) == 0 {
		return nil
	}
	parallelism = max(parallelism, 1)
	sorted := make([]File, len(files))
	copy(sorted, files)
	// Stable: files of equal size stay in the order given (the snapshot's).
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Add.Size > sorted[j].Add.Size })
	var total int64
	for _, f := range sorted {
		total += f.Add.Size + openCostInBytes
	}
	maxSplit := min(int64(maxPartitionBytes), max(int64(openCostInBytes), total/int64(parallelism)))
	var out [][]File
	var cur []File
	var size int64
	for _, f := range sorted {
		if size+f.Add.Size > maxSplit && len(cur) > 0 {
			out = append(out, cur)
			cur, size = nil, 0
		}
		size += f.Add.Size + openCostInBytes
		cur = append(cur, f)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// ReadTasks reads the given files grouped as Spark's scan tasks: one slice of rows per task,
// each task's files in order.
func (s *Snapshot) ReadTasks(ctx context.Context, files []File, parallelism int) ([][]sqltypes.Row, error) {
	plan := PlanScan(files, parallelism)
	var flat []File
	for _, task := range plan {
		flat = append(flat, task...)
	}
	sub := *s
	sub.Files = flat
	perFile, err := sub.readEach(ctx)
	if err != nil {
		return nil, err
	}
	out := make([][]sqltypes.Row, len(plan))
	k := 0
	for i, task := range plan {
		for range task {
			out[i] = append(out[i], perFile[k]...)
			k++
		}
	}
	return out, nil
}

// ReadFileRows reads one data file of the snapshot.
func (s *Snapshot) ReadFileRows(ctx context.Context, f File) ([]sqltypes.Row, error) {
	return s.readFile(ctx, f)
}

// NumRecords is the row count in the file's stats (ok is false when it has none).
func (f File) NumRecords() (int64, bool) {
	if f.Add.Stats == "" {
		return 0, false
	}
	var st struct {
		NumRecords *int64 `json:"numRecords"`
	}
	if json.Unmarshal([]byte(f.Add.Stats), &st) != nil || st.NumRecords == nil {
		return 0, false
	}
	return *st.NumRecords, true
}
