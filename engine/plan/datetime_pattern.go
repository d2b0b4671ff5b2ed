package plan

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark's datetime patterns (https://spark.apache.org/docs/latest/sql-ref-datetime-pattern.html):
// java.time DateTimeFormatter letters with Spark's restrictions, formatting and parsing in
// the US locale, case-insensitive, with STRICT field checks (2024-02-30 does not parse).

type dtKind int

const (
	dtLiteral dtKind = iota
	dtYear
	dtYearOfEra
	dtMonth
	dtDay
	dtDayOfYear
	dtDayOfWeekText
	dtQuarter
	dtAmPm
	dtHour24   // H 0-23
	dtHour12   // h 1-12
	dtHourK12  // K 0-11
	dtHourK24  // k 1-24
	dtMinute   // m
	dtSecond   // s
	dtFraction // S
	dtEra      // G
	dtZoneName // z
	dtZoneID   // VV
	dtOffsetX  // X (Z for zero)
	dtOffsetx  // x
	dtOffsetZ  // Z
	dtOffsetO  // O
	dtOptStart // [
	dtOptEnd   // ]
)

type dtElem struct {
	kind  dtKind
	count int
	text  string // literal text
}

// dtPattern is a compiled pattern.
type dtPattern struct {
	src   string
	elems []dtElem
}

// PatternError is an invalid datetime pattern; Upgrade marks patterns Spark 2's
// SimpleDateFormat took (Spark reports those as SparkUpgradeException).
type patternError struct {
	pattern string
	upgrade bool
	msg     string
}

func (e *patternError) err(fn string) error {
	if e.upgrade {
		return &sparkerrors.Error{Kind: sparkerrors.SparkUpgradeException, Class: "INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION", Message: fmt.Sprintf(
			"You may get a different result due to the upgrading to Spark >= 3.0:\nFail to recognize '%s' pattern in the DateTimeFormatter. 1) You can set \"spark.sql.legacy.timeParserPolicy\" to \"LEGACY\" to restore the behavior before Spark 3.0. 2) You can form a valid datetime pattern with the guide from 'https://spark.apache.org/docs/latest/sql-ref-datetime-pattern.html'.", e.pattern)}
	}
	// Java's DateTimeFormatterBuilder refuses it: an IllegalArgumentException with its words.
	return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: e.msg}
}

var dtPatternCache sync.Map // "p|f" or "p|p" -> *dtPattern or *patternError

// compileDatetimePattern compiles a pattern for formatting or (parsing) parsing.
func compileDatetimePattern(p string, parsing bool) (*dtPattern, *patternError) {
	key := p + "|" + strconv.FormatBool(parsing)
	if v, ok := dtPatternCache.Load(key); ok {
		if pe, isErr := v.(*patternError); isErr {
			return nil, pe
		}
		return v.(*dtPattern), nil
	}
	dp, pe := buildDatetimePattern(p, parsing)
	if pe != nil {
		dtPatternCache.Store(key, pe)
		return nil, pe
	}
	dtPatternCache.Store(key, dp)
	return dp, nil
}

// legacyLetters are the letters SimpleDateFormat knew, so a pattern using one Spark 3
// refuses is an upgrade error rather than a plain invalid pattern.
const legacyLetters = "GyYMLwWDdFEuaHkKhmsSzZX"

func buildDatetimePattern(p string, parsing bool) (*dtPattern, *patternError) {
	dp := &dtPattern{src: p}
	hasEra := false
	inQuote := false
	for i := 0; i < len(p); i++ {
		if p[i] == '\'' {
			inQuote = !inQuote
		} else if !inQuote && p[i] == 'G' {
			hasEra = true
		}
	}
	refuse := func(c byte, msg string) *patternError {
		return &patternError{pattern: p, upgrade: strings.IndexByte(legacyLetters, c) >= 0 && c != 'c', msg: msg}
	}
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\'':
			j := i + 1
			var lit strings.Builder
			for {
				if j >= len(p) {
					return nil, &patternError{pattern: p, msg: "Pattern ends with an incomplete string literal: " + p}
				}
				if p[j] == '\'' {
					if j+1 < len(p) && p[j+1] == '\'' {
						lit.WriteByte('\'')
						j += 2
						continue
					}
					break
				}
				lit.WriteByte(p[j])
				j++
			}
			if j == i+1 {
				dp.elems = append(dp.elems, dtElem{kind: dtLiteral, text: "'"})
			} else {
				dp.elems = append(dp.elems, dtElem{kind: dtLiteral, text: lit.String()})
			}
			i = j + 1
		case c == '[':
			dp.elems = append(dp.elems, dtElem{kind: dtOptStart})
			i++
		case c == ']':
			dp.elems = append(dp.elems, dtElem{kind: dtOptEnd})
			i++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(p) && p[j] == c {
				j++
			}
			n := j - i
			i = j
			if c == 'u' {
				return nil, refuse(c, "Pattern letter 'u'(Day number of week) is not supported since Spark 3.0. Please use 'e' or 'E'(day-of-week) instead.")
			}
			if strings.IndexByte("AcnNp", c) >= 0 || parsing && strings.IndexByte("YWwEeFqQ", c) >= 0 {
				return nil, refuse(c, fmt.Sprintf("Illegal pattern character: %c", c))
			}
			if n >= 5 && strings.IndexByte("GMLEeQq", c) >= 0 || n >= 11 && (c == 'y' || c == 'Y') {
				return nil, refuse(c, fmt.Sprintf("Too many pattern letters: %c", c))
			}
			e := dtElem{count: n}
			switch c {
			case 'y':
				e.kind = dtYear
				if hasEra {
					e.kind = dtYearOfEra
				}
			case 'M', 'L':
				e.kind = dtMonth
			case 'd':
				e.kind = dtDay
			case 'D':
				e.kind = dtDayOfYear
			case 'E':
				e.kind = dtDayOfWeekText
			case 'Q', 'q':
				e.kind = dtQuarter
			case 'a':
				e.kind = dtAmPm
			case 'H':
				e.kind = dtHour24
			case 'h':
				e.kind = dtHour12
			case 'K':
				e.kind = dtHourK12
			case 'k':
				e.kind = dtHourK24
			case 'm':
				e.kind = dtMinute
			case 's':
				e.kind = dtSecond
			case 'S':
				e.kind = dtFraction
			case 'G':
				e.kind = dtEra
			case 'z':
				e.kind = dtZoneName
			case 'V':
				if n != 2 {
					return nil, &patternError{pattern: p, msg: "Pattern letter count must be 2: V"}
				}
				e.kind = dtZoneID
			case 'X':
				e.kind = dtOffsetX
			case 'x':
				e.kind = dtOffsetx
			case 'Z':
				e.kind = dtOffsetZ
			case 'O':
				e.kind = dtOffsetO
			default:
				return nil, &patternError{pattern: p, upgrade: strings.IndexByte(legacyLetters, c) >= 0,
					msg: fmt.Sprintf("kafkalab does not support the datetime pattern letter '%c' in %s", c, p)}
			}
			if n > 2 && (e.kind == dtDay || e.kind >= dtHour24 && e.kind <= dtSecond) {
				return nil, &patternError{pattern: p, msg: fmt.Sprintf("Too many pattern letters: %c", c)}
			}
			dp.elems = append(dp.elems, e)
		default:
			dp.elems = append(dp.elems, dtElem{kind: dtLiteral, text: string(c)})
			i++
		}
	}
	return dp, nil
}

var (
	monthShort = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	monthLong  = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	dayShort   = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	dayLong    = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
)

// civil is a local date-time with its zone offset, the fields a pattern reads.
type civil struct {
	year, month, day, hour, minute, second, micros int
	offset                                         int // seconds east of UTC
	loc                                            *time.Location
	unix                                           int64
}

func civilOf(ts int64, loc *time.Location) civil {
	t := time.UnixMicro(ts).In(loc)
	_, off := t.Zone()
	return civil{t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond() / 1000, off, loc, ts}
}

// isoDayOfWeek: Monday 1 .. Sunday 7.
func (c civil) isoDayOfWeek() int {
	d := sqltypes.DaysFromCivil(c.year, c.month, c.day)
	return int(((d+3)%7+7)%7) + 1
}

func (c civil) dayOfYear() int {
	return int(sqltypes.DaysFromCivil(c.year, c.month, c.day)-sqltypes.DaysFromCivil(c.year, 1, 1)) + 1
}

func appendNum(b []byte, v, width int) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	s := strconv.Itoa(v)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// format writes c in the pattern.
func (dp *dtPattern) format(c civil) string {
	var b []byte
	for _, e := range dp.elems {
		switch e.kind {
		case dtLiteral:
			b = append(b, e.text...)
		case dtYear, dtYearOfEra:
			y := c.year
			if e.kind == dtYearOfEra && y <= 0 {
				y = 1 - y
			}
			switch {
			case e.count == 2:
				b = appendNum(b, ((y%100)+100)%100, 2)
			case e.count >= 4 && y > 9999:
				b = append(b, '+')
				b = appendNum(b, y, e.count)
			default:
				b = appendNum(b, y, e.count)
			}
		case dtMonth:
			switch e.count {
			case 1, 2:
				b = appendNum(b, c.month, e.count)
			case 3:
				b = append(b, monthShort[c.month-1]...)
			default:
				b = append(b, monthLong[c.month-1]...)
			}
		case dtDay:
			b = appendNum(b, c.day, e.count)
		case dtDayOfYear:
			b = appendNum(b, c.dayOfYear(), e.count)
		case dtDayOfWeekText:
			if e.count <= 3 {
				b = append(b, dayShort[c.isoDayOfWeek()-1]...)
			} else {
				b = append(b, dayLong[c.isoDayOfWeek()-1]...)
			}
		case dtQuarter:
			q := (c.month-1)/3 + 1
			switch e.count {
			case 1, 2:
				b = appendNum(b, q, e.count)
			case 3:
				b = append(b, 'Q')
				b = strconv.AppendInt(b, int64(q), 10)
			default:
				b = append(b, []string{"1st", "2nd", "3rd", "4th"}[q-1]...)
				b = append(b, " quarter"...)
			}
		case dtAmPm:
			if c.hour < 12 {
				b = append(b, "AM"...)
			} else {
				b = append(b, "PM"...)
			}
		case dtHour24:
			b = appendNum(b, c.hour, e.count)
		case dtHour12:
			h := c.hour % 12
			if h == 0 {
				h = 12
			}
			b = appendNum(b, h, e.count)
		case dtHourK12:
			b = appendNum(b, c.hour%12, e.count)
		case dtHourK24:
			h := c.hour
			if h == 0 {
				h = 24
			}
			b = appendNum(b, h, e.count)
		case dtMinute:
			b = appendNum(b, c.minute, e.count)
		case dtSecond:
			b = appendNum(b, c.second, e.count)
		case dtFraction:
			digits := fmt.Sprintf("%06d000", c.micros)
			if e.count <= 9 {
				b = append(b, digits[:e.count]...)
			} else {
				b = append(b, digits...)
				b = append(b, strings.Repeat("0", e.count-9)...)
			}
		case dtEra:
			era := "AD"
			if c.year <= 0 {
				era = "BC"
			}
			if e.count == 4 {
				era = map[string]string{"AD": "Anno Domini", "BC": "Before Christ"}[era]
			}
			b = append(b, era...)
		case dtZoneName:
			b = append(b, zoneName(c, e.count >= 4)...)
		case dtZoneID:
			b = append(b, c.loc.String()...)
		case dtOffsetX, dtOffsetx:
			if c.offset == 0 && e.kind == dtOffsetX {
				b = append(b, 'Z')
				continue
			}
			b = append(b, formatOffset(c.offset, e.count)...)
		case dtOffsetZ:
			switch {
			case e.count <= 3:
				b = append(b, formatOffset(c.offset, 2)...)
			case e.count == 4:
				if c.offset == 0 {
					b = append(b, "GMT"...)
				} else {
					b = append(b, "GMT"+formatOffset(c.offset, 3)...)
				}
			default:
				if c.offset == 0 {
					b = append(b, 'Z')
				} else {
					b = append(b, formatOffset(c.offset, 5)...)
				}
			}
		case dtOffsetO:
			if c.offset == 0 {
				b = append(b, "GMT"...)
				continue
			}
			if e.count == 4 {
				b = append(b, "GMT"+formatOffset(c.offset, 3)...)
				continue
			}
			sign, off := '+', c.offset
			if off < 0 {
				sign, off = '-', -off
			}
			b = append(b, "GMT"...)
			b = append(b, byte(sign))
			b = strconv.AppendInt(b, int64(off/3600), 10)
			if m := off % 3600 / 60; m != 0 {
				b = append(b, ':')
				b = appendNum(b, m, 2)
			}
		}
	}
	return string(b)
}

// formatOffset is an offset in the X/x style of count letters: 1 +HH[mm], 2 +HHmm,
// 3 +HH:mm, 4 +HHmm[ss], 5 +HH:mm[:ss].
func formatOffset(off, count int) string {
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	h, m, s := off/3600, off%3600/60, off%60
	b := []byte{sign}
	b = appendNum(b, h, 2)
	switch count {
	case 1:
		if m != 0 {
			b = appendNum(b, m, 2)
		}
	case 2:
		b = appendNum(b, m, 2)
	case 3:
		b = append(b, ':')
		b = appendNum(b, m, 2)
	case 4:
		b = appendNum(b, m, 2)
		if s != 0 {
			b = appendNum(b, s, 2)
		}
	default:
		b = append(b, ':')
		b = appendNum(b, m, 2)
		if s != 0 {
			b = append(b, ':')
			b = appendNum(b, s, 2)
		}
	}
	return string(b)
}

// zoneName is z (PST) or zzzz (Pacific Standard Time) as Java prints them for US locale;
// zones without a name print their offset.
func zoneName(c civil, long bool) string {
	t := time.UnixMicro(c.unix).In(c.loc)
	name, _ := t.Zone()
	if c.loc.String() == "UTC" || name == "UTC" {
		if long {
			return "Coordinated Universal Time"
		}
		return "UTC"
	}
	if name != "" && (name[0] < '0' || name[0] > '9') && name[0] != '+' && name[0] != '-' {
		return name
	}
	if c.offset == 0 {
		return "GMT"
	}
	return "GMT" + formatOffset(c.offset, 3)
}

// parsed holds the fields a parse found.
type parsed struct {
	year, month, day, doy                   int
	hour, minute, second, nanos             int
	ampm, hour12                            int
	has                                     map[dtKind]bool
	loc                                     *time.Location
	offset                                  int
	hasOffset                               bool
	yearSet, monthSet, daySet, doySet, hset bool
}

type dtParseError struct{}

func (dtParseError) Error() string { return "text does not match the pattern" }

// parse reads s entirely with the pattern; ok is false when it does not match or a field
// is out of range.
func (dp *dtPattern) parse(s string) (parsed, bool) {
	var p parsed
	p.ampm, p.hour12 = -1, -1
	pos, ok := dp.parseFrom(&p, s, 0, 0, len(dp.elems))
	return p, ok && pos == len(s)
}

func (dp *dtPattern) parseFrom(p *parsed, s string, pos, from, to int) (int, bool) {
	for i := from; i < to; i++ {
		e := dp.elems[i]
		switch e.kind {
		case dtOptStart:
			end := dp.matchingOptEnd(i)
			save := *p
			if np, ok := dp.parseFrom(p, s, pos, i+1, end); ok {
				pos = np
			} else {
				*p = save
			}
			i = end
			continue
		case dtOptEnd:
			continue
		case dtLiteral:
			if len(s)-pos < len(e.text) || !strings.EqualFold(s[pos:pos+len(e.text)], e.text) {
				return pos, false
			}
			pos += len(e.text)
			continue
		}
		var ok bool
		pos, ok = dp.parseField(p, s, pos, i)
		if !ok {
			return pos, false
		}
	}
	return pos, true
}

func (dp *dtPattern) matchingOptEnd(i int) int {
	depth := 0
	for j := i; j < len(dp.elems); j++ {
		switch dp.elems[j].kind {
		case dtOptStart:
			depth++
		case dtOptEnd:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(dp.elems)
}

// reservedWidth is the total width of fixed-width numeric fields right after element i,
// which a variable-width number before them must leave (java.time's adjacent value
// parsing).
func (dp *dtPattern) reservedWidth(i int) int {
	w := 0
	for j := i + 1; j < len(dp.elems); j++ {
		e := dp.elems[j]
		if !isNumericField(e.kind) {
			break
		}
		fixed := fixedWidth(e)
		if fixed == 0 {
			break
		}
		w += fixed
	}
	return w
}

func isNumericField(k dtKind) bool {
	switch k {
	case dtYear, dtYearOfEra, dtMonth, dtDay, dtDayOfYear, dtHour24, dtHour12, dtHourK12, dtHourK24, dtMinute, dtSecond, dtFraction, dtQuarter:
		return true
	}
	return false
}

// fixedWidth is the exact digit count of a numeric element, 0 when variable.
func fixedWidth(e dtElem) int {
	switch e.kind {
	case dtYear, dtYearOfEra:
		if e.count == 2 {
			return 2
		}
		return 0
	case dtFraction:
		return 0
	case dtMonth, dtQuarter:
		if e.count == 2 {
			return 2
		}
		if e.count > 2 {
			return -1
		}
		return 0
	case dtDayOfYear:
		if e.count == 3 {
			return 3
		}
		return 0
	}
	if e.count == 2 {
		return 2
	}
	return 0
}

func (dp *dtPattern) parseField(p *parsed, s string, pos, i int) (int, bool) {
	e := dp.elems[i]
	readNum := func(minW, maxW int, signed bool) (int, int, bool) {
		start := pos
		neg := false
		if signed && pos < len(s) && (s[pos] == '-' || s[pos] == '+') {
			neg = s[pos] == '-'
			pos++
		}
		digitsStart := pos
		limit := len(s)
		if reserve := dp.reservedWidth(i); reserve > 0 {
			limit = len(s) - reserve
		}
		for pos < len(s) && pos < limit && pos-digitsStart < maxW && s[pos] >= '0' && s[pos] <= '9' {
			pos++
		}
		n := pos - digitsStart
		if n < minW || n == 0 {
			return 0, start, false
		}
		v, err := strconv.Atoi(s[digitsStart:pos])
		if err != nil {
			return 0, start, false
		}
		if neg {
			v = -v
		}
		return v, pos, true
	}
	numWidths := func() (int, int) {
		if e.count == 2 {
			return 2, 2
		}
		return e.count, 19
	}
	matchText := func(names []string) (int, bool) {
		for k, n := range names {
			if len(s)-pos >= len(n) && strings.EqualFold(s[pos:pos+len(n)], n) {
				pos += len(n)
				return k, true
			}
		}
		return 0, false
	}
	switch e.kind {
	case dtYear, dtYearOfEra:
		if e.count == 2 {
			v, np, ok := readNum(2, 2, false)
			if !ok {
				return np, false
			}
			p.year, p.yearSet = 2000+v, true
			return np, true
		}
		minW := e.count
		if e.count == 1 {
			minW = 1
		}
		v, np, ok := readNum(minW, 19, e.count >= 4 || e.count == 1)
		if !ok {
			return np, false
		}
		p.year, p.yearSet = v, true
		return np, true
	case dtMonth:
		if e.count >= 3 {
			names := monthLong
			if e.count == 3 {
				names = monthShort
			}
			k, ok := matchText(names)
			if !ok {
				return pos, false
			}
			p.month, p.monthSet = k+1, true
			return pos, true
		}
		minW, maxW := numWidths()
		v, np, ok := readNum(minW, maxW, false)
		p.month, p.monthSet = v, ok
		return np, ok
	case dtDay:
		minW, maxW := numWidths()
		v, np, ok := readNum(minW, maxW, false)
		p.day, p.daySet = v, ok
		return np, ok
	case dtDayOfYear:
		v, np, ok := readNum(e.count, max(e.count, 3), false)
		p.doy, p.doySet = v, ok
		return np, ok
	case dtAmPm:
		k, ok := matchText([]string{"AM", "PM"})
		p.ampm = k
		return pos, ok
	case dtHour24, dtHourK24:
		minW, maxW := numWidths()
		v, np, ok := readNum(minW, maxW, false)
		if e.kind == dtHourK24 && v == 24 {
			v = 0
		}
		p.hour, p.hset = v, ok
		return np, ok
	case dtHour12, dtHourK12:
		minW, maxW := numWidths()
		v, np, ok := readNum(minW, maxW, false)
		if e.kind == dtHour12 && v == 12 {
			v = 0
		}
		p.hour12 = v
		return np, ok
	case dtMinute:
		minW, maxW := numWidths()
		v, np, ok := readNum(minW, maxW, false)
		p.minute = v
		return np, ok
	case dtSecond:
		minW, maxW := numWidths()
		v, np, ok := readNum(minW, maxW, false)
		p.second = v
		return np, ok
	case dtFraction:
		start := pos
		for pos < len(s) && pos-start < e.count && s[pos] >= '0' && s[pos] <= '9' {
			pos++
		}
		if pos == start {
			return pos, false
		}
		digits := s[start:pos] + strings.Repeat("0", 9-(pos-start))
		p.nanos, _ = strconv.Atoi(digits[:9])
		return pos, true
	case dtEra:
		_, ok := matchText([]string{"AD", "BC", "Anno Domini", "Before Christ"})
		return pos, ok
	case dtZoneID, dtZoneName:
		end := pos
		for end < len(s) && (s[end] == '/' || s[end] == '_' || s[end] == '+' || s[end] == '-' || s[end] == ':' || s[end] >= '0' && s[end] <= '9' || s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z') {
			end++
		}
		for ; end > pos; end-- {
			if loc, ok := sqltypes.ParseZoneID(s[pos:end]); ok {
				p.loc = loc
				return end, true
			}
		}
		return pos, false
	case dtOffsetX, dtOffsetx, dtOffsetZ, dtOffsetO:
		if e.kind == dtOffsetO || e.kind == dtOffsetZ && e.count == 4 {
			if len(s)-pos >= 3 && strings.EqualFold(s[pos:pos+3], "GMT") {
				pos += 3
			}
		}
		if pos < len(s) && (s[pos] == 'Z' || s[pos] == 'z') && e.kind != dtOffsetx {
			p.offset, p.hasOffset = 0, true
			return pos + 1, true
		}
		if pos >= len(s) || s[pos] != '+' && s[pos] != '-' {
			return pos, false
		}
		sign := 1
		if s[pos] == '-' {
			sign = -1
		}
		pos++
		var parts []int
		for len(parts) < 3 {
			if len(s)-pos >= 2 && s[pos] >= '0' && s[pos] <= '9' && s[pos+1] >= '0' && s[pos+1] <= '9' {
				v, _ := strconv.Atoi(s[pos : pos+2])
				parts = append(parts, v)
				pos += 2
				if pos < len(s) && s[pos] == ':' {
					pos++
				}
				continue
			}
			break
		}
		if len(parts) == 0 {
			return pos, false
		}
		for len(parts) < 3 {
			parts = append(parts, 0)
		}
		p.offset = sign * (parts[0]*3600 + parts[1]*60 + parts[2])
		p.hasOffset = true
		return pos, true
	case dtDayOfWeekText:
		_, ok := matchText(append(append([]string{}, dayLong...), dayShort...))
		return pos, ok
	case dtQuarter:
		_, np, ok := readNum(1, 2, false)
		return np, ok
	}
	return pos, false
}

// resolve turns parsed fields into a local date and time (missing fields take Spark's
// defaults: 1970-01-01 00:00:00); ok is false when a field is out of range.
func (p *parsed) resolve() (y, mo, d, h, mi, s, nanos int, ok bool) {
	y, mo, d = 1970, 1, 1
	if p.yearSet {
		y = p.year
	}
	if p.monthSet {
		mo = p.month
	}
	if p.daySet {
		d = p.day
	}
	if mo < 1 || mo > 12 {
		return 0, 0, 0, 0, 0, 0, 0, false
	}
	if p.doySet {
		if p.doy < 1 || p.doy > 366 {
			return 0, 0, 0, 0, 0, 0, 0, false
		}
		days := sqltypes.DaysFromCivil(y, 1, 1) + int64(p.doy-1)
		ny, nm, nd := sqltypes.CivilFromDays(days)
		if ny != y {
			return 0, 0, 0, 0, 0, 0, 0, false
		}
		mo, d = nm, nd
	}
	if d < 1 || d > daysIn(y, mo) {
		return 0, 0, 0, 0, 0, 0, 0, false
	}
	h = p.hour
	switch {
	case p.hset:
	case p.hour12 >= 0:
		h = p.hour12
		if p.ampm == 1 {
			h += 12
		}
	case p.ampm == 1:
		h = 12
	}
	if h < 0 || h > 23 || p.minute > 59 || p.second > 59 {
		return 0, 0, 0, 0, 0, 0, 0, false
	}
	return y, mo, d, h, p.minute, p.second, p.nanos, true
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// parseTimestamp parses s to a TIMESTAMP in loc (or the zone the text names).
func (dp *dtPattern) parseTimestamp(s string, loc *time.Location) (sqltypes.Timestamp, bool) {
	p, ok := dp.parse(s)
	if !ok {
		return 0, false
	}
	y, mo, d, h, mi, sec, nanos, ok := p.resolve()
	if !ok {
		return 0, false
	}
	if p.hasOffset {
		days := sqltypes.DaysFromCivil(y, mo, d)
		secs := days*86400 + int64(h*3600+mi*60+sec) - int64(p.offset)
		return sqltypes.Timestamp(secs*1_000_000 + int64(nanos/1000)), true
	}
	if p.loc != nil {
		loc = p.loc
	}
	return sqltypes.Timestamp(localMicros(y, mo, d, h, mi, sec, nanos/1000, loc)), true
}

// localMicros is the instant of a wall-clock reading in loc (a reading in a gap moves
// forward, an ambiguous one takes the earlier offset, as java.time does).
func localMicros(y, mo, d, h, mi, s, micros int, loc *time.Location) int64 {
	days := sqltypes.DaysFromCivil(y, mo, d)
	local := days*86400 + int64(h*3600+mi*60+s)
	if loc == time.UTC {
		return local*1_000_000 + int64(micros)
	}
	// Try the offsets around the reading: the earlier valid one wins.
	guess := time.Unix(local, 0).In(loc)
	_, off1 := guess.Zone()
	_, off2 := time.Unix(local-int64(off1), 0).In(loc).Zone()
	best := int64(0)
	found := false
	for _, off := range []int{off1, off2} {
		u := local - int64(off)
		if _, o := time.Unix(u, 0).In(loc).Zone(); o == off {
			if !found || u < best {
				best, found = u, true
			}
		}
	}
	if !found {
		// A gap: use the offset before the transition, which lands after it.
		_, before := time.Unix(local-int64(off1)-86400, 0).In(loc).Zone()
		best = local - int64(before)
	}
	return best*1_000_000 + int64(micros)
}

// DatetimePattern is a compiled Spark datetime pattern (docs/sql-ref-datetime-pattern.md)
// for the file sources' dateFormat and timestampFormat options.
type DatetimePattern struct{ parse, format *dtPattern }

// CompileDatetimePattern compiles p for parsing and formatting; an invalid pattern is the
// error Spark gives for it.
func CompileDatetimePattern(p string) (*DatetimePattern, error) {
	parse, pe := compileDatetimePattern(p, true)
	if pe != nil {
		return nil, pe.err("pattern")
	}
	format, pe := compileDatetimePattern(p, false)
	if pe != nil {
		return nil, pe.err("pattern")
	}
	return &DatetimePattern{parse: parse, format: format}, nil
}

// ParseTimestamp reads s as a TIMESTAMP in loc (or the zone s names); false when s does
// not match the whole pattern.
func (d *DatetimePattern) ParseTimestamp(s string, loc *time.Location) (sqltypes.Timestamp, bool) {
	return d.parse.parseTimestamp(s, loc)
}

// ParseDate reads s as a DATE: the day of its reading, whatever time it gives.
func (d *DatetimePattern) ParseDate(s string) (sqltypes.Date, bool) {
	ts, ok := d.parse.parseTimestamp(s, time.UTC)
	if !ok {
		return 0, false
	}
	days := int64(ts) / 86_400_000_000
	if int64(ts) < 0 && int64(ts)%86_400_000_000 != 0 {
		days--
	}
	return sqltypes.Date(days), true
}

// FormatTimestamp writes ts as seen in loc.
func (d *DatetimePattern) FormatTimestamp(ts sqltypes.Timestamp, loc *time.Location) string {
	return d.format.format(civilOf(int64(ts), loc))
}

// FormatDate writes a DATE (midnight of its day in UTC).
func (d *DatetimePattern) FormatDate(v sqltypes.Date) string {
	return d.format.format(civilOf(int64(v)*86_400_000_000, time.UTC))
}
