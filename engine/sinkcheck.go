package engine

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/checkpoint"
	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/kafkasource"
)

// A checkpoint that disagrees with its Delta table. On restart Spark trusts the
// checkpoint: batches it committed are never run again, and the Delta sink writes a batch
// only when the table's txn for the query does not hold it yet. When the table lost
// versions (a _delta_log file deleted, the table dropped and made again) the batches
// between the table's txn and the checkpoint's last commit are never written again, and
// Spark says nothing. kafkalab says so, as a tutor would, and then runs as Spark does.

// missingBatches compares a query's checkpoint with the Delta table it writes: the batches
// the checkpoint committed that the table's txn for the query does not hold, oldest first
// (nil when they agree, or the checkpoint is new).
func missingBatches(cp *checkpoint.Dir, t *delta.Table) (queryID string, tableBatch int64, missing []int64) {
	id, ok, err := cp.Metadata()
	if err != nil || !ok {
		return "", 0, nil
	}
	last, _, ok, err := cp.LatestCommit()
	if err != nil || !ok {
		return "", 0, nil
	}
	tableBatch = -1
	if exists, _ := t.Exists(); exists {
		snap, err := t.Snapshot()
		if err != nil {
			return "", 0, nil
		}
		if v, ok := snap.Txns[id]; ok {
			tableBatch = v
		}
	}
	commits, err := cp.CommitBatches()
	if err != nil {
		return "", 0, nil
	}
	for _, b := range commits {
		if b > tableBatch && b <= last {
			missing = append(missing, b)
		}
	}
	return id, tableBatch, missing
}

// warnMissingBatches writes the warning for a Delta sink query whose table lacks batches
// its checkpoint committed: which, and what they held (their offset ranges).
func (s *Session) warnMissingBatches(w io.Writer, cpPath string, t *delta.Table) {
	cp, err := checkpoint.Open(cpPath)
	if err != nil {
		return
	}
	_, tableBatch, missing := missingBatches(cp, t)
	if len(missing) == 0 {
		return
	}
	has := fmt.Sprintf("holds this query's batches only up to %d", tableBatch)
	if tableBatch < 0 {
		has = "holds none of this query's batches"
	}
	fmt.Fprintf(w, "kafkalab: warning: the checkpoint %s says %s %s written to the table %s, but the table's log %s "+
		"(was a _delta_log version deleted, or the table made again?). Spark does not run committed batches again, "+
		"so their rows are missing from the table and this run goes on after them:\n",
		s.shownPath(cpPath), batchList(missing), pluralWere(len(missing)), s.shownPath(t.Path()), has)
	for _, b := range missing {
		fmt.Fprintf(w, "  batch %d: %s\n", b, batchRange(cp, b))
	}
	fmt.Fprintf(w, "To load them again, start over cleanly: stop the query, drop the table (or write to a new one) and delete the checkpoint %s, then run it again from startingOffsets.\n",
		s.shownPath(cpPath))
}

// shownPath is p relative to the working folder when it is inside it.
func (s *Session) shownPath(p string) string {
	if rel, err := filepath.Rel(s.workDir, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

func batchList(ids []int64) string {
	if len(ids) == 1 {
		return fmt.Sprintf("batch %d", ids[0])
	}
	if ids[len(ids)-1]-ids[0] == int64(len(ids)-1) && len(ids) > 2 {
		return fmt.Sprintf("batches %d to %d", ids[0], ids[len(ids)-1])
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprint(id)
	}
	return "batches " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func pluralWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// batchRange says what a batch read: per source, its Kafka offset ranges from the batch
// before's offsets (or the source's initial offsets) to its own.
func batchRange(cp *checkpoint.Dir, batch int64) string {
	end, ok, err := cp.ReadOffsets(batch)
	if err != nil || !ok {
		return fmt.Sprintf("its offsets/%d is gone (purged or deleted), so what it held is unknown", batch)
	}
	var starts []string
	if batch > 0 {
		prev, ok, err := cp.ReadOffsets(batch - 1)
		if err == nil && ok {
			starts = prev.Sources
		}
	}
	var out []string
	for i, e := range end.Sources {
		endOffsets, isKafka := kafkasource.TopicOffsets(e)
		if !isKafka {
			out = append(out, fmt.Sprintf("source %d up to %s", i, e))
			continue
		}
		var start map[string]map[int32]int64
		switch {
		case i < len(starts):
			start, _ = kafkasource.TopicOffsets(starts[i])
		case batch == 0:
			if initial, ok, err := cp.ReadSourceInitialOffsets(i); err == nil && ok {
				start, _ = kafkasource.TopicOffsets(initial)
			}
		}
		out = append(out, describeOffsetRange(start, endOffsets))
	}
	return strings.Join(out, "; ")
}

// describeOffsetRange is "orders partition 0 offsets 3 to 4, partition 1 offset 2" (end
// offsets are the next to read, so a range [3, 5) is offsets 3 to 4).
func describeOffsetRange(start, end map[string]map[int32]int64) string {
	topics := make([]string, 0, len(end))
	for t := range end {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	var out []string
	for _, topic := range topics {
		parts := make([]int32, 0, len(end[topic]))
		for p := range end[topic] {
			parts = append(parts, p)
		}
		sort.Slice(parts, func(i, j int) bool { return parts[i] < parts[j] })
		var ranges []string
		for _, p := range parts {
			to := end[topic][p]
			from, known := start[topic][p]
			switch {
			case !known:
				ranges = append(ranges, fmt.Sprintf("partition %d offsets up to %d", p, to-1))
			case to <= from:
				continue
			case to-from == 1:
				ranges = append(ranges, fmt.Sprintf("partition %d offset %d", p, from))
			default:
				ranges = append(ranges, fmt.Sprintf("partition %d offsets %d to %d", p, from, to-1))
			}
		}
		if len(ranges) == 0 {
			ranges = []string{"no new offsets"}
		}
		out = append(out, topic+" "+strings.Join(ranges, ", "))
	}
	return strings.Join(out, "; ")
}
