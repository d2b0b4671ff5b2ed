package pyspark

import "testing"

// rangeBetween over an order Spark cannot take offsets for: a STRING or BOOLEAN order is
// SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE (Spark casts the offsets to the order's type), a
// DATE order RANGE_FRAME_INVALID_TYPE, each with its parameters in Spark's order. The want
// is PySpark 4.2.0's output for this script, byte for byte.
func TestRangeBetweenOverNonNumericOrder(t *testing.T) {
	got, err := runSnippet(t, `from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("a", 1, True, "2020-01-01")], "name string, v int, b boolean, d string").withColumn("dt", F.to_date("d"))
for label, w in [("string", Window.orderBy("name").rangeBetween(-1, 0)), ("string upper", Window.orderBy("name").rangeBetween(Window.unboundedPreceding, 2)),
                 ("bool", Window.orderBy("b").rangeBetween(-1, 0)), ("date", Window.orderBy("dt").rangeBetween(-1, 0))]:
    try:
        df.select(F.sum("v").over(w)).collect()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, e.getCondition(), e.getMessageParameters())
`, nil)
	if err != nil {
		t.Fatal(err)
	}
	const expected = `("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")`
	want := `string AnalysisException DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE {'location': 'lower', 'exprType': '"STRING"', 'expectedType': '` + expected + `', 'sqlExpr': '"RANGE BETWEEN -1 FOLLOWING AND CURRENT ROW"'}
string upper AnalysisException DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE {'location': 'upper', 'exprType': '"STRING"', 'expectedType': '` + expected + `', 'sqlExpr': '"RANGE BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING"'}
bool AnalysisException DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE {'location': 'lower', 'exprType': '"BOOLEAN"', 'expectedType': '` + expected + `', 'sqlExpr': '"RANGE BETWEEN -1 FOLLOWING AND CURRENT ROW"'}
date AnalysisException DATATYPE_MISMATCH.RANGE_FRAME_INVALID_TYPE {'orderSpecType': '"DATE"', 'valueBoundaryType': '"BIGINT"', 'sqlExpr': '"(ORDER BY dt ASC NULLS FIRST RANGE BETWEEN -1 FOLLOWING AND CURRENT ROW)"'}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
