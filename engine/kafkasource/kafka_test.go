package kafkasource

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// startBroker runs an in-process kfake broker on a free port with topic orders (3 partitions).
func startBroker(t testing.TB) (addr string, c *kfake.Cluster) {
	t.Helper()
	addr, c = testkit.StartKafka(t)
	testkit.CreateTopic(t, addr, "orders", 3)
	return addr, c
}

var batch1 = []struct{ key, value string }{
	{"1001", `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`},
	{"1002", `{"order_id":1002,"customer_id":"C02","status":"placed","amount":12.0,"event_time":"2026-10-01T09:40:00Z"}`},
	{"1003", `{"order_id":1003,"customer_id":"C03","status":"placed","amount":31.0,"event_time":"2026-10-01T09:55:00Z"}`},
}
var batch2 = []struct{ key, value string }{
	{"1001", `{"order_id":1001,"customer_id":"C01","status":"paid","amount":25.5,"event_time":"2026-10-01T10:05:00Z"}`},
	{"1004", `{"order_id":1004,"customer_id":"C01","status":"placed","amount":40.0,"event_time":"2026-10-01T10:20:00Z"}`},
}

func send(t testing.TB, addr string, evs []struct{ key, value string }) {
	t.Helper()
	recs := make([]Record, len(evs))
	for i, e := range evs {
		recs[i] = Record{Key: []byte(e.key), Value: []byte(e.value)}
	}
	if err := WriteRecords(context.Background(), []string{addr}, "orders", recs); err != nil {
		t.Fatal(err)
	}
}

func TestKeyPartitionMatchesKafka(t *testing.T) {
	// The course's placements (Java client, 3 partitions).
	for key, want := range map[string]int32{"1001": 0, "1002": 0, "1003": 1, "1004": 1} {
		if got := KeyPartition([]byte(key), 3); got != want {
			t.Errorf("KeyPartition(%s) = %d, want %d", key, got, want)
		}
	}
	// And franz-go's murmur2 partitioner (the Java algorithm) on many keys and counts.
	kp := kgo.StickyKeyPartitioner(nil)
	for n := 1; n <= 12; n++ {
		tp := kp.ForTopic("t")
		for i := 0; i < 500; i++ {
			key := []byte(fmt.Sprintf("key-%d-%x", i, i*7919))
			if got, want := KeyPartition(key, n), tp.Partition(&kgo.Record{Key: key}, n); int(got) != want {
				t.Fatalf("key %s n=%d: %d, kgo says %d", key, n, got, want)
			}
		}
	}
}

func TestReferenceScenario(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	send(t, addr, batch1)

	s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders", "startingOffsets": "earliest"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start, err := s.InitialOffsets(ctx)
	if err != nil || start != `{"orders":{"0":0,"1":0,"2":0}}` {
		t.Fatalf("initial = %s, %v", start, err)
	}
	end, err := s.LatestOffsets(ctx, start)
	if err != nil || end != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("latest = %s, %v", end, err)
	}
	tasks, err := s.PlanTasks(ctx, start, end)
	if err != nil {
		t.Fatal(err)
	}
	var descs []string
	var got []string
	for _, task := range tasks {
		descs = append(descs, task.Description())
		err := scanTask(ctx, task, func(r sqltypes.Row) error {
			got = append(got, fmt.Sprintf("%s %s %s %d %d %d", r[ColKey], r[ColTopic], "", r[ColPartition], r[ColOffset], r[ColTimestampType]))
			if len(r) != 7 || r[ColValue] == nil {
				t.Errorf("row %v", r)
			}
			if _, ok := r[ColTimestamp].(sqltypes.Timestamp); !ok {
				t.Errorf("timestamp %T", r[ColTimestamp])
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(descs, ";") != "orders-0 [0, 2);orders-1 [0, 1)" {
		t.Fatalf("tasks %v", descs)
	}
	want := []string{"1001 orders  0 0 0", "1002 orders  0 1 0", "1003 orders  1 0 0"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("rows\n%v\nwant\n%v", got, want)
	}

	send(t, addr, batch2)
	end2, err := s.LatestOffsets(ctx, end)
	if err != nil || end2 != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("latest 2 = %s, %v", end2, err)
	}
	end3, err := s.LatestOffsets(ctx, end2)
	if err != nil || end3 != end2 {
		t.Fatalf("latest 3 = %s, %v", end3, err)
	}
}

func TestMaxOffsetsPerTriggerAndAvailableNow(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	send(t, addr, batch1)
	send(t, addr, batch2)
	s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"startingOffsets": "earliest", "maxOffsetsPerTrigger": "2"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.PrepareForAvailableNow(ctx)
	cur, _ := s.InitialOffsets(ctx)
	var steps []string
	for i := 0; i < 6; i++ {
		next, err := s.LatestOffsets(ctx, cur)
		if err != nil {
			t.Fatal(err)
		}
		if next == cur {
			break
		}
		steps = append(steps, next)
		if i == 0 {
			send(t, addr, batch2) // after the target froze: not part of this run
		}
		cur = next
	}
	// backlog 3 and 2: 2*3/5=1.2 -> 1, 2*2/5=0.8 -> 1; then 2*2/3 -> 1, 2*1/3 -> ceil 1 ...
	want := []string{`{"orders":{"0":1,"1":1,"2":0}}`, `{"orders":{"0":2,"1":2,"2":0}}`, `{"orders":{"0":3,"1":2,"2":0}}`}
	if strings.Join(steps, " ") != strings.Join(want, " ") {
		t.Fatalf("steps\n%v\nwant\n%v", steps, want)
	}
	if s.ReportLatestOffset() != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("report latest %s", s.ReportLatestOffset())
	}
}

func TestStartingOffsetsLatestAndSpecific(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	send(t, addr, batch1)
	s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.InitialOffsets(ctx); err != nil || got != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("latest initial = %s %v", got, err)
	}
	s2, _ := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"startingOffsets": `{"orders":{"0":1,"1":-2,"2":-1}}`})
	defer s2.Close()
	if got, err := s2.InitialOffsets(ctx); err != nil || got != `{"orders":{"0":1,"1":0,"2":0}}` {
		t.Fatalf("specific initial = %s %v", got, err)
	}
	s3, _ := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"startingOffsets": `{"orders":{"0":1}}`})
	defer s3.Close()
	if _, err := s3.InitialOffsets(ctx); err == nil || !strings.Contains(err.Error(), "you must specify all TopicPartitions") {
		t.Fatalf("partial specific: %v", err)
	}
}

func TestDataLoss(t *testing.T) {
	for _, failOnDataLoss := range []bool{true, false} {
		t.Run(fmt.Sprint("failOnDataLoss=", failOnDataLoss), func(t *testing.T) {
			addr, _ := startBroker(t)
			ctx := context.Background()
			send(t, addr, batch1)
			send(t, addr, batch2)
			// Retention removed offsets 0 and 1 of partition 0.
			cl, _ := kgo.NewClient(kgo.SeedBrokers(addr))
			defer cl.Close()
			os := kadm.Offsets{}
			os.AddOffset("orders", 0, 2, -1)
			if _, err := kadm.NewClient(cl).DeleteRecords(ctx, os); err != nil {
				t.Fatal(err)
			}
			s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
				"failOnDataLoss": fmt.Sprint(failOnDataLoss)})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			tasks, err := s.PlanTasks(ctx, `{"orders":{"0":0,"1":0,"2":0}}`, `{"orders":{"0":3,"1":2,"2":0}}`)
			if err != nil {
				t.Fatal(err)
			}
			var offsets []string
			var scanErr error
			for _, task := range tasks {
				if scanErr = scanTask(ctx, task, func(r sqltypes.Row) error {
					offsets = append(offsets, fmt.Sprintf("%d/%d", r[ColPartition], r[ColOffset]))
					return nil
				}); scanErr != nil {
					break
				}
			}
			if failOnDataLoss {
				var dl *DataLossError
				if !errors.As(scanErr, &dl) {
					t.Fatalf("want DataLossError, got %v", scanErr)
				}
				msg := scanErr.Error()
				for _, want := range []string{"orders-0", "Offsets 0 to 1", `"failOnDataLoss" to "false"`, "new checkpoint"} {
					if !strings.Contains(msg, want) {
						t.Errorf("message %q lacks %q", msg, want)
					}
				}
				return
			}
			if scanErr != nil {
				t.Fatal(scanErr)
			}
			if strings.Join(offsets, " ") != "0/2 1/0 1/1" {
				t.Fatalf("read %v", offsets)
			}
		})
	}
}

func TestMinPartitionsTasks(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	send(t, addr, batch1)
	send(t, addr, batch2)
	s, _ := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders", "minPartitions": "5"})
	defer s.Close()
	tasks, err := s.PlanTasks(ctx, `{"orders":{"0":0,"1":0,"2":0}}`, `{"orders":{"0":3,"1":2,"2":0}}`)
	if err != nil {
		t.Fatal(err)
	}
	var descs []string
	n := 0
	for _, task := range tasks {
		descs = append(descs, task.Description())
		scanTask(ctx, task, func(sqltypes.Row) error { n++; return nil })
	}
	// 3/5*5 = 3 parts, 2/5*5 = 2 parts.
	if strings.Join(descs, ";") != "orders-0 [0, 1);orders-0 [1, 2);orders-0 [2, 3);orders-1 [0, 1);orders-1 [1, 2)" || n != 5 {
		t.Fatalf("tasks %v rows %d", descs, n)
	}
}

// scanTask calls fn with every row of the task, read in chunks of two rows.
func scanTask(ctx context.Context, task stream.SourceTask, fn func(sqltypes.Row) error) error {
	for row, err := range rowiter.Rows(ctx, task.Open(2)) {
		if err != nil {
			return err
		}
		if err := fn(row); err != nil {
			return err
		}
	}
	return nil
}

func TestBatchReadAndHeaders(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	p := int32(2)
	err := WriteRecords(ctx, []string{addr}, "orders", []Record{
		{Key: []byte("k"), Value: []byte("v1"), Partition: &p, Headers: []Header{{"source", []byte("lab")}}},
		{Value: []byte("v2"), Partition: &p},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := PlanBatch(ctx, map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders", "includeHeaders": "true"})
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := rowiter.CollectTasks(ctx, b.Open(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 1 || len(tasks[0]) != 2 {
		t.Fatalf("tasks %v", tasks)
	}
	r0, r1 := tasks[0][0], tasks[0][1]
	hs := r0[ColHeaders].([]any)
	if string(hs[0].(sqltypes.Row)[0].(string)) != "source" || string(hs[0].(sqltypes.Row)[1].([]byte)) != "lab" {
		t.Fatalf("headers %v", hs)
	}
	if r1[ColKey] != nil || r1[ColHeaders] != nil || string(r1[ColValue].([]byte)) != "v2" || r1[ColPartition] != int32(2) {
		t.Fatalf("row %v", r1)
	}
	if len(Schema(b.Opts.IncludeHeaders).Fields) != 8 || Schema(b.Opts.IncludeHeaders).Fields[7].Name != "headers" {
		t.Fatal("schema")
	}
}

func TestUnreachableBroker(t *testing.T) {
	ctx := context.Background()
	// A port that was just free: nothing listens there.
	addr := fmt.Sprintf("127.0.0.1:%d", testkit.FreePort(t))
	began := time.Now()
	s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.InitialOffsets(ctx)
	if err == nil || !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), "did not answer") {
		t.Fatalf("error = %v", err)
	}
	if d := time.Since(began); d > 15*time.Second {
		t.Fatalf("took %s", d)
	}
	err = WriteRecords(ctx, []string{addr}, "orders", []Record{{Value: []byte("x")}})
	if err == nil || !strings.Contains(err.Error(), addr) {
		t.Fatalf("write error = %v", err)
	}
}

func TestUnknownTopic(t *testing.T) {
	addr, _ := startBroker(t)
	s, _ := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orderz"})
	defer s.Close()
	_, err := s.InitialOffsets(context.Background())
	if err == nil || !strings.Contains(err.Error(), "topic 'orderz' does not exist") {
		t.Fatalf("error = %v", err)
	}
}

// Values from Kafka 4.3.1's own Utils.murmur2 (kafka-clients jar, run once under Java).
func TestMurmur2MatchesKafkaUtils(t *testing.T) {
	for _, c := range []struct {
		key    string
		hash   int32
		p3, p7 int32
	}{
		{"1001", 1456459188, 0, 2}, {"1002", -1329898577, 0, 2}, {"1003", 474823213, 1, 4},
		{"1004", -979271536, 1, 4}, {"", 275646681, 0, 2}, {"a", -1563381124, 1, 5},
		{"hello-world-key", -132601508, 0, 5}, {"ünï", -570454509, 2, 0},
	} {
		if h := murmur2([]byte(c.key)); h != c.hash {
			t.Errorf("murmur2(%q) = %d, want %d", c.key, h, c.hash)
		}
		if p := KeyPartition([]byte(c.key), 3); p != c.p3 {
			t.Errorf("KeyPartition(%q, 3) = %d, want %d", c.key, p, c.p3)
		}
		if p := KeyPartition([]byte(c.key), 7); p != c.p7 {
			t.Errorf("KeyPartition(%q, 7) = %d, want %d", c.key, p, c.p7)
		}
	}
}

func TestOffsetsByTimestamp(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	cl, _ := kgo.NewClient(kgo.SeedBrokers(addr), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	defer cl.Close()
	for _, r := range []struct {
		p  int32
		ms int64
	}{{0, 1000}, {0, 2000}, {1, 1500}} {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Partition: r.p, Value: []byte("x"), Timestamp: time.UnixMilli(r.ms)}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	base := map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"}
	with := func(kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	cases := []struct {
		name    string
		opts    map[string]string
		want    string
		wantErr string
	}{
		{"global timestamp, no match fails", with("startingTimestamp", "1500"), "", "No offset matched from request of topic-partition orders-2 and timestamp 1500."},
		{"global timestamp, no match latest", with("startingTimestamp", "1500", "startingOffsetsByTimestampStrategy", "latest"), `{"orders":{"0":1,"1":0,"2":0}}`, ""},
		{"per partition", with("startingOffsetsByTimestamp", `{"orders":{"0":2500,"1":0,"2":0}}`, "startingOffsetsByTimestampStrategy", "LATEST"), `{"orders":{"0":2,"1":0,"2":0}}`, ""},
		{"timestamp wins over startingOffsets", with("startingTimestamp", "0", "startingOffsets", "latest"), "", "No offset matched from request of topic-partition orders-2 and timestamp 0."},
		{"per partition must name all", with("startingOffsetsByTimestamp", `{"orders":{"0":0}}`), "", "you must specify all topics"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := NewStream(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got, err := s.InitialOffsets(ctx)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %s %v, want %s", got, err, c.want)
			}
		})
	}
	b, err := PlanBatch(ctx, with("endingTimestamp", "1800"))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(b.Ranges) != "[orders-0 [0, 1) orders-1 [0, 1)]" {
		t.Fatalf("ranges %v", b.Ranges)
	}
	if _, err := NewStream(with("maxRecordsPerPartition", "10")); err == nil || !strings.Contains(err.Error(), "maxRecordsPerPartition") {
		t.Fatalf("maxRecordsPerPartition: %v", err)
	}
}

func TestMinOffsetsPerTrigger(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	send(t, addr, batch1)
	s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"minOffsetsPerTrigger": "3", "maxTriggerDelay": "1m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clock := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	start := `{"orders":{"0":0,"1":0,"2":0}}`
	first, err := s.LatestOffsets(ctx, start)
	if err != nil || first != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("first trigger %s %v", first, err)
	}
	send(t, addr, batch2) // 2 waiting < 3: the trigger is skipped
	clock = clock.Add(30 * time.Second)
	if got, _ := s.LatestOffsets(ctx, first); got != first {
		t.Fatalf("with 2 of 3 records waiting got %s", got)
	}
	if got, _ := s.LatestOffsetsUnlimited(ctx, first); got != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("unlimited got %s", got)
	}
	clock = clock.Add(31 * time.Second) // maxTriggerDelay passed since the last batch
	if got, _ := s.LatestOffsets(ctx, first); got != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("after the delay got %s", got)
	}
	if _, err := ParseStreamOptions(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"minOffsetsPerTrigger": "10", "maxOffsetsPerTrigger": "5"}); err == nil ||
		err.Error() != "The value of minOffsetPerTrigger(10) is higher than the maxOffsetsPerTrigger(5)." {
		t.Fatalf("min > max: %v", err)
	}
	for in, want := range map[string]time.Duration{"15m": 15 * time.Minute, "30s": 30 * time.Second, "500": 500 * time.Millisecond, "2h": 2 * time.Hour} {
		if d, err := parseTimeString(in); err != nil || d != want {
			t.Errorf("parseTimeString(%s) = %v %v", in, d, err)
		}
	}
}

// TestOpenRangeStreamsChunks: a range is read a chunk at a time, never more rows than the
// chunk size, in offset order, and the stream refuses to be read after Close.
func TestOpenRangeStreamsChunks(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	p := int32(1)
	var recs []Record
	for i := 0; i < 7; i++ {
		recs = append(recs, Record{Value: []byte(fmt.Sprint(i)), Partition: &p})
	}
	if err := WriteRecords(ctx, []string{addr}, "orders", recs); err != nil {
		t.Fatal(err)
	}
	opts, err := ParseBatchOptions(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"})
	if err != nil {
		t.Fatal(err)
	}
	it := OpenRange(opts, OffsetRange{TopicPartition{"orders", 1}, 1, 6}, 2)
	var chunks []string
	for {
		rows, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var offs []string
		for _, r := range rows {
			offs = append(offs, fmt.Sprint(r[ColOffset]))
		}
		chunks = append(chunks, strings.Join(offs, ","))
	}
	if got := strings.Join(chunks, " "); got != "1,2 3,4 5" {
		t.Fatalf("chunks %q, want \"1,2 3,4 5\"", got)
	}
	it.Close()
	if _, err := it.Next(ctx); err == nil || err == io.EOF {
		t.Fatalf("Next after Close: %v", err)
	}
	if _, err := OpenRange(opts, OffsetRange{TopicPartition{"orders", 1}, 3, 3}, 2).Next(ctx); err != io.EOF {
		t.Fatalf("empty range: %v", err)
	}
}

// TestOpenRangeReusesReleasedRows: rows handed back (rowiter.Release) serve later chunks,
// with no value of an earlier record left in them (a null key stays null); rows not
// handed back are never written again.
func TestOpenRangeReusesReleasedRows(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	p := int32(2)
	var recs []Record
	for i := 0; i < 3*rowBlock; i++ {
		r := Record{Value: []byte(fmt.Sprint("v", i)), Partition: &p}
		if i < rowBlock { // the first block's records have keys, the later ones none
			r.Key = []byte(fmt.Sprint("k", i))
		}
		recs = append(recs, r)
	}
	if err := WriteRecords(ctx, []string{addr}, "orders", recs); err != nil {
		t.Fatal(err)
	}
	opts, err := ParseBatchOptions(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"})
	if err != nil {
		t.Fatal(err)
	}
	for _, release := range []bool{true, false} {
		it := OpenRange(opts, OffsetRange{TopicPartition{"orders", 2}, 0, int64(len(recs))}, rowBlock)
		var kept []sqltypes.Row // rows of chunks not handed back, checked at the end
		var firstBlock *any
		reused := false
		for i := 0; ; {
			rows, err := it.Next(ctx)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if firstBlock == nil {
				firstBlock = &rows[0][0]
			} else if &rows[0][0] == firstBlock {
				reused = true
			}
			for _, r := range rows {
				wantKey := any(nil)
				if i < rowBlock {
					wantKey = []byte(fmt.Sprint("k", i))
				}
				if fmt.Sprint(r[ColKey]) != fmt.Sprint(wantKey) || string(r[ColValue].([]byte)) != fmt.Sprint("v", i) || r[ColOffset] != int64(i) {
					t.Fatalf("release %v: row %d is %v", release, i, r)
				}
				i++
			}
			if release {
				rowiter.Release(it, rows)
			} else {
				kept = append(kept, rows...)
			}
		}
		it.Close()
		if reused != release {
			t.Errorf("release %v: a block was reused: %v", release, reused)
		}
		for i, r := range kept {
			if r[ColOffset] != int64(i) || string(r[ColValue].([]byte)) != fmt.Sprint("v", i) {
				t.Fatalf("a kept row changed: row %d is %v", i, r)
			}
		}
	}
}

// The sink writes to a missing topic when the broker creates topics on demand (Kafka's
// default, auto.create.topics.enable=true), and names the topic when it does not.
func TestWriteToMissingTopic(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    []kfake.Opt
		wantErr string
	}{
		{"broker creates it", []kfake.Opt{kfake.AllowAutoTopicCreation()}, ""},
		{"broker does not", nil, "topic 'fresh' does not exist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, _ := testkit.StartKafka(t, tc.opts...)
			ctx := context.Background()
			err := WriteRecords(ctx, []string{addr}, "fresh", []Record{{Value: []byte("a")}, {Value: []byte("b")}})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, err := PlanBatch(ctx, map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "fresh"})
			if err != nil {
				t.Fatal(err)
			}
			tasks, err := rowiter.CollectTasks(ctx, b.Open(0))
			if err != nil {
				t.Fatal(err)
			}
			if len(tasks) != 1 || len(tasks[0]) != 2 || string(tasks[0][1][ColValue].([]byte)) != "b" {
				t.Fatalf("read back %v", tasks)
			}
		})
	}
}

// TestOpenRangeClosesConsumerAtEnd: once a fetch holds the range's last offset the
// consumer is closed at once (its next fetch would only bring records past the range),
// and the records still to hand out keep their values.
func TestOpenRangeClosesConsumerAtEnd(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	p := int32(2)
	var recs []Record
	for i := 0; i < 9; i++ {
		recs = append(recs, Record{Key: []byte(fmt.Sprint("k", i)), Value: []byte(fmt.Sprint("v", i)), Partition: &p})
	}
	if err := WriteRecords(ctx, []string{addr}, "orders", recs); err != nil {
		t.Fatal(err)
	}
	opts, err := ParseBatchOptions(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"})
	if err != nil {
		t.Fatal(err)
	}
	it := OpenRange(opts, OffsetRange{TopicPartition{"orders", 2}, 2, 7}, 2)
	rd := it.(*rangeReader)
	var got []string
	for {
		rows, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if rd.cl != nil {
			t.Errorf("consumer still open after offsets up to %v were fetched (range ends at 6)", rows[len(rows)-1][ColOffset])
		}
		for _, r := range rows {
			got = append(got, fmt.Sprintf("%v:%s=%s", r[ColOffset], r[ColKey], r[ColValue]))
		}
	}
	want := "2:k2=v2 3:k3=v3 4:k4=v4 5:k5=v5 6:k6=v6"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("rows %q, want %q", s, want)
	}
}
