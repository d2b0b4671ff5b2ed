package sqltypes

import "testing"

func TestJavaStringHash(t *testing.T) {
	// Values from Java's String.hashCode.
	for s, want := range map[string]int32{
		"": 0, "a": 97, "Aa": 2112, "BB": 2112, "é": 233, "😀": 1772899,
		"orders": -1008770331, "visits": -816227192,
	} {
		if got := JavaStringHash(s); got != want {
			t.Errorf("JavaStringHash(%q) = %d, want %d", s, got, want)
		}
	}
}
