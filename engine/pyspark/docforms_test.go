package pyspark

import "testing"

// TestDocAPIForms checks DataFrame and Column API forms from PySpark's reference against
// outputs recorded on PySpark 4.2 (run with the same snippets).
func TestDocAPIForms(t *testing.T) {
	head := `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import *
spark = SparkSession.builder.getOrCreate()
`
	cases := []struct{ name, why, src, want string }{
		{"ordinals", "groupBy, rollup and cube take 1-based column positions; 0 is refused",
			"df = spark.createDataFrame([(\"x\", 1, 10), (\"y\", 1, 20), (\"x\", 2, 30)], [\"k\", \"n\", \"v\"])\nprint(df.groupBy(1).sum(\"v\").orderBy(\"k\").collect())\nprint(df.groupBy([2, \"k\"]).count().orderBy(\"n\", \"k\").collect())\nprint(df.rollup(1).count().orderBy(\"k\").collect())\nprint(df.cube(2).agg(F.max(\"v\")).orderBy(\"n\").collect())\ntry:\n    df.groupBy(0)\nexcept Exception as e:\n    print(type(e).__name__, e)\n",
			"[Row(k='x', sum(v)=40), Row(k='y', sum(v)=20)]\n[Row(n=1, k='x', count=1), Row(n=1, k='y', count=1), Row(n=2, k='x', count=1)]\n[Row(k=None, count=3), Row(k='x', count=2), Row(k='y', count=1)]\n[Row(n=None, max(v)=30), Row(n=1, max(v)=20), Row(n=2, max(v)=30)]\nPySparkIndexError [INDEX_NOT_POSITIVE] Index must be positive, got '0'.\n"},
		{"substr_cols", "substr with Column bounds reads them per row; mixed kinds are refused; the column is named substr(...)",
			"df = spark.createDataFrame([(\"kafka\", 2, 3), (\"spark\", 1, 2)], [\"w\", \"s\", \"l\"])\nprint(df.select(df.w.substr(df.s, df.l).alias(\"p\")).collect())\nprint(df.select(df.w.substr(2, 2)).collect())\ntry:\n    df.w.substr(df.s, 2)\nexcept Exception as e:\n    print(type(e).__name__, e)\n",
			"[Row(p='afk'), Row(p='sp')]\n[Row(substr(w, 2, 2)='af'), Row(substr(w, 2, 2)='pa')]\nPySparkTypeError [NOT_SAME_TYPE] Argument `startPos` and `length` should be the same type, got Column and int.\n"},
		{"transform", "Column.transform applies functions left to right",
			"df = spark.createDataFrame([(\" Ab \",), (\"c\",)], [\"t\"])\nprint(df.select(df.t.transform(F.trim).transform(F.lower).alias(\"r\")).collect())\nprint(df.select(F.length(\"t\").transform(lambda c: c * 10).alias(\"r\")).collect())\n",
			"[Row(r='ab'), Row(r='c')]\n[Row(r=40), Row(r=10)]\n"},
		{"try_cast", "try_cast gives NULL for values that do not convert and keeps the column's name (API and SQL)",
			"df = spark.createDataFrame([(\"7\",), (\"x\",), (None,)], [\"s\"])\nprint(df.select(df.s.try_cast(\"int\")).collect())\nprint(df.select(df.s.try_cast(DoubleType()), (df.s.try_cast(\"long\") + 1).alias(\"p\")).collect())\ndf.createOrReplaceTempView(\"tc\")\nprint(spark.sql(\"SELECT try_cast(s AS INT) FROM tc\").columns)\n",
			"[Row(s=7), Row(s=None), Row(s=None)]\n[Row(s=7.0, p=8), Row(s=None, p=None), Row(s=None, p=None)]\n['s']\n"},
		{"atomic_schema", "a schema string naming one type makes a column named value of bare items",
			"print(spark.createDataFrame([3, 1], \"int\").collect())\nprint(spark.createDataFrame([\"a\"], \"string\").schema)\nprint(spark.createDataFrame([1.5], DoubleType()).collect())\nprint(spark.createDataFrame([(\"a\", 1)], \"x: string, y: int\").collect())\nprint(spark.createDataFrame([], \"STRING\").isEmpty())\n",
			"[Row(value=3), Row(value=1)]\nStructType([StructField('value', StringType(), True)])\n[Row(value=1.5)]\n[Row(x='a', y=1)]\nTrue\n"},
		{"alias_meta", "alias metadata values keep their Python types",
			"df = spark.createDataFrame([(1, \"a\")], [\"n\", \"s\"])\nm = df.select(df.n.alias(\"m\", metadata={\"unit\": \"ms\", \"scale\": 3, \"ok\": True, \"r\": 1.5})).schema[\"m\"].metadata\nprint(sorted(m.items()))\n",
			"[('ok', True), ('r', 1.5), ('scale', 3), ('unit', 'ms')]\n"},
		{"register", "registerTempTable is the old name of createOrReplaceTempView",
			"df = spark.createDataFrame([(1, \"a\")], [\"n\", \"s\"])\ndf.registerTempTable(\"old_style\")\nprint(spark.sql(\"SELECT s FROM old_style\").collect())\n",
			"[Row(s='a')]\n"},
		{"date_literal_names", "date and timestamp literals are named as typed SQL literals",
			"import datetime\ndf = spark.createDataFrame([(datetime.date(2023,1,3), datetime.datetime(2023,1,1,5,6,7))], [\"d\", \"ts\"])\nprint(df.select(F.lit(datetime.date(2023,1,1)), F.lit(datetime.datetime(2023,1,1,5,6,7)), F.lit(datetime.datetime(2023,1,1,5,6,7,120000))).columns)\nprint(df.select(df.d.between(datetime.date(2023,1,1), datetime.date(2023,1,15)), df.ts > datetime.datetime(2023,1,1), df.d == datetime.date(2023,1,3)).columns)\n",
			"[\"DATE '2023-01-01'\", \"TIMESTAMP '2023-01-01 05:06:07'\", \"TIMESTAMP '2023-01-01 05:06:07.12'\"]\n[\"((d >= DATE '2023-01-01') AND (d <= DATE '2023-01-15'))\", \"(ts > TIMESTAMP '2023-01-01 00:00:00')\", \"(d = DATE '2023-01-03')\"]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runSnippet(t, head+c.src, nil)
			if err != nil {
				t.Fatalf("%s: %v\n%s", c.why, err, out)
			}
			if out != c.want {
				t.Errorf("%s:\ngot\n%s\nwant\n%s", c.why, out, c.want)
			}
		})
	}
}
