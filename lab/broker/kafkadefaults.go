package broker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// This file makes kfake describe itself as a single Apache Kafka 4.x broker would, set up
// the way Kafka's own single-node KRaft sample config sets it up (replication factor 1 for
// everything, 1 partition per auto-created topic).

const longMax = "9223372036854775807"

// kafkaConfig is one config as Kafka reports it.
type kafkaConfig struct {
	value  *string // nil = Kafka reports null
	typ    kmsg.ConfigType
	static bool // set in the broker's config file (STATIC_BROKER_CONFIG) rather than a built-in default
	// dynamicDefault: set cluster-wide (DYNAMIC_DEFAULT_BROKER_CONFIG), as a KRaft
	// controller sets min.insync.replicas when it formats.
	dynamicDefault bool
}

func str(s string) *string { return &s }

// brokerOverrides replace what kfake reports for the broker resource, or add what it lacks.
var brokerOverrides = map[string]kafkaConfig{
	"default.replication.factor":               {value: str("1"), typ: kmsg.ConfigTypeInt},
	"num.partitions":                           {value: str("1"), typ: kmsg.ConfigTypeInt, static: true},
	"auto.create.topics.enable":                {value: str("true"), typ: kmsg.ConfigTypeBoolean},
	"log.segment.bytes":                        {value: str("1073741824"), typ: kmsg.ConfigTypeInt},
	"log.retention.hours":                      {value: str("168"), typ: kmsg.ConfigTypeInt, static: true},
	"log.retention.check.interval.ms":          {value: str("300000"), typ: kmsg.ConfigTypeLong},
	"log.cleaner.backoff.ms":                   {value: str("15000"), typ: kmsg.ConfigTypeLong},
	"log.cleanup.policy":                       {value: str("delete"), typ: kmsg.ConfigTypeList},
	"offsets.topic.replication.factor":         {value: str("1"), typ: kmsg.ConfigTypeShort, static: true},
	"transaction.state.log.replication.factor": {value: str("1"), typ: kmsg.ConfigTypeShort, static: true},
	"transaction.state.log.min.isr":            {value: str("1"), typ: kmsg.ConfigTypeInt, static: true},
	"group.initial.rebalance.delay.ms":         {value: str("0"), typ: kmsg.ConfigTypeInt, static: true},
	"group.max.session.timeout.ms":             {value: str("1800000"), typ: kmsg.ConfigTypeInt},
	"broker.rack":                              {value: nil, typ: kmsg.ConfigTypeString},
	"sasl.enabled.mechanisms":                  {value: str("GSSAPI"), typ: kmsg.ConfigTypeList},
	"unclean.leader.election.enable":           {value: str("false"), typ: kmsg.ConfigTypeBoolean},
}

// brokerHidden are kfake's own settings that no Kafka broker reports.
var brokerHidden = map[string]bool{"state.log.compact.bytes": true}

// topicOverrides are Kafka 4.x topic defaults: kfake reports 11 topic configs, Kafka about
// 30; segment.bytes differs (kfake 100 MiB, Kafka 1 GiB).
var topicOverrides = map[string]kafkaConfig{
	"segment.bytes":                           {value: str("1073741824"), typ: kmsg.ConfigTypeInt},
	"compression.gzip.level":                  {value: str("-1"), typ: kmsg.ConfigTypeInt},
	"compression.lz4.level":                   {value: str("9"), typ: kmsg.ConfigTypeInt},
	"compression.zstd.level":                  {value: str("3"), typ: kmsg.ConfigTypeInt},
	"file.delete.delay.ms":                    {value: str("60000"), typ: kmsg.ConfigTypeLong},
	"flush.messages":                          {value: str(longMax), typ: kmsg.ConfigTypeLong},
	"flush.ms":                                {value: str(longMax), typ: kmsg.ConfigTypeLong},
	"follower.replication.throttled.replicas": {value: str(""), typ: kmsg.ConfigTypeList},
	"leader.replication.throttled.replicas":   {value: str(""), typ: kmsg.ConfigTypeList},
	"index.interval.bytes":                    {value: str("4096"), typ: kmsg.ConfigTypeInt},
	"local.retention.bytes":                   {value: str("-2"), typ: kmsg.ConfigTypeLong},
	"local.retention.ms":                      {value: str("-2"), typ: kmsg.ConfigTypeLong},
	"max.compaction.lag.ms":                   {value: str(longMax), typ: kmsg.ConfigTypeLong},
	"message.timestamp.after.max.ms":          {value: str("3600000"), typ: kmsg.ConfigTypeLong},
	"message.timestamp.before.max.ms":         {value: str(longMax), typ: kmsg.ConfigTypeLong},
	"min.cleanable.dirty.ratio":               {value: str("0.5"), typ: kmsg.ConfigTypeDouble},
	"min.compaction.lag.ms":                   {value: str("0"), typ: kmsg.ConfigTypeLong},
	"preallocate":                             {value: str("false"), typ: kmsg.ConfigTypeBoolean},
	"remote.storage.enable":                   {value: str("false"), typ: kmsg.ConfigTypeBoolean},
	"segment.index.bytes":                     {value: str("10485760"), typ: kmsg.ConfigTypeInt},
	"segment.jitter.ms":                       {value: str("0"), typ: kmsg.ConfigTypeLong},
	"unclean.leader.election.enable":          {value: str("false"), typ: kmsg.ConfigTypeBoolean},
	"min.insync.replicas":                     {value: str("1"), typ: kmsg.ConfigTypeInt, dynamicDefault: true},
}

func init() {
	// Kafka 4.x topic configs kfake neither reports nor lists (tiered storage switches).
	topicOverrides["remote.log.copy.disable"] = kafkaConfig{value: str("false"), typ: kmsg.ConfigTypeBoolean}
	topicOverrides["remote.log.delete.on.disable"] = kafkaConfig{value: str("false"), typ: kmsg.ConfigTypeBoolean}
}

// topicHidden are kfake's private topic settings.
var topicHidden = map[string]bool{"kfake.is_internal": true}

// kafkaDefaults rewrites responses so the embedded broker answers as Kafka does:
// DescribeConfigs reports Kafka's defaults, the requests the rules refused (kafkarules.go)
// get their answers back, and kfake's own errors Kafka's messages. logDir is what log.dir
// reports.
func kafkaDefaults(logDir string, rules *kafkaRules) rewriteFunc {
	quotas := newQuotaOrders()
	return func(kreq kmsg.Request, kresp kmsg.Response) {
		switch resp := kresp.(type) {
		case *kmsg.DescribeTopicPartitionsResponse:
			describeTopicPartitionsAsKafka(resp)
		case *kmsg.DescribeGroupsResponse:
			describeGroupsAsKafka(resp)
		case *kmsg.ConsumerGroupDescribeResponse:
			consumerGroupDescribeAsKafka(resp)
		case *kmsg.CreatePartitionsResponse:
			rules.restoreCreatePartitions(resp)
		case *kmsg.MetadataResponse: // kfake says rack "krack"; a broker without broker.rack says null
			rules.restoreMetadata(resp)
			for i := range resp.Brokers {
				resp.Brokers[i].Rack = nil
			}
		case *kmsg.DescribeClusterResponse:
			for i := range resp.Brokers {
				resp.Brokers[i].Rack = nil
			}
		case *kmsg.DescribeConfigsResponse:
			if req, ok := kreq.(*kmsg.DescribeConfigsRequest); ok {
				describeConfigsAsKafka(req, resp, logDir)
			}
		case *kmsg.CreateTopicsResponse:
			rules.restoreCreateTopics(resp)
			if req, ok := kreq.(*kmsg.CreateTopicsRequest); ok {
				createTopicsAsKafka(req, resp)
			}
		case *kmsg.AlterConfigsResponse:
			rules.restoreAlterConfigs(resp)
		case *kmsg.IncrementalAlterConfigsResponse:
			rules.restoreIncrementalAlterConfigs(resp)
		case *kmsg.DescribeClientQuotasResponse:
			quotas.describeClientQuotasAsKafka(resp)
		case *kmsg.AlterClientQuotasResponse:
			alterClientQuotasAsKafka(resp)
			if req, ok := kreq.(*kmsg.AlterClientQuotasRequest); ok {
				quotas.altered(req, resp)
			}
		}
	}
}

// createTopicsAsKafka gives CreateTopics errors Kafka's codes and messages (kfake sends
// codes only), as kafka-topics.sh prints them after "Error while executing topic command : ".
func createTopicsAsKafka(req *kmsg.CreateTopicsRequest, resp *kmsg.CreateTopicsResponse) {
	for i := range resp.Topics {
		t := &resp.Topics[i]
		var orig *kmsg.CreateTopicsRequestTopic
		for j := range req.Topics {
			if req.Topics[j].Topic == t.Topic {
				orig = &req.Topics[j]
				break
			}
		}
		if t.ErrorCode == 0 {
			if resp.Version >= 5 {
				t.Configs = createdTopicConfigs(orig)
			}
			continue
		}
		// What the rules let through and kfake still refused (a race with another client).
		if t.ErrorCode == kerr.TopicAlreadyExists.Code && t.ErrorMessage == nil {
			t.ErrorMessage = str(fmt.Sprintf("Topic '%s' already exists.", t.Topic))
		}
	}
}

// describeConfigsAsKafka rewrites a DescribeConfigs response to Kafka's defaults. Only
// configs still at their default are rewritten: anything a client set (a DYNAMIC_* source)
// is reported as kfake stored it.
func describeConfigsAsKafka(req *kmsg.DescribeConfigsRequest, resp *kmsg.DescribeConfigsResponse, logDir string) {
	for i := range resp.Resources {
		r := &resp.Resources[i]
		if r.ErrorCode != 0 {
			continue
		}
		var names []string // nil = all configs were asked for
		for _, rr := range req.Resources {
			if rr.ResourceType == r.ResourceType && rr.ResourceName == r.ResourceName {
				names = rr.ConfigNames
				break
			}
		}
		switch r.ResourceType {
		case kmsg.ConfigResourceTypeBroker:
			if r.ResourceName == "" {
				clusterDefaultsAsKafka(r, names, req.IncludeSynonyms)
				break
			}
			applyOverrides(r, withLogDir(logDir), brokerHidden, names, resp.Version)
		case kmsg.ConfigResourceTypeTopic:
			applyOverrides(r, topicOverrides, topicHidden, names, resp.Version)
			topicConfigsAsKafka(r, req.IncludeSynonyms)
		case kmsg.ConfigResourceTypeGroupConfig:
			groupConfigsAsKafka(r, names, req.IncludeSynonyms)
		case kmsg.ConfigResourceTypeClientMetrics:
			if req.IncludeSynonyms {
				clientMetricsSynonymsAsKafka(r)
			}
		}
	}
}

func withLogDir(dir string) map[string]kafkaConfig {
	m := make(map[string]kafkaConfig, len(brokerOverrides)+1)
	for k, v := range brokerOverrides {
		m[k] = v
	}
	if dir == "" { // memory only: Kafka's built-in default
		m["log.dir"] = kafkaConfig{value: str("/tmp/kafka-logs"), typ: kmsg.ConfigTypeString}
	} else {
		m["log.dir"] = kafkaConfig{value: str(dir), typ: kmsg.ConfigTypeString, static: true}
	}
	return m
}

// applyOverrides sets Kafka's value on every config still at kfake's default, adds the
// configs kfake does not know, drops kfake-only ones and sorts by name (Kafka's order).
func applyOverrides(r *kmsg.DescribeConfigsResponseResource, overrides map[string]kafkaConfig, hidden map[string]bool, names []string, version int16) {
	wanted := func(n string) bool { return names == nil || slices.Contains(names, n) }
	seen := map[string]bool{}
	keep := r.Configs[:0]
	for _, c := range r.Configs {
		if hidden[c.Name] {
			continue
		}
		seen[c.Name] = true
		if o, ok := overrides[c.Name]; ok && notSetByUser(c, version) {
			c = kafkaEntry(c.Name, o)
		}
		keep = append(keep, c)
	}
	r.Configs = keep
	for name, o := range overrides {
		if !seen[name] && wanted(name) {
			r.Configs = append(r.Configs, kafkaEntry(name, o))
		}
	}
	slices.SortFunc(r.Configs, func(a, b kmsg.DescribeConfigsResponseResourceConfig) int {
		return strings.Compare(a.Name, b.Name)
	})
}

// notSetByUser reports whether kfake reports a value it made up rather than one a client
// set: its defaults, its static values, and the dynamic broker configs kafkalab itself
// passes to kfake at start (see embeddedBrokerConfigs).
func notSetByUser(c kmsg.DescribeConfigsResponseResourceConfig, version int16) bool {
	_, ours := embeddedBrokerConfigs[c.Name]
	if version == 0 { // v0 carries no source, only IsDefault
		return c.IsDefault || ours
	}
	switch c.Source {
	case kmsg.ConfigSourceDefaultConfig, kmsg.ConfigSourceStaticBrokerConfig:
		return true
	case kmsg.ConfigSourceDynamicBrokerConfig:
		return ours
	}
	return false
}

func kafkaEntry(name string, o kafkaConfig) kmsg.DescribeConfigsResponseResourceConfig {
	c := kmsg.NewDescribeConfigsResponseResourceConfig()
	c.Name = name
	c.Value = o.value
	c.ConfigType = o.typ
	c.IsDefault = true
	c.Source = kmsg.ConfigSourceDefaultConfig
	if o.dynamicDefault {
		c.Source = kmsg.ConfigSourceDynamicDefaultBrokerConfig
		c.IsDefault = false
	}
	if o.static {
		c.Source = kmsg.ConfigSourceStaticBrokerConfig
		c.ReadOnly = true
		c.IsDefault = false
	}
	return c
}

// groupStates are the group state names as kfake spells them.
var groupStates = []string{"Empty", "Stable", "PreparingRebalance", "CompletingRebalance", "Dead", "Assigning", "Reconciling", "NotReady"}

// topicConfigsAsKafka puts a topic's configs in Kafka's order (kafka-topics.sh --describe
// prints them as they come) and gives them Kafka's synonyms when asked for.
func topicConfigsAsKafka(r *kmsg.DescribeConfigsResponseResource, synonyms bool) {
	byName := make(map[string]kmsg.DescribeConfigsResponseResourceConfig, len(r.Configs))
	names := make([]string, 0, len(r.Configs))
	for _, c := range r.Configs {
		byName[c.Name] = c
		names = append(names, c.Name)
	}
	r.Configs = r.Configs[:0]
	for _, n := range javaHashOrder(names) {
		c := byName[n]
		c.ConfigSynonyms = nil
		if synonyms {
			c.ConfigSynonyms = topicSynonyms(c)
		}
		r.Configs = append(r.Configs, c)
	}
}

// clusterDefaultsAsKafka answers for the cluster-wide broker defaults (resource name ""):
// only the dynamic defaults, which on Kafka 4.x include min.insync.replicas=1 set when the
// KRaft controller formats (kafka-configs.sh --entity-type brokers --entity-default).
func clusterDefaultsAsKafka(r *kmsg.DescribeConfigsResponseResource, names []string, synonyms bool) {
	keep := r.Configs[:0]
	seen := map[string]bool{}
	for _, c := range r.Configs {
		if c.Source == kmsg.ConfigSourceDynamicDefaultBrokerConfig {
			keep = append(keep, c)
			seen[c.Name] = true
		}
	}
	r.Configs = keep
	for name, v := range dynamicBrokerDefaults {
		if seen[name] || (names != nil && !slices.Contains(names, name)) {
			continue
		}
		c := kmsg.NewDescribeConfigsResponseResourceConfig()
		c.Name, c.Value, c.ConfigType = name, str(v), kmsg.ConfigTypeInt
		c.Source = kmsg.ConfigSourceDynamicDefaultBrokerConfig
		if synonyms {
			syn := kmsg.NewDescribeConfigsResponseResourceConfigConfigSynonym()
			syn.Name, syn.Value, syn.Source = name, str(v), c.Source
			c.ConfigSynonyms = append(c.ConfigSynonyms, syn)
		}
		r.Configs = append(r.Configs, c)
	}
}
