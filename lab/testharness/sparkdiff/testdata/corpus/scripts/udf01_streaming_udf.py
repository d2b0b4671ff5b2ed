# Python UDFs in a streaming query: the docstring's slen and to_upper, one in a select and
# one as a grouping key, with a null value and a UDF registered for selectExpr.
# source: python/pyspark/sql/functions/builtin.py (udf docstring), docs/sql-ref-functions-udf-scalar.md
# category: udf
# topics: names
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, udf
from pyspark.sql.types import IntegerType

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "names-" + run_id
spark = SparkSession.builder.appName("udf-streaming").getOrCreate()

(spark.createDataFrame([("John Doe",), ("Ann",), ("Bo",), ("Ann",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

slen = udf(lambda s: len(s), IntegerType())


@udf
def to_upper(s):
    if s is not None:
        return s.upper()


spark.udf.register("initial", lambda s: s[0], "string")
names = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS name"))
counts = names.select(to_upper(col("name")), slen("name").alias("len"), "name").selectExpr("*", "initial(name)").groupBy(slen("name")).count()
q = (counts.writeStream.format("memory").queryName("lengths").outputMode("complete")
     .option("checkpointLocation", "checkpoints/udf").trigger(availableNow=True).start())
q.awaitTermination()
spark.table("lengths").orderBy("count", ascending=False).show()
rows = names.select(to_upper(col("name")), slen("name").alias("len"))
q = (rows.writeStream.format("memory").queryName("upper").option("checkpointLocation", "checkpoints/upper")
     .trigger(availableNow=True).start())
q.awaitTermination()
print(spark.table("upper").columns)
print(sorted(tuple(r) for r in spark.table("upper").collect()))
