package kafkasource

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
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
	return rowiter.Each(ctx, OpenRange(opts, r, rowiter.DefaultChunkRows), func(rows []sqltypes.Row) error {
		for _, row := range rows {
			if err := fn(row); err != nil {
				return err
			}
		}
		return nil
	})
}

// OpenRange streams the records of one range as Kafka rows, in offset order, in chunks of
// at most chunkRows; the consumer connects at the first Next. Data loss is handled as in
// ReadRange.
func OpenRange(opts *Options, r OffsetRange, chunkRows int) rowiter.Iter {
	return openRange(opts, r, chunkRows, nil)
}

// openRange is OpenRange that takes its consumer from cache when one is parked at the
// range's start, and parks it there when the range is read to its end.
func openRange(opts *Options, r OffsetRange, chunkRows int, cache *consumerCache) rowiter.Iter {
	if r.Size() <= 0 {
		return rowiter.Empty()
	}
	return &rangeReader{opts: opts, r: r, chunkRows: max(chunkRows, 1), next: r.From,
		topic: r.Topic, partition: r.Partition, cache: cache}
}

// rangeReader reads one range: it polls fetches and hands their records out as rows, a
// chunk at a time; the records of a fetch not yet handed out wait in recs.
type rangeReader struct {
	opts      *Options
	r         OffsetRange
	chunkRows int
	cl        *kgo.Client
	next      int64 // the next offset the range needs
	recs      []*kgo.Record
	done      bool
	closed    bool
	out       []sqltypes.Row
	alloc     rowAlloc
	// Boxed once per range, to save an allocation per row.
	topic, partition any
	// cache, when set, lends and takes back the consumer (see consumerCache); complete
	// says every offset of the range was read, so the consumer can go on at its end.
	cache    *consumerCache
	complete bool
}

func (rd *rangeReader) consumeFrom(off int64) error {
	if rd.cl != nil {
		rd.cl.Close()
	}
	rd.recs = rd.recs[:0]
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
		kgo.WithPools(fetchedRecords),
	)...)
	if err != nil {
		return fmt.Errorf("kafka: cannot create a consumer for %s: %w", rd.r.TopicPartition, err)
	}
	rd.cl = cl
	return nil
}

// Close releases the consumer.
func (rd *rangeReader) Close() error {
	if rd.cl != nil {
		rd.cl.Close()
		rd.cl = nil
	}
	rd.closed, rd.recs = true, nil
	return nil
}

func (rd *rangeReader) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if rd.closed {
		return nil, errors.New("kafka: range reader used after Close")
	}
	rd.out = rd.out[:0]
	rd.alloc.newChunk()
	for len(rd.out) < rd.chunkRows && !rd.done {
		if len(rd.recs) == 0 {
			if err := rd.poll(ctx); err != nil {
				return nil, err
			}
			continue
		}
		if err := rd.take(ctx); err != nil {
			return nil, err
		}
	}
	if len(rd.out) == 0 {
		rd.park()
		rd.Close()
		return nil, io.EOF
	}
	return rd.out, nil
}

// park hands a consumer that read the whole range to the cache, with the records it
// fetched past the range, for the next batch's range of the partition.
func (rd *rangeReader) park() {
	if rd.cache == nil || rd.cl == nil || !rd.complete {
		return
	}
	rd.cache.park(rd.r.TopicPartition, &parkedConsumer{cl: rd.cl, next: rd.r.Until, recs: rd.recs})
	rd.cl, rd.recs = nil, nil
}

// resume takes the consumer parked at the range's start, if any, with its records. The
// consumer must still reach a broker: records in hand do not make a batch succeed while
// Kafka is down (a fresh consumer then reports the broker as before).
func (rd *rangeReader) resume(ctx context.Context) bool {
	if rd.cache == nil || rd.next != rd.r.From {
		return false
	}
	p := rd.cache.take(rd.r.TopicPartition, rd.r.From)
	if p == nil {
		return false
	}
	pctx, cancel := context.WithTimeout(ctx, resumePingTimeout)
	err := p.cl.Ping(pctx)
	cancel()
	if err != nil {
		p.cl.Close()
		return false
	}
	rd.cl, rd.recs = p.cl, append(rd.recs[:0], p.recs...)
	return true
}

// resumePingTimeout bounds the check that a parked consumer's broker still answers.
const resumePingTimeout = 2 * time.Second

// Release takes back the chunk Next returned last: its rows' memory serves the next
// chunks (see rowiter.Releaser).
func (rd *rangeReader) Release(rows []sqltypes.Row) {
	if len(rows) > 0 && len(rd.out) > 0 && &rows[0] == &rd.out[0] {
		rd.alloc.release()
	}
}

// take turns fetched records into rows until the chunk is full or the fetch used up.
func (rd *rangeReader) take(ctx context.Context) error {
	i := 0
	defer func() {
		n := copy(rd.recs, rd.recs[i:])
		clear(rd.recs[n:]) // no pointers to recycled records stay behind
		rd.recs = rd.recs[:n]
	}()
	for ; i < len(rd.recs) && len(rd.out) < rd.chunkRows; i++ {
		rec := rd.recs[i]
		if rec.Offset < rd.next {
			rec.Recycle()
			continue
		}
		if rec.Offset >= rd.r.Until {
			rd.done, rd.complete = true, true
			return nil
		}
		if rec.Offset > rd.next {
			// A gap: compaction, or records removed under us. Only the second is loss.
			if _, _, err := rd.lostIfBelowLogStart(ctx, rd.next, rec.Offset); err != nil {
				return err
			}
		}
		rd.next = rec.Offset + 1
		// Transaction markers take offsets but are not rows.
		if !rec.Attrs.IsControl() {
			rd.out = append(rd.out, recordRow(rec, rd.opts.IncludeHeaders, rd.topic, rd.partition, &rd.alloc))
		}
		// The row copied what it needs (key and value point into the fetch's decompressed
		// bytes, which are not pooled): the Record struct goes back to fetchedRecords.
		rec.Recycle()
	}
	if rd.next >= rd.r.Until {
		rd.done, rd.complete = true, true
	}
	return nil
}

// poll fetches the next records of the range into recs.
func (rd *rangeReader) poll(ctx context.Context) error {
	if rd.next >= rd.r.Until {
		rd.done, rd.complete = true, true
		return nil
	}
	if rd.cl == nil {
		if rd.resume(ctx) && len(rd.recs) > 0 {
			return nil // the records fetched past the last batch come first
		}
		if rd.cl == nil {
			if err := rd.consumeFrom(rd.next); err != nil {
				return err
			}
		}
	}
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
			resume, done, err := rd.lost(ctx, rd.next)
			if err != nil {
				return err
			}
			if done {
				rd.done = true
				return nil
			}
			rd.next = resume
			return rd.consumeFrom(rd.next)
		case errors.Is(fetchErr, context.DeadlineExceeded):
			if err := rd.stalled(ctx, rd.next); err != nil {
				return err
			}
			rd.done = true
			return nil
		default:
			return brokerError(rd.opts.Bootstrap, "reading "+rd.r.TopicPartition.String(), fetchErr)
		}
	}
	fetches.EachRecord(func(rec *kgo.Record) { rd.recs = append(rd.recs, rec) })
	if n := len(rd.recs); rd.cache == nil && n > 0 && rd.recs[n-1].Offset >= rd.r.Until-1 {
		// The range's last offset is in hand. franz-go issued the next fetch as this poll
		// took the buffered one; closing now cancels it before its response is decoded
		// (up to a whole fetch of records nobody reads, a few ms per partition and batch).
		// The records stay valid: their bytes are the fetch's and their structs are ours
		// (fetchedRecords). With a cache the consumer stays: its next fetch is the next
		// batch's.
		rd.cl.Close()
		rd.cl = nil
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
