# Each Kafka record holds a JSON array of items: from_json with an array schema, explode to
# one row per item (a flatMap), then a running total per sku in complete mode.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Basic Operations); structured-streaming-kafka-integration.md
# category: examples
# topics: baskets
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, explode, from_json, sum as sum_

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "baskets-" + run_id
spark = SparkSession.builder.appName("explode-json").config("spark.sql.shuffle.partitions", "2").getOrCreate()

baskets = [{"basket": 1, "items": [{"sku": "tea", "qty": 2}, {"sku": "jam", "qty": 1}]},
           {"basket": 2, "items": [{"sku": "tea", "qty": 1}]},
           {"basket": 3, "items": []},
           {"basket": 4, "items": [{"sku": "bun", "qty": 6}, {"sku": "jam", "qty": 2}]}]
(spark.createDataFrame([(json.dumps(b),) for b in baskets], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

schema = "basket INT, items ARRAY<STRUCT<sku: STRING, qty: INT>>"
items = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .select(from_json(col("value").cast("string"), schema).alias("b"))
         .select("b.basket", explode("b.items").alias("item"))
         .select("basket", "item.sku", "item.qty"))
items.printSchema()
q = (items.groupBy("sku").agg(sum_("qty").alias("qty")).writeStream.outputMode("complete").format("memory")
     .queryName("sku_totals").option("checkpointLocation", "checkpoints/skus").trigger(availableNow=True).start())
q.awaitTermination()
spark.table("sku_totals").orderBy("sku").show()
