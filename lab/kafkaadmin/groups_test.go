package kafkaadmin

import (
	"strings"
	"testing"
)

// TestGroupsTools lists groups of two kinds on the embedded broker with kafka-groups.sh and
// kafka-share-groups.sh. The expected texts are what Kafka 4.3.1's GroupsCommand and
// ShareGroupCommand printed for the same groups (a classic consumer group and a simple group
// that only committed offsets): the rows in the HashMap order of the group ids, each cell
// padded to 20 and followed by a space.
func TestGroupsTools(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "gt", "--partitions", "2")
	mustRun(t, bs, "kafka-console-consumer.sh", "--topic", "gt", "--group", "classic-g", "--from-beginning", "--timeout-ms", "1500")
	mustRun(t, bs, "kafka-consumer-groups.sh", "--reset-offsets", "--group", "simple-g", "--topic", "gt", "--to-earliest", "--execute")

	const header = "GROUP                TYPE                 PROTOCOL            \n"
	const classic = "classic-g            Classic              consumer             \n"
	const simple = "simple-g             Classic                                   \n"
	for _, c := range []struct {
		tool       string
		args       []string
		code       int
		out, inErr string
	}{
		{"kafka-groups.sh", []string{"--list"}, 0, header + classic + simple, ""},
		{"kafka-groups.sh", []string{"--list", "--consumer"}, 0, header + classic + simple, ""},
		{"kafka-groups.sh", []string{"--list", "--group-type", "CLASSIC", "--protocol", "consumer"}, 0, header + classic, ""},
		{"kafka-groups.sh", []string{"--list", "--protocol", ""}, 0, header + simple, ""},
		{"kafka-groups.sh", []string{"--list", "--group-type", "consumer"}, 0, header, ""},
		{"kafka-groups.sh", []string{"--list", "--share"}, 0, header, ""},
		{"kafka-groups.sh", []string{"--list", "--streams"}, 0, header, ""},
		{"kafka-groups.sh", []string{"--list", "--group-type", "bogus"}, 1, "", "--group-type must be a valid group type."},
		{"kafka-groups.sh", []string{"--list", "--consumer", "--share"}, 1, "", `Option "[consumer]" can't be used with option "[share]"`},
		{"kafka-groups.sh", []string{"--list", "--streams", "--protocol", "x"}, 1, "", `Option "[streams]" can't be used with option "[protocol]"`},
		{"kafka-groups.sh", nil, 1, "", "Command must include exactly one action: --list."},
		{"kafka-share-groups.sh", []string{"--list"}, 0, "", ""},
		{"kafka-share-groups.sh", []string{"--list", "--state"}, 0, "GROUP           STATE\n", ""},
		{"kafka-share-groups.sh", []string{"--list", "--state", "nope"}, 1, "", "Invalid state list 'nope'. Valid states are: Stable, Dead, Empty"},
		{"kafka-share-groups.sh", []string{"--describe", "--group", "g"}, 1, "", "--describe is not in kafkalab's kafka-share-groups.sh yet"},
		{"kafka-streams-groups.sh", []string{"--list", "--state", "notready"}, 0, "GROUP           STATE\n", ""},
	} {
		r := runTool(t, bs, c.tool, c.args...)
		what := c.tool + " " + strings.Join(c.args, " ")
		if r.code != c.code || r.stdout != c.out || !strings.Contains(r.stderr, c.inErr) {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr with %q", what, r.code, r.stdout, r.stderr, c.code, c.out, c.inErr)
		}
	}
}

// TestGroupsHashOrder: kafka-groups.sh lists groups in the order of the HashMap Kafka's admin
// client collects them in, whatever order the broker answers in.
func TestGroupsHashOrder(t *testing.T) {
	// The order Kafka 4.3.1's kafka-groups.sh --list printed these groups on a real broker.
	want := []string{"old-java-g", "new-g", "classic-g", "sh-g", "simple-g"}
	in := []listedGroup{{id: "simple-g"}, {id: "sh-g"}, {id: "classic-g"}, {id: "new-g"}, {id: "old-java-g"}}
	got := javaHashOrder(in, func(g listedGroup) int32 { return javaStringHash(g.id) })
	for i, g := range got {
		if g.id != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}
