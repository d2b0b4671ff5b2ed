package broker

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// roundTrip sends one request over a fresh connection and decodes the answer as a client
// would, so that a null array stays nil and an empty one non-nil (kmsg decodes them so); it
// also returns the answer's body bytes as they came.
func roundTrip(t *testing.T, e *Embedded, req kmsg.Request) (kmsg.Response, []byte) {
	t.Helper()
	c, err := net.DialTimeout("tcp", e.Bootstrap()[0], 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := c.Write(requestFrame(req, 7)); err != nil {
		t.Fatalf("write %s: %v", kmsg.NameForKey(req.Key()), err)
	}
	var size [4]byte
	if _, err := io.ReadFull(c, size[:]); err != nil {
		t.Fatalf("read %s answer: %v", kmsg.NameForKey(req.Key()), err)
	}
	frame := make([]byte, binary.BigEndian.Uint32(size[:]))
	if _, err := io.ReadFull(c, frame); err != nil {
		t.Fatalf("read %s answer: %v", kmsg.NameForKey(req.Key()), err)
	}
	resp := req.ResponseKind()
	resp.SetVersion(req.GetVersion())
	body := frame[4:]
	if resp.IsFlexible() {
		body = body[1:] // the header's empty tagged fields
	}
	if err := resp.ReadFrom(body); err != nil {
		t.Fatalf("decode %s answer: %v", kmsg.NameForKey(req.Key()), err)
	}
	return resp, body
}

func describeQuotas(t *testing.T, e *Embedded, version int16, typ string, name *string) (*kmsg.DescribeClientQuotasResponse, []byte) {
	t.Helper()
	req := kmsg.NewPtrDescribeClientQuotasRequest()
	req.Version = version
	c := kmsg.NewDescribeClientQuotasRequestComponent()
	c.EntityType, c.MatchType, c.Match = typ, kmsg.QuotasMatchTypeExact, name
	req.Components = append(req.Components, c)
	req.Strict = true
	resp, body := roundTrip(t, e, req)
	return resp.(*kmsg.DescribeClientQuotasResponse), body
}

func alterQuotas(t *testing.T, e *Embedded, version int16, typ, name string, values map[string]float64) *kmsg.AlterClientQuotasResponse {
	t.Helper()
	req := kmsg.NewPtrAlterClientQuotasRequest()
	req.Version = version
	entry := kmsg.NewAlterClientQuotasRequestEntry()
	ent := kmsg.NewAlterClientQuotasRequestEntryEntity()
	ent.Type, ent.Name = typ, &name
	entry.Entity = append(entry.Entity, ent)
	for k, v := range values {
		op := kmsg.NewAlterClientQuotasRequestEntryOp()
		op.Key, op.Value = k, v
		entry.Ops = append(entry.Ops, op)
	}
	req.Entries = append(req.Entries, entry)
	resp, _ := roundTrip(t, e, req)
	return resp.(*kmsg.AlterClientQuotasResponse)
}

func removeQuota(t *testing.T, e *Embedded, version int16, typ, name, key string) {
	t.Helper()
	req := kmsg.NewPtrAlterClientQuotasRequest()
	req.Version = version
	entry := kmsg.NewAlterClientQuotasRequestEntry()
	ent := kmsg.NewAlterClientQuotasRequestEntryEntity()
	ent.Type, ent.Name = typ, &name
	entry.Entity = append(entry.Entity, ent)
	op := kmsg.NewAlterClientQuotasRequestEntryOp()
	op.Key, op.Remove = key, true
	entry.Ops = append(entry.Ops, op)
	req.Entries = append(req.Entries, entry)
	resp, _ := roundTrip(t, e, req)
	if a := resp.(*kmsg.AlterClientQuotasResponse); len(a.Entries) != 1 || a.Entries[0].ErrorCode != 0 {
		t.Fatalf("remove %s: %+v", key, a.Entries)
	}
}

// TestEmbeddedClientQuotasAsKafka: DescribeClientQuotas of an entity without quotas is an
// empty entries array, not null (Kafka 4.3.1's kafka-configs.sh failed with a
// NullPointerException on kfake's null), in both versions; AlterClientQuotas answers are
// never null; and an entity's values come in the 4.3.1 broker's order every time.
func TestEmbeddedClientQuotasAsKafka(t *testing.T) {
	e := startTest(t, "")
	for _, version := range []int16{0, 1} { // v1 is flexible
		t.Run(fmt.Sprintf("v%d", version), func(t *testing.T) {
			user := fmt.Sprintf("nobody-%d", version)
			d, wire := describeQuotas(t, e, version, "user", &user)
			if d.ErrorCode != 0 || d.ErrorMessage != nil {
				t.Fatalf("describe: error %d %v", d.ErrorCode, d.ErrorMessage)
			}
			if d.Entries == nil || len(d.Entries) != 0 {
				t.Errorf("describe of an entity without quotas: entries %#v, want an empty array (not null)", d.Entries)
			}
			// The empty array on the wire, byte for byte: a compact array of 0 is the
			// uvarint 1 (v1), a classic one the int32 0 (v0); null would be 0 and -1.
			want := []byte{0, 0, 0, 0}
			if version == 1 {
				want = []byte{1}
			}
			// throttle (4), error code (2), null error message (1 or 2 bytes), entries.
			off := 4 + 2 + 2
			if version == 1 {
				off = 4 + 2 + 1
			}
			if got := wire[off : off+len(want)]; !slices.Equal(got, want) {
				t.Errorf("entries length on the wire = % x, want % x", got, want)
			}

			a := alterQuotas(t, e, version, "user", user, map[string]float64{"producer_byte_rate": 1024, "consumer_byte_rate": 2048, "request_percentage": 200})
			if len(a.Entries) != 1 || a.Entries[0].ErrorCode != 0 || a.Entries[0].ErrorMessage != nil || len(a.Entries[0].Entity) != 1 {
				t.Fatalf("alter answer: %+v", a.Entries)
			}
			// Kafka 4.3.1's broker answered these three (ops.html's example) in this order.
			for range 5 { // kfake's map order changed between describes
				d, _ := describeQuotas(t, e, version, "user", &user)
				if len(d.Entries) != 1 {
					t.Fatalf("describe after alter: %d entries", len(d.Entries))
				}
				var got []string
				for _, v := range d.Entries[0].Values {
					got = append(got, fmt.Sprintf("%s=%g", v.Key, v.Value))
				}
				if s := strings.Join(got, ","); s != "consumer_byte_rate=2048,request_percentage=200,producer_byte_rate=1024" {
					t.Fatalf("values in order %s", s)
				}
			}
			// A fourth value, then without it: the order follows the history, as Kafka's.
			for _, step := range []struct {
				set    map[string]float64
				remove string
				want   string
			}{
				{set: map[string]float64{"controller_mutation_rate": 10}, want: "producer_byte_rate,consumer_byte_rate,controller_mutation_rate,request_percentage"},
				{remove: "controller_mutation_rate", want: "producer_byte_rate,consumer_byte_rate,request_percentage"},
			} {
				if step.set != nil {
					alterQuotas(t, e, version, "user", user, step.set)
				} else {
					removeQuota(t, e, version, "user", user, step.remove)
				}
				d, _ := describeQuotas(t, e, version, "user", &user)
				if len(d.Entries) != 1 {
					t.Fatalf("describe: %d entries", len(d.Entries))
				}
				var got []string
				for _, v := range d.Entries[0].Values {
					got = append(got, v.Key)
				}
				if s := strings.Join(got, ","); s != step.want {
					t.Errorf("values in order %s, want %s", s, step.want)
				}
			}
		})
	}
}

// TestRebuildQuotaMap: the orders Kafka 4.3.1's broker answered an entity's quota values
// in, alter after alter (the first four rows as seen on a real broker through Kafka's
// kafka-configs.sh, TestJavaToolsSeeOneKafkaBroker; the others follow the same HashMap).
func TestRebuildQuotaMap(t *testing.T) {
	const p, c, r, m = "producer_byte_rate", "consumer_byte_rate", "request_percentage", "controller_mutation_rate"
	for _, tc := range []struct {
		name             string
		old, set, remove []string
		want             []string
	}{
		{"ops.html's three at once", nil, []string{p, c, r}, nil, []string{c, r, p}},
		{"in another order", nil, []string{r, c, p}, nil, []string{c, r, p}},
		{"a fourth added", []string{c, r, p}, []string{m}, nil, []string{p, c, m, r}},
		{"the fourth removed", []string{p, c, m, r}, nil, []string{m}, []string{p, c, r}},
		{"one changed keeps its place", []string{c, r, p}, []string{p}, nil, []string{c, r, p}},
		{"all removed", []string{c, r, p}, nil, []string{p, c, r}, nil},
		{"one", nil, []string{p}, nil, []string{p}},
		{"two in one bucket of 4, in the changes' order", nil, []string{p, r}, nil, []string{r, p}},
		{"two in one bucket of 4, the old one first", []string{p}, []string{r}, nil, []string{p, r}},
	} {
		if got := rebuildQuotaMap(tc.old, tc.set, tc.remove); !slices.Equal(got, tc.want) {
			t.Errorf("%s: rebuildQuotaMap(%v, +%v, -%v) = %v, want %v", tc.name, tc.old, tc.set, tc.remove, got, tc.want)
		}
	}
}

// TestEmbeddedGroupAndClientMetricsConfigsAsKafka: DescribeConfigs of a group lists Kafka
// 4.3.1's group configs at their defaults with the broker config as synonym, a set one as
// DYNAMIC_GROUP_CONFIG first; a client metrics subscription's set configs carry their own
// synonym (as kafka-configs.sh --describe --all printed them on a 4.3.1 broker).
func TestEmbeddedGroupAndClientMetricsConfigsAsKafka(t *testing.T) {
	e := startTest(t, "")
	alter := kmsg.NewPtrIncrementalAlterConfigsRequest()
	for _, r := range []struct {
		typ        kmsg.ConfigResourceType
		name, k, v string
	}{
		{kmsg.ConfigResourceTypeGroupConfig, "g1", "consumer.session.timeout.ms", "50000"},
		{kmsg.ConfigResourceTypeClientMetrics, "m1", "interval.ms", "1000"},
	} {
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = r.typ, r.name
		c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
		c.Name, c.Value = r.k, str(r.v)
		res.Configs = append(res.Configs, c)
		alter.Resources = append(alter.Resources, res)
	}
	alter.Version = 1
	if resp, _ := roundTrip(t, e, alter); resp.(*kmsg.IncrementalAlterConfigsResponse).Resources[0].ErrorCode != 0 {
		t.Fatalf("alter: %+v", resp)
	}
	describe := func(typ kmsg.ConfigResourceType, name string) map[string]string {
		req := kmsg.NewPtrDescribeConfigsRequest()
		req.Version, req.IncludeSynonyms = 4, true
		res := kmsg.NewDescribeConfigsRequestResource()
		res.ResourceType, res.ResourceName = typ, name
		req.Resources = append(req.Resources, res)
		resp, _ := roundTrip(t, e, req)
		out := map[string]string{}
		for _, c := range resp.(*kmsg.DescribeConfigsResponse).Resources[0].Configs {
			var syns []string
			for _, s := range c.ConfigSynonyms {
				syns = append(syns, fmt.Sprintf("%s:%s=%s", s.Source, s.Name, *s.Value))
			}
			v := "null"
			if c.Value != nil {
				v = *c.Value
			}
			out[c.Name] = fmt.Sprintf("%s %s {%s}", v, c.Source, strings.Join(syns, ", "))
		}
		return out
	}
	g := describe(kmsg.ConfigResourceTypeGroupConfig, "g1")
	for name, want := range map[string]string{
		"consumer.session.timeout.ms":        "50000 GROUP_CONFIG {GROUP_CONFIG:consumer.session.timeout.ms=50000, DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}",
		"consumer.assignment.interval.ms":    "1000 DEFAULT_CONFIG {DEFAULT_CONFIG:group.consumer.assignment.interval.ms=1000}",
		"share.auto.offset.reset":            "latest DEFAULT_CONFIG {DEFAULT_CONFIG:share.auto.offset.reset=latest}",
		"streams.initial.rebalance.delay.ms": "3000 DEFAULT_CONFIG {DEFAULT_CONFIG:group.streams.initial.rebalance.delay.ms=3000}",
	} {
		if g[name] != want {
			t.Errorf("group config %s = %q, want %q", name, g[name], want)
		}
	}
	if len(g) != 17 {
		t.Errorf("group configs: %d, want Kafka 4.3.1's 17: %v", len(g), g)
	}
	m := describe(kmsg.ConfigResourceTypeClientMetrics, "m1")
	if want := "1000 CLIENT_METRICS_CONFIG {CLIENT_METRICS_CONFIG:interval.ms=1000}"; m["interval.ms"] != want {
		t.Errorf("client metrics interval.ms = %q, want %q", m["interval.ms"], want)
	}
	if want := " DEFAULT_CONFIG {}"; m["match"] != want {
		t.Errorf("client metrics match = %q, want %q", m["match"], want)
	}
}
