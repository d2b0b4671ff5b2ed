package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConnectAndSetupArguments(t *testing.T) {
	cases := []struct {
		args  []string
		code  int
		inErr string
	}{
		{[]string{"connect", "--port", "70000"}, 2, "not a TCP port"},
		{[]string{"connect", "extra"}, 2, "unexpected argument"},
		{[]string{"connect", "--broker", "nohost"}, 1, "HOST:PORT"},
		{[]string{"setup"}, 2, "Usage: kafkalab setup python"},
		{[]string{"setup", "java"}, 2, "Usage: kafkalab setup python"},
	}
	for _, c := range cases {
		code, _, errOut := runForTest(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.inErr) {
			t.Errorf("%v: code %d err %q; want code %d and %q", c.args, code, errOut, c.code, c.inErr)
		}
	}
}

// run --python names what is missing when no Python with pyspark-client can be found.
func TestRunPythonWithoutPython(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"hello.py": "print('hi')\n"})
	t.Chdir(dir)
	t.Setenv("KAFKALAB_PYTHON", filepath.Join(dir, "no-python"))
	code, _, errOut := runForTest(t, "run", "--python", "hello.py")
	if code != 1 || !strings.Contains(errOut, "KAFKALAB_PYTHON="+filepath.Join(dir, "no-python")) {
		t.Errorf("code %d err %q", code, errOut)
	}
}

// With a Python that has pyspark-client (the test-connect tier sets KAFKALAB_PYTHON), run
// --python runs the script in CPython against an in-process Spark Connect server.
func TestRunPythonThroughConnect(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"q.py": "import sys\nfrom pyspark.sql import SparkSession, functions as F\n" +
			"spark = SparkSession.builder.getOrCreate()\n" +
			"df = spark.createDataFrame([(1, 'a'), (2, 'b')], 'id INT, s STRING')\n" +
			"print(sys.argv[1], df.filter(F.col('id') > 1).collect()[0].s, spark.version)\n" +
			"df.write.format('delta').save('t')\n" +
			"spark.read.format('delta').load('t').select('nope').collect()\n",
	})
	t.Chdir(dir)
	code, out, errOut := runForTest(t, "run", "--python", "q.py", "arg")
	if code != 1 || out != "arg b 4.2.0\n" || !strings.Contains(errOut, "pyspark.errors.exceptions.connect.AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION]") {
		t.Errorf("code %d out %q err %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "t", "_delta_log", "00000000000000000000.json")); err != nil {
		t.Errorf("the Delta table was not written in the script's folder: %v", err)
	}
}
