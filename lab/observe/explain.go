package observe

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

var (
	subscribeRe = regexp.MustCompile(`"(?:subscribe|assign)"\s*,\s*"([^"]+)"`)
	latestRe    = regexp.MustCompile(`"startingOffsets"\s*,\s*"latest"`)
	cpRe        = regexp.MustCompile(`"checkpointLocation"\s*,\s*"([^"]+)"`)
	zeroRowsRe  = regexp.MustCompile(`(?i)(\b0\s+(rows|events|records|windows|new)\b|\b(count|rows|loaded|events)\b\W*0\s*$)`)
)

// ReadWasEmpty reports whether a step's output shows a read that returned no rows: a
// show() table without rows, or a count of 0 printed on its own.
func ReadWasEmpty(output string) bool {
	lines := strings.Split(output, "\n")
	rule := func(l string) bool { return len(l) > 2 && l[0] == '+' && strings.Trim(l, "+-") == "" }
	for i := 0; i+2 < len(lines); i++ {
		if rule(lines[i]) && strings.HasPrefix(lines[i+1], "|") && rule(lines[i+2]) &&
			(i == 0 || !strings.HasPrefix(lines[i-1], "|")) &&
			(i+3 >= len(lines) || !strings.HasPrefix(lines[i+3], "|")) {
			return true
		}
	}
	for _, l := range lines {
		if zeroRowsRe.MatchString(strings.TrimSpace(l)) {
			return true
		}
	}
	return false
}

// ExplainEmpty says why a read found nothing although its topic has events, or returns ""
// when the read was not empty or the topic is empty too. emptyWrite tells that the step
// wrote a table version without adding rows (a read with no visible output).
func ExplainEmpty(code, output string, s *Snapshot, emptyWrite bool) string {
	if s == nil || !(emptyWrite || ReadWasEmpty(output)) {
		return ""
	}
	m := subscribeRe.FindStringSubmatch(code)
	if m == nil {
		return ""
	}
	latest := latestRe.MatchString(code)
	cp := ""
	if c := cpRe.FindStringSubmatch(code); c != nil {
		cp = strings.TrimSuffix(strings.TrimPrefix(c[1], "./"), "/")
	}
	for _, name := range strings.Split(m[1], ",") {
		t, ok := s.Topic(strings.TrimSpace(name))
		if !ok || t.Events() == 0 {
			continue
		}
		for _, r := range s.Readers {
			pos, ok := r.Positions[t.Name]
			if !ok || (cp != "" && r.Path != cp && !strings.HasSuffix(cp, "/"+r.Path)) {
				continue // another query's checkpoint
			}
			atEnd := true
			for _, p := range t.Partitions {
				if pos[p.ID] < p.End {
					atEnd = false
				}
			}
			if !atEnd {
				continue
			}
			if latest && r.Batch <= 1 {
				return fmt.Sprintf("The read found nothing although %s holds %d events: a new query with startingOffsets \"latest\" starts at the end of the topic and sees only events sent after it started. Use \"earliest\", and a new checkpoint folder: %s already stands at the end (offsets/%d: %s).",
					t.Name, t.Events(), r.Path, r.Batch, positions(pos))
			}
			return fmt.Sprintf("The read found nothing although %s holds %d events: the checkpoint %s is already past them (offsets/%d: %s). A restarted query reads only what came after; startingOffsets applies only to a new checkpoint.",
				t.Name, t.Events(), r.Path, r.Batch, positions(pos))
		}
		if latest {
			return fmt.Sprintf("The read found nothing although %s holds %d events: it started at \"latest\", so it sees only events sent after it started. Use \"earliest\" to read what is already there.", t.Name, t.Events())
		}
		if strings.Contains(code, "withWatermark") && !strings.Contains(code, `outputMode("update")`) && !strings.Contains(code, `outputMode("complete")`) {
			return fmt.Sprintf("No window came out although %s holds %d events: in append mode a window is written only once the watermark passes its end, and the watermark moves only as newer events arrive.", t.Name, t.Events())
		}
	}
	return ""
}

func positions(pos map[int32]int64) string {
	ids := make([]int, 0, len(pos))
	for p := range pos {
		ids = append(ids, int(p))
	}
	sort.Ints(ids)
	var parts []string
	for _, p := range ids {
		parts = append(parts, fmt.Sprintf("p%d at %d", p, pos[int32(p)]))
	}
	return strings.Join(parts, ", ")
}
