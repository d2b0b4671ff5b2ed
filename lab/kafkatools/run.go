package kafkatools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// IO is where a tool reads its input and writes its output (the terminal, or a lesson pane).
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// tool is one Kafka command-line tool.
type tool struct {
	name    string
	summary string
	specs   []option
	// errPrefix is what Kafka's tool prints before an error message.
	errPrefix string
	run       func(ctx context.Context, t *toolRun) error
}

// toolRun is one invocation of a tool: parsed options, IO and the broker address.
type toolRun struct {
	tool      *tool
	opts      *options
	io        IO
	bootstrap []string
}

var registry = map[string]*tool{}

func registerTool(t *tool) {
	if !slices.ContainsFunc(t.specs, func(o option) bool { return o.name == "command-config" }) {
		t.specs = append(t.specs, option{name: "command-config", arg: "command config property file",
			help: "A properties file of admin client settings; SASL and TLS settings are not available, the others are not needed by the lab's broker."})
	}
	t.specs = append(t.specs,
		option{name: "bootstrap-server", arg: "server to connect to", help: "The Kafka server(s) to connect to, HOST1:PORT1,HOST2:PORT2. Defaults to the lab's broker."},
		option{name: "help", help: "Print usage information."},
		option{name: "version", help: "Display Kafka version."},
	)
	registry[t.name] = t
}

// Tools lists the tool names Run accepts, sorted ("kafka-topics.sh", ...). Each name also
// works without ".sh".
func Tools() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Summary is the one-line description of a tool, for command listings; "" if unknown.
func Summary(name string) string {
	if t := lookup(name); t != nil {
		return t.summary
	}
	return ""
}

func lookup(name string) *tool {
	if t, ok := registry[name]; ok {
		return t
	}
	return registry[name+".sh"]
}

// kafkaVersion is the Kafka release whose tools these imitate (printed by --version).
const kafkaVersion = "4.1.0 (kafkalab)"

// Run runs one tool (with or without ".sh") with its arguments and returns the process exit
// code: 0 on success, 1 on any error, after printing one line to stderr that names the problem
// and the fix. defaultBootstrap is used when --bootstrap-server is not given. Run never
// blocks past ctx; an unreachable broker fails within a few seconds.
func Run(ctx context.Context, toolName string, args []string, io IO, defaultBootstrap []string) int {
	if io.Stdin == nil {
		io.Stdin = strings.NewReader("")
	}
	t := lookup(toolName)
	if t == nil {
		fmt.Fprintf(io.Stderr, "kafkalab: unknown Kafka tool %q; the lab has %s\n", toolName, strings.Join(Tools(), ", "))
		return 1
	}
	opts, err := parseOptions(t.specs, args)
	if err != nil {
		return t.fail(io, err)
	}
	if opts.has("help") {
		printHelp(io.Stdout, t.summary, t.specs)
		return 0
	}
	if opts.has("version") {
		fmt.Fprintln(io.Stdout, kafkaVersion)
		return 0
	}
	if opts.has("command-config") {
		// Read and checked here for every tool; the producer and consumer also apply it.
		if _, err := clientProperties(opts, ""); err != nil {
			return t.fail(io, err)
		}
	}
	r := &toolRun{tool: t, opts: opts, io: io}
	if opts.has("bootstrap-server") {
		r.bootstrap, err = parseBootstrap(opts.value("bootstrap-server", ""))
		if err != nil {
			return t.fail(io, err)
		}
	} else {
		r.bootstrap = defaultBootstrap
		if len(r.bootstrap) == 0 {
			return t.fail(io, usagef("missing required argument \"[bootstrap-server]\": add --bootstrap-server HOST:PORT"))
		}
	}
	if err := t.run(ctx, r); err != nil {
		return t.fail(io, err)
	}
	return 0
}

// fail prints err as one line and returns the exit code.
func (t *tool) fail(io IO, err error) int {
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		fmt.Fprintf(io.Stderr, "%s: %s (see %s --help)\n", t.name, ue.msg, t.name)
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(io.Stderr, "%s: interrupted\n", t.name)
		return 130
	default:
		fmt.Fprintf(io.Stderr, "%s%s\n", t.errPrefix, oneLine(err.Error()))
	}
	return 1
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// parseBootstrap checks "host:port,host:port" like Kafka's ToolsUtils.validateBootstrapServer.
func parseBootstrap(s string) ([]string, error) {
	var out []string
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		host, port, err := net.SplitHostPort(a)
		if err != nil || host == "" {
			return nil, usagef("invalid --bootstrap-server %q: give host:port like localhost:9092", s)
		}
		if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
			return nil, usagef("invalid port in --bootstrap-server %q: give host:port like localhost:9092", s)
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		return nil, usagef("empty --bootstrap-server: give host:port like localhost:9092")
	}
	return out, nil
}

// reachTimeout bounds the first contact with the broker, so that a wrong address fails fast.
var reachTimeout = 5 * time.Second

// client connects to the bootstrap brokers and checks one answers, so that every later
// request talks to a live broker. The caller closes the client.
func (r *toolRun) client(ctx context.Context, extra ...kgo.Opt) (*kgo.Client, error) {
	opts := append([]kgo.Opt{
		kgo.SeedBrokers(r.bootstrap...),
		kgo.ClientID(strings.TrimSuffix(r.tool.name, ".sh")),
		kgo.DialTimeout(3 * time.Second),
		kgo.RetryTimeout(15 * time.Second),
	}, extra...)
	// KAFKALAB_KAFKA_DEBUG=1 shows the client's protocol log on stderr (for us, not learners).
	if os.Getenv("KAFKALAB_KAFKA_DEBUG") != "" {
		opts = append(opts, kgo.WithLogger(kgo.BasicLogger(os.Stderr, kgo.LogLevelDebug, nil)))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("cannot set up a Kafka client for %s: %w", strings.Join(r.bootstrap, ","), err)
	}
	pctx, cancel := context.WithTimeout(ctx, reachTimeout)
	defer cancel()
	if err := cl.Ping(pctx); err != nil {
		cl.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, unreachable(r.bootstrap, err)
	}
	return cl, nil
}

func unreachable(addrs []string, err error) error {
	cause := err.Error()
	if errors.Is(err, context.DeadlineExceeded) {
		cause = fmt.Sprintf("no answer within %s", reachTimeout)
	}
	return fmt.Errorf("cannot reach a Kafka broker at %s (%s): start one with 'kafkalab broker' or pass --bootstrap-server HOST:PORT of a running broker",
		strings.Join(addrs, ","), cause)
}

// admin returns an admin client on a checked connection.
func (r *toolRun) admin(ctx context.Context) (*kadm.Client, func(), error) {
	cl, err := r.client(ctx)
	if err != nil {
		return nil, nil, err
	}
	return kadm.NewClient(cl), cl.Close, nil
}

// requireTopic returns --topic or a usage error.
func (r *toolRun) requireTopic() (string, error) {
	t := r.opts.value("topic", "")
	if !r.opts.has("topic") || t == "" {
		return "", usagef("missing required argument \"[topic]\": add --topic <name>")
	}
	return t, nil
}

// topicExists returns an error naming the topic and the fix when it is not on the broker.
func topicMissing(topic string) error {
	return fmt.Errorf("Topic '%s' does not exist as expected: check the name with kafka-topics.sh --list, or create it with kafka-topics.sh --create --topic %s", topic, topic)
}

// javaException prints a Kafka error the way the Java tools show an exception:
// "org.apache.kafka.common.errors.OffsetOutOfRangeException: The requested offset is not ...".
// Kafka names its exception classes after the error code in camel case, which covers the
// errors the tools meet.
func javaException(err error) string {
	var ke *kerr.Error
	if !errors.As(err, &ke) {
		return err.Error()
	}
	var b strings.Builder
	for _, w := range strings.Split(strings.ToLower(ke.Message), "_") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return "org.apache.kafka.common.errors." + b.String() + "Exception: " + ke.Description
}

// javaExceptionClass names the exception Kafka's admin client throws for an error code.
func javaExceptionClass(ke *kerr.Error) string {
	switch ke {
	case kerr.InvalidConfig:
		return "org.apache.kafka.common.errors.InvalidConfigurationException"
	case kerr.InvalidTopicException:
		return "org.apache.kafka.common.errors.InvalidTopicException"
	case kerr.TopicAlreadyExists:
		return "org.apache.kafka.common.errors.TopicExistsException"
	}
	cls, _, _ := strings.Cut(javaException(ke), ":")
	return cls
}
