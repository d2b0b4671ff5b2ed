package sparkparquet

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"sync"
	"unsafe"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet/snappy"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
)

func joinPath(p []string) string {
	s := p[0]
	for _, x := range p[1:] {
		s += "." + x
	}
	return s
}

func typeErr(want string, v any) error {
	return fmt.Errorf("expected a %s value, got %T", want, v)
}

// unsafeBytes views a string's bytes without copying; the parquet writer copies values
// into its own pages before the string can go away, and never writes to them.
func unsafeBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

func converter(dt sqltypes.DataType) (func(any) (parquet.Value, error), error) {
	switch t := dt.(type) {
	case sqltypes.BooleanType:
		return func(v any) (parquet.Value, error) {
			b, ok := v.(bool)
			if !ok {
				return parquet.Value{}, typeErr("boolean", v)
			}
			return parquet.BooleanValue(b), nil
		}, nil
	case sqltypes.ByteType:
		return func(v any) (parquet.Value, error) {
			b, ok := v.(int8)
			if !ok {
				return parquet.Value{}, typeErr("byte (int8)", v)
			}
			return parquet.Int32Value(int32(b)), nil
		}, nil
	case sqltypes.ShortType:
		return func(v any) (parquet.Value, error) {
			b, ok := v.(int16)
			if !ok {
				return parquet.Value{}, typeErr("short (int16)", v)
			}
			return parquet.Int32Value(int32(b)), nil
		}, nil
	case sqltypes.IntegerType:
		return func(v any) (parquet.Value, error) {
			n, ok := v.(int32)
			if !ok {
				return parquet.Value{}, typeErr("int (int32)", v)
			}
			return parquet.Int32Value(n), nil
		}, nil
	case sqltypes.LongType:
		return func(v any) (parquet.Value, error) {
			n, ok := v.(int64)
			if !ok {
				return parquet.Value{}, typeErr("bigint (int64)", v)
			}
			return parquet.Int64Value(n), nil
		}, nil
	case sqltypes.FloatType:
		return func(v any) (parquet.Value, error) {
			f, ok := v.(float32)
			if !ok {
				return parquet.Value{}, typeErr("float (float32)", v)
			}
			return parquet.FloatValue(f), nil
		}, nil
	case sqltypes.DoubleType:
		return func(v any) (parquet.Value, error) {
			f, ok := v.(float64)
			if !ok {
				return parquet.Value{}, typeErr("double (float64)", v)
			}
			return parquet.DoubleValue(f), nil
		}, nil
	case sqltypes.StringType:
		return func(v any) (parquet.Value, error) {
			s, ok := v.(string)
			if !ok {
				return parquet.Value{}, typeErr("string", v)
			}
			return parquet.ByteArrayValue(unsafeBytes(s)), nil
		}, nil
	case sqltypes.BinaryType:
		return func(v any) (parquet.Value, error) {
			b, ok := v.([]byte)
			if !ok {
				return parquet.Value{}, typeErr("binary ([]byte)", v)
			}
			return parquet.ByteArrayValue(b), nil
		}, nil
	case sqltypes.DateType:
		return func(v any) (parquet.Value, error) {
			d, ok := v.(sqltypes.Date)
			if !ok {
				return parquet.Value{}, typeErr("date (sqltypes.Date)", v)
			}
			return parquet.Int32Value(int32(d)), nil
		}, nil
	case sqltypes.TimestampType:
		return func(v any) (parquet.Value, error) {
			ts, ok := v.(sqltypes.Timestamp)
			if !ok {
				return parquet.Value{}, typeErr("timestamp (sqltypes.Timestamp)", v)
			}
			return parquet.Int96Value(MicrosToInt96(int64(ts))), nil
		}, nil
	case sqltypes.TimestampNTZType:
		return func(v any) (parquet.Value, error) {
			ts, ok := v.(sqltypes.TimestampNTZ)
			if !ok {
				return parquet.Value{}, typeErr("timestamp_ntz (sqltypes.TimestampNTZ)", v)
			}
			return parquet.Int64Value(int64(ts)), nil
		}, nil
	case sqltypes.TimeType:
		return func(v any) (parquet.Value, error) {
			tm, ok := v.(sqltypes.Time)
			if !ok {
				return parquet.Value{}, typeErr("time (sqltypes.Time)", v)
			}
			return parquet.Int64Value(int64(tm) / 1000), nil
		}, nil
	case sqltypes.DecimalType:
		size := 0
		if t.Precision > 18 {
			size = minBytesForPrecision(t.Precision)
		}
		return func(v any) (parquet.Value, error) {
			d, ok := v.(sqltypes.Decimal)
			if !ok {
				return parquet.Value{}, typeErr(t.TypeName()+" (sqltypes.Decimal)", v)
			}
			small, bigV, err := Unscaled(d, t.Precision, t.Scale)
			if err != nil {
				return parquet.Value{}, err
			}
			switch {
			case t.Precision <= 9:
				return parquet.Int32Value(int32(small)), nil
			case t.Precision <= 18:
				return parquet.Int64Value(small), nil
			default:
				if bigV == nil {
					bigV = big.NewInt(small)
				}
				return parquet.FixedLenByteArrayValue(twosComplement(bigV, size)), nil
			}
		}, nil
	}
	return nil, fmt.Errorf("type %s cannot be written to parquet by kafkalab yet", dt.SQL())
}

var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < 19; i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// Unscaled returns d's unscaled value at the given scale, exactly: as an int64 when it fits
// (bigV nil), else as a big.Int. A value that needs rounding or more digits than precision
// is an error.
func Unscaled(d sqltypes.Decimal, precision, scale int) (small int64, bigV *big.Int, err error) {
	if d.Big == nil && int(d.Scale) == scale && precision <= 18 {
		if d.Unscaled >= pow10[precision] || d.Unscaled <= -pow10[precision] {
			return 0, nil, fmt.Errorf("decimal with unscaled value %d does not fit decimal(%d,%d)", d.Unscaled, precision, scale)
		}
		return d.Unscaled, nil, nil
	}
	u := d.Big
	if u == nil {
		u = big.NewInt(d.Unscaled)
	} else {
		u = new(big.Int).Set(u)
	}
	diff := scale - int(d.Scale)
	if diff > 0 {
		u.Mul(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(diff)), nil))
	} else if diff < 0 {
		q, r := new(big.Int).QuoRem(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-diff)), nil), new(big.Int))
		if r.Sign() != 0 {
			return 0, nil, fmt.Errorf("decimal with scale %d cannot be stored at scale %d without rounding", d.Scale, scale)
		}
		u = q
	}
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(precision)), nil)
	if new(big.Int).Abs(u).Cmp(limit) >= 0 {
		return 0, nil, fmt.Errorf("decimal %s×10^-%d does not fit decimal(%d,%d)", u, scale, precision, scale)
	}
	if u.IsInt64() {
		return u.Int64(), nil, nil
	}
	return 0, u, nil
}

// twosComplement is v as a big-endian two's complement number of exactly size bytes.
func twosComplement(v *big.Int, size int) []byte {
	out := make([]byte, size)
	if v.Sign() >= 0 {
		v.FillBytes(out)
		return out
	}
	// -v - 1, bit-inverted, is v's two's complement.
	m := new(big.Int).Neg(v)
	m.Sub(m, big.NewInt(1))
	m.FillBytes(out)
	for i := range out {
		out[i] = ^out[i]
	}
	return out
}

// julianDayOfEpoch is the Julian day number of 1970-01-01, as Spark's INT96 uses.
const julianDayOfEpoch = 2440588

const microsPerDay = 86_400_000_000

// MicrosToInt96 converts epoch microseconds to Spark's INT96 timestamp: nanoseconds of the
// day (8 bytes little-endian) then the Julian day (4 bytes little-endian).
func MicrosToInt96(micros int64) deprecated.Int96 {
	days := micros / microsPerDay
	rem := micros % microsPerDay
	if rem < 0 {
		rem += microsPerDay
		days--
	}
	nanos := uint64(rem) * 1000
	return deprecated.Int96{uint32(nanos), uint32(nanos >> 32), uint32(days + julianDayOfEpoch)}
}

// Int96ToMicros is the inverse of MicrosToInt96 (nanoseconds below a microsecond dropped).
func Int96ToMicros(v deprecated.Int96) int64 {
	nanos := int64(uint64(v[1])<<32 | uint64(v[0]))
	days := int64(v[2]) - julianDayOfEpoch
	return days*microsPerDay + floorDiv(nanos, 1000)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Options tune a written file.
type Options struct {
	// ExtraMetadata is added to the footer key-value metadata.
	ExtraMetadata map[string]string
	// SpillDir is where the pages of a row group go once they outgrow memory (see
	// spillPool); "" is the system's temporary folder.
	SpillDir string
}

// rowsPerWrite is how many rows go to the column writers at a time. A column may end a
// page only after such a group (parquet-go's own WriteRows cuts its input in groups of
// 64 rows too), so the file's layout depends on it: it must not change, or the files
// kafkalab writes would differ from the ones it wrote before.
const rowsPerWrite = 64

// Writer encodes rows (values per sqltypes, one per schema field) as one Spark-style
// parquet file, a chunk of rows at a time: it holds the values of at most rowsPerWrite
// rows, the current page of every column and the finished pages of the row group up to a
// small budget (the rest waits in a temporary file), never the whole file. The bytes
// written do not depend on how the rows are split across Write calls.
type Writer struct {
	pw       *parquet.Writer
	columns  []*parquet.ColumnWriter
	emitters []*emitter
	cols     [][]parquet.Value // values of the pending rows, by leaf column
	pending  int               // rows in cols
	i96      []byte            // the bytes of the pending INT96 values (see int96)
	rows     int64
	pool     *spillPool
	// flat: every column is a top-level leaf Write can fill a column at a time (see
	// writeColumns).
	flat bool
}

// NewWriter starts a file on w.
func NewWriter(w io.Writer, st *sqltypes.StructType, opts *Options) (*Writer, error) {
	schema, err := Schema(st)
	if err != nil {
		return nil, err
	}
	emitters, err := compileEmitters(st, schema, nil, 0)
	if err != nil {
		return nil, err
	}
	pool := &spillPool{}
	wopts := []parquet.WriterOption{
		schema,
		// Spark's snappy, match for match: the pages come out as Spark writes them.
		parquet.Compression(snappy.Codec{}),
		parquet.DataPageVersion(1),
		// parquet-mr leaves page headers without statistics (the column index has them).
		parquet.DataPageStatistics(false),
		parquet.CreatedBy("kafkalab", "dev ", "parquet-go v0.32.0"),
		parquet.KeyValueMetadata(MetaSparkVersion, SparkVersion),
		parquet.KeyValueMetadata(MetaRowMetadata, st.JSON()),
		parquet.ColumnPageBuffers(pool),
		// parquet-mr truncates a column index's bounds to 64 bytes
		// (parquet.columnindex.truncate.length).
		parquet.ColumnIndexSizeLimit(func([]string) int { return 64 }),
	}
	// parquet-mr keeps no bounds for INT96 (its sort order is undefined): no min/max in the
	// chunk's statistics, none in the column index.
	for _, path := range schema.Columns() {
		if leaf, ok := schema.Lookup(path...); ok && leaf.Node.Type().Kind() == parquet.Int96 {
			wopts = append(wopts, parquet.SkipPageBounds(path...))
		}
	}
	if opts != nil {
		pool.dir = opts.SpillDir
		for k, v := range opts.ExtraMetadata {
			wopts = append(wopts, parquet.KeyValueMetadata(k, v))
		}
	}
	pw := parquet.NewWriter(w, wopts...)
	cols := make([][]parquet.Value, len(schema.Columns()))
	for i := range cols {
		cols[i] = make([]parquet.Value, 0, rowsPerWrite)
	}
	return &Writer{pw: pw, columns: pw.ColumnWriters(), emitters: emitters, cols: cols, pool: pool,
		flat: flatColumns(emitters)}, nil
}

// Write adds rows to the file.
func (w *Writer) Write(rows []sqltypes.Row) error {
	for len(rows) > 0 {
		// Up to the next flushRows: a column may end a page only between such groups.
		seg := rows[:min(len(rows), rowsPerWrite-w.pending)]
		if w.flat && w.writeColumns(seg) {
			w.rows += int64(len(seg))
		} else if err := w.writeRows(seg); err != nil {
			return err
		}
		if w.pending += len(seg); w.pending == rowsPerWrite {
			if err := w.flushRows(); err != nil {
				return err
			}
		}
		rows = rows[len(seg):]
	}
	return nil
}

// writeRows appends the values of rows a row at a time, any schema.
func (w *Writer) writeRows(rows []sqltypes.Row) error {
	for _, row := range rows {
		if len(row) != len(w.emitters) {
			return fmt.Errorf("row %d has %d values, schema has %d columns", w.rows, len(row), len(w.emitters))
		}
		for i, e := range w.emitters {
			// A top-level leaf column's value (every column of a flat table) goes straight
			// to its column; anything else, or a value conv refuses, takes emit's way,
			// which gives the same levels and the errors.
			if v := row[i]; e.kind == kindLeaf && v != nil {
				pv, ok := w.fastValue(e, v)
				if !ok {
					var err error
					pv, err = e.conv(v)
					ok = err == nil
				}
				if ok {
					def := 0
					if e.nullable {
						def = 1
					}
					w.cols[e.col] = append(w.cols[e.col], pv.Level(0, def, e.col))
					continue
				}
			}
			if err := e.emit(row[i], 0, 0, w.cols); err != nil {
				return fmt.Errorf("row %d: %w", w.rows, err)
			}
		}
		w.rows++
	}
	return nil
}

// flushRows hands the pending rows to the column writers, which may end a page.
func (w *Writer) flushRows() error {
	if w.pending == 0 {
		return nil
	}
	for i, c := range w.columns {
		if _, err := c.WriteRowValues(w.cols[i]); err != nil {
			return fmt.Errorf("write parquet rows: %w", err)
		}
		w.cols[i] = w.cols[i][:0]
	}
	w.pending = 0
	w.i96 = w.i96[:0] // the column writers copied the values' bytes
	return nil
}

// Rows is how many rows were written so far.
func (w *Writer) Rows() int64 { return w.rows }

// Close finishes the file (the last row group and the footer). It does not close the
// underlying writer.
func (w *Writer) Close() error {
	defer w.pool.release()
	if err := w.flushRows(); err != nil {
		return err
	}
	if err := w.pw.Close(); err != nil {
		return fmt.Errorf("finish parquet file: %w", err)
	}
	return nil
}

// Write encodes rows as one Spark-style parquet file on w.
func Write(w io.Writer, st *sqltypes.StructType, rows []sqltypes.Row, opts *Options) error {
	pw, err := NewWriter(w, st, opts)
	if err != nil {
		return err
	}
	if err := pw.Write(rows); err != nil {
		pw.pool.release()
		return err
	}
	return pw.Close()
}

// File is a parquet file being written at a path.
type File struct {
	*Writer
	path string
	f    *os.File
	bw   *bufio.Writer
}

// CreateFile starts a new file at path (which must not exist). Call Close to finish it
// or Abort to remove it.
func CreateFile(path string, st *sqltypes.StructType, opts *Options) (*File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create parquet file: %w", err)
	}
	o := Options{SpillDir: filepath.Dir(path)}
	if opts != nil {
		o.ExtraMetadata = opts.ExtraMetadata
		if opts.SpillDir != "" {
			o.SpillDir = opts.SpillDir
		}
	}
	bw := fileWriters.get(f)
	w, err := NewWriter(bw, st, &o)
	if err != nil {
		fileWriters.put(bw)
		f.Close()
		os.Remove(path)
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return &File{Writer: w, path: path, f: f, bw: bw}, nil
}

// fileBufferSize is the write buffer of a file being written.
const fileBufferSize = 1 << 20

// fileWriters keeps the write buffers of finished files for the next ones: a streaming
// query writes a file per task and batch, and a fresh 1 MB buffer each time is memory to
// zero and collect (#18). Bounded: at most a few files are open at once.
var fileWriters = &bufioFreeList{max: 4}

type bufioFreeList struct {
	mu   sync.Mutex
	free []*bufio.Writer
	max  int
}

// get returns a buffer writing to w.
func (l *bufioFreeList) get(w io.Writer) *bufio.Writer {
	l.mu.Lock()
	if n := len(l.free); n > 0 {
		bw := l.free[n-1]
		l.free[n-1] = nil
		l.free = l.free[:n-1]
		l.mu.Unlock()
		bw.Reset(w)
		return bw
	}
	l.mu.Unlock()
	return bufio.NewWriterSize(w, fileBufferSize)
}

// put keeps bw (done with: flushed or abandoned) unless enough are kept.
func (l *bufioFreeList) put(bw *bufio.Writer) {
	bw.Reset(nil) // drop the file and any unflushed bytes
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.free) < l.max {
		l.free = append(l.free, bw)
	}
}

// Write adds rows; on error the file is removed.
func (f *File) Write(rows []sqltypes.Row) error {
	if err := f.Writer.Write(rows); err != nil {
		f.Abort()
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// WriteBatch adds a batch's rows (see Writer.WriteBatch); on error the file is removed.
func (f *File) WriteBatch(b *sqltypes.ColumnBatch) error {
	if err := f.Writer.WriteBatch(b); err != nil {
		f.Abort()
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// Close finishes the file and returns its size. On error the partial file is removed.
func (f *File) Close() (int64, error) {
	if f.bw == nil {
		return 0, fmt.Errorf("write %s: the file was already closed or aborted", f.path)
	}
	err := f.Writer.Close()
	if err == nil {
		err = f.bw.Flush()
	}
	fileWriters.put(f.bw)
	f.bw = nil
	var size int64
	if err == nil {
		var st os.FileInfo
		if st, err = f.f.Stat(); err == nil {
			size = st.Size()
		}
	}
	if cerr := f.f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.path)
		return 0, fmt.Errorf("write %s: %w", f.path, err)
	}
	return size, nil
}

// Abort stops writing and removes the partial file.
func (f *File) Abort() {
	f.Writer.pool.release()
	if f.bw != nil {
		fileWriters.put(f.bw)
		f.bw = nil
	}
	f.f.Close()
	os.Remove(f.path)
}

// WriteFile writes a new file at path (which must not exist) and returns its size. On error
// the partial file is removed.
func WriteFile(path string, st *sqltypes.StructType, rows []sqltypes.Row, opts *Options) (int64, error) {
	f, err := CreateFile(path, st, opts)
	if err != nil {
		return 0, err
	}
	if err := f.Write(rows); err != nil {
		return 0, err
	}
	return f.Close()
}
