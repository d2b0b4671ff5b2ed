// Package broker gives kafkalab a Kafka broker to talk to: the embedded one (franz-go's
// kfake in this process, the default), a container (package container, run by the
// kafkalab-container helper through package containerproc) or an existing
// cluster. Everything above it only speaks the Kafka protocol to Bootstrap().
package broker

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/lab/broker/containerproc"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Broker is a Kafka cluster kafkalab can use.
type Broker interface {
	// Bootstrap returns the HOST:PORT addresses clients dial first.
	Bootstrap() []string
	// Kind is "embedded", "container" or "external".
	Kind() string
	// Close releases what kafkalab started (nothing for an external cluster).
	Close(ctx context.Context) error
}

// OpenOptions are the settings of the backends Open can start.
type OpenOptions struct {
	Port    int    // embedded: see EmbeddedConfig.Port
	DataDir string // embedded: see EmbeddedConfig.DataDir
	Image   string // container: image to run, "" = the container package's DefaultImage
}

// Open returns the broker a --broker flag names: "" or "embedded" starts the embedded
// broker, "container" starts a Kafka container, anything else is a comma-separated list
// of HOST:PORT of an existing cluster, which must answer within a few seconds.
func Open(ctx context.Context, spec string, opts OpenOptions) (Broker, error) {
	switch s := strings.TrimSpace(spec); strings.ToLower(s) {
	case "", "embedded":
		return StartEmbedded(ctx, EmbeddedConfig{Port: opts.Port, DataDir: opts.DataDir})
	case "container":
		c, err := containerproc.Start(ctx, opts.Image)
		if err != nil {
			return nil, err
		}
		return c, nil
	default:
		addrs, err := ParseBootstrap(s)
		if err != nil {
			return nil, fmt.Errorf("--broker %q: %w", spec, err)
		}
		return ConnectExternal(ctx, addrs)
	}
}

// ParseBootstrap splits "host1:9092,host2:9092" into addresses and checks each is
// HOST:PORT with a port between 1 and 65535 ([::1]:9092 for IPv6).
func ParseBootstrap(s string) ([]string, error) {
	const want = "want HOST:PORT[,HOST:PORT...] such as 127.0.0.1:9092 (or \"embedded\", \"container\")"
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("no broker address: %s", want)
	}
	var addrs []string
	for part := range strings.SplitSeq(s, ",") {
		a := strings.TrimSpace(part)
		if a == "" {
			return nil, fmt.Errorf("empty address in the list: %s", want)
		}
		host, port, err := net.SplitHostPort(a)
		if err != nil || host == "" {
			return nil, fmt.Errorf("%q is not HOST:PORT: %s", a, want)
		}
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%q: port %q is not a number between 1 and 65535", a, port)
		}
		addrs = append(addrs, a)
	}
	return addrs, nil
}

// NewClient returns a franz-go client seeded with b's bootstrap addresses; opts come after
// the seed, so they may add to or override it.
func NewClient(b Broker, opts ...kgo.Opt) (*kgo.Client, error) {
	all := append([]kgo.Opt{kgo.SeedBrokers(b.Bootstrap()...)}, opts...)
	cl, err := kgo.NewClient(all...)
	if err != nil {
		return nil, fmt.Errorf("kafka client for %s: %w", strings.Join(b.Bootstrap(), ","), err)
	}
	return cl, nil
}
