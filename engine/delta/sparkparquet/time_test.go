package sparkparquet

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

// A TIME column is written as Spark 4.2 writes it (df.write.parquet of TIME '12:00' gives
// INT64 TIME(isAdjustedToUTC=false,unit=MICROS) holding 43200000000) and reads back.
func TestTimeColumn(t *testing.T) {
	st := sqltypes.MustParseDDL("t TIME, u TIME(3)")
	rows := []sqltypes.Row{
		{sqltypes.Time(43_200_000_000_000), sqltypes.Time(3_723_456_000_000)},
		{nil, sqltypes.Time(0)},
	}
	path := filepath.Join(t.TempDir(), "time.parquet")
	if _, err := WriteFile(path, st, rows, nil); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, _ := f.Stat()
	pf, err := parquet.OpenFile(f, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	if got := pf.Schema().Fields()[0].Type().String(); got != "TIME(isAdjustedToUTC=false,unit=MICROS)" {
		t.Errorf("TIME column stored as %s", got)
	}
	back, err := ReadFile(path, st)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Errorf("read back %v, want %v", back, rows)
	}
}
