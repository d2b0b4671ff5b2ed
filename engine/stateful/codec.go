package stateful

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// kafkalab's own encoding of state keys and values (Spark's UnsafeRow bytes are optional in
// the spec): a value is a one-byte tag then its payload; integers are varints, strings and
// bytes length-prefixed, a struct is its field count then its fields. The framing around
// the records (lengths, removals, end marker) is Spark's; see store.go.
const (
	tagNull byte = iota
	tagFalse
	tagTrue
	tagInt8
	tagInt16
	tagInt32
	tagInt64
	tagFloat32
	tagFloat64
	tagString
	tagBytes
	tagTimestamp
	tagDecimal
	tagRow
	tagDate
	tagTimestampNTZ
	tagArray // element count, then the elements
	tagMap   // entry count, then each key and its value
	tagTime  // a TIME value's nanoseconds of the day
)

func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, tagNull), nil
	case bool:
		if x {
			return append(b, tagTrue), nil
		}
		return append(b, tagFalse), nil
	case int8:
		return binary.AppendVarint(append(b, tagInt8), int64(x)), nil
	case int16:
		return binary.AppendVarint(append(b, tagInt16), int64(x)), nil
	case int32:
		return binary.AppendVarint(append(b, tagInt32), int64(x)), nil
	case int64:
		return binary.AppendVarint(append(b, tagInt64), x), nil
	case float32:
		return binary.BigEndian.AppendUint32(append(b, tagFloat32), math.Float32bits(x)), nil
	case float64:
		return binary.BigEndian.AppendUint64(append(b, tagFloat64), math.Float64bits(x)), nil
	case string:
		b = binary.AppendUvarint(append(b, tagString), uint64(len(x)))
		return append(b, x...), nil
	case []byte:
		b = binary.AppendUvarint(append(b, tagBytes), uint64(len(x)))
		return append(b, x...), nil
	case sqltypes.Timestamp:
		return binary.AppendVarint(append(b, tagTimestamp), int64(x)), nil
	case sqltypes.TimestampNTZ:
		return binary.AppendVarint(append(b, tagTimestampNTZ), int64(x)), nil
	case sqltypes.Time:
		return binary.AppendVarint(append(b, tagTime), int64(x)), nil
	case sqltypes.Date:
		return binary.AppendVarint(append(b, tagDate), int64(x)), nil
	case sqltypes.Decimal:
		b = binary.AppendVarint(append(b, tagDecimal), int64(x.Scale))
		s := x.UnscaledBig().String()
		b = binary.AppendUvarint(b, uint64(len(s)))
		return append(b, s...), nil
	case sqltypes.Row:
		b = binary.AppendUvarint(append(b, tagRow), uint64(len(x)))
		var err error
		for _, f := range x {
			if b, err = appendValue(b, f); err != nil {
				return nil, err
			}
		}
		return b, nil
	case []any:
		b = binary.AppendUvarint(append(b, tagArray), uint64(len(x)))
		var err error
		for _, e := range x {
			if b, err = appendValue(b, e); err != nil {
				return nil, err
			}
		}
		return b, nil
	case *sqltypes.MapValue:
		if len(x.Keys) != len(x.Values) {
			return nil, fmt.Errorf("state store: a map of %d keys and %d values", len(x.Keys), len(x.Values))
		}
		b = binary.AppendUvarint(append(b, tagMap), uint64(len(x.Keys)))
		var err error
		for i := range x.Keys {
			if b, err = appendValue(b, x.Keys[i]); err != nil {
				return nil, err
			}
			if b, err = appendValue(b, x.Values[i]); err != nil {
				return nil, err
			}
		}
		return b, nil
	}
	return nil, fmt.Errorf("state store: cannot keep a value of type %T in state", v)
}

type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = fmt.Errorf("truncated or corrupt state record")
	}
}

// end is the decoding's outcome: a record must be read to its last byte, so that bytes
// of another encoding (Spark's UnsafeRow state rows) are not taken for kafkalab's.
func (d *decoder) end() error {
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%d bytes left over after a state record", len(d.b))
	}
	return d.err
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) take(n uint64) []byte {
	if uint64(len(d.b)) < n {
		d.fail()
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

func (d *decoder) value() any {
	if d.err != nil {
		return nil
	}
	if len(d.b) == 0 {
		d.fail()
		return nil
	}
	tag := d.b[0]
	d.b = d.b[1:]
	switch tag {
	case tagNull:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagInt8:
		return int8(d.varint())
	case tagInt16:
		return int16(d.varint())
	case tagInt32:
		return int32(d.varint())
	case tagInt64:
		return d.varint()
	case tagFloat32:
		return math.Float32frombits(binary.BigEndian.Uint32(d.take(4)))
	case tagFloat64:
		p := d.take(8)
		if p == nil {
			return nil
		}
		return math.Float64frombits(binary.BigEndian.Uint64(p))
	case tagString:
		return string(d.take(d.uvarint()))
	case tagBytes:
		return append([]byte(nil), d.take(d.uvarint())...)
	case tagTimestamp:
		return sqltypes.Timestamp(d.varint())
	case tagTimestampNTZ:
		return sqltypes.TimestampNTZ(d.varint())
	case tagTime:
		return sqltypes.Time(d.varint())
	case tagDate:
		return sqltypes.Date(d.varint())
	case tagDecimal:
		scale := d.varint()
		s := string(d.take(d.uvarint()))
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			d.fail()
			return nil
		}
		return sqltypes.DecimalFromBig(n, int(scale))
	case tagRow:
		n := d.uvarint()
		if n > uint64(len(d.b)) {
			d.fail()
			return nil
		}
		r := make(sqltypes.Row, n)
		for i := range r {
			r[i] = d.value()
		}
		return r
	case tagArray:
		n := d.uvarint()
		if n > uint64(len(d.b)) {
			d.fail()
			return nil
		}
		a := make([]any, n)
		for i := range a {
			a[i] = d.value()
		}
		return a
	case tagMap:
		n := d.uvarint()
		if n > uint64(len(d.b)) {
			d.fail()
			return nil
		}
		m := &sqltypes.MapValue{Keys: make([]any, n), Values: make([]any, n)}
		for i := range m.Keys {
			m.Keys[i] = d.value()
			m.Values[i] = d.value()
		}
		return m
	}
	d.fail()
	return nil
}
