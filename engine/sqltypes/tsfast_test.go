package sqltypes

import (
	"math/rand"
	"testing"
	"time"
)

// TestParseUTCInstantMatchesGeneralParser: whatever the UTC fast path takes, the general
// parser (parseTimestampParts, the zone and the date check, as ParseTimestamp uses them) takes too, with the same instant; and it
// takes the common shapes. The texts are the course's shape, edge dates and times, and
// random mutations of them (digits, separators, lengths).
func TestParseUTCInstantMatchesGeneralParser(t *testing.T) {
	general := func(s string) (Timestamp, bool) {
		p := parseTimestampParts(s)
		if !p.valid || !p.hasZone || p.justTime || !p.validDateTime() {
			return 0, false
		}
		off, l, ok := parseZoneID(p.zone)
		if !ok || l != nil {
			return 0, false
		}
		local := DaysFromCivil(p.year, p.month, p.day)*secondsPerDay + int64(p.hour)*3600 + int64(p.minute)*60 + int64(p.second)
		return Timestamp((local-off)*microsPerSecond + int64(p.micros)), true
	}
	seeds := []string{
		"2026-10-01T09:15:00Z", "2026-10-01T09:15:00.1Z", "2026-10-01T09:15:00.123Z", "2026-10-01T09:15:00.123456Z",
		"2026-10-01T09:15:00.123456789Z", "2024-02-29T23:59:59.999Z", "2023-02-29T00:00:00Z", "1969-12-31T23:59:59.999999Z",
		"0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-04-31T00:00:00Z",
		"2026-10-01T24:00:00Z", "2026-10-01T09:60:00Z", "2026-10-01T09:15:60Z", "2026-10-01T09:15:00.Z", "2026-10-01 09:15:00Z",
		"2026-10-01T09:15:00.1234567890Z", "2026-10-01T09:15:00+00:00", "+2026-10-01T09:15:00Z", "2026-1-01T09:15:00.000Z",
	}
	rng := rand.New(rand.NewSource(18))
	alphabet := "0123456789-T:.Z +"
	texts := append([]string(nil), seeds...)
	for range 200_000 {
		b := []byte(seeds[rng.Intn(len(seeds))])
		for range 1 + rng.Intn(3) {
			switch i := rng.Intn(len(b)); rng.Intn(3) {
			case 0:
				b[i] = alphabet[rng.Intn(len(alphabet))]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]byte{alphabet[rng.Intn(len(alphabet))]}, b[i:]...)...)
			}
			if len(b) == 0 {
				break
			}
		}
		texts = append(texts, string(b))
	}
	fast := 0
	for _, s := range texts {
		got, ok := parseUTCInstant(s)
		if !ok {
			continue
		}
		fast++
		want, wok := general(s)
		slow, sok := ParseTimestamp(s, time.FixedZone("X", 3600))
		if !wok || !sok || got != want || got != slow {
			t.Fatalf("%q: fast %d, general %d (%v), ParseTimestamp %d (%v)", s, got, want, wok, slow, sok)
		}
	}
	for _, s := range append(seeds[:6:6], seeds[7:10]...) {
		if _, ok := parseUTCInstant(s); !ok {
			t.Errorf("%q: not taken by the fast path", s)
		}
	}
	if fast < 1000 {
		t.Errorf("only %d of %d texts took the fast path", fast, len(texts))
	}
}
