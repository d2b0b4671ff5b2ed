package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// courseDocVariants are whole documents that stress from_json's type rules for the read
// schema: values that round, do not fit, have another JSON type, keys repeated or
// missing, nulls, nested values, escapes, bad UTF-8, junk after the object.
var courseDocVariants = []string{
	`{"order_id":1,"customer_id":"C1","status":"placed","amount":12.345,"event_time":"2026-10-01T09:00:00Z"}`,
	`{"order_id":2,"amount":12.355,"event_time":"2026-10-01T09:00:00.123456Z"}`,
	`{"order_id":3000000000,"customer_id":"C1","amount":1e3,"event_time":1700000000}`,
	`{"order_id":"12","customer_id":12,"status":true,"amount":"1,234.5","event_time":"2026-10-01 09:00:00"}`,
	`{"order_id":4,"amount":99999999999,"event_time":"x"}`,
	`{"order_id":5,"amount":-99999999.99,"event_time":"2026-10-01T09:00:00+02:00"}`,
	`{"order_id":6,"order_id":7,"status":"a","status":null}`,
	`{"order_id":null,"customer_id":null,"status":null,"amount":null,"event_time":null}`,
	`{"customer_id":{"a":[1,2,{"b":null}]},"status":[1,"x"],"amount":{"x":1}}`,
	`{"customer_id":"caf\u00e9 \ud83d\ude00","status":"tab\there","order_id":8}`,
	"{\"customer_id\":\"bad \xff\xfe utf8\",\"order_id\":9}",
	`{"order_id":10} trailing junk`,
	`{'order_id':11,'status':'single'}`,
	`{"order_id":NaN,"amount":Infinity}`,
	`{"order_id":012}`,
	`{"amount":1.5E+2,"order_id":-0}`,
	`[1,2,3]`,
	`null`,
	`"just a string"`,
	`   `,
	``,
	`{}`,
	`{"order_id":13,"amount":0.005,"event_time":"2026-02-30T00:00:00Z"}`,
	`{"order_id":2147483647,"amount":-0.0,"event_time":"1969-12-31T23:59:59.999999Z"}`,
}

// mutatedCourseDocs are n Kafka values: course events, some replaced by a variant, some
// cut, with a byte changed, added or dropped, some null.
func mutatedCourseDocs(rng *rand.Rand, n int) [][]byte {
	const junk = "{}[]\",:0123456789.eE+-'nulltrfa \\\x00\xff"
	out := make([][]byte, n)
	for i := range out {
		doc := e2eValue(nil, i)
		switch rng.IntN(14) {
		case 0:
			doc = nil
		case 1:
			doc = doc[:rng.IntN(len(doc))]
		case 2:
			doc[rng.IntN(len(doc))] = junk[rng.IntN(len(junk))]
		case 3:
			k := rng.IntN(len(doc))
			doc = slices.Insert(doc, k, junk[rng.IntN(len(junk))])
		case 4:
			k := rng.IntN(len(doc))
			doc = slices.Delete(doc, k, k+1)
		case 5, 6:
			doc = []byte(courseDocVariants[rng.IntN(len(courseDocVariants))])
		}
		out[i] = doc
	}
	return out
}

// deltaFileContents returns a Delta table's data files' bytes and its add actions' stats, each
// sorted (file names are random; the contents are what must match).
func deltaFileContents(t *testing.T, dir string) (files []string, stats []string) {
	t.Helper()
	parts, err := filepath.Glob(filepath.Join(dir, "*.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("no data files in %s (%v)", dir, err)
	}
	for _, p := range parts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(b))
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "_delta_log", "*.json"))
	for _, l := range logs {
		f, err := os.Open(l)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var a struct {
				Add *struct {
					Stats string `json:"stats"`
				} `json:"add"`
			}
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				t.Fatal(err)
			}
			if a.Add != nil {
				stats = append(stats, a.Add.Stats)
			}
		}
		f.Close()
	}
	slices.Sort(files)
	slices.Sort(stats)
	return files, stats
}

// TestColumnarPathMatchesRowPath: the columnar path (from_json into typed vectors, the
// Parquet writer and the stats fed from them) writes the same Delta data files, byte for
// byte, and the same statistics as the row path, for random and mutated Kafka values
// (malformed JSON, wrong types, values that round or do not fit, nulls), through a
// streaming Kafka read in several batches and a batch write of the same rows; and it did
// run (plan.ColumnarBatches).
func TestColumnarPathMatchesRowPath(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(18, 3))
	docs := mutatedCourseDocs(rng, 6000)
	s := newTestSession(t)
	bootstrap := startOrdersBrokerTB(t)
	var rows []sqltypes.Row
	for i, d := range docs {
		var v any
		if d != nil {
			v = d
		}
		rows = append(rows, sqltypes.Row{fmt.Sprint(i), v})
	}
	kv := must[*DataFrame](t)(s.CreateDataFrameDDL(rows, "key STRING, value BINARY"))
	if err := kv.Write().Format("kafka").Option("kafka.bootstrap.servers", bootstrap).Option("topic", "orders").Save(ctx); err != nil {
		t.Fatal(err)
	}
	course := func(df *DataFrame) *DataFrame {
		parsed := must[*DataFrame](t)(df.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("event"), "partition", "offset"))
		return must[*DataFrame](t)(parsed.Select("event.*", "partition", "offset"))
	}
	static := must[*DataFrame](t)(s.CreateDataFrameDDL(func() []sqltypes.Row {
		var out []sqltypes.Row
		for i, r := range rows {
			out = append(out, sqltypes.Row{r[1], int32(i % 3), int64(i)})
		}
		return out
	}(), "value BINARY, partition INT, offset BIGINT"))

	run := func(columnar bool) (stream, batch [2][]string) {
		was := plan.SetColumnarProjection(columnar)
		defer plan.SetColumnarProjection(was)
		before := plan.ColumnarBatches()
		name := fmt.Sprintf("orders_columnar_%v", columnar)
		raw := must[*DataFrame](t)(s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", bootstrap).
			Option("subscribe", "orders").Option("startingOffsets", "earliest").Option("maxOffsetsPerTrigger", "1500").Load())
		q, err := course(raw).WriteStream().Format("delta").Option("checkpointLocation", "cp/"+name).
			Trigger(Trigger{AvailableNow: true}).ToTable(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if err := q.AwaitTermination(ctx); err != nil {
			t.Fatal(err)
		}
		wh, err := s.WarehouseDir()
		if err != nil {
			t.Fatal(err)
		}
		stream[0], stream[1] = deltaFileContents(t, filepath.Join(wh, name))
		if ran := plan.ColumnarBatches() - before; columnar != (ran > 0) {
			t.Fatalf("columnar=%v: %d chunks of the stream went the columnar way", columnar, ran)
		}
		before = plan.ColumnarBatches()
		dir := filepath.Join(s.WorkDir(), "static_"+name)
		if err := course(static).Write().Format("delta").Save(ctx, dir); err != nil {
			t.Fatal(err)
		}
		batch[0], batch[1] = deltaFileContents(t, dir)
		if ran := plan.ColumnarBatches() - before; columnar != (ran > 0) {
			t.Fatalf("columnar=%v: %d chunks of the batch write went the columnar way", columnar, ran)
		}
		return stream, batch
	}
	rowStream, rowBatch := run(false)
	colStream, colBatch := run(true)
	for _, c := range []struct {
		name     string
		row, col [2][]string
	}{{"stream", rowStream, colStream}, {"batch", rowBatch, colBatch}} {
		if len(c.row[0]) < 2 {
			t.Fatalf("%s: %d files: the test wants several", c.name, len(c.row[0]))
		}
		if !slices.Equal(c.row[0], c.col[0]) {
			t.Errorf("%s: the columnar path's %d data files differ from the row path's %d", c.name, len(c.col[0]), len(c.row[0]))
		}
		if !slices.Equal(c.row[1], c.col[1]) {
			t.Errorf("%s: stats differ:\ncolumnar %s\nrows     %s", c.name, strings.Join(c.col[1], "\n"), strings.Join(c.row[1], "\n"))
		}
	}
	// The mutated values did reach the files as nulls and partial rows.
	if !bytes.Contains([]byte(strings.Join(rowStream[1], "")), []byte(`"nullCount":{"order_id":`)) {
		t.Fatal("no stats")
	}
}

// TestFromJSONArrayOrMapOfKafkaValue: from_json of a binary column's text with an ARRAY or
// MAP schema, under a second projection (where the chunk way of from_json serves struct
// schemas), gives the array or map, or NULL for a document of another shape, as Spark
// does; it gave a struct of one null.
func TestFromJSONArrayOrMapOfKafkaValue(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{[]byte(`[1,2,3]`), 1}, {[]byte(`{"a":1}`), 2}, {nil, 3}}, "value BINARY, p INT"))
	for _, tc := range []struct {
		schema string
		want   []any
	}{
		{"ARRAY<INT>", []any{[]any{int32(1), int32(2), int32(3)}, nil, nil}},
		{"MAP<STRING,INT>", []any{nil, &sqltypes.MapValue{Keys: []any{"a"}, Values: []any{int32(1)}}, nil}},
	} {
		inner := must[*DataFrame](t)(df.Select(FromJSON(Col("value").Cast("string"), tc.schema, nil).Alias("v"), "p"))
		rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(inner.Select("v", "p")).Collect(ctx))
		if len(rows) != len(tc.want) {
			t.Fatalf("%s: %d rows", tc.schema, len(rows))
		}
		for i, r := range rows {
			if !reflect.DeepEqual(r[0], tc.want[i]) {
				t.Errorf("%s row %d: %#v, want %#v", tc.schema, i, r[0], tc.want[i])
			}
		}
	}
}
