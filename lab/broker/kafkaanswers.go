package broker

import (
	"fmt"
	"maps"
	"net"
	"slices"
	"strings"
	"sync"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Answers Kafka 4.3's own Java tools read field by field, where kfake's differ from a real
// broker's (each found by running the tools against both, see toolsdiff_apachekafka_test.go).

// topicDefault is a topic config's Kafka 4.3 default and the broker config it falls back to
// (its DEFAULT_CONFIG synonym); broker "" = Kafka lists no synonym for it.
type topicDefault struct {
	value, broker string
}

var topicDefaults = map[string]topicDefault{
	"cleanup.policy":                          {"delete", "log.cleanup.policy"},
	"compression.gzip.level":                  {"-1", "compression.gzip.level"},
	"compression.lz4.level":                   {"9", "compression.lz4.level"},
	"compression.type":                        {"producer", "compression.type"},
	"compression.zstd.level":                  {"3", "compression.zstd.level"},
	"delete.retention.ms":                     {"86400000", "log.cleaner.delete.retention.ms"},
	"file.delete.delay.ms":                    {"60000", "log.segment.delete.delay.ms"},
	"flush.messages":                          {longMax, "log.flush.interval.messages"},
	"flush.ms":                                {longMax, ""},
	"follower.replication.throttled.replicas": {"", ""},
	"index.interval.bytes":                    {"4096", "log.index.interval.bytes"},
	"leader.replication.throttled.replicas":   {"", ""},
	"local.retention.bytes":                   {"-2", "log.local.retention.bytes"},
	"local.retention.ms":                      {"-2", "log.local.retention.ms"},
	"max.compaction.lag.ms":                   {longMax, "log.cleaner.max.compaction.lag.ms"},
	"max.message.bytes":                       {"1048588", "message.max.bytes"},
	"message.timestamp.after.max.ms":          {"3600000", "log.message.timestamp.after.max.ms"},
	"message.timestamp.before.max.ms":         {longMax, "log.message.timestamp.before.max.ms"},
	"message.timestamp.type":                  {"CreateTime", "log.message.timestamp.type"},
	"min.cleanable.dirty.ratio":               {"0.5", "log.cleaner.min.cleanable.ratio"},
	"min.compaction.lag.ms":                   {"0", "log.cleaner.min.compaction.lag.ms"},
	"min.insync.replicas":                     {"1", "min.insync.replicas"},
	"preallocate":                             {"false", "log.preallocate"},
	"remote.log.copy.disable":                 {"false", ""},
	"remote.log.delete.on.disable":            {"false", ""},
	"remote.storage.enable":                   {"false", ""},
	"retention.bytes":                         {"-1", "log.retention.bytes"},
	"retention.ms":                            {"604800000", ""},
	"segment.bytes":                           {"1073741824", "log.segment.bytes"},
	"segment.index.bytes":                     {"10485760", "log.index.size.max.bytes"},
	"segment.jitter.ms":                       {"0", ""},
	"segment.ms":                              {"604800000", ""},
	"unclean.leader.election.enable":          {"false", "unclean.leader.election.enable"},
}

// dynamicBrokerDefaults are topic configs a Kafka 4.x KRaft broker reports as set
// cluster-wide (DYNAMIC_DEFAULT_BROKER_CONFIG): the controller stores min.insync.replicas=1
// when it formats, so kafka-topics.sh --describe shows "Configs: min.insync.replicas=1".
var dynamicBrokerDefaults = map[string]string{"min.insync.replicas": "1"}

// topicSynonyms lists a topic config's synonyms as Kafka does: the entry's own source first
// (a topic override, then the cluster-wide dynamic default), then the broker's built-in
// default under the broker config's name.
func topicSynonyms(c kmsg.DescribeConfigsResponseResourceConfig) []kmsg.DescribeConfigsResponseResourceConfigConfigSynonym {
	syns := []kmsg.DescribeConfigsResponseResourceConfigConfigSynonym{}
	add := func(name string, value *string, src kmsg.ConfigSource) {
		s := kmsg.NewDescribeConfigsResponseResourceConfigConfigSynonym()
		s.Name, s.Value, s.Source = name, value, src
		syns = append(syns, s)
	}
	if c.Source == kmsg.ConfigSourceDynamicTopicConfig {
		add(c.Name, c.Value, c.Source)
	}
	if v, ok := dynamicBrokerDefaults[c.Name]; ok {
		add(c.Name, str(v), kmsg.ConfigSourceDynamicDefaultBrokerConfig)
	}
	if d, ok := topicDefaults[c.Name]; ok && d.broker != "" {
		add(d.broker, str(d.value), kmsg.ConfigSourceDefaultConfig)
	}
	return syns
}

// createdTopicConfigs is what Kafka returns in CreateTopics v5+ for a created topic: every
// topic config with its source (kfake sends none, or its own with source -1, and Kafka's
// admin client fails on both).
func createdTopicConfigs(req *kmsg.CreateTopicsRequestTopic) []kmsg.CreateTopicsResponseTopicConfig {
	set := map[string]*string{}
	if req != nil {
		for _, c := range req.Configs {
			set[c.Name] = c.Value
		}
	}
	out := make([]kmsg.CreateTopicsResponseTopicConfig, 0, len(topicDefaults))
	for _, name := range javaOrderedTopicConfigs() {
		d := topicDefaults[name]
		c := kmsg.NewCreateTopicsResponseTopicConfig()
		c.Name, c.Value, c.Source = name, str(d.value), int8(kmsg.ConfigSourceDefaultConfig)
		if _, ok := dynamicBrokerDefaults[name]; ok {
			c.Source = int8(kmsg.ConfigSourceDynamicDefaultBrokerConfig)
		}
		if v, ok := set[name]; ok {
			c.Value, c.Source = v, int8(kmsg.ConfigSourceDynamicTopicConfig)
		}
		out = append(out, c)
	}
	return out
}

// javaOrderedTopicConfigs returns the topic config names in the order Kafka's broker lists
// them: it builds its answer from a java.util.HashMap keyed by name, so the order is the
// map's (buckets of a 64-slot table for Kafka's 33 topic configs).
func javaOrderedTopicConfigs() []string {
	names := make([]string, 0, len(topicDefaults))
	for n := range topicDefaults {
		names = append(names, n)
	}
	return javaHashOrder(names)
}

// javaHashOrder orders strings as a java.util.HashMap of them iterates (bucket by
// (h ^ h>>>16) & (capacity-1), capacity 16 doubled while more than 3/4 full; ties by name,
// which is as good a guess as any for Kafka's insertion order).
func javaHashOrder(names []string) []string {
	capacity := 16
	for len(names) > capacity*3/4 {
		capacity *= 2
	}
	bucket := func(s string) int {
		var h int32
		for i := 0; i < len(s); i++ {
			h = 31*h + int32(s[i])
		}
		u := uint32(h)
		return int((u ^ u>>16) & uint32(capacity-1))
	}
	sorted := append([]string(nil), names...)
	slices.SortStableFunc(sorted, func(a, b string) int {
		if ba, bb := bucket(a), bucket(b); ba != bb {
			return ba - bb
		}
		return strings.Compare(a, b)
	})
	return sorted
}

// groupAnswersAsKafka gives group answers Kafka's details: a member's host as Java's
// InetAddress prints it ("/127.0.0.1", kfake: "127.0.0.1:PORT") and the not-found message.
func clientHostAsKafka(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		return "/" + host
	}
	return h
}

func groupNotFound(code int16, msg *string, group string) *string {
	if code != kerr.GroupIDNotFound.Code {
		return msg
	}
	return str(fmt.Sprintf("Group %s not found.", group))
}

func describeGroupsAsKafka(resp *kmsg.DescribeGroupsResponse) {
	for i := range resp.Groups {
		g := &resp.Groups[i]
		g.ErrorMessage = groupNotFound(g.ErrorCode, g.ErrorMessage, g.Group)
		for j := range g.Members {
			g.Members[j].ClientHost = clientHostAsKafka(g.Members[j].ClientHost)
		}
	}
}

func consumerGroupDescribeAsKafka(resp *kmsg.ConsumerGroupDescribeResponse) {
	for i := range resp.Groups {
		g := &resp.Groups[i]
		g.ErrorMessage = groupNotFound(g.ErrorCode, g.ErrorMessage, g.Group)
		for j := range g.Members {
			g.Members[j].ClientHost = clientHostAsKafka(g.Members[j].ClientHost)
		}
	}
}

// describeTopicPartitionsAsKafka sends empty lists where kfake sends null: Kafka 4.3's
// admin client streams EligibleLeaderReplicas and LastKnownELR without a null check, so
// kafka-topics.sh --describe, kafka-get-offsets.sh and kafka-consumer-groups.sh --describe
// all failed with a NullPointerException.
func describeTopicPartitionsAsKafka(resp *kmsg.DescribeTopicPartitionsResponse) {
	for i := range resp.Topics {
		for j := range resp.Topics[i].Partitions {
			p := &resp.Topics[i].Partitions[j]
			if p.EligibleLeaderReplicas == nil {
				p.EligibleLeaderReplicas = []int32{}
			}
			if p.LastKnownELR == nil {
				p.LastKnownELR = []int32{}
			}
			if p.OfflineReplicas == nil {
				p.OfflineReplicas = []int32{}
			}
		}
	}
}

// quotaOrders keeps, per quota entity, the order a Kafka 4.3 broker would list its values
// in. Kafka's broker keeps an entity's values in a java.util.HashMap that each alter
// rebuilds (new HashMap<>(old size), the old values in the old map's order, then the
// alter's changes in the order of their own 16-bucket HashMap), so the order depends on the
// entity's history: with ops.html's three values set at once the 4.3.1 broker answered
// consumer_byte_rate, request_percentage, producer_byte_rate, and after a fourth value was
// added and removed again producer_byte_rate, consumer_byte_rate, request_percentage (the
// client's HashMap then prints consumer_byte_rate first either way, and the other two in
// the broker's order). kfake keeps values in a Go map, so the filter follows the alters it
// sees; an entity whose history it did not see (a restarted broker's) gets the order of its
// values set at once.
type quotaOrders struct {
	mu    sync.Mutex
	order map[string][]string // entity key -> value names in the broker's order
}

func newQuotaOrders() *quotaOrders { return &quotaOrders{order: map[string][]string{}} }

// altered follows a successful AlterClientQuotas.
func (q *quotaOrders) altered(req *kmsg.AlterClientQuotasRequest, resp *kmsg.AlterClientQuotasResponse) {
	if req.ValidateOnly {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, e := range req.Entries {
		if i >= len(resp.Entries) || resp.Entries[i].ErrorCode != 0 {
			continue
		}
		key := quotaEntityKey(e.Entity, func(c kmsg.AlterClientQuotasRequestEntryEntity) (string, *string) { return c.Type, c.Name })
		var set, remove []string
		for _, op := range e.Ops {
			if op.Remove {
				remove = append(remove, op.Key)
			} else {
				set = append(set, op.Key)
			}
		}
		next := rebuildQuotaMap(q.order[key], set, remove)
		if len(next) == 0 {
			delete(q.order, key)
		} else {
			q.order[key] = next
		}
	}
}

// describeClientQuotasAsKafka gives DescribeClientQuotas Kafka's shape and a stable order.
// kfake sends a null Entries when no quota matches, and Kafka 4.3's admin client iterates it
// without a null check, so every kafka-configs.sh quota --describe (and --alter, which
// describes first) of an entity without quotas failed with a NullPointerException; Kafka
// sends an empty array. kfake also lists entries and values from Go maps, so their order
// changed from one describe to the next: entries come out by entity here, and each entry's
// values in the order Kafka's broker would list them (quotaOrders).
func (q *quotaOrders) describeClientQuotasAsKafka(resp *kmsg.DescribeClientQuotasResponse) {
	if resp.Entries == nil {
		resp.Entries = []kmsg.DescribeClientQuotasResponseEntry{}
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	keyOf := func(c kmsg.DescribeClientQuotasResponseEntryEntity) (string, *string) { return c.Type, c.Name }
	for i := range resp.Entries {
		e := &resp.Entries[i]
		if e.Entity == nil {
			e.Entity = []kmsg.DescribeClientQuotasResponseEntryEntity{}
		}
		byKey := make(map[string]kmsg.DescribeClientQuotasResponseEntryValue, len(e.Values))
		keys := make([]string, 0, len(e.Values))
		for _, v := range e.Values {
			byKey[v.Key] = v
			keys = append(keys, v.Key)
		}
		order := q.order[quotaEntityKey(e.Entity, keyOf)]
		if !sameNames(order, keys) {
			order = rebuildQuotaMap(nil, keys, nil)
		}
		values := make([]kmsg.DescribeClientQuotasResponseEntryValue, 0, len(order))
		for _, k := range order {
			values = append(values, byKey[k])
		}
		e.Values = values
	}
	slices.SortStableFunc(resp.Entries, func(a, b kmsg.DescribeClientQuotasResponseEntry) int {
		return strings.Compare(quotaEntityKey(a.Entity, keyOf), quotaEntityKey(b.Entity, keyOf))
	})
}

// sameNames reports whether a and b hold the same names.
func sameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, k := range b {
		if !slices.Contains(a, k) {
			return false
		}
	}
	return true
}

// quotaEntityKey names a quota entity by its components sorted by type, as type=name; a
// default as type= with a NUL, so that it sorts before every name.
func quotaEntityKey[C any](cs []C, get func(C) (string, *string)) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		typ, name := get(c)
		if name == nil {
			parts = append(parts, typ+"=\x00")
		} else {
			parts = append(parts, typ+"="+*name)
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// alterClientQuotasAsKafka sends empty arrays where kfake may send null ones (Kafka's
// admin client reads each entry's entity list without a null check).
func alterClientQuotasAsKafka(resp *kmsg.AlterClientQuotasResponse) {
	if resp.Entries == nil {
		resp.Entries = []kmsg.AlterClientQuotasResponseEntry{}
	}
	for i := range resp.Entries {
		if resp.Entries[i].Entity == nil {
			resp.Entries[i].Entity = []kmsg.AlterClientQuotasResponseEntryEntity{}
		}
	}
}

// rebuildQuotaMap returns an entity's value names in the order of the java.util.HashMap a
// Kafka broker rebuilds for an alter: new HashMap<>(len(old)), old's names put in old's
// order, then the changes (set and remove) in the order of a 16-bucket HashMap of them.
// The table starts at the next power of two of its initial size (at least 1) and doubles
// whenever a put takes it past 3/4 full; it iterates by bucket ((h ^ h>>>16) &
// (capacity-1)), in a bucket by insertion.
func rebuildQuotaMap(old, set, remove []string) []string {
	capacity := 1
	for capacity < len(old) {
		capacity *= 2
	}
	var keys []string
	put := func(k string) {
		if slices.Contains(keys, k) {
			return
		}
		keys = append(keys, k)
		if len(keys) > capacity*3/4 {
			capacity *= 2
		}
	}
	for _, k := range old {
		put(k)
	}
	for _, k := range javaHashOrder(append(append([]string(nil), set...), remove...)) {
		if slices.Contains(remove, k) {
			keys = slices.DeleteFunc(keys, func(x string) bool { return x == k })
		} else {
			put(k)
		}
	}
	bucket := func(k string) int {
		var h int32
		for i := 0; i < len(k); i++ {
			h = 31*h + int32(k[i])
		}
		u := uint32(h)
		return int((u ^ u>>16) & uint32(capacity-1))
	}
	slices.SortStableFunc(keys, func(a, b string) int { return bucket(a) - bucket(b) })
	return keys
}

// groupConfigDefaults are Kafka 4.3.1's group configs (GroupConfig), each with its default
// and the broker config it falls back to, as kafka-configs.sh --describe --entity-type
// groups --all listed them on a 4.3.1 broker.
var groupConfigDefaults = map[string]topicDefault{
	"consumer.assignment.interval.ms":    {"1000", "group.consumer.assignment.interval.ms"},
	"consumer.heartbeat.interval.ms":     {"5000", "group.consumer.heartbeat.interval.ms"},
	"consumer.session.timeout.ms":        {"45000", "group.consumer.session.timeout.ms"},
	"share.assignment.interval.ms":       {"1000", "group.share.assignment.interval.ms"},
	"share.auto.offset.reset":            {"latest", "share.auto.offset.reset"},
	"share.delivery.count.limit":         {"5", "group.share.delivery.count.limit"},
	"share.heartbeat.interval.ms":        {"5000", "group.share.heartbeat.interval.ms"},
	"share.isolation.level":              {"read_uncommitted", "share.isolation.level"},
	"share.partition.max.record.locks":   {"2000", "group.share.partition.max.record.locks"},
	"share.record.lock.duration.ms":      {"30000", "group.share.record.lock.duration.ms"},
	"share.renew.acknowledge.enable":     {"true", "share.renew.acknowledge.enable"},
	"share.session.timeout.ms":           {"45000", "group.share.session.timeout.ms"},
	"streams.assignment.interval.ms":     {"1000", "group.streams.assignment.interval.ms"},
	"streams.heartbeat.interval.ms":      {"5000", "group.streams.heartbeat.interval.ms"},
	"streams.initial.rebalance.delay.ms": {"3000", "group.streams.initial.rebalance.delay.ms"},
	"streams.num.standby.replicas":       {"0", "group.streams.num.standby.replicas"},
	"streams.session.timeout.ms":         {"45000", "group.streams.session.timeout.ms"},
}

// groupConfigsAsKafka gives a group's DescribeConfigs Kafka's configs: kfake lists its own
// set (share.* only, unset ones null) without synonyms; Kafka every GroupConfig at its
// default (DEFAULT_CONFIG, synonym the broker config) or as set (DYNAMIC_GROUP_CONFIG, then
// the default's synonym). names are the configs asked for (nil: all).
func groupConfigsAsKafka(r *kmsg.DescribeConfigsResponseResource, names []string, synonyms bool) {
	set := map[string]*string{}
	for _, c := range r.Configs {
		if c.Source == kmsg.ConfigSourceGroupConfig {
			set[c.Name] = c.Value
		}
	}
	r.Configs = r.Configs[:0]
	for _, name := range slices.Sorted(maps.Keys(groupConfigDefaults)) {
		if names != nil && !slices.Contains(names, name) {
			continue
		}
		d := groupConfigDefaults[name]
		c := kmsg.NewDescribeConfigsResponseResourceConfig()
		c.Name, c.Value, c.Source = name, str(d.value), kmsg.ConfigSourceDefaultConfig
		if v, ok := set[name]; ok {
			c.Value, c.Source = v, kmsg.ConfigSourceGroupConfig
		}
		if synonyms {
			c.ConfigSynonyms = groupSynonyms(c, d)
		}
		r.Configs = append(r.Configs, c)
	}
}

func groupSynonyms(c kmsg.DescribeConfigsResponseResourceConfig, d topicDefault) []kmsg.DescribeConfigsResponseResourceConfigConfigSynonym {
	syns := []kmsg.DescribeConfigsResponseResourceConfigConfigSynonym{}
	if c.Source == kmsg.ConfigSourceGroupConfig {
		s := kmsg.NewDescribeConfigsResponseResourceConfigConfigSynonym()
		s.Name, s.Value, s.Source = c.Name, c.Value, c.Source
		syns = append(syns, s)
	}
	s := kmsg.NewDescribeConfigsResponseResourceConfigConfigSynonym()
	s.Name, s.Value, s.Source = d.broker, str(d.value), kmsg.ConfigSourceDefaultConfig
	return append(syns, s)
}

// clientMetricsSynonymsAsKafka gives a client metrics subscription's set configs their one
// synonym, their own (DYNAMIC_CLIENT_METRICS_CONFIG), as Kafka does; unset ones have none.
func clientMetricsSynonymsAsKafka(r *kmsg.DescribeConfigsResponseResource) {
	for i := range r.Configs {
		c := &r.Configs[i]
		if c.Source == kmsg.ConfigSourceClientMetricsConfig && len(c.ConfigSynonyms) == 0 {
			s := kmsg.NewDescribeConfigsResponseResourceConfigConfigSynonym()
			s.Name, s.Value, s.Source = c.Name, c.Value, c.Source
			c.ConfigSynonyms = append(c.ConfigSynonyms, s)
		}
	}
}
