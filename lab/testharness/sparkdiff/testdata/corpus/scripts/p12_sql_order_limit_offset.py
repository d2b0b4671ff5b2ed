# ORDER BY with NULLS FIRST / NULLS LAST and DESC, LIMIT with OFFSET in SQL, and
# DataFrame.offset / limit.
# source: docs/sql-ref-syntax-qry-select-orderby.md, docs/sql-ref-syntax-qry-select-limit.md, docs/sql-ref-syntax-qry-select-offset.md (examples); python/pyspark/sql/dataframe.py (offset docstring)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("order-limit-offset").getOrCreate()

spark.createDataFrame([(100, "John", 30), (200, "Mary", None), (300, "Mike", 80), (400, "Jerry", None),
                       (500, "Dan", 50)], "id int, name string, age int").createOrReplaceTempView("person")
spark.sql("SELECT name, age FROM person ORDER BY age, name").show()
spark.sql("SELECT name, age FROM person ORDER BY age NULLS LAST, name").show()
spark.sql("SELECT name, age FROM person ORDER BY age DESC, name").show()
spark.sql("SELECT name, age FROM person ORDER BY age DESC NULLS FIRST, name").show()
spark.sql("SELECT name, age FROM person ORDER BY name LIMIT 2").show()
spark.sql("SELECT name, age FROM person ORDER BY name LIMIT 2 OFFSET 2").show()
spark.sql("SELECT name, age FROM person ORDER BY name OFFSET 3").show()
spark.sql("SELECT name FROM person ORDER BY name LIMIT length('SPARK')").show()
try:
    spark.sql("SELECT name FROM person LIMIT -1").show()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
p = spark.table("person").orderBy("id")
print(p.offset(3).collect())
print(p.limit(4).offset(2).select("name").collect())
spark.stop()
