package pyspark

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDatetimeModuleAsCPython runs testdata/datetime_module.py (timedelta, date, time,
// datetime, timezone: arithmetic, strftime/strptime, fromisoformat, aware datetimes and
// CPython's errors) and compares its output with CPython 3.11's, recorded in the golden;
// where python3 is installed the golden is checked against it too.
func TestDatetimeModuleAsCPython(t *testing.T) {
	src, err := os.ReadFile("testdata/datetime_module.py")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/datetime_module.golden")
	if err != nil {
		t.Fatal(err)
	}
	if py, err := exec.LookPath("python3"); err == nil {
		cmd := exec.Command(py, "-")
		cmd.Dir = t.TempDir()
		cmd.Stdin = bytes.NewReader(src)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("python3: %v\n%s", err, out)
		}
		if !bytes.Equal(out, want) {
			t.Fatalf("datetime_module.golden is not what python3 prints:\n%s", out)
		}
	}
	var out bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: t.TempDir(), Stdout: &out, Stderr: &out, ScriptPath: "datetime_module.py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := in.Exec(context.Background(), "datetime_module.py", string(src)); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	got, wantLines := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(got) || i < len(wantLines); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Errorf("line %d:\n kafkalab: %s\n  CPython: %s", i+1, g, w)
		}
	}
}

// TestAwareDatetimesToSpark: an aware datetime reaches Spark as its instant, as PySpark
// converts it (utctimetuple), and a naive one as a wall clock in the session zone; values
// come back as naive datetimes in the session zone (UTC here).
func TestAwareDatetimesToSpark(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"createDataFrame aware and naive", `from datetime import datetime, timezone, timedelta
d = spark.createDataFrame([(datetime(2026, 10, 1, 11, 15, tzinfo=timezone(timedelta(hours=2))),), (datetime(2026, 10, 1, 9, 15),),
    (datetime(2026, 10, 1, 4, 15, tzinfo=timezone(-timedelta(hours=5))),)], "ts TIMESTAMP")
print([str(r.ts) for r in d.collect()])`, "['2026-10-01 09:15:00', '2026-10-01 09:15:00', '2026-10-01 09:15:00']\n"},
		{"inferred aware", `from datetime import datetime, timezone, timedelta
d = spark.createDataFrame([(1, datetime(2026, 10, 1, 0, 30, tzinfo=timezone(timedelta(hours=3))))], ["id", "ts"])
print(d.schema["ts"].dataType, d.first().ts)`, "TimestampType() 2026-09-30 21:30:00\n"},
		{"arithmetic on collected values", `from datetime import timedelta
r = df.select(F.to_timestamp("event_time").alias("ts")).collect()
print(r[1].ts - r[0].ts, (r[0].ts + timedelta(minutes=5)).strftime("%H:%M"), r[0].ts.tzinfo)`, "0:25:00 09:20 None\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSnippet(t, sessionPrelude+c.src, nil)
			if err != nil {
				t.Fatalf("error: %v\n%s", err, got)
			}
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestTzinfoSubclassRefused: a tzinfo subclass (named zones with DST rules) is not yet
// supported; using one says so and points to timezone, never a wrong offset.
func TestTzinfoSubclassRefused(t *testing.T) {
	src := `from datetime import datetime, tzinfo, timedelta
class CET(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=1)
try:
    datetime(2024, 1, 1, tzinfo=CET())
except Exception as e:
    print(type(e).__name__, e)
`
	got, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("error: %v\n%s", err, got)
	}
	for _, want := range []string{"does not support a tzinfo subclass yet", "timezone(timedelta(hours=2))"} {
		if !strings.Contains(got, want) {
			t.Errorf("got %q, want it to contain %q", got, want)
		}
	}
}
