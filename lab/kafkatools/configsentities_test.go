package kafkatools

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Client quotas and broker configs on the embedded broker, with the lines Kafka 4.3.1's
// kafka-configs.sh printed for the same commands on a real broker.
func TestConfigEntities(t *testing.T) {
	bs := startBroker(t)
	for _, c := range []struct {
		args   []string
		stdout string
	}{
		{[]string{"--alter", "--add-config", "producer_byte_rate=1024", "--entity-type", "users", "--entity-name", "user1"}, "Completed updating config for user user1.\n"},
		{[]string{"--describe", "--entity-type", "users", "--entity-name", "user1"}, "Quota configs for user-principal 'user1' are producer_byte_rate=1024.0\n"},
		{[]string{"--alter", "--add-config", "consumer_byte_rate=2048", "--entity-type", "clients", "--entity-name", "clientA"}, "Completed updating config for client clientA.\n"},
		{[]string{"--describe", "--entity-type", "clients", "--entity-name", "clientA"}, "Quota configs for client-id 'clientA' are consumer_byte_rate=2048.0\n"},
		{[]string{"--alter", "--add-config", "producer_byte_rate=15000000", "--entity-type", "clients", "--entity-default"}, "Completed updating default config for clients in the cluster.\n"},
		{[]string{"--describe", "--entity-type", "clients", "--entity-default"}, "Quota configs for the default client-id are producer_byte_rate=1.5E7\n"},
		{[]string{"--alter", "--add-config", "request_percentage=200", "--entity-type", "users", "--entity-default"}, "Completed updating default config for users in the cluster.\n"},
		{[]string{"--describe", "--entity-type", "users", "--entity-default"}, "Quota configs for the default user-principal are request_percentage=200.0\n"},
		{[]string{"--alter", "--delete-config", "producer_byte_rate", "--entity-type", "users", "--entity-name", "user1"}, "Completed updating config for user user1.\n"},
		{[]string{"--describe", "--entity-type", "users", "--entity-name", "user1"}, ""},
		{[]string{"--describe", "--entity-type", "users", "--entity-name", "nobody"}, ""},
		// A user and client pair (ops.html's quota examples): the names and --entity-default
		// pair with the types in order; the message names the user, the description the user first.
		{[]string{"--alter", "--add-config", "producer_byte_rate=1024", "--entity-type", "users", "--entity-name", "user1", "--entity-type", "clients", "--entity-default"}, "Completed updating config for user user1.\n"},
		{[]string{"--describe", "--entity-type", "clients", "--entity-default", "--entity-type", "users", "--entity-name", "user1"}, "Quota configs for user-principal 'user1', the default client-id are producer_byte_rate=1024.0\n"},
		{[]string{"--alter", "--add-config", "consumer_byte_rate=1", "--entity-type", "users", "--entity-default", "--entity-type", "clients", "--entity-default"}, "Completed updating default config for users in the cluster.\n"},
		{[]string{"--describe", "--entity-type", "users", "--entity-default", "--entity-type", "clients", "--entity-default"}, "Quota configs for the default user-principal, the default client-id are consumer_byte_rate=1.0\n"},
		// Several values of one entity: in the order Kafka 4.3.1's tool printed them on a
		// real broker (ops.html's three, then with controller_mutation_rate: a HashMap of
		// 4 buckets, then of 8).
		{[]string{"--alter", "--add-config", "producer_byte_rate=1024,consumer_byte_rate=2048,request_percentage=200", "--entity-type", "users", "--entity-name", "qu3"}, "Completed updating config for user qu3.\n"},
		{[]string{"--describe", "--entity-type", "users", "--entity-name", "qu3"}, "Quota configs for user-principal 'qu3' are consumer_byte_rate=2048.0, request_percentage=200.0, producer_byte_rate=1024.0\n"},
		{[]string{"--alter", "--add-config", "controller_mutation_rate=10", "--entity-type", "users", "--entity-name", "qu3"}, "Completed updating config for user qu3.\n"},
		{[]string{"--describe", "--entity-type", "users", "--entity-name", "qu3"}, "Quota configs for user-principal 'qu3' are producer_byte_rate=1024.0, consumer_byte_rate=2048.0, controller_mutation_rate=10.0, request_percentage=200.0\n"},
		{[]string{"--alter", "--delete-config", "producer_byte_rate,consumer_byte_rate,request_percentage,controller_mutation_rate", "--entity-type", "users", "--entity-name", "qu3"}, "Completed updating config for user qu3.\n"},
		// The embedded broker is node 0.
		{[]string{"--describe", "--entity-type", "brokers", "--entity-name", "7"}, "The broker '7' doesn't exist and doesn't have dynamic config.\n"},
		{[]string{"--describe", "--entity-type", "brokers", "--entity-name", "0"}, "Dynamic configs for broker 0 are:\n"},
		{[]string{"--alter", "--add-config", "log.cleaner.threads=2", "--entity-type", "brokers", "--entity-default"}, "Completed updating default config for brokers in the cluster.\n"},
		{[]string{"--alter", "--delete-config", "log.cleaner.threads", "--entity-type", "brokers", "--entity-name", "0"}, "Completed updating config for broker 0.\n"},
		{[]string{"--describe", "--entity-type", "topics", "--entity-name", "nope"}, "The topic 'nope' doesn't exist and doesn't have dynamic config.\n"},
		// A group's and a client metrics subscription's configs, with the lines Kafka 4.3.1's
		// tool printed on a real broker.
		{[]string{"--describe", "--entity-type", "groups", "--entity-name", "cg1"}, "The group 'cg1' doesn't exist and doesn't have dynamic config.\n"},
		{[]string{"--alter", "--entity-type", "groups", "--entity-name", "cg1", "--add-config", "consumer.session.timeout.ms=50000"}, "Completed updating config for group cg1.\n"},
		{[]string{"--describe", "--entity-type", "groups", "--entity-name", "cg1"}, "Dynamic configs for group cg1 are:\n  consumer.session.timeout.ms=50000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:consumer.session.timeout.ms=50000, DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}\n"},
		{[]string{"--describe", "--entity-type", "groups"}, "Dynamic configs for group cg1 are:\n  consumer.session.timeout.ms=50000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:consumer.session.timeout.ms=50000, DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}\n"},
		{[]string{"--alter", "--entity-type", "groups", "--entity-name", "cg1", "--delete-config", "consumer.session.timeout.ms"}, "Completed updating config for group cg1.\n"},
		{[]string{"--describe", "--entity-type", "client-metrics", "--entity-name", "cm1"}, "The client-metric 'cm1' doesn't exist and doesn't have dynamic config.\n"},
		{[]string{"--alter", "--entity-type", "client-metrics", "--entity-name", "cm1", "--add-config", "metrics=org.apache.kafka.producer.,interval.ms=1000"}, "Completed updating config for client-metric cm1.\n"},
		{[]string{"--describe", "--entity-type", "client-metrics"}, "Dynamic configs for client-metric cm1 are:\n  interval.ms=1000 sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:interval.ms=1000}\n  metrics=org.apache.kafka.producer. sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:metrics=org.apache.kafka.producer.}\n"},
		{[]string{"--alter", "--entity-type", "client-metrics", "--entity-name", "cm1", "--delete-config", "interval.ms,metrics"}, "Completed updating config for client-metric cm1.\n"},
		{[]string{"--describe", "--entity-type", "client-metrics", "--entity-name", "cm1"}, "The client-metric 'cm1' doesn't exist and doesn't have dynamic config.\n"},
	} {
		r := runTool(t, bs, "", "kafka-configs.sh", c.args...)
		if r.code != 0 || r.stdout != c.stdout {
			t.Errorf("%v: exit %d\nstdout %q\n  want %q\nstderr %q", c.args, r.code, r.stdout, c.stdout, r.stderr)
		}
	}
	// Every topic, in the order of Kafka's HashSet of 16 buckets: pl6-j6 before my6-j6 (the
	// describeTopics map of kafka-topics.sh, sized for two, has them the other way round).
	for _, name := range []string{"pl6-j6", "my6-j6"} {
		mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", name, "--partitions", "1")
	}
	r := mustRun(t, bs, "", "kafka-configs.sh", "--describe", "--entity-type", "topics")
	if want := "Dynamic configs for topic pl6-j6 are:\nDynamic configs for topic my6-j6 are:\n"; !strings.Contains(r.stdout, want) {
		t.Errorf("--describe --entity-type topics: %q, want it to hold %q", r.stdout, want)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--alter", "--add-config", "bogus_rate=1", "--entity-type", "users", "--entity-name", "u9"},
			"Only quota and SCRAM credential configs can be added for 'users' using --bootstrap-server. Unexpected config names: Set(bogus_rate)"},
		{[]string{"--alter", "--add-config", "producer_byte_rate=1", "--entity-type", "users", "--entity-name", "u", "--entity-type", "brokers", "--entity-name", "0"},
			"several --entity-type go together only as users and clients"},
		{[]string{"--alter", "--add-config", "producer_byte_rate=1", "--entity-type", "users", "--entity-name", "u", "--entity-type", "clients"},
			"an entity name must be specified with --alter of clients"},
		{[]string{"--describe", "--entity-type", "brokers", "--entity-name", "one"}, "The entity name for brokers must be a valid integer broker id, but it is: one"},
		{[]string{"--alter", "--add-config", "producer_byte_rate=fast", "--entity-type", "clients", "--entity-name", "c"}, "Cannot parse quota configuration value for producer_byte_rate: fast"},
		{[]string{"--describe", "--entity-type", "brokers-loggers"}, `entity type "brokers-loggers" is not available here`},
		{[]string{"--alter", "--entity-type", "groups", "--add-config", "consumer.session.timeout.ms=50000"}, "An entity name must be specified with --alter of groups"},
		{[]string{"--describe", "--entity-type", "client-metrics", "--entity-default"}, "--entity-default must not be specified with --describe of client-metrics"},
		{[]string{"--alter", "--entity-type", "groups", "--entity-name", "cg1", "--add-config", "bogus.x=1"}, "InvalidConfigurationException"},
	} {
		r := runTool(t, bs, "", "kafka-configs.sh", bad.args...)
		if r.code != 1 || !strings.Contains(r.stderr, bad.want) {
			t.Errorf("%v: %+v", bad.args, r)
		}
	}
}

// A quota entity's values in the order of the HashMap Kafka's admin client sizes for their
// count: the broker's order decides only between names of one bucket (producer_byte_rate
// and request_percentage share one of 4 buckets, not of 8).
func TestJavaSizedHashMapOrder(t *testing.T) {
	const (
		p, c, r, m = "producer_byte_rate", "consumer_byte_rate", "request_percentage", "controller_mutation_rate"
	)
	for _, tc := range []struct {
		in   []string
		want []string
	}{
		{[]string{c, r, p}, []string{c, r, p}}, // the 4.3.1 broker's answer, printed as is
		{[]string{p, r, c}, []string{c, p, r}}, // one bucket of 4: the broker's order kept
		{[]string{r, m, c, p}, []string{p, c, m, r}},
		{[]string{p, c, m, r}, []string{p, c, m, r}},
		{[]string{m, p}, []string{m, p}}, // 2 values: 4 buckets, 2 then 3
		{[]string{r, c}, []string{c, r}},
		{[]string{p}, []string{p}},
		{nil, []string{}},
	} {
		if got := javaSizedHashMapOrder(tc.in, len(tc.in)); !slices.Equal(got, tc.want) {
			t.Errorf("javaSizedHashMapOrder(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// Java's Double.toString, which Kafka's tool prints quotas with.
func TestJavaDouble(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{1024, "1024.0"}, {200, "200.0"}, {0.5, "0.5"}, {1.5e7, "1.5E7"}, {1e7, "1.0E7"}, {9999999, "9999999.0"},
		{0.001, "0.001"}, {0.0001, "1.0E-4"}, {0, "0.0"}, {-2048, "-2048.0"}, {math.MaxInt64, "9.223372036854776E18"},
	} {
		if got := javaDouble(c.in); got != c.want {
			t.Errorf("javaDouble(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Kafka 4.x's --command-property and --command-config, as its docs and option tables give
// them: the file's plain settings are taken, SASL and TLS refused with the reason.
func TestCommandConfigAndProperty(t *testing.T) {
	bs := startBroker(t)
	dir := t.TempDir()
	plain := filepath.Join(dir, "client.properties")
	secure := filepath.Join(dir, "secure.properties")
	os.WriteFile(plain, []byte("# settings\nclient.id = me\n\nacks: all\n"), 0o644)
	os.WriteFile(secure, []byte("security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"), 0o644)
	mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", "cc", "--partitions", "1", "--command-config", plain)
	mustRun(t, bs, "a\nb\n", "kafka-console-producer.sh", "--topic", "cc", "--command-property", "linger.ms=5", "--command-config", plain)
	r := mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "cc", "--from-beginning", "--max-messages", "2", "--command-config", plain, "--command-property", "client.id=other")
	if r.stdout != "a\nb\n" {
		t.Errorf("consumer with --command-config: %q", r.stdout)
	}
	for _, args := range [][]string{{"kafka-topics.sh", "--list"}, {"kafka-console-consumer.sh", "--max-messages", "1"}} {
		tool := args[0]
		r := runTool(t, bs, "", tool, append(args[1:], "--topic", "cc", "--command-config", secure)...)
		if r.code != 1 || !strings.Contains(r.stderr, "sasl.mechanism=PLAIN is not available: kafkalab's Kafka tools connect in plain text") {
			t.Errorf("%s with SASL settings: %+v", tool, r)
		}
	}
	r = runTool(t, bs, "x\n", "kafka-console-producer.sh", "--topic", "cc", "--command-property", "security.protocol=SSL")
	if r.code != 1 || !strings.Contains(r.stderr, "security.protocol=SSL is not available") {
		t.Errorf("producer with --command-property security.protocol=SSL: %+v", r)
	}
	got := parseJavaProperties("a=1\n  b : 2\nc 3\n! bang\n#x=y\nd=\ne==f\n")
	want := map[string]string{"a": "1", "b": "2", "c": "3", "d": "", "e": "=f"}
	if len(got) != len(want) {
		t.Errorf("parseJavaProperties: %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("parseJavaProperties[%q] = %q, want %q", k, got[k], v)
		}
	}
}

// Several quota entities: in the order of the HashMap of ClientQuotaEntity Kafka's admin
// client sizes for their count, as Kafka 4.3.1's tool printed these on a real broker (the
// broker's answer, ca cb cc on the embedded broker, is not what decides).
func TestQuotaEntitiesInKafkaOrder(t *testing.T) {
	bs := startBroker(t)
	for _, tc := range []struct {
		typ   string
		names []string
		want  []string
	}{
		{"clients", []string{"ca", "cb", "cc"}, []string{"cb", "cc", "ca"}},
		{"users", []string{"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"},
			[]string{"erin", "grace", "alice", "heidi", "ivan", "bob", "frank", "judy", "dave", "carol"}},
	} {
		for _, n := range tc.names {
			mustRun(t, bs, "", "kafka-configs.sh", "--alter", "--add-config", "producer_byte_rate=1024", "--entity-type", tc.typ, "--entity-name", n)
		}
		what := map[string]string{"clients": "client-id", "users": "user-principal"}[tc.typ]
		var want strings.Builder
		for _, n := range tc.want {
			fmt.Fprintf(&want, "Quota configs for %s '%s' are producer_byte_rate=1024.0\n", what, n)
		}
		if r := mustRun(t, bs, "", "kafka-configs.sh", "--describe", "--entity-type", tc.typ); r.stdout != want.String() {
			t.Errorf("--describe --entity-type %s:\n%s\nwant\n%s", tc.typ, r.stdout, want.String())
		}
	}
}
