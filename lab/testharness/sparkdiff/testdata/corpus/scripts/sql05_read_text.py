# The text source: a file as rows of lines, lineSep, and wholetext.
# source: docs/sql-data-sources-text.md (Text Files, Python example)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("read-text").getOrCreate()

with open("people.txt", "w") as f:
    f.write("Michael, 29\nAndy, 30\nJustin, 19\n")

df = spark.read.text("people.txt")
df.show()
spark.read.text("people.txt", lineSep=",").show()
spark.read.text("people.txt", wholetext=True).show(truncate=False)
df.write.text("out/lines")
print(sorted(r.value for r in spark.read.text("out/lines").collect()))
