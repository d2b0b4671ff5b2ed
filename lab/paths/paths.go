// Package paths says where kafkalab keeps things on the learner's machine (XDG layout).
//
// KAFKALAB_HOME, when set, puts everything under that one folder (tests and CI use it).
package paths

import (
	"os"
	"path/filepath"
)

// dir returns $KAFKALAB_HOME/<sub>, else $<xdgVar>/kafkalab, else ~/<fallback>/kafkalab.
func dir(sub, xdgVar, fallback string) string {
	if home := os.Getenv("KAFKALAB_HOME"); home != "" {
		return filepath.Join(home, sub)
	}
	if x := os.Getenv(xdgVar); x != "" {
		return filepath.Join(x, "kafkalab")
	}
	h, err := os.UserHomeDir()
	if err != nil || h == "" {
		h = os.TempDir()
	}
	return filepath.Join(h, fallback, "kafkalab")
}

// DataHome holds the learner's data: workspaces and broker logs.
func DataHome() string { return dir("data", "XDG_DATA_HOME", ".local/share") }

// StateHome holds progress, history and the running-broker file.
func StateHome() string { return dir("state", "XDG_STATE_HOME", ".local/state") }

// CacheHome holds what can be made again (the pyspark-client venv of `kafkalab setup python`).
func CacheHome() string { return dir("cache", "XDG_CACHE_HOME", ".cache") }

// DefaultWorkspace is the folder where lessons and the sandbox keep tables and checkpoints.
func DefaultWorkspace() string { return filepath.Join(DataHome(), "workspace") }

// DefaultBrokerData is where the embedded broker persists topics between runs.
func DefaultBrokerData() string { return filepath.Join(DataHome(), "broker") }

// RunningBrokerFile names the file a running `kafkalab broker` writes
// ({"bootstrap":"127.0.0.1:9092","pid":1234}) and removes when it stops, so the Kafka tools
// default their --bootstrap-server to it.
func RunningBrokerFile() string { return filepath.Join(StateHome(), "broker.json") }
