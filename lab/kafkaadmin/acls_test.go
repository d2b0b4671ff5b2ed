package kafkaadmin

import (
	"strings"
	"testing"
)

// TestACLs runs security.html's kafka-acls.sh examples on the embedded broker, which keeps
// ACLs as a broker with an authorizer does. The texts are Kafka 4.3.1's AclCommand's (checked
// against it on a real broker with StandardAuthorizer; Kafka's order of resources and entries
// changes between its runs, ours is the command line's for --add and sorted for --list).
func TestACLs(t *testing.T) {
	bs := startBroker(t)
	const topicRes = "`ResourcePattern(resourceType=TOPIC, name=Test-topic, patternType=LITERAL)`"
	entry := func(p, h, op, perm string) string {
		return "(principal=User:" + p + ", host=" + h + ", operation=" + op + ", permissionType=" + perm + ")"
	}
	for _, c := range []struct {
		args       string
		code       int
		out, inErr string
	}{
		{"--list", 0, "", ""},
		{"--add --allow-principal User:Bob --allow-principal User:Alice --allow-host 198.51.100.0 --allow-host 198.51.100.1 --operation Read --operation Write --topic Test-topic", 0,
			"Adding ACLs for resource " + topicRes + ": \n \t" + strings.Join([]string{
				entry("Bob", "198.51.100.0", "READ", "ALLOW"), entry("Bob", "198.51.100.1", "READ", "ALLOW"),
				entry("Bob", "198.51.100.0", "WRITE", "ALLOW"), entry("Bob", "198.51.100.1", "WRITE", "ALLOW"),
				entry("Alice", "198.51.100.0", "READ", "ALLOW"), entry("Alice", "198.51.100.1", "READ", "ALLOW"),
				entry("Alice", "198.51.100.0", "WRITE", "ALLOW"), entry("Alice", "198.51.100.1", "WRITE", "ALLOW"),
			}, "\n\t") + "\n\n", ""},
		{"--add --allow-principal User:Bob --allow-host 198.51.100.0 --operation Read --topic Test-topic", 0,
			"Acl (pattern=ResourcePattern(resourceType=TOPIC, name=Test-topic, patternType=LITERAL), entry=" + entry("Bob", "198.51.100.0", "READ", "ALLOW") + ") already exists.\n", ""},
		{"--add --allow-principal User:Jane --producer --topic Test- --resource-pattern-type prefixed", 0,
			"Adding ACLs for resource `ResourcePattern(resourceType=TOPIC, name=Test-, patternType=PREFIXED)`: \n \t" +
				entry("Jane", "*", "WRITE", "ALLOW") + "\n\t" + entry("Jane", "*", "DESCRIBE", "ALLOW") + "\n\t" + entry("Jane", "*", "CREATE", "ALLOW") + "\n\n", ""},
		{"--add --allow-principal User:Bob --consumer --topic T2 --group Group-1", 0,
			"Adding ACLs for resource `ResourcePattern(resourceType=TOPIC, name=T2, patternType=LITERAL)`: \n \t" +
				entry("Bob", "*", "READ", "ALLOW") + "\n\t" + entry("Bob", "*", "DESCRIBE", "ALLOW") + "\n\n" +
				"Adding ACLs for resource `ResourcePattern(resourceType=GROUP, name=Group-1, patternType=LITERAL)`: \n \t" +
				entry("Bob", "*", "READ", "ALLOW") + "\n\n", ""},
		{"--list --topic Test-topic --principal User:Alice", 0, "ACLs for principal `User:Alice`\nCurrent ACLs for resource " + topicRes + ":\n\t" + strings.Join([]string{
			entry("Alice", "198.51.100.0", "READ", "ALLOW"), entry("Alice", "198.51.100.0", "WRITE", "ALLOW"),
			entry("Alice", "198.51.100.1", "READ", "ALLOW"), entry("Alice", "198.51.100.1", "WRITE", "ALLOW"),
		}, "\n\t") + "\n\n", ""},
		{"--list --group Group-1", 0, "Current ACLs for resource `ResourcePattern(resourceType=GROUP, name=Group-1, patternType=LITERAL)`:\n\t" + entry("Bob", "*", "READ", "ALLOW") + "\n\n", ""},
		{"--remove --allow-principal User:Alice --allow-host 198.51.100.0 --allow-host 198.51.100.1 --operation Read --operation Write --topic Test-topic --force", 0, "", ""},
		{"--remove --allow-principal User:Jane --producer --topic Test- --resource-pattern-type Prefixed --force", 0, "", ""},
		{"--remove --topic T2 --force", 0, "", ""},
		{"--remove --group Group-1 --force", 0, "", ""},
		{"--list", 0, "Current ACLs for resource " + topicRes + ":\n\t" + strings.Join([]string{
			entry("Bob", "198.51.100.0", "READ", "ALLOW"), entry("Bob", "198.51.100.0", "WRITE", "ALLOW"),
			entry("Bob", "198.51.100.1", "READ", "ALLOW"), entry("Bob", "198.51.100.1", "WRITE", "ALLOW"),
		}, "\n\t") + "\n\n", ""},
		// Without --force the tool asks first; the test's stdin is empty, so nothing goes.
		{"--remove --topic Test-topic", 0, "Are you sure you want to delete all ACLs for resource filter `ResourcePatternFilter(resourceType=TOPIC, name=Test-topic, patternType=LITERAL)`? (y/n)\n", ""},
		// Kafka 4.3.1's refusals, word for word.
		{"--add --allow-principal User:Bob --operation Alter --group g", 1, "", "ResourceType GROUP only supports operations [READ, DELETE, ALTER_CONFIGS, DESCRIBE_CONFIGS, DESCRIBE, ALL]"},
		{"--add --operation Read --topic t", 1, "", "You must specify one of: --allow-principal, --deny-principal when trying to add ACLs."},
		{"--add --allow-principal Bob --topic t", 1, "", "Error while executing ACL command: expected a string in format principalType:principalName but got Bob"},
		{"--add --allow-principal User:Bob --topic t --resource-pattern-type match", 1, "", "A '--resource-pattern-type' value of 'MATCH' is not valid when adding acls."},
		{"--add --allow-principal User:Bob --topic t --resource-pattern-type bogus", 1, "", "Error while executing ACL command: Cannot parse argument 'bogus' of option resource-pattern-type"},
		{"--list --producer", 1, "", `Option "[list]" can't be used with option "[producer]"`},
		{"--add --allow-principal User:Bob", 1, "", "You must provide at least one resource: --topic <topic> or --cluster or --group <group> or --delegation-token <Delegation Token ID>"},
		{"--add --allow-principal User:Bob --consumer --topic t", 1, "", "With --consumer you must specify a --topic and a --group and no --cluster or --transactional-id option should be specified."},
		{"--topic t", 1, "", "Command must include exactly one action: --list, --add, --remove. "},
	} {
		r := runTool(t, bs, "kafka-acls.sh", strings.Fields(c.args)...)
		if r.code != c.code || r.stdout != c.out || !strings.Contains(r.stderr, c.inErr) {
			t.Errorf("kafka-acls.sh %s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr with %q", c.args, r.code, r.stdout, r.stderr, c.code, c.out, c.inErr)
		}
	}
}
