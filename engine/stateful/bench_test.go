package stateful

import (
	"runtime"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// benchEvents makes n events, 10 ms of event time apart, in batches of size batch; every
// 20th event is late (5%): half within the 10-minute watermark (7 minutes late), half too
// late (20 minutes).
func benchEvents(start, n, batch int) [][]sqltypes.Row {
	base := int64(ts("09:00"))
	var out [][]sqltypes.Row
	cur := make([]sqltypes.Row, 0, batch)
	amount := sqltypes.NewDecimal(1000, 2)
	for i := start; i < start+n; i++ {
		t := base + int64(i)*10_000
		if i%20 == 0 {
			if i%40 == 0 {
				t -= 7 * 60_000_000
			} else {
				t -= 20 * 60_000_000
			}
		}
		cur = append(cur, sqltypes.Row{sqltypes.Timestamp(t), "C01", amount})
		if len(cur) == batch {
			out = append(out, cur)
			cur = make([]sqltypes.Row, 0, batch)
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// BenchmarkWindowedCount runs a windowed count (5-minute tumbling windows, 10-minute
// watermark, append mode) over 1,000,000 events in batches of 100,000, state files included.
//
//	go test ./engine/stateful -run '^$' -bench WindowedCount -benchtime=3x
func BenchmarkWindowedCount(b *testing.B) {
	const n = 1_000_000
	batches := benchEvents(0, n, 100_000)
	spec := opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		h := newHarness(b, spec, "Append")
		b.StartTimer()
		for _, rows := range batches {
			if _, err := h.runBatch(rows); err != nil {
				b.Fatal(err)
			}
			if h.op.ShouldRunNoDataBatch(h.wmMs) {
				if _, err := h.runBatch(nil); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkFlatMemory streams 10,000,000 events through the same query and reports the live
// heap after the first million and at the end, and the largest state seen.
//
//	go test ./engine/stateful -run '^$' -bench FlatMemory -benchtime=1x
func BenchmarkFlatMemory(b *testing.B) {
	const total, chunk = 10_000_000, 1_000_000
	spec := opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}
	for i := 0; i < b.N; i++ {
		h := newHarness(b, spec, "Append")
		var heapAfter1M, maxState int64
		for start := 0; start < total; start += chunk {
			for _, rows := range benchEvents(start, chunk, 100_000) {
				out, err := h.runBatch(rows)
				if err != nil {
					b.Fatal(err)
				}
				maxState = max(maxState, out.prog.NumRowsTotal)
				if h.op.ShouldRunNoDataBatch(h.wmMs) {
					if _, err := h.runBatch(nil); err != nil {
						b.Fatal(err)
					}
				}
			}
			if start == 0 {
				heapAfter1M = liveHeap()
			}
		}
		b.ReportMetric(float64(heapAfter1M)/(1<<20), "MiB-heap-after-1M")
		b.ReportMetric(float64(liveHeap())/(1<<20), "MiB-heap-after-10M")
		b.ReportMetric(float64(maxState), "max-state-rows")
	}
}

func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// keyPartitionCases are grouping keys as the operators hash them: a window and a customer,
// and a decimal amount as a DECIMAL(10,2) and as a DECIMAL(20,2) column.
func keyPartitionCases() []struct {
	name  string
	key   sqltypes.Row
	types []sqltypes.DataType
} {
	win := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "start", Type: sqltypes.TimestampT}, {Name: "end", Type: sqltypes.TimestampT}}}
	amount := sqltypes.NewDecimal(1234567, 2)
	return []struct {
		name  string
		key   sqltypes.Row
		types []sqltypes.DataType
	}{
		{"window,string", sqltypes.Row{sqltypes.Row{ts("09:00"), ts("09:05")}, "C01"}, []sqltypes.DataType{win, sqltypes.String}},
		{"decimal(10,2)", sqltypes.Row{amount}, []sqltypes.DataType{sqltypes.DecimalType{Precision: 10, Scale: 2}}},
		{"decimal(20,2)", sqltypes.Row{amount}, []sqltypes.DataType{sqltypes.DecimalType{Precision: 20, Scale: 2}}},
	}
}

// BenchmarkKeyPartition is the cost of placing one key in its shuffle partition.
func BenchmarkKeyPartition(b *testing.B) {
	for _, c := range keyPartitionCases() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				partitionOf(c.key, c.types, 200)
			}
		})
	}
}
