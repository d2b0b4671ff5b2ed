package kafkaadmin

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kafka-client-metrics.sh (KIP-714): the client metrics subscriptions, config resources of
// type CLIENT_METRICS, listed, described, altered and deleted as Kafka 4.3.1's
// ClientMetricsCommand does.

func init() {
	registerTool(&tool{
		name:    "kafka-client-metrics.sh",
		summary: "This tool helps to manipulate and describe client metrics configurations.",
		specs: []option{
			{name: "bootstrap-server", arg: "String: server to connect to", help: "REQUIRED: The Kafka server to connect to."},
			{name: "alter", help: "Alter the configuration for the client metrics resource."},
			{name: "delete", help: "Delete the configuration for the client metrics resource."},
			{name: "describe", help: "List configurations for the client metrics resource."},
			{name: "list", help: "List the client metrics resources."},
			{name: "name", arg: "String: name", help: "Name of client metrics configuration resource."},
			{name: "generate-name", help: "Generate a UUID to use as the name."},
			{name: "interval", arg: "Integer: push interval", help: "The metrics push interval in milliseconds."},
			{name: "match", arg: "String: k1=v1,k2=v2", help: "Matching selector 'k1=v1,k2=v2'. The following is a list of valid selector names: client_id, client_instance_id, client_software_name, client_software_version, client_source_address, client_source_port"},
			{name: "metrics", arg: "String: m1,m2", help: "Telemetry metric name prefixes 'm1,m2'."},
		},
		run: clientMetrics,
	})
}

// configResourceClientMetrics is ConfigResource.Type.CLIENT_METRICS's code.
const configResourceClientMetrics kmsg.ConfigResourceType = 16

func clientMetrics(ctx context.Context, r *toolRun) error {
	o := r.opts
	actions := 0
	for _, a := range []string{"alter", "delete", "describe", "list"} {
		if o.has(a) {
			actions++
		}
	}
	if actions != 1 {
		return usagef("Command must include exactly one action: --alter, --delete, --describe or --list.")
	}
	for _, c := range [][]string{
		{"delete", "generate-name", "interval", "match", "metrics"},
		{"describe", "generate-name", "interval", "match", "metrics"},
		{"list", "name", "generate-name", "interval", "match", "metrics"},
	} {
		if err := exclusive(o, c[0], c[1:]...); err != nil {
			return err
		}
	}
	if o.has("alter") && o.has("name") == o.has("generate-name") {
		return usagef("One of --name or --generate-name must be specified with --alter.")
	}
	if o.has("delete") && !o.has("name") {
		return usagef("A client metrics resource name must be specified with --delete.")
	}
	interval := ""
	if o.has("interval") {
		n, err := o.intValue("interval", 0)
		if err != nil || n < -1<<31 || n > 1<<31-1 {
			return usagef("Cannot parse argument '%s' of option interval", o.value("interval", ""))
		}
		interval = fmt.Sprint(n)
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	// Kafka's tool prints the exception's message, without its class.
	fail := func(err error) error {
		var je *javaError
		if errors.As(err, &je) {
			return fmt.Errorf("Error while executing client metrics command : %s", je.msg)
		}
		return fmt.Errorf("Error while executing client metrics command : %w", err)
	}
	name := o.value("name", "")
	switch {
	case o.has("list"):
		names, err := clientMetricsNames(ctx, cl)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintln(r.io.Stdout, strings.Join(names, "\n"))
	case o.has("describe"):
		names, err := clientMetricsNames(ctx, cl)
		if err != nil {
			return fail(err)
		}
		if o.has("name") {
			if indexOf(names, name) < 0 {
				fmt.Fprintf(r.io.Stdout, "The client metric resource %s doesn't exist and doesn't have dynamic config.\n", name)
				return nil
			}
			names = []string{name}
		}
		for _, n := range names {
			entries, err := clientMetricsConfig(ctx, cl, n)
			if err != nil {
				return fail(err)
			}
			fmt.Fprintf(r.io.Stdout, "Client metrics configs for %s are:\n", n)
			for _, e := range entries {
				fmt.Fprintf(r.io.Stdout, "  %s=%s\n", e[0], e[1])
			}
		}
	case o.has("alter"):
		if o.has("generate-name") {
			name = randomUUID()
		}
		// Kafka's tool collects the settings in a HashMap: interval.ms, metrics and match
		// in the map's order; an empty value deletes the setting.
		set := map[string]string{}
		var keys []string
		if o.has("interval") {
			set["interval.ms"] = interval
			keys = append(keys, "interval.ms")
		}
		if o.has("metrics") {
			set["metrics"] = strings.Join(o.values("metrics"), ",")
			keys = append(keys, "metrics")
		}
		if o.has("match") {
			set["match"] = strings.Join(o.values("match"), ",")
			keys = append(keys, "match")
		}
		req := kmsg.NewPtrIncrementalAlterConfigsRequest()
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = configResourceClientMetrics, name
		for _, k := range javaHashOrder(keys, javaStringHash) {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Value, c.Op = k, kmsg.StringPtr(set[k]), kmsg.IncrementalAlterConfigOpSet
			if set[k] == "" {
				c.Value, c.Op = nil, kmsg.IncrementalAlterConfigOpDelete
			}
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
		if err := alterConfigs(ctx, cl, req); err != nil {
			return fail(err)
		}
		fmt.Fprintf(r.io.Stdout, "Altered client metrics config for %s.\n", name)
	case o.has("delete"):
		entries, err := clientMetricsConfig(ctx, cl, name)
		if err != nil {
			return fail(err)
		}
		req := kmsg.NewPtrIncrementalAlterConfigsRequest()
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = configResourceClientMetrics, name
		for _, e := range entries {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Op = e[0], kmsg.IncrementalAlterConfigOpDelete
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
		if err := alterConfigs(ctx, cl, req); err != nil {
			return fail(err)
		}
		fmt.Fprintf(r.io.Stdout, "Deleted client metrics config for %s.\n", name)
	}
	return nil
}

// clientMetricsNames lists the CLIENT_METRICS config resources (ListConfigResources), in
// the broker's order.
func clientMetricsNames(ctx context.Context, cl *kgo.Client) ([]string, error) {
	req := kmsg.NewPtrListConfigResourcesRequest()
	req.ResourceTypes = []int8{int8(configResourceClientMetrics)}
	resp, err := req.RequestWith(ctx, cl)
	if err == nil {
		err = brokerError(resp.ErrorCode, nil)
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, res := range resp.ConfigResources {
		out = append(out, res.Name)
	}
	return out, nil
}

// clientMetricsConfig is a subscription's settings as the broker describes them (name, value).
func clientMetricsConfig(ctx context.Context, cl *kgo.Client, name string) ([][2]string, error) {
	req := kmsg.NewPtrDescribeConfigsRequest()
	res := kmsg.NewDescribeConfigsRequestResource()
	res.ResourceType, res.ResourceName = configResourceClientMetrics, name
	req.Resources = append(req.Resources, res)
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for _, r := range resp.Resources {
		if err := brokerError(r.ErrorCode, r.ErrorMessage); err != nil {
			return nil, err
		}
		for _, c := range r.Configs {
			v := ""
			if c.Value != nil {
				v = *c.Value
			}
			out = append(out, [2]string{c.Name, v})
		}
	}
	return out, nil
}

// randomUUID is a new id as Kafka's Uuid.randomUuid prints it: 16 random bytes in URL-safe
// base64 without padding, drawn again when it would start with '-'.
func randomUUID() string {
	for {
		var b [16]byte
		_, _ = rand.Read(b[:])
		s := base64.RawURLEncoding.EncodeToString(b[:])
		if !strings.HasPrefix(s, "-") {
			return s
		}
	}
}
