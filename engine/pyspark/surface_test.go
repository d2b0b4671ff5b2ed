package pyspark

import (
	"testing"
)

// Column operators, functions, types and Row through Python, one line each.
func TestColumnsFunctionsTypesRow(t *testing.T) {
	pre := sessionPrelude + `from decimal import Decimal
from datetime import datetime
def one(c):
    return df.orderBy("order_id").select(c.alias("x")).collect()[0].x
def all_(c):
    return [r.x for r in df.select(c.alias("x")).collect()]
`
	cases := []struct{ name, src, want string }{
		{"arithmetic", `print(one(F.col("order_id") + 1), one(F.col("order_id") - 1), one(F.col("amount") * 2), one(F.col("amount") / 2), one(F.col("order_id") % 7), one(1 + F.col("order_id")), one(-F.col("order_id")))`, "1002 1000 51.0 12.75 0 1002 -1001\n"},
		{"comparisons", `print(all_(F.col("amount") > 20), all_(F.col("amount") >= 12), all_(F.col("amount") < 20), all_(F.col("amount") <= 12), all_(F.col("status") == "placed"), all_(F.col("order_id") != 1001))`, "[True, False] [True, True] [False, True] [False, True] [True, True] [False, True]\n"},
		{"boolean logic", `print(all_((F.col("amount") > 20) & (F.col("order_id") == 1001)), all_((F.col("amount") > 20) | (F.col("order_id") == 1002)), all_(~(F.col("amount") > 20)))`, "[True, False] [True, True] [False, True]\n"},
		{"null checks isin between", `print(all_(F.col("status").isNull()), all_(F.col("status").isNotNull()), all_(F.col("order_id").isin(1002, 7)), all_(F.col("amount").between(10, 20)))`, "[False, False] [True, True] [False, True] [False, True]\n"},
		{"struct fields", `s = df.select(F.struct("order_id", "status").alias("o"))
print(s.select(F.col("o")["status"].alias("a"), F.col("o").order_id.alias("b"), F.col("o").getField("status").alias("c"), "o.order_id").first())`, "Row(a='placed', b=1001, c='placed', order_id=1001)\n"},
		{"sort orders", `print([r.order_id for r in df.orderBy(F.col("amount").asc()).collect()], [r.order_id for r in df.orderBy(F.desc("order_id")).collect()])`, "[1002, 1001] [1002, 1001]\n"},
		{"cast with types", `from pyspark.sql.types import LongType
print(df.select(F.col("order_id").cast(LongType()), F.col("amount").cast("decimal(10,2)")).dtypes)`, "[('order_id', 'bigint'), ('amount', 'decimal(10,2)')]\n"},
		{"when otherwise", `print(all_(F.when(F.col("amount") > 20, "big").when(F.col("amount") > 5, "mid").otherwise("small")))`, "['big', 'mid']\n"},
		{"lit values", `print(one(F.lit(1)), one(F.lit("s")), one(F.lit(2.5)), one(F.lit(True)), one(F.lit(None)), one(F.lit(Decimal("1.50"))), one(F.lit(datetime(2026, 10, 1, 9, 15))))`, "1 s 2.5 True None 1.50 2026-10-01 09:15:00\n"},
		{"expr", `print(one(F.expr("order_id * 2")), df.select(F.expr("upper(status) AS s")).first().s)`, "2002 PLACED\n"},
		{"aggregates", `print(df.agg(F.count("*").alias("n"), F.sum("amount").alias("s"), F.avg("amount").alias("a"), F.min("order_id").alias("mi"), F.max("order_id").alias("ma"), F.countDistinct("status").alias("d"), F.first("status").alias("f")).first())`, "Row(n=2, s=37.5, a=18.75, mi=1001, ma=1002, d=1, f='placed')\n"},
		{"string functions", `print(one(F.concat(F.col("customer_id"), F.lit("-"), F.col("status"))), one(F.upper("status")), one(F.lower(F.lit("AB"))), one(F.length("status")), one(F.trim(F.lit("  x "))), one(F.coalesce(F.lit(None), F.col("status"))))`, "C01-placed PLACED ab 6 x placed\n"},
		{"current_timestamp", `print(df.select(F.current_timestamp().alias("now")).dtypes)`, "[('now', 'timestamp')]\n"},
		{"grouped shortcuts", `print(df.groupBy("status").count().first(), df.groupBy("status").sum("amount").columns, df.groupBy("status").max("order_id").first()[1])`, "Row(status='placed', count=2) ['status', 'sum(amount)'] 1002\n"},
		{"withColumnRenamed drop", `print(df.withColumnRenamed("status", "state").drop("amount", "event_time").columns)`, "['order_id', 'customer_id', 'state']\n"},
		{"types module", `from pyspark.sql.types import StructType, StructField, StringType, TimestampType, ArrayType, MapType, LongType
s = StructType().add("a", StringType()).add("t", TimestampType(), False).add("xs", "array<int>")
print(s.simpleString(), s.names, s["t"], len(s), ArrayType(StringType()), MapType(StringType(), LongType()), isinstance(s["a"].dataType, StringType))`, "struct<a:string,t:timestamp,xs:array<int>> ['a', 't', 'xs'] StructField('t', TimestampType(), False) 3 ArrayType(StringType(), True) MapType(StringType(), LongType(), True) True\n"},
		{"schema json", `print(StructType([StructField("id", IntegerType())]).json())`, `{"type":"struct","fields":[{"name":"id","type":"integer","nullable":true,"metadata":{}}]}` + "\n"},
		{"Row access", `r = df.first()
print(r[0], r[-1], r["status"], r.customer_id, r[1:3], len(r), "status" in r, list(r.asDict().keys())[:2] != [], Row(a=1) == (1,))`, "1001 2026-10-01T09:15:00Z placed C01 ('C01', 'placed') 5 True True True\n"},
		{"Row factory", `P = Row("name", "age")
print(P("x", 3), P("x", 3).age)`, "Row(name='x', age=3) 3\n"},
		{"take head isEmpty", `print(len(df.take(1)), df.head(), len(df.head(2)), df.isEmpty(), df.limit(0).isEmpty())`, "1 Row(order_id=1001, customer_id='C01', status='placed', amount=25.5, event_time='2026-10-01T09:15:00Z') 2 False True\n"},
		{"df attribute and item columns", `print(df.select(df.status, df["order_id"]).columns, df[["status"]].columns, df[df.amount > 20].count(), df.isStreaming)`, "['status', 'order_id'] ['status'] 1 False\n"},
		{"show vertical and truncate", `df.select("status").show(1, vertical=True)
df.select(F.lit("abcdefghijklmnopqrstuvwxyz").alias("l")).show(1, truncate=5)`, "-RECORD 0--------\n status | placed \nonly showing top 1 row\n+-----+\n|    l|\n+-----+\n|ab...|\n+-----+\nonly showing top 1 row\n"},
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
