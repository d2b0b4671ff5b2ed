package broker

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// The answers Kafka's Java admin client reads field by field, as the embedded broker sends
// them over the wire (toolsdiff_apachekafka_test.go compares the tools' output with a real
// broker's in the test-apache-kafka tier).
func TestEmbeddedAnswersJavaToolsRead(t *testing.T) {
	ctx := testCtx(t)
	e := startTest(t, "")
	cl, adm := testClient(t, e)

	// CreateTopics v5+: every config with a valid source, ours as DYNAMIC_TOPIC_CONFIG.
	ct := kmsg.NewPtrCreateTopicsRequest()
	rt := kmsg.NewCreateTopicsRequestTopic()
	rt.Topic, rt.NumPartitions, rt.ReplicationFactor = "answers", 2, 1
	rc := kmsg.NewCreateTopicsRequestTopicConfig()
	rc.Name, rc.Value = "retention.ms", str("600000")
	rt.Configs = append(rt.Configs, rc)
	ct.Topics = append(ct.Topics, rt)
	ctr, err := ct.RequestWith(ctx, cl)
	if err != nil || ctr.Topics[0].ErrorCode != 0 {
		t.Fatalf("create: %v %+v", err, ctr)
	}
	srcs := map[string]string{}
	for _, c := range ctr.Topics[0].Configs {
		if c.Source < 1 || c.Value == nil {
			t.Errorf("create answer: config %s has source %d value %v", c.Name, c.Source, c.Value)
		}
		srcs[c.Name] = fmt.Sprintf("%s=%d", *c.Value, c.Source)
	}
	if len(srcs) != len(topicDefaults) || srcs["retention.ms"] != "600000=1" || srcs["min.insync.replicas"] != "1=3" || srcs["segment.bytes"] != "1073741824=5" {
		t.Errorf("create answer configs = %v", srcs)
	}

	// DescribeTopicPartitions: empty ELR lists, never null.
	dtp := kmsg.NewPtrDescribeTopicPartitionsRequest()
	dt := kmsg.NewDescribeTopicPartitionsRequestTopic()
	dt.Topic = "answers"
	dtp.Topics = append(dtp.Topics, dt)
	dtr, err := dtp.RequestWith(ctx, cl)
	if err != nil || len(dtr.Topics) != 1 || len(dtr.Topics[0].Partitions) != 2 {
		t.Fatalf("describe topic partitions: %v %+v", err, dtr)
	}
	// kmsg decodes an empty array as nil too: check the rewrite itself for non-nil lists.
	raw := kmsg.NewPtrDescribeTopicPartitionsResponse()
	raw.Topics = []kmsg.DescribeTopicPartitionsResponseTopic{{Partitions: []kmsg.DescribeTopicPartitionsResponseTopicPartition{{}}}}
	describeTopicPartitionsAsKafka(raw)
	if p := raw.Topics[0].Partitions[0]; p.EligibleLeaderReplicas == nil || p.LastKnownELR == nil || p.OfflineReplicas == nil {
		t.Errorf("null ELR lists stay null: %+v", p)
	}

	// DescribeConfigs with synonyms, as kafka-configs.sh --describe asks.
	if _, err := adm.AlterTopicConfigs(ctx, []kadm.AlterConfig{{Name: "cleanup.policy", Value: str("compact")}}, "answers"); err != nil {
		t.Fatal(err)
	}
	dc := kmsg.NewPtrDescribeConfigsRequest()
	dr := kmsg.NewDescribeConfigsRequestResource()
	dr.ResourceType, dr.ResourceName = kmsg.ConfigResourceTypeTopic, "answers"
	dc.Resources = append(dc.Resources, dr)
	dc.IncludeSynonyms = true
	dcr, err := dc.RequestWith(ctx, cl)
	if err != nil || len(dcr.Resources) != 1 {
		t.Fatalf("describe configs: %v", err)
	}
	got := map[string]string{}
	var order []string
	for _, c := range dcr.Resources[0].Configs {
		var syn []string
		for _, s := range c.ConfigSynonyms {
			syn = append(syn, fmt.Sprintf("%s:%s=%s", s.Source, s.Name, *s.Value))
		}
		got[c.Name] = fmt.Sprintf("%s %s {%s}", *c.Value, c.Source, strings.Join(syn, ", "))
		order = append(order, c.Name)
	}
	for name, want := range map[string]string{ // as Apache Kafka 4.3.1 answers
		"retention.ms":        "600000 DYNAMIC_TOPIC_CONFIG {DYNAMIC_TOPIC_CONFIG:retention.ms=600000}",
		"cleanup.policy":      "compact DYNAMIC_TOPIC_CONFIG {DYNAMIC_TOPIC_CONFIG:cleanup.policy=compact, DEFAULT_CONFIG:log.cleanup.policy=delete}",
		"min.insync.replicas": "1 DYNAMIC_DEFAULT_BROKER_CONFIG {DYNAMIC_DEFAULT_BROKER_CONFIG:min.insync.replicas=1, DEFAULT_CONFIG:min.insync.replicas=1}",
		"max.message.bytes":   "1048588 DEFAULT_CONFIG {DEFAULT_CONFIG:message.max.bytes=1048588}",
		"flush.ms":            "9223372036854775807 DEFAULT_CONFIG {}",
		"segment.ms":          "604800000 DEFAULT_CONFIG {}",
	} {
		if got[name] != want {
			t.Errorf("describe configs %s = %q, want %q", name, got[name], want)
		}
	}
	if want := javaHashOrder(order); !slices.Equal(order, want) || order[0] != "compression.type" {
		t.Errorf("config order %v, want Kafka's %v", order, want)
	}

	// The cluster-wide broker defaults: min.insync.replicas=1, as a formatted KRaft cluster has.
	dd := kmsg.NewPtrDescribeConfigsRequest()
	ddr := kmsg.NewDescribeConfigsRequestResource()
	ddr.ResourceType = kmsg.ConfigResourceTypeBroker
	dd.Resources = append(dd.Resources, ddr)
	dd.IncludeSynonyms = true
	ddresp, err := dd.RequestWith(ctx, cl)
	if err != nil || len(ddresp.Resources) != 1 {
		t.Fatalf("describe broker defaults: %v", err)
	}
	if cs := ddresp.Resources[0].Configs; len(cs) != 1 || cs[0].Name != "min.insync.replicas" || *cs[0].Value != "1" ||
		cs[0].Source != kmsg.ConfigSourceDynamicDefaultBrokerConfig || len(cs[0].ConfigSynonyms) != 1 {
		t.Errorf("broker defaults = %+v (code %d)", cs, ddresp.Resources[0].ErrorCode)
	}

	// Groups: Kafka's ListGroups type filter spelling, member host, not-found message.
	g := kmsg.NewPtrListGroupsRequest()
	g.TypesFilter = []string{"Consumer", "Classic"}
	if _, err := g.RequestWith(ctx, cl); err != nil {
		t.Fatal(err)
	}
	dg := kmsg.NewPtrDescribeGroupsRequest()
	dg.Groups = []string{"no-such-group"}
	dgr, err := dg.RequestWith(ctx, cl)
	if err != nil || len(dgr.Groups) != 1 {
		t.Fatalf("describe groups: %v", err)
	}
	if m := dgr.Groups[0].ErrorMessage; dgr.Groups[0].ErrorCode != 69 || m == nil || *m != "Group no-such-group not found." {
		t.Errorf("missing group: code %d message %v", dgr.Groups[0].ErrorCode, m)
	}
	for h, want := range map[string]string{"127.0.0.1:50123": "/127.0.0.1", "[::1]:9": "/::1", "odd": "odd"} {
		if got := clientHostAsKafka(h); got != want {
			t.Errorf("client host %q -> %q, want %q", h, got, want)
		}
	}

	// CreatePartitions that is no increase: Kafka's words.
	cp := kmsg.NewPtrCreatePartitionsRequest()
	for _, n := range []int32{1, 2} {
		tp := kmsg.NewCreatePartitionsRequestTopic()
		tp.Topic, tp.Count = "answers", n
		cp.Topics = []kmsg.CreatePartitionsRequestTopic{tp}
		cpr, err := cp.RequestWith(ctx, cl)
		if err != nil || len(cpr.Topics) != 1 {
			t.Fatalf("create partitions: %v", err)
		}
		want := map[int32]string{1: "The topic answers currently has 2 partition(s); 1 would not be an increase.", 2: "Topic already has 2 partition(s)."}[n]
		if m := cpr.Topics[0].ErrorMessage; m == nil || *m != want {
			t.Errorf("create partitions %d: message %v, want %q", n, m, want)
		}
	}
}
