//go:build apachekafka

package broker

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// TestJavaToolsSeeOneKafkaBroker runs Apache Kafka 4.3.1's own Java tools against the
// embedded broker and against a real Kafka broker (the test-apache-kafka tier's, see
// scripts/kafka/tier.sh), step by step on the same topic and group names, and requires the
// same output and exit code from both once ids, node ids, addresses and log timestamps
// are normalised. This is how the differences fixed in kafkadefaults.go and
// kafkaanswers.go were found.
func TestJavaToolsSeeOneKafkaBroker(t *testing.T) {
	real, libs := testkit.RealKafka(t)
	log4j, err := filepath.Abs("../../scripts/kafka/tools-log4j2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	e, err := StartEmbedded(ctx, EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close(context.Background()) })
	embedded := e.Bootstrap()[0]

	// Unique names: the real broker is shared with other tests.
	n := rand.IntN(1_000_000)
	topic, topic2, group := fmt.Sprintf("tdiff-%06d", n), fmt.Sprintf("tdiffc-%06d", n), fmt.Sprintf("gdiff-%06d", n)
	quser, qclient := fmt.Sprintf("udiff-%06d", n), fmt.Sprintf("cdiff-%06d", n)
	cgroup, cmetric := fmt.Sprintf("cgdiff-%06d", n), fmt.Sprintf("cmdiff-%06d", n)
	const opsQuotas = "producer_byte_rate=1024,consumer_byte_rate=2048,request_percentage=200" // ops.html's example
	dir := t.TempDir()
	deleteJSON := filepath.Join(dir, "delete.json")
	if err := os.WriteFile(deleteJSON, []byte(`{"partitions":[{"topic":"`+topic+`","partition":0,"offset":2}],"version":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const (
		topics   = "org.apache.kafka.tools.TopicCommand"
		producer = "org.apache.kafka.tools.ConsoleProducer"
		consumer = "org.apache.kafka.tools.consumer.ConsoleConsumer"
		offsets  = "org.apache.kafka.tools.GetOffsetShell"
		groups   = "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand"
		records  = "org.apache.kafka.tools.DeleteRecordsCommand"
		configs  = "kafka.admin.ConfigCommand"
	)
	type step struct {
		name  string
		stdin string
		class string
		args  []string
		only  string // keep only output lines containing this (shared broker: other tests' groups)
	}
	printAll := []string{"--formatter-property", "print.key=true", "--formatter-property", "print.partition=true",
		"--formatter-property", "print.offset=true", "--formatter-property", "print.timestamp=true"}
	steps := []step{
		{name: "create", class: topics, args: []string{"--create", "--topic", topic, "--partitions", "3", "--replication-factor", "1"}},
		{name: "create with config", class: topics, args: []string{"--create", "--topic", topic2, "--partitions", "1", "--replication-factor", "1", "--config", "retention.ms=600000"}},
		{name: "create existing", class: topics, args: []string{"--create", "--topic", topic, "--partitions", "3", "--replication-factor", "1"}},
		{name: "create rf 3", class: topics, args: []string{"--create", "--topic", topic + "-rf", "--partitions", "1", "--replication-factor", "3"}},
		{name: "create unknown config", class: topics, args: []string{"--create", "--topic", topic + "-cfg", "--partitions", "1", "--config", "retention.mss=1"}},
		{name: "list", class: topics, args: []string{"--list", "--topic", topic + ".*"}},
		{name: "describe", class: topics, args: []string{"--describe", "--topic", topic}},
		{name: "describe with config", class: topics, args: []string{"--describe", "--topic", topic2}},
		{name: "produce keyed", stdin: "1001:a\n1002:b\n1003:c\n1004:d\n1001:e\n", class: producer,
			args: []string{"--topic", topic, "--reader-property", "parse.key=true", "--reader-property", "key.separator=:"}},
		{name: "consume partition 0", class: consumer, args: append([]string{"--topic", topic, "--partition", "0", "--offset", "0", "--max-messages", "3"}, printAll[:6]...)},
		{name: "get-offsets latest", class: offsets, args: []string{"--topic", topic}},
		{name: "get-offsets earliest", class: offsets, args: []string{"--topic", topic, "--time", "-2"}},
		{name: "group read", class: consumer, args: []string{"--topic", topic, "--group", group, "--from-beginning", "--max-messages", "3", "--timeout-ms", "10000"}},
		{name: "groups list", class: groups, args: []string{"--list"}, only: group},
		{name: "groups describe", class: groups, args: []string{"--describe", "--group", group}},
		{name: "groups describe state", class: groups, args: []string{"--describe", "--group", group, "--state"}},
		{name: "groups describe members", class: groups, args: []string{"--describe", "--group", group, "--members"}},
		{name: "groups describe missing", class: groups, args: []string{"--describe", "--group", group + "-none"}},
		{name: "delete-records", class: records, args: []string{"--offset-json-file", deleteJSON}},
		{name: "get-offsets after delete", class: offsets, args: []string{"--topic", topic, "--time", "-2"}},
		{name: "configs describe", class: configs, args: []string{"--describe", "--entity-type", "topics", "--entity-name", topic2}},
		{name: "configs broker defaults", class: configs, args: []string{"--describe", "--entity-type", "brokers", "--entity-default"}},
		{name: "configs alter", class: configs, args: []string{"--alter", "--entity-type", "topics", "--entity-name", topic, "--add-config", "retention.ms=1000,cleanup.policy=compact"}},
		{name: "configs describe all", class: configs, args: []string{"--describe", "--all", "--entity-type", "topics", "--entity-name", topic}},
		{name: "alter partitions", class: topics, args: []string{"--alter", "--topic", topic, "--partitions", "4"}},
		{name: "alter partitions down", class: topics, args: []string{"--alter", "--topic", topic, "--partitions", "2"}},
		{name: "alter partitions same", class: topics, args: []string{"--alter", "--topic", topic, "--partitions", "4"}},
		{name: "configs delete", class: configs, args: []string{"--alter", "--entity-type", "topics", "--entity-name", topic, "--delete-config", "retention.ms"}},
		{name: "describe after alter", class: topics, args: []string{"--describe", "--topic", topic}},
		{name: "delete", class: topics, args: []string{"--delete", "--topic", topic2}},
		{name: "delete missing", class: topics, args: []string{"--delete", "--topic", topic2 + "-none"}},
		// Quotas: kfake's null entries for an entity without quotas made every one of these
		// fail with a NullPointerException; 3 and 4 values in the 4.3.1 broker's order.
		{name: "quota describe none", class: configs, args: []string{"--describe", "--entity-type", "users", "--entity-name", quser}},
		{name: "quota alter user", class: configs, args: []string{"--alter", "--add-config", opsQuotas, "--entity-type", "users", "--entity-name", quser}},
		{name: "quota describe user 3", class: configs, args: []string{"--describe", "--entity-type", "users", "--entity-name", quser}},
		{name: "quota alter user 4th", class: configs, args: []string{"--alter", "--add-config", "controller_mutation_rate=10", "--entity-type", "users", "--entity-name", quser}},
		{name: "quota describe user 4", class: configs, args: []string{"--describe", "--entity-type", "users", "--entity-name", quser}},
		{name: "quota alter client 4", class: configs, args: []string{"--alter", "--add-config", opsQuotas + ",controller_mutation_rate=10", "--entity-type", "clients", "--entity-name", qclient}},
		{name: "quota describe client 4", class: configs, args: []string{"--describe", "--entity-type", "clients", "--entity-name", qclient}},
		{name: "quota delete client 1", class: configs, args: []string{"--alter", "--delete-config", "controller_mutation_rate", "--entity-type", "clients", "--entity-name", qclient}},
		{name: "quota describe client 3", class: configs, args: []string{"--describe", "--entity-type", "clients", "--entity-name", qclient}},
		{name: "quota delete user", class: configs, args: []string{"--alter", "--delete-config", "producer_byte_rate,consumer_byte_rate,request_percentage,controller_mutation_rate", "--entity-type", "users", "--entity-name", quser}},
		{name: "quota describe user gone", class: configs, args: []string{"--describe", "--entity-type", "users", "--entity-name", quser}},
		// A group's and a client metrics subscription's configs: kfake listed its own group
		// configs (share.* only, unset ones null) and no synonyms.
		{name: "group config alter", class: configs, args: []string{"--alter", "--entity-type", "groups", "--entity-name", cgroup, "--add-config", "consumer.session.timeout.ms=50000"}},
		{name: "group config describe", class: configs, args: []string{"--describe", "--entity-type", "groups", "--entity-name", cgroup}},
		{name: "group config describe all", class: configs, args: []string{"--describe", "--entity-type", "groups", "--entity-name", cgroup, "--all"}},
		{name: "group config delete", class: configs, args: []string{"--alter", "--entity-type", "groups", "--entity-name", cgroup, "--delete-config", "consumer.session.timeout.ms"}},
		{name: "client metrics alter", class: configs, args: []string{"--alter", "--entity-type", "client-metrics", "--entity-name", cmetric, "--add-config", "metrics=org.apache.kafka.producer.,interval.ms=1000"}},
		{name: "client metrics describe", class: configs, args: []string{"--describe", "--entity-type", "client-metrics", "--entity-name", cmetric}},
		{name: "client metrics describe all", class: configs, args: []string{"--describe", "--entity-type", "client-metrics", "--entity-name", cmetric, "--all"}},
		{name: "client metrics delete", class: configs, args: []string{"--alter", "--entity-type", "client-metrics", "--entity-name", cmetric, "--delete-config", "interval.ms,metrics"}},
		{name: "client metrics describe gone", class: configs, args: []string{"--describe", "--entity-type", "client-metrics", "--entity-name", cmetric}},
		{name: "quota delete client", class: configs, args: []string{"--alter", "--delete-config", "producer_byte_rate,consumer_byte_rate,request_percentage", "--entity-type", "clients", "--entity-name", qclient}},
	}
	run := func(bootstrap string, s step) string {
		ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
		defer cancel()
		cmd := testkit.KafkaToolCmd(ctx, libs, log4j, s.class, append([]string{"--bootstrap-server", bootstrap}, s.args...)...)
		cmd.Stdin = strings.NewReader(s.stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: java: %v", s.name, err)
		}
		stdout := out.String()
		if s.only != "" {
			var keep []string
			for _, l := range strings.Split(stdout, "\n") {
				if strings.Contains(l, s.only) {
					keep = append(keep, l)
				}
			}
			stdout = strings.Join(keep, "\n")
		}
		// The first stderr line carries the error a learner reads; stack traces and
		// warnings after it are the JVM's.
		firstErr, _, _ := strings.Cut(errb.String(), "\n")
		return normaliseToolOutput(fmt.Sprintf("exit %d\n%s\nstderr: %s", code, stdout, firstErr), bootstrap)
	}
	for _, s := range steps {
		emb, kafka := run(embedded, s), run(real, s)
		if emb != kafka {
			t.Errorf("%s: embedded broker differs from Apache Kafka\n--- embedded ---\n%s\n--- Apache Kafka ---\n%s", s.name, emb, kafka)
		}
	}
}

var (
	toolTopicID   = regexp.MustCompile(`TopicId: [A-Za-z0-9_-]{22}`)
	toolNodeID    = regexp.MustCompile(`(Leader|Replicas|Isr): \d+`)
	toolLogStamp  = regexp.MustCompile(`\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+\] `)
	toolCoord     = regexp.MustCompile(`127\.0\.0\.1:\d+ +\(\d+\)`)
	toolMemberID  = regexp.MustCompile(`console-consumer-[0-9a-f-]{36}|consumer-[\w-]+?-\d+-[0-9a-f-]{36}`)
	toolTimestamp = regexp.MustCompile(`CreateTime:\d+`)
)

// normaliseToolOutput replaces what differs between two brokers by nature: topic ids, the
// node id (kfake's broker is 0, the sample KRaft config's is 1), the broker's address,
// member ids, record timestamps and log timestamps.
func normaliseToolOutput(s, bootstrap string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = toolLogStamp.ReplaceAllString(l, "[time] ")
		l = toolTopicID.ReplaceAllString(l, "TopicId: <id>")
		l = toolNodeID.ReplaceAllString(l, "$1: <node>")
		l = toolCoord.ReplaceAllString(l, "<coordinator>")
		l = toolMemberID.ReplaceAllString(l, "<member>")
		l = toolTimestamp.ReplaceAllString(l, "CreateTime:<ms>")
		lines[i] = strings.ReplaceAll(l, bootstrap, "<broker>")
	}
	return strings.Join(lines, "\n")
}
