package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DeltaTableBuilder commits what CREATE TABLE / CREATE OR REPLACE TABLE / REPLACE TABLE do,
// with the table's comment as its description and NOT NULL kept; createIfNotExists leaves
// an existing table alone, create refuses it, replace needs it.
func TestTableBuilder(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	comment := "payload"
	b := s.NewTableBuilder("create").TableName("clicks").PartitionedBy("day").Property("team", "ingest").Property("owner", "ingest").Comment("clicks table")
	for _, f := range []sqltypes.StructField{{Name: "id", Type: sqltypes.Long}, {Name: "data", Type: sqltypes.String, Nullable: true}, {Name: "day", Type: sqltypes.DateType{}, Nullable: true}} {
		var c *string
		if f.Name == "data" {
			c = &comment
		}
		if err := b.AddColumn(f, c, ""); err != nil {
			t.Fatal(err)
		}
	}
	dt := must[*DeltaTable](t)(b.Execute(ctx))
	log0 := deltaLog(t, dt.Path(), 0)
	for _, want := range []string{`"operation":"CREATE TABLE"`, `"description":"clicks table"`, `"partitionBy":"[\"day\"]"`,
		`{\"name\":\"id\",\"type\":\"long\",\"nullable\":false,\"metadata\":{}}`, `\"metadata\":{\"comment\":\"payload\"}`, `"configuration":{"team":"ingest"}`} {
		if !strings.Contains(log0, want) {
			t.Errorf("version 0 lacks %s:\n%s", want, log0)
		}
	}
	if _, err := s.NewTableBuilder("create").TableName("clicks").AddColumns(&sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "x", Type: sqltypes.Integer}}}).Execute(ctx); err == nil || !strings.Contains(err.Error(), "TABLE_OR_VIEW_ALREADY_EXISTS") {
		t.Errorf("create of an existing table: %v", err)
	}
	if _, err := s.NewTableBuilder("createIfNotExists").TableName("clicks").Execute(ctx); err != nil {
		t.Errorf("createIfNotExists of an existing table: %v", err)
	}
	if _, err := s.NewTableBuilder("replace").TableName("nope").Execute(ctx); err == nil {
		t.Error("replace of a missing table succeeded")
	}
	one := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "x", Type: sqltypes.Integer, Nullable: true}}}
	must[*DeltaTable](t)(s.NewTableBuilder("replace").TableName("clicks").AddColumns(one).Execute(ctx))
	if log1 := deltaLog(t, dt.Path(), 1); !strings.Contains(log1, `"operation":"REPLACE TABLE"`) || !strings.Contains(log1, `"remove"`) == strings.Contains(log1, `"add"`) {
		t.Errorf("version 1:\n%s", log1)
	}
}

// A generated column keeps its expression in its metadata, puts the table on the writer-7
// protocol with generatedColumns, is computed when a write leaves it out and checked when
// a write gives it (corpus dl46 holds the logs to real Spark's).
func TestTableBuilderGeneratedColumn(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	b := s.NewTableBuilder("create").TableName("g").PartitionedBy("d")
	for _, c := range []struct {
		f   sqltypes.StructField
		gen string
	}{
		{sqltypes.StructField{Name: "ts", Type: sqltypes.TimestampType{}, Nullable: true}, ""},
		{sqltypes.StructField{Name: "d", Type: sqltypes.DateType{}, Nullable: true}, "CAST(ts AS DATE)"},
	} {
		if err := b.AddColumn(c.f, nil, c.gen); err != nil {
			t.Fatal(err)
		}
	}
	dt := must[*DeltaTable](t)(b.Execute(ctx))
	log0 := deltaLog(t, dt.Path(), 0)
	for _, want := range []string{`\"metadata\":{\"delta.generationExpression\":\"CAST(ts AS DATE)\"}`,
		`{"protocol":{"minReaderVersion":1,"minWriterVersion":7,"writerFeatures":["generatedColumns","invariants","appendOnly"]}}`} {
		if !strings.Contains(log0, want) {
			t.Errorf("version 0 lacks %s:\n%s", want, log0)
		}
	}
	runSQL := func(q string) (*DataFrame, error) { return s.SQL(ctx, q) }
	must[*DataFrame](t)(runSQL("INSERT INTO g (ts) VALUES (TIMESTAMP '2024-05-01 10:00:00')"))
	if _, err := runSQL("INSERT INTO g VALUES (TIMESTAMP '2024-05-01 10:00:00', DATE '2024-05-02')"); err == nil ||
		!strings.Contains(err.Error(), "CHECK constraint Generated Column (d <=> CAST(ts AS DATE)) violated by row with values:") {
		t.Errorf("a value that is not the expression's: %v", err)
	}
	got := must[string](t)(must[*DataFrame](t)(runSQL("SELECT * FROM g")).Show(ctx, 20, 20, false))
	if want := "+-------------------+----------+\n|                 ts|         d|\n+-------------------+----------+\n|2024-05-01 10:00:00|2024-05-01|\n+-------------------+----------+\n"; got != want {
		t.Errorf("table:\n%s\nwant\n%s", got, want)
	}
	bad := s.NewTableBuilder("create").TableName("h")
	must[struct{}](t)(struct{}{}, bad.AddColumn(sqltypes.StructField{Name: "x", Type: sqltypes.Integer, Nullable: true}, nil, ""))
	must[struct{}](t)(struct{}{}, bad.AddColumn(sqltypes.StructField{Name: "y", Type: sqltypes.Integer, Nullable: true}, nil, "concat('a', x)"))
	if _, err := bad.Execute(ctx); err == nil || !strings.Contains(err.Error(), "DELTA_GENERATED_COLUMNS_EXPR_TYPE_MISMATCH") {
		t.Errorf("a generated column of another type: %v", err)
	}
}

// upgradeTableProtocol commits delta-spark's SET TBLPROPERTIES version with the new
// protocol; the same versions are a no-op, lower ones an error.
func TestUpgradeTableProtocol(t *testing.T) {
	ctx := context.Background()
	s := runSQLSteps(t, []sqlStep{{"CREATE TABLE p (x INT) USING delta", ""}})
	dt := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "p"))
	if err := dt.UpgradeTableProtocol(ctx, 1, 3); err != nil {
		t.Fatal(err)
	}
	log1 := deltaLog(t, dt.Path(), 1)
	for _, want := range []string{`"operation":"SET TBLPROPERTIES","operationParameters":{"properties":"{\"delta.minReaderVersion\":\"1\",\"delta.minWriterVersion\":\"3\"}"}`,
		`"isBlindAppend":true`, `{"protocol":{"minReaderVersion":1,"minWriterVersion":3}}`, `{"metaData":`} {
		if !strings.Contains(log1, want) {
			t.Errorf("version 1 lacks %s:\n%s", want, log1)
		}
	}
	if err := dt.UpgradeTableProtocol(ctx, 1, 3); err != nil {
		t.Errorf("same versions: %v", err)
	}
	if err := dt.UpgradeTableProtocol(ctx, 1, 2); err == nil || !strings.Contains(err.Error(), "DELTA_INVALID_PROTOCOL_DOWNGRADE") {
		t.Errorf("downgrade: %v", err)
	}
	if err := dt.UpgradeTableProtocol(ctx, 2, 5); err == nil || !strings.Contains(err.Error(), "kafkalab export") {
		t.Errorf("column mapping versions: %v", err)
	}
	h := must[[]sqltypes.Row](t)(must[*DataFrame](t)(dt.History(ctx, -1)).Collect(ctx))
	if len(h) != 2 {
		t.Errorf("history has %d versions, want 2", len(h))
	}
}
