package pyspark

import (
	"strings"
	"testing"
)

// dsPrelude is a batch source with options, two partitions and every row shape PySpark
// accepts, plus a streaming reader with admission control.
const dsPrelude = `from pyspark.sql import Row, SparkSession
from pyspark.sql.datasource import DataSource, DataSourceReader, DataSourceStreamReader, SimpleDataSourceStreamReader, InputPartition
from pyspark.sql.streaming.datasource import ReadAllAvailable, ReadMaxRows
spark = SparkSession.builder.getOrCreate()

class Part(InputPartition):
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

class NumReader(DataSourceReader):
    def __init__(self, options):
        self.n = int(options.get("COUNT", "3"))
    def partitions(self):
        return [Part(0, 1), Part(1, self.n)]
    def read(self, p):
        for i in range(p.lo, p.hi):
            yield (i, "t") if i % 3 == 0 else (Row(name="r", id=i) if i % 3 == 1 else [i, None])

class Nums(DataSource):
    @classmethod
    def name(cls):
        return "nums"
    def schema(self):
        return "id INT, name STRING"
    def reader(self, schema):
        return NumReader(self.options)

class Limited(DataSourceStreamReader):
    TOTAL = 5
    def initialOffset(self):
        return {"at": 0}
    def getDefaultReadLimit(self):
        return ReadMaxRows(2)
    def latestOffset(self, start, limit):
        if isinstance(limit, ReadAllAvailable):
            return {"at": self.TOTAL}
        return {"at": min(start["at"] + limit.max_rows, self.TOTAL)}
    def partitions(self, start, end):
        return [Part(start["at"], end["at"])]
    def read(self, p):
        for i in range(p.lo, p.hi):
            yield (i,)

class Counter(SimpleDataSourceStreamReader):
    def initialOffset(self):
        return {"n": 0}
    def read(self, start):
        hi = min(start["n"] + 2, 3)
        return iter([(i,) for i in range(start["n"], hi)]), {"n": hi}
    def readBetweenOffsets(self, start, end):
        return iter([(i,) for i in range(start["n"], end["n"])])

class Stream(DataSource):
    def schema(self):
        return "i int"
    def streamReader(self, schema):
        return Limited()

class Simple(DataSource):
    def schema(self):
        return "i int"
    def simpleStreamReader(self, schema):
        return Counter()

for c in (Nums, Stream, Simple):
    spark.dataSource.register(c)

def batches(df, path, **trigger):
    seen = []
    w = df.writeStream.foreachBatch(lambda b, i: seen.append((i, sorted(r[0] for r in b.collect()))))
    if trigger:
        w = w.trigger(**trigger)
    q = w.option("checkpointLocation", path).start()
    if trigger:
        q.awaitTermination()
    else:
        q.processAllAvailable()
        q.stop()
    return seen
`

func TestPythonDataSource(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{{
		name: "batch: partitions, options case-insensitive, tuples, Rows by name and lists",
		src:  `df = spark.read.format("NUMS").option("count", 4).load()` + "\nprint(df.collect())\n",
		want: "[Row(id=0, name='t'), Row(id=1, name='r'), Row(id=2, name=None), Row(id=3, name='t')]\n",
	}, {
		name: "batch: the caller's schema wins",
		src:  `print(spark.read.format("nums").option("count", 1).schema("a INT, b STRING").load().collect())` + "\n",
		want: "[Row(a=0, b='t')]\n",
	}, {
		name: "batch: a row of the wrong width",
		src: `try:
    spark.read.format("nums").schema("a INT").load()
except Exception as e:
    print(type(e).__name__, "[DATA_SOURCE_RETURN_SCHEMA_MISMATCH]" in str(e))
`,
		want: "PythonException True\n",
	}, {
		name: "register takes DataSource subclasses only",
		src: `try:
    spark.dataSource.register(int)
except Exception as e:
    print(type(e).__name__)
`,
		want: "PySparkTypeError\n",
	}, {
		name: "stream: ReadMaxRows per batch by default, ReadAllAvailable under availableNow",
		src:  `df = spark.readStream.format("Stream").load()` + "\nprint(batches(df, 'cp/a'))\nprint(batches(df, 'cp/b', availableNow=True))\n",
		want: "[(0, [0, 1]), (1, [2, 3]), (2, [4])]\n[(0, [0, 1, 2, 3, 4])]\n",
	}, {
		name: "stream: restart from the checkpoint reads only what is new",
		src: `df = spark.readStream.format("Stream").load()
print(batches(df, 'cp/r', availableNow=True))
Limited.TOTAL = 7
print(batches(df, 'cp/r', availableNow=True))
print(open('cp/r/offsets/1').read().splitlines()[-1])
`,
		want: "[(0, [0, 1, 2, 3, 4])]\n[(1, [5, 6])]\n{\"at\": 7}\n",
	}, {
		name: "stream: a simple reader",
		src:  `print(batches(spark.readStream.format("Simple").load(), 'cp/s'))` + "\n",
		want: "[(0, [0, 1]), (1, [2])]\n",
	}, {
		name: "stream: progress names the source as Spark 4.2 does",
		src: `q = spark.readStream.format("Stream").load().writeStream.format("memory").queryName("m").start()
q.processAllAvailable()
print(q.lastProgress["sources"][0]["description"].split("@")[0])
q.stop()
`,
		want: "org.apache.spark.sql.execution.datasources.v2.python.PythonMicroBatchStreamWithAdmissionControl\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runSnippet(t, dsPrelude+tc.src, nil)
			if err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			if out != tc.want {
				t.Fatalf("got %q, want %q", out, tc.want)
			}
		})
	}
}

func TestPythonDataSourceWriterRefused(t *testing.T) {
	tests := []struct{ name, src string }{
		{"batch save", `spark.range(1).write.format("nums").mode("append").save()`},
		{"stream start", `spark.readStream.format("Stream").load().writeStream.format("nums").start()`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runSnippet(t, dsPrelude+"try:\n    "+tc.src+"\nexcept Exception as e:\n    print(e)\n", nil)
			if err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			want := "writing to a Python data source"
			if !strings.Contains(out, want) || !strings.Contains(out, "kafkalab export") {
				t.Fatalf("got %q, want a refusal naming %q and kafkalab export", out, want)
			}
		})
	}
}
