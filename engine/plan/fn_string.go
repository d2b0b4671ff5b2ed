package plan

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// String functions with Java's String semantics where Spark inherits them (full case
// mapping: upper("ß") is "SS"), counting characters (code points), not bytes.

func init() {
	register(strFn1("upper", javaUpper), "upper", "ucase")
	register(strFn1("lower", javaLower), "lower", "lcase")
	register(strFn1("initcap", initCap), "initcap")
	register(bindReverse, "reverse")
	register(strFn1("soundex", soundex), "soundex")
	register(strFn1("quote", func(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }), "quote")
	register(bindLength, "length", "char_length", "character_length", "len")
	register(bindByteLength("octet_length", 1), "octet_length")
	register(bindByteLength("bit_length", 8), "bit_length")
	register(bindTrim("trim", true, true), "trim")
	register(bindTrim("ltrim", true, false), "ltrim")
	register(bindTrim("rtrim", false, true), "rtrim")
	register(bindTrim("btrim", true, true), "btrim")
	register(bindPad(true), "lpad")
	register(bindPad(false), "rpad")
	register(bindRepeat, "repeat")
	register(bindConcatWS, "concat_ws")
	register(bindLeftRight(true), "left")
	register(bindLeftRight(false), "right")
	register(bindSubstringIndex, "substring_index")
	register(bindInstr, "instr")
	register(bindLocate, "locate", "position")
	register(bindReplace, "replace")
	register(bindTranslate, "translate")
	register(bindOverlay, "overlay")
	register(bindSplitPart, "split_part")
	register(bindASCII, "ascii")
	register(bindChr, "chr", "char")
	register(bindBase64, "base64")
	register(bindUnbase64, "unbase64")
	register(bindHex, "hex")
	register(bindUnhex, "unhex")
	register(bindEncode, "encode")
	register(bindDecode, "decode")
	register(bindLevenshtein, "levenshtein")
	register(bindMask, "mask")
	register(bindFindInSet, "find_in_set")
	register(bindElt, "elt")
	register(bindURLEncode, "url_encode")
	register(bindURLDecode("url_decode", false), "url_decode")
	register(bindURLDecode("try_url_decode", true), "try_url_decode")
	register(bindToBinary("to_binary", false), "to_binary")
	register(bindToBinary("try_to_binary", true), "try_to_binary")
	register(bindUTF8Check, "is_valid_utf8", "make_valid_utf8", "validate_utf8", "try_validate_utf8")
	register(bindCollate, "collate")
	register(bindCollation, "collation")
	register(bindStrToMap, "str_to_map")
	register(bindSentences, "sentences")
	register(bindParseURL("parse_url", false), "parse_url")
	register(bindParseURL("try_parse_url", true), "try_parse_url")
	register(bindFormatString("format_string"), "format_string")
	register(bindFormatString("printf"), "printf")
	register(bindFormatNumber, "format_number")
	register(bindContains, "contains")
	register(bindStringPredicate("startswith", strings.HasPrefix), "startswith")
	register(bindStringPredicate("endswith", strings.HasSuffix), "endswith")
}

// strFn1 is a function of one string returning a string.
func strFn1(name string, f func(string) string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inString)
		if err != nil {
			return nil, err
		}
		return fn1(c.Name, args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
			return f(a.(string)), nil
		}), nil
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Casers keep state between calls, so each goroutine takes its own from a pool.
var (
	upperCasers = sync.Pool{New: func() any { c := cases.Upper(language.Und); return &c }}
	lowerCasers = sync.Pool{New: func() any { c := cases.Lower(language.Und); return &c }}
)

// javaUpper is String.toUpperCase: full case mapping (ß -> SS).
func javaUpper(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	c := upperCasers.Get().(*cases.Caser)
	out := c.String(s)
	upperCasers.Put(c)
	return out
}

// javaLower is String.toLowerCase: full case mapping (final sigma, İ -> i̇).
func javaLower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	c := lowerCasers.Get().(*cases.Caser)
	out := c.String(s)
	lowerCasers.Put(c)
	return out
}

// initCap is Spark's initcap: lower case, then the first letter after a space (and of the
// text) to title case.
func initCap(s string) string {
	lower := javaLower(s)
	var b strings.Builder
	b.Grow(len(lower))
	prev := ' '
	for _, r := range lower {
		if prev == ' ' {
			b.WriteString(titleRune(r))
		} else {
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

var titleCasers = sync.Pool{New: func() any { c := cases.Title(language.Und, cases.NoLower); return &c }}

// titleRune is a character's full title case ("ß" is "Ss").
func titleRune(r rune) string {
	if r < utf8.RuneSelf {
		return string(unicode.ToTitle(r))
	}
	c := titleCasers.Get().(*cases.Caser)
	out := c.String(string(r))
	titleCasers.Put(c)
	return out
}

// bindReverse reverses a string's characters or an array's elements.
func bindReverse(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	if _, ok := args[0].DataType().(sqltypes.BinaryType); ok {
		return fn1("reverse", args[0], sqltypes.Binary, func(_ *EvalContext, a any) (any, error) {
			bs := a.([]byte)
			out := make([]byte, len(bs))
			for i, b := range bs {
				out[len(bs)-1-i] = b
			}
			return out, nil
		}), nil
	}
	if _, ok := args[0].DataType().(sqltypes.ArrayType); ok {
		return fn1("reverse", args[0], args[0].DataType(), func(_ *EvalContext, a any) (any, error) {
			xs := a.([]any)
			out := make([]any, len(xs))
			for i, x := range xs {
				out[len(xs)-1-i] = x
			}
			return out, nil
		}), nil
	}
	return strFn1("reverse", reverseString)(r, c)
}

func reverseString(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// soundex is Spark's: the first letter and three digits; text not starting with an ASCII
// letter is returned as it is.
func soundex(s string) string {
	if s == "" {
		return s
	}
	first := s[0]
	if first >= 'a' && first <= 'z' {
		first -= 32
	}
	if first < 'A' || first > 'Z' {
		return s
	}
	const codes = "01230120022455012623010202" // A..Z
	out := []byte{first, '0', '0', '0'}
	last := codes[first-'A']
	n := 1
	for i := 1; i < len(s) && n < 4; i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 32
		}
		if c < 'A' || c > 'Z' {
			last = '0'
			continue
		}
		code := codes[c-'A']
		if code == '7' {
			continue
		}
		if code != '0' && code != last {
			out[n] = code
			n++
		}
		if c != 'H' && c != 'W' {
			last = code
		}
	}
	return string(out)
}

// bindLength is length/char_length: characters of a string, bytes of a binary.
func bindLength(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inStringOrBinary)
	if err != nil {
		return nil, err
	}
	return fn1(c.Name, args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
		switch x := a.(type) {
		case string:
			return int32(utf8.RuneCountInString(x)), nil
		case []byte:
			return int32(len(x)), nil
		}
		return nil, nil
	}), nil
}

func bindByteLength(name string, mul int) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inStringOrBinary)
		if err != nil {
			return nil, err
		}
		return fn1(name, args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
			switch x := a.(type) {
			case string:
				return int32(len(x) * mul), nil
			case []byte:
				return int32(len(x) * mul), nil
			}
			return nil, nil
		}), nil
	}
}

// bindTrim is trim/ltrim/rtrim/btrim(str[, chars]): spaces, or any of chars.
func bindTrim(name string, left, right bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 2, inString)
		if err != nil {
			return nil, err
		}
		do := func(s, set string) string {
			switch {
			case left && right:
				return strings.Trim(s, set)
			case left:
				return strings.TrimLeft(s, set)
			}
			return strings.TrimRight(s, set)
		}
		if len(args) == 1 {
			return fn1(name, args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
				return do(a.(string), " "), nil
			}), nil
		}
		f := fn2(name, args[0], args[1], sqltypes.String, func(_ *EvalContext, a, b any) (any, error) {
			return do(a.(string), b.(string)), nil
		})
		// With a trim set Spark prints the SQL standard form: TRIM(LEADING * FROM value);
		// btrim is its own expression and keeps its function-call name.
		if name == "btrim" {
			return f, nil
		}
		side := "BOTH"
		if !right {
			side = "LEADING"
		} else if !left {
			side = "TRAILING"
		}
		f.sql = "TRIM(" + side + " " + args[1].SQL() + " FROM " + args[0].SQL() + ")"
		return f, nil
	}
}

// bindPad is lpad/rpad(str, len, pad): cut to len characters, or pad with pad repeated;
// an empty pad leaves a shorter text as it is.
func bindPad(left bool) binder {
	name := "rpad"
	if left {
		name = "lpad"
	}
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 2 {
			c.Args = append(c.Args, Literal{Value: " ", Type: sqltypes.String})
		}
		args, err := r.bindArgs(c, 3, 3, inString, inInt, inString)
		if err != nil {
			return nil, err
		}
		return fn3(name, args[0], args[1], args[2], sqltypes.String, func(_ *EvalContext, a, b, p any) (any, error) {
			return padString(a.(string), int(b.(int32)), p.(string), left), nil
		}), nil
	}
}

func padString(s string, n int, pad string, left bool) string {
	if n <= 0 {
		return ""
	}
	rs := []rune(s)
	if len(rs) >= n || pad == "" {
		if len(rs) > n {
			return string(rs[:n])
		}
		return s
	}
	prs := []rune(pad)
	fill := make([]rune, 0, n-len(rs))
	for len(fill) < n-len(rs) {
		fill = append(fill, prs[len(fill)%len(prs)])
	}
	if left {
		return string(fill) + s
	}
	return s + string(fill)
}

func bindRepeat(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString, inInt)
	if err != nil {
		return nil, err
	}
	return fn2("repeat", args[0], args[1], sqltypes.String, func(_ *EvalContext, a, b any) (any, error) {
		n := int(b.(int32))
		if n <= 0 {
			return "", nil
		}
		return strings.Repeat(a.(string), n), nil
	}), nil
}

// bindConcatWS is concat_ws(sep, ...): NULLs are skipped, arrays of strings contribute
// their elements.
func bindConcatWS(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 0 {
		return nil, wrongArgs("concat_ws", "> 0", 0)
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	for i, a := range args {
		if at, ok := a.DataType().(sqltypes.ArrayType); ok && i > 0 {
			if !isString(at.Element) {
				args[i] = castTo(a, sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: true})
			}
			continue
		}
		b, ok := coerceTo(a, inString)
		if !ok {
			return nil, unexpectedInput(callSQL("concat_ws", args), i, inString, a)
		}
		args[i] = b
	}
	f := &boundFunc{name: "concat_ws", args: args, typ: sqltypes.String, nullable: args[0].Nullable(),
		fn: func(_ *EvalContext, v []any) (any, error) {
			if v[0] == nil {
				return nil, nil
			}
			sep := v[0].(string)
			var b strings.Builder
			first := true
			add := func(s string) {
				if !first {
					b.WriteString(sep)
				}
				b.WriteString(s)
				first = false
			}
			for _, x := range v[1:] {
				switch y := x.(type) {
				case string:
					add(y)
				case []any:
					for _, e := range y {
						if s, ok := e.(string); ok {
							add(s)
						}
					}
				}
			}
			return b.String(), nil
		}}
	return f, nil
}

// bindLeftRight is left/right(str, n).
func bindLeftRight(left bool) binder {
	name := "right"
	if left {
		name = "left"
	}
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inString, inInt)
		if err != nil {
			return nil, err
		}
		return fn2(name, args[0], args[1], sqltypes.String, func(_ *EvalContext, a, b any) (any, error) {
			n := int(b.(int32))
			rs := []rune(a.(string))
			if n <= 0 {
				return "", nil
			}
			if n >= len(rs) {
				return a, nil
			}
			if left {
				return string(rs[:n]), nil
			}
			return string(rs[len(rs)-n:]), nil
		}), nil
	}
}

// bindSubstringIndex is substring_index(str, delim, count): the text before the count-th
// delimiter (from the end when count < 0).
func bindSubstringIndex(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	return fn3("substring_index", args[0], args[1], args[2], sqltypes.String, func(_ *EvalContext, a, b, n any) (any, error) {
		s, d, count := a.(string), b.(string), int(n.(int32))
		if d == "" || count == 0 {
			return "", nil
		}
		if count > 0 {
			idx := -1
			for i := 0; i < count; i++ {
				j := strings.Index(s[idx+1:], d)
				if j < 0 {
					return s, nil
				}
				idx += 1 + j
				if i < count-1 {
					idx += len(d) - 1
				}
			}
			return s[:idx], nil
		}
		end := len(s)
		for i := 0; i < -count; i++ {
			j := strings.LastIndex(s[:end], d)
			if j < 0 {
				return s, nil
			}
			end = j
		}
		return s[end+len(d):], nil
	}), nil
}

// runeIndex is the 1-based character position of sub in s from character start (0-based),
// 0 when absent.
func runeIndex(s, sub string, start int) int {
	rs := []rune(s)
	if start > len(rs) {
		return 0
	}
	i := strings.Index(string(rs[start:]), sub)
	if i < 0 {
		return 0
	}
	return start + utf8.RuneCountInString(string(rs[start:])[:i]) + 1
}

func bindInstr(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	return fn2("instr", args[0], args[1], sqltypes.Integer, func(_ *EvalContext, a, b any) (any, error) {
		return int32(runeIndex(a.(string), b.(string), 0)), nil
	}), nil
}

// bindLocate is locate/position(substr, str[, pos]).
func bindLocate(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: int32(1), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	f := fn3(c.Name, args[0], args[1], args[2], sqltypes.Integer, func(_ *EvalContext, a, b, p any) (any, error) {
		pos := int(p.(int32))
		if pos < 1 {
			return int32(0), nil
		}
		return int32(runeIndex(b.(string), a.(string), pos-1)), nil
	})
	return f, nil
}

// bindReplace is replace(str, search[, replace]).
func bindReplace(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 2 {
		c.Args = append(c.Args, Literal{Value: "", Type: sqltypes.String})
	}
	args, err := r.bindArgs(c, 3, 3, inString)
	if err != nil {
		return nil, err
	}
	return fn3("replace", args[0], args[1], args[2], sqltypes.String, func(_ *EvalContext, a, b, d any) (any, error) {
		if b.(string) == "" {
			return a, nil
		}
		return strings.ReplaceAll(a.(string), b.(string), d.(string)), nil
	}), nil
}

// bindTranslate is translate(str, from, to): each character of from becomes the one at
// the same place in to, or is removed when to is shorter.
func bindTranslate(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString)
	if err != nil {
		return nil, err
	}
	return fn3("translate", args[0], args[1], args[2], sqltypes.String, func(_ *EvalContext, a, b, d any) (any, error) {
		from, to := []rune(b.(string)), []rune(d.(string))
		m := map[rune]rune{}
		for i, r := range from {
			if _, seen := m[r]; seen {
				continue
			}
			if i < len(to) {
				m[r] = to[i]
			} else {
				m[r] = -1
			}
		}
		var out strings.Builder
		for _, r := range a.(string) {
			if t, ok := m[r]; ok {
				if t >= 0 {
					out.WriteRune(t)
				}
				continue
			}
			out.WriteRune(r)
		}
		return out.String(), nil
	}), nil
}

// bindOverlay is overlay(input, replace, pos[, len]): replace len characters from pos
// (len -1: as many as replace has).
func bindOverlay(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 3 {
		c.Args = append(c.Args, Literal{Value: int32(-1), Type: sqltypes.Integer})
	}
	args, err := r.bindArgs(c, 4, 4, inString, inString, inInt, inInt)
	if err != nil {
		return nil, err
	}
	return fnN("overlay", args, sqltypes.String, func(_ *EvalContext, v []any) (any, error) {
		in, rep := []rune(v[0].(string)), []rune(v[1].(string))
		pos, n := int(v[2].(int32)), int(v[3].(int32))
		if n < 0 {
			n = len(rep)
		}
		head := substringOf(in, 1, pos-1)
		tail := substringOf(in, pos+n, 1<<31-1)
		return head + string(rep) + tail, nil
	}), nil
}

// bindSplitPart is split_part(str, delim, n): the n-th piece (from the end when n < 0),
// "" past the last; n = 0 is an error.
func bindSplitPart(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	return fn3("split_part", args[0], args[1], args[2], sqltypes.String, func(_ *EvalContext, a, b, p any) (any, error) {
		s, d, n := a.(string), b.(string), int(p.(int32))
		if n == 0 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_INDEX_OF_ZERO", Message: "The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1)."}
		}
		var parts []string
		if d == "" {
			parts = []string{s}
		} else {
			parts = strings.Split(s, d)
		}
		if n < 0 {
			n += len(parts) + 1
		}
		if n < 1 || n > len(parts) {
			return "", nil
		}
		return parts[n-1], nil
	}), nil
}

func bindASCII(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	return fn1("ascii", args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
		s := a.(string)
		if s == "" {
			return int32(0), nil
		}
		r, _ := utf8.DecodeRuneInString(s)
		return int32(r), nil
	}), nil
}

// bindChr is chr/char(n): the character n mod 256; negative n gives "".
func bindChr(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inLong)
	if err != nil {
		return nil, err
	}
	return fn1(c.Name, args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
		n := a.(int64)
		if n < 0 {
			return "", nil
		}
		return string(rune(n % 256)), nil
	}), nil
}

func bindBase64(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inBinary)
	if err != nil {
		return nil, err
	}
	return fn1("base64", args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
		return base64.StdEncoding.EncodeToString(a.([]byte)), nil
	}), nil
}

// bindUnbase64 decodes as Java's MIME decoder does: characters outside the alphabet are
// skipped.
func bindUnbase64(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	return fn1("unbase64", args[0], sqltypes.Binary, func(_ *EvalContext, a any) (any, error) {
		out, ok := mimeBase64Decode(a.(string))
		if !ok {
			return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "CONVERSION_INVALID_INPUT", Message: fmt.Sprintf(
				"The value %s (%s) cannot be converted to %s because it is malformed. Correct the value as per the syntax, or change its format. Use %s to tolerate malformed input and return NULL instead.",
				sqltypes.SQLValue(a, sqltypes.String, nil), quoteSQL("STRING"), quoteSQL("BINARY"), "`try_to_binary`")}
		}
		return out, nil
	}), nil
}

// strictBase64Decode is to_binary's base64: spaces are ignored, any other character
// outside the alphabet (and trailing padding) makes the text invalid.
func strictBase64Decode(s string) ([]byte, bool) {
	s = strings.TrimRight(strings.ReplaceAll(s, " ", ""), "=")
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return nil, false
		}
	}
	if len(s)%4 == 1 {
		return nil, false
	}
	out, err := base64.RawStdEncoding.DecodeString(s)
	return out, err == nil
}

func mimeBase64Decode(s string) ([]byte, bool) {
	var clean []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' {
			clean = append(clean, c)
		}
		if c == '=' {
			break
		}
	}
	if len(clean)%4 == 1 {
		return nil, false
	}
	out, err := base64.RawStdEncoding.DecodeString(string(clean))
	return out, err == nil
}

// bindHex is hex(x): upper-case hex of a string's bytes or a binary, or of a number's
// two's complement (as Long.toHexString).
func bindHex(r *resolver, c Call) (Bound, error) {
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	if len(args) != 1 {
		return nil, wrongArgs("hex", "1", len(args))
	}
	a := args[0]
	switch t := a.DataType(); {
	case sqltypes.IsIntegral(t):
		a = castTo(a, sqltypes.Long)
	case isString(t), isBinary(t):
	default:
		b, ok := coerceTo(a, inString)
		if !ok || isNumeric(t) {
			return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
				"Cannot resolve %s due to data type mismatch: The first parameter requires the (\"BIGINT\" or \"BINARY\" or \"STRING\") type, however %s has the type %s.",
				quoteSQL("hex("+a.SQL()+")"), quoteSQL(a.SQL()), quoteSQL(t.SQL()))
		}
		a = b
	}
	return fn1("hex", a, sqltypes.String, func(_ *EvalContext, v any) (any, error) {
		switch x := v.(type) {
		case int64:
			return strings.ToUpper(fmt.Sprintf("%x", uint64(x))), nil
		case string:
			return strings.ToUpper(hex.EncodeToString([]byte(x))), nil
		case []byte:
			return strings.ToUpper(hex.EncodeToString(x)), nil
		}
		return nil, nil
	}), nil
}

// bindUnhex is unhex(str): the bytes of hex digits (an odd count gets a leading 0), NULL
// for anything that is not hex.
func bindUnhex(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	return fn1("unhex", args[0], sqltypes.Binary, func(_ *EvalContext, a any) (any, error) {
		s := a.(string)
		if len(s)%2 == 1 {
			s = "0" + s
		}
		out, err := hex.DecodeString(s)
		if err != nil {
			return nil, nil
		}
		return out, nil
	}).withNullable(true), nil
}

func bindContains(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inStringOrBinary)
	if err != nil {
		return nil, err
	}
	if isBinary(args[0].DataType()) != isBinary(args[1].DataType()) {
		args[0], args[1] = castTo(args[0], sqltypes.String), castTo(args[1], sqltypes.String)
	}
	return fn2("contains", args[0], args[1], sqltypes.Boolean, func(_ *EvalContext, a, b any) (any, error) {
		switch x := a.(type) {
		case string:
			return strings.Contains(x, b.(string)), nil
		case []byte:
			return strings.Contains(string(x), string(b.([]byte))), nil
		}
		return nil, nil
	}), nil
}

// bindLevenshtein is levenshtein(a, b[, threshold]): -1 when the distance passes the
// threshold.
func bindLevenshtein(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3, inString, inString, inInt)
	if err != nil {
		return nil, err
	}
	if len(args) == 2 {
		return fn2("levenshtein", args[0], args[1], sqltypes.Integer, func(_ *EvalContext, a, b any) (any, error) {
			return int32(levenshtein(a.(string), b.(string))), nil
		}), nil
	}
	return fn3("levenshtein", args[0], args[1], args[2], sqltypes.Integer, func(_ *EvalContext, a, b, t any) (any, error) {
		d := levenshtein(a.(string), b.(string))
		if d > int(t.(int32)) {
			return int32(-1), nil
		}
		return int32(d), nil
	}), nil
}

// bindMask is mask(str, upper, lower, digit, other): each letter or digit replaced by its
// class's character (NULL keeps the class as it is).
func bindMask(r *resolver, c Call) (Bound, error) {
	defaults := []string{"X", "x", "n"}
	for len(c.Args) < 5 {
		if len(c.Args)-1 < len(defaults) {
			c.Args = append(c.Args, Literal{Value: defaults[len(c.Args)-1], Type: sqltypes.String})
		} else {
			c.Args = append(c.Args, Literal{Value: nil, Type: sqltypes.Null})
		}
	}
	args, err := r.bindArgs(c, 5, 5, inString)
	if err != nil {
		return nil, err
	}
	repl := make([]rune, 4)
	for i, a := range args[1:] {
		v, ok := literalArg(a)
		if !ok {
			return nil, nonFoldable([]string{"upperChar", "lowerChar", "digitChar", "otherChar"}[i], `"STRING"`, a, callSQL("mask", args))
		}
		repl[i] = -1
		if s, ok := v.(string); ok {
			rs := []rune(s)
			if len(rs) != 1 {
				return nil, analysisErr("DATATYPE_MISMATCH.INPUT_SIZE_NOT_ONE", "Cannot resolve %s due to data type mismatch: Length of `%s` should be 1.", quoteSQL(callSQL("mask", args)), []string{"upperChar", "lowerChar", "digitChar", "otherChar"}[i])
			}
			repl[i] = rs[0]
		}
	}
	return &boundFunc{name: "mask", args: args, typ: sqltypes.String, nullable: args[0].Nullable(),
		fn1: func(_ *EvalContext, a any) (any, error) {
			var b strings.Builder
			for _, ch := range a.(string) {
				k := 3
				switch {
				case unicode.IsUpper(ch):
					k = 0
				case unicode.IsLower(ch):
					k = 1
				case unicode.IsDigit(ch):
					k = 2
				}
				if repl[k] >= 0 {
					b.WriteRune(repl[k])
				} else {
					b.WriteRune(ch)
				}
			}
			return b.String(), nil
		}, nullIntolerant: true}, nil
}

func bindFindInSet(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	return fn2("find_in_set", args[0], args[1], sqltypes.Integer, func(_ *EvalContext, a, b any) (any, error) {
		s := a.(string)
		if strings.Contains(s, ",") {
			return int32(0), nil
		}
		for i, p := range strings.Split(b.(string), ",") {
			if p == s {
				return int32(i + 1), nil
			}
		}
		return int32(0), nil
	}), nil
}

// bindElt is elt(n, v1, v2, ...): the n-th value; out of range is an error in ANSI mode.
func bindElt(r *resolver, c Call) (Bound, error) {
	if len(c.Args) < 2 {
		return nil, wrongArgs("elt", "> 1", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	if a, ok := coerceTo(args[0], inInt); ok {
		args[0] = a
	} else {
		return nil, unexpectedInput(callSQL("elt", args), 0, inInt, args[0])
	}
	t := sqltypes.DataType(sqltypes.Null)
	for _, a := range args[1:] {
		if nt, ok := comparisonType(t, a.DataType()); ok {
			t = nt
		}
	}
	if !isBinary(t) {
		t = sqltypes.String
	}
	for i := 1; i < len(args); i++ {
		args[i] = castTo(args[i], t)
	}
	n := len(args) - 1
	return &boundFunc{name: "elt", args: args, typ: t, nullable: true, fn: func(ec *EvalContext, v []any) (any, error) {
		if v[0] == nil {
			return nil, nil
		}
		i := int(v[0].(int32))
		if i < 1 || i > n {
			if ec.Ansi {
				return nil, arrayIndexError("INVALID_ARRAY_INDEX", i, n)
			}
			return nil, nil
		}
		return v[i], nil
	}}, nil
}

// javaURLEncode is URLEncoder.encode(s, UTF-8): letters, digits and .-*_ stay, space is +.
func javaURLEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '*' || c == '_':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func bindURLEncode(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	return fn1("url_encode", args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
		return javaURLEncode(a.(string)), nil
	}), nil
}

func bindURLDecode(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inString)
		if err != nil {
			return nil, err
		}
		return fn1(name, args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
			out, err := url.QueryUnescape(a.(string))
			if err != nil {
				if try {
					return nil, nil
				}
				return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "CANNOT_DECODE_URL", Message: fmt.Sprintf(
					"The provided URL cannot be decoded: %s. Please ensure that the URL is properly formatted and try again.", a)}
			}
			return out, nil
		}).withNullable(try || args[0].Nullable()), nil
	}
}

// bindToBinary is to_binary(str[, fmt]): fmt hex (the default), utf-8 or base64.
func bindToBinary(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 1 {
			c.Args = append(c.Args, Literal{Value: "hex", Type: sqltypes.String})
		}
		args, err := r.bindArgs(c, 2, 2, inString)
		if err != nil {
			return nil, err
		}
		f, ok := stringLiteral(args[1])
		format := strings.ToLower(f)
		if !ok || (format != "hex" && format != "utf-8" && format != "utf8" && format != "base64") {
			return nil, analysisErr("INVALID_PARAMETER_VALUE.BINARY_FORMAT",
				"The value of parameter(s) `format` in `%s` is invalid: expects one of binary formats 'base64', 'hex', 'utf-8', but got '%s'.", name, f)
		}
		sqlArgs := []string{args[0].SQL(), args[1].SQL()}
		if len(c.Args) == 1 {
			sqlArgs = sqlArgs[:1]
		}
		return fn1(name, args[0], sqltypes.Binary, func(_ *EvalContext, a any) (any, error) {
			s := a.(string)
			var out []byte
			ok := true
			switch format {
			case "hex":
				if len(s)%2 == 1 {
					s = "0" + s
				}
				var err error
				out, err = hex.DecodeString(s)
				ok = err == nil
			case "base64":
				out, ok = strictBase64Decode(s)
			default:
				out = []byte(s)
			}
			if !ok {
				if try {
					return nil, nil
				}
				return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "CONVERSION_INVALID_INPUT", Message: fmt.Sprintf(
					"The value %s (%s) cannot be converted to %s because it is malformed. Correct the value as per the syntax, or change its format. Use %s to tolerate malformed input and return NULL instead.",
					sqltypes.SQLValue(s, sqltypes.String, nil), quoteSQL("STRING"), quoteSQL("BINARY"), "`try_to_binary`")}
			}
			return out, nil
		}).withNullable(true).withSQL(sqlArgs...), nil
	}
}

// bindUTF8Check: strings in kafkalab are always valid UTF-8, so the checks pass through.
func bindUTF8Check(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(c.Name)
	if name == "is_valid_utf8" {
		return fn1(name, args[0], sqltypes.Boolean, func(_ *EvalContext, a any) (any, error) {
			return utf8.ValidString(a.(string)), nil
		}), nil
	}
	return fn1(name, args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
		s := a.(string)
		if utf8.ValidString(s) {
			return s, nil
		}
		switch name {
		case "make_valid_utf8":
			return strings.ToValidUTF8(s, "\uFFFD"), nil
		case "try_validate_utf8":
			return nil, nil
		}
		return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_UTF8_STRING", Message: "Invalid UTF8 byte sequence found in string."}
	}), nil
}

// collations kafkalab knows the names of (it compares every string by its bytes).
var collations = map[string]string{"UTF8_BINARY": "UTF8_BINARY", "UTF8_LCASE": "UTF8_LCASE", "UNICODE": "UNICODE", "UNICODE_CI": "UNICODE_CI"}

// boundCollate carries a collation name; the value is unchanged.
type boundCollate struct {
	child     Bound
	collation string
}

func (b *boundCollate) DataType() sqltypes.DataType { return sqltypes.String }
func (b *boundCollate) Nullable() bool              { return b.child.Nullable() }
func (b *boundCollate) SQL() string                 { return "collate(" + b.child.SQL() + ", " + b.collation + ")" }
func (b *boundCollate) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	return b.child.Eval(c, row)
}

func bindCollate(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	name, ok := stringLiteral(args[1])
	if !ok {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "UNEXPECTED_INPUT_TYPE", "paramIndex", "second",
			"functionName", "`collate`", "requiredType", `"STRING"`, "inputSql", quoteSQL(args[1].SQL()), "inputType", quoteSQL(args[1].DataType().SQL()))
	}
	canon, ok := collations[strings.ToUpper(name)]
	if !ok {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "COLLATION_INVALID_NAME", "collationName", quoteSQL(name), "proposals", "")
	}
	if canon != "UTF8_BINARY" {
		return &boundCollate{child: args[0], collation: canon}, nil
	}
	return &boundCollate{child: args[0], collation: name}, nil
}

func bindCollation(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	name := "UTF8_BINARY"
	if cb, ok := args[0].(*boundCollate); ok {
		name = strings.ToUpper(cb.collation)
	}
	return &boundFunc{name: "collation", args: args, typ: sqltypes.String, fn1: func(*EvalContext, any) (any, error) {
		return "SYSTEM.BUILTIN." + name, nil
	}}, nil
}

// bindStrToMap is str_to_map(text, pairDelim, keyValueDelim): the delimiters are regular
// expressions; a repeated key is DUPLICATED_MAP_KEY.
func bindStrToMap(r *resolver, c Call) (Bound, error) {
	for len(c.Args) < 3 {
		c.Args = append(c.Args, Literal{Value: []string{",", ":"}[len(c.Args)-1], Type: sqltypes.String})
	}
	args, err := r.bindArgs(c, 3, 3, inString)
	if err != nil {
		return nil, err
	}
	typ := sqltypes.MapType{Key: sqltypes.String, Value: sqltypes.String, ValueContainsNull: true}
	var cache regexCache
	var cache2 regexCache
	return fn3("str_to_map", args[0], args[1], args[2], typ, func(_ *EvalContext, a, b, d any) (any, error) {
		pairRe, err := cache.get(b.(string))
		if err != nil {
			return nil, err
		}
		kvRe, err := cache2.get(d.(string))
		if err != nil {
			return nil, err
		}
		m := &sqltypes.MapValue{}
		seen := map[string]bool{}
		for _, pair := range javaSplit(pairRe, a.(string), -1) {
			kv := javaSplit(kvRe, pair, 2)
			k := kv[0]
			if seen[k] {
				return nil, duplicateMapKey(k)
			}
			seen[k] = true
			m.Keys = append(m.Keys, k)
			if len(kv) > 1 {
				m.Values = append(m.Values, kv[1])
			} else {
				m.Values = append(m.Values, nil)
			}
		}
		return m, nil
	}), nil
}

func duplicateMapKey(k any) error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "DUPLICATED_MAP_KEY", Message: fmt.Sprintf(
		"Duplicate map key %v was found, please check the input data. If you want to remove the duplicated keys, you can set \"spark.sql.mapKeyDedupPolicy\" to \"LAST_WIN\" so that the key inserted at last takes precedence.", k)}
}

// bindSentences splits text into sentences of words (letters, digits and apostrophes).
func bindSentences(r *resolver, c Call) (Bound, error) {
	for len(c.Args) < 3 {
		c.Args = append(c.Args, Literal{Value: "", Type: sqltypes.String})
	}
	args, err := r.bindArgs(c, 3, 3, inString)
	if err != nil {
		return nil, err
	}
	typ := sqltypes.ArrayType{Element: sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: true}, ContainsNull: true}
	return &boundFunc{name: "sentences", args: args, typ: typ, nullable: args[0].Nullable(), nullIntolerant: true,
		fn: func(_ *EvalContext, v []any) (any, error) {
			out := []any{}
			var words []any
			var word strings.Builder
			flushWord := func() {
				if word.Len() > 0 {
					words = append(words, word.String())
					word.Reset()
				}
			}
			flushSentence := func() {
				flushWord()
				if len(words) > 0 {
					out = append(out, words)
					words = nil
				}
			}
			for _, ch := range v[0].(string) {
				switch {
				case unicode.IsLetter(ch) || unicode.IsDigit(ch) || ch == '\'' || ch == '.' && word.Len() > 0 && unicode.IsDigit(lastRune(word.String())):
					word.WriteRune(ch)
				case ch == '.' || ch == '!' || ch == '?':
					flushSentence()
				default:
					flushWord()
				}
			}
			flushSentence()
			return out, nil
		}}, nil
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// bindParseURL is parse_url(url, part[, key]) with Java's URI parts.
func bindParseURL(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 3, inString)
		if err != nil {
			return nil, err
		}
		return &boundFunc{name: name, args: args, typ: sqltypes.String, nullable: true, nullIntolerant: true,
			fn: func(_ *EvalContext, v []any) (any, error) {
				u, err := url.Parse(v[0].(string))
				if err != nil || strings.ContainsAny(v[0].(string), " ") {
					if try {
						return nil, nil
					}
					return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_URL", Message: fmt.Sprintf(
						"The url is invalid: %s. Use `try_parse_url` to tolerate invalid URL and return NULL instead.", v[0])}
				}
				part := v[1].(string)
				var out string
				switch part {
				case "HOST":
					out = u.Hostname()
				case "PATH":
					out = u.EscapedPath()
				case "QUERY":
					if u.RawQuery == "" && !u.ForceQuery {
						return nil, nil
					}
					out = u.RawQuery
					if len(v) == 3 {
						for _, kv := range strings.Split(out, "&") {
							k, val, _ := strings.Cut(kv, "=")
							if k == v[2].(string) {
								return val, nil
							}
						}
						return nil, nil
					}
				case "REF":
					if u.Fragment == "" {
						return nil, nil
					}
					out = u.EscapedFragment()
				case "PROTOCOL":
					out = u.Scheme
				case "FILE":
					out = u.EscapedPath()
					if u.RawQuery != "" {
						out += "?" + u.RawQuery
					}
				case "AUTHORITY":
					out = u.Host
					if u.User != nil {
						out = u.User.String() + "@" + out
					}
				case "USERINFO":
					if u.User == nil {
						return nil, nil
					}
					out = u.User.String()
				default:
					return nil, nil
				}
				if out == "" && part != "PATH" && part != "FILE" {
					return nil, nil
				}
				return out, nil
			}}, nil
	}
}
