package broker

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kafkalab/kafkalab/lab/paths"
)

// runningBroker is the JSON in paths.RunningBrokerFile():
// {"bootstrap":"127.0.0.1:9092","pid":1234}.
type runningBroker struct {
	Bootstrap string `json:"bootstrap"`
	PID       int    `json:"pid"`
}

// AnnounceRunning writes the running-broker file for b so the Kafka tools in other
// terminals default their --bootstrap-server to it. The returned func removes the file,
// unless another process has written its own since.
func AnnounceRunning(b Broker) (remove func() error, err error) {
	path := paths.RunningBrokerFile()
	data, _ := json.Marshal(runningBroker{Bootstrap: strings.Join(b.Bootstrap(), ","), PID: os.Getpid()})
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("running-broker file: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("running-broker file: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("running-broker file: %w", err)
	}
	return func() error {
		rb, ok := readRunning(path)
		if !ok || rb.PID != os.Getpid() {
			return nil
		}
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("running-broker file: %w", err)
		}
		return nil
	}, nil
}

// RunningBootstrap returns the bootstrap addresses of a `kafkalab broker` (or kafkalab)
// running on this machine, from paths.RunningBrokerFile(). A file whose process is gone
// (a crash) is ignored.
func RunningBootstrap() ([]string, bool) {
	rb, ok := readRunning(paths.RunningBrokerFile())
	if !ok || !processAlive(rb.PID) {
		return nil, false
	}
	addrs, err := ParseBootstrap(rb.Bootstrap)
	if err != nil {
		return nil, false
	}
	return addrs, true
}

func readRunning(path string) (runningBroker, bool) {
	var rb runningBroker
	data, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(data, &rb) != nil {
		return rb, false
	}
	return rb, true
}
