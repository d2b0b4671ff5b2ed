package pyspark

import "testing"

func TestJoinArguments(t *testing.T) {
	out, err := runSnippet(t, `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
emp = spark.createDataFrame([(1, "Ann", 10), (2, "Ben", 20), (3, "Cid", None)], "id int, name string, dept int")
dept = spark.createDataFrame([(10, "Sales"), (30, "Legal")], "dept int, title string")
print(emp.join(dept, "dept").collect())
print(emp.join(dept, ["dept"], "left").orderBy("id").collect())
print(emp.join(dept, emp.dept == dept.dept, "right").select("name", "title").orderBy("title").collect())
print(emp.join(dept, [emp.dept == dept.dept, emp.id > 0]).count(), emp.crossJoin(dept).count(), emp.join(dept).count())
e, d = emp.alias("e"), dept.alias("d")
print(e.join(d, e["dept"] == d["dept"], "left_anti").select("e.name").collect())
try:
    emp.join(dept, 3)
except Exception as x:
    print(type(x).__name__, x)
`, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `[Row(dept=10, id=1, name='Ann', title='Sales')]
[Row(dept=10, id=1, name='Ann', title='Sales'), Row(dept=20, id=2, name='Ben', title=None), Row(dept=None, id=3, name='Cid', title=None)]
[Row(name=None, title='Legal'), Row(name='Ann', title='Sales')]
1 6 6
[Row(name='Ben'), Row(name='Cid')]
PySparkTypeError [NOT_EXPECTED_TYPE] Argument ` + "`on`" + ` should be a Column, list or str, got int.
`
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
