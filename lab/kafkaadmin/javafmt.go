package kafkaadmin

import (
	"encoding/base64"
	"fmt"
	"io"
	"strings"
	"time"
)

// Formatting the way Kafka's Java tools print things, so that the output matches theirs.

// prettyTable prints headers and rows as Kafka's ToolsUtils.prettyPrintTable: each cell
// padded to its column's widest value, every cell followed by a tab.
func prettyTable(w io.Writer, headers []string, rows [][]string) {
	widths := make([]int, len(headers))
	for i, h := range headers {
		widths[i] = len(h)
	}
	for _, row := range rows {
		for i := range headers {
			widths[i] = max(widths[i], len(row[i]))
		}
	}
	line := func(cells []string) {
		var b strings.Builder
		for i, c := range cells {
			fmt.Fprintf(&b, "%-*s\t", widths[i], c)
		}
		fmt.Fprintln(w, b.String())
	}
	line(headers)
	for _, row := range rows {
		line(row)
	}
}

// javaUUID prints a Kafka Uuid: URL-safe base64 of its 16 bytes, without padding.
func javaUUID(id [16]byte) string { return base64.RawURLEncoding.EncodeToString(id[:]) }

// nowMs is the wall clock in epoch milliseconds (a variable so tests can fix it).
var nowMs = func() int64 { return time.Now().UnixMilli() }

// javaStringHash is Java's String.hashCode for the ASCII names Kafka allows.
func javaStringHash(s string) int32 {
	var h int32
	for i := 0; i < len(s); i++ {
		h = 31*h + int32(s[i])
	}
	return h
}

// javaHashOrder returns keys in the order a java.util.HashMap iterates them after they were
// put in the given order: by bucket ((h ^ h>>>16) & (capacity-1), the capacity 16 doubling
// whenever the map grows past 3/4 full), and within a bucket in insertion order. hash is the
// key's hashCode.
func javaHashOrder[K any](keys []K, hash func(K) int32) []K {
	capacity := 16
	for len(keys) > capacity*3/4 {
		capacity *= 2
	}
	buckets := make([][]K, capacity)
	for _, k := range keys {
		u := uint32(hash(k))
		b := int((u ^ u>>16) & uint32(capacity-1))
		buckets[b] = append(buckets[b], k)
	}
	out := make([]K, 0, len(keys))
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}
