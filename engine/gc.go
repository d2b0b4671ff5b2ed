package engine

// GCPercent is the collector's growth target kafkalab's binary runs the engine with
// (GOGC, unless the user set one). A batch allocates short-lived chunks over a small live
// heap, so Go's default of 100 collects often for little: at 200 the collector runs half
// as often, which saves about a tenth of the CPU per event on the course's read, and a
// one-batch read of 1M events peaks near 75 MB of heap instead of 50. Where a memory
// cap is set (a script's), the runtime still collects harder as the heap nears it.
const GCPercent = 200
