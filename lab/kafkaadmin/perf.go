package kafkaadmin

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func init() {
	registerTool(&tool{
		name:    "kafka-producer-perf-test.sh",
		summary: "This tool is used to verify the producer performance.",
		specs: []option{
			{name: "bootstrap-server", arg: "BOOTSTRAP-SERVERS", help: "The server(s) to connect to. This config takes precedence over bootstrap.servers specified via --command-property or --command-config."},
			{name: "topic", arg: "TOPIC", help: "produce messages to this topic"},
			{name: "num-records", arg: "NUM-RECORDS", help: "number of messages to produce"},
			{name: "record-size", arg: "RECORD-SIZE", help: "message size in bytes."},
			{name: "payload-monotonic", help: "payload is monotonically increasing integer."},
			{name: "throughput", arg: "THROUGHPUT", help: "throttle maximum message throughput to *approximately* THROUGHPUT messages/sec. Set this to -1 to disable throttling."},
			{name: "producer-props", arg: "PROP-NAME=PROP-VALUE", many: true, help: "kafka producer related configuration properties like client.id. These configs take precedence over those passed via --command-config or --producer.config."},
			{name: "command-property", arg: "PROP-NAME=PROP-VALUE", many: true, help: "kafka producer related configuration properties (the newer name of --producer-props)."},
			{name: "producer.config", arg: "CONFIG-FILE", help: "producer config properties file."},
			{name: "command-config", arg: "CONFIG-FILE", help: "producer config properties file (the newer name of --producer.config)."},
		},
		run: producerPerf,
	})
	registerTool(&tool{
		name:    "kafka-consumer-perf-test.sh",
		summary: "This tool is used to verify the consumer performance.",
		specs: []option{
			{name: "bootstrap-server", arg: "server to connect to", help: "REQUIRED: The server(s) to connect to."},
			{name: "topic", arg: "topic", help: "REQUIRED: The topic to consume from."},
			{name: "num-records", arg: "count", help: "REQUIRED: The number of records to consume."},
			{name: "messages", arg: "count", help: "(DEPRECATED) The number of records to consume. Use --num-records instead."},
			{name: "group", arg: "gid", help: "The group id to consume on. (default: perf-consumer-NNNNN)"},
			{name: "from-latest", help: "If the consumer does not already have an established offset to consume from, start with the latest message present in the log rather than the earliest message."},
			{name: "timeout", arg: "milliseconds", help: "The maximum allowed time in milliseconds between returned records. (default: 10000)"},
			{name: "reporting-interval", arg: "interval_ms", help: "Interval in milliseconds at which to print progress info. (default: 5000)"},
			{name: "show-detailed-stats", help: "If set, stats are reported for each reporting interval as configured by reporting-interval"},
			{name: "hide-header", help: "If set, skips printing the header for the stats"},
			{name: "date-format", arg: "date format", help: "The date format to use for formatting the time field. See java.text.SimpleDateFormat for options. (default: yyyy-MM-dd HH:mm:ss:SSS)"},
			{name: "fetch-size", arg: "size", help: "The amount of data to fetch in a single request. (default: 1048576)"},
		},
		run: consumerPerf,
	})
}

// readProps reads a Java properties file's key=value lines (# and ! start comments).
func readProps(path string, into map[string]string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read the config file %s: %w", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			k, v, _ = strings.Cut(line, ":")
		}
		into[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return sc.Err()
}

// producerOpts turns the Java producer settings kafkalab applies into client options; any
// other setting is refused by name, so a learner does not measure something they did not ask.
func producerOpts(props map[string]string) ([]kgo.Opt, error) {
	var opts []kgo.Opt
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := props[k]
		num := func() (int64, error) {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return 0, usagef("producer property %s=%s needs a whole number", k, v)
			}
			return n, nil
		}
		switch k {
		case "bootstrap.servers", "key.serializer", "value.serializer":
		case "client.id":
			opts = append(opts, kgo.ClientID(v))
		case "acks":
			switch v {
			case "all", "-1":
				opts = append(opts, kgo.RequiredAcks(kgo.AllISRAcks()))
			case "1":
				opts = append(opts, kgo.RequiredAcks(kgo.LeaderAck()), kgo.DisableIdempotentWrite())
			case "0":
				opts = append(opts, kgo.RequiredAcks(kgo.NoAck()), kgo.DisableIdempotentWrite())
			default:
				return nil, usagef("producer property acks=%s: use all, -1, 1 or 0", v)
			}
		case "enable.idempotence":
			if v == "false" {
				opts = append(opts, kgo.DisableIdempotentWrite())
			}
		case "linger.ms":
			n, err := num()
			if err != nil {
				return nil, err
			}
			opts = append(opts, kgo.ProducerLinger(time.Duration(n)*time.Millisecond))
		case "batch.size":
			n, err := num()
			if err != nil {
				return nil, err
			}
			opts = append(opts, kgo.ProducerBatchMaxBytes(int32(max(n, 1))))
		case "max.request.size":
			n, err := num()
			if err != nil {
				return nil, err
			}
			opts = append(opts, kgo.ProducerBatchMaxBytes(int32(max(n, 1))))
		case "compression.type":
			var c kgo.CompressionCodec
			switch v {
			case "none":
				c = kgo.NoCompression()
			case "gzip":
				c = kgo.GzipCompression()
			case "snappy":
				c = kgo.SnappyCompression()
			case "lz4":
				c = kgo.Lz4Compression()
			case "zstd":
				c = kgo.ZstdCompression()
			default:
				return nil, usagef("producer property compression.type=%s: use none, gzip, snappy, lz4 or zstd", v)
			}
			opts = append(opts, kgo.ProducerBatchCompression(c))
		default:
			return nil, usagef("producer property %s is not one kafkalab's producer applies; it takes bootstrap.servers, client.id, acks, enable.idempotence, linger.ms, batch.size, max.request.size and compression.type", k)
		}
	}
	return opts, nil
}

// producerPerf is kafka-producer-perf-test.sh: it sends --num-records records of
// --record-size bytes, at most --throughput a second, and prints Kafka's progress lines every
// 5 s and its summary line at the end.
func producerPerf(ctx context.Context, r *toolRun) error {
	topic := r.opts.value("topic", "")
	if topic == "" {
		return usagef("argument --topic is required: add --topic <name>")
	}
	if !r.opts.has("num-records") {
		return usagef("argument --num-records is required: add --num-records 1000")
	}
	if !r.opts.has("throughput") {
		return usagef("argument --throughput is required: add --throughput -1 (no limit) or records per second")
	}
	n, err := r.opts.intValue("num-records", 0)
	if err != nil {
		return err
	}
	if n <= 0 {
		return usagef("--num-records should be greater than zero.")
	}
	throughput, err := strconv.ParseFloat(r.opts.value("throughput", ""), 64)
	if err != nil {
		return usagef("--throughput needs a number of records per second (or -1 for no limit), not %q", r.opts.value("throughput", ""))
	}
	size, err := r.opts.intValue("record-size", 0)
	if err != nil {
		return err
	}
	monotonic := r.opts.has("payload-monotonic")
	switch {
	case r.opts.has("record-size") == monotonic:
		return usagef("give exactly one of --record-size or --payload-monotonic")
	case r.opts.has("record-size") && size <= 0:
		return usagef("--record-size should be greater than zero.")
	}
	// Kafka 4.3 notes the old option names on stdout, first.
	if r.opts.has("producer-props") {
		fmt.Fprintln(r.io.Stdout, "Option --producer-props has been deprecated and will be removed in a future version. Use --command-property instead.")
	}
	if r.opts.has("producer.config") {
		fmt.Fprintln(r.io.Stdout, "Option --producer.config has been deprecated and will be removed in a future version. Use --command-config instead.")
	}
	props := map[string]string{}
	for _, f := range []string{"producer.config", "command-config"} {
		if r.opts.has(f) {
			if err := readProps(r.opts.value(f, ""), props); err != nil {
				return err
			}
		}
	}
	kv := append(r.opts.values("producer-props"), r.opts.values("command-property")...)
	for _, p := range kv {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" || strings.Contains(v, "=") {
			return usagef("Invalid property: %s (give key=value, like acks=all)", p)
		}
		props[k] = v
	}
	if !r.opts.has("bootstrap-server") {
		if bs, ok := props["bootstrap.servers"]; ok {
			if r.bootstrap, err = parseBootstrap(bs); err != nil {
				return err
			}
		}
	}
	opts, err := producerOpts(props)
	if err != nil {
		return err
	}
	cl, err := r.client(ctx, append([]kgo.Opt{kgo.ClientID("perf-producer-client"), kgo.DefaultProduceTopic(topic),
		kgo.RecordPartitioner(kgo.StickyKeyPartitioner(nil))}, opts...)...)
	if err != nil {
		return err
	}
	defer cl.Close()

	st := newProduceStats(r.io.Stdout, n, 5*time.Second)
	rng := rand.New(rand.NewPCG(0, 0))
	start := time.Now()
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	for i := int64(0); i < n; i++ {
		var payload []byte
		if monotonic {
			payload = []byte(strconv.FormatInt(i, 10))
		} else {
			payload = make([]byte, size)
			for j := range payload {
				payload[j] = byte('A' + rng.IntN(26))
			}
		}
		sent := time.Now()
		wg.Add(1)
		cl.Produce(ctx, &kgo.Record{Value: payload}, func(_ *kgo.Record, err error) {
			defer wg.Done()
			if err != nil {
				errOnce.Do(func() { firstErr = err })
				return
			}
			now := time.Now()
			st.record(int(now.Sub(sent).Milliseconds()), len(payload), now)
		})
		if ctx.Err() != nil {
			break
		}
		// Kafka's ThroughputThrottler: past the target rate, wait until back on it.
		if throughput > 0 {
			due := start.Add(time.Duration(float64(i+1) / throughput * float64(time.Second)))
			if d := time.Until(due); d > 2*time.Millisecond {
				select {
				case <-ctx.Done():
				case <-time.After(d):
				}
			}
		}
	}
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if firstErr != nil && st.count == 0 {
		return fmt.Errorf("no record reached topic %s: %w", topic, firstErr)
	}
	st.printTotal()
	if firstErr != nil {
		return fmt.Errorf("%d of %d records failed; the first error: %w", n-st.count, n, firstErr)
	}
	return nil
}

// produceStats is ProducerPerformance's Stats: totals, a window printed every interval, and
// a sample of latencies for the percentiles.
type produceStats struct {
	mu       sync.Mutex
	out      io.Writer
	start    time.Time
	interval time.Duration
	sampling int64
	lat      []int
	iter     int64

	count, bytes, totalLat int64
	maxLat                 int

	wStart                  time.Time
	wCount, wBytes, wTotLat int64
	wMaxLat                 int
}

func newProduceStats(out io.Writer, n int64, interval time.Duration) *produceStats {
	now := time.Now()
	sampling := n / min(n, 500000)
	return &produceStats{out: out, start: now, wStart: now, interval: interval, sampling: sampling,
		lat: make([]int, 0, n/sampling+1)}
}

func (s *produceStats) record(latency, bytes int, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
	s.bytes += int64(bytes)
	s.totalLat += int64(latency)
	s.maxLat = max(s.maxLat, latency)
	s.wCount++
	s.wBytes += int64(bytes)
	s.wTotLat += int64(latency)
	s.wMaxLat = max(s.wMaxLat, latency)
	if s.iter%s.sampling == 0 {
		s.lat = append(s.lat, latency)
	}
	s.iter++
	if now.Sub(s.wStart) >= s.interval {
		el := float64(time.Since(s.wStart).Milliseconds())
		fmt.Fprintf(s.out, "%d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.\n",
			s.wCount, 1000*float64(s.wCount)/el, 1000*float64(s.wBytes)/el/(1024*1024),
			float64(s.wTotLat)/float64(s.wCount), float64(s.wMaxLat))
		s.wStart, s.wCount, s.wBytes, s.wTotLat, s.wMaxLat = time.Now(), 0, 0, 0, 0
	}
}

func (s *produceStats) printTotal() {
	s.mu.Lock()
	defer s.mu.Unlock()
	el := float64(max(time.Since(s.start).Milliseconds(), 1))
	sort.Ints(s.lat)
	perc := func(p float64) int {
		if len(s.lat) == 0 {
			return 0
		}
		return s.lat[int(p*float64(len(s.lat)))]
	}
	fmt.Fprintf(s.out, "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, %d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.\n",
		s.count, 1000*float64(s.count)/el, 1000*float64(s.bytes)/el/(1024*1024),
		float64(s.totalLat)/float64(max(s.count, 1)), float64(s.maxLat), perc(0.5), perc(0.95), perc(0.99), perc(0.999))
}

// consumerPerf is kafka-consumer-perf-test.sh: it reads --messages records in a consumer
// group and prints Kafka's header and summary line (or a line per reporting interval).
func consumerPerf(ctx context.Context, r *toolRun) error {
	topic := r.opts.value("topic", "")
	if topic == "" {
		return usagef("Missing required argument \"[topic]\": add --topic <name>")
	}
	countOpt := "num-records"
	if !r.opts.has(countOpt) {
		if !r.opts.has("messages") {
			return usagef("Missing required argument \"[num-records]\": add --num-records <count>")
		}
		countOpt = "messages"
	}
	want, err := r.opts.intValue(countOpt, 0)
	if err != nil {
		return err
	}
	timeoutMs, err := r.opts.intValue("timeout", 10000)
	if err != nil {
		return err
	}
	interval, err := r.opts.intValue("reporting-interval", 5000)
	if err != nil {
		return err
	}
	if interval < 0 {
		return usagef("--reporting-interval needs a whole number of milliseconds, not %d", interval)
	}
	fetchSize, err := r.opts.intValue("fetch-size", 1024*1024)
	if err != nil {
		return err
	}
	df, err := javaDateFormat(r.opts.value("date-format", "yyyy-MM-dd HH:mm:ss:SSS"))
	if err != nil {
		return err
	}
	detailed := r.opts.has("show-detailed-stats")
	group := r.opts.value("group", fmt.Sprintf("perf-consumer-%d", rand.IntN(100000)))
	reset := kgo.NewOffset().AtStart()
	if r.opts.has("from-latest") {
		reset = kgo.NewOffset().AtEnd()
	}

	out := r.io.Stdout
	if r.opts.has("messages") {
		// Kafka 4.3 prints this on stdout, before the header.
		fmt.Fprintln(out, "Warning: --messages is deprecated. Use --num-records instead.")
	}
	if !r.opts.has("hide-header") {
		extra := ", rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec"
		if detailed {
			fmt.Fprintf(out, "time, threadId, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec%s\n", extra)
		} else {
			fmt.Fprintf(out, "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec%s\n", extra)
		}
	}
	startT := time.Now()
	var mu sync.Mutex
	var joinMs, joinRoundMs int64
	joinStart := startT
	cl, err := r.client(ctx,
		kgo.ClientID("perf-consumer-client"),
		kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(reset),
		kgo.FetchMaxBytes(int32(max(fetchSize, 1))),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) {
			mu.Lock()
			joinStart = time.Now()
			mu.Unlock()
		}),
		kgo.OnPartitionsAssigned(func(context.Context, *kgo.Client, map[string][]int32) {
			mu.Lock()
			el := time.Since(joinStart).Milliseconds()
			joinMs += el
			joinRoundMs += el
			mu.Unlock()
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()

	var read, bytes, lastRead, lastBytes int64
	now := time.Now()
	lastReport, lastConsumed := now, now
	for read < want && now.Sub(lastConsumed) <= time.Duration(timeoutMs)*time.Millisecond {
		pctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		fs := cl.PollFetches(pctx)
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		now = time.Now()
		if fs.NumRecords() > 0 {
			lastConsumed = now
		}
		fs.EachRecord(func(rec *kgo.Record) {
			read++
			bytes += int64(len(rec.Key) + len(rec.Value))
			if now.Sub(lastReport) >= time.Duration(interval)*time.Millisecond {
				if detailed {
					mu.Lock()
					jr := joinRoundMs
					mu.Unlock()
					consumerProgress(out, df, read, lastRead, bytes, lastBytes, lastReport, now, jr)
				}
				mu.Lock()
				joinRoundMs = 0
				mu.Unlock()
				lastReport, lastRead, lastBytes = now, read, bytes
			}
		})
	}
	if read < want {
		fmt.Fprintf(out, "WARNING: Exiting before consuming the expected number of records: timeout (%d ms) exceeded. You can use the --timeout option to increase the timeout.\n", timeoutMs)
	}
	endT := time.Now()
	cl.Close()
	if !detailed {
		mu.Lock()
		jm := joinMs
		mu.Unlock()
		elapsed := float64(endT.Sub(startT).Milliseconds()) / 1000
		fetchMs := endT.Sub(startT).Milliseconds() - jm
		mb := float64(bytes) / (1024 * 1024)
		fmt.Fprintf(out, "%s, %s, %s, %s, %d, %s, %d, %d, %s, %s\n",
			df(startT), df(endT), javaF4(mb), javaF4(mb/elapsed), read, javaF4(float64(read)/elapsed),
			jm, fetchMs, javaF4(mb/(float64(fetchMs)/1000)), javaF4(float64(read)/(float64(fetchMs)/1000)))
	}
	return nil
}

// consumerProgress prints one --show-detailed-stats line.
func consumerProgress(out io.Writer, df func(time.Time) string, read, lastRead, bytes, lastBytes int64, from, to time.Time, joinRound int64) {
	el := float64(to.Sub(from).Milliseconds())
	mb := float64(bytes) / (1024 * 1024)
	imb := float64(bytes-lastBytes) / (1024 * 1024)
	fetchMs := to.Sub(from).Milliseconds() - joinRound
	fmb, fmsg := 0.0, 0.0
	if fetchMs > 0 {
		fmb = 1000 * imb / float64(fetchMs)
		fmsg = 1000 * float64(read-lastRead) / float64(fetchMs)
	}
	fmt.Fprintf(out, "%s, %d, %s, %s, %d, %s, %d, %d, %s, %s\n", df(to), 0, javaF4(mb), javaF4(1000*imb/el), read,
		javaF4(float64(read-lastRead)/el*1000), joinRound, fetchMs, javaF4(fmb), javaF4(fmsg))
}

// javaF4 prints as Java's "%.4f" does, including NaN and Infinity for a zero divisor.
func javaF4(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'f', 4, 64)
}

// javaDateFormat turns the SimpleDateFormat patterns learners use (y M d H m s S and literal
// text) into a formatter in local time.
func javaDateFormat(p string) (func(time.Time) string, error) {
	var layout strings.Builder
	for i := 0; i < len(p); {
		c := p[i]
		j := i
		for j < len(p) && p[j] == c {
			j++
		}
		n := j - i
		switch c {
		case 'y':
			if n == 2 {
				layout.WriteString("06")
			} else {
				layout.WriteString("2006")
			}
		case 'M':
			layout.WriteString("01")
		case 'd':
			layout.WriteString("02")
		case 'H':
			layout.WriteString("15")
		case 'm':
			layout.WriteString("04")
		case 's':
			layout.WriteString("05")
		case 'S':
			layout.WriteString(strings.Repeat("0", n))
		case '\'':
			k := strings.IndexByte(p[i+1:], '\'')
			if k < 0 {
				return nil, usagef("--date-format %q has an unclosed quote", p)
			}
			layout.WriteString(p[i+1 : i+1+k])
			j = i + 2 + k
		default:
			if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
				return nil, usagef("--date-format %q: kafkalab knows the letters y M d H m s S; quote other text as 'text'", p)
			}
			layout.WriteString(p[i:j])
		}
		i = j
	}
	l := layout.String()
	return func(t time.Time) string {
		// Go writes fractional seconds only after a dot or comma: put the milliseconds in by hand.
		s := t.Local().Format(strings.ReplaceAll(l, "000", "\x00"))
		return strings.ReplaceAll(s, "\x00", fmt.Sprintf("%03d", t.Nanosecond()/1e6))
	}, nil
}
