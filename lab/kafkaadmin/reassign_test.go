package kafkaadmin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReassignPartitions runs ops.html's kafka-reassign-partitions.sh steps on the embedded
// broker (node 0, its log dir /mem/kfake). The texts are what Kafka 4.3.1's tool printed for
// the same commands against this broker.
func TestReassignPartitions(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "foo1", "--partitions", "2")
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "foo2", "--partitions", "1")
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	move := file("topics-to-move.json", `{"topics": [{"topic": "foo1"}, {"topic": "foo2"}], "version":1}`)
	same := file("same.json", `{"version":1,"partitions":[{"topic":"foo1","partition":0,"replicas":[0]},{"topic":"foo2","partition":0,"replicas":[0],"log_dirs":["any"]}]}`)
	grow := file("grow.json", `{"version":1,"partitions":[{"topic":"foo1","partition":0,"replicas":[0,2]}]}`)
	dups := file("dups.json", `{"version":1,"partitions":[{"topic":"foo1","partition":0,"replicas":[0,0]}]}`)

	const current = `{"version":1,"partitions":[{"topic":"foo1","partition":0,"replicas":[0],"log_dirs":["/mem/kfake"]},{"topic":"foo2","partition":0,"replicas":[0],"log_dirs":["/mem/kfake"]}]}`
	const verified = "Status of partition reassignment:\nReassignment of partition foo1-0 is completed.\nReassignment of partition foo2-0 is completed.\n\n" +
		"Clearing broker-level throttles on broker 0\nClearing topic-level throttles on topics foo1,foo2\n"
	for _, c := range []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"--topics-to-move-json-file", move, "--broker-list", "0", "--generate"}, 0,
			"Current partition replica assignment\n" +
				`{"version":1,"partitions":[{"topic":"foo1","partition":0,"replicas":[0],"log_dirs":["/mem/kfake"]},{"topic":"foo1","partition":1,"replicas":[0],"log_dirs":["/mem/kfake"]},{"topic":"foo2","partition":0,"replicas":[0],"log_dirs":["/mem/kfake"]}]}` +
				"\n\nProposed partition reassignment configuration\n" +
				`{"version":1,"partitions":[{"topic":"foo1","partition":0,"replicas":[0],"log_dirs":["any"]},{"topic":"foo1","partition":1,"replicas":[0],"log_dirs":["any"]},{"topic":"foo2","partition":0,"replicas":[0],"log_dirs":["any"]}]}` + "\n", ""},
		{[]string{"--topics-to-move-json-file", move, "--broker-list", "5,6", "--generate"}, 1, "", "Error: All brokers are currently fenced, or have all their log directories cordoned."},
		{[]string{"--list"}, 0, "No partition reassignments found.\n", ""},
		{[]string{"--reassignment-json-file", same, "--execute"}, 0,
			"Current partition replica assignment\n\n" + current + "\n\nSave this to use as the --reassignment-json-file option during rollback\n" +
				"Successfully started partition reassignments for foo1-0,foo2-0\n", ""},
		{[]string{"--reassignment-json-file", same, "--verify"}, 0, verified, ""},
		{[]string{"--reassignment-json-file", same, "--execute", "--throttle", "50000000"}, 0,
			"Current partition replica assignment\n\n" + current + "\n\nSave this to use as the --reassignment-json-file option during rollback\n" +
				"Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.\n" +
				"The inter-broker throttle limit was set to 50000000 B/s\n" +
				"Successfully started partition reassignments for foo1-0,foo2-0\n", ""},
		{[]string{"--reassignment-json-file", same, "--verify"}, 0, verified, ""},
		// Kafka's tool leaves the line end out after the second sentence.
		{[]string{"--reassignment-json-file", same, "--cancel"}, 0,
			"None of the specified partition reassignments are active.\nNone of the specified partition moves are active." +
				"Clearing broker-level throttles on broker 0\nClearing topic-level throttles on topics foo1,foo2\n", ""},
		{[]string{"--reassignment-json-file", grow, "--execute"}, 1, "", "Error: Unknown broker id 2"},
		{[]string{"--reassignment-json-file", dups, "--execute"}, 1, "", "Error: Partition replica lists may not contain duplicate entries: foo1-0 contains multiple entries for 0"},
		{[]string{"--reassignment-json-file", same, "--verify", "--throttle", "5"}, 1, "", `Option "[throttle]" can't be used with action "[verify]"`},
		{[]string{"--execute"}, 1, "", `Missing required argument "[reassignment-json-file]"`},
		{[]string{"--list", "--verify"}, 1, "", "Command must include exactly one action: --generate, --execute, --verify, --cancel, --list"},
	} {
		r := runTool(t, bs, "kafka-reassign-partitions.sh", c.args...)
		if r.code != c.code || r.stdout != c.out || !strings.Contains(r.stderr, c.inErr) {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr with %q", strings.Join(c.args, " "), r.code, r.stdout, r.stderr, c.code, c.out, c.inErr)
		}
	}
	// --throttle set the throttles and --verify removed them again.
	if r := mustRun(t, bs, "kafka-configs.sh", "--describe", "--entity-type", "topics", "--entity-name", "foo1"); strings.Contains(r.stdout, "throttled") {
		t.Errorf("throttles left on foo1 after --verify:\n%s", r.stdout)
	}
}
