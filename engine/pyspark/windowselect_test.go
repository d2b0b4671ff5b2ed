package pyspark

import (
	"strings"
	"testing"
)

// window() in a batch select as real PySpark 4.2 shows it (the functions corpus's
// fn_window golden): rows with a NULL time dropped, a sliding window's row once per
// window holding it, newest first.
func TestWindowInBatchSelect(t *testing.T) {
	src := `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
ts = spark.createDataFrame([("2024-02-29 23:59:59.123456",), (None,), ("1970-01-01 00:00:00",)], "s string").select(F.col("s").cast("timestamp").alias("t"))
ts.select(F.window("t", "1 hour")).show(truncate=False)
ts.select("t", F.window("t", "10 minutes", "5 minutes").alias("w")).show(truncate=False)
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `+------------------------------------------+
|window                                    |
+------------------------------------------+
|{2024-02-29 23:00:00, 2024-03-01 00:00:00}|
|{1970-01-01 00:00:00, 1970-01-01 01:00:00}|
+------------------------------------------+

+--------------------------+------------------------------------------+
|t                         |w                                         |
+--------------------------+------------------------------------------+
|2024-02-29 23:59:59.123456|{2024-02-29 23:55:00, 2024-03-01 00:05:00}|
|2024-02-29 23:59:59.123456|{2024-02-29 23:50:00, 2024-03-01 00:00:00}|
|1970-01-01 00:00:00       |{1970-01-01 00:00:00, 1970-01-01 00:10:00}|
|1970-01-01 00:00:00       |{1969-12-31 23:55:00, 1970-01-01 00:05:00}|
+--------------------------+------------------------------------------+`
	if got := strings.TrimSpace(out); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
