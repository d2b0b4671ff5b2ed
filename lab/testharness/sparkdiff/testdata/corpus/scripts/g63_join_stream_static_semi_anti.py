# Stream-static left semi and left anti joins: payments whose account is known, and those
# whose account is not, against a static DataFrame of accounts; joined on an expression.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Join Operations: Stream-static Joins; Support matrix for joins in streaming queries)
# category: joins
# topics: payments
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "payments-" + run_id
spark = SparkSession.builder.appName("semi-anti").config("spark.sql.shuffle.partitions", "2").getOrCreate()

accounts = spark.createDataFrame([("A1", "gold"), ("A2", "basic")], "account string, tier string")
(spark.createDataFrame([("a1,10",), ("a3,4",), ("a2,7",), ("a1,1",), ("a9,2",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

payments = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic).option("startingOffsets", "earliest").load()
            .selectExpr("upper(split(CAST(value AS STRING), ',')[0]) AS acct",
                        "CAST(split(CAST(value AS STRING), ',')[1] AS INT) AS amount", "offset"))
cond = payments.acct == accounts.account
for how in ["left_semi", "left_anti"]:
    joined = payments.join(accounts, cond, how)
    print(how, joined.columns)
    q = (joined.writeStream.format("memory").queryName(how).option("checkpointLocation", "checkpoints/" + how)
         .trigger(availableNow=True).start())
    q.awaitTermination()
    spark.table(how).orderBy("offset").show()
