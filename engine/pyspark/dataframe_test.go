package pyspark

import (
	"errors"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/python"
)

// Static DataFrame surface of the course, through Python.

const sessionPrelude = `from pyspark.sql import SparkSession, Row
from pyspark.sql import functions as F
from pyspark.sql.types import StructType, StructField, IntegerType, StringType, DoubleType, DecimalType, TimestampType
spark = (SparkSession.builder.master("local[4]").appName("t")
    .config("spark.sql.session.timeZone", "UTC")  # comment inside the chain
    .config("spark.sql.shuffle.partitions", "4")
    .enableHiveSupport().getOrCreate())
spark.sparkContext.setLogLevel("WARN")
rows = [(1001, "C01", "placed", 25.50, "2026-10-01T09:15:00Z"), (1002, "C02", "placed", 12.00, "2026-10-01T09:40:00Z")]
df = spark.createDataFrame(rows, "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING")
`

func TestDataFrameThroughPython(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"count and columns", `print(df.count(), df.columns)`, "2 ['order_id', 'customer_id', 'status', 'amount', 'event_time']\n"},
		{"to_json struct star", `out = df.select(F.col("order_id").cast("string").alias("key"), F.to_json(F.struct("*")).alias("value")).coalesce(1)
for r in out.collect():
    print(r.key, r["value"])`,
			"1001 {\"order_id\":1001,\"customer_id\":\"C01\",\"status\":\"placed\",\"amount\":25.5,\"event_time\":\"2026-10-01T09:15:00Z\"}\n" +
				"1002 {\"order_id\":1002,\"customer_id\":\"C02\",\"status\":\"placed\",\"amount\":12.0,\"event_time\":\"2026-10-01T09:40:00Z\"}\n"},
		{"row repr", `print(df.select("order_id", "status").first())`, "Row(order_id=1001, status='placed')\n"},
		{"filter where operators", `print(df.filter((F.col("amount") > 20) & ~(F.col("status") != "placed")).count(), df.where(F.col("amount") * 2 >= 24).count(), df.filter("amount < 13").count())`, "1 2 1\n"},
		{"withColumn and orderBy desc", `print([r.big for r in df.withColumn("big", F.col("amount") + 1).orderBy(F.col("order_id").desc()).collect()])`, "[13.0, 26.5]\n"},
		{"orderBy star columns show", `df.select("order_id", "status").orderBy(*df.select("order_id", "status").columns).show(truncate=False)`,
			"+--------+------+\n|order_id|status|\n+--------+------+\n|1001    |placed|\n|1002    |placed|\n+--------+------+\n\n"},
		{"groupBy agg", `df.groupBy("status").agg(F.count("*").alias("n"), F.sum("amount").alias("total")).show()`,
			"+------+---+-----+\n|status|  n|total|\n+------+---+-----+\n|placed|  2| 37.5|\n+------+---+-----+\n\n"},
		{"selectExpr", `print(df.selectExpr("CAST(order_id AS STRING) as id").first().id)`, "1001\n"},
		{"schema and types", `print(df.schema["amount"].dataType, df.schema.simpleString())`, "DoubleType() struct<order_id:int,customer_id:string,status:string,amount:double,event_time:string>\n"},
		{"printSchema", `df.select("order_id").printSchema()`, "root\n |-- order_id: integer (nullable = true)\n\n"},
		{"StructType schema and decimals", `from decimal import Decimal
s = StructType([StructField("id", IntegerType(), False), StructField("amount", DecimalType(10, 2), True)])
d2 = spark.createDataFrame([(1, Decimal("25.5"))], s)
r = d2.first()
print(r, r.amount + 1, d2.schema)`, "Row(id=1, amount=Decimal('25.50')) 26.50 StructType([StructField('id', IntegerType(), False), StructField('amount', DecimalType(10,2), True)])\n"},
		{"Row objects and inference", `d3 = spark.createDataFrame([Row(a=1, b="x"), Row(a=2, b="y")])
print(d3.columns, d3.collect()[1].asDict())`, "['a', 'b'] {'a': 2, 'b': 'y'}\n"},
		{"conf", `spark.conf.set("spark.sql.shuffle.partitions", "8")
print(spark.conf.get("spark.sql.shuffle.partitions"), spark.conf.get("spark.sql.session.timeZone"), spark.conf.get("nope", "dflt"))`, "8 UTC dflt\n"},
		{"dropDuplicates distinct limit", `print(df.union(df).dropDuplicates().count(), df.union(df).distinct().count(), df.limit(1).count(), df.dropDuplicates(["status"]).count())`, "2 2 1 1\n"},
		{"repr", `print(df.select("order_id", "amount"), F.col("amount"))`, "DataFrame[order_id: int, amount: double] Column<'amount'>\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSnippet(t, sessionPrelude+c.src, nil)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got != c.want {
				t.Fatalf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

func TestLearnerErrors(t *testing.T) {
	cases := []struct {
		name, src string
		kind      string
		line      int
		contains  []string
	}{
		{"unsupported method", "df.toPandas()", "PySparkNotImplementedError", 11, []string{"kafkalab does not support DataFrame.toPandas (script.py, line 11)", "collect()"}},
		{"unsupported function", "F.from_xml('x', 'a INT')", "PySparkNotImplementedError", 11, []string{"kafkalab does not support functions.from_xml (script.py, line 11)"}},
		{"unresolved column", "df.select('order_idd')", "AnalysisException", 11, []string{"[UNRESOLVED_COLUMN.WITH_SUGGESTION]", "order_idd", "order_id"}},
		{"bad value for schema", "spark.createDataFrame([('x',)], 'a INT')", "PySparkTypeError", 11, []string{"FIELD_DATA_TYPE_UNACCEPTABLE", "IntegerType() can not accept object 'x' in type <class 'str'>"}},
		{"an attribute that is not a column", "df.selct('order_id')", "PySparkAttributeError", 11, []string{"pyspark.errors.exceptions.base.PySparkAttributeError: [ATTRIBUTE_NOT_SUPPORTED] Attribute `selct` is not supported."}},
		{"typo on the builder", "spark.read.fromat('kafka')", "AttributeError", 11, []string{"'DataFrameReader' object has no attribute 'fromat'. Did you mean: 'format'?"}},
		{"unsupported reader format method", "spark.read.orc('x.orc')", "PySparkNotImplementedError", 11, []string{"kafkalab does not support DataFrameReader.orc (script.py, line 11)"}},
		{"unsupported import", "from pyspark import SparkFiles", "PySparkNotImplementedError", 11, []string{"kafkalab does not support pyspark.SparkFiles (script.py, line 11)"}},
		{"column as bool", "x = 1\nok = bool(F.col('a') == 1)", "PySparkValueError", 12, []string{"CANNOT_CONVERT_COLUMN_INTO_BOOL"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := runSnippet(t, sessionPrelude+c.src, nil)
			var pe *python.Error
			if !errors.As(err, &pe) {
				t.Fatalf("want *python.Error, got %T %v", err, err)
			}
			if pe.Kind != c.kind || pe.Line != c.line {
				t.Fatalf("kind %s line %d, want %s line %d: %v", pe.Kind, pe.Line, c.kind, c.line, err)
			}
			for _, s := range c.contains {
				if !strings.Contains(err.Error(), s) {
					t.Fatalf("%q does not contain %q", err.Error(), s)
				}
			}
			if strings.Contains(err.Error(), "goroutine") || strings.Contains(err.Error(), ".go:") {
				t.Fatalf("Go internals leak into %q", err)
			}
		})
	}
}

// explain() prints kafkalab's plan under Spark's headers (Spark's text ends in a blank
// line and print() adds a newline) and reads its arguments as
// PySpark does; a streaming query explains nothing before its first batch, in Spark's words.
func TestExplain(t *testing.T) {
	const df = "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\ndf = spark.range(3).where('id > 0')\n"
	for _, tc := range []struct{ name, src, want string }{
		{"simple", "df.explain()", "== Physical Plan ==\nFilter (id > 0)\n+- Range\n\n\n"},
		{"extended", "df.explain(True)", "== Analyzed Logical Plan ==\nFilter (id > 0)\n+- Range\n\n== Physical Plan ==\nFilter (id > 0)\n+- Range\n\n\n"},
		{"mode as extended", "df.explain('simple')", "== Physical Plan ==\nFilter (id > 0)\n+- Range\n\n\n"},
		{"unknown mode", "try:\n    df.explain(mode='fast')\nexcept Exception as e:\n    print(type(e).__name__)", "IllegalArgumentException\n"},
		{"both", "try:\n    df.explain(True, 'simple')\nexcept Exception as e:\n    print(e)", "[CANNOT_SET_TOGETHER] extended and mode should not be set together.\n"},
		{"query before data", "import os\nos.makedirs('in')\nq = spark.readStream.format('text').load('in').writeStream.format('noop').start()\nq.explain()\nq.stop()", "No physical plan. Waiting for data.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := runSnippet(t, df+tc.src+"\n", nil)
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v\nwant %q", got, err, tc.want)
			}
		})
	}
}

// cache and persist are reported as Spark's cache manager reports them: the first level
// asked for until unpersist; StorageLevel prints as PySpark's does, from either module.
func TestStorageLevel(t *testing.T) {
	got, err := runSnippet(t, `from pyspark import StorageLevel
from pyspark.storagelevel import StorageLevel as Same
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
df = spark.range(3)
print(df.is_cached, repr(df.storageLevel))
df.cache()
df.persist(StorageLevel.DISK_ONLY)
print(df.is_cached, df.storageLevel, df.storageLevel == Same.MEMORY_AND_DISK_DESER)
df.unpersist()
print(df.is_cached, spark.range(1).persist(StorageLevel.MEMORY_ONLY_2).storageLevel, repr(StorageLevel.OFF_HEAP))
`, nil)
	want := "False StorageLevel(False, False, False, False, 1)\n" +
		"True Disk Memory Deserialized 1x Replicated True\n" +
		"False Memory Serialized 2x Replicated StorageLevel(True, True, True, False, 1)\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}
