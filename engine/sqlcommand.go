package engine

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// sqlCommand runs spark.sql's CREATE TABLE, INSERT INTO, UPDATE and DELETE FROM on Delta
// tables. Spark runs a command when spark.sql is called, not when its result is shown, so
// these run here; ok is false for a query.
func (s *Session) sqlCommand(ctx context.Context, q *plan.Query) (df *DataFrame, ok bool, err error) {
	switch {
	case q.Create != nil:
		df, err = s.sqlCreateTable(ctx, q.Create)
	case q.Insert != nil:
		df, err = s.sqlInsert(ctx, q.Insert)
	case q.Update != nil:
		df, err = s.sqlUpdate(ctx, q.Update)
	case q.Delete != nil:
		df, err = s.sqlDelete(ctx, q.Delete)
	case q.Vacuum != nil:
		df, err = s.sqlVacuum(ctx, q.Vacuum)
	case q.Optimize != nil:
		df, err = s.sqlOptimize(ctx, q.Optimize)
	case q.AlterProperties != nil:
		df, err = s.sqlSetProperties(ctx, q.AlterProperties)
	case q.Merge != nil:
		df, err = s.sqlMerge(ctx, q.Merge)
	case q.AlterColumns != nil:
		df, err = s.sqlAlterColumns(ctx, q.AlterColumns)
	case q.AlterConstraint != nil:
		df, err = s.sqlAlterConstraint(ctx, q.AlterConstraint)
	case q.Truncate != "":
		if ft := s.fileTable(q.Truncate); ft != nil {
			df, err = s.truncateFileTable(ctx, ft, q.TruncatePartition)
		} else if q.TruncatePartition != nil {
			err = &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's TRUNCATE TABLE of a Delta table empties the whole table; TRUNCATE TABLE %s PARTITION (...) is not yet in kafkalab (use DELETE FROM %s WHERE ...)", q.Truncate, q.Truncate)}
		} else {
			df, err = s.sqlTruncate(ctx, q.Truncate)
		}
	case q.AlterRename != nil:
		df, err = s.sqlRename(q.AlterRename)
	case q.AlterPartitions != nil:
		df, err = s.sqlAlterPartitions(ctx, q.AlterPartitions)
	case q.DropTable != nil:
		df, err = s.sqlDropTable(q.DropTable)
	default:
		return nil, false, nil
	}
	return df, true, err
}

// emptyResult is the no-column, no-row DataFrame CREATE TABLE and INSERT return.
func (s *Session) emptyResult() *DataFrame {
	return s.newDF(&plan.Relation{Scope: s.newScope(&sqltypes.StructType{}, nil), Name: "LocalRelation"})
}

// affectedRows is the one-row num_affected_rows answer of Delta's UPDATE and DELETE.
func (s *Session) affectedRows(n int64) *DataFrame {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "num_affected_rows", Type: sqltypes.Long, Nullable: true}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "LocalRelation", Rows: [][]sqltypes.Row{{{n}}}})
}

func (s *Session) tableExistsError(name string) error {
	return &plan.AnalysisError{Class: "TABLE_OR_VIEW_ALREADY_EXISTS", Message: fmt.Sprintf(
		"Cannot create table or view %s because it already exists.\nChoose a different name, drop or replace the existing object, or add the IF NOT EXISTS clause to tolerate pre-existing objects.", s.qualifiedTable(name))}
}

// sqlCreateTable is CREATE TABLE [IF NOT EXISTS] t (cols) USING delta (version 0 CREATE
// TABLE, as delta-spark commits it) or CREATE TABLE t USING delta AS query (the query's rows
// in version 0, as saveAsTable writes a new table).
func (s *Session) sqlCreateTable(ctx context.Context, c *plan.CreateTable) (*DataFrame, error) {
	// A TIME column with spark.sql.timeType.enabled false is refused before anything else,
	// as Spark's parser refuses the type.
	if c.Columns != "" && s.timeTypeOff() {
		if schema, err := sqltypes.ParseDDL(c.Columns); err == nil && plan.ContainsTime(schema) {
			return nil, errUnsupportedTimeType()
		}
	}
	if c.Refused != nil {
		return nil, c.Refused
	}
	if c.Format != "" {
		return s.sqlCreateFileTable(ctx, c)
	}
	path, err := s.TablePath(c.Table)
	if err != nil {
		return nil, err
	}
	if s.isDeltaTable(path) && !c.Replace {
		if c.IfNotExists {
			return s.emptyResult(), nil
		}
		return nil, s.tableExistsError(c.Table)
	}
	props, err := tableProperties(c.Properties)
	if err != nil {
		return nil, err
	}
	if c.AsSelect != "" {
		if len(props) > 0 {
			return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's CREATE TABLE %s AS SELECT does not take TBLPROPERTIES yet: create the table with its columns and properties, then INSERT INTO it", c.Table)}
		}
		df, err := s.SQL(ctx, c.AsSelect)
		if err != nil {
			return nil, err
		}
		if c.Replace {
			return s.replaceAsSelect(ctx, path, df, c)
		}
		if err := df.Write().Format("delta").PartitionBy(c.PartitionedBy...).SaveAsTable(ctx, c.Table); err != nil {
			return nil, err
		}
		return s.emptyResult(), nil
	}
	schema, err := sqltypes.ParseDDL(c.Columns)
	if err != nil {
		return nil, fmt.Errorf("CREATE TABLE %s columns: %w", c.Table, err)
	}
	opts := delta.CreateOptions{Now: s.now(), Managed: true, Driver: s.delta, PartitionColumns: c.PartitionedBy, Properties: props,
		DefaultProperties: s.deltaDefaultProperties(), KeepNullability: true}
	// NOT NULL stays in the table's schema, as delta-spark keeps it, and every write checks
	// it (delta.Invariants).
	if c.Replace {
		if _, _, err := delta.ReplaceTable(ctx, path, schema, opts); committedIsDone(err) != nil {
			return nil, err
		}
		return s.emptyResult(), nil
	}
	if _, err := delta.CreateTable(ctx, path, schema, opts); committedIsDone(err) != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// replaceAsSelect is CREATE OR REPLACE TABLE t USING delta AS query: the query's rows replace
// the table's, with the query's schema, in one CREATE OR REPLACE TABLE AS SELECT version (the
// first one when the table is new). The query is read before the table changes, so it may
// read the table itself.
func (s *Session) replaceAsSelect(ctx context.Context, path string, df *DataFrame, c *plan.CreateTable) (*DataFrame, error) {
	t, err := s.delta.Open(path)
	if err != nil {
		return nil, err
	}
	tasks, err := df.execute(ctx)
	if err != nil {
		return nil, err
	}
	_, _, err = t.Write(ctx, delta.BatchWrite{
		Mode: "overwrite", Schema: df.Schema(), Tasks: toTasks(tasks), SaveAsTable: true, SQLReplace: true,
		PartitionColumns: c.PartitionedBy, Now: s.now(), TimeZone: s.Conf().GetOr(ConfTimeZone, "UTC"),
	})
	if committedIsDone(err) != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// sqlInsert is INSERT INTO|OVERWRITE t [(cols)] [REPLACE WHERE cond] VALUES (...), ... |
// query: the rows, matched to the table's columns by position (or to the column list, the
// other columns NULL) and cast to their types, appended as one WRITE commit, or replacing
// the table's rows (INSERT OVERWRITE) or those meeting cond (REPLACE WHERE) as an
// overwrite does. VALUES rows are spread over min(rows, parallelism) tasks as Spark's local
// table scan does.
func (s *Session) sqlInsert(ctx context.Context, ins *plan.Insert) (*DataFrame, error) {
	var (
		dt     *DeltaTable
		table  *sqltypes.StructType
		static []staticPartition
		err    error
	)
	ft := s.fileTable(ins.Table)
	if ft != nil {
		// A file table (CREATE TABLE ... USING parquet, saveAsTable): its catalog schema,
		// and the PARTITION clause's static values, which the rows then leave out.
		table = ft.schema
		if static, err = s.staticPartitions(ctx, ft, ins.Partition); err != nil {
			return nil, err
		}
		if ins.ReplaceWhere != nil {
			return nil, deltaOnly("INSERT INTO ... REPLACE WHERE")
		}
	} else {
		if ins.Partition != nil {
			return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's INSERT into the Delta table %s does not take a PARTITION clause yet: give the partition columns' values in the rows", ins.Table)}
		}
		if dt, err = s.sqlTable(ctx, ins.Table); err != nil {
			return nil, err
		}
		target, err := dt.ToDF(ctx)
		if err != nil {
			return nil, err
		}
		table = target.Schema()
	}
	var src *DataFrame
	if ins.Values == nil {
		if src, err = s.SQL(ctx, ins.Select); err != nil {
			return nil, err
		}
		if ins.ByName {
			// BY NAME: a query column the table lacks makes too many data columns, as
			// Spark's arity check counts them (naming the query's columns).
			names := src.Columns()
			for _, c := range names {
				if findColumn(table, c, false) < 0 {
					return nil, s.insertArityNamed(ins.Table, table, nil, names)
				}
			}
			byName := *ins
			byName.Columns = names
			ins = &byName
		}
	}
	isStatic := func(j int) (staticPartition, bool) {
		for _, sp := range static {
			if strings.EqualFold(sp.column, table.Fields[j].Name) {
				return sp, true
			}
		}
		return staticPartition{}, false
	}
	// at[i] is the table column the i-th value fills.
	at, err := insertColumns(ins, table, func(j int) bool { _, ok := isStatic(j); return ok })
	if err != nil {
		return nil, err
	}
	// A generated column the column list leaves out is left out of the data too, so the
	// Delta writer computes it, as delta-spark does, instead of writing NULL into it.
	keep := make([]int, 0, len(table.Fields))
	for j, f := range table.Fields {
		if ins.Columns != nil && delta.GenerationExpression(f) != "" && !slices.Contains(at, j) {
			continue
		}
		keep = append(keep, j)
	}
	var data *DataFrame
	if ins.Values != nil {
		rows := make([]sqltypes.Row, len(ins.Values))
		for i, exprs := range ins.Values {
			if len(exprs) != len(at) {
				return nil, s.insertArity(ins.Table, table, at, len(exprs))
			}
			cols := make([]any, len(exprs))
			for j, e := range exprs {
				cols[j] = newColumn(e)
			}
			one, err := s.oneRow().Select(cols...)
			if err != nil {
				return nil, err
			}
			got, err := one.Collect(ctx)
			if err != nil {
				return nil, err
			}
			from := one.Schema()
			row := make(sqltypes.Row, len(table.Fields))
			for j, col := range at {
				f := table.Fields[col]
				v, err := sqltypes.Cast(got[0][j], from.Fields[j].Type, f.Type, s.Location())
				if err != nil {
					return nil, fmt.Errorf("INSERT INTO %s: value %d of row %d for column %s: %w", ins.Table, j+1, i+1, f.Name, err)
				}
				row[col] = v
			}
			for j := range table.Fields {
				if sp, ok := isStatic(j); ok {
					row[j] = sp.value
				}
			}
			rows[i] = row
		}
		schema := table.AsNullable()
		if len(keep) < len(table.Fields) {
			kept := &sqltypes.StructType{}
			for _, j := range keep {
				kept.Fields = append(kept.Fields, schema.Fields[j])
			}
			for i, r := range rows {
				out := make(sqltypes.Row, len(keep))
				for k, j := range keep {
					out[k] = r[j]
				}
				rows[i] = out
			}
			schema = kept
		}
		n := max(1, min(len(rows), s.DefaultParallelism()))
		tasks := make([][]sqltypes.Row, n)
		for i := range n {
			tasks[i] = rows[i*len(rows)/n : (i+1)*len(rows)/n]
		}
		data = s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "LocalRelation", Rows: tasks})
	} else {
		from := src.Schema()
		if len(from.Fields) != len(at) {
			return nil, s.insertArity(ins.Table, table, at, len(from.Fields))
		}
		cols := make([]any, 0, len(keep))
		for _, j := range keep {
			f := table.Fields[j]
			var value plan.Expr = plan.Literal{Value: nil, Type: sqltypes.NullType{}}
			if sp, ok := isStatic(j); ok {
				value = plan.Literal{Value: sp.value, Type: sp.typ}
			}
			for k, col := range at {
				if col == j {
					value = plan.ColumnRef{Parts: []string{from.Fields[k].Name}}
				}
			}
			cols = append(cols, newColumn(plan.Alias{Child: plan.Cast{Child: value, To: f.Type}, Name: f.Name}))
		}
		if data, err = src.Select(cols...); err != nil {
			return nil, err
		}
	}
	switch {
	case ft != nil:
		err = s.writeFileTable(ctx, ft, data, ins.Overwrite, static)
	case ins.ReplaceWhere != nil:
		// REPLACE WHERE is the replaceWhere overwrite of the DataFrame writer.
		// delta-spark logs the condition as Spark SQL prints it, "(day = DATE '2024-05-01')";
		// that text is also a condition the replaceWhere write reads back.
		cond := ins.ReplaceWhereText
		if text, ok := plan.ExprSQL(ins.ReplaceWhere); ok {
			cond = text
		}
		err = data.Write().Format("delta").Mode("overwrite").Option("replaceWhere", cond).Save(ctx, dt.Path())
	case ins.Overwrite:
		// INSERT OVERWRITE writes into the table as it is (a WRITE in Overwrite mode), where
		// saveAsTable's overwrite would replace the table.
		err = data.Write().Format("delta").Mode("overwrite").Save(ctx, dt.Path())
	default:
		err = data.Write().Format("delta").Mode("append").SaveAsTable(ctx, ins.Table)
	}
	if err != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// insertColumns maps an INSERT's values to the table's columns: its column list's, or every
// column in order.
func insertColumns(ins *plan.Insert, table *sqltypes.StructType, static func(int) bool) ([]int, error) {
	if ins.Columns == nil {
		at := make([]int, 0, len(table.Fields))
		for i := range table.Fields {
			if !static(i) {
				at = append(at, i)
			}
		}
		return at, nil
	}
	at := make([]int, len(ins.Columns))
	seen := map[int]bool{}
	for i, c := range ins.Columns {
		at[i] = findColumn(table, c, false)
		if at[i] < 0 {
			names := make([]string, len(table.Fields))
			for j, f := range table.Fields {
				names[j] = "`" + f.Name + "`"
			}
			return nil, &plan.AnalysisError{Class: "UNRESOLVED_COLUMN.WITH_SUGGESTION", Message: fmt.Sprintf(
				"A column, variable, or function parameter with name `%s` cannot be resolved. Did you mean one of the following? [%s].", c, strings.Join(names, ", "))}
		}
		if seen[at[i]] {
			return nil, &plan.AnalysisError{Class: "COLUMN_ALREADY_EXISTS", Message: fmt.Sprintf("The column `%s` already exists. Choose another name or rename the existing column.", strings.ToLower(c))}
		}
		seen[at[i]] = true
	}
	return at, nil
}

func (s *Session) insertArity(name string, table *sqltypes.StructType, at []int, got int) error {
	data := make([]string, got)
	for i := range data {
		data[i] = fmt.Sprintf("col%d", i+1)
	}
	return s.insertArityNamed(name, table, at, data)
}

// insertArityNamed is INSERT_COLUMN_ARITY_MISMATCH naming the data columns; at nil means
// every table column.
func (s *Session) insertArityNamed(name string, table *sqltypes.StructType, at []int, dataNames []string) error {
	if at == nil {
		for i := range table.Fields {
			at = append(at, i)
		}
	}
	got := len(dataNames)
	cols := make([]string, len(at))
	for i, c := range at {
		cols[i] = "`" + table.Fields[c].Name + "`"
	}
	reason := "not enough data columns"
	class := "INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS"
	if got > len(at) {
		reason, class = "too many data columns", "INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS"
	}
	data := make([]string, got)
	for i, n := range dataNames {
		data[i] = "`" + n + "`"
	}
	return &plan.AnalysisError{Class: class, Message: fmt.Sprintf(
		"Cannot write to %s, the reason is %s:\nTable columns: %s.\nData columns: %s.",
		s.qualifiedTable(name), reason, strings.Join(cols, ", "), strings.Join(data, ", "))}
}

// oneRow is Spark's OneRowRelation: one row, no columns.
func (s *Session) oneRow() *DataFrame {
	return s.newDF(&plan.Relation{Scope: s.newScope(&sqltypes.StructType{}, nil), Name: "OneRowRelation",
		Rows: [][]sqltypes.Row{{sqltypes.Row{}}}})
}

// sqlTable is the Delta table a command names: a temporary view cannot take rows, and a
// name with no table is TABLE_OR_VIEW_NOT_FOUND, as in Spark.
func (s *Session) sqlTable(ctx context.Context, name string) (*DeltaTable, error) {
	t, err := s.tableIdent(name)
	if err != nil {
		return nil, err
	}
	if v := s.view(t); v != nil && len(plan.ParseAttributeName(name)) == 1 {
		return nil, &plan.AnalysisError{Class: "UNSUPPORTED_INSERT.RDD_BASED", Message: "Can't insert into the target. An RDD-based table is not allowed."}
	}
	path, err := s.tablePath(name, t)
	if err != nil {
		return nil, err
	}
	if !s.isDeltaTable(path) {
		return nil, tableNotFound(name)
	}
	return s.DeltaTableForName(ctx, name)
}

// sqlUpdate is UPDATE t SET ... [WHERE ...], DeltaTable.update's SQL form.
func (s *Session) sqlUpdate(ctx context.Context, u *plan.Update) (*DataFrame, error) {
	dt, err := s.sqlTable(ctx, u.Table)
	if err != nil {
		return nil, err
	}
	set := make([]Assignment, len(u.Set))
	for i, a := range u.Set {
		set[i] = Assignment{Column: a.Column, Value: newColumn(a.Value)}
	}
	var cond any
	if u.Where != nil {
		cond = newColumn(u.Where)
	}
	n, err := dt.UpdateRows(ctx, cond, set)
	if err != nil {
		return nil, err
	}
	return s.affectedRows(n), nil
}

// sqlDelete is DELETE FROM t [WHERE ...], DeltaTable.delete's SQL form.
func (s *Session) sqlDelete(ctx context.Context, d *plan.Delete) (*DataFrame, error) {
	dt, err := s.sqlTable(ctx, d.Table)
	if err != nil {
		return nil, err
	}
	var cond any
	if d.Where != nil {
		cond = newColumn(d.Where)
	}
	n, err := dt.DeleteRows(ctx, cond)
	if err != nil {
		return nil, err
	}
	return s.affectedRows(n), nil
}

// sqlVacuum is VACUUM table|delta.`path` [RETAIN n HOURS] [DRY RUN], DeltaTable.vacuum's
// SQL form with the dry run it alone offers.
func (s *Session) sqlVacuum(ctx context.Context, v *plan.Vacuum) (*DataFrame, error) {
	dt, err := s.sqlDeltaTarget(ctx, v.Table)
	if err != nil {
		return nil, err
	}
	return dt.VacuumSQL(ctx, v.RetainHours, v.DryRun)
}

// sqlOptimize is OPTIMIZE table|delta.`path` [WHERE partition-predicate].
func (s *Session) sqlOptimize(ctx context.Context, o *plan.Optimize) (*DataFrame, error) {
	dt, err := s.sqlDeltaTarget(ctx, o.Table)
	if err != nil {
		return nil, err
	}
	if o.Where != nil {
		return dt.Optimize(ctx, newColumn(o.Where))
	}
	return dt.Optimize(ctx)
}

// sqlDeltaTarget resolves a Delta utility command's table: a catalog name or delta.`path`.
func (s *Session) sqlDeltaTarget(ctx context.Context, name string) (*DeltaTable, error) {
	if parts := plan.ParseAttributeName(name); len(parts) == 2 && strings.EqualFold(parts[0], "delta") {
		// delta.`path` names a path only when it is absolute; otherwise Spark looks for a
		// table of that name in a database called delta, and finds none.
		if !filepath.IsAbs(parts[1]) && !strings.HasPrefix(parts[1], "file:/") {
			return nil, tableNotFound(name)
		}
		return s.DeltaTableForPath(ctx, parts[1])
	}
	return s.sqlTable(ctx, name)
}

// sqlSetProperties is ALTER TABLE table SET TBLPROPERTIES (...): one SET TBLPROPERTIES
// version of the Delta table; the answer has no columns.
func (s *Session) sqlSetProperties(ctx context.Context, a *plan.AlterProperties) (*DataFrame, error) {
	if ft := s.fileTable(a.Table); ft != nil {
		return s.setFileTableProperties(ft, a), nil
	}
	if a.Unset != nil {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's ALTER TABLE %s UNSET TBLPROPERTIES works on tables of files, not yet on Delta tables (run it on real Spark with kafkalab export)", a.Table)}
	}
	dt, err := s.sqlDeltaTarget(ctx, a.Table)
	if err != nil {
		return nil, err
	}
	props, err := tableProperties(a.Set)
	if err != nil {
		return nil, err
	}
	if _, err := dt.table.SetProperties(ctx, props, s.now()); committedIsDone(err) != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// tableProperties checks TBLPROPERTIES against what kafkalab's Delta tables honour: a
// delta.* property that would change how the table is written or read (deletion vectors,
// column mapping, ...) is refused rather than recorded and ignored.
func tableProperties(in []plan.Property) ([]delta.KV, error) {
	out := make([]delta.KV, len(in))
	for i, p := range in {
		if !delta.SupportedProperty(p.Key) {
			return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's Delta tables do not support the table property %s yet (they honour delta.appendOnly, delta.deletedFileRetentionDuration, delta.checkpointInterval, delta.enableChangeDataFeed and properties of your own); run this on real Spark with kafkalab export", p.Key)}
		}
		out[i] = delta.KV{Key: p.Key, Value: p.Value}
	}
	return out, nil
}

// sqlDropTable is DROP TABLE [IF EXISTS] name: a temporary view of that name is dropped as
// Spark's DROP TABLE drops one; otherwise the managed table's folder goes with its data, as
// the session catalog deletes a managed table's location. A missing table is
// TABLE_OR_VIEW_NOT_FOUND unless IF EXISTS.
func (s *Session) sqlDropTable(d *plan.DropTable) (*DataFrame, error) {
	parts := plan.ParseAttributeName(d.Table)
	if len(parts) == 1 && s.DropTempView(parts[0]) {
		return s.emptyResult(), nil
	}
	if s.dropCatalogView(d.Table) {
		return s.emptyResult(), nil
	}
	if ft := s.fileTable(d.Table); ft != nil {
		if err := s.dropFileTable(ft); err != nil {
			return nil, err
		}
		return s.emptyResult(), nil
	}
	path, err := s.TablePath(d.Table)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(path); err != nil {
		if d.IfExists {
			return s.emptyResult(), nil
		}
		return nil, tableNotFound(d.Table)
	}
	if err := os.RemoveAll(path); err != nil {
		return nil, fmt.Errorf("DROP TABLE %s: removing its folder: %w", d.Table, err)
	}
	return s.emptyResult(), nil
}

// sqlAlterColumns is ALTER TABLE t ADD COLUMNS (...) (the columns appended, nullable, as
// ADD COLUMNS) or ALTER TABLE t ALTER COLUMN c COMMENT '..' (CHANGE COLUMN): one version
// with the new schema, as delta-spark commits them.
func (s *Session) sqlAlterColumns(ctx context.Context, a *plan.AlterColumns) (*DataFrame, error) {
	if ft := s.fileTable(a.Table); ft != nil && a.Comment == nil {
		return s.addFileTableColumns(ft, a.Add)
	}
	dt, err := s.sqlDeltaTarget(ctx, a.Table)
	if err != nil {
		return nil, err
	}
	caseSensitive := s.confBool(ConfCaseSensitive)
	if a.Comment != nil {
		_, err = dt.table.AlterSchema(ctx, "CHANGE COLUMN", s.now(), func(st *sqltypes.StructType) (*sqltypes.StructType, []delta.KV, error) {
			i := findColumn(st, a.Column, caseSensitive)
			if i < 0 {
				return nil, nil, &plan.AnalysisError{Class: "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA", Message: fmt.Sprintf(
					"Unable to find the column `%s` in the table's schema: ALTER COLUMN names one of its columns.", a.Column)}
			}
			out := &sqltypes.StructType{Fields: slices.Clone(st.Fields)}
			f := out.Fields[i]
			md := maps.Clone(f.Metadata)
			if md == nil {
				md = map[string]any{}
			}
			md["comment"] = *a.Comment
			f.Metadata = md
			out.Fields[i] = f
			return out, delta.ChangeColumnParams(f), nil
		})
	} else {
		var cols *sqltypes.StructType
		if cols, err = sqltypes.ParseDDL(a.Add); err != nil {
			return nil, fmt.Errorf("ALTER TABLE %s ADD COLUMNS: %w", a.Table, err)
		}
		_, err = dt.table.AlterSchema(ctx, "ADD COLUMNS", s.now(), func(st *sqltypes.StructType) (*sqltypes.StructType, []delta.KV, error) {
			out := &sqltypes.StructType{Fields: slices.Clone(st.Fields)}
			added := make([]sqltypes.StructField, len(cols.Fields))
			for i, f := range cols.Fields {
				if findColumn(out, f.Name, caseSensitive) >= 0 {
					return nil, nil, &plan.AnalysisError{Class: "FIELD_ALREADY_EXISTS", Message: fmt.Sprintf(
						"Cannot add column, because `%s` already exists in the table's schema.", f.Name)}
				}
				f.Nullable = true
				added[i] = f
				out.Fields = append(out.Fields, f)
			}
			return out, delta.AddColumnsParams(added), nil
		})
	}
	if committedIsDone(err) != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// sqlAlterConstraint is ALTER TABLE t ADD CONSTRAINT name CHECK (expr) or DROP CONSTRAINT
// [IF EXISTS] name: one metadata version of the Delta table, as delta-spark commits it.
func (s *Session) sqlAlterConstraint(ctx context.Context, a *plan.AlterConstraint) (*DataFrame, error) {
	dt, err := s.sqlDeltaTarget(ctx, a.Table)
	if err != nil {
		return nil, err
	}
	if a.Drop {
		_, err = dt.table.DropConstraint(ctx, a.Table, a.Name, a.IfExists, s.now())
	} else {
		_, err = dt.table.AddConstraint(ctx, a.Table, a.Name, a.Check, s.now())
	}
	if committedIsDone(err) != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// sqlTruncate is TRUNCATE TABLE t on a Delta table: one TRUNCATE version removing every file
// (the history stays, as with DELETE without a condition, but no rows are counted).
func (s *Session) sqlTruncate(ctx context.Context, name string) (*DataFrame, error) {
	dt, err := s.sqlTable(ctx, name)
	if err != nil {
		return nil, err
	}
	snap, err := dt.table.Snapshot()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	_, err = dt.table.CommitChange(ctx, snap, delta.Change{
		Operation:    "TRUNCATE",
		Remove:       snap.Files,
		RemoveStats:  delta.NumRecordsStats,
		RemovesFirst: true,
		Now:          s.now(),
		Metrics: func(f delta.ChangeFiles) []delta.KV {
			return []delta.KV{kvInt("numRemovedFiles", int64(f.RemovedFiles)), kvMs("executionTimeMs", time.Since(start))}
		},
	})
	if committedIsDone(err) != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}
