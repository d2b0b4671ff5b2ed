package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// replaceWhere overwrites only the rows its condition selects, as delta-spark 4.4 commits
// it (new data's adds, then the removes and the copied rows' adds), and mergeSchema lets an
// append add a column.
func TestDeltaReplaceWhereAndMergeSchema(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	path := filepath.Join(t.TempDir(), "scores")
	write := func(rows [][]any, ddl, mode string, opts map[string]string) error {
		var rs []sqltypes.Row
		for _, r := range rows {
			rs = append(rs, sqltypes.Row(r))
		}
		df := must[*DataFrame](t)(s.CreateDataFrameDDL(rs, ddl))
		df = must[*DataFrame](t)(df.Coalesce(1))
		w := df.Write().Format("delta").Mode(mode)
		for k, v := range opts {
			w.Option(k, v)
		}
		return w.Save(ctx, path)
	}
	ddl := "day string, player string, points int"
	if err := write([][]any{{"d1", "ann", int32(3)}, {"d1", "bob", int32(5)}, {"d2", "ann", int32(1)}}, ddl, "error", nil); err != nil {
		t.Fatal(err)
	}
	// Rows outside the condition are refused and nothing is committed.
	err := write([][]any{{"d3", "cy", int32(1)}}, ddl, "overwrite", map[string]string{"replaceWhere": "day = 'd1'"})
	if err == nil || !strings.Contains(err.Error(), "DELTA_REPLACE_WHERE_MISMATCH") {
		t.Fatalf("mismatching replaceWhere: %v", err)
	}
	if err := write([][]any{{"d1", "ann", int32(4)}}, ddl, "overwrite", map[string]string{"replaceWhere": "day = 'd1'"}); err != nil {
		t.Fatal(err)
	}
	log1 := must[[]byte](t)(os.ReadFile(filepath.Join(path, "_delta_log", "00000000000000000001.json")))
	var kinds []string
	for _, l := range strings.Split(strings.TrimSpace(string(log1)), "\n") {
		kinds = append(kinds, l[2:strings.Index(l[2:], `"`)+2])
	}
	if got := strings.Join(kinds, ","); got != "commitInfo,add,remove,add" {
		t.Errorf("replaceWhere commit actions %s", got)
	}
	for _, want := range []string{`"predicate":"day = 'd1'"`, `"numCopiedRows":"1"`, `"numDeletedRows":"2"`, `"numOutputRows":"2"`} {
		if !strings.Contains(string(log1), want) {
			t.Errorf("replaceWhere commit lacks %s:\n%s", want, log1)
		}
	}
	// A type change is not a merge; a new column is.
	if err := write([][]any{{"d3", "cy", "7"}}, "day string, player string, points string", "append", map[string]string{"mergeSchema": "true"}); err == nil || !strings.Contains(err.Error(), "DELTA_FAILED_TO_MERGE_FIELDS") {
		t.Fatalf("type change with mergeSchema: %v", err)
	}
	if err := write([][]any{{"d3", "cy", int32(7), "red"}}, ddl+", team string", "append", nil); err == nil {
		t.Fatal("a new column without mergeSchema was accepted")
	}
	if err := write([][]any{{"d3", "cy", int32(7), "red"}}, ddl+", team string", "append", map[string]string{"mergeSchema": "true"}); err != nil {
		t.Fatal(err)
	}
	log2 := string(must[[]byte](t)(os.ReadFile(filepath.Join(path, "_delta_log", "00000000000000000002.json"))))
	if !strings.Contains(log2, `"canMergeSchema":true`) || !strings.Contains(log2, `{\"name\":\"team\",\"type\":\"string\"`) {
		t.Errorf("mergeSchema commit:\n%s", log2)
	}
	crc2 := string(must[[]byte](t)(os.ReadFile(filepath.Join(path, "_delta_log", "00000000000000000002.crc"))))
	if strings.Contains(crc2, "allFiles") {
		t.Errorf("a schema change keeps allFiles in the checksum")
	}
	df := must[*DataFrame](t)(s.Read().Format("delta").Load(ctx, path))
	df = must[*DataFrame](t)(df.OrderBy("day", "player"))
	want := "+---+------+------+----+\n|day|player|points|team|\n+---+------+------+----+\n| d1|   ann|     4|NULL|\n| d2|   ann|     1|NULL|\n| d3|    cy|     7| red|\n+---+------+------+----+\n"
	if got := must[string](t)(df.Show(ctx, 20, 20, false)); got != want {
		t.Errorf("table\n%s\nwant\n%s", got, want)
	}
}
