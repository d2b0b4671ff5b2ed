package delta

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// VACUUM removes the files in a table's folder that no version within the retention period
// needs: files no add of the current version names and no remove newer than the cutoff
// names, last modified before the cutoff (now minus the retention). Delta records the run
// in the log with two commits of their own, VACUUM START (what it is about to delete) and
// VACUUM END (what it deleted), which a dry run does not write.

// VacuumOptions are one vacuum's settings.
type VacuumOptions struct {
	// RetentionHours overrides the table's delta.deletedFileRetentionDuration (7 days by
	// default); nil keeps it.
	RetentionHours *float64
	// DryRun lists what would be deleted without deleting or logging anything.
	DryRun bool
	// RetentionCheck is spark.databricks.delta.retentionDurationCheck.enabled: a retention
	// shorter than the table's is refused while it is on.
	RetentionCheck bool
	// Now is the commit clock of the VACUUM START commit.
	Now time.Time
}

// VacuumResult is what a vacuum found: Paths are the absolute paths (file: URIs) of the
// files it deletes, or would delete on a dry run, sorted.
type VacuumResult struct {
	Paths   []string
	Deleted int
	// Directories counts the table's folder and its subfolders (hidden ones aside).
	Directories int
}

// RetentionTooShortError is Delta's refusal of a retention shorter than the table's while
// the retention check is on (DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT); Hours is the
// shortest retention it accepts, rounded up to whole hours.
type RetentionTooShortError struct{ Hours int64 }

func (e *RetentionTooShortError) Error() string {
	return fmt.Sprintf("the VACUUM retention period is shorter than the table's %d hours", e.Hours)
}

// ErrNegativeRetention is Delta's refusal of a negative retention.
var ErrNegativeRetention = errors.New("requirement failed: Retention for Vacuum can't be less than 0.")

// deletedFileRetention is the table's delta.deletedFileRetentionDuration ("interval 7
// days" unless the table sets it).
func deletedFileRetention(md *Metadata) (time.Duration, error) {
	if md == nil {
		return tombstoneRetention, nil
	}
	v, ok := md.Configuration["delta.deletedFileRetentionDuration"]
	if !ok {
		return tombstoneRetention, nil
	}
	return parseIntervalDuration(v)
}

// parseIntervalDuration reads a Delta table property interval: "interval 7 days",
// "interval 1 hour", "2 weeks"...
func parseIntervalDuration(s string) (time.Duration, error) {
	f := strings.Fields(strings.ToLower(strings.TrimSpace(s)))
	if len(f) > 0 && f[0] == "interval" {
		f = f[1:]
	}
	if len(f) == 0 || len(f)%2 != 0 {
		return 0, fmt.Errorf("delta.deletedFileRetentionDuration %q is not an interval such as \"interval 7 days\"", s)
	}
	units := map[string]time.Duration{"week": 7 * 24 * time.Hour, "day": 24 * time.Hour, "hour": time.Hour,
		"minute": time.Minute, "second": time.Second, "millisecond": time.Millisecond}
	var d time.Duration
	for i := 0; i < len(f); i += 2 {
		n, err := strconv.ParseInt(f[i], 10, 64)
		u, ok := units[strings.TrimSuffix(f[i+1], "s")]
		if err != nil || !ok {
			return 0, fmt.Errorf("delta.deletedFileRetentionDuration %q is not an interval such as \"interval 7 days\"", s)
		}
		d += time.Duration(n) * u
	}
	return d, nil
}

// hiddenName is Delta's rule for what a vacuum never lists: names starting with "_" or
// "." (the log, checksums of data files, _SUCCESS...), except the change data feed's
// _change_data folder (and _delta_index), whose files a vacuum removes once no version
// within the retention needs them.
func hiddenName(name string) bool {
	if strings.HasPrefix(name, changeDataFolder) || strings.HasPrefix(name, "_delta_index") {
		return false
	}
	return strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".")
}

// Vacuum runs VACUUM on the table.
func (t *Table) Vacuum(ctx context.Context, o VacuumOptions) (VacuumResult, error) {
	snap, err := t.Snapshot()
	if err != nil {
		return VacuumResult{}, err
	}
	if snap.Version < 0 {
		return VacuumResult{}, fmt.Errorf("delta table %s has no commits to vacuum", t.path)
	}
	configured, err := deletedFileRetention(snap.Metadata)
	if err != nil {
		return VacuumResult{}, err
	}
	now := nowOr(o.Now)
	// Delta rounds the hours to a whole number before it turns them into milliseconds.
	var specified *int64
	if o.RetentionHours != nil {
		ms := int64(math.Round(*o.RetentionHours)) * time.Hour.Milliseconds()
		specified = &ms
		if ms < 0 {
			return VacuumResult{}, ErrNegativeRetention
		}
		if o.RetentionCheck && ms < configured.Milliseconds() {
			hours := int64(configured / time.Hour)
			if time.Duration(hours)*time.Hour < configured {
				hours++
			}
			return VacuumResult{}, &RetentionTooShortError{Hours: hours}
		}
	}
	// The cutoff is read off the system clock, as the files' modification times are; the
	// commits take the session's clock.
	wall := time.Now()
	cutoff := wall.Add(-configured).UnixMilli()
	if specified != nil {
		cutoff = wall.UnixMilli() - *specified
	}
	valid := map[string]bool{}
	keep := func(p string) {
		rel, err := relPathOf(p)
		if err != nil {
			return
		}
		rel = filepath.ToSlash(rel)
		valid[rel] = true
		for d := filepath.ToSlash(filepath.Dir(rel)); d != "." && d != "/" && d != ""; d = filepath.ToSlash(filepath.Dir(d)) {
			valid[d] = true
		}
	}
	for _, f := range snap.Files {
		keep(f.Add.Path)
	}
	for _, r := range snap.tombstones {
		if r.DeletionTimestamp == nil || *r.DeletionTimestamp >= cutoff {
			keep(r.Path)
		}
	}
	base, err := filepath.Abs(t.path)
	if err != nil {
		return VacuumResult{}, err
	}
	type candidate struct {
		rel  string
		size int64
	}
	var files []candidate
	var emptyDirs []string
	dirs := 1 // the table's folder and the subfolders listed, as Delta counts them
	err = filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == base {
			return nil
		}
		if hiddenName(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(base, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			dirs++
			if entries, err := os.ReadDir(p); err == nil && len(entries) == 0 && !valid[rel] {
				emptyDirs = append(emptyDirs, rel)
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if !valid[rel] && info.ModTime().UnixMilli() < cutoff {
			files = append(files, candidate{rel, info.Size()})
		}
		return nil
	})
	if err != nil {
		return VacuumResult{}, fmt.Errorf("vacuum of %s: listing its files: %w", t.path, err)
	}
	res := VacuumResult{Directories: dirs}
	var size int64
	toDelete := append([]string(nil), emptyDirs...)
	for _, c := range files {
		toDelete = append(toDelete, c.rel)
		size += c.size
	}
	sort.Strings(toDelete)
	for _, rel := range toDelete {
		res.Paths = append(res.Paths, "file:"+filepath.ToSlash(filepath.Join(base, rel)))
	}
	if o.DryRun {
		return res, nil
	}
	defaultMs := configured.Milliseconds()
	params := []KV{{Key: "retentionCheckEnabled", Value: strconv.FormatBool(o.RetentionCheck), Raw: true}}
	if specified != nil {
		params = append(params, KV{Key: "specifiedRetentionMillis", Value: strconv.FormatInt(*specified, 10), Raw: true})
	}
	params = append(params, KV{Key: "defaultRetentionMillis", Value: strconv.FormatInt(defaultMs, 10), Raw: true})
	start := []KV{{Key: "numFilesToDelete", Value: strconv.Itoa(len(toDelete))}, {Key: "sizeOfDataToDelete", Value: strconv.FormatInt(size, 10)}}
	snap, err = t.logVacuum(ctx, snap, "VACUUM START", params, start, now)
	if err != nil {
		return res, err
	}
	// Deepest paths first, so a folder is empty by the time its turn comes; a data file's
	// local checksum (.name.crc) goes with it, as Hadoop's local file system deletes it.
	for i := len(toDelete) - 1; i >= 0; i-- {
		p := filepath.Join(base, filepath.FromSlash(toDelete[i]))
		if err := os.Remove(p); err == nil {
			res.Deleted++
			_ = os.Remove(filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".crc"))
		}
	}
	// A full vacuum records that it found no commit to clean up to (the LITE vacuum's
	// watermark): an empty JSON object.
	if err := os.WriteFile(filepath.Join(t.path, "_delta_log", "_last_vacuum_info"), []byte("{}\n"), 0o644); err != nil {
		return res, fmt.Errorf("vacuum of %s: %w", t.path, err)
	}
	end := []KV{{Key: "numDeletedFiles", Value: strconv.Itoa(res.Deleted)}, {Key: "numVacuumedDirectories", Value: strconv.Itoa(dirs)}}
	if _, err := t.logVacuum(ctx, snap, "VACUUM END", []KV{{Key: "status", Value: "COMPLETED"}}, end, nowOr(time.Time{})); err != nil {
		return res, err
	}
	return res, nil
}

// logVacuum commits a commitInfo alone, as Delta records a vacuum's start and end, and
// returns the snapshot after it.
func (t *Table) logVacuum(ctx context.Context, snap *Snapshot, op string, params, metrics []KV, now time.Time) (*Snapshot, error) {
	ci := &CommitInfo{
		Timestamp:           now.UnixMilli(),
		Operation:           op,
		OperationParameters: params,
		ReadVersion:         int64p(snap.Version),
		IsolationLevel:      "SnapshotIsolation",
		IsBlindAppend:       boolp(true),
		OperationMetrics:    metrics,
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
	p := &pendingCommit{info: ci}
	if err := t.commit(snap.Version+1, p.lines()); err != nil {
		return nil, err
	}
	if err := t.afterCommit(snap, p); err != nil {
		return nil, err
	}
	return t.Snapshot()
}

// AbsPath is the table's folder as an absolute path with forward slashes.
func (t *Table) AbsPath() string {
	if p, err := filepath.Abs(t.path); err == nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(t.path)
}
