package pyspark

// The stateful engine (window, session_window, streaming aggregation) registers itself
// with the engine when imported.
import _ "github.com/kafkalab/kafkalab/engine/stateful"
