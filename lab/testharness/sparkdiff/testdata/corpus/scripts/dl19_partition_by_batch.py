# A batch Delta write partitioned by two columns: each row goes to a country=../year=..
# folder (a NULL value to __HIVE_DEFAULT_PARTITION__), the log names the partition columns
# and each file's values, and a read puts the partition columns back where the schema has
# them; an append with the same partitioning adds files to the folders it touches.
# source: delta docs: delta-batch.md (Create a table: partition data; Append mode)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("partition-by-batch")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

schema = "id int, country string, year int, amount double"
rows = [(1, "US", 2023, 10.5), (2, "DE", 2023, 7.0), (3, "US", 2024, 3.25), (4, None, 2024, 1.0), (5, "US", 2023, 2.0)]
(spark.createDataFrame(rows, schema).coalesce(1)
    .write.format("delta").partitionBy("country", "year").save("tables/sales"))
(spark.createDataFrame([(6, "DE", 2024, 8.0), (7, "US", 2023, 4.5)], schema).coalesce(1)
    .write.format("delta").mode("append").partitionBy("country", "year").save("tables/sales"))

sales = spark.read.format("delta").load("tables/sales")
print(sales.columns)
sales.orderBy("id").show()
sales.where("country = 'US' AND year = 2023").orderBy("id").show()
sales.groupBy("country").count().orderBy("country").show()
detail = DeltaTable.forPath(spark, "tables/sales").detail().first()
print(detail.partitionColumns, detail.numFiles)
print([(h.version, h.operation, h.operationParameters["partitionBy"])
       for h in DeltaTable.forPath(spark, "tables/sales").history().orderBy("version").collect()])
