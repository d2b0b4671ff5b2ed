package kafkatools

import (
	"bufio"
	"bytes"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func TestParseOptions(t *testing.T) {
	specs := []option{
		{name: "topic", arg: "topic"},
		{name: "partitions", arg: "n"},
		{name: "partition", arg: "n"},
		{name: "property", arg: "prop"},
		{name: "from-beginning"},
	}
	tests := []struct {
		args    []string
		check   func(o *options) bool
		wantErr string
	}{
		{args: []string{"--topic", "orders", "--from-beginning"}, check: func(o *options) bool {
			return o.value("topic", "") == "orders" && o.has("from-beginning") && !o.has("partition")
		}},
		{args: []string{"--topic=orders", "--property", "a=1", "--property=b=2"}, check: func(o *options) bool {
			return o.value("topic", "") == "orders" && reflect.DeepEqual(o.values("property"), []string{"a=1", "b=2"})
		}},
		{args: []string{"--from", "--top", "t"}, check: func(o *options) bool { // unique prefixes, as jopt-simple allows
			return o.has("from-beginning") && o.value("topic", "") == "t"
		}},
		{args: []string{"--partition", "2"}, check: func(o *options) bool { return o.value("partition", "") == "2" && !o.has("partitions") }},
		{args: []string{"--part", "2"}, wantErr: "ambiguous"},
		{args: []string{"--frobnicate"}, wantErr: "frobnicate is not a recognized option"},
		{args: []string{"--topic"}, wantErr: "option --topic requires an argument"},
		{args: []string{"-topic", "x"}, wantErr: "-topic is not a recognized option"},
		{args: []string{"orders"}, wantErr: `found non-option argument "orders"`},
		{args: []string{"--from-beginning=yes"}, wantErr: "takes no value"},
	}
	for _, tc := range tests {
		o, err := parseOptions(specs, tc.args)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("parseOptions(%q) error = %v, want containing %q", tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !tc.check(o) {
			t.Errorf("parseOptions(%q) = %+v, %v", tc.args, o, err)
		}
	}
}

func TestFormatterLayout(t *testing.T) {
	rec := &kgo.Record{
		Topic: "orders", Partition: 1, Offset: 7,
		Key: []byte("1003"), Value: []byte(`{"order_id":1003}`),
		Timestamp: time.UnixMilli(1700000000000),
		Headers:   []kgo.RecordHeader{{Key: "source", Value: []byte("lab")}, {Key: "trace"}},
	}
	noKey := &kgo.Record{Partition: 0, Offset: 0, Value: []byte("v"), Timestamp: time.UnixMilli(5)}
	tests := []struct {
		props map[string]string
		rec   *kgo.Record
		want  string
	}{
		{props: nil, rec: rec, want: "{\"order_id\":1003}\n"},
		{props: map[string]string{"print.key": "true"}, rec: rec, want: "1003\t{\"order_id\":1003}\n"},
		{props: map[string]string{"print.key": "true", "print.partition": "true", "print.offset": "true", "print.timestamp": "true"}, rec: rec,
			want: "CreateTime:1700000000000\tPartition:1\tOffset:7\t1003\t{\"order_id\":1003}\n"},
		{props: map[string]string{"print.key": "TRUE ", "key.separator": " | "}, rec: rec, want: "1003 | {\"order_id\":1003}\n"},
		{props: map[string]string{"print.headers": "true"}, rec: rec, want: "source:lab,trace:null\t{\"order_id\":1003}\n"},
		{props: map[string]string{"print.headers": "true", "headers.separator": ";", "null.literal": "NULL"}, rec: rec, want: "source:lab;trace:NULL\t{\"order_id\":1003}\n"},
		{props: map[string]string{"print.headers": "true"}, rec: noKey, want: "NO_HEADERS\tv\n"},
		{props: map[string]string{"print.key": "true"}, rec: noKey, want: "null\tv\n"},
		// Without the value Kafka writes no line separator at all (each field ends with the
		// key separator only when another field follows).
		{props: map[string]string{"print.key": "true", "print.value": "false"}, rec: rec, want: "1003\n"},
		{props: map[string]string{"print.offset": "true", "print.value": "false"}, rec: rec, want: "Offset:7\n"},
		{props: map[string]string{"print.value": "false"}, rec: rec, want: ""},
		{props: map[string]string{"line.separator": "|"}, rec: rec, want: "{\"order_id\":1003}|"},
		// Kafka 4.3.1's console consumer printed these layouts (its records carry no delivery
		// count or leader epoch).
		{props: map[string]string{"print.key": "true", "key.separator": "|", "print.delivery": "true"}, rec: rec,
			want: "Delivery:NOT_PRESENT|1003|{\"order_id\":1003}\n"},
		{props: map[string]string{"print.epoch": "true", "print.partition": "true", "print.offset": "true", "print.delivery": "true", "print.headers": "true", "print.key": "true"}, rec: rec,
			want: "Partition:1\tOffset:7\tDelivery:NOT_PRESENT\tEpoch:NOT_PRESENT\tsource:lab,trace:null\t1003\t{\"order_id\":1003}\n"},
		{props: map[string]string{"print.epoch": "true", "print.value": "false"}, rec: rec, want: "Epoch:NOT_PRESENT\n"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		newFormatter(tc.props).write(w, tc.rec)
		w.Flush()
		if b.String() != tc.want {
			t.Errorf("props %v: got %q, want %q", tc.props, b.String(), tc.want)
		}
	}
}

func TestLineReader(t *testing.T) {
	type want struct {
		key, value *string
		headers    []kgo.RecordHeader
	}
	s := func(v string) *string { return &v }
	tests := []struct {
		props   map[string]string
		line    string
		want    want
		wantErr string
	}{
		{props: nil, line: "hello:world", want: want{value: s("hello:world")}},
		{props: map[string]string{"parse.key": "true", "key.separator": ":"}, line: `1001:{"order_id":1001,"x":"a:b"}`,
			want: want{key: s("1001"), value: s(`{"order_id":1001,"x":"a:b"}`)}},
		{props: map[string]string{"parse.key": "true"}, line: "k\tv", want: want{key: s("k"), value: s("v")}},
		{props: map[string]string{"parse.key": "true", "key.separator": "::"}, line: "k::", want: want{key: s("k"), value: s("")}},
		{props: map[string]string{"parse.key": "true", "key.separator": ":"}, line: "novalue", wantErr: "No key separator found on line number 3: 'novalue'"},
		{props: map[string]string{"parse.key": "true", "key.separator": ":", "ignore.error": "true"}, line: "novalue", want: want{value: s("novalue")}},
		{props: map[string]string{"parse.key": "true", "key.separator": ":", "null.marker": "<null>"}, line: "<null>:v", want: want{value: s("v")}},
		{props: map[string]string{"null.marker": "<null>"}, line: "<null>", want: want{}},
		{props: map[string]string{"parse.headers": "true", "parse.key": "true", "key.separator": ":"}, line: "h1:a,h2:b\tk:v",
			want: want{key: s("k"), value: s("v"), headers: []kgo.RecordHeader{{Key: "h1", Value: []byte("a")}, {Key: "h2", Value: []byte("b")}}}},
		{props: map[string]string{"parse.headers": "true"}, line: "bad\tv", wantErr: "No header key separator found in pair 'bad' on line number 3"},
	}
	for _, tc := range tests {
		lr, err := newLineReader(tc.props)
		if err != nil {
			t.Fatalf("newLineReader(%v): %v", tc.props, err)
		}
		rec, err := lr.parse(tc.line, 3)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("parse(%q, %v) error = %v, want %q", tc.line, tc.props, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parse(%q, %v): %v", tc.line, tc.props, err)
			continue
		}
		str := func(b []byte) *string {
			if b == nil {
				return nil
			}
			v := string(b)
			return &v
		}
		got := want{key: str(rec.Key), value: str(rec.Value), headers: rec.Headers}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parse(%q, %v) = key %v value %v headers %v", tc.line, tc.props, deref(got.key), deref(got.value), got.headers)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestLineReaderRejectsClashingSeparators(t *testing.T) {
	for _, props := range []map[string]string{
		{"headers.delimiter": ",", "headers.separator": ","},
		{"null.marker": ":", "key.separator": ":"},
		{"parse.key": "true", "key.separator": ""},
	} {
		if _, err := newLineReader(props); err == nil {
			t.Errorf("newLineReader(%v) accepted clashing settings", props)
		}
	}
}

func TestParseDeleteSpec(t *testing.T) {
	os, err := parseDeleteSpec([]byte(`{"partitions":[{"topic":"orders","partition":0,"offset":2},{"topic":"orders","partition":1,"offset":-1}],"version":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := os.Lookup("orders", 0); !ok || o.At != 2 {
		t.Errorf("orders-0 = %+v", o)
	}
	if o, ok := os.Lookup("orders", 1); !ok || o.At != -1 {
		t.Errorf("orders-1 = %+v", o)
	}
	for in, want := range map[string]string{
		`{`:                                   "not a valid JSON",
		`{"version":2,"partitions":[]}`:       "Not supported version field value 2",
		`{"version":1}`:                       "Missing partitions field",
		`{"partitions":[{"topic":"orders"}]}`: `needs "topic", "partition" and "offset"`,
		`{"partitions":[{"topic":"o","partition":0,"offset":1},{"topic":"o","partition":0,"offset":2}]}`: "duplicate topic partitions: o-0",
	} {
		if _, err := parseDeleteSpec([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseDeleteSpec(%s) error = %v, want %q", in, err, want)
		}
	}
}

func TestSplitAddConfig(t *testing.T) {
	got, err := splitAddConfig("retention.ms=600000, cleanup.policy=[compact,delete]")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"retention.ms": "600000", "cleanup.policy": "compact,delete"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := splitAddConfig("retention.ms"); err == nil {
		t.Error("accepted a config without =")
	}
}

func TestToolsListAndSummaries(t *testing.T) {
	want := []string{"kafka-configs.sh", "kafka-console-consumer.sh", "kafka-console-producer.sh", "kafka-consumer-groups.sh",
		"kafka-delete-records.sh", "kafka-get-offsets.sh", "kafka-topics.sh"}
	if got := Tools(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Tools() = %v, want %v", got, want)
	}
	for _, n := range want {
		if Summary(n) == "" || Summary(strings.TrimSuffix(n, ".sh")) != Summary(n) {
			t.Errorf("Summary(%q) missing or differs without .sh", n)
		}
	}
}

func TestKafkaConfigOrder(t *testing.T) {
	// Configs: as Apache Kafka 4.3.1's kafka-topics.sh --describe printed them for topics with
	// these overrides (plus min.insync.replicas, which KRaft sets cluster-wide).
	for _, want := range []string{
		"min.insync.replicas,retention.ms,max.message.bytes",
		"compression.type,min.insync.replicas,cleanup.policy,flush.ms,segment.bytes,min.compaction.lag.ms,message.timestamp.type,preallocate,retention.bytes,delete.retention.ms,segment.ms",
	} {
		keys := strings.Split(want, ",")
		shuffled := append([]string(nil), keys...)
		sort.Strings(shuffled)
		if got := strings.Join(kafkaConfigOrder(shuffled), ","); got != want {
			t.Errorf("kafkaConfigOrder = %s\nwant %s", got, want)
		}
	}
}

func TestJavaHashMapOrder(t *testing.T) {
	// Row orders Apache Kafka 4.3.1's kafka-consumer-groups.sh --reset-offsets printed.
	for _, tc := range []struct {
		topic string
		want  []int32
	}{
		{"orders", []int32{0, 1, 2}},
		{"payments", []int32{0, 2, 1}},
		{"clicks", []int32{2, 1, 0}},
		{"events", []int32{3, 4, 0, 1, 2}},
		{"alpha", []int32{4, 2, 3, 0, 1}},
	} {
		var in []topicPartition
		for p := range int32(len(tc.want)) {
			in = append(in, topicPartition{tc.topic, p})
		}
		var got []int32
		for _, tp := range javaHashMapOrder(in) {
			got = append(got, tp.partition)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.topic, got, tc.want)
		}
	}
}

func TestConsumerHeartbeatInterval(t *testing.T) {
	specs := registry["kafka-console-consumer.sh"].specs
	plan := func(args ...string) (*consumerPlan, error) {
		o, err := parseOptions(specs, append([]string{"--topic", "t", "--group", "g"}, args...))
		if err != nil {
			t.Fatal(err)
		}
		return planConsumer(o)
	}
	p, err := plan()
	if err != nil || p.heartbeat != 0 {
		t.Errorf("default heartbeat = %v, %v; want 0 (the client's 3 s)", p.heartbeat, err)
	}
	p, err = plan("--consumer-property", "heartbeat.interval.ms=500")
	if err != nil || p.heartbeat != 500*time.Millisecond {
		t.Errorf("heartbeat.interval.ms=500 gave %v, %v", p.heartbeat, err)
	}
	for _, bad := range []string{"0", "soon", "45000"} {
		if _, err := plan("--consumer-property", "heartbeat.interval.ms="+bad); err == nil || !strings.Contains(err.Error(), "from 1 to 44999") {
			t.Errorf("heartbeat.interval.ms=%s: err %v", bad, err)
		}
	}
}

func TestDeserializers(t *testing.T) {
	long42 := []byte{0, 0, 0, 0, 0, 0, 0, 42}
	for _, c := range []struct {
		class string
		in    []byte
		want  string
	}{
		{"org.apache.kafka.common.serialization.StringDeserializer", []byte("héllo"), "héllo"},
		{"org.apache.kafka.common.serialization.LongDeserializer", long42, "42"},
		{"LongDeserializer", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}, "-2"},
		{"org.apache.kafka.common.serialization.IntegerDeserializer", []byte{0, 1, 0, 0}, "65536"},
		{"org.apache.kafka.common.serialization.ShortDeserializer", []byte{0xff, 0xff}, "-1"},
		{"org.apache.kafka.common.serialization.LongDeserializer", []byte("abc"), "org.apache.kafka.common.errors.SerializationException: Size of data received by LongDeserializer is not 8"},
	} {
		dec, err := deserializer(c.class)
		if err != nil {
			t.Fatalf("%s: %v", c.class, err)
		}
		if got := string(decodeWith(dec, c.in)); got != c.want {
			t.Errorf("%s(%v) = %q, want %q", c.class, c.in, got, c.want)
		}
	}
	if _, err := deserializer("com.example.AvroDeserializer"); err == nil {
		t.Error("an unknown deserializer was accepted")
	}
}
