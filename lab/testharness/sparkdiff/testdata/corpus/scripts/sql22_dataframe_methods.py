# DataFrame methods from the API reference beyond select and filter: withColumns,
# withColumnsRenamed, toDF, transform, selectExpr, colRegex, replace, intersect, subtract,
# exceptAll, intersectAll, dropDuplicates on a subset, and the column list properties.
# source: python/pyspark/sql/dataframe.py (withColumns, withColumnsRenamed, toDF, transform, colRegex, exceptAll, intersectAll docstrings)
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("df-methods").getOrCreate()

df = spark.createDataFrame([(2, "Alice"), (5, "Bob")], schema=["age", "name"])
df.withColumns({"age2": df.age + 2, "age3": df.age + 3}).show()
df.withColumnsRenamed({"age": "age2", "name": "name2"}).show()
df.toDF("f1", "f2").show()
print(df.columns, df.dtypes)


def cast_all_to_int(input_df):
    return input_df.select([F.col(c).cast("int") for c in input_df.columns])


def sort_columns_asc(input_df):
    return input_df.select(*sorted(input_df.columns))


floats = spark.createDataFrame([(1, 1.0), (2, 2.0)], ["int", "float"])
floats.transform(cast_all_to_int).transform(sort_columns_asc).show()
floats.transform(lambda d, n: d.withColumn("plus", d.int + n), 10).show()

df.selectExpr("age * 2", "abs(age)", "name AS who", "upper(name) AS up").show()
two = spark.createDataFrame([("a", 1), ("b", 2), ("c", 3)], ["Col1", "Col2"])
two.select(two.colRegex("`(Col1)?+.+`")).show()

words = spark.createDataFrame([(10, 80, "Alice"), (5, None, "Bob"), (None, 10, "Tom"), (None, None, None)],
                              schema=["age", "height", "name"])
words.replace(10, 20).orderBy("name").show()
words.replace("Alice", None).orderBy("age").show()
words.replace(["Alice", "Bob"], ["A", "B"], "name").orderBy("age").show()

df1 = spark.createDataFrame([("a", 1), ("a", 1), ("a", 1), ("a", 2), ("b", 3), ("c", 4)], ["C1", "C2"])
df2 = spark.createDataFrame([("a", 1), ("b", 3)], ["C1", "C2"])
df1.exceptAll(df2).orderBy("C1", "C2").show()
df1.subtract(df2).orderBy("C1", "C2").show()
df1.intersect(df2).orderBy("C1", "C2").show()
df1.intersectAll(spark.createDataFrame([("a", 1), ("a", 1), ("b", 3)], ["C1", "C2"])).orderBy("C1", "C2").show()
df1.dropDuplicates(["C1"]).orderBy("C1").show()
df1.drop_duplicates().orderBy("C1", "C2").show()
print(df1.distinct().count(), df1.isEmpty(), df1.limit(0).isEmpty())
df1.drop("C2", "nope").show(2)
