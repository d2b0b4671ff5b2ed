# SQL pipe syntax (Spark 4.0): FROM t |> WHERE |> SELECT |> EXTEND |> SET |> DROP |> AS
# |> AGGREGATE ... GROUP BY |> ORDER BY |> LIMIT, and a table-valued start.
# source: docs/sql-pipe-syntax.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("pipe").getOrCreate()
sql = spark.sql
sql("CREATE TEMP VIEW produce AS SELECT * FROM VALUES ('apples', 3, 'fruit'), ('bananas', 5, 'fruit'), ('carrots', 8, 'veg'), ('apples', 7, 'fruit') AS t(item, sales, category)")
sql("FROM produce |> WHERE sales > 3 |> SELECT item, sales |> ORDER BY item, sales").show()
sql("FROM produce |> AGGREGATE sum(sales) AS total GROUP BY item |> ORDER BY item").show()
sql("FROM produce |> AGGREGATE count(*) AS n, sum(sales) AS s").show()
sql("FROM produce |> EXTEND sales * 2 AS doubled |> SET sales = sales + 100 |> DROP category |> ORDER BY item, sales").show()
sql("FROM produce |> AS p |> SELECT p.item |> LIMIT 2 OFFSET 0").orderBy("item").show()
sql("FROM produce |> WHERE category = 'fruit' |> AGGREGATE max(sales) AS m GROUP BY item |> WHERE m > 4 |> ORDER BY m DESC").show()
sql("SELECT 1 AS x, 2 AS y |> EXTEND x + y AS z").show()
sql("TABLE produce |> SELECT DISTINCT category |> ORDER BY category").show()
try:
    sql("FROM produce |> AGGREGATE sales").show()
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.stop()
