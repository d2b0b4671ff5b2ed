package sqltypes

import (
	"fmt"
	"testing"
	"time"
)

// fieldsSchema has a field of every typed kind of JSONFields and some that are parsed and
// dropped (a nested struct, an array, a wide decimal, a double).
const fieldsSchema = "i INT, l BIGINT, s STRING, d DECIMAL(10,2), t TIMESTAMP, n STRUCT<a: INT>, " +
	"arr ARRAY<INT>, d1 DECIMAL(3,1), w DECIMAL(38,2), f DOUBLE"

// fieldsDocs are edge cases of from_json's PERMISSIVE parse: each must leave the same
// typed fields in ParseFields as in ParseIntoBoxed's row.
var fieldsDocs = []string{
	``, `   `, `null`, `[1,2]`, `"str"`, `42`, `{`, `{"i":1`, `{"i":1,}`, `{"i":1}x`, `{"i":1} {"i":2}`,
	`{}`, `{"i":null,"l":null,"s":null,"d":null,"t":null}`,
	`{"i":1,"l":2,"s":"x","d":1.5,"t":"2026-10-01T09:00:00.123Z"}`,
	`{"order_id":1000001,"customer_id":"C00001","status":"placed","amount":10.01,"event_time":"2026-10-01T09:00:01.001Z"}`,
	// Missing and unknown keys, keys out of schema order, repeated keys.
	`{"zz":{"a":[1,{"b":2}]},"s":"y"}`, `{"t":"2026-01-01","s":"a","i":7}`,
	`{"i":1,"i":2}`, `{"i":1,"i":"bad"}`, `{"i":1,"i":null}`, `{"d":"1.25","d":"x"}`,
	// Integers: range, floats, specials, strings, booleans.
	`{"i":2147483647,"l":9223372036854775807}`, `{"i":2147483648,"l":9223372036854775808}`,
	`{"i":-2147483648,"l":-9223372036854775808}`, `{"i":-2147483649}`, `{"i":1.0,"l":1e3}`,
	`{"i":NaN,"l":-Infinity}`, `{"i":"1","l":"2"}`, `{"i":true,"l":false}`, `{"i":01}`, `{"i":-}`,
	`{"i":-0,"l":-0}`, `{"i":{"x":1},"l":[1]}`,
	// Strings: escapes, single quotes, other JSON values as text, control bytes, bad UTF-8.
	`{"s":"a\"b\\c\u00e9\ud83d\ude00"}`, `{'s':'it''s'}`, `{"s":'x"y'}`, `{"s":{"a" : [1, 2.50, "x"]}}`,
	`{"s":[true,null]}`, `{"s":true}`, `{"s":12}`, `{"s":-0}`, `{"s":1.50}`, `{"s":1e400}`, `{"s":NaN}`,
	"{\"s\":\"a\tb\"}", "{\"s\":\"\xff\xfe\"}", `{"s":""}`, `{"s":nul}`,
	// Decimals: rounding HALF_UP, too wide, strings with commas, exponents, specials.
	`{"d":12345678.99,"d1":99.9}`, `{"d":123456789.99,"d1":99.95}`, `{"d":0.005,"d1":-0.05}`, `{"d":-0.004}`,
	`{"d":"1,234.56","d1":"1,0"}`, `{"d":1e5,"d1":1e-5}`, `{"d":1e400,"d1":1e-400}`, `{"d":"","d1":" "}`,
	`{"d":NaN}`, `{"d":"NaN"}`, `{"d":true}`, `{"d":[1]}`, `{"d":-99999999.999}`, `{"d":"abc"}`,
	`{"w":123456789012345678901234567890.12,"d":1}`,
	// Timestamps: zones, offsets, seconds since the epoch, bad forms.
	`{"t":"2026-10-01T09:00:00+02:00"}`, `{"t":"2026-10-01 09:00:00"}`, `{"t":"2026-03-08T02:30:00"}`,
	`{"t":"2026-10-01T09:00:00.123456789Z"}`, `{"t":1700000000}`, `{"t":-1}`, `{"t":1.5}`, `{"t":""}`,
	`{"t":"not a time"}`, `{"t":"2026-13-01"}`, `{"t":9223372036854}`, `{"t":true}`,
	// Fields parsed and dropped: their syntax errors still make the row null, but for a
	// struct's trailing comma (the struct is null, the other fields are read).
	`{"n":{"a":1},"arr":[1,2],"f":1.5,"i":3}`, `{"n":{"a":"x"},"arr":[1,"x"],"f":"NaN","i":3}`,
	`{"n":{"a":1,},"i":3}`, `{"arr":[1,2,"i":3}`, `{"f":tru,"i":3}`, `{"n":null,"arr":null,"i":3}`,
	`{"i":3,"n":{"a":1,},"l":5}`, `{"i":3,"n":{"a":1,"b":},"l":5}`, `{"i":3,"n":{"a":1,,"b":2},"l":5}`,
	`{"i":3,"n":{"a":1 , } ,"l":5}`, `{"i":3,"n":{"a":{"x":1,},},"l":5}`, `{"i":3,"n":{,},"l":5}`, `{"i":3,"n":{"a":1,}`,
	// Numbers at the edges of the in-place conversions (up to 18 digits, no rounding).
	`{"d1":9.9,"d":99999999}`, `{"d1":99,"d":100000000}`, `{"d1":100,"d":99999999.9}`, `{"d1":-0.0,"d":0}`,
	`{"d":-0.00,"d1":0.0}`, `{"d":00}`, `{"d":1.}`, `{"d":.5}`, `{"d":-}`, `{"d":0.10,"d1":0.05}`,
	`{"d":12345678.9,"d1":-9.95}`, `{"d":123456789012345678}`, `{"d":0.000000000000000001}`,
	`{"l":123456789012345678,"i":-123456789}`, `{"l":-123456789012345678}`, `{"l":1234567890123456789}`,
	`{"t":999999999999,"i":-0}`, `{"t":-9223372036854}`, `{"i":1e0}`, `{"l":-1.0}`,
	// Keys: escaped, prefixes of a name, names as prefixes, spaces, cut short, single quotes.
	`{"i":5,"s":"x"}`, `{"ii":1,"i":2}`, `{"i":2,"ii":1}`, `{"i" :1, "l" : 2}`, `{"i`, `{"i"`,
	`{"i":`, `{"i":1,"l"`, `{'i':1,'l':2}`, `{"l":1,"i":2,"l":3}`, `{"s":"x","l":1,"i":2,"t":0}`,
	// Whitespace everywhere.
	" \n{ \"i\" :\t1 , \"s\" : \"x\" }\r\n",
}

// boxedField is the row path's value of field i (nil row: a null struct).
func boxedField(row Row, i int) any {
	if row == nil {
		return nil
	}
	return row[i]
}

// unboxedField is JSONFields' field i boxed as the row path holds it.
func unboxedField(f *JSONFields, i int, t DataType) any {
	if f.Null[i] {
		return nil
	}
	switch dt := t.(type) {
	case IntegerType:
		return int32(f.I64[i])
	case LongType:
		return f.I64[i]
	case StringType:
		return f.Str[i]
	case DecimalType:
		return Decimal{Unscaled: f.I64[i], Scale: int32(dt.Scale)}
	case TimestampType:
		return Timestamp(f.I64[i])
	}
	panic(fmt.Sprintf("no typed form for %s", t.SQL()))
}

func TestParseFieldsMatchesParseIntoBoxed(t *testing.T) {
	st, err := ParseDDL(fieldsSchema)
	if err != nil {
		t.Fatal(err)
	}
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range []*time.Location{time.UTC, ny} {
		r := NewJSONReader(st, loc)
		var f JSONFields
		var boxes JSONBoxes
		row := make(Row, len(st.Fields))
		for _, doc := range fieldsDocs {
			// The same JSONFields every time, as the projection reuses it: nothing of one
			// document may leak into the next.
			r.ParseFields(doc, &f)
			boxes.Rewind()
			want := r.ParseIntoBoxed(doc, row, &boxes)
			if f.Odd {
				t.Errorf("%s %q: Odd set (no decimal of the schema needs it)", loc, doc)
				continue
			}
			for i, fd := range st.Fields {
				if !fieldsKind(kindOf(fd.Type), fd.Type) {
					continue
				}
				w, g := boxedField(want, i), unboxedField(&f, i, fd.Type)
				if fmt.Sprintf("%T %v", w, w) != fmt.Sprintf("%T %v", g, g) {
					t.Errorf("%s %q field %s: ParseFields %T %v, ParseIntoBoxed %T %v", loc, doc, fd.Name, g, g, w, w)
				}
			}
		}
	}
}

// TestParseFieldsValues pins a few results outright, so the comparison above cannot pass
// with both ways wrong the same way. Real PySpark 4.2.0 printed these for
// from_json(v, fieldsSchema).i/.l/.s/.d and unix_micros(....t), session zone UTC.
func TestParseFieldsValues(t *testing.T) {
	st, err := ParseDDL(fieldsSchema)
	if err != nil {
		t.Fatal(err)
	}
	r := NewJSONReader(st, time.UTC)
	for _, c := range []struct {
		doc   string
		field int
		want  any
	}{
		{`{"i":7}`, 0, int32(7)},
		{`{"i":2147483648}`, 0, nil},
		{`{"i":1,"i":"bad"}`, 0, int32(1)},
		{`{"l":-9223372036854775808}`, 1, int64(-9223372036854775808)},
		{`{"s":{"a" : [1, 2.50]}}`, 2, `{"a":[1,2.5]}`},
		{`{"d":0.005}`, 3, Decimal{Unscaled: 1, Scale: 2}},
		{`{"d":"1,234.56"}`, 3, Decimal{Unscaled: 123456, Scale: 2}},
		{`{"d":123456789.99}`, 3, nil},
		{`{"t":1700000000}`, 4, Timestamp(1_700_000_000_000_000)},
		{`{"t":"2026-10-01T09:00:00+02:00"}`, 4, Timestamp(1790838000_000_000)},
		{`[1]`, 0, nil},
		// from_json(v, "i INT, n STRUCT<a:INT, b:INT>, k INT"): a struct ending with a
		// trailing comma is null and the rest is read ({3, NULL, 5}); other syntax errors
		// in it null the whole row ({NULL, NULL, NULL}).
		{`{"n":{"a":1,},"i":3}`, 0, int32(3)},
		{`{"i":3,"n":{"a":1,},"l":5}`, 1, int64(5)},
		{`{"i":3,"n":{"a":1,,"b":2},"l":5}`, 0, nil},
		{`{"i":3,"n":{"a":1,}`, 0, nil},
	} {
		var f JSONFields
		r.ParseFields(c.doc, &f)
		got := unboxedField(&f, c.field, st.Fields[c.field].Type)
		if fmt.Sprintf("%T %v", got, got) != fmt.Sprintf("%T %v", c.want, c.want) {
			t.Errorf("%q field %d: got %T %v, want %T %v", c.doc, c.field, got, got, c.want, c.want)
		}
	}
}

// BenchmarkCourseEventsIntoVectors is the columnar projection's work per course event:
// parse a document and copy its fields into typed vectors, 4096 events a chunk, the
// boxed way (ParseIntoBoxed, then ColumnVector.Append of each value) and the unboxed one
// (ParseFields, then AppendUnboxed):
//
//	go test ./engine/sqltypes -run '^$' -bench IntoVectors -count 5
func BenchmarkCourseEventsIntoVectors(b *testing.B) {
	docs := make([]string, 0, 100_000)
	for _, e := range courseEvents(100_000) {
		docs = append(docs, string(e))
	}
	r := NewJSONReader(courseSchema, time.UTC)
	vecs := make([]ColumnVector, len(courseSchema.Fields))
	for i, f := range courseSchema.Fields {
		vecs[i], _ = NewColumnVector(f.Type)
	}
	run := func(b *testing.B, fill func(doc string)) {
		for b.Loop() {
			for i, doc := range docs {
				if i%4096 == 0 {
					for j := range vecs {
						vecs[j].Reset()
					}
				}
				fill(doc)
			}
		}
		b.ReportMetric(float64(len(docs))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	}
	b.Run("boxed", func(b *testing.B) {
		var boxes JSONBoxes
		row := make(Row, len(courseSchema.Fields))
		run(b, func(doc string) {
			boxes.Rewind()
			out := r.ParseIntoBoxed(doc, row, &boxes)
			for j := range vecs {
				if !vecs[j].Append(out[j]) {
					b.Fatal("value not taken")
				}
			}
		})
	})
	b.Run("unboxed", func(b *testing.B) {
		var f JSONFields
		run(b, func(doc string) {
			r.ParseFields(doc, &f)
			for j := range vecs {
				vecs[j].AppendUnboxed(f.Null[j], f.I64[j], f.Str[j])
			}
		})
	})
}

// The row path keeps what a struct read before its own trailing comma's null member: real
// PySpark 4.2.0 gave from_json('{"i":3,"n":{"a":1,"b":{"c":1,}},"k":5}', "i INT, n
// STRUCT<a: INT, b: STRUCT<c: INT>>, k INT") as {3, {1, NULL}, 5}, and for
// '{"i":3,"n":{"a":1,},"k":5}' with n STRUCT<a: INT> {3, NULL, 5}.
func TestFromJSONTrailingCommaInStruct(t *testing.T) {
	st, err := ParseDDL("i INT, n STRUCT<a: INT, b: STRUCT<c: INT>>, k INT")
	if err != nil {
		t.Fatal(err)
	}
	r := NewJSONReader(st, time.UTC)
	for doc, want := range map[string]string{
		`{"i":3,"n":{"a":1,"b":{"c":1,}},"k":5}`: "[3 [1 <nil>] 5]",
		`{"i":3,"n":{"a":1,},"k":5}`:             "[3 <nil> 5]",
		`{"n":{"a":1,},"i":3,"k":5}`:             "[3 <nil> 5]",
		`{"i":3,"n":{"a":1,"b":2},"k":5,}`:       "[<nil> <nil> <nil>]",
	} {
		row, bad := r.ParseStatus(doc)
		if got := fmt.Sprint(row); got != want {
			t.Errorf("%s: %s, want %s", doc, got, want)
		}
		if !bad {
			t.Errorf("%s: not a bad record", doc)
		}
	}
}
