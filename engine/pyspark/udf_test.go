package pyspark

import (
	"context"
	"strings"
	"testing"
)

const udfPrelude = `from pyspark.sql import SparkSession
from pyspark.sql.functions import udf, col, lit
from pyspark.sql.types import *
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, "John Doe", 21), (2, None, 30)], ("id", "name", "age"))
`

// The expected outputs are what PySpark 4.2.0 (non-Arrow UDFs) printed for the same code.
func TestUDF(t *testing.T) {
	tests := []struct{ name, src, want string }{{
		name: "columns are named fn(args) as Spark's analyzer names UDF calls",
		src: `slen = udf(lambda s: len(s) if s is not None else None, IntegerType())
def g(s): return 3
g = udf(g, "int")
print(df.select(slen("name")).columns, df.select(g("name"), g(col("name")), g(df.name), g("name").alias("x")).columns)
print(df.select(g(lit(1))).columns, df.select(g("id") + 1).columns, df.select(udf(lambda a, b: 1)("id", "name")).columns)
`,
		want: "['<lambda>(name)'] ['g(name)', 'g(name)', 'g(name)', 'x']\n['g(1)'] ['(g(id) + 1)'] ['<lambda>(id, name)']\n",
	}, {
		name: "decorator forms; no return type is a string; nulls arrive as None",
		src: `@udf
def same(x): return x
@udf(returnType=IntegerType())
def twice(x): return None if x is None else x * 2
@udf("string")
def shout(s): return None if s is None else s.upper()
print(df.select(same("id"), twice("age"), shout("name")).collect())
print(same.returnType, twice.returnType, shout.returnType, same.evalType, same.__name__, same.deterministic)
`,
		want: "[Row(same(id)='1', twice(age)=42, shout(name)='JOHN DOE'), Row(same(id)='2', twice(age)=60, shout(name)=None)]\nStringType() IntegerType() StringType() 100 same True\n",
	}, {
		name: "results of another type: NULL, wrapped integers, Java text for strings",
		src: `for rt, val in [(IntegerType(), "a"), (IntegerType(), 1.5), (StringType(), 1), (StringType(), 1.5), (DoubleType(), 1),
                (LongType(), True), (BooleanType(), 1), (IntegerType(), 2**40), (StringType(), [1, 2]),
                (ArrayType(IntegerType()), [1, None]), (ArrayType(IntegerType()), (1, 2)), (StringType(), True)]:
    print(rt, repr(val), df.limit(1).select(udf(lambda x, v=val: v, rt)("id")).collect())
`,
		want: `IntegerType() 'a' [Row(<lambda>(id)=None)]
IntegerType() 1.5 [Row(<lambda>(id)=None)]
StringType() 1 [Row(<lambda>(id)='1')]
StringType() 1.5 [Row(<lambda>(id)='1.5')]
DoubleType() 1 [Row(<lambda>(id)=None)]
LongType() True [Row(<lambda>(id)=None)]
BooleanType() 1 [Row(<lambda>(id)=None)]
IntegerType() 1099511627776 [Row(<lambda>(id)=0)]
StringType() [1, 2] [Row(<lambda>(id)='[1, 2]')]
ArrayType(IntegerType(), True) [1, None] [Row(<lambda>(id)=[1, None])]
ArrayType(IntegerType(), True) (1, 2) [Row(<lambda>(id)=[1, 2])]
StringType() True [Row(<lambda>(id)='true')]
`,
	}, {
		name: "filter, withColumn, groupBy and SQL through spark.udf.register",
		src: `slen = udf(lambda s: len(s) if s is not None else None, IntegerType())
print(df.filter(slen("name") == 8).count(), df.withColumn("l", slen("name")).columns, df.groupBy(slen("name")).count().collect())
spark.udf.register("plus_one", lambda x: x + 1, IntegerType())
df.createOrReplaceTempView("people")
spark.sql("SELECT id, plus_one(age) AS next_age, plus_one(id) FROM people ORDER BY id").show()
r = spark.udf.register("pl2", lambda x: x + 1)
print(spark.sql("SELECT pl2(1)").collect(), df.selectExpr("pl2(id)").columns, r("id") is not None)
`,
		want: `1 ['id', 'name', 'age', 'l'] [Row(<lambda>(name)=8, count=1), Row(<lambda>(name)=None, count=1)]
+---+--------+------------+
| id|next_age|plus_one(id)|
+---+--------+------------+
|  1|      22|           2|
|  2|      31|           3|
+---+--------+------------+

[Row(pl2(1)='2')] ['pl2(id)'] True
`,
	}, {
		name: "asNondeterministic",
		src: `nd = udf(lambda: 1, "int").asNondeterministic()
print(df.select(nd()).columns, nd.deterministic)
`,
		want: "['<lambda>()'] False\n",
	}, {
		name: "argument errors",
		src: `for f in (lambda: udf(5), lambda: spark.udf.register("x", udf(lambda v: v), "int")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
`,
		want: "PySparkTypeError [NOT_EXPECTED_TYPE] Argument `func` should be callable, got int.\n" +
			"PySparkTypeError [CANNOT_SPECIFY_RETURN_TYPE_FOR_UDF] returnType can not be specified when `f` is a user-defined function, but got int.\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runSnippet(t, udfPrelude+tc.src, nil)
			if err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			if out != tc.want {
				t.Fatalf("got:\n%s\nwant:\n%s", out, tc.want)
			}
		})
	}
}

func TestUDFErrorIsPythonException(t *testing.T) {
	out, err := runSnippet(t, udfPrelude+`u = udf(lambda x: 1 / 0, "int")
try:
    df.select(u("id")).collect()
except Exception as e:
    print(type(e).__name__)
    print(e)
`, nil)
	if err != nil {
		t.Fatalf("%v\noutput:\n%s", err, out)
	}
	want := "PythonException\nAn exception was thrown from the Python worker:\nTraceback (most recent call last):\n  File \"script.py\", line 6, in <lambda>\n    u = udf(lambda x: 1 / 0, \"int\")\nZeroDivisionError: division by zero\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestPandasUDFRefused(t *testing.T) {
	_, err := runSnippet(t, "from pyspark.sql.functions import pandas_udf\npandas_udf(lambda s: s, 'int')\n", nil)
	if err == nil || !strings.Contains(err.Error(), "pandas_udf") || !strings.Contains(err.Error(), "kafkalab export") {
		t.Fatalf("want pandas_udf refused with a pointer to kafkalab export, got %v", err)
	}
}

// A streaming query evaluates the UDF on its own goroutine, while the script waits.
func TestUDFInStreamingQuery(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "udf.py", `from pyspark.sql.functions import udf
tag = udf(lambda k: "order-" + k, "string")
q = (kafka().selectExpr("CAST(key AS STRING) AS key").select(tag("key"))
     .writeStream.format("memory").queryName("tagged").trigger(availableNow=True).start())
q.awaitTermination()
print(spark.table("tagged").columns, sorted(r[0] for r in spark.table("tagged").collect()))
bad = udf(lambda k: int(k) / 0, "double")
q = kafka().selectExpr("CAST(key AS STRING) AS key").select(bad("key")).writeStream.format("memory").queryName("bad").start()
try:
    q.awaitTermination()
except Exception as e:
    print(type(e).__name__, "[PYTHON_EXCEPTION] An exception was thrown from the Python worker: Traceback" in str(e), "ZeroDivisionError" in str(e))
`)
	if err != nil {
		t.Fatalf("%v\noutput:\n%s", err, out)
	}
	want := "['<lambda>(key)'] ['order-1001', 'order-1002', 'order-1003']\nStreamingQueryException True True\n"
	if got := out.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}
