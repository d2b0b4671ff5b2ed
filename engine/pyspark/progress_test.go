package pyspark

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// What a script reads from a progress is PySpark 4.2's StreamingQueryProgress.fromJson of
// Spark's JSON: maps Spark leaves out are empty dicts, source offsets are json.dumps text.
func TestProgressReadsLikePySpark(t *testing.T) {
	raw := `{"id":"x","batchId":3,"numInputRows":0,"durationMs":{"triggerExecution":1},` +
		`"stateOperators":[{"operatorName":"stateStoreSave","numRowsTotal":1}],` +
		`"sources":[{"description":"KafkaV2[Subscribe[orders]]","startOffset":null,"endOffset":{"orders":{"0":2,"1":1}},"latestOffset":"{\"x\":1}","numInputRows":0}],` +
		`"sink":{"description":"MemorySink","numOutputRows":0}}`
	p, err := progressFromJSON([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	attr := func(o py.Object, names ...string) py.Object {
		t.Helper()
		for _, n := range names {
			v, err := o.(*pyProgress).M__getattr__(n)
			if err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			o = v
		}
		return o
	}
	src := attr(p, "sources").(*py.List).Items[0]
	op := attr(p, "stateOperators").(*py.List).Items[0]
	tests := []struct {
		name string
		got  py.Object
		want string // repr
	}{
		{"eventTime absent", attr(p, "eventTime"), "{}"},
		{"durationMs kept", attr(p, "durationMs"), "{'triggerExecution': 1}"},
		{"observedMetrics absent", attr(p, "observedMetrics"), "{}"},
		{"customMetrics absent", attr(op, "customMetrics"), "{}"},
		{"sink metrics absent", attr(p, "sink", "metrics"), "{}"},
		{"startOffset null", attr(src, "startOffset"), `'null'`},
		{"endOffset object", attr(src, "endOffset"), `'{"orders": {"0": 2, "1": 1}}'`},
		{"latestOffset text kept", attr(src, "latestOffset"), `'{"x":1}'`},
	}
	for _, tc := range tests {
		got, err := py.ReprAsString(tc.got)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s: repr = %s, want %s", tc.name, got, tc.want)
		}
	}
	// PySpark's json and prettyJson are json.dumps of the parsed JSON, compact or indent=4;
	// print shows prettyJson for the progress and its operators, sources and sink.
	wantJSON := `{"id": "x", "batchId": 3, "numInputRows": 0, "durationMs": {"triggerExecution": 1}, ` +
		`"stateOperators": [{"operatorName": "stateStoreSave", "numRowsTotal": 1}], ` +
		`"sources": [{"description": "KafkaV2[Subscribe[orders]]", "startOffset": null, "endOffset": {"orders": {"0": 2, "1": 1}}, "latestOffset": "{\"x\":1}", "numInputRows": 0}], ` +
		`"sink": {"description": "MemorySink", "numOutputRows": 0}}`
	if json, _ := p.M__getattr__("json"); string(json.(py.String)) != wantJSON {
		t.Errorf("json = \n%s\nwant\n%s", json, wantJSON)
	}
	wantSink := "{\n    \"description\": \"MemorySink\",\n    \"numOutputRows\": 0\n}"
	if got, _ := py.StrAsString(attr(p, "sink")); got != wantSink {
		t.Errorf("str(sink) = \n%s\nwant\n%s", got, wantSink)
	}
	if got, _ := py.StrAsString(p); !strings.HasPrefix(got, "{\n    \"id\": \"x\",\n    \"batchId\": 3,") ||
		!strings.Contains(got, "\n    \"stateOperators\": [\n        {\n            \"operatorName\": \"stateStoreSave\",") {
		t.Errorf("str(progress) is not json.dumps(indent=4):\n%s", got)
	}
}
