// Package checkpoint reads and writes a streaming query's checkpoint folder with the same
// layout and bytes Spark Structured Streaming uses: metadata, offsets/<id>, commits/<id> and
// sources/<i>/0. A learner can open the folder and find what a real Spark run leaves there.
package checkpoint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/google/uuid"
)

// ErrExists is returned when a file that must be written once already exists. Spark treats
// this as a second query writing to the same checkpoint and stops the query.
var ErrExists = errors.New("another query is using this checkpoint")

// writeOnce stores data under dir/name atomically, the way Spark's CheckpointFileManager
// does: a hidden temp file ".<name>.<uuid>.tmp" in the same folder, then a rename that never
// replaces an existing file. A hard link gives "create if absent" atomically on POSIX
// filesystems; where links are unsupported we fall back to a checked rename.
func writeOnce(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create checkpoint folder %s: %w", dir, err)
	}
	final := filepath.Join(dir, name)
	tmp := filepath.Join(dir, "."+name+"."+uuid.NewString()+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write checkpoint file %s: %w", final, err)
	}
	defer os.Remove(tmp)
	err := os.Link(tmp, final)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("checkpoint file %s already exists: %w", final, ErrExists)
	}
	// No hard links here (some container filesystems): check, then rename.
	if _, statErr := os.Lstat(final); statErr == nil {
		return fmt.Errorf("checkpoint file %s already exists: %w", final, ErrExists)
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("commit checkpoint file %s: %w", final, err)
	}
	return nil
}

// CorruptError says a checkpoint file cannot be read. The message names the file and tells
// the learner how to recover.
type CorruptError struct {
	File       string // the unreadable file
	Checkpoint string // the checkpoint folder
	Reason     string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("checkpoint file %s is unreadable: %s; %s", e.File, e.Reason, StartOver(e.Checkpoint))
}

// StartOver is the advice for a checkpoint that cannot be used: what deleting it does to
// the rows the query already wrote, and how to start over cleanly.
func StartOver(checkpoint string) string {
	return fmt.Sprintf("to start over, delete the checkpoint folder %s: the query then reads its sources again from "+
		"startingOffsets, and the rows it already wrote stay in its table and are written again (duplicates); "+
		"to start cleanly, also drop the table (or write to a new one)", checkpoint)
}

// maxLogVersion is the newest "vN" version line we understand (Spark writes v1 by default).
const maxLogVersion = 1

// checkVersion validates a "vN" line like Spark's MetadataVersionUtil.validateVersion.
func checkVersion(line string) error {
	if len(line) < 2 || line[0] != 'v' {
		return fmt.Errorf("the first line should be a version like \"v1\", found %q", clip(line))
	}
	n, err := strconv.Atoi(line[1:])
	if err != nil || n <= 0 {
		return fmt.Errorf("the first line should be a version like \"v1\", found %q", clip(line))
	}
	if n > maxLogVersion {
		return fmt.Errorf("log version v%d was written by a newer Spark; kafkalab reads up to v%d", n, maxLogVersion)
	}
	return nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// batchIDs lists the numeric file names in dir, ascending. Temp files, .crc files and any
// other non-numeric names are ignored, as Spark's batch file filter does.
func batchIDs(dir string) ([]int64, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list checkpoint folder %s: %w", dir, err)
	}
	var ids []int64
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		id, ok := parseBatchName(e.Name())
		if ok {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

func parseBatchName(name string) (int64, bool) {
	if name == "" {
		return 0, false
	}
	for _, c := range name {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	id, err := strconv.ParseInt(name, 10, 64)
	return id, err == nil
}

// splitVersion separates "vN\n<rest>" and checks the version.
func splitVersion(data []byte) (rest []byte, reason error) {
	if len(data) == 0 {
		return nil, errors.New("the file is empty")
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		if err := checkVersion(string(data)); err != nil {
			return nil, err
		}
		return nil, errors.New("the file ends after the version line")
	}
	if err := checkVersion(string(data[:nl])); err != nil {
		return nil, err
	}
	return data[nl+1:], nil
}

// jsonString quotes s as JSON without Go's HTML escaping (json4s and Jackson do not escape
// <, > or &).
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}
