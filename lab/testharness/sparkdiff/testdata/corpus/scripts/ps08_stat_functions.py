# DataFrame statistics: approxQuantile with relative error 0, crosstab, freqItems (sorted),
# corr, cov, and the stat accessor forms.
# source: python/pyspark/sql/dataframe.py (approxQuantile, crosstab, freqItems, corr, cov docstrings); docs/sql-ref-functions-builtin.md (percentile, percentile_approx)
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("stat").getOrCreate()
df = spark.createDataFrame([(1, 11, "a"), (1, 12, "b"), (3, 13, "a"), (3, 14, "a"), (5, 20, "c")], ["c1", "c2", "k"])
print(df.approxQuantile("c2", [0.0, 0.25, 0.5, 0.75, 1.0], 0.0))
print(df.approxQuantile(["c1", "c2"], [0.5], 0.0))
print(df.stat.approxQuantile("c1", [0.1, 0.9], 0.0))
df.crosstab("c1", "k").orderBy("c1_k").show()
df.stat.crosstab("k", "c1").orderBy("k_c1").show()
fi = df.freqItems(["c1", "k"], 0.4).collect()[0]
print(sorted(fi[0]), sorted(fi[1]), df.freqItems(["c1"]).columns)
print(df.corr("c1", "c2"), df.cov("c1", "c2"), df.stat.corr("c1", "c2", "pearson"))
df.select(F.percentile("c2", 0.5), F.percentile_approx("c2", 0.5), F.median("c2")).show()
df.select(F.percentile("c2", [0.25, 0.75]).alias("p")).show(truncate=False)
try:
    df.corr("c1", "c2", "spearman")
except Exception as e:
    print(type(e).__name__, e.getCondition())
try:
    df.approxQuantile("c2", [1.5], 0.0)
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.stop()
