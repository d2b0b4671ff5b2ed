package parser

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// decodeEscapes processes the backslash escapes of a string or bytes literal's body
// as CPython does; the error is CPython's SyntaxError message.
func decodeEscapes(body string, byteMode bool) ([]byte, string) {
	out := make([]byte, 0, len(body))
	var tmp [utf8.UTFMax]byte
	put := func(r rune) {
		if byteMode {
			out = append(out, byte(r))
			return
		}
		n := utf8.EncodeRune(tmp[:], r)
		out = append(out, tmp[:n]...)
	}
	unicodeErr := func(start, end int, what string) string {
		return fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s", start, end, what)
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		start := i
		i++
		if i >= len(body) {
			out = append(out, '\\')
			break
		}
		c = body[i]
		switch c {
		case '\n':
		case '\\', '\'', '"':
			out = append(out, c)
		case 'a':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'f':
			out = append(out, 12)
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'v':
			out = append(out, 11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := rune(c - '0')
			for k := 0; k < 2 && i+1 < len(body) && body[i+1] >= '0' && body[i+1] <= '7'; k++ {
				i++
				v = v<<3 + rune(body[i]-'0')
			}
			if byteMode {
				out = append(out, byte(v))
			} else {
				put(v)
			}
		case 'x', 'u', 'U':
			if byteMode && c != 'x' {
				out = append(out, '\\', c)
				continue
			}
			size := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			v, n := rune(0), 0
			for n < size && i+1 < len(body) && isHexDigit(body[i+1]) {
				i++
				n++
				v = v<<4 + rune(hexVal(body[i]))
			}
			if n < size {
				if byteMode {
					return nil, fmt.Sprintf("(value error) invalid \\x escape at position %d", start)
				}
				what := map[byte]string{'x': `truncated \xXX escape`, 'u': `truncated \uXXXX escape`, 'U': `truncated \UXXXXXXXX escape`}[c]
				return nil, unicodeErr(start, start+1+n, what)
			}
			if c == 'U' && v > utf8.MaxRune {
				return nil, unicodeErr(start, start+9, "illegal Unicode character")
			}
			put(v)
		case 'N':
			if byteMode {
				out = append(out, '\\', c)
				continue
			}
			if i+1 >= len(body) || body[i+1] != '{' {
				return nil, unicodeErr(start, start+1, `malformed \N character escape`)
			}
			end := strings.IndexByte(body[i+2:], '}')
			if end < 0 {
				return nil, unicodeErr(start, len(body)-1, `malformed \N character escape`)
			}
			name := body[i+2 : i+2+end]
			r, ok := lookupRuneName(name)
			if !ok {
				return nil, unicodeErr(start, i+2+end, "unknown Unicode character name")
			}
			put(r)
			i += 2 + end
		default:
			// unknown escapes stay as written (CPython warns, then keeps them)
			out = append(out, '\\')
			i--
		}
	}
	return out, ""
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

var (
	runeNamesOnce sync.Once
	runeNames     map[string]rune
)

// lookupRuneName finds a character by its Unicode name, as \N{...} and
// unicodedata.lookup do (case-insensitive). The index is built on first use.
func lookupRuneName(name string) (rune, bool) {
	runeNamesOnce.Do(func() {
		runeNames = make(map[string]rune, 40000)
		for r := rune(0x20); r <= 0x10FFFF; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			n := runenames.Name(r)
			if n == "" || n[0] == '<' {
				continue
			}
			runeNames[n] = r
		}
	})
	r, ok := runeNames[strings.ToUpper(name)]
	return r, ok
}
