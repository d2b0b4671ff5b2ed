package observe

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Record is one Kafka record as the record browser shows it.
type Record struct {
	Partition int32
	Offset    int64
	Timestamp time.Time
	Key       string // the bytes as text; Binary marks what was not UTF-8
	Value     string
	Binary    bool
	Headers   []Header
	Null      bool // a null value (a tombstone)
}

// Header is one record header.
type Header struct{ Key, Value string }

// Page is a run of records of one partition, with the partition's bounds: records live in
// [Start, End).
type Page struct {
	Topic      string
	Partition  int32
	Start, End int64
	Records    []Record
}

// maxRecordBytes bounds a record's key or value as the browser holds it.
const maxRecordBytes = 16 << 10

// ReadRecords reads up to n records of one partition from offset from (clamped into the
// partition's bounds), with a client made from opts (the lab's broker). It never waits
// for records that are not there: it stops at the partition's end.
func ReadRecords(ctx context.Context, opts []kgo.Opt, topic string, partition int32, from int64, n int) (*Page, error) {
	adm, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("read %s/%d: %w", topic, partition, err)
	}
	defer adm.Close()
	ka := kadm.NewClient(adm)
	starts, err := ka.ListStartOffsets(ctx, topic)
	if err != nil {
		return nil, fmt.Errorf("read %s/%d: %w", topic, partition, err)
	}
	ends, err := ka.ListEndOffsets(ctx, topic)
	if err != nil {
		return nil, fmt.Errorf("read %s/%d: %w", topic, partition, err)
	}
	page := &Page{Topic: topic, Partition: partition}
	so, ok1 := starts.Lookup(topic, partition)
	eo, ok2 := ends.Lookup(topic, partition)
	if !ok1 || !ok2 || so.Err != nil || eo.Err != nil {
		return nil, fmt.Errorf("topic %s has no partition %d", topic, partition)
	}
	page.Start, page.End = so.Offset, eo.Offset
	from = max(page.Start, min(from, page.End))
	if from >= page.End || n <= 0 {
		return page, nil
	}
	cl, err := kgo.NewClient(append(opts, kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{
		topic: {partition: kgo.NewOffset().At(from)}}))...)
	if err != nil {
		return nil, fmt.Errorf("read %s/%d: %w", topic, partition, err)
	}
	defer cl.Close()
	want := min(int64(n), page.End-from)
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for int64(len(page.Records)) < want {
		fs := cl.PollFetches(rctx)
		if err := rctx.Err(); err != nil {
			if len(page.Records) > 0 {
				break
			}
			return nil, fmt.Errorf("read %s/%d from offset %d: %w", topic, partition, from, err)
		}
		var ferr error
		fs.EachError(func(_ string, _ int32, err error) { ferr = err })
		if ferr != nil {
			return nil, fmt.Errorf("read %s/%d from offset %d: %w", topic, partition, from, ferr)
		}
		fs.EachRecord(func(r *kgo.Record) {
			if int64(len(page.Records)) < want && r.Offset >= from {
				page.Records = append(page.Records, record(r))
			}
		})
	}
	return page, nil
}

func record(r *kgo.Record) Record {
	out := Record{Partition: r.Partition, Offset: r.Offset, Timestamp: r.Timestamp, Null: r.Value == nil}
	out.Key, out.Binary = text(r.Key)
	var bin bool
	out.Value, bin = text(r.Value)
	out.Binary = out.Binary || bin
	for _, h := range r.Headers {
		v, _ := text(h.Value)
		out.Headers = append(out.Headers, Header{Key: h.Key, Value: v})
	}
	return out
}

// text is bytes as the browser shows them: text when it is UTF-8, else hex (marked).
func text(b []byte) (string, bool) {
	if len(b) > maxRecordBytes {
		b = b[:maxRecordBytes]
	}
	if utf8.Valid(b) {
		return string(b), false
	}
	return fmt.Sprintf("%x", b), true
}
