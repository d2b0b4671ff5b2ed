package kafkasource

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Timeouts that turn an unreachable broker into an error within seconds, not minutes.
const (
	dialTimeout    = 3 * time.Second
	retryTimeout   = 5 * time.Second
	requestTimeout = 8 * time.Second
)

// clientOpts are the options every kafkalab client uses.
func clientOpts(bootstrap []string, extra ...kgo.Opt) []kgo.Opt {
	opts := []kgo.Opt{
		kgo.SeedBrokers(bootstrap...),
		kgo.DialTimeout(dialTimeout),
		kgo.RetryTimeout(retryTimeout),
		kgo.MetadataMinAge(250 * time.Millisecond),
	}
	return append(opts, extra...)
}

// offsetReader answers offset questions for one source (Spark's KafkaOffsetReaderAdmin).
type offsetReader struct {
	opts *Options
	cl   *kgo.Client
	adm  *kadm.Client
}

func newOffsetReader(opts *Options) (*offsetReader, error) {
	cl, err := kgo.NewClient(clientOpts(opts.Bootstrap)...)
	if err != nil {
		return nil, fmt.Errorf("kafka: cannot create a client for %s: %w", strings.Join(opts.Bootstrap, ","), err)
	}
	return &offsetReader{opts: opts, cl: cl, adm: kadm.NewClient(cl)}, nil
}

func (r *offsetReader) close() { r.cl.Close() }

// BrokerUnreachableError says the broker(s) of kafka.bootstrap.servers did not answer:
// refused, unreachable, or silent past the request timeout.
type BrokerUnreachableError struct {
	Bootstrap string // the addresses, comma-separated
	What      string // what kafkalab was doing ("listing topics")
	Err       error
}

func (e *BrokerUnreachableError) Error() string {
	return fmt.Sprintf("kafka: the broker at %s did not answer while %s (%v); check that it is running and that kafka.bootstrap.servers is right", e.Bootstrap, e.What, e.Err)
}

func (e *BrokerUnreachableError) Unwrap() error { return e.Err }

// brokerError explains a failed request in terms of the bootstrap addresses.
func brokerError(bootstrap []string, what string, err error) error {
	addr := strings.Join(bootstrap, ",")
	var netErr net.Error
	var opErr *net.OpError
	switch {
	case errors.As(err, &opErr), errors.As(err, &netErr),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, kgo.ErrClientClosed),
		strings.Contains(err.Error(), "unable to dial"):
		return &BrokerUnreachableError{Bootstrap: addr, What: what, Err: err}
	}
	return fmt.Errorf("kafka: %s on %s: %w", what, addr, err)
}

// topicWait is how long a reader or writer waits for a topic the broker does not know yet.
// On a real cluster a topic created a moment ago takes a little while to reach every
// broker's metadata; Kafka's Java producer waits for it too (max.block.ms).
var topicWait = 3 * time.Second

// metadataWaitingForTopics asks for the topics' metadata, asking again while one of them is
// unknown or has no partitions, for up to topicWait. It returns the last answer; the
// caller decides what a still-missing topic means.
func metadataWaitingForTopics(ctx context.Context, adm *kadm.Client, topics []string) (kadm.Metadata, error) {
	deadline := time.Now().Add(topicWait)
	for {
		mctx, cancel := context.WithTimeout(ctx, requestTimeout)
		md, err := adm.Metadata(mctx, topics...)
		cancel()
		if err != nil || allTopicsKnown(md, topics) || time.Now().After(deadline) {
			return md, err
		}
		select {
		case <-ctx.Done():
			return md, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func allTopicsKnown(md kadm.Metadata, topics []string) bool {
	for _, t := range topics {
		td, ok := md.Topics[t]
		if !ok || td.Err != nil || len(td.Partitions) == 0 {
			return false
		}
		for _, p := range td.Partitions {
			if p.Err != nil || p.Leader < 0 {
				return false
			}
		}
	}
	return true
}

// partitions lists the partitions the source reads, sorted by topic and partition.
func (r *offsetReader) partitions(ctx context.Context) ([]TopicPartition, error) {
	if r.opts.Assign != nil {
		return append([]TopicPartition(nil), r.opts.Assign...), nil
	}
	var md kadm.Metadata
	var err error
	if r.opts.SubscribePattern != nil {
		mctx, cancel := context.WithTimeout(ctx, requestTimeout)
		md, err = r.adm.Metadata(mctx)
		cancel()
	} else {
		md, err = metadataWaitingForTopics(ctx, r.adm, r.opts.Subscribe)
	}
	if err != nil {
		return nil, brokerError(r.opts.Bootstrap, "listing topics", err)
	}
	var tps []TopicPartition
	add := func(td kadm.TopicDetail) {
		for _, pd := range td.Partitions {
			tps = append(tps, TopicPartition{td.Topic, pd.Partition})
		}
	}
	if r.opts.SubscribePattern != nil {
		for _, td := range md.Topics {
			if !td.IsInternal && td.Err == nil && r.opts.SubscribePattern.MatchString(td.Topic) {
				add(td)
			}
		}
	} else {
		for _, t := range r.opts.Subscribe {
			td, ok := md.Topics[t]
			if !ok || errors.Is(td.Err, kerr.UnknownTopicOrPartition) {
				return nil, fmt.Errorf("kafka: topic '%s' does not exist on %s; create it first or fix the 'subscribe' option", t, strings.Join(r.opts.Bootstrap, ","))
			}
			if td.Err != nil {
				return nil, fmt.Errorf("kafka: cannot read metadata of topic '%s': %w", t, td.Err)
			}
			add(td)
		}
	}
	sortTPs(tps)
	return tps, nil
}

func sortTPs(tps []TopicPartition) {
	sort.Slice(tps, func(i, j int) bool {
		if tps[i].Topic != tps[j].Topic {
			return tps[i].Topic < tps[j].Topic
		}
		return tps[i].Partition < tps[j].Partition
	})
}

// list returns the earliest (log start) or latest (high watermark) offset of each given
// partition. Partitions that do not exist are left out of the result.
func (r *offsetReader) list(ctx context.Context, tps []TopicPartition, earliest bool) (PartitionOffsets, error) {
	out := PartitionOffsets{}
	if len(tps) == 0 {
		return out, nil
	}
	topicSet := map[string]bool{}
	var topics []string
	for _, tp := range tps {
		if !topicSet[tp.Topic] {
			topicSet[tp.Topic] = true
			topics = append(topics, tp.Topic)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	var lo kadm.ListedOffsets
	var err error
	what := "listing latest offsets"
	if earliest {
		what = "listing earliest offsets"
		lo, err = r.adm.ListStartOffsets(ctx, topics...)
	} else {
		lo, err = r.adm.ListEndOffsets(ctx, topics...)
	}
	if err != nil && len(lo) == 0 {
		return nil, brokerError(r.opts.Bootstrap, what, err)
	}
	for _, tp := range tps {
		l, ok := lo.Lookup(tp.Topic, tp.Partition)
		if !ok || errors.Is(l.Err, kerr.UnknownTopicOrPartition) {
			continue
		}
		if l.Err != nil {
			return nil, brokerError(r.opts.Bootstrap, what+" of "+tp.String(), l.Err)
		}
		out[tp] = l.Offset
	}
	return out, nil
}

// earliest / latest over all the source's partitions.
func (r *offsetReader) all(ctx context.Context, earliest bool) (PartitionOffsets, error) {
	tps, err := r.partitions(ctx)
	if err != nil {
		return nil, err
	}
	return r.list(ctx, tps, earliest)
}

// resolve turns a starting/ending limit into real offsets (-1/-2 resolved).
func (r *offsetReader) resolve(ctx context.Context, l OffsetLimit, what string) (PartitionOffsets, error) {
	switch l.Kind {
	case LimitEarliest:
		return r.all(ctx, true)
	case LimitLatest:
		return r.all(ctx, false)
	case LimitTimestamp, LimitTimestamps:
		return r.byTimestamp(ctx, l, what)
	}
	tps, err := r.partitions(ctx)
	if err != nil {
		return nil, err
	}
	assigned := PartitionOffsets{}
	for _, tp := range tps {
		assigned[tp] = 0
	}
	if !sameKeys(assigned, l.Specific) {
		// Spark's Kafka source asserts this: a java.lang.AssertionError, which PySpark does
		// not capture (Py4JJavaError).
		return nil, &sparkerrors.Error{Kind: sparkerrors.Py4JJavaError, Message: fmt.Sprintf(
			"java.lang.AssertionError: assertion failed: If %s contains specific offsets, you must specify all TopicPartitions.\nUse -1 for latest, -2 for earliest, if you don't care.\nSpecified: %s Assigned: %s",
			what, tpSet(l.Specific), tpSet(assigned))}
	}
	var early, late []TopicPartition
	for tp, o := range l.Specific {
		switch o {
		case OffsetEarliest:
			early = append(early, tp)
		case OffsetLatest:
			late = append(late, tp)
		}
	}
	e, err := r.list(ctx, early, true)
	if err != nil {
		return nil, err
	}
	lt, err := r.list(ctx, late, false)
	if err != nil {
		return nil, err
	}
	out := l.Specific.Clone()
	for tp, o := range e {
		out[tp] = o
	}
	for tp, o := range lt {
		out[tp] = o
	}
	return out, nil
}

func sameKeys(a, b PartitionOffsets) bool {
	if len(a) != len(b) {
		return false
	}
	for tp := range a {
		if _, ok := b[tp]; !ok {
			return false
		}
	}
	return true
}

// tpSet prints partitions like Scala's Set(orders-0, orders-1).
func tpSet(po PartitionOffsets) string {
	tps := po.sortedPartitions()
	s := make([]string, len(tps))
	for i, tp := range tps {
		s[i] = tp.String()
	}
	return "Set(" + strings.Join(s, ", ") + ")"
}

// byTimestamp resolves a timestamp limit to the first offset at or after it per partition
// (Spark's fetchGlobal/SpecificTimestampBasedOffsets). A partition with no such record
// fails for starting offsets (unless NoMatchLatest) and reads to latest for ending ones.
func (r *offsetReader) byTimestamp(ctx context.Context, l OffsetLimit, what string) (PartitionOffsets, error) {
	tps, err := r.partitions(ctx)
	if err != nil {
		return nil, err
	}
	stamps := PartitionOffsets{}
	if l.Kind == LimitTimestamp {
		for _, tp := range tps {
			stamps[tp] = l.Timestamp
		}
	} else {
		assigned := PartitionOffsets{}
		for _, tp := range tps {
			assigned[tp] = 0
		}
		if !sameKeys(assigned, l.Specific) {
			return nil, fmt.Errorf("If starting/endingOffsetsByTimestamp contains specific offsets, you must specify all topics. Specified: %s Assigned: %s",
				tpSet(l.Specific), tpSet(assigned))
		}
		stamps = l.Specific
	}
	ends, err := r.list(ctx, tps, false)
	if err != nil {
		return nil, err
	}
	byStamp := map[int64][]TopicPartition{}
	for _, tp := range stamps.sortedPartitions() {
		byStamp[stamps[tp]] = append(byStamp[stamps[tp]], tp)
	}
	out := PartitionOffsets{}
	starting := strings.HasPrefix(what, "starting")
	lim := l
	for ms, group := range byStamp {
		topics := map[string]bool{}
		var names []string
		for _, tp := range group {
			if !topics[tp.Topic] {
				topics[tp.Topic] = true
				names = append(names, tp.Topic)
			}
		}
		rctx, cancel := context.WithTimeout(ctx, requestTimeout)
		lo, err := r.adm.ListOffsetsAfterMilli(rctx, ms, names...)
		cancel()
		if err != nil && len(lo) == 0 {
			return nil, brokerError(r.opts.Bootstrap, "listing offsets by timestamp", err)
		}
		for _, tp := range group {
			l, ok := lo.Lookup(tp.Topic, tp.Partition)
			if !ok || l.Err != nil {
				return nil, fmt.Errorf("kafka: cannot list the offset of %s at timestamp %d: %v", tp, ms, l.Err)
			}
			off := l.Offset
			if end, ok := ends[tp]; ok && (off < 0 || off >= end) {
				// No record at or after the timestamp.
				if starting && !lim.NoMatchLatest {
					return nil, illegalArgumentf("No offset matched from request of topic-partition %s and timestamp %d.", tp, ms)
				}
				off = end
			}
			out[tp] = off
		}
	}
	return out, nil
}
