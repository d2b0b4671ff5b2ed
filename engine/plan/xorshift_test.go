package plan

import "testing"

// Spark's documentation gives rand(0) and randn(0) for a one-row query (partition 0).
func TestXORShiftRandomMatchesSpark(t *testing.T) {
	if got := newXORShiftRandom(0).NextDouble(); got != 0.7604953758285915 {
		t.Errorf("rand(0) = %v, Spark 0.7604953758285915", got)
	}
	if got := newXORShiftRandom(0).NextGaussian(); got != 1.6034991609278433 {
		t.Errorf("randn(0) = %v, Spark 1.6034991609278433", got)
	}
}
