package pyspark

import (
	"context"
	"testing"
)

func TestForeachBatchAndProcessAllAvailable(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{{
		name: "batches split by maxOffsetsPerTrigger, in order, each a static DataFrame",
		src: `seen = []
def each(df, batch_id):
    seen.append((batch_id, sorted(r.key for r in df.collect()), df.isStreaming))
q = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
     .option("subscribe", "orders").option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
     .selectExpr("CAST(key AS STRING) AS key")
     .writeStream.foreachBatch(each).option("checkpointLocation", "checkpoints/fb").start())
q.processAllAvailable()
print(seen, q.isActive)
q.stop()
`,
		want: "[(0, ['1001', '1003'], False), (1, ['1002'], False)] True\n",
	}, {
		name: "the function runs while the script sleeps",
		src: `import time
n = []
q = (kafka().writeStream.foreachBatch(lambda df, i: n.append(df.count()))
     .trigger(processingTime="10 milliseconds").start())
for _ in range(200):
    if n:
        break
    time.sleep(0.05)
q.stop()
print(n)
`,
		want: "[3]\n",
	}, {
		name: "an exception in the function fails the query",
		src: `def bad(df, i):
    raise ValueError("no good")
q = kafka().writeStream.foreachBatch(bad).start()
try:
    q.processAllAvailable()
except Exception as e:
    print(type(e).__name__, "FOREACH_BATCH_USER_FUNCTION_ERROR" in str(e), "ValueError: no good" in str(e))
`,
		want: "StreamingQueryException True True\n",
	}, {
		name: "not a function",
		src: `try:
    kafka().writeStream.foreachBatch(3)
except Exception as e:
    print(e)
`,
		want: "[NOT_EXPECTED_TYPE] Argument `func` should be a callable, got int.\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, out, _ := newCourseInterp(t)
			if err := in.Exec(context.Background(), "fb.py", tc.src); err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			if got := out.String(); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestRange(t *testing.T) {
	out, err := runSnippet(t, `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
print(spark.range(4).collect())
print([r.id for r in spark.range(1, 11, 3).collect()], [r.id for r in spark.range(10, 0, -4).collect()])
print(spark.range(5, 1).count(), spark.range(0, 10, 1, 3).count(), spark.range(3).dtypes)
spark.range(2).printSchema()
try:
    spark.range(0, 5, 0)
except Exception as e:
    print("step", "must not be 0" in str(e))
`, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `[Row(id=0), Row(id=1), Row(id=2), Row(id=3)]
[1, 4, 7, 10] [10, 6, 2]
0 10 [('id', 'bigint')]
root
 |-- id: long (nullable = false)

step True
`
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
