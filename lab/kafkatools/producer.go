package kafkatools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:      "kafka-console-producer.sh",
		summary:   "send lines from standard input to a topic (Kafka's kafka-console-producer.sh)",
		errPrefix: "ERROR ",
		specs: []option{
			{name: "topic", arg: "topic", require: true, help: "The topic name to produce messages to."},
			{name: "reader-property", arg: "prop", help: "Same as --property (Kafka 4.x's newer name)."},
			{name: "property", arg: "prop", help: "A line reader property (repeatable): parse.key=true|false, key.separator=<sep> (default tab), parse.headers=true|false, headers.delimiter, headers.separator, headers.key.separator, null.marker, ignore.error=true|false."},
			{name: "producer-property", arg: "producer_prop", help: "A producer property key=value (repeatable): acks, compression.type, linger.ms."},
			{name: "command-property", arg: "producer_prop", help: "Same as --producer-property (Kafka 4.x's newer name); takes precedence over --command-config."},
			{name: "command-config", arg: "config file", help: "A producer properties file (key=value lines); SASL and TLS settings are not available."},
			{name: "compression-codec", arg: "compression-codec", help: "The compression codec: 'none', 'gzip', 'snappy', 'lz4' or 'zstd'. Default none."},
			{name: "request-required-acks", arg: "request required acks", help: "The required acks of the producer requests: -1 (all), 1 or 0. Default -1."},
			{name: "sync", help: "Send each message and wait for its acknowledgement before reading the next line."},
		},
		run: runProducer,
	})
}

// lineReader turns input lines into records like Kafka's LineMessageReader.
type lineReader struct {
	parseKey, parseHeaders, ignoreError         bool
	keySep, headersDelim, headersSep, hdrKeySep string
	headersSepRe                                *regexp.Regexp
	nullMarker                                  *string
}

func newLineReader(props map[string]string) (*lineReader, error) {
	lr := &lineReader{keySep: "\t", headersDelim: "\t", headersSep: ",", hdrKeySep: ":"}
	isTrue := func(k string) bool { return strings.EqualFold(strings.TrimSpace(props[k]), "true") }
	lr.parseKey = isTrue("parse.key")
	lr.parseHeaders = isTrue("parse.headers")
	lr.ignoreError = isTrue("ignore.error")
	if v, ok := props["key.separator"]; ok {
		lr.keySep = v
	}
	if v, ok := props["headers.delimiter"]; ok {
		lr.headersDelim = v
	}
	if v, ok := props["headers.separator"]; ok {
		lr.headersSep = v
	}
	if v, ok := props["headers.key.separator"]; ok {
		lr.hdrKeySep = v
	}
	if v, ok := props["null.marker"]; ok {
		lr.nullMarker = &v
	}
	if lr.parseKey && lr.keySep == "" {
		return nil, usagef("key.separator is empty: give one, like --property key.separator=:")
	}
	switch {
	case lr.headersDelim == lr.headersSep:
		return nil, errors.New("headers.delimiter and headers.separator may not be equal: change one of them")
	case lr.headersDelim == lr.hdrKeySep:
		return nil, errors.New("headers.delimiter and headers.key.separator may not be equal: change one of them")
	case lr.headersSep == lr.hdrKeySep:
		return nil, errors.New("headers.separator and headers.key.separator may not be equal: change one of them")
	}
	if m := lr.nullMarker; m != nil {
		for name, v := range map[string]string{"key.separator": lr.keySep, "headers.separator": lr.headersSep, "headers.delimiter": lr.headersDelim, "headers.key.separator": lr.hdrKeySep} {
			if *m == v {
				return nil, fmt.Errorf("null.marker and %s may not be equal: change one of them", name)
			}
		}
	}
	// Kafka splits headers with a Java regular expression; quote it so "|" or "." are literal
	// unless someone meant a pattern (rare), which Go and Java read alike for simple cases.
	var err error
	if lr.headersSepRe, err = regexp.Compile(lr.headersSep); err != nil {
		return nil, usagef("headers.separator %q is not a valid regular expression", lr.headersSep)
	}
	return lr, nil
}

func (lr *lineReader) isNull(s string) bool { return lr.nullMarker != nil && s == *lr.nullMarker }

// parse splits one input line into a record. lineNo counts from 1.
func (lr *lineReader) parse(line string, lineNo int) (*kgo.Record, error) {
	rec := &kgo.Record{}
	cut := func(enabled bool, from int, sep, what string) (string, bool, error) {
		if !enabled {
			return "", false, nil
		}
		i := strings.Index(line[from:], sep)
		if i < 0 {
			if lr.ignoreError {
				return "", false, nil
			}
			return "", false, fmt.Errorf("No %s found on line number %d: '%s'. Put the %s between the parts, or remove --property parse.%s=true",
				what, lineNo, line, what, map[string]string{"key separator": "key", "headers delimiter": "headers"}[what])
		}
		return line[from : from+i], true, nil
	}
	headers, hasHeaders, err := cut(lr.parseHeaders, 0, lr.headersDelim, "headers delimiter")
	if err != nil {
		return nil, err
	}
	off := 0
	if hasHeaders {
		off = len(headers) + len(lr.headersDelim)
	}
	key, hasKey, err := cut(lr.parseKey, off, lr.keySep, "key separator")
	if err != nil {
		return nil, err
	}
	if hasKey {
		off += len(key) + len(lr.keySep)
		if !lr.isNull(key) {
			rec.Key = []byte(key)
		}
	}
	if value := line[off:]; !lr.isNull(value) {
		rec.Value = []byte(value)
	}
	if hasHeaders && !lr.isNull(headers) {
		for _, pair := range lr.headersSepRe.Split(headers, -1) {
			i := strings.Index(pair, lr.hdrKeySep)
			if i < 0 {
				if lr.ignoreError {
					rec.Headers = append(rec.Headers, kgo.RecordHeader{Key: pair})
					continue
				}
				return nil, fmt.Errorf("No header key separator found in pair '%s' on line number %d: write headers as key%svalue", pair, lineNo, lr.hdrKeySep)
			}
			hk, hv := pair[:i], pair[i+len(lr.hdrKeySep):]
			if lr.isNull(hk) {
				return nil, fmt.Errorf("Header keys should not be equal to the null marker '%s' as they can't be null", hk)
			}
			h := kgo.RecordHeader{Key: hk}
			if !lr.isNull(hv) {
				h.Value = []byte(hv)
			}
			rec.Headers = append(rec.Headers, h)
		}
	}
	return rec, nil
}

func compressionFor(name string) (kgo.CompressionCodec, error) {
	switch strings.ToLower(name) {
	case "", "none":
		return kgo.NoCompression(), nil
	case "gzip":
		return kgo.GzipCompression(), nil
	case "snappy":
		return kgo.SnappyCompression(), nil
	case "lz4":
		return kgo.Lz4Compression(), nil
	case "zstd":
		return kgo.ZstdCompression(), nil
	}
	return kgo.NoCompression(), usagef("unknown compression codec %q: use none, gzip, snappy, lz4 or zstd", name)
}

func acksFor(v string) (kgo.Acks, bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "-1", "all":
		return kgo.AllISRAcks(), true, nil
	case "1":
		return kgo.LeaderAck(), false, nil
	case "0":
		return kgo.NoAck(), false, nil
	}
	return kgo.AllISRAcks(), true, usagef("invalid acks %q: use -1 (all), 1 or 0", v)
}

// checkTopic asks the broker about topic, letting it auto-create the topic if it is configured
// to (as Kafka's clients do), and returns its partition count or a clear error.
func checkTopic(ctx context.Context, cl *kgo.Client, topic string, autoCreate bool) (int, error) {
	req := kmsg.NewPtrMetadataRequest()
	rt := kmsg.NewMetadataRequestTopic()
	rt.Topic = kmsg.StringPtr(topic)
	req.Topics = append(req.Topics, rt)
	req.AllowAutoTopicCreation = autoCreate
	for attempt := 0; ; attempt++ {
		resp, err := req.RequestWith(ctx, cl)
		if err != nil {
			return 0, fmt.Errorf("cannot read metadata of topic %s: %w", topic, err)
		}
		if len(resp.Topics) != 1 {
			return 0, fmt.Errorf("cannot read metadata of topic %s: broker returned %d topics", topic, len(resp.Topics))
		}
		t := resp.Topics[0]
		err = kerr.ErrorForCode(t.ErrorCode)
		switch {
		case err == nil && len(t.Partitions) > 0:
			return len(t.Partitions), nil
		case errors.Is(err, kerr.UnknownTopicOrPartition):
			return 0, topicMissing(topic)
		case errors.Is(err, kerr.InvalidTopicException):
			return 0, validateTopicNameOr(topic, err)
		case attempt < 20 && (err == nil || kerr.IsRetriable(err)):
			// Just created (leader not elected yet): ask again shortly.
			select {
			case <-ctx.Done():
				return 0, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		default:
			return 0, fmt.Errorf("topic %s is not usable: %w", topic, err)
		}
	}
}

// isTerminal reports whether v is a terminal (what Java's System.console() needs).
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

func validateTopicNameOr(topic string, err error) error {
	if verr := validateTopicName(topic); verr != nil {
		return verr
	}
	return fmt.Errorf("topic %s: %w", topic, err)
}

func runProducer(ctx context.Context, r *toolRun) error {
	topic, err := r.requireTopic()
	if err != nil {
		return err
	}
	if err := validateTopicName(topic); err != nil {
		return err
	}
	props, err := parseProperties("property", append(r.opts.values("property"), r.opts.values("reader-property")...))
	if err != nil {
		return err
	}
	lr, err := newLineReader(props)
	if err != nil {
		return err
	}
	pprops, err := clientProperties(r.opts, "producer-property")
	if err != nil {
		return err
	}
	codecName := r.opts.value("compression-codec", pprops["compression.type"])
	codec, err := compressionFor(codecName)
	if err != nil {
		return err
	}
	acksStr := r.opts.value("request-required-acks", "-1")
	if v, ok := pprops["acks"]; ok {
		acksStr = v
	}
	acks, idempotent, err := acksFor(acksStr)
	if err != nil {
		return err
	}
	kopts := []kgo.Opt{
		kgo.ProducerBatchCompression(codec),
		kgo.RequiredAcks(acks),
		kgo.AllowAutoTopicCreation(),
		kgo.DefaultProduceTopic(topic),
		kgo.ClientID("console-producer"), // Kafka's client.id for this tool
		// A broker that goes away must not make the tool wait forever (Kafka's producer gives
		// up after delivery.timeout.ms, 2 minutes; a learner should hear sooner).
		kgo.RecordDeliveryTimeout(30 * time.Second),
	}
	if !idempotent {
		kopts = append(kopts, kgo.DisableIdempotentWrite())
	}
	if v, ok := pprops["linger.ms"]; ok {
		ms, err := strconv.Atoi(v)
		if err != nil || ms < 0 {
			return usagef("invalid linger.ms %q: give milliseconds, like linger.ms=5", v)
		}
		kopts = append(kopts, kgo.ProducerLinger(time.Duration(ms)*time.Millisecond))
	}
	maxRequest := int64(defaultMaxRequestSize)
	if v, ok := pprops["max.request.size"]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32)
		if err != nil || n < 0 {
			return usagef("invalid max.request.size %q: give bytes, like max.request.size=%d", v, 2*defaultMaxRequestSize)
		}
		maxRequest = n
	}
	// franz-go's own batch limit (1000012 by default) must not refuse what Kafka's producer
	// sends: it takes the same limit, within the range franz-go allows.
	kopts = append(kopts, kgo.ProducerBatchMaxBytes(int32(min(max(maxRequest, 512), 1<<30))))
	for k := range pprops {
		switch k {
		case "acks", "compression.type", "linger.ms", "max.request.size":
		default:
			fmt.Fprintf(r.io.Stderr, "WARN The configuration '%s' was supplied but isn't used by kafkalab's console producer.\n", k)
		}
	}
	cl, err := r.client(ctx, kopts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	if _, err := checkTopic(ctx, cl, topic, true); err != nil {
		return err
	}
	var prompt func()
	if isTerminal(r.io.Stdin) && isTerminal(r.io.Stdout) {
		// Like Kafka's LineMessageReader when it has a console: ">" before each line.
		prompt = func() { fmt.Fprint(r.io.Stdout, ">") }
	}
	p := &lineProducer{cl: cl, topic: topic, maxRequest: maxRequest}
	return p.produceLines(ctx, lr, r.io.Stdin, r.opts.has("sync"), prompt)
}

// defaultMaxRequestSize is the Java producer's max.request.size.
const defaultMaxRequestSize = 1048576

// lineProducer sends the lines of one console producer run.
type lineProducer struct {
	cl         *kgo.Client
	topic      string
	maxRequest int64 // max.request.size
}

// recordSize is the Java producer's upper bound of a record's size in a batch of its own
// (AbstractRecords.estimateSizeInBytesUpperBound for the v2 format), which it compares with
// max.request.size before sending: the batch header, the record's largest overhead, then
// the key, value and headers each with their length.
func recordSize(r *kgo.Record) int64 {
	const batchOverhead, recordOverhead = 61, 21
	field := func(b []byte, null bool) int64 {
		if null {
			return 1
		}
		return int64(zigzagVarintSize(int64(len(b))) + len(b))
	}
	n := int64(batchOverhead+recordOverhead) + field(r.Key, r.Key == nil) + field(r.Value, r.Value == nil)
	n += int64(zigzagVarintSize(int64(len(r.Headers))))
	for _, h := range r.Headers {
		n += field([]byte(h.Key), false) + field(h.Value, h.Value == nil)
	}
	return n
}

func zigzagVarintSize(v int64) int {
	u := uint64(v<<1) ^ uint64(v>>63)
	n := 1
	for u >= 0x80 {
		u >>= 7
		n++
	}
	return n
}

// sendError words a failed send as Kafka's console producer logs it (its
// ErrorLoggingCallback), with the fix.
func (p *lineProducer) sendError(r *kgo.Record, err error) error {
	size := func(b []byte) string {
		if b == nil {
			return "null"
		}
		return fmt.Sprintf("%d bytes", len(b))
	}
	head := fmt.Sprintf("Error when sending message to topic %s with key: %s, value: %s with error: ", p.topic, size(r.Key), size(r.Value))
	var ke *kerr.Error
	switch {
	case errors.As(err, &ke) && ke == kerr.MessageTooLarge:
		return &sendFailure{fmt.Sprintf("%sorg.apache.kafka.common.errors.RecordTooLargeException: %s. The broker refused it: the topic's max.message.bytes is smaller (see kafka-configs.sh --describe --entity-type topics --entity-name %s)",
			head, strings.TrimSuffix(ke.Description, "."), p.topic), err}
	case errors.As(err, &ke):
		return &sendFailure{head + javaException(ke), err}
	}
	return &sendFailure{head + err.Error(), err}
}

// sendFailure is a send's error worded for the learner, still matching the cause.
type sendFailure struct {
	msg   string
	cause error
}

func (e *sendFailure) Error() string { return e.msg }
func (e *sendFailure) Unwrap() error { return e.cause }

// tooLarge is the Java producer's own refusal of a record above max.request.size: the
// client refuses it before sending, the broker never sees it.
func (p *lineProducer) tooLarge(r *kgo.Record, size int64) error {
	head := p.sendError(r, errors.New("")).Error() // the callback's words, then the exception
	return fmt.Errorf("%sorg.apache.kafka.common.errors.RecordTooLargeException: The message is %d bytes when serialized which is larger than %d, which is the value of the max.request.size configuration. This is the producer's own limit: raise it with --producer-property max.request.size=%d (the topic's max.message.bytes, %d by default, must allow it too)",
		head, size, p.maxRequest, size, 1048588)
}

// produceLines sends one record per input line, in order, and waits for every
// acknowledgement. The first failure stops reading; records sent before it stay written,
// as with Kafka's console producer.
func (p *lineProducer) produceLines(ctx context.Context, lr *lineReader, in io.Reader, sync bool, prompt func()) error {
	cl := p.cl
	lines := make(chan string)
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(lines)
		br := bufio.NewReaderSize(in, 64*1024)
		for {
			if prompt != nil {
				prompt()
			}
			s, err := br.ReadString('\n')
			if len(s) > 0 || err == nil {
				s = strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r")
				select {
				case lines <- s:
				case <-stop:
					return
				}
			}
			if err != nil {
				if err != io.EOF {
					readErr <- err
				}
				return
			}
		}
	}()

	sendErr := make(chan error, 1)
	report := func(r *kgo.Record, err error) {
		if err != nil {
			select {
			case sendErr <- p.sendError(r, err):
			default:
			}
		}
	}
	lineNo := 0
	var failed error
loop:
	for {
		select {
		case <-ctx.Done():
			failed = ctx.Err()
			break loop
		case err := <-sendErr:
			failed = err
			break loop
		case line, ok := <-lines:
			if !ok {
				break loop
			}
			lineNo++
			rec, err := lr.parse(line, lineNo)
			if err != nil {
				failed = err
				break loop
			}
			if size := recordSize(rec); size > p.maxRequest {
				failed = p.tooLarge(rec, size)
				break loop
			}
			if sync {
				if err := cl.ProduceSync(ctx, rec).FirstErr(); err != nil {
					failed = p.sendError(rec, err)
					break loop
				}
				continue
			}
			cl.Produce(ctx, rec, report)
		}
	}
	if failed == nil {
		select {
		case err := <-readErr:
			failed = fmt.Errorf("cannot read standard input: %w", err)
		default:
		}
	}
	// Deliver what was accepted, even after a parse error (Kafka flushes on close too).
	fctx := ctx
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		fctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
	}
	if err := cl.Flush(fctx); err != nil && failed == nil {
		failed = fmt.Errorf("cannot deliver messages: %w", err)
	}
	if failed == nil {
		select {
		case err := <-sendErr:
			failed = err
		default:
		}
	}
	return failed
}
