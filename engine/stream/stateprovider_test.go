package stream

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/checkpoint"
)

func TestCheckStateProvider(t *testing.T) {
	const rocks = "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
	cases := []struct {
		name     string
		stored   []checkpoint.ConfEntry
		hasState bool
		wantErr  bool
	}{
		{"new checkpoint", nil, false, false},
		{"default provider with state", []checkpoint.ConfEntry{{Key: checkpoint.ConfStateStoreProvider, Value: checkpoint.DefaultStateStoreProvider}}, true, false},
		{"RocksDB without state", []checkpoint.ConfEntry{{Key: checkpoint.ConfStateStoreProvider, Value: rocks}}, false, false},
		{"RocksDB with state", []checkpoint.ConfEntry{{Key: checkpoint.ConfStateStoreProvider, Value: rocks}}, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if c.hasState {
				if err := os.MkdirAll(filepath.Join(dir, "state", "0", "0"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			err := checkStateProvider(dir, c.stored)
			if (err != nil) != c.wantErr {
				t.Fatalf("err = %v, want error %v", err, c.wantErr)
			}
			if err != nil && (!strings.Contains(err.Error(), "RocksDBStateStoreProvider") || !strings.Contains(err.Error(), "new checkpointLocation")) {
				t.Errorf("the error should name the provider and the way out: %v", err)
			}
		})
	}
}
