package engine

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DataFrameWriter is df.write.
type DataFrameWriter struct {
	df     *DataFrame
	format string
	mode   string
	opts   options
	parts  []string
}

// Write is df.write.
func (df *DataFrame) Write() *DataFrameWriter { return &DataFrameWriter{df: df, format: "parquet"} }

// Format is .format(name): kafka, delta, parquet.
func (w *DataFrameWriter) Format(f string) *DataFrameWriter { w.format = strings.ToLower(f); return w }

// Mode is .mode(m): append, overwrite, ignore, error/errorifexists (default).
func (w *DataFrameWriter) Mode(m string) *DataFrameWriter { w.mode = m; return w }

// Option is .option(key, value).
func (w *DataFrameWriter) Option(k string, v any) *DataFrameWriter {
	w.opts.set(k, optionValue(v))
	return w
}

// Options is .options(**kv).
func (w *DataFrameWriter) Options(kv map[string]string) *DataFrameWriter {
	for k, v := range kv {
		w.opts.set(k, v)
	}
	return w
}

// PartitionBy is .partitionBy(cols...): file formats write col=value/ folders, Delta writes
// a partitioned table; Save refuses it, with a clear error, for Kafka.
func (w *DataFrameWriter) PartitionBy(cols ...string) *DataFrameWriter { w.parts = cols; return w }

func (w *DataFrameWriter) checkMode() error {
	switch strings.ToLower(strings.ReplaceAll(w.mode, "_", "")) {
	case "", "append", "overwrite", "ignore", "error", "errorifexists", "default":
		return nil
	}
	return &plan.AnalysisError{Class: "INVALID_SAVE_MODE", Message: fmt.Sprintf(
		"The specified save mode %q is invalid. Valid save modes include \"append\", \"overwrite\", \"ignore\", \"error\", \"errorifexists\", and \"default\".", w.mode)}
}

// checkTimeType refuses a write of a TIME column (at any depth) while
// spark.sql.timeType.enabled is false, as Spark 4.2 does when the write runs.
func (w *DataFrameWriter) checkTimeType() error {
	if w.df.s.timeTypeOff() && plan.ContainsTime(w.df.Schema()) {
		return errUnsupportedTimeType()
	}
	return nil
}

// Save is .save([path]).
func (w *DataFrameWriter) Save(ctx context.Context, path ...string) error {
	if err := w.checkMode(); err != nil {
		return err
	}
	if w.df.IsStreaming() {
		return ErrWriteOnStream()
	}
	if w.format == "delta" || isFileFormat(w.format) {
		if err := w.checkTimeType(); err != nil {
			return err
		}
	}
	if len(w.parts) > 0 && !isFileFormat(w.format) && w.format != "delta" {
		return &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support partitionBy on a %s write yet: write it unpartitioned, or partition a parquet, json, csv or text folder", w.format)}
	}
	p, hasPath := w.opts.get("path")
	if len(path) > 0 {
		p, hasPath = path[0], true
	}
	var full string
	if hasPath && w.format != "kafka" {
		var err error
		if full, err = w.df.s.ResolvePath(p); err != nil {
			return err
		}
	}
	switch w.format {
	case "kafka":
		return w.saveKafka(ctx)
	case "console":
		return w.saveConsole(ctx)
	case "noop":
		// Runs the plan for its work and errors, keeping nothing.
		_, err := w.df.Count(ctx)
		return err
	case "delta":
		if !hasPath {
			return fmt.Errorf("'path' is not specified: give save(path) or use saveAsTable(name)")
		}
		return w.writeDelta(ctx, full, false)
	case "parquet":
		if !hasPath {
			return fmt.Errorf("'path' is not specified: give save(path)")
		}
		if len(w.parts) > 0 {
			return w.writePartitionedFiles(ctx, full)
		}
		return w.writeParquet(ctx, full)
	case "json", "csv", "text":
		if !hasPath {
			return fmt.Errorf("'path' is not specified: give save(path)")
		}
		if len(w.parts) > 0 {
			return w.writePartitionedFiles(ctx, full)
		}
		return w.writeTextFormat(ctx, full)
	}
	return &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support df.write.format(%q); use kafka, delta, parquet, json, csv, text, console or noop", w.format)}
}

// saveConsole is df.write.format("console").save(): Spark's console source prints the rows
// as show(numRows, truncate) would, 20 rows truncated unless the options say otherwise.
func (w *DataFrameWriter) saveConsole(ctx context.Context) error {
	n := 20
	if v, ok := w.opts.get("numRows"); ok {
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: fmt.Sprintf("numRows must be a number, got %q", v)}
		}
		n = i
	}
	truncate := 20
	if v, ok := w.opts.get("truncate"); ok {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: fmt.Sprintf("For input string: %q", v)}
		}
		if !b {
			truncate = 0
		}
	}
	text, err := w.df.Show(ctx, n, truncate, false)
	if err != nil {
		return err
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	_, err = io.WriteString(w.df.s.stdout, text+"\n") // Dataset.show is println(showString)
	return err
}

// Parquet is df.write.parquet(path).
func (w *DataFrameWriter) Parquet(ctx context.Context, path string) error {
	return w.Format("parquet").Save(ctx, path)
}

// SaveAsTable is .saveAsTable(name): a managed Delta table under the warehouse.
func (w *DataFrameWriter) SaveAsTable(ctx context.Context, name string) error {
	if err := w.checkMode(); err != nil {
		return err
	}
	if w.format != "delta" && !isFileFormat(w.format) {
		return &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's saveAsTable writes Delta, parquet, json, csv or text tables; %q is not one of them", w.format)}
	}
	if w.df.IsStreaming() {
		return ErrWriteOnStream()
	}
	if err := w.checkTimeType(); err != nil {
		return err
	}
	path, err := w.df.s.TablePath(name)
	if err != nil {
		return err
	}
	// Mode errorifexists (the default) on a table that exists fails as Spark's
	// CreateTableAsSelect does, before any format's own check of the path.
	switch strings.ToLower(strings.ReplaceAll(w.mode, "_", "")) {
	case "", "error", "errorifexists", "default":
		if w.df.s.fileTable(name) != nil || w.df.s.isDeltaTable(path) {
			return w.df.s.tableExistsError(name)
		}
	}
	// Without a format saveAsTable makes a Parquet table (spark.sql.sources.default), but a
	// Delta table already in the warehouse keeps taking Delta writes.
	if w.format != "delta" && (w.df.s.fileTable(name) != nil || !w.df.s.isDeltaTable(path)) {
		return w.saveAsFileTable(ctx, name, path)
	}
	return w.writeDelta(ctx, path, true)
}

// saveKafka is df.write.format("kafka").save(): rows with key/value (string or binary),
// optional topic/partition/headers columns; the topic option wins over a topic column.
func (w *DataFrameWriter) saveKafka(ctx context.Context) error {
	switch strings.ToLower(w.mode) {
	case "", "append", "error", "errorifexists", "default":
	default:
		return &plan.AnalysisError{Message: fmt.Sprintf("Save mode %s not allowed for Kafka. Allowed save modes are Append and ErrorIfExists (default).", saveModeName(w.mode))}
	}
	if err := checkProducerOptions(&w.opts); err != nil {
		return err
	}
	bs, ok := w.opts.get("kafka.bootstrap.servers")
	if !ok || strings.TrimSpace(bs) == "" {
		return illegalArgument("Option 'kafka.bootstrap.servers' must be specified for configuring Kafka consumer")
	}
	topic, _ := w.opts.get("topic")
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	byTask, err := rowiter.CollectTasks(ctx, tasks)
	if err != nil {
		return err
	}
	var rows []sqltypes.Row
	for _, t := range byTask {
		rows = append(rows, t...)
	}
	recs, err := kafkasource.RecordsFromRows(w.df.Schema(), rows, topic)
	if err != nil {
		return err
	}
	return kafkasource.WriteRecords(ctx, kafkasource.SplitBootstrap(bs), topic, recs)
}

func saveModeName(m string) string {
	switch strings.ToLower(m) {
	case "overwrite":
		return "Overwrite"
	case "ignore":
		return "Ignore"
	}
	return m
}

func newJobUUID() string { return uuid.NewString() }
