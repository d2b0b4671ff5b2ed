package checkpoint

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func golden(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newDir(t *testing.T) *Dir {
	t.Helper()
	d, err := Open(filepath.Join(t.TempDir(), "chk"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The course's reference scenario (facts §9): batch 0 reads orders 0:0..2, 1:0..1.
func TestReferenceScenarioGolden(t *testing.T) {
	d := newDir(t)
	if err := d.WriteMetadata("9d3ab6a8-5d1e-4a50-9a0e-6cbd7b1d2b41"); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteSourceInitialOffsets(0, `{"orders":{"0":0,"1":0,"2":0}}`); err != nil {
		t.Fatal(err)
	}
	seq := OffsetSeq{BatchWatermarkMs: 0, BatchTimestampMs: 1757606666015, Conf: DefaultConf(nil),
		Sources: []string{`{"orders":{"0":2,"1":1,"2":0}}`}}
	if err := d.WriteOffsets(0, seq); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteCommit(0, 0); err != nil {
		t.Fatal(err)
	}
	for file, gold := range map[string]string{
		"metadata":    "metadata.golden",
		"offsets/0":   "offsets_0.golden",
		"commits/0":   "commits_0.golden",
		"sources/0/0": "sources_0_0.golden",
	} {
		got := mustRead(t, filepath.Join(d.Path(), file))
		if want := golden(t, gold); !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s:\n got %q\nwant %q", file, gold, got, want)
		}
	}
	// Only the four files and their checksums exist, as in Spark's folder: no temp files
	// left behind.
	var names []string
	filepath.Walk(d.Path(), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			rel, _ := filepath.Rel(d.Path(), p)
			names = append(names, rel)
		}
		return nil
	})
	want := []string{".metadata.crc", "commits/.0.crc", "commits/0", "metadata", "offsets/.0.crc", "offsets/0", "sources/0/.0.crc", "sources/0/0"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("files in checkpoint = %v, want %v", names, want)
	}

	// Reading back gives what was written, conf order included.
	id, ok, err := d.Metadata()
	if err != nil || !ok || id != "9d3ab6a8-5d1e-4a50-9a0e-6cbd7b1d2b41" {
		t.Errorf("Metadata() = %q %v %v", id, ok, err)
	}
	back, ok, err := d.ReadOffsets(0)
	if err != nil || !ok || !reflect.DeepEqual(back, seq) {
		t.Errorf("ReadOffsets(0) = %+v %v %v, want %+v", back, ok, err, seq)
	}
	init, ok, err := d.ReadSourceInitialOffsets(0)
	if err != nil || !ok || init != `{"orders":{"0":0,"1":0,"2":0}}` {
		t.Errorf("ReadSourceInitialOffsets = %q %v %v", init, ok, err)
	}
	wm, ok, err := d.ReadCommit(0)
	if err != nil || !ok || wm != 0 {
		t.Errorf("ReadCommit(0) = %d %v %v", wm, ok, err)
	}

	// Second run (after the course's batch 2): resume after batch 0, write batch 1.
	r, err := d.Resolve(1)
	if err != nil || r.Rerun || r.NextBatchID != 1 || r.Start.Sources[0] != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("Resolve after run 1 = %+v %v", r, err)
	}
	next := OffsetSeq{BatchWatermarkMs: r.WatermarkMs, BatchTimestampMs: 1757606700000,
		Conf: DefaultConf(RestoredConf(r.Conf, nil)), Sources: []string{`{"orders":{"0":3,"1":2,"2":0}}`}}
	if err := d.WriteOffsets(1, next); err != nil {
		t.Fatal(err)
	}
	if got, want := mustRead(t, filepath.Join(d.Path(), "offsets", "1")), golden(t, "offsets_1.golden"); !bytes.Equal(got, want) {
		t.Errorf("offsets/1 differs:\n got %q\nwant %q", got, want)
	}
}

func TestOffsetsEncodingNoSourceAndSessionConf(t *testing.T) {
	conf := DefaultConf(map[string]string{"spark.sql.shuffle.partitions": "4", "unrelated": "x"})
	seq := OffsetSeq{BatchWatermarkMs: 5, BatchTimestampMs: 7, Conf: conf, Sources: []string{"-", `{"t":{"0":1}}`}}
	got := string(seq.Encode())
	if !strings.HasPrefix(got, "v1\n{\"batchWatermarkMs\":5,\"batchTimestampMs\":7,\"conf\":{") {
		t.Errorf("prefix: %q", got)
	}
	if !strings.Contains(got, `"spark.sql.shuffle.partitions":"4"`) || strings.Contains(got, "unrelated") {
		t.Errorf("conf not taken from session correctly: %q", got)
	}
	if !strings.HasSuffix(got, "}}\n-\n{\"t\":{\"0\":1}}") {
		t.Errorf("source lines: %q", got)
	}
	if len(conf) != 15 {
		t.Errorf("DefaultConf has %d keys, want Spark 4.2's 15", len(conf))
	}
	back, err := decodeOffsets([]byte(got))
	if err != nil || !reflect.DeepEqual(back, seq) {
		t.Errorf("decode = %+v %v", back, err)
	}
}

func TestWriteOnceNeverOverwrites(t *testing.T) {
	d := newDir(t)
	if err := d.WriteCommit(3, 10); err != nil {
		t.Fatal(err)
	}
	err := d.WriteCommit(3, 99)
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), filepath.Join("commits", "3")) {
		t.Fatalf("second WriteCommit err = %v, want ErrExists naming the file", err)
	}
	if wm, _, _ := d.ReadCommit(3); wm != 10 {
		t.Errorf("commit overwritten: wm = %d", wm)
	}
	if err := d.WriteMetadata("a"); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteMetadata("b"); !errors.Is(err, ErrExists) {
		t.Errorf("metadata rewrite err = %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(d.Path(), "commits"))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !reflect.DeepEqual(names, []string{".3.crc", "3"}) {
		t.Errorf("commits folder holds %v, want the file and its checksum (temp files must be removed)", names)
	}
}

// A checkpoint file's checksum is the one Hadoop's local filesystem writes beside it:
// offsets-0 and offsets-0.crc are offsets/0 and offsets/.0.crc from a real Spark 4.2
// run (1046 bytes, three 512-byte chunks).
func TestHadoopChecksumMatchesSpark(t *testing.T) {
	data := golden(t, "hadoop-checksum/offsets-0")
	want := golden(t, "hadoop-checksum/offsets-0.crc")
	if got := hadoopChecksum(data); !bytes.Equal(got, want) {
		t.Errorf("checksum of offsets/0 = % x, want % x", got, want)
	}
	if got, want := hadoopChecksum(nil), []byte("crc\x00\x00\x00\x02\x00"); !bytes.Equal(got, want) {
		t.Errorf("checksum of an empty file = % x, want % x", got, want)
	}
	d := newDir(t)
	if err := d.WriteCommit(0, 0); err != nil {
		t.Fatal(err)
	}
	sum := mustRead(t, filepath.Join(d.Path(), "commits", ".0.crc"))
	if want := hadoopChecksum(golden(t, "commits_0.golden")); !bytes.Equal(sum, want) {
		t.Errorf("commits/.0.crc = % x, want % x", sum, want)
	}
}

// A file deleted without its checksum: the write puts the file in place, then finds the
// old checksum and fails as Hadoop's rename does; the old checksum is left as it was.
func TestStaleChecksumFailsAfterTheFile(t *testing.T) {
	d := newDir(t)
	if err := d.WriteCommit(0, 5); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(d.Path(), "commits", "0")
	oldSum := mustRead(t, filepath.Join(d.Path(), "commits", ".0.crc"))
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	err := d.WriteCommit(0, 7)
	if !errors.Is(err, ErrChecksumExists) || errors.Is(err, ErrExists) || !strings.Contains(err.Error(), ".0.crc") {
		t.Fatalf("rewrite with a stale checksum: err = %v, want ErrChecksumExists naming .0.crc", err)
	}
	if wm, ok, _ := d.ReadCommit(0); !ok || wm != 7 {
		t.Errorf("commits/0 after the failed write: wm %d ok %v, want the new file in place", wm, ok)
	}
	if sum := mustRead(t, filepath.Join(d.Path(), "commits", ".0.crc")); !bytes.Equal(sum, oldSum) {
		t.Error("the stale checksum was replaced")
	}
	// Deleting both, as a crash before the write leaves the folder, lets the write through.
	os.Remove(file)
	os.Remove(filepath.Join(d.Path(), "commits", ".0.crc"))
	if err := d.WriteCommit(0, 9); err != nil {
		t.Fatalf("rewrite after removing the file and its checksum: %v", err)
	}
}

func TestListingIgnoresNonBatchFiles(t *testing.T) {
	d := newDir(t)
	for _, id := range []int64{0, 1, 10, 2} {
		if err := d.WriteCommit(id, id); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(d.Path(), "commits")
	for _, junk := range []string{".11.0b8f.tmp", ".1.crc", "1.crc", "notes", "12x"} {
		os.WriteFile(filepath.Join(dir, junk), []byte("garbage"), 0o644)
	}
	os.Mkdir(filepath.Join(dir, "13"), 0o755)
	ids, err := d.CommitBatches()
	if err != nil || !reflect.DeepEqual(ids, []int64{0, 1, 2, 10}) {
		t.Errorf("CommitBatches = %v %v", ids, err)
	}
	id, wm, ok, err := d.LatestCommit()
	if err != nil || !ok || id != 10 || wm != 10 {
		t.Errorf("LatestCommit = %d %d %v %v", id, wm, ok, err)
	}
}

func offs(wm, ts int64, src string) OffsetSeq {
	return OffsetSeq{BatchWatermarkMs: wm, BatchTimestampMs: ts, Conf: DefaultConf(nil), Sources: []string{src}}
}

func TestResolve(t *testing.T) {
	src := func(n int) string { return `{"orders":{"0":` + strconv.Itoa(n) + `}}` }
	type commit struct{ id, wm int64 }
	tests := []struct {
		name        string
		offsets     []int64 // batch ids with offsets (wm = 1000*id, ts = id, source offset = id)
		commits     []commit
		numSources  int
		want        Resume
		wantErrText string
	}{
		{name: "fresh", want: Resume{Fresh: true}},
		{name: "first batch not committed", offsets: []int64{0},
			want: Resume{NextBatchID: 0, Rerun: true, End: ptr(offs(0, 0, src(0))), BatchTimestampMs: 0}},
		{name: "all committed, commit watermark ahead", offsets: []int64{0, 1}, commits: []commit{{0, 0}, {1, 5000}},
			want: Resume{NextBatchID: 2, Start: ptr(offs(1000, 1, src(1))), WatermarkMs: 5000}},
		{name: "all committed, offsets watermark ahead", offsets: []int64{0, 1}, commits: []commit{{0, 0}, {1, 10}},
			want: Resume{NextBatchID: 2, Start: ptr(offs(1000, 1, src(1))), WatermarkMs: 1000}},
		{name: "last batch uncommitted", offsets: []int64{0, 1, 2}, commits: []commit{{0, 0}, {1, 1500}},
			want: Resume{NextBatchID: 2, Rerun: true, Start: ptr(offs(1000, 1, src(1))), End: ptr(offs(2000, 2, src(2))),
				WatermarkMs: 2000, BatchTimestampMs: 2}},
		{name: "commits lag by two", offsets: []int64{0, 1, 2, 3}, commits: []commit{{0, 0}, {1, 0}},
			want: Resume{NextBatchID: 3, Rerun: true, Start: ptr(offs(2000, 2, src(2))), End: ptr(offs(3000, 3, src(3))),
				WatermarkMs: 3000, BatchTimestampMs: 3, CommitsBehind: true}},
		{name: "source count matches", offsets: []int64{0}, commits: []commit{{0, 0}}, numSources: 1,
			want: Resume{NextBatchID: 1, Start: ptr(offs(0, 0, src(0)))}},
		{name: "other query's checkpoint", offsets: []int64{0}, numSources: 2,
			wantErrText: "records 1 source(s) but this query has 2"},
		{name: "commit without offsets", offsets: []int64{0}, commits: []commit{{0, 0}, {1, 0}},
			wantErrText: "its offsets file is missing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newDir(t)
			for _, id := range tc.offsets {
				if err := d.WriteOffsets(id, offs(1000*id, id, src(int(id)))); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range tc.commits {
				if err := d.WriteCommit(c.id, c.wm); err != nil {
					t.Fatal(err)
				}
			}
			got, err := d.Resolve(tc.numSources)
			if tc.wantErrText != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErrText) {
					t.Fatalf("err = %v, want %q", err, tc.wantErrText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.want.Fresh {
				tc.want.Conf = DefaultConf(nil)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Resolve =\n %+v\nwant\n %+v", got, tc.want)
			}
		})
	}
}

func ptr(s OffsetSeq) *OffsetSeq { return &s }

func TestPurge(t *testing.T) {
	d := newDir(t)
	for id := int64(0); id <= 150; id++ {
		if err := d.WriteOffsets(id, offs(0, 0, "-")); err != nil {
			t.Fatal(err)
		}
		if id < 150 {
			if err := d.WriteCommit(id, 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := d.Purge(100, 100); err != nil { // 100 is not above the limit: nothing goes
		t.Fatal(err)
	}
	if ids, _ := d.OffsetBatches(); ids[0] != 0 || len(ids) != 151 {
		t.Errorf("after Purge(100): first=%d n=%d", ids[0], len(ids))
	}
	if err := d.Purge(150, 100); err != nil {
		t.Fatal(err)
	}
	offIDs, _ := d.OffsetBatches()
	comIDs, _ := d.CommitBatches()
	if offIDs[0] != 50 || len(offIDs) != 101 || comIDs[0] != 50 || len(comIDs) != 100 {
		t.Errorf("after Purge(150,100): offsets %d..(%d), commits %d..(%d)", offIDs[0], len(offIDs), comIDs[0], len(comIDs))
	}
	for _, name := range []string{"49", ".49.crc"} {
		if _, err := os.Stat(filepath.Join(d.Path(), "offsets", name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("offsets/%s survived the purge (err %v)", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(d.Path(), "offsets", ".50.crc")); err != nil {
		t.Errorf("offsets/.50.crc: %v", err)
	}
	// Resolution still works on a purged log.
	r, err := d.Resolve(1)
	if err != nil || !r.Rerun || r.NextBatchID != 150 || r.Start == nil {
		t.Errorf("Resolve after purge = %+v %v", r, err)
	}
}

func TestCorruptFiles(t *testing.T) {
	tests := []struct {
		name, file, content, reason string
	}{
		{"empty offsets", "offsets/0", "", "the file is empty"},
		{"newer version", "offsets/0", "v2\n{\"batchWatermarkMs\":0}\n-", "log version v2 was written by a newer Spark"},
		{"no version line", "offsets/0", "{\"batchWatermarkMs\":0}", "the first line should be a version"},
		{"bad version", "offsets/0", "vX\n{}", "the first line should be a version"},
		{"version only", "offsets/0", "v1", "ends after the version line"},
		{"truncated metadata", "offsets/0", "v1\n{\"batchWatermarkMs\":0,\"batchTi", "not JSON; the file may be truncated"},
		{"truncated source", "offsets/0", "v1\n{\"batchWatermarkMs\":0}\n{\"orders\":{\"0\":", "not valid JSON"},
		{"watermark not a number", "offsets/0", "v1\n{\"batchWatermarkMs\":\"x\"}", "batchWatermarkMs is not a number"},
		{"truncated commit", "commits/0", "v1\n{\"nextBatchWat", "not valid JSON"},
		{"commit v2", "commits/0", "v2\n{\"nextBatchWatermarkMs\":0}", "newer Spark"},
		{"bad metadata", "metadata", "{\"id\":", "not the JSON"},
		{"truncated sources", "sources/0/0", "\x00v1\n{\"orders\":", "not valid JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newDir(t)
			path := filepath.Join(d.Path(), filepath.FromSlash(tc.file))
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			var err error
			switch {
			case strings.HasPrefix(tc.file, "offsets"):
				_, err = d.Resolve(1)
			case strings.HasPrefix(tc.file, "commits"):
				d.WriteOffsets(0, offs(0, 0, "-"))
				_, err = d.Resolve(1)
			case tc.file == "metadata":
				_, _, err = d.Metadata()
			default:
				_, _, err = d.ReadSourceInitialOffsets(0)
			}
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a CorruptError", err)
			}
			msg := err.Error()
			for _, want := range []string{path, tc.reason, "delete the checkpoint folder " + d.Path(), "startingOffsets"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q lacks %q", msg, want)
				}
			}
		})
	}
}

func TestSpark21SourceFileAccepted(t *testing.T) {
	d := newDir(t)
	path := filepath.Join(d.Path(), "sources", "0", "0")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte(`{"orders":{"0":5}}`), 0o644)
	got, ok, err := d.ReadSourceInitialOffsets(0)
	if err != nil || !ok || got != `{"orders":{"0":5}}` {
		t.Errorf("got %q %v %v", got, ok, err)
	}
}

func TestRestoredConf(t *testing.T) {
	stored := []ConfEntry{{"spark.sql.shuffle.partitions", "8"}}
	got := RestoredConf(stored, map[string]string{"spark.sql.shuffle.partitions": "200", "spark.app.name": "x",
		"spark.sql.streaming.stateStore.rocksdb.formatVersion": "5"})
	want := map[string]string{
		"spark.sql.shuffle.partitions": "8", "spark.app.name": "x",
		"spark.sql.streaming.stateStore.rocksdb.formatVersion":          "5", // no legacy value: session kept
		"spark.sql.streaming.multipleWatermarkPolicy":                   "min",
		"spark.sql.streaming.flatMapGroupsWithState.stateFormatVersion": "1",
		"spark.sql.streaming.aggregation.stateFormatVersion":            "1",
		"spark.sql.streaming.join.stateFormatVersion":                   "1",
		"spark.sql.streaming.stateStore.compression.codec":              "lz4",
		"spark.sql.streaming.statefulOperator.useStrictDistribution":    "false",
		"spark.sql.optimizer.pruneFiltersCanPruneStreamingSubplan":      "true",
		"spark.sql.streaming.stateStore.encodingFormat":                 "unsaferow",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("RestoredConf =\n%v\nwant\n%v", got, want)
	}
	if n, err := MinBatchesToRetain(nil); n != 100 || err != nil {
		t.Errorf("MinBatchesToRetain default = %d %v", n, err)
	}
	if _, err := MinBatchesToRetain(map[string]string{ConfMinBatchesToRetain: "zero"}); err == nil {
		t.Error("bad minBatchesToRetain accepted")
	}
}

func TestOpenRejectsFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	os.WriteFile(f, nil, 0o644)
	if _, err := Open(f); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("Open(file) err = %v", err)
	}
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") accepted")
	}
}
