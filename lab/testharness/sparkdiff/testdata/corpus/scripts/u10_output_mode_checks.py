# Output modes a query cannot use, refused when it starts: complete without an aggregation,
# update or complete into a file sink, append of an aggregation without a watermark; and the
# modes' names in any case.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Modes: support matrix; Output Sinks: the modes each sink supports)
# category: unsupported
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("output-mode-checks").getOrCreate()

(spark.createDataFrame([("a",), ("b",), ("a",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())
words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
         .option("startingOffsets", "earliest").load().selectExpr("CAST(value AS STRING) AS word"))
counts = words.groupBy("word").count()


def attempt(label, df, mode, fmt, **options):
    w = df.writeStream.outputMode(mode).format(fmt).option("checkpointLocation", "checkpoints/" + label.replace(" ", "-"))
    for k, v in options.items():
        w = w.option(k, v)
    if fmt == "memory":
        w = w.queryName(label.replace(" ", "_"))
    try:
        q = w.trigger(availableNow=True).start()
        q.awaitTermination()
        print(label, "-> ran")
        return True
    except Exception as e:
        print(label, "->", type(e).__name__)
        if hasattr(e, "getCondition"):
            print("  condition:", e.getCondition())
        print("  text:", str(e).splitlines()[0])
        return False


attempt("complete no aggregation", words, "complete", "memory")
attempt("update to parquet", counts, "update", "parquet", path="out/update")
attempt("complete to parquet", counts, "complete", "parquet", path="out/complete")
attempt("append aggregation", counts, "append", "memory")
attempt("update select", words, "update", "memory")
if attempt("Complete in capitals", counts, "Complete", "memory"):
    print(sorted(tuple(r) for r in spark.table("Complete_in_capitals").collect()))
if attempt("UPDATE in capitals", counts, "UPDATE", "console"):
    pass
