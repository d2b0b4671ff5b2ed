package sparkdiff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCorpusHeadersAndSizes(t *testing.T) {
	scripts, err := LoadCorpus("testdata/corpus/scripts")
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) < 70 {
		t.Errorf("the corpus has %d scripts, want at least 70", len(scripts))
	}
	for _, s := range scripts {
		if len(s.Topics) > 0 && !strings.Contains(s.Source, "sys.argv[2]") {
			t.Errorf("%s needs topics but does not build their names from its run token (sys.argv[2])", s.File)
		}
	}
	specs, err := LoadFunctionCases("testdata/functions/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/functions/module-names.txt")
	if err != nil {
		t.Fatal(err)
	}
	module := map[string]bool{}
	for _, n := range strings.Fields(string(data)) {
		module[n] = true
	}
	covered := 0
	for _, f := range specs {
		if module[f.Name] {
			covered++
		}
	}
	if covered < 300 {
		t.Errorf("cases.txt covers %d names of pyspark.sql.functions, want at least 300", covered)
	}
}

func TestParseHeaderTopics(t *testing.T) {
	s := CorpusScript{Source: "# what\n# source: a.py\n# category: x\n# topics: a b:3\nimport sys\n# topics: ignored\n"}
	if err := s.parseHeader(); err != nil {
		t.Fatal(err)
	}
	if len(s.Topics) != 2 || s.Topics[0] != (TopicSpec{"a", 1}) || s.Topics[1] != (TopicSpec{"b", 3}) {
		t.Errorf("topics %+v", s.Topics)
	}
	for _, bad := range []string{"# source: a\nx", "# category: a\n# source: b\n# topics: t:0\n"} {
		s := CorpusScript{Source: bad}
		if err := s.parseHeader(); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestFunctionScriptGeneration(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cases.txt")
	os.WriteFile(path, []byte("# c\nupper str $(\"s\") ;; @tz=Asia/Tokyo $(F.lit('x'))\nsum agg $(\"v\")\narith_dec  dec  F.col(\"m\") + 1\n"), 0o644)
	specs, err := LoadFunctionCases(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 3 || specs[2].Fixture != "dec" || specs[2].Cases[0].Expr != `F.col("m") + 1` || len(specs[0].Cases) != 2 || specs[0].Cases[1].TZ != "Asia/Tokyo" {
		t.Fatalf("specs %+v", specs)
	}
	up := specs[0].Script()
	for _, want := range []string{`show('F.upper("s")', lambda: str_df.select(F.upper("s")))`,
		`spark.conf.set("spark.sql.session.timeZone", "Asia/Tokyo")`, `show('[Asia/Tokyo] F.upper(F.lit(\'x\'))'`, "ORDER = []"} {
		if !strings.Contains(up, want) {
			t.Errorf("upper's script lacks %q:\n%s", want, up)
		}
	}
	if sum := specs[1].Script(); !strings.Contains(sum, `grp.groupBy("k").agg(F.sum("v"))`) || !strings.Contains(sum, `ORDER = ["k"]`) {
		t.Errorf("sum's script:\n%s", sum)
	}
	for _, bad := range []string{"upper nosuch $(\"s\")\n", "upper str $(1) ;; \n", "a str x\na str y\n", "lonely\n"} {
		os.WriteFile(path, []byte(bad), 0o644)
		if _, err := LoadFunctionCases(path); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestJudge checks the three outcomes and that a run's token, folder and clock are
// normalised away before comparing.
func TestJudge(t *testing.T) {
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "checkpoints/q/offsets"), 0o755)
	os.WriteFile(filepath.Join(ws, "checkpoints/q/offsets/0"), []byte(`v1
{"batchWatermarkMs":0,"batchTimestampMs":1714550400123,"conf":{}}
{"words-tok123":{"0":3}}`), 0o644)
	spark := scriptRun{out: "topic words-tok123 in " + ws + "\n", ws: ws, files: true}
	golden := transcript(spark, "tok123")
	for _, want := range []string{"topic words-<run> in <ws>", "== file checkpoints/q/offsets/0", `{"words-<run>":{"0":3}}`, `"batchTimestampMs":<ms>`} {
		if !strings.Contains(golden, want) {
			t.Errorf("transcript lacks %q:\n%s", want, golden)
		}
	}
	ws2 := t.TempDir()
	os.MkdirAll(filepath.Join(ws2, "checkpoints/q/offsets"), 0o755)
	os.WriteFile(filepath.Join(ws2, "checkpoints/q/offsets/0"), []byte(`v1
{"batchWatermarkMs":0,"batchTimestampMs":1999999999999,"conf":{}}
{"words-other9":{"0":3}}`), 0o644)
	same := scriptRun{out: "topic words-other9 in " + ws2 + "\n", ws: ws2, files: true}
	if o := judge("x", golden, same, "other9"); o.Status != StatusPass {
		t.Errorf("same run: %+v\n%s", o, o.Diff)
	}
	same.out = "topic words-other9 in " + ws2 + "\nextra\n"
	if o := judge("x", golden, same, "other9"); o.Status != StatusDiffers || o.Reason != "+ extra" {
		t.Errorf("extra line: %+v", o)
	}
	refused := scriptRun{ws: ws2, failed: true, errText: "Traceback...\nPySparkNotImplementedError: kafkalab does not support functions.split (x.py, line 3): ..."}
	if o := judge("x", golden, refused, "other9"); o.Status != StatusRefused || o.Reason != "functions.split" {
		t.Errorf("refusal: %+v", o)
	}
	failed := scriptRun{ws: ws2, failed: true, errText: "Traceback...\nAnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] nope"}
	if o := judge("x", golden, failed, "other9"); o.Status != StatusDiffers || !strings.Contains(o.Reason, "AnalysisException [UNRESOLVED_COLUMN.WITH_SUGGESTION]") {
		t.Errorf("failure: %+v", o)
	}
}

func TestErrorSummary(t *testing.T) {
	for in, want := range map[string]string{
		"AnalysisException: [STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid ...":                  "AnalysisException [STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION]",
		"Traceback:\n  File x\npyspark.errors.exceptions.captured.AnalysisException: [X_Y] m\n":         "AnalysisException [X_Y]",
		"Traceback (most recent call last):\n  File \"e2.py\", line 2, in <module>\n    x\nKeyError: k": "KeyError: k",
		"exit status 3": "exit status 3",
	} {
		if got := errorSummary(in); got != want {
			t.Errorf("errorSummary(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestManifestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "status.txt")
	outs := []Outcome{{Name: "b", Status: StatusRefused, Reason: "functions.split"}, {Name: "a", Status: StatusPass}, {Name: "c", Status: StatusDiffers, Reason: "- x\ty"}}
	if err := WriteManifest(path, "header\nline two", outs); err != nil {
		t.Fatal(err)
	}
	m, err := ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 3 || m["b"].Reason != "functions.split" || m["a"].Status != StatusPass || m["c"].Reason != "- x y" {
		t.Errorf("manifest %+v", m)
	}
	if got := Summary(outs); got != "1 identical, 1 differ, 1 refused" {
		t.Errorf("summary %q", got)
	}
	os.WriteFile(path, []byte("a\tbroken\n"), 0o644)
	if _, err := ReadManifest(path); err == nil {
		t.Error("a bad status was accepted")
	}
}

func TestPrintable(t *testing.T) {
	if got := printable([]byte("\x00\x02v2\x00\n{\"a\":\"ü\"}\t\xff")); got != `\x00\x02v2\x00`+"\n{\"a\":\"ü\"}\t"+`\xff` {
		t.Errorf("printable = %q", got)
	}
}

func TestRefusal(t *testing.T) {
	for in, want := range map[string]string{
		"PySparkNotImplementedError: kafkalab does not support functions.split (x.py, line 3): use ...":                              "functions.split",
		"kafkalab does not support writeStream.format(\"kafka\") (x.py, line 9)":                                                     `writeStream.format("kafka")`,
		"kafkalab does not support partitionBy on a streaming write yet\n":                                                           "partitionBy on a streaming write yet",
		"kafkalab's spark.sql supports SELECT ..., SHOW TABLES and DESCRIBE HISTORY <table>; use the DataFrame API for CREATE (x.py": "spark.sql CREATE",
		"AnalysisException: [X] y":                                    "",
		"error: AttributeError 'module' has no attribute 'any_value'": "functions.any_value",
	} {
		if got := refusal(in); got != want {
			t.Errorf("refusal(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDataFrameCasesGetTheirFixtures(t *testing.T) {
	spec := FuncSpec{Name: "x", Fixture: "df", Cases: []FuncCase{{Expr: "str_df.join(one, 'x')"}}}
	script := spec.Script()
	if !strings.Contains(script, "str_df = spark.createDataFrame(") || !strings.Contains(script, "one = spark.createDataFrame(") || strings.Contains(script, "grp = ") {
		t.Errorf("fixtures of a df case:\n%s", script)
	}
}

func TestMetricNorms(t *testing.T) {
	if got := normMetrics(`"predicate":"[\"(key#2780 = key#2762L)\"]"`); got != `"predicate":"[\"(key#<id> = key#<id>)\"]"` {
		t.Errorf("expression ids: %s", got)
	}
	in := `{"operationMetrics":{"numTargetRowsCopied":"1","materializeSourceTimeMs":"12","numTargetBytesAdded":"923","executionTimeMs":"500"}}`
	want := `{"operationMetrics":{"numTargetRowsCopied":"1","materializeSourceTimeMs":"<ms>","numTargetBytesAdded":"<bytes>","executionTimeMs":"<ms>"}}`
	if got := normMetrics(in); got != want {
		t.Errorf("normMetrics:\n got %s\nwant %s", got, want)
	}
}

// TestSameNamedFilesCompareByContent: data files whose names differ only in their uuid are
// shown in content order, whatever their real names.
func TestSameNamedFilesCompareByContent(t *testing.T) {
	var texts []string
	for _, names := range [][2]string{{"1", "2"}, {"2", "1"}} {
		ws := t.TempDir()
		os.MkdirAll(filepath.Join(ws, "out"), 0o755)
		os.WriteFile(filepath.Join(ws, "out/part-00000-11111111-1111-1111-1111-111111111111-c000.json"), []byte(`{"id":`+names[0]+"}\n"), 0o644)
		os.WriteFile(filepath.Join(ws, "out/part-00000-22222222-2222-2222-2222-222222222222-c000.json"), []byte(`{"id":`+names[1]+"}\n"), 0o644)
		texts = append(texts, transcript(scriptRun{ws: ws, files: true}, ""))
	}
	if texts[0] != texts[1] {
		t.Errorf("transcripts differ:\n%s", diffText(texts[0], texts[1]))
	}
	if !strings.Contains(texts[0], "== file out/part-00000-<uuid>-c000.json\n{\"id\":1}\n== file out/part-00000-<uuid>-c000.json\n{\"id\":2}") {
		t.Errorf("transcript:\n%s", texts[0])
	}
}

func TestNormSets(t *testing.T) {
	in := "v1\n{\"t2-<run>\":{\"0\":1},\"t1-<run>\":{\"0\":2}}\n{\"one\":{\"1\":3,\"0\":4}}\n{\"path\":\"file://b\",\"batchId\":0}\n{\"path\":\"file://a\",\"batchId\":0}"
	want := "v1\n{\"t1-<run>\":{\"0\":2},\"t2-<run>\":{\"0\":1}}\n{\"one\":{\"1\":3,\"0\":4}}\n{\"path\":\"file://a\",\"batchId\":0}\n{\"path\":\"file://b\",\"batchId\":0}"
	if got := normSets(in); got != want {
		t.Errorf("normSets:\n got %s\nwant %s", got, want)
	}
}
