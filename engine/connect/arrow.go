package connect

import (
	"bytes"
	"fmt"
	"math/big"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Results travel as Arrow IPC streams, one per ArrowBatch message, with Spark's mapping of
// SQL types to Arrow types (ArrowUtils.toArrowType): timestamps in microseconds carrying the
// session time zone, dates as date32, decimals as decimal128, strings as utf8.

// arrowType is t as Spark's Arrow writer types it.
func arrowType(t sqltypes.DataType, zone string) (arrow.DataType, error) {
	switch t := t.(type) {
	case sqltypes.NullType:
		return arrow.Null, nil
	case sqltypes.BooleanType:
		return arrow.FixedWidthTypes.Boolean, nil
	case sqltypes.ByteType:
		return arrow.PrimitiveTypes.Int8, nil
	case sqltypes.ShortType:
		return arrow.PrimitiveTypes.Int16, nil
	case sqltypes.IntegerType:
		return arrow.PrimitiveTypes.Int32, nil
	case sqltypes.LongType:
		return arrow.PrimitiveTypes.Int64, nil
	case sqltypes.FloatType:
		return arrow.PrimitiveTypes.Float32, nil
	case sqltypes.DoubleType:
		return arrow.PrimitiveTypes.Float64, nil
	case sqltypes.StringType:
		return arrow.BinaryTypes.String, nil
	case sqltypes.BinaryType:
		return arrow.BinaryTypes.Binary, nil
	case sqltypes.DateType:
		return arrow.FixedWidthTypes.Date32, nil
	case sqltypes.TimestampType:
		return &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: zone}, nil
	case sqltypes.TimestampNTZType:
		return &arrow.TimestampType{Unit: arrow.Microsecond}, nil
	case sqltypes.TimeType:
		// PySpark 4.2's to_arrow_type: a TIME is time64 in nanoseconds.
		return arrow.FixedWidthTypes.Time64ns, nil
	case sqltypes.DecimalType:
		return &arrow.Decimal128Type{Precision: int32(t.Precision), Scale: int32(t.Scale)}, nil
	case sqltypes.ArrayType:
		e, err := arrowType(t.Element, zone)
		if err != nil {
			return nil, err
		}
		return arrow.ListOfField(arrow.Field{Name: "element", Type: e, Nullable: t.ContainsNull}), nil
	case sqltypes.MapType:
		k, err := arrowType(t.Key, zone)
		if err != nil {
			return nil, err
		}
		v, err := arrowType(t.Value, zone)
		if err != nil {
			return nil, err
		}
		m := arrow.MapOfWithMetadata(k, arrow.Metadata{}, v, arrow.Metadata{})
		m.SetItemNullable(t.ValueContainsNull)
		return m, nil
	case *sqltypes.StructType:
		fs, err := arrowFields(t, zone)
		if err != nil {
			return nil, err
		}
		return arrow.StructOf(fs...), nil
	}
	return nil, unsupportedf("returning values of type %s", t.SQL())
}

func arrowFields(st *sqltypes.StructType, zone string) ([]arrow.Field, error) {
	fs := make([]arrow.Field, len(st.Fields))
	for i, f := range st.Fields {
		at, err := arrowType(f.Type, zone)
		if err != nil {
			return nil, err
		}
		fs[i] = arrow.Field{Name: f.Name, Type: at, Nullable: f.Nullable}
	}
	return fs, nil
}

// clientSchema is schema as Spark's Connect server writes results to Arrow for the client
// (ArrowUtils.toArrowSchema with errorOnDuplicatedFieldNames off): a nested struct whose
// field names repeat, as the state store's value struct does (count, sum, sum, count), has
// each repeated name numbered in order of appearance (count_0, sum_0, sum_1, count_1).
// pyspark-client's converter looks the fields up by those names (pyarrow cannot make a
// dict of a struct with repeated names); the top-level columns keep theirs, and the schema
// the client reads names from (ExecutePlanResponse.schema) is the original.
func clientSchema(schema *sqltypes.StructType) *sqltypes.StructType {
	fs, changed := schema.Fields, false
	for i, f := range schema.Fields {
		t, ok := dedupNested(f.Type)
		if !ok {
			continue
		}
		if !changed {
			fs, changed = append([]sqltypes.StructField(nil), schema.Fields...), true
		}
		fs[i].Type = t
	}
	if !changed {
		return schema
	}
	return &sqltypes.StructType{Fields: fs}
}

// dedupNested is t with the repeated field names of every struct in it numbered, and
// whether anything changed.
func dedupNested(t sqltypes.DataType) (sqltypes.DataType, bool) {
	switch t := t.(type) {
	case sqltypes.ArrayType:
		e, ok := dedupNested(t.Element)
		if ok {
			t.Element = e
		}
		return t, ok
	case sqltypes.MapType:
		k, kok := dedupNested(t.Key)
		v, vok := dedupNested(t.Value)
		t.Key, t.Value = k, v
		return t, kok || vok
	case *sqltypes.StructType:
		seen := map[string]int{}
		for _, f := range t.Fields {
			seen[f.Name]++
		}
		fs := make([]sqltypes.StructField, len(t.Fields))
		changed := false
		next := map[string]int{}
		for i, f := range t.Fields {
			fs[i] = f
			if seen[f.Name] > 1 {
				fs[i].Name = fmt.Sprintf("%s_%d", f.Name, next[f.Name])
				next[f.Name]++
				changed = true
			}
			if ft, ok := dedupNested(f.Type); ok {
				fs[i].Type, changed = ft, true
			}
		}
		if !changed {
			return t, false
		}
		return &sqltypes.StructType{Fields: fs}, true
	}
	return t, false
}

// arrowBatch encodes rows as one Arrow IPC stream (schema, one record batch, end).
func arrowBatch(schema *sqltypes.StructType, rows []sqltypes.Row, zone string) ([]byte, error) {
	fs, err := arrowFields(schema, zone)
	if err != nil {
		return nil, err
	}
	as := arrow.NewSchema(fs, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, as)
	defer b.Release()
	for _, r := range rows {
		for i, f := range schema.Fields {
			var v any
			if i < len(r) {
				v = r[i]
			}
			if err := appendValue(b.Field(i), f.Type, v); err != nil {
				return nil, fmt.Errorf("column %s: %w", f.Name, err)
			}
		}
	}
	rec := b.NewRecordBatch()
	if len(fs) == 0 {
		// A batch of no columns still has its rows (df.select().take(1), which the
		// client's isEmpty counts): the builder would make it zero rows long.
		rec.Release()
		rec = array.NewRecordBatch(as, nil, int64(len(rows)))
	}
	defer rec.Release()
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(as))
	if err := w.Write(rec); err != nil {
		return nil, fmt.Errorf("arrow: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("arrow: %w", err)
	}
	return buf.Bytes(), nil
}

func appendValue(b array.Builder, t sqltypes.DataType, v any) error {
	if v == nil {
		b.AppendNull()
		return nil
	}
	bad := func() error { return fmt.Errorf("value %v (%T) does not fit type %s", v, v, t.SQL()) }
	switch t := t.(type) {
	case sqltypes.BooleanType:
		x, ok := v.(bool)
		if !ok {
			return bad()
		}
		b.(*array.BooleanBuilder).Append(x)
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
		n, ok := toInt64(v)
		if !ok {
			return bad()
		}
		switch bb := b.(type) {
		case *array.Int8Builder:
			bb.Append(int8(n))
		case *array.Int16Builder:
			bb.Append(int16(n))
		case *array.Int32Builder:
			bb.Append(int32(n))
		case *array.Int64Builder:
			bb.Append(n)
		}
	case sqltypes.FloatType:
		switch x := v.(type) {
		case float32:
			b.(*array.Float32Builder).Append(x)
		case float64:
			b.(*array.Float32Builder).Append(float32(x))
		default:
			return bad()
		}
	case sqltypes.DoubleType:
		switch x := v.(type) {
		case float64:
			b.(*array.Float64Builder).Append(x)
		case float32:
			b.(*array.Float64Builder).Append(float64(x))
		default:
			return bad()
		}
	case sqltypes.StringType:
		switch x := v.(type) {
		case string:
			b.(*array.StringBuilder).Append(x)
		case []byte:
			b.(*array.StringBuilder).Append(string(x))
		default:
			return bad()
		}
	case sqltypes.BinaryType:
		switch x := v.(type) {
		case []byte:
			b.(*array.BinaryBuilder).Append(x)
		case string:
			b.(*array.BinaryBuilder).Append([]byte(x))
		default:
			return bad()
		}
	case sqltypes.DateType:
		x, ok := v.(sqltypes.Date)
		if !ok {
			return bad()
		}
		b.(*array.Date32Builder).Append(arrow.Date32(x))
	case sqltypes.TimestampType:
		switch x := v.(type) {
		case sqltypes.Timestamp:
			b.(*array.TimestampBuilder).Append(arrow.Timestamp(x))
		case time.Time:
			b.(*array.TimestampBuilder).Append(arrow.Timestamp(x.UnixMicro()))
		default:
			return bad()
		}
	case sqltypes.TimestampNTZType:
		x, ok := v.(sqltypes.TimestampNTZ)
		if !ok {
			return bad()
		}
		b.(*array.TimestampBuilder).Append(arrow.Timestamp(x))
	case sqltypes.TimeType:
		x, ok := v.(sqltypes.Time)
		if !ok {
			return bad()
		}
		b.(*array.Time64Builder).Append(arrow.Time64(x))
	case sqltypes.DecimalType:
		d, ok := v.(sqltypes.Decimal)
		if !ok {
			return bad()
		}
		r, ok := d.Rescale(t.Precision, t.Scale)
		if !ok {
			return fmt.Errorf("decimal %s does not fit %s", d, t.SQL())
		}
		b.(*array.Decimal128Builder).Append(decimal128.FromBigInt(r.UnscaledBig()))
	case sqltypes.ArrayType:
		items, ok := v.([]any)
		if !ok {
			return bad()
		}
		lb := b.(*array.ListBuilder)
		lb.Append(true)
		for _, it := range items {
			if err := appendValue(lb.ValueBuilder(), t.Element, it); err != nil {
				return err
			}
		}
	case sqltypes.MapType:
		m, ok := v.(*sqltypes.MapValue)
		if !ok {
			mv, ok2 := v.(sqltypes.MapValue)
			if !ok2 {
				return bad()
			}
			m = &mv
		}
		mb := b.(*array.MapBuilder)
		mb.Append(true)
		for i := range m.Keys {
			if err := appendValue(mb.KeyBuilder(), t.Key, m.Keys[i]); err != nil {
				return err
			}
			if err := appendValue(mb.ItemBuilder(), t.Value, m.Values[i]); err != nil {
				return err
			}
		}
	case *sqltypes.StructType:
		r, ok := v.(sqltypes.Row)
		if !ok {
			return bad()
		}
		sb := b.(*array.StructBuilder)
		sb.Append(true)
		for i, f := range t.Fields {
			var fv any
			if i < len(r) {
				fv = r[i]
			}
			if err := appendValue(sb.FieldBuilder(i), f.Type, fv); err != nil {
				return err
			}
		}
	case sqltypes.NullType:
		b.AppendNull()
	default:
		return unsupportedf("returning values of type %s", t.SQL())
	}
	return nil
}

func toInt64(v any) (int64, bool) {
	switch x := v.(type) {
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case int:
		return int64(x), true
	}
	return 0, false
}

// readArrow decodes an Arrow IPC stream (a LocalRelation's data) into rows of the given
// engine schema, column by column.
func readArrow(data []byte, schema *sqltypes.StructType) ([]sqltypes.Row, error) {
	r, err := ipc.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("local relation: arrow: %w", err)
	}
	defer r.Release()
	var rows []sqltypes.Row
	for r.Next() {
		rec := r.RecordBatch()
		if int(rec.NumCols()) != len(schema.Fields) {
			return nil, invalidPlan("local relation: %d Arrow columns for a schema of %d fields", rec.NumCols(), len(schema.Fields))
		}
		base := len(rows)
		for i := 0; i < int(rec.NumRows()); i++ {
			rows = append(rows, make(sqltypes.Row, len(schema.Fields)))
		}
		for c, f := range schema.Fields {
			col := rec.Column(c)
			for i := 0; i < col.Len(); i++ {
				v, err := arrowValue(col, i, f.Type)
				if err != nil {
					return nil, fmt.Errorf("local relation: column %s: %w", f.Name, err)
				}
				rows[base+i][c] = v
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("local relation: arrow: %w", err)
	}
	return rows, nil
}

// arrowValue is the engine value of a[i], typed as t.
func arrowValue(a arrow.Array, i int, t sqltypes.DataType) (any, error) {
	if a.IsNull(i) {
		return nil, nil
	}
	switch x := a.(type) {
	case *array.Boolean:
		return x.Value(i), nil
	case *array.Int8:
		return intAs(int64(x.Value(i)), t), nil
	case *array.Int16:
		return intAs(int64(x.Value(i)), t), nil
	case *array.Int32:
		return intAs(int64(x.Value(i)), t), nil
	case *array.Int64:
		return intAs(x.Value(i), t), nil
	case *array.Float32:
		if _, ok := t.(sqltypes.DoubleType); ok {
			return float64(x.Value(i)), nil
		}
		return x.Value(i), nil
	case *array.Float64:
		if _, ok := t.(sqltypes.FloatType); ok {
			return float32(x.Value(i)), nil
		}
		return x.Value(i), nil
	case *array.String:
		return x.Value(i), nil
	case *array.LargeString:
		return x.Value(i), nil
	case *array.Binary:
		return append([]byte(nil), x.Value(i)...), nil
	case *array.LargeBinary:
		return append([]byte(nil), x.Value(i)...), nil
	case *array.Date32:
		return sqltypes.Date(x.Value(i)), nil
	case *array.Timestamp:
		unit := x.DataType().(*arrow.TimestampType).Unit
		v := int64(x.Value(i))
		switch unit {
		case arrow.Second:
			v *= 1_000_000
		case arrow.Millisecond:
			v *= 1000
		case arrow.Nanosecond:
			v /= 1000
		}
		if _, ok := t.(sqltypes.TimestampNTZType); ok {
			return sqltypes.TimestampNTZ(v), nil
		}
		return sqltypes.Timestamp(v), nil
	case *array.Time64:
		v := int64(x.Value(i))
		if x.DataType().(*arrow.Time64Type).Unit == arrow.Microsecond {
			v *= 1000
		}
		return sqltypes.Time(v), nil
	case *array.Decimal128:
		dt := x.DataType().(*arrow.Decimal128Type)
		n := x.Value(i)
		return sqltypes.DecimalFromBig(n.BigInt(), int(dt.Scale)), nil
	case *array.List:
		et := sqltypes.DataType(sqltypes.Null)
		if at, ok := t.(sqltypes.ArrayType); ok {
			et = at.Element
		}
		start, end := x.ValueOffsets(i)
		out := make([]any, 0, end-start)
		for j := start; j < end; j++ {
			v, err := arrowValue(x.ListValues(), int(j), et)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *array.Map:
		mt, _ := t.(sqltypes.MapType)
		start, end := x.ValueOffsets(i)
		m := &sqltypes.MapValue{}
		for j := start; j < end; j++ {
			k, err := arrowValue(x.Keys(), int(j), mt.Key)
			if err != nil {
				return nil, err
			}
			v, err := arrowValue(x.Items(), int(j), mt.Value)
			if err != nil {
				return nil, err
			}
			m.Keys = append(m.Keys, k)
			m.Values = append(m.Values, v)
		}
		return m, nil
	case *array.Struct:
		st, _ := t.(*sqltypes.StructType)
		out := make(sqltypes.Row, x.NumField())
		for f := 0; f < x.NumField(); f++ {
			var ft sqltypes.DataType = sqltypes.Null
			if st != nil && f < len(st.Fields) {
				ft = st.Fields[f].Type
			}
			v, err := arrowValue(x.Field(f), i, ft)
			if err != nil {
				return nil, err
			}
			out[f] = v
		}
		return out, nil
	case *array.Null:
		return nil, nil
	}
	return nil, unsupportedf("Arrow type %s in a local relation", a.DataType())
}

// intAs keeps an integer in the width the target type stores.
func intAs(n int64, t sqltypes.DataType) any {
	switch t.(type) {
	case sqltypes.ByteType:
		return int8(n)
	case sqltypes.ShortType:
		return int16(n)
	case sqltypes.IntegerType:
		return int32(n)
	case sqltypes.DecimalType:
		return sqltypes.DecimalFromBig(big.NewInt(n), 0)
	}
	return n
}

// arrowSchema reads the schema of an Arrow IPC stream as engine types (a local relation
// that carries no schema of its own, as the Go client sends it).
func arrowSchema(data []byte) (*sqltypes.StructType, error) {
	r, err := ipc.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("local relation: arrow: %w", err)
	}
	defer r.Release()
	st := &sqltypes.StructType{}
	for _, f := range r.Schema().Fields() {
		t, err := sqlType(f.Type)
		if err != nil {
			return nil, err
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: f.Name, Type: t, Nullable: f.Nullable})
	}
	return st, nil
}

// sqlType is the Spark SQL type of an Arrow type (ArrowUtils.fromArrowType).
func sqlType(t arrow.DataType) (sqltypes.DataType, error) {
	switch t := t.(type) {
	case *arrow.NullType:
		return sqltypes.Null, nil
	case *arrow.BooleanType:
		return sqltypes.Boolean, nil
	case *arrow.Int8Type:
		return sqltypes.Byte, nil
	case *arrow.Int16Type:
		return sqltypes.Short, nil
	case *arrow.Int32Type:
		return sqltypes.Integer, nil
	case *arrow.Int64Type:
		return sqltypes.Long, nil
	case *arrow.Float32Type:
		return sqltypes.Float, nil
	case *arrow.Float64Type:
		return sqltypes.Double, nil
	case *arrow.StringType, *arrow.LargeStringType:
		return sqltypes.String, nil
	case *arrow.BinaryType, *arrow.LargeBinaryType:
		return sqltypes.Binary, nil
	case *arrow.Date32Type:
		return sqltypes.DateT, nil
	case *arrow.TimestampType:
		if t.TimeZone == "" {
			return sqltypes.TimestampNTZT, nil
		}
		return sqltypes.TimestampT, nil
	case *arrow.Time64Type:
		return sqltypes.TimeT, nil
	case *arrow.Decimal128Type:
		return sqltypes.DecimalType{Precision: int(t.Precision), Scale: int(t.Scale)}, nil
	case *arrow.ListType:
		e, err := sqlType(t.Elem())
		if err != nil {
			return nil, err
		}
		return sqltypes.ArrayType{Element: e, ContainsNull: t.ElemField().Nullable}, nil
	case *arrow.MapType:
		k, err := sqlType(t.KeyType())
		if err != nil {
			return nil, err
		}
		v, err := sqlType(t.ItemType())
		if err != nil {
			return nil, err
		}
		return sqltypes.MapType{Key: k, Value: v, ValueContainsNull: t.ItemField().Nullable}, nil
	case *arrow.StructType:
		st := &sqltypes.StructType{}
		for _, f := range t.Fields() {
			ft, err := sqlType(f.Type)
			if err != nil {
				return nil, err
			}
			st.Fields = append(st.Fields, sqltypes.StructField{Name: f.Name, Type: ft, Nullable: f.Nullable})
		}
		return st, nil
	}
	return nil, unsupportedf("Arrow type %s in a local relation", t)
}
