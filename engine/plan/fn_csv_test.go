package plan

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitCSVLine(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"a,b,,c", []string{"a", "b", csvNull, "c"}},
		{"", []string{csvNull}},
		{`"",x`, []string{"", "x"}},
		{`"a,b",c`, []string{"a,b", "c"}},
		{`"say \"hi\"",2`, []string{`say "hi"`, "2"}},
		{"  padded  ", []string{"  padded  "}},
	}
	for _, tc := range tests {
		if got := splitCSVLine(tc.line); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitCSVLine(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestWriteCSVValue(t *testing.T) {
	for in, want := range map[string]string{"": `""`, "plain": "plain", "a,b,,c": `"a,b,,c"`, `q"x`: `"q\"x"`} {
		var b strings.Builder
		writeCSVValue(&b, in)
		if b.String() != want {
			t.Errorf("writeCSVValue(%q) = %s, want %s", in, b.String(), want)
		}
	}
}

func TestInferCSVType(t *testing.T) {
	for in, want := range map[string]string{
		"1": "INT", "abc": "STRING", "2.5": "DOUBLE", "3000000000": "BIGINT",
		"123456789012345678901": "DECIMAL(21,0)", "TRUE": "BOOLEAN", "1e3": "DOUBLE", csvNull: "STRING",
	} {
		if got := inferCSVType(in).SQL(); got != want {
			t.Errorf("inferCSVType(%q) = %s, want %s", in, got, want)
		}
	}
}

// The options from_csv and schema_of_csv honour change how a record splits.
func TestCSVOptionsSplit(t *testing.T) {
	tests := []struct {
		opts map[string]string
		line string
		want []string
	}{
		{nil, "1,2,", []string{"1", "2", csvNull}},
		{map[string]string{"delimiter": ";"}, "1;2;3", []string{"1", "2", "3"}},
		{map[string]string{"sep": "|"}, "1||true", []string{"1", csvNull, "true"}},
		{map[string]string{"SEP": "::"}, "a::b:c", []string{"a", "b:c"}},
		{map[string]string{"sep": `\t`}, "a\tb", []string{"a", "b"}},
		{map[string]string{"ignoreLeadingWhiteSpace": "true"}, "   abc,  d ", []string{"abc", "d "}},
		{map[string]string{"ignoreTrailingWhiteSpace": "true"}, "  abc  ,d", []string{"  abc", "d"}},
		{map[string]string{"quote": "'"}, `'a,b',"c"`, []string{"a,b", `"c"`}},
		{map[string]string{"nullValue": "NA"}, "NA,,x", []string{csvNull, csvNull, "x"}},
	}
	for _, tc := range tests {
		o, err := csvOptionsOf("from_csv", tc.opts)
		if err != nil {
			t.Errorf("%v: %v", tc.opts, err)
			continue
		}
		if got := o.split(tc.line); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v split(%q) = %q, want %q", tc.opts, tc.line, got, tc.want)
		}
	}
	for _, bad := range []map[string]string{{"mode": "FAILFAST"}, {"sep": ""}, {"quote": "ab"}} {
		if _, err := csvOptionsOf("from_csv", bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
