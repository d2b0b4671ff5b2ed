package pyspark

import "testing"

// spark.catalog.listColumns prints pyspark.sql.catalog.Column tuples (catalog type strings),
// functionExists knows built-in and registered functions, and a missing table is Spark's
// TABLE_OR_VIEW_NOT_FOUND.
func TestListColumnsFunctionExists(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.createDataFrame([(1, "a", [1.5])], "id bigint, s string, xs array<double>").createOrReplaceTempView("v")
print(spark.catalog.listColumns("v"))
print(spark.catalog.functionExists("upper"), spark.catalog.functionExists("no_such_fn"))
spark.udf.register("plus_one", lambda x: x + 1, "int")
print(spark.catalog.functionExists("plus_one"))
try:
    spark.catalog.listColumns("missing")
except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0][:60])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Column(name='id', description=None, dataType='bigint', nullable=True, isPartition=False, isBucket=False, isCluster=False), Column(name='s', description=None, dataType='string', nullable=True, isPartition=False, isBucket=False, isCluster=False), Column(name='xs', description=None, dataType='array<double>', nullable=True, isPartition=False, isBucket=False, isCluster=False)]
True False
True
AnalysisException [TABLE_OR_VIEW_NOT_FOUND] The table or view ` + "`" + `missing` + "`" + ` cannot
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
