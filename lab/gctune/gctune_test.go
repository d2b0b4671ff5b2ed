package gctune

import (
	"runtime/debug"
	"testing"

	"github.com/kafkalab/kafkalab/engine"
)

func TestApply(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "")
	if !Apply() {
		t.Fatal("Apply with GOGC unset did nothing")
	}
	if got := debug.SetGCPercent(100); got != engine.GCPercent {
		t.Errorf("GC percent %d after Apply, want %d", got, engine.GCPercent)
	}
	t.Setenv("GOGC", "50")
	if Apply() {
		t.Error("Apply overrode GOGC=50")
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent %d after Apply with GOGC set, want it left at 100", got)
	}
}
