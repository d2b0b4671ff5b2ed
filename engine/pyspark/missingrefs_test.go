package pyspark

import (
	"strings"
	"testing"
)

// A filter after a select may name a column the select dropped; Spark resolves it against
// the select's input (corpus g02 on PySpark 4.2). A name in neither stays an error.
func TestFilterResolvesAgainstSelectInput(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("d1", 5.0), ("d2", 15.5), ("d3", 30.0)], "device string, signal double")
s = df.select("device").where("signal > 10")
print(s.columns, [r.device for r in s.collect()])
try:
    df.select("device").where("nope > 1")
except Exception as e:
    print(type(e).__name__, str(e).split("]")[0])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := "['device'] ['d2', 'd3']\nAnalysisException [UNRESOLVED_COLUMN.WITH_SUGGESTION\n"
	if !strings.Contains(out, want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
