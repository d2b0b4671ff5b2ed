package connect

import (
	"reflect"
	"testing"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TIME values cross Spark Connect as PySpark 4.2 sends them: Arrow time64[ns] and a
// DataType.Time with its precision.
func TestTimeOverConnect(t *testing.T) {
	schema := sqltypes.MustParseDDL("t TIME, u TIME(3)")
	rows := []sqltypes.Row{{sqltypes.Time(43_201_500_000_000), nil}, {nil, sqltypes.Time(3_723_456_000_000)}}
	data, err := arrowBatch(schema, rows, "UTC")
	if err != nil {
		t.Fatal(err)
	}
	back, err := readArrow(data, schema)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Errorf("read back %v, want %v", back, rows)
	}
	got, err := arrowSchema(data)
	if err != nil || got.Fields[0].Type != sqltypes.TimeT {
		t.Errorf("Arrow schema %v (err %v): the TIME column is not TIME(6)", got, err)
	}
	pt, err := protoType(sqltypes.TimeType{Precision: 3})
	if err != nil {
		t.Fatal(err)
	}
	if tm, ok := pt.GetKind().(*pb.DataType_Time_); !ok || tm.Time.GetPrecision() != 3 {
		t.Errorf("TIME(3) as %v", pt)
	}
	if et, err := engineType(pt); err != nil || et != (sqltypes.TimeType{Precision: 3}) {
		t.Errorf("back from Connect: %v, %v", et, err)
	}
}
