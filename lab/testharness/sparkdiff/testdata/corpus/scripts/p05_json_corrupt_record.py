# JSON parse modes: a malformed line shows up in _corrupt_record under PERMISSIVE,
# is dropped by DROPMALFORMED and fails the read under FAILFAST.
# source: docs/sql-data-sources-json.md (Data Source Option: mode, columnNameOfCorruptRecord)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("json-corrupt").getOrCreate()

with open("c.json", "w") as f:
    f.write('{"a": 1, "b": "x"}\n{"a": 2, "b": \n{"a": 3, "b": "z"}\n')
p = spark.read.json("c.json")
p.printSchema()
p.orderBy("a").show(truncate=False)
print(spark.read.option("mode", "DROPMALFORMED").json("c.json").orderBy("a").collect())
print(spark.read.schema("a INT, b STRING").json("c.json").orderBy("a").collect())
try:
    spark.read.schema("a INT, b STRING").option("mode", "FAILFAST").json("c.json").collect()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
