package deltaconnectpb

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/connect/pbmanifest"
)

// TestCodeMatchesManifest fails when the committed Go code was not generated from the
// descriptors the MANIFEST pins (edited by hand, or regenerated without updating MANIFEST).
func TestCodeMatchesManifest(t *testing.T) {
	for _, err := range pbmanifest.Verify("MANIFEST", "delta-spark", DeltaVersion, "delta.connect") {
		t.Error(err)
	}
}
