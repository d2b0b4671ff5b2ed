package kafkatools

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:      "kafka-configs.sh",
		summary:   "show or change the configs of a topic or broker, e.g. retention.ms, or client quotas (Kafka's kafka-configs.sh)",
		errPrefix: "Error while executing config command : ",
		specs: []option{
			{name: "describe", help: "List configs for the given entity."},
			{name: "alter", help: "Alter the configuration for the entity."},
			{name: "all", help: "With --describe: list all configs, not only the ones set on the topic."},
			{name: "entity-type", arg: "topics|brokers|users|clients|groups|client-metrics", help: "Type of entity: topics, brokers, users and clients (their quotas), groups or client-metrics."},
			{name: "entity-name", arg: "name", help: "Name of the entity: the topic, the broker id, the user, the client id, the group or the client metrics subscription."},
			{name: "entity-default", help: "With brokers, users or clients: the cluster-wide default instead of one named entity."},
			{name: "topic", arg: "topic", help: "The topic's name (same as --entity-type topics --entity-name <topic>)."},
			{name: "add-config", arg: "k1=v1,k2=[v1,v2,v2],k3=v3", help: "Configs to add or change, comma separated (values may hold commas inside [])."},
			{name: "delete-config", arg: "k1,k2", help: "Config names to remove, so the topic goes back to the default (comma separated, repeatable)."},
		},
		run: runConfigs,
	})
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var (
	configListSplit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`,`) })
	squareBrackets  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[?\]?`) })
)

// splitAddConfig splits "k1=v1,k2=[a,b]" like ConfigCommand: commas inside [] stay in the value.
func splitAddConfig(s string) (map[string]string, error) {
	var parts []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, s[start:])
	out := map[string]string{}
	for _, p := range parts {
		k, v, ok := strings.Cut(p, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, usagef("invalid entity config %q: all configs to be added must be in the format \"key=val\", like --add-config retention.ms=600000", p)
		}
		out[strings.TrimSpace(k)] = strings.TrimSpace(squareBrackets().ReplaceAllString(v, ""))
	}
	return out, nil
}

func runConfigs(ctx context.Context, r *toolRun) error {
	o := r.opts
	if o.has("describe") == o.has("alter") {
		return usagef("command must include exactly one action: --describe or --alter")
	}
	topic := o.value("topic", "")
	entityType := o.value("entity-type", "")
	entityType = normalEntityType(entityType)
	if types := o.values("entity-type"); len(types) > 1 {
		// Only a user and client pair: their quotas together.
		if len(types) != 2 || normalEntityType(types[0]) == normalEntityType(types[1]) ||
			!slices.Contains([]string{"users", "clients"}, normalEntityType(types[0])) || !slices.Contains([]string{"users", "clients"}, normalEntityType(types[1])) {
			return usagef("several --entity-type go together only as users and clients (a user and client pair's quotas)")
		}
		entityType = "users+clients"
	}
	if o.has("entity-default") && (o.has("entity-name") && entityType != "users+clients" || entityType == "topics" || entityType == "topic") {
		return usagef("--entity-default goes with --entity-type brokers, users or clients, instead of --entity-name")
	}
	if !o.has("topic") {
		if et := entityType; et != "topics" && et != "topic" && et != "brokers" && et != "users" && et != "clients" && et != "users+clients" && et != "groups" && et != "client-metrics" {
			if et == "" {
				return usagef("missing --entity-type: add --entity-type topics --entity-name <topic>")
			}
			return usagef("entity type %q is not available here: kafkalab's kafka-configs.sh handles --entity-type topics, brokers, users, clients, groups and client-metrics", et)
		}
		topic = o.value("entity-name", "")
		if entityType != "topics" && entityType != "topic" {
			topic = ""
		} else if topic == "" && o.has("alter") {
			return usagef("an entity name must be specified with --alter of topics: add --entity-name <topic>")
		}
	}
	if topic != "" {
		if err := validateTopicName(topic); err != nil {
			return err
		}
	}
	var add map[string]string
	var del []string
	if o.has("alter") {
		for _, v := range o.values("add-config") {
			m, err := splitAddConfig(v)
			if err != nil {
				return err
			}
			if add == nil {
				add = map[string]string{}
			}
			for k, val := range m {
				add[k] = val
			}
		}
		for _, v := range o.values("delete-config") {
			for _, k := range configListSplit().Split(v, -1) {
				if k = strings.TrimSpace(k); k != "" {
					del = append(del, k)
				}
			}
		}
		if len(add) == 0 && len(del) == 0 {
			return usagef("--alter needs --add-config k=v or --delete-config k")
		}
	} else if o.has("add-config") || o.has("delete-config") {
		return usagef("--add-config and --delete-config go with --alter, not --describe")
	}

	if entityType == "groups" || entityType == "client-metrics" {
		return runResourceConfigs(ctx, r, entityType, add, del)
	}
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	switch {
	case o.has("topic"):
	case entityType == "brokers":
		return runBrokerConfigs(ctx, r, adm, add, del)
	case entityType == "users" || entityType == "clients" || entityType == "users+clients":
		return runQuotaConfigs(ctx, r, adm, add, del)
	}
	if o.has("describe") {
		md, err := adm.Metadata(ctx)
		if err != nil {
			return fmt.Errorf("cannot list topics: %w", err)
		}
		topics := []string{topic}
		if topic == "" {
			// Kafka describes every topic in the order of the HashSet its admin client lists
			// them in, filled in the order of the broker's Metadata answer.
			if topics, err = metadataTopicOrder(ctx, r); err != nil {
				return err
			}
			topics = javaStringSetOrder(topics)
		} else if _, ok := md.Topics[topic]; !ok {
			// Kafka's ConfigCommand says so on stdout and exits 0.
			fmt.Fprintf(r.io.Stdout, "The topic '%s' doesn't exist and doesn't have dynamic config.\n", topic)
			return nil
		}
		return describeConfigs(ctx, r, adm, topics)
	}

	// Kafka 4.3 accepts deleting a config that is not set (a no-op), so we do too.
	var alters []kadm.AlterConfig
	keys := make([]string, 0, len(add))
	for k := range add {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		alters = append(alters, kadm.AlterConfig{Op: kadm.SetConfig, Name: k, Value: kadm.StringPtr(add[k])})
	}
	for _, k := range del {
		alters = append(alters, kadm.AlterConfig{Op: kadm.DeleteConfig, Name: k})
	}
	resps, err := adm.AlterTopicConfigs(ctx, alters, topic)
	if err != nil {
		return fmt.Errorf("cannot change the configs of topic %s: %w", topic, err)
	}
	for _, resp := range resps {
		if resp.Err != nil {
			return configsRefused(topic, resp.ErrMessage, resp.Err)
		}
	}
	fmt.Fprintf(r.io.Stdout, "Completed updating config for topic %s.\n", topic)
	return nil
}

// metadataTopicOrder lists the cluster's topics in the order the broker's Metadata answer
// gives them (kadm's Metadata returns a map).
func metadataTopicOrder(ctx context.Context, r *toolRun) ([]string, error) {
	cl, err := r.client(ctx)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	resp, err := kmsg.NewPtrMetadataRequest().RequestWith(ctx, cl)
	if err != nil {
		return nil, fmt.Errorf("cannot list topics: %w", err)
	}
	var names []string
	for _, t := range resp.Topics {
		if t.Topic != nil && t.ErrorCode == 0 {
			names = append(names, *t.Topic)
		}
	}
	return names, nil
}

// normalEntityType is the plural ConfigCommand also accepts the singular of.
func normalEntityType(t string) string {
	switch t {
	case "broker":
		return "brokers"
	case "user":
		return "users"
	case "client":
		return "clients"
	}
	return t
}

// configsRefused reports a refused change with the exception Kafka's ConfigCommand shows
// (the broker's message; not the stack trace), then the fix where the message has none.
func configsRefused(topic, msg string, err error) error {
	cls := "org.apache.kafka.common.KafkaException"
	var ke *kerr.Error
	if errors.As(err, &ke) {
		cls = javaExceptionClass(ke)
	}
	if errors.Is(err, kerr.UnknownTopicOrPartition) {
		if msg == "" {
			msg = fmt.Sprintf("The topic '%s' does not exist.", topic)
		}
		return fmt.Errorf("%s: %s Check the name with kafka-topics.sh --list, or create it with kafka-topics.sh --create --topic %s", cls, msg, topic)
	}
	return fmt.Errorf("%s: %w", cls, brokerRefusal(msg, err))
}

func describeConfigs(ctx context.Context, r *toolRun, adm *kadm.Client, topics []string) error {
	all := r.opts.has("all")
	rcs, err := adm.DescribeTopicConfigs(ctx, topics...)
	if err != nil {
		return fmt.Errorf("cannot describe configs: %w", err)
	}
	byName := map[string]kadm.ResourceConfig{}
	for _, rc := range rcs {
		byName[rc.Name] = rc
	}
	for _, t := range topics {
		rc := byName[t]
		if rc.Err != nil {
			return fmt.Errorf("cannot describe the configs of topic %s: %w", t, rc.Err)
		}
		kind := "Dynamic"
		if all {
			kind = "All"
		}
		fmt.Fprintf(r.io.Stdout, "%s configs for topic %s are:\n", kind, t)
		cfgs := append([]kadm.Config(nil), rc.Configs...)
		sort.Slice(cfgs, func(i, j int) bool { return cfgs[i].Key < cfgs[j].Key })
		for _, c := range cfgs {
			if !all && c.Source != kmsg.ConfigSourceDynamicTopicConfig {
				continue
			}
			// The synonyms are the broker's list as it sent it (a real broker starts it with
			// the entry's own source; a config with no synonyms prints {}).
			syns := make([]string, 0, len(c.Synonyms))
			for _, s := range c.Synonyms {
				syns = append(syns, fmt.Sprintf("%s:%s=%s", s.Source, s.Key, javaString(s.Value)))
			}
			fmt.Fprintf(r.io.Stdout, "  %s=%s sensitive=%t synonyms={%s}\n", c.Key, javaString(c.Value), c.Sensitive, strings.Join(syns, ", "))
		}
	}
	return nil
}

// javaString prints a nullable string as Java's string concatenation does.
func javaString(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}
