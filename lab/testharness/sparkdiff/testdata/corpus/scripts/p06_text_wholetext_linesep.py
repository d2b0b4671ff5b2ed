# The text source: one row per line, a custom lineSep, wholetext for a row per file, and
# writing a single string column back (with compression).
# source: docs/sql-data-sources-text.md (Data Source Option: wholetext, lineSep, compression)
# category: batch
import os

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("text-options").getOrCreate()

os.makedirs("txt", exist_ok=True)
with open("txt/a.txt", "w") as f:
    f.write("alpha,beta;gamma\ndelta")
with open("txt/b.txt", "w") as f:
    f.write("one;two")
print(sorted(r.value for r in spark.read.text("txt").collect()))
print(sorted(r.value for r in spark.read.option("lineSep", ";").text("txt").collect()))
whole = spark.read.text("txt", wholetext=True)
print(whole.count(), sorted(r.value for r in whole.collect()))
df = spark.createDataFrame([("x",), ("y",)], "value string").coalesce(1)
df.write.text("out_gz", compression="gzip")
print(sorted(f.endswith(".txt.gz") for f in os.listdir("out_gz") if f.startswith("part-")))
print(sorted(r.value for r in spark.read.text("out_gz").collect()))
try:
    spark.createDataFrame([(1, "a")], "n int, s string").write.text("bad")
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
