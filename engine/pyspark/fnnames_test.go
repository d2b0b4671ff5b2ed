package pyspark

import "testing"

// TestFunctionNamesAndBinaryForms checks the column names Spark gives a few functions'
// longer forms (trim with a set, ceil/floor with a scale, timestampadd's unit as written)
// and the binary forms of reverse and concat, plus regexp_instr's position.
func TestFunctionNamesAndBinaryForms(t *testing.T) {
	const pre = "from pyspark.sql import SparkSession, functions as F\nspark = SparkSession.builder.getOrCreate()\n" +
		"d = spark.createDataFrame([('xxhixx', bytearray(b'\\x01\\x02\\x03'))], 'v string, b binary')\n"
	cases := []struct{ name, src, want string }{
		{"trim with a set", `print(d.select(F.trim("v", F.lit("x")), F.ltrim("v", F.lit("x")), F.rtrim("v", F.lit("x")), F.trim("v")).columns)`,
			"['TRIM(BOTH x FROM v)', 'TRIM(LEADING x FROM v)', 'TRIM(TRAILING x FROM v)', 'trim(v)']\n"},
		{"trim with a set values", `print(d.select(F.trim("v", F.lit("x")), F.ltrim("v", F.lit("x")), F.rtrim("v", F.lit("x"))).first()[:])`,
			"('hi', 'hixx', 'xxhi')\n"},
		{"ceil and floor with a scale", `r = spark.range(1).select(F.ceil(F.lit(-0.15), 1), F.floor(F.lit(2.157), F.lit(2)))
print(r.columns, r.first()[:])`,
			"['ceil(-0.15, 1)', 'floor(2.157, 2)'] (Decimal('-0.1'), Decimal('2.15'))\n"},
		{"timestampadd unit as written", `r = spark.sql("SELECT TIMESTAMP'2020-01-31 00:00:00' AS ts").select(F.timestamp_add("month", F.lit(1), "ts"), F.timestamp_diff("day", "ts", "ts"))
print(r.columns, r.first()[:])`,
			"['timestampadd(month, 1, ts)', 'timestampdiff(day, ts, ts)'] (datetime.datetime(2020, 2, 29, 0, 0), 0)\n"},
		{"reverse and concat of bytes", `r = d.select(F.hex(F.reverse("b")), F.hex(F.concat("b", "b"))).first()
print(r[:], d.select(F.concat("b", "b")).schema.simpleString())`,
			"('030201', '010203010203') struct<concat(b, b):binary>\n"},
		{"regexp_instr is where the match starts", `print(spark.range(1).select(F.regexp_instr(F.lit("ab12c"), F.lit(r"\d+(c)"), F.lit(1)), F.regexp_instr(F.lit("ab"), F.lit("z"))).first()[:])`,
			"(3, 0)\n"},
		{"strings beside numbers infer a string column", `r = spark.createDataFrame([[1], ["a"], [2.5], [True]], ["c"])
print(r.schema.simpleString(), [x.c for x in r.collect()])
print(spark.createDataFrame([(["a", 1],)], ["l"]).first().l)`,
			"struct<c:string> ['1', 'a', '2.5', 'true']\n['a', '1']\n"},
		{"unnamed Rows are tuples", `from pyspark.sql import Row
print(spark.createDataFrame([([Row(1, "a")],)], ["d"]).schema.simpleString())`,
			"struct<d:array<struct<_1:bigint,_2:string>>>\n"},
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
