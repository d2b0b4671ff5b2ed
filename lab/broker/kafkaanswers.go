package broker

import (
	"fmt"
	"net"
	"slices"
	"strings"

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
