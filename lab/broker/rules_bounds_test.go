package broker

import (
	"bytes"
	"errors"
	"math"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// The embedded broker's own bounds: no request makes it allocate without limit.

func TestEmbeddedPartitionBounds(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	cl, adm := testClient(t, e)

	// Kafka creates at most 9999 partitions with a topic (its records, one per partition
	// and one for the topic, are at most 10000 a request), and adds them in another request.
	if _, err := adm.CreateTopic(ctx, MaxPartitionsPerTopic-1, 1, nil, "big"); err != nil {
		t.Fatal(err)
	}
	if resp, err := adm.CreatePartitions(ctx, 1, "big"); err != nil || resp["big"].Err != nil {
		t.Fatalf("big to %d partitions: %v %v", MaxPartitionsPerTopic, err, resp["big"].Err)
	}
	for _, count := range []int{MaxPartitionsPerTopic + 1, math.MaxInt32} {
		resp, err := adm.UpdatePartitions(ctx, count, "big")
		if err != nil {
			t.Fatal(err)
		}
		r := resp["big"]
		if !errors.Is(r.Err, kerr.InvalidPartitions) || !strings.Contains(r.ErrMessage, "at most 10000 partitions per topic") {
			t.Errorf("big to %d partitions: %v %q", count, r.Err, r.ErrMessage)
		}
	}
	if n := len(e.Cluster().PartitionInfos("big")); n != MaxPartitionsPerTopic {
		t.Fatalf("big has %d partitions after the refusals", n)
	}

	// Fill the broker to MaxPartitionsInAll, then every way to add one more is refused.
	if _, err := adm.CreateTopic(ctx, MaxPartitionsInAll-MaxPartitionsPerTopic-1, 1, nil, "rest"); err != nil {
		t.Fatal(err)
	}
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, "last"); err != nil {
		t.Fatal(err)
	}
	full := func(what string, err error, msg string) {
		t.Helper()
		if !errors.Is(err, kerr.PolicyViolation) || !strings.Contains(msg, "at most 20000 partitions in all topics together: it has 20000") {
			t.Errorf("%s on a full broker: %v %q", what, err, msg)
		}
	}
	r, err := adm.CreateTopic(ctx, 1, 1, nil, "one-more")
	full("create", err, r.ErrMessage)
	cp, err := adm.UpdatePartitions(ctx, 2, "last")
	if err != nil {
		t.Fatal(err)
	}
	full("add a partition", cp["last"].Err, cp["last"].ErrMessage)
	md := kmsg.NewPtrMetadataRequest()
	md.AllowAutoTopicCreation = true
	for _, name := range []string{"auto-one-more", "big"} {
		rt := kmsg.NewMetadataRequestTopic()
		rt.Topic = str(name)
		md.Topics = append(md.Topics, rt)
	}
	mresp, err := md.RequestWith(ctx, cl)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]int16{}
	for _, tp := range mresp.Topics {
		codes[*tp.Topic] = tp.ErrorCode
	}
	if codes["auto-one-more"] != kerr.PolicyViolation.Code || codes["big"] != 0 {
		t.Errorf("auto creation on a full broker: %v", codes)
	}
	if e.Cluster().TopicInfo("auto-one-more") != nil || e.Cluster().TopicInfo("one-more") != nil {
		t.Fatal("a refused topic exists")
	}

	// Room again once a topic is gone.
	if _, err := adm.DeleteTopics(ctx, "last"); err != nil {
		t.Fatal(err)
	}
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, "one-more"); err != nil {
		t.Fatalf("create after a delete: %v", err)
	}
}

func TestEmbeddedAutoCreationRefusesBadNames(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	cl, _ := testClient(t, e, kgo.AllowAutoTopicCreation())
	err := cl.ProduceSync(ctx, &kgo.Record{Topic: "my topic", Value: []byte("x")}).FirstErr()
	if !errors.Is(err, kerr.InvalidTopicException) {
		t.Fatalf("produce to 'my topic': %v, want %v", err, kerr.InvalidTopicException)
	}
	if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "my-topic", Value: []byte("x")}).FirstErr(); err != nil {
		t.Fatalf("produce to my-topic: %v", err)
	}
}

// The topics a data folder brings back count: the name rules see them at once.
func TestEmbeddedRulesKnowRestoredTopics(t *testing.T) {
	dir := t.TempDir()
	ctx := testCtx(t)
	e, err := StartEmbedded(ctx, EmbeddedConfig{Port: -1, DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	_, adm := testClient(t, e)
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, "orders_eu"); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}
	e = startTest(t, dir)
	_, adm = testClient(t, e)
	r, err := adm.CreateTopic(ctx, 1, 1, nil, "orders.eu")
	if !errors.Is(err, kerr.InvalidTopicException) || r.ErrMessage != "Topic 'orders.eu' collides with existing topic: orders_eu" {
		t.Fatalf("create orders.eu next to a restored orders_eu: %v %q", err, r.ErrMessage)
	}
}

// A client that announces a request bigger than Kafka's socket.request.max.bytes (here an
// HTTP request, whose first four bytes read as 1.2 GB) is disconnected before the broker
// allocates anything for it.
func TestEmbeddedRefusesHugeRequests(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	conn, err := net.Dial("tcp", e.Bootstrap()[0])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	n, err := conn.Read(make([]byte, 1))
	if ne, ok := err.(net.Error); n > 0 || err == nil || ok && ne.Timeout() {
		t.Fatalf("after an HTTP request the connection gave %d bytes, %v; want it closed", n, err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grew := int64(after.TotalAlloc) - int64(before.TotalAlloc); grew > 100<<20 {
		t.Fatalf("the broker allocated %d MiB for a request it refuses", grew>>20)
	}
	_, adm := testClient(t, e)
	if _, err := adm.ListTopics(ctx); err != nil {
		t.Fatalf("the broker no longer answers: %v", err)
	}
}

// A Fetch asking for more than fetch.max.bytes gets at most that much (past the first batch).
func TestEmbeddedFetchMaxBytesIsCapped(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	const recSize = 20 << 20
	cl, adm := testClient(t, e, kgo.ProducerBatchMaxBytes(recSize+1<<20), kgo.ProducerLinger(0), kgo.ProducerBatchCompression(kgo.NoCompression()))
	if _, err := adm.CreateTopic(ctx, 1, 1, map[string]*string{"max.message.bytes": str("25000000")}, "wide"); err != nil {
		t.Fatal(err)
	}
	value := bytes.Repeat([]byte("x"), recSize)
	for range 3 {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "wide", Value: value}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	req := kmsg.NewPtrFetchRequest()
	req.MaxBytes = math.MaxInt32
	req.MaxWaitMillis = 100
	md, err := adm.Metadata(ctx, "wide")
	if err != nil {
		t.Fatal(err)
	}
	ft := kmsg.NewFetchRequestTopic()
	ft.Topic, ft.TopicID = "wide", md.Topics["wide"].ID
	fp := kmsg.NewFetchRequestTopicPartition()
	fp.PartitionMaxBytes = math.MaxInt32
	ft.Partitions = append(ft.Partitions, fp)
	req.Topics = append(req.Topics, ft)
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		t.Fatal(err)
	}
	p := resp.Topics[0].Partitions[0]
	got := len(p.RecordBatches)
	if p.ErrorCode != 0 || got > kafkaFetchMaxBytes || got < recSize {
		t.Fatalf("fetch answered %d MiB (error %d) for a limit of %d MiB", got>>20, p.ErrorCode, kafkaFetchMaxBytes>>20)
	}
}

func TestEmbeddedDeleteRecordsPastTheEnd(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	cl, adm := testClient(t, e)
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, "short"); err != nil {
		t.Fatal(err)
	}
	if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "short", Value: []byte("x")}).FirstErr(); err != nil {
		t.Fatal(err)
	}
	for _, off := range []int64{math.MaxInt64, 2} {
		os := kadm.Offsets{}
		os.Add(kadm.Offset{Topic: "short", Partition: 0, At: off})
		resp, err := adm.DeleteRecords(ctx, os)
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := resp.Lookup("short", 0); !errors.Is(r.Err, kerr.OffsetOutOfRange) {
			t.Errorf("delete records to %d: %v, want %v", off, r.Err, kerr.OffsetOutOfRange)
		}
	}
}

func TestKafkaRulesForgetUnreadAnswers(t *testing.T) {
	r := newKafkaRules()
	first := r.mark("t", invalidConfig("x"), false)
	for range 10001 {
		r.mark("t", invalidConfig("x"), false)
	}
	if _, ok := r.take(first); ok {
		t.Fatal("an answer nobody read is kept forever")
	}
	m := r.mark("t", invalidConfig("y"), false)
	if f, ok := r.take(m); !ok || f.name != "t" || f.err.msg != "y" {
		t.Fatalf("take = %+v %v", f, ok)
	}
	if _, ok := r.take(m); ok {
		t.Fatal("an answer is taken twice")
	}
	if _, ok := r.take("orders"); ok {
		t.Fatal("a real topic name taken as a marker")
	}
}
