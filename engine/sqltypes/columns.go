package sqltypes

// ColumnBatch is a chunk of rows held a column at a time in typed vectors, for the
// columnar path of #18: Kafka -> from_json -> select(data.*) -> Delta, where the values
// go from the JSON parse straight to the Parquet writer and the file statistics without
// a boxed value and a row per event. It holds exactly the values the row path's rows
// would (Value gives them back as the row path boxes them), so a consumer can take
// either and write the same bytes.
type ColumnBatch struct {
	Len  int
	Cols []ColumnVector
}

// VectorKind is how a ColumnVector stores its values.
type VectorKind uint8

const (
	VecNone      VectorKind = iota
	VecInt32                // IntegerType: I32
	VecInt64                // LongType: I64
	VecString               // StringType: Str
	VecDecimal              // DecimalType with precision <= 18: I64 holds the unscaled value at the type's scale
	VecTimestamp            // TimestampType: I64 holds microseconds since the epoch
)

// VectorKindOf is the vector kind for values of dt, VecNone when a vector cannot hold them.
func VectorKindOf(dt DataType) VectorKind {
	switch t := dt.(type) {
	case IntegerType:
		return VecInt32
	case LongType:
		return VecInt64
	case StringType:
		return VecString
	case DecimalType:
		if t.Precision <= 18 {
			return VecDecimal
		}
	case TimestampType:
		return VecTimestamp
	}
	return VecNone
}

// ColumnVector is one column of a ColumnBatch. Null[i] marks row i null (its typed slot
// then holds the zero value). Only the slice of its kind is used.
type ColumnVector struct {
	Kind  VectorKind
	Type  DataType
	scale int32 // VecDecimal: the type's scale
	limit int64 // VecDecimal: 10^precision, the first unscaled value too wide
	Null  []bool
	I32   []int32
	I64   []int64
	Str   []string
}

// NewColumnVector makes an empty vector for values of dt; ok is false when dt has no
// vector kind.
func NewColumnVector(dt DataType) (ColumnVector, bool) {
	k := VectorKindOf(dt)
	if k == VecNone {
		return ColumnVector{}, false
	}
	v := ColumnVector{Kind: k, Type: dt}
	if d, ok := dt.(DecimalType); ok {
		v.scale = int32(d.Scale)
		v.limit = 1
		for i := 0; i < d.Precision; i++ {
			v.limit *= 10
		}
	}
	return v, true
}

// Reset empties the vector, keeping its storage.
func (v *ColumnVector) Reset() {
	v.Null, v.I32, v.I64 = v.Null[:0], v.I32[:0], v.I64[:0]
	clear(v.Str) // drop the strings' memory
	v.Str = v.Str[:0]
}

// Append adds x, a value as a row of the vector's type holds it (nil for null). It
// reports false, adding nothing, for a value the vector does not hold exactly: another
// Go type, or a decimal not at the type's scale, as a big.Int or too wide for the
// precision (the row path then gives it its conversion or its error).
func (v *ColumnVector) Append(x any) bool {
	if x == nil {
		v.Null = append(v.Null, true)
		switch v.Kind {
		case VecInt32:
			v.I32 = append(v.I32, 0)
		case VecString:
			v.Str = append(v.Str, "")
		default:
			v.I64 = append(v.I64, 0)
		}
		return true
	}
	switch v.Kind {
	case VecInt32:
		n, ok := x.(int32)
		if !ok {
			return false
		}
		v.I32 = append(v.I32, n)
	case VecInt64:
		n, ok := x.(int64)
		if !ok {
			return false
		}
		v.I64 = append(v.I64, n)
	case VecString:
		s, ok := x.(string)
		if !ok {
			return false
		}
		v.Str = append(v.Str, s)
	case VecDecimal:
		d, ok := x.(Decimal)
		if !ok || d.Big != nil || d.Scale != v.scale || d.Unscaled >= v.limit || d.Unscaled <= -v.limit {
			return false
		}
		v.I64 = append(v.I64, d.Unscaled)
	case VecTimestamp:
		t, ok := x.(Timestamp)
		if !ok {
			return false
		}
		v.I64 = append(v.I64, int64(t))
	default:
		return false
	}
	v.Null = append(v.Null, false)
	return true
}

// AppendUnboxed adds a value given unboxed, as JSONFields holds it: null, or n (the
// int32 of an IntegerType vector, a LongType's value, a decimal's unscaled value at the
// type's scale and within its precision, a timestamp's microseconds) or s (a StringType's
// value). The caller guarantees the value is of the vector's kind, in range.
func (v *ColumnVector) AppendUnboxed(null bool, n int64, s string) {
	if null {
		n, s = 0, ""
	}
	v.Null = append(v.Null, null)
	switch v.Kind {
	case VecInt32:
		v.I32 = append(v.I32, int32(n))
	case VecString:
		v.Str = append(v.Str, s)
	default:
		v.I64 = append(v.I64, n)
	}
}

// Truncate drops the values past the first n.
func (v *ColumnVector) Truncate(n int) {
	v.Null = v.Null[:n]
	switch v.Kind {
	case VecInt32:
		v.I32 = v.I32[:n]
	case VecString:
		v.Str = v.Str[:n]
	default:
		v.I64 = v.I64[:n]
	}
}

// Value is row i's value boxed as the row path holds it (nil for null).
func (v *ColumnVector) Value(i int) any {
	if v.Null[i] {
		return nil
	}
	switch v.Kind {
	case VecInt32:
		return v.I32[i]
	case VecInt64:
		return v.I64[i]
	case VecString:
		return v.Str[i]
	case VecDecimal:
		return Decimal{Unscaled: v.I64[i], Scale: v.scale}
	case VecTimestamp:
		return Timestamp(v.I64[i])
	}
	return nil
}

// Rows returns rows [from, to) of the batch as rows (new ones).
func (b *ColumnBatch) Rows(from, to int) []Row {
	n := len(b.Cols)
	slab := make([]any, (to-from)*n)
	out := make([]Row, 0, to-from)
	for i := from; i < to; i++ {
		r := Row(slab[(i-from)*n : (i-from+1)*n : (i-from+1)*n])
		for j := range b.Cols {
			r[j] = b.Cols[j].Value(i)
		}
		out = append(out, r)
	}
	return out
}
