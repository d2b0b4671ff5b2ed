# A batch MERGE with every clause kind: matched with a condition update, matched delete,
# not matched insert with values, and not matched by source delete.
# source: delta docs: delta-update.md (Upsert into a table using merge; Modify all unmatched rows)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("merge-clauses")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.createDataFrame([(1, "a", 10), (2, "b", 20), (3, "c", 30), (4, "d", 40)], "id int, name string, score int") \
    .write.format("delta").saveAsTable("people")
updates = spark.createDataFrame([(1, "A", 11), (2, "B", -1), (5, "e", 50)], "id int, name string, score int")

people = DeltaTable.forName(spark, "people")
(people.alias("p").merge(updates.alias("u"), "p.id = u.id")
 .whenMatchedDelete(condition="u.score < 0")
 .whenMatchedUpdate(set={"name": "u.name", "score": "p.score + u.score"})
 .whenNotMatchedInsert(values={"id": "u.id", "name": "u.name", "score": "u.score"})
 .whenNotMatchedBySourceDelete(condition="p.score > 35")
 .execute())
people.toDF().orderBy("id").show()
metrics = people.history(1).select("operationMetrics").first()[0]
print(sorted((k, v) for k, v in metrics.items() if (k.startswith("numTarget") and "Bytes" not in k) or k == "numOutputRows"))
