package checkpoint

// ConfEntry is one SQL conf recorded in an offsets file.
type ConfEntry struct {
	Key   string
	Value string
}

// confKeys are the SQL confs Spark 4.2 records in every offsets file (OffsetSeqMetadata's
// relevantSQLConfs), in the order Spark's JSON shows them (a Scala HashMap's iteration order,
// fixed for this key set), each with Spark's default value. Checked against a real PySpark
// 4.2.0 run (lab/testharness/sparkdiff): 4.2 adds rocksdb.mergeOperatorVersion,
// queryEvolution.enableSourceEvolution, stateStore.rowChecksum.enabled and
// function.protobufExtensions.enabled to Spark 4.0's 11 keys.
var confKeys = []ConfEntry{
	{ConfStateStoreProvider, DefaultStateStoreProvider},
	{"spark.sql.streaming.stateStore.rocksdb.mergeOperatorVersion", "2"},
	{"spark.sql.streaming.stateStore.rocksdb.formatVersion", "5"},
	{"spark.sql.streaming.queryEvolution.enableSourceEvolution", "false"},
	{"spark.sql.streaming.stateStore.encodingFormat", "unsaferow"},
	{"spark.sql.streaming.statefulOperator.useStrictDistribution", "true"},
	{"spark.sql.streaming.flatMapGroupsWithState.stateFormatVersion", "2"},
	{"spark.sql.streaming.multipleWatermarkPolicy", "min"},
	{"spark.sql.streaming.stateStore.rowChecksum.enabled", "false"},
	{"spark.sql.streaming.aggregation.stateFormatVersion", "2"},
	{"spark.sql.function.protobufExtensions.enabled", "false"},
	{"spark.sql.shuffle.partitions", "200"},
	{"spark.sql.streaming.join.stateFormatVersion", "2"},
	{"spark.sql.streaming.stateStore.compression.codec", "lz4"},
	{"spark.sql.optimizer.pruneFiltersCanPruneStreamingSubplan", "false"},
}

// legacyConfDefaults are the values Spark assumes for confs missing from an old checkpoint
// (relevantSQLConfDefaultValues): they keep the behaviour the checkpoint was written with.
var legacyConfDefaults = map[string]string{
	"spark.sql.streaming.multipleWatermarkPolicy":                   "min",
	"spark.sql.streaming.flatMapGroupsWithState.stateFormatVersion": "1",
	"spark.sql.streaming.aggregation.stateFormatVersion":            "1",
	"spark.sql.streaming.join.stateFormatVersion":                   "1",
	"spark.sql.streaming.stateStore.compression.codec":              "lz4",
	"spark.sql.streaming.statefulOperator.useStrictDistribution":    "false",
	"spark.sql.optimizer.pruneFiltersCanPruneStreamingSubplan":      "true",
	"spark.sql.streaming.stateStore.encodingFormat":                 "unsaferow",
}

// Conf names the engine reads besides the recorded ones.
const (
	// ConfStateStoreProvider names the class that keeps streaming state; kafkalab writes only
	// the files of Spark's default, DefaultStateStoreProvider.
	ConfStateStoreProvider    = "spark.sql.streaming.stateStore.providerClass"
	DefaultStateStoreProvider = "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider"
	ConfMinBatchesToRetain    = "spark.sql.streaming.minBatchesToRetain"
	ConfShufflePartitions     = "spark.sql.shuffle.partitions"
	// DefaultMinBatchesToRetain is Spark's default for spark.sql.streaming.minBatchesToRetain.
	DefaultMinBatchesToRetain = 100
)

// DefaultConf returns the 15 recorded confs in Spark's order, taking each value from the
// session conf when set there and Spark's default otherwise. This is what a new batch writes.
func DefaultConf(session map[string]string) []ConfEntry {
	out := make([]ConfEntry, len(confKeys))
	for i, e := range confKeys {
		out[i] = e
		if v, ok := session[e.Key]; ok {
			out[i].Value = v
		}
	}
	return out
}

// RestoredConf returns the conf values a restarted query must use, as Spark's
// OffsetSeqMetadata.setSessionConf does: every recorded key wins over the session; a key
// the checkpoint lacks gets Spark's legacy default when it has one, else keeps the session's.
// The result is the session map with those values applied (a new map).
func RestoredConf(stored []ConfEntry, session map[string]string) map[string]string {
	out := make(map[string]string, len(session)+len(confKeys))
	for k, v := range session {
		out[k] = v
	}
	have := make(map[string]bool, len(stored))
	for _, e := range stored {
		out[e.Key] = e.Value
		have[e.Key] = true
	}
	for _, e := range confKeys {
		if have[e.Key] {
			continue
		}
		if v, ok := legacyConfDefaults[e.Key]; ok {
			out[e.Key] = v
		}
	}
	return out
}
