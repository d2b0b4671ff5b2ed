package broker

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// BenchmarkEmbeddedStart measures start-up to a broker that answers a Metadata request,
// then Close: memory only, on a fresh data folder, and reloading a folder with data.
func BenchmarkEmbeddedStart(b *testing.B) {
	ctx := context.Background()
	reload := b.TempDir()
	{
		e, err := StartEmbedded(ctx, EmbeddedConfig{Port: -1, DataDir: reload})
		if err != nil {
			b.Fatal(err)
		}
		cl, _ := NewClient(e)
		if _, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, "orders"); err != nil {
			b.Fatal(err)
		}
		for i := range 1000 {
			cl.Produce(ctx, &kgo.Record{Topic: "orders", Key: []byte(strconv.Itoa(i)), Value: orderJSON(i)}, nil)
		}
		if err := cl.Flush(ctx); err != nil {
			b.Fatal(err)
		}
		cl.Close()
		e.Close(ctx)
	}
	for _, bc := range []struct {
		name string
		dir  func() string
	}{
		{"memory", func() string { return "" }},
		{"fresh-datadir", func() string { return b.TempDir() }},
		{"reload-datadir-3x1000-records", func() string { return reload }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				e, err := StartEmbedded(ctx, EmbeddedConfig{Port: -1, DataDir: bc.dir()})
				if err != nil {
					b.Fatal(err)
				}
				cl, _ := NewClient(e)
				if _, err := kadm.NewClient(cl).BrokerMetadata(ctx); err != nil {
					b.Fatal(err)
				}
				cl.Close()
				if err := e.Close(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// orderJSON is one ~120-byte order event like the course's.
func orderJSON(i int) []byte {
	return fmt.Appendf(nil, `{"order_id":%d,"customer_id":"C%05d","status":"placed","amount":%d.%02d,"event_time":"2026-10-01T%02d:%02d:%02dZ"}`,
		100000+i, i%50000, 10+i%90, i%100, i/3600%24, i/60%60, i%60)
}

// BenchmarkProduceConsume1M sends 1,000,000 keyed ~120-byte JSON orders to a 3-partition
// topic through the embedded broker (kgo producer, default partitioner = Java's murmur2),
// then reads them all back with a consumer. Run it with -benchtime=1x.
func BenchmarkProduceConsume1M(b *testing.B) {
	const n = 1_000_000
	keys := make([][]byte, n)
	vals := make([][]byte, n)
	bytes := 0
	for i := range n {
		keys[i] = []byte(strconv.Itoa(100000 + i%5000))
		vals[i] = orderJSON(i)
		bytes += len(keys[i]) + len(vals[i])
	}
	b.Logf("%d records, %.1f MB key+value, average value %d bytes", n, float64(bytes)/1e6, (bytes-len(keys)*6)/n)
	for _, bc := range []struct {
		name    string
		dataDir bool
	}{{"memory", false}, {"datadir", true}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			var produceTime, consumeTime time.Duration
			for b.Loop() {
				dir := ""
				if bc.dataDir {
					dir = b.TempDir()
				}
				e, err := StartEmbedded(ctx, EmbeddedConfig{Port: -1, DataDir: dir})
				if err != nil {
					b.Fatal(err)
				}
				p, _ := NewClient(e)
				if _, err := kadm.NewClient(p).CreateTopic(ctx, 3, 1, nil, "orders"); err != nil {
					b.Fatal(err)
				}
				var failed atomic.Int64
				start := time.Now()
				for i := range n {
					p.Produce(ctx, &kgo.Record{Topic: "orders", Key: keys[i], Value: vals[i]}, func(_ *kgo.Record, err error) {
						if err != nil {
							failed.Add(1)
						}
					})
				}
				if err := p.Flush(ctx); err != nil || failed.Load() > 0 {
					b.Fatalf("produce: %v, %d failed", err, failed.Load())
				}
				produceTime += time.Since(start)
				p.Close()

				c, _ := NewClient(e, kgo.ConsumeTopics("orders"), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
				start = time.Now()
				got := 0
				for got < n {
					fs := c.PollFetches(ctx)
					if err := fs.Err0(); err != nil {
						b.Fatal(err)
					}
					got += fs.NumRecords()
				}
				consumeTime += time.Since(start)
				c.Close()
				if got != n {
					b.Fatalf("consumed %d, want %d", got, n)
				}
				e.Close(ctx)
			}
			runs := float64(b.N)
			b.ReportMetric(n*runs/produceTime.Seconds(), "produced-rec/s")
			b.ReportMetric(float64(bytes)*runs/produceTime.Seconds()/1e6, "produced-MB/s")
			b.ReportMetric(n*runs/consumeTime.Seconds(), "consumed-rec/s")
			b.ReportMetric(float64(bytes)*runs/consumeTime.Seconds()/1e6, "consumed-MB/s")
		})
	}
}
