package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// spark.sql.timeType.enabled as real PySpark 4.2.0 has it: unset (false), each form below
// printed, for example with spark.sql("SELECT CAST('12:00' AS TIME)"),
//
//	pyspark.errors.exceptions.captured.AnalysisException: [UNSUPPORTED_TIME_TYPE] The data
//	type TIME is not supported. SQLSTATE: 0A000
//
// when the DataFrame was built (the write, when it ran), and worked with the conf true.
// The "works" forms worked with the conf unset too.
func TestTimeTypeEnabledGate(t *testing.T) {
	const unsupported = "[UNSUPPORTED_TIME_TYPE] The data type TIME is not supported."
	ctx := context.Background()
	// build makes a DataFrame over v (t TIME, s STRING, n INT), or runs a write.
	type build func(s *Session, v *DataFrame) error
	sql := func(q string) build {
		return func(s *Session, _ *DataFrame) error { _, err := s.SQL(ctx, q); return err }
	}
	expr := func(e string) build {
		return func(_ *Session, v *DataFrame) error { _, err := v.SelectExpr(e); return err }
	}
	cases := []struct {
		name  string
		build build
		gated bool // fails with the conf off
	}{
		{"TIME literal", sql("SELECT TIME '12:00'"), false},
		{"typeof(TIME literal)", sql("SELECT typeof(TIME '12:00')"), false},
		{"TIME to STRING", sql("SELECT CAST(TIME '12:00' AS STRING)"), false},
		{"current_time", sql("SELECT current_time()"), false},
		{"make_timestamp(date, time)", sql("SELECT make_timestamp(DATE'2020-01-01', TIME '01:00')"), false},
		{"select a TIME column", expr("t"), false},
		{"compare TIME with TIME", func(_ *Session, v *DataFrame) error { _, err := v.Filter(Col("t").Gt(Col("t"))); return err }, false},
		{"SQL GROUP BY a TIME", sql("SELECT t, count(*) FROM v GROUP BY t"), false},
		{"max of a TIME in select", expr("max(t)"), false},
		{"CAST AS TIME", sql("SELECT CAST('12:00' AS TIME)"), true},
		{"CAST AS ARRAY<TIME>", sql("SELECT CAST(array('12:00') AS ARRAY<TIME>)"), true},
		{"CAST NULL AS TIME", expr("CAST(NULL AS TIME)"), true},
		{"make_time", sql("SELECT make_time(1, 2, 3)"), true},
		{"to_time", sql("SELECT to_time('12:00')"), true},
		{"try_to_time", sql("SELECT try_to_time('12:00')"), true},
		{"time_diff", sql("SELECT time_diff('HOUR', TIME '01:00', TIME '03:00')"), true},
		{"time_trunc", sql("SELECT time_trunc('HOUR', TIME '01:30')"), true},
		{"time_from_seconds", sql("SELECT time_from_seconds(3600)"), true},
		{"time_to_seconds", sql("SELECT time_to_seconds(TIME '01:00')"), true},
		{"hour of a TIME", sql("SELECT hour(TIME '01:00')"), true},
		{"extract of a TIME", sql("SELECT extract(HOUR FROM TIME '01:00')"), true},
		{"TIME + interval", sql("SELECT TIME '01:00' + INTERVAL '1' HOUR"), true},
		{"TIME - TIME", sql("SELECT TIME '03:00' - TIME '01:00'"), true},
		{"TIME compared with a STRING", expr("t > s"), true},
		{"coalesce of a TIME and a STRING", expr("coalesce(t, s)"), true},
		{"groupBy on a DataFrame with a TIME column", func(_ *Session, v *DataFrame) error { _, err := v.GroupBy("n").Count(); return err }, true},
		{"df.agg", func(_ *Session, v *DataFrame) error { _, err := v.Agg(Max(Col("t"))); return err }, true},
		{"write parquet", func(_ *Session, v *DataFrame) error { return v.Write().Mode("overwrite").Parquet(ctx, "out") }, true},
		{"CREATE TABLE with a TIME column", sql("CREATE TABLE tg (x TIME) USING parquet"), true},
	}
	for _, on := range []bool{false, true} {
		s := newTestSession(t)
		if on {
			if err := s.Conf().Set(ConfTimeTypeEnabled, "true"); err != nil {
				t.Fatal(err)
			}
		}
		v, err := s.CreateDataFrameDDL([]sqltypes.Row{{sqltypes.Time(3_723_000_000_000), "01:00", int32(1)}}, "t TIME, s STRING, n INT")
		if err != nil {
			t.Fatal(err)
		}
		if err := v.CreateOrReplaceTempView("v"); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			err := c.build(s, v)
			var se *sparkerrors.Error
			isGate := errors.As(err, &se) && se.Class == "UNSUPPORTED_TIME_TYPE"
			switch {
			case !on && c.gated && !isGate:
				t.Errorf("conf off, %s: error %v, want %s", c.name, err, unsupported)
			case !on && c.gated:
				if se.Error() != unsupported || se.SQLState() != "0A000" || se.Kind != sparkerrors.AnalysisException {
					t.Errorf("conf off, %s: %v (%v, SQLSTATE %s), want the AnalysisException %s SQLSTATE: 0A000", c.name, se, se.Kind, se.SQLState(), unsupported)
				}
			case isGate:
				t.Errorf("conf on=%v, %s: %v, want no UNSUPPORTED_TIME_TYPE", on, c.name, err)
			case c.name == "CREATE TABLE with a TIME column":
				// With the conf on the table is made; whether a parquet table takes TIME
				// columns is the file writer's matter, not this gate's.
			case err != nil:
				t.Errorf("conf on=%v, %s: %v", on, c.name, err)
			}
		}
	}
}

// The conf is read when an expression is analysed: a DataFrame made with it off takes
// TIME functions once it is set (spark.conf.set at runtime), and the value must be a
// boolean, as Spark checks it.
func TestTimeTypeEnabledConf(t *testing.T) {
	s := newTestSession(t)
	if got, err := s.Conf().Get(ConfTimeTypeEnabled); err != nil || got != "false" {
		t.Errorf("default %q (%v), want false", got, err)
	}
	v, err := s.CreateDataFrameDDL([]sqltypes.Row{{sqltypes.Time(3_723_000_000_000)}}, "t TIME")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.SelectExpr("hour(t)"); err == nil {
		t.Fatal("hour(t) with the conf unset: no error")
	}
	if err := s.Conf().Set(ConfTimeTypeEnabled, "TRUE"); err != nil {
		t.Fatal(err)
	}
	h, err := v.SelectExpr("hour(t)")
	if err != nil {
		t.Fatalf("hour(t) after spark.conf.set: %v", err)
	}
	rows, err := h.Collect(context.Background())
	if err != nil || len(rows) != 1 || rows[0][0] != int32(1) {
		t.Errorf("hour(01:02:03) = %v (%v), want 1", rows, err)
	}
	// spark.conf.set("spark.sql.timeType.enabled", "yes") in PySpark 4.2.0:
	const want = `[INVALID_CONF_VALUE.TYPE_MISMATCH] The value 'yes' in the config "spark.sql.timeType.enabled" is invalid. It should be a/an 'boolean' value.`
	err = s.Conf().Set(ConfTimeTypeEnabled, "yes")
	var se *sparkerrors.Error
	if !errors.As(err, &se) || se.Error() != want || se.Kind != sparkerrors.IllegalArgumentException || se.SQLState() != "22022" {
		t.Errorf("set to yes: %v, want the IllegalArgumentException %s SQLSTATE: 22022", err, want)
	}
	s.Conf().Unset(ConfTimeTypeEnabled)
	if got, _ := s.Conf().Get(ConfTimeTypeEnabled); got != "false" {
		t.Errorf("after unset %q, want false", got)
	}
	// Set through the builder (SessionConfig.Conf, as .config and --conf give it).
	b, err := NewSession(SessionConfig{WorkDir: t.TempDir(), Conf: map[string]string{ConfTimeTypeEnabled: "true"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.SQL(context.Background(), "SELECT make_time(1, 2, 3)"); err != nil {
		t.Errorf("make_time with the conf set by the builder: %v", err)
	}
}
