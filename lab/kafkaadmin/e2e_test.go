package kafkaadmin

import (
	"regexp"
	"strings"
	"testing"
)

// TestEndToEndLatency: kafka-e2e-latency.sh's lines as Kafka 4.3.1's EndToEndLatency prints
// them (the numbers are measurements): a missing topic is made first, the round trip of every
// 1000th record, the average and three percentiles; the positional form warns.
func TestEndToEndLatency(t *testing.T) {
	bs := startBroker(t)
	r := mustRun(t, bs, "kafka-e2e-latency.sh", "--topic", "lat", "--num-records", "1001", "--producer-acks", "all", "--record-size", "100", "--record-key-size", "4", "--num-headers", "1", "--record-header-key-size", "3", "--record-header-size", "-1")
	want := regexp.MustCompile(`^Topic "lat" does not exist\. Will create topic with 1 partition\(s\) and replication factor = 1\n` +
		`0\t\d+\.\d+(E-?\d+)?\n1000\t\d+\.\d+(E-?\d+)?\nAvg latency: \d+\.\d{4} ms\nPercentiles: 50th = \d+, 99th = \d+, 99\.9th = \d+\n$`)
	if !want.MatchString(r.stdout) {
		t.Errorf("kafka-e2e-latency.sh:\n%s", r.stdout)
	}
	r = mustRun(t, bs, "kafka-e2e-latency.sh", bs, "lat", "1", "1", "10")
	if !strings.HasPrefix(r.stdout, "WARNING: Positional argument usage is deprecated and will be removed in Apache Kafka 5.0. Please use named arguments instead: --bootstrap-server, --topic, --num-records, --producer-acks, --record-size, --command-config\n0\t") {
		t.Errorf("positional form:\n%s", r.stdout)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--topic", "lat", "--num-records", "2", "--producer-acks", "0", "--record-size", "1"}, "Invalid value for --producer-acks. Latency testing requires synchronous acknowledgement. Please use '1' or 'all'."},
		{[]string{"--topic", "lat", "--num-records", "0", "--producer-acks", "1", "--record-size", "1"}, "Value for --num-records must be a positive integer."},
		{[]string{bs, "lat", "2"}, "Invalid number of arguments. Expected 5 or 6 positional arguments, but got 3."},
	} {
		if r := runTool(t, bs, "kafka-e2e-latency.sh", c.args...); r.code != 1 || !strings.Contains(r.stderr, c.err) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, r.code, r.stderr, c.err)
		}
	}
}
