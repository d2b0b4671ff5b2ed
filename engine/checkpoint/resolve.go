package checkpoint

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// Resume says where a (re)started query continues, following Spark's populateStartOffsets.
type Resume struct {
	// Fresh is true when the checkpoint has no offsets yet: the next batch is 0 and the
	// sources start from their initial offsets.
	Fresh bool
	// NextBatchID is the batch the query runs next.
	NextBatchID int64
	// Rerun is true when offsets/NextBatchID exists without its commit: the batch must run
	// again over exactly Start -> End, with End's watermark and timestamp, and the engine
	// must not write offsets/NextBatchID again (it exists).
	Rerun bool
	// Start holds the offsets the next batch starts from: offsets/L when L was committed,
	// offsets/L-1 for a re-run of L (nil when L is 0: sources use their initial offsets).
	Start *OffsetSeq
	// End is offsets/L for a re-run, nil otherwise.
	End *OffsetSeq
	// WatermarkMs is the watermark for the next batch: max(offsets L, commits L) when L was
	// committed, offsets L's batchWatermarkMs for a re-run.
	WatermarkMs int64
	// BatchTimestampMs is offsets L's batchTimestampMs for a re-run (0 otherwise: take the
	// clock).
	BatchTimestampMs int64
	// Conf is the recorded conf of offsets/L (nil when Fresh); apply it with RestoredConf.
	Conf []ConfEntry
	// CommitsBehind is true when the latest commit is more than one batch behind the latest
	// offsets (Spark only logs a warning and re-runs L).
	CommitsBehind bool
}

// Resolve reads the latest offsets and commit and says how to continue. numSources, when
// above zero, is the number of sources the query has now: a checkpoint with a different
// count belongs to another query and is refused.
func (d *Dir) Resolve(numSources int) (Resume, error) {
	latest, seq, ok, err := d.LatestOffsets()
	if err != nil {
		return Resume{}, err
	}
	if !ok {
		return Resume{Fresh: true}, nil
	}
	if numSources > 0 && len(seq.Sources) != numSources {
		file := filepath.Join(d.offsetsDir(), strconv.FormatInt(latest, 10))
		return Resume{}, fmt.Errorf("checkpoint file %s records %d source(s) but this query has %d: the checkpoint belongs to a different query; use another checkpointLocation, or %s",
			file, len(seq.Sources), numSources, StartOver(d.path))
	}
	r := Resume{Conf: seq.Conf}
	commitID, commitWm, hasCommit, err := d.LatestCommit()
	if err != nil {
		return Resume{}, err
	}
	if hasCommit && commitID == latest {
		s := seq
		r.NextBatchID = latest + 1
		r.Start = &s
		r.WatermarkMs = max(seq.BatchWatermarkMs, commitWm)
		return r, nil
	}
	if hasCommit && commitID > latest {
		file := filepath.Join(d.commitsDir(), strconv.FormatInt(commitID, 10))
		return Resume{}, &CorruptError{File: file, Checkpoint: d.path,
			Reason: fmt.Sprintf("batch %d is committed but its offsets file is missing (latest offsets are for batch %d): the offsets folder was changed or replaced, not written by another query", commitID, latest)}
	}
	// Re-run batch L with the stored range.
	end := seq
	r.NextBatchID = latest
	r.Rerun = true
	r.End = &end
	r.WatermarkMs = seq.BatchWatermarkMs
	r.BatchTimestampMs = seq.BatchTimestampMs
	r.CommitsBehind = !hasCommit && latest > 0 || hasCommit && commitID < latest-1
	if latest > 0 {
		prev, ok, err := d.ReadOffsets(latest - 1)
		if err != nil {
			return Resume{}, err
		}
		if !ok {
			file := filepath.Join(d.offsetsDir(), strconv.FormatInt(latest-1, 10))
			return Resume{}, &CorruptError{File: file, Checkpoint: d.path,
				Reason: fmt.Sprintf("batch %d must be re-run but the offsets of batch %d it starts from are missing", latest, latest-1)}
		}
		r.Start = &prev
	}
	return r, nil
}
