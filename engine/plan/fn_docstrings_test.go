package plan

import (
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// evalOne resolves sql over one row of a table with the DDL schema and evaluates it,
// giving the column name Spark would print, the value and the error, if any.
func evalOne(t *testing.T, ddl string, row sqltypes.Row, sql string) (string, any, error) {
	t.Helper()
	b, err := Resolve(mustParse(t, sql), &Scope{Schema: sqltypes.MustParseDDL(ddl)})
	if err != nil {
		return "", nil, err
	}
	v, err := b.Eval(evalCtx(t), row)
	return OutputName(b), v, err
}

// like and ilike take their pattern (and keep its escape) from a column, row by row, as
// the F.like/F.ilike docstrings do.
func TestLikeColumnPattern(t *testing.T) {
	const ddl = "a STRING, b STRING"
	tests := []struct {
		a, b any
		sql  string
		name string
		want any
	}{
		{"Spark", "_park", "a LIKE b", "a LIKE b", true},
		{"Spark", "_PARK", "a LIKE b", "a LIKE b", false},
		{"Spark", "_PARK", "ilike(a, b)", "ilike(a, b)", true},
		{"Spark", "s%", "ilike(a, b)", "ilike(a, b)", true},
		{"%SystemDrive%/Users/John", "/%SystemDrive/%//Users%", "like(a, b, '/')", "a LIKE b", true},
		{"%SystemDrive%/users/John", "/%SYSTEMDrive/%//Users%", "ilike(a, b, '/')", "ilike(a, b)", true},
		{"SystemDrive/Users", "/%SystemDrive%", "like(a, b, '/')", "a LIKE b", false},
		{"Spark", nil, "a LIKE b", "a LIKE b", nil},
		{nil, "x", "a LIKE b", "a LIKE b", nil},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, ddl, sqltypes.Row{tc.a, tc.b}, tc.sql)
		if err != nil || name != tc.name || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s over (%v, %v): %s = %v (err %v), want %s = %v", tc.sql, tc.a, tc.b, name, got, err, tc.name, tc.want)
		}
	}
}

// A "*" argument stands for every column, in any function (F.hash('*'), F.xxhash64('*')).
func TestStarArgumentExpands(t *testing.T) {
	const ddl = "c1 STRING, c2 STRING"
	row := sqltypes.Row{"ABC", "DEF"}
	tests := []struct {
		sql  string
		name string
		want any
	}{
		{"hash(*)", "hash(c1, c2)", int32(599895104)},
		{"hash(c1, c2)", "hash(c1, c2)", int32(599895104)},
		{"xxhash64(*)", "xxhash64(c1, c2)", int64(3233247871021311208)},
		{"concat(*)", "concat(c1, c2)", "ABCDEF"},
		{"concat_ws('-', *, 'x')", "concat_ws(-, c1, c2, x)", "ABC-DEF-x"},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, ddl, row, tc.sql)
		if err != nil || name != tc.name || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %s = %#v (err %v), want %s = %#v", tc.sql, name, got, err, tc.name, tc.want)
		}
	}
}

// max_by(x, y, k) and min_by(x, y, k) collect the x of the k best y, best first, across
// tasks (Spark 4.2's MaxMinByK); a NULL y does not count, no rows give an empty array.
func TestMaxMinByK(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("x STRING, y INT")}, Rows: [][]sqltypes.Row{
		{{"a", int32(10)}, {"b", int32(50)}, {"n", nil}},
		{{"c", int32(20)}, {"d", int32(40)}, {nil, int32(30)}},
	}}
	empty := &Relation{Scope: rel.Scope, Rows: [][]sqltypes.Row{nil}}
	tests := []struct {
		rel  *Relation
		sql  string
		name string
		want []any
	}{
		{rel, "max_by(x, y, 2)", "max_by(x, y, 2)", []any{"b", "d"}},
		{rel, "min_by(x, y, 2)", "min_by(x, y, 2)", []any{"a", "c"}},
		{rel, "max_by(x, y, 3)", "max_by(x, y, 3)", []any{"b", "d", nil}},
		{rel, "min_by(x, y, 10)", "min_by(x, y, 10)", []any{"a", "c", nil, "d", "b"}},
		{empty, "max_by(x, y, 2)", "max_by(x, y, 2)", []any{}},
	}
	for _, tc := range tests {
		a, err := NewAggregate(tc.rel, nil, []Expr{mustParse(t, tc.sql)}, true)
		if err != nil {
			t.Errorf("%s: %v", tc.sql, err)
			continue
		}
		rows := run(t, a)
		if name := Schema(a).Fields[0].Name; name != tc.name || len(rows) != 1 || !reflect.DeepEqual(rows[0][0], tc.want) {
			t.Errorf("%s: %s = %v, want %s = %v", tc.sql, name, rows, tc.name, tc.want)
		}
	}
	errs := []struct{ sql, want string }{
		{"max_by(x, y, 0)", "DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE"},
		{"min_by(x, y, 100001)", "DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE"},
		{"max_by(x, y, y)", "DATATYPE_MISMATCH.NON_FOLDABLE_INPUT"},
		{"max_by(x, y, 1, 2)", "WRONG_NUM_ARGS.WITHOUT_SUGGESTION"},
	}
	for _, tc := range errs {
		_, err := NewAggregate(rel, nil, []Expr{mustParse(t, tc.sql)}, true)
		if got := errorClass(err); got != tc.want {
			t.Errorf("%s: error %v, want %s", tc.sql, err, tc.want)
		}
	}
}

// DATE plus or minus an INT is date_add/date_sub (Spark's type coercion), an INTERVAL
// times or divided by a number scales its fields (MultiplyInterval, DivideInterval), and
// try_add ... try_divide give NULL where those fail (TryEval).
func TestDateDaysAndCalendarIntervalArith(t *testing.T) {
	const ddl = "d DATE, i INT, l BIGINT"
	row := sqltypes.Row{sqltypes.Date(16708), int32(3), int64(2)} // 2015-09-30
	iv := func(months, days int32, micros int64) sqltypes.CalendarInterval {
		return sqltypes.CalendarInterval{Months: months, Days: days, Micros: micros}
	}
	tests := []struct {
		sql  string
		name string
		want any
	}{
		{"d + 1", "date_add(d, 1)", sqltypes.Date(16709)},
		{"i + d", "date_add(d, i)", sqltypes.Date(16711)},
		{"d - i", "date_sub(d, i)", sqltypes.Date(16705)},
		{"try_add(d, 1)", "try_add(d, 1)", sqltypes.Date(16709)},
		{"try_subtract(d, i)", "try_subtract(d, i)", sqltypes.Date(16705)},
		{"try_add(d, INTERVAL 1 YEAR)", "try_add(d, INTERVAL '1' YEAR)", sqltypes.Date(17074)},
		{"try_multiply(make_interval(l, 3), l)", "try_multiply(make_interval(l, 3, 0, 0, 0, 0, 0), l)", iv(54, 0, 0)},
		{"make_interval(l, 3) * 3", "(make_interval(l, 3, 0, 0, 0, 0, 0) * 3)", iv(81, 0, 0)},
		{"2.5 * make_interval(0, 1, 0, 1)", "(2.5 * make_interval(0, 1, 0, 1, 0, 0, 0))", iv(2, 2, 43_200_000_000)},
		{"try_divide(make_interval(1), i)", "try_divide(make_interval(1, 0, 0, 0, 0, 0, 0), i)", iv(4, 0, 0)},
		{"try_divide(make_interval(1), 0)", "try_divide(make_interval(1, 0, 0, 0, 0, 0, 0), 0)", nil},
		{"make_interval(0, 0, 0, 1) / 2", "(make_interval(0, 0, 0, 1, 0, 0, 0) / 2)", iv(0, 0, 43_200_000_000)},
		{"try_multiply(make_interval(1), 1e12)", "try_multiply(make_interval(1, 0, 0, 0, 0, 0, 0), 1.0E12)", nil},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, ddl, row, tc.sql)
		if err != nil || name != tc.name || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %s = %#v (err %v), want %s = %#v", tc.sql, name, got, err, tc.name, tc.want)
		}
	}
	_, _, err := evalOne(t, ddl, row, "make_interval(1) / 0")
	if err == nil || !strings.HasPrefix(err.Error(), "[DIVIDE_BY_ZERO]") {
		t.Errorf("make_interval(1) / 0: error %v, want DIVIDE_BY_ZERO", err)
	}
}

// The Mersenne Twister behind uuid(seed) is MT19937 (its reference outputs for
// init_by_array({0x123, 0x234, 0x345, 0x456})), and uuid(123) on one partition gives the
// UUIDs of the F.uuid docstring.
func TestSeededUUID(t *testing.T) {
	m := &mersenneTwister{}
	m.seedArray([]uint32{0x123, 0x234, 0x345, 0x456})
	for i, want := range []uint32{1067595299, 955945823, 477289528, 4107218783, 4228976476} {
		if got := m.next32(); got != want {
			t.Errorf("MT19937 output %d = %d, want %d", i, got, want)
		}
	}
	b, err := Resolve(mustParse(t, "uuid(123)"), &Scope{Schema: sqltypes.MustParseDDL("x INT")})
	if err != nil {
		t.Fatal(err)
	}
	if OutputName(b) != "uuid()" {
		t.Errorf("uuid(123) is named %s, want uuid()", OutputName(b))
	}
	ec := evalCtx(t)
	for i, want := range []string{
		"4c99192d-23d6-4d88-b814-a634398120f0", "af506873-3c53-41e3-8354-a24856b8de8a",
		"7b4b370e-e867-47e2-93c0-f6990463a12d", "1c4d1733-ff1a-4a6c-b144-0b0345adf0d0",
		"7478f235-f8bc-4112-8e59-a28f50e46890",
	} {
		if got, err := b.Eval(ec, nil); err != nil || got != want {
			t.Errorf("uuid(123) row %d = %v (%v), want %s", i, got, err, want)
		}
	}
	if _, err := Resolve(mustParse(t, "uuid(x)"), &Scope{Schema: sqltypes.MustParseDDL("x INT")}); err == nil || !strings.Contains(err.Error(), "SEED_EXPRESSION_IS_UNFOLDABLE") {
		t.Errorf("uuid(x): error %v, want SEED_EXPRESSION_IS_UNFOLDABLE", err)
	}
}

// A parenthesised list of two or more expressions is Spark's row constructor, a struct
// whose unnamed fields are col1, col2... (SELECT (DATE('2022-02-22'), 1) AS date).
func TestRowConstructor(t *testing.T) {
	const ddl = "i INT, s STRING"
	row := sqltypes.Row{int32(7), "x"}
	tests := []struct {
		sql, typ string
		want     any
	}{
		{"(DATE('2022-02-22'), 1)", "struct<col1:date,col2:int>", sqltypes.Row{sqltypes.Date(19045), int32(1)}},
		{"(i, s AS t, 2 u)", "struct<i:int,t:string,u:int>", sqltypes.Row{int32(7), "x", int32(2)}},
		{"(1 AS a, s).a", "int", int32(1)},
		{"(i + 1)", "int", int32(8)},
	}
	for _, tc := range tests {
		b, err := Resolve(mustParse(t, tc.sql), &Scope{Schema: sqltypes.MustParseDDL(ddl)})
		if err != nil {
			t.Errorf("%s: %v", tc.sql, err)
			continue
		}
		got, err := b.Eval(evalCtx(t), row)
		if typ := sqltypes.SimpleString(b.DataType()); err != nil || typ != tc.typ || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %s %#v (err %v), want %s %#v", tc.sql, typ, got, err, tc.typ, tc.want)
		}
	}
	if _, err := ParseExpression("(1 AS a)"); err == nil {
		t.Errorf("(1 AS a) parsed; Spark's row constructor needs two or more expressions")
	}
}

// try_avg is NULL where the average does not fit its DECIMAL(38, 4) result; avg fails.
func TestTryAvgDecimalOverflow(t *testing.T) {
	ones, _ := new(big.Int).SetString(strings.Repeat("1", 38), 10)
	rel := &Relation{Scope: &Scope{Schema: sqltypes.MustParseDDL("n DECIMAL(38, 0)")}, Rows: [][]sqltypes.Row{
		{{sqltypes.DecimalFromBig(ones, 0)}}, {{sqltypes.DecimalFromInt64(0)}},
	}}
	a, err := NewAggregate(rel, nil, []Expr{mustParse(t, "try_avg(n)")}, true)
	if err != nil {
		t.Fatal(err)
	}
	if rows := run(t, a); len(rows) != 1 || rows[0][0] != nil {
		t.Errorf("try_avg(n) = %v, want NULL", rows)
	}
	a, err = NewAggregate(rel, nil, []Expr{mustParse(t, "avg(n)")}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := execTasks(a, &Exec{Eval: evalCtx(t)}); err == nil || !strings.Contains(err.Error(), "NUMERIC_VALUE_OUT_OF_RANGE") {
		t.Errorf("avg(n): error %v, want NUMERIC_VALUE_OUT_OF_RANGE", err)
	}
}

// Number formats, read and written as Spark's ToNumberParser does (the examples of Spark's
// to_number and to_char documentation among them).
func TestNumberFormats(t *testing.T) {
	const ddl = "s STRING, d DOUBLE, i INT, m DECIMAL(6, 1), dt DATE"
	row := sqltypes.Row{"$78.12", 78.12, int32(454), sqltypes.NewDecimal(-124548, 1), sqltypes.Date(16899)}
	tests := []struct {
		sql, name string
		want      any
	}{
		{"to_number('454', '999')", "to_number(454, 999)", sqltypes.NewDecimal(454, 0)},
		{"to_number('454.00', '000.00')", "to_number(454.00, 000.00)", sqltypes.NewDecimal(45400, 2)},
		{"to_number('12,454', '99,999')", "to_number(12,454, 99,999)", sqltypes.NewDecimal(12454, 0)},
		{"to_number(s, '$99.99')", "to_number(s, $99.99)", sqltypes.NewDecimal(7812, 2)},
		{"to_number('12,454.8-', '99,999.9S')", "to_number(12,454.8-, 99,999.9S)", sqltypes.NewDecimal(-124548, 1)},
		{"to_number('<5>', '9PR')", "to_number(<5>, 9PR)", sqltypes.NewDecimal(-5, 0)},
		{"try_to_number('77', '$99.99')", "try_to_number(77, $99.99)", nil},
		{"try_to_number('1234', '999')", "try_to_number(1234, 999)", nil},
		{"try_to_number('54', '000')", "try_to_number(54, 000)", nil},
		{"to_char(i, '999')", "to_char(i, 999)", "454"},
		{"to_char(i, '00000')", "to_char(i, 00000)", "00454"},
		{"to_char(i, '99999')", "to_char(i, 99999)", "  454"},
		{"to_char(12454, '99G999')", "to_char(12454, 99G999)", "12,454"},
		{"to_char(d, '$99.99')", "to_char(d, $99.99)", "$78.12"},
		{"to_varchar(d, '$99.99')", "to_varchar(d, $99.99)", "$78.12"},
		{"to_char(m, '99G999D9S')", "to_char(m, 99G999D9S)", "12,454.8-"},
		{"to_char(m, '99G999D9MI')", "to_char(m, 99G999D9MI)", "12,454.8-"},
		{"to_char(i, '9MI')", "to_char(i, 9MI)", "# "},
		{"to_char(-5, '999PR')", "to_char(-5, 999PR)", "  <5>"},
		{"to_char(dt, 'y')", "date_format(dt, y)", "2016"},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, ddl, row, tc.sql)
		if err != nil || name != tc.name || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %s = %#v (err %v), want %s = %#v", tc.sql, name, got, err, tc.name, tc.want)
		}
	}
	errs := []struct{ sql, want string }{
		{"to_number('77', '$99.99')", `[INVALID_FORMAT.MISMATCH_INPUT] The format is invalid: $99.99. The input "STRING" 77 does not match the format.`},
		{"to_number(s, '')", "[INVALID_FORMAT.EMPTY]"},
		{"to_number(s, 'abc')", "[INVALID_FORMAT.WRONG_NUM_DIGIT]"},
		{"to_number(s, '99$')", "[INVALID_FORMAT.CUR_MUST_BEFORE_DIGIT]"},
		{"to_number(s, '9,,9')", "[INVALID_FORMAT.CONT_THOUSANDS_SEPS]"},
		{"to_number(s, '9.9,9')", "[INVALID_FORMAT.THOUSANDS_SEPS_MUST_BEFORE_DEC]"},
		{"to_number(s, '9.9.9')", "[INVALID_FORMAT.WRONG_NUM_TOKEN] The format is invalid: '9.9.9'. At most one . or D is allowed in the number format."},
		{"to_number(s, '9x')", "[INVALID_FORMAT.UNEXPECTED_TOKEN] The format is invalid: '9x'. Found the unexpected character 'x'' in the format string"},
		{"to_number(s, s)", "[DATATYPE_MISMATCH.NON_FOLDABLE_INPUT]"},
	}
	for _, tc := range errs {
		_, _, err := evalOne(t, ddl, row, tc.sql)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to start %q", tc.sql, err, tc.want)
		}
	}
}

// randstr(16, 3) on one partition gives the strings of the F.randstr docstring;
// try_make_interval is make_interval with NULL for an overflow.
func TestRandStrAndTryMakeInterval(t *testing.T) {
	b, err := Resolve(mustParse(t, "randstr(16, 3)"), &Scope{Schema: sqltypes.MustParseDDL("x INT")})
	if err != nil {
		t.Fatal(err)
	}
	ec := evalCtx(t)
	for i, want := range []string{"nurJIpH4cmmMnsCG", "fl9YtT5m01trZtIt", "PD19rAgscTHS7qQZ"} {
		if got, err := b.Eval(ec, nil); err != nil || got != want {
			t.Errorf("randstr(16, 3) row %d = %v (%v), want %s", i, got, err, want)
		}
	}
	tests := []struct {
		sql, name string
		want      any
	}{
		{"try_make_interval(100, 11, 1, 1, 12, 30, 1.001001)", "try_make_interval(100, 11, 1, 1, 12, 30, 1.001001)",
			sqltypes.CalendarInterval{Months: 1211, Days: 8, Micros: 45_001_001_001}},
		{"try_make_interval(2147483647)", "try_make_interval(2147483647, 0, 0, 0, 0, 0, 0)", nil},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, "x INT", sqltypes.Row{int32(1)}, tc.sql)
		if err != nil || name != tc.name || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %s = %#v (err %v), want %s = %#v", tc.sql, name, got, err, tc.name, tc.want)
		}
	}
	if _, _, err := evalOne(t, "x INT", sqltypes.Row{int32(1)}, "make_interval(2147483647)"); err == nil {
		t.Errorf("make_interval(2147483647): no overflow error")
	}
}

// to_csv writes an array, map or struct field as its string form, quoted where that holds
// the delimiter (F.to_csv: 2,Alice,"[100, 200, 300]").
func TestToCSVComplexFields(t *testing.T) {
	const ddl = "v STRUCT<age: BIGINT, name: STRING, scores: ARRAY<BIGINT>>"
	row := sqltypes.Row{sqltypes.Row{int64(2), "Alice", []any{int64(100), int64(200), int64(300)}}}
	tests := []struct{ sql, want string }{
		{"to_csv(v)", `2,Alice,"[100, 200, 300]"`},
		{"to_csv(struct(v.name, map('k', 1) AS m))", "Alice,{k -> 1}"},
	}
	for _, tc := range tests {
		_, got, err := evalOne(t, ddl, row, tc.sql)
		if err != nil || got != tc.want {
			t.Errorf("%s = %#v (err %v), want %s", tc.sql, got, err, tc.want)
		}
	}
}

// allowUnquotedFieldNames lets from_json and schema_of_json read keys written without
// quotes; without it such a record is NULL (from_json) or a STRING (schema_of_json).
// schema_of_json's name leaves its options out.
func TestJSONUnquotedFieldNames(t *testing.T) {
	const ddl = "s STRING"
	tests := []struct {
		s, sql, name string
		want         any
	}{
		{"{a:123}", "from_json(s, 'a INT')", "from_json(s)", sqltypes.Row{nil}},
		{"{a:123}", "from_json(s, 'a INT', map('allowUnquotedFieldNames', 'true'))", "from_json(s)", sqltypes.Row{int32(123)}},
		{`{"a":456, b_2: {c$: "x"}}`, "from_json(s, 'a INT, b_2 STRING', map('allowUnquotedFieldNames', 'true'))", "from_json(s)", sqltypes.Row{int32(456), `{"c$":"x"}`}},
		{"{2a:1}", "from_json(s, 'a INT', map('allowUnquotedFieldNames', 'true'))", "from_json(s)", sqltypes.Row{nil}},
		{"", "schema_of_json('{a: 1}', map('allowUnquotedFieldNames', 'true'))", "schema_of_json({a: 1})", "STRUCT<a: BIGINT>"},
		{"", "schema_of_json('{a: 1}')", "schema_of_json({a: 1})", "STRING"},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, ddl, sqltypes.Row{tc.s}, tc.sql)
		if err != nil || name != tc.name || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s over %q: %s = %#v (err %v), want %s = %#v", tc.sql, tc.s, name, got, err, tc.name, tc.want)
		}
	}
}

// variant_get and try_variant_get read a path from a column row by row (Spark 4.2); a
// NULL path is NULL, a path that does not parse is INVALID_VARIANT_GET_PATH.
func TestVariantGetColumnPath(t *testing.T) {
	const ddl = "json STRING, path STRING"
	tests := []struct {
		path any
		sql  string
		want any
	}{
		{"$.a", "variant_get(parse_json(json), path, 'int')", int32(1)},
		{"$.b[1]", "try_variant_get(parse_json(json), path, 'string')", "y"},
		{"$.c", "variant_get(parse_json(json), path, 'int')", nil},
		{nil, "variant_get(parse_json(json), path, 'int')", nil},
	}
	for _, tc := range tests {
		_, got, err := evalOne(t, ddl, sqltypes.Row{`{"a": 1, "b": ["x", "y"]}`, tc.path}, tc.sql)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s at %v = %#v (err %v), want %#v", tc.sql, tc.path, got, err, tc.want)
		}
	}
	_, _, err := evalOne(t, ddl, sqltypes.Row{`{"a": 1}`, "a["}, "variant_get(parse_json(json), path, 'int')")
	if err == nil || !strings.Contains(err.Error(), "INVALID_VARIANT_GET_PATH") {
		t.Errorf("a bad path: error %v, want INVALID_VARIANT_GET_PATH", err)
	}
}

// to_variant_object makes structs and maps objects (NULLs kept as variant nulls); types
// whose JSON would not read back as the same variant type are refused.
func TestToVariantObject(t *testing.T) {
	const ddl = "v ARRAY<STRUCT<a: MAP<STRING, STRING>>>, n INT"
	row := sqltypes.Row{[]any{sqltypes.Row{&sqltypes.MapValue{Keys: []any{"b"}, Values: []any{"2"}}}}, nil}
	tests := []struct{ sql, name, want string }{
		{"to_json(to_variant_object(v))", "to_json(to_variant_object(v))", `[{"a":{"b":"2"}}]`},
		{"to_json(to_variant_object(named_struct('z', n, 'a', true, 'b', 7L)))", "to_json(to_variant_object(named_struct(z, n, a, true, b, 7)))", `{"a":true,"b":7,"z":null}`},
		{"schema_of_variant(to_variant_object(v))", "schema_of_variant(to_variant_object(v))", "ARRAY<OBJECT<a: OBJECT<b: STRING>>>"},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, ddl, row, tc.sql)
		if err != nil || name != tc.name || got != tc.want {
			t.Errorf("%s: %s = %#v (err %v), want %s = %s", tc.sql, name, got, err, tc.name, tc.want)
		}
	}
	if _, _, err := evalOne(t, ddl, row, "to_variant_object(map(1, 2))"); err == nil {
		t.Errorf("to_variant_object(map(1, 2)): no error for an INT-keyed map")
	}
}

// is_valid_variant is true for parse_json's variants, false for malformed bytes.
func TestIsValidVariant(t *testing.T) {
	b, err := Resolve(mustParse(t, "is_valid_variant(v)"), &Scope{Schema: sqltypes.MustParseDDL("v VARIANT")})
	if err != nil {
		t.Fatal(err)
	}
	good, err := sqltypes.ParseJSONVariant(`{"a": [1, "x"]}`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		v    any
		want any
	}{
		{good, true},
		{sqltypes.VariantVal{Value: []byte{0x02, 0x05}, Metadata: good.Metadata}, false},
		{sqltypes.VariantVal{Value: good.Value, Metadata: []byte{0x07}}, false},
		{nil, nil},
	}
	for i, tc := range tests {
		if got, err := b.Eval(evalCtx(t), sqltypes.Row{tc.v}); err != nil || got != tc.want {
			t.Errorf("case %d: %v (err %v), want %v", i, got, err, tc.want)
		}
	}
}

// histogram_numeric is Hive's NumericHistogram: over 0..99 in one task its random
// tie-breaking (java.util.Random(31183)) gives the F.histogram_numeric docstring's bins;
// over two tasks the partial histograms merge in order of x and trim again.
func TestHistogramNumeric(t *testing.T) {
	ids := func(from, to int) []sqltypes.Row {
		var rows []sqltypes.Row
		for i := from; i < to; i++ {
			rows = append(rows, sqltypes.Row{int64(i)})
		}
		return rows
	}
	scope := &Scope{Schema: sqltypes.MustParseDDL("id BIGINT")}
	bins := func(pairs ...any) []any {
		var out []any
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, sqltypes.Row{pairs[i], pairs[i+1]})
		}
		return out
	}
	tests := []struct {
		tasks [][]sqltypes.Row
		want  []any
	}{
		{[][]sqltypes.Row{ids(0, 100)}, bins(int64(11), 25.0, int64(36), 24.0, int64(59), 23.0, int64(84), 25.0, int64(98), 3.0)},
		{[][]sqltypes.Row{ids(0, 3), ids(3, 6)}, bins(int64(0), 1.0, int64(1), 1.0, int64(2), 1.0, int64(3), 2.0, int64(5), 1.0)},
	}
	for i, tc := range tests {
		a, err := NewAggregate(&Relation{Scope: scope, Rows: tc.tasks}, nil, []Expr{mustParse(t, "histogram_numeric(id, 5)")}, true)
		if err != nil {
			t.Fatal(err)
		}
		if rows := run(t, a); len(rows) != 1 || !reflect.DeepEqual(rows[0][0], tc.want) {
			t.Errorf("case %d: %v, want %v", i, rows, tc.want)
		}
	}
}

// shuffle(arr, seed) permutes as Spark's RandomIndicesGenerator (inside-out Fisher-Yates
// over a Mersenne Twister): the F.shuffle docstring's permutations, named shuffle(arr).
func TestShuffleSeeded(t *testing.T) {
	tests := []struct {
		arr  []any
		seed string
		want []any
	}{
		{[]any{int32(1), int32(20), int32(3), int32(5)}, "123", []any{int32(5), int32(1), int32(20), int32(3)}},
		{[]any{int32(1), int32(20), nil, int32(5)}, "234", []any{nil, int32(5), int32(20), int32(1)}},
		{[]any{int32(1), int32(2), int32(2), int32(3), int32(3), int32(3)}, "345", []any{int32(2), int32(3), int32(3), int32(1), int32(2), int32(3)}},
	}
	for _, tc := range tests {
		name, got, err := evalOne(t, "data ARRAY<INT>", sqltypes.Row{tc.arr}, "shuffle(data, "+tc.seed+")")
		if err != nil || name != "shuffle(data)" || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("shuffle(%v, %s): %s = %v (err %v), want %v", tc.arr, tc.seed, name, got, err, tc.want)
		}
	}
}
