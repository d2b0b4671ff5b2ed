package pyspark

import "testing"

// Python UDTFs as the udtf.py example of Spark uses them; the expected output is what the
// example's comments say Spark prints.
func TestUDTFs(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
from pyspark.sql.functions import lit, udtf
spark = SparkSession.builder.getOrCreate()

class SimpleUDTF:
    def eval(self, x: int, y: int):
        yield x + y, x - y

udtf(SimpleUDTF, returnType="c1: int, c2: int")(lit(1), lit(2)).show()

@udtf(returnType="c1: int, c2: int")
class PlusOne:
    def eval(self, x: int):
        yield x, x + 1

spark.udtf.register("plus_one", PlusOne)
spark.sql("SELECT * FROM VALUES (0, 1), (1, 2) t(x, y), LATERAL plus_one(x)").show()

@udtf(returnType="cnt: int")
class CountUDTF:
    def __init__(self):
        self.count = 0
    def eval(self, x):
        self.count += 1
    def terminate(self):
        yield self.count,

spark.udtf.register("count_udtf", CountUDTF)
spark.sql("SELECT * FROM range(0, 10, 1, 1), LATERAL count_udtf(id)").show()
try:
    udtf(lambda x: x, returnType="a: int")
except Exception as e:
    print(e.getCondition())
try:
    spark.udtf.register("f", SimpleUDTF)
except Exception as e:
    print(e.getCondition())
`
	want := `+---+---+
| c1| c2|
+---+---+
|  3| -1|
+---+---+

+---+---+---+---+
|  x|  y| c1| c2|
+---+---+---+---+
|  0|  1|  0|  1|
|  1|  2|  1|  2|
+---+---+---+---+

+---+---+
| id|cnt|
+---+---+
|  9| 10|
+---+---+

INVALID_UDTF_HANDLER_TYPE
CANNOT_REGISTER_UDTF
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
