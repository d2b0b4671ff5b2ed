package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// WriterV2 is df.writeTo(table), PySpark's DataFrameWriterV2, on kafkalab's catalog of
// Delta tables: using, option(s), tableProperty and partitionedBy shape the write; create,
// replace and createOrReplace make the table from the DataFrame (CREATE TABLE AS SELECT
// and its replacing kin), append, overwrite(condition) and overwritePartitions write into
// an existing one, its columns matched by name.
type WriterV2 struct {
	df       *DataFrame
	table    string
	provider string
	opts     options
	props    []plan.Property
	parts    []string
}

// WriteTo is df.writeTo(table).
func (df *DataFrame) WriteTo(table string) *WriterV2 { return &WriterV2{df: df, table: table} }

// Using is using(provider): kafkalab's tables are Delta tables.
func (w *WriterV2) Using(provider string) *WriterV2 { w.provider = provider; return w }

// Option is option(key, value).
func (w *WriterV2) Option(k string, v any) *WriterV2 { w.opts.set(k, optionValue(v)); return w }

// TableProperty is tableProperty(key, value).
func (w *WriterV2) TableProperty(k, v string) *WriterV2 {
	w.props = append(w.props, plan.Property{Key: k, Value: v})
	return w
}

// PartitionedBy is partitionedBy(cols...): plain columns (transforms such as years(col)
// are refused by the binding).
func (w *WriterV2) PartitionedBy(cols ...string) *WriterV2 {
	w.parts = append(w.parts, cols...)
	return w
}

// check refuses what kafkalab cannot write: a provider other than Delta, a stream.
func (w *WriterV2) check() error {
	if w.df.IsStreaming() {
		return ErrWriteOnStream()
	}
	if w.provider != "" && !strings.EqualFold(w.provider, "delta") {
		return &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's df.writeTo writes Delta tables; using(%q) is not yet in kafkalab: use using(\"delta\"), or run this on real Spark with kafkalab export", w.provider)}
	}
	return nil
}

// target is the table's folder and whether a Delta table is there.
func (w *WriterV2) target() (string, bool, error) {
	path, err := w.df.s.TablePath(w.table)
	if err != nil {
		return "", false, err
	}
	return path, w.df.s.isDeltaTable(path), nil
}

// Create is create(): the table must not exist; one CREATE TABLE AS SELECT version.
func (w *WriterV2) Create(ctx context.Context) error {
	return w.make(ctx, "create")
}

// Replace is replace(): the table must exist; one REPLACE TABLE AS SELECT version with the
// DataFrame's schema and rows.
func (w *WriterV2) Replace(ctx context.Context) error { return w.make(ctx, "replace") }

// CreateOrReplace is createOrReplace(): CREATE OR REPLACE TABLE AS SELECT.
func (w *WriterV2) CreateOrReplace(ctx context.Context) error { return w.make(ctx, "createOrReplace") }

func (w *WriterV2) make(ctx context.Context, how string) error {
	if err := w.check(); err != nil {
		return err
	}
	path, exists, err := w.target()
	if err != nil {
		return err
	}
	switch {
	case how == "create" && exists:
		return w.df.s.tableExistsError(w.table)
	case how == "replace" && !exists:
		return &plan.AnalysisError{Class: "TABLE_OR_VIEW_NOT_FOUND", Message: fmt.Sprintf(
			"The table or view %s cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS.", w.df.s.qualifiedTable(w.table))}
	}
	props, err := tableProperties(w.props)
	if err != nil {
		return err
	}
	t, err := w.df.s.delta.Open(path)
	if err != nil {
		return err
	}
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	bw := delta.BatchWrite{
		Mode: "errorifexists", Schema: w.df.Schema(), Tasks: toTasks(tasks), SaveAsTable: true,
		PartitionColumns: w.parts, Properties: props, Now: w.df.s.now(),
		TimeZone: w.df.s.Conf().GetOr(ConfTimeZone, "UTC"), DefaultProperties: w.df.s.deltaDefaultProperties(),
	}
	if how != "create" {
		bw.Mode, bw.SQLReplace = "overwrite", true
		if how == "replace" {
			bw.Operation = "REPLACE TABLE AS SELECT"
		}
	}
	_, _, err = t.Write(ctx, bw)
	return committedIsDone(err)
}

// Append is append(): the rows added to the existing table, columns matched by name.
func (w *WriterV2) Append(ctx context.Context) error {
	return w.into(ctx, func(dw *DataFrameWriter) *DataFrameWriter { return dw.Mode("append") })
}

// Overwrite is overwrite(condition): the rows meeting condition replaced by the
// DataFrame's, which must all meet it (Delta's replaceWhere).
func (w *WriterV2) Overwrite(ctx context.Context, cond *Column) error {
	if cond.err != nil {
		return cond.err
	}
	text, ok := plan.ExprSQL(cond.expr)
	if !ok {
		return &plan.UnsupportedError{Message: "kafkalab's writeTo(...).overwrite takes a condition on the table's columns (F.col(\"day\") == 2); this one cannot be written as SQL yet"}
	}
	return w.into(ctx, func(dw *DataFrameWriter) *DataFrameWriter {
		return dw.Mode("overwrite").Option("replaceWhere", text)
	})
}

// OverwritePartitions is overwritePartitions(): the partitions the DataFrame has rows for
// are replaced, the others stay (a dynamic partition overwrite).
func (w *WriterV2) OverwritePartitions(ctx context.Context) error {
	return w.into(ctx, func(dw *DataFrameWriter) *DataFrameWriter {
		return dw.Mode("overwrite").Option("partitionOverwriteMode", "dynamic")
	})
}

// into writes into the existing table with the DataFrame's columns in the table's order.
func (w *WriterV2) into(ctx context.Context, mode func(*DataFrameWriter) *DataFrameWriter) error {
	if err := w.check(); err != nil {
		return err
	}
	path, exists, err := w.target()
	if err != nil {
		return err
	}
	if !exists {
		return tableNotFound(w.table)
	}
	dt, err := w.df.s.DeltaTableForName(ctx, w.table)
	if err != nil {
		return err
	}
	snap, err := dt.table.Snapshot()
	if err != nil {
		return err
	}
	data, err := byTableColumns(w.df, w.table, snap.Schema, false)
	if err != nil {
		return err
	}
	dw := data.Write().Format("delta")
	for _, k := range w.opts.keys {
		v, _ := w.opts.get(k)
		dw.Option(k, v)
	}
	return mode(dw).Save(ctx, path)
}

// byTableColumns lines the DataFrame's columns up with the table's, each cast to the
// table column's type: by name (writeTo) or by position (insertInto, whose data columns'
// names do not matter). A generated column the data leaves out is left for the Delta writer
// to compute.
func byTableColumns(df *DataFrame, name string, table *sqltypes.StructType, byPosition bool) (*DataFrame, error) {
	data := df.Schema()
	var cols []any
	if byPosition {
		n := 0
		for _, f := range table.Fields {
			if delta.GenerationExpression(f) == "" {
				n++
			}
		}
		if len(data.Fields) != len(table.Fields) && len(data.Fields) != n {
			all := make([]int, len(table.Fields))
			for i := range all {
				all[i] = i
			}
			return nil, df.s.insertArity(name, table, all, len(data.Fields))
		}
		for i, d := range data.Fields {
			f := table.Fields[i]
			if len(data.Fields) < len(table.Fields) {
				// Only the plain columns are given: they fill the table's plain columns.
				f = plainField(table, i)
			}
			cols = append(cols, newColumn(plan.Alias{Child: plan.Cast{Child: plan.ColumnRef{Parts: []string{d.Name}}, To: f.Type}, Name: f.Name}))
		}
		return df.Select(cols...)
	}
	for _, f := range table.Fields {
		j, ok := data.FieldIndexFold(f.Name)
		if !ok {
			if delta.GenerationExpression(f) != "" {
				continue
			}
			return nil, &plan.AnalysisError{Class: "INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_FIND_DATA", Message: fmt.Sprintf(
				"Cannot write incompatible data for the table %s: Cannot find data for the output column `%s`.", df.s.qualifiedTable(name), f.Name)}
		}
		cols = append(cols, newColumn(plan.Alias{Child: plan.Cast{Child: plan.ColumnRef{Parts: []string{data.Fields[j].Name}}, To: f.Type}, Name: f.Name}))
	}
	return df.Select(cols...)
}

// plainField is the i-th column of the table that is not generated.
func plainField(table *sqltypes.StructType, i int) sqltypes.StructField {
	for _, f := range table.Fields {
		if delta.GenerationExpression(f) != "" {
			continue
		}
		if i == 0 {
			return f
		}
		i--
	}
	return sqltypes.StructField{}
}

// InsertInto is df.write.insertInto(table[, overwrite]): the rows go into the existing
// table, columns by position, appended, or with overwrite (or mode("overwrite")) replacing
// the table's rows (only the partitions the data has, with partitionOverwriteMode dynamic).
func (w *DataFrameWriter) InsertInto(ctx context.Context, name string, overwrite *bool) error {
	if err := w.checkMode(); err != nil {
		return err
	}
	if w.df.IsStreaming() {
		return ErrWriteOnStream()
	}
	if len(w.parts) > 0 {
		return sparkerrors.New(sparkerrors.AnalysisException, "PARTITION_BY_NOT_ALLOWED_WITH_INSERT_INTO", "tableName", "`"+name+"`")
	}
	overwriting := (overwrite != nil && *overwrite) || (overwrite == nil && strings.EqualFold(w.mode, "overwrite"))
	if ft := w.df.s.fileTable(name); ft != nil {
		// A table of files (CREATE TABLE ... USING parquet, saveAsTable): the rows by
		// position in the table's column order, appended or replacing its rows, in its format.
		if err := w.checkTimeType(); err != nil {
			return err
		}
		data, err := byTableColumns(w.df, name, ft.schema, true)
		if err != nil {
			return err
		}
		return w.df.s.writeFileTable(ctx, ft, data, overwriting, nil)
	}
	dt, err := w.df.s.sqlTable(ctx, name)
	if err != nil {
		return err
	}
	if err := w.checkTimeType(); err != nil {
		return err
	}
	snap, err := dt.table.Snapshot()
	if err != nil {
		return err
	}
	data, err := byTableColumns(w.df, name, snap.Schema, true)
	if err != nil {
		return err
	}
	mode := "append"
	if overwriting {
		mode = "overwrite"
	}
	dw := data.Write().Format("delta").Mode(mode)
	for _, k := range w.opts.keys {
		v, _ := w.opts.get(k)
		dw.Option(k, v)
	}
	return dw.Save(ctx, dt.Path())
}
