package sparkerrors

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestTemplatesAndStates(t *testing.T) {
	cases := []struct {
		class, sqlState, prefix string
		pyspark                 bool
	}{
		{"UNRESOLVED_COLUMN.WITH_SUGGESTION", "42703", "A column, variable, or function parameter with name <objectName> cannot be resolved. Did you mean one of the following? [<proposal>].", false},
		{"STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION", "42KDE", "Invalid streaming output mode: <outputMode>. This output mode is not supported for <operation> on streaming DataFrames/DataSets.", false},
		{"_LEGACY_ERROR_TEMP_3102", "", "<msg>", false},
		{"NOT_EXPECTED_TYPE", "42K09", "Argument `<arg_name>` should be <expected_type>, got <arg_type>.", true},
	}
	for _, c := range cases {
		get := Template
		if c.pyspark {
			get = PySparkTemplate
		}
		tmpl, st, ok := get(c.class)
		if !ok || tmpl != c.prefix || st != c.sqlState {
			t.Errorf("%s: got %q %q %v, want %q %q", c.class, tmpl, st, ok, c.prefix, c.sqlState)
		}
	}
	for _, bad := range []string{"UNRESOLVED_COLUMN", "NO_SUCH_CONDITION", "UNRESOLVED_COLUMN.NOPE"} {
		if _, _, ok := Template(bad); ok {
			t.Errorf("%s: a template for a condition Spark cannot raise", bad)
		}
	}
}

func TestNewRendersParameters(t *testing.T) {
	e := New(AnalysisException, "UNRESOLVED_COLUMN.WITH_SUGGESTION", "objectName", "`nme`", "proposal", "`name`, `id`")
	want := "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `nme` cannot be resolved. Did you mean one of the following? [`name`, `id`]."
	if e.Error() != want {
		t.Fatalf("Error() = %q", e.Error())
	}
	if e.Text() != want+" SQLSTATE: 42703" {
		t.Fatalf("Text() = %q", e.Text())
	}
	if p := e.Parameters(); len(p) != 2 || p[0] != (Param{"objectName", "`nme`"}) || p[1] != (Param{"proposal", "`name`, `id`"}) {
		t.Fatalf("params %v", p)
	}
	py := New(PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "subset", "expected_type", "list or tuple", "arg_type", "str")
	if py.Text() != "[NOT_EXPECTED_TYPE] Argument `subset` should be list or tuple, got str." || py.SQLState() != "42K09" {
		t.Fatalf("%q %q", py.Text(), py.SQLState())
	}
	l := Legacy("Sorting is not supported")
	if l.Text() != "Sorting is not supported;" || l.Error() != "Sorting is not supported" {
		t.Fatalf("legacy %q %q", l.Text(), l.Error())
	}
}

// A message written without its parameters gives them back through the template.
func TestParametersReadBackFromMessage(t *testing.T) {
	e := &Error{Class: "STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION",
		Message: "Invalid streaming output mode: append. This output mode is not supported for streaming aggregations without watermark on streaming DataFrames/DataSets."}
	p := e.Parameters()
	if len(p) != 2 || p[0].Value != "append" || p[1].Value != "streaming aggregations without watermark" {
		t.Fatalf("%v", p)
	}
	e.Message = "something else"
	if p := e.Parameters(); p != nil {
		t.Fatalf("a message in other words gave %v", p)
	}
}

// The embedded catalogs are byte for byte the ones PySpark 4.2 ships, when the real-Spark
// tier's install is here to compare with.
func TestCatalogsAreSparks(t *testing.T) {
	venv := os.Getenv("KAFKALAB_SPARK_VENV")
	if venv == "" {
		home, _ := os.UserHomeDir()
		venv = filepath.Join(home, ".cache", "kafkalab", "spark-venv")
	}
	matches, _ := filepath.Glob(filepath.Join(venv, "lib", "python3*", "site-packages", "pyspark"))
	if len(matches) == 0 {
		t.Skip("no PySpark install to compare with (scripts/spark/install.sh makes one)")
	}
	pyspark := matches[0]
	want, err := os.ReadFile(filepath.Join(pyspark, "errors", "error-conditions.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := catalogFiles.ReadFile("conditions/pyspark-error-conditions.json")
	if !bytes.Equal(got, want) {
		t.Error("conditions/pyspark-error-conditions.json is not PySpark's")
	}
	jars, _ := filepath.Glob(filepath.Join(pyspark, "jars", "spark-common-utils_*.jar"))
	if len(jars) == 0 {
		t.Skip("no spark-common-utils jar")
	}
	if _, err := exec.LookPath("unzip"); err != nil {
		t.Skip("no unzip")
	}
	out, err := exec.Command("unzip", "-p", jars[0], "error/error-conditions.json").Output()
	if err != nil {
		t.Fatal(err)
	}
	got, _ = catalogFiles.ReadFile("conditions/spark-error-conditions.json")
	if !bytes.Equal(got, out) {
		t.Error("conditions/spark-error-conditions.json is not the one in " + jars[0])
	}
	deltaJars, _ := filepath.Glob(filepath.Join(filepath.Dir(venv), "spark-4.2.0", "jars", "delta-spark_*.jar"))
	if len(deltaJars) == 0 {
		return
	}
	out, err = exec.Command("unzip", "-p", deltaJars[0], "error/delta-error-classes.json").Output()
	if err != nil {
		t.Fatal(err)
	}
	got, _ = catalogFiles.ReadFile("conditions/delta-error-classes.json")
	if !bytes.Equal(got, out) {
		t.Error("conditions/delta-error-classes.json is not the one in " + deltaJars[0])
	}
}
