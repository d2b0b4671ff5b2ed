package kafkasource

import (
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Column positions in a Kafka row (Spark's KafkaRecordToRowConverter order).
const (
	ColKey = iota
	ColValue
	ColTopic
	ColPartition
	ColOffset
	ColTimestamp
	ColTimestampType
	ColHeaders // only with includeHeaders=true
)

// Schema is the fixed row shape of the Kafka source; all fields nullable as in Spark.
func Schema(includeHeaders bool) *sqltypes.StructType {
	fields := []sqltypes.StructField{
		{Name: "key", Type: sqltypes.Binary, Nullable: true},
		{Name: "value", Type: sqltypes.Binary, Nullable: true},
		{Name: "topic", Type: sqltypes.String, Nullable: true},
		{Name: "partition", Type: sqltypes.Integer, Nullable: true},
		{Name: "offset", Type: sqltypes.Long, Nullable: true},
		{Name: "timestamp", Type: sqltypes.TimestampT, Nullable: true},
		{Name: "timestampType", Type: sqltypes.Integer, Nullable: true},
	}
	if includeHeaders {
		header := &sqltypes.StructType{Fields: []sqltypes.StructField{
			{Name: "key", Type: sqltypes.String, Nullable: true},
			{Name: "value", Type: sqltypes.Binary, Nullable: true},
		}}
		fields = append(fields, sqltypes.StructField{
			Name: "headers", Nullable: true,
			Type: sqltypes.ArrayType{Element: header, ContainsNull: true},
		})
	}
	return &sqltypes.StructType{Fields: fields}
}

// recordRow converts a fetched record to a row of Schema(includeHeaders).
// Key and value keep referencing the fetch buffer (no copy): the rows of a task live as
// long as the batch, and so does that buffer.
// topic and partition come boxed by the caller, once per range, to save allocations.
func recordRow(r *kgo.Record, includeHeaders bool, topic, partition any, alloc *rowAlloc) sqltypes.Row {
	n := 7
	if includeHeaders {
		n = 8
	}
	row := alloc.row(n)
	if r.Key != nil {
		row[ColKey] = alloc.bytes.Box(r.Key)
	}
	if r.Value != nil {
		row[ColValue] = alloc.bytes.Box(r.Value)
	}
	row[ColTopic] = topic
	row[ColPartition] = partition
	row[ColOffset] = alloc.offsets.Box(r.Offset)
	row[ColTimestamp] = alloc.timestamp(r.Timestamp.UnixMilli() * 1000)
	row[ColTimestampType] = int32(r.Attrs.TimestampType())
	if includeHeaders && len(r.Headers) > 0 {
		hs := make([]any, len(r.Headers))
		for i, h := range r.Headers {
			var v any
			if h.Value != nil {
				v = h.Value
			}
			hs[i] = sqltypes.Row{h.Key, v}
		}
		row[ColHeaders] = hs
	}
	return row
}

// rowAlloc hands out rows carved from larger blocks: one allocation per rowBlock rows
// instead of one per row. Each row has its own capacity, so rows never share elements.
// A chunk's rows come from blocks of their own (newChunk), so once its consumer hands the
// chunk back (release) those blocks can serve a later chunk.
type rowAlloc struct {
	block []any
	// chunkBlocks are the blocks the current chunk's rows came from; free are blocks of
	// chunks handed back, ready for reuse.
	chunkBlocks [][]any
	free        [][]any
	released    bool // the current chunk was handed back
	// The last timestamp handed out, boxed: records of a batch mostly share their
	// millisecond, and an interface value can be shared, so each costs no allocation.
	lastMicros int64
	lastTs     any
	// Keys, values and offsets boxed from slabs: three allocations per record fewer
	// (the byte slices point into the fetch's buffer, which the rows keep alive anyway).
	bytes   sqltypes.BoxSlab[[]byte]
	offsets sqltypes.BoxSlab[int64]
}

func (a *rowAlloc) timestamp(micros int64) any {
	if a.lastTs == nil || micros != a.lastMicros {
		a.lastMicros, a.lastTs = micros, sqltypes.Timestamp(micros)
	}
	return a.lastTs
}

const rowBlock = 512

// newChunk starts the rows of a new chunk on a fresh block. The last chunk's blocks are
// kept for reuse when it was handed back, else left to the GC (its rows may live on).
func (a *rowAlloc) newChunk() {
	if a.released {
		a.free = append(a.free, a.chunkBlocks...)
	}
	clear(a.chunkBlocks)
	a.chunkBlocks, a.block, a.released = a.chunkBlocks[:0], nil, false
}

// release records that the current chunk's rows are no longer used by anyone.
func (a *rowAlloc) release() { a.released = true }

func (a *rowAlloc) row(n int) sqltypes.Row {
	if len(a.block) < n {
		if k := len(a.free); k > 0 && len(a.free[k-1]) >= n {
			a.block = a.free[k-1]
			a.free[k-1] = nil
			a.free = a.free[:k-1]
			clear(a.block) // recordRow leaves a null key, value or headers unset
		} else {
			a.block = make([]any, n*rowBlock)
		}
		a.chunkBlocks = append(a.chunkBlocks, a.block)
	}
	r := a.block[:n:n]
	a.block = a.block[n:]
	return r
}
