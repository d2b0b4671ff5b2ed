package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func TestReadJSONInferAndSchema(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	dir := filepath.Join(s.WorkDir(), "events")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lines := `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}
{"order_id":1002,"customer_id":"C02","status":"placed","amount":12,"event_time":"2026-10-01T09:40:00Z","note":null}

{"order_id":1003,"tags":["a","b"],"nested":{"x":1}}
{"order_id": oops}
`
	if err := os.WriteFile(filepath.Join(dir, "part-0.json"), []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	df := must[*DataFrame](t)(s.Read().JSON(ctx, "events"))
	want := "struct<_corrupt_record:string,amount:double,customer_id:string,event_time:string,nested:struct<x:bigint>,note:string,order_id:bigint,status:string,tags:array<string>>"
	if got := sqltypes.SimpleString(df.Schema()); got != want {
		t.Fatalf("inferred\n %s\nwant\n %s", got, want)
	}
	rows := must[[]sqltypes.Row](t)(df.Collect(ctx))
	if len(rows) != 4 || rows[0][6] != int64(1001) || rows[1][1] != 12.0 || rows[3][0] != `{"order_id": oops}` || rows[0][0] != nil {
		t.Fatalf("rows = %v", rows)
	}
	typed := must[*DataFrame](t)(s.Read().Format("json").SchemaDDL(readDDL).Load(ctx, "events"))
	first := must[sqltypes.Row](t)(typed.First(ctx))
	if first[3] != (sqltypes.Decimal{Unscaled: 2550, Scale: 2}) {
		t.Fatalf("typed first row %v", first)
	}
	if _, err := s.Read().JSON(ctx, "missing"); err == nil {
		t.Fatal("missing path read")
	}
}
