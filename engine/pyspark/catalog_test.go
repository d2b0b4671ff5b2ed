package pyspark

import "testing"

// The catalog lists Delta tables first, then temporary views, in pyspark's Table form, and
// SHOW TABLES gives Spark's three columns.
func TestCatalogListTablesAndShowTables(t *testing.T) {
	src := `spark = SparkSession.builder.getOrCreate()
print(spark.catalog.listTables())
spark.createDataFrame([(1, "a")], "id INT, s STRING").write.format("delta").saveAsTable("orders")
spark.createDataFrame([(2,)], "n INT").createOrReplaceTempView("v")
for t in spark.catalog.listTables():
    print(t)
print(spark.catalog.listTables()[0].name, spark.catalog.tableExists("orders"), spark.catalog.tableExists("nope"))
spark.sql("SHOW TABLES").show()
`
	out, err := runSnippet(t, "from pyspark.sql import SparkSession\n"+src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[]
Table(name='orders', catalog='spark_catalog', namespace=['default'], description=None, tableType='MANAGED', isTemporary=False)
Table(name='v', catalog=None, namespace=[], description=None, tableType='TEMPORARY', isTemporary=True)
orders True False
+---------+---------+-----------+
|namespace|tableName|isTemporary|
+---------+---------+-----------+
|  default|   orders|      false|
|         |        v|       true|
+---------+---------+-----------+

`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}
