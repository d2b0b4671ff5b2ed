# Column methods from the API reference: between, isin, like/rlike/ilike, startswith,
# endswith, contains, substr, getItem, getField, withField, dropFields, eqNullSafe,
# bitwise operators, cast/astype, and how each names its result column.
# source: python/pyspark/sql/column.py (Column method docstrings)
# category: batch
from pyspark.sql import SparkSession, Row
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("column-methods").getOrCreate()

df = spark.createDataFrame([(2, "Alice"), (5, "Bob")], ["age", "name"])
df.select(df.name, df.age.between(2, 4)).show()
df.select(df.name, df.age.isin(2, 3)).show()
df[df.name.isin(["Bob", "Mike"])].show()
df.filter(df.name.like("Al%")).show()
df.filter(df.name.rlike("ice$")).show()
df.filter(df.name.ilike("%ALI%")).show()
df.filter(df.name.startswith("Al")).select("name").show()
df.filter(df.name.endswith("ob")).select("name").show()
df.filter(df.name.contains("o")).select("name").show()
df.select(df.name.substr(1, 3).alias("col")).show()
df.select(df.age.cast("string").alias("ages"), df.age.astype("double")).show()
df.select(df.name, (df.age % 2 == 0).alias("even"), -df.age, ~(df.age > 3)).show()

nested = spark.createDataFrame([Row(a=Row(b=1, c=2), l=[1, 2], d={"key": "value"})])
nested.select(nested.l.getItem(0), nested.d.getItem("key"), nested.a.getField("b"), nested.a.b, nested.l[1], nested.d["key"]).show()
nested.withColumn("a", nested["a"].withField("b", F.lit(3))).select("a.b").show()
nested.withColumn("a", nested["a"].withField("d", F.lit(4))).select("a.*").show()
nested.withColumn("a", nested["a"].dropFields("b")).select("a").show()
nested.select("a.*", F.col("l")[0].alias("first")).printSchema()

nulls = spark.createDataFrame([Row(id=1, value="foo"), Row(id=2, value=None)])
nulls.select(nulls["value"] == "foo", nulls["value"].eqNullSafe("foo"), nulls["value"].eqNullSafe(None)).show()
nulls.select(nulls.value.isNull(), nulls.value.isNotNull(), F.isnan(F.lit(float("nan")))).show()
bits = spark.createDataFrame([Row(a=170, b=75)])
bits.select(bits.a.bitwiseOR(bits.b), bits.a.bitwiseAND(bits.b), bits.a.bitwiseXOR(bits.b)).show()
print(df.age.between(1, 2))
print(repr(F.col("x") + 1), repr(df.name.alias("n")))
