# Row objects and what collect, first, head, take and tail hand back: field access by
# name, attribute and position, asDict (recursive), a Row class made from field names,
# `in`, equality, repr of rows holding dates, decimals, arrays and nested rows.
# source: python/pyspark/sql/types.py (Row docstring) and python/pyspark/sql/dataframe.py (collect, first, head, take, tail docstrings)
# category: batch
import datetime
from decimal import Decimal

from pyspark.sql import SparkSession, Row

spark = SparkSession.builder.appName("rows").getOrCreate()

row = Row(name="Alice", age=11)
print(row)
print(row["name"], row["age"], row.name, row.age, row[0], len(row))
print("name" in row, "wrong_key" in row)
Person = Row("name", "age")
print(Person)
print(Person("Alice", 11), Person("Alice", 11) == row)
print(Row("Alice", 11))
print(Row(a=1, b=2) == (1, 2), tuple(Row(a=1, b=2)))
print(Row(key=1, value=Row(a=1, b=[1, 2])).asDict(recursive=True))
print(Row(key=1, value=Row(a=1)).asDict())
try:
    row.missing
except AttributeError as e:
    print("AttributeError", e)
try:
    row["missing"]
except ValueError as e:
    print("ValueError", e)

df = spark.createDataFrame([(14, "Tom"), (23, "Alice"), (16, "Bob")], ["age", "name"]).orderBy("age")
print(df.collect())
print(df.first())
print(df.head())
print(df.head(2))
print(df.take(2))
print(df.tail(1))
print(df.limit(1).collect()[0].asDict())
print([r.name for r in df.collect()])
print(df.filter("age > 100").first(), df.filter("age > 100").head(1), df.filter("age > 100").collect())
print(list(df.toLocalIterator()))

typed = spark.sql("""SELECT DATE'2024-02-29' AS d, TIMESTAMP'2024-01-02 03:04:05.5' AS t, CAST(1.50 AS DECIMAL(5, 2)) AS m,
    array(1, 2) AS a, map('k', 1) AS mp, named_struct('x', 1, 'y', 'z') AS s, CAST(NULL AS STRING) AS n,
    CAST('abc' AS BINARY) AS b, 1.5D AS f, 7L AS l, true AS flag""")
r = typed.collect()[0]
print(r)
print(type(r.d).__name__, type(r.t).__name__, type(r.m).__name__, type(r.a).__name__, type(r.mp).__name__, type(r.s).__name__, type(r.b).__name__)
print(r.d == datetime.date(2024, 2, 29), r.m == Decimal("1.50"), r.s.y, r.mp["k"])
rows = spark.createDataFrame([Row(a=1, b=Row(c="x")), Row(a=2, b=None)]).collect()
print(rows, rows[0].b.c, rows[1].b)
print(spark.range(3).collect(), spark.range(3).count())
