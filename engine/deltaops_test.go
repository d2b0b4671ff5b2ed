package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// PySpark's createDataFrame pickles the rows in batches that the JVM deals out to
// defaultParallelism slices; the expected sizes are the file counts delta-spark wrote for the
// corpus (4 rows: two files of 2; 3 rows: 1 and 2).
func TestParallelizeLikePySpark(t *testing.T) {
	for _, tc := range []struct {
		n, slices int
		want      []int
	}{
		{0, 2, []int{0, 0}}, {1, 2, []int{0, 1}}, {3, 2, []int{1, 2}}, {4, 2, []int{2, 2}},
		{5, 2, []int{2, 3}}, {8, 2, []int{4, 4}}, {10, 4, []int{2, 2, 2, 4}}, {3, 1, []int{3}},
	} {
		rows := make([]sqltypes.Row, tc.n)
		for i := range rows {
			rows[i] = sqltypes.Row{int64(i)}
		}
		var got []int
		next := int64(0)
		for _, task := range parallelize(rows, tc.slices) {
			got = append(got, len(task))
			for _, r := range task {
				if r[0] != next {
					t.Errorf("n=%d: rows out of order", tc.n)
				}
				next++
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("parallelize(%d rows, %d) = %v, want %v", tc.n, tc.slices, got, tc.want)
		}
	}
}

func deltaLog(t *testing.T, path string, v int) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(path, "_delta_log", fmt.Sprintf("%020d.json", v)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func tableRows(t *testing.T, dt *DeltaTable) []string {
	t.Helper()
	ctx := context.Background()
	df, err := dt.ToDF(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimSpace(fmt.Sprintln(r...))
	}
	slices.Sort(out)
	return out
}

var exprIDs = regexp.MustCompile(`#\d+`)

func TestDeleteAndUpdateRewriteTheFilesTheyTouch(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	rows := make([]sqltypes.Row, 8)
	for i := range rows {
		rows[i] = sqltypes.Row{int64(i), "x"}
	}
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(rows, "id BIGINT, label STRING"))
	if err := df.Write().Format("delta").Save(ctx, "tables/t"); err != nil {
		t.Fatal(err)
	}
	dt := must[*DeltaTable](t)(s.DeltaTableForPath(ctx, "tables/t"))
	path := dt.Path()
	if err := dt.Delete(ctx, "id % 2 = 0"); err != nil {
		t.Fatal(err)
	}
	log := exprIDs.ReplaceAllString(deltaLog(t, path, 1), "#N")
	if !strings.Contains(log, `"operation":"DELETE","operationParameters":{"predicate":"[\"((id#NL % 2) = 0)\"]"},"readVersion":0`) ||
		!strings.Contains(log, `"numCopiedRows":"4"`) || !strings.Contains(log, `"numDeletedRows":"4"`) {
		t.Errorf("DELETE commit:\n%s", log)
	}
	if lines := strings.Split(log, "\n"); !strings.HasPrefix(lines[1], `{"remove":`) || !strings.HasPrefix(lines[3], `{"add":`) {
		t.Errorf("DELETE lists its removes first:\n%s", log)
	}
	// A condition no row meets commits nothing.
	if err := dt.Delete(ctx, Col("label").EqualTo("nope")); err != nil {
		t.Fatal(err)
	}
	if err := dt.Update(ctx, Expr("id > 4"), []Assignment{{Column: "label", Value: "'big'"}, {Column: "id", Value: Col("id").Plus(100)}}); err != nil {
		t.Fatal(err)
	}
	log = exprIDs.ReplaceAllString(deltaLog(t, path, 2), "#N")
	if !strings.Contains(log, `"operation":"UPDATE","operationParameters":{"predicate":"[\"(id#NL > 4)\"]"},"readVersion":1`) ||
		!strings.Contains(log, `"numUpdatedRows":"2"`) || !strings.Contains(log, `"numCopiedRows":"0"`) {
		t.Errorf("UPDATE commit:\n%s", log)
	}
	want := []string{"1 x", "105 big", "107 big", "3 x"}
	if got := tableRows(t, dt); !slices.Equal(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	if err := dt.Delete(ctx, nil); err != nil {
		t.Fatal(err)
	}
	log = deltaLog(t, path, 3)
	if !strings.Contains(log, `"predicate":"[\"true\"]"`) || !strings.Contains(log, `"stats":"{\"numRecords\":2}"`) || strings.Contains(log, `{"add"`) {
		t.Errorf("DELETE of every row:\n%s", log)
	}
	if _, err := os.Stat(filepath.Join(path, "_delta_log", fmt.Sprintf("%020d.json", 4))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a version 4 exists (%v): the no-op delete committed", err)
	}
}

func TestMergeUpsertInsertOnlyAndDuplicateMatches(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	const ddl = "key INT, status STRING, version INT"
	src := func(rows ...sqltypes.Row) *DataFrame { return must[*DataFrame](t)(s.CreateDataFrameDDL(rows, ddl)) }
	if err := src(sqltypes.Row{1, "new", 0}, sqltypes.Row{2, "new", 0}, sqltypes.Row{3, "new", 0}).Write().Format("delta").SaveAsTable(ctx, "aggregates"); err != nil {
		t.Fatal(err)
	}
	target := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "aggregates"))
	upsert := func(df *DataFrame) *DataFrame {
		return must[*DataFrame](t)(target.Alias("t").Merge(df.Alias("s"), "s.key = t.key").WhenMatchedUpdateAll(nil).WhenNotMatchedInsertAll(nil).Execute(ctx))
	}
	res := upsert(src(sqltypes.Row{1, "paid", 1}, sqltypes.Row{4, "new", 1}))
	if got := must[[]sqltypes.Row](t)(res.Collect(ctx)); fmt.Sprint(got) != "[[2 1 0 1]]" {
		t.Errorf("merge result %v, want affected 2, updated 1, deleted 0, inserted 1", got)
	}
	log := exprIDs.ReplaceAllString(deltaLog(t, target.Path(), 1), "#N")
	if !strings.Contains(log, `"operation":"MERGE","operationParameters":{"predicate":"[\"(key#N = key#N)\"]","matchedPredicates":"[{\"actionType\":\"update\"}]","notMatchedPredicates":"[{\"actionType\":\"insert\"}]","notMatchedBySourcePredicates":"[]"},"readVersion":0`) {
		t.Errorf("MERGE commit:\n%s", log)
	}
	// Insert-only: the matched source row is dropped, the others appended.
	upsert(src(sqltypes.Row{2, "cancelled", 2}))
	must[*DataFrame](t)(target.Alias("t").Merge(src(sqltypes.Row{4, "late", 3}, sqltypes.Row{5, "new", 3}).Alias("s"), "t.key = s.key").WhenNotMatchedInsertAll(nil).Execute(ctx))
	if log := deltaLog(t, target.Path(), 3); strings.Contains(log, `{"remove"`) || !strings.Contains(log, `"numTargetRowsInserted":"1"`) {
		t.Errorf("insert-only MERGE:\n%s", log)
	}
	// A matched update whose condition no row meets changes nothing and commits nothing.
	must[*DataFrame](t)(target.Alias("t").Merge(src(sqltypes.Row{1, "stale", 0}).Alias("s"), "t.key = s.key").
		WhenMatchedUpdate("s.version > t.version", []Assignment{{Column: "status", Value: "s.status"}}).Execute(ctx))
	if _, err := os.Stat(filepath.Join(target.Path(), "_delta_log", fmt.Sprintf("%020d.json", 4))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the no-op MERGE committed version 4 (%v)", err)
	}
	want := []string{"1 paid 1", "2 cancelled 2", "3 new 0", "4 new 1", "5 new 3"}
	if got := tableRows(t, target); !slices.Equal(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	// Time travel by table name (Delta's docs read spark.read.option("versionAsOf", 2).table(name)).
	v0 := must[*DataFrame](t)(s.Read().Format("delta").Option("versionAsOf", 0).Table(ctx, "aggregates"))
	if n := len(must[[]sqltypes.Row](t)(v0.Collect(ctx))); n != 3 {
		t.Errorf("aggregates as of version 0: %d rows, want 3", n)
	}
	if _, err := s.Read().Option("versionAsOf", 9).Table(ctx, "aggregates"); err == nil || !strings.Contains(err.Error(), "DELTA_VERSION_NOT_FOUND") {
		t.Errorf("version 9 of aggregates: %v", err)
	}
	if _, err := s.Read().Option("versionAsOf", 0).Table(ctx, "nope"); err == nil || !strings.Contains(err.Error(), "TABLE_OR_VIEW_NOT_FOUND") {
		t.Errorf("time travel on a missing table: %v", err)
	}
	_, err := target.Alias("t").Merge(src(sqltypes.Row{1, "a", 9}, sqltypes.Row{1, "b", 9}).Alias("s"), "t.key = s.key").WhenMatchedUpdateAll(nil).Execute(ctx)
	if !errors.Is(err, ErrMultipleSourceRowsMatch) {
		t.Errorf("two source rows for one target row: %v", err)
	}
	_, err = target.Alias("t").Merge(src(), "t.nope = 1").WhenMatchedDelete(nil).Execute(ctx)
	if err == nil || !strings.Contains(err.Error(), "UNRESOLVED_COLUMN") {
		t.Errorf("unresolved condition: %v", err)
	}
}

func TestRestoreAndTimeTravelByTimestamp(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{1}, {2}}, "id INT"))
	if err := df.Write().Format("delta").Save(ctx, "tables/r"); err != nil {
		t.Fatal(err)
	}
	if err := df.Write().Format("delta").Mode("append").Save(ctx, "tables/r"); err != nil {
		t.Fatal(err)
	}
	dt := must[*DeltaTable](t)(s.DeltaTableForPath(ctx, "tables/r"))
	res := must[[]sqltypes.Row](t)(must[*DataFrame](t)(dt.RestoreToVersion(ctx, 0)).Collect(ctx))
	if len(res) != 1 || res[0][1] != int64(2) || res[0][2] != int64(2) || res[0][3] != int64(0) {
		t.Errorf("restore result %v: want 2 files after, 2 removed, 0 restored", res)
	}
	if got := tableRows(t, dt); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("after restore: %v", got)
	}
	hist := must[[]sqltypes.Row](t)(must[*DataFrame](t)(dt.History(ctx, 1)).Collect(ctx))
	if hist[0][4] != "RESTORE" {
		t.Errorf("latest history entry %v", hist[0])
	}
	ts := hist[0][1].(sqltypes.Timestamp)
	at := sqltypes.FormatTimestamp(ts, s.Location())
	read := must[*DataFrame](t)(s.Read().Format("delta").Option("timestampAsOf", at).Load(ctx, "tables/r"))
	if n := len(must[[]sqltypes.Row](t)(read.Collect(ctx))); n != 2 {
		t.Errorf("timestampAsOf %s: %d rows, want 2", at, n)
	}
	if _, err := s.Read().Format("delta").Option("timestampAsOf", "2001-01-01").Load(ctx, "tables/r"); err == nil || !strings.Contains(err.Error(), "DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION") {
		t.Errorf("timestampAsOf before the table: %v", err)
	}
	if _, err := s.Read().Format("delta").Option("timestampAsOf", "yesterday").Load(ctx, "tables/r"); err == nil || !strings.Contains(err.Error(), "DELTA_TIMESTAMP_INVALID") {
		t.Errorf("timestampAsOf not a time: %v", err)
	}
	_, err := dt.RestoreToTimestamp(ctx, "2999-01-01 00:00:00")
	if err == nil || !strings.HasPrefix(err.Error(), "[DELTA_CANNOT_RESTORE_TIMESTAMP_GREATER] Cannot restore table to timestamp (2999-01-01 00:00:00) as it is after the latest version available. Please use a timestamp before (2026-") {
		t.Errorf("restore to a time after the last commit: %v", err)
	}
	if _, err := dt.RestoreToVersion(ctx, 5); err == nil || !strings.Contains(err.Error(), "DELTA_CANNOT_RESTORE_TABLE_VERSION") {
		t.Errorf("restore to a missing version: %v", err)
	}
}

// A MERGE that finds no target row to rewrite writes its inserts in the source's own
// partitions: delta-spark materializes the source, so the files follow the source's plan.
// A stream's batch from Kafka (3 partitions) keeps its 3 tasks; the same batch joined
// with its own newest event per key (both sides without a size estimate) is shuffled
// and coalesced into one partition, so one file (lesson 16's order_status on Spark 4.2);
// so is a left join with a small createDataFrame (one file on Spark 4.2 too).
func TestMergeInsertsFollowTheSourcesPartitions(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	schema := sqltypes.MustParseDDL("key INT, status STRING, version INT")
	batch := s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ForeachBatch", SizeUnknown: true, Rows: [][]sqltypes.Row{
		{{int32(1), "placed", int32(1)}, {int32(2), "placed", int32(1)}, {int32(1), "paid", int32(2)}},
		{{int32(3), "placed", int32(1)}, {int32(4), "placed", int32(1)}},
		{{int32(5), "placed", int32(1)}},
	}})
	newest := must[*DataFrame](t)(batch.GroupBy("key").Agg(Max("version").Alias("version")))
	latest := must[*DataFrame](t)(batch.Join(newest, []string{"key", "version"}, "inner"))
	// PySpark's createDataFrame is an RDD to Spark, without a size either: not broadcast.
	tags := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{1, "x"}, {2, "y"}}, "key INT, tag STRING"))
	tagged := must[*DataFrame](t)(must[*DataFrame](t)(batch.Join(tags, []string{"key"}, "left")).Drop("tag"))
	for _, tc := range []struct {
		name   string
		source *DataFrame
		want   []string // numRecords of the added files, in log order
	}{
		{"the batch", batch, []string{"3", "2", "1"}},
		{"the batch's newest event per key", latest, []string{"5"}},
		{"the batch left joined with a createDataFrame", tagged, []string{"6"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := strings.ReplaceAll(strings.ReplaceAll(tc.name, " ", "_"), "'", "")
			if err := must[*DataFrame](t)(s.CreateDataFrameDDL(nil, "key INT, status STRING, version INT")).Write().Format("delta").SaveAsTable(ctx, name); err != nil {
				t.Fatal(err)
			}
			target := must[*DeltaTable](t)(s.DeltaTableForName(ctx, name))
			must[*DataFrame](t)(target.Alias("t").Merge(tc.source.Alias("s"), "t.key = s.key").WhenMatchedUpdateAll(nil).WhenNotMatchedInsertAll(nil).Execute(ctx))
			var got []string
			for _, m := range regexp.MustCompile(`\\"numRecords\\":(\d+)`).FindAllStringSubmatch(deltaLog(t, target.Path(), 1), -1) {
				got = append(got, m[1])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("added files hold %v records, want %v", got, tc.want)
			}
		})
	}
}
