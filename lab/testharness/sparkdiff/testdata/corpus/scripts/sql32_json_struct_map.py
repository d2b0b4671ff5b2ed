# JSON in columns and nested access: from_json with DDL and StructType schemas and a map,
# to_json of structs, maps and arrays, get_json_object, json_tuple, schema_of_json, and
# reaching into structs, maps and arrays in SQL (dot, [], element_at, map_keys...).
# source: python/pyspark/sql/functions/builtin.py (from_json, to_json, get_json_object, json_tuple, schema_of_json docstrings) and docs/sql-ref-functions-builtin.md (JSON, map functions)
# category: batch-sql
from pyspark.sql import SparkSession, Row
from pyspark.sql import functions as F
from pyspark.sql.types import StructType, StructField, IntegerType, MapType, StringType, ArrayType

spark = SparkSession.builder.appName("json-struct").getOrCreate()

df = spark.createDataFrame([(1, '{"a": 1}')], ("key", "value"))
schema = StructType([StructField("a", IntegerType())])
df.select(F.from_json(df.value, schema).alias("json")).show()
df.select(F.from_json(df.value, "a INT").alias("json")).show()
df.select(F.from_json(df.value, "MAP<STRING,INT>").alias("json")).show()
arr = spark.createDataFrame([(1, '[{"a": 1}, {"a": 2}]')], ("key", "value"))
arr.select(F.from_json(arr.value, ArrayType(schema)).alias("json")).show()
arr.select(F.from_json(arr.value, "array<struct<a:int>>").alias("json")).printSchema()
bad = spark.createDataFrame([('{"a": 1',), ('{"a": "x"}',), (None,)], ["value"])
bad.select(F.from_json("value", "a INT").alias("j")).show()

objs = spark.createDataFrame([(1, Row(age=2, name="Alice"))], ("key", "value"))
objs.select(F.to_json(objs.value).alias("json")).show(truncate=False)
objs2 = spark.createDataFrame([(1, [Row(age=2, name="Alice"), Row(age=3, name="Bob")])], ("key", "value"))
objs2.select(F.to_json(objs2.value).alias("json")).show(truncate=False)
maps = spark.createDataFrame([(1, {"name": "Alice"})], ("key", "value"))
maps.select(F.to_json(maps.value).alias("json")).show(truncate=False)
spark.createDataFrame([(1, ["Alice", "Bob"])], ("key", "value")).select(F.to_json("value").alias("json")).show()

data = [("1", '{"f1": "value1", "f2": "value2"}'), ("2", '{"f1": "value12"}')]
js = spark.createDataFrame(data, ("key", "jstring"))
js.select(js.key, F.get_json_object(js.jstring, "$.f1").alias("c0"), F.get_json_object(js.jstring, "$.f2").alias("c1")).show()
js.select(js.key, F.json_tuple(js.jstring, "f1", "f2")).show()
spark.range(1).select(F.schema_of_json(F.lit('{"a": 0}')).alias("s1"), F.schema_of_json('[{"col":01}]', {"allowNumericLeadingZeros": "true"}).alias("s2")).show(truncate=False)

spark.sql("""SELECT get_json_object('{"a":"b", "c":[1,2,{"d":3}]}', '$.c[2].d') AS d,
    json_array_length('[1,2,3,{"f1":1}]') AS len, json_object_keys('{"f1":"abc","f2":{"f3":"a"}}') AS keys""").show()
spark.sql("""SELECT s.x, s['y'], m['k'], m.k, a[0], element_at(a, -1), element_at(m, 'k'), try_element_at(a, 9),
    map_keys(m), map_values(m), map_entries(m), map_contains_key(m, 'z')
    FROM (SELECT named_struct('x', 1, 'y', 'two') AS s, map('k', 10) AS m, array(5, 6, 7) AS a)""").show(truncate=False)
spark.sql("SELECT struct(1 AS a, 'b' AS b) AS s, map_from_entries(array(struct(1, 'a'), struct(2, 'b'))) AS m, map_concat(map(1, 'a'), map(2, 'b')) AS c").show(truncate=False)
spark.sql("SELECT from_json('{\"t\":\"26/08/2015\"}', 't timestamp', map('timestampFormat', 'dd/MM/yyyy')) AS r, to_json(named_struct('time', to_timestamp('2015-08-26', 'yyyy-MM-dd')), map('timestampFormat', 'dd/MM/yyyy')) AS w").show(truncate=False)
