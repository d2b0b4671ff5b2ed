package kafkasource

import (
	"fmt"
	"math"
)

// OffsetRange is one read task: offsets [From, Until) of one partition.
type OffsetRange struct {
	TopicPartition
	From, Until int64
}

// Size is the number of offsets in the range (records may be fewer: compaction,
// transaction markers).
func (r OffsetRange) Size() int64 { return r.Until - r.From }

func (r OffsetRange) String() string {
	return fmt.Sprintf("%s [%d, %d)", r.TopicPartition, r.From, r.Until)
}

// RateLimit caps a batch at limit offsets over all partitions, shared in proportion to
// each partition's backlog, exactly as Spark's KafkaMicroBatchStream.rateLimit: a share
// below 1 is rounded up (no partition starves), others rounded down, never past until.
// from lacks partitions that are new; fromNew holds their earliest offsets.
func RateLimit(limit int64, from, until, fromNew PartitionOffsets) PartitionOffsets {
	begin := func(tp TopicPartition) (int64, bool) {
		if b, ok := from[tp]; ok {
			return b, true
		}
		b, ok := fromNew[tp]
		return b, ok
	}
	sizes := map[TopicPartition]int64{}
	var total float64
	for tp, end := range until {
		if b, ok := begin(tp); ok {
			if size := end - b; size > 0 {
				sizes[tp] = size
				total += float64(size)
			}
		}
	}
	out := PartitionOffsets{}
	if total < 1 {
		for tp, end := range until {
			out[tp] = end
		}
		return out
	}
	for tp, end := range until {
		size, ok := sizes[tp]
		if !ok {
			out[tp] = end
			continue
		}
		b, _ := begin(tp)
		prorate := float64(limit) * (float64(size) / total)
		var share int64
		if prorate < 1 {
			share = int64(math.Ceil(prorate))
		} else {
			share = int64(math.Floor(prorate))
		}
		off := b + share
		if share > math.MaxInt64-b {
			off = math.MaxInt64
		}
		out[tp] = min(end, off)
	}
	return out
}

// SplitRanges drops empty ranges and, when minPartitions asks for more tasks than there
// are ranges, splits big ranges in proportion to their size (Spark's
// KafkaOffsetRangeCalculator.getRanges). Order is kept; split pieces stay together.
func SplitRanges(ranges []OffsetRange, minPartitions int) []OffsetRange {
	var nonEmpty []OffsetRange
	for _, r := range ranges {
		if r.Size() > 0 {
			nonEmpty = append(nonEmpty, r)
		}
	}
	if minPartitions <= 0 || len(nonEmpty) >= minPartitions {
		return nonEmpty
	}
	var total int64
	for _, r := range nonEmpty {
		total += r.Size()
	}
	unsplit := map[TopicPartition]bool{}
	var unsplitSize int64
	for _, r := range nonEmpty {
		if partCount(r.Size(), total, minPartitions) == 1 {
			unsplit[r.TopicPartition] = true
			unsplitSize += r.Size()
		}
	}
	splitTotal := total - unsplitSize
	splitMin := max(minPartitions-len(unsplit), 1)
	var out []OffsetRange
	for _, r := range nonEmpty {
		parts := 1
		if !unsplit[r.TopicPartition] {
			parts = partCount(r.Size(), splitTotal, splitMin)
		}
		remaining := r.Size()
		start := r.From
		for part := 0; part < parts; part++ {
			this := remaining / int64(parts-part)
			remaining -= this
			end := min(start+this, r.Until)
			if end-start > 0 {
				out = append(out, OffsetRange{r.TopicPartition, start, end})
			}
			start = end
		}
	}
	return out
}

// partCount is max(round(size/total*minParts), 1) with Java's Math.round (half up).
func partCount(size, total int64, minParts int) int {
	return max(int(math.Floor(float64(size)/float64(total)*float64(minParts)+0.5)), 1)
}
