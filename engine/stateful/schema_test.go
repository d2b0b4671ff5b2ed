package stateful

import (
	"encoding/binary"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The state schema file matches what a real PySpark 4.2 run writes for
// withWatermark("event_time", "10 minutes").groupBy(window("event_time", "5 minutes"),
// "customer_id").agg(count("*"), count("order_id"), sum("amount"), avg("amount"),
// min("event_time"), max("order_id"), approx_count_distinct("order_id"), first("customer_id")).
const (
	sparkKeySchema   = `{"type":"struct","fields":[{"name":"window","type":{"type":"struct","fields":[{"name":"start","type":"timestamp","nullable":true,"metadata":{}},{"name":"end","type":"timestamp","nullable":true,"metadata":{}}]},"nullable":false,"metadata":{"spark.timeWindow":true,"spark.watermarkDelayMs":600000}},{"name":"customer_id","type":"string","nullable":true,"metadata":{}}]}`
	sparkValueSchema = `{"type":"struct","fields":[{"name":"count","type":"long","nullable":false,"metadata":{}},{"name":"count","type":"long","nullable":false,"metadata":{}},{"name":"sum","type":"decimal(20,2)","nullable":true,"metadata":{}},{"name":"isEmpty","type":"boolean","nullable":false,"metadata":{}},{"name":"sum","type":"double","nullable":true,"metadata":{}},{"name":"count","type":"long","nullable":true,"metadata":{}},{"name":"min","type":"timestamp","nullable":true,"metadata":{}},{"name":"max","type":"integer","nullable":true,"metadata":{}},{"name":"MS[0]","type":"long","nullable":true,"metadata":{}},{"name":"MS[1]","type":"long","nullable":true,"metadata":{}},{"name":"MS[2]","type":"long","nullable":true,"metadata":{}},{"name":"MS[3]","type":"long","nullable":true,"metadata":{}},{"name":"MS[4]","type":"long","nullable":true,"metadata":{}},{"name":"MS[5]","type":"long","nullable":true,"metadata":{}},{"name":"MS[6]","type":"long","nullable":true,"metadata":{}},{"name":"MS[7]","type":"long","nullable":true,"metadata":{}},{"name":"MS[8]","type":"long","nullable":true,"metadata":{}},{"name":"MS[9]","type":"long","nullable":true,"metadata":{}},{"name":"MS[10]","type":"long","nullable":true,"metadata":{}},{"name":"MS[11]","type":"long","nullable":true,"metadata":{}},{"name":"MS[12]","type":"long","nullable":true,"metadata":{}},{"name":"MS[13]","type":"long","nullable":true,"metadata":{}},{"name":"MS[14]","type":"long","nullable":true,"metadata":{}},{"name":"MS[15]","type":"long","nullable":true,"metadata":{}},{"name":"MS[16]","type":"long","nullable":true,"metadata":{}},{"name":"MS[17]","type":"long","nullable":true,"metadata":{}},{"name":"MS[18]","type":"long","nullable":true,"metadata":{}},{"name":"MS[19]","type":"long","nullable":true,"metadata":{}},{"name":"MS[20]","type":"long","nullable":true,"metadata":{}},{"name":"MS[21]","type":"long","nullable":true,"metadata":{}},{"name":"MS[22]","type":"long","nullable":true,"metadata":{}},{"name":"MS[23]","type":"long","nullable":true,"metadata":{}},{"name":"MS[24]","type":"long","nullable":true,"metadata":{}},{"name":"MS[25]","type":"long","nullable":true,"metadata":{}},{"name":"MS[26]","type":"long","nullable":true,"metadata":{}},{"name":"MS[27]","type":"long","nullable":true,"metadata":{}},{"name":"MS[28]","type":"long","nullable":true,"metadata":{}},{"name":"MS[29]","type":"long","nullable":true,"metadata":{}},{"name":"MS[30]","type":"long","nullable":true,"metadata":{}},{"name":"MS[31]","type":"long","nullable":true,"metadata":{}},{"name":"MS[32]","type":"long","nullable":true,"metadata":{}},{"name":"MS[33]","type":"long","nullable":true,"metadata":{}},{"name":"MS[34]","type":"long","nullable":true,"metadata":{}},{"name":"MS[35]","type":"long","nullable":true,"metadata":{}},{"name":"MS[36]","type":"long","nullable":true,"metadata":{}},{"name":"MS[37]","type":"long","nullable":true,"metadata":{}},{"name":"MS[38]","type":"long","nullable":true,"metadata":{}},{"name":"MS[39]","type":"long","nullable":true,"metadata":{}},{"name":"MS[40]","type":"long","nullable":true,"metadata":{}},{"name":"MS[41]","type":"long","nullable":true,"metadata":{}},{"name":"MS[42]","type":"long","nullable":true,"metadata":{}},{"name":"MS[43]","type":"long","nullable":true,"metadata":{}},{"name":"MS[44]","type":"long","nullable":true,"metadata":{}},{"name":"MS[45]","type":"long","nullable":true,"metadata":{}},{"name":"MS[46]","type":"long","nullable":true,"metadata":{}},{"name":"MS[47]","type":"long","nullable":true,"metadata":{}},{"name":"MS[48]","type":"long","nullable":true,"metadata":{}},{"name":"MS[49]","type":"long","nullable":true,"metadata":{}},{"name":"MS[50]","type":"long","nullable":true,"metadata":{}},{"name":"MS[51]","type":"long","nullable":true,"metadata":{}},{"name":"first","type":"string","nullable":true,"metadata":{}},{"name":"valueSet","type":"boolean","nullable":true,"metadata":{}}]}`
)

func TestStateSchemaFileLikeSpark(t *testing.T) {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "order_id", Type: sqltypes.Integer, Nullable: true},
		{Name: "customer_id", Type: sqltypes.String, Nullable: true},
		{Name: "amount", Type: sqltypes.DecimalType{Precision: 10, Scale: 2}, Nullable: true},
		{Name: "event_time", Type: sqltypes.TimestampT, Nullable: true},
	}}
	wm, err := plan.NewWatermark(&plan.StreamScan{Scope: &plan.Scope{Schema: schema}, Name: "s"}, "event_time", 600000)
	if err != nil {
		t.Fatal(err)
	}
	call := func(name, arg string) plan.Expr { return plan.Call{Name: name, Args: []plan.Expr{col(arg)}} }
	op, err := NewAggregate(wm, []plan.Expr{plan.Call{Name: "window", Args: []plan.Expr{col("event_time"), lit("5 minutes")}}, col("customer_id")},
		[]plan.Expr{countStar(), call("count", "order_id"), call("sum", "amount"), call("avg", "amount"), call("min", "event_time"),
			call("max", "order_id"), call("approx_count_distinct", "order_id"), call("first", "customer_id")}, true)
	if err != nil {
		t.Fatal(err)
	}
	st := newStore(t.TempDir(), 0, "stateStoreSave", 4, nil)
	op.stateSchemas(st)
	if got := st.keySchema.JSON(); got != sparkKeySchema {
		t.Errorf("key schema\n got %s\nwant %s", got, sparkKeySchema)
	}
	if got := st.valueSchema.JSON(); got != sparkValueSchema {
		t.Errorf("value schema\n got %s\nwant %s", got, sparkValueSchema)
	}
	want := binary.BigEndian.AppendUint16(nil, 2)
	want = append(want, "v2"...)
	for _, js := range []string{sparkKeySchema, sparkValueSchema} {
		want = binary.BigEndian.AppendUint32(want, 1)
		want = binary.BigEndian.AppendUint16(want, uint16(len(js)))
		want = append(want, js...)
	}
	if got := schemaFile(st.keySchema, st.valueSchema); string(got) != string(want) {
		t.Errorf("schema file differs")
	}
}
