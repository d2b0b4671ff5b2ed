package sqltypes

import "testing"

// A result without columns shows as Spark's: PySpark 4.2.0 printed
// spark.sql("DECLARE VARIABLE v1 INT DEFAULT 7").show() as these four lines.
func TestShowStringNoColumns(t *testing.T) {
	if got, want := ShowString(&StructType{}, nil, ShowOptions{NumRows: 20, Truncate: 20}), "++\n||\n++\n++\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
