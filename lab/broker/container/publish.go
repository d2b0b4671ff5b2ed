package container

import (
	"fmt"
	"net/netip"
	"net/url"
	"os"
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

// bindings publishes the client port on bindHost, on a port the engine picks.
func (p publication) bindings() map[string][]portBinding {
	host := ""
	if p.bindHost.IsValid() {
		host = p.bindHost.String()
	}
	return map[string][]portBinding{clientPort: {{HostIP: host, HostPort: ""}}}
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
