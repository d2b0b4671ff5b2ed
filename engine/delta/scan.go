package delta

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/kafkalab/kafkalab/engine/rowiter"
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
	sizes := make([]int64, len(files))
	for i, f := range files {
		sizes[i] = f.Add.Size
	}
	var out [][]File
	for _, task := range PackSplits(sizes, parallelism) {
		group := make([]File, len(task))
		for j, k := range task {
			group[j] = files[k]
		}
		out = append(out, group)
	}
	return out
}

// PackSplits is Spark's packing of files of the given byte sizes into scan tasks
// (FilePartition.getFilePartitions): it returns each task's file indexes, largest file
// first; files of equal size keep their given order.
func PackSplits(sizes []int64, parallelism int) [][]int {
	if len(sizes) == 0 {
		return nil
	}
	parallelism = max(parallelism, 1)
	order := make([]int, len(sizes))
	var total int64
	for i, size := range sizes {
		order[i] = i
		total += size + openCostInBytes
	}
	sort.SliceStable(order, func(i, j int) bool { return sizes[order[i]] > sizes[order[j]] })
	maxSplit := min(int64(maxPartitionBytes), max(int64(openCostInBytes), total/int64(parallelism)))
	var out [][]int
	var cur []int
	var size int64
	for _, k := range order {
		if size+sizes[k] > maxSplit && len(cur) > 0 {
			out = append(out, cur)
			cur, size = nil, 0
		}
		size += sizes[k] + openCostInBytes
		cur = append(cur, k)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// OpenTasks streams the snapshot's rows as the tasks of Spark's scan of its files with the
// given default parallelism (PlanScan), each task holding one data file in memory at a time.
// A snapshot without files is one empty task, so a write of it still runs one task.
func (s *Snapshot) OpenTasks(parallelism, chunkRows int) []rowiter.Iter {
	plan := PlanScan(s.Files, parallelism)
	if len(plan) == 0 {
		return []rowiter.Iter{rowiter.Empty()}
	}
	out := make([]rowiter.Iter, len(plan))
	for i, task := range plan {
		out[i] = s.openFiles(task, chunkRows)
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
