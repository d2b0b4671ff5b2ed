package sparkdiff

import "testing"

func TestSameDeltaFilesInTaskOrder(t *testing.T) {
	const (
		a1 = `{"add":{"path":"part-00001-<uuid>-c000.snappy.parquet","stats":"{\"numRecords\":1,\"minValues\":{\"order_id\":1004}}"}}`
		a2 = `{"add":{"path":"part-00002-<uuid>-c000.snappy.parquet","stats":"{\"numRecords\":1,\"minValues\":{\"order_id\":1003}}"}}`
		b1 = `{"add":{"path":"part-00001-<uuid>-c000.snappy.parquet","stats":"{\"numRecords\":1,\"minValues\":{\"order_id\":1003}}"}}`
		b2 = `{"add":{"path":"part-00002-<uuid>-c000.snappy.parquet","stats":"{\"numRecords\":1,\"minValues\":{\"order_id\":1004}}"}}`
		b3 = `{"add":{"path":"part-00002-<uuid>-c000.snappy.parquet","stats":"{\"numRecords\":1,\"minValues\":{\"order_id\":1005}}"}}`
	)
	crc := func(x, y string) string {
		return `{"numFiles":2,"allFiles":[` + x[7:len(x)-1] + `,` + y[7:len(y)-1] + `]}`
	}
	cases := []struct {
		name, file, spark, ours string
		want                    bool
	}{
		{"commit, tie swapped between tasks", "t/_delta_log/00000000000000000000.json", a1 + "\n" + a2, b1 + "\n" + b2, true},
		{"commit, another row", "t/_delta_log/00000000000000000000.json", a1 + "\n" + a2, b1 + "\n" + b3, false},
		{"checksum, tie swapped", "t/_delta_log/00000000000000000000.crc", crc(a1, a2), crc(b1, b2), true},
		{"checksum, another row", "t/_delta_log/00000000000000000000.crc", crc(a1, a2), crc(b1, b3), false},
		{"not a Delta log", "checkpoints/q/offsets/0", a1 + "\n" + a2, b1 + "\n" + b2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sameDeltaFilesInTaskOrder(c.file, c.spark, c.ours); got != c.want {
				t.Fatalf("sameDeltaFilesInTaskOrder = %v, want %v", got, c.want)
			}
		})
	}
}
