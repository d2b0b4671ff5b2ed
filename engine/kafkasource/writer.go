package kafkasource

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Header is one Kafka record header.
type Header struct {
	Key   string
	Value []byte
}

// Record is one row of df.write.format("kafka").
type Record struct {
	Topic     string // "" uses WriteRecords' topic
	Partition *int32 // nil: Kafka's default partitioner (murmur2 of the key)
	Key       []byte // nil: no key
	Value     []byte // nil: a tombstone
	Headers   []Header
}

// RecordsFromRows converts a DataFrame's rows to records, validating the columns as
// Spark's KafkaWriter does: value (string|binary) required; key (string|binary),
// topic (string), partition (int), headers optional. A topic option wins over the
// topic column.
func RecordsFromRows(schema *sqltypes.StructType, rows []sqltypes.Row, topicOption string) ([]Record, error) {
	idx := map[string]int{}
	for i, f := range schema.Fields {
		idx[strings.ToLower(f.Name)] = i
	}
	col := func(name string) (int, sqltypes.DataType) {
		if i, ok := idx[name]; ok {
			return i, schema.Fields[i].Type
		}
		return -1, nil
	}
	topicI, topicT := col("topic")
	if topicOption == "" && topicI < 0 {
		return nil, sinkColumnError("topic option required when no 'topic' attribute is present. Use the topic option for setting a topic.")
	}
	if topicI >= 0 {
		if _, ok := topicT.(sqltypes.StringType); !ok {
			return nil, sinkColumnError(unsupportedColumn("topic", topicT, "string"))
		}
	}
	keyI, keyT := col("key")
	if keyI >= 0 && !stringOrBinary(keyT) {
		return nil, sinkColumnError(unsupportedColumn("key", keyT, "string or binary"))
	}
	valI, valT := col("value")
	if valI < 0 {
		return nil, sinkColumnError("Required attribute 'value' not found")
	}
	if !stringOrBinary(valT) {
		return nil, sinkColumnError(unsupportedColumn("value", valT, "string or binary"))
	}
	partI, partT := col("partition")
	if partI >= 0 {
		if _, ok := partT.(sqltypes.IntegerType); !ok {
			return nil, sinkColumnError(unsupportedColumn("partition", partT, "int"))
		}
	}
	hdrI, _ := col("headers")
	recs := make([]Record, len(rows))
	for n, row := range rows {
		r := &recs[n]
		r.Topic = topicOption
		if topicOption == "" {
			t, _ := row[topicI].(string)
			if row[topicI] == nil {
				return nil, errors.New("null topic present in the data. Use the topic option for setting a default topic.")
			}
			r.Topic = t
		}
		if keyI >= 0 {
			r.Key = bytesOf(row[keyI])
		}
		r.Value = bytesOf(row[valI])
		if partI >= 0 && row[partI] != nil {
			p := row[partI].(int32)
			r.Partition = &p
		}
		if hdrI >= 0 && row[hdrI] != nil {
			hs, ok := row[hdrI].([]any)
			if !ok {
				return nil, errors.New("headers attribute type must be an array<struct<key:string,value:binary>>")
			}
			for _, h := range hs {
				hr, ok := h.(sqltypes.Row)
				if !ok || len(hr) != 2 {
					return nil, errors.New("headers attribute type must be an array<struct<key:string,value:binary>>")
				}
				k, _ := hr[0].(string)
				r.Headers = append(r.Headers, Header{Key: k, Value: bytesOf(hr[1])})
			}
		}
	}
	return recs, nil
}

func stringOrBinary(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.StringType, sqltypes.BinaryType:
		return true
	}
	return false
}

func bytesOf(v any) []byte {
	switch x := v.(type) {
	case []byte:
		return x
	case string:
		return []byte(x)
	}
	return nil
}

// WriteRecords produces records synchronously (acks=all, idempotent), placing keyed
// records with Kafka's default partitioner (murmur2 of the key, as the Java client) and
// honouring an explicit Partition. topic is used for records without their own topic.
// The first failure is returned naming the topic and partition.
func WriteRecords(ctx context.Context, bootstrap []string, topic string, recs []Record) error {
	if len(recs) == 0 {
		return nil
	}
	for i := range recs {
		if recs[i].Topic == "" && topic == "" {
			return errors.New("topic option required when no 'topic' attribute is present. Use the topic option for setting a topic.")
		}
	}
	cl, err := kgo.NewClient(clientOpts(bootstrap,
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.ProducerLinger(0),
	)...)
	if err != nil {
		return fmt.Errorf("kafka: cannot create a producer for %s: %w", strings.Join(bootstrap, ","), err)
	}
	defer cl.Close()

	// Partition counts, to place keyed records ourselves (murmur2) and check explicit ones.
	topics := map[string]int{}
	for i := range recs {
		t := recs[i].Topic
		if t == "" {
			t = topic
		}
		topics[t] = 0
	}
	names := make([]string, 0, len(topics))
	for t := range topics {
		names = append(names, t)
	}
	// Kafka's producer asks for metadata allowing the broker to create a missing topic
	// (auto.create.topics.enable, on by default): Spark's sink writes to a new topic.
	if err := askToCreateTopics(ctx, cl, names); err != nil {
		return brokerError(bootstrap, "looking up topics to write", err)
	}
	md, err := metadataWaitingForTopics(ctx, kadm.NewClient(cl), names)
	if err != nil {
		return brokerError(bootstrap, "looking up topics to write", err)
	}
	for _, t := range names {
		td, ok := md.Topics[t]
		if !ok || errors.Is(td.Err, kerr.UnknownTopicOrPartition) || len(td.Partitions) == 0 {
			return fmt.Errorf("kafka: topic '%s' does not exist on %s; create it first", t, strings.Join(bootstrap, ","))
		}
		if td.Err != nil {
			return fmt.Errorf("kafka: cannot write to topic '%s': %w", t, td.Err)
		}
		topics[t] = len(td.Partitions)
	}

	krs := make([]*kgo.Record, len(recs))
	sticky := map[string]int32{}
	for i := range recs {
		r := &recs[i]
		t := r.Topic
		if t == "" {
			t = topic
		}
		n := topics[t]
		var p int32
		switch {
		case r.Partition != nil:
			p = *r.Partition
			if p < 0 || int(p) >= n {
				return fmt.Errorf("kafka: partition %d does not exist in topic '%s' (it has %d partitions)", p, t, n)
			}
		case r.Key != nil:
			p = KeyPartition(r.Key, n)
		default:
			// No key: one partition per write, like the Java client's sticky choice.
			sp, ok := sticky[t]
			if !ok {
				sp = int32(len(recs)+len(t)) % int32(n)
				sticky[t] = sp
			}
			p = sp
		}
		kr := &kgo.Record{Topic: t, Partition: p, Key: r.Key, Value: r.Value}
		for _, h := range r.Headers {
			kr.Headers = append(kr.Headers, kgo.RecordHeader{Key: h.Key, Value: h.Value})
		}
		krs[i] = kr
	}
	pctx, cancel := context.WithTimeout(ctx, requestTimeout+retryTimeout)
	defer cancel()
	for _, res := range cl.ProduceSync(pctx, krs...) {
		if res.Err != nil {
			return brokerError(bootstrap, fmt.Sprintf("writing to %s-%d", res.Record.Topic, res.Record.Partition), res.Err)
		}
	}
	return nil
}

// KeyPartition is the Java client's partition for a keyed record:
// (murmur2(key) & 0x7fffffff) % numPartitions.
func KeyPartition(key []byte, numPartitions int) int32 {
	return int32(int(murmur2(key)&0x7fffffff) % numPartitions)
}

// murmur2 is Kafka's Utils.murmur2 (seed 0x9747b28c).
func murmur2(data []byte) int32 {
	const (
		seed uint32 = 0x9747b28c
		m    uint32 = 0x5bd1e995
		r           = 24
	)
	length := len(data)
	h := seed ^ uint32(length)
	n := length / 4
	for i := 0; i < n; i++ {
		j := i * 4
		k := uint32(data[j]) | uint32(data[j+1])<<8 | uint32(data[j+2])<<16 | uint32(data[j+3])<<24
		k *= m
		k ^= k >> r
		k *= m
		h *= m
		h ^= k
	}
	rest := data[n*4:]
	switch len(rest) {
	case 3:
		h ^= uint32(rest[2]) << 16
		fallthrough
	case 2:
		h ^= uint32(rest[1]) << 8
		fallthrough
	case 1:
		h ^= uint32(rest[0])
		h *= m
	}
	h ^= h >> 13
	h *= m
	h ^= h >> 15
	return int32(h)
}

// sinkColumnError is how Spark's Kafka writer refuses the DataFrame's columns: an
// AnalysisException with the legacy condition _LEGACY_ERROR_TEMP_3080 and the text as msg.
func sinkColumnError(msg string) error {
	return sparkerrors.New(sparkerrors.AnalysisException, "_LEGACY_ERROR_TEMP_3080", "msg", msg)
}

// unsupportedColumn is Spark's wording for a column of the wrong type ("value attribute
// unsupported type int. value must be a(n) string or binary"), the type in SQL's lower case.
func unsupportedColumn(name string, t sqltypes.DataType, want string) string {
	return fmt.Sprintf("%s attribute unsupported type %s. %s must be a(n) %s", name, strings.ToLower(t.SQL()), name, want)
}

// askToCreateTopics sends one metadata request for topics that lets the broker create the
// ones it lacks, as Kafka's producer does; a broker that does not create them answers
// UNKNOWN_TOPIC_OR_PARTITION, which the caller's own lookup reports.
func askToCreateTopics(ctx context.Context, cl *kgo.Client, topics []string) error {
	req := kmsg.NewPtrMetadataRequest()
	req.AllowAutoTopicCreation = true
	for _, t := range topics {
		rt := kmsg.NewMetadataRequestTopic()
		rt.Topic = kmsg.StringPtr(t)
		req.Topics = append(req.Topics, rt)
	}
	rctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	_, err := req.RequestWith(rctx, cl)
	return err
}
