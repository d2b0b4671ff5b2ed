package sqltypes

import "unicode/utf16"

// JavaStringHash is Java's String.hashCode, s[0]*31^(n-1) + ... + s[n-1] over the string's
// UTF-16 code units: the hash behind the orders Spark's and Delta's Java and Scala maps
// iterate in.
func JavaStringHash(s string) int32 {
	var h int32
	for _, c := range utf16.Encode([]rune(s)) {
		h = 31*h + int32(c)
	}
	return h
}
