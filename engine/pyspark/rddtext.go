package pyspark

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/localfs"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// sc.textFile: Hadoop's TextInputFormat as Spark uses it, so the partitions are Spark's.

// localBlockSize is Hadoop's fs.local.block.size (32 MiB), the largest split of a local file.
const localBlockSize = 32 << 20

// textSplit is one input split: bytes [start, end) of a file.
type textSplit struct {
	file       string
	start, end int64
}

// hadoopSplits is FileInputFormat.getSplits for files of these sizes and minPartitions
// splits: the goal size is the total over minPartitions, capped by the block size, at
// least one byte; a file is cut in goal-size pieces while more than 1.1 pieces remain;
// an empty file is one empty split.
func hadoopSplits(files []string, sizes []int64, minPartitions int) []textSplit {
	var total int64
	for _, s := range sizes {
		total += s
	}
	goal := total / int64(max(minPartitions, 1))
	size := max(1, min(goal, localBlockSize))
	var out []textSplit
	for i, f := range files {
		length := sizes[i]
		if length == 0 {
			out = append(out, textSplit{file: f})
			continue
		}
		remaining := length
		for float64(remaining)/float64(size) > 1.1 {
			out = append(out, textSplit{f, length - remaining, length - remaining + size})
			remaining -= size
		}
		if remaining != 0 {
			out = append(out, textSplit{f, length - remaining, length})
		}
	}
	return out
}

// splitLines is the lines LineRecordReader reads for the split [start, end) of data: a
// split after the first skips the line it starts in (its previous split reads it), and a
// split reads every line that starts at or before its end. Lines end at \n, \r\n or \r.
func splitLines(data []byte, start, end int64) []string {
	pos := start
	if start != 0 {
		_, pos = nextLine(data, start)
	}
	var out []string
	for pos <= end && pos < int64(len(data)) {
		var line string
		line, pos = nextLine(data, pos)
		out = append(out, line)
	}
	return out
}

// nextLine is the line starting at pos and where the next one starts.
func nextLine(data []byte, pos int64) (string, int64) {
	rest := data[pos:]
	i := bytes.IndexAny(rest, "\r\n")
	if i < 0 {
		return string(rest), int64(len(data))
	}
	next := pos + int64(i) + 1
	if rest[i] == '\r' && i+1 < len(rest) && rest[i+1] == '\n' {
		next++
	}
	return string(rest[:i]), next
}

// textFile reads the files of name (a file, a folder's visible files, or a comma-separated
// list of them) into Spark's partitions of lines.
func (c *pySparkContext) textFile(name string, minPartitions int) ([][]py.Object, error) {
	var files []string
	for _, p := range strings.Split(name, ",") {
		full, err := c.s.s.ResolvePath(p)
		if err != nil {
			return nil, engineError(err)
		}
		st, err := os.Stat(full)
		if err != nil {
			return nil, py.ExceptionNewf(PySparkException, "Input path does not exist: file:%s", full)
		}
		if !st.IsDir() {
			files = append(files, full)
			continue
		}
		entries, err := os.ReadDir(full)
		if err != nil {
			return nil, py.ExceptionNewf(PySparkException, "textFile %s: %v", name, err)
		}
		var found []string
		for _, e := range entries {
			// Hadoop skips hidden files (_SUCCESS, .crc) and does not descend into folders
			if strings.HasPrefix(e.Name(), "_") || strings.HasPrefix(e.Name(), ".") || e.IsDir() {
				continue
			}
			found = append(found, filepath.Join(full, e.Name()))
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	data := make(map[string][]byte, len(files))
	sizes := make([]int64, len(files))
	for i, f := range files {
		// a listed file is checked again: a link must not lead out of the working folder
		if _, err := c.s.s.ResolvePath(f); err != nil {
			return nil, engineError(err)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, py.ExceptionNewf(PySparkException, "textFile %s: %v", name, err)
		}
		data[f] = b
		sizes[i] = int64(len(b))
	}
	splits := hadoopSplits(files, sizes, minPartitions)
	parts := make([][]py.Object, len(splits))
	for i, s := range splits {
		for _, l := range splitLines(data[s.file], s.start, s.end) {
			parts[i] = append(parts[i], py.String(l))
		}
	}
	return parts, nil // a folder with no files is an RDD of no partitions, as in Spark
}

// saveAsTextFile is PySpark's: one part-NNNNN file per partition (empty ones too) with
// str() of each element on its own line (bytes as they are), then _SUCCESS, each with
// the .crc file Hadoop's local file system keeps beside it. The partitions are computed
// before anything is written, so a failing task leaves no folder behind.
func (r *pyRDD) saveAsTextFile(path string) error {
	full, err := r.in.spark.s.ResolvePath(path)
	if err != nil {
		return engineError(err)
	}
	if _, err := os.Stat(full); err == nil {
		return py.ExceptionNewf(PySparkException, "org.apache.hadoop.mapred.FileAlreadyExistsException: Output directory file:%s already exists", full)
	}
	parts, err := r.partitions()
	if err != nil {
		return err
	}
	files := make([][]byte, len(parts))
	for i, p := range parts {
		var b bytes.Buffer
		for _, o := range p {
			if raw, ok := o.(py.Bytes); ok {
				b.Write(raw)
			} else {
				s, err := py.Str(o)
				if err != nil {
					return r.workerError(py.TypeError, "%s", pyErrorText(err))
				}
				b.WriteString(string(s.(py.String)))
			}
			b.WriteByte('\n')
		}
		files[i] = b.Bytes()
	}
	if err := os.MkdirAll(full, 0o755); err != nil {
		return py.ExceptionNewf(PySparkException, "saveAsTextFile %s: %v", path, err)
	}
	for i, data := range files {
		if err := localfs.WriteFile(filepath.Join(full, fmt.Sprintf("part-%05d", i)), data); err != nil {
			return py.ExceptionNewf(PySparkException, "saveAsTextFile %s: %v", path, err)
		}
	}
	if err := localfs.WriteFile(filepath.Join(full, "_SUCCESS"), nil); err != nil {
		return py.ExceptionNewf(PySparkException, "saveAsTextFile %s: %v", path, err)
	}
	return nil
}

func init() {
	rddMethod("saveAsTextFile", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("saveAsTextFile", args, kwargs, []string{"path", "compressionCodecClass"}, 1)
		if err != nil {
			return nil, err
		}
		if a[1] != nil && a[1] != py.None {
			return nil, python.Unsupported("RDD.saveAsTextFile(compressionCodecClass=...)", "save uncompressed text")
		}
		path, err := asString("path", a[0])
		if err != nil {
			return nil, err
		}
		return py.None, r.saveAsTextFile(path)
	})
}
