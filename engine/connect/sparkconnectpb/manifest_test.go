package sparkconnectpb

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/connect/pbmanifest"
)

// TestCodeMatchesManifest fails when the committed Go code was not generated from the .proto
// files the MANIFEST pins (edited by hand, or regenerated without updating MANIFEST).
func TestCodeMatchesManifest(t *testing.T) {
	for _, err := range pbmanifest.Verify("MANIFEST", "spark", SparkVersion, "spark.connect") {
		t.Error(err)
	}
}
