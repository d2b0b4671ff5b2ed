package engine

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/filesink"
	"github.com/kafkalab/kafkalab/engine/localfs"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// textFormatExt is the file extension Spark gives each text-based format's part files.
var textFormatExt = map[string]string{"json": ".json", "csv": ".csv", "text": ".txt"}

// writeTextFormat is df.write.json/csv/text(path): one part file per non-empty task and
// task 0's, then _SUCCESS, each with its Hadoop .crc side file.
func (w *DataFrameWriter) writeTextFormat(ctx context.Context, path string) error {
	schema := w.df.Schema()
	encode, err := rowEncoder(w.format, schema, &w.opts, w.df.s.Location())
	if err != nil {
		return err
	}
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	defer rowiter.CloseAll(tasks)
	if skip, err := w.prepareOutputDir(path); err != nil || skip {
		return err
	}
	id := newJobUUID()
	suffix, compress, err := textCodec(&w.opts)
	if err != nil {
		return err
	}
	header := w.format == "csv" && optTrue(&w.opts, "header")
	// Task 0 writes its file even without rows, as Spark's FileFormatWriter has it (see
	// writeParquet): df.repartition(4, "k").write.json leaves an empty part-00000 when no
	// key hashes to task 0. An empty CSV file with header=true holds the header.
	empty := make([]bool, len(tasks))
	for i := range tasks {
		if tasks[i], empty[i], err = rowiter.Peek(ctx, tasks[i]); err != nil {
			return err
		}
	}
	for i, rows := range tasks {
		if empty[i] && i != 0 {
			continue
		}
		var b strings.Builder
		if header {
			names := make([]string, len(schema.Fields))
			for j, f := range schema.Fields {
				names[j] = f.Name
			}
			b.WriteString(csvLine(names, nil, readCSVOptions(&w.opts)))
		}
		err := rowiter.Each(ctx, rows, func(chunk []sqltypes.Row) error {
			for _, r := range chunk {
				b.WriteString(encode(r))
			}
			return nil
		})
		if err != nil {
			return err
		}
		name := filepath.Join(path, fmt.Sprintf("part-%05d-%s-c000%s%s", i, id, textFormatExt[w.format], suffix))
		data := []byte(b.String())
		if compress != nil {
			if data, err = compress(data); err != nil {
				return fmt.Errorf("compress %s: %w", name, err)
			}
		}
		if err := localfs.WriteFile(name, data); err != nil {
			return err
		}
	}
	return localfs.WriteFile(filepath.Join(path, "_SUCCESS"), nil)
}

// rowEncoder turns a row into one line of format (newline included).
func rowEncoder(format string, schema *sqltypes.StructType, opts *options, loc *time.Location) (func(sqltypes.Row) string, error) {
	switch format {
	case "json":
		return func(r sqltypes.Row) string {
			return sqltypes.ValueToJSON(r, schema, loc) + "\n"
		}, nil
	case "text":
		// Spark checks every column's type before the count: (n int, s string) fails on n.
		for _, f := range schema.Fields {
			if _, ok := f.Type.(sqltypes.StringType); !ok {
				return nil, sparkerrors.New(sparkerrors.AnalysisException, "UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE",
					"format", "Text", "columnName", "`"+f.Name+"`", "columnType", `"`+f.Type.SQL()+`"`)
			}
		}
		if len(schema.Fields) != 1 {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "_LEGACY_ERROR_TEMP_1290", "schemaSize", fmt.Sprint(len(schema.Fields)))
		}
		return func(r sqltypes.Row) string {
			if r[0] == nil {
				return "\n"
			}
			return fmt.Sprint(r[0]) + "\n"
		}, nil
	case "csv":
		o := readCSVOptions(opts)
		return func(r sqltypes.Row) string {
			vals := make([]string, len(r))
			isNull := make([]bool, len(r))
			for i, v := range r {
				if v == nil {
					isNull[i] = true
					continue
				}
				vals[i] = o.csvWriteValue(v, schema.Fields[i].Type, loc)
			}
			return csvLine(vals, isNull, o)
		}, nil
	}
	return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not write the %q format", format)}
}

// csvWriteValue is csvValue with the dateFormat and timestampFormat options' patterns.
func (o csvOptions) csvWriteValue(v any, t sqltypes.DataType, loc *time.Location) string {
	switch t.(type) {
	case sqltypes.DateType:
		if d, ok := v.(sqltypes.Date); ok && o.dateFmt != nil {
			return o.dateFmt.FormatDate(d)
		}
	case sqltypes.TimestampType:
		if ts, ok := v.(sqltypes.Timestamp); ok && o.tsFmt != nil {
			return o.tsFmt.FormatTimestamp(ts, loc)
		}
	}
	return csvValue(v, t, loc)
}

// csvValue is a value as Spark's CSV writer prints it.
func csvValue(v any, t sqltypes.DataType, loc *time.Location) string {
	switch t.(type) {
	case sqltypes.TimestampType:
		if ts, ok := v.(sqltypes.Timestamp); ok {
			return time.UnixMicro(int64(ts)).In(loc).Format("2006-01-02T15:04:05.000Z07:00")
		}
	}
	s, err := sqltypes.Cast(v, t, sqltypes.String, loc)
	if err != nil || s == nil {
		return fmt.Sprint(v)
	}
	return s.(string)
}

// csvLine joins fields with the separator, quoting those that need it as univocity does
// (a separator, quote, line break, or leading/trailing space; an empty string is ""), and
// ends the record with lineSep. The writer options: nullValue is written for a NULL (an
// empty field by default), emptyValue for an empty string ("" by default), quoteAll quotes
// every field and escapeQuotes=false leaves a value with quotes in it unquoted.
func csvLine(vals []string, isNull []bool, o csvOptions) string {
	var b strings.Builder
	q := string(o.quote)
	for i, v := range vals {
		if i > 0 {
			b.WriteRune(o.sep)
		}
		if isNull != nil && isNull[i] {
			if o.nullValue == "" {
				continue
			}
			v = o.nullValue
		} else if v == "" && o.emptyValueSet {
			v = o.emptyValue
			if !o.quoteAll {
				b.WriteString(v)
				continue
			}
		}
		needs := o.quoteAll || v == "" || strings.ContainsRune(v, o.sep) || strings.ContainsAny(v, "\n\r") ||
			(o.escapeQuotes && strings.Contains(v, q)) || strings.TrimSpace(v) != v
		if !needs {
			b.WriteString(v)
			continue
		}
		b.WriteString(q)
		if o.escapeQuotes {
			v = strings.ReplaceAll(v, q, string(o.escape)+q)
		}
		b.WriteString(v)
		b.WriteString(q)
	}
	if o.lineSep != "" {
		b.WriteString(o.lineSep)
	} else {
		b.WriteByte('\n')
	}
	return b.String()
}

// textSinkFormat is the streaming file sink's json, csv or text format: each row becomes a
// line from rowEncoder (and csv's header, when asked, heads every file as Spark's writer
// does).
func textSinkFormat(format string, opts *options, loc *time.Location) filesink.Format {
	return filesink.Format{
		Name: format,
		Ext:  textFormatExt[format],
		Check: func(schema *sqltypes.StructType) error {
			_, err := rowEncoder(format, schema, opts, loc)
			return err
		},
		Create: func(path string, schema *sqltypes.StructType) (filesink.FileWriter, error) {
			encode, err := rowEncoder(format, schema, opts, loc)
			if err != nil {
				return nil, err
			}
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if err != nil {
				return nil, fmt.Errorf("create %s file: %w", format, err)
			}
			lw := &lineFile{path: path, f: f, w: bufio.NewWriter(f), encode: encode}
			if format == "csv" && optTrue(opts, "header") {
				names := make([]string, len(schema.Fields))
				for j, fl := range schema.Fields {
					names[j] = fl.Name
				}
				lw.w.WriteString(csvLine(names, nil, readCSVOptions(opts)))
			}
			return lw, nil
		},
	}
}

// lineFile is a data file of one encoded line per row.
type lineFile struct {
	path   string
	f      *os.File
	w      *bufio.Writer
	encode func(sqltypes.Row) string
}

func (l *lineFile) Write(rows []sqltypes.Row) error {
	for _, r := range rows {
		if _, err := l.w.WriteString(l.encode(r)); err != nil {
			return fmt.Errorf("write %s: %w", l.path, err)
		}
	}
	return nil
}

func (l *lineFile) Close() (int64, error) {
	err := l.w.Flush()
	var size int64
	if err == nil {
		var st os.FileInfo
		if st, err = l.f.Stat(); err == nil {
			size = st.Size()
		}
	}
	if cerr := l.f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		os.Remove(l.path)
		return 0, fmt.Errorf("write %s: %w", l.path, err)
	}
	return size, nil
}

func (l *lineFile) Abort() {
	l.f.Close()
	os.Remove(l.path)
}

// writePartitionedFiles is df.write.partitionBy(cols).parquet/json/csv/text(path): Hive-style
// col=value/ folders, each task writing part-<task>-<job uuid>.c000<ext> per partition value
// it holds (with its .crc), then _SUCCESS.
func (w *DataFrameWriter) writePartitionedFiles(ctx context.Context, path string) error {
	s := w.df.s
	schema := w.df.Schema().AsNullable()
	parts, dataSchema, err := filesink.SplitPartitions(schema, w.parts)
	if err != nil {
		return &plan.AnalysisError{Message: err.Error()}
	}
	format := filesink.Parquet()
	if w.format != "parquet" {
		format = textSinkFormat(w.format, &w.opts, s.Location())
	}
	if err := format.Check(dataSchema); err != nil {
		return err
	}
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	if skip, err := w.prepareOutputDir(path); err != nil || skip {
		rowiter.CloseAll(tasks)
		return err
	}
	id := newJobUUID()
	files, err := filesink.WritePartitioned(ctx, filesink.PartitionedWrite{
		Root: path, Format: format, Location: s.Location(), Schema: schema, Parts: parts, DataSchema: dataSchema,
		Name: func(task int) string { return fmt.Sprintf("part-%05d-%s.c000%s", task, id, format.Ext) },
	}, tasks)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	for _, f := range files {
		p, err := f.LocalPath()
		if err != nil {
			return err
		}
		if err := localfs.WriteChecksumOf(p); err != nil {
			return err
		}
	}
	return localfs.WriteFile(filepath.Join(path, "_SUCCESS"), nil)
}
