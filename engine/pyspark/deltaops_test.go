package pyspark

import (
	"strings"
	"testing"
)

// DeltaTable's changing methods run through the bindings and check their arguments with
// delta-spark's Python wording.
func TestDeltaTableOpsBindings(t *testing.T) {
	src := `from pyspark.sql import SparkSession
from pyspark.sql.functions import col, lit
from delta.tables import DeltaTable
spark = SparkSession.builder.getOrCreate()
spark.createDataFrame([(1, "a"), (2, "b"), (3, "c")], "id INT, v STRING").write.format("delta").save("tables/t")
t = DeltaTable.forPath(spark, "tables/t")
print(t.delete(col("id") == 3))
t.update("id = 1", {"v": lit("A")})
src = spark.createDataFrame([(2, "B"), (4, "d")], "id INT, v STRING")
t.alias("t").merge(src.alias("s"), "t.id = s.id").whenMatchedUpdateAll().whenNotMatchedInsert(values={"id": "s.id", "v": col("s.v")}).execute().show()
print(sorted(tuple(r) for r in t.toDF().collect()))
print([r.operation for r in t.history().collect()])
t.restoreToVersion(1).select("num_of_files_after_restore").show()
for bad in [lambda: t.delete(3), lambda: t.update("id = 1", None), lambda: t.update("id = 1", ["v"]),
            lambda: t.update("id = 1", {1: "x"}), lambda: t.update("id = 1", {"v": 1}), lambda: t.merge(src, None),
            lambda: t.optimize().executeZOrderBy("id")]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `None
+-----------------+----------------+----------------+-----------------+
|num_affected_rows|num_updated_rows|num_deleted_rows|num_inserted_rows|
+-----------------+----------------+----------------+-----------------+
|                2|               1|               0|                1|
+-----------------+----------------+----------------+-----------------+

[(1, 'A'), (2, 'B'), (4, 'd')]
['MERGE', 'UPDATE', 'DELETE', 'WRITE']
+--------------------------+
|num_of_files_after_restore|
+--------------------------+
|                         2|
+--------------------------+

TypeError: 'condition' must be a Spark SQL Column or a string (expression in SQL syntax), found to be of type <class 'int'>
ValueError: 'set' cannot be None
TypeError: 'set' must be a dict, found to be <class 'list'>
TypeError: Keys of dict in 'set' must contain only strings with column names, found '1' of type '<class 'int'>
TypeError: Values of dict in 'set' must contain only Spark SQL Columns or strings (expressions in SQL syntax) as values, found '1' of type '<class 'int'>'
ValueError: 'condition' cannot be None
`
	if !strings.HasPrefix(out, want) {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	if !strings.Contains(out, "DeltaOptimizeBuilder.executeZOrderBy") {
		t.Errorf("Z-ordering is not refused by name:\n%s", out)
	}
}
