package main

import (
	"os/exec"
	"strings"
	"testing"
)

// kafkalab links no container library: their package initialisers would run at every
// start (BenchmarkStartup measures it). The container broker runs in kafkalab-container.
func TestLinksNoContainerLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, lib := range []string{"testcontainers", "gopsutil", "github.com/docker/", "github.com/moby/"} {
			if strings.Contains(pkg, lib) {
				t.Errorf("kafkalab links %s", pkg)
			}
		}
	}
}
