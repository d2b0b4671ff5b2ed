package kafkasource

import (
	"reflect"
	"testing"
)

func po(kv ...any) PartitionOffsets {
	out := PartitionOffsets{}
	for i := 0; i < len(kv); i += 2 {
		out[TopicPartition{"orders", int32(kv[i].(int))}] = int64(kv[i+1].(int))
	}
	return out
}

func TestRateLimit(t *testing.T) {
	cases := []struct {
		name                 string
		limit                int64
		from, until, fromNew PartitionOffsets
		want                 PartitionOffsets
	}{
		// 2 * 3/5 = 1.2 -> floor 1; 2 * 2/5 = 0.8 -> ceil 1 (not starved); empty stays.
		{"proportional with ceil for small shares", 2, po(0, 0, 1, 0, 2, 0), po(0, 3, 1, 2, 2, 0), nil, po(0, 1, 1, 1, 2, 0)},
		{"limit above backlog reads all", 100, po(0, 0, 1, 0, 2, 0), po(0, 3, 1, 2, 2, 0), nil, po(0, 3, 1, 2, 2, 0)},
		// 10 * 90/100 = 9, 10 * 10/100 = 1.
		{"skewed", 10, po(0, 10, 1, 0), po(0, 100, 1, 10), nil, po(0, 19, 1, 1)},
		{"nothing new", 5, po(0, 3, 1, 2), po(0, 3, 1, 2), nil, po(0, 3, 1, 2)},
		// partition 1 is new: starts at its earliest (4); backlog 6 of 12 total -> 3 each.
		{"new partition uses earliest", 6, po(0, 0), po(0, 6, 1, 10), po(1, 4), po(0, 3, 1, 7)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := RateLimit(c.limit, c.from, c.until, c.fromNew)
			if !got.Equal(c.want) {
				t.Fatalf("RateLimit = %s, want %s", got, c.want)
			}
		})
	}
}

func TestSplitRanges(t *testing.T) {
	r := func(p int32, from, until int64) OffsetRange {
		return OffsetRange{TopicPartition{"orders", p}, from, until}
	}
	cases := []struct {
		name string
		in   []OffsetRange
		minP int
		want []OffsetRange
	}{
		{"empty ranges dropped", []OffsetRange{r(0, 0, 2), r(1, 0, 1), r(2, 0, 0)}, 0, []OffsetRange{r(0, 0, 2), r(1, 0, 1)}},
		{"enough partitions: no split", []OffsetRange{r(0, 0, 2), r(1, 0, 1)}, 2, []OffsetRange{r(0, 0, 2), r(1, 0, 1)}},
		// 100/110*4 rounds to 4, 10/110*4 rounds to 0 -> 1 (unsplit); the big one gets
		// round(100/100 * (4-1)) = 3 parts: 33, 33, 34.
		{"big range split", []OffsetRange{r(0, 0, 100), r(1, 0, 10)}, 4,
			[]OffsetRange{r(0, 0, 33), r(0, 33, 66), r(0, 66, 100), r(1, 0, 10)}},
		{"single range into 3", []OffsetRange{r(0, 5, 15)}, 3, []OffsetRange{r(0, 5, 8), r(0, 8, 11), r(0, 11, 15)}},
		// 2 offsets into 5 parts: pieces of size 0 are dropped.
		{"tiny range", []OffsetRange{r(0, 0, 2)}, 5, []OffsetRange{r(0, 0, 1), r(0, 1, 2)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := SplitRanges(c.in, c.minP)
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("SplitRanges = %v, want %v", got, c.want)
			}
		})
	}
}
