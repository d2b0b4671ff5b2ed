package kafkasource

import (
	"math/bits"
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
type recordPool struct {
	mu sync.Mutex
	// classes[k] holds slices of capacity 1<<k: a slice from the pool then always fits
	// the batch asked for (a smaller one would be grown, that is allocated again). A
	// plain free list, not a sync.Pool: a sync.Pool is emptied by every other GC, and
	// reading course events runs a GC every few thousand records.
	classes [32][][]kgo.Record
	kept    int // records held in classes
}

// maxKeptRecords bounds what the pool holds while idle (~180 bytes a record: 6 MB), a
// few fetches' worth for each of the readers running at once.
const maxKeptRecords = 32 << 10

var fetchedRecords = &recordPool{}

// sizeClass is the smallest k with 1<<k >= n.
func sizeClass(n int) int {
	return bits.Len(uint(max(n, 1) - 1))
}

// GetRecords returns a slice with capacity for at least n records.
func (rp *recordPool) GetRecords(n int) []kgo.Record {
	k := sizeClass(n)
	if k >= len(rp.classes) {
		return make([]kgo.Record, 0, n)
	}
	rp.mu.Lock()
	if free := rp.classes[k]; len(free) > 0 {
		s := free[len(free)-1]
		free[len(free)-1] = nil
		rp.classes[k] = free[:len(free)-1]
		rp.kept -= cap(s)
		rp.mu.Unlock()
		return s[:0]
	}
	rp.mu.Unlock()
	return make([]kgo.Record, 0, 1<<k)
}

// PutRecords takes back a slice whose records were all recycled (and zeroed by
// Record.Recycle).
func (rp *recordPool) PutRecords(s []kgo.Record) {
	c := cap(s)
	if c == 0 || c&(c-1) != 0 || sizeClass(c) >= len(rp.classes) {
		return // not one of ours (franz-go grew it): the GC takes it
	}
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if rp.kept+c > maxKeptRecords {
		return // enough kept: the GC takes it
	}
	k := sizeClass(c)
	rp.classes[k] = append(rp.classes[k], s[:0])
	rp.kept += c
}
