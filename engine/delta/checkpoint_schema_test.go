package delta

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// spark_last_checkpoint.json is the _last_checkpoint delta-spark 4.4 wrote for a table of
// (order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time
// TIMESTAMP, partition INT, offset BIGINT).
func readSparkLastCheckpoint(t *testing.T) (raw []byte, lc lastCheckpoint) {
	t.Helper()
	raw, err := os.ReadFile("testdata/spark_last_checkpoint.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &lc); err != nil {
		t.Fatal(err)
	}
	return raw, lc
}

func TestLastCheckpointChecksumMatchesDeltaSpark(t *testing.T) {
	raw, lc := readSparkLastCheckpoint(t)
	if lc.Checksum == "" {
		t.Fatal("the recorded file has no checksum")
	}
	got, err := jsonChecksum(raw)
	if err != nil {
		t.Fatal(err)
	}
	if got != lc.Checksum {
		t.Errorf("checksum of delta-spark's file = %s, it stores %s", got, lc.Checksum)
	}
	// Re-serialised by kafkalab, the file is byte for byte delta-spark's.
	again, err := lc.withChecksum()
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(raw) {
		t.Errorf("kafkalab writes\n%s\ndelta-spark wrote\n%s", again, raw)
	}
}

func TestCheckpointSchemaMatchesDeltaSpark(t *testing.T) {
	_, lc := readSparkLastCheckpoint(t)
	schema := sqltypes.MustParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP, `partition` INT, `offset` BIGINT")
	s := &Snapshot{Schema: schema, Metadata: &Metadata{PartitionColumns: []string{}}, Protocol: &Protocol{MinReaderVersion: 1, MinWriterVersion: 2}}
	got := checkpointLayoutFor(s).schema.JSON()
	if got != string(lc.CheckpointSchema) {
		t.Errorf("checkpoint schema\n got %s\nwant %s", got, lc.CheckpointSchema)
	}
}

// The parsed stats hold the JSON stats' values typed, and a table can turn them off.
func TestCheckpointAddRowParsesStats(t *testing.T) {
	schema := sqltypes.MustParseDDL("id INT, name STRING, ok BOOLEAN, day DATE")
	s := &Snapshot{Schema: schema, Metadata: &Metadata{PartitionColumns: []string{"day"}}}
	l := checkpointLayoutFor(s)
	add := l.schema.Fields[1].Type.(*sqltypes.StructType)
	var names []string
	for _, f := range add.Fields[addBaseFields:] {
		names = append(names, f.Name)
	}
	if want := []string{"stats", "partitionValues_parsed", "stats_parsed"}; !equalStrings(names, want) {
		t.Fatalf("add ends with %v, want %v", names, want)
	}
	// min/max leave out the boolean; nullCount keeps it; the partition column has no stats.
	if got, want := l.statsSchema.SQL(), "STRUCT<numRecords: BIGINT, minValues: STRUCT<id: INT, name: STRING>, maxValues: STRUCT<id: INT, name: STRING>, nullCount: STRUCT<id: BIGINT, name: BIGINT, ok: BIGINT>>"; got != want {
		t.Errorf("stats_parsed type\n got %s\nwant %s", got, want)
	}
	row := l.addRow(&AddFile{Path: "p", PartitionValues: map[string]string{"day": "2026-10-01"}, Size: 10, ModificationTime: 5,
		Stats: `{"numRecords":2,"minValues":{"id":1,"name":"a"},"maxValues":{"id":7,"name":"z"},"nullCount":{"id":0,"name":1,"ok":0}}`})
	parsed := row[len(row)-1].(sqltypes.Row)
	if parsed[0] != int64(2) || parsed[1].(sqltypes.Row)[0] != int32(1) || parsed[2].(sqltypes.Row)[1] != "z" || parsed[3].(sqltypes.Row)[1] != int64(1) {
		t.Errorf("stats_parsed = %v", parsed)
	}
	if pv := row[len(row)-2].(sqltypes.Row); pv[0] == nil {
		t.Errorf("partitionValues_parsed = %v, want the day", pv)
	}
	off := &Snapshot{Schema: schema, Metadata: &Metadata{Configuration: map[string]string{
		"delta.checkpoint.writeStatsAsStruct": "false", "delta.checkpoint.writeStatsAsJson": "false"}}}
	if n := len(checkpointLayoutFor(off).schema.Fields[1].Type.(*sqltypes.StructType).Fields); n != addBaseFields {
		t.Errorf("with both stats forms off, add has %d fields, want %d", n, addBaseFields)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
