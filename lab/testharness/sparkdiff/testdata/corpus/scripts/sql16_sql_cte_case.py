# spark.sql with a CTE, CASE WHEN, string functions and date arithmetic over a view.
# source: docs/sql-ref-syntax-qry-select-cte.md and docs/sql-ref-syntax-qry-select-case.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("cte").getOrCreate()

spark.createDataFrame([(1, "2024-01-15", 120.0), (2, "2024-02-20", 35.5), (3, "2024-02-29", 980.0)],
                      "id int, day string, amount double").createOrReplaceTempView("orders")
spark.sql("""
    WITH typed AS (SELECT id, CAST(day AS DATE) AS day, amount FROM orders)
    SELECT id, day, date_add(day, 30) AS due, month(day) AS m,
           CASE WHEN amount >= 500 THEN 'large' WHEN amount >= 100 THEN 'medium' ELSE 'small' END AS size,
           concat('order-', lpad(CAST(id AS STRING), 3, '0')) AS label
    FROM typed ORDER BY id""").show()
spark.sql("SELECT 1 + 1 AS two, 'a' || 'b' AS ab, 7 / 2 AS half, 7 div 2 AS quot").show()
