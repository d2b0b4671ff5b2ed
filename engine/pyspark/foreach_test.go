package pyspark

import (
	"context"
	"strings"
	"testing"
)

func TestForeach(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // substrings of the output, in order
	}{{
		name: "a function gets every row",
		src: `seen = []
q = kafka().selectExpr("CAST(key AS STRING) AS key").writeStream.foreach(lambda r: seen.append(r.key)).trigger(availableNow=True).start()
q.awaitTermination()
print(sorted(seen))
`,
		want: []string{"['1001', '1002', '1003']"},
	}, {
		name: "a writer object: open per partition (the topic has two) and epoch, process, close(None)",
		src: `calls = []
class W:
    def open(self, partition_id, epoch_id):
        calls.append(("open", partition_id, epoch_id))
        return True
    def process(self, row):
        calls.append(("process", row.key))
    def close(self, error):
        calls.append(("close", error))
q = kafka().selectExpr("CAST(key AS STRING) AS key").writeStream.foreach(W()).trigger(availableNow=True).start()
q.awaitTermination()
print(calls)
`,
		want: []string{"('open', 0, 0), ('process', '1001'), ('process', '1002'), ('close', None), ('open', 1, 0), ('process', '1003'), ('close', None)"},
	}, {
		name: "open returning a falsy value skips the rows, close still runs",
		src: `calls = []
class W:
    def open(self, partition_id, epoch_id):
        return None
    def process(self, row):
        calls.append("process")
    def close(self, error):
        calls.append(("close", error))
q = kafka().writeStream.foreach(W()).trigger(availableNow=True).start()
q.awaitTermination()
print(calls)
`,
		want: []string{"[('close', None), ('close', None)]"},
	}, {
		name: "an error in process reaches close and fails the query with the traceback",
		src: `closed = []
class W:
    def process(self, row):
        raise ValueError("bad row")
    def close(self, error):
        closed.append(repr(error))
q = kafka().writeStream.foreach(W()).trigger(availableNow=True).start()
try:
    q.awaitTermination()
except Exception as e:
    print(type(e).__name__, closed)
    print(str(e))
`,
		want: []string{"StreamingQueryException [\"ValueError('bad row')\"]", "[STREAM_FAILED]", "PythonException: Traceback (most recent call last):", "in process", "ValueError: bad row"},
	}, {
		name: "an object without process",
		src: `try:
    kafka().writeStream.foreach(object())
except Exception as e:
    print(type(e).__name__, e)
`,
		want: []string{"PySparkAttributeError [ATTRIBUTE_NOT_CALLABLE] Attribute `process` in provided object `f` is not callable."},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, out, _ := newCourseInterp(t)
			if err := in.Exec(context.Background(), "fe.py", tc.src); err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			got := out.String()
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}
