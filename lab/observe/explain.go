package observe

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/lab/showtext"
)

// QueryRun is what one streaming query did while a step ran, as the engine reported it.
type QueryRun struct {
	ID, Name   string
	Checkpoint string // absolute
	OutputMode string // "Append", "Update" or "Complete"
	// FirstBatch is the batch the run started with: 0 for a new query, above 0 when it
	// resumed from its checkpoint (-1: the start was not seen).
	FirstBatch int64
	Batches    int   // batches it ran
	Rows       int64 // input rows over those batches
	// Ends are the Kafka offsets its newest batch ends at, by topic and partition (nil
	// when it ran no batch).
	Ends map[string]map[int32]int64
	// Watermark is set when its batches reported an event-time watermark (withWatermark).
	Watermark bool
	Error     string
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var zeroRowsRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(\b0\s+(rows|events|records|windows|new)\b|\b(count|rows|loaded|events)\b\W*0\s*$)`)
})

// ReadWasEmpty reports whether a step's output shows a read that returned no rows: a
// show() table without rows, or a count of 0 printed on its own.
func ReadWasEmpty(output string) bool {
	for _, t := range showtext.Tables(strings.Split(output, "\n")) {
		if len(t.Rows) == 0 {
			return true
		}
	}
	for _, l := range strings.Split(output, "\n") {
		if zeroRowsRe().MatchString(strings.TrimSpace(l)) {
			return true
		}
	}
	return false
}

// ExplainEmpty says why a step's read found nothing although its topic has events, or
// returns "" when the read was not empty, the topic is empty too, or nothing the engine
// reported explains it. runs are the streaming queries of the step, s the snapshot after
// it; emptyWrite tells that the step wrote a table version without adding rows (a read
// with no visible output).
func ExplainEmpty(runs []QueryRun, output string, s *Snapshot, emptyWrite bool) string {
	if s == nil || !(emptyWrite || ReadWasEmpty(output)) {
		return ""
	}
	for _, r := range runs {
		reader := s.readerAt(r.Checkpoint)
		positions := r.Ends
		if positions == nil && reader != nil {
			positions = reader.Positions // it ran no batch: it stands where its checkpoint does
		}
		for _, name := range sortedTopics(positions) {
			t, ok := s.Topic(name)
			if !ok || t.Events() == 0 {
				continue
			}
			if r.Rows == 0 && atEnd(t, positions[name]) {
				switch {
				case r.FirstBatch > 0:
					return fmt.Sprintf("The read found nothing although %s holds %d events: the checkpoint %s is already past them (offsets/%d: %s). A restarted query reads only what came after; startingOffsets applies only to a new checkpoint.",
						t.Name, t.Events(), readerPath(reader, r), readerBatch(reader), describePositions(positions[name]))
				case reader != nil:
					return fmt.Sprintf("The read found nothing although %s holds %d events: a new query with startingOffsets \"latest\" starts at the end of the topic and sees only events sent after it started. Use \"earliest\", and a new checkpoint folder: %s already stands at the end (offsets/%d: %s).",
						t.Name, t.Events(), reader.Path, reader.Batch, describePositions(positions[name]))
				default:
					return fmt.Sprintf("The read found nothing although %s holds %d events: it started at \"latest\", so it sees only events sent after it started. Use \"earliest\" to read what is already there.", t.Name, t.Events())
				}
			}
			if r.Watermark && r.OutputMode == "Append" {
				return fmt.Sprintf("No window came out although %s holds %d events: in append mode a window is written only once the watermark passes its end, and the watermark moves only as newer events arrive.", t.Name, t.Events())
			}
		}
	}
	return ""
}

// readerAt is the checkpoint of the workspace at an absolute checkpoint path, or nil.
func (s *Snapshot) readerAt(checkpoint string) *Reader {
	cp := filepath.ToSlash(filepath.Clean(checkpoint))
	for i, r := range s.Readers {
		if cp == r.Path || strings.HasSuffix(cp, "/"+r.Path) {
			return &s.Readers[i]
		}
	}
	return nil
}

func readerPath(r *Reader, run QueryRun) string {
	if r != nil {
		return r.Path
	}
	return run.Checkpoint
}

func readerBatch(r *Reader) int64 {
	if r != nil {
		return r.Batch
	}
	return -1
}

// atEnd reports whether positions stand at the end of every partition of t.
func atEnd(t Topic, positions map[int32]int64) bool {
	for _, p := range t.Partitions {
		if positions[p.ID] < p.End {
			return false
		}
	}
	return true
}

func sortedTopics(m map[string]map[int32]int64) []string {
	out := make([]string, 0, len(m))
	for t := range m {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

func describePositions(pos map[int32]int64) string {
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
