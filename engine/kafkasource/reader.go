package kafkasource

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// DataLossError reports offsets a query expected that Kafka no longer has.
type DataLossError struct {
	TopicPartition
	From, Until int64 // the offsets that are gone: [From, Until)
	Reason      string
}

func (e *DataLossError) Error() string {
	return fmt.Sprintf("kafka: data loss in %s: %s. Offsets %d to %d are no longer available in Kafka "+
		"(aged out by retention, deleted, or the topic was recreated). To continue from the earliest "+
		"available offset set the source option \"failOnDataLoss\" to \"false\", or start over with a "+
		"new checkpoint location", e.TopicPartition, e.Reason, e.From, e.Until-1)
}

// fetchMaxPartitionBytes bounds what one fetch brings per partition, so reading a range
// holds at most about this much beyond the rows already delivered. franz-go decodes a
// whole fetch at once (the decompressed batches plus a Record struct per record, four to
// six times the fetch for course events), and fetches the next one while the first is
// read: at 1 MB that was most of a running task's memory; at 256 KB a fetch still brings
// thousands of records.
const fetchMaxPartitionBytes = 256 << 10

// ReadRange delivers the records of one range to fn as Kafka rows, in offset order.
// Offsets that Kafka already removed are a *DataLossError when failOnDataLoss is true;
// otherwise reading continues at the earliest available offset.
func ReadRange(ctx context.Context, opts *Options, r OffsetRange, fn func(sqltypes.Row) error) error {
	if r.Size() <= 0 {
		return nil
	}
	rd := rangeReader{opts: opts, r: r, fn: fn}
	return rd.run(ctx)
}

type rangeReader struct {
	opts *Options
	r    OffsetRange
	fn   func(sqltypes.Row) error
	cl   *kgo.Client
}

func (rd *rangeReader) consumeFrom(off int64) error {
	if rd.cl != nil {
		rd.cl.Close()
	}
	cl, err := kgo.NewClient(clientOpts(rd.opts.Bootstrap,
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{
			rd.r.Topic: {rd.r.Partition: kgo.NewOffset().At(off)},
		}),
		kgo.ConsumeResetOffset(kgo.NoResetOffset()),
		kgo.FetchMaxPartitionBytes(fetchMaxPartitionBytes),
		kgo.FetchMaxBytes(fetchMaxPartitionBytes),
		kgo.FetchMaxWait(500*time.Millisecond),
		kgo.KeepControlRecords(),
		// A range reader lives for one task: pushing client metrics (KIP-714) would cost
		// a compressed report at every Close and tell the broker nothing useful.
		kgo.DisableClientMetrics(),
	)...)
	if err != nil {
		return fmt.Errorf("kafka: cannot create a consumer for %s: %w", rd.r.TopicPartition, err)
	}
	rd.cl = cl
	return nil
}

func (rd *rangeReader) run(ctx context.Context) error {
	next := rd.r.From
	if err := rd.consumeFrom(next); err != nil {
		return err
	}
	defer func() { rd.cl.Close() }()
	var topicAny, partAny any = rd.r.Topic, rd.r.Partition
	var alloc rowAlloc
	for next < rd.r.Until {
		pctx, cancel := context.WithTimeout(ctx, rd.opts.PollTimeout)
		fetches := rd.cl.PollFetches(pctx)
		cancel()
		if err := ctx.Err(); err != nil {
			return err
		}
		var fetchErr error
		fetches.EachError(func(_ string, _ int32, err error) {
			if fetchErr == nil {
				fetchErr = err
			}
		})
		if fetchErr != nil {
			switch {
			case errors.Is(fetchErr, kerr.OffsetOutOfRange):
				resume, done, err := rd.lost(ctx, next)
				if err != nil || done {
					return err
				}
				next = resume
				if err := rd.consumeFrom(next); err != nil {
					return err
				}
				continue
			case errors.Is(fetchErr, context.DeadlineExceeded):
				return rd.stalled(ctx, next)
			default:
				return brokerError(rd.opts.Bootstrap, "reading "+rd.r.TopicPartition.String(), fetchErr)
			}
		}
		done := false
		var cbErr error
		fetches.EachRecord(func(rec *kgo.Record) {
			if done || cbErr != nil || rec.Offset < next {
				return
			}
			if rec.Offset >= rd.r.Until {
				done = true
				return
			}
			if rec.Offset > next {
				// A gap: compaction, or records removed under us. Only the second is loss.
				if _, _, err := rd.lostIfBelowLogStart(ctx, next, rec.Offset); err != nil {
					cbErr = err
					return
				}
			}
			next = rec.Offset + 1
			if rec.Attrs.IsControl() {
				return // transaction markers take offsets but are not rows
			}
			row := recordRow(rec, rd.opts.IncludeHeaders, topicAny, partAny, &alloc)
			cbErr = rd.fn(row)
		})
		if cbErr != nil {
			return cbErr
		}
		if done {
			return nil
		}
	}
	return nil
}

// logBounds asks the broker for the partition's log start and end.
func (rd *rangeReader) logBounds(ctx context.Context) (start, end int64, err error) {
	or, err := newOffsetReader(rd.opts)
	if err != nil {
		return 0, 0, err
	}
	defer or.close()
	tps := []TopicPartition{rd.r.TopicPartition}
	s, err := or.list(ctx, tps, true)
	if err != nil {
		return 0, 0, err
	}
	e, err := or.list(ctx, tps, false)
	if err != nil {
		return 0, 0, err
	}
	st, ok1 := s[rd.r.TopicPartition]
	en, ok2 := e[rd.r.TopicPartition]
	if !ok1 || !ok2 {
		return 0, 0, &DataLossError{TopicPartition: rd.r.TopicPartition, From: rd.r.From, Until: rd.r.Until,
			Reason: "the partition no longer exists"}
	}
	return st, en, nil
}

// lost handles OFFSET_OUT_OF_RANGE at next: either records below the log start were
// removed (data loss) or the log is shorter than expected (offsets went backwards).
// It returns where to resume, or done when nothing of the range is left.
func (rd *rangeReader) lost(ctx context.Context, next int64) (resume int64, done bool, err error) {
	start, end, err := rd.logBounds(ctx)
	if err != nil {
		if dl := (*DataLossError)(nil); errors.As(err, &dl) && !rd.opts.FailOnDataLoss {
			return 0, true, nil
		}
		return 0, false, err
	}
	if start > next {
		return rd.skipTo(next, start)
	}
	if end < rd.r.Until {
		e := &DataLossError{TopicPartition: rd.r.TopicPartition, From: max(next, end), Until: rd.r.Until,
			Reason: fmt.Sprintf("the log ends at offset %d but the batch expected records up to %d", end, rd.r.Until-1)}
		if rd.opts.FailOnDataLoss {
			return 0, false, e
		}
		return 0, true, nil
	}
	return 0, false, fmt.Errorf("kafka: offset %d of %s is out of range although the log holds [%d, %d)", next, rd.r.TopicPartition, start, end)
}

func (rd *rangeReader) skipTo(next, start int64) (int64, bool, error) {
	e := &DataLossError{TopicPartition: rd.r.TopicPartition, From: next, Until: min(start, rd.r.Until),
		Reason: fmt.Sprintf("the log now starts at offset %d but the query needs offset %d", start, next)}
	if rd.opts.FailOnDataLoss {
		return 0, false, e
	}
	if start >= rd.r.Until {
		return 0, true, nil
	}
	return start, false, nil
}

// lostIfBelowLogStart checks a gap [next, got) in fetched records.
func (rd *rangeReader) lostIfBelowLogStart(ctx context.Context, next, got int64) (int64, bool, error) {
	start, _, err := rd.logBounds(ctx)
	if err != nil {
		return 0, false, err
	}
	if start > next {
		return rd.skipTo(next, min(start, got))
	}
	return got, false, nil
}

// stalled explains a read that received nothing for PollTimeout.
func (rd *rangeReader) stalled(ctx context.Context, next int64) error {
	start, end, err := rd.logBounds(ctx)
	if err != nil {
		// A broker that is gone or frozen is the likely reason for the silence: say so first.
		if bu := (*BrokerUnreachableError)(nil); errors.As(err, &bu) {
			return &BrokerUnreachableError{Bootstrap: bu.Bootstrap, Err: bu.Err,
				What: fmt.Sprintf("reading offsets %d to %d of %s for %s and then %s", next, rd.r.Until-1, rd.r.TopicPartition, rd.opts.PollTimeout, bu.What)}
		}
		return fmt.Errorf("kafka: no records from %s for %s while reading offsets %d to %d: %w",
			rd.r.TopicPartition, rd.opts.PollTimeout, next, rd.r.Until-1, err)
	}
	if start > next {
		_, _, err := rd.skipTo(next, start)
		return err
	}
	if end < rd.r.Until {
		e := &DataLossError{TopicPartition: rd.r.TopicPartition, From: max(next, end), Until: rd.r.Until,
			Reason: fmt.Sprintf("the log ends at offset %d but the batch expected records up to %d", end, rd.r.Until-1)}
		if rd.opts.FailOnDataLoss {
			return e
		}
		return nil
	}
	return fmt.Errorf("kafka: no records from %s for %s while reading offsets %d to %d (the log holds [%d, %d)); is the broker at %s healthy? (option kafkaConsumer.pollTimeoutMs sets the wait)",
		rd.r.TopicPartition, rd.opts.PollTimeout, next, rd.r.Until-1, start, end, strings.Join(rd.opts.Bootstrap, ","))
}
