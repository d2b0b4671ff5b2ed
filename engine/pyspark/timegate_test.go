package pyspark

import "testing"

// spark.sql.timeType.enabled both ways in one script: unset (false, PySpark 4.2's default)
// the TIME computations fail with UNSUPPORTED_TIME_TYPE when the DataFrame is built (the
// write and count when they run) while TIME values themselves work; after
// spark.conf.set(..., "true") at runtime, on the same DataFrame, everything works. want is
// what real PySpark 4.2.0 printed for this script.
func TestTimeTypeEnabledScript(t *testing.T) {
	src := `import datetime
from pyspark.sql import SparkSession, functions as sf
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(datetime.time(1, 2, 3), "01:00", 1)], "t time, s string, n int")

def attempt(label, f):
    try:
        r = f()
        if hasattr(r, "collect"):
            r = r.collect()
        print(label, "->", r)
    except Exception as e:
        print(label, "->", type(e).__name__, e.getCondition(), e.getSqlState(), str(e))

def run(off):
    print("enabled:", spark.conf.get("spark.sql.timeType.enabled"))
    attempt("literal", lambda: spark.sql("SELECT TIME '12:00:01.5' AS a").collect())
    attempt("lit", lambda: df.select(sf.lit(datetime.time(12, 0)).alias("a")).collect())
    attempt("select", lambda: df.select("t").collect())
    attempt("current_time", lambda: df.select(sf.current_time().isNotNull().alias("a")).collect())
    attempt("make_timestamp", lambda: df.select(sf.make_timestamp(date=sf.lit(datetime.date(2020, 1, 1)), time="t").alias("a")).collect())
    attempt("cast", lambda: df.select(sf.col("s").cast("time").alias("a")))
    attempt("make_time", lambda: df.select(sf.make_time(sf.lit(1), sf.lit(2), sf.lit(3)).alias("a")))
    attempt("hour", lambda: df.select(sf.hour("t").alias("a")))
    attempt("sql interval", lambda: spark.sql("SELECT TIME '01:00' + INTERVAL '1' HOUR AS a"))
    attempt("compare string", lambda: df.filter(sf.col("t") > sf.col("s")))
    attempt("coalesce string", lambda: df.select(sf.coalesce("t", "s").alias("a")))
    attempt("groupBy", lambda: df.groupBy("n").count())
    attempt("count", lambda: df.count())
    attempt("sql group by", lambda: spark.sql("SELECT n, count(*) AS c FROM v GROUP BY n").collect())
    attempt("write", lambda: df.write.mode("overwrite").parquet("out"))
    if off:
        attempt("create table", lambda: spark.sql("CREATE TABLE tg (x TIME) USING parquet"))

df.createOrReplaceTempView("v")
run(True)
spark.conf.set("spark.sql.timeType.enabled", "true")
run(False)
attempt("bad value", lambda: spark.conf.set("spark.sql.timeType.enabled", "yes"))
spark.conf.unset("spark.sql.timeType.enabled")
print("unset:", spark.conf.get("spark.sql.timeType.enabled"))
`
	want := `enabled: false
literal -> [Row(a=datetime.time(12, 0, 1, 500000))]
lit -> [Row(a=datetime.time(12, 0))]
select -> [Row(t=datetime.time(1, 2, 3))]
current_time -> [Row(a=True)]
make_timestamp -> [Row(a=datetime.datetime(2020, 1, 1, 1, 2, 3))]
cast -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
make_time -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
hour -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
sql interval -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
compare string -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
coalesce string -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
groupBy -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
count -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
sql group by -> [Row(n=1, c=1)]
write -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
create table -> AnalysisException UNSUPPORTED_TIME_TYPE 0A000 [UNSUPPORTED_TIME_TYPE] The data type TIME is not supported. SQLSTATE: 0A000
enabled: true
literal -> [Row(a=datetime.time(12, 0, 1, 500000))]
lit -> [Row(a=datetime.time(12, 0))]
select -> [Row(t=datetime.time(1, 2, 3))]
current_time -> [Row(a=True)]
make_timestamp -> [Row(a=datetime.datetime(2020, 1, 1, 1, 2, 3))]
cast -> [Row(a=datetime.time(1, 0))]
make_time -> [Row(a=datetime.time(1, 2, 3))]
hour -> [Row(a=1)]
sql interval -> [Row(a=datetime.time(2, 0))]
compare string -> [Row(t=datetime.time(1, 2, 3), s='01:00', n=1)]
coalesce string -> [Row(a=datetime.time(1, 2, 3))]
groupBy -> [Row(n=1, count=1)]
count -> 1
sql group by -> [Row(n=1, c=1)]
write -> None
bad value -> IllegalArgumentException INVALID_CONF_VALUE.TYPE_MISMATCH 22022 [INVALID_CONF_VALUE.TYPE_MISMATCH] The value 'yes' in the config "spark.sql.timeType.enabled" is invalid. It should be a/an 'boolean' value. SQLSTATE: 22022
unset: false
`
	got, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// The conf set by the builder, as a session starts with it (real PySpark 4.2.0's output).
func TestTimeTypeEnabledBuilder(t *testing.T) {
	src := `
from pyspark.sql import SparkSession, functions as sf
spark = SparkSession.builder.config("spark.sql.timeType.enabled", "true").getOrCreate()
print(spark.conf.get("spark.sql.timeType.enabled"))
print(spark.range(1).select(sf.make_time(sf.lit(1), sf.lit(2), sf.lit(3))).collect())
`
	want := `true
[Row(make_time(1, 2, 3)=datetime.time(1, 2, 3))]
`
	got, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
