package pyspark

import "testing"

// The DataFrame and Column methods of PySpark's API reference bound on the engine, and
// createDataFrame inferring nested types (PySpark's _infer_type / _merge_type) from the
// docstring examples.
func TestDataFrameExtraMethods(t *testing.T) {
	src := `from pyspark.sql import SparkSession, Row
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(2, "Alice"), (5, "Bob")], ["age", "name"])
print(df.toDF("f1", "f2").columns, df.withColumnsRenamed({"age": "a", "x": "y"}).columns)
print(df.tail(1), df.offset(1).collect(), list(df.toLocalIterator()))
print([r.name for r in df.filter(df.name.like("Al%")).collect()], [r.name for r in df.filter(df.name.rlike("b$")).collect()],
      [r.name for r in df.filter(df.name.ilike("%LI%")).collect()])
print([r.name for r in df.filter(df.name.startswith("B")).collect()], [r.name for r in df.filter(df.name.endswith("ce")).collect()],
      [r.name for r in df.filter(df.name.contains("o")).collect()], df.select(df.name.substr(1, 3)).collect())
d1 = spark.createDataFrame([("a", 1), ("a", 1), ("a", 2), ("b", 3)], ["C1", "C2"])
d2 = spark.createDataFrame([("a", 1), ("b", 3)], ["C1", "C2"])
print(d1.exceptAll(d2).collect(), d1.subtract(d2).collect(), d1.intersect(d2).collect(), d1.intersectAll(d2).collect())
nested = spark.createDataFrame([(1, ["foo", "bar"], {"x": 1.0}, Row(a=1, b="y")), (2, [], {}, None), (3, None, None, Row(a=2, b=None))], ("id", "arr", "m", "s"))
print(nested.schema.simpleString())
print(nested.collect())
print(spark.createDataFrame([Row(a=Row(b=1, c=2), l=[1, 2], d={"key": "value"})]).schema.simpleString())
print(spark.createDataFrame([((1, "x"),)]).schema.simpleString())
try:
    spark.createDataFrame([(1, [])], ["id", "empty"])
except Exception as e:
    print(type(e).__name__, e.getCondition())
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `['f1', 'f2'] ['a', 'name']
[Row(age=5, name='Bob')] [Row(age=5, name='Bob')] [Row(age=2, name='Alice'), Row(age=5, name='Bob')]
['Alice'] ['Bob'] ['Alice']
['Bob'] ['Alice'] ['Bob'] [Row(substr(name, 1, 3)='Ali'), Row(substr(name, 1, 3)='Bob')]
[Row(C1='a', C2=1), Row(C1='a', C2=2)] [Row(C1='a', C2=2)] [Row(C1='a', C2=1), Row(C1='b', C2=3)] [Row(C1='a', C2=1), Row(C1='b', C2=3)]
struct<id:bigint,arr:array<string>,m:map<string,double>,s:struct<a:bigint,b:string>>
[Row(id=1, arr=['foo', 'bar'], m={'x': 1.0}, s=Row(a=1, b='y')), Row(id=2, arr=[], m={}, s=None), Row(id=3, arr=None, m=None, s=Row(a=2, b=None))]
struct<a:struct<b:bigint,c:bigint>,l:array<bigint>,d:map<string,string>>
struct<_1:struct<_1:bigint,_2:string>>
PySparkValueError CANNOT_DETERMINE_TYPE
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// DataFrame.unpivot / melt and transform, from their docstrings.
func TestUnpivotTransform(t *testing.T) {
	src := `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, 11, 1.1), (2, 12, 1.2)], ["id", "int", "double"])
print(df.unpivot("id", ["int", "double"], "var", "val").collect())
print(df.melt(ids=["id"], values=None, variableColumnName="var", valueColumnName="val").schema.simpleString())
print(df.transform(lambda d, n: d.withColumn("plus", d.id + n), 10).columns)
try:
    df.transform(lambda d: 1)
except AssertionError as e:
    print("AssertionError", e)
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(id=1, var='int', val=11.0), Row(id=1, var='double', val=1.1), Row(id=2, var='int', val=12.0), Row(id=2, var='double', val=1.2)]
struct<id:bigint,var:string,val:double>
['id', 'int', 'double', 'plus']
AssertionError Func returned an instance of type [int], should have been DataFrame.
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// Column methods on structs, arrays and bits, printSchema(level), Row's repr and errors,
// groupingSets and a dict's map order (a java.util.HashMap's), from the API docstrings.
func TestColumnStructMethods(t *testing.T) {
	src := `from pyspark.sql import SparkSession, Row
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([Row(a=Row(b=1, c=2), h=[Row(y=1, c="x"), Row(y=2, c=None)])])
print(df.withColumn("a", df.a.withField("b", F.lit(3)).withField("d", F.lit(4))).select("a.*").collect())
print(df.withColumn("a", df.a.dropFields("b")).select("a").schema.simpleString())
print(df.select("h.c").collect(), df.select("h.c").columns)
bits = spark.createDataFrame([Row(a=170, b=75)])
print(bits.select(bits.a.bitwiseOR(bits.b), bits.a.bitwiseAND(bits.b), bits.a.bitwiseXOR(bits.b), -bits.a).columns)
df.printSchema(level=1)
print(repr(F.col("x") + 1), bits.a.between(1, 2))
print(Row("name", "age"), Row("Alice", 11), Row(a=1))
try:
    Row(a=1).b
except AttributeError as e:
    print(type(e).__name__, e)
print(spark.createDataFrame([(1, {"foo": -2.0, "bar": 2.0})], ("k", "m")).collect())
g = spark.createDataFrame([("x", 1), ("y", 2)], ["k", "v"])
print(g.groupingSets([["k"], []], "k").agg(F.sum("v")).orderBy("k").collect())
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(b=3, c=2, d=4)]
struct<a:struct<c:bigint>>
[Row(c=['x', None])] ['c']
['(a | b)', '(a & b)', '(a ^ b)', 'negative(a)']
root
 |-- a: struct (nullable = true)
 |-- h: array (nullable = true)

Column<'+(x, 1)'> Column<'and(>=(a, 1), <=(a, 2))'>
<Row('name', 'age')> <Row('Alice', 11)> Row(a=1)
PySparkAttributeError [ATTRIBUTE_NOT_SUPPORTED] Attribute ` + "`b`" + ` is not supported.
[Row(k=1, m={'bar': 2.0, 'foo': -2.0})]
[Row(k=None, sum(v)=3), Row(k='x', sum(v)=1), Row(k='y', sum(v)=2)]
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
