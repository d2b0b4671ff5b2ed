package broker

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// ConnectTimeout bounds how long ConnectExternal waits for a cluster to answer.
const ConnectTimeout = 5 * time.Second

// External is an existing Kafka cluster; kafkalab never changes its lifecycle.
type External struct{ addrs []string }

// Bootstrap returns the addresses given to ConnectExternal.
func (x *External) Bootstrap() []string { return x.addrs }

// Kind returns "external".
func (x *External) Kind() string { return "external" }

// Close does nothing: the cluster is not kafkalab's to stop.
func (x *External) Close(context.Context) error { return nil }

// ConnectExternal checks that a Kafka cluster answers at addrs within ConnectTimeout: one
// address must accept a TCP connection and answer a Metadata request, and the brokers the
// cluster advertises must be reachable from here (a container advertising an address the
// host cannot dial is the usual trap).
func ConnectExternal(ctx context.Context, addrs []string) (*External, error) {
	if len(addrs) == 0 {
		return nil, errors.New("no broker address given: use --broker HOST:PORT")
	}
	ctx, cancel := context.WithTimeout(ctx, ConnectTimeout)
	defer cancel()
	list := strings.Join(addrs, ",")

	reached, firstErr := dialAny(ctx, addrs)
	if reached == "" {
		if err := context.Cause(ctx); errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("no Kafka broker answers at %s (%s): check the address and that the cluster is running, or leave out --broker to use kafkalab's embedded broker", list, dialReason(firstErr))
	}

	cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...), kgo.DialTimeout(3*time.Second), kgo.RequestRetries(2))
	if err != nil {
		return nil, fmt.Errorf("--broker %s: %w", list, err)
	}
	defer cl.Close()
	req := kmsg.NewPtrMetadataRequest() // no topics listed = all topics; brokers are what we need
	req.Topics = []kmsg.MetadataRequestTopic{}
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("%s accepts connections but does not answer as a Kafka broker (%v): check the address and port", list, err)
	}
	var bad []string
	for _, b := range resp.Brokers {
		a := net.JoinHostPort(b.Host, strconv.Itoa(int(b.Port)))
		if r, _ := dialAny(ctx, []string{a}); r == "" {
			bad = append(bad, a)
		}
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("the cluster at %s advertises brokers at %s, which this machine cannot reach: fix the brokers' advertised.listeners", list, strings.Join(bad, ","))
	}
	return &External{addrs: addrs}, nil
}

// dialAny dials every address at once and returns the first that accepts a connection.
func dialAny(ctx context.Context, addrs []string) (string, error) {
	type result struct {
		addr string
		err  error
	}
	ch := make(chan result, len(addrs))
	var d net.Dialer
	for _, a := range addrs {
		go func() {
			c, err := d.DialContext(ctx, "tcp", a)
			if err == nil {
				c.Close()
			}
			ch <- result{a, err}
		}()
	}
	var firstErr error
	for range addrs {
		r := <-ch
		if r.err == nil {
			return r.addr, nil
		}
		if firstErr == nil {
			firstErr = r.err
		}
	}
	return "", firstErr
}

// dialReason shortens a dial error to its cause ("connection refused", "no such host").
func dialReason(err error) string {
	var se *os.SyscallError
	var de *net.DNSError
	switch {
	case err == nil:
		return "no answer"
	case errors.Is(err, context.DeadlineExceeded):
		return "no answer within " + ConnectTimeout.String()
	case errors.As(err, &de):
		if de.IsNotFound {
			return "unknown host " + de.Name
		}
		return de.Error()
	case errors.As(err, &se):
		return se.Err.Error()
	}
	return err.Error()
}
