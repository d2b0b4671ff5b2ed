package kafkaadmin

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// verifiableNorm replaces what Kafka's verifiable producer measures (event times, the average
// throughput) and sorts the send events, whose order across partitions is the acks' timing.
func verifiableNorm(s string) string {
	s = regexp.MustCompile(`"timestamp":\d+`).ReplaceAllString(s, `"timestamp":T`)
	s = regexp.MustCompile(`"avg_throughput":[0-9.E-]+`).ReplaceAllString(s, `"avg_throughput":A`)
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	var sends []string
	var out []string
	for _, l := range lines {
		if strings.Contains(l, `"name":"producer_send_`) {
			sends = append(sends, l)
			continue
		}
		if strings.Contains(l, `"name":"shutdown_complete"`) {
			sort.Strings(sends)
			out = append(out, sends...)
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}

// TestVerifiableProducer: the event lines of Kafka 4.3.1's VerifiableProducer, field for
// field, for keyed records on two partitions of the embedded broker (murmur2 places key 0 on
// partition 0 and key 1 on partition 1, as Kafka's producer did on a real broker).
func TestVerifiableProducer(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "vp", "--partitions", "2")
	r := mustRun(t, bs, "kafka-verifiable-producer.sh", "--topic", "vp", "--max-messages", "4", "--value-prefix", "7", "--repeating-keys", "2", "--acks", "-1")
	want := `{"timestamp":T,"name":"startup_complete"}
{"timestamp":T,"name":"producer_send_success","key":"0","value":"7.0","offset":0,"topic":"vp","partition":0}
{"timestamp":T,"name":"producer_send_success","key":"0","value":"7.2","offset":1,"topic":"vp","partition":0}
{"timestamp":T,"name":"producer_send_success","key":"1","value":"7.1","offset":0,"topic":"vp","partition":1}
{"timestamp":T,"name":"producer_send_success","key":"1","value":"7.3","offset":1,"topic":"vp","partition":1}
{"timestamp":T,"name":"shutdown_complete"}
{"timestamp":T,"name":"tool_data","sent":4,"acked":4,"target_throughput":-1,"avg_throughput":A}
`
	if got := verifiableNorm(r.stdout); got != want {
		t.Errorf("kafka-verifiable-producer.sh:\n%s\nwant (times and throughput masked):\n%s", r.stdout, want)
	}
	// Unkeyed records: key null, values counting from 0.
	r = mustRun(t, bs, "kafka-verifiable-producer.sh", "--topic", "vp", "--max-messages", "1")
	if !regexp.MustCompile(`\n\{"timestamp":\d+,"name":"producer_send_success","key":null,"value":"0","offset":\d,"topic":"vp","partition":[01]\}\n`).MatchString(r.stdout) {
		t.Errorf("unkeyed send: %s", r.stdout)
	}
	if r := runTool(t, bs, "kafka-verifiable-producer.sh", "--max-messages", "1"); r.code != 1 || !strings.Contains(r.stderr, "argument --topic is required") {
		t.Errorf("without --topic: exit %d, %q", r.code, r.stderr)
	}
}

func TestJavaDoubleString(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		// Java's Double.toString of each value.
		{5.434782608695652, "5.434782608695652"}, {2, "2.0"}, {0, "0.0"}, {1.5e7, "1.5E7"}, {1e-4, "1.0E-4"}, {123456.5, "123456.5"},
	} {
		if got := javaDoubleString(c.f); got != c.want {
			t.Errorf("javaDoubleString(%v) = %s, want %s", c.f, got, c.want)
		}
	}
}

// TestVerifiableConsumer: the event lines of Kafka 4.3.1's VerifiableConsumer for a group
// reading 4 of the 6 records of a one-partition topic: the poll's count is every record the
// fetch returned, the partition summary and the commit stop at --max-messages.
func TestVerifiableConsumer(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "vc", "--partitions", "1")
	mustRun(t, bs, "kafka-verifiable-producer.sh", "--topic", "vc", "--max-messages", "6", "--repeating-keys", "2")
	r := mustRun(t, bs, "kafka-verifiable-consumer.sh", "--topic", "vc", "--group-id", "g1", "--max-messages", "4", "--verbose")
	want := `{"timestamp":T,"name":"startup_complete"}
{"timestamp":T,"name":"partitions_assigned","partitions":[{"topic":"vc","partition":0}]}
{"timestamp":T,"name":"record_data","key":"0","value":"0","topic":"vc","partition":0,"offset":0}
{"timestamp":T,"name":"record_data","key":"1","value":"1","topic":"vc","partition":0,"offset":1}
{"timestamp":T,"name":"record_data","key":"0","value":"2","topic":"vc","partition":0,"offset":2}
{"timestamp":T,"name":"record_data","key":"1","value":"3","topic":"vc","partition":0,"offset":3}
{"timestamp":T,"name":"records_consumed","count":6,"partitions":[{"topic":"vc","partition":0,"count":4,"minOffset":0,"maxOffset":3}]}
{"timestamp":T,"name":"offsets_committed","offsets":[{"topic":"vc","partition":0,"offset":4}],"success":true}
{"timestamp":T,"name":"partitions_revoked","partitions":[{"topic":"vc","partition":0}]}
{"timestamp":T,"name":"shutdown_complete"}
{"timestamp":T,"name":"shutdown_requested"}
`
	if got := regexp.MustCompile(`"timestamp":\d+`).ReplaceAllString(r.stdout, `"timestamp":T`); got != want {
		t.Errorf("kafka-verifiable-consumer.sh:\n%s\nwant (times masked):\n%s", r.stdout, want)
	}
	// The group's offset is the commit's.
	if r := mustRun(t, bs, "kafka-consumer-groups.sh", "--describe", "--group", "g1"); !regexp.MustCompile(`\bvc +0 +4 +6 +2\b`).MatchString(r.stdout) {
		t.Errorf("group g1 after the consumer:\n%s", r.stdout)
	}
}
