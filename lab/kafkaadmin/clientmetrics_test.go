package kafkaadmin

import (
	"regexp"
	"strings"
	"testing"
)

// TestClientMetrics runs kafka-client-metrics.sh's subscription life cycle on the embedded
// broker; the texts are what Kafka 4.3.1's ClientMetricsCommand printed for the same commands
// against this broker and a real one.
func TestClientMetrics(t *testing.T) {
	bs := startBroker(t)
	for _, c := range []struct {
		args       string
		code       int
		out, inErr string
	}{
		{"--list", 0, "\n", ""},
		{"--alter --name METRICSUB --metrics org.apache.kafka.producer.,org.apache.kafka.consumer.coordinator.rebalance.latency.max --interval 1000 --match client_software_name=kafka.python,client_software_version=1.2..*",
			0, "Altered client metrics config for METRICSUB.\n", ""},
		{"--list", 0, "METRICSUB\n", ""},
		{"--describe --name METRICSUB", 0, "Client metrics configs for METRICSUB are:\n  interval.ms=1000\n" +
			"  match=client_software_name=kafka.python,client_software_version=1.2..*\n" +
			"  metrics=org.apache.kafka.producer.,org.apache.kafka.consumer.coordinator.rebalance.latency.max\n", ""},
		{"--describe --name nope", 0, "The client metric resource nope doesn't exist and doesn't have dynamic config.\n", ""},
		{"--delete --name METRICSUB", 0, "Deleted client metrics config for METRICSUB.\n", ""},
		{"--describe", 0, "", ""},
		{"--delete", 1, "", "A client metrics resource name must be specified with --delete."},
		{"--alter --interval 100", 1, "", "One of --name or --generate-name must be specified with --alter."},
		{"--list --name x", 1, "", `Option "[list]" can't be used with option "[name]"`},
		{"--list --describe", 1, "", "Command must include exactly one action: --alter, --delete, --describe or --list."},
	} {
		r := runTool(t, bs, "kafka-client-metrics.sh", strings.Fields(c.args)...)
		if r.code != c.code || r.stdout != c.out || !strings.Contains(r.stderr, c.inErr) {
			t.Errorf("kafka-client-metrics.sh %s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr with %q", c.args, r.code, r.stdout, r.stderr, c.code, c.out, c.inErr)
		}
	}
	// --generate-name names the subscription with a new Uuid, as Kafka's Uuid prints it.
	r := mustRun(t, bs, "kafka-client-metrics.sh", "--alter", "--generate-name", "--metrics", "a.b", "--interval", "5000")
	m := regexp.MustCompile(`^Altered client metrics config for ([A-Za-z0-9_-]{22})\.\n$`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("--generate-name: %q", r.stdout)
	}
	if got := mustRun(t, bs, "kafka-client-metrics.sh", "--describe").stdout; got != "Client metrics configs for "+m[1]+" are:\n  interval.ms=5000\n  match=\n  metrics=a.b\n" {
		t.Errorf("--describe after --generate-name: %q", got)
	}
}
