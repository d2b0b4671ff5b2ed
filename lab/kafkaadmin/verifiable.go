package kafkaadmin

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kafka-verifiable-producer.sh: Kafka's system-test producer. It sends increasing integers
// and prints one JSON object a line for each event (startup, every acknowledged or failed
// send, shutdown, and a summary), with the fields in Kafka 4.3.1's order; the timestamps and
// the throughput are measurements.

func init() {
	registerTool(&tool{
		name:    "kafka-verifiable-producer.sh",
		summary: "This tool produces increasing integers to the specified topic and prints JSON metadata to stdout on each \"send\" request, making externally visible which messages have been acked and which have not.",
		specs: []option{
			{name: "bootstrap-server", arg: "HOST1:PORT1[,HOST2:PORT2[...]]", help: "REQUIRED: The server(s) to connect to."},
			{name: "topic", arg: "TOPIC", help: "Produce messages to this topic."},
			{name: "max-messages", arg: "MAX-MESSAGES", help: "Produce this many messages. If -1, produce messages until the process is killed externally. (default: -1)"},
			{name: "throughput", arg: "THROUGHPUT", help: "If set >= 0, throttle maximum message throughput to *approximately* THROUGHPUT messages/sec. (default: -1)"},
			{name: "acks", arg: "ACKS", help: "Acks required on each produced message. See Kafka docs on acks for details. (default: -1)"},
			{name: "producer.config", arg: "CONFIG-FILE", help: "(DEPRECATED) Producer config properties file. Use --command-config instead."},
			{name: "message-create-time", arg: "CREATE-TIME", help: "Send messages with creation time starting at the arguments value, in milliseconds since epoch (default: -1)"},
			{name: "value-prefix", arg: "VALUE-PREFIX", help: "If specified, each produced value will have this prefix with a dot separator"},
			{name: "repeating-keys", arg: "REPEATING-KEYS", help: "If specified, each produced record will have a key starting at 0 increment by 1 up to the number specified (exclusive), then the key is set to 0 again"},
			{name: "command-config", arg: "CONFIG-FILE", help: "Config properties file (config options shared with command line parameters will be overridden)."},
		},
		run: verifiableProducer,
	})
}

// eventField is one field of an event line; the line keeps the fields in order.
type eventField struct {
	key string
	val any
}

// eventLine writes {"timestamp":..,"name":..,...} with the fields in the given order.
func eventLine(w io.Writer, name string, fields ...eventField) {
	var b strings.Builder
	fmt.Fprintf(&b, `{"timestamp":%d,"name":%s`, time.Now().UnixMilli(), jsonString(name))
	for _, f := range fields {
		b.WriteString("," + jsonString(f.key) + ":")
		switch v := f.val.(type) {
		case nil:
			b.WriteString("null")
		case *string:
			if v == nil {
				b.WriteString("null")
			} else {
				b.WriteString(jsonString(*v))
			}
		case string:
			b.WriteString(jsonString(v))
		case float64:
			b.WriteString(javaDoubleString(v))
		case rawJSON:
			b.WriteString(string(v))
		default:
			fmt.Fprint(&b, v)
		}
	}
	b.WriteString("}\n")
	_, _ = io.WriteString(w, b.String())
}

func jsonString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// javaDoubleString writes a double as Java's Double.toString (and Jackson) does: plain
// between 10^-3 and 10^7, else computerized scientific notation ("1.0E7").
func javaDoubleString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	if a := math.Abs(f); a == 0 || (a >= 1e-3 && a < 1e7) {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(f, 'E', -1, 64)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

func verifiableProducer(ctx context.Context, r *toolRun) error {
	o := r.opts
	if !o.has("topic") {
		return usagef("argument --topic is required")
	}
	topic := o.value("topic", "")
	maxMessages, err := o.intValue("max-messages", -1)
	if err != nil {
		return err
	}
	throughput, err := o.intValue("throughput", -1)
	if err != nil {
		return err
	}
	createTime, err := o.intValue("message-create-time", -1)
	if err != nil {
		return err
	}
	repeating, err := o.intValue("repeating-keys", 0)
	if err != nil {
		return err
	}
	props := map[string]string{}
	for _, f := range []string{"producer.config", "command-config"} {
		if o.has(f) {
			if err := readProps(o.value(f, ""), props); err != nil {
				return err
			}
		}
	}
	// --acks is a whole number here (argparse4j's Integer), not the producer's "all".
	acks := o.value("acks", "-1")
	if _, err := strconv.Atoi(acks); err != nil {
		return usagef("argument --acks: could not convert '%s' to Integer (For input string: \"%s\")", acks, acks)
	}
	props["acks"] = acks
	extra, err := producerOpts(props)
	if err != nil {
		return err
	}
	// Kafka's producer: records with a key go to murmur2(key) % partitions, the others stick to
	// a partition per batch.
	extra = append(extra, kgo.DefaultProduceTopic(topic), kgo.RecordPartitioner(kgo.StickyKeyPartitioner(nil)))
	cl, err := r.client(ctx, extra...)
	if err != nil {
		return err
	}
	defer cl.Close()

	out := &lockedWriter{w: r.io.Stdout}
	eventLine(out, "startup_complete")
	start := time.Now()
	var mu sync.Mutex
	var sent, acked int64
	var wg sync.WaitGroup
	for i := int64(0); maxMessages < 0 || i < maxMessages; i++ {
		if ctx.Err() != nil {
			break
		}
		if throughput > 0 {
			// Approximately --throughput messages a second: wait until this one's turn.
			due := start.Add(time.Duration(float64(i) / float64(throughput) * float64(time.Second)))
			if d := time.Until(due); d > 0 {
				select {
				case <-ctx.Done():
				case <-time.After(d):
				}
			}
		}
		value := strconv.FormatInt(i, 10)
		if o.has("value-prefix") {
			value = o.value("value-prefix", "") + "." + value
		}
		rec := &kgo.Record{Value: []byte(value)}
		var key *string
		if repeating > 0 {
			k := strconv.FormatInt(i%repeating, 10)
			key, rec.Key = &k, []byte(k)
		}
		if createTime >= 0 {
			rec.Timestamp = time.UnixMilli(createTime + time.Since(start).Milliseconds())
		}
		sent++
		wg.Add(1)
		cl.Produce(ctx, rec, func(rec *kgo.Record, err error) {
			defer wg.Done()
			if err != nil {
				eventLine(out, "producer_send_error",
					eventField{"exception", "class " + javaExceptionClass(err)}, eventField{"message", err.Error()},
					eventField{"topic", topic}, eventField{"key", key}, eventField{"value", value})
				return
			}
			mu.Lock()
			acked++
			mu.Unlock()
			eventLine(out, "producer_send_success", eventField{"key", key}, eventField{"value", value},
				eventField{"offset", rec.Offset}, eventField{"topic", rec.Topic}, eventField{"partition", rec.Partition})
		})
	}
	wg.Wait()
	eventLine(out, "shutdown_complete")
	secs := time.Since(start).Seconds()
	avg := 0.0
	if secs > 0 {
		avg = float64(acked) / secs
	}
	eventLine(out, "tool_data", eventField{"sent", sent}, eventField{"acked", acked},
		eventField{"target_throughput", throughput}, eventField{"avg_throughput", avg})
	return nil
}

// lockedWriter serialises the lines the produce callbacks write.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// kafka-verifiable-consumer.sh: Kafka's system-test consumer, in a classic group. Its events
// (startup_complete, partitions_assigned, records_consumed, record_data with --verbose,
// offsets_committed, partitions_revoked, shutdown_complete, shutdown_requested) carry Kafka
// 4.3.1's fields in its order.

func init() {
	registerTool(&tool{
		name:    "kafka-verifiable-consumer.sh",
		summary: "This tool consumes messages from a specific topic and emits consumer events (e.g. group rebalances, received messages, and offsets committed) as JSON objects to STDOUT.",
		specs: []option{
			{name: "bootstrap-server", arg: "HOST1:PORT1[,HOST2:PORT2[...]]", help: "The server(s) to connect to."},
			{name: "topic", arg: "TOPIC", help: "Consumes messages from this topic."},
			{name: "group-protocol", arg: "GROUP-PROTOCOL", help: "Group protocol (must be one of CLASSIC, CONSUMER) (default: classic); kafkalab's is classic"},
			{name: "group-id", arg: "GROUP-ID", help: "The group id of the consumer group"},
			{name: "group-instance-id", arg: "GROUP-INSTANCE-ID", help: "A unique identifier of the consumer instance"},
			{name: "max-messages", arg: "MAX-MESSAGES", help: "Consume this many messages. If -1 (the default), the consumer will consume until the process is killed externally (default: -1)"},
			{name: "session-timeout", arg: "TIMEOUT-MS", help: "Set the consumer's session timeout"},
			{name: "verbose", help: "Enable to log individual consumed records (default: false)"},
			{name: "enable-autocommit", help: "Enable offset auto-commit on consumer (default: false)"},
			{name: "reset-policy", arg: "RESET-POLICY", help: "Set reset policy (must be either 'earliest', 'latest', or 'none') (default: earliest)"},
			{name: "assignment-strategy", arg: "ASSIGNMENT-STRATEGY", help: "Set assignment strategy (default: org.apache.kafka.clients.consumer.RangeAssignor)"},
		},
		run: verifiableConsumer,
	})
}

// tpJSON is a partition in an event: {"topic":..,"partition":..} then the event's own fields.
func tpJSON(topic string, p int32, more ...eventField) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"topic":%s,"partition":%d`, jsonString(topic), p)
	for _, f := range more {
		fmt.Fprintf(&b, ",%s:%v", jsonString(f.key), f.val)
	}
	b.WriteString("}")
	return b.String()
}

// rawJSON is a value eventLine writes as it is.
type rawJSON string

func partitionsJSON(m map[string][]int32) rawJSON {
	var tps []tpart
	for t, ps := range m {
		for _, p := range ps {
			tps = append(tps, tpart{t, p})
		}
	}
	sortParts(tps)
	parts := make([]string, len(tps))
	for i, tp := range tps {
		parts[i] = tpJSON(tp.topic, tp.part)
	}
	return rawJSON("[" + strings.Join(parts, ",") + "]")
}

func verifiableConsumer(ctx context.Context, r *toolRun) error {
	o := r.opts
	if !o.has("topic") {
		return usagef("argument --topic is required")
	}
	topic := o.value("topic", "")
	if p := o.value("group-protocol", "classic"); !strings.EqualFold(p, "classic") {
		return usagef("--group-protocol %s is not in kafkalab's verifiable consumer: it joins classic groups", p)
	}
	if o.has("assignment-strategy") {
		return usagef("--assignment-strategy is not in kafkalab's verifiable consumer: it uses Kafka's default, the RangeAssignor")
	}
	maxMessages, err := o.intValue("max-messages", -1)
	if err != nil {
		return err
	}
	group := o.value("group-id", "")
	if group == "" {
		return usagef("--group-id is needed: the verifiable consumer joins a group")
	}
	opts := []kgo.Opt{kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.Balancers(kgo.RangeBalancer())}
	switch p := o.value("reset-policy", "earliest"); p {
	case "earliest":
		opts = append(opts, kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	case "latest":
		opts = append(opts, kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd()))
	case "none":
		opts = append(opts, kgo.ConsumeResetOffset(kgo.NoResetOffset()))
	default:
		return usagef("argument --reset-policy: must be either 'earliest', 'latest', or 'none', not %q", p)
	}
	if o.has("session-timeout") {
		ms, err := o.intValue("session-timeout", 45000)
		if err != nil {
			return err
		}
		opts = append(opts, kgo.SessionTimeout(time.Duration(ms)*time.Millisecond))
	}
	if o.has("group-instance-id") {
		opts = append(opts, kgo.InstanceID(o.value("group-instance-id", "")))
	}
	autoCommit := o.has("enable-autocommit")
	if !autoCommit {
		opts = append(opts, kgo.DisableAutoCommit())
	}
	out := &lockedWriter{w: r.io.Stdout}
	// The client joins the group as soon as it exists, so its first assignment can come
	// before the line below; Kafka's consumer says startup_complete before it polls.
	started := make(chan struct{})
	opts = append(opts,
		kgo.OnPartitionsAssigned(func(ctx context.Context, _ *kgo.Client, m map[string][]int32) {
			select {
			case <-started:
			case <-ctx.Done():
			}
			eventLine(out, "partitions_assigned", eventField{"partitions", partitionsJSON(m)})
		}),
		kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, m map[string][]int32) {
			eventLine(out, "partitions_revoked", eventField{"partitions", partitionsJSON(m)})
		}))
	cl, err := r.client(ctx, opts...)
	if err != nil {
		return err
	}
	eventLine(out, "startup_complete")
	close(started)
	consumed := int64(0)
	finished := func() bool { return maxMessages >= 0 && consumed >= maxMessages }
	for !finished() && ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			break
		}
		var summaries []string
		type commit struct {
			tp     tpart
			offset int64
		}
		var commits []commit
		total := 0
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			total += len(p.Records)
			recs := p.Records
			if finished() || len(recs) == 0 {
				return
			}
			if maxMessages >= 0 && consumed+int64(len(recs)) > maxMessages {
				recs = recs[:maxMessages-consumed]
			}
			first, last := recs[0].Offset, recs[len(recs)-1].Offset
			summaries = append(summaries, tpJSON(p.Topic, p.Partition, eventField{"count", len(recs)}, eventField{"minOffset", first}, eventField{"maxOffset", last}))
			commits = append(commits, commit{tpart{p.Topic, p.Partition}, last + 1})
			if o.has("verbose") {
				for _, rec := range recs {
					var key *string
					if rec.Key != nil {
						k := string(rec.Key)
						key = &k
					}
					eventLine(out, "record_data", eventField{"key", key}, eventField{"value", string(rec.Value)},
						eventField{"topic", rec.Topic}, eventField{"partition", rec.Partition}, eventField{"offset", rec.Offset})
				}
			}
			consumed += int64(len(recs))
		})
		if total == 0 {
			continue
		}
		eventLine(out, "records_consumed", eventField{"count", total}, eventField{"partitions", rawJSON("[" + strings.Join(summaries, ",") + "]")})
		if autoCommit {
			continue
		}
		// Kafka's tool commits a HashMap of TopicPartitions and reports it in that map's order.
		commits = javaHashOrder(commits, func(c commit) int32 { return 31*(31+c.tp.part) + javaStringHash(c.tp.topic) })
		offsets := map[string]map[int32]kgo.EpochOffset{}
		parts := make([]string, len(commits))
		for i, c := range commits {
			if offsets[c.tp.topic] == nil {
				offsets[c.tp.topic] = map[int32]kgo.EpochOffset{}
			}
			offsets[c.tp.topic][c.tp.part] = kgo.EpochOffset{Epoch: -1, Offset: c.offset}
			parts[i] = tpJSON(c.tp.topic, c.tp.part, eventField{"offset", c.offset})
		}
		var commitErr error
		if len(commits) > 0 {
			cl.CommitOffsetsSync(ctx, offsets, func(_ *kgo.Client, _ *kmsg.OffsetCommitRequest, resp *kmsg.OffsetCommitResponse, err error) {
				if err != nil {
					commitErr = err
					return
				}
				for _, t := range resp.Topics {
					for _, p := range t.Partitions {
						if e := kerr.ErrorForCode(p.ErrorCode); e != nil && commitErr == nil {
							commitErr = e
						}
					}
				}
			})
		}
		fields := []eventField{{"offsets", rawJSON("[" + strings.Join(parts, ",") + "]")}}
		if commitErr != nil {
			fields = append(fields, eventField{"error", commitErr.Error()})
		}
		fields = append(fields, eventField{"success", commitErr == nil})
		eventLine(out, "offsets_committed", fields...)
	}
	cl.Close()
	eventLine(out, "shutdown_complete")
	eventLine(out, "shutdown_requested")
	return nil
}
