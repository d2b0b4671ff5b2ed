package plan

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Names, types and printed values as PySpark 4.2 shows them for
// spark.sql("select timestamp'2024-05-01 10:00:00' as t").select(expr(...)).show().
func TestIntervalLiteralsAndArithmetic(t *testing.T) {
	schema := sqltypes.MustParseDDL("t TIMESTAMP")
	row := sqltypes.Row{ts("2024-05-01T10:00:00Z")}
	tests := []struct {
		sql, name, typ, shown string
	}{
		{"interval 1 hour", "INTERVAL '01' HOUR", "interval hour", "INTERVAL '01' HOUR"},
		{"INTERVAL '1' HOUR", "INTERVAL '01' HOUR", "interval hour", "INTERVAL '01' HOUR"},
		{"interval 90 minutes", "INTERVAL '90' MINUTE", "interval minute", "INTERVAL '90' MINUTE"},
		{"interval 1 day 2 hours", "INTERVAL '1 02' DAY TO HOUR", "interval day to hour", "INTERVAL '1 02' DAY TO HOUR"},
		{"interval 1 month", "INTERVAL '1' MONTH", "interval month", "INTERVAL '1' MONTH"},
		{"interval 1 year 2 months", "INTERVAL '1-2' YEAR TO MONTH", "interval year to month", "INTERVAL '1-2' YEAR TO MONTH"},
		{"interval 1.5 seconds", "INTERVAL '01.5' SECOND", "interval second", "INTERVAL '01.5' SECOND"},
		{"interval -1 hour", "INTERVAL '-01' HOUR", "interval hour", "INTERVAL '-01' HOUR"},
		{"INTERVAL '1 02:03:04' DAY TO SECOND", "INTERVAL '1 02:03:04' DAY TO SECOND", "interval day to second", "INTERVAL '1 02:03:04' DAY TO SECOND"},
		{"interval 2 hours 30 minutes", "INTERVAL '02:30' HOUR TO MINUTE", "interval hour to minute", "INTERVAL '02:30' HOUR TO MINUTE"},
		{"interval 1 week", "INTERVAL '7' DAY", "interval day", "INTERVAL '7' DAY"},
		{"t + interval 1 hour", "t + INTERVAL '01' HOUR", "timestamp", "2024-05-01 11:00:00"},
		{"t - interval 90 minutes", "t - INTERVAL '90' MINUTE", "timestamp", "2024-05-01 08:30:00"},
		{"t + interval 1 month", "t + INTERVAL '1' MONTH", "timestamp", "2024-06-01 10:00:00"},
		{"interval 1 hour < interval 2 hours", "(INTERVAL '01' HOUR < INTERVAL '02' HOUR)", "boolean", "true"},
		{"interval 1 hour + interval 30 minutes", "(INTERVAL '01' HOUR + INTERVAL '30' MINUTE)", "interval hour to minute", "INTERVAL '01:30' HOUR TO MINUTE"},
		{"t >= t - interval 1 hour", "(t >= t - INTERVAL '01' HOUR)", "boolean", "true"},
		{"interval 1 hour * 2", "(INTERVAL '01' HOUR * 2)", "interval day to second", "INTERVAL '0 02:00:00' DAY TO SECOND"},
		{"interval 1 day = interval 24 hours", "(INTERVAL '1' DAY = INTERVAL '24' HOUR)", "boolean", "true"},
		{"cast(interval 1 hour as string)", "CAST(INTERVAL '01' HOUR AS STRING)", "string", "INTERVAL '01' HOUR"},
		{"t - t", "(t - t)", "interval day to second", "INTERVAL '0 00:00:00' DAY TO SECOND"},
	}
	ec := evalCtx(t)
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			e, err := ParseExpression(tc.sql)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Resolve(e, &Scope{Schema: schema})
			if err != nil {
				t.Fatal(err)
			}
			if got := OutputName(b); got != tc.name {
				t.Errorf("name = %q, want %q", got, tc.name)
			}
			if got := sqltypes.SimpleString(b.DataType()); got != tc.typ {
				t.Errorf("type = %s, want %s", got, tc.typ)
			}
			v, err := b.Eval(ec, row)
			if err != nil {
				t.Fatal(err)
			}
			if got := sqltypes.FormatValue(v, b.DataType(), nil); got != tc.shown {
				t.Errorf("value = %s, want %s", got, tc.shown)
			}
		})
	}
}

func TestIntervalErrorsAsSpark(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"interval 1 month 2 days", "Cannot mix year-month and day-time fields: interval 1 month 2 days."},
		{"interval 1 hour < interval 1 month", `[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve "(INTERVAL '01' HOUR < INTERVAL '1' MONTH)" due to data type mismatch: the left and right operands of the binary operator have incompatible types ("INTERVAL HOUR" and "INTERVAL MONTH").`},
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.sql)
		if err == nil {
			_, err = Resolve(e, &Scope{Schema: sqltypes.MustParseDDL("t TIMESTAMP")})
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %s", tc.sql, err, tc.want)
		}
	}
}

// make_interval's CalendarInterval prints as Spark's CalendarInterval.toString (days and
// hours apart: 25 hours stay 25 hours), and sequence steps dates and timestamps by an
// interval from the start each time (Jan 31 + 2 months is Mar 31, not Mar 29).
func TestMakeIntervalAndIntervalSequence(t *testing.T) {
	schema := sqltypes.MustParseDDL("t TIMESTAMP")
	row := sqltypes.Row{ts("2024-05-01T10:00:00Z")}
	tests := []struct{ sql, typ, shown string }{
		{"make_interval(1, 2, 0, 3, 4, 5, 6.5)", "interval", "1 years 2 months 3 days 4 hours 5 minutes 6.5 seconds"},
		{"make_interval(0, 0, 0, 0, 25, 0, 0)", "interval", "25 hours"},
		{"make_interval(0, 14, 1, 1, 0, 0, -0.5)", "interval", "1 years 2 months 8 days -0.5 seconds"},
		{"make_interval()", "interval", "0 seconds"},
		{"sequence(date'2024-01-31', date'2024-05-01', interval 1 month)", "array<date>", "[2024-01-31, 2024-02-29, 2024-03-31, 2024-04-30]"},
		{"sequence(date'2024-03-03', date'2024-03-01', interval -1 day)", "array<date>", "[2024-03-03, 2024-03-02, 2024-03-01]"},
		{"sequence(t, t + interval 3 hours, interval 90 minutes)", "array<timestamp>", "[2024-05-01 10:00:00, 2024-05-01 11:30:00, 2024-05-01 13:00:00]"},
		{"sequence(t, t + interval 2 days, make_interval(0, 0, 0, 1, 0, 0, 0))", "array<timestamp>", "[2024-05-01 10:00:00, 2024-05-02 10:00:00, 2024-05-03 10:00:00]"},
	}
	ec := evalCtx(t)
	for _, tc := range tests {
		t.Run(tc.sql, func(t *testing.T) {
			e, err := ParseExpression(tc.sql)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Resolve(e, &Scope{Schema: schema})
			if err != nil {
				t.Fatal(err)
			}
			if got := sqltypes.SimpleString(b.DataType()); got != tc.typ {
				t.Errorf("type = %s, want %s", got, tc.typ)
			}
			v, err := b.Eval(ec, row)
			if err != nil {
				t.Fatal(err)
			}
			if got := sqltypes.FormatValue(v, b.DataType(), nil); got != tc.shown {
				t.Errorf("value = %s, want %s", got, tc.shown)
			}
		})
	}
}
