package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestCSVDateTimestampOptions: the CSV source's dateFormat and timestampFormat options
// (docs/sql-data-sources-csv.md) when reading with a schema, when inferring one and when
// writing, with the schemas and values PySpark 4.2.0 printed (session time zone UTC).
func TestCSVDateTimestampOptions(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(s.WorkDir(), name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("d.csv", "d,ts,n\n03/01/2024,2024-01-03 10:15,1.5\n28/02/2024,2024-02-28 23:59,2\n")
	write("a.csv", "d,ts,tz,mix,dt2\n2024-01-03,2024-01-03 10:15:00,2024-01-03T10:15:00Z,2024-01-03,2024-1-3\n"+
		"2024-02-28,2024-02-28 23:59:59.123,2024-02-28T23:59:00.5+01:00,2024-02-28 01:02:03,2024-02-28\n")

	// spark.read.schema("d DATE, ts TIMESTAMP, n DOUBLE").options(header=True,
	// dateFormat="dd/MM/yyyy", timestampFormat="yyyy-MM-dd HH:mm").csv("d.csv")
	typed, err := s.Read().SchemaDDL("d DATE, ts TIMESTAMP, n DOUBLE").
		Options(map[string]string{"header": "true", "dateFormat": "dd/MM/yyyy", "timestampFormat": "yyyy-MM-dd HH:mm"}).
		Format("csv").Load(ctx, "d.csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := typed.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// 2024-01-03 is day 19725, 10:15 UTC that day 1704276900000000 µs
	if got := fmt.Sprint(rows); got != "[[19725 1704276900000000 1.5] [19781 1709164740000000 2]]" {
		t.Fatalf("typed rows %s", got)
	}

	// .coalesce(1).write.option("header", True).option("dateFormat", "yyyy.MM.dd").csv("out")
	if err := typed.Write().Options(map[string]string{"header": "true", "dateFormat": "yyyy.MM.dd"}).Format("csv").Save(ctx, "out"); err != nil {
		t.Fatal(err)
	}
	var lines []string
	parts, _ := filepath.Glob(filepath.Join(s.WorkDir(), "out", "part-*"))
	for _, p := range parts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(strings.TrimSpace(string(data)), "\n")...)
	}
	sort.Strings(lines)
	if got := strings.Join(lines, "|"); got != "2024.01.03,2024-01-03T10:15:00.000Z,1.5|2024.02.28,2024-02-28T23:59:00.000Z,2.0|d,ts,n|d,ts,n" &&
		got != "2024.01.03,2024-01-03T10:15:00.000Z,1.5|2024.02.28,2024-02-28T23:59:00.000Z,2.0|d,ts,n" {
		t.Fatalf("written %s", got)
	}

	for _, tc := range []struct {
		opts   map[string]string
		schema string
	}{
		// options(header=True, inferSchema=True): a strict yyyy-MM-dd date, else a timestamp
		// as a cast reads it; dates and timestamps together a timestamp
		{map[string]string{"header": "true", "inferSchema": "true"}, "struct<d:date,ts:timestamp,tz:timestamp,mix:timestamp,dt2:timestamp>"},
		{map[string]string{"header": "true", "inferSchema": "true", "dateFormat": "yyyy-MM-dd"}, "struct<d:date,ts:timestamp,tz:timestamp,mix:timestamp,dt2:timestamp>"},
		// timestampFormat="yyyy-MM-dd HH:mm:ss": only what the pattern reads, and dates
		// with timestamps become strings
		{map[string]string{"header": "true", "inferSchema": "true", "timestampFormat": "yyyy-MM-dd HH:mm:ss"}, "struct<d:date,ts:string,tz:string,mix:string,dt2:string>"},
		{map[string]string{"header": "true"}, "struct<d:string,ts:string,tz:string,mix:string,dt2:string>"},
	} {
		df, err := s.Read().Options(tc.opts).Format("csv").Load(ctx, "a.csv")
		if err != nil {
			t.Fatal(err)
		}
		if got := sqltypes.SimpleString(df.Schema()); got != tc.schema {
			t.Errorf("%v: schema %s, want %s", tc.opts, got, tc.schema)
		}
	}
	inferred, err := s.Read().Options(map[string]string{"header": "true", "inferSchema": "true"}).Format("csv").Load(ctx, "a.csv")
	if err != nil {
		t.Fatal(err)
	}
	out, err := inferred.Show(ctx, 20, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	want := `+----------+-----------------------+---------------------+-------------------+-------------------+
|d         |ts                     |tz                   |mix                |dt2                |
+----------+-----------------------+---------------------+-------------------+-------------------+
|2024-01-03|2024-01-03 10:15:00    |2024-01-03 10:15:00  |2024-01-03 00:00:00|2024-01-03 00:00:00|
|2024-02-28|2024-02-28 23:59:59.123|2024-02-28 22:59:00.5|2024-02-28 01:02:03|2024-02-28 00:00:00|
+----------+-----------------------+---------------------+-------------------+-------------------+
`
	if out != want {
		t.Fatalf("show(truncate=False):\n%s\nwant\n%s", out, want)
	}

	// spark.createDataFrame([(1, "a")], "n int, s string").write.text("bad")
	two, err := s.SQL(ctx, "SELECT 1 AS n, 'a' AS s")
	if err != nil {
		t.Fatal(err)
	}
	err = two.Write().Format("text").Save(ctx, "bad")
	if want := "[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The Text datasource doesn't support the column `n` of the type \"INT\"."; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("text write of (n int, s string): %v, want %s", err, want)
	}
}

// TestCSVWriteOptions: the CSV writer's quoteAll, nullValue, emptyValue, escapeQuotes and
// lineSep options and the reader's empty-field rules, as PySpark 4.2.0 wrote and read
// (1, 'plain', NULL), (2, 'say "hi"', ”), (3, 'a,b', 'x').
func TestCSVWriteOptions(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df, err := s.SQL(ctx, `SELECT * FROM VALUES (1, 'plain', CAST(NULL AS STRING)), (2, 'say "hi"', ''), (3, 'a,b', 'x') AS t(id, s, t)`)
	if err != nil {
		t.Fatal(err)
	}
	one, err := df.Coalesce(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts map[string]string
		want string
	}{
		{nil, "1,plain,\n2,\"say \\\"hi\\\"\",\"\"\n3,\"a,b\",x\n"},
		{map[string]string{"sep": ";", "quoteAll": "true", "nullValue": "NULL", "emptyValue": "EMPTY"},
			"\"1\";\"plain\";\"NULL\"\n\"2\";\"say \\\"hi\\\"\";\"EMPTY\"\n\"3\";\"a,b\";\"x\"\n"},
		{map[string]string{"escapeQuotes": "false", "lineSep": "|"}, "1,plain,|2,say \"hi\",\"\"|3,\"a,b\",x|"},
	} {
		out := fmt.Sprintf("o%d", len(tc.opts))
		w := one.Write().Format("csv")
		if tc.opts != nil {
			w.Options(tc.opts)
		}
		if err := w.Save(ctx, out); err != nil {
			t.Fatal(err)
		}
		parts, _ := filepath.Glob(filepath.Join(s.WorkDir(), out, "part-*"))
		var text string
		for _, p := range parts {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			text += string(data)
		}
		if text != tc.want {
			t.Errorf("%v: wrote %q, want %q", tc.opts, text, tc.want)
		}
	}
	// Read back: the quoted "" is NULL (it is the emptyValue "", equal to nullValue "").
	if got := readBackSorted(ctx, t, s, "csv", "o0"); got != `[[1 plain <nil>] [2 say "hi" <nil>] [3 a,b x]]` {
		t.Errorf("read back %s", got)
	}
}

// TestCSVEmptyAndNullFields: PySpark 4.2.0 reading a,b / 1,"" / 2, / 3,"NA" / 4,NA:
// an unquoted empty field is the nullValue, a quoted one the emptyValue (""), and any
// field equal to nullValue (quoted or not) is NULL.
func TestCSVEmptyAndNullFields(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	if err := os.WriteFile(filepath.Join(s.WorkDir(), "e.csv"), []byte("a,b\n1,\"\"\n2,\n3,\"NA\"\n4,NA\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"header": "true"}, "[[1 <nil>] [2 <nil>] [3 NA] [4 NA]]"},
		{map[string]string{"header": "true", "nullValue": "NA"}, "[[1 ] [2 <nil>] [3 <nil>] [4 <nil>]]"},
	} {
		df, err := s.Read().Options(tc.opts).Format("csv").Load(ctx, "e.csv")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := df.Collect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(rows); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.opts, got, tc.want)
		}
	}
}
