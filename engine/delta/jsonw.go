package delta

import (
	"sort"
	"strconv"
	"unicode/utf8"
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

// partValues writes a file's partition values: the keys in the table's partition column
// order (then any others, sorted), an empty value as null (Delta reads an empty partition
// value as null and writes null for one).
func (w *jw) partValues(m map[string]string, order []string) {
	if len(order) > 4 {
		order = scalaMapOrder(order) // past four entries a Scala Map iterates by hash
	}
	w.obj()
	done := make(map[string]bool, len(order))
	put := func(k string) {
		done[k] = true
		if m[k] == "" {
			w.key(k).null()
			return
		}
		w.key(k).str(m[k])
	}
	for _, k := range order {
		if _, ok := m[k]; ok && !done[k] {
			put(k)
		}
	}
	rest := make([]string, 0, len(m))
	for k := range m {
		if !done[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		put(k)
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
