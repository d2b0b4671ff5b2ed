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

// decoder rebuilds one value from the values of its leaf columns for one instance (one row,
// or one element of an enclosing array/map). vals[i] holds the values of the i-th leaf
// under the node, in order.
type decoder struct {
	name    string
	missing bool // the file has no such column: always null
	kind    nodeKind
	def     int // definition level at which this node's value is present (not null)
	// leaf
	col  int
	conv func(parquet.Value) (any, error)
	// struct fields; list [element]; map [key, value]
	children []*decoder
	nleaves  int
	repLevel int // list/map: repetition level of the repeated group
}

func (d *decoder) decode(vals [][]parquet.Value) (any, error) {
	if d.missing {
		return nil, nil
	}
	if len(vals) == 0 || len(vals[0]) == 0 {
		return nil, fmt.Errorf("column %s: no values for a row (file damaged?)", d.name)
	}
	if vals[0][0].DefinitionLevel() < d.def {
		return nil, nil
	}
	switch d.kind {
	case kindLeaf:
		return d.conv(vals[0][0])
	case kindStruct:
		out := make(sqltypes.Row, len(d.children))
		at := 0
		for i, c := range d.children {
			if c.missing {
				continue
			}
			x, err := c.decode(vals[at : at+c.nleaves])
			if err != nil {
				return nil, err
			}
			out[i] = x
			at += c.nleaves
		}
		return out, nil
	}
	// list or map: a value at exactly the collection's level is an empty collection.
	if vals[0][0].DefinitionLevel() == d.def {
		if d.kind == kindList {
			return []any{}, nil
		}
		return &sqltypes.MapValue{}, nil
	}
	// Split each leaf's values into elements: a new element starts where the repetition
	// level equals the repeated group's.
	perLeaf := make([][][]parquet.Value, len(vals))
	for i, vs := range vals {
		start := 0
		for j := 1; j <= len(vs); j++ {
			if j == len(vs) || vs[j].RepetitionLevel() == d.repLevel {
				perLeaf[i] = append(perLeaf[i], vs[start:j])
				start = j
			}
		}
	}
	n := len(perLeaf[0])
	elem := make([][]parquet.Value, len(vals))
	pick := func(k int, from, to int) [][]parquet.Value {
		out := elem[:0]
		for i := from; i < to; i++ {
			if k >= len(perLeaf[i]) {
				return nil
			}
			out = append(out, perLeaf[i][k])
		}
		return out
	}
	if d.kind == kindList {
		out := make([]any, n)
		for k := 0; k < n; k++ {
			ev := pick(k, 0, len(vals))
			if ev == nil {
				return nil, fmt.Errorf("column %s: leaf columns disagree on the number of elements", d.name)
			}
			x, err := d.children[0].decode(ev)
			if err != nil {
				return nil, err
			}
			out[k] = x
		}
		return out, nil
	}
	m := &sqltypes.MapValue{Keys: make([]any, n), Values: make([]any, n)}
	kl := d.children[0].nleaves
	for k := 0; k < n; k++ {
		kv := pick(k, 0, kl)
		if kv == nil {
			return nil, fmt.Errorf("column %s: leaf columns disagree on the number of entries", d.name)
		}
		key, err := d.children[0].decode(kv)
		if err != nil {
			return nil, err
		}
		m.Keys[k] = key
		vv := pick(k, kl, len(vals))
		if vv == nil {
			return nil, fmt.Errorf("column %s: leaf columns disagree on the number of entries", d.name)
		}
		if m.Values[k], err = d.children[1].decode(vv); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func findChild(n parquet.Node, name string) parquet.Node {
	if n == nil || n.Leaf() {
		return nil
	}
	for _, f := range n.Fields() {
		if f.Name() == name {
			return f
		}
	}
	return nil
}

// compileDecoder maps the wanted type onto the file node (matched by name) at path. def and
// rep are the levels reached by the ancestors. Leaf columns it uses are appended to cols.
func compileDecoder(dt sqltypes.DataType, fileNode parquet.Node, schema *parquet.Schema, path []string, def, rep int, cols *[]int) (*decoder, error) {
	d := &decoder{name: joinPath(path)}
	if fileNode == nil {
		d.missing = true
		return d, nil
	}
	if fileNode.Optional() {
		def++
	}
	d.def = def
	switch t := dt.(type) {
	case *sqltypes.StructType:
		if fileNode.Leaf() {
			return nil, fmt.Errorf("column %s is a struct in the schema but a plain column in the file", d.name)
		}
		d.kind = kindStruct
		for _, f := range t.Fields {
			p := append(append([]string(nil), path...), f.Name)
			c, err := compileDecoder(f.Type, findChild(fileNode, f.Name), schema, p, def, rep, cols)
			if err != nil {
				return nil, err
			}
			d.children = append(d.children, c)
			d.nleaves += c.nleaves
		}
		if d.nleaves == 0 {
			d.missing = true
		}
		return d, nil
	case sqltypes.ArrayType, sqltypes.MapType:
		group, inner := "list", []string{"element"}
		d.kind = kindList
		if _, ok := t.(sqltypes.MapType); ok {
			group, inner, d.kind = "key_value", []string{"key", "value"}, kindMap
		}
		rg := findChild(fileNode, group)
		if rg == nil || !rg.Repeated() {
			return nil, fmt.Errorf("column %s: the file does not store it as Spark's %s layout", d.name, dt.SQL())
		}
		d.repLevel = rep + 1
		types := []sqltypes.DataType{}
		if at, ok := t.(sqltypes.ArrayType); ok {
			types = append(types, at.Element)
		} else {
			mt := t.(sqltypes.MapType)
			types = append(types, mt.Key, mt.Value)
		}
		for i, name := range inner {
			p := append(append([]string(nil), path...), group, name)
			child := findChild(rg, name)
			if child == nil {
				return nil, fmt.Errorf("column %s: the file lacks %s", d.name, joinPath(p))
			}
			c, err := compileDecoder(types[i], child, schema, p, def+1, rep+1, cols)
			if err != nil {
				return nil, err
			}
			if c.missing {
				return nil, fmt.Errorf("column %s: no readable columns under %s", d.name, joinPath(p))
			}
			d.children = append(d.children, c)
			d.nleaves += c.nleaves
		}
		return d, nil
	}
	if !fileNode.Leaf() {
		return nil, fmt.Errorf("column %s is %s in the schema but a group in the file", d.name, dt.SQL())
	}
	if fileNode.Repeated() {
		return nil, fmt.Errorf("column %s is a legacy repeated column in the file; kafkalab cannot read it", d.name)
	}
	lc, ok := schema.Lookup(path...)
	if !ok {
		return nil, fmt.Errorf("column %s not found in the file", d.name)
	}
	conv, err := readConverter(dt, fileNode.Type())
	if err != nil {
		return nil, fmt.Errorf("column %s: %w", d.name, err)
	}
	d.kind, d.col, d.conv, d.nleaves = kindLeaf, lc.ColumnIndex, conv, 1
	*cols = append(*cols, lc.ColumnIndex)
	return d, nil
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
			// Repeated strings (ids, statuses) share one boxed value: a map lookup by bytes
			// allocates nothing, a new string and its box cost two allocations.
			cache := map[string]any{}
			return func(v parquet.Value) (any, error) {
				b := v.ByteArray()
				if x, ok := cache[string(b)]; ok {
					return x, nil
				}
				var x any = string(b)
				if len(cache) < 4096 && len(b) <= 64 {
					cache[string(b)] = x
				}
				return x, nil
			}, nil
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
	case sqltypes.TimeType:
		// A TIME column: MICROS or NANOS in an INT64, MILLIS in an INT32.
		mul := int64(1000)
		if lt != nil {
			if tt, ok := lt.Value.(*format.TimeType); ok && tt.Unit.Value != nil {
				switch tt.Unit.Value.Duration() {
				case time.Millisecond:
					mul = 1_000_000
				case time.Nanosecond:
					mul = 1
				}
			}
		}
		switch kind {
		case parquet.Int64:
			return func(v parquet.Value) (any, error) { return sqltypes.Time(v.Int64() * mul), nil }, nil
		case parquet.Int32:
			return func(v parquet.Value) (any, error) { return sqltypes.Time(int64(v.Int32()) * mul), nil }, nil
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
	decs := make([]*decoder, len(st.Fields))
	cols := make([][]int, len(st.Fields))
	for i, f := range st.Fields {
		if decs[i], err = compileDecoder(f.Type, findChild(schema, f.Name), schema, []string{f.Name}, 0, 0, &cols[i]); err != nil {
			return nil, err
		}
	}
	ncols := len(schema.Columns())
	byCol := make([][]parquet.Value, ncols)
	out := make([]sqltypes.Row, 0, pf.NumRows())
	buf := make([]parquet.Row, 256)
	leafVals := make([][]parquet.Value, 0, ncols)
	for _, rg := range pf.RowGroups() {
		rows := rg.Rows()
		for {
			n, rerr := rows.ReadRows(buf)
			// One backing slab per read chunk instead of one allocation per row.
			slab := make([]any, n*len(decs))
			for ri, row := range buf[:n] {
				for c := range byCol {
					byCol[c] = nil
				}
				row.Range(func(c int, vs []parquet.Value) bool {
					byCol[c] = vs
					return true
				})
				vals := sqltypes.Row(slab[ri*len(decs) : (ri+1)*len(decs) : (ri+1)*len(decs)])
				for i, d := range decs {
					leafVals = leafVals[:0]
					for _, c := range cols[i] {
						leafVals = append(leafVals, byCol[c])
					}
					x, err := d.decode(leafVals)
					if err != nil {
						rows.Close()
						return nil, err
					}
					vals[i] = x
				}
				out = append(out, vals)
			}
			if errors.Is(rerr, io.EOF) {
				break
			}
			if rerr != nil {
				rows.Close()
				return nil, fmt.Errorf("read parquet rows: %w", rerr)
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
