package broker

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
	"github.com/twmb/franz-go/pkg/kversion"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// startTest starts an embedded broker on a free port and closes it when the test ends.
func startTest(t *testing.T, dataDir string) *Embedded {
	t.Helper()
	e, err := StartEmbedded(testCtx(t), EmbeddedConfig{Port: -1, DataDir: dataDir})
	if err != nil {
		t.Fatalf("StartEmbedded: %v", err)
	}
	t.Cleanup(func() { _ = e.Close(context.Background()) })
	return e
}

func testClient(t *testing.T, b Broker, opts ...kgo.Opt) (*kgo.Client, *kadm.Client) {
	t.Helper()
	cl, err := NewClient(b, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Close)
	return cl, kadm.NewClient(cl)
}

func TestEmbeddedListensOnLoopback(t *testing.T) {
	explicit := testkit.FreePort(t)
	for _, tc := range []struct {
		name     string
		port     int
		wantPort int // 0 = any
	}{
		{"os-chosen port", -1, 0},
		{"explicit port", explicit, explicit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := StartEmbedded(testCtx(t), EmbeddedConfig{Port: tc.port})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close(context.Background())
			bs := e.Bootstrap()
			if len(bs) != 1 || !strings.HasPrefix(bs[0], "127.0.0.1:") {
				t.Fatalf("Bootstrap = %v, want one 127.0.0.1 address", bs)
			}
			if e.Port() == 0 || (tc.wantPort != 0 && e.Port() != tc.wantPort) || bs[0] != "127.0.0.1:"+strconv.Itoa(e.Port()) {
				t.Fatalf("port %d bootstrap %v, want %d", e.Port(), bs, tc.wantPort)
			}
			if e.Kind() != "embedded" {
				t.Fatalf("Kind = %q", e.Kind())
			}
			_, adm := testClient(t, e)
			md, err := adm.BrokerMetadata(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			if len(md.Brokers) != 1 || md.Brokers[0].NodeID != 0 || md.Brokers[0].Host != "127.0.0.1" || int(md.Brokers[0].Port) != e.Port() {
				t.Fatalf("brokers = %+v, want one broker 0 at %s", md.Brokers, bs[0])
			}
			if md.Brokers[0].Rack != nil {
				t.Fatalf("rack = %q, want none (Kafka without broker.rack)", *md.Brokers[0].Rack)
			}
			if md.Controller != 0 || len(md.Cluster) != 22 {
				t.Fatalf("controller %d cluster id %q: want 0 and a 22-char Kafka-style id", md.Controller, md.Cluster)
			}
		})
	}
}

func TestEmbeddedPortErrors(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	port := busy.Addr().(*net.TCPAddr).Port
	for _, tc := range []struct {
		name string
		port int
		want []string
	}{
		{"in use", port, []string{fmt.Sprintf("port %d", port), "already in use", "--port N", "stop the program"}},
		{"negative", -5, []string{"port -5", "--port N"}},
		{"too big", 70000, []string{"port 70000", "--port N"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "broker-data")
			e, err := StartEmbedded(testCtx(t), EmbeddedConfig{Port: tc.port, DataDir: dir})
			if err == nil {
				e.Close(context.Background())
				t.Fatal("started; want an error")
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not mention %q", msg, w)
				}
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error is not one line: %q", msg)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("the failed start left %s behind (%v)", dir, err)
			}
			// A failed start must not keep the data folder locked.
			startTest(t, dir)
		})
	}
}

// TestDefaultPortFallsBack checks Port 0's rule (the preferred port when free, else any
// free port) on a port the test controls, never on the real 9092 other tests may use.
func TestDefaultPortFallsBack(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	heldPort := held.Addr().(*net.TCPAddr).Port
	free := testkit.FreePort(t)
	for _, tc := range []struct {
		name      string
		preferred int
		wantSame  bool
	}{
		{"preferred free", free, true},
		{"preferred busy", heldPort, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ln, err := listen(0, tc.preferred)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			a := ln.Addr().(*net.TCPAddr)
			if a.IP.String() != "127.0.0.1" || (a.Port == tc.preferred) != tc.wantSame || a.Port == 0 {
				t.Fatalf("listen(0, %d) = %s; want the preferred port: %v", tc.preferred, a, tc.wantSame)
			}
		})
	}
}

func TestEmbeddedDataDirInUse(t *testing.T) {
	t.Setenv("KAFKALAB_HOME", t.TempDir())
	dir := t.TempDir()
	first := startTest(t, dir)
	if _, err := AnnounceRunning(first); err != nil {
		t.Fatal(err)
	}
	e, err := StartEmbedded(testCtx(t), EmbeddedConfig{Port: -1, DataDir: dir})
	if err == nil {
		e.Close(context.Background())
		t.Fatal("two brokers started on one data folder")
	}
	for _, w := range []string{dir, fmt.Sprintf("pid %d", os.Getpid()), "use that broker (--broker " + first.Bootstrap()[0] + ")", "--data DIR"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
}

// order is one event of the course's reference scenario (course.md).
type order struct{ key, value string }

var referenceOrders = []order{
	{"1001", `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.50,"event_time":"2026-10-01T09:15:00Z"}`},
	{"1002", `{"order_id":1002,"customer_id":"C02","status":"placed","amount":12.00,"event_time":"2026-10-01T09:40:00Z"}`},
	{"1003", `{"order_id":1003,"customer_id":"C03","status":"placed","amount":31.00,"event_time":"2026-10-01T09:55:00Z"}`},
	{"1001", `{"order_id":1001,"customer_id":"C01","status":"paid","amount":25.50,"event_time":"2026-10-01T10:05:00Z"}`},
	{"1004", `{"order_id":1004,"customer_id":"C01","status":"placed","amount":40.00,"event_time":"2026-10-01T10:20:00Z"}`},
}

type stored struct {
	partition int32
	offset    int64
	key       string
	value     string
	ts        int64
}

// readAll reads a topic from the beginning up to its current end offsets.
func readAll(t *testing.T, b Broker, topic string) []stored {
	t.Helper()
	ctx := testCtx(t)
	_, adm := testClient(t, b)
	ends, err := adm.ListEndOffsets(ctx, topic)
	if err != nil || ends.Error() != nil {
		t.Fatalf("ListEndOffsets: %v %v", err, ends.Error())
	}
	want := 0
	ends.Each(func(o kadm.ListedOffset) { want += int(o.Offset) })
	cl, _ := testClient(t, b, kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	var got []stored
	for len(got) < want {
		fs := cl.PollFetches(ctx)
		if err := fs.Err0(); err != nil {
			t.Fatalf("poll: %v", err)
		}
		fs.EachRecord(func(r *kgo.Record) {
			got = append(got, stored{r.Partition, r.Offset, string(r.Key), string(r.Value), r.Timestamp.UnixMilli()})
		})
	}
	sortStored(got)
	return got
}

func sortStored(s []stored) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (s[j].partition < s[j-1].partition || s[j].partition == s[j-1].partition && s[j].offset < s[j-1].offset); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestEmbeddedRestartKeepsTopicsOffsetsAndGroups(t *testing.T) {
	dir := t.TempDir()
	ctx := testCtx(t)
	e := startTest(t, dir)
	cl, adm := testClient(t, e)
	if r, err := adm.CreateTopic(ctx, 3, 1, map[string]*string{"retention.ms": str("86400000")}, "orders"); err != nil || r.Err != nil {
		t.Fatalf("create: %v %v", err, r.Err)
	}
	base := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	for i, o := range referenceOrders {
		r := &kgo.Record{Topic: "orders", Key: []byte(o.key), Value: []byte(o.value), Timestamp: base.Add(time.Duration(i) * time.Minute)}
		if err := cl.ProduceSync(ctx, r).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	offs := kadm.Offsets{}
	offs.Add(kadm.Offset{Topic: "orders", Partition: 0, At: 2, LeaderEpoch: -1})
	offs.Add(kadm.Offset{Topic: "orders", Partition: 1, At: 1, LeaderEpoch: -1})
	if r, err := adm.CommitOffsets(ctx, "lesson-readers", offs); err != nil || r.Error() != nil {
		t.Fatalf("commit: %v %v", err, r.Error())
	}
	before := readAll(t, e, "orders")
	md, err := adm.BrokerMetadata(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cl.Close()
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}

	// Keys 1001 and 1002 land in partition 0, 1003 and 1004 in partition 1 (Java's murmur2).
	wantPlace := []stored{{0, 0, "1001", referenceOrders[0].value, 0}, {0, 1, "1002", referenceOrders[1].value, 0},
		{0, 2, "1001", referenceOrders[3].value, 0}, {1, 0, "1003", referenceOrders[2].value, 0}, {1, 1, "1004", referenceOrders[4].value, 0}}
	if len(before) != len(wantPlace) {
		t.Fatalf("before restart: %d records, want %d", len(before), len(wantPlace))
	}
	for i, w := range wantPlace {
		g := before[i]
		if g.partition != w.partition || g.offset != w.offset || g.key != w.key || g.value != w.value {
			t.Errorf("record %d = %+v, want %+v", i, g, w)
		}
	}

	e2 := startTest(t, dir)
	after := readAll(t, e2, "orders")
	if fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("after restart:\n%v\nwant\n%v", after, before)
	}
	_, adm2 := testClient(t, e2)
	md2, err := adm2.Metadata(ctx, "orders")
	if err != nil {
		t.Fatal(err)
	}
	if md2.Cluster != md.Cluster {
		t.Errorf("cluster id changed across restart: %q -> %q", md.Cluster, md2.Cluster)
	}
	if n := len(md2.Topics["orders"].Partitions); n != 3 {
		t.Errorf("orders has %d partitions after restart, want 3", n)
	}
	got, err := adm2.FetchOffsets(ctx, "lesson-readers")
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[int32]int64{0: 2, 1: 1} {
		if o, ok := got.Lookup("orders", p); !ok || o.At != want {
			t.Errorf("committed offset of partition %d after restart = %+v, want %d", p, o, want)
		}
	}
	rc, err := adm2.DescribeTopicConfigs(ctx, "orders")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := rc.On("orders", nil); err != nil || configValue(c.Configs, "retention.ms") != "86400000" {
		t.Errorf("retention.ms after restart = %q (%v), want 86400000", configValue(c.Configs, "retention.ms"), err)
	}
}

// TestEmbeddedCloseKeepsAcknowledgedWrites closes the broker while a producer is still
// sending, then checks every record the producer saw acknowledged is there after a restart.
func TestEmbeddedCloseKeepsAcknowledgedWrites(t *testing.T) {
	dir := t.TempDir()
	ctx := testCtx(t)
	e := startTest(t, dir)
	cl, adm := testClient(t, e, kgo.RecordRetries(0), kgo.RequestRetries(0), kgo.ProducerLinger(0))
	if r, err := adm.CreateTopic(ctx, 3, 1, nil, "acks"); err != nil || r.Err != nil {
		t.Fatalf("create: %v %v", err, r.Err)
	}
	var mu sync.Mutex
	acked := map[[2]int64]string{} // partition, offset -> value
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			v := fmt.Sprintf("v%06d", i)
			wg.Add(1)
			cl.Produce(ctx, &kgo.Record{Topic: "acks", Key: []byte(strconv.Itoa(i % 17)), Value: []byte(v)}, func(r *kgo.Record, err error) {
				defer wg.Done()
				if err == nil {
					mu.Lock()
					acked[[2]int64{int64(r.Partition), r.Offset}] = v
					mu.Unlock()
				}
			})
			if i%200 == 199 {
				time.Sleep(time.Millisecond)
			}
		}
	}()
	// Close while the producer is in full flow: after a few hundred acknowledgements.
	for waited := time.Duration(0); waited < 20*time.Second; waited += 10 * time.Millisecond {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 500 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}
	close(stop)
	cl.Close() // fails what is still buffered; their callbacks run before Close returns
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(acked) < 100 {
		t.Fatalf("only %d records acknowledged before close; the test needs more", len(acked))
	}

	e2 := startTest(t, dir)
	have := map[[2]int64]string{}
	for _, s := range readAll(t, e2, "acks") {
		have[[2]int64{int64(s.partition), s.offset}] = s.value
	}
	lost := 0
	for k, v := range acked {
		if have[k] != v {
			lost++
			if lost < 5 {
				t.Errorf("acknowledged record partition %d offset %d = %q after restart, want %q", k[0], k[1], have[k], v)
			}
		}
	}
	if lost > 0 {
		t.Fatalf("%d of %d acknowledged records lost", lost, len(acked))
	}
	t.Logf("%d acknowledged records, all there after restart (%d stored)", len(acked), len(have))
}

func configValue(cs []kadm.Config, name string) string {
	for _, c := range cs {
		if c.Key == name {
			if c.Value == nil {
				return "<null>"
			}
			return *c.Value
		}
	}
	return "<absent>"
}

func TestEmbeddedDescribesKafkaDefaults(t *testing.T) {
	dir := t.TempDir()
	e := startTest(t, dir)
	ctx := testCtx(t)
	_, adm := testClient(t, e)
	if r, err := adm.CreateTopic(ctx, 3, 1, map[string]*string{"retention.ms": str("60000")}, "orders"); err != nil || r.Err != nil {
		t.Fatalf("create: %v %v", err, r.Err)
	}
	// Old clients use DescribeConfigs v0 (not flexible): the rewrite must work there too.
	_, admOld := testClient(t, e, kgo.MaxVersions(kversion.V1_0_0()))

	for _, c := range []struct {
		name string
		adm  *kadm.Client
	}{{"current", adm}, {"v0", admOld}} {
		brokers, err := c.adm.DescribeBrokerConfigs(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		topics, err := c.adm.DescribeTopicConfigs(ctx, "orders")
		if err != nil {
			t.Fatal(err)
		}
		bc, err := brokers.On("0", nil)
		if err != nil {
			t.Fatal(err)
		}
		tc, err := topics.On("orders", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []struct {
			res  string
			key  string
			want string
		}{
			{"broker", "default.replication.factor", "1"},
			{"broker", "num.partitions", "1"},
			{"broker", "auto.create.topics.enable", "true"},
			{"broker", "log.segment.bytes", "1073741824"},
			{"broker", "log.retention.check.interval.ms", "300000"},
			{"broker", "log.cleaner.backoff.ms", "15000"},
			{"broker", "offsets.topic.replication.factor", "1"},
			{"broker", "group.max.session.timeout.ms", "1800000"},
			{"broker", "message.max.bytes", "1048588"},
			{"broker", "broker.rack", "<null>"},
			{"broker", "log.dir", dir},
			{"broker", "state.log.compact.bytes", "<absent>"},
			{"topic", "segment.bytes", "1073741824"},
			{"topic", "cleanup.policy", "delete"},
			{"topic", "retention.bytes", "-1"},
			{"topic", "retention.ms", "60000"}, // set at creation: reported as set, not as the default
			{"topic", "min.insync.replicas", "1"},
			{"topic", "segment.index.bytes", "10485760"},
			{"topic", "unclean.leader.election.enable", "false"},
			{"topic", "kfake.is_internal", "<absent>"},
		} {
			cs := bc.Configs
			if w.res == "topic" {
				cs = tc.Configs
			}
			if got := configValue(cs, w.key); got != w.want {
				t.Errorf("%s: %s %s = %s, want %s", c.name, w.res, w.key, got, w.want)
			}
		}
		// Kafka lists topic configs in its HashMap's order (kafka-topics.sh --describe prints
		// them in the order they come): compression.type, remote.log.delete.on.disable, ...
		var keys []string
		for _, cfg := range tc.Configs {
			keys = append(keys, cfg.Key)
		}
		if want := javaHashOrder(keys); !slices.Equal(keys, want) || keys[0] != "compression.type" {
			t.Errorf("%s: topic configs not in Kafka's order:\n got %v\nwant %v", c.name, keys, want)
		}
		if c.name == "current" {
			for _, cfg := range tc.Configs {
				switch cfg.Key {
				case "retention.ms":
					if cfg.Source != kmsg.ConfigSourceDynamicTopicConfig {
						t.Errorf("retention.ms source = %v, want DYNAMIC_TOPIC_CONFIG", cfg.Source)
					}
				case "segment.bytes":
					if cfg.Source != kmsg.ConfigSourceDefaultConfig {
						t.Errorf("segment.bytes source = %v, want DEFAULT_CONFIG", cfg.Source)
					}
				}
			}
		}
	}

	// Asking for named configs returns only those, including ones kfake does not know.
	cl, _ := testClient(t, e)
	req := kmsg.NewPtrDescribeConfigsRequest()
	for _, r := range []struct {
		typ   kmsg.ConfigResourceType
		name  string
		names []string
	}{
		{kmsg.ConfigResourceTypeBroker, "0", []string{"num.partitions", "log.segment.bytes"}},
		{kmsg.ConfigResourceTypeTopic, "orders", []string{"segment.bytes", "preallocate"}},
	} {
		rr := kmsg.NewDescribeConfigsRequestResource()
		rr.ResourceType, rr.ResourceName, rr.ConfigNames = r.typ, r.name, r.names
		req.Resources = append(req.Resources, rr)
	}
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range resp.Resources {
		for _, c := range r.Configs {
			got = append(got, c.Name+"="+*c.Value)
		}
	}
	slices.Sort(got)
	want := "[log.segment.bytes=1073741824 num.partitions=1 preallocate=false segment.bytes=1073741824]"
	if fmt.Sprint(got) != want {
		t.Errorf("named configs = %v, want %s", got, want)
	}
}

func TestEmbeddedCreateTopicsLikeKafka(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	cl, adm := testClient(t, e)
	const unreplicable = "Unable to replicate the partition %d time(s): The target replication factor of %d cannot be reached because only 1 broker(s) are registered or some brokers have all their log directories cordoned."
	for _, tc := range []struct {
		topic      string
		partitions int32
		rf         int16
		configs    map[string]*string
		wantErr    error
		wantMsg    string
		wantParts  int
	}{
		{"rf-two", 3, 2, nil, kerr.InvalidReplicationFactor, fmt.Sprintf(unreplicable, 2, 2), 0},
		{"rf-three", 1, 3, nil, kerr.InvalidReplicationFactor, fmt.Sprintf(unreplicable, 3, 3), 0},
		{"rf-zero", 1, 0, nil, kerr.InvalidReplicationFactor, "Replication factor must be larger than 0, or -1 to use the default value.", 0},
		{"rf-minus-two", 1, -2, nil, kerr.InvalidReplicationFactor, "Replication factor must be larger than 0, or -1 to use the default value.", 0},
		{"zero-partitions", 0, 1, nil, kerr.InvalidPartitions, "Number of partitions was set to an invalid non-positive value.", 0},
		{"minus-five-partitions", -5, 1, nil, kerr.InvalidPartitions, "Number of partitions was set to an invalid non-positive value.", 0},
		{"typo-config", 3, 1, map[string]*string{"retention.mss": str("1000")}, kerr.InvalidConfig, "Unknown topic config name: retention.mss", 0},
		{"orders", 3, 1, map[string]*string{"retention.ms": str("1000"), "segment.index.bytes": str("4096")}, nil, "", 3},
		{"orders", 3, 1, nil, kerr.TopicAlreadyExists, "Topic 'orders' already exists.", 3},
		{"broker-defaults", -1, -1, nil, nil, "", 1},
	} {
		t.Run(tc.topic, func(t *testing.T) {
			// kadm.CreateTopic returns the topic's error code as its error.
			r, err := adm.CreateTopic(ctx, tc.partitions, tc.rf, tc.configs, tc.topic)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("create %s p=%d rf=%d: err %v, want %v", tc.topic, tc.partitions, tc.rf, err, tc.wantErr)
			}
			if r.ErrMessage != tc.wantMsg {
				t.Fatalf("error message %q, want Kafka's %q", r.ErrMessage, tc.wantMsg)
			}
			md, err := adm.Metadata(ctx, tc.topic)
			if err != nil {
				t.Fatal(err)
			}
			td := md.Topics[tc.topic]
			if tc.wantParts == 0 {
				if td.Err == nil {
					t.Fatalf("rejected topic %s exists anyway", tc.topic)
				}
				return
			}
			if len(td.Partitions) != tc.wantParts {
				t.Fatalf("%s has %d partitions, want %d", tc.topic, len(td.Partitions), tc.wantParts)
			}
			for _, p := range td.Partitions {
				if p.Leader != 0 || fmt.Sprint(p.Replicas) != "[0]" || fmt.Sprint(p.ISR) != "[0]" {
					t.Fatalf("partition %d: leader %d replicas %v isr %v, want 0 [0] [0]", p.Partition, p.Leader, p.Replicas, p.ISR)
				}
			}
		})
	}

	// One request, one good topic and one with a typo: Kafka creates the good one only.
	req := kmsg.NewPtrCreateTopicsRequest()
	req.TimeoutMillis = 5000
	for _, tt := range []struct{ name, cfg string }{{"mixed-good", "retention.ms"}, {"mixed-bad", "retention.mss"}} {
		rt := kmsg.NewCreateTopicsRequestTopic()
		rt.Topic, rt.NumPartitions, rt.ReplicationFactor = tt.name, 2, 1
		c := kmsg.NewCreateTopicsRequestTopicConfig()
		c.Name, c.Value = tt.cfg, str("1000")
		rt.Configs = append(rt.Configs, c)
		req.Topics = append(req.Topics, rt)
	}
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int16{}
	for _, rt := range resp.Topics {
		got[rt.Topic] = rt.ErrorCode
	}
	if got["mixed-good"] != 0 || got["mixed-bad"] != kerr.InvalidConfig.Code {
		t.Fatalf("mixed request codes %v, want mixed-good 0 and mixed-bad %d", got, kerr.InvalidConfig.Code)
	}
	md, err := adm.Metadata(ctx, "mixed-good", "mixed-bad")
	if err != nil {
		t.Fatal(err)
	}
	if len(md.Topics["mixed-good"].Partitions) != 2 || md.Topics["mixed-bad"].Err == nil {
		t.Fatalf("after the mixed request: good %+v bad err %v", md.Topics["mixed-good"].Partitions, md.Topics["mixed-bad"].Err)
	}
}

func TestEmbeddedAlterConfigsRejectsUnknownNames(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	_, adm := testClient(t, e)
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		key     string
		wantErr error
	}{
		{"known", "retention.ms", nil},
		{"typo", "retention.mss", kerr.InvalidConfig},
	} {
		t.Run(tc.name, func(t *testing.T) {
			alter := []kadm.AlterConfig{{Op: kadm.SetConfig, Name: tc.key, Value: str("120000")}}
			inc, err := adm.AlterTopicConfigs(ctx, alter, "orders")
			if err != nil {
				t.Fatal(err)
			}
			legacy, err := adm.AlterTopicConfigsState(ctx, []kadm.AlterConfig{{Name: tc.key, Value: str("120000")}}, "orders")
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range append(inc, legacy...) {
				if r.Name != "orders" || !errors.Is(r.Err, tc.wantErr) {
					t.Fatalf("alter %s: resource %q err %v, want %v", tc.key, r.Name, r.Err, tc.wantErr)
				}
				if tc.wantErr != nil && r.ErrMessage != "Unknown topic config name: "+tc.key {
					t.Fatalf("message %q", r.ErrMessage)
				}
			}
			rc, err := adm.DescribeTopicConfigs(ctx, "orders")
			if err != nil {
				t.Fatal(err)
			}
			c, _ := rc.On("orders", nil)
			want := "<absent>"
			if tc.wantErr == nil {
				want = "120000"
			}
			if got := configValue(c.Configs, tc.key); got != want {
				t.Fatalf("%s after alter = %s, want %s", tc.key, got, want)
			}
		})
	}
}

func TestEmbeddedAutoCreatesOnePartition(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	cl, adm := testClient(t, e, kgo.AllowAutoTopicCreation())
	if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "auto", Value: []byte("x")}).FirstErr(); err != nil {
		t.Fatal(err)
	}
	md, err := adm.Metadata(ctx, "auto")
	if err != nil {
		t.Fatal(err)
	}
	if ps := md.Topics["auto"].Partitions; len(ps) != 1 || fmt.Sprint(ps[0].Replicas) != "[0]" {
		t.Fatalf("auto-created topic partitions = %+v, want one with replicas [0]", ps)
	}
}
