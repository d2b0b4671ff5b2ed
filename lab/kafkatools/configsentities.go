package kafkatools

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kafka-configs.sh for the entity types besides topics that Kafka's docs use: brokers (one by
// id, or the cluster-wide default with --entity-default) and the client quotas of users and
// clients (by name, or the default).

// quotaEntityType is the quota entity's type in the protocol and in ConfigCommand's text.
var quotaEntityType = map[string]struct{ proto, text, alter string }{
	"users":   {"user", "user-principal", "user"},
	"clients": {"client-id", "client-id", "client"},
}

// runBrokerConfigs is kafka-configs.sh --entity-type brokers.
func runBrokerConfigs(ctx context.Context, r *toolRun, adm *kadm.Client, add map[string]string, del []string) error {
	o := r.opts
	name, isDefault := o.value("entity-name", ""), o.has("entity-default")
	var id int32
	if name != "" {
		n, err := strconv.ParseInt(name, 10, 32)
		if err != nil {
			return usagef("The entity name for brokers must be a valid integer broker id, but it is: %s", name)
		}
		id = int32(n)
	}
	if o.has("alter") {
		if name == "" && !isDefault {
			return usagef("an entity name must be specified with --alter of brokers: add --entity-name <broker id> or --entity-default")
		}
		alters := configAlters(add, del)
		var ids []int32
		if !isDefault {
			ids = []int32{id}
		}
		resps, err := adm.AlterBrokerConfigs(ctx, alters, ids...)
		if err != nil {
			return fmt.Errorf("cannot change the broker configs: %w", err)
		}
		for _, resp := range resps {
			if resp.Err != nil {
				return configsRefused("", resp.ErrMessage, resp.Err)
			}
		}
		if isDefault {
			fmt.Fprintln(r.io.Stdout, "Completed updating default config for brokers in the cluster.")
		} else {
			fmt.Fprintf(r.io.Stdout, "Completed updating config for broker %s.\n", name)
		}
		return nil
	}
	// --describe: the named broker, the default, or every broker and then the default.
	var brokers []int32
	switch {
	case name != "":
		md, err := adm.BrokerMetadata(ctx)
		if err != nil {
			return fmt.Errorf("cannot list the brokers: %w", err)
		}
		if !slices.Contains(md.Brokers.NodeIDs(), id) {
			// Kafka's ConfigCommand says so on stdout and exits 0.
			fmt.Fprintf(r.io.Stdout, "The broker '%s' doesn't exist and doesn't have dynamic config.\n", name)
			return nil
		}
		brokers = []int32{id}
	case !isDefault:
		md, err := adm.BrokerMetadata(ctx)
		if err != nil {
			return fmt.Errorf("cannot list the brokers: %w", err)
		}
		for _, b := range md.Brokers {
			brokers = append(brokers, b.NodeID)
		}
		sort.Slice(brokers, func(i, j int) bool { return brokers[i] < brokers[j] })
	}
	all := o.has("all")
	for _, b := range brokers {
		rcs, err := adm.DescribeBrokerConfigs(ctx, b)
		if err != nil {
			return fmt.Errorf("cannot describe the configs of broker %d: %w", b, err)
		}
		kind := "Dynamic"
		if all {
			kind = "All"
		}
		fmt.Fprintf(r.io.Stdout, "%s configs for broker %d are:\n", kind, b)
		for _, rc := range rcs {
			printConfigEntries(r, rc.Configs, func(c kadm.Config) bool { return all || c.Source == kmsg.ConfigSourceDynamicBrokerConfig })
		}
	}
	if name == "" {
		rcs, err := adm.DescribeBrokerConfigs(ctx)
		if err != nil {
			return fmt.Errorf("cannot describe the brokers' default configs: %w", err)
		}
		fmt.Fprintln(r.io.Stdout, "Default configs for brokers in the cluster are:")
		for _, rc := range rcs {
			printConfigEntries(r, rc.Configs, func(c kadm.Config) bool {
				return c.Source == kmsg.ConfigSourceDynamicDefaultBrokerConfig
			})
		}
	}
	return nil
}

// printConfigEntries prints ConfigCommand's "  name=value sensitive=... synonyms={...}" lines,
// sorted by name, of the entries keep accepts.
func printConfigEntries(r *toolRun, configs []kadm.Config, keep func(kadm.Config) bool) {
	cfgs := append([]kadm.Config(nil), configs...)
	sort.Slice(cfgs, func(i, j int) bool { return cfgs[i].Key < cfgs[j].Key })
	for _, c := range cfgs {
		if !keep(c) {
			continue
		}
		// The synonyms are the broker's list as it sent it (a real broker starts it with the
		// entry's own source; a config with no synonyms prints {}).
		syns := make([]string, 0, len(c.Synonyms))
		for _, s := range c.Synonyms {
			syns = append(syns, fmt.Sprintf("%s:%s=%s", javaConfigSource(s.Source), s.Key, javaString(s.Value)))
		}
		fmt.Fprintf(r.io.Stdout, "  %s=%s sensitive=%t synonyms={%s}\n", c.Key, javaString(c.Value), c.Sensitive, strings.Join(syns, ", "))
	}
}

func configAlters(add map[string]string, del []string) []kadm.AlterConfig {
	var alters []kadm.AlterConfig
	for _, k := range sortedKeys(add) {
		alters = append(alters, kadm.AlterConfig{Op: kadm.SetConfig, Name: k, Value: kadm.StringPtr(add[k])})
	}
	for _, k := range del {
		alters = append(alters, kadm.AlterConfig{Op: kadm.DeleteConfig, Name: k})
	}
	return alters
}

// quotaConfigs are the client quota names Kafka's brokers know (QuotaConfig).
var quotaConfigs = map[string]bool{
	"producer_byte_rate": true, "consumer_byte_rate": true, "request_percentage": true, "controller_mutation_rate": true,
}

const quotaConfigList = "producer_byte_rate, consumer_byte_rate, request_percentage and controller_mutation_rate"

// quotaTarget is one component of a quota entity from the command line: a type, and a name,
// the default (isDefault) or neither (every name, for --describe).
type quotaTarget struct {
	typ       string // users or clients
	name      string
	isDefault bool
	given     bool
}

// quotaTargets pairs the --entity-type values with the --entity-name and --entity-default
// options in the order they were given, as ConfigCommand does; the user comes first.
func quotaTargets(o *options) []quotaTarget {
	var targets []quotaTarget
	for _, t := range o.values("entity-type") {
		targets = append(targets, quotaTarget{typ: normalEntityType(t)})
	}
	names, i := o.values("entity-name"), 0
	k := 0
	for _, opt := range o.order {
		if opt != "entity-name" && opt != "entity-default" {
			continue
		}
		if k < len(targets) {
			targets[k].given = true
			if opt == "entity-default" {
				targets[k].isDefault = true
			} else {
				targets[k].name = names[i]
			}
		}
		if opt == "entity-name" {
			i++
		}
		k++
	}
	sort.SliceStable(targets, func(a, b int) bool { return targets[a].typ == "users" && targets[b].typ != "users" })
	return targets
}

// runQuotaConfigs is kafka-configs.sh --entity-type users, clients or both: client quotas.
func runQuotaConfigs(ctx context.Context, r *toolRun, adm *kadm.Client, add map[string]string, del []string) error {
	o := r.opts
	targets := quotaTargets(o)
	if o.has("alter") {
		var entity kadm.ClientQuotaEntity
		for _, t := range targets {
			if !t.given {
				return usagef("an entity name must be specified with --alter of %s: add --entity-name <name> or --entity-default", t.typ)
			}
			c := kadm.ClientQuotaEntityComponent{Type: quotaEntityType[t.typ].proto}
			if !t.isDefault {
				c.Name = kadm.StringPtr(t.name)
			}
			entity = append(entity, c)
		}
		var unexpected []string
		for _, k := range append(sortedKeys(add), del...) {
			if !quotaConfigs[k] {
				unexpected = append(unexpected, k)
			}
		}
		if len(unexpected) > 0 {
			return fmt.Errorf("Only quota and SCRAM credential configs can be added for '%s' using --bootstrap-server. Unexpected config names: Set(%s). The quotas are %s", targets[0].typ, strings.Join(unexpected, ", "), quotaConfigList)
		}
		var ops []kadm.AlterClientQuotaOp
		for _, k := range sortedKeys(add) {
			v, err := strconv.ParseFloat(add[k], 64)
			if err != nil {
				return fmt.Errorf("Cannot parse quota configuration value for %s: %s (give a number, like %s=1024)", k, add[k], k)
			}
			ops = append(ops, kadm.AlterClientQuotaOp{Key: k, Value: v})
		}
		for _, k := range del {
			ops = append(ops, kadm.AlterClientQuotaOp{Key: k, Remove: true})
		}
		resps, err := adm.AlterClientQuotas(ctx, []kadm.AlterClientQuotaEntry{{Entity: entity, Ops: ops}})
		if err != nil {
			return fmt.Errorf("cannot change the quotas of %s: %w", entity, err)
		}
		for _, resp := range resps {
			if resp.Err != nil {
				return configsRefused("", resp.ErrMessage, resp.Err)
			}
		}
		// Kafka's message names the first entity only, the user of a pair.
		if first := targets[0]; first.isDefault {
			fmt.Fprintf(r.io.Stdout, "Completed updating default config for %s in the cluster.\n", first.typ)
		} else {
			fmt.Fprintf(r.io.Stdout, "Completed updating config for %s %s.\n", quotaEntityType[first.typ].alter, first.name)
		}
		return nil
	}
	var comps []kadm.DescribeClientQuotaComponent
	for _, t := range targets {
		comp := kadm.DescribeClientQuotaComponent{Type: quotaEntityType[t.typ].proto, MatchType: kmsg.QuotasMatchTypeAny}
		switch {
		case t.isDefault:
			comp.MatchType = kmsg.QuotasMatchTypeDefault
		case t.given:
			comp.MatchType = kmsg.QuotasMatchTypeExact
			comp.MatchName = kadm.StringPtr(t.name)
		}
		comps = append(comps, comp)
	}
	quotas, err := adm.DescribeClientQuotas(ctx, true, comps)
	if err != nil {
		var em *kadm.ErrAndMessage
		if errors.As(err, &em) && em.ErrMessage != "" {
			return fmt.Errorf("cannot describe the quotas: %s", em.ErrMessage)
		}
		return fmt.Errorf("cannot describe the quotas: %w", err)
	}
	// Kafka's admin client collects the entities in a HashMap sized for their count, keyed by
	// ClientQuotaEntity (hashCode: Objects.hash of its type -> name map), and the tool prints
	// that map: its order, the broker's within a bucket.
	quotas = javaSizedHashMapOrderBy(quotas, quotaEntityHash, len(quotas))
	for _, q := range quotas {
		var who []string
		for _, typ := range []string{"user", "client-id"} {
			for _, c := range q.Entity {
				if c.Type != typ {
					continue
				}
				text := "user-principal"
				if typ == "client-id" {
					text = "client-id"
				}
				if c.Name == nil {
					who = append(who, "the default "+text)
				} else {
					who = append(who, fmt.Sprintf("%s '%s'", text, *c.Name))
				}
			}
		}
		// Kafka's admin client puts the broker's values into a HashMap sized for their count
		// and the tool prints that map: its order, the broker's within a bucket; each value
		// as Java's Double.toString writes it.
		keys := make([]string, 0, len(q.Values))
		values := make(map[string]float64, len(q.Values))
		for _, v := range q.Values {
			keys = append(keys, v.Key)
			values[v.Key] = v.Value
		}
		var parts []string
		for _, k := range javaSizedHashMapOrder(keys, len(keys)) {
			parts = append(parts, k+"="+javaDouble(values[k]))
		}
		fmt.Fprintf(r.io.Stdout, "Quota configs for %s are %s\n", strings.Join(who, ", "), strings.Join(parts, ", "))
	}
	return nil
}

// quotaEntityHash is ClientQuotaEntity.hashCode: 31 + the HashMap hash of its components
// (the type's hash xor the name's, 0 for a default's null name).
func quotaEntityHash(q kadm.DescribedClientQuota) int32 {
	h := int32(31)
	for _, c := range q.Entity {
		n := int32(0)
		if c.Name != nil {
			n = javaStringHash(*c.Name)
		}
		h += javaStringHash(c.Type) ^ n
	}
	return h
}

// javaDouble formats a double as Java's Double.toString: plain decimals with at least one
// fractional digit from 10^-3 up to 10^7, computerized scientific notation (1.5E7) outside.
func javaDouble(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	case v == 0:
		if math.Signbit(v) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(v); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(v, 'E', -1, 64)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}
