package plan

import (
	"errors"
	"reflect"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// tod is a TIME value from its fields and microseconds.
func tod(h, m, s, us int64) sqltypes.Time {
	return sqltypes.Time(((h*3600+m*60+s)*1_000_000 + us) * 1000)
}

// The TIME functions as real PySpark 4.2.0 (spark.sql.timeType.enabled) printed them: the
// column name, the value, or the error class and message.
func TestTimeFunctions(t *testing.T) {
	const ddl = "t TIME, s STRING"
	row := sqltypes.Row{tod(13, 8, 15, 123456), "10:30:00"}
	tests := []struct {
		sql, name string
		want      any
		typ       string
	}{
		{"make_time(6, 30, 45.887)", "make_time(6, 30, 45.887)", tod(6, 30, 45, 887000), "TIME(6)"},
		{"make_time(1, 2, 3.5D)", "make_time(1, 2, 3.5)", tod(1, 2, 3, 500000), "TIME(6)"},
		{"make_time(null, 1, 1)", "make_time(NULL, 1, 1)", nil, "TIME(6)"},
		{"to_time(s)", "to_time(s)", tod(10, 30, 0, 0), "TIME(6)"},
		{"to_time('1:2')", "to_time(1:2)", tod(1, 2, 0, 0), "TIME(6)"},
		{"to_time('10.30', 'HH.mm')", "to_time(10.30, HH.mm)", tod(10, 30, 0, 0), "TIME(6)"},
		{"try_to_time('malformed')", "try_to_time(to_time(malformed))", nil, "TIME(6)"},
		{"try_to_time('10:30', 'HH:mm:ss')", "try_to_time(to_time(10:30, HH:mm:ss))", nil, "TIME(6)"},
		{"time_diff('HOUR', TIME'13:08:15', TIME'21:30:28')", "time_diff(HOUR, TIME '13:08:15', TIME '21:30:28')", int64(8), "BIGINT"},
		{"time_diff('MINUTE', TIME'21:30:28', TIME'13:08:15')", "time_diff(MINUTE, TIME '21:30:28', TIME '13:08:15')", int64(-502), "BIGINT"},
		{"time_diff('second', TIME'13:08:15', TIME'13:08:16.9')", "time_diff(second, TIME '13:08:15', TIME '13:08:16.9')", int64(1), "BIGINT"},
		{"time_trunc('HOUR', t)", "time_trunc(HOUR, t)", tod(13, 0, 0, 0), "TIME(6)"},
		{"time_trunc('MILLISECOND', t)", "time_trunc(MILLISECOND, t)", tod(13, 8, 15, 123000), "TIME(6)"},
		{"time_from_seconds(52200.5)", "time_from_seconds(52200.5)", tod(14, 30, 0, 500000), "TIME(6)"},
		{"time_from_seconds(52200.5D)", "time_from_seconds(52200.5)", tod(14, 30, 0, 500000), "TIME(6)"},
		{"time_from_millis(52200500)", "time_from_millis(52200500)", tod(14, 30, 0, 500000), "TIME(6)"},
		{"time_from_micros(52200500000)", "time_from_micros(52200500000)", tod(14, 30, 0, 500000), "TIME(6)"},
		{"time_to_seconds(TIME'14:30:00.5')", "time_to_seconds(TIME '14:30:00.5')", sqltypes.NewDecimal(52200500000, 6), "DECIMAL(14,6)"},
		{"time_to_millis(TIME'14:30:00.5')", "time_to_millis(TIME '14:30:00.5')", int64(52200500), "BIGINT"},
		{"time_to_micros(TIME'14:30:00.5')", "time_to_micros(TIME '14:30:00.5')", int64(52200500000), "BIGINT"},
		{"hour(t)", "hour(t)", int32(13), "INT"},
		{"minute(t)", "minute(t)", int32(8), "INT"},
		{"second(t)", "second(t)", int32(15), "INT"},
		{"CAST(t AS STRING)", "t", "13:08:15.123456", "STRING"},
		{"CAST(t AS TIME(2))", "t", tod(13, 8, 15, 120000), "TIME(2)"},
		{"make_timestamp_ntz(DATE'2014-12-28', TIME'06:30:45.887')", "", sqltypes.TimestampNTZ(1419748245887000), "TIMESTAMP_NTZ"},
		{"make_timestamp(DATE'2014-12-28', TIME'06:30:45.887', 'CET')", "", sqltypes.Timestamp(1419744645887000), "TIMESTAMP"},
		{"TIME'12:00' + INTERVAL '1' HOUR", "TIME '12:00:00' + INTERVAL '01' HOUR", tod(13, 0, 0, 0), "TIME(6)"},
		{"CAST('12:00' AS TIME(0)) + INTERVAL '1.5' SECOND", "", tod(12, 0, 1, 500000), "TIME(6)"},
		{"TIME'12:00:00.5' - TIME'13:00'", "TIME '12:00:00.5' - TIME '13:00:00'", int64(-3599500000), "INTERVAL HOUR TO SECOND"},
		{"extract(SECOND FROM TIME'13:08:15.5')", "extract(SECOND FROM TIME '13:08:15.5')", sqltypes.NewDecimal(15500000, 6), "DECIMAL(8,6)"},
		{"extract(HOUR FROM TIME'13:08:15.5')", "extract(HOUR FROM TIME '13:08:15.5')", int32(13), "INT"},
		{"date_part('MINUTE', TIME'13:08:15.5')", "date_part(MINUTE, TIME '13:08:15.5')", int32(8), "INT"},
		{"TIME'12:00' = '12:00:00'", "(TIME '12:00:00' = 12:00:00)", true, "BOOLEAN"},
	}
	for _, tc := range tests {
		b, err := Resolve(mustParse(t, tc.sql), &Scope{Schema: sqltypes.MustParseDDL(ddl)})
		if err != nil {
			t.Errorf("%s: %v", tc.sql, err)
			continue
		}
		got, err := b.Eval(evalCtx(t), row)
		if err != nil || !reflect.DeepEqual(got, tc.want) || b.DataType().SQL() != tc.typ ||
			(tc.name != "" && OutputName(b) != tc.name) {
			t.Errorf("%s = %s %v of %s (err %v), want %s %v of %s", tc.sql, OutputName(b), got, b.DataType().SQL(), err, tc.name, tc.want, tc.typ)
		}
	}
}

func TestTimeFunctionErrors(t *testing.T) {
	tests := []struct{ sql, kind, class, msg string }{
		{"make_time(25, 30, 45)", "DateTimeException", "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION", "Invalid value for HourOfDay (valid values 0 - 23): 25. "},
		{"make_time(1, 60, 1)", "DateTimeException", "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION", "Invalid value for MinuteOfHour (valid values 0 - 59): 60. "},
		{"make_time(1, 30, 60)", "DateTimeException", "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION", "Invalid value for SecondOfMinute (valid values 0 - 59): 60. "},
		{"to_time('malformed')", "DateTimeException", "CANNOT_PARSE_TIME", "The input string 'malformed' cannot be parsed to a TIME value because it does not match to the datetime format 'HH:mm:ss.SSSSSS'."},
		{"to_time('10:30', 'HH:mm:ss')", "DateTimeException", "CANNOT_PARSE_TIME", "The input string '10:30' cannot be parsed to a TIME value because it does not match to the datetime format 'HH:mm:ss'."},
		{"time_diff('DAY', TIME'13:08:15', TIME'21:30:28')", "IllegalArgumentException", "INVALID_PARAMETER_VALUE.TIME_UNIT", "The value of parameter(s) `unit` in `time_diff` is invalid: expects one of the units 'HOUR', 'MINUTE', 'SECOND', 'MILLISECOND', 'MICROSECOND', but got ''DAY''."},
		{"time_trunc('DAY', TIME'13:08:15')", "IllegalArgumentException", "INVALID_PARAMETER_VALUE.TIME_UNIT", "The value of parameter(s) `unit` in `time_trunc` is invalid: expects one of the units 'HOUR', 'MINUTE', 'SECOND', 'MILLISECOND', 'MICROSECOND', but got ''DAY''."},
		{"TIME'12:00' - INTERVAL '13' HOUR", "ArithmeticException", "DATETIME_OVERFLOW", "Datetime operation overflow: add INTERVAL '-13' HOUR to the time value TIME '12:00:00'."},
		{"time_from_seconds(-1)", "DateTimeException", "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION", "Invalid TIME value: must be between 00:00:00 and 23:59:59.999999999, but got -1000000000 nanoseconds. "},
		{"time_from_micros(86400000000)", "DateTimeException", "DATETIME_FIELD_OUT_OF_BOUNDS.WITHOUT_SUGGESTION", "Invalid TIME value: must be between 00:00:00 and 23:59:59.999999999, but got 86400000000000 nanoseconds. "},
	}
	// [DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] Cannot resolve "TIME '12:00:00'" due to
	// data type mismatch: cannot cast "TIME(6)" to "TIMESTAMP".
	_, _, err := evalOne(t, "x INT", sqltypes.Row{int32(1)}, "date_format(TIME'12:00', 'HH:mm')")
	var ce *sparkerrors.Error
	if !errors.As(err, &ce) || ce.Message != `Cannot resolve "TIME '12:00:00'" due to data type mismatch: cannot cast "TIME(6)" to "TIMESTAMP".` {
		t.Errorf("date_format of a TIME: %v", err)
	}
	for _, tc := range tests {
		_, _, err := evalOne(t, "x INT", sqltypes.Row{int32(1)}, tc.sql)
		var se *sparkerrors.Error
		if !errors.As(err, &se) || se.Kind.String() != tc.kind || se.Class != tc.class || se.Message != tc.msg {
			t.Errorf("%s: error %v, want %s [%s] %q", tc.sql, err, tc.kind, tc.class, tc.msg)
		}
	}
}

// time_bucket as Spark 4.2 gives it with spark.sql.session.timeZone America/Los_Angeles
// (CAST(time_bucket(...) AS STRING) on real Spark).
func TestTimeBucket(t *testing.T) {
	ec, err := NewEvalContext("America/Los_Angeles", true, ordersNow)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ sql, want string }{
		{"time_bucket(INTERVAL '15' MINUTE, CAST('2024-01-01 11:27:00' AS TIMESTAMP))", "2024-01-01 11:15:00"},
		{"time_bucket(INTERVAL '1' DAY, CAST('2024-07-01 11:27:00' AS TIMESTAMP))", "2024-07-01 00:00:00"},
		{"time_bucket(INTERVAL '15' MINUTE, CAST('2024-07-01 11:27:00' AS TIMESTAMP))", "2024-07-01 11:15:00"},
		{"time_bucket(INTERVAL '5' HOUR, CAST('2024-07-01 11:27:00' AS TIMESTAMP))", "2024-07-01 11:00:00"},
		{"time_bucket(INTERVAL '1 02:00' DAY TO MINUTE, CAST('2024-07-01 11:27:00' AS TIMESTAMP))", "2024-07-01 04:00:00"},
		{"time_bucket(INTERVAL '7' HOUR, CAST('1969-12-31 23:00:00' AS TIMESTAMP))", "1969-12-31 17:00:00"},
		{"time_bucket(INTERVAL '1' MONTH, CAST('2024-07-15 11:27:00' AS TIMESTAMP))", "2024-07-01 00:00:00"},
		{"time_bucket(INTERVAL '1' MONTH, CAST('2024-07-15 11:27:00' AS TIMESTAMP), CAST('2000-01-20 10:00:00' AS TIMESTAMP))", "2024-06-20 10:00:00"},
		{"time_bucket(INTERVAL '1' MONTH, CAST('2024-03-01 00:00:00' AS TIMESTAMP), CAST('2000-01-31 00:00:00' AS TIMESTAMP))", "2024-02-29 00:00:00"},
		{"time_bucket(INTERVAL '2' YEAR, CAST('2024-07-25 11:27:00' AS TIMESTAMP))", "2024-01-01 00:00:00"},
		{"time_bucket(INTERVAL '15' MINUTE, CAST('2024-01-01 11:27:00' AS TIMESTAMP), CAST('2030-01-01 00:05:00' AS TIMESTAMP))", "2024-01-01 11:20:00"},
	}
	for _, tc := range tests {
		b, err := Resolve(mustParse(t, "CAST("+tc.sql+" AS STRING)"), &Scope{Schema: sqltypes.MustParseDDL("x INT")})
		if err != nil {
			t.Errorf("%s: %v", tc.sql, err)
			continue
		}
		got, err := b.Eval(ec, sqltypes.Row{int32(1)})
		if err != nil || got != tc.want {
			t.Errorf("%s = %v (err %v), want %s", tc.sql, got, err, tc.want)
		}
	}
	// The errors name the default origin, as Spark's do.
	for _, tc := range []struct{ sql, class string }{
		{"time_bucket(INTERVAL '0' MINUTE, CAST('2024-01-01 11:27:00' AS TIMESTAMP))", "DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE"},
		{"time_bucket(5, CAST('2024-01-01 11:27:00' AS TIMESTAMP))", "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE"},
		{"time_bucket(INTERVAL '15' MINUTE, '2024-01-01 11:27:00')", "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE"},
	} {
		_, err := Resolve(mustParse(t, tc.sql), &Scope{Schema: sqltypes.MustParseDDL("x INT")})
		var se *sparkerrors.Error
		if !errors.As(err, &se) || se.Class != tc.class {
			t.Errorf("%s: error %v, want %s", tc.sql, err, tc.class)
		}
	}
	_, err = Resolve(mustParse(t, "time_bucket(INTERVAL '15' MINUTE, '2024-01-01 11:27:00')"), &Scope{Schema: sqltypes.MustParseDDL("x INT")})
	const want = `Cannot resolve "time_bucket(INTERVAL '15' MINUTE, 2024-01-01 11:27:00, TIMESTAMP '1970-01-01 00:00:00')" due to data type mismatch: The second parameter requires the "(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)" type, however "2024-01-01 11:27:00" has the type "STRING".`
	if se := (*sparkerrors.Error)(nil); !errors.As(err, &se) || se.Message != want {
		t.Errorf("time_bucket of a string: %v\nwant %s", err, want)
	}
}

// current_time() is TIME(6) named current_time(6); current_time(0) is TIME(0) (Spark 4.2's
// schema: struct<current_time(6):time(6),current_time(0):time(0)>), the query start's clock.
func TestCurrentTime(t *testing.T) {
	ec := evalCtx(t)
	for _, c := range []struct {
		sql, name, typ string
		p              int
	}{{"current_time()", "current_time(6)", "TIME(6)", 6}, {"current_time(0)", "current_time(0)", "TIME(0)", 0}} {
		b, err := Resolve(mustParse(t, c.sql), &Scope{Schema: sqltypes.MustParseDDL("x INT")})
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.Eval(ec, sqltypes.Row{int32(1)})
		now := int64(ec.Now) % microsPerDay * 1000
		if err != nil || OutputName(b) != c.name || b.DataType().SQL() != c.typ || got != sqltypes.TruncateTime(sqltypes.Time(now), c.p) {
			t.Errorf("%s = %s %v of %s (err %v)", c.sql, OutputName(b), got, b.DataType().SQL(), err)
		}
	}
}
