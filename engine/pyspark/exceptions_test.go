package pyspark

import "testing"

// A Row's keyword fields keep their order, as in PySpark 3+.
func TestRowKeywordOrder(t *testing.T) {
	got, err := runSnippet(t, "from pyspark.sql import Row\nprint(Row(z=1, a=2))\n", nil)
	if err != nil || got != "Row(z=1, a=2)\n" {
		t.Fatalf("got %q %v", got, err)
	}
}

// Exceptions the bindings raise are classes under Exception, so `except Exception`
// catches them; exception classes a learner defines work as in CPython.
func TestBindingExceptionsAreCaught(t *testing.T) {
	got, err := runSnippet(t, sessionPrelude+`
try:
    df.select("no_such_column")
except Exception as e:
    print("caught", type(e).__name__, isinstance(e, Exception))
try:
    df.toPandas()
except BaseException as e:
    print("caught", type(e).__name__)
class BadOrder(ValueError):
    def __init__(self, order_id):
        super().__init__("bad order %d" % order_id)
        self.order_id = order_id
try:
    raise BadOrder(7)
except ValueError as e:
    print(e, e.order_id, repr(e))
`, nil)
	want := "caught AnalysisException True\ncaught PySparkNotImplementedError\nbad order 7 7 BadOrder('bad order 7')\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}
