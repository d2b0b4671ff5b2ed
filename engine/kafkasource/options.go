package kafkasource

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// OffsetLimit is startingOffsets or endingOffsets: earliest, latest, or per-partition
// offsets (where -2 means earliest and -1 latest for that partition).
type OffsetLimit struct {
	Kind     LimitKind
	Specific PartitionOffsets // LimitSpecific: offsets; LimitTimestamps: ms per partition
	// Timestamp is LimitTimestamp's millisecond (startingTimestamp / endingTimestamp).
	Timestamp int64
	// NoMatchLatest: a partition without a record at or after the timestamp starts at
	// latest (startingOffsetsByTimestampStrategy=latest) instead of failing.
	NoMatchLatest bool
}

// LimitKind says which form an OffsetLimit takes.
type LimitKind int

const (
	LimitEarliest LimitKind = iota
	LimitLatest
	LimitSpecific
	LimitTimestamp  // one timestamp for every partition
	LimitTimestamps // a timestamp per partition
)

func (l OffsetLimit) String() string {
	switch l.Kind {
	case LimitEarliest:
		return "earliest"
	case LimitLatest:
		return "latest"
	case LimitTimestamp:
		return strconv.FormatInt(l.Timestamp, 10)
	}
	return l.Specific.JSON()
}

// Options are the Kafka source's options, parsed from Spark's option map.
type Options struct {
	Bootstrap []string
	// Exactly one of Subscribe, SubscribePattern, Assign is set.
	Subscribe        []string
	SubscribePattern *regexp.Regexp
	Assign           []TopicPartition

	StartingOffsets OffsetLimit
	EndingOffsets   OffsetLimit // batch reads only
	// MaxOffsetsPerTrigger caps the records per batch (0: no cap).
	MaxOffsetsPerTrigger int64
	// StartErr is an option Spark reads only when a streaming query starts, and cannot
	// read: the query fails with it (a batch read never looks).
	StartErr error
	// MinOffsetsPerTrigger skips triggers while fewer records are waiting, until
	// MaxTriggerDelay (default 15m) has passed since the last batch (0: off).
	MinOffsetsPerTrigger int64
	MaxTriggerDelay      time.Duration
	// MinPartitions asks for at least this many read tasks (0: one per partition).
	MinPartitions  int
	FailOnDataLoss bool
	IncludeHeaders bool
	// PollTimeout bounds how long a read may wait for records it expects
	// (kafkaConsumer.pollTimeoutMs). Spark defaults to 120 s; kafkalab uses 10 s so a
	// vanished broker shows up quickly.
	PollTimeout time.Duration

	// raw keeps the lower-cased options for descriptions and warnings.
	raw map[string]string
}

// DefaultPollTimeout is the read wait limit when kafkaConsumer.pollTimeoutMs is not set.
const DefaultPollTimeout = 10 * time.Second

var strategyKeys = []string{"subscribe", "subscribepattern", "assign"}

// ParseStreamOptions parses the options of spark.readStream.format("kafka").
// startingOffsets defaults to latest; endingOffsets is rejected as in Spark.
func ParseStreamOptions(opts map[string]string) (*Options, error) {
	lc := lowerKeys(opts)
	if _, ok := lc["endingoffsets"]; ok {
		return nil, illegalArgument("ending offset not valid in streaming queries")
	}
	if _, ok := lc["endingoffsetsbytimestamp"]; ok {
		return nil, illegalArgument("ending timestamp not valid in streaming queries")
	}
	o, err := parseGeneral(lc)
	if err != nil {
		return nil, err
	}
	if o.StartingOffsets, err = parseStartLimit(lc, "starting", OffsetLimit{Kind: LimitLatest}); err != nil {
		return nil, err
	}
	return o, nil
}

// ParseBatchOptions parses the options of spark.read.format("kafka"): startingOffsets
// defaults to earliest and may not be latest; endingOffsets defaults to latest and may
// not be earliest.
func ParseBatchOptions(opts map[string]string) (*Options, error) {
	lc := lowerKeys(opts)
	start, err := parseStartLimit(lc, "starting", OffsetLimit{Kind: LimitEarliest})
	if err != nil {
		return nil, err
	}
	switch start.Kind {
	case LimitLatest:
		return nil, illegalArgument("starting offset can't be latest for batch queries on Kafka")
	case LimitSpecific:
		for _, tp := range start.Specific.sortedPartitions() {
			if start.Specific[tp] == OffsetLatest {
				return nil, illegalArgumentf("startingOffsets for %s can't be latest for batch queries on Kafka", tp)
			}
		}
	}
	end, err := parseStartLimit(lc, "ending", OffsetLimit{Kind: LimitLatest})
	if err != nil {
		return nil, err
	}
	switch end.Kind {
	case LimitEarliest:
		return nil, illegalArgument("ending offset can't be earliest for batch queries on Kafka")
	case LimitSpecific:
		for _, tp := range end.Specific.sortedPartitions() {
			if end.Specific[tp] == OffsetEarliest {
				return nil, illegalArgumentf("ending offset for %s can't be earliest for batch queries on Kafka", tp)
			}
		}
	}
	o, err := parseGeneral(lc)
	if err != nil {
		return nil, err
	}
	o.StartingOffsets, o.EndingOffsets = start, end
	return o, nil
}

func lowerKeys(opts map[string]string) map[string]string {
	lc := make(map[string]string, len(opts))
	for k, v := range opts {
		lc[strings.ToLower(k)] = v
	}
	return lc
}

// parseStartLimit reads <which>Timestamp, <which>OffsetsByTimestamp and <which>Offsets, in
// Spark's order of preference (KafkaSourceProvider.getKafkaOffsetRangeLimit).
func parseStartLimit(lc map[string]string, which string, def OffsetLimit) (OffsetLimit, error) {
	noMatchLatest := false
	if v, ok := lc["startingoffsetsbytimestampstrategy"]; ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "error":
		case "latest":
			noMatchLatest = true
		default:
			return OffsetLimit{}, illegalArgumentf("kafka: option 'startingOffsetsByTimestampStrategy' must be 'error' or 'latest', got '%s'", v)
		}
	}
	if v, ok := lc[which+"timestamp"]; ok {
		ts, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return OffsetLimit{}, illegalArgumentf("Expected a single long value, got %s", strings.TrimSpace(v))
		}
		return OffsetLimit{Kind: LimitTimestamp, Timestamp: ts, NoMatchLatest: noMatchLatest}, nil
	}
	if v, ok := lc[which+"offsetsbytimestamp"]; ok {
		po, err := ParseOffsets(strings.TrimSpace(v))
		if err != nil {
			return OffsetLimit{}, illegalArgumentf("kafka: expected %sOffsetsByTimestamp like {\"topicA\": {\"0\": 123456789, \"1\": 123456789}}, got %s", which, v)
		}
		return OffsetLimit{Kind: LimitTimestamps, Specific: po, NoMatchLatest: noMatchLatest}, nil
	}
	return parseLimit(lc, which+"offsets", def)
}

func parseLimit(lc map[string]string, key string, def OffsetLimit) (OffsetLimit, error) {
	v, ok := lc[key]
	if !ok {
		return def, nil
	}
	v = strings.TrimSpace(v)
	switch strings.ToLower(v) {
	case "latest":
		return OffsetLimit{Kind: LimitLatest}, nil
	case "earliest":
		return OffsetLimit{Kind: LimitEarliest}, nil
	}
	po, err := ParseOffsets(v)
	if err != nil {
		return OffsetLimit{}, err
	}
	return OffsetLimit{Kind: LimitSpecific, Specific: po}, nil
}

func parseGeneral(lc map[string]string) (*Options, error) {
	o := &Options{FailOnDataLoss: true, PollTimeout: DefaultPollTimeout, raw: lc}
	var given []string
	for _, k := range strategyKeys {
		if _, ok := lc[k]; ok {
			given = append(given, k)
		}
	}
	if len(given) == 0 {
		return nil, illegalArgument("One of the following options must be specified for Kafka source: subscribe, subscribepattern, assign. See the docs for more details.")
	}
	if len(given) > 1 {
		return nil, illegalArgument("Only one of the following options can be specified for Kafka source: subscribe, subscribepattern, assign. See the docs for more details.")
	}
	switch v := lc[given[0]]; given[0] {
	case "assign":
		if !strings.HasPrefix(strings.TrimSpace(v), "{") {
			return nil, illegalArgumentf("No topicpartitions to assign as specified value for option 'assign' is '%s'", v)
		}
		tps, err := ParseAssign(v)
		if err != nil {
			return nil, err
		}
		o.Assign = tps
	case "subscribe":
		for _, t := range strings.Split(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				o.Subscribe = append(o.Subscribe, t)
			}
		}
		if len(o.Subscribe) == 0 {
			return nil, illegalArgumentf("No topics to subscribe to as specified value for option 'subscribe' is '%s'", v)
		}
	case "subscribepattern":
		p := strings.TrimSpace(v)
		if p == "" {
			return nil, illegalArgumentf("Pattern to subscribe is empty as specified value for option 'subscribePattern' is '%s'", v)
		}
		re, err := regexp.Compile("^(?:" + p + ")$")
		if err != nil {
			return nil, illegalArgumentf("kafka: option 'subscribePattern' is not a valid regular expression: %v", err)
		}
		o.SubscribePattern = re
	}

	if v, ok := lc["minpartitions"]; ok {
		p, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return nil, illegalArgumentf("kafka: option 'minPartitions' must be a whole number, got '%s'", v)
		}
		if p <= 0 {
			return nil, illegalArgument("minPartitions must be positive")
		}
		o.MinPartitions = p
	}
	if _, ok := lc["maxrecordsperpartition"]; ok {
		return nil, illegalArgument("kafka: option 'maxRecordsPerPartition' is not supported by kafkalab's engine; use minPartitions")
	}
	if v, ok := lc["minoffsetspertrigger"]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n <= 0 {
			return nil, illegalArgumentf("kafka: option 'minOffsetsPerTrigger' must be a positive whole number, got '%s'", v)
		}
		o.MinOffsetsPerTrigger = n
	}
	o.MaxTriggerDelay = 15 * time.Minute
	if v, ok := lc["maxtriggerdelay"]; ok {
		d, err := parseTimeString(v)
		if err != nil {
			return nil, illegalArgumentf("kafka: option 'maxTriggerDelay' must be a duration like 15m, 30s or 500ms, got '%s'", v)
		}
		o.MaxTriggerDelay = d
	}
	if v, ok := lc["maxoffsetspertrigger"]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		switch {
		case err != nil:
			// Spark reads the option as a number only when a streaming query starts
			// (Java's Long.parseLong), so load() accepts it, a batch read ignores it, and
			// the query fails with Java's NumberFormatException text.
			o.StartErr = fmt.Errorf("For input string: \"%s\"", v)
		case n <= 0:
			return nil, illegalArgumentf("kafka: option 'maxOffsetsPerTrigger' must be a positive whole number, got '%s'", v)
		default:
			o.MaxOffsetsPerTrigger = n
		}
	}
	if o.MinOffsetsPerTrigger > 0 && o.MaxOffsetsPerTrigger > 0 && o.MinOffsetsPerTrigger > o.MaxOffsetsPerTrigger {
		return nil, illegalArgumentf("The value of minOffsetPerTrigger(%d) is higher than the maxOffsetsPerTrigger(%d).", o.MinOffsetsPerTrigger, o.MaxOffsetsPerTrigger)
	}
	if v, ok := lc["failondataloss"]; ok {
		b, err := parseBool(v)
		if err != nil {
			return nil, illegalArgumentf("kafka: option 'failOnDataLoss' must be true or false, got '%s'", v)
		}
		o.FailOnDataLoss = b
	}
	if v, ok := lc["includeheaders"]; ok {
		b, err := parseBool(v)
		if err != nil {
			return nil, illegalArgumentf("kafka: option 'includeHeaders' must be true or false, got '%s'", v)
		}
		o.IncludeHeaders = b
	}
	if v, ok := lc["kafkaconsumer.polltimeoutms"]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n <= 0 {
			return nil, illegalArgumentf("kafka: option 'kafkaConsumer.pollTimeoutMs' must be a positive number of milliseconds, got '%s'", v)
		}
		o.PollTimeout = time.Duration(n) * time.Millisecond
	}

	// Kafka client options Spark refuses, with Spark's messages.
	if _, ok := lc["kafka.auto.offset.reset"]; ok {
		// Spark's text is a margin-stripped block: it starts with a line break and keeps its
		// own line breaks, so its first line (what a learner's print of it shows) is empty.
		return nil, illegalArgument("\nKafka option 'auto.offset.reset' is not supported.\n" +
			"Instead set the source option 'startingoffsets' to 'earliest' or 'latest'\n" +
			"to specify where to start. Structured Streaming manages which offsets are consumed\n" +
			"internally, rather than relying on the kafkaConsumer to do it. This will ensure that no\n" +
			"data is missed when new topics/partitions are dynamically subscribed. Note that\n" +
			"'startingoffsets' only applies when a new Streaming query is started, and\n" +
			"that resuming will always pick up from where the query left off. See the docs for more\n" +
			"details.\n")
	}
	if _, ok := lc["kafka.key.deserializer"]; ok {
		return nil, illegalArgument("Kafka option 'key.deserializer' is not supported as keys are deserialized as byte arrays with ByteArrayDeserializer. Use DataFrame operations to explicitly deserialize the keys.")
	}
	if _, ok := lc["kafka.value.deserializer"]; ok {
		return nil, illegalArgument("Kafka option 'value.deserializer' is not supported as values are deserialized as byte arrays with ByteArrayDeserializer. Use DataFrame operations to explicitly deserialize the values.")
	}
	for _, c := range []string{"enable.auto.commit", "interceptor.classes"} {
		if _, ok := lc["kafka."+c]; ok {
			return nil, illegalArgumentf("Kafka option '%s' is not supported", c)
		}
	}
	bs, ok := lc["kafka.bootstrap.servers"]
	if !ok {
		return nil, illegalArgument("Option 'kafka.bootstrap.servers' must be specified for configuring Kafka consumer")
	}
	o.Bootstrap = SplitBootstrap(bs)
	if len(o.Bootstrap) == 0 {
		return nil, illegalArgumentf("kafka: option 'kafka.bootstrap.servers' has no address in '%s'; give host:port, e.g. localhost:9092", bs)
	}
	return o, nil
}

// SplitBootstrap splits a comma-separated bootstrap list.
func SplitBootstrap(s string) []string {
	var out []string
	for _, a := range strings.Split(s, ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// parseBool accepts what Scala's String.toBoolean accepts (true/false, any case).
func parseBool(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errors.New("not a boolean")
}

// Description is the source's name in progress, like Spark's "KafkaV2[Subscribe[orders]]".
func (o *Options) Description() string {
	return "KafkaV2[" + o.strategyString() + "]"
}

func (o *Options) strategyString() string {
	switch {
	case o.SubscribePattern != nil:
		return "SubscribePattern[" + strings.TrimSpace(o.raw["subscribepattern"]) + "]"
	case o.Assign != nil:
		parts := make([]string, len(o.Assign))
		for i, tp := range o.Assign {
			parts[i] = tp.String()
		}
		return "Assign[" + strings.Join(parts, ", ") + "]"
	}
	return "Subscribe[" + strings.Join(o.Subscribe, ", ") + "]"
}

// parseTimeString reads Spark's time strings (Utils.timeStringAsMs): a number with an
// optional unit us, ms, s, m/min, h, d; no unit means milliseconds.
func parseTimeString(v string) (time.Duration, error) {
	s := strings.ToLower(strings.TrimSpace(v))
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, err := strconv.ParseInt(s[:i], 10, 64)
	if err != nil {
		return 0, err
	}
	units := map[string]time.Duration{"": time.Millisecond, "us": time.Microsecond, "ms": time.Millisecond,
		"s": time.Second, "m": time.Minute, "min": time.Minute, "h": time.Hour, "d": 24 * time.Hour}
	u, ok := units[strings.TrimSpace(s[i:])]
	if !ok {
		return 0, fmt.Errorf("unknown time unit in %q", v)
	}
	return time.Duration(n) * u, nil
}

// illegalArgument is the java.lang.IllegalArgumentException Spark's Kafka source throws for
// options it refuses (PySpark's IllegalArgumentException, without an error condition).
func illegalArgument(msg string) error {
	return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: msg}
}

func illegalArgumentf(format string, args ...any) error {
	return illegalArgument(fmt.Sprintf(format, args...))
}
