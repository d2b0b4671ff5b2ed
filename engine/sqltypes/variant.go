package sqltypes

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// VariantType is Spark 4's VARIANT: a self-describing value (what parse_json makes of a JSON
// document) kept in the binary encoding of the Variant spec that Spark, Delta and Parquet share.
type VariantType struct{}

// VariantT is the shared VariantType instance.
var VariantT = VariantType{}

func (VariantType) TypeName() string { return "variant" }
func (VariantType) SQL() string      { return "VARIANT" }

// VariantVal is a VARIANT value: the encoded value and its metadata (the key dictionary), the
// two byte strings PySpark's VariantVal carries and prints.
type VariantVal struct {
	Value    []byte
	Metadata []byte
}

// The encoding's constants (the Variant binary spec, version 1): the low two bits of a value's
// header byte are its basic type, the upper six its type information.
const (
	variantPrimitive = 0
	variantShortStr  = 1
	variantObject    = 2
	variantArray     = 3

	vNull      = 0
	vTrue      = 1
	vFalse     = 2
	vInt1      = 3
	vInt2      = 4
	vInt4      = 5
	vInt8      = 6
	vDouble    = 7
	vDecimal4  = 8
	vDecimal8  = 9
	vDecimal16 = 10
	vDate      = 11
	vTimestamp = 12
	vTSNTZ     = 13
	vFloat     = 14
	vBinary    = 15
	vLongStr   = 16

	variantVersion     = 1
	variantMaxShortStr = 63
)

// VariantKind is the logical type of a variant value, as Spark's Variant.getType names them.
type VariantKind int

// The kinds a variant value can be.
const (
	VariantKindNull VariantKind = iota
	VariantKindBoolean
	VariantKindLong
	VariantKindDouble
	VariantKindDecimal
	VariantKindString
	VariantKindDate
	VariantKindTimestamp
	VariantKindTimestampNTZ
	VariantKindFloat
	VariantKindBinary
	VariantKindObject
	VariantKindArray
)

// ErrMalformedVariant is a variant whose bytes do not follow the encoding (Spark's
// MALFORMED_VARIANT).
var ErrMalformedVariant = errors.New("[MALFORMED_VARIANT] Variant binary is malformed. Please check the data source is valid." + variantSQLState)

// variantSQLState ends the message of every variant condition (all are SQLSTATE 22023).
const variantSQLState = " SQLSTATE: 22023"

// VariantDuplicateKeyError is a JSON object naming a key twice (Spark's VARIANT_DUPLICATE_KEY).
type VariantDuplicateKeyError struct{ Key string }

func (e *VariantDuplicateKeyError) Error() string {
	return fmt.Sprintf("[VARIANT_DUPLICATE_KEY] Failed to build variant because of a duplicate object key `%s`.", e.Key) + variantSQLState
}

// VariantRef is one value inside a variant: the shared bytes and the position of its header.
type VariantRef struct {
	value    []byte
	metadata []byte
	pos      int
}

// Ref is the top-level value of v.
func (v VariantVal) Ref() VariantRef { return VariantRef{v.Value, v.Metadata, 0} }

func (r VariantRef) header() (basic, info int, err error) {
	if r.pos >= len(r.value) {
		return 0, 0, ErrMalformedVariant
	}
	h := r.value[r.pos]
	return int(h & 3), int(h >> 2), nil
}

// readUint reads an n-byte little-endian unsigned integer.
func readUint(b []byte, pos, n int) (int, error) {
	if pos < 0 || pos+n > len(b) {
		return 0, ErrMalformedVariant
	}
	v := 0
	for i := n - 1; i >= 0; i-- {
		v = v<<8 | int(b[pos+i])
	}
	return v, nil
}

func readInt(b []byte, pos, n int) (int64, error) {
	if pos < 0 || pos+n > len(b) {
		return 0, ErrMalformedVariant
	}
	var u uint64
	for i := n - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[pos+i])
	}
	shift := 64 - 8*uint(n)
	return int64(u<<shift) >> shift, nil
}

// Kind is the logical type of the value r points at.
func (r VariantRef) Kind() (VariantKind, error) {
	basic, info, err := r.header()
	if err != nil {
		return 0, err
	}
	switch basic {
	case variantShortStr:
		return VariantKindString, nil
	case variantObject:
		return VariantKindObject, nil
	case variantArray:
		return VariantKindArray, nil
	}
	switch info {
	case vNull:
		return VariantKindNull, nil
	case vTrue, vFalse:
		return VariantKindBoolean, nil
	case vInt1, vInt2, vInt4, vInt8:
		return VariantKindLong, nil
	case vDouble:
		return VariantKindDouble, nil
	case vDecimal4, vDecimal8, vDecimal16:
		return VariantKindDecimal, nil
	case vDate:
		return VariantKindDate, nil
	case vTimestamp:
		return VariantKindTimestamp, nil
	case vTSNTZ:
		return VariantKindTimestampNTZ, nil
	case vFloat:
		return VariantKindFloat, nil
	case vBinary:
		return VariantKindBinary, nil
	case vLongStr:
		return VariantKindString, nil
	}
	return 0, errors.New(fmt.Sprintf("[UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT] Unknown primitive type with id %d was found in a variant value.", info) + variantSQLState)
}

// Scalar is the Go value of a scalar variant in the engine's representation: nil (variant
// null), bool, int64, float64, float32, Decimal, string, Date, Timestamp, TimestampNTZ or []byte.
func (r VariantRef) Scalar() (any, error) {
	basic, info, err := r.header()
	if err != nil {
		return nil, err
	}
	p := r.pos + 1
	if basic == variantShortStr {
		if p+info > len(r.value) {
			return nil, ErrMalformedVariant
		}
		return string(r.value[p : p+info]), nil
	}
	if basic != variantPrimitive {
		return nil, ErrMalformedVariant
	}
	switch info {
	case vNull:
		return nil, nil
	case vTrue:
		return true, nil
	case vFalse:
		return false, nil
	case vInt1:
		return readInt(r.value, p, 1)
	case vInt2:
		return readInt(r.value, p, 2)
	case vInt4:
		return readInt(r.value, p, 4)
	case vInt8:
		return readInt(r.value, p, 8)
	case vDouble:
		u, err := readInt(r.value, p, 8)
		return math.Float64frombits(uint64(u)), err
	case vFloat:
		u, err := readInt(r.value, p, 4)
		return math.Float32frombits(uint32(u)), err
	case vDecimal4, vDecimal8, vDecimal16:
		if p >= len(r.value) {
			return nil, ErrMalformedVariant
		}
		scale := int(r.value[p])
		switch info {
		case vDecimal4:
			u, err := readInt(r.value, p+1, 4)
			return NewDecimal(u, scale), err
		case vDecimal8:
			u, err := readInt(r.value, p+1, 8)
			return NewDecimal(u, scale), err
		}
		if p+17 > len(r.value) {
			return nil, ErrMalformedVariant
		}
		be := make([]byte, 16)
		for i := range 16 {
			be[i] = r.value[p+16-i]
		}
		n := new(big.Int).SetBytes(be)
		if be[0]&0x80 != 0 {
			n.Sub(n, new(big.Int).Lsh(big.NewInt(1), 128))
		}
		return DecimalFromBig(n, scale), nil
	case vDate:
		d, err := readInt(r.value, p, 4)
		return Date(d), err
	case vTimestamp:
		t, err := readInt(r.value, p, 8)
		return Timestamp(t), err
	case vTSNTZ:
		t, err := readInt(r.value, p, 8)
		return TimestampNTZ(t), err
	case vBinary, vLongStr:
		n, err := readUint(r.value, p, 4)
		if err != nil || p+4+n > len(r.value) {
			return nil, ErrMalformedVariant
		}
		if info == vLongStr {
			return string(r.value[p+4 : p+4+n]), nil
		}
		return append([]byte(nil), r.value[p+4:p+4+n]...), nil
	}
	_, err = r.Kind()
	return nil, err
}

// objectLayout reads an object's header: its field count and where ids, offsets and data start.
func (r VariantRef) objectLayout() (size, idSize, offSize, idStart, offStart, dataStart int, err error) {
	_, info, err := r.header()
	if err != nil {
		return
	}
	large := info>>4&1 == 1
	idSize = info>>2&3 + 1
	offSize = info&3 + 1
	sizeBytes := 1
	if large {
		sizeBytes = 4
	}
	size, err = readUint(r.value, r.pos+1, sizeBytes)
	idStart = r.pos + 1 + sizeBytes
	offStart = idStart + size*idSize
	dataStart = offStart + (size+1)*offSize
	return
}

func (r VariantRef) arrayLayout() (size, offSize, offStart, dataStart int, err error) {
	_, info, err := r.header()
	if err != nil {
		return
	}
	large := info>>2&1 == 1
	offSize = info&3 + 1
	sizeBytes := 1
	if large {
		sizeBytes = 4
	}
	size, err = readUint(r.value, r.pos+1, sizeBytes)
	offStart = r.pos + 1 + sizeBytes
	dataStart = offStart + (size+1)*offSize
	return
}

// metadataKey is the dictionary's key number id.
func metadataKey(meta []byte, id int) (string, error) {
	if len(meta) < 1 {
		return "", ErrMalformedVariant
	}
	offSize := int(meta[0]>>6) + 1
	n, err := readUint(meta, 1, offSize)
	if err != nil || id < 0 || id >= n {
		return "", ErrMalformedVariant
	}
	strStart := 1 + (n+2)*offSize
	a, err1 := readUint(meta, 1+(id+1)*offSize, offSize)
	b, err2 := readUint(meta, 1+(id+2)*offSize, offSize)
	if err1 != nil || err2 != nil || strStart+b > len(meta) || a > b {
		return "", ErrMalformedVariant
	}
	return string(meta[strStart+a : strStart+b]), nil
}

// Fields lists an object's fields in their stored (sorted) order.
func (r VariantRef) Fields() ([]string, []VariantRef, error) {
	size, idSize, offSize, idStart, offStart, dataStart, err := r.objectLayout()
	if err != nil {
		return nil, nil, err
	}
	keys := make([]string, size)
	vals := make([]VariantRef, size)
	for i := range size {
		id, err := readUint(r.value, idStart+i*idSize, idSize)
		if err != nil {
			return nil, nil, err
		}
		off, err := readUint(r.value, offStart+i*offSize, offSize)
		if err != nil {
			return nil, nil, err
		}
		if keys[i], err = metadataKey(r.metadata, id); err != nil {
			return nil, nil, err
		}
		vals[i] = VariantRef{r.value, r.metadata, dataStart + off}
	}
	return keys, vals, nil
}

// Field is the object's field named key, or ok false.
func (r VariantRef) Field(key string) (VariantRef, bool, error) {
	keys, vals, err := r.Fields()
	if err != nil {
		return VariantRef{}, false, err
	}
	for i, k := range keys {
		if k == key {
			return vals[i], true, nil
		}
	}
	return VariantRef{}, false, nil
}

// Elements lists an array's elements.
func (r VariantRef) Elements() ([]VariantRef, error) {
	size, offSize, offStart, dataStart, err := r.arrayLayout()
	if err != nil {
		return nil, err
	}
	out := make([]VariantRef, size)
	for i := range size {
		off, err := readUint(r.value, offStart+i*offSize, offSize)
		if err != nil {
			return nil, err
		}
		out[i] = VariantRef{r.value, r.metadata, dataStart + off}
	}
	return out, nil
}

// Rebuild copies the value r points at into a variant of its own, with a dictionary of only
// the keys it uses (what Spark's variant_get to VARIANT returns).
func (r VariantRef) Rebuild() (VariantVal, error) {
	b := newVariantBuilder()
	if err := b.appendRef(r); err != nil {
		return VariantVal{}, err
	}
	return b.result(), nil
}

// JSON is the value as Spark's Variant.toJson writes it (to_json, CAST AS STRING, show()):
// no spaces, object keys in their sorted order, timestamps in loc.
func (r VariantRef) JSON(loc *time.Location) (string, error) {
	var b []byte
	b, err := r.appendJSON(b, loc)
	return string(b), err
}

// JSON is the whole value's JSON text (see VariantRef.JSON).
func (v VariantVal) JSON(loc *time.Location) (string, error) { return v.Ref().JSON(loc) }

func (r VariantRef) appendJSON(b []byte, loc *time.Location) ([]byte, error) {
	kind, err := r.Kind()
	if err != nil {
		return b, err
	}
	switch kind {
	case VariantKindObject:
		keys, vals, err := r.Fields()
		if err != nil {
			return b, err
		}
		b = append(b, '{')
		for i := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJacksonString(b, keys[i])
			b = append(b, ':')
			if b, err = vals[i].appendJSON(b, loc); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	case VariantKindArray:
		els, err := r.Elements()
		if err != nil {
			return b, err
		}
		b = append(b, '[')
		for i, e := range els {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = e.appendJSON(b, loc); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	}
	v, err := r.Scalar()
	if err != nil {
		return b, err
	}
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case float64:
		return append(b, JavaDoubleString(x)...), nil
	case float32:
		return append(b, JavaFloatString(x)...), nil
	case Decimal:
		return append(b, x.stripTrailingZeros().String()...), nil
	case string:
		return appendJacksonString(b, x), nil
	case Date:
		return append(append(append(b, '"'), FormatDate(x)...), '"'), nil
	case Timestamp:
		t := time.UnixMicro(int64(x)).In(loc)
		b = append(b, '"')
		b = appendISOLocal(b, t)
		_, off := t.Zone()
		if off == 0 {
			b = append(b, "+00:00"...)
		} else {
			sign := byte('+')
			if off < 0 {
				sign, off = '-', -off
			}
			b = append(b, sign)
			b = append(b, fmt.Sprintf("%02d:%02d", off/3600, off/60%60)...)
			if off%60 != 0 {
				b = append(b, fmt.Sprintf(":%02d", off%60)...)
			}
		}
		return append(b, '"'), nil
	case TimestampNTZ:
		b = append(b, '"')
		b = appendISOLocal(b, time.UnixMicro(int64(x)).UTC())
		return append(b, '"'), nil
	case []byte:
		return append(append(append(b, '"'), base64Std(x)...), '"'), nil
	}
	return b, ErrMalformedVariant
}

// appendISOLocal writes date, a space and Java's ISO_LOCAL_TIME: seconds always, the
// fraction only when non-zero, in groups of three digits.
func appendISOLocal(b []byte, t time.Time) []byte {
	b = append(b, fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second())...)
	if ns := t.Nanosecond(); ns != 0 {
		frac := fmt.Sprintf("%09d", ns)
		switch {
		case ns%1000000 == 0:
			frac = frac[:3]
		case ns%1000 == 0:
			frac = frac[:6]
		}
		b = append(append(b, '.'), frac...)
	}
	return b
}

func base64Std(x []byte) string {
	const enc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	var sb strings.Builder
	for i := 0; i < len(x); i += 3 {
		var n uint32
		k := min(3, len(x)-i)
		for j := range 3 {
			n <<= 8
			if j < k {
				n |= uint32(x[i+j])
			}
		}
		for j := range 4 {
			if j <= k {
				sb.WriteByte(enc[n>>(18-6*uint(j))&63])
			} else {
				sb.WriteByte('=')
			}
		}
	}
	return sb.String()
}

// stripTrailingZeros is Java's BigDecimal.stripTrailingZeros (zero becomes 0 at scale 0), which
// Spark's variant decimal reader applies before a value is printed or typed.
func (d Decimal) stripTrailingZeros() Decimal {
	n := d.UnscaledBig()
	scale := int(d.Scale)
	if n.Sign() == 0 {
		return Decimal{}
	}
	ten := big.NewInt(10)
	q, m := new(big.Int), new(big.Int)
	for {
		q.QuoRem(n, ten, m)
		if m.Sign() != 0 {
			break
		}
		n.Set(q)
		scale--
	}
	return DecimalFromBig(n, scale)
}

// VariantDecimal is a variant decimal as Spark types it (Decimal(v.getDecimal)): trailing
// zeros stripped, a negative scale brought back to 0.
func VariantDecimal(d Decimal) Decimal {
	s := d.stripTrailingZeros()
	if s.Scale < 0 {
		n := new(big.Int).Mul(s.UnscaledBig(), bigPow10(int(-s.Scale)))
		return DecimalFromBig(n, 0)
	}
	return s
}

// variantBuilder writes the encoding, as Spark's VariantBuilder: keys get ids in the order
// they are first met, an object's fields are sorted by key once written.
type variantBuilder struct {
	buf  []byte
	ids  map[string]int
	keys []string
}

func newVariantBuilder() *variantBuilder { return &variantBuilder{ids: map[string]int{}} }

func (b *variantBuilder) addKey(k string) int {
	if id, ok := b.ids[k]; ok {
		return id
	}
	id := len(b.keys)
	b.ids[k] = id
	b.keys = append(b.keys, k)
	return id
}

func intSize(v int) int {
	switch {
	case v <= 0xff:
		return 1
	case v <= 0xffff:
		return 2
	}
	return 3
}

func putUint(b []byte, v, n int) []byte {
	for i := range n {
		b = append(b, byte(v>>(8*uint(i))))
	}
	return b
}

func (b *variantBuilder) result() VariantVal {
	total := 0
	for _, k := range b.keys {
		total += len(k)
	}
	offSize := intSize(max(total, len(b.keys)))
	meta := []byte{byte(variantVersion | (offSize-1)<<6)}
	meta = putUint(meta, len(b.keys), offSize)
	off := 0
	for _, k := range b.keys {
		meta = putUint(meta, off, offSize)
		off += len(k)
	}
	meta = putUint(meta, off, offSize)
	for _, k := range b.keys {
		meta = append(meta, k...)
	}
	return VariantVal{Value: b.buf, Metadata: meta}
}

func (b *variantBuilder) appendNull() { b.buf = append(b.buf, vNull<<2) }
func (b *variantBuilder) appendBool(v bool) {
	if v {
		b.buf = append(b.buf, vTrue<<2)
	} else {
		b.buf = append(b.buf, vFalse<<2)
	}
}

func (b *variantBuilder) appendLong(l int64) {
	switch {
	case l == int64(int8(l)):
		b.buf = append(b.buf, vInt1<<2, byte(l))
	case l == int64(int16(l)):
		b.buf = binary.LittleEndian.AppendUint16(append(b.buf, vInt2<<2), uint16(l))
	case l == int64(int32(l)):
		b.buf = binary.LittleEndian.AppendUint32(append(b.buf, vInt4<<2), uint32(l))
	default:
		b.buf = binary.LittleEndian.AppendUint64(append(b.buf, vInt8<<2), uint64(l))
	}
}

func (b *variantBuilder) appendDouble(f float64) {
	b.buf = binary.LittleEndian.AppendUint64(append(b.buf, vDouble<<2), math.Float64bits(f))
}

func (b *variantBuilder) appendString(s string) {
	if len(s) > variantMaxShortStr {
		b.buf = binary.LittleEndian.AppendUint32(append(b.buf, vLongStr<<2), uint32(len(s)))
	} else {
		b.buf = append(b.buf, byte(len(s)<<2|variantShortStr))
	}
	b.buf = append(b.buf, s...)
}

// appendDecimal writes d in the narrowest of the three decimal widths its precision and scale
// fit (the caller checks both are at most 38).
func (b *variantBuilder) appendDecimal(d Decimal) {
	p, s := d.Precision(), int(d.Scale)
	switch {
	case s <= 9 && p <= 9:
		u, _ := d.UnscaledInt64()
		b.buf = binary.LittleEndian.AppendUint32(append(b.buf, vDecimal4<<2, byte(s)), uint32(int32(u)))
	case s <= 18 && p <= 18:
		u, _ := d.UnscaledInt64()
		b.buf = binary.LittleEndian.AppendUint64(append(b.buf, vDecimal8<<2, byte(s)), uint64(u))
	default:
		n := d.UnscaledBig()
		if n.Sign() < 0 {
			n.Add(n, new(big.Int).Lsh(big.NewInt(1), 128))
		}
		be := n.FillBytes(make([]byte, 16))
		b.buf = append(b.buf, vDecimal16<<2, byte(s))
		for i := 15; i >= 0; i-- {
			b.buf = append(b.buf, be[i])
		}
	}
}

type variantField struct {
	key string
	id  int
	off int
}

// utf16Less orders keys as Java's String.compareTo does: by UTF-16 code units.
func utf16Less(a, b string) bool {
	if isASCII(a) && isASCII(b) {
		return a < b
	}
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// finishObject turns the field data written since start into an object: header, ids and
// offsets before it, fields sorted by key; a key named twice is VARIANT_DUPLICATE_KEY.
func (b *variantBuilder) finishObject(start int, fields []variantField) error {
	data := append([]byte(nil), b.buf[start:]...)
	sort.SliceStable(fields, func(i, j int) bool { return utf16Less(fields[i].key, fields[j].key) })
	maxID := 0
	for i, f := range fields {
		maxID = max(maxID, f.id)
		if i > 0 && f.key == fields[i-1].key {
			return &VariantDuplicateKeyError{Key: f.key}
		}
	}
	large := len(fields) > 0xff
	idSize, offSize := intSize(maxID), intSize(len(data))
	h := byte(variantObject | (offSize-1)<<2 | (idSize-1)<<4)
	if large {
		h |= 1 << 6
	}
	out := append(b.buf[:start:start], h)
	if large {
		out = putUint(out, len(fields), 4)
	} else {
		out = append(out, byte(len(fields)))
	}
	for _, f := range fields {
		out = putUint(out, f.id, idSize)
	}
	for _, f := range fields {
		out = putUint(out, f.off, offSize)
	}
	out = putUint(out, len(data), offSize)
	b.buf = append(out, data...)
	return nil
}

func (b *variantBuilder) finishArray(start int, offsets []int) {
	data := append([]byte(nil), b.buf[start:]...)
	large := len(offsets) > 0xff
	offSize := intSize(len(data))
	h := byte(variantArray | (offSize-1)<<2)
	if large {
		h |= 1 << 4
	}
	out := append(b.buf[:start:start], h)
	if large {
		out = putUint(out, len(offsets), 4)
	} else {
		out = append(out, byte(len(offsets)))
	}
	for _, o := range offsets {
		out = putUint(out, o, offSize)
	}
	out = putUint(out, len(data), offSize)
	b.buf = append(out, data...)
}

// appendRef copies another variant's value, re-numbering its keys in this builder's dictionary.
func (b *variantBuilder) appendRef(r VariantRef) error {
	basic, _, err := r.header()
	if err != nil {
		return err
	}
	switch basic {
	case variantObject:
		keys, vals, err := r.Fields()
		if err != nil {
			return err
		}
		start := len(b.buf)
		fields := make([]variantField, len(keys))
		for i, k := range keys {
			fields[i] = variantField{k, b.addKey(k), len(b.buf) - start}
			if err := b.appendRef(vals[i]); err != nil {
				return err
			}
		}
		return b.finishObject(start, fields)
	case variantArray:
		els, err := r.Elements()
		if err != nil {
			return err
		}
		start := len(b.buf)
		offs := make([]int, len(els))
		for i, e := range els {
			offs[i] = len(b.buf) - start
			if err := b.appendRef(e); err != nil {
				return err
			}
		}
		b.finishArray(start, offs)
		return nil
	}
	n, err := r.scalarSize()
	if err != nil {
		return err
	}
	b.buf = append(b.buf, r.value[r.pos:r.pos+n]...)
	return nil
}

// scalarSize is the encoded length of a scalar value, header included.
func (r VariantRef) scalarSize() (int, error) {
	basic, info, err := r.header()
	if err != nil {
		return 0, err
	}
	n := 1
	if basic == variantShortStr {
		n += info
	} else {
		switch info {
		case vNull, vTrue, vFalse:
		case vInt1:
			n++
		case vInt2:
			n += 2
		case vInt4, vDate, vFloat:
			n += 4
		case vInt8, vDouble, vTimestamp, vTSNTZ:
			n += 8
		case vDecimal4:
			n += 5
		case vDecimal8:
			n += 9
		case vDecimal16:
			n += 17
		case vBinary, vLongStr:
			l, err := readUint(r.value, r.pos+1, 4)
			if err != nil {
				return 0, err
			}
			n += 4 + l
		default:
			return 0, ErrMalformedVariant
		}
	}
	if r.pos+n > len(r.value) {
		return 0, ErrMalformedVariant
	}
	return n, nil
}

// ParseJSONVariant parses JSON text into a variant as Spark's parse_json does: integers in the
// narrowest of 1, 2, 4 or 8 bytes, other numbers written without an exponent as exact decimals
// (up to 38 digits), the rest as doubles; an object naming a key twice is an error. The error
// is a *VariantDuplicateKeyError or a *JSONSyntaxError.
func ParseJSONVariant(text string) (VariantVal, error) {
	p := &variantJSONParser{s: text, b: newVariantBuilder()}
	p.skipSpace()
	if err := p.value(0); err != nil {
		return VariantVal{}, err
	}
	return p.b.result(), nil
}

// JSONSyntaxError is text that is not JSON.
type JSONSyntaxError struct{ Msg string }

func (e *JSONSyntaxError) Error() string { return e.Msg }

type variantJSONParser struct {
	s string
	i int
	b *variantBuilder
}

func (p *variantJSONParser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *variantJSONParser) fail(what string) error {
	return &JSONSyntaxError{Msg: fmt.Sprintf("%s at character %d", what, p.i+1)}
}

func (p *variantJSONParser) value(depth int) error {
	if depth > 1000 {
		return p.fail("JSON nested too deeply")
	}
	if p.i >= len(p.s) {
		return p.fail("unexpected end of input")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		start := len(p.b.buf)
		var fields []variantField
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return p.b.finishObject(start, fields)
		}
		for {
			p.skipSpace()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return p.fail("expected a field name")
			}
			key, err := p.str()
			if err != nil {
				return err
			}
			p.skipSpace()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return p.fail("expected ':'")
			}
			p.i++
			p.skipSpace()
			fields = append(fields, variantField{key, p.b.addKey(key), len(p.b.buf) - start})
			if err := p.value(depth + 1); err != nil {
				return err
			}
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return p.b.finishObject(start, fields)
			}
			return p.fail("expected ',' or '}'")
		}
	case c == '[':
		p.i++
		start := len(p.b.buf)
		var offs []int
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			p.b.finishArray(start, offs)
			return nil
		}
		for {
			p.skipSpace()
			offs = append(offs, len(p.b.buf)-start)
			if err := p.value(depth + 1); err != nil {
				return err
			}
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				p.b.finishArray(start, offs)
				return nil
			}
			return p.fail("expected ',' or ']'")
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return err
		}
		p.b.appendString(s)
		return nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		p.b.appendBool(true)
		return nil
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		p.b.appendBool(false)
		return nil
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		p.b.appendNull()
		return nil
	}
	return p.fail("unexpected character")
}

func (p *variantJSONParser) str() (string, error) {
	p.i++ // the opening quote
	var sb strings.Builder
	for {
		if p.i >= len(p.s) {
			return "", p.fail("unterminated string")
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return sb.String(), nil
		case c < 0x20:
			return "", p.fail("unescaped control character in a string")
		case c != '\\':
			sb.WriteByte(c)
			p.i++
			continue
		}
		p.i++
		if p.i >= len(p.s) {
			return "", p.fail("unterminated string")
		}
		e := p.s[p.i]
		p.i++
		switch e {
		case '"', '\\', '/':
			sb.WriteByte(e)
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.fail("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				if strings.HasPrefix(p.s[p.i:], `\u`) {
					p.i += 2
					r2, ok := p.hex4()
					if !ok {
						return "", p.fail("bad \\u escape")
					}
					r = utf16.DecodeRune(r, r2)
				} else {
					r = utf8.RuneError
				}
			}
			sb.WriteRune(r)
		default:
			return "", p.fail("bad escape")
		}
	}
}

func (p *variantJSONParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(v), true
}

// number reads a JSON number with Jackson's grammar (no leading zeros, no leading '+', no
// bare '.'), then types it as VariantBuilder does.
func (p *variantJSONParser) number() error {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if n := digits(); n == 0 {
		return p.fail("expected a digit")
	} else if n > 1 && p.s[intStart] == '0' {
		return p.fail("leading zeros are not allowed")
	}
	isInt := true
	if p.i < len(p.s) && p.s[p.i] == '.' {
		isInt = false
		p.i++
		if digits() == 0 {
			return p.fail("expected a digit after '.'")
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		isInt = false
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return p.fail("expected a digit in the exponent")
		}
	}
	text := p.s[start:p.i]
	if isInt {
		if l, err := strconv.ParseInt(text, 10, 64); err == nil {
			p.b.appendLong(l)
			return nil
		}
	}
	if !strings.ContainsAny(text, "eE") {
		if d, ok := ParseDecimalExact(text); ok && d.Precision() <= MaxDecimalPrecision && int(d.Scale) <= MaxDecimalPrecision {
			p.b.appendDecimal(d)
			return nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return p.fail("bad number")
	}
	p.b.appendDouble(f)
	return nil
}

// VariantSchema is Spark's schema_of_variant type of a value: objects are structs of their
// (sorted) fields, arrays take the merged type of their elements.
func VariantSchema(r VariantRef) (DataType, error) {
	kind, err := r.Kind()
	if err != nil {
		return nil, err
	}
	switch kind {
	case VariantKindObject:
		keys, vals, err := r.Fields()
		if err != nil {
			return nil, err
		}
		st := &StructType{Fields: make([]StructField, len(keys))}
		for i := range keys {
			t, err := VariantSchema(vals[i])
			if err != nil {
				return nil, err
			}
			st.Fields[i] = StructField{Name: keys[i], Type: t, Nullable: true}
		}
		return st, nil
	case VariantKindArray:
		els, err := r.Elements()
		if err != nil {
			return nil, err
		}
		var el DataType = Null
		for _, e := range els {
			t, err := VariantSchema(e)
			if err != nil {
				return nil, err
			}
			el = MergeVariantSchema(el, t)
		}
		return ArrayType{Element: el, ContainsNull: true}, nil
	case VariantKindNull:
		return Null, nil
	case VariantKindBoolean:
		return Boolean, nil
	case VariantKindLong:
		return Long, nil
	case VariantKindString:
		return String, nil
	case VariantKindDouble:
		return Double, nil
	case VariantKindFloat:
		return Float, nil
	case VariantKindDate:
		return DateT, nil
	case VariantKindTimestamp:
		return TimestampT, nil
	case VariantKindTimestampNTZ:
		return TimestampNTZT, nil
	case VariantKindBinary:
		return Binary, nil
	case VariantKindDecimal:
		v, err := r.Scalar()
		if err != nil {
			return nil, err
		}
		d := VariantDecimal(v.(Decimal))
		return DecimalType{Precision: max(d.Precision(), int(d.Scale)), Scale: int(d.Scale)}, nil
	}
	return nil, ErrMalformedVariant
}

// MergeVariantSchema is the tightest common type of two schema_of_variant types, as Spark's
// JSON schema inference merges them with VARIANT where nothing else fits.
func MergeVariantSchema(a, b DataType) DataType {
	if EqualTypes(a, b, true) {
		return a
	}
	if _, ok := a.(NullType); ok {
		return b
	}
	if _, ok := b.(NullType); ok {
		return a
	}
	switch x := a.(type) {
	case *StructType:
		y, ok := b.(*StructType)
		if !ok {
			return VariantT
		}
		// Both field lists are sorted: merge them by name.
		out := &StructType{}
		i, j := 0, 0
		for i < len(x.Fields) || j < len(y.Fields) {
			switch {
			case j >= len(y.Fields) || (i < len(x.Fields) && x.Fields[i].Name < y.Fields[j].Name):
				out.Fields = append(out.Fields, x.Fields[i])
				i++
			case i >= len(x.Fields) || y.Fields[j].Name < x.Fields[i].Name:
				out.Fields = append(out.Fields, y.Fields[j])
				j++
			default:
				f := x.Fields[i]
				f.Type = MergeVariantSchema(f.Type, y.Fields[j].Type)
				out.Fields = append(out.Fields, f)
				i++
				j++
			}
		}
		return out
	case ArrayType:
		y, ok := b.(ArrayType)
		if !ok {
			return VariantT
		}
		return ArrayType{Element: MergeVariantSchema(x.Element, y.Element), ContainsNull: true}
	}
	num := func(t DataType) (DecimalType, bool) {
		switch t := t.(type) {
		case LongType:
			return DecimalType{20, 0}, true
		case DecimalType:
			return t, true
		}
		return DecimalType{}, false
	}
	_, aDouble := a.(DoubleType)
	_, bDouble := b.(DoubleType)
	_, aFloat := a.(FloatType)
	_, bFloat := b.(FloatType)
	da, aNum := num(a)
	db, bNum := num(b)
	switch {
	case (aDouble || aFloat) && (bNum || bDouble || bFloat), (bDouble || bFloat) && aNum:
		return Double
	case aNum && bNum:
		scale := max(da.Scale, db.Scale)
		whole := max(da.Precision-da.Scale, db.Precision-db.Scale)
		if whole+scale > MaxDecimalPrecision {
			return Double
		}
		return DecimalType{whole + scale, scale}
	}
	return VariantT
}
