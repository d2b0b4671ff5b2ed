package kafkaadmin

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// kafka-e2e-latency.sh: Kafka's EndToEndLatency. It sends one record at a time, waits for the
// broker's acknowledgement and for a consumer to read the record back, and prints the round
// trip of every 1000th record, the average and three percentiles, as Kafka 4.3.1 does. The
// numbers are measurements.

func init() {
	registerTool(&tool{
		name:    "kafka-e2e-latency.sh",
		summary: "This tool measures end-to-end latency in Kafka by sending messages and timing their reception.",
		specs: []option{
			{name: "bootstrap-server", arg: "String: bootstrap-server", help: "REQUIRED: The Kafka broker list string in the form HOST1:PORT1,HOST2:PORT2."},
			{name: "topic", arg: "String: topic", help: "REQUIRED: The topic to use for the test."},
			{name: "num-records", arg: "Integer: count", help: "REQUIRED: The number of messages to send."},
			{name: "producer-acks", arg: "String: producer-acks", help: "REQUIRED: Producer acknowledgements. Must be '1' or 'all'."},
			{name: "record-size", arg: "Integer: bytes", help: "REQUIRED: The size of each message payload in bytes."},
			{name: "record-key-size", arg: "Integer: bytes", help: "Optional: The size of the message key in bytes. If not set, messages are sent without a key."},
			{name: "num-headers", arg: "Integer: count", help: "Optional: The number of headers to include in each message."},
			{name: "record-header-key-size", arg: "Integer: bytes", help: "Optional: The size of the message header key in bytes. Used together with record-header-size."},
			{name: "record-header-size", arg: "Integer: bytes", help: "Optional: The size of message header value in bytes. Use -1 for null header value."},
			{name: "command-config", arg: "String: config-file", help: "Optional: A property file for Kafka producer/consumer/admin client configuration."},
		},
		// The deprecated form: bootstrap-server topic num-records producer-acks record-size
		// [command-config].
		positional: []string{"bootstrap-server", "topic", "num-records", "producer-acks", "record-size", "command-config"},
		run:        endToEndLatency,
	})
}

func endToEndLatency(ctx context.Context, r *toolRun) error {
	o := r.opts
	if n := len(o.positional); n > 0 {
		if n != 5 && n != 6 {
			return usagef("Invalid number of arguments. Expected 5 or 6 positional arguments, but got %d. Usage: bootstrap-server topic num-records producer-acks record-size [optional] command-config", n)
		}
		fmt.Fprintln(r.io.Stdout, "WARNING: Positional argument usage is deprecated and will be removed in Apache Kafka 5.0. Please use named arguments instead: --bootstrap-server, --topic, --num-records, --producer-acks, --record-size, --command-config")
	}
	for _, req := range []string{"bootstrap-server", "topic", "num-records", "producer-acks", "record-size"} {
		if !o.has(req) && !(req == "bootstrap-server" && len(r.bootstrap) > 0) {
			return usagef("Missing required option(s) [%s]", req)
		}
	}
	topic := o.value("topic", "")
	num, err := o.intValue("num-records", 0)
	if err != nil || num <= 0 {
		return usagef("Value for --num-records must be a positive integer.")
	}
	acks := o.value("producer-acks", "")
	if acks != "1" && acks != "all" {
		return usagef("Invalid value for --producer-acks. Latency testing requires synchronous acknowledgement. Please use '1' or 'all'.")
	}
	size, err := o.intValue("record-size", 0)
	if err != nil || size < 0 {
		return usagef("Value for --record-size must be a non-negative integer.")
	}
	keySize, err := o.intValue("record-key-size", 0)
	if err != nil || keySize < 0 {
		return usagef("Value for --record-key-size must be a non-negative integer.")
	}
	numHeaders, err := o.intValue("num-headers", 0)
	if err != nil || numHeaders < 0 {
		return usagef("Value for --num-headers must be a non-negative integer.")
	}
	hkSize, err := o.intValue("record-header-key-size", 0)
	if err != nil || hkSize < 0 {
		return usagef("Value for --record-header-key-size must be a non-negative integer.")
	}
	hvSize, err := o.intValue("record-header-size", 0)
	if err != nil || hvSize < -1 {
		return usagef("Value for --record-header-size must be a non-negative integer or -1 for null header value.")
	}
	props := map[string]string{}
	if o.has("command-config") {
		if err := readProps(o.value("command-config", ""), props); err != nil {
			return err
		}
	}
	props["acks"] = acks
	popts, err := producerOpts(props)
	if err != nil {
		return err
	}
	popts = append(popts, kgo.DefaultProduceTopic(topic), kgo.ProducerLinger(0))
	prod, err := r.client(ctx, popts...)
	if err != nil {
		return err
	}
	defer prod.Close()
	adm := kadm.NewClient(prod)

	// A missing topic is made with one partition and the cluster's default replication.
	td, err := adm.ListTopics(ctx, topic)
	if err != nil {
		return fmt.Errorf("cannot describe topic %s: %w", topic, err)
	}
	if d, ok := td[topic]; !ok || d.Err != nil {
		fmt.Fprintf(r.io.Stdout, "Topic \"%s\" does not exist. Will create topic with 1 partition(s) and replication factor = 1\n", topic)
		resp, err := adm.CreateTopic(ctx, 1, -1, nil, topic)
		if err == nil {
			err = resp.Err
		}
		if err != nil {
			fmt.Fprintf(r.io.Stdout, "Creation of topic %s failed\n", topic)
			return fmt.Errorf("cannot create topic %s: %w", topic, err)
		}
	}
	// The consumer starts at the end of every partition, so it reads only what this run sends.
	// A topic just made may take a moment to list its partitions' offsets.
	start := map[string]map[int32]kgo.Offset{topic: {}}
	for deadline := time.Now().Add(15 * time.Second); ; {
		ends, err := adm.ListEndOffsets(ctx, topic)
		if err == nil {
			err = ends.Error()
		}
		if err == nil && len(ends[topic]) > 0 {
			ends.Each(func(lo kadm.ListedOffset) {
				start[topic][lo.Partition] = kgo.NewOffset().At(lo.Offset)
			})
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("cannot read the end offsets of %s: %v", topic, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	cons, err := r.client(ctx, kgo.ConsumePartitions(start), kgo.FetchMaxWait(10*time.Millisecond))
	if err != nil {
		return err
	}
	defer cons.Close()

	var total time.Duration
	latencies := make([]int64, 0, num)
	for i := int64(0); i < num; i++ {
		rec := &kgo.Record{Value: randomBytes(int(size))}
		if keySize > 0 {
			rec.Key = randomBytes(int(keySize))
		}
		for h := int64(0); h < numHeaders; h++ {
			hdr := kgo.RecordHeader{Key: string(randomBytes(int(hkSize)))}
			if hvSize >= 0 {
				hdr.Value = randomBytes(int(hvSize))
			}
			rec.Headers = append(rec.Headers, hdr)
		}
		begin := time.Now()
		if err := prod.ProduceSync(ctx, rec).FirstErr(); err != nil {
			return fmt.Errorf("cannot send record %d: %w", i, err)
		}
		var got []*kgo.Record
		for len(got) == 0 {
			pctx, cancel := context.WithTimeout(ctx, 60*time.Second)
			fs := cons.PollFetches(pctx)
			cancel()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			got = fs.Records()
			if len(got) == 0 && pctx.Err() != nil {
				return fmt.Errorf("poll timed out: no record came back within 60 s")
			}
		}
		elapsed := time.Since(begin)
		if len(got) != 1 {
			return fmt.Errorf("Only one result was expected during this test. We found [%d]", len(got))
		}
		if !bytes.Equal(got[0].Value, rec.Value) {
			return fmt.Errorf("The message read [%s] did not match the message sent [%s]", got[0].Value, rec.Value)
		}
		if i%1000 == 0 {
			fmt.Fprintf(r.io.Stdout, "%d\t%s\n", i, javaDoubleString(float64(elapsed.Nanoseconds())/1000.0/1000.0))
		}
		total += elapsed
		latencies = append(latencies, elapsed.Nanoseconds()/1000/1000)
	}
	fmt.Fprintf(r.io.Stdout, "Avg latency: %.4f ms\n", float64(total.Nanoseconds())/float64(num)/1000.0/1000.0)
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	n := float64(len(latencies))
	fmt.Fprintf(r.io.Stdout, "Percentiles: 50th = %d, 99th = %d, 99.9th = %d\n",
		latencies[int(n*0.5)], latencies[int(n*0.99)], latencies[int(n*0.999)])
	return nil
}

// randomBytes are n random ASCII letters, a payload that reads back as text.
func randomBytes(n int) []byte {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[rand.IntN(len(letters))]
	}
	return b
}
