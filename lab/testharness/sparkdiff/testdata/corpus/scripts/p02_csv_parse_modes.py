# CSV parse modes: PERMISSIVE keeps a malformed row with NULLs (and its text in the
# columnNameOfCorruptRecord column when the schema has it), DROPMALFORMED drops it and
# FAILFAST fails the read.
# source: docs/sql-data-sources-csv.md (Data Source Option: mode, columnNameOfCorruptRecord)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("csv-modes").getOrCreate()

with open("m.csv", "w") as f:
    f.write("a,b\n1,2\nx,3\n4,5\n")
schema = "a INT, b INT"
spark.read.schema(schema).option("header", True).csv("m.csv").orderBy("b").show()
spark.read.schema("a INT, b INT, _corrupt_record STRING").option("header", True).csv("m.csv").orderBy("b").show()
spark.read.schema("a INT, b INT, bad STRING").option("header", True).option(
    "columnNameOfCorruptRecord", "bad").csv("m.csv").orderBy("b").show()
spark.read.schema(schema).option("header", True).option("mode", "DROPMALFORMED").csv("m.csv").orderBy("b").show()
try:
    spark.read.schema(schema).option("header", True).option("mode", "FAILFAST").csv("m.csv").collect()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
