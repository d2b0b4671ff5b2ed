package delta

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Convert is delta-spark's CONVERT TO DELTA (DeltaTable.convertToDelta) of the Parquet
// folder at path, in place: every data file is added as it is, with stats read from its
// rows, in one CONVERT version 0 (commitInfo, metaData, the adds, then the protocol, with
// no .crc file), and a checkpoint of that version, as delta-spark 4.4 writes them (corpus
// dl47). parts is the partition schema ("part INT"; nil for a folder without partitions):
// its columns follow the files' own in the table's schema and their values come from the
// col=value folders. A folder that is already a Delta table is left as it is.
func Convert(ctx context.Context, d *Driver, path string, parts *sqltypes.StructType, now time.Time, timeZone string) (*Table, error) {
	t, err := d.Open(path)
	if err != nil {
		return nil, err
	}
	if ok, err := t.Exists(); err != nil || ok {
		return t, err
	}
	loc, err := location(timeZone)
	if err != nil {
		return nil, err
	}
	var partCols []string
	if parts != nil {
		for _, f := range parts.Fields {
			partCols = append(partCols, f.Name)
		}
	}
	files, err := parquetDataFiles(path, partCols)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("convertToDelta: %s holds no Parquet data files to convert", path)
	}
	var data *sqltypes.StructType
	adds := make([]AddFile, 0, len(files))
	for _, rel := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		full := filepath.Join(path, filepath.FromSlash(rel))
		if data == nil {
			if data, err = footerSchema(full); err != nil {
				return nil, err
			}
		}
		rows, err := sparkparquet.ReadFile(full, data)
		if err != nil {
			return nil, fmt.Errorf("convertToDelta: %w", err)
		}
		stats := newStatsCollector(data)
		stats.add(rows)
		st, err := os.Stat(full)
		if err != nil {
			return nil, fmt.Errorf("convertToDelta: %w", err)
		}
		values := map[string]string{}
		for _, dir := range strings.Split(rel, "/")[:strings.Count(rel, "/")] {
			k, v, _ := strings.Cut(dir, "=")
			if uv, err := url.PathUnescape(v); err == nil {
				v = uv
			}
			values[k] = v
		}
		adds = append(adds, AddFile{
			Path: encodePath(rel), PartitionValues: values, Size: st.Size(),
			ModificationTime: modTimeMs(st), DataChange: true, Stats: stats.json(loc),
			partOrder: partCols,
		})
	}
	schema := &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), data.Fields...)}
	if parts != nil {
		for _, f := range parts.Fields {
			if _, dup := schema.FieldIndexFold(f.Name); dup {
				return nil, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_DUPLICATE_COLUMNS_FOUND.CONVERT_TO_DELTA",
					"duplicateCols", "`"+f.Name+"`")
			}
			f.Nullable = true
			schema.Fields = append(schema.Fields, f)
		}
	}
	at := nowOr(now)
	md := newMetadata(schema, at)
	if len(partCols) > 0 {
		md.PartitionColumns = partCols
	}
	ci := &CommitInfo{
		Timestamp: at.UnixMilli(),
		Operation: "CONVERT",
		OperationParameters: []KV{
			{Key: "numFiles", Value: strconv.Itoa(len(adds)), Raw: true},
			{Key: "partitionedBy", Value: PartitionByParam(partCols)},
			{Key: "collectStats", Value: "true", Raw: true},
			{Key: "sourceFormat", Value: "parquet"},
		},
		ReadVersion:      int64p(-1),
		IsolationLevel:   "Serializable",
		IsBlindAppend:    boolp(false),
		OperationMetrics: []KV{{Key: "numConvertedFiles", Value: strconv.Itoa(len(adds))}},
		EngineInfo:       EngineInfo,
		TxnID:            newUUID(),
	}
	proto := newTableProtocol(md)
	p := &pendingCommit{info: ci, metadata: md, protocol: &proto, adds: adds, layout: restoreLayout}
	if err := t.commit(0, p.lines()); err != nil {
		return nil, err
	}
	// CONVERT writes no checksum for its version but checkpoints it at once.
	t.forgetMemo()
	if err := t.checkpointAt(0); err != nil {
		return t, &PostCommitError{Path: t.path, Version: 0, Err: fmt.Errorf("checkpoint: %w", err)}
	}
	return t, nil
}

// footerSchema is the Spark schema a Parquet data file carries in its footer.
func footerSchema(full string) (*sqltypes.StructType, error) {
	f, err := os.Open(full)
	if err != nil {
		return nil, fmt.Errorf("convertToDelta: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("convertToDelta: %w", err)
	}
	schema, ok, err := sparkparquet.FileSchema(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("convertToDelta %s: %w", full, err)
	}
	if !ok {
		return nil, fmt.Errorf("convertToDelta: %s has no Spark schema in its footer; kafkalab converts Parquet folders Spark (or kafkalab) wrote: run this on real Spark with kafkalab export", full)
	}
	return schema, nil
}

// parquetDataFiles lists the folder's Parquet data files, relative, with '/' separators,
// sorted: files and folders whose names start with '_' or '.' are skipped (_SUCCESS,
// _delta_log, .crc files), and with partition columns the files sit in col=value folders,
// one level per column in order.
func parquetDataFiles(root string, partCols []string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		name := de.Name()
		if strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") {
			if de.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		depth := strings.Count(rel, "/")
		if de.IsDir() {
			if depth >= len(partCols) || !strings.EqualFold(strings.SplitN(name, "=", 2)[0], partCols[depth]) || !strings.Contains(name, "=") {
				return fmt.Errorf("convertToDelta: %s is not a partition folder of %v: give the partition schema the folder is laid out by", rel, partCols)
			}
			return nil
		}
		if depth != len(partCols) {
			return fmt.Errorf("convertToDelta: the data file %s is not in a folder for each partition column %v", rel, partCols)
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}
