package container

import (
	"strings"
	"testing"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/network"
)

func TestPublishFor(t *testing.T) {
	for _, tc := range []struct {
		engine, override string
		dial, bind       string // bind "" = every interface
		err              string
	}{
		{engine: "unix:///run/podman/podman.sock", dial: "127.0.0.1", bind: "127.0.0.1"},
		{engine: "unix:///var/run/docker.sock", dial: "127.0.0.1", bind: "127.0.0.1"},
		{engine: "npipe:////./pipe/docker_engine", dial: "127.0.0.1", bind: "127.0.0.1"},
		{engine: "tcp://127.0.0.1:2375", dial: "127.0.0.1", bind: "127.0.0.1"},
		{engine: "tcp://localhost:2375", dial: "127.0.0.1", bind: "127.0.0.1"},
		{engine: "tcp://build-host.example:2376", dial: "build-host.example"},
		{engine: "unix:///var/run/docker.sock", override: "host.docker.internal", dial: "host.docker.internal"},
		{engine: "ssh://me@box", err: "TESTCONTAINERS_HOST_OVERRIDE"},
	} {
		p, err := publishFor(tc.engine, tc.override)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("publishFor(%q) error %v, want one naming %s", tc.engine, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("publishFor(%q, %q): %v", tc.engine, tc.override, err)
			continue
		}
		bind := ""
		if p.bindHost.IsValid() {
			bind = p.bindHost.String()
		}
		if p.dial != tc.dial || bind != tc.bind {
			t.Errorf("publishFor(%q, %q) dials %q and publishes on %q; want %q and %q", tc.engine, tc.override, p.dial, bind, tc.dial, tc.bind)
		}
		var hc container.HostConfig
		p.bind(&hc)
		if b := hc.PortBindings[network.MustParsePort(clientPort)]; len(b) != 1 || b[0].HostIP != p.bindHost || b[0].HostPort != "0" {
			t.Errorf("port bindings %+v", hc.PortBindings)
		}
	}
}
