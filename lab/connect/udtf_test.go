package connect

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// udtfScript runs Python UDTFs through Connect (called on columns, registered for SQL, and
// LATERAL over a table with terminate and dict rows) and spark.sql with DataFrame
// arguments, which the client sends as a WithRelations of the query and the DataFrames.
const udtfScript = `from pyspark.sql import SparkSession
from pyspark.sql.functions import lit, udtf

spark = SparkSession.builder.getOrCreate()


@udtf(returnType="s: int, d: int")
class SumDiff:
    def eval(self, x: int, y: int):
        yield x + y, x - y


print(SumDiff(lit(5), lit(2)).collect())


@udtf(returnType="n: int, word: string")
class Words:
    def __init__(self):
        self.seen = 0

    def eval(self, text):
        for i, w in enumerate(text.split(" ")):
            self.seen += 1
            yield {"word": w, "n": i}

    def terminate(self):
        yield -1, "seen %d" % self.seen


spark.udtf.register("words", Words)
print(spark.sql("SELECT * FROM words('a b')").collect())
spark.createDataFrame([(1, "x y"), (2, "z")], "id int, t string").coalesce(1).createOrReplaceTempView("docs")
print(spark.sql("SELECT id, w.* FROM docs, LATERAL words(t) w ORDER BY id, n").collect())
df = spark.range(5)
print(spark.sql("SELECT id FROM {t} WHERE id > {n} ORDER BY id", t=df, n=2).collect())
print(spark.sql("SELECT count(*) AS c FROM {a} JOIN {b} USING (id)", a=df, b=spark.range(3)).collect())
`

// TestRunnerUDTF runs udtfScript with real CPython and pyspark-client. terminate's row
// joins the task's last input row, as Spark's LATERAL does.
func TestRunnerUDTF(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "udtf.py"), []byte(udtfScript), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in, err := Runner{Python: python}.Open(pyrun.Config{Script: "udtf.py", WorkDir: dir, Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	err = in.ExecFile(context.Background())
	in.Close()
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := "[Row(s=7, d=3)]\n" +
		"[Row(n=0, word='a'), Row(n=1, word='b'), Row(n=-1, word='seen 2')]\n" +
		"[Row(id=1, n=0, word='x'), Row(id=1, n=1, word='y'), Row(id=2, n=-1, word='seen 3'), Row(id=2, n=0, word='z')]\n" +
		"[Row(id=3), Row(id=4)]\n" +
		"[Row(c=3)]\n"
	if out.String() != want {
		t.Errorf("printed:\n%s\nwant:\n%s", out.String(), want)
	}
}
