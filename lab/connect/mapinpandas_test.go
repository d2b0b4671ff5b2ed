package connect

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// mapScript runs df.mapInPandas and df.mapInArrow through Connect: a filter, new columns
// matched to the schema by name (a third column left out, as Spark keeps only the schema's
// width), columns matched by position, an Arrow filter, and the two errors pyspark's
// worker raises (a column missing from the result, an iterator of something else); and
// groupBy().applyInPandas.
const mapScript = `import pandas as pd
import pyarrow.compute as pc
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, 21), (2, 30), (3, 17), (4, 45), (5, 8)], "id long, age long").repartition(2)


def adults(batches):
    for pdf in batches:
        yield pdf[pdf.age >= 18]


print(sorted(df.mapInPandas(adults, df.schema).collect()))


def decades(batches):
    for pdf in batches:
        yield pdf.assign(label=pdf.id.map(lambda i: "u%d" % i), decade=pdf.age // 10 * 10)[["decade", "label", "id"]]


print(sorted(df.mapInPandas(decades, "label string, decade long").collect()))


def by_position(batches):
    for pdf in batches:
        yield pd.DataFrame({0: pdf.id * 100, 1: pdf.age / 2})


print(sorted(df.mapInPandas(by_position, "x long, y double").collect()))


def older(batches):
    for b in batches:
        yield b.filter(pc.greater(b.column("age"), 20))


print(sorted(df.mapInArrow(older, df.schema).collect()))
sales = spark.createDataFrame([("a", 1), ("b", 2), ("a", 3), ("b", 5), ("c", 7)], "k string, v long")


def center(pdf):
    return pdf.assign(v=pdf.v - pdf.v.mean())


print(sorted(sales.groupBy("k").applyInPandas(center, "k string, v double").collect()))


def total(key, pdf):
    return pd.DataFrame({"k": [key[0]], "n": [len(pdf)], "s": [int(pdf.v.sum())]})


print(sorted(sales.groupBy(sales.k).applyInPandas(total, "k string, n long, s long").collect()))
for f, schema in [(lambda it: (p[["id"]] for p in it), "id long, name string"), (lambda it: (1 for p in it), "id long")]:
    try:
        df.mapInPandas(f, schema).collect()
    except Exception as e:
        print(type(e).__name__, [c for c in ("RESULT_COLUMN_NAMES_MISMATCH", "UDF_RETURN_TYPE") if c in str(e)])
`

// TestRunnerMapInPandas runs mapScript with real CPython and pyspark-client: the rows the
// functions yield, over a DataFrame of two partitions, groupBy().applyInPandas with a
// function of the group's rows and one of its key and rows, and Spark's errors for bad
// results.
func TestRunnerMapInPandas(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "map.py"), []byte(mapScript), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in, err := Runner{Python: python}.Open(pyrun.Config{Script: "map.py", WorkDir: dir, Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	err = in.ExecFile(context.Background())
	in.Close()
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := "[Row(id=1, age=21), Row(id=2, age=30), Row(id=4, age=45)]\n" +
		"[Row(label='u1', decade=20), Row(label='u2', decade=30), Row(label='u3', decade=10), Row(label='u4', decade=40), Row(label='u5', decade=0)]\n" +
		"[Row(x=100, y=10.5), Row(x=200, y=15.0), Row(x=300, y=8.5), Row(x=400, y=22.5), Row(x=500, y=4.0)]\n" +
		"[Row(id=1, age=21), Row(id=2, age=30), Row(id=4, age=45)]\n" +
		"[Row(k='a', v=-1.0), Row(k='a', v=1.0), Row(k='b', v=-1.5), Row(k='b', v=1.5), Row(k='c', v=0.0)]\n" +
		"[Row(k='a', n=2, s=4), Row(k='b', n=2, s=7), Row(k='c', n=1, s=7)]\n" +
		"PythonException ['RESULT_COLUMN_NAMES_MISMATCH']\n" +
		"PythonException ['UDF_RETURN_TYPE']\n"
	if out.String() != want {
		t.Errorf("printed:\n%s\nwant:\n%s", out.String(), want)
	}
}
