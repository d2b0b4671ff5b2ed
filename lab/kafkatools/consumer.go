package kafkatools

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:      "kafka-console-consumer.sh",
		summary:   "print a topic's messages to standard output (Kafka's kafka-console-consumer.sh)",
		errPrefix: "ERROR ",
		specs: []option{
			{name: "topic", arg: "topic", help: "The topic to consume on."},
			{name: "include", arg: "Java regex (String)", help: "Regular expression specifying list of topics to include for consumption."},
			{name: "partition", arg: "partition", help: "The partition to consume from. Consumption starts from the end of the partition unless '--offset' is specified."},
			{name: "offset", arg: "consume offset", help: "The offset to consume from (a non-negative number), or 'earliest' which means from beginning, or 'latest' which means from end (default: latest)."},
			{name: "from-beginning", help: "If the consumer does not already have an established offset to consume from, start with the earliest message present in the log rather than the latest message."},
			{name: "max-messages", arg: "num_messages", help: "The maximum number of messages to consume before exiting. If not set, consumption is continual."},
			{name: "timeout-ms", arg: "timeout_ms", help: "If specified, exit if no message is available for consumption for the specified interval."},
			{name: "formatter-property", arg: "prop", help: "Same as --property (Kafka 4.x's newer name)."},
			{name: "property", arg: "prop", help: "A formatter property (repeatable): print.timestamp, print.key, print.offset, print.partition, print.delivery, print.epoch, print.headers, print.value (true|false), key.separator, line.separator, headers.separator, null.literal, key.deserializer, value.deserializer."},
			{name: "group", arg: "consumer group id", help: "The consumer group id of the consumer (its offsets are committed)."},
			{name: "consumer-property", arg: "consumer_prop", help: "A consumer property key=value (repeatable): group.id, auto.offset.reset, isolation.level, enable.auto.commit, heartbeat.interval.ms."},
			{name: "command-property", arg: "consumer_prop", help: "Same as --consumer-property (Kafka 4.x's newer name); takes precedence over --command-config."},
			{name: "command-config", arg: "config file", help: "A consumer properties file (key=value lines); SASL and TLS settings are not available."},
			{name: "isolation-level", arg: "isolation level", help: "read_committed or read_uncommitted (default)."},
			{name: "key-deserializer", arg: "deserializer for key", help: "How to print keys: org.apache.kafka.common.serialization.StringDeserializer (bytes as text, the default), LongDeserializer, IntegerDeserializer or ShortDeserializer."},
			{name: "value-deserializer", arg: "deserializer for values", help: "How to print values, as --key-deserializer."},
			{name: "skip-message-on-error", help: "Accepted for compatibility; printing a message cannot fail here."},
			{name: "formatter", arg: "class", help: "Only org.apache.kafka.tools.consumer.DefaultMessageFormatter is available."},
		},
		run: runConsumer,
	})
}

// formatter writes records like Kafka's DefaultMessageFormatter.
type formatter struct {
	timestamp, key, value, partition, offset, headers bool
	delivery, epoch                                   bool
	keySep, lineSep, headersSep, null                 string
	// keyDecode and valueDecode turn the bytes into text as the named Kafka deserializer
	// would; nil prints the bytes as they are (Kafka's default).
	keyDecode, valueDecode func([]byte) ([]byte, error)
}

func newFormatter(props map[string]string) *formatter {
	f := &formatter{value: true, keySep: "\t", lineSep: "\n", headersSep: ",", null: "null"}
	for k, dst := range map[string]*bool{
		"print.timestamp": &f.timestamp, "print.key": &f.key, "print.value": &f.value,
		"print.partition": &f.partition, "print.offset": &f.offset, "print.headers": &f.headers,
		"print.delivery": &f.delivery, "print.epoch": &f.epoch,
	} {
		if v, ok := props[k]; ok {
			*dst = strings.EqualFold(strings.TrimSpace(v), "true")
		}
	}
	for k, dst := range map[string]*string{
		"key.separator": &f.keySep, "line.separator": &f.lineSep,
		"headers.separator": &f.headersSep, "null.literal": &f.null,
	} {
		if v, ok := props[k]; ok {
			*dst = v
		}
	}
	return f
}

func (f *formatter) orNull(b []byte) []byte {
	if b == nil {
		return []byte(f.null)
	}
	return b
}

// write prints one record. Each present field is followed by key.separator when another field
// follows it, and the value by line.separator, exactly as Kafka does (so with print.value=false
// the line has no line separator, as in Kafka).
func (f *formatter) write(w *bufio.Writer, r *kgo.Record) {
	sep := func(more bool) {
		if more {
			w.WriteString(f.keySep)
		} else {
			w.WriteString(f.lineSep)
		}
	}
	if f.timestamp {
		tt := "CreateTime"
		if r.Attrs.TimestampType() == 1 {
			tt = "LogAppendTime"
		}
		w.WriteString(tt + ":" + strconv.FormatInt(r.Timestamp.UnixMilli(), 10))
		sep(f.partition || f.offset || f.delivery || f.epoch || f.headers || f.key || f.value)
	}
	if f.partition {
		w.WriteString("Partition:" + strconv.Itoa(int(r.Partition)))
		sep(f.offset || f.delivery || f.epoch || f.headers || f.key || f.value)
	}
	if f.offset {
		w.WriteString("Offset:" + strconv.FormatInt(r.Offset, 10))
		sep(f.delivery || f.epoch || f.headers || f.key || f.value)
	}
	// Kafka's console consumer hands the formatter a copy of each record without its delivery
	// count (share groups only) or leader epoch, so both always print NOT_PRESENT.
	if f.delivery {
		w.WriteString("Delivery:NOT_PRESENT")
		sep(f.epoch || f.headers || f.key || f.value)
	}
	if f.epoch {
		w.WriteString("Epoch:NOT_PRESENT")
		sep(f.headers || f.key || f.value)
	}
	if f.headers {
		if len(r.Headers) == 0 {
			w.WriteString("NO_HEADERS")
		}
		for i, h := range r.Headers {
			w.WriteString(h.Key + ":")
			w.Write(f.orNull(h.Value))
			if i < len(r.Headers)-1 {
				w.WriteString(f.headersSep)
			}
		}
		sep(f.key || f.value)
	}
	if f.key {
		w.Write(f.orNull(decodeWith(f.keyDecode, r.Key)))
		sep(f.value)
	}
	if f.value {
		w.Write(f.orNull(decodeWith(f.valueDecode, r.Value)))
		w.WriteString(f.lineSep)
	}
}

func decodeWith(decode func([]byte) ([]byte, error), b []byte) []byte {
	if decode == nil || b == nil {
		return b
	}
	out, err := decode(b)
	if err != nil {
		return []byte(err.Error())
	}
	return out
}

// deserializer returns a decoder for one of Kafka's deserializer classes (given by name or
// full class name): the bytes as text for StringDeserializer and ByteArrayDeserializer, the
// big-endian number for LongDeserializer, IntegerDeserializer and ShortDeserializer.
func deserializer(class string) (func([]byte) ([]byte, error), error) {
	name := class[strings.LastIndex(class, ".")+1:]
	number := func(size int, name string) func([]byte) ([]byte, error) {
		return func(b []byte) ([]byte, error) {
			if len(b) != size {
				return nil, fmt.Errorf("org.apache.kafka.common.errors.SerializationException: Size of data received by %s is not %d", name, size)
			}
			var n int64
			for _, c := range b {
				n = n<<8 | int64(c)
			}
			n = n << (64 - 8*size) >> (64 - 8*size) // sign-extend
			return []byte(strconv.FormatInt(n, 10)), nil
		}
	}
	switch name {
	case "StringDeserializer", "ByteArrayDeserializer", "BytesDeserializer", "ByteBufferDeserializer":
		return nil, nil
	case "LongDeserializer":
		return number(8, name), nil
	case "IntegerDeserializer":
		return number(4, name), nil
	case "ShortDeserializer":
		return number(2, name), nil
	}
	return nil, usagef("deserializer %q is not available: kafkalab prints with StringDeserializer, LongDeserializer, IntegerDeserializer or ShortDeserializer (org.apache.kafka.common.serialization.*)", class)
}

// consumerPlan is what to read and from where, decided from the options before connecting.
type consumerPlan struct {
	topic      string
	include    *regexp.Regexp
	partition  int32 // -1: all partitions
	start      kgo.Offset
	reset      kgo.Offset
	group      string
	autoCommit bool
	maxMsgs    int64 // -1: no limit
	idle       time.Duration
	committed  bool          // read_committed
	heartbeat  time.Duration // heartbeat.interval.ms; 0 = the client's default (3 s, as Kafka's)
}

func planConsumer(o *options) (*consumerPlan, error) {
	p := &consumerPlan{partition: -1, maxMsgs: -1}
	p.topic = o.value("topic", "")
	if o.has("topic") == o.has("include") {
		return nil, usagef("exactly one of --include/--topic is required, like --topic orders")
	}
	if o.has("include") {
		re, err := regexp.Compile("^(?:" + o.value("include", "") + ")$")
		if err != nil {
			return nil, usagef("--include %q is not a valid regular expression", o.value("include", ""))
		}
		p.include = re
	}
	if o.has("formatter") && !strings.HasSuffix(o.value("formatter", ""), "DefaultMessageFormatter") {
		return nil, usagef("formatter %q is not available: kafkalab has only DefaultMessageFormatter (set what it prints with --property print.key=true etc.)", o.value("formatter", ""))
	}
	cprops, err := clientProperties(o, "consumer-property")
	if err != nil {
		return nil, err
	}
	groups := map[string]bool{}
	if o.has("group") {
		groups[o.value("group", "")] = true
	}
	if g, ok := cprops["group.id"]; ok {
		groups[g] = true
	}
	if len(groups) > 1 {
		return nil, usagef("the group ids provided in different places (--group and --consumer-property group.id) do not match: give one")
	}
	for g := range groups {
		p.group = g
	}
	if p.group == "" && len(groups) == 1 {
		return nil, usagef("--group is empty: give a group id like --group orders-readers")
	}

	reset := "latest"
	if o.has("from-beginning") {
		reset = "earliest"
	}
	if v, ok := cprops["auto.offset.reset"]; ok {
		if o.has("from-beginning") && v != "earliest" {
			return nil, usagef("can't simultaneously specify --from-beginning and 'auto.offset.reset=%s', please remove one option", v)
		}
		reset = v
	}
	switch reset {
	case "earliest":
		p.reset = kgo.NewOffset().AtStart()
	case "latest":
		p.reset = kgo.NewOffset().AtEnd()
	default:
		return nil, usagef("invalid auto.offset.reset %q: use earliest or latest", reset)
	}
	p.start = p.reset

	if o.has("partition") {
		if !o.has("topic") {
			return nil, usagef("the topic is required when partition is specified: add --topic <name>")
		}
		if o.has("from-beginning") && o.has("offset") {
			return nil, usagef("options from-beginning and offset cannot be specified together")
		}
		if p.group != "" {
			return nil, usagef("options group and partition cannot be specified together")
		}
		n, err := strconv.ParseInt(strings.TrimSpace(o.value("partition", "")), 10, 32)
		if err != nil || n < 0 {
			return nil, usagef("--partition needs a partition number like 0, not %q", o.value("partition", ""))
		}
		p.partition = int32(n)
		if o.has("offset") {
			switch s := strings.ToLower(o.value("offset", "")); s {
			case "earliest":
				p.start = kgo.NewOffset().AtStart()
			case "latest":
				p.start = kgo.NewOffset().AtEnd()
			default:
				off, err := strconv.ParseInt(s, 10, 64)
				if err != nil || off < 0 {
					return nil, usagef("The provided offset value '%s' is incorrect. Valid values are 'earliest', 'latest', or a non-negative long", o.value("offset", ""))
				}
				p.start = kgo.NewOffset().At(off)
			}
		}
	} else if o.has("offset") {
		return nil, usagef("the partition is required when offset is specified: add --partition <n>")
	}

	if n, err := o.intValue("max-messages", -1); err != nil {
		return nil, err
	} else if o.has("max-messages") && n >= 0 {
		p.maxMsgs = n
	}
	if ms, err := o.intValue("timeout-ms", -1); err != nil {
		return nil, err
	} else if ms >= 0 {
		p.idle = time.Duration(ms) * time.Millisecond
	}
	iso := o.value("isolation-level", cprops["isolation.level"])
	switch iso {
	case "", "read_uncommitted":
	case "read_committed":
		p.committed = true
	default:
		return nil, usagef("invalid isolation level %q: use read_committed or read_uncommitted", iso)
	}
	if v, ok := cprops["heartbeat.interval.ms"]; ok {
		ms, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		// Kafka's consumer wants a heartbeat well inside session.timeout.ms (45 s by default).
		if err != nil || ms < 1 || ms >= 45000 {
			return nil, usagef("invalid heartbeat.interval.ms %q: give a number of milliseconds from 1 to 44999, like heartbeat.interval.ms=500", v)
		}
		p.heartbeat = time.Duration(ms) * time.Millisecond
	}
	// Kafka commits automatically when a group is named, unless told otherwise.
	p.autoCommit = p.group != "" && !strings.EqualFold(cprops["enable.auto.commit"], "false")
	if p.group == "" && p.partition < 0 {
		// Without --group Kafka's tool still joins a group, a throw-away one named
		// console-consumer-<0..99999> that commits nothing (it shows in --list, as on Kafka).
		p.group = fmt.Sprintf("console-consumer-%d", rand.IntN(100000))
		p.autoCommit = strings.EqualFold(cprops["enable.auto.commit"], "true")
	}
	return p, nil
}

func runConsumer(ctx context.Context, r *toolRun) error {
	plan, err := planConsumer(r.opts)
	if err != nil {
		return err
	}
	props, err := parseProperties("property", append(r.opts.values("property"), r.opts.values("formatter-property")...))
	if err != nil {
		return err
	}
	f := newFormatter(props)
	for _, d := range []struct {
		opt, prop string
		dst       *func([]byte) ([]byte, error)
	}{{"key-deserializer", "key.deserializer", &f.keyDecode}, {"value-deserializer", "value.deserializer", &f.valueDecode}} {
		class := props[d.prop]
		if r.opts.has(d.opt) {
			class = r.opts.value(d.opt, "")
		}
		if class != "" {
			if *d.dst, err = deserializer(class); err != nil {
				return err
			}
		}
	}

	// Check the topic (and partition) first, without auto-creating it: a typo should say so,
	// not wait forever on a topic that will never exist.
	probe, err := r.client(ctx)
	if err != nil {
		return err
	}
	if plan.topic != "" {
		n, err := checkTopic(ctx, probe, plan.topic, false)
		if err != nil {
			probe.Close()
			return err
		}
		if plan.partition >= int32(n) {
			probe.Close()
			return fmt.Errorf("partition %d does not exist in topic %s, which has %d partition(s) numbered 0 to %d: use --partition 0 to %d",
				plan.partition, plan.topic, n, n-1, n-1)
		}
	}
	probe.Close()

	// fetch.max.wait.ms is 500 in Kafka's consumer (kgo waits 5 s): a long poll on one
	// partition otherwise delays partitions whose start offsets arrive just after it.
	kopts := []kgo.Opt{kgo.ConsumeResetOffset(plan.reset), kgo.FetchMaxWait(500 * time.Millisecond),
		kgo.ClientID("console-consumer")} // Kafka's client.id, shown by kafka-consumer-groups.sh
	if plan.committed {
		kopts = append(kopts, kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	}
	if plan.heartbeat > 0 {
		kopts = append(kopts, kgo.HeartbeatInterval(plan.heartbeat))
	}
	switch {
	case plan.partition >= 0:
		kopts = append(kopts, kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{plan.topic: {plan.partition: plan.start}}))
	case plan.include != nil:
		kopts = append(kopts, kgo.ConsumeRegex(), kgo.ConsumeTopics(plan.include.String()))
	default:
		kopts = append(kopts, kgo.ConsumeTopics(plan.topic))
	}
	assigned := &assignment{parts: map[string]map[int32]bool{}}
	if plan.group != "" {
		// Kafka's consumer offers range first, then cooperative-sticky, so a group of
		// console consumers runs the range assignor ("range" in --describe --state).
		kopts = append(kopts, kgo.ConsumerGroup(plan.group), kgo.Balancers(kgo.RangeBalancer(), kgo.CooperativeStickyBalancer()),
			kgo.OnPartitionsAssigned(assigned.add), kgo.OnPartitionsRevoked(assigned.remove), kgo.OnPartitionsLost(assigned.remove))
		if plan.autoCommit {
			// Commit only what was printed, like Kafka's console consumer does on exit.
			kopts = append(kopts, kgo.AutoCommitMarks())
		} else {
			kopts = append(kopts, kgo.DisableAutoCommit())
		}
	}
	cl, err := r.client(ctx, kopts...)
	if err != nil {
		return err
	}
	count, cerr := consume(ctx, cl, plan, f, r.io.Stdout)
	if plan.group != "" {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		if plan.autoCommit {
			if err := commitPositions(cctx, cl, assigned, plan); err != nil && cerr == nil {
				cerr = fmt.Errorf("cannot commit offsets of group %s: %w", plan.group, err)
			}
		}
		cl.LeaveGroupContext(cctx)
		cancel()
	}
	cl.Close()
	fmt.Fprintf(r.io.Stderr, "Processed a total of %d messages\n", count)
	return cerr
}

// assignment tracks the partitions the group gave this consumer.
type assignment struct {
	mu    sync.Mutex
	parts map[string]map[int32]bool
}

func (a *assignment) add(_ context.Context, _ *kgo.Client, m map[string][]int32) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for t, ps := range m {
		if a.parts[t] == nil {
			a.parts[t] = map[int32]bool{}
		}
		for _, p := range ps {
			a.parts[t][p] = true
		}
	}
}

func (a *assignment) remove(_ context.Context, _ *kgo.Client, m map[string][]int32) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for t, ps := range m {
		for _, p := range ps {
			delete(a.parts[t], p)
		}
	}
}

// commitPositions commits what Kafka's console consumer commits when it closes: for every
// assigned partition its position, i.e. after the last printed record, or where reading
// started (the reset offset) when nothing of it was printed and the group had no commit.
func commitPositions(ctx context.Context, cl *kgo.Client, a *assignment, plan *consumerPlan) error {
	offsets := cl.MarkedOffsets()
	if offsets == nil {
		offsets = map[string]map[int32]kgo.EpochOffset{}
	}
	committed := cl.CommittedOffsets()
	need := map[string][]int32{}
	a.mu.Lock()
	for t, ps := range a.parts {
		for p := range ps {
			if _, ok := offsets[t][p]; ok {
				continue
			}
			if _, ok := committed[t][p]; ok {
				continue
			}
			need[t] = append(need[t], p)
		}
	}
	a.mu.Unlock()
	if len(need) > 0 {
		adm := kadm.NewClient(cl)
		var topics []string
		for t := range need {
			topics = append(topics, t)
		}
		list := adm.ListEndOffsets
		if plan.reset.EpochOffset().Offset == -2 { // AtStart
			list = adm.ListStartOffsets
		}
		listed, err := list(ctx, topics...)
		if err != nil {
			return err
		}
		for t, ps := range need {
			for _, p := range ps {
				l, ok := listed.Lookup(t, p)
				if !ok || l.Err != nil {
					continue
				}
				if offsets[t] == nil {
					offsets[t] = map[int32]kgo.EpochOffset{}
				}
				offsets[t][p] = kgo.EpochOffset{Epoch: -1, Offset: l.Offset}
			}
		}
	}
	if len(offsets) == 0 {
		return nil
	}
	var cerr error
	cl.CommitOffsetsSync(ctx, offsets, func(_ *kgo.Client, _ *kmsg.OffsetCommitRequest, resp *kmsg.OffsetCommitResponse, err error) {
		if err != nil {
			cerr = err
			return
		}
		for _, t := range resp.Topics {
			for _, p := range t.Partitions {
				if e := kerr.ErrorForCode(p.ErrorCode); e != nil && cerr == nil {
					cerr = e
				}
			}
		}
	})
	return cerr
}

// consume prints records until maxMsgs is reached, no record came for the idle timeout, or
// ctx ends (all three are a normal end, as with Kafka's tool).
func consume(ctx context.Context, cl *kgo.Client, plan *consumerPlan, f *formatter, out io.Writer) (int64, error) {
	w := bufio.NewWriter(out)
	defer w.Flush()
	var count int64
	lastRecord := time.Now()
	for plan.maxMsgs < 0 || count < plan.maxMsgs {
		pctx, cancel := ctx, context.CancelFunc(func() {})
		if plan.idle > 0 {
			remaining := plan.idle - time.Since(lastRecord)
			if remaining <= 0 {
				return count, nil
			}
			pctx, cancel = context.WithTimeout(ctx, remaining)
		}
		fetches := cl.PollFetches(pctx)
		cancel()
		if ctx.Err() != nil {
			return count, nil
		}
		var ferr error
		fetches.EachError(func(topic string, p int32, err error) {
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				return
			}
			if ferr == nil {
				ferr = fmt.Errorf("cannot fetch from %s partition %d: %w", topic, p, err)
			}
		})
		if ferr != nil {
			return count, ferr
		}
		got := false
		for _, part := range partitionsInOrder(fetches) {
			for _, rec := range part.Records {
				if plan.maxMsgs >= 0 && count >= plan.maxMsgs {
					break
				}
				f.write(w, rec)
				count++
				got = true
				if plan.autoCommit {
					cl.MarkCommitRecords(rec)
				}
			}
		}
		if got {
			lastRecord = time.Now()
			if err := w.Flush(); err != nil {
				return count, fmt.Errorf("Unable to write to standard out, closing consumer: %w", err)
			}
		}
	}
	return count, nil
}

// partitionsInOrder lists a poll's partitions by topic and partition number. franz-go
// rotates where each fetch request starts among the partitions, so the order within a poll
// depends on how many empty fetches came before it; Kafka's consumer returns a response's
// partitions in the order of its assignment, which is this one on a single broker.
func partitionsInOrder(fetches kgo.Fetches) []kgo.FetchTopicPartition {
	var parts []kgo.FetchTopicPartition
	fetches.EachPartition(func(p kgo.FetchTopicPartition) {
		if len(p.Records) > 0 {
			parts = append(parts, p)
		}
	})
	slices.SortStableFunc(parts, func(a, b kgo.FetchTopicPartition) int {
		if c := strings.Compare(a.Topic, b.Topic); c != 0 {
			return c
		}
		return cmp.Compare(a.Partition, b.Partition)
	})
	return parts
}
