package kafkasource

import (
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// consumerCache keeps, from one micro-batch to the next, the consumer that read a
// partition up to a batch's end, with the records it fetched past that end. The next
// batch's range starts there: it goes on with the same connection and the records in
// hand, instead of a new client, a new connection and a fetch that brings back whole
// record batches it read already (a batch of a few thousand events re-read ~10x its size
// that way). Spark keeps its Kafka consumers across batches for the same reason
// (KafkaDataConsumer's pool).
type consumerCache struct {
	mu     sync.Mutex
	parked map[TopicPartition][]*parkedConsumer
	closed bool
	now    func() time.Time
	hits   int // consumers taken back, for tests
}

// parkedConsumer is a consumer between two batches.
type parkedConsumer struct {
	cl    *kgo.Client
	next  int64         // the offset it goes on at
	recs  []*kgo.Record // what it fetched from next on
	since time.Time
}

const (
	// parkedIdle is how long a parked consumer waits for its next batch: past that the
	// query is likely stopped or slow, and its fetches cost more than a new client.
	parkedIdle = time.Minute
	// maxParkedPerPartition bounds the consumers kept for one partition (minPartitions
	// splits a partition's range between tasks; only the last one's end is the next
	// batch's start).
	maxParkedPerPartition = 4
)

func newConsumerCache() *consumerCache {
	return &consumerCache{parked: map[TopicPartition][]*parkedConsumer{}, now: time.Now}
}

// take returns the consumer parked at offset from of tp, or nil.
func (c *consumerCache) take(tp TopicPartition, from int64) *parkedConsumer {
	c.mu.Lock()
	stale := c.evictIdleLocked()
	var got *parkedConsumer
	list := c.parked[tp]
	for i, p := range list {
		if p.next == from {
			got = p
			c.parked[tp] = append(list[:i:i], list[i+1:]...)
			c.hits++
			break
		}
	}
	c.mu.Unlock()
	closeAll(stale)
	return got
}

// park keeps p for the batch that starts at p.next; a closed cache closes it instead.
func (c *consumerCache) park(tp TopicPartition, p *parkedConsumer) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		p.cl.Close()
		return
	}
	p.since = c.now()
	stale := c.evictIdleLocked()
	list := append(c.parked[tp], p)
	if len(list) > maxParkedPerPartition {
		stale = append(stale, list[0])
		list = list[1:]
	}
	c.parked[tp] = list
	c.mu.Unlock()
	closeAll(stale)
}

// evictIdleLocked removes the consumers parked for longer than parkedIdle and returns
// them, to be closed outside the lock (closing a client waits for its goroutines).
func (c *consumerCache) evictIdleLocked() []*parkedConsumer {
	var stale []*parkedConsumer
	now := c.now()
	for tp, list := range c.parked {
		kept := list[:0]
		for _, p := range list {
			if now.Sub(p.since) > parkedIdle {
				stale = append(stale, p)
			} else {
				kept = append(kept, p)
			}
		}
		clear(list[len(kept):])
		if len(kept) == 0 {
			delete(c.parked, tp)
		} else {
			c.parked[tp] = kept
		}
	}
	return stale
}

// Close closes every parked consumer; later ones are closed as they are parked.
func (c *consumerCache) Close() {
	c.mu.Lock()
	c.closed = true
	var all []*parkedConsumer
	for _, list := range c.parked {
		all = append(all, list...)
	}
	clear(c.parked)
	c.mu.Unlock()
	closeAll(all)
}

func closeAll(ps []*parkedConsumer) {
	for _, p := range ps {
		p.cl.Close()
	}
}
