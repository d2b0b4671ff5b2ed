package sparkparquet

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// decoder turns one file row's values back into a field value.
type decoder struct {
	name    string
	missing bool // the file has no such column: always null
	// leaf
	col  int
	conv func(parquet.Value) (any, error)
	// struct: present when def level of probe column >= def
	children []*decoder
	probe    int
	def      int
}

func (d *decoder) decode(row parquet.Row) (any, error) {
	if d.missing {
		return nil, nil
	}
	if d.children == nil {
		v := row[d.col]
		if v.IsNull() {
			return nil, nil
		}
		return d.conv(v)
	}
	if row[d.probe].DefinitionLevel() < d.def {
		return nil, nil
	}
	out := make(sqltypes.Row, len(d.children))
	for i, c := range d.children {
		x, err := c.decode(row)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

// compileDecoders maps the wanted schema onto the file's columns by name.
func compileDecoders(st *sqltypes.StructType, fileNode parquet.Node, schema *parquet.Schema, prefix []string, def int) ([]*decoder, error) {
	out := make([]*decoder, len(st.Fields))
	for i, f := range st.Fields {
		path := append(append([]string(nil), prefix...), f.Name)
		d := &decoder{name: joinPath(path)}
		out[i] = d
		var child parquet.Node
		if fileNode != nil {
			for _, ff := range fileNode.Fields() {
				if ff.Name() == f.Name {
					child = ff
					break
				}
			}
		}
		if child == nil {
			d.missing = true
			continue
		}
		cdef := def
		if child.Optional() {
			cdef++
		}
		if child.Repeated() {
			return nil, fmt.Errorf("column %s is repeated in the file; kafkalab cannot read arrays or maps from parquet yet", d.name)
		}
		if sub, ok := f.Type.(*sqltypes.StructType); ok {
			if child.Leaf() {
				return nil, fmt.Errorf("column %s is a struct in the schema but a plain column in the file", d.name)
			}
			kids, err := compileDecoders(sub, child, schema, path, cdef)
			if err != nil {
				return nil, err
			}
			d.children, d.def, d.probe = kids, cdef, -1
			for _, k := range kids {
				if p := k.firstColumn(); p >= 0 {
					d.probe = p
					break
				}
			}
			if d.probe < 0 {
				d.missing = true
			}
			continue
		}
		if !child.Leaf() {
			return nil, fmt.Errorf("column %s is %s in the schema but a group in the file", d.name, f.Type.SQL())
		}
		lc, ok := schema.Lookup(path...)
		if !ok {
			return nil, fmt.Errorf("column %s not found in the file", d.name)
		}
		d.col = lc.ColumnIndex
		conv, err := readConverter(f.Type, child.Type())
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", d.name, err)
		}
		d.conv = conv
	}
	return out, nil
}

func (d *decoder) firstColumn() int {
	if d.missing {
		return -1
	}
	if d.children == nil {
		return d.col
	}
	return d.probe
}

func readConverter(dt sqltypes.DataType, pt parquet.Type) (func(parquet.Value) (any, error), error) {
	kind := pt.Kind()
	lt := pt.LogicalType()
	mismatch := fmt.Errorf("the file stores %s, which cannot be read as %s", pt, dt.SQL())
	switch t := dt.(type) {
	case sqltypes.BooleanType:
		if kind == parquet.Boolean {
			return func(v parquet.Value) (any, error) { return v.Boolean(), nil }, nil
		}
	case sqltypes.ByteType:
		if kind == parquet.Int32 {
			return func(v parquet.Value) (any, error) { return int8(v.Int32()), nil }, nil
		}
	case sqltypes.ShortType:
		if kind == parquet.Int32 {
			return func(v parquet.Value) (any, error) { return int16(v.Int32()), nil }, nil
		}
	case sqltypes.IntegerType:
		if kind == parquet.Int32 {
			return func(v parquet.Value) (any, error) { return v.Int32(), nil }, nil
		}
	case sqltypes.LongType:
		switch kind {
		case parquet.Int64:
			return func(v parquet.Value) (any, error) { return v.Int64(), nil }, nil
		case parquet.Int32:
			return func(v parquet.Value) (any, error) { return int64(v.Int32()), nil }, nil
		}
	case sqltypes.FloatType:
		if kind == parquet.Float {
			return func(v parquet.Value) (any, error) { return v.Float(), nil }, nil
		}
	case sqltypes.DoubleType:
		switch kind {
		case parquet.Double:
			return func(v parquet.Value) (any, error) { return v.Double(), nil }, nil
		case parquet.Float:
			return func(v parquet.Value) (any, error) { return float64(v.Float()), nil }, nil
		}
	case sqltypes.StringType:
		if kind == parquet.ByteArray {
			return func(v parquet.Value) (any, error) { return string(v.ByteArray()), nil }, nil
		}
	case sqltypes.BinaryType:
		if kind == parquet.ByteArray || kind == parquet.FixedLenByteArray {
			return func(v parquet.Value) (any, error) { return append([]byte{}, v.ByteArray()...), nil }, nil
		}
	case sqltypes.DateType:
		if kind == parquet.Int32 {
			return func(v parquet.Value) (any, error) { return sqltypes.Date(v.Int32()), nil }, nil
		}
	case sqltypes.TimestampType, sqltypes.TimestampNTZType:
		wrap := func(m int64) any { return sqltypes.Timestamp(m) }
		if _, ntz := dt.(sqltypes.TimestampNTZType); ntz {
			wrap = func(m int64) any { return sqltypes.TimestampNTZ(m) }
		}
		switch kind {
		case parquet.Int96:
			return func(v parquet.Value) (any, error) { return wrap(Int96ToMicros(v.Int96())), nil }, nil
		case parquet.Int64:
			div, mul := int64(1), int64(1)
			if lt != nil {
				if ts, ok := lt.Value.(*format.TimestampType); ok && ts.Unit.Value != nil {
					switch ts.Unit.Value.Duration() {
					case time.Millisecond:
						mul = 1000
					case time.Nanosecond:
						div = 1000
					}
				}
			}
			return func(v parquet.Value) (any, error) { return wrap(floorDiv(v.Int64()*mul, div)), nil }, nil
		}
	case sqltypes.DecimalType:
		scale := int32(t.Scale)
		if lt != nil {
			if dec, ok := lt.Value.(*format.DecimalType); ok {
				scale = dec.Scale
			}
		}
		rescale := func(d sqltypes.Decimal) (any, error) {
			if int(d.Scale) == t.Scale {
				return d, nil
			}
			small, b, err := Unscaled(d, t.Precision, t.Scale)
			if err != nil {
				return nil, err
			}
			return sqltypes.Decimal{Unscaled: small, Big: b, Scale: int32(t.Scale)}, nil
		}
		switch kind {
		case parquet.Int32:
			return func(v parquet.Value) (any, error) {
				return rescale(sqltypes.Decimal{Unscaled: int64(v.Int32()), Scale: scale})
			}, nil
		case parquet.Int64:
			return func(v parquet.Value) (any, error) {
				return rescale(sqltypes.Decimal{Unscaled: v.Int64(), Scale: scale})
			}, nil
		case parquet.ByteArray, parquet.FixedLenByteArray:
			return func(v parquet.Value) (any, error) {
				u := fromTwosComplement(v.ByteArray())
				d := sqltypes.Decimal{Scale: scale}
				if u.IsInt64() {
					d.Unscaled = u.Int64()
				} else {
					d.Big = u
				}
				return rescale(d)
			}, nil
		}
	}
	return nil, mismatch
}

func fromTwosComplement(b []byte) *big.Int {
	u := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return u
}

// Read decodes every row of a parquet file into st's shape, matching columns by name.
// Columns of st the file lacks read as null.
func Read(r io.ReaderAt, size int64, st *sqltypes.StructType) ([]sqltypes.Row, error) {
	pf, err := parquet.OpenFile(r, size)
	if err != nil {
		return nil, fmt.Errorf("open parquet: %w", err)
	}
	schema := pf.Schema()
	decs, err := compileDecoders(st, schema, schema, nil, 0)
	if err != nil {
		return nil, err
	}
	out := make([]sqltypes.Row, 0, pf.NumRows())
	buf := make([]parquet.Row, 256)
	for _, rg := range pf.RowGroups() {
		rows := rg.Rows()
		for {
			n, err := rows.ReadRows(buf)
			for _, row := range buf[:n] {
				vals := make(sqltypes.Row, len(decs))
				for i, d := range decs {
					if vals[i], err = d.decode(row); err != nil {
						rows.Close()
						return nil, fmt.Errorf("column %s: %w", d.name, err)
					}
				}
				out = append(out, vals)
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("read parquet rows: %w", err)
			}
		}
		rows.Close()
	}
	return out, nil
}

// ReadFile is Read on a file path.
func ReadFile(path string, st *sqltypes.StructType) ([]sqltypes.Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	rows, err := Read(f, info.Size(), st)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return rows, nil
}

// FileSchema returns the Spark schema stored in a file's footer
// (org.apache.spark.sql.parquet.row.metadata), if any.
func FileSchema(r io.ReaderAt, size int64) (*sqltypes.StructType, bool, error) {
	pf, err := parquet.OpenFile(r, size, parquet.SkipPageIndex(true))
	if err != nil {
		return nil, false, fmt.Errorf("open parquet: %w", err)
	}
	s, ok := pf.Lookup(MetaRowMetadata)
	if !ok {
		return nil, false, nil
	}
	st, err := sqltypes.ParseSchemaJSON(s)
	if err != nil {
		return nil, false, fmt.Errorf("footer %s: %w", MetaRowMetadata, err)
	}
	return st, true, nil
}
