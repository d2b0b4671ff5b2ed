package kafkaadmin

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:    "kafka-broker-api-versions.sh",
		summary: "This tool helps to retrieve broker version information.",
		specs: []option{
			{name: "bootstrap-server", arg: "server(s) to use for bootstrapping", help: "REQUIRED: The server to connect to."},
		},
		run: brokerAPIVersions,
	})
}

// brokerAPIVersions prints each broker of the cluster and the API versions it offers, one
// API a line, as BrokerApiVersionsCommand prints NodeApiVersions.toString(true).
func brokerAPIVersions(ctx context.Context, r *toolRun) error {
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	meta, err := kmsg.NewPtrMetadataRequest().RequestWith(ctx, cl)
	if err != nil {
		return fmt.Errorf("cannot list the brokers of %s: %w", strings.Join(r.bootstrap, ","), err)
	}
	for _, b := range meta.Brokers {
		node := javaNode(b.Host, b.Port, b.NodeID, b.Rack)
		req := kmsg.NewPtrApiVersionsRequest()
		// v3+ names the client; brokers refuse an empty name (INVALID_REQUEST).
		req.ClientSoftwareName, req.ClientSoftwareVersion = "kafkalab", "1.0"
		resp, err := req.RequestWith(ctx, cl.Broker(int(b.NodeID)))
		if err == nil {
			err = kerr.ErrorForCode(resp.ErrorCode)
		}
		if err != nil {
			fmt.Fprintf(r.io.Stdout, "%s -> ERROR: %s\n", node, err)
			continue
		}
		fmt.Fprintf(r.io.Stdout, "%s -> %s\n", node, apiVersionsText(resp.ApiKeys))
	}
	return nil
}

// javaNode is how Kafka's Node prints itself.
func javaNode(host string, port, id int32, rack *string) string {
	rk := "null"
	if rack != nil {
		rk = *rack
	}
	return fmt.Sprintf("%s:%d (id: %d rack: %s isFenced: false)", host, port, id, rk)
}

// apiVersionsText lists the offered APIs in key order with the version the Java client
// would use, then the broker APIs the node does not offer as UNSUPPORTED.
func apiVersionsText(keys []kmsg.ApiVersionsResponseApiKey) string {
	lines := map[int16]string{}
	for _, k := range keys {
		var b strings.Builder
		api, known := javaAPIs[k.ApiKey]
		if known {
			fmt.Fprintf(&b, "%s(%d): ", api.name, k.ApiKey)
		} else {
			fmt.Fprintf(&b, "UNKNOWN(%d): ", k.ApiKey)
		}
		if k.MinVersion == k.MaxVersion {
			fmt.Fprintf(&b, "%d", k.MinVersion)
		} else {
			fmt.Fprintf(&b, "%d to %d", k.MinVersion, k.MaxVersion)
		}
		if known {
			switch {
			case api.latest < k.MinVersion:
				b.WriteString(" [unusable: node too new]")
			case k.MaxVersion < api.oldest:
				b.WriteString(" [unusable: node too old]")
			default:
				fmt.Fprintf(&b, " [usable: %d]", min(api.latest, k.MaxVersion))
			}
		}
		lines[k.ApiKey] = b.String()
	}
	for key, api := range javaAPIs {
		if _, ok := lines[key]; !ok && api.broker {
			lines[key] = fmt.Sprintf("%s(%d): UNSUPPORTED", api.name, key)
		}
	}
	order := make([]int16, 0, len(lines))
	for k := range lines {
		order = append(order, k)
	}
	sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = lines[k]
	}
	return "(\n\t" + strings.Join(parts, ",\n\t") + "\n)"
}
