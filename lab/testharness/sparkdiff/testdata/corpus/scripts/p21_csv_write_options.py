# CSV writer options: header, sep, quoteAll, nullValue, emptyValue, escapeQuotes,
# lineSep and gzip compression; the files' text read back raw.
# source: docs/sql-data-sources-csv.md (Data Source Option: quoteAll, escapeQuotes, nullValue, emptyValue, lineSep, compression)
# category: batch
import os

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("csv-write").getOrCreate()

df = spark.createDataFrame([(1, "plain", None), (2, 'say "hi"', ""), (3, "a,b", "x")],
                           "id int, s string, t string").coalesce(1).orderBy("id")


def show(path):
    for f in sorted(os.listdir(path)):
        if f.startswith("part-"):
            if f.endswith(".gz"):
                print(f.split(".", 1)[1])
                continue
            print(f.split(".", 1)[1], repr(open(os.path.join(path, f)).read()))


df.write.option("header", True).csv("o1")
show("o1")
df.write.options(sep=";", quoteAll=True, nullValue="NULL", emptyValue="EMPTY").csv("o2")
show("o2")
df.write.options(escapeQuotes=False, lineSep="|").csv("o3")
show("o3")
df.write.csv("o4", compression="gzip", header=True)
show("o4")
print(spark.read.csv("o4", header=True).orderBy("id").collect())
spark.stop()
