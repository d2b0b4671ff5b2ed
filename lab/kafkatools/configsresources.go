package kafkatools

import (
	"context"
	"fmt"
	"slices"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kafka-configs.sh --entity-type groups and client-metrics: configs of a resource that need
// not exist otherwise (a group's consumer.session.timeout.ms, a client metrics
// subscription's metrics and interval.ms), described and altered as Kafka 4.3.1's
// ConfigCommand does.

// resourceEntity is one such entity type: its ConfigResource type, the source of the
// configs set on it, and its name in ConfigCommand's messages (the type without its s).
type resourceEntity struct {
	typ     kmsg.ConfigResourceType
	dynamic kmsg.ConfigSource
	text    string
}

var resourceEntities = map[string]resourceEntity{
	"groups":         {kmsg.ConfigResourceTypeGroupConfig, kmsg.ConfigSourceGroupConfig, "group"},
	"client-metrics": {kmsg.ConfigResourceTypeClientMetrics, kmsg.ConfigSourceClientMetricsConfig, "client-metric"},
}

// javaConfigSource is ConfigEntry.ConfigSource's name in Java, which prints the group and
// client metrics sources with DYNAMIC_ in front (kmsg leaves it out).
func javaConfigSource(s kmsg.ConfigSource) string {
	switch s {
	case kmsg.ConfigSourceClientMetricsConfig:
		return "DYNAMIC_CLIENT_METRICS_CONFIG"
	case kmsg.ConfigSourceGroupConfig:
		return "DYNAMIC_GROUP_CONFIG"
	}
	return s.String()
}

// runResourceConfigs is kafka-configs.sh --entity-type groups or client-metrics.
func runResourceConfigs(ctx context.Context, r *toolRun, entityType string, add map[string]string, del []string) error {
	o := r.opts
	ent := resourceEntities[entityType]
	name, named := o.value("entity-name", ""), o.has("entity-name")
	if o.has("alter") && (!named || o.has("entity-default")) {
		return usagef("An entity name must be specified with --alter of %s", entityType)
	}
	if o.has("entity-default") {
		return usagef("--entity-default must not be specified with --describe of %s", entityType)
	}
	adm, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer adm.Close()
	if o.has("alter") {
		// Kafka 4.3.1's tool sends a delete of a config that is not set (the broker takes it).
		req := kmsg.NewPtrIncrementalAlterConfigsRequest()
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = ent.typ, name
		for _, k := range del {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Op = k, kmsg.IncrementalAlterConfigOpDelete
			res.Configs = append(res.Configs, c)
		}
		for _, k := range sortedKeys(add) {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Op, c.Value = k, kmsg.IncrementalAlterConfigOpSet, kmsg.StringPtr(add[k])
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
		resp, err := req.RequestWith(ctx, adm)
		if err != nil {
			return fmt.Errorf("cannot change the configs of %s %s: %w", ent.text, name, err)
		}
		for _, rr := range resp.Resources {
			if err := kerr.ErrorForCode(rr.ErrorCode); err != nil {
				msg := ""
				if rr.ErrorMessage != nil {
					msg = *rr.ErrorMessage
				}
				return configsRefused("", msg, err)
			}
		}
		fmt.Fprintf(r.io.Stdout, "Completed updating config for %s %s.\n", ent.text, name)
		return nil
	}
	all := o.has("all")
	var names []string
	if named {
		if !all {
			known, err := resourceNames(ctx, adm, ent)
			if err != nil {
				return err
			}
			if !slices.Contains(known, name) {
				// Kafka's ConfigCommand says so on stdout and exits 0.
				fmt.Fprintf(r.io.Stdout, "The %s '%s' doesn't exist and doesn't have dynamic config.\n", ent.text, name)
				return nil
			}
		}
		names = []string{name}
	} else {
		var err error
		if names, err = resourceNames(ctx, adm, ent); err != nil {
			return err
		}
	}
	kind := "Dynamic"
	if all {
		kind = "All"
	}
	for _, n := range names {
		cfgs, err := resourceConfigs(ctx, adm, ent, n)
		if err != nil {
			return err
		}
		fmt.Fprintf(r.io.Stdout, "%s configs for %s %s are:\n", kind, ent.text, n)
		printConfigEntries(r, cfgs, func(c kadm.Config) bool { return all || c.Source == ent.dynamic })
	}
	return nil
}

// resourceNames lists the entities ConfigCommand describes when no name is given (and
// checks a name against): for groups the groups of the cluster, then those with configs
// but no group (a Scala Set: in that order up to 4 names); for client metrics the
// subscriptions, in the broker's order.
func resourceNames(ctx context.Context, adm *kgo.Client, ent resourceEntity) ([]string, error) {
	var names []string
	if ent.typ == kmsg.ConfigResourceTypeGroupConfig {
		req := kmsg.NewPtrListGroupsRequest()
		shards := adm.RequestSharded(ctx, req)
		for _, sh := range shards {
			if sh.Err != nil {
				return nil, fmt.Errorf("cannot list the groups: %w", sh.Err)
			}
			for _, g := range sh.Resp.(*kmsg.ListGroupsResponse).Groups {
				if !slices.Contains(names, g.Group) {
					names = append(names, g.Group)
				}
			}
		}
	}
	req := kmsg.NewPtrListConfigResourcesRequest()
	req.ResourceTypes = []int8{int8(ent.typ)}
	resp, err := req.RequestWith(ctx, adm)
	if err != nil {
		return nil, fmt.Errorf("cannot list the %ss with configs: %w", ent.text, err)
	}
	if err := kerr.ErrorForCode(resp.ErrorCode); err != nil {
		return nil, fmt.Errorf("cannot list the %ss with configs: %w", ent.text, err)
	}
	for _, c := range resp.ConfigResources {
		if !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
	}
	return names, nil
}

// resourceConfigs describes one group's or client metrics subscription's configs, with
// their synonyms.
func resourceConfigs(ctx context.Context, adm *kgo.Client, ent resourceEntity, name string) ([]kadm.Config, error) {
	req := kmsg.NewPtrDescribeConfigsRequest()
	res := kmsg.NewDescribeConfigsRequestResource()
	res.ResourceType, res.ResourceName = ent.typ, name
	req.Resources = append(req.Resources, res)
	req.IncludeSynonyms = true
	resp, err := req.RequestWith(ctx, adm)
	if err != nil {
		return nil, fmt.Errorf("cannot describe the configs of %s %s: %w", ent.text, name, err)
	}
	var out []kadm.Config
	for _, rr := range resp.Resources {
		if err := kerr.ErrorForCode(rr.ErrorCode); err != nil {
			msg := ""
			if rr.ErrorMessage != nil {
				msg = *rr.ErrorMessage
			}
			return nil, configsRefused("", msg, err)
		}
		for _, c := range rr.Configs {
			kc := kadm.Config{Key: c.Name, Value: c.Value, Sensitive: c.IsSensitive, Source: c.Source}
			for _, s := range c.ConfigSynonyms {
				kc.Synonyms = append(kc.Synonyms, kadm.ConfigSynonym{Key: s.Name, Value: s.Value, Source: s.Source})
			}
			out = append(out, kc)
		}
	}
	return out, nil
}
