// Package gctune sets the garbage collector of a kafkalab process the way the engine
// runs best (engine.GCPercent), unless the user chose with GOGC.
package gctune

import (
	"os"
	"runtime/debug"

	"github.com/kafkalab/kafkalab/engine"
)

// Apply sets the collector's growth target to engine.GCPercent when GOGC is not set, and
// returns whether it did.
func Apply() bool {
	if os.Getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(engine.GCPercent)
	return true
}
