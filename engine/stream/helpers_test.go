package stream_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// broker is an in-process kfake broker with topic orders (3 partitions).
type broker struct {
	addr string
	c    *kfake.Cluster
}

func startBroker(t testing.TB, opts ...kfake.Opt) *broker {
	t.Helper()
	addr, c := testkit.StartKafka(t, opts...)
	testkit.CreateTopic(t, addr, "orders", 3)
	return &broker{addr: addr, c: c}
}

func (b *broker) client(t testing.TB) *kgo.Client {
	cl, err := kgo.NewClient(kgo.SeedBrokers(b.addr))
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// event is one record to produce, with an event time carried as the Kafka timestamp.
type event struct {
	key, value string
	at         time.Time
}

var batch1 = []event{
	{"1001", `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`, at("09:15")},
	{"1002", `{"order_id":1002,"customer_id":"C02","status":"placed","amount":12.0,"event_time":"2026-10-01T09:40:00Z"}`, at("09:40")},
	{"1003", `{"order_id":1003,"customer_id":"C03","status":"placed","amount":31.0,"event_time":"2026-10-01T09:55:00Z"}`, at("09:55")},
}
var batch2 = []event{
	{"1001", `{"order_id":1001,"customer_id":"C01","status":"paid","amount":25.5,"event_time":"2026-10-01T10:05:00Z"}`, at("10:05")},
	{"1004", `{"order_id":1004,"customer_id":"C01","status":"placed","amount":40.0,"event_time":"2026-10-01T10:20:00Z"}`, at("10:20")},
}

func at(hhmm string) time.Time {
	t, err := time.Parse(time.RFC3339, "2026-10-01T"+hhmm+":00Z")
	if err != nil {
		panic(err)
	}
	return t
}

func (b *broker) send(t testing.TB, evs []event) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(b.addr))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	var recs []*kgo.Record
	for _, e := range evs {
		recs = append(recs, &kgo.Record{Topic: "orders", Key: []byte(e.key), Value: []byte(e.value), Timestamp: e.at})
	}
	if err := cl.ProduceSync(context.Background(), recs...).FirstErr(); err != nil {
		t.Fatal(err)
	}
}

// identityPlan passes the Kafka rows through; with a watermark delay it reports the
// record timestamps as event-time stats (one watermark operator), and asks for a no-data
// batch whenever the watermark moved past the one the batch used (like an aggregation).
type identityPlan struct {
	watermarkDelay time.Duration
	mu             sync.Mutex
	contexts       []stream.BatchContext
	lastEvictWm    int64
}

func (p *identityPlan) RunBatch(ctx context.Context, bc *stream.BatchContext) (*stream.BatchResult, error) {
	p.mu.Lock()
	p.contexts = append(p.contexts, *bc)
	p.lastEvictWm = bc.BatchWatermarkMs
	p.mu.Unlock()
	res := &stream.BatchResult{Schema: bc.Inputs[0].Schema}
	st := stream.EventTimeStats{DelayMs: p.watermarkDelay.Milliseconds()}
	var sum float64
	for _, in := range bc.Inputs {
		for _, task := range in.Tasks {
			rows, err := rowiter.Collect(ctx, task.Open(bc.ChunkRows))
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				ms := int64(r[kafkasource.ColTimestamp].(sqltypes.Timestamp)) / 1000
				if st.Count == 0 || ms > st.Max {
					st.Max = ms
				}
				if st.Count == 0 || ms < st.Min {
					st.Min = ms
				}
				sum += float64(ms)
				st.Count++
			}
			res.Tasks = append(res.Tasks, rowiter.Slice(rows))
		}
	}
	if p.watermarkDelay > 0 {
		if st.Count > 0 {
			st.Avg = sum / float64(st.Count)
		}
		res.EventTime = []stream.EventTimeStats{st}
	}
	return res, nil
}

func (p *identityPlan) ShouldRunNoDataBatch(newWm int64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.watermarkDelay > 0 && newWm > p.lastEvictWm
}

func (p *identityPlan) batches() []stream.BatchContext {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]stream.BatchContext(nil), p.contexts...)
}

// txnSink is idempotent by batch id like Delta's txn action: a batch is committed at the
// end of AddBatch in one step; a batch id at or below the last committed one is skipped;
// a failure before the commit leaves nothing visible.
type txnSink struct {
	mu        sync.Mutex
	committed map[int64][]sqltypes.Row
	last      int64
	calls     []int64
	// failMidWrite, when set, fails AddBatch of that batch once, after half of it was
	// "written" but before the commit.
	failMidWrite int64
}

func newTxnSink() *txnSink {
	return &txnSink{committed: map[int64][]sqltypes.Row{}, last: -1, failMidWrite: -1}
}

func (s *txnSink) Description() string { return "TxnSink" }

func (s *txnSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, b.BatchID)
	if b.BatchID <= s.last {
		return nil // already committed: the re-run is a no-op
	}
	var staged []sqltypes.Row
	for i, t := range b.Tasks {
		if b.BatchID == s.failMidWrite && i == len(b.Tasks)/2 {
			s.failMidWrite = -1
			return fmt.Errorf("injected failure while writing batch %d", b.BatchID)
		}
		rows, err := rowiter.Collect(ctx, t)
		if err != nil {
			return err
		}
		staged = append(staged, rows...)
	}
	s.committed[b.BatchID] = staged
	s.last = b.BatchID
	return nil
}

// keys lists the (partition/offset) of every committed row, sorted.
func (s *txnSink) keys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, rows := range s.committed {
		for _, r := range rows {
			out = append(out, fmt.Sprintf("%d/%d", r[kafkasource.ColPartition], r[kafkasource.ColOffset]))
		}
	}
	sort.Strings(out)
	return out
}

func newSource(t testing.TB, b *broker, extra ...string) *kafkasource.Stream {
	t.Helper()
	opts := map[string]string{"kafka.bootstrap.servers": b.addr, "subscribe": "orders", "startingOffsets": "earliest"}
	for i := 0; i < len(extra); i += 2 {
		opts[extra[i]] = extra[i+1]
	}
	s, err := kafkasource.NewStream(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runQuery starts a query and waits for it to end (the trigger must end it).
func runQuery(t testing.TB, cfg stream.Config) (*stream.Query, error) {
	t.Helper()
	q, err := stream.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	err = q.AwaitTermination(ctx)
	if ctx.Err() != nil {
		t.Fatal("query did not end")
	}
	return q, err
}

func readFile(t testing.TB, path ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(path...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func exists(path ...string) bool {
	_, err := os.Stat(filepath.Join(path...))
	return err == nil
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

func deleteBefore(t testing.TB, b *broker, partition int32, offset int64) {
	t.Helper()
	cl := b.client(t)
	defer cl.Close()
	os := kadm.Offsets{}
	os.AddOffset("orders", partition, offset, -1)
	if _, err := kadm.NewClient(cl).DeleteRecords(context.Background(), os); err != nil {
		t.Fatal(err)
	}
}
