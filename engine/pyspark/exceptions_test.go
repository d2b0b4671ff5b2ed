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

// A value classic PySpark hands straight to a JVM method that takes no argument of its
// type is py4j's Py4JError, a plain Exception without a condition (corpus sql35).
func TestPy4JErrorForAnUncheckedArgument(t *testing.T) {
	got, err := runSnippet(t, sessionPrelude+`
for bad in ["3", 2.5, True]:
    try:
        df.limit(bad)
    except Exception as e:
        print(type(e).__name__, type(e).__module__, getattr(e, "getCondition", None), str(e).splitlines()[-1])
print(df.limit(1).count(), df.coalesce(1).count() > 0)
`, nil)
	want := "Py4JError py4j.protocol None py4j.Py4JException: Method limit([class java.lang.String]) does not exist\n" +
		"Py4JError py4j.protocol None py4j.Py4JException: Method limit([class java.lang.Double]) does not exist\n" +
		"Py4JError py4j.protocol None py4j.Py4JException: Method limit([class java.lang.Boolean]) does not exist\n" +
		"1 True\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}

// DataFrame.colRegex: a backticked name is a regular expression over the column names, a
// plain one the column itself; a non-string is PySpark's NOT_EXPECTED_TYPE.
func TestColRegexFromPython(t *testing.T) {
	got, err := runSnippet(t, `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
two = spark.createDataFrame([("a", 1)], ["Col1", "Col2"])
print(two.select(two.colRegex("`+"`(Col1)?+.+`"+`")).columns, two.select(two.colRegex("Col1")).columns)
try:
    two.colRegex(3)
except Exception as e:
    print(type(e).__name__, e.getCondition())
`, nil)
	want := "['Col2'] ['Col1']\nPySparkTypeError NOT_EXPECTED_TYPE\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}

// A SparkException PySpark has no class for (a FAILFAST read, parse_json of bad text) is
// re-raised by classic PySpark as py4j's Py4JJavaError, without a condition; its text
// names the JVM call and the Java exception (real PySpark 4.2: `spark.read.schema("a INT,
// b STRING").option("mode", "FAILFAST").json(path).collect()` and
// `spark.sql("select parse_json('{a')").collect()` print these types and first lines).
func TestPlainSparkExceptionIsPy4JJavaError(t *testing.T) {
	got, err := runSnippet(t, sessionPrelude+`
for q in ["select parse_json('{a')"]:
    try:
        spark.sql(q).collect()
    except Exception as e:
        lines = str(e).splitlines()
        print(type(e).__name__, type(e).__module__, getattr(e, "getCondition", None))
        print(lines[0].replace("o0.", "oN."))
        print(lines[1])
`, nil)
	want := "Py4JJavaError py4j.protocol None\n" +
		"An error occurred while calling oN.collectToPython.\n" +
		": org.apache.spark.SparkException: [MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION] Malformed records are detected in record parsing: {a.\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}
