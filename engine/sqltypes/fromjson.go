package sqltypes

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// JSONReader parses JSON text into rows of one schema with Spark's from_json semantics in
// PERMISSIVE mode (JacksonParser with spark.sql.json.enablePartialResults=true):
//   - empty or blank input -> nil (a null struct);
//   - malformed JSON, or a top-level value that is not an object (JSON null too) -> a row of
//     all nulls;
//   - a field whose value has the wrong type or does not fit -> that field null, the rest kept;
//   - keys not in the schema are ignored, missing keys are null, names match case-sensitively,
//     a repeated key keeps its last value; anything after the first top-level value is ignored.
//
// Type rules (JacksonParser.makeConverter): integers only from JSON integers in range;
// float/double from any number and the strings "NaN", "Infinity", "+INF", "-Infinity",
// "-INF"; decimals from numbers or strings (commas removed), rounded HALF_UP, null when
// too wide; strings from strings, or the JSON text of any other value; timestamps from
// ISO-8601 strings in the session zone or JSON integers (seconds since the epoch); dates
// from date strings or a string of days since the epoch; binary from base64 strings.
// Parser options are Spark's defaults: single-quoted strings allowed, NaN/Infinity number
// tokens allowed, no comments, no leading zeros, no unquoted control characters.
//
// A JSONReader is safe for concurrent use.
type JSONReader struct {
	schema *StructType
	loc    *time.Location
	root   *structPlan
	// parseTS, when set, reads timestamps (from_json's timestampFormat option); Spark then
	// reads them with that pattern only.
	parseTS func(string, *time.Location) (Timestamp, bool)
	// unquotedNames accepts object keys without quotes (allowUnquotedFieldNames).
	unquotedNames bool
}

// WithUnquotedFieldNames makes the reader accept object keys written without quotes, as
// Jackson's ALLOW_UNQUOTED_FIELD_NAMES does (from_json's allowUnquotedFieldNames option).
func (r *JSONReader) WithUnquotedFieldNames() *JSONReader {
	r.unquotedNames = true
	return r
}

// WithTimestampParser makes the reader read timestamps with parse (a timestampFormat).
func (r *JSONReader) WithTimestampParser(parse func(string, *time.Location) (Timestamp, bool)) *JSONReader {
	r.parseTS = parse
	return r
}

type structPlan struct {
	names  []string
	types  []DataType
	kinds  []typeKind
	subs   []*structPlan // nested struct plans (per field), nil otherwise
	lookup map[string]int
	// plain[i]: names[i] holds no byte str stops at, so a key equal to it can be matched
	// in place (see knownKey).
	plain []bool
}

type typeKind uint8

const (
	kOther typeKind = iota
	kByte
	kShort
	kInt
	kLong
	kFloat
	kDouble
	kDecimal
	kString
	kBinary
	kBool
	kDate
	kTimestamp
	kTimestampNTZ
	kTime
	kStruct
	kArray
	kMap
	kNull
)

func kindOf(t DataType) typeKind {
	switch t.(type) {
	case ByteType:
		return kByte
	case ShortType:
		return kShort
	case IntegerType:
		return kInt
	case LongType:
		return kLong
	case FloatType:
		return kFloat
	case DoubleType:
		return kDouble
	case DecimalType:
		return kDecimal
	case StringType:
		return kString
	case BinaryType:
		return kBinary
	case BooleanType:
		return kBool
	case DateType:
		return kDate
	case TimestampType:
		return kTimestamp
	case TimestampNTZType:
		return kTimestampNTZ
	case TimeType:
		return kTime
	case *StructType:
		return kStruct
	case ArrayType:
		return kArray
	case MapType:
		return kMap
	case NullType:
		return kNull
	}
	return kOther
}

func newStructPlan(st *StructType) *structPlan {
	p := &structPlan{}
	for _, f := range st.Fields {
		p.names = append(p.names, f.Name)
		p.types = append(p.types, f.Type)
		p.kinds = append(p.kinds, kindOf(f.Type))
		var sub *structPlan
		if s, ok := f.Type.(*StructType); ok {
			sub = newStructPlan(s)
		}
		p.subs = append(p.subs, sub)
		plain := true
		for i := 0; i < len(f.Name); i++ {
			plain = plain && !strStop[f.Name[i]]
		}
		p.plain = append(p.plain, plain)
	}
	if len(p.names) > 8 {
		p.lookup = make(map[string]int, len(p.names))
		for i := len(p.names) - 1; i >= 0; i-- {
			p.lookup[p.names[i]] = i
		}
	}
	return p
}

// index finds a field; hint is the field expected next (JSON keys usually follow schema order).
func (p *structPlan) index(key string, hint int) int {
	if hint < len(p.names) && p.names[hint] == key {
		return hint
	}
	if p.lookup != nil {
		if i, ok := p.lookup[key]; ok {
			return i
		}
		return -1
	}
	for i, n := range p.names {
		if n == key {
			return i
		}
	}
	return -1
}

// NewJSONReader prepares a reader for schema; loc is the session time zone.
func NewJSONReader(schema *StructType, loc *time.Location) *JSONReader {
	if loc == nil {
		loc = time.UTC
	}
	return &JSONReader{schema: schema, loc: loc, root: newStructPlan(schema)}
}

// Parse reads one JSON document (see JSONReader). It copies data once.
func (r *JSONReader) Parse(data []byte) Row {
	if len(data) == 0 {
		return nil
	}
	return r.ParseString(string(data))
}

// ParseString is Parse for text already held as a string; the strings in the result share
// its memory.
func (r *JSONReader) ParseString(s string) Row {
	return r.parseInto(s, nil)
}

// ParseBatch parses many values at once (nil entries give nil rows), appending to out. It
// copies all input into one string and carves the top-level rows out of one slab, so a batch
// costs two allocations plus the boxed field values: use it for Kafka batches.
func (r *JSONReader) ParseBatch(values [][]byte, out []Row) []Row {
	total := 0
	for _, v := range values {
		total += len(v)
	}
	var sb strings.Builder // Builder hands its buffer over without a second copy
	sb.Grow(total)
	for _, v := range values {
		sb.Write(v)
	}
	all := sb.String()
	nf := len(r.root.names)
	slab := make([]any, nf*len(values))
	off := 0
	for i, v := range values {
		if v == nil {
			out = append(out, nil)
			continue
		}
		s := all[off : off+len(v)]
		off += len(v)
		out = append(out, r.parseInto(s, slab[i*nf:(i+1)*nf:(i+1)*nf]))
	}
	return out
}

// ParseInto is ParseString into row, a row of the schema's width that is cleared first and
// returned (nil when s holds no document). A caller that parses many documents, and keeps
// only the field values, can give the same row every time.
func (r *JSONReader) ParseInto(s string, row Row) Row {
	clear(row)
	return r.parseInto(s, row)
}

// JSONBoxes box the numbers, decimals, timestamps and strings a parse produces from slabs
// (see BoxSlab): five fewer allocations per course event. One goroutine's: a JSONReader is
// shared, its caller's boxes are not.
type JSONBoxes struct {
	i32 BoxSlab[int32]
	i64 BoxSlab[int64]
	f64 BoxSlab[float64]
	ts  BoxSlab[Timestamp]
	dec BoxSlab[Decimal]
	str BoxSlab[string]
}

// The methods box as Go does when b is nil.
func (b *JSONBoxes) int32(v int32) any {
	if b == nil {
		return v
	}
	return b.i32.Box(v)
}

func (b *JSONBoxes) int64(v int64) any {
	if b == nil {
		return v
	}
	return b.i64.Box(v)
}

func (b *JSONBoxes) float64(v float64) any {
	if b == nil {
		return v
	}
	return b.f64.Box(v)
}

func (b *JSONBoxes) timestamp(v Timestamp) any {
	if b == nil {
		return v
	}
	return b.ts.Box(v)
}

func (b *JSONBoxes) string(v string) any {
	if b == nil {
		return v
	}
	return b.str.Box(v)
}

func (b *JSONBoxes) decimal(v Decimal) any {
	if b == nil {
		return v
	}
	return b.dec.Box(v)
}

// Rewind lets the next parse reuse the cells of the values boxed so far (BoxSlab.Rewind):
// for a caller that copies every field value out of the row before it parses again.
func (b *JSONBoxes) Rewind() {
	b.i32.Rewind()
	b.i64.Rewind()
	b.f64.Rewind()
	b.ts.Rewind()
	b.dec.Rewind()
	b.str.Rewind()
}

// ParseIntoBoxed is ParseInto with the field values boxed from boxes.
func (r *JSONReader) ParseIntoBoxed(s string, row Row, boxes *JSONBoxes) Row {
	clear(row)
	out, _ := r.parseBoxed(s, row, boxes)
	return out
}

// ParseStatus is ParseString that also says whether the record was bad: malformed, not an
// object, or with a field that did not fit (the row is then Spark's PERMISSIVE result). A
// caller implementing mode FAILFAST raises an error when bad is true.
func (r *JSONReader) ParseStatus(s string) (row Row, bad bool) {
	return r.parse(s, nil)
}

// parseInto parses one document; dst, when not nil, is the zeroed row to fill.
func (r *JSONReader) parseInto(s string, dst Row) Row {
	row, _ := r.parse(s, dst)
	return row
}

func (r *JSONReader) parse(s string, dst Row) (Row, bool) {
	return r.parseBoxed(s, dst, nil)
}

func (r *JSONReader) parseBoxed(s string, dst Row, boxes *JSONBoxes) (Row, bool) {
	s = validUTF8(s)
	sc := jsonScanner{s: s, loc: r.loc, box: boxes, parseTS: r.parseTS, unquoted: r.unquotedNames}
	sc.skipWS()
	if sc.i >= len(s) {
		return nil, false
	}
	// Only an object makes a row. Any other top-level value, JSON null included, is a bad
	// record (Spark's root converter returns no row and raises INVALID_JSON_ROOT_FIELD).
	if s[sc.i] == '{' {
		if row, ok := sc.objectInto(r.root, dst); ok {
			return row, sc.bad
		}
	}
	if dst != nil {
		clear(dst)
		return dst, true
	}
	return make(Row, len(r.root.names)), true
}

// validUTF8 replaces invalid UTF-8, as Spark's UTF-8 reader does before Jackson sees the text.
func validUTF8(s string) string {
	if utf8.ValidString(s) { // checks 8 ASCII bytes at a time
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

type jsonScanner struct {
	s   string
	i   int
	loc *time.Location
	bad bool       // some field did not fit its type (the record is a partial result)
	box *JSONBoxes // nil: values are boxed one allocation each
	// parseTS is JSONReader.parseTS.
	parseTS func(string, *time.Location) (Timestamp, bool)
	// unquoted is JSONReader.unquotedNames.
	unquoted bool
	// asField is set while value reads an object's field value (not an array element or a
	// map value): a struct there that ends with a trailing comma is null (see value).
	asField bool
}

// fieldName reads an object key at sc.i: a quoted string, or with unquoted names allowed a
// bare name (a Java identifier, as Jackson reads one).
func (sc *jsonScanner) fieldName() (string, bool) {
	if sc.i >= len(sc.s) {
		return "", false
	}
	if c := sc.s[sc.i]; c == '"' || c == '\'' {
		return sc.str()
	}
	if !sc.unquoted {
		return "", false
	}
	start := sc.i
	for sc.i < len(sc.s) {
		r, size := utf8.DecodeRuneInString(sc.s[sc.i:])
		ok := r == '_' || r == '$' || unicode.IsLetter(r) || (sc.i > start && unicode.IsDigit(r))
		if !ok {
			break
		}
		sc.i += size
	}
	return sc.s[start:sc.i], sc.i > start
}

func (sc *jsonScanner) skipWS() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\n', '\r':
			sc.i++
		default:
			return
		}
	}
}

// object parses {...} at sc.i into a row of plan p. ok is false on a syntax error.
func (sc *jsonScanner) object(p *structPlan) (Row, bool) { return sc.objectInto(p, nil) }

func (sc *jsonScanner) objectInto(p *structPlan, row Row) (Row, bool) {
	if row == nil {
		row = make(Row, len(p.names))
	}
	sc.i++ // '{'
	sc.skipWS()
	if sc.i < len(sc.s) && sc.s[sc.i] == '}' {
		sc.i++
		return row, true
	}
	hint := 0
	for {
		key, ok := sc.fieldName()
		if !ok {
			return nil, false
		}
		sc.skipWS()
		if sc.i >= len(sc.s) || sc.s[sc.i] != ':' {
			return nil, false
		}
		sc.i++
		sc.skipWS()
		idx := p.index(key, hint)
		if idx >= 0 {
			hint = idx + 1
			sc.asField = true
			v, good, ok := sc.value(p.kinds[idx], p.types[idx], p.subs[idx])
			if !ok {
				return nil, false
			}
			// A value that does not fit leaves the field as it was (Spark skips the update),
			// which matters only when a key repeats.
			if good {
				row[idx] = v
			} else {
				sc.bad = true
			}
		} else if !sc.skipValue() {
			return nil, false
		}
		sc.skipWS()
		if sc.i >= len(sc.s) {
			return nil, false
		}
		switch sc.s[sc.i] {
		case ',':
			sc.i++
			sc.skipWS()
		case '}':
			sc.i++
			return row, true
		default:
			return nil, false
		}
	}
}

// fieldObject reads a struct that is an object's field value. One whose members end with
// a trailing comma ({"a":1,}) is null, and the record a partial result whose other fields
// are read on after its '}', as PySpark 4.2.0's from_json gives {"i":3,"n":{"a":1,},"k":5}
// with i INT, n STRUCT<a:INT>, k INT as {3, NULL, 5}: Spark's parser (Jackson) fails at
// the '}' having read it, the field's conversion fails, and the enclosing object goes on.
// Any other syntax error stays one for the whole record.
func (sc *jsonScanner) fieldObject(sub *structPlan) (v any, good, ok bool) {
	start := sc.i
	row, ok := sc.object(sub)
	if ok {
		return row, true, true
	}
	if end, trailing := trailingCommaEnd(sc.s, start); trailing {
		sc.i = end
		sc.bad = true
		return nil, false, true
	}
	return nil, false, false
}

// trailingCommaEnd reports whether the object at s[start] is well formed up to a ',' that
// its closing '}' follows (white space between), at the object's own level, and returns
// the offset just past that '}'. Members are skipped as JSON values.
func trailingCommaEnd(s string, start int) (int, bool) {
	sc := jsonScanner{s: s, i: start + 1}
	sc.skipWS()
	for {
		if sc.i >= len(s) || s[sc.i] != '"' {
			return 0, false
		}
		if _, ok := sc.str(); !ok {
			return 0, false
		}
		sc.skipWS()
		if sc.i >= len(s) || s[sc.i] != ':' {
			return 0, false
		}
		sc.i++
		sc.skipWS()
		if at := sc.i; !sc.skipValue() {
			// A nested object's own trailing comma ends it for this scan too.
			if s[at] == '{' {
				end, ok := trailingCommaEnd(s, at)
				if !ok {
					return 0, false
				}
				sc.i = end
			} else {
				return 0, false
			}
		}
		sc.skipWS()
		if sc.i >= len(s) || s[sc.i] != ',' {
			return 0, false
		}
		sc.i++
		sc.skipWS()
		if sc.i < len(s) && s[sc.i] == '}' {
			return sc.i + 1, true
		}
	}
}

// value converts the JSON value at sc.i to kind k. good is false when the value does not
// fit the type (the field becomes null); ok is false on a syntax error. The whole value is
// consumed in every case where ok is true.
func (sc *jsonScanner) value(k typeKind, t DataType, sub *structPlan) (v any, good, ok bool) {
	asField := sc.asField
	sc.asField = false
	if sc.i >= len(sc.s) {
		return nil, false, false
	}
	c := sc.s[sc.i]
	switch c {
	case 'n':
		if strings.HasPrefix(sc.s[sc.i:], "null") {
			sc.i += 4
			return nil, true, sc.atValueEnd()
		}
	case '"', '\'':
		str, ok := sc.str()
		if !ok {
			return nil, false, false
		}
		v, good := sc.fromString(k, t, str)
		return v, good, true
	case '{':
		switch k {
		case kStruct:
			if asField {
				return sc.fieldObject(sub)
			}
			row, ok := sc.object(sub)
			return row, ok, ok
		case kMap:
			return sc.mapValue(t.(MapType))
		case kString:
			start := sc.i
			if !sc.skipValue() {
				return nil, false, false
			}
			return compactJSON(sc.s[start:sc.i], sc.unquoted), true, true
		}
		return nil, false, sc.skipValue()
	case '[':
		switch k {
		case kArray:
			return sc.arrayValue(t.(ArrayType))
		case kString:
			start := sc.i
			if !sc.skipValue() {
				return nil, false, false
			}
			return compactJSON(sc.s[start:sc.i], sc.unquoted), true, true
		}
		return nil, false, sc.skipValue()
	case 't', 'f':
		var b bool
		switch {
		case strings.HasPrefix(sc.s[sc.i:], "true"):
			sc.i += 4
			b = true
		case strings.HasPrefix(sc.s[sc.i:], "false"):
			sc.i += 5
		default:
			return nil, false, false
		}
		if !sc.atValueEnd() {
			return nil, false, false
		}
		switch k {
		case kBool:
			return b, true, true
		case kString:
			return strconv.FormatBool(b), true, true
		}
		return nil, false, true
	}
	// A number, or NaN/Infinity.
	start := sc.i
	isInt, special, ok := sc.number()
	if !ok {
		return nil, false, false
	}
	v, good = numberTo(k, t, sc.s[start:sc.i], isInt, special, sc.box)
	return v, good, true
}

// atValueEnd checks that a literal is followed by a separator, as Jackson requires.
func (sc *jsonScanner) atValueEnd() bool {
	if sc.i >= len(sc.s) {
		return true
	}
	switch sc.s[sc.i] {
	case ' ', '\t', '\n', '\r', ',', '}', ']':
		return true
	}
	return false
}

// number scans a JSON number (strict grammar) or a NaN/Infinity token.
func (sc *jsonScanner) number() (isInt, special, ok bool) {
	s := sc.s
	i := sc.i
	// Only a value starting N, I, + or -I can be one of the special tokens: a plain
	// number skips the six comparisons.
	if i < len(s) && (s[i] == 'N' || s[i] == 'I' || s[i] == '+' || (s[i] == '-' && i+1 < len(s) && s[i+1] == 'I')) {
		for _, tok := range [...]string{"NaN", "Infinity", "-Infinity", "+Infinity", "+INF", "-INF"} {
			if strings.HasPrefix(s[i:], tok) {
				sc.i = i + len(tok)
				return false, true, sc.atValueEnd()
			}
		}
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return false, false, false
	}
	if s[i] == '0' {
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			return false, false, false // leading zeros
		}
	} else {
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	isInt = true
	if i < len(s) && s[i] == '.' {
		isInt = false
		i++
		d := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == d {
			return false, false, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		isInt = false
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		d := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == d {
			return false, false, false
		}
	}
	sc.i = i
	return isInt, false, sc.atValueEnd()
}

// parseJSONInt reads a JSON integer token into an int64; ok is false when out of range
// (Jackson's getLongValue fails there too).
func parseJSONInt(tok string) (int64, bool) {
	n, err := strconv.ParseInt(tok, 10, 64)
	return n, err == nil
}

func specialFloat(tok string) float64 {
	switch tok {
	case "NaN":
		return math.NaN()
	case "-Infinity", "-INF":
		return math.Inf(-1)
	}
	return math.Inf(1)
}

func numberTo(k typeKind, t DataType, tok string, isInt, special bool, bx *JSONBoxes) (any, bool) {
	switch k {
	case kByte, kShort, kInt, kLong, kTimestamp:
		if !isInt || special {
			return nil, false
		}
		n, ok := parseJSONInt(tok)
		if !ok {
			return nil, false
		}
		switch k {
		case kInt, kTimestamp:
			n, ok = intTokenTo(k, n)
			if !ok {
				return nil, false
			}
			if k == kInt {
				return bx.int32(int32(n)), true
			}
			return bx.timestamp(Timestamp(n)), true
		case kByte:
			// Jackson's getByteValue accepts -128..255 and wraps.
			if n < -128 || n > 255 {
				return nil, false
			}
			return int8(n), true
		case kShort:
			if n < math.MinInt16 || n > math.MaxInt16 {
				return nil, false
			}
			return int16(n), true
		default: // kLong
			return bx.int64(n), true
		}
	case kFloat, kDouble:
		var f float64
		if special {
			f = specialFloat(tok)
		} else {
			var err error
			f, err = strconv.ParseFloat(tok, 64)
			if err != nil && !isRangeErr(err) {
				return nil, false
			}
		}
		if k == kFloat {
			if !special {
				f32, err := strconv.ParseFloat(tok, 32)
				if err != nil && !isRangeErr(err) {
					return nil, false
				}
				return float32(f32), true
			}
			return float32(f), true
		}
		return bx.float64(f), true
	case kDecimal:
		if special {
			return nil, false
		}
		dt := t.(DecimalType)
		d, ok := ParseDecimal(tok, dt.Precision, dt.Scale)
		if !ok {
			return nil, false
		}
		return bx.decimal(d), true
	case kString:
		// Jackson's copyCurrentStructure re-writes the token: NaN/Infinity as quoted doubles,
		// integers by value, floats through a double.
		if special {
			return `"` + JavaDoubleString(specialFloat(tok)) + `"`, true
		}
		if isInt {
			if tok == "-0" {
				return "0", true
			}
			return tok, true
		}
		// Jackson re-writes a float token through a double.
		f, err := strconv.ParseFloat(tok, 64)
		if err != nil && !isRangeErr(err) {
			return tok, true
		}
		return JavaDoubleString(f), true
	}
	return nil, false
}

// intTokenTo converts n, a JSON integer in int64's range, to an INT (the same n, when in
// int32's range) or a TIMESTAMP (n seconds since the epoch as microseconds: Spark
// multiplies without an overflow check); ok is false when it does not fit.
func intTokenTo(k typeKind, n int64) (int64, bool) {
	if k == kInt {
		return n, n >= math.MinInt32 && n <= math.MaxInt32
	}
	return n * 1_000_000, true
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func (sc *jsonScanner) fromString(k typeKind, t DataType, s string) (any, bool) {
	switch k {
	case kString:
		return sc.box.string(s), true
	case kTimestamp:
		ts, ok := sc.timestampFromString(s)
		if !ok {
			return nil, false
		}
		return sc.box.timestamp(ts), true
	case kDecimal:
		d, ok := decimalFromString(s, t.(DecimalType))
		if !ok {
			return nil, false
		}
		return sc.box.decimal(d), true
	case kDate:
		if d, ok := ParseDate(s); ok {
			return d, true
		}
		// Spark 1.5 wrote dates as a number of days; the fallback still reads that.
		if n, err := strconv.ParseInt(s, 10, 32); err == nil {
			return Date(n), true
		}
		return nil, false
	case kTimestampNTZ:
		ts, ok := ParseTimestampNTZ(s)
		if !ok {
			return nil, false
		}
		return ts, true
	case kTime:
		// from_json('{"t":"1:2"}', 't TIME') is 01:02:00: the text reads as CAST reads it.
		if tm, ok := ParseTime(s); ok {
			return tm, true
		}
		return nil, false
	case kFloat, kDouble:
		var f float64
		switch s {
		case "NaN":
			f = math.NaN()
		case "+INF", "+Infinity", "Infinity":
			f = math.Inf(1)
		case "-INF", "-Infinity":
			f = math.Inf(-1)
		default:
			return nil, false
		}
		if k == kFloat {
			return float32(f), true
		}
		return f, true
	case kBinary:
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			if b, err = base64.RawStdEncoding.DecodeString(s); err != nil {
				return nil, false
			}
		}
		return b, true
	}
	return nil, false
}

// timestampFromString reads a TIMESTAMP field given as a JSON string: with the reader's
// timestampFormat when it has one, else as ISO-8601 in the session zone.
func (sc *jsonScanner) timestampFromString(s string) (Timestamp, bool) {
	if s == "" {
		return 0, false
	}
	if sc.parseTS != nil {
		return sc.parseTS(s, sc.loc)
	}
	return ParseTimestamp(s, sc.loc)
}

// decimalFromString reads a DECIMAL field given as a JSON string (commas removed).
func decimalFromString(s string, dt DecimalType) (Decimal, bool) {
	if s == "" {
		return Decimal{}, false
	}
	if strings.IndexByte(s, ',') >= 0 {
		s = strings.ReplaceAll(s, ",", "")
	}
	return ParseDecimal(s, dt.Precision, dt.Scale)
}

// str reads a quoted string at sc.i ("..." or '...'). Without escapes the result shares the
// input's memory.
func (sc *jsonScanner) str() (string, bool) {
	s := sc.s
	q := s[sc.i]
	start := sc.i + 1
	i := start
	for i < len(s) {
		c := s[i]
		if !strStop[c] { // most bytes: one table look-up instead of three comparisons
			i++
			continue
		}
		if c == q {
			sc.i = i + 1
			return s[start:i], true
		}
		if c == '\\' {
			return sc.strSlow(start, q)
		}
		if c < 0x20 {
			return "", false
		}
		i++ // the other quote character
	}
	return "", false
}

// strStop marks the bytes str must look at: either quote, a backslash, a control byte.
var strStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\''], t['\\'] = true, true, true
	return t
}()

func (sc *jsonScanner) strSlow(start int, q byte) (string, bool) {
	s := sc.s
	var b strings.Builder
	i := start
	for i < len(s) {
		c := s[i]
		switch {
		case c == q:
			sc.i = i + 1
			return b.String(), true
		case c < 0x20:
			return "", false
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		e := s[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case '\'':
			if q != '\'' {
				return "", false
			}
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := hex4(s, i)
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if r < 0xDC00 && i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if r2, ok := hex4(s, i+2); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
						b.WriteRune(utf16.DecodeRune(r, r2))
						i += 6
						continue
					}
				}
				b.WriteRune(utf8.RuneError)
				continue
			}
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	return "", false
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for j := i; j < i+4; j++ {
		c := s[j]
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

// skipValue consumes any JSON value, checking its syntax.
func (sc *jsonScanner) skipValue() bool {
	if sc.i >= len(sc.s) {
		return false
	}
	switch sc.s[sc.i] {
	case '"', '\'':
		_, ok := sc.str()
		return ok
	case '{':
		sc.i++
		sc.skipWS()
		if sc.i < len(sc.s) && sc.s[sc.i] == '}' {
			sc.i++
			return true
		}
		for {
			if _, ok := sc.fieldName(); !ok {
				return false
			}
			sc.skipWS()
			if sc.i >= len(sc.s) || sc.s[sc.i] != ':' {
				return false
			}
			sc.i++
			sc.skipWS()
			if !sc.skipValue() {
				return false
			}
			sc.skipWS()
			if sc.i >= len(sc.s) {
				return false
			}
			if sc.s[sc.i] == '}' {
				sc.i++
				return true
			}
			if sc.s[sc.i] != ',' {
				return false
			}
			sc.i++
			sc.skipWS()
		}
	case '[':
		sc.i++
		sc.skipWS()
		if sc.i < len(sc.s) && sc.s[sc.i] == ']' {
			sc.i++
			return true
		}
		for {
			if !sc.skipValue() {
				return false
			}
			sc.skipWS()
			if sc.i >= len(sc.s) {
				return false
			}
			if sc.s[sc.i] == ']' {
				sc.i++
				return true
			}
			if sc.s[sc.i] != ',' {
				return false
			}
			sc.i++
			sc.skipWS()
		}
	case 't':
		if strings.HasPrefix(sc.s[sc.i:], "true") {
			sc.i += 4
			return sc.atValueEnd()
		}
		return false
	case 'f':
		if strings.HasPrefix(sc.s[sc.i:], "false") {
			sc.i += 5
			return sc.atValueEnd()
		}
		return false
	case 'n':
		if strings.HasPrefix(sc.s[sc.i:], "null") {
			sc.i += 4
			return sc.atValueEnd()
		}
		return false
	}
	_, _, ok := sc.number()
	return ok
}

// arrayValue reads [...] into []any. An element that does not fit makes the whole array
// null (the rest is still checked for syntax); nested structs keep partial results.
func (sc *jsonScanner) arrayValue(at ArrayType) (any, bool, bool) {
	ek := kindOf(at.Element)
	var sub *structPlan
	if st, ok := at.Element.(*StructType); ok {
		sub = newStructPlanCached(st)
	}
	sc.i++
	sc.skipWS()
	out := []any{}
	if sc.i < len(sc.s) && sc.s[sc.i] == ']' {
		sc.i++
		return out, true, true
	}
	good := true
	for {
		if good {
			v, g, ok := sc.value(ek, at.Element, sub)
			if !ok {
				return nil, false, false
			}
			if g {
				out = append(out, v)
			} else {
				good = false
			}
		} else if !sc.skipValue() {
			return nil, false, false
		}
		end, ok := sc.afterItem(']')
		switch {
		case !ok:
			return nil, false, false
		case end && !good:
			return nil, false, true
		case end:
			return out, true, true
		}
	}
}

// mapValue reads {...} into a *MapValue with string keys (cast to the key type when it is not
// STRING). A value that does not fit makes the map null.
func (sc *jsonScanner) mapValue(mt MapType) (any, bool, bool) {
	vk := kindOf(mt.Value)
	var sub *structPlan
	if st, ok := mt.Value.(*StructType); ok {
		sub = newStructPlanCached(st)
	}
	sc.i++
	sc.skipWS()
	m := &MapValue{}
	if sc.i < len(sc.s) && sc.s[sc.i] == '}' {
		sc.i++
		return m, true, true
	}
	good := true
	for {
		key, ok := sc.fieldName()
		if !ok {
			return nil, false, false
		}
		sc.skipWS()
		if sc.i >= len(sc.s) || sc.s[sc.i] != ':' {
			return nil, false, false
		}
		sc.i++
		sc.skipWS()
		if good {
			v, g, ok := sc.value(vk, mt.Value, sub)
			if !ok {
				return nil, false, false
			}
			var kv any = key
			if _, isStr := mt.Key.(StringType); !isStr {
				c, err := Cast(key, String, mt.Key, sc.loc)
				if err != nil || c == nil {
					g = false
				}
				kv = c
			}
			if g {
				m.Keys = append(m.Keys, kv)
				m.Values = append(m.Values, v)
			} else {
				good = false
			}
		} else if !sc.skipValue() {
			return nil, false, false
		}
		end, ok := sc.afterItem('}')
		switch {
		case !ok:
			return nil, false, false
		case end && !good:
			return nil, false, true
		case end:
			return m, true, true
		}
	}
}

// afterItem reads what follows an array element or map entry: ',' (another one follows)
// or close (the container ends). ok is false for anything else, or the end of input.
func (sc *jsonScanner) afterItem(close byte) (end, ok bool) {
	sc.skipWS()
	if sc.i >= len(sc.s) {
		return false, false
	}
	switch sc.s[sc.i] {
	case close:
		sc.i++
		return true, true
	case ',':
		sc.i++
		sc.skipWS()
		return false, true
	}
	return false, false
}

var planCache sync.Map // *StructType -> *structPlan

func newStructPlanCached(st *StructType) *structPlan {
	if p, ok := planCache.Load(st); ok {
		return p.(*structPlan)
	}
	p := newStructPlan(st)
	planCache.Store(st, p)
	return p
}

// compactJSON re-writes a syntactically valid JSON value without insignificant whitespace,
// as Jackson's copyCurrentStructure does when a STRING field receives an object or array.
// Strings are re-quoted with double quotes; float numbers go through a double.
func compactJSON(s string, unquotedNames bool) string {
	sc := jsonScanner{s: s, unquoted: unquotedNames}
	var b []byte
	sc.compact(&b)
	return string(b)
}

func (sc *jsonScanner) compact(b *[]byte) {
	sc.skipWS()
	if sc.i >= len(sc.s) {
		return
	}
	switch c := sc.s[sc.i]; c {
	case '"', '\'':
		str, _ := sc.str()
		*b = appendJacksonString(*b, str)
	case '{', '[':
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		*b = append(*b, c)
		sc.i++
		sc.skipWS()
		first := true
		for sc.i < len(sc.s) && sc.s[sc.i] != end {
			if !first {
				*b = append(*b, ',')
				sc.i++ // ','
			}
			first = false
			sc.skipWS()
			if c == '{' {
				key, _ := sc.fieldName()
				*b = appendJacksonString(*b, key)
				*b = append(*b, ':')
				sc.skipWS()
				sc.i++ // ':'
			}
			sc.compact(b)
			sc.skipWS()
		}
		sc.i++
		*b = append(*b, end)
	default:
		start := sc.i
		if !sc.skipValue() {
			sc.i = len(sc.s)
			return
		}
		tok := sc.s[start:sc.i]
		switch tok {
		case "true", "false", "null":
			*b = append(*b, tok...)
		default:
			special := isSpecialToken(tok)
			v, _ := numberTo(kString, String, tok, !special && isIntToken(tok), special, nil)
			*b = append(*b, v.(string)...)
		}
	}
}

func isIntToken(tok string) bool { return !strings.ContainsAny(tok, ".eE") }

func isSpecialToken(tok string) bool {
	switch tok {
	case "NaN", "Infinity", "-Infinity", "+Infinity", "+INF", "-INF":
		return true
	}
	return false
}
