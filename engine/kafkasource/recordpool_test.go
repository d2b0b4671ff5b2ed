package kafkasource

import (
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"
)

// TestRecordPoolSizes: a slice from the pool always holds the records asked for, and
// only slices of the pool's sizes go back into it.
func TestRecordPoolSizes(t *testing.T) {
	rp := &recordPool{}
	for _, n := range []int{0, 1, 2, 3, 64, 65, 1000, 4096, 4097} {
		s := rp.GetRecords(n)
		if len(s) != 0 || cap(s) < n || cap(s) > 2*max(n, 1) {
			t.Errorf("GetRecords(%d): len %d cap %d", n, len(s), cap(s))
		}
		rp.PutRecords(s[:cap(s)])
		if s2 := rp.GetRecords(n); cap(s2) < n {
			t.Errorf("GetRecords(%d) after a put: cap %d", n, cap(s2))
		}
	}
	rp.PutRecords(make([]kgo.Record, 3)) // grown by franz-go: not a pool size, dropped
	if s := rp.GetRecords(3); cap(s) != 4 {
		t.Errorf("GetRecords(3) after putting a 3-record slice: cap %d, want 4", cap(s))
	}
}

// TestRecordPoolBounded: the pool keeps at most maxKeptRecords records while idle, and
// hands back what it kept.
func TestRecordPoolBounded(t *testing.T) {
	rp := &recordPool{}
	var held [][]kgo.Record
	for i := 0; i < 2*maxKeptRecords/4096; i++ {
		held = append(held, rp.GetRecords(4096))
	}
	for _, s := range held {
		rp.PutRecords(s)
	}
	if rp.kept > maxKeptRecords || rp.kept == 0 {
		t.Fatalf("the pool keeps %d records, want some and at most %d", rp.kept, maxKeptRecords)
	}
	before := rp.kept
	if s := rp.GetRecords(3000); cap(s) != 4096 || rp.kept != before-4096 {
		t.Fatalf("GetRecords(3000) after puts: cap %d, kept %d -> %d", cap(s), before, rp.kept)
	}
}
