package container

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"os"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/network"
	"github.com/testcontainers/testcontainers-go"
)

// publication is where the client port is published and the address clients dial.
type publication struct {
	dial     string     // the host clients dial
	bindHost netip.Addr // the engine host's address the port is published on (zero: all)
}

var loopback = netip.MustParseAddr("127.0.0.1")

// publishFor decides the publication from the engine's address (DOCKER_HOST's form) and
// TESTCONTAINERS_HOST_OVERRIDE (override, "" when unset).
func publishFor(engine, override string) (publication, error) {
	if override != "" {
		return publication{dial: override}, nil
	}
	u, err := url.Parse(engine)
	if err != nil {
		return publication{}, fmt.Errorf("cannot read the engine address %q: %w", engine, err)
	}
	switch u.Scheme {
	case "unix", "npipe":
		return publication{dial: loopback.String(), bindHost: loopback}, nil
	case "tcp", "http", "https":
		h := u.Hostname()
		if ip, err := netip.ParseAddr(h); (err == nil && ip.IsLoopback()) || h == "localhost" {
			return publication{dial: loopback.String(), bindHost: loopback}, nil
		}
		return publication{dial: h}, nil
	}
	return publication{}, fmt.Errorf("cannot tell where the engine at %s publishes ports: set TESTCONTAINERS_HOST_OVERRIDE to the address that reaches them", engine)
}

// publishing asks testcontainers for the engine's address.
func publishing(ctx context.Context) (publication, error) {
	p, err := testcontainers.ProviderDefault.GetProvider()
	if err != nil {
		return publication{}, err
	}
	dp, ok := p.(*testcontainers.DockerProvider)
	if !ok {
		return publication{}, fmt.Errorf("unexpected container provider %T", p)
	}
	return publishFor(dp.Client().DaemonHost(), os.Getenv("TESTCONTAINERS_HOST_OVERRIDE"))
}

// bind publishes the client port on bindHost, on a port the engine picks.
func (p publication) bind(hc *container.HostConfig) {
	port := network.MustParsePort(clientPort)
	if hc.PortBindings == nil {
		hc.PortBindings = network.PortMap{}
	}
	hc.PortBindings[port] = []network.PortBinding{{HostIP: p.bindHost, HostPort: "0"}}
}

// inContainerHint explains a broker that cannot be reached when kafkalab itself runs in a
// container (its 127.0.0.1 is not the engine host's).
func inContainerHint() string {
	for _, f := range []string{"/.dockerenv", "/run/.containerenv"} {
		if _, err := os.Stat(f); err == nil {
			return "; kafkalab runs in a container: if the engine runs outside it, set TESTCONTAINERS_HOST_OVERRIDE to the address that reaches the engine's published ports"
		}
	}
	return ""
}
