// Package checkpoint reads and writes a streaming query's checkpoint folder with the same
// layout and bytes Spark Structured Streaming uses: metadata, offsets/<id>, commits/<id> and
// sources/<i>/0. A learner can open the folder and find what a real Spark run leaves there.
package checkpoint

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
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

// ErrChecksumExists is returned when a file was written but its checksum (.<name>.crc)
// was already there, left by a file deleted without it. Hadoop's local filesystem renames
// the file into place, then refuses to replace the checksum, and Spark reads that refusal
// as another query using the checkpoint: the file stays, the query stops.
var ErrChecksumExists = errors.New("the file's checksum is already there")

// writeOnce stores data under dir/name atomically, the way Spark's CheckpointFileManager
// does on Hadoop's local filesystem: a hidden temp file ".<name>.<uuid>.tmp" with its
// checksum in the same folder, then renames that never replace an existing file, the
// file's first and its checksum's next. A hard link gives "create if absent" atomically
// on POSIX filesystems; where links are unsupported we fall back to a checked rename.
func writeOnce(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create checkpoint folder %s: %w", dir, err)
	}
	final := filepath.Join(dir, name)
	tmp := filepath.Join(dir, "."+name+"."+uuid.NewString()+".tmp")
	tmpSum := checksumPath(tmp)
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write checkpoint file %s: %w", final, err)
	}
	defer os.Remove(tmp)
	if err := os.WriteFile(tmpSum, hadoopChecksum(data), 0o644); err != nil {
		os.Remove(tmpSum)
		return fmt.Errorf("write checkpoint file %s: %w", final, err)
	}
	if err := renameOnce(tmp, final); err != nil {
		os.Remove(tmpSum)
		return err
	}
	// As Hadoop does, a checksum that cannot go into place stays under its temp name.
	return renameOnce(tmpSum, checksumPath(final))
}

// renameOnce moves src to dst unless dst exists (ErrExists; ErrChecksumExists for a
// checksum file).
func renameOnce(src, dst string) error {
	exists := func() error {
		if strings.HasSuffix(dst, ".crc") {
			return fmt.Errorf("checkpoint file %s already exists: %w", dst, ErrChecksumExists)
		}
		return fmt.Errorf("checkpoint file %s already exists: %w", dst, ErrExists)
	}
	err := os.Link(src, dst)
	if err == nil {
		os.Remove(src)
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return exists()
	}
	// No hard links here (some container filesystems): check, then rename.
	if _, statErr := os.Lstat(dst); statErr == nil {
		return exists()
	}
	if err := os.Rename(src, dst); err != nil {
		return fmt.Errorf("commit checkpoint file %s: %w", dst, err)
	}
	return nil
}

// checksumPath is the Hadoop checksum file of path: ".<name>.crc" beside it.
func checksumPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".crc")
}

// bytesPerChecksum is Hadoop's file.bytes-per-checksum default.
const bytesPerChecksum = 512

// hadoopChecksum is the content of a Hadoop checksum file (ChecksumFileSystem): "crc\x00",
// the chunk size as a big-endian int32, then the CRC-32 of every chunk of data.
func hadoopChecksum(data []byte) []byte {
	out := []byte{'c', 'r', 'c', 0}
	out = binary.BigEndian.AppendUint32(out, bytesPerChecksum)
	for len(data) > 0 {
		n := min(len(data), bytesPerChecksum)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(data[:n]))
		data = data[n:]
	}
	return out
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
