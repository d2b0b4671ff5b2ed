package pyspark

import "testing"

// TestAtomicSchemasCastFunctionsAndMapDedup covers three things Spark's own function
// examples lean on: a createDataFrame schema that is one type (each item becomes the
// column value), the SQL functions named after types that cast their argument, and the
// spark.sql.mapKeyDedupPolicy setting read back before it is changed.
func TestAtomicSchemasCastFunctionsAndMapDedup(t *testing.T) {
	const pre = "from pyspark.sql import SparkSession\nfrom pyspark.sql.types import IntegerType, ArrayType, LongType\nspark = SparkSession.builder.getOrCreate()\n"
	cases := []struct{ name, src, want string }{
		{"type string schema", `d = spark.createDataFrame(["x", None], "STRING")
print(d.columns, d.schema.simpleString(), [r.value for r in d.collect()])`,
			"['value'] struct<value:string> ['x', None]\n"},
		{"lower-case type string", `print(spark.createDataFrame([3, 4], "int").collect())`,
			"[Row(value=3), Row(value=4)]\n"},
		{"array type string keeps each list whole", `print(spark.createDataFrame([[1, 2], [3]], "array<int>").collect())`,
			"[Row(value=[1, 2]), Row(value=[3])]\n"},
		{"DataType object", `print(spark.createDataFrame([7], IntegerType()).collect(), spark.createDataFrame([[1]], ArrayType(LongType())).collect())`,
			"[Row(value=7)] [Row(value=[1])]\n"},
		{"column list still a schema", `print(spark.createDataFrame([(1,)], "n int").collect())`,
			"[Row(n=1)]\n"},
		{"struct type string is a schema", `print(spark.createDataFrame([(1, "a")], "struct<n:int,s:string>").collect())`,
			"[Row(n=1, s='a')]\n"},
		{"cast functions", `r = spark.sql("SELECT float('NaN') AS f, date('2015-09-30') AS d, int('7') AS i, bigint(2) AS b, double('1.5') AS x, string(12) AS s, boolean('true') AS t, decimal('3.7') AS m").first()
print(r.f != r.f, r.d, r.i, r.b, r.x, repr(r.s), r.t, r.m)`,
			"True 2015-09-30 7 2 1.5 '12' True 4\n"},
		{"cast function types", `print(spark.sql("SELECT tinyint(1) a, smallint(1) b, timestamp('2020-01-01 00:00:00') c, binary('ab') d").schema.simpleString())`,
			"struct<a:tinyint,b:smallint,c:timestamp,d:binary>\n"},
		{"cast function names the column after its argument", `print(spark.sql("SELECT int(x) FROM VALUES ('5') AS t(x)").columns)`,
			"['x']\n"},
		{"map key policy default and last win", `print(spark.conf.get("spark.sql.mapKeyDedupPolicy"))
spark.conf.set("spark.sql.mapKeyDedupPolicy", "LAST_WIN")
print(spark.sql("SELECT map_concat(map(1, 'a', 2, 'b'), map(2, 'c', 3, 'd')) AS m").first().m)
spark.conf.set("spark.sql.mapKeyDedupPolicy", "EXCEPTION")
try:
    spark.sql("SELECT map(1, 'a', 1, 'b') AS m").collect()
except Exception as e:
    print(type(e).__name__, "DUPLICATED_MAP_KEY" in str(e))`,
			"EXCEPTION\n{1: 'a', 2: 'c', 3: 'd'}\nSparkRuntimeException True\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSnippet(t, pre+c.src, nil)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got != c.want {
				t.Fatalf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

// TestValuesWidenComplexColumns: a VALUES column whose rows hold an empty array, a filled
// one and NULL has the filled array's type, and the rows keep their values.
func TestValuesWidenComplexColumns(t *testing.T) {
	const pre = "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\n"
	cases := []struct{ name, src, want string }{
		{"arrays", `d = spark.sql("SELECT * FROM VALUES (1, ARRAY(1, 2)), (2, ARRAY()), (3, NULL) AS t(i, a)")
print(d.schema.simpleString(), [r.a for r in d.collect()])`,
			"struct<i:int,a:array<int>> [[1, 2], [], None]\n"},
		{"maps", `d = spark.sql("SELECT * FROM VALUES (MAP()), (MAP('k', 1)) AS t(m)")
print(d.schema.simpleString(), [r.m for r in d.collect()])`,
			"struct<m:map<string,int>> [{}, {'k': 1}]\n"},
		{"bad map policy", `try:
    spark.conf.set("spark.sql.mapKeyDedupPolicy", "FIRST")
except Exception as e:
    print(type(e).__name__, "INVALID_CONF_VALUE" in str(e))`, "IllegalArgumentException True\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSnippet(t, pre+c.src, nil)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got != c.want {
				t.Fatalf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}
