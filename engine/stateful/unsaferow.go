package stateful

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// unsafeRow lays out a key row as Spark's UnsafeRow: a null bit set, one 8-byte slot per
// field (fixed-width values zero-padded, or offset<<32|size for variable-width ones), then
// the variable-width bytes padded to 8. ok is false for a type it does not lay out.
func unsafeRow(vals sqltypes.Row, types []sqltypes.DataType) (row []byte, ok bool) {
	return layoutRow(vals, types, true)
}

// layoutRow is unsafeRow; normalize says the row is a grouping key, whose floats Spark
// normalizes (-0.0 to 0.0, every NaN to the canonical one) before it is laid out. A
// state value (an aggregation buffer) keeps its floats' bits.
func layoutRow(vals sqltypes.Row, types []sqltypes.DataType, normalize bool) (row []byte, ok bool) {
	n := len(vals)
	bitset := (n + 63) / 64 * 8
	row = make([]byte, bitset+8*n)
	for i, v := range vals {
		slot := bitset + 8*i
		if v == nil {
			word := binary.LittleEndian.Uint64(row[i/64*8:])
			binary.LittleEndian.PutUint64(row[i/64*8:], word|1<<(uint(i)%64))
			if dt, isDec := types[i].(sqltypes.DecimalType); isDec && dt.Precision > 18 {
				// A wide decimal keeps its 16 bytes even when null (UnsafeRowWriter
				// reserves them so the value can be set in place); the slot points there.
				binary.LittleEndian.PutUint64(row[slot:], uint64(len(row))<<32)
				row = append(row, make([]byte, 16)...)
			}
			continue
		}
		var varBytes []byte
		switch x := v.(type) {
		case bool:
			if x {
				row[slot] = 1
			}
		case int8:
			row[slot] = byte(x)
		case int16:
			binary.LittleEndian.PutUint16(row[slot:], uint16(x))
		case int32:
			binary.LittleEndian.PutUint32(row[slot:], uint32(x))
		case sqltypes.Date:
			binary.LittleEndian.PutUint32(row[slot:], uint32(int32(x)))
		case int64:
			binary.LittleEndian.PutUint64(row[slot:], uint64(x))
		case sqltypes.Timestamp:
			binary.LittleEndian.PutUint64(row[slot:], uint64(x))
		case sqltypes.TimestampNTZ:
			binary.LittleEndian.PutUint64(row[slot:], uint64(x))
		case sqltypes.Time:
			// UnsafeRow keeps a TIME as the long of its nanoseconds of the day.
			binary.LittleEndian.PutUint64(row[slot:], uint64(x))
		case float32:
			// Grouping keys are normalized: -0.0 is 0.0 and every NaN is the canonical one.
			bits := math.Float32bits(x)
			if !normalize {
			} else if x == 0 {
				bits = 0
			} else if x != x {
				bits = 0x7fc00000
			}
			binary.LittleEndian.PutUint32(row[slot:], bits)
		case float64:
			bits := math.Float64bits(x)
			if !normalize {
			} else if x == 0 {
				bits = 0
			} else if x != x {
				bits = 0x7ff8000000000000
			}
			binary.LittleEndian.PutUint64(row[slot:], bits)
		case sqltypes.Decimal:
			// Laid out by the column's type, as UnsafeRowWriter does: up to 18 digits the
			// unscaled long in the slot, wider ones as the unscaled value's big-endian
			// two's complement bytes in 16 reserved bytes of the variable-width part.
			dt, isDec := types[i].(sqltypes.DecimalType)
			if !isDec {
				return nil, false
			}
			d, fits := x.Rescale(dt.Precision, dt.Scale)
			if !fits {
				return nil, false
			}
			if dt.Precision <= 18 {
				u, fits := d.UnscaledInt64()
				if !fits {
					return nil, false
				}
				binary.LittleEndian.PutUint64(row[slot:], uint64(u))
				break
			}
			b := twosComplement(d.UnscaledBig())
			if len(b) > 16 {
				return nil, false
			}
			offset := len(row)
			binary.LittleEndian.PutUint64(row[slot:], uint64(offset)<<32|uint64(len(b)))
			row = append(row, make([]byte, 16)...)
			copy(row[offset:], b)
			continue
		case string:
			varBytes = []byte(x)
		case []byte:
			varBytes = x
		case sqltypes.Row:
			st, isStruct := types[i].(*sqltypes.StructType)
			if !isStruct {
				return nil, false
			}
			fieldTypes := make([]sqltypes.DataType, len(st.Fields))
			for j, f := range st.Fields {
				fieldTypes[j] = f.Type
			}
			nested, ok := layoutRow(x, fieldTypes, normalize)
			if !ok {
				return nil, false
			}
			varBytes = nested
		case []any:
			at, isArray := types[i].(sqltypes.ArrayType)
			if !isArray {
				return nil, false
			}
			arr, ok := layoutArray(x, at.Element, normalize)
			if !ok {
				return nil, false
			}
			varBytes = arr
		case *sqltypes.MapValue:
			mt, isMap := types[i].(sqltypes.MapType)
			if !isMap {
				return nil, false
			}
			m, ok := layoutMap(x, mt, normalize)
			if !ok {
				return nil, false
			}
			varBytes = m
		default:
			return nil, false
		}
		if varBytes != nil || isVarWidth(v) {
			offset := len(row)
			binary.LittleEndian.PutUint64(row[slot:], uint64(offset)<<32|uint64(len(varBytes)))
			row = append(row, varBytes...)
			for len(row)%8 != 0 {
				row = append(row, 0)
			}
		}
	}
	return row, true
}

// twosComplement is BigInteger.toByteArray: the shortest big-endian two's complement bytes.
func twosComplement(v *big.Int) []byte {
	if v.Sign() >= 0 {
		b := v.Bytes()
		if len(b) == 0 || b[0]&0x80 != 0 {
			b = append([]byte{0}, b...)
		}
		return b
	}
	// -v - 1 has the complemented bits of v.
	m := new(big.Int).Neg(v)
	m.Sub(m, big.NewInt(1))
	b := m.Bytes()
	for i := range b {
		b[i] = ^b[i]
	}
	if len(b) == 0 || b[0]&0x80 == 0 {
		b = append([]byte{0xff}, b...)
	}
	return b
}

func isVarWidthType(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.StringType, sqltypes.BinaryType, *sqltypes.StructType, sqltypes.ArrayType, sqltypes.MapType:
		return true
	}
	return false
}

func isVarWidth(v any) bool {
	switch v.(type) {
	case string, []byte, sqltypes.Row, []any, *sqltypes.MapValue:
		return true
	}
	return false
}

// unsafeRowHash is UnsafeRow.hashCode: Murmur3 over the row's words, seed 42.
func unsafeRowHash(row []byte) int32 { return int32(hashBytes(row, 42)) }

// decodeUnsafeRow reads a row Spark wrote as an UnsafeRow (a state key or value of a
// checkpoint real Spark made) by its schema: the inverse of unsafeRow, plus the decimals
// wider than 18 digits Spark keeps as big-endian bytes.
func decodeUnsafeRow(b []byte, st *sqltypes.StructType) (sqltypes.Row, error) {
	n := len(st.Fields)
	bitset := (n + 63) / 64 * 8
	if len(b) < bitset+8*n {
		return nil, fmt.Errorf("UnsafeRow of %d bytes is too short for %d fields", len(b), n)
	}
	// Spark's writer leaves no stray bits: whole words, no null bit past the last field,
	// a null fixed-width field's slot zeroed. Bytes that break this are not its row.
	if len(b)%8 != 0 {
		return nil, fmt.Errorf("UnsafeRow of %d bytes is not whole 8-byte words", len(b))
	}
	if n%64 != 0 && binary.LittleEndian.Uint64(b[(n-1)/64*8:])>>(uint(n)%64) != 0 {
		return nil, fmt.Errorf("UnsafeRow has null bits past its %d fields", n)
	}
	row := make(sqltypes.Row, n)
	for i, f := range st.Fields {
		if binary.LittleEndian.Uint64(b[i/64*8:])&(1<<(uint(i)%64)) != 0 {
			if dt, ok := f.Type.(sqltypes.DecimalType); (!ok || dt.Precision <= 18) && !isVarWidthType(f.Type) &&
				binary.LittleEndian.Uint64(b[bitset+8*i:]) != 0 {
				return nil, fmt.Errorf("UnsafeRow field %s is null with a value in its slot", f.Name)
			}
			continue
		}
		slot := b[bitset+8*i:]
		word := binary.LittleEndian.Uint64(slot)
		varBytes := func() ([]byte, error) {
			off, size := int(word>>32), int(uint32(word))
			if off < 0 || size < 0 || off+size > len(b) {
				return nil, fmt.Errorf("UnsafeRow field %s points outside the row", f.Name)
			}
			return b[off : off+size], nil
		}
		switch t := f.Type.(type) {
		case sqltypes.BooleanType:
			row[i] = slot[0] != 0
		case sqltypes.ByteType:
			row[i] = int8(slot[0])
		case sqltypes.ShortType:
			row[i] = int16(binary.LittleEndian.Uint16(slot))
		case sqltypes.IntegerType:
			row[i] = int32(binary.LittleEndian.Uint32(slot))
		case sqltypes.DateType:
			row[i] = sqltypes.Date(int32(binary.LittleEndian.Uint32(slot)))
		case sqltypes.LongType:
			row[i] = int64(word)
		case sqltypes.TimestampType:
			row[i] = sqltypes.Timestamp(int64(word))
		case sqltypes.TimestampNTZType:
			row[i] = sqltypes.TimestampNTZ(int64(word))
		case sqltypes.TimeType:
			row[i] = sqltypes.Time(int64(word))
		case sqltypes.DayTimeIntervalType:
			row[i] = int64(word) // microseconds
		case sqltypes.YearMonthIntervalType:
			row[i] = int32(binary.LittleEndian.Uint32(slot)) // months
		case sqltypes.FloatType:
			row[i] = math.Float32frombits(binary.LittleEndian.Uint32(slot))
		case sqltypes.DoubleType:
			row[i] = math.Float64frombits(word)
		case sqltypes.NullType:
		case sqltypes.StringType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			row[i] = string(v)
		case sqltypes.BinaryType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			row[i] = append([]byte(nil), v...)
		case sqltypes.DecimalType:
			if t.Precision <= 18 {
				row[i] = sqltypes.DecimalFromBig(big.NewInt(int64(word)), t.Scale)
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
			row[i] = sqltypes.DecimalFromBig(u, t.Scale)
		case *sqltypes.StructType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			nested, err := decodeUnsafeRow(v, t)
			if err != nil {
				return nil, err
			}
			row[i] = nested
		case sqltypes.ArrayType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			arr, err := decodeUnsafeArray(v, t.Element)
			if err != nil {
				return nil, fmt.Errorf("UnsafeRow field %s: %w", f.Name, err)
			}
			row[i] = arr
		case sqltypes.MapType:
			v, err := varBytes()
			if err != nil {
				return nil, err
			}
			m, err := decodeUnsafeMap(v, t)
			if err != nil {
				return nil, fmt.Errorf("UnsafeRow field %s: %w", f.Name, err)
			}
			row[i] = m
		default:
			return nil, fmt.Errorf("kafkalab does not read state of type %s from an UnsafeRow yet", sqltypes.SimpleString(f.Type))
		}
	}
	return row, nil
}
