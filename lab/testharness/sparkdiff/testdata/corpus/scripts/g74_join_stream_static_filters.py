# Stream-static joins as the guide writes them, with filters on both sides, a join on two
# keys, a join with an extra non-equality condition, and the outer joins Spark refuses
# when the static side would have to be the preserved one.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Join Operations: Stream-static Joins; Support matrix for joins in streaming queries)
# category: joins
# topics: sales
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "sales-" + run_id
spark = SparkSession.builder.appName("stream-static-filters").config("spark.sql.shuffle.partitions", "2").getOrCreate()

sales = [{"shop": "s1", "item": "pen", "qty": 3}, {"shop": "s1", "item": "ink", "qty": 12},
         {"shop": "s2", "item": "pen", "qty": 7}, {"shop": "s3", "item": "pad", "qty": 1},
         {"shop": "s2", "item": "pad", "qty": 0}]
(spark.createDataFrame([(json.dumps(s),) for s in sales], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())
stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "shop STRING, item STRING, qty INT").alias("s")).select("s.*"))
shops = spark.createDataFrame([("s1", "north", True), ("s2", "south", False), ("s3", "north", True)],
                              "shop string, region string, open boolean")
stock = spark.createDataFrame([("s1", "pen", 5), ("s2", "pen", 5), ("s1", "ink", 20), ("s3", "pad", 0)],
                              "shop string, item string, on_hand int")


def run(name, df):
    try:
        q = (df.writeStream.format("memory").queryName(name).option("checkpointLocation", "checkpoints/" + name)
             .trigger(availableNow=True).start())
        q.awaitTermination()
        print(name, sorted(tuple(r) for r in spark.table(name).collect()))
    except Exception as e:
        print(name, "->", type(e).__name__)
        if hasattr(e, "getCondition"):
            print("  condition:", e.getCondition())
        print("  text:", str(e).splitlines()[0])


run("filtered", stream.where("qty > 0").join(shops.where("open"), "shop").select("shop", "item", "region"))
run("two_keys", stream.join(stock, ["shop", "item"]).selectExpr("shop", "item", "qty", "on_hand"))
run("short", stream.join(stock, (stream.shop == stock.shop) & (stream.item == stock.item) & (stream.qty > stock.on_hand))
    .select(stream.shop, stream.item, "qty", "on_hand"))
run("left_filtered", stream.join(shops.where("region = 'north'"), "shop", "left").select("shop", "item", "region"))
run("static_left_outer", shops.join(stream, "shop", "left_outer"))
run("stream_right_outer", stream.join(shops, "shop", "right_outer"))
run("static_right_outer", shops.join(stream, "shop", "right_outer").select("shop", "region", "item"))
run("full_outer", stream.join(shops, "shop", "full_outer"))
