package kafkatools

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The expected texts below are what Apache Kafka 4.3.1's kafka-consumer-groups.sh printed on
// a real broker for the same commands (the rows in the HashMap order of the topic "orders",
// as in testdata/reset_to_earliest.golden).
// log4jStamp is the time Kafka's tools put before a logged warning.
var log4jStamp = regexp.MustCompile(`^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\]`)

func TestResetOffsetsMoreScenarios(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs) // partitions 0, 1, 2 end at 3, 2, 0
	mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--group", "replay", "--from-beginning", "--max-messages", "5", "--timeout-ms", "10000")
	mustRun(t, bs, "", "kafka-consumer-groups.sh", "--reset-offsets", "--group", "replay", "--topic", "orders:0", "--to-offset", "1", "--execute")
	const warn = "WARN: No action will be performed as the --execute option is missing. In version 5.0, this command will require either --dry-run or --execute to be specified. You should add the --dry-run option explicitly if you are scripting this command and want to keep the current default behavior without prompting.\n"
	const header = "\nGROUP           TOPIC           PARTITION  NEW-OFFSET"
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.csv")
	if err := os.WriteFile(plan, []byte("orders,0,2\norders,1,9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name           string
		args           []string
		stdout, stderr string
	}{
		// --to-current: the committed offset, the end where the group has none (partition 2).
		{"to-current", []string{"--topic", "orders", "--to-current"},
			header + "\nreplay          orders          0          1\nreplay          orders          1          2\nreplay          orders          2          0\n", warn},
		// Partition 2 holds no record, so it has none after the time either.
		{"to-datetime in the past", []string{"--topic", "orders", "--to-datetime", "2020-01-01T00:00:00.000"},
			"\nWarn: Partition 2 from topic orders is empty. Falling back to latest known offset.\n" + header + "\nreplay          orders          0          0\nreplay          orders          1          0\nreplay          orders          2          0\n", warn},
		// After every record: Kafka warns on stdout and takes the end offset.
		{"to-datetime in the future", []string{"--topic", "orders", "--to-datetime", "2099-01-01T00:00:00.000", "--dry-run"},
			"\nWarn: Partition 0 from topic orders is empty. Falling back to latest known offset.\n" +
				"\nWarn: Partition 1 from topic orders is empty. Falling back to latest known offset.\n" +
				"\nWarn: Partition 2 from topic orders is empty. Falling back to latest known offset.\n" +
				header + "\nreplay          orders          0          3\nreplay          orders          1          2\nreplay          orders          2          0\n", ""},
		{"by-duration", []string{"--topic", "orders:1", "--by-duration", "PT1H", "--dry-run"},
			header + "\nreplay          orders          1          0\n", ""},
		// --export prints the plan as the CSV --from-file reads, then an empty line.
		{"export", []string{"--all-topics", "--to-latest", "--export"},
			"orders,0,3\norders,1,2\norders,2,0\n\n", warn},
		// --from-file needs no scope; an offset past the end is kept at the end, with a warning.
		{"from-file", []string{"--from-file", plan, "--execute"},
			header + "\nreplay          orders          0          2\nreplay          orders          1          2\n",
			"[<time>] WARN New offset (9) is higher than latest offset for topic partition orders-1. Value will be set to 2 (org.apache.kafka.tools.OffsetsUtils)\n"},
	} {
		r := runTool(t, bs, "", "kafka-consumer-groups.sh", append([]string{"--reset-offsets", "--group", "replay"}, c.args...)...)
		r.stderr = log4jStamp.ReplaceAllString(r.stderr, "[<time>]")
		if r.code != 0 || r.stdout != c.stdout || r.stderr != c.stderr {
			t.Errorf("%s: exit %d\nstdout %q\n  want %q\nstderr %q\n  want %q", c.name, r.code, r.stdout, c.stdout, r.stderr, c.stderr)
		}
	}
	r := mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "replay")
	if !strings.Contains(r.stdout, "replay          orders          0          2               3               1 ") {
		t.Errorf("--from-file --execute did not commit offset 2 of partition 0:\n%s", r.stdout)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--topic", "orders", "--to-datetime", "yesterday"}, "Error parsing timestamp 'yesterday'"},
		{[]string{"--topic", "orders", "--by-duration", "1h"}, "Text cannot be parsed to a Duration"},
		{[]string{"--topic", "orders", "--to-current", "--to-latest"}, "requires exactly one of these scenarios"},
	} {
		r := runTool(t, bs, "", "kafka-consumer-groups.sh", append([]string{"--reset-offsets", "--group", "replay"}, bad.args...)...)
		if r.code != 1 || !strings.Contains(r.stderr, bad.want) {
			t.Errorf("%v: %+v", bad.args, r)
		}
	}
}

func TestJavaDateTimeAndDuration(t *testing.T) {
	now := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"2020-01-01T00:00:00.000", 1577836800000},
		{"2020-01-01T00:00:00.5", 1577836800500},
		{"2020-01-01T00:00", 1577836800000},
		{"2020-01-01T01:00:00.000+01:00", 1577836800000},
		{"2020-01-01T00:00:00.000Z", 1577836800000},
		{"2019-12-31T19:00:00-0500", 1577836800000},
	} {
		got, err := parseJavaDateTime(c.in, now)
		if err != nil || got != c.want {
			t.Errorf("parseJavaDateTime(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want time.Duration
	}{
		{"PT1H", time.Hour}, {"P1DT2H", 26 * time.Hour}, {"PT30M", 30 * time.Minute},
		{"PT1.5S", 1500 * time.Millisecond}, {"-PT1H", -time.Hour}, {"pt10s", 10 * time.Second},
	} {
		got, err := parseJavaDuration(c.in)
		if err != nil || got != c.want {
			t.Errorf("parseJavaDuration(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"1h", "P", "PT", "P1H", "P1DT"} {
		if _, err := parseJavaDuration(bad); err == nil {
			t.Errorf("parseJavaDuration(%q) accepted", bad)
		}
	}
}

// Kafka 4.3.1's --delete, --delete-offsets and --list --state, as its tool printed them.
func TestDeleteGroupsAndOffsets(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)
	for _, g := range []string{"g5-j5", "h5-j5"} {
		mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--group", g, "--from-beginning", "--max-messages", "5", "--timeout-ms", "10000")
	}
	r := mustRun(t, bs, "", "kafka-consumer-groups.sh", "--list", "--state")
	// In HashSet order, as Kafka's tool prints them: h5-j5 before g5-j5.
	if want := "GROUP                     STATE               \nh5-j5                     Empty               \ng5-j5                     Empty               \n"; r.stdout != want {
		t.Errorf("--list --state:\n%q\nwant\n%q", r.stdout, want)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--delete-offsets", "--group", "g5-j5", "--topic", "orders:1", "--topic", "nosuchtopic")
	if want := "Request succeeded for deleting offsets from group g5-j5.\n\n" +
		"TOPIC           PARTITION  STATUS         \n" +
		"nosuchtopic     -          Error: org.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host this topic-partition.\n" +
		"orders          1          Successful     \n"; r.stdout != want {
		t.Errorf("--delete-offsets:\n%q\nwant\n%q", r.stdout, want)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "g5-j5")
	if strings.Contains(r.stdout, "orders          1 ") || !strings.Contains(r.stdout, "orders          0 ") {
		t.Errorf("after deleting the offsets of orders:1:\n%s", r.stdout)
	}
	// Kafka lists the deleted groups from a HashMap: h5-j5 before g5-j5.
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--delete", "--group", "g5-j5", "--group", "h5-j5")
	if want := "Deletion of requested consumer groups ('h5-j5', 'g5-j5') was successful.\n"; r.stdout != want {
		t.Errorf("--delete: %q, want %q", r.stdout, want)
	}
	r = runTool(t, bs, "", "kafka-consumer-groups.sh", "--delete", "--group", "g5-j5")
	if want := "Error: Deletion of some consumer groups failed: * Group 'g5-j5' could not be deleted due to: org.apache.kafka.common.errors.GroupIdNotFoundException: The group id does not exist."; r.code != 1 || !strings.HasPrefix(r.stderr, want) {
		t.Errorf("--delete of a deleted group: %+v", r)
	}
	r = runTool(t, bs, "", "kafka-consumer-groups.sh", "--delete-offsets", "--group", "g5-j5", "--topic", "orders")
	if r.code != 1 || !strings.Contains(r.stderr, "The group id does not exist") {
		t.Errorf("--delete-offsets of a deleted group: %+v", r)
	}
}

// Orders Kafka 4.3.1's tools printed: kafka-topics.sh --describe of several topics, and the
// groups --delete reports.
func TestJavaStringOrders(t *testing.T) {
	for _, c := range []struct {
		in, want []string
		copied   bool
	}{
		{[]string{"__consumer_offsets", "my-j1", "my-o1", "qs-j1", "qs-o1"}, []string{"qs-o1", "my-o1", "__consumer_offsets", "my-j1", "qs-j1"}, true},
		{[]string{"my6-j6", "pl6-j6"}, []string{"my6-j6", "pl6-j6"}, true},
		{[]string{"g5-j5", "h5-j5"}, []string{"h5-j5", "g5-j5"}, false},
		// kafka-consumer-groups.sh --list of 15 groups (a table of 32 buckets).
		{strings.Fields("console-consumer-18259 console-consumer-33915 console-consumer-63729 console-consumer-6459 console-consumer-82660 console-consumer-97212 docgrp-j-707473 g2-o2 grp-j-109065 grp-j-622832 grp-o-109065 grp-o-622832 live-o-764203 live-o-870640 livej"),
			strings.Fields("grp-j-622832 console-consumer-82660 docgrp-j-707473 g2-o2 grp-o-109065 live-o-764203 grp-j-109065 console-consumer-97212 console-consumer-33915 grp-o-622832 live-o-870640 console-consumer-63729 console-consumer-18259 livej console-consumer-6459"), false},
	} {
		got := javaStringSetOrder(c.in)
		if c.copied {
			got = javaStringCopyOrder(c.in)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("order of %v: %v, want %v", c.in, got, c.want)
		}
	}
}
