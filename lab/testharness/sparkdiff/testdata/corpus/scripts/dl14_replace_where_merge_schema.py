# Delta batch writes beyond append: overwrite of only the rows matching replaceWhere, an
# append that adds a column with mergeSchema, and the history of the three writes.
# source: delta docs: delta-batch.md (Overwrite: replaceWhere; Automatic schema update: mergeSchema)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("replace-where")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

days = [("2024-05-01", "ann", 3), ("2024-05-01", "bob", 5), ("2024-05-02", "ann", 1)]
spark.createDataFrame(days, "day string, player string, points int").coalesce(1).write.format("delta").save("tables/scores")

fixed = [("2024-05-01", "ann", 4)]
(spark.createDataFrame(fixed, "day string, player string, points int").coalesce(1).write.format("delta")
    .mode("overwrite").option("replaceWhere", "day = '2024-05-01'").save("tables/scores"))
spark.read.format("delta").load("tables/scores").orderBy("day", "player").show()

more = [("2024-05-03", "cy", 7, "red")]
(spark.createDataFrame(more, "day string, player string, points int, team string").coalesce(1).write.format("delta")
    .mode("append").option("mergeSchema", "true").save("tables/scores"))
table = spark.read.format("delta").load("tables/scores")
table.printSchema()
table.orderBy("day", "player").show()
for h in DeltaTable.forPath(spark, "tables/scores").history().orderBy("version").collect():
    print(h.version, h.operation, h.operationParameters.get("mode"), h.operationParameters.get("predicate"))
