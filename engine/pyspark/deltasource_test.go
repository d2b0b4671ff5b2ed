package pyspark

import (
	"strings"
	"testing"
)

func TestReadStreamDeltaTable(t *testing.T) {
	out, err := runSnippet(t, `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.createDataFrame([(1, "a"), (2, "b")], "id int, tag string").write.format("delta").saveAsTable("events")
def run(label):
    got = []
    q = (spark.readStream.table("events").writeStream.foreachBatch(lambda df, i: got.append((i, sorted(r.id for r in df.collect()))))
         .option("checkpointLocation", "checkpoints/copy").trigger(availableNow=True).start())
    q.awaitTermination()
    print(label, got)
run("first")
run("nothing new")
spark.createDataFrame([(3, "c")], "id int, tag string").write.format("delta").mode("append").saveAsTable("events")
run("second")
print(open("checkpoints/copy/offsets/1").read().split("\n")[2])
print(spark.readStream.format("delta").load("spark-warehouse/events").isStreaming)
try:
    spark.readStream.table("nope")
except Exception as e:
    print(type(e).__name__, "TABLE_OR_VIEW_NOT_FOUND" in str(e))
`, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := strings.Split(out, "\n")
	want := []string{"first [(0, [1, 2])]", "nothing new []", "second [(1, [3])]"}
	for i, w := range want {
		if lines[i] != w {
			t.Fatalf("line %d: got %q, want %q\n%s", i, lines[i], w, out)
		}
	}
	if !strings.HasPrefix(lines[3], `{"sourceVersion":1,"reservoirId":"`) || !strings.HasSuffix(lines[3], `","reservoirVersion":2,"index":-1,"isStartingVersion":false}`) {
		t.Fatalf("offsets/1 source line: %s", lines[3])
	}
	if lines[4] != "True" || lines[5] != "AnalysisException True" {
		t.Fatalf("got\n%s", out)
	}
}
