package sqltypes

import (
	"errors"
	"testing"
)

// hms is a TIME value from its fields and microseconds.
func hms(h, m, s, us int64) Time {
	return Time(((h*3600+m*60+s)*1_000_000 + us) * 1000)
}

func TestTimeParseAndFormat(t *testing.T) {
	// Spark 4.2: CAST(s AS TIME) and its show() text; '12' and '25:00' are malformed.
	cases := []struct {
		in   string
		ok   bool
		want Time
		text string
	}{
		{"12:34:56", true, hms(12, 34, 56, 0), "12:34:56"},
		{"12:34", true, hms(12, 34, 0, 0), "12:34:00"},
		{"1:2", true, hms(1, 2, 0, 0), "01:02:00"},
		{" 12:34 ", true, hms(12, 34, 0, 0), "12:34:00"},
		{"T12:34", true, hms(12, 34, 0, 0), "12:34:00"},
		{"12:34:56.1", true, hms(12, 34, 56, 100000), "12:34:56.1"},
		{"12:34:56.120", true, hms(12, 34, 56, 120000), "12:34:56.12"},
		{"01:02:03.999999", true, hms(1, 2, 3, 999999), "01:02:03.999999"},
		{"00:00:00.000100", true, hms(0, 0, 0, 100), "00:00:00.0001"},
		{"00:00:00", true, 0, "00:00:00"},
		{"12", false, 0, ""},
		{"25:00", false, 0, ""},
		{"12:60", false, 0, ""},
		{"malformed", false, 0, ""},
		{"", false, 0, ""},
	}
	for _, c := range cases {
		got, ok := ParseTime(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseTime(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
			continue
		}
		if ok && FormatTime(got) != c.text {
			t.Errorf("FormatTime(ParseTime(%q)) = %q, want %q", c.in, FormatTime(got), c.text)
		}
	}
}

func TestTimeTypeNamesAndDDL(t *testing.T) {
	// df.schema.json() writes "time(6)", "time(3)", "time(0)"; TIME alone is TIME(6).
	for _, c := range []struct {
		ddl      string
		want     DataType
		jsonName string
	}{
		{"t TIME", TimeType{6}, "time(6)"},
		{"t time(3)", TimeType{3}, "time(3)"},
		{"t TIME(0)", TimeType{0}, "time(0)"},
	} {
		st, err := ParseDDL(c.ddl)
		if err != nil {
			t.Fatalf("ParseDDL(%q): %v", c.ddl, err)
		}
		got := st.Fields[0].Type
		if got != c.want || got.TypeName() != c.jsonName {
			t.Errorf("ParseDDL(%q) = %#v (%s), want %#v (%s)", c.ddl, got, got.TypeName(), c.want, c.jsonName)
		}
		back, err := typeFromJSON(c.jsonName)
		if err != nil || back != c.want {
			t.Errorf("typeFromJSON(%q) = %v, %v", c.jsonName, back, err)
		}
	}
	// CAST('12:00' AS TIME(7)): [UNSUPPORTED_TIME_PRECISION] ... out of the supported range [0, 6].
	_, err := ParseDDL("t TIME(7)")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Class != "UNSUPPORTED_TIME_PRECISION" ||
		pe.Msg != "The seconds precision 7 of the TIME data type is out of the supported range [0, 6]." {
		t.Errorf("ParseDDL(TIME(7)) error = %v", err)
	}
}

func TestTimeCasts(t *testing.T) {
	cases := []struct {
		v        any
		from, to DataType
		want     any
		class    string
	}{
		// CAST(TIME '12:34:56.5' AS STRING) is '12:34:56.5'.
		{hms(12, 34, 56, 500000), TimeT, String, "12:34:56.5", ""},
		// CAST(CAST('12:34:56.123456' AS TIME(6)) AS TIME(2)) is 12:34:56.12.
		{hms(12, 34, 56, 123456), TimeT, TimeType{2}, hms(12, 34, 56, 120000), ""},
		// CAST('01:02:03.999999' AS TIME(2)) keeps every digit in Spark 4.2.
		{"01:02:03.999999", String, TimeType{2}, hms(1, 2, 3, 999999), ""},
		// CAST(TIME '12:00:00' AS BIGINT) is 43200.
		{hms(12, 0, 0, 0), TimeT, Long, int64(43200), ""},
		{"25:00", String, TimeT, nil, "CAST_INVALID_INPUT"},
	}
	for _, c := range cases {
		got, err := Cast(c.v, c.from, c.to, nil)
		if c.class != "" {
			var ce *CastError
			if !errors.As(err, &ce) || ce.Class != c.class {
				t.Errorf("Cast(%v to %s) error = %v, want %s", c.v, c.to.SQL(), err, c.class)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Cast(%v to %s) = %v, %v; want %v", c.v, c.to.SQL(), got, err, c.want)
		}
	}
	// [CAST_INVALID_INPUT] The value '25:00' of the type "STRING" cannot be cast to "TIME(6)" ...
	_, err := Cast("25:00", String, TimeT, nil)
	se := err.(*CastError).SparkError()
	if se.Kind.String() != "DateTimeException" || se.Message != `The value '25:00' of the type "STRING" cannot be cast to "TIME(6)" because it is malformed. Correct the value as per the syntax, or change its target type. Use `+"`try_cast`"+` to tolerate malformed input and return NULL instead.` {
		t.Errorf("CAST('25:00' AS TIME) error = %s %q", se.Kind, se.Message)
	}
	// Spark refuses CAST(TIMESTAMP ... AS TIME(6)) and CAST(TIME ... AS TIMESTAMP / DATE).
	for _, p := range [][2]DataType{{TimestampT, TimeT}, {TimeT, TimestampT}, {TimeT, DateT}, {TimeT, TimeType{3}}} {
		want := p[1] == TimeType{3}
		if CanCast(p[0], p[1]) != want {
			t.Errorf("CanCast(%s, %s) = %v, want %v", p[0].SQL(), p[1].SQL(), !want, want)
		}
	}
	if Compare(hms(1, 0, 0, 0), hms(12, 0, 0, 0), TimeT) != -1 || Compare(nil, hms(1, 0, 0, 0), TimeT) != -1 {
		t.Error("TIME values do not order as Spark's sort: NULL, 01:00:00, 12:00:00")
	}
}

// from_json('{"t":"12:00:01.5"}', 't TIME') is 12:00:01.5, '1:2' reads as 01:02:00 and
// 'bad' is NULL (Spark 4.2), as the JSON reader does for a file read with that schema.
func TestTimeFromJSON(t *testing.T) {
	st := MustParseDDL("t TIME")
	for _, c := range []struct {
		in   string
		want any
	}{
		{`{"t":"12:00:01.5"}`, hms(12, 0, 1, 500000)},
		{`{"t":"1:2"}`, hms(1, 2, 0, 0)},
		{`{"t":"bad"}`, nil},
	} {
		row := fromJSON([]byte(c.in), st, nil)
		if row == nil || row[0] != c.want {
			t.Errorf("from_json(%s) = %v, want %v", c.in, row, c.want)
		}
	}
}
