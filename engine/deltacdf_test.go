package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// TestChangeDataFeedSQL runs Delta's change data feed docs in SQL: a table created with
// the feed on, changed by INSERT, UPDATE, DELETE and MERGE, read with table_changes; the
// changes are delta-spark 4.4's for the same statements (corpus dl29's golden).
func TestChangeDataFeedSQL(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	for _, q := range []string{
		"CREATE TABLE students (id INT, name STRING, score INT) USING DELTA TBLPROPERTIES (delta.enableChangeDataFeed = true)",
		"INSERT INTO students VALUES (1, 'ann', 70), (2, 'bob', 80), (3, 'cy', 90)",
		"UPDATE students SET score = score + 5 WHERE id >= 2",
		"DELETE FROM students WHERE id = 1",
		"CREATE TABLE plain (id INT, v STRING) USING DELTA",
		"INSERT INTO plain VALUES (1, 'a'), (2, 'b'), (3, 'c')",
		"ALTER TABLE plain SET TBLPROPERTIES (delta.enableChangeDataFeed = true)",
		"UPDATE plain SET v = 'B' WHERE id = 2",
	} {
		if _, err := s.SQL(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	tests := []struct{ sql, want, err string }{
		{sql: "SELECT id, name, score, _change_type, _commit_version FROM table_changes('students', 2) ORDER BY _commit_version, id, _change_type",
			want: "[[2 bob 85 update_postimage 2] [2 bob 80 update_preimage 2] [3 cy 95 update_postimage 2] [3 cy 90 update_preimage 2] [1 ann 70 delete 3]]"},
		{sql: "SELECT _change_type, count(*) AS n FROM table_changes('students', 0, 1) GROUP BY _change_type",
			want: "[[insert 3]]"},
		{sql: "SELECT id, v, _change_type FROM table_changes('plain', 2) ORDER BY id, _change_type",
			want: "[[2 B update_postimage] [2 b update_preimage]]"},
		{sql: "SELECT * FROM table_changes('plain', 0)", err: "DELTA_MISSING_CHANGE_DATA"},
		{sql: "SELECT * FROM table_changes('plain', 9)", err: "DELTA_CDC_START_VERSION_AFTER_LATEST"},
		{sql: "SELECT * FROM table_changes('plain', 3, 2)", err: "DELTA_INVALID_CDC_RANGE"},
	}
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			df, err := s.SQL(ctx, tc.sql)
			var rows any
			if err == nil {
				rows, err = df.Collect(ctx)
			}
			if tc.err != "" {
				se, ok := sparkerrors.As(err)
				if err == nil || !ok || se.Class != tc.err {
					t.Fatalf("got error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(rows); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
	// The feed's protocol, as delta-spark writes it for both ways of turning it on.
	for _, table := range []string{"students/_delta_log/00000000000000000000.json", "plain/_delta_log/00000000000000000002.json"} {
		path, err := s.TablePath(strings.Split(table, "/")[0])
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(path, strings.SplitN(table, "/", 2)[1]))
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"protocol":{"minReaderVersion":1,"minWriterVersion":7,"writerFeatures":["changeDataFeed","invariants","appendOnly"]}}`; !strings.Contains(string(data), want) {
			t.Errorf("%s lacks %s:\n%s", table, want, data)
		}
	}
}

// TestChangeDataFeedStreamSchema checks a change feed stream's columns: the table's, then
// the three the feed adds.
func TestChangeDataFeedStreamSchema(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if _, err := s.SQL(ctx, "CREATE TABLE orders (id INT, status STRING) USING DELTA TBLPROPERTIES (delta.enableChangeDataFeed = true)"); err != nil {
		t.Fatal(err)
	}
	df, err := s.ReadStream().Option("readChangeFeed", "true").Table("orders")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(df.Columns(), ","), "id,status,_change_type,_commit_version,_commit_timestamp"; got != want {
		t.Fatalf("columns %s, want %s", got, want)
	}
}

// TestChangeDataFeedCommitLayout checks the actions an UPDATE and a DELETE commit on a
// table with the feed on, in delta-spark's order (corpus dl18, dl29): UPDATE lists its
// add, its cdc file, then the remove; DELETE its remove, add and cdc file; a DELETE that
// empties a file writes only the change file. The batch reader's options read them back.
func TestChangeDataFeedCommitLayout(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if err := s.Conf().Set("spark.databricks.delta.properties.defaults.enableChangeDataFeed", "true"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"CREATE TABLE t (id INT, v STRING) USING DELTA",
		"INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')",
		"UPDATE t SET v = 'B' WHERE id = 2",
		"DELETE FROM t WHERE id = 3",
		"DELETE FROM t WHERE id = 1",
	} {
		if _, err := s.SQL(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	path, err := s.TablePath("t")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		version int
		actions string
	}{
		{2, "commitInfo,add,cdc,remove"},
		{3, "commitInfo,remove,add,cdc"},
		{4, "commitInfo,remove,cdc"},
	}
	for _, tc := range tests {
		data, err := os.ReadFile(filepath.Join(path, "_delta_log", fmt.Sprintf("%020d.json", tc.version)))
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			kinds = append(kinds, strings.SplitN(strings.TrimPrefix(line, `{"`), `"`, 2)[0])
		}
		if got := strings.Join(kinds, ","); got != tc.actions {
			t.Errorf("version %d: actions %s, want %s", tc.version, got, tc.actions)
		}
	}
	df, err := s.Read().Format("delta").Option("readChangeFeed", "true").Option("startingVersion", "2").Option("endingVersion", "3").Load(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	df, err = df.Select("id", "v", "_change_type", "_commit_version")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(rows), "[[2 b update_preimage 2] [2 B update_postimage 2] [3 c delete 3]]"; got != want {
		t.Fatalf("changes %s, want %s", got, want)
	}
}

// TestChangeDataFeedOutOfRange checks delta-spark's ranges past the latest commit: an error
// by default, and with spark.databricks.delta.changeDataFeed.timestampOutOfRange.enabled an
// empty read for a start after it and the latest version for an end after it.
func TestChangeDataFeedOutOfRange(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	for _, q := range []string{
		"CREATE TABLE t (id INT) USING DELTA TBLPROPERTIES (delta.enableChangeDataFeed = true)",
		"INSERT INTO t VALUES (1)",
	} {
		if _, err := s.SQL(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	tests := []struct {
		allow   bool
		sql     string
		want    string
		errCond string
	}{
		{sql: "SELECT id FROM table_changes('t', 5)", errCond: "DELTA_CDC_START_VERSION_AFTER_LATEST"},
		{sql: "SELECT id FROM table_changes('t', '2999-01-01 00:00:00')", errCond: "DELTA_TIMESTAMP_GREATER_THAN_COMMIT"},
		{allow: true, sql: "SELECT id FROM table_changes('t', 5)", want: "[]"},
		{allow: true, sql: "SELECT id FROM table_changes('t', '2999-01-01 00:00:00')", want: "[]"},
		{allow: true, sql: "SELECT id, _commit_version FROM table_changes('t', 0, '2999-01-01 00:00:00')", want: "[[1 1]]"},
	}
	for _, tc := range tests {
		if err := s.Conf().Set(ConfDeltaCDFOutOfRange, fmt.Sprint(tc.allow)); err != nil {
			t.Fatal(err)
		}
		df, err := s.SQL(ctx, tc.sql)
		var rows any
		if err == nil {
			rows, err = df.Collect(ctx)
		}
		if tc.errCond != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errCond) {
				t.Errorf("%s: error %v, want %s", tc.sql, err, tc.errCond)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s (allowed %v): %v", tc.sql, tc.allow, err)
			continue
		}
		if got := fmt.Sprint(rows); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.sql, got, tc.want)
		}
	}
}

// TestChangeDataFeedVacuum checks that VACUUM treats _change_data as delta-spark does: not
// hidden, so change files past the retention go with the data files no version needs.
func TestChangeDataFeedVacuum(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	for _, q := range []string{
		"CREATE TABLE t (id INT, v STRING) USING DELTA TBLPROPERTIES (delta.enableChangeDataFeed = true)",
		"INSERT INTO t VALUES (1, 'a')",
		"UPDATE t SET v = 'b' WHERE id = 1",
	} {
		if _, err := s.SQL(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	path, err := s.TablePath("t")
	if err != nil {
		t.Fatal(err)
	}
	changes := func() int {
		entries, _ := os.ReadDir(filepath.Join(path, "_change_data"))
		return len(entries)
	}
	if n := changes(); n != 1 {
		t.Fatalf("%d change files after the UPDATE, want 1", n)
	}
	if _, err := s.SQL(ctx, "VACUUM t"); err != nil {
		t.Fatal(err)
	}
	if n := changes(); n != 1 {
		t.Fatalf("the default retention removed change files: %d left", n)
	}
	if err := s.Conf().Set(ConfRetentionDurationCheck, "false"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SQL(ctx, "VACUUM t RETAIN 0 HOURS"); err != nil {
		t.Fatal(err)
	}
	if n := changes(); n != 0 {
		t.Fatalf("VACUUM RETAIN 0 HOURS left %d change files, want 0", n)
	}
}
