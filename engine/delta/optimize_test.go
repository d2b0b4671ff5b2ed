package delta

import (
	"context"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// OPTIMIZE packs each partition's small files into one, leaves a partition with one file
// alone, and commits adds and removes with dataChange false as delta-spark 4.4 does (the
// corpus's dl21 and dl22 goldens).
func TestOptimizeBinPacking(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name        string
		parts       []string
		writes      [][]sqltypes.Row
		maxFileSize int64
		wantBins    int
		wantParts   int
		wantRemoved int
		wantFiles   int
	}{
		{"unpartitioned", nil, [][]sqltypes.Row{{{int32(1), "US", int32(1)}}, {{int32(2), "DE", int32(1)}}, {{int32(3), "US", int32(2)}}}, 0, 1, 1, 3, 1},
		{"one file per partition is left", []string{"country"}, [][]sqltypes.Row{{{int32(1), "US", int32(1)}}, {{int32(2), "US", int32(1)}}, {{int32(3), "DE", int32(2)}}}, 0, 1, 1, 2, 2},
		{"nothing to do", nil, [][]sqltypes.Row{{{int32(1), "US", int32(1)}}}, 0, 0, 0, 0, 1},
		{"bins bounded by maxFileSize", nil, [][]sqltypes.Row{{{int32(1), "US", int32(1)}}, {{int32(2), "DE", int32(1)}}, {{int32(3), "US", int32(2)}}, {{int32(4), "FR", int32(2)}}}, 1, 0, 0, 0, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			table := newTable(t)
			for _, rows := range tc.writes {
				if _, _, err := table.Write(ctx, BatchWrite{Mode: "append", Schema: salesSchema, Tasks: taskStreams([]rowsTask{{ID: 0, Rows: rows}}), Now: t0, PartitionColumns: tc.parts}); err != nil {
					t.Fatal(err)
				}
			}
			snap, err := table.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			res, err := table.Optimize(ctx, snap, OptimizeOptions{Files: snap.Files, MaxFileSize: tc.maxFileSize, Now: t0})
			if err != nil {
				t.Fatal(err)
			}
			if res.NumBins != tc.wantBins || res.PartitionsOptimized != tc.wantParts || len(res.RemovedSizes) != tc.wantRemoved {
				t.Errorf("bins %d partitions %d removed %d, want %d %d %d", res.NumBins, res.PartitionsOptimized, len(res.RemovedSizes), tc.wantBins, tc.wantParts, tc.wantRemoved)
			}
			after, err := table.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			if len(after.Files) != tc.wantFiles {
				t.Errorf("files after = %d, want %d", len(after.Files), tc.wantFiles)
			}
			rows, _, err := table.ReadRows(ctx)
			if err != nil || len(rows) != len(tc.writes) {
				t.Errorf("rows after = %d (%v), want %d", len(rows), err, len(tc.writes))
			}
			if res.Version < 0 {
				if after.Version != snap.Version {
					t.Errorf("nothing to compact committed version %d", after.Version)
				}
				return
			}
			log := string(readLog(t, table, res.Version))
			for _, want := range []string{
				`"operation":"OPTIMIZE","operationParameters":{"predicate":"[]","zOrderBy":"[]","clusterBy":"[]","auto":false},`,
				`"isolationLevel":"SnapshotIsolation","isBlindAppend":false`,
				`"dataChange":false,"stats":"{\"numRecords\":`,
				`"dataChange":false,"extendedFileMetadata":true`,
			} {
				if !strings.Contains(log, want) {
					t.Errorf("OPTIMIZE commit lacks %s:\n%s", want, log)
				}
			}
		})
	}
}
