package sparkdiff

// The functions corpus is data: testdata/functions/cases.txt has one line per function of
// pyspark.sql.functions,
//
//	NAME  FIXTURE  CASE ;; CASE ;; ...
//
// where FIXTURE names one of the small DataFrames below (their rows are the edge cases:
// nulls, empty strings, unicode, extreme and negative numbers, dates at boundaries) and
// each CASE is a Python expression: a Column for the select fixtures, an aggregate for agg,
// a windowed column (W is the window) for win, a whole DataFrame for df. "$" stands for
// F.NAME. A case may start with "@tz=ZONE " to run under that session time zone. Each line
// becomes one script that shows every case with show(truncate=False), so adding a function
// is adding a line.

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// FuncSpec is one function's cases.
type FuncSpec struct {
	Name    string
	Fixture string
	Cases   []FuncCase
}

// FuncCase is one call, optionally under a session time zone.
type FuncCase struct {
	TZ   string
	Expr string
}

// fixtures are the DataFrames the cases run on; "select" fixtures are shown as
// fixture.select(case), agg as grouped by k, win over the window W, df is the case itself.
var fixtures = map[string]string{
	"one": `one = spark.createDataFrame([(1,)], "x int")`,
	"str": `str_df = spark.createDataFrame([
    ("Hello World", "o", 3),
    ("", "", 0),
    (None, "x", None),
    ("ünïcödé ß 東京", "ß", 2),
    ("  padded  ", " ", -1),
    ("a,b,,c", ",", 1),
    ("123", None, 5),
    ("-7.5e2", "e", 2),
], "s string, t string, n int")`,
	"num": `num = spark.createDataFrame([
    (0, 0, 0.0),
    (1, 1, 1.5),
    (-1, -1, -2.5),
    (2147483647, 9223372036854775807, 1e308),
    (-2147483648, -9223372036854775808, -1e-308),
    (None, None, None),
    (7, 100, float("nan")),
    (42, -12345, 2.675),
], "i int, l bigint, d double")`,
	"dec": `from decimal import Decimal
dec = spark.createDataFrame([
    (Decimal("0.00"), 3),
    (Decimal("1.10"), 0),
    (Decimal("-2.55"), 1),
    (Decimal("99999999.99"), -1),
    (None, 2),
    (Decimal("0.05"), None),
], "m decimal(10,2), p int")`,
	"ts": `ts = spark.createDataFrame([
    ("2024-02-29 23:59:59.123456", "2024-02-29", 1),
    ("1970-01-01 00:00:00", "1970-01-01", 0),
    ("1969-12-31 23:59:59.999999", "1969-12-31", -1),
    ("2000-01-01T12:00:00Z", "2000-01-01", 31),
    ("2024-03-10 02:30:00", "2024-03-10", 12),
    ("2024-11-03 01:30:00", "2024-11-03", -12),
    ("9999-12-31 23:59:59", "9999-12-31", 1),
    (None, None, None),
    ("2023-12-31 23:59:59", "2023-12-31", 366),
], "s string, ds string, n int").select("s", "ds", "n", F.col("s").cast("timestamp").alias("t"), F.col("ds").cast("date").alias("d"))`,
	"arr": `arr = spark.createDataFrame([
    ([1, 2, 3], ["x", "y"], {"k": 1}, 2),
    ([], [], {}, 1),
    (None, None, None, None),
    ([3, None, 1, 3], ["b", None, "a"], {"a": None, "b": 2}, -1),
    ([-5, 0], ["ü"], {"ü": -1}, 0),
], "a array<int>, b array<string>, m map<string,int>, n int")`,
	"json": `js = spark.createDataFrame([
    ('{"a": 1, "b": [1, 2], "c": {"d": "x"}}',),
    ('{"a": null}',),
    ('not json',),
    (None,),
    ('[1, 2, 3]',),
    ('{"a": 1.5e3, "u": "\\u00fc"}',),
], "j string")`,
	"grp": `grp = spark.createDataFrame([
    ("a", 1, 1.0, "x"),
    ("a", 2, None, "y"),
    ("b", None, 3.5, None),
    ("b", 4, -1.0, "z"),
    ("a", 2, 2.0, "x"),
    ("c", None, None, None),
], "k string, v int, d double, s string")`,
}

// fixtureNames orders the fixtures as a script defines them.
var fixtureNames = []string{"one", "str", "num", "dec", "ts", "arr", "json", "grp"}

// mentions says whether a case of f names the Python variable v.
func (f FuncSpec) mentions(v string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(v) + `\b`)
	for _, c := range f.Cases {
		if re.MatchString(c.Expr) {
			return true
		}
	}
	return false
}

// fixtureVar is the Python name of each fixture's DataFrame.
var fixtureVar = map[string]string{"one": "one", "str": "str_df", "num": "num", "dec": "dec", "ts": "ts", "arr": "arr", "json": "js", "grp": "grp"}

var caseLineRe = regexp.MustCompile(`^(\S+)\s+(\S+)\s+(\S.*)$`)

// LoadFunctionCases reads the cases file.
func LoadFunctionCases(path string) ([]FuncSpec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []FuncSpec
	seen := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := caseLineRe.FindStringSubmatch(line)
		if f == nil {
			return nil, fmt.Errorf("%s:%d: want 'NAME FIXTURE CASE ;; CASE'", path, i+1)
		}
		name, fix, rest := f[1], f[2], f[3]
		if _, ok := fixtures[fix]; !ok && fix != "agg" && fix != "win" && fix != "df" {
			return nil, fmt.Errorf("%s:%d: fixture %q is none of one str num dec ts arr json agg win df", path, i+1, fix)
		}
		if seen[name] {
			return nil, fmt.Errorf("%s:%d: %s has a line already", path, i+1, name)
		}
		seen[name] = true
		spec := FuncSpec{Name: name, Fixture: fix}
		for _, c := range strings.Split(rest, ";;") {
			c = strings.TrimSpace(c)
			var fc FuncCase
			if strings.HasPrefix(c, "@tz=") {
				tz, e, _ := strings.Cut(c, " ")
				fc.TZ, c = strings.TrimPrefix(tz, "@tz="), strings.TrimSpace(e)
			}
			if c == "" {
				return nil, fmt.Errorf("%s:%d: an empty case", path, i+1)
			}
			fc.Expr = strings.ReplaceAll(c, "$", "F."+name)
			spec.Cases = append(spec.Cases, fc)
		}
		out = append(out, spec)
	}
	return out, nil
}

// ScriptName is the corpus name of a function's script.
func (f FuncSpec) ScriptName() string { return "fn_" + f.Name }

// Script is the PySpark script that shows every case of the function.
func (f FuncSpec) Script() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Generated from lab/testharness/sparkdiff/testdata/functions/cases.txt: pyspark.sql.functions.%s\n", f.Name)
	b.WriteString("from pyspark.sql import SparkSession\nfrom pyspark.sql import functions as F\n")
	if f.Fixture == "win" {
		b.WriteString("from pyspark.sql import Window\n")
	}
	b.WriteString("\nspark = SparkSession.builder.getOrCreate()\n")
	fix := f.Fixture
	if fix == "agg" || fix == "win" {
		fix = "grp"
	}
	for _, name := range fixtureNames {
		if name == fix || (f.Fixture == "df" && f.mentions(fixtureVar[name])) {
			b.WriteString(fixtures[name] + "\n")
		}
	}
	if f.Fixture == "win" {
		b.WriteString(`W = Window.partitionBy("k").orderBy("v", "d")` + "\n")
	}
	b.WriteString(showHelper)
	// Grouped and windowed rows are put in order by the columns that tell them apart
	// (auto-generated names such as percentile(v, 0.5, 1) do not resolve as names).
	order := map[string]string{"agg": `["k"]`, "win": `["k", "v", "d"]`}[f.Fixture]
	if order == "" {
		order = "[]"
	}
	fmt.Fprintf(&b, "ORDER = %s\n", order)
	for _, c := range f.Cases {
		if c.TZ != "" {
			fmt.Fprintf(&b, "spark.conf.set(\"spark.sql.session.timeZone\", %q)\n", c.TZ)
		}
		label := c.Expr
		if c.TZ != "" {
			label = "[" + c.TZ + "] " + label
		}
		var df string
		switch f.Fixture {
		case "agg":
			df = fmt.Sprintf("grp.groupBy(\"k\").agg(%s)", c.Expr)
		case "win":
			df = fmt.Sprintf("grp.select(\"k\", \"v\", \"d\", %s)", c.Expr)
		case "df":
			df = c.Expr
		default:
			df = fmt.Sprintf("%s.select(%s)", fixtureVar[f.Fixture], c.Expr)
		}
		fmt.Fprintf(&b, "show(%s, lambda: %s)\n", pyString(label), df)
		if c.TZ != "" {
			b.WriteString("spark.conf.set(\"spark.sql.session.timeZone\", \"UTC\")\n")
		}
	}
	return b.String()
}

// showHelper prints one case: its label, then its rows or the error it raised (Spark's
// error condition, or the first line of the message), so one failing case does not hide
// the others.
const showHelper = `

def show(label, make):
    print("-- " + label)
    try:
        df = make()
        (df.orderBy(*ORDER) if ORDER else df).show(truncate=False)
    except Exception as e:
        condition = getattr(e, "getCondition", None)
        condition = condition() if callable(condition) else None
        print("error:", type(e).__name__, condition or str(e).strip().split("\n")[0])


`

// pyString quotes s as a Python string literal.
func pyString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`)
	return "'" + r.Replace(s) + "'"
}
