package pyspark

import "testing"

// The names of Spark's arbitrary stateful operations import as in PySpark 4.2.0 (the
// structured streaming guide's applyInPandasWithState and transformWithStateInPandas
// examples start with them); PySpark printed "NoTimeout ProcessingTimeTimeout
// EventTimeTimeout StatefulProcessor -1" and "[1, 2] True" for this script. The pandas APIs themselves stay
// refused. Before, the import failed: kafkalab had no pyspark.sql.streaming.state.
func TestStatefulStreamingNamesImport(t *testing.T) {
	out, err := runSnippet(t, `from pyspark.sql.streaming.state import GroupStateTimeout, GroupState
from pyspark.sql.streaming import StatefulProcessor, StatefulProcessorHandle
from pyspark.sql.streaming.stateful_processor import StatefulProcessor as SP2


class Counter(StatefulProcessor):
    def init(self, handle):
        self.handle = handle

    def handleInputRows(self, key, rows, timerValues):
        yield from rows

    def close(self):
        pass


c = Counter()
c.init(None)
print(GroupStateTimeout.NoTimeout, GroupStateTimeout.ProcessingTimeTimeout, GroupStateTimeout.EventTimeTimeout,
      StatefulProcessor.__name__, GroupState.NO_TIMESTAMP)
print(list(c.handleInputRows(1, [1, 2], None)), issubclass(Counter, SP2))
`, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "NoTimeout ProcessingTimeTimeout EventTimeTimeout StatefulProcessor -1\n[1, 2] True\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
