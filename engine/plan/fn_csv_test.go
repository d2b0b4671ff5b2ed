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
