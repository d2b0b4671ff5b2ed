package pyspark

import (
	"context"
	"testing"
)

func TestStreamingQueryListener(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "listener.py", `from pyspark.sql.streaming import StreamingQueryListener
import json, uuid
seen = []
class L(StreamingQueryListener):
    def onQueryStarted(self, e):
        seen.append(("started", e.name, isinstance(e.id, uuid.UUID), str(e.runId) == str(q.runId), e.timestamp.endswith("Z")))
    def onQueryProgress(self, e):
        p = e.progress
        seen.append(("progress", p.batchId, p.numInputRows, p.name, json.loads(p.json)["batchId"] == p.batchId, p["numInputRows"]))
    def onQueryTerminated(self, e):
        # The id is compared after the query's variable is set: the event can arrive first.
        seen.append(("terminated", str(e.id), e.exception, e.errorClassOnException))
l = L()
spark.streams.addListener(l)
q = kafka().writeStream.format("memory").queryName("heard").trigger(availableNow=True).start()
q.awaitTermination()
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
for s in seen:
    print(s if s[0] != "terminated" else (s[0], s[1] == str(q.id)) + s[2:])
seen.clear()
bad = kafka().selectExpr("CAST(CAST(value AS STRING) AS INT) AS v").writeStream.format("memory").queryName("bad").start()
try:
    bad.awaitTermination()
except Exception:
    pass
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
print(seen[-1][0], seen[-1][1] == str(bad.id), seen[-1][2].startswith("[CAST_INVALID_INPUT]"), seen[-1][3])
spark.streams.removeListener(l)
seen.clear()
spark.readStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092").option("subscribe", "orders").load().writeStream.format("memory").queryName("unheard").trigger(availableNow=True).start().awaitTermination()
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
print(seen)
`)
	if err != nil {
		t.Fatalf("%v\noutput:\n%s", err, out)
	}
	want := `('started', 'heard', True, True, True)
('progress', 0, 3, 'heard', True, 3)
('terminated', True, None, None)
terminated True True CAST_INVALID_INPUT
[]
`
	if got := out.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}
