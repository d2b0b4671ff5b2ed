package checkpoint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Dir is one query's checkpoint folder.
type Dir struct {
	path string
}

// Open returns the checkpoint folder at path. The folder is created on the first write; a
// path that exists but is a file is an error.
func Open(path string) (*Dir, error) {
	if path == "" {
		return nil, errors.New("checkpoint location is empty; set option(\"checkpointLocation\", <folder>)")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("checkpoint location %s: %w", path, err)
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("checkpoint location %s is a file, not a folder; choose another checkpointLocation", abs)
	}
	return &Dir{path: abs}, nil
}

// Path is the folder's absolute path.
func (d *Dir) Path() string { return d.path }

// CreateLogs makes the offsets/ and commits/ folders, as Spark's metadata logs do when
// a query is built.
func (d *Dir) CreateLogs() error {
	for _, dir := range []string{d.offsetsDir(), d.commitsDir()} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("checkpoint %s: %w", d.path, err)
		}
	}
	return nil
}

func (d *Dir) offsetsDir() string { return filepath.Join(d.path, "offsets") }
func (d *Dir) commitsDir() string { return filepath.Join(d.path, "commits") }

func (d *Dir) corrupt(file string, reason error) error {
	return &CorruptError{File: file, Checkpoint: d.path, Reason: reason.Error()}
}

// readFile reads a checkpoint file; ok is false when it does not exist.
func (d *Dir) readFile(file string) (data []byte, ok bool, err error) {
	data, err = os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read checkpoint file %s: %w", file, err)
	}
	return data, true, nil
}

// ---- metadata ----

// Metadata returns the query id stored in <checkpoint>/metadata; ok is false for a new
// checkpoint.
func (d *Dir) Metadata() (queryID string, ok bool, err error) {
	file := filepath.Join(d.path, "metadata")
	data, ok, err := d.readFile(file)
	if err != nil || !ok {
		return "", false, err
	}
	var m struct {
		ID *string `json:"id"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(data), &m); err != nil {
		return "", false, d.corrupt(file, fmt.Errorf("not the JSON {\"id\":...}: %v", err))
	}
	if m.ID == nil || *m.ID == "" {
		return "", false, d.corrupt(file, errors.New("the query id is missing"))
	}
	return *m.ID, true, nil
}

// WriteMetadata writes <checkpoint>/metadata = {"id":"<queryID>"} (no newline), once.
func (d *Dir) WriteMetadata(queryID string) error {
	return writeOnce(d.path, "metadata", []byte(`{"id":`+jsonString(queryID)+`}`))
}

// ---- offsets ----

// OffsetSeq is the content of offsets/<batchId>: the batch's metadata and one offset line per
// source ("-" for a source without an offset).
type OffsetSeq struct {
	BatchWatermarkMs int64
	BatchTimestampMs int64
	Conf             []ConfEntry
	Sources          []string
}

// Encode returns the file's bytes exactly as Spark's OffsetSeqLog writes them.
func (s OffsetSeq) Encode() []byte {
	var b bytes.Buffer
	b.WriteString("v1\n")
	b.WriteString(`{"batchWatermarkMs":`)
	b.WriteString(strconv.FormatInt(s.BatchWatermarkMs, 10))
	b.WriteString(`,"batchTimestampMs":`)
	b.WriteString(strconv.FormatInt(s.BatchTimestampMs, 10))
	b.WriteString(`,"conf":{`)
	for i, e := range s.Conf {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonString(e.Key))
		b.WriteByte(':')
		b.WriteString(jsonString(e.Value))
	}
	b.WriteString("}}")
	for _, src := range s.Sources {
		b.WriteByte('\n')
		if src == "" {
			src = "-"
		}
		b.WriteString(src)
	}
	return b.Bytes()
}

// WriteOffsets writes offsets/<batchID> once (the write-ahead entry of a batch).
func (d *Dir) WriteOffsets(batchID int64, seq OffsetSeq) error {
	if batchID < 0 {
		return fmt.Errorf("write offsets: negative batch id %d", batchID)
	}
	for i, src := range seq.Sources {
		if src != "-" && src != "" && (strings.ContainsAny(src, "\n") || !json.Valid([]byte(src))) {
			return fmt.Errorf("write offsets %d: source %d offset is not one line of JSON: %q", batchID, i, clip(src))
		}
	}
	return writeOnce(d.offsetsDir(), strconv.FormatInt(batchID, 10), seq.Encode())
}

// ReadOffsets reads offsets/<batchID>; ok is false when the file does not exist.
func (d *Dir) ReadOffsets(batchID int64) (seq OffsetSeq, ok bool, err error) {
	file := filepath.Join(d.offsetsDir(), strconv.FormatInt(batchID, 10))
	data, ok, err := d.readFile(file)
	if err != nil || !ok {
		return OffsetSeq{}, false, err
	}
	seq, err = decodeOffsets(data)
	if err != nil {
		return OffsetSeq{}, false, d.corrupt(file, err)
	}
	return seq, true, nil
}

func decodeOffsets(data []byte) (OffsetSeq, error) {
	rest, err := splitVersion(data)
	if err != nil {
		return OffsetSeq{}, err
	}
	lines := strings.Split(string(rest), "\n")
	var seq OffsetSeq
	if err := decodeOffsetMetadata(lines[0], &seq); err != nil {
		return OffsetSeq{}, err
	}
	for i, line := range lines[1:] {
		line = strings.TrimRight(line, "\r")
		if line == "-" {
			seq.Sources = append(seq.Sources, "-")
			continue
		}
		if !json.Valid([]byte(line)) {
			return OffsetSeq{}, fmt.Errorf("offset line %d of source %d is not valid JSON (%q); the file may be truncated", i+3, i, clip(line))
		}
		seq.Sources = append(seq.Sources, line)
	}
	return seq, nil
}

// decodeOffsetMetadata parses the metadata line, keeping the conf keys in file order.
func decodeOffsetMetadata(line string, seq *OffsetSeq) error {
	bad := func(why string) error {
		return fmt.Errorf("the metadata line is not valid (%s): %q", why, clip(line))
	}
	if !json.Valid([]byte(line)) {
		return bad("not JSON; the file may be truncated")
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	if t, _ := dec.Token(); t != json.Delim('{') {
		return bad("not a JSON object")
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return bad(err.Error())
		}
		key, _ := kt.(string)
		switch key {
		case "batchWatermarkMs", "batchTimestampMs":
			var n json.Number
			if err := dec.Decode(&n); err != nil {
				return bad(key + " is not a number")
			}
			v, err := n.Int64()
			if err != nil {
				return bad(key + " is not an integer")
			}
			if key == "batchWatermarkMs" {
				seq.BatchWatermarkMs = v
			} else {
				seq.BatchTimestampMs = v
			}
		case "conf":
			if t, err := dec.Token(); err != nil || t != json.Delim('{') {
				return bad("conf is not an object")
			}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return bad(err.Error())
				}
				var v string
				if err := dec.Decode(&v); err != nil {
					return bad(fmt.Sprintf("conf %v is not a string", kt))
				}
				seq.Conf = append(seq.Conf, ConfEntry{Key: kt.(string), Value: v})
			}
			if _, err := dec.Token(); err != nil {
				return bad(err.Error())
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return bad(err.Error())
			}
		}
	}
	return nil
}

// OffsetBatches lists the batch ids that have an offsets file, ascending.
func (d *Dir) OffsetBatches() ([]int64, error) { return batchIDs(d.offsetsDir()) }

// CommitBatches lists the batch ids that have a commits file, ascending.
func (d *Dir) CommitBatches() ([]int64, error) { return batchIDs(d.commitsDir()) }

// LatestOffsets returns the newest offsets file; ok is false when there is none.
func (d *Dir) LatestOffsets() (batchID int64, seq OffsetSeq, ok bool, err error) {
	ids, err := d.OffsetBatches()
	if err != nil || len(ids) == 0 {
		return 0, OffsetSeq{}, false, err
	}
	batchID = ids[len(ids)-1]
	seq, ok, err = d.ReadOffsets(batchID)
	if err == nil && !ok {
		err = fmt.Errorf("offsets file for batch %d in %s vanished while reading", batchID, d.path)
	}
	return batchID, seq, err == nil, err
}

// ---- commits ----

// WriteCommit writes commits/<batchID> = v1\n{"nextBatchWatermarkMs":N}, once.
func (d *Dir) WriteCommit(batchID, nextWatermarkMs int64) error {
	if batchID < 0 {
		return fmt.Errorf("write commit: negative batch id %d", batchID)
	}
	data := []byte("v1\n{\"nextBatchWatermarkMs\":" + strconv.FormatInt(nextWatermarkMs, 10) + "}")
	return writeOnce(d.commitsDir(), strconv.FormatInt(batchID, 10), data)
}

// ReadCommit reads commits/<batchID>; ok is false when the file does not exist.
func (d *Dir) ReadCommit(batchID int64) (nextWatermarkMs int64, ok bool, err error) {
	file := filepath.Join(d.commitsDir(), strconv.FormatInt(batchID, 10))
	data, ok, err := d.readFile(file)
	if err != nil || !ok {
		return 0, false, err
	}
	rest, err := splitVersion(data)
	if err != nil {
		return 0, false, d.corrupt(file, err)
	}
	line, _, _ := strings.Cut(string(rest), "\n")
	var m struct {
		Next *int64 `json:"nextBatchWatermarkMs"`
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		return 0, false, d.corrupt(file, fmt.Errorf("the commit line is not valid JSON (%q); the file may be truncated", clip(line)))
	}
	if m.Next != nil {
		nextWatermarkMs = *m.Next
	}
	return nextWatermarkMs, true, nil
}

// LatestCommit returns the newest commits file; ok is false when there is none.
func (d *Dir) LatestCommit() (batchID, nextWatermarkMs int64, ok bool, err error) {
	ids, err := d.CommitBatches()
	if err != nil || len(ids) == 0 {
		return 0, 0, false, err
	}
	batchID = ids[len(ids)-1]
	nextWatermarkMs, ok, err = d.ReadCommit(batchID)
	if err == nil && !ok {
		err = fmt.Errorf("commit file for batch %d in %s vanished while reading", batchID, d.path)
	}
	return batchID, nextWatermarkMs, err == nil, err
}

// ---- sources/<i>/0 ----

func (d *Dir) sourceFile(sourceIndex int) string {
	return filepath.Join(d.path, "sources", strconv.Itoa(sourceIndex), "0")
}

// WriteSourceInitialOffsets writes sources/<i>/0 = 0x00 "v1\n" <json>, once (the Kafka
// source's resolved startingOffsets).
func (d *Dir) WriteSourceInitialOffsets(sourceIndex int, offsetsJSON string) error {
	if !json.Valid([]byte(offsetsJSON)) || strings.Contains(offsetsJSON, "\n") {
		return fmt.Errorf("write initial offsets of source %d: not one line of JSON: %q", sourceIndex, clip(offsetsJSON))
	}
	data := append([]byte{0, 'v', '1', '\n'}, offsetsJSON...)
	return writeOnce(filepath.Dir(d.sourceFile(sourceIndex)), "0", data)
}

// ReadSourceInitialOffsets reads sources/<i>/0; ok is false when it does not exist. Like
// Spark, a file without the leading zero byte or version line (Spark 2.1) is accepted.
func (d *Dir) ReadSourceInitialOffsets(sourceIndex int) (offsetsJSON string, ok bool, err error) {
	file := d.sourceFile(sourceIndex)
	data, ok, err := d.readFile(file)
	if err != nil || !ok {
		return "", false, err
	}
	if len(data) > 0 && data[0] == 0 {
		data = data[1:]
	}
	content := string(data)
	if strings.HasPrefix(content, "v") {
		rest, err := splitVersion(data)
		if err != nil {
			return "", false, d.corrupt(file, err)
		}
		content = string(rest)
	}
	if !json.Valid([]byte(content)) {
		return "", false, d.corrupt(file, fmt.Errorf("the offsets are not valid JSON (%q); the file may be truncated", clip(content)))
	}
	return content, true, nil
}

// ---- retention ----

// PurgeBefore deletes offsets and commits files of batches below threshold.
func (d *Dir) PurgeBefore(threshold int64) error {
	for _, dir := range []string{d.offsetsDir(), d.commitsDir()} {
		ids, err := batchIDs(dir)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if id >= threshold {
				break
			}
			file := filepath.Join(dir, strconv.FormatInt(id, 10))
			// Hadoop deletes a file's checksum with it.
			for _, p := range []string{file, checksumPath(file)} {
				if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return fmt.Errorf("purge old checkpoint batch %d: %w", id, err)
				}
			}
		}
	}
	return nil
}

// Purge applies Spark's retention after offsets/<currentBatchID> was written: when
// currentBatchID > minBatchesToRetain, batches below currentBatchID-minBatchesToRetain go.
func (d *Dir) Purge(currentBatchID int64, minBatchesToRetain int) error {
	if minBatchesToRetain <= 0 {
		minBatchesToRetain = DefaultMinBatchesToRetain
	}
	keep := int64(minBatchesToRetain)
	if keep < currentBatchID {
		return d.PurgeBefore(currentBatchID - keep)
	}
	return nil
}

// MinBatchesToRetain reads spark.sql.streaming.minBatchesToRetain from a conf map.
func MinBatchesToRetain(conf map[string]string) (int, error) {
	v, ok := conf[ConfMinBatchesToRetain]
	if !ok {
		return DefaultMinBatchesToRetain, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s must be a positive integer, got %q", ConfMinBatchesToRetain, v)
	}
	return n, nil
}
