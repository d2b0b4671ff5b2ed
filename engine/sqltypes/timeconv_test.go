package sqltypes

import (
	"testing"
	"time"
)

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestParseTimestamp(t *testing.T) {
	la := mustLoc(t, "America/Los_Angeles")
	base := time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC)
	cases := []struct {
		in   string
		loc  *time.Location
		want time.Time
		ok   bool
	}{
		{"2026-10-01T09:15:00Z", time.UTC, base, true},
		{"2026-10-01T09:15:00Z", la, base, true},
		{"2026-10-01 09:15:00", time.UTC, base, true},
		{"2026-10-01 02:15:00", la, base, true},
		{"2026-10-01T11:15:00+02:00", la, base, true},
		{"2026-10-01T11:15:00+0200", la, base, true},
		{"2026-10-01T11:15:00+2:00", la, base, true},
		{"2026-10-01T10:15:00 GMT+1", time.UTC, base, true},
		{"2026-10-01T10:15:00UTC+01:00", time.UTC, base, true},
		{"2026-10-01T02:15:00 America/Los_Angeles", time.UTC, base, true},
		{"2026-10-01T09:15:00.5Z", time.UTC, base.Add(500 * time.Millisecond), true},
		{"2026-10-01T09:15:00.123456789Z", time.UTC, base.Add(123456 * time.Microsecond), true},
		{"  2026-10-01T09:15:00Z \n", time.UTC, base, true},
		{"2026-10-01", time.UTC, time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), true},
		{"2026-10-01", la, time.Date(2026, 10, 1, 7, 0, 0, 0, time.UTC), true},
		{"2026-10", time.UTC, time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), true},
		{"2026", time.UTC, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"2026-1-2 3:4:5", time.UTC, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), true},
		{"2026-10-01T09:15", time.UTC, time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC), true},
		{"2026-10-01T09", time.UTC, time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC), true},
		{"2026-02-29", time.UTC, time.Time{}, false},
		{"2024-02-29", time.UTC, time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC), true},
		{"2026-13-01", time.UTC, time.Time{}, false},
		{"2026-10-01T25:00:00", time.UTC, time.Time{}, false},
		{"2026-10-01T09:15:00+25:00", time.UTC, time.Time{}, false},
		{"2026-10-01T09:15:00 Mars/Olympus", time.UTC, time.Time{}, false},
		{"abc", time.UTC, time.Time{}, false},
		{"", time.UTC, time.Time{}, false},
		{"26-10-01", time.UTC, time.Time{}, false},
		{"2026/10/01", time.UTC, time.Time{}, false},
		{"2026-10-01T", time.UTC, time.Time{}, false},
		// DST gap in Los Angeles (2026-03-08 02:30 does not exist): moves forward an hour.
		{"2026-03-08 02:30:00", la, time.Date(2026, 3, 8, 10, 30, 0, 0, time.UTC), true},
		// DST overlap (2026-11-01 01:30 happens twice): the earlier offset (-07:00) wins.
		{"2026-11-01 01:30:00", la, time.Date(2026, 11, 1, 8, 30, 0, 0, time.UTC), true},
	}
	for _, c := range cases {
		ts, ok := ParseTimestamp(c.in, c.loc)
		if ok != c.ok {
			t.Errorf("%q: ok=%v want %v", c.in, ok, c.ok)
			continue
		}
		if ok && ts.Time() != c.want.UTC() {
			t.Errorf("%q in %v: got %v want %v", c.in, c.loc, ts.Time(), c.want.UTC())
		}
	}
}

func TestFormatTimestamps(t *testing.T) {
	la := mustLoc(t, "America/Los_Angeles")
	ts := Timestamp(time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC).UnixMicro())
	cases := []struct {
		got, want string
	}{
		{FormatTimestamp(ts, time.UTC), "2026-10-01 09:15:00"},
		{FormatTimestamp(ts, la), "2026-10-01 02:15:00"},
		{FormatTimestamp(ts+500_000, time.UTC), "2026-10-01 09:15:00.5"},
		{FormatTimestamp(ts+123_450, time.UTC), "2026-10-01 09:15:00.12345"},
		{FormatTimestamp(ts+1, time.UTC), "2026-10-01 09:15:00.000001"},
		{FormatTimestampISO(ts, time.UTC), "2026-10-01T09:15:00.000Z"},
		{FormatTimestampISO(ts, la), "2026-10-01T02:15:00.000-07:00"},
		{FormatTimestampISO(ts+123_999, time.UTC), "2026-10-01T09:15:00.123Z"},
		{FormatTimestampISO(ts, time.FixedZone("x", 5*3600+1800)), "2026-10-01T14:45:00.000+05:30"},
		{FormatTimestamp(Timestamp(-1), time.UTC), "1969-12-31 23:59:59.999999"},
		{FormatDate(Date(0)), "1970-01-01"},
		{FormatDate(Date(-1)), "1969-12-31"},
		{FormatTimestampNTZISO(TimestampNTZ(ts)), "2026-10-01T09:15:00.000"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("%d: got %q want %q", i, c.got, c.want)
		}
	}
}

func TestParseDate(t *testing.T) {
	cases := []struct {
		in   string
		want string
		ok   bool
	}{
		{"2026-10-01", "2026-10-01", true},
		{"2026-10-01T09:15:00Z", "2026-10-01", true},
		{"2026-10-01 anything", "2026-10-01", true},
		{" 2026-1-5 ", "2026-01-05", true},
		{"2026-10", "2026-10-01", true},
		{"2026", "2026-01-01", true},
		{"2026-10-32", "", false},
		{"20261001", "", false},
		{"x", "", false},
	}
	for _, c := range cases {
		d, ok := ParseDate(c.in)
		if ok != c.ok || (ok && FormatDate(d) != c.want) {
			t.Errorf("%q: %v %v want %q %v", c.in, FormatDate(d), ok, c.want, c.ok)
		}
	}
	for _, days := range []int64{-719468, -1, 0, 1, 20727, 2932896} {
		y, m, d := CivilFromDays(days)
		if DaysFromCivil(y, m, d) != days {
			t.Errorf("civil round trip %d", days)
		}
		tm := time.Unix(days*86400, 0).UTC()
		if tm.Year() != y || int(tm.Month()) != m || tm.Day() != d {
			t.Errorf("civil %d: %d-%d-%d vs %v", days, y, m, d, tm)
		}
	}
}

func TestParseZoneID(t *testing.T) {
	for _, c := range []struct {
		id  string
		off int
		ok  bool
	}{
		{"UTC", 0, true}, {"Z", 0, true}, {"+02:00", 7200, true}, {"-08:00", -28800, true},
		{"GMT+1", 3600, true}, {"UTC-05:30", -19800, true}, {"EST", -18000, true},
		{"Nowhere/City", 0, false}, {"+19:00", 0, false},
	} {
		l, ok := ParseZoneID(c.id)
		if ok != c.ok {
			t.Errorf("%q ok=%v", c.id, ok)
			continue
		}
		if ok {
			_, off := time.Date(2026, 1, 15, 0, 0, 0, 0, l).Zone()
			if off != c.off {
				t.Errorf("%q offset %d want %d", c.id, off, c.off)
			}
		}
	}
}
