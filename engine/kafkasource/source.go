package kafkasource

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Stream is the streaming Kafka source (Spark's KafkaMicroBatchStream); it implements
// stream.Source.
type Stream struct {
	opts      *Options
	or        *offsetReader
	consumers *consumerCache // the range readers' consumers between batches

	mu           sync.Mutex
	availableNow bool
	frozen       PartitionOffsets // availableNow target, fixed on first use
	latest       PartitionOffsets // newest offsets seen by the last LatestOffsets
	lastTrigger  time.Time        // minOffsetsPerTrigger: when the last batch was allowed
	now          func() time.Time
}

var (
	_ stream.Source          = (*Stream)(nil)
	_ stream.ReadLimitSource = (*Stream)(nil)
	_ stream.SourceMetrics   = (*Stream)(nil)
	_ stream.OffsetValidator = (*Stream)(nil)
)

// NewStream opens a streaming source from spark.readStream.format("kafka") options.
func NewStream(options map[string]string) (*Stream, error) {
	opts, err := ParseStreamOptions(options)
	if err != nil {
		return nil, err
	}
	return NewStreamWithOptions(opts)
}

// NewStreamWithOptions opens a streaming source from parsed options.
func NewStreamWithOptions(opts *Options) (*Stream, error) {
	or, err := newOffsetReader(opts)
	if err != nil {
		return nil, err
	}
	return &Stream{opts: opts, or: or, consumers: newConsumerCache(), now: time.Now}, nil
}

// Options returns the parsed options.
func (s *Stream) Options() *Options { return s.opts }

// Description is "KafkaV2[Subscribe[orders]]".
func (s *Stream) Description() string { return s.opts.Description() }

// Schema is the Kafka row schema.
func (s *Stream) Schema() *sqltypes.StructType { return Schema(s.opts.IncludeHeaders) }

// InitialOffsets resolves startingOffsets to real offsets.
func (s *Stream) InitialOffsets(ctx context.Context) (string, error) {
	if s.opts.StartErr != nil {
		return "", s.opts.StartErr
	}
	po, err := s.or.resolve(ctx, s.opts.StartingOffsets, "startingOffsets")
	if err != nil {
		return "", err
	}
	return po.JSON(), nil
}

// PrepareForAvailableNow makes the next LatestOffsets freeze its answer as the target.
func (s *Stream) PrepareForAvailableNow(ctx context.Context) error {
	if s.opts.StartErr != nil {
		return s.opts.StartErr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.availableNow = true
	return nil
}

// LatestOffsets is the end of the next batch from start, capped by maxOffsetsPerTrigger.
func (s *Stream) LatestOffsets(ctx context.Context, start string) (string, error) {
	return s.latestOffsets(ctx, start, false)
}

// LatestOffsetsUnlimited ignores maxOffsetsPerTrigger (trigger once reads everything).
func (s *Stream) LatestOffsetsUnlimited(ctx context.Context, start string) (string, error) {
	return s.latestOffsets(ctx, start, true)
}

// Metrics reports how far the batch end is behind the latest offsets, as Spark's
// KafkaMicroBatchStream.metrics: min/max/avgOffsetsBehindLatest.
func (s *Stream) Metrics(end string) map[string]string {
	consumed, err := ParseOffsets(end)
	s.mu.Lock()
	latest := s.latest
	s.mu.Unlock()
	if err != nil || len(latest) == 0 {
		return nil
	}
	var sum, mn, mx int64
	n := 0
	for _, tp := range latest.sortedPartitions() {
		behind := latest[tp] - consumed[tp]
		if n == 0 || behind < mn {
			mn = behind
		}
		if n == 0 || behind > mx {
			mx = behind
		}
		sum += behind
		n++
	}
	return map[string]string{
		"minOffsetsBehindLatest": strconv.FormatInt(mn, 10),
		"maxOffsetsBehindLatest": strconv.FormatInt(mx, 10),
		"avgOffsetsBehindLatest": sqltypes.JavaDoubleString(float64(sum) / float64(n)),
	}
}

// latestOffsets applies the read limits (min/maxOffsetsPerTrigger) unless unlimited.
func (s *Stream) latestOffsets(ctx context.Context, start string, unlimited bool) (string, error) {
	from, err := ParseOffsets(start)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var latest PartitionOffsets
	if s.availableNow && s.frozen != nil {
		latest = s.frozen
	} else {
		if latest, err = s.or.all(ctx, false); err != nil {
			return "", err
		}
		if s.availableNow {
			s.frozen = latest
		}
	}
	s.latest = latest
	if len(latest) == 0 {
		return start, nil
	}
	if unlimited {
		return latest.JSON(), nil
	}
	if s.opts.MinOffsetsPerTrigger > 0 && s.delayBatch(from, latest) {
		return start, nil
	}
	end := latest
	if maxOffsets := s.opts.MaxOffsetsPerTrigger; maxOffsets > 0 {
		var fromNew PartitionOffsets
		var newTPs []TopicPartition
		for tp := range latest {
			if _, ok := from[tp]; !ok {
				newTPs = append(newTPs, tp)
			}
		}
		if len(newTPs) > 0 {
			if fromNew, err = s.or.list(ctx, newTPs, true); err != nil {
				return "", err
			}
		}
		end = RateLimit(maxOffsets, from, latest, fromNew)
	}
	return end.JSON(), nil
}

// delayBatch is Spark's minOffsetsPerTrigger check: skip this trigger while fewer records
// than the minimum are waiting, unless maxTriggerDelay passed since the last batch.
func (s *Stream) delayBatch(from, latest PartitionOffsets) bool {
	now := s.now()
	if now.Sub(s.lastTrigger) >= s.opts.MaxTriggerDelay {
		s.lastTrigger = now
		return false
	}
	var waiting int64
	for tp, end := range latest {
		waiting += end - from[tp]
	}
	if waiting < s.opts.MinOffsetsPerTrigger {
		return true
	}
	s.lastTrigger = now
	return false
}

// ReportLatestOffset is the newest offsets seen, ignoring maxOffsetsPerTrigger.
func (s *Stream) ReportLatestOffset() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.latest) == 0 {
		return ""
	}
	return s.latest.JSON()
}

// dataLoss is Spark's reportDataLoss: an error with failOnDataLoss, otherwise nothing.
func (s *Stream) dataLoss(msg string) error {
	if !s.opts.FailOnDataLoss {
		return nil
	}
	return fmt.Errorf("kafka: %s. Some data may have been lost because they are not available in Kafka any more; "+
		"either the data was aged out by Kafka or the topic may have been deleted before all the data in the topic was processed. "+
		"If you don't want your streaming query to fail on such cases, set the source option \"failOnDataLoss\" to \"false\" "+
		"(or start over with a new checkpoint location)", msg)
}

// Ranges computes the read ranges of [start, end) with Spark's checks and splitting
// (KafkaOffsetReaderAdmin.getOffsetRangesFromResolvedOffsets).
func (s *Stream) Ranges(ctx context.Context, start, end PartitionOffsets) ([]OffsetRange, error) {
	var newTPs []TopicPartition
	for tp := range end {
		if _, ok := start[tp]; !ok {
			newTPs = append(newTPs, tp)
		}
	}
	sortTPs(newTPs)
	newStart, err := s.or.list(ctx, newTPs, true)
	if err != nil {
		return nil, err
	}
	for _, tp := range newTPs {
		o, ok := newStart[tp]
		if !ok {
			if err := s.dataLoss(fmt.Sprintf("Cannot find earliest offsets of %s. Some data may have been missed", tp)); err != nil {
				return nil, err
			}
			continue
		}
		if o != 0 {
			if err := s.dataLoss(fmt.Sprintf("Added partition %s starts from %d instead of 0. Some data may have been missed", tp, o)); err != nil {
				return nil, err
			}
		}
	}
	for _, tp := range start.sortedPartitions() {
		if _, ok := end[tp]; !ok {
			if err := s.dataLoss(fmt.Sprintf("%s is gone. Some data may have been missed", tp)); err != nil {
				return nil, err
			}
		}
	}
	var ranges []OffsetRange
	for _, tp := range PlanOrder(end.sortedPartitions()) {
		from, ok := start[tp]
		if !ok {
			if from, ok = newStart[tp]; !ok {
				continue
			}
		}
		until := end[tp]
		if until < from {
			if err := s.dataLoss(fmt.Sprintf("Partition %s's offset was changed from %d to %d, some data may have been missed", tp, from, until)); err != nil {
				return nil, err
			}
		}
		ranges = append(ranges, OffsetRange{tp, from, until})
	}
	return SplitRanges(ranges, s.opts.MinPartitions), nil
}

// PlanTasks turns [start, end) into one read task per non-empty range.
func (s *Stream) PlanTasks(ctx context.Context, start, end string) ([]stream.SourceTask, error) {
	from, err := ParseOffsets(start)
	if err != nil {
		return nil, err
	}
	until, err := ParseOffsets(end)
	if err != nil {
		return nil, err
	}
	ranges, err := s.Ranges(ctx, from, until)
	if err != nil {
		return nil, err
	}
	tasks := make([]stream.SourceTask, len(ranges))
	for i, r := range ranges {
		tasks[i] = &RangeTask{Opts: s.opts, Range: r, consumers: s.consumers}
	}
	return tasks, nil
}

// Close releases the source's admin client and the consumers kept between batches.
func (s *Stream) Close() error {
	s.or.close()
	s.consumers.Close()
	return nil
}

// RangeTask reads one OffsetRange; it implements stream.SourceTask.
type RangeTask struct {
	Opts      *Options
	Range     OffsetRange
	consumers *consumerCache // nil: a consumer of its own
}

// Description is "orders-0 [0, 2)".
func (t *RangeTask) Description() string { return t.Range.String() }

// Open streams the range's rows.
func (t *RangeTask) Open(chunkRows int) rowiter.Iter {
	return openRange(t.Opts, t.Range, chunkRows, t.consumers)
}

// ValidateOffsets checks offsets from a checkpoint: they must be Kafka offset JSON and
// name at least one topic this source reads; otherwise the checkpoint belongs to another
// query.
func (s *Stream) ValidateOffsets(offsets string) error {
	po, err := ParseOffsets(offsets)
	if err != nil {
		return fmt.Errorf("the source offsets are not Kafka offsets (%w); the checkpoint belongs to a different query, use a new checkpointLocation", err)
	}
	if len(po) == 0 {
		return nil
	}
	var topics []string
	seen := map[string]bool{}
	for _, tp := range po.sortedPartitions() {
		if !seen[tp.Topic] {
			seen[tp.Topic] = true
			topics = append(topics, tp.Topic)
		}
		if s.readsTopic(tp.Topic) {
			return nil
		}
	}
	return fmt.Errorf("it was written by a query reading topic(s) %s, but this query reads %s; use a new checkpointLocation for a different query",
		strings.Join(topics, ", "), s.opts.strategyString())
}

func (s *Stream) readsTopic(topic string) bool {
	switch {
	case s.opts.SubscribePattern != nil:
		return s.opts.SubscribePattern.MatchString(topic)
	case s.opts.Assign != nil:
		for _, tp := range s.opts.Assign {
			if tp.Topic == topic {
				return true
			}
		}
		return false
	}
	for _, t := range s.opts.Subscribe {
		if t == topic {
			return true
		}
	}
	return false
}
