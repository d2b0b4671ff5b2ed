package broker

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/twmb/franz-go/pkg/kerr"
)

// Apache Kafka 4.3's topic configs as its LogConfig defines them (type, validator, default)
// and the checks its controller runs before it stores a topic's configs, with the messages
// it answers. Dumped from the 4.3.1 jars (LogConfig.configKeys()) and compared with a real
// broker by topicconfig_apachekafka_test.go.

// configType is a ConfigDef.Type; its name is what Kafka prints ("Not a number of type LONG").
type configType string

const (
	typeInt     configType = "INT"
	typeLong    configType = "LONG"
	typeDouble  configType = "DOUBLE"
	typeBoolean configType = "BOOLEAN"
	typeString  configType = "STRING"
	typeList    configType = "LIST"
)

// topicConfigDef is one topic config: its type, its default as Kafka prints it, and its
// validator (nil = any value of the type).
type topicConfigDef struct {
	name  string
	typ   configType
	def   string
	check func(name string, v any) *apiError
}

// apiError is an error code and message as Kafka's broker answers them.
type apiError struct {
	code int16
	msg  string
}

func (e *apiError) Error() string { return fmt.Sprintf("%s: %s", kerr.ErrorForCode(e.code), e.msg) }

func invalidConfig(msg string) *apiError { return &apiError{kerr.InvalidConfig.Code, msg} }

// invalidValue is Kafka's ConfigException(name, value, message).
func invalidValue(name string, value any, msg string) *apiError {
	return invalidConfig(fmt.Sprintf("Invalid value %s for configuration %s: %s", javaString(value), name, msg))
}

// topicConfigDefs are in LogConfig's definition order, which is the order Kafka parses them
// in: when several values are wrong, the first of them in this order is reported.
var topicConfigDefs = []topicConfigDef{
	{"segment.bytes", typeInt, "1073741824", atLeast(1024 * 1024)},
	{"segment.ms", typeLong, "604800000", atLeast(1)},
	{"segment.jitter.ms", typeLong, "0", atLeast(0)},
	{"segment.index.bytes", typeInt, "10485760", atLeast(4)},
	{"flush.messages", typeLong, longMax, atLeast(1)},
	{"flush.ms", typeLong, longMax, atLeast(0)},
	{"retention.bytes", typeLong, "-1", nil},
	{"retention.ms", typeLong, "604800000", atLeast(-1)},
	{"max.message.bytes", typeInt, "1048588", atLeast(0)},
	{"index.interval.bytes", typeInt, "4096", atLeast(0)},
	{"delete.retention.ms", typeLong, "86400000", atLeast(0)},
	{"min.compaction.lag.ms", typeLong, "0", atLeast(0)},
	{"max.compaction.lag.ms", typeLong, longMax, atLeast(1)},
	{"file.delete.delay.ms", typeLong, "60000", atLeast(0)},
	{"min.cleanable.dirty.ratio", typeDouble, "0.5", between(0, 1)},
	{"cleanup.policy", typeList, "delete", validList("compact", "delete")},
	{"unclean.leader.election.enable", typeBoolean, "false", nil},
	{"min.insync.replicas", typeInt, "1", atLeast(1)},
	{"compression.type", typeString, "producer", validString("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer")},
	{"compression.gzip.level", typeInt, "-1", gzipLevel},
	{"compression.lz4.level", typeInt, "9", between(1, 17)},
	{"compression.zstd.level", typeInt, "3", between(-131072, 22)},
	{"preallocate", typeBoolean, "false", nil},
	{"message.timestamp.type", typeString, "CreateTime", validString("CreateTime", "LogAppendTime")},
	{"message.timestamp.before.max.ms", typeLong, longMax, atLeast(0)},
	{"message.timestamp.after.max.ms", typeLong, "3600000", atLeast(0)},
	{"leader.replication.throttled.replicas", typeList, "", throttledReplicas},
	{"follower.replication.throttled.replicas", typeList, "", throttledReplicas},
	{"remote.storage.enable", typeBoolean, "false", nil},
	{"local.retention.ms", typeLong, "-2", atLeast(-2)},
	{"local.retention.bytes", typeLong, "-2", atLeast(-2)},
	{"remote.log.copy.disable", typeBoolean, "false", nil},
	{"remote.log.delete.on.disable", typeBoolean, "false", nil},
	// Internal (for Kafka's own tests) and never listed, but a name Kafka accepts.
	{"internal.segment.bytes", typeInt, "", nil},
}

var topicConfigByName = func() map[string]*topicConfigDef {
	m := make(map[string]*topicConfigDef, len(topicConfigDefs))
	for i := range topicConfigDefs {
		m[topicConfigDefs[i].name] = &topicConfigDefs[i]
	}
	return m
}()

// isTopicConfig reports whether Kafka knows the topic config name.
func isTopicConfig(name string) bool { return topicConfigByName[name] != nil }

// isListConfig reports whether a topic config is a LIST (the only kind APPEND and SUBTRACT
// apply to).
func isListConfig(name string) bool {
	d := topicConfigByName[name]
	return d != nil && d.typ == typeList
}

// checkTopicConfigs runs Kafka's checks on a topic's complete set of configs as they would
// be stored (the topic's overrides after the change): known names, then each value parsed
// and validated in definition order, then the checks across values. nil = Kafka accepts.
func checkTopicConfigs(cfgs map[string]string) *apiError {
	names := make([]string, 0, len(cfgs))
	for n := range cfgs {
		names = append(names, n)
	}
	for _, n := range javaHashOrder(names) { // Kafka walks a HashMap of the names
		if !isTopicConfig(n) {
			return invalidConfig("Unknown topic config name: " + n)
		}
	}
	parsed := map[string]any{}
	for i := range topicConfigDefs {
		d := &topicConfigDefs[i]
		raw, ok := cfgs[d.name]
		if !ok {
			continue
		}
		v, err := parseConfigValue(d.name, raw, d.typ)
		if err != nil {
			return err
		}
		if d.check != nil {
			if err := d.check(d.name, v); err != nil {
				return err
			}
		}
		parsed[d.name] = v
	}
	minLag, maxLag := int64(0), int64(math.MaxInt64)
	if v, ok := parsed["min.compaction.lag.ms"]; ok {
		minLag = v.(int64)
	}
	if v, ok := parsed["max.compaction.lag.ms"]; ok {
		maxLag = v.(int64)
	}
	if minLag > maxLag {
		return invalidConfig(fmt.Sprintf("conflict topic config setting min.compaction.lag.ms (%d) > max.compaction.lag.ms (%d)", minLag, maxLag))
	}
	if v, ok := parsed["remote.storage.enable"]; ok && v.(bool) {
		// The embedded broker, like a Kafka broker without remote.log.storage.system.enable.
		return invalidConfig("Tiered Storage functionality is disabled in the broker. Topic cannot be configured with remote log storage.")
	}
	return nil
}

// parseConfigValue parses a config value as Kafka's ConfigDef.parseType does (Java's
// String.trim first, Java's number syntax); the error carries the value as given.
func parseConfigValue(name, raw string, typ configType) (any, *apiError) {
	s := javaTrim(raw)
	switch typ {
	case typeBoolean:
		switch {
		case strings.EqualFold(s, "true"):
			return true, nil
		case strings.EqualFold(s, "false"):
			return false, nil
		}
		return nil, invalidValue(name, raw, "Expected value to be either true or false")
	case typeString:
		return s, nil
	case typeInt:
		n, ok := javaParseInt(s, 32)
		if !ok {
			return nil, invalidValue(name, raw, "Not a number of type INT")
		}
		return n, nil
	case typeLong:
		n, ok := javaParseInt(s, 64)
		if !ok {
			return nil, invalidValue(name, raw, "Not a number of type LONG")
		}
		return n, nil
	case typeDouble:
		f, ok := javaParseDouble(s)
		if !ok {
			return nil, invalidValue(name, raw, "Not a number of type DOUBLE")
		}
		return f, nil
	case typeList:
		if s == "" {
			return []string{}, nil
		}
		return javaListSplit().Split(s, -1), nil
	}
	return nil, invalidValue(name, raw, "unknown type "+string(typ))
}

// javaListSplit is the separator of ConfigDef's LIST values ("\\s*,\\s*"; Java's \s also
// matches a vertical tab, Go's does not).
//
// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var javaListSplit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[ \t\n\x0B\f\r]*,[ \t\n\x0B\f\r]*`) })

// javaTrim is Java's String.trim: it strips every character up to U+0020 at both ends.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// javaParseInt is Integer.parseInt (bits 32) or Long.parseLong (bits 64): an optional sign,
// then decimal digits of any script (Java's Character.digit), nothing else.
func javaParseInt(s string, bits int) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case i == 0 && (r == '+' || r == '-') && len(s) > 1:
			b.WriteRune(r)
		case unicode.IsDigit(r):
			b.WriteByte(byte('0' + decimalDigit(r)))
		default:
			return 0, false
		}
	}
	n, err := strconv.ParseInt(b.String(), 10, bits)
	if err != nil {
		return 0, false
	}
	return n, true
}

// decimalDigit is the value of a Unicode decimal digit: Unicode puts every script's digits
// zero to nine in a row, so the offset in its range, modulo 10, is the value.
func decimalDigit(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	return 0
}

// javaDouble is the syntax Java's Double.parseDouble accepts (its documented grammar:
// decimal or hexadecimal, an optional f/F/d/D suffix, NaN and Infinity spelled exactly).
var javaDouble = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?(NaN|Infinity|(([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|0[xX]([0-9a-fA-F]+\.?|[0-9a-fA-F]*\.[0-9a-fA-F]+)[pP][+-]?[0-9]+)[fFdD]?)$`)
})

func javaParseDouble(s string) (float64, bool) {
	if !javaDouble().MatchString(s) {
		return 0, false
	}
	switch s {
	case "NaN", "+NaN", "-NaN":
		return math.NaN(), true
	case "Infinity", "+Infinity":
		return math.Inf(1), true
	case "-Infinity":
		return math.Inf(-1), true
	}
	f, err := strconv.ParseFloat(strings.TrimRight(s, "fFdD"), 64)
	return f, err == nil || isRangeErr(err) // Java rounds overflow to Infinity, as Go does
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// javaString prints a parsed config value as Java's string concatenation does.
func javaString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return javaDoubleString(v)
	case bool:
		return strconv.FormatBool(v)
	case []string:
		return "[" + strings.Join(v, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// javaDoubleString is Double.toString: plain decimals between 10^-3 and 10^7, otherwise
// computerized scientific notation ("1.0E10"), always with a digit after the point.
func javaDoubleString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(f); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// atLeast and between are ConfigDef.Range (compared as doubles, as Kafka does).
func atLeast(min float64) func(string, any) *apiError {
	return func(name string, v any) *apiError {
		if toFloat(v) < min {
			return invalidValue(name, v, "Value must be at least "+javaNumber(min))
		}
		return nil
	}
}

func between(min, max float64) func(string, any) *apiError {
	return func(name string, v any) *apiError {
		switch f := toFloat(v); {
		case f < min:
			return invalidValue(name, v, "Value must be at least "+javaNumber(min))
		case f > max:
			return invalidValue(name, v, "Value must be no more than "+javaNumber(max))
		}
		return nil
	}
}

func toFloat(v any) float64 {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	}
	return math.NaN()
}

// javaNumber prints a Range bound: Kafka defines every bound as an Integer.
func javaNumber(f float64) string { return strconv.FormatInt(int64(f), 10) }

// gzipLevel is GzipCompression's level validator: 1 to 9, or -1 for zlib's default.
func gzipLevel(name string, v any) *apiError {
	if n := v.(int64); n != -1 && (n < 1 || n > 9) {
		return invalidValue(name, v, "Value must be between 1 and 9 or equal to -1")
	}
	return nil
}

// validString is ConfigDef.ValidString (case-sensitive).
func validString(valid ...string) func(string, any) *apiError {
	return func(name string, v any) *apiError {
		for _, s := range valid {
			if v.(string) == s {
				return nil
			}
		}
		return invalidValue(name, v, "String must be one of: "+strings.Join(valid, ", "))
	}
}

// validList is ConfigDef.ValidList.in: an empty list is allowed, an empty element is not,
// and every element must be one of valid.
func validList(valid ...string) func(string, any) *apiError {
	one := validString(valid...)
	return func(name string, v any) *apiError {
		for _, s := range v.([]string) {
			if s == "" {
				return invalidConfig(fmt.Sprintf("Configuration '%s' values must not be empty.", name))
			}
			if err := one(name, s); err != nil {
				return err
			}
		}
		return nil
	}
}

var throttledReplica = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]+:[0-9]+)?$`) })

// throttledReplicas is ThrottledReplicaListValidator: "*", or partition:broker pairs.
func throttledReplicas(name string, v any) *apiError {
	list := v.([]string)
	trimmed := make([]string, len(list))
	all := true
	for i, s := range list {
		trimmed[i] = javaTrim(s)
		all = all && throttledReplica().MatchString(trimmed[i])
	}
	if all || strings.Join(trimmed, "") == "*" {
		return nil
	}
	return invalidValue(name, v, name+" must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],...")
}

// canonicalTopicConfig is a valid value as Kafka reports it once stored (it reports the
// parsed value printed back): numbers trimmed, booleans in lower case, doubles as Java
// prints them, list elements joined by bare commas.
func canonicalTopicConfig(name, raw string) string {
	d := topicConfigByName[name]
	if d == nil {
		return raw
	}
	v, err := parseConfigValue(name, raw, d.typ)
	if err != nil {
		return raw
	}
	if list, ok := v.([]string); ok {
		return strings.Join(list, ",")
	}
	return javaString(v)
}

// defaultTopicConfig is a topic config's default as Kafka's controller reads it for APPEND
// and SUBTRACT ("" when it has none).
func defaultTopicConfig(name string) string {
	if d := topicConfigByName[name]; d != nil {
		return d.def
	}
	return ""
}
