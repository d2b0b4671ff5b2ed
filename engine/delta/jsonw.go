package delta

import (
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// jw builds JSON text with a fixed key order, escaping strings the way Jackson does
// (Delta writes its log with Jackson): only ", \ and control characters are escaped;
// '/', '<', '>' and non-ASCII characters stay as they are.
type jw struct {
	b            []byte
	comma        []bool // per open object/array: whether a comma is due
	pendingValue bool   // a key was written; the next value needs no comma
}

func (w *jw) sep() {
	if n := len(w.comma); n > 0 {
		if w.comma[n-1] {
			w.b = append(w.b, ',')
		}
		w.comma[n-1] = true
	}
}

func (w *jw) open(c byte) { w.b = append(w.b, c); w.comma = append(w.comma, false) }
func (w *jw) close(c byte) {
	w.b = append(w.b, c)
	w.comma = w.comma[:len(w.comma)-1]
}

// key writes "k": (with a comma before when needed).
func (w *jw) key(k string) *jw {
	w.sep()
	w.b = appendJSONString(w.b, k)
	w.b = append(w.b, ':')
	w.pendingValue = true
	return w
}

func (w *jw) str(s string) { w.value(); w.b = appendJSONString(w.b, s) }
func (w *jw) raw(s string) { w.value(); w.b = append(w.b, s...) }
func (w *jw) i64(n int64)  { w.value(); w.b = strconv.AppendInt(w.b, n, 10) }
func (w *jw) boolean(v bool) {
	w.value()
	w.b = strconv.AppendBool(w.b, v)
}
func (w *jw) null()          { w.value(); w.b = append(w.b, "null"...) }
func (w *jw) obj()           { w.value(); w.open('{') }
func (w *jw) endObj()        { w.close('}') }
func (w *jw) arr()           { w.value(); w.open('[') }
func (w *jw) endArr()        { w.close(']') }
func (w *jw) String() string { return string(w.b) }

// value handles the comma before an array element or a top-level value; after key() the
// comma was already written.
func (w *jw) value() {
	if w.pendingValue {
		w.pendingValue = false
		return
	}
	w.sep()
}

// strMap writes a string map with keys sorted (Delta's maps come from Scala maps; for the
// small maps we write, sorted keys are deterministic and readers do not care).
func (w *jw) strMap(m map[string]string) {
	w.obj()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w.key(k).str(m[k])
	}
	w.endObj()
}

// kv is one entry of an ordered string map.
type kv struct{ k, v string }

func (w *jw) orderedStrMap(m []kv) {
	w.obj()
	for _, e := range m {
		w.key(e.k).str(e.v)
	}
	w.endObj()
}

const hexDigits = "0123456789ABCDEF"

// appendJSONString quotes s like Jackson: \" \\ \b \f \n \r \t, other control characters
// as \u00XX; invalid UTF-8 bytes become U+FFFD as in Java's decoding.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, "\ufffd"...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// decimalJavaString is Java's BigDecimal.toString (Jackson writes decimals with it): plain
// with full scale unless the adjusted exponent is below -6, then scientific ("0E-10").
// Private copy until sqltypes offers Decimal.JavaString in a committed version.
func decimalJavaString(d sqltypes.Decimal) string {
	u := d.Big
	if u == nil {
		u = big.NewInt(d.Unscaled)
	}
	digits := u.String()
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	sc := int(d.Scale)
	adjusted := -sc + len(digits) - 1
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	if sc >= 0 && adjusted >= -6 {
		switch {
		case sc == 0:
			b.WriteString(digits)
		case len(digits) > sc:
			b.WriteString(digits[:len(digits)-sc])
			b.WriteByte('.')
			b.WriteString(digits[len(digits)-sc:])
		default:
			b.WriteString("0.")
			b.WriteString(strings.Repeat("0", sc-len(digits)))
			b.WriteString(digits)
		}
		return b.String()
	}
	b.WriteByte(digits[0])
	if len(digits) > 1 {
		b.WriteByte('.')
		b.WriteString(digits[1:])
	}
	b.WriteByte('E')
	if adjusted >= 0 {
		b.WriteByte('+')
	}
	b.WriteString(strconv.Itoa(adjusted))
	return b.String()
}

// decimalCmp compares two decimals by value.
func decimalCmp(a, b sqltypes.Decimal) int {
	if a.Big == nil && b.Big == nil && a.Scale == b.Scale {
		switch {
		case a.Unscaled < b.Unscaled:
			return -1
		case a.Unscaled > b.Unscaled:
			return 1
		}
		return 0
	}
	x, y := a.Big, b.Big
	if x == nil {
		x = big.NewInt(a.Unscaled)
	}
	if y == nil {
		y = big.NewInt(b.Unscaled)
	}
	ten := big.NewInt(10)
	switch {
	case a.Scale < b.Scale:
		x = new(big.Int).Mul(x, new(big.Int).Exp(ten, big.NewInt(int64(b.Scale-a.Scale)), nil))
	case a.Scale > b.Scale:
		y = new(big.Int).Mul(y, new(big.Int).Exp(ten, big.NewInt(int64(a.Scale-b.Scale)), nil))
	}
	return x.Cmp(y)
}
