package kafkasource

import (
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// recordPool lends franz-go the []kgo.Record slices it decodes a fetched batch into
// (kgo.PoolRecords). Without it every batch's records are a fresh pointer-holding
// allocation of ~180 bytes per record, more than the course event itself, that the GC
// allocates, scans and frees (#18). A range reader recycles each record as soon as its
// row is made (recordRow copies what it keeps), and the last recycle of a batch puts the
// slice back here. Records a reader drops unrecycled (Close mid-fetch) only keep their
// slice from coming back; the GC frees it as before.
type recordPool struct{ p sync.Pool }

var fetchedRecords = &recordPool{}

// GetRecords returns a slice with capacity for at least n records when the pool has
// one (franz-go grows a smaller one and puts the grown slice back).
func (rp *recordPool) GetRecords(n int) []kgo.Record {
	if s, ok := rp.p.Get().(*[]kgo.Record); ok {
		return (*s)[:0]
	}
	return make([]kgo.Record, 0, n)
}

// PutRecords takes back a slice whose records were all recycled (and zeroed by
// Record.Recycle).
func (rp *recordPool) PutRecords(s []kgo.Record) {
	rp.p.Put(&s)
}
