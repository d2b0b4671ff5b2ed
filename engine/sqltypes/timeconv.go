package sqltypes

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	_ "time/tzdata" // region zones (America/Los_Angeles) must resolve on machines without tzdata
)

const (
	microsPerSecond = int64(1_000_000)
	microsPerDay    = 86_400 * microsPerSecond
	secondsPerDay   = int64(86_400)
)

// DaysFromCivil is the number of days from 1970-01-01 to y-m-d in the proleptic Gregorian
// calendar (Java's LocalDate.toEpochDay).
func DaysFromCivil(y, m, d int) int64 {
	yy := int64(y)
	if m <= 2 {
		yy--
	}
	era := yy / 400
	if yy < 0 && yy%400 != 0 {
		era = (yy - 399) / 400
	}
	yoe := yy - era*400
	mm := int64(m)
	var mp int64
	if mm > 2 {
		mp = mm - 3
	} else {
		mp = mm + 9
	}
	doy := (153*mp+2)/5 + int64(d) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// CivilFromDays is the inverse of DaysFromCivil.
func CivilFromDays(z int64) (y, m, d int) {
	z += 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era = (z - 146096) / 146097
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	yy := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	dd := doy - (153*mp+2)/5 + 1
	var mm int64
	if mp < 10 {
		mm = mp + 3
	} else {
		mm = mp - 9
	}
	if mm <= 2 {
		yy++
	}
	return int(yy), int(mm), int(dd)
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysInMonth(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// zoneOffsetAt is the zone's UTC offset in seconds at an instant.
func zoneOffsetAt(loc *time.Location, unixSec int64) int64 {
	if loc == time.UTC || loc == nil {
		return 0
	}
	_, off := time.Unix(unixSec, 0).In(loc).Zone()
	return int64(off)
}

// localToUnix turns a wall-clock reading (seconds since 1970-01-01 as if UTC) in loc into an
// instant, as Java's ZonedDateTime.of does: in an overlap the earlier (pre-transition)
// offset wins; in a gap the time moves forward by the gap's length.
func localToUnix(localSec int64, loc *time.Location) int64 {
	if loc == time.UTC || loc == nil {
		return localSec
	}
	before := zoneOffsetAt(loc, localSec-36*3600)
	after := zoneOffsetAt(loc, localSec+36*3600)
	if before == after && zoneOffsetAt(loc, localSec-before) == before {
		return localSec - before
	}
	if zoneOffsetAt(loc, localSec-before) == before {
		return localSec - before
	}
	if zoneOffsetAt(loc, localSec-after) == after {
		return localSec - after
	}
	// Neither offset matches (unusual nested transitions): ask the zone at the guess.
	off := zoneOffsetAt(loc, localSec-before)
	if zoneOffsetAt(loc, localSec-off) == off {
		return localSec - off
	}
	return localSec - before
}

// tsParts is a parsed timestamp string.
type tsParts struct {
	year, month, day         int
	hour, minute, second     int
	micros                   int
	zone                     string // text after the time ("Z", "+02:00", " UTC"), "" if none
	justTime, hasZone, valid bool
}

// parseTimestampParts follows Spark's SparkDateTimeUtils.parseTimestampString: trimmed input,
// `[+-]yyyy[-[m]m[-[d]d]]`, then ` ` or `T` and `[h]h:[m]m:[s]s[.fraction]`, then a zone id.
// Fractions beyond 6 digits are truncated.
func parseTimestampParts(s string) tsParts {
	var p tsParts
	s = trimSparkSpace(s)
	if s == "" {
		return p
	}
	seg := [9]int{1, 1, 1, 0, 0, 0, 0, 0, 0}
	i := 0
	cur, curDigits := 0, 0
	digitsMilli := 0
	yearSign := 0
	j := 0
	if s[0] == '-' || s[0] == '+' {
		if s[0] == '-' {
			yearSign = -1
		} else {
			yearSign = 1
		}
		j++
	}
	validDigits := func(segment, digits int) bool {
		return segment == 6 || (segment == 0 && digits >= 4 && digits <= 6) ||
			(segment == 7 && digits <= 2) ||
			(segment != 0 && segment != 6 && segment != 7 && digits > 0 && digits <= 2)
	}
	end := len(s)
	for ; j < end; j++ {
		b := s[j]
		if b >= '0' && b <= '9' {
			if i == 6 {
				digitsMilli++
			}
			if i != 6 || curDigits < 6 {
				cur = cur*10 + int(b-'0')
				if cur > 1_000_000_000 {
					return p
				}
			}
			curDigits++
			continue
		}
		switch {
		case j == 0 && b == 'T':
			p.justTime = true
			i += 3
		case i < 2:
			if b == '-' {
				if !validDigits(i, curDigits) {
					return p
				}
				seg[i] = cur
				cur, curDigits = 0, 0
				i++
			} else if i == 0 && b == ':' && yearSign == 0 {
				p.justTime = true
				if !validDigits(3, curDigits) {
					return p
				}
				seg[3] = cur
				cur, curDigits = 0, 0
				i = 4
			} else {
				return p
			}
		case i == 2:
			if b != ' ' && b != 'T' {
				return p
			}
			if !validDigits(i, curDigits) {
				return p
			}
			seg[i] = cur
			cur, curDigits = 0, 0
			i++
		case i == 3 || i == 4:
			if b != ':' {
				return p
			}
			if !validDigits(i, curDigits) {
				return p
			}
			seg[i] = cur
			cur, curDigits = 0, 0
			i++
		case i == 5 || i == 6:
			if !validDigits(i, curDigits) {
				return p
			}
			seg[i] = cur
			cur, curDigits = 0, 0
			if b == '.' && i == 5 {
				i++
			} else {
				i++
				p.zone = s[j:end]
				p.hasZone = true
				j = end - 1
				if i == 6 {
					i++
				}
			}
		default:
			if i < len(seg) && (b == ':' || b == ' ') {
				if !validDigits(i, curDigits) {
					return p
				}
				seg[i] = cur
				cur, curDigits = 0, 0
				i++
			} else {
				return p
			}
		}
	}
	if !validDigits(i, curDigits) || i >= len(seg) {
		return p
	}
	seg[i] = cur
	for digitsMilli < 6 {
		seg[6] *= 10
		digitsMilli++
	}
	if yearSign < 0 {
		seg[0] = -seg[0]
	}
	p.year, p.month, p.day = seg[0], seg[1], seg[2]
	p.hour, p.minute, p.second, p.micros = seg[3], seg[4], seg[5], seg[6]
	p.valid = true
	return p
}

// trimSparkSpace drops leading and trailing ASCII whitespace and control characters
// (UTF8String.isWhitespaceOrISOControl).
func trimSparkSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] <= ' ' || s[i] == 0x7f) {
		i++
	}
	for j > i && (s[j-1] <= ' ' || s[j-1] == 0x7f) {
		j--
	}
	return s[i:j]
}

func (p *tsParts) validDateTime() bool {
	return p.month >= 1 && p.month <= 12 && p.day >= 1 && p.day <= daysInMonth(p.year, p.month) &&
		p.hour <= 23 && p.minute <= 59 && p.second <= 59 && p.year >= -290000 && p.year <= 294000
}

// ParseTimestamp reads a timestamp string as Spark's CAST(... AS TIMESTAMP) and from_json do
// by default: "2026-10-01T09:15:00Z", "2026-10-01 09:15:00" (in loc, the session zone),
// "2026-10-01 09:15:00.123456+02:00", "2026-10-01" (midnight), "2026-10", "2026",
// "09:15" (today in the zone), zone ids like "UTC", "GMT+1", "America/Los_Angeles".
// ok is false when the text is not a valid timestamp.
func ParseTimestamp(s string, loc *time.Location) (Timestamp, bool) {
	if ts, ok := parseUTCInstant(s); ok {
		return ts, true
	}
	p := parseTimestampParts(s)
	if !p.valid {
		return 0, false
	}
	zl := loc
	var fixed int64
	fixedZone := false
	if p.hasZone {
		off, l, ok := parseZoneID(strings.TrimSpace(p.zone))
		if !ok {
			return 0, false
		}
		if l != nil {
			zl = l
		} else {
			fixed, fixedZone = off, true
		}
	}
	if p.justTime {
		now := time.Now()
		if fixedZone {
			now = now.UTC().Add(time.Duration(fixed) * time.Second)
		} else if zl != nil {
			now = now.In(zl)
		} else {
			now = now.UTC()
		}
		p.year, p.month, p.day = now.Year(), int(now.Month()), now.Day()
	}
	if !p.validDateTime() {
		return 0, false
	}
	local := DaysFromCivil(p.year, p.month, p.day)*secondsPerDay + int64(p.hour)*3600 + int64(p.minute)*60 + int64(p.second)
	var sec int64
	if fixedZone {
		sec = local - fixed
	} else {
		sec = localToUnix(local, zl)
	}
	return Timestamp(sec*microsPerSecond + int64(p.micros)), true
}

// ParseTimestampNTZ reads a timestamp without zone; a string that names a zone is rejected,
// as Spark's stringToTimestampWithoutTimeZone(allowTimeZone=false) does for from_json.
func ParseTimestampNTZ(s string) (TimestampNTZ, bool) {
	p := parseTimestampParts(s)
	if !p.valid || p.justTime || p.hasZone || !p.validDateTime() {
		return 0, false
	}
	local := DaysFromCivil(p.year, p.month, p.day)*secondsPerDay + int64(p.hour)*3600 + int64(p.minute)*60 + int64(p.second)
	return TimestampNTZ(local*microsPerSecond + int64(p.micros)), true
}

// ParseDate reads a date as Spark's CAST(... AS DATE): trimmed `[+-]yyyy[-[m]m[-[d]d]]`,
// optionally followed by ' ' or 'T' and anything.
func ParseDate(s string) (Date, bool) {
	s = trimSparkSpace(s)
	if s == "" {
		return 0, false
	}
	seg := [3]int{1, 1, 1}
	i, cur, digits := 0, 0, 0
	sign := 1
	j := 0
	if s[0] == '-' || s[0] == '+' {
		if s[0] == '-' {
			sign = -1
		}
		j++
	}
	valid := func(segment, d int) bool {
		if segment == 0 {
			return d >= 4 && d <= 7
		}
		return d > 0 && d <= 2
	}
	for ; j < len(s) && i < 3; j++ {
		b := s[j]
		if i < 2 && b == '-' {
			if !valid(i, digits) {
				return 0, false
			}
			seg[i] = cur
			cur, digits = 0, 0
			i++
			continue
		}
		if i == 2 && (b == ' ' || b == 'T') {
			break
		}
		if b < '0' || b > '9' {
			return 0, false
		}
		cur = cur*10 + int(b-'0')
		digits++
		if digits > 7 {
			return 0, false
		}
	}
	if !valid(i, digits) {
		return 0, false
	}
	seg[i] = cur
	y := sign * seg[0]
	if seg[1] < 1 || seg[1] > 12 || seg[2] < 1 || seg[2] > daysInMonth(y, seg[1]) {
		return 0, false
	}
	return Date(DaysFromCivil(y, seg[1], seg[2])), true
}

var shortZoneIDs = map[string]string{
	"ACT": "Australia/Darwin", "AET": "Australia/Sydney", "AGT": "America/Argentina/Buenos_Aires",
	"ART": "Africa/Cairo", "AST": "America/Anchorage", "BET": "America/Sao_Paulo",
	"BST": "Asia/Dhaka", "CAT": "Africa/Harare", "CNT": "America/St_Johns", "CST": "America/Chicago",
	"CTT": "Asia/Shanghai", "EAT": "Africa/Addis_Ababa", "ECT": "Europe/Paris",
	"IET": "America/Indiana/Indianapolis", "IST": "Asia/Kolkata", "JST": "Asia/Tokyo",
	"MIT": "Pacific/Apia", "NET": "Asia/Yerevan", "NST": "Pacific/Auckland", "PLT": "Asia/Karachi",
	"PNT": "America/Phoenix", "PRT": "America/Puerto_Rico", "PST": "America/Los_Angeles",
	"SST": "Pacific/Guadalcanal", "VST": "Asia/Ho_Chi_Minh",
}

var shortFixed = map[string]int64{"EST": -5 * 3600, "MST": -7 * 3600, "HST": -10 * 3600}

var (
	zoneCache  sync.Map // string -> *time.Location, or nil for a name that is not a zone
	zoneMisses atomic.Int64
)

// ParseZoneID resolves a Spark/Java zone id ("UTC", "Z", "+02:00", "GMT-8",
// "America/Los_Angeles", short ids like "PST") to a location, as
// spark.sql.session.timeZone accepts them.
func ParseZoneID(id string) (*time.Location, bool) {
	off, loc, ok := parseZoneID(id)
	if !ok {
		return nil, false
	}
	if loc != nil {
		return loc, true
	}
	if off == 0 {
		return time.UTC, true
	}
	return time.FixedZone(formatOffsetID(off), int(off)), true
}

func formatOffsetID(off int64) string {
	sign := '+'
	if off < 0 {
		sign = '-'
		off = -off
	}
	s := string(sign) + twoDigits(int(off/3600)) + ":" + twoDigits(int(off/60%60))
	if off%60 != 0 {
		s += ":" + twoDigits(int(off%60))
	}
	return s
}

func twoDigits(v int) string {
	return string([]byte{byte('0' + v/10), byte('0' + v%10)})
}

// parseZoneID returns a fixed offset (seconds) or a region location.
func parseZoneID(id string) (int64, *time.Location, bool) {
	switch id {
	case "Z", "UTC", "GMT", "UT":
		return 0, nil, true
	case "":
		return 0, nil, false
	}
	if id[0] == '+' || id[0] == '-' {
		return parseOffset(id)
	}
	for _, prefix := range []string{"UTC", "GMT", "UT"} {
		if strings.HasPrefix(id, prefix) && len(id) > len(prefix) && (id[len(prefix)] == '+' || id[len(prefix)] == '-') {
			return parseOffset(id[len(prefix):])
		}
	}
	if off, ok := shortFixed[id]; ok {
		return off, nil, true
	}
	name := id
	if long, ok := shortZoneIDs[id]; ok {
		name = long
	}
	if l, ok := zoneCache.Load(name); ok {
		if l == nil {
			return 0, nil, false
		}
		return 0, l.(*time.Location), true
	}
	// Java region ids are Area/City style; reject names Go would resolve from odd places.
	if strings.ContainsAny(name, " .\\") || strings.HasPrefix(name, "/") || len(name) > 64 {
		return 0, nil, false
	}
	l, err := time.LoadLocation(name)
	if err != nil || name == "Local" {
		// Remember a bounded number of misses: looking a name up reads the zone database.
		if zoneMisses.Add(1) <= 1024 {
			zoneCache.Store(name, nil)
		}
		return 0, nil, false
	}
	zoneCache.Store(name, l)
	return 0, l, true
}

// parseOffset reads +h, +hh, +h:mm (Spark's legacy form), +hh:mm, +hh:m, +hhmm, +hh:mm:ss, +hhmmss.
func parseOffset(s string) (int64, *time.Location, bool) {
	sign := int64(1)
	if s[0] == '-' {
		sign = -1
	}
	s = s[1:]
	var h, m, sec int
	num := func(t string) (int, bool) {
		if t == "" || len(t) > 2 {
			return 0, false
		}
		v, err := strconv.Atoi(t)
		return v, err == nil && t[0] >= '0' && t[0] <= '9'
	}
	var ok bool
	if strings.Contains(s, ":") {
		parts := strings.Split(s, ":")
		if len(parts) > 3 {
			return 0, nil, false
		}
		if h, ok = num(parts[0]); !ok {
			return 0, nil, false
		}
		if len(parts) > 1 {
			if m, ok = num(parts[1]); !ok {
				return 0, nil, false
			}
		}
		if len(parts) > 2 {
			if len(parts[2]) != 2 {
				return 0, nil, false
			}
			if sec, ok = num(parts[2]); !ok {
				return 0, nil, false
			}
		}
	} else {
		switch len(s) {
		case 1, 2:
			h, ok = num(s)
		case 4:
			h, ok = num(s[:2])
			if ok {
				m, ok = num(s[2:])
			}
		case 6:
			h, ok = num(s[:2])
			if ok {
				m, ok = num(s[2:4])
			}
			if ok {
				sec, ok = num(s[4:])
			}
		}
		if !ok {
			return 0, nil, false
		}
	}
	if h > 18 || m > 59 || sec > 59 || (h == 18 && (m != 0 || sec != 0)) {
		return 0, nil, false
	}
	return sign * int64(h*3600+m*60+sec), nil, true
}

// wallClock splits an instant into the wall-clock fields in loc.
func wallClock(ts int64, loc *time.Location) (y, mo, d, h, mi, s, micros int, offset int64) {
	sec := floorDiv(ts, microsPerSecond)
	micros = int(ts - sec*microsPerSecond)
	offset = zoneOffsetAt(loc, sec)
	local := sec + offset
	days := floorDiv(local, secondsPerDay)
	rem := local - days*secondsPerDay
	y, mo, d = CivilFromDays(days)
	h, mi, s = int(rem/3600), int(rem/60%60), int(rem%60)
	return
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func appendPadded(b []byte, v, width int) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	var tmp [12]byte
	i := len(tmp)
	for v > 0 || i == len(tmp) {
		i--
		tmp[i] = byte('0' + v%10)
		v /= 10
	}
	for n := len(tmp) - i; n < width; n++ {
		b = append(b, '0')
	}
	return append(b, tmp[i:]...)
}

// appendYear writes a year as Java's "yyyy" (uuuu) pattern: 4 digits, a '+' above 9999.
func appendYear(b []byte, y int) []byte {
	if y > 9999 {
		b = append(b, '+')
	}
	return appendPadded(b, y, 4)
}

func appendDate(b []byte, y, mo, d int) []byte {
	b = appendYear(b, y)
	b = append(b, '-')
	b = appendPadded(b, mo, 2)
	b = append(b, '-')
	return appendPadded(b, d, 2)
}

func appendClock(b []byte, h, mi, s int) []byte {
	b = appendPadded(b, h, 2)
	b = append(b, ':')
	b = appendPadded(b, mi, 2)
	b = append(b, ':')
	return appendPadded(b, s, 2)
}

// appendFraction writes ".f" with trailing zeros cut, nothing when micros is zero.
func appendFraction(b []byte, micros int) []byte {
	if micros == 0 {
		return b
	}
	b = append(b, '.')
	digits := 6
	for micros%10 == 0 {
		micros /= 10
		digits--
	}
	return appendPadded(b, micros, digits)
}

// AppendTimestamp appends Spark's show()/CAST-to-string form of a timestamp in loc:
// "2026-10-01 09:15:00", with ".5" style fractions only when non-zero.
func AppendTimestamp(b []byte, ts Timestamp, loc *time.Location) []byte {
	y, mo, d, h, mi, s, us, _ := wallClock(int64(ts), loc)
	b = appendDate(b, y, mo, d)
	b = append(b, ' ')
	b = appendClock(b, h, mi, s)
	return appendFraction(b, us)
}

// FormatTimestamp is AppendTimestamp as a string.
func FormatTimestamp(ts Timestamp, loc *time.Location) string {
	return string(AppendTimestamp(make([]byte, 0, 26), ts, loc))
}

// FormatTimestampNTZ is the show() form of a TIMESTAMP_NTZ value.
func FormatTimestampNTZ(ts TimestampNTZ) string {
	return string(AppendTimestamp(make([]byte, 0, 26), Timestamp(ts), time.UTC))
}

// FormatDate is "yyyy-MM-dd".
func FormatDate(d Date) string {
	y, m, dd := CivilFromDays(int64(d))
	return string(appendDate(make([]byte, 0, 10), y, m, dd))
}

// appendOffsetXXX writes Java's XXX pattern: "Z" for zero, else "+02:00" (seconds if any).
func appendOffsetXXX(b []byte, off int64) []byte {
	if off == 0 {
		return append(b, 'Z')
	}
	return append(b, formatOffsetID(off)...)
}

// AppendTimestampISO appends the to_json / Delta-stats form, Spark's default JSON timestamp
// pattern yyyy-MM-dd'T'HH:mm:ss[.SSS][XXX]: always milliseconds (truncated), then the zone
// offset in loc ("2026-10-01T09:15:00.000Z", "2026-10-01T02:15:00.000-07:00").
func AppendTimestampISO(b []byte, ts Timestamp, loc *time.Location) []byte {
	y, mo, d, h, mi, s, us, off := wallClock(int64(ts), loc)
	b = appendDate(b, y, mo, d)
	b = append(b, 'T')
	b = appendClock(b, h, mi, s)
	b = append(b, '.')
	b = appendPadded(b, us/1000, 3)
	return appendOffsetXXX(b, off)
}

// FormatTimestampISO is AppendTimestampISO as a string.
func FormatTimestampISO(ts Timestamp, loc *time.Location) string {
	return string(AppendTimestampISO(make([]byte, 0, 32), ts, loc))
}

// FormatTimestampNTZISO is to_json's form of a TIMESTAMP_NTZ value, the default pattern
// yyyy-MM-dd'T'HH:mm:ss[.SSS] (a formatter prints optional sections): "2026-10-01T09:15:00.000".
func FormatTimestampNTZISO(ts TimestampNTZ) string {
	y, mo, d, h, mi, s, us, _ := wallClock(int64(ts), time.UTC)
	b := appendDate(make([]byte, 0, 32), y, mo, d)
	b = append(b, 'T')
	b = appendClock(b, h, mi, s)
	b = append(b, '.')
	b = appendPadded(b, us/1000, 3)
	return string(b)
}

// Time converts a Timestamp to a Go time in UTC.
func (ts Timestamp) Time() time.Time { return time.UnixMicro(int64(ts)).UTC() }

// UnixMilli is the instant in milliseconds (floor), as watermarks use.
func (ts Timestamp) UnixMilli() int64 { return floorDiv(int64(ts), 1000) }

// TimestampFromUnixMilli is ms since the epoch as a Timestamp.
func TimestampFromUnixMilli(ms int64) Timestamp { return Timestamp(ms * 1000) }

// Time returns the date at midnight UTC.
func (d Date) Time() time.Time { return time.Unix(int64(d)*secondsPerDay, 0).UTC() }
