package doctests

import "testing"

func TestOutputMatches(t *testing.T) {
	tests := []struct {
		want, got string
		ok        bool
	}{
		{"[Row(a=1)]\n", "[Row(a=1)]\n", true},
		{"+---+\n|  a|\n+---+\n", "+---+\n|  a|\n+---+\n\n", true}, // trailing whitespace
		{"[Row(a=1),\n Row(a=2)]\n", "[Row(a=1), Row(a=2)]\n", true},
		{"DataFrame[...]\n", "DataFrame[a: bigint]\n", true},
		{"a...c...e\n", "abcde\n", true},
		{"a...c...e\n", "abde\n", false},
		{"ab...ba\n", "aba\n", false}, // the two ends may not overlap
		{"x\n<BLANKLINE>\ny\n", "x\n\ny\n", true},
		{"[Row(a=1)]\n", "[Row(a=2)]\n", false},
	}
	for _, tc := range tests {
		if got := outputMatches(tc.want, tc.got); got != tc.ok {
			t.Errorf("outputMatches(%q, %q) = %v, want %v", tc.want, tc.got, got, tc.ok)
		}
	}
}
