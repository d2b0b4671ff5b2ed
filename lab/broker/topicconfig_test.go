package broker

import (
	"math"
	"slices"
	"testing"
)

// Java's number syntax and printing, as Kafka's ConfigDef reads and prints config values
// (the cases were run through Java 17's Long.parseLong, Double.parseDouble and
// Double.toString).

func TestJavaParseInt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bits int
		want int64
		ok   bool
	}{
		{"42", 64, 42, true},
		{"+42", 64, 42, true},
		{"-0", 64, 0, true},
		{"9223372036854775807", 64, math.MaxInt64, true},
		{"9223372036854775808", 64, 0, false},
		{"2147483648", 32, 0, false},
		{"-2147483648", 32, math.MinInt32, true},
		{"١٢٣", 64, 123, true}, // Arabic-Indic digits: Character.digit reads them
		{"１０", 32, 10, true},   // fullwidth digits
		{"1_000", 64, 0, false},
		{"0x10", 64, 0, false},
		{"+", 64, 0, false},
		{"", 64, 0, false},
		{"1 0", 64, 0, false},
	} {
		got, ok := javaParseInt(tc.in, tc.bits)
		if got != tc.want || ok != tc.ok {
			t.Errorf("javaParseInt(%q, %d) = %d, %v; want %d, %v", tc.in, tc.bits, got, ok, tc.want, tc.ok)
		}
	}
}

func TestJavaParseDouble(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.5", 0.5, true},
		{".5", 0.5, true},
		{"5.", 5, true},
		{"1e3", 1000, true},
		{"1E-3", 0.001, true},
		{"0.75d", 0.75, true},
		{"2F", 2, true},
		{"0x1p-1", 0.5, true},
		{"-Infinity", math.Inf(-1), true},
		{"1e400", math.Inf(1), true},
		{"inf", 0, false},
		{"nan", 0, false},
		{"Infinityd", 0, false},
		{"1_0", 0, false},
		{"0x10", 0, false}, // a hexadecimal double needs its p exponent
		{"1e", 0, false},
		{"half", 0, false},
		{"", 0, false},
	} {
		got, ok := javaParseDouble(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("javaParseDouble(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	if f, ok := javaParseDouble("NaN"); !ok || !math.IsNaN(f) {
		t.Errorf("javaParseDouble(NaN) = %v, %v", f, ok)
	}
}

func TestJavaDoubleString(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{2, "2.0"},
		{0.5, "0.5"},
		{-0.25, "-0.25"},
		{1e10, "1.0E10"},
		{1.5e-5, "1.5E-5"},
		{0.001, "0.001"},
		{1234567, "1234567.0"},
		{1e7, "1.0E7"},
		{12345678.9, "1.23456789E7"},
		{math.Inf(1), "Infinity"},
		{0, "0.0"},
	} {
		if got := javaDoubleString(tc.in); got != tc.want {
			t.Errorf("javaDoubleString(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestApplyListOp(t *testing.T) {
	for _, tc := range []struct {
		cur, values string
		add         bool
		want        string
	}{
		{"delete", "compact", true, "delete,compact"},
		{"delete", "delete", true, "delete"},
		{"delete,compact", "delete", false, "compact"},
		{"delete", "delete", false, ""},
		{"", "compact,delete", true, "compact,delete"},
		{"delete", ",compact", true, "delete,,compact"}, // Java keeps a leading empty part
		{"delete", "compact,", true, "delete,compact"},  // and drops trailing ones
	} {
		if got := applyListOp(tc.cur, tc.values, tc.add); got != tc.want {
			t.Errorf("applyListOp(%q, %q, %v) = %q, want %q", tc.cur, tc.values, tc.add, got, tc.want)
		}
	}
}

// The three tables of topic configs (validation, DescribeConfigs values, synonyms) name
// the same configs.
func TestTopicConfigTablesAgree(t *testing.T) {
	var defs, described, synonyms []string
	for _, d := range topicConfigDefs {
		if d.name != "internal.segment.bytes" {
			defs = append(defs, d.name)
		}
		if td, ok := topicDefaults[d.name]; ok && td.value != d.def {
			t.Errorf("%s: default %q here, %q in topicDefaults", d.name, d.def, td.value)
		}
	}
	for n := range topicOverrides {
		described = append(described, n)
	}
	for _, n := range []string{"cleanup.policy", "compression.type", "delete.retention.ms", "max.message.bytes",
		"message.timestamp.type", "retention.bytes", "retention.ms", "segment.ms"} {
		described = append(described, n) // reported by kfake itself
	}
	for n := range topicDefaults {
		synonyms = append(synonyms, n)
	}
	slices.Sort(defs)
	slices.Sort(described)
	described = slices.Compact(described)
	slices.Sort(synonyms)
	if !slices.Equal(defs, described) || !slices.Equal(defs, synonyms) {
		t.Errorf("topic configs differ:\nvalidated %v\ndescribed %v\nsynonyms  %v", defs, described, synonyms)
	}
}
