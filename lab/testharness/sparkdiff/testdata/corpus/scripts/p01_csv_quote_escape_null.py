# CSV reader options from the CSV guide's option table: sep, quote, escape, nullValue,
# emptyValue, ignoreLeadingWhiteSpace and multiLine on a quoted field with a newline.
# source: docs/sql-data-sources-csv.md (Data Source Option: sep, quote, escape, nullValue, emptyValue, ignoreLeadingWhiteSpace, multiLine)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("csv-quote-escape").getOrCreate()

with open("q.csv", "w") as f:
    f.write("id|name|note\n1|'Ann|Lee'|NA\n2| Bob|'it\\'s'\n3|Cy|''\n")
df = spark.read.options(sep="|", quote="'", escape="\\", header=True, nullValue="NA").csv("q.csv")
df.orderBy("id").show()
print(df.orderBy("id").collect())
df2 = spark.read.options(sep="|", quote="'", escape="\\", header=True, ignoreLeadingWhiteSpace=True,
                         emptyValue="<empty>").csv("q.csv")
print(df2.orderBy("id").collect())

with open("ml.csv", "w") as f:
    f.write('id,text\n1,"line one\nline two"\n2,plain\n')
print(spark.read.option("header", True).csv("ml.csv").count())
ml = spark.read.option("header", True).option("multiLine", True).csv("ml.csv")
print(ml.orderBy("id").collect())
spark.stop()
