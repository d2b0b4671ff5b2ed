package stateful

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark's UnsafeArrayData and UnsafeMapData, the layout of an ARRAY or MAP column inside an
// UnsafeRow (and of a collect_list / collect_set buffer, which Spark serializes as a
// one-column UnsafeRow holding the values as an array):
//
//	array: the element count (8 bytes), a null bit set in whole words, one slot per element
//	       of the element type's width (1 byte for BOOLEAN and TINYINT, 2 for SMALLINT, 4 for
//	       INT, DATE and FLOAT, 8 otherwise) padded to a word, then the variable-width
//	       elements, each padded to a word, their slots holding offset<<32|size with the
//	       offset from the array's start. A null element has its bit set and a zero slot.
//	map:   the key array's size in bytes (8 bytes), the key array, then the value array.
//
// Unlike a row, an array keeps a decimal wider than 18 digits in just the words its bytes
// need (UnsafeArrayWriter does not reserve 16).

// arrayElementSize is the width of an element's slot (UnsafeArrayWriter's elementSize).
func arrayElementSize(t sqltypes.DataType) int {
	switch t.(type) {
	case sqltypes.BooleanType, sqltypes.ByteType:
		return 1
	case sqltypes.ShortType:
		return 2
	case sqltypes.IntegerType, sqltypes.DateType, sqltypes.FloatType, sqltypes.YearMonthIntervalType:
		return 4
	}
	return 8 // longs, doubles, timestamps, decimals of up to 18 digits, offset<<32|size
}

func roundToWord(n int) int { return (n + 7) / 8 * 8 }

// arrayHeaderSize is UnsafeArrayData.calculateHeaderPortionInBytes: the count and the null
// bit set.
func arrayHeaderSize(n int) int { return 8 + (n+63)/64*8 }

// layoutArray lays vals out as an UnsafeArrayData of elements of type et; normalize as in
// layoutRow (a grouping key's floats). ok is false for a value or type it does not lay out.
func layoutArray(vals []any, et sqltypes.DataType, normalize bool) ([]byte, bool) {
	n := len(vals)
	size := arrayElementSize(et)
	header := arrayHeaderSize(n)
	out := make([]byte, header+roundToWord(n*size))
	binary.LittleEndian.PutUint64(out, uint64(n))
	for i, v := range vals {
		slot := header + i*size
		if v == nil {
			word := 8 + i/64*8
			binary.LittleEndian.PutUint64(out[word:], binary.LittleEndian.Uint64(out[word:])|1<<(uint(i)%64))
			continue
		}
		var varBytes []byte
		switch t := et.(type) {
		case sqltypes.BooleanType:
			b, ok := v.(bool)
			if !ok {
				return nil, false
			}
			if b {
				out[slot] = 1
			}
		case sqltypes.ByteType:
			x, ok := v.(int8)
			if !ok {
				return nil, false
			}
			out[slot] = byte(x)
		case sqltypes.ShortType:
			x, ok := v.(int16)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint16(out[slot:], uint16(x))
		case sqltypes.IntegerType:
			x, ok := v.(int32)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint32(out[slot:], uint32(x))
		case sqltypes.DateType:
			x, ok := v.(sqltypes.Date)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint32(out[slot:], uint32(int32(x)))
		case sqltypes.FloatType:
			x, ok := v.(float32)
			if !ok {
				return nil, false
			}
			bits := math.Float32bits(x)
			if normalize && x == 0 {
				bits = 0
			} else if normalize && x != x {
				bits = 0x7fc00000
			}
			binary.LittleEndian.PutUint32(out[slot:], bits)
		case sqltypes.YearMonthIntervalType:
			x, ok := v.(int32)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint32(out[slot:], uint32(x))
		case sqltypes.LongType, sqltypes.DayTimeIntervalType:
			x, ok := v.(int64)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint64(out[slot:], uint64(x))
		case sqltypes.TimestampType:
			x, ok := v.(sqltypes.Timestamp)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint64(out[slot:], uint64(x))
		case sqltypes.TimestampNTZType:
			x, ok := v.(sqltypes.TimestampNTZ)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint64(out[slot:], uint64(x))
		case sqltypes.TimeType:
			x, ok := v.(sqltypes.Time)
			if !ok {
				return nil, false
			}
			binary.LittleEndian.PutUint64(out[slot:], uint64(x))
		case sqltypes.DoubleType:
			x, ok := v.(float64)
			if !ok {
				return nil, false
			}
			bits := math.Float64bits(x)
			if normalize && x == 0 {
				bits = 0
			} else if normalize && x != x {
				bits = 0x7ff8000000000000
			}
			binary.LittleEndian.PutUint64(out[slot:], bits)
		case sqltypes.DecimalType:
			x, ok := v.(sqltypes.Decimal)
			if !ok {
				return nil, false
			}
			d, fits := x.Rescale(t.Precision, t.Scale)
			if !fits {
				return nil, false
			}
			if t.Precision <= 18 {
				u, fits := d.UnscaledInt64()
				if !fits {
					return nil, false
				}
				binary.LittleEndian.PutUint64(out[slot:], uint64(u))
				continue
			}
			varBytes = twosComplement(d.UnscaledBig())
			if len(varBytes) > 16 {
				return nil, false
			}
		case sqltypes.StringType:
			x, ok := v.(string)
			if !ok {
				return nil, false
			}
			varBytes = []byte(x)
		case sqltypes.BinaryType:
			x, ok := v.([]byte)
			if !ok {
				return nil, false
			}
			varBytes = x
		case *sqltypes.StructType:
			x, ok := v.(sqltypes.Row)
			if !ok {
				return nil, false
			}
			if varBytes, ok = layoutRow(x, fieldTypes(t), normalize); !ok {
				return nil, false
			}
		case sqltypes.ArrayType:
			x, ok := v.([]any)
			if !ok {
				return nil, false
			}
			if varBytes, ok = layoutArray(x, t.Element, normalize); !ok {
				return nil, false
			}
		case sqltypes.MapType:
			x, ok := v.(*sqltypes.MapValue)
			if !ok {
				return nil, false
			}
			if varBytes, ok = layoutMap(x, t, normalize); !ok {
				return nil, false
			}
		default:
			return nil, false
		}
		if !isVarWidthType(et) {
			if _, isDec := et.(sqltypes.DecimalType); !isDec {
				continue // a fixed-width value, in its slot
			}
		}
		offset := len(out)
		binary.LittleEndian.PutUint64(out[slot:], uint64(offset)<<32|uint64(len(varBytes)))
		out = append(out, varBytes...)
		out = append(out, make([]byte, roundToWord(len(out))-len(out))...)
	}
	return out, true
}

// layoutMap lays m out as an UnsafeMapData of type t.
func layoutMap(m *sqltypes.MapValue, t sqltypes.MapType, normalize bool) ([]byte, bool) {
	if len(m.Keys) != len(m.Values) {
		return nil, false
	}
	keys, ok := layoutArray(m.Keys, t.Key, normalize)
	if !ok {
		return nil, false
	}
	vals, ok := layoutArray(m.Values, t.Value, normalize)
	if !ok {
		return nil, false
	}
	out := binary.LittleEndian.AppendUint64(make([]byte, 0, 8+len(keys)+len(vals)), uint64(len(keys)))
	return append(append(out, keys...), vals...), true
}

// decodeUnsafeArray reads an UnsafeArrayData of elements of type et (layoutArray's inverse).
func decodeUnsafeArray(b []byte, et sqltypes.DataType) ([]any, error) {
	if len(b) < 8 || len(b)%8 != 0 {
		return nil, fmt.Errorf("UnsafeArrayData of %d bytes is not whole 8-byte words", len(b))
	}
	count := binary.LittleEndian.Uint64(b)
	if count > uint64(len(b)) {
		return nil, fmt.Errorf("UnsafeArrayData of %d bytes cannot hold %d elements", len(b), count)
	}
	n := int(count)
	size := arrayElementSize(et)
	header := arrayHeaderSize(n)
	if len(b) < header+roundToWord(n*size) {
		return nil, fmt.Errorf("UnsafeArrayData of %d bytes is too short for %d elements", len(b), n)
	}
	out := make([]any, n)
	for i := range out {
		if binary.LittleEndian.Uint64(b[8+i/64*8:])&(1<<(uint(i)%64)) != 0 {
			continue
		}
		slot := b[header+i*size:]
		varBytes := func() ([]byte, error) {
			word := binary.LittleEndian.Uint64(slot)
			off, sz := int(word>>32), int(uint32(word))
			if off < header || off+sz > len(b) {
				return nil, fmt.Errorf("UnsafeArrayData element %d points outside the array", i)
			}
			return b[off : off+sz], nil
		}
		switch t := et.(type) {
		case sqltypes.BooleanType:
			out[i] = slot[0] != 0
		case sqltypes.ByteType:
			out[i] = int8(slot[0])
		case sqltypes.ShortType:
			out[i] = int16(binary.LittleEndian.Uint16(slot))
		case sqltypes.IntegerType:
			out[i] = int32(binary.LittleEndian.Uint32(slot))
		case sqltypes.DateType:
			out[i] = sqltypes.Date(int32(binary.LittleEndian.Uint32(slot)))
		case sqltypes.FloatType:
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(slot))
		case sqltypes.LongType, sqltypes.DayTimeIntervalType:
			out[i] = int64(binary.LittleEndian.Uint64(slot))
		case sqltypes.YearMonthIntervalType:
			out[i] = int32(binary.LittleEndian.Uint32(slot))
		case sqltypes.TimestampType:
			out[i] = sqltypes.Timestamp(int64(binary.LittleEndian.Uint64(slot)))
		case sqltypes.TimestampNTZType:
			out[i] = sqltypes.TimestampNTZ(int64(binary.LittleEndian.Uint64(slot)))
		case sqltypes.TimeType:
			out[i] = sqltypes.Time(int64(binary.LittleEndian.Uint64(slot)))
		case sqltypes.DoubleType:
			out[i] = math.Float64frombits(binary.LittleEndian.Uint64(slot))
		case sqltypes.DecimalType:
			if t.Precision <= 18 {
				out[i] = sqltypes.DecimalFromBig(big.NewInt(int64(binary.LittleEndian.Uint64(slot))), t.Scale)
				continue
			}
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			u := new(big.Int).SetBytes(v)
			if len(v) > 0 && v[0]&0x80 != 0 {
				u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(v))))
			}
			out[i] = sqltypes.DecimalFromBig(u, t.Scale)
		case sqltypes.StringType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			out[i] = string(v)
		case sqltypes.BinaryType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			out[i] = append([]byte(nil), v...)
		case *sqltypes.StructType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			if out[i], err = decodeUnsafeRow(v, t); err != nil {
				return nil, err
			}
		case sqltypes.ArrayType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			if out[i], err = decodeUnsafeArray(v, t.Element); err != nil {
				return nil, err
			}
		case sqltypes.MapType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			if out[i], err = decodeUnsafeMap(v, t); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("kafkalab does not read array elements of type %s from an UnsafeArrayData yet", sqltypes.SimpleString(et))
		}
	}
	return out, nil
}

// decodeUnsafeMap reads an UnsafeMapData of type t (layoutMap's inverse).
func decodeUnsafeMap(b []byte, t sqltypes.MapType) (*sqltypes.MapValue, error) {
	if len(b) < 8 {
		return nil, fmt.Errorf("UnsafeMapData of %d bytes has no key array size", len(b))
	}
	ks := binary.LittleEndian.Uint64(b)
	if ks > uint64(len(b)-8) {
		return nil, fmt.Errorf("UnsafeMapData of %d bytes cannot hold a key array of %d", len(b), ks)
	}
	keys, err := decodeUnsafeArray(b[8:8+ks], t.Key)
	if err != nil {
		return nil, fmt.Errorf("map keys: %w", err)
	}
	vals, err := decodeUnsafeArray(b[8+ks:], t.Value)
	if err != nil {
		return nil, fmt.Errorf("map values: %w", err)
	}
	if len(keys) != len(vals) {
		return nil, fmt.Errorf("UnsafeMapData has %d keys and %d values", len(keys), len(vals))
	}
	return &sqltypes.MapValue{Keys: keys, Values: vals}, nil
}
