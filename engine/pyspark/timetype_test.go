package pyspark

import "testing"

// datetime.time values and TimeType as PySpark 4.2 shows them (real Spark's output for the
// same lines, spark.sql.timeType.enabled set to true as Spark's own tests set it: the CAST
// to TIME below needs it).
func TestTimeTypeInPython(t *testing.T) {
	src := `
import datetime
from pyspark.sql import SparkSession, functions as sf, types as T
spark = SparkSession.builder.config("spark.sql.timeType.enabled", "true").getOrCreate()
df = spark.createDataFrame([(datetime.time(1, 2, 3, 456789),), (datetime.time(23, 59, 59),)], ["t"])
print(df.schema)
df.show()
print(spark.createDataFrame([(datetime.time(1, 2, 3, 456789),)], "t time(3)").collect())
print(spark.range(1).select(sf.lit(datetime.time(1, 2, 3, 4))).collect())
tt = T.TimeType(3)
print(tt.typeName(), tt.simpleString(), tt.jsonValue(), repr(tt), tt.precision)
print(spark.sql("select TIME '12:34:56' a, CAST('12:34' AS TIME(3)) b").dtypes)
df = spark.createDataFrame([("10:30:00", "HH:mm:ss")], ["str", "format"])
print(df.select(sf.make_timestamp(date=sf.lit(datetime.date(2014, 12, 28)), time=sf.lit(datetime.time(6, 30, 45, 887000)))).collect())
try:
    sf.make_timestamp(2014, date=sf.lit(datetime.date(2014, 12, 28)))
except Exception as e:
    print(type(e).__name__, e)
`
	want := `StructType([StructField('t', TimeType(6), True)])
+---------------+
|              t|
+---------------+
|01:02:03.456789|
|       23:59:59|
+---------------+

[Row(t=datetime.time(1, 2, 3, 456789))]
[Row(TIME '01:02:03.000004'=datetime.time(1, 2, 3, 4))]
time time(3) time(3) TimeType(3) 3
[('a', 'time(6)'), ('b', 'time(3)')]
[Row(make_timestamp(DATE '2014-12-28', TIME '06:30:45.887')=datetime.datetime(2014, 12, 28, 6, 30, 45, 887000))]
PySparkValueError [CANNOT_SET_TOGETHER] years|months|days|hours|mins|secs and date|time should not be set together.
`
	got, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
