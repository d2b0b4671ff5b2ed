package sqltypes

import "strings"

// JSONFields is one document's top-level fields as ParseFields leaves them, unboxed, for
// a caller that copies them into typed vectors (the columnar projection of #18): field i
// is null when Null[i], else its value is I64[i] (INT, BIGINT, the unscaled value of a
// DECIMAL with precision <= 18 at the type's scale, TIMESTAMP microseconds) or Str[i]
// (STRING), by the field's type. A field of any other type is parsed and checked as
// ParseIntoBoxed does, and its value dropped: Null[i] is then meaningless.
type JSONFields struct {
	Null []bool
	I64  []int64
	Str  []string
	// Odd is set when some field's value has no form here (a decimal not at its type's
	// scale or too wide for its precision, which ParseDecimal does not give today): the
	// caller then takes ParseIntoBoxed's way for the document.
	Odd bool
}

// fieldsKind reports whether a top-level field of kind k has a typed form in JSONFields.
func fieldsKind(k typeKind, t DataType) bool {
	switch k {
	case kInt, kLong, kString, kTimestamp:
		return true
	case kDecimal:
		return t.(DecimalType).Precision <= 18
	}
	return false
}

// ParseFields parses s as ParseIntoBoxed does and leaves its top-level fields in f,
// without boxing a value: for every field of a typed kind (see JSONFields), f holds
// exactly what ParseIntoBoxed's row would (a nil value there is Null here), including
// for blank input (a null struct), malformed input and a non-object document (every
// field null), values that do not fit (null, or the earlier value of a repeated key)
// and repeated keys (the last value that fits). The strings share s's memory, as
// ParseIntoBoxed's do.
func (r *JSONReader) ParseFields(s string, f *JSONFields) {
	n := len(r.root.names)
	if cap(f.Null) < n {
		f.Null, f.I64, f.Str = make([]bool, n), make([]int64, n), make([]string, n)
	}
	f.Null, f.I64, f.Str = f.Null[:n], f.I64[:n], f.Str[:n]
	for i := range f.Null {
		f.Null[i] = true
	}
	f.Odd = false
	s = validUTF8(s)
	sc := jsonScanner{s: s, loc: r.loc, parseTS: r.parseTS, unquoted: r.unquotedNames}
	sc.skipWS()
	if sc.i >= len(s) || s[sc.i] != '{' || !sc.objectFields(r.root, f) {
		// Blank (a null struct), not an object or malformed (a row of nulls): every
		// field is null either way.
		for i := range f.Null {
			f.Null[i] = true
		}
		f.Odd = false
	}
}

// objectFields is objectInto for the top-level object into f (see ParseFields); ok is
// false on a syntax error.
func (sc *jsonScanner) objectFields(p *structPlan, f *JSONFields) bool {
	sc.i++ // '{'
	sc.skipWS()
	if sc.i < len(sc.s) && sc.s[sc.i] == '}' {
		sc.i++
		return true
	}
	hint := 0
	for {
		idx := hint
		if !sc.knownKey(p, hint) {
			key, ok := sc.fieldName()
			if !ok {
				return false
			}
			idx = p.index(key, hint)
		}
		sc.skipWS()
		if sc.i >= len(sc.s) || sc.s[sc.i] != ':' {
			return false
		}
		sc.i++
		sc.skipWS()
		if idx >= 0 {
			hint = idx + 1
			k, t := p.kinds[idx], p.types[idx]
			if fieldsKind(k, t) {
				if !sc.fieldValue(k, t, f, idx) {
					return false
				}
			} else {
				sc.asField = true
				_, good, ok := sc.value(k, t, p.subs[idx])
				if !ok {
					return false
				}
				if !good {
					sc.bad = true
				}
			}
		} else if !sc.skipValue() {
			return false
		}
		sc.skipWS()
		if sc.i >= len(sc.s) {
			return false
		}
		switch sc.s[sc.i] {
		case ',':
			sc.i++
			sc.skipWS()
		case '}':
			sc.i++
			return true
		default:
			return false
		}
	}
}

// knownKey reads the object key at sc.i when it is field hint's name in double quotes and
// the name is plain (the common case: documents write their keys in schema order), by
// comparing it in place: what fieldName and index would give, hint, without scanning
// the key. It reports false, reading nothing, otherwise.
func (sc *jsonScanner) knownKey(p *structPlan, hint int) bool {
	if hint >= len(p.names) || !p.plain[hint] {
		return false
	}
	name := p.names[hint]
	end := sc.i + 1 + len(name)
	if end >= len(sc.s) || sc.s[sc.i] != '"' || sc.s[end] != '"' || sc.s[sc.i+1:end] != name {
		return false
	}
	sc.i = end + 1
	return true
}

// smallNumber reads tok, a JSON number token (number's grammar) without an exponent and
// with at most 18 digits, as its digits' value u, its sign and the number of digits after
// the point; ok is false for any other token.
func smallNumber(tok string) (u int64, frac int, neg, ok bool) {
	i := 0
	if tok[0] == '-' {
		neg, i = true, 1
	}
	digits := 0
	frac = -1
	for ; i < len(tok); i++ {
		switch c := tok[i]; {
		case c >= '0' && c <= '9':
			if digits++; digits > 18 {
				return 0, 0, false, false
			}
			u = u*10 + int64(c-'0')
			if frac >= 0 {
				frac++
			}
		case c == '.' && frac < 0:
			frac = 0
		default: // an exponent, or a special token
			return 0, 0, false, false
		}
	}
	return u, max(frac, 0), neg, true
}

// fieldValue is value for field idx of a typed kind, the result stored in f: a value
// that does not fit leaves the field as it was, as objectInto does. ok is false on a
// syntax error. The common tokens (a string, an integer, a number for a decimal, null)
// are converted here with the helpers value uses; any other goes through value itself.
func (sc *jsonScanner) fieldValue(k typeKind, t DataType, f *JSONFields, idx int) bool {
	if sc.i >= len(sc.s) {
		return false
	}
	switch c := sc.s[sc.i]; {
	case c == 'n' && strings.HasPrefix(sc.s[sc.i:], "null"):
		sc.i += 4
		if !sc.atValueEnd() {
			return false
		}
		f.Null[idx] = true
		return true
	case c == '"' || c == '\'':
		str, ok := sc.str()
		if !ok {
			return false
		}
		switch k {
		case kString:
			f.Str[idx], f.Null[idx] = str, false
		case kTimestamp:
			ts, ok := sc.timestampFromString(str)
			if !ok {
				sc.bad = true
				return true
			}
			f.I64[idx], f.Null[idx] = int64(ts), false
		case kDecimal:
			d, ok := decimalFromString(str, t.(DecimalType))
			if !ok {
				sc.bad = true
				return true
			}
			f.setDecimal(idx, d, t.(DecimalType))
		default: // INT, BIGINT: fromString takes no string
			sc.bad = true
		}
		return true
	case (c == '-' || (c >= '0' && c <= '9')) && k != kString:
		start := sc.i
		isInt, special, ok := sc.number()
		if !ok {
			return false
		}
		tok := sc.s[start:sc.i]
		u, frac, neg, small := uint64(0), 0, false, false
		if !special {
			var v int64
			v, frac, neg, small = smallNumber(tok)
			u = uint64(v)
		}
		if k == kDecimal {
			if special {
				sc.bad = true
				return true
			}
			dt := t.(DecimalType)
			// ParseDecimal's result without it when no rounding is needed: the digits
			// scaled up to the type's scale, null when wider than its precision.
			if small && frac <= dt.Scale && frac+18 >= dt.Scale {
				if u == 0 {
					f.I64[idx], f.Null[idx] = 0, false
					return true
				}
				if n := decimalDigits(u) + dt.Scale - frac; n > dt.Precision {
					sc.bad = true
					return true
				}
				v := int64(u) * pow10[dt.Scale-frac]
				if neg {
					v = -v
				}
				f.I64[idx], f.Null[idx] = v, false
				return true
			}
			d, ok := ParseDecimal(tok, dt.Precision, dt.Scale)
			if !ok {
				sc.bad = true
				return true
			}
			f.setDecimal(idx, d, dt)
			return true
		}
		if !isInt || special {
			sc.bad = true
			return true
		}
		n, ok := int64(u), small
		if neg {
			n = -n
		}
		if !small {
			n, ok = parseJSONInt(tok)
		}
		if ok && k != kLong {
			n, ok = intTokenTo(k, n)
		}
		if !ok {
			sc.bad = true
			return true
		}
		f.I64[idx], f.Null[idx] = n, false
		return true
	}
	v, good, ok := sc.value(k, t, nil)
	if !ok {
		return false
	}
	if !good {
		sc.bad = true
		return true
	}
	switch x := v.(type) {
	case nil:
		f.Null[idx] = true
	case int32:
		f.I64[idx], f.Null[idx] = int64(x), false
	case int64:
		f.I64[idx], f.Null[idx] = x, false
	case Timestamp:
		f.I64[idx], f.Null[idx] = int64(x), false
	case string:
		f.Str[idx], f.Null[idx] = x, false
	case Decimal:
		f.setDecimal(idx, x, t.(DecimalType))
	default:
		f.Odd = true
	}
	return true
}

// decimalDigits is how many decimal digits u > 0 has.
func decimalDigits(u uint64) int {
	n := 1
	for n < len(pow10) && u >= uint64(pow10[n]) {
		n++
	}
	return n
}

// setDecimal stores d as field idx's unscaled value when it is at dt's scale and fits its
// precision (as ColumnVector.Append takes a decimal), else marks f Odd.
func (f *JSONFields) setDecimal(idx int, d Decimal, dt DecimalType) {
	limit := pow10[dt.Precision] // fieldsKind: precision <= 18
	if d.Big != nil || d.Scale != int32(dt.Scale) || d.Unscaled >= limit || d.Unscaled <= -limit {
		f.Odd = true
		return
	}
	f.I64[idx], f.Null[idx] = d.Unscaled, false
}
