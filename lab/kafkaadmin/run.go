package kafkaadmin

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/lab/kafkatools"
)

// IO is where a tool reads and writes: the same as kafkatools', so that callers dispatch to
// either package with one value.
type IO = kafkatools.IO

// tool is one Kafka command-line tool.
type tool struct {
	name    string
	summary string
	// subcommands are the words the tool takes first (kafka-cluster.sh cluster-id); empty for
	// a tool with options only.
	subcommands []string
	specs       []option
	// missing, when set, is why kafkalab refuses the tool: it is named but not there yet.
	missing string
	// positional names the options that words given without an option stand for, in order
	// (kafka-e2e-latency.sh's deprecated form); nil: such words are refused.
	positional []string
	// noBroker: the tool reads files, not a broker (kafka-dump-log.sh).
	noBroker bool
	run      func(ctx context.Context, r *toolRun) error
}

// toolRun is one invocation: the parsed command line, IO and the brokers to talk to.
type toolRun struct {
	tool      *tool
	sub       string
	opts      *options
	io        IO
	bootstrap []string
}

var registry = map[string]*tool{}

func registerTool(t *tool) {
	t.specs = append(t.specs,
		option{name: "help", help: "Print usage information."},
		option{name: "version", help: "Display Kafka version."},
	)
	registry[t.name] = t
}

// Tools lists the tool names Run accepts, sorted ("kafka-cluster.sh", ...). Each also works
// without ".sh".
func Tools() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Has reports whether name (with or without ".sh") is one of this package's tools.
func Has(name string) bool { return lookup(name) != nil }

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

// kafkaVersion is what --version prints, as kafkatools' tools print it.
const kafkaVersion = "4.1.0 (kafkalab)"

// Run runs one tool with its arguments and returns the exit code: 0 on success, 1 after one
// line on stderr naming the problem and the fix. defaultBootstrap is used without
// --bootstrap-server (the CLI passes the lab's broker). Run never blocks past ctx.
func Run(ctx context.Context, toolName string, args []string, io IO, defaultBootstrap []string) int {
	t := lookup(toolName)
	if t == nil {
		fmt.Fprintf(io.Stderr, "kafkalab: unknown Kafka tool %q; the lab has %s\n", toolName,
			strings.Join(append(kafkatools.Tools(), Tools()...), ", "))
		return 1
	}
	if t.missing != "" {
		fmt.Fprintf(io.Stderr, "%s: kafkalab does not have this tool yet (%s)\n", t.name, t.missing)
		return 1
	}
	sub, opts, err := parseArgs(t, args)
	if err != nil {
		return t.fail(io, err)
	}
	if opts.has("help") {
		printHelp(io.Stdout, t)
		return 0
	}
	if opts.has("version") {
		fmt.Fprintln(io.Stdout, kafkaVersion)
		return 0
	}
	r := &toolRun{tool: t, sub: sub, opts: opts, io: io}
	if t.noBroker {
		if err := t.run(ctx, r); err != nil {
			return t.fail(io, err)
		}
		return 0
	}
	if opts.has("bootstrap-server") {
		if r.bootstrap, err = parseBootstrap(opts.value("bootstrap-server", "")); err != nil {
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

func (t *tool) fail(io IO, err error) int {
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		fmt.Fprintf(io.Stderr, "%s: %s (see %s --help)\n", t.name, ue.msg, t.name)
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(io.Stderr, "%s: interrupted\n", t.name)
		return 130
	default:
		fmt.Fprintf(io.Stderr, "%s: %s\n", t.name, strings.Join(strings.Fields(err.Error()), " "))
	}
	return 1
}

// parseBootstrap checks "host:port,host:port" as Kafka's tools do.
func parseBootstrap(s string) ([]string, error) {
	var out []string
	for _, a := range strings.Split(s, ",") {
		if a = strings.TrimSpace(a); a == "" {
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

// reachTimeout bounds the first contact, so that a wrong address fails fast.
var reachTimeout = 5 * time.Second

// client connects and checks a broker answers. The caller closes it.
func (r *toolRun) client(ctx context.Context, extra ...kgo.Opt) (*kgo.Client, error) {
	opts := append([]kgo.Opt{
		kgo.SeedBrokers(r.bootstrap...),
		kgo.ClientID(strings.TrimSuffix(r.tool.name, ".sh")),
		kgo.DialTimeout(3 * time.Second),
		kgo.RetryTimeout(15 * time.Second),
	}, extra...)
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
		cause := err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			cause = fmt.Sprintf("no answer within %s", reachTimeout)
		}
		return nil, fmt.Errorf("cannot reach a Kafka broker at %s (%s): start one with 'kafkalab broker' or pass --bootstrap-server HOST:PORT of a running broker",
			strings.Join(r.bootstrap, ","), cause)
	}
	return cl, nil
}

// admin returns an admin client on a checked connection and its close function.
func (r *toolRun) admin(ctx context.Context) (*kadm.Client, *kgo.Client, error) {
	cl, err := r.client(ctx)
	if err != nil {
		return nil, nil, err
	}
	return kadm.NewClient(cl), cl, nil
}
