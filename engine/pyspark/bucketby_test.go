package pyspark

import (
	"strings"
	"testing"
)

// TestWriterBucketingErrors: what PySpark 4.2.0 raised for DataFrameWriter.bucketBy and
// sortBy outside saveAsTable (python/pyspark/sql/readwriter.py docstrings), and for a
// memory sink without queryName.
func TestWriterBucketingErrors(t *testing.T) {
	prelude := "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\n" +
		"df = spark.createDataFrame([(1, 'a')], 'id int, v string')\n" +
		"def err(f):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e.getCondition(), str(e).splitlines()[0])\n"
	for _, tc := range []struct{ call, want string }{
		{`df.write.bucketBy(2, "id").parquet("b")`, "AnalysisException _LEGACY_ERROR_TEMP_1312 'save' does not support bucketBy right now."},
		{`df.write.bucketBy(2, "id").sortBy("v").json("b3")`, "AnalysisException _LEGACY_ERROR_TEMP_1313 'save' does not support bucketBy and sortBy right now."},
		{`df.write.sortBy("id").parquet("b2")`, "AnalysisException SORT_BY_WITHOUT_BUCKETING [SORT_BY_WITHOUT_BUCKETING] sortBy must be used together with bucketBy. SQLSTATE: 42601"},
		{`spark.readStream.format("rate").load().writeStream.format("memory").start()`, "AnalysisException _LEGACY_ERROR_TEMP_1194 queryName must be specified for memory sink."},
	} {
		out, err := runSnippet(t, prelude+"err(lambda: "+tc.call+")\n", nil)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.call, err, out)
		}
		if got := strings.TrimSpace(out); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.call, got, tc.want)
		}
	}
}
