package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Reading Delta's change data feed in a batch (spark.read with option readChangeFeed, and
// SQL's table_changes), as delta-spark 4.4's CDCReader does: the table's columns and
// _change_type, _commit_version and _commit_timestamp, for the commits from a starting
// version (or the first commit at or after a starting timestamp) to an ending version (or
// the last commit at or before an ending timestamp; the latest without one).

// ConfDeltaCDFOutOfRange lets a change feed read's start and end lie past the latest
// commit: a start after it reads nothing, an end after it ends at the latest version.
const ConfDeltaCDFOutOfRange = "spark.databricks.delta.changeDataFeed.timestampOutOfRange.enabled"

// changeFeedRequested reports whether read options ask for the change data feed
// (readChangeFeed, or its older name readChangeData).
func changeFeedRequested(opts map[string]string) (bool, error) {
	for k, v := range opts {
		if strings.EqualFold(k, "readChangeFeed") || strings.EqualFold(k, "readChangeData") {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "true":
				return true, nil
			case "false":
			default:
				return false, sparkerrors.New(sparkerrors.IllegalArgumentException, "DELTA_ILLEGAL_OPTION",
					"input", v, "name", k, "explain", "must be 'true' or 'false'")
			}
		}
	}
	return false, nil
}

// optionFold is a read option by name, in any case.
func optionFold(opts map[string]string, name string) (string, bool) {
	for k, v := range opts {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return "", false
}

// changeBound is one end of a change feed range: a version, and the timestamp it was
// resolved from (byTime).
type changeBound struct {
	version int64
	byTime  bool
	tsMs    int64
}

// resolveChangeBound reads option <prefix>Version or <prefix>Timestamp ("starting" or
// "ending") against the table; ok is false when neither is given.
func (s *Session) resolveChangeBound(t *delta.Table, opts map[string]string, prefix string) (changeBound, bool, error) {
	if v, ok := optionFold(opts, prefix+"Version"); ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return changeBound{}, false, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_VERSION_INVALID", "version", v)
		}
		return changeBound{version: n}, true, nil
	}
	ts, ok := optionFold(opts, prefix+"Timestamp")
	if !ok {
		return changeBound{}, false, nil
	}
	loc := s.Location()
	parsed, valid := sqltypes.ParseTimestamp(ts, loc)
	if !valid {
		return changeBound{}, false, &plan.AnalysisError{Class: "DELTA_TIMESTAMP_INVALID", Message: fmt.Sprintf(
			"The provided timestamp (%s) cannot be converted to a valid timestamp.", ts)}
	}
	ms := int64(parsed) / 1000
	if int64(parsed)%1000 != 0 && parsed < 0 {
		ms--
	}
	outOfRange := s.confBool(ConfDeltaCDFOutOfRange)
	if prefix == "ending" {
		// The last commit at or before the time, as time travel resolves it.
		v, err := t.VersionAt(parsed, loc)
		if err != nil {
			if last, lerr := t.LatestCommitTimeMs(); outOfRange && lerr == nil && ms > last {
				// Allowed past the last commit: the range ends at the latest version.
				snap, serr := t.Snapshot()
				if serr != nil {
					return changeBound{}, false, serr
				}
				return changeBound{version: snap.Version, byTime: true, tsMs: ms}, true, nil
			}
			return changeBound{}, false, timeTravelErr(err)
		}
		return changeBound{version: v, byTime: true, tsMs: ms}, true, nil
	}
	v, found, err := t.VersionAtOrAfter(ms)
	if err != nil {
		return changeBound{}, false, err
	}
	if !found && outOfRange {
		// Allowed past the last commit: the version after the latest, an empty range.
		snap, err := t.Snapshot()
		if err != nil {
			return changeBound{}, false, err
		}
		return changeBound{version: snap.Version + 1, byTime: true, tsMs: ms}, true, nil
	}
	if !found {
		// Every commit is older: the time travel error for a time after the last commit.
		_, err := t.VersionAt(parsed, loc)
		if err == nil {
			err = fmt.Errorf("delta table %s: no commit at or after %s", t.Path(), ts)
		}
		return changeBound{}, false, timeTravelErr(err)
	}
	return changeBound{version: v, byTime: true, tsMs: ms}, true, nil
}

// timeTravelErr turns the delta package's time travel error into Spark's AnalysisException.
func timeTravelErr(err error) error {
	if tt, ok := err.(*delta.TimeTravelError); ok {
		return &plan.AnalysisError{Class: tt.Class, Message: tt.Message}
	}
	return err
}

// readChangeFeed is the batch DataFrame of the change data feed of the Delta table at path.
// The range is checked when the DataFrame is made, as Delta's relation does; the feed
// having been on through it, when the rows are read.
func (s *Session) readChangeFeed(path string, qualifier []string, opts map[string]string) (*DataFrame, error) {
	t, err := s.delta.Open(path)
	if err != nil {
		return nil, err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return nil, err
	}
	if snap.Version < 0 {
		return nil, &notDeltaError{path: path}
	}
	start, ok, err := s.resolveChangeBound(t, opts, "starting")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_NO_START_FOR_CDC_READ")
	}
	end, hasEnd, err := s.resolveChangeBound(t, opts, "ending")
	if err != nil {
		return nil, err
	}
	empty := false
	if start.version > snap.Version && s.confBool(ConfDeltaCDFOutOfRange) {
		// spark.databricks.delta.changeDataFeed.timestampOutOfRange.enabled: a start past
		// the latest version reads no change instead of failing.
		empty = true
	} else if start.version > snap.Version {
		return nil, sparkerrors.New(sparkerrors.IllegalArgumentException, "DELTA_CDC_START_VERSION_AFTER_LATEST",
			"start", strconv.FormatInt(start.version, 10), "latest", strconv.FormatInt(snap.Version, 10))
	}
	if hasEnd && !empty {
		if start.byTime && end.byTime {
			if start.tsMs > end.tsMs {
				return nil, delta.InvalidChangeRange(start.version, end.version)
			}
			// Both times between the same two commits: no change in the range.
			empty = end.version == start.version-1
		}
		if !empty && end.version < start.version {
			return nil, delta.InvalidChangeRange(start.version, end.version)
		}
	}
	schema := delta.ChangeFeedSchema(snap.Schema)
	name := "Relation " + path
	if qualifier != nil {
		name = "Relation " + strings.Join(qualifier, ".")
	}
	rel := &plan.Relation{Scope: s.newScope(schema, qualifier), Name: name, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		if empty {
			return []rowiter.Iter{rowiter.Empty()}, nil
		}
		last := end.version
		if !hasEnd {
			latest, err := t.Snapshot()
			if err != nil {
				return nil, err
			}
			last = latest.Version
		}
		return s.changeTasks(ctx, t, snap, start.version, last, false)
	}}
	return s.newDF(rel), nil
}

// changeTasks reads the change data of versions start..end as one task per file, in the
// order Delta's reader unions them.
func (s *Session) changeTasks(ctx context.Context, t *delta.Table, snap *delta.Snapshot, start, end int64, streaming bool) ([]rowiter.Iter, error) {
	r, err := t.Changes(start, end, streaming)
	if err != nil {
		return nil, err
	}
	out := make([]rowiter.Iter, 0, len(r.Units))
	for _, u := range r.Units {
		rows, err := snap.ReadChangeUnit(ctx, u)
		if err != nil {
			return nil, err
		}
		out = append(out, rowiter.SliceChunks(rows, s.chunkRows))
	}
	if len(out) == 0 {
		out = append(out, rowiter.Empty())
	}
	return out, nil
}

// tableChanges is SQL's table_changes('table', start[, end]) and
// table_changes_by_path('path', start[, end]): a number is a version, a string a timestamp.
func (s *Session) tableChanges(tc *plan.TableChanges) (*DataFrame, error) {
	opts := map[string]string{"readChangeFeed": "true"}
	bound := func(prefix string, b plan.TableChangesBound) {
		if b.Timestamp {
			opts[prefix+"Timestamp"] = b.Value
		} else {
			opts[prefix+"Version"] = b.Value
		}
	}
	bound("starting", tc.Start)
	if tc.End != nil {
		bound("ending", *tc.End)
	}
	return s.changeFeedOf(tc.Function == "table_changes_by_path", tc.Table, opts)
}

// changeFeedOf is the change data feed of a catalog table (or, byPath, of the table at a
// path) with the range read options opts give.
func (s *Session) changeFeedOf(byPath bool, table string, opts map[string]string) (*DataFrame, error) {
	if byPath {
		full, err := s.ResolvePath(table)
		if err != nil {
			return nil, err
		}
		return s.readChangeFeed(full, nil, opts)
	}
	name, err := s.tableIdent(table)
	if err != nil {
		return nil, err
	}
	path, err := s.tablePath(table, name)
	if err != nil {
		return nil, err
	}
	if ok, err := s.IsDeltaTable(path); err != nil {
		return nil, err
	} else if !ok {
		return nil, tableNotFound(table)
	}
	return s.readChangeFeed(path, []string{"spark_catalog", s.tableDB(table), strings.ToLower(name)}, opts)
}
