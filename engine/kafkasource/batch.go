package kafkasource

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/rowiter"
)

// Batch is a static read, spark.read.format("kafka"): the ranges between the resolved
// startingOffsets (default earliest) and endingOffsets (default latest).
type Batch struct {
	Opts   *Options
	Ranges []OffsetRange
}

// PlanBatch parses the options and resolves the ranges to read.
func PlanBatch(ctx context.Context, options map[string]string) (*Batch, error) {
	opts, err := ParseBatchOptions(options)
	if err != nil {
		return nil, err
	}
	or, err := newOffsetReader(opts)
	if err != nil {
		return nil, err
	}
	defer or.close()
	from, err := or.resolve(ctx, opts.StartingOffsets, "startingOffsets")
	if err != nil {
		return nil, err
	}
	until, err := or.resolve(ctx, opts.EndingOffsets, "endingOffsets")
	if err != nil {
		return nil, err
	}
	if !sameKeys(from, until) {
		return nil, fmt.Errorf("different topic partitions for starting offsets topics[%s] and ending offsets topics[%s]", tpSet(from), tpSet(until))
	}
	var ranges []OffsetRange
	for _, tp := range until.sortedPartitions() {
		if from[tp] > until[tp] {
			return nil, fmt.Errorf("kafka: starting offset %d is after ending offset %d for %s", from[tp], until[tp], tp)
		}
		ranges = append(ranges, OffsetRange{tp, from[tp], until[tp]})
	}
	return &Batch{Opts: opts, Ranges: SplitRanges(ranges, opts.MinPartitions)}, nil
}

// Open streams every range, one task each, in chunks of at most chunkRows.
func (b *Batch) Open(chunkRows int) []rowiter.Iter {
	out := make([]rowiter.Iter, len(b.Ranges))
	for i, r := range b.Ranges {
		out[i] = OpenRange(b.Opts, r, chunkRows)
	}
	return out
}
