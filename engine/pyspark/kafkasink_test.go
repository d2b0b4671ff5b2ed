package pyspark

import (
	"context"
	"testing"
)

func TestKafkaSink(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{{
		name: "rows become records: key, value, an explicit partition; the topic option",
		src: `q = (kafka().selectExpr("CONCAT('copy-', CAST(key AS STRING)) AS key", "value", "CAST(2 AS INT) AS partition")
     .writeStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092").option("topic", "orders")
     .option("checkpointLocation", "checkpoints/copy").trigger(availableNow=True).start())
q.awaitTermination()
back = (spark.read.format("kafka").option("kafka.bootstrap.servers", "localhost:9092").option("subscribe", "orders").load()
        .selectExpr("CAST(key AS STRING) AS key", "partition"))
print(sorted((r.key, r.partition) for r in back.collect()))
print(q.lastProgress["sink"]["numOutputRows"])
`,
		want: "[('1001', 0), ('1002', 0), ('1003', 1), ('copy-1001', 2), ('copy-1002', 2), ('copy-1003', 2)]\n3\n",
	}, {
		// Spark checks the columns when the stream thread plans the first batch: start()
		// returns and the query fails.
		name: "no value column fails the query",
		src: `q = (kafka().selectExpr("key").writeStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
     .option("topic", "orders").option("checkpointLocation", "checkpoints/bad").start())
try:
    q.awaitTermination()
except Exception as e:
    print(type(e).__name__, "Required attribute 'value' not found" in str(e))
`,
		want: "StreamingQueryException True\n",
	}, {
		name: "no topic option and no topic column",
		src: `q = (kafka().select("value").writeStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
     .option("checkpointLocation", "checkpoints/bad").start())
try:
    q.awaitTermination()
except Exception as e:
    print(type(e).__name__, "topic option required when no 'topic' attribute is present. Use the topic option for setting a topic." in str(e))
`,
		want: "StreamingQueryException True\n",
	}, {
		// Spark's KafkaWriter: a legacy condition, the column's type in the text.
		name: "a value of the wrong type",
		src: `try:
    spark.createDataFrame([(1,)], "value int").write.format("kafka").option("kafka.bootstrap.servers", "localhost:9092").option("topic", "orders").save()
except Exception as e:
    print(type(e).__name__, e.getCondition(), e)
`,
		want: "AnalysisException _LEGACY_ERROR_TEMP_3080 value attribute unsupported type int. value must be a(n) string or binary\n",
	}, {
		name: "a serializer option",
		src: `for opt in ("kafka.key.serializer", "kafka.value.serializer"):
    try:
        (spark.createDataFrame([("v",)], "value string").write.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
         .option("topic", "orders").option(opt, "x").save())
    except Exception as e:
        print(type(e).__name__, e)
`,
		want: "IllegalArgumentException Kafka option 'key.serializer' is not supported as keys are serialized with ByteArraySerializer.\n" +
			"IllegalArgumentException Kafka option 'value.serializer' is not supported as values are serialized with ByteArraySerializer.\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, out, _ := newCourseInterp(t)
			if err := in.Exec(context.Background(), "ks.py", tc.src); err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			if got := out.String(); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}
