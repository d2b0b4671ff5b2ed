package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/filesink"
	"github.com/kafkalab/kafkalab/engine/localfs"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// SQL commands on file-format catalog tables (fileTable): CREATE TABLE ... USING parquet|csv|
// json|text, INSERT INTO|OVERWRITE, TRUNCATE, ALTER TABLE RENAME TO / ADD COLUMNS / ADD and
// DROP PARTITION, SHOW PARTITIONS and SHOW COLUMNS, as Spark's data source table commands
// run them on its in-memory catalog. The rows are written by the DataFrame writer in the
// table's format and options, the path saveAsTable takes.

// sqlCreateFileTable is CREATE TABLE t (cols) USING fmt [...] (an empty table: its managed
// folder made, as Spark's catalog makes it) or CREATE TABLE t USING fmt AS query (the
// query's rows saved as saveAsTable saves them).
func (s *Session) sqlCreateFileTable(ctx context.Context, c *plan.CreateTable) (*DataFrame, error) {
	if c.Replace {
		return nil, &plan.AnalysisError{Class: "UNSUPPORTED_FEATURE.TABLE_OPERATION", Message: fmt.Sprintf(
			"The feature is not supported: Table %s does not support REPLACE TABLE. Please check the current catalog and namespace to make sure the qualified table name is expected, and also check the catalog implementation which is configured by \"spark.sql.catalog\".", s.qualifiedTable(c.Table))}
	}
	path, err := s.TablePath(c.Table)
	if err != nil {
		return nil, err
	}
	if s.fileTable(c.Table) != nil || s.isDeltaTable(path) {
		if c.IfNotExists {
			return s.emptyResult(), nil
		}
		return nil, s.tableExistsError(c.Table)
	}
	external := c.Location != ""
	if external {
		// A relative LOCATION is under the warehouse folder, as Spark qualifies it.
		loc := c.Location
		if !filepath.IsAbs(loc) && !strings.HasPrefix(loc, "file:") {
			wh, err := s.WarehouseDir()
			if err != nil {
				return nil, err
			}
			loc = filepath.Join(wh, loc)
		}
		if path, err = s.ResolvePath(loc); err != nil {
			return nil, err
		}
	}
	opts := map[string]string{}
	for _, o := range c.Options {
		opts[o.Key] = o.Value
	}
	if c.AsSelect != "" {
		df, err := s.SQL(ctx, c.AsSelect)
		if err != nil {
			return nil, err
		}
		if !external {
			if err := s.checkNewTableLocation(c.Table, path); err != nil {
				return nil, err
			}
		}
		w := df.Write().Format(c.Format).Options(opts).PartitionBy(c.PartitionedBy...).Mode("overwrite")
		if err := w.Save(ctx, path); err != nil {
			return nil, err
		}
		ft := s.createFileTable(c.Table, c.Format, path, df.Schema(), c.PartitionedBy)
		ft.options, ft.comment, ft.properties, ft.external = opts, c.Comment, c.Properties, external
		return s.emptyResult(), nil
	}
	schema, err := sqltypes.ParseDDL(c.Columns)
	if err != nil {
		return nil, fmt.Errorf("CREATE TABLE %s columns: %w", c.Table, err)
	}
	for _, p := range c.PartitionedBy {
		if findColumn(schema, p, false) < 0 {
			return nil, &plan.AnalysisError{Class: "COLUMN_NOT_DEFINED_IN_TABLE", Message: fmt.Sprintf(
				"partition column `%s` is not defined in table %s, defined table columns are: %s.", p, s.qualifiedTable(c.Table), columnNames(schema))}
		}
	}
	if !external {
		if err := s.checkNewTableLocation(c.Table, path); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("CREATE TABLE %s: making its folder: %w", c.Table, err)
	}
	ft := s.createFileTable(c.Table, c.Format, path, schema, c.PartitionedBy)
	ft.options, ft.comment, ft.properties, ft.external = opts, c.Comment, c.Properties, external
	return s.emptyResult(), nil
}

// defaultTable is a table's name as Spark's partition and rename errors quote it: `db`.`t`.
func (s *Session) defaultTable(name string) string {
	db, t, _ := s.qualify(name)
	return "`" + db + "`.`" + strings.ToLower(t) + "`"
}

// qualifiedTable is a default-database table's name as Spark's messages quote it.
func (s *Session) qualifiedTable(name string) string {
	db, t, _ := s.qualify(name)
	return "`spark_catalog`.`" + db + "`.`" + strings.ToLower(t) + "`"
}

func columnNames(st *sqltypes.StructType) string {
	names := make([]string, len(st.Fields))
	for i, f := range st.Fields {
		names[i] = "`" + f.Name + "`"
	}
	return strings.Join(names, ", ")
}

// writeFileTable writes an INSERT's rows (in the table's column order) into a file table:
// appended, or, with overwrite, replacing the table's rows, or only those of the static
// partition the PARTITION clause names.
func (s *Session) writeFileTable(ctx context.Context, ft *fileTable, data *DataFrame, overwrite bool, static []staticPartition) error {
	w := data.Write().Format(ft.provider).Options(ft.options).PartitionBy(ft.partitions...)
	if !overwrite {
		return w.Mode("append").Save(ctx, ft.path)
	}
	// Spark refuses an overwrite whose query reads the table it replaces.
	reads := false
	plan.Walk(data.node, func(n plan.Node) {
		if r, ok := n.(*plan.Relation); ok && r.Name == "Relation "+ft.path {
			reads = true
		}
	})
	if reads {
		return &plan.AnalysisError{Class: "UNSUPPORTED_OVERWRITE.TABLE", Message: "Can't overwrite the target that is also being read from. The target table is " + ft.qualified() + "."}
	}
	if len(static) == 0 {
		// The rows are read before the folder is emptied (the query does not read the
		// table, as checked above).
		rows, err := data.Collect(ctx)
		if err != nil {
			return err
		}
		if err := emptyFolder(ft.path); err != nil {
			return fmt.Errorf("INSERT OVERWRITE %s: %w", ft.name, err)
		}
		if len(rows) == 0 {
			return nil
		}
		return w.Mode("append").Save(ctx, ft.path)
	}
	dir := ft.path
	for _, p := range static {
		dir = filepath.Join(dir, p.folder())
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("INSERT OVERWRITE %s: %w", ft.name, err)
	}
	return w.Mode("append").Save(ctx, ft.path)
}

// emptyFolder removes what a folder holds, keeping the folder.
func emptyFolder(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return os.MkdirAll(dir, 0o755)
		}
		return err
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// staticPartition is one col = value of a PARTITION clause, the value as the table's type.
type staticPartition struct {
	column string
	value  any
	typ    sqltypes.DataType
}

// folder is the partition's folder name, col=value as the writer names it.
func (p staticPartition) folder() string {
	v, _ := sqltypes.Cast(p.value, p.typ, sqltypes.String, time.UTC)
	if str, ok := v.(string); ok && str != "" {
		return localfs.EscapePathName(p.column) + "=" + localfs.EscapePathName(str)
	}
	return localfs.EscapePathName(p.column) + "=" + filesink.DefaultPartitionName
}

// staticPartitions evaluates a PARTITION clause's values against the table: each column
// must be a partition column; columns without a value (dynamic) are left out.
func (s *Session) staticPartitions(ctx context.Context, ft *fileTable, spec []plan.PartitionValue) ([]staticPartition, error) {
	var out []staticPartition
	for _, pv := range spec {
		i := findColumn(ft.schema, pv.Column, false)
		if i < 0 || !containsFold(ft.partitions, pv.Column) {
			return nil, &plan.AnalysisError{Class: "PARTITIONS_NOT_FOUND", Message: fmt.Sprintf(
				"The partition(s) `%s` cannot be found in table %s.\nVerify the partition specification and table name.\nTo tolerate the error on drop use ALTER TABLE … DROP IF EXISTS PARTITION.", pv.Column, ft.qualified())}
		}
		if pv.Value == nil {
			continue
		}
		f := ft.schema.Fields[i]
		one, err := s.oneRow().Select(newColumn(pv.Value))
		if err != nil {
			return nil, err
		}
		got, err := one.Collect(ctx)
		if err != nil {
			return nil, err
		}
		v, err := sqltypes.Cast(got[0][0], one.Schema().Fields[0].Type, f.Type, s.Location())
		if err != nil {
			return nil, fmt.Errorf("PARTITION value of %s: %w", f.Name, err)
		}
		out = append(out, staticPartition{column: f.Name, value: v, typ: f.Type})
	}
	return out, nil
}

// partitionFolders lists a partitioned table's partitions as Spark names them, col=value/...
// for every folder that is as deep as the table has partition columns, sorted.
func (ft *fileTable) partitionFolders() []string {
	var out []string
	var walk func(dir, prefix string, depth int)
	walk = func(dir, prefix string, depth int) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if !e.IsDir() || !strings.Contains(e.Name(), "=") || strings.HasPrefix(e.Name(), "_") || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			k, _, _ := strings.Cut(e.Name(), "=")
			if !strings.EqualFold(k, ft.partitions[depth]) {
				continue
			}
			name := prefix + e.Name()
			if depth+1 == len(ft.partitions) {
				out = append(out, name)
				continue
			}
			walk(filepath.Join(dir, e.Name()), name+"/", depth+1)
		}
	}
	if len(ft.partitions) > 0 {
		walk(ft.path, "", 0)
	}
	sort.Strings(out)
	return out
}

// sqlShowPartitions is SHOW PARTITIONS t [PARTITION (...)]: one partition row per folder.
func (s *Session) sqlShowPartitions(ctx context.Context, name string, spec []plan.PartitionValue) (*DataFrame, error) {
	ft := s.fileTable(name)
	if ft == nil {
		if _, err := s.Table(ctx, name); err != nil {
			return nil, err
		}
		return nil, &plan.AnalysisError{Class: "INVALID_PARTITION_OPERATION.PARTITION_MANAGEMENT_IS_UNSUPPORTED", Message: fmt.Sprintf(
			"The partition command is invalid. Table %s does not support partition management.", s.qualifiedTable(name))}
	}
	if len(ft.partitions) == 0 {
		return nil, &plan.AnalysisError{Class: "INVALID_PARTITION_OPERATION.PARTITION_SCHEMA_IS_EMPTY", Message: fmt.Sprintf(
			"The partition command is invalid. Table %s is not partitioned.", s.qualifiedTable(name))}
	}
	static, err := s.staticPartitions(ctx, ft, spec)
	if err != nil {
		return nil, err
	}
	var rows []sqltypes.Row
	for _, p := range ft.partitionFolders() {
		keep := true
		for _, sp := range static {
			if !slices.Contains(strings.Split(p, "/"), sp.folder()) {
				keep = false
			}
		}
		if keep {
			rows = append(rows, sqltypes.Row{p})
		}
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "partition", Type: sqltypes.String}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowPartitionsCommand", Rows: [][]sqltypes.Row{rows}}), nil
}

// sqlAlterPartitions is ALTER TABLE t ADD [IF NOT EXISTS] PARTITION (...) ... (an empty
// folder for each, as Spark's catalog makes one) or DROP [IF EXISTS] PARTITION (...), ...
// (the folder and its files removed).
func (s *Session) sqlAlterPartitions(ctx context.Context, a *plan.AlterPartitions) (*DataFrame, error) {
	ft := s.fileTable(a.Table)
	if ft == nil {
		return nil, tableNotFound(a.Table)
	}
	if len(ft.partitions) == 0 {
		t, _ := s.tableIdent(a.Table)
		what := "ADD"
		if a.Drop {
			what = "DROP"
		}
		return nil, &plan.AnalysisError{Class: "_LEGACY_ERROR_TEMP_1251", Message: fmt.Sprintf(
			"ALTER TABLE %s PARTITION is not allowed on %s since its partition metadata is not stored in the Hive metastore. To import this information into the metastore, run `msck repair table %s`.", what, t, t)}
	}
	existing := ft.partitionFolders()
	var dirs []string
	for _, spec := range a.Specs {
		static, err := s.staticPartitions(ctx, ft, spec)
		if err != nil {
			return nil, err
		}
		if len(static) != len(ft.partitions) {
			return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's ALTER TABLE %s ADD|DROP PARTITION takes a value for every partition column (%s)", a.Table, strings.Join(ft.partitions, ", "))}
		}
		names := make([]string, len(ft.partitions))
		for i, col := range ft.partitions {
			for _, sp := range static {
				if strings.EqualFold(sp.column, col) {
					names[i] = sp.folder()
				}
			}
		}
		rel := strings.Join(names, "/")
		if exists := slices.Contains(existing, rel); exists != a.Drop {
			if a.IfExists {
				continue
			}
			specText := partitionSpecText(static)
			if a.Drop {
				return nil, &plan.AnalysisError{Class: "PARTITIONS_NOT_FOUND", Message: fmt.Sprintf(
					"The partition(s) PARTITION (%s) cannot be found in table %s.\nVerify the partition specification and table name.\nTo tolerate the error on drop use ALTER TABLE … DROP IF EXISTS PARTITION.", specText, s.defaultTable(a.Table))}
			}
			return nil, &plan.AnalysisError{Class: "PARTITIONS_ALREADY_EXIST", Message: fmt.Sprintf(
				"Cannot ADD or RENAME TO partition(s) PARTITION (%s) in table %s because they already exist.\nChoose a different name, drop the existing partition, or add the IF NOT EXISTS clause to tolerate a pre-existing partition.", specText, s.defaultTable(a.Table))}
		}
		dirs = append(dirs, filepath.Join(ft.path, filepath.FromSlash(rel)))
	}
	for _, d := range dirs {
		var err error
		if a.Drop {
			err = os.RemoveAll(d)
		} else {
			err = os.MkdirAll(d, 0o755)
		}
		if err != nil {
			return nil, fmt.Errorf("ALTER TABLE %s: %w", a.Table, err)
		}
	}
	return s.emptyResult(), nil
}

// partitionSpecText is a partition spec as Spark's partition errors print it: `col` = value.
func partitionSpecText(static []staticPartition) string {
	parts := make([]string, len(static))
	for i, p := range static {
		v, _ := sqltypes.Cast(p.value, p.typ, sqltypes.String, time.UTC)
		parts[i] = fmt.Sprintf("`%s` = %v", p.column, v)
	}
	return strings.Join(parts, ", ")
}

// truncateFileTable is TRUNCATE TABLE t [PARTITION (...)] on a file table: its files (or
// the partition's) removed, the folders kept, as Spark's TruncateTableCommand does.
func (s *Session) truncateFileTable(ctx context.Context, ft *fileTable, spec []plan.PartitionValue) (*DataFrame, error) {
	if len(spec) > 0 && len(ft.partitions) == 0 {
		return nil, &plan.AnalysisError{Class: "_LEGACY_ERROR_TEMP_1267", Message: fmt.Sprintf(
			"Operation not allowed: TRUNCATE TABLE ... PARTITION is not supported for tables that are not partitioned: %s.", ft.qualified())}
	}
	if len(spec) == 0 {
		if len(ft.partitions) == 0 {
			if err := emptyFolder(ft.path); err != nil {
				return nil, fmt.Errorf("TRUNCATE TABLE %s: %w", ft.name, err)
			}
			return s.emptyResult(), nil
		}
		for _, p := range ft.partitionFolders() {
			if err := emptyFolder(filepath.Join(ft.path, filepath.FromSlash(p))); err != nil {
				return nil, fmt.Errorf("TRUNCATE TABLE %s: %w", ft.name, err)
			}
		}
		return s.emptyResult(), nil
	}
	static, err := s.staticPartitions(ctx, ft, spec)
	if err != nil {
		return nil, err
	}
	for _, p := range ft.partitionFolders() {
		keep := false
		for _, sp := range static {
			if !slices.Contains(strings.Split(p, "/"), sp.folder()) {
				keep = true
			}
		}
		if !keep {
			if err := emptyFolder(filepath.Join(ft.path, filepath.FromSlash(p))); err != nil {
				return nil, fmt.Errorf("TRUNCATE TABLE %s: %w", ft.name, err)
			}
		}
	}
	return s.emptyResult(), nil
}

// renameFileTable is ALTER TABLE t RENAME TO u: the entry takes the new name and a managed
// table's folder moves to the new name's warehouse folder, as Spark's catalog moves it.
func (s *Session) renameFileTable(ft *fileTable, to string) (*DataFrame, error) {
	newPath, err := s.TablePath(to)
	if err != nil {
		return nil, err
	}
	if s.fileTable(to) != nil || s.isDeltaTable(newPath) {
		return nil, &plan.AnalysisError{Class: "TABLE_OR_VIEW_ALREADY_EXISTS", Message: fmt.Sprintf(
			"Cannot create table or view %s because it already exists.\nChoose a different name, drop or replace the existing object, or add the IF NOT EXISTS clause to tolerate pre-existing objects.", s.defaultTable(to))}
	}
	if !ft.external {
		if err := os.Rename(ft.path, newPath); err != nil {
			return nil, fmt.Errorf("ALTER TABLE %s RENAME TO %s: %w", ft.name, to, err)
		}
	}
	db, t, _ := s.qualify(to)
	if db == "default" {
		db = ""
	}
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	delete(s.global.fileTables, ft.key())
	renamed := *ft
	renamed.name, renamed.db = strings.ToLower(t), db
	if !ft.external {
		renamed.path = newPath
	}
	s.global.fileTables[renamed.key()] = &renamed
	return s.emptyResult(), nil
}

// addFileTableColumns is ALTER TABLE t ADD COLUMNS (...) on a file table: the columns join
// the data columns (before the partition columns), nullable; files written before read
// them as NULL.
func (s *Session) addFileTableColumns(ft *fileTable, ddl string) (*DataFrame, error) {
	cols, err := sqltypes.ParseDDL(ddl)
	if err != nil {
		return nil, fmt.Errorf("ALTER TABLE %s ADD COLUMNS: %w", ft.name, err)
	}
	if ft.provider == "text" {
		// Spark's message names the source's class with its identity hash; kafkalab's has none.
		return nil, &plan.AnalysisError{Class: "_LEGACY_ERROR_TEMP_1260", Message: fmt.Sprintf(
			"ALTER ADD COLUMNS does not support datasource table with type org.apache.spark.sql.execution.datasources.v2.text.TextDataSourceV2. You must drop and re-create the table for adding the new columns. Tables: %s.", ft.qualified())}
	}
	caseSensitive := s.confBool(ConfCaseSensitive)
	var data, parts []sqltypes.StructField
	for _, f := range ft.schema.Fields {
		if containsFold(ft.partitions, f.Name) {
			parts = append(parts, f)
		} else {
			data = append(data, f)
		}
	}
	for _, f := range cols.Fields {
		if findColumn(ft.schema, f.Name, caseSensitive) >= 0 {
			return nil, &plan.AnalysisError{Class: "COLUMN_ALREADY_EXISTS", Message: fmt.Sprintf(
				"The column `%s` already exists. Choose another name or rename the existing column.", strings.ToLower(f.Name))}
		}
		f.Nullable = true
		data = append(data, f)
	}
	s.global.mu.Lock()
	ft.schema = &sqltypes.StructType{Fields: append(data, parts...)}
	s.global.mu.Unlock()
	return s.emptyResult(), nil
}

// dropFileTable is DROP TABLE of a file table: the entry goes, and a managed table's folder.
func (s *Session) dropFileTable(ft *fileTable) error {
	s.global.mu.Lock()
	delete(s.global.fileTables, ft.key())
	s.global.mu.Unlock()
	if ft.external {
		return nil
	}
	if err := os.RemoveAll(ft.path); err != nil {
		return fmt.Errorf("DROP TABLE %s: removing its folder: %w", ft.name, err)
	}
	return nil
}

// sqlRepairTable is MSCK REPAIR TABLE t: kafkalab reads a file table's partitions from its
// folders every time, so there is nothing to add; a table without partitions is Spark's
// NOT_A_PARTITIONED_TABLE.
func (s *Session) sqlRepairTable(ctx context.Context, name string) (*DataFrame, error) {
	if _, err := s.Table(ctx, name); err != nil {
		return nil, err
	}
	ft := s.fileTable(name)
	if ft == nil {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's MSCK REPAIR TABLE works on tables of files; %s is not one", name)}
	}
	if len(ft.partitions) == 0 {
		return nil, &plan.AnalysisError{Class: "NOT_A_PARTITIONED_TABLE", Message: fmt.Sprintf(
			"Operation MSCK REPAIR TABLE is not allowed for %s because it is not a partitioned table.", ft.qualified())}
	}
	return s.emptyResult(), nil
}

// sqlShowColumns is SHOW COLUMNS IN t: one col_name row per column.
func (s *Session) sqlShowColumns(ctx context.Context, name string) (*DataFrame, error) {
	df, err := s.Table(ctx, name)
	if err != nil {
		return nil, err
	}
	var rows []sqltypes.Row
	for _, f := range df.Schema().Fields {
		rows = append(rows, sqltypes.Row{f.Name})
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "col_name", Type: sqltypes.String}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowColumnsCommand", Rows: [][]sqltypes.Row{rows}}), nil
}

// sqlRename is ALTER TABLE t RENAME TO u: a file table's entry and folder, or a managed
// Delta table's folder (its name is its warehouse folder's).
func (s *Session) sqlRename(a *plan.AlterRename) (*DataFrame, error) {
	if a.Column != "" {
		if _, err := s.Table(context.Background(), a.Table); err != nil {
			return nil, err
		}
		if s.fileTable(a.Table) != nil {
			return nil, &plan.AnalysisError{Class: "UNSUPPORTED_FEATURE.TABLE_OPERATION", Message: fmt.Sprintf(
				"The feature is not supported: Table %s does not support RENAME COLUMN. Please check the current catalog and namespace to make sure the qualified table name is expected, and also check the catalog implementation which is configured by \"spark.sql.catalog\".", s.qualifiedTable(a.Table))}
		}
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's ALTER TABLE %s RENAME COLUMN is not yet in kafkalab (run it on real Spark with kafkalab export)", a.Table)}
	}
	if from, to := s.tableDB(a.Table), s.tableDB(a.To); len(plan.ParseAttributeName(a.To)) > 1 && from != to {
		return nil, &plan.AnalysisError{Class: "_LEGACY_ERROR_TEMP_1073", Message: fmt.Sprintf(
			"RENAME TABLE source and destination databases do not match: '%s' != '%s'.", from, to)}
	}
	if ft := s.fileTable(a.Table); ft != nil {
		return s.renameFileTable(ft, a.To)
	}
	from, err := s.TablePath(a.Table)
	if err != nil {
		return nil, err
	}
	if !s.isDeltaTable(from) {
		return nil, tableNotFound(a.Table)
	}
	to, err := s.TablePath(a.To)
	if err != nil {
		return nil, err
	}
	if s.fileTable(a.To) != nil || s.isDeltaTable(to) {
		return nil, &plan.AnalysisError{Class: "TABLE_OR_VIEW_ALREADY_EXISTS", Message: fmt.Sprintf(
			"Cannot create table or view %s because it already exists.\nChoose a different name, drop or replace the existing object, or add the IF NOT EXISTS clause to tolerate pre-existing objects.", s.defaultTable(a.To))}
	}
	if err := os.Rename(from, to); err != nil {
		return nil, fmt.Errorf("ALTER TABLE %s RENAME TO %s: %w", a.Table, a.To, err)
	}
	return s.emptyResult(), nil
}

// showProperties is SHOW TBLPROPERTIES t [(key)] of a file table: its TBLPROPERTIES, or the
// one key (a row saying the table lacks it when it does).
func (ft *fileTable) showProperties(s *Session, key string) *DataFrame {
	var rows []sqltypes.Row
	for _, p := range ft.properties {
		if key == "" || p.Key == key {
			rows = append(rows, sqltypes.Row{p.Key, p.Value})
		}
	}
	if key != "" && len(rows) == 0 {
		rows = append(rows, sqltypes.Row{key, fmt.Sprintf("Table spark_catalog.%s.%s does not have property: %s", ft.database(), ft.name, key)})
	}
	return s.newDF(&plan.Relation{Scope: s.newScope(propertiesSchema, nil), Name: "ShowTablePropertiesCommand", Rows: [][]sqltypes.Row{rows}})
}

// setFileTableProperties is ALTER TABLE t SET|UNSET TBLPROPERTIES on a file table: the
// catalog entry's properties change ('comment' sets the table's comment, as Spark's
// AlterTableSetPropertiesCommand takes it); unsetting a key the table lacks is no error.
func (s *Session) setFileTableProperties(ft *fileTable, a *plan.AlterProperties) *DataFrame {
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	props := slices.Clone(ft.properties)
	for _, p := range a.Set {
		if strings.EqualFold(p.Key, "comment") {
			v := p.Value
			ft.comment = &v
			continue
		}
		i := slices.IndexFunc(props, func(x plan.Property) bool { return x.Key == p.Key })
		if i >= 0 {
			props[i].Value = p.Value
		} else {
			props = append(props, p)
		}
	}
	for _, k := range a.Unset {
		if strings.EqualFold(k, "comment") {
			ft.comment = nil
		}
		props = slices.DeleteFunc(props, func(x plan.Property) bool { return x.Key == k })
	}
	ft.properties = props
	return s.emptyResult()
}

// describeRows are DESCRIBE TABLE's rows of a file table: its columns (data, then
// partition columns), then Spark's "# Partition Information" block when it is partitioned;
// with extended, the "# Detailed Table Information" block as Spark's CatalogTable lists it.
func (ft *fileTable) describeRows(s *Session, extended bool) []sqltypes.Row {
	var rows []sqltypes.Row
	col := func(f sqltypes.StructField) sqltypes.Row {
		var comment any
		if c, ok := f.Metadata["comment"].(string); ok {
			comment = c
		}
		return sqltypes.Row{f.Name, sqltypes.SimpleString(f.Type), comment}
	}
	for _, f := range ft.schema.Fields {
		rows = append(rows, col(f))
	}
	if len(ft.partitions) > 0 {
		rows = append(rows, sqltypes.Row{"# Partition Information", "", ""}, sqltypes.Row{"# col_name", "data_type", "comment"})
		for _, p := range ft.partitions {
			if i := findColumn(ft.schema, p, false); i >= 0 {
				rows = append(rows, col(ft.schema.Fields[i]))
			}
		}
	}
	if !extended {
		return rows
	}
	kind := "MANAGED"
	if ft.external {
		kind = "EXTERNAL"
	}
	detail := [][2]string{
		{"Catalog", "spark_catalog"}, {"Database", ft.database()}, {"Table", ft.name},
		{"Created Time", ft.created.In(s.Location()).Format("Mon Jan 02 15:04:05 MST 2006")},
		{"Last Access", "UNKNOWN"}, {"Created By", "Spark " + s.Version()}, {"Type", kind}, {"Provider", ft.provider},
	}
	if ft.comment != nil {
		detail = append(detail, [2]string{"Comment", *ft.comment})
	}
	if len(ft.properties) > 0 {
		kv := make([]string, len(ft.properties))
		for i, p := range ft.properties {
			kv[i] = p.Key + "=" + p.Value
		}
		detail = append(detail, [2]string{"Table Properties", "[" + strings.Join(kv, ", ") + "]"})
	}
	detail = append(detail, [2]string{"Location", "file:" + filepath.ToSlash(ft.path)})
	if opts := ft.sortedOptions(); len(opts) > 0 {
		kv := make([]string, len(opts))
		for i, o := range opts {
			kv[i] = o.Key + "=" + o.Value
		}
		detail = append(detail, [2]string{"Storage Properties", "[" + strings.Join(kv, ", ") + "]"})
	}
	if len(ft.partitions) > 0 {
		detail = append(detail, [2]string{"Partition Provider", "Catalog"})
	}
	rows = append(rows, sqltypes.Row{"", "", ""}, sqltypes.Row{"# Detailed Table Information", "", ""})
	for _, d := range detail {
		rows = append(rows, sqltypes.Row{d[0], d[1], ""})
	}
	return rows
}

// sortedOptions are the table's data source options by key (the path option left out).
func (ft *fileTable) sortedOptions() []plan.Property {
	var out []plan.Property
	for k, v := range ft.options {
		if !strings.EqualFold(k, "path") {
			out = append(out, plan.Property{Key: k, Value: v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// sqlQuote is a string literal as SHOW CREATE TABLE writes it: single quotes, with quotes
// and backslashes escaped.
func sqlQuote(v string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(v) + "'"
}

// showCreate is SHOW CREATE TABLE of a file table, the statement as Spark's
// ShowCreateTableCommand writes a data source table: columns, USING and OPTIONS, PARTITIONED
// BY, COMMENT, LOCATION (external tables only) and TBLPROPERTIES.
func (ft *fileTable) showCreate(s *Session) *DataFrame {
	var b strings.Builder
	b.WriteString("CREATE TABLE spark_catalog." + ft.database() + "." + ft.name + " (\n")
	for i, f := range ft.schema.Fields {
		typ := f.Type.SQL()
		if _, ok := f.Type.(sqltypes.StringType); ok {
			typ += " COLLATE UTF8_BINARY"
		}
		b.WriteString("  " + quoteIfNeeded(f.Name) + " " + typ)
		if !f.Nullable {
			b.WriteString(" NOT NULL")
		}
		if c, ok := f.Metadata["comment"].(string); ok {
			b.WriteString(" COMMENT " + sqlQuote(c))
		}
		if i < len(ft.schema.Fields)-1 {
			b.WriteString(",\n")
		}
	}
	b.WriteString(")\nUSING " + ft.provider + "\n")
	if opts := ft.sortedOptions(); len(opts) > 0 {
		kv := make([]string, len(opts))
		for i, o := range opts {
			kv[i] = "  " + sqlQuote(o.Key) + " = " + sqlQuote(o.Value)
		}
		b.WriteString("OPTIONS (\n" + strings.Join(kv, ",\n") + ")\n")
	}
	if len(ft.partitions) > 0 {
		names := make([]string, len(ft.partitions))
		for i, p := range ft.partitions {
			names[i] = quoteIfNeeded(p)
		}
		b.WriteString("PARTITIONED BY (" + strings.Join(names, ", ") + ")\n")
	}
	if ft.comment != nil {
		b.WriteString("COMMENT " + sqlQuote(*ft.comment) + "\n")
	}
	if ft.external {
		b.WriteString("LOCATION " + sqlQuote("file:"+filepath.ToSlash(ft.path)) + "\n")
	}
	if len(ft.properties) > 0 {
		kv := make([]string, len(ft.properties))
		for i, p := range ft.properties {
			kv[i] = "  " + sqlQuote(p.Key) + " = " + sqlQuote(p.Value)
		}
		b.WriteString("TBLPROPERTIES (\n" + strings.Join(kv, ",\n") + ")\n")
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "createtab_stmt", Type: sqltypes.String}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowCreateTableCommand", Rows: [][]sqltypes.Row{{{b.String()}}}})
}

// quoteIfNeeded backquotes a column name unless it is letters, digits and underscores and
// not all digits, as Spark's QuotingUtils.quoteIfNeeded does.
func quoteIfNeeded(name string) string {
	plain, digits := name != "", true
	for _, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			plain = false
		}
		if r < '0' || r > '9' {
			digits = false
		}
	}
	if plain && !digits {
		return name
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

// sqlInsertDirectory is INSERT OVERWRITE [LOCAL] DIRECTORY ['path'] USING fmt [OPTIONS]
// query: the query's rows replace the folder's, written by the DataFrame writer in that
// format with those options, as Spark's InsertIntoDataSourceDirCommand writes them.
func (s *Session) sqlInsertDirectory(ctx context.Context, d *plan.InsertDirectory) (*DataFrame, error) {
	opts := map[string]string{}
	path, paths := d.Path, 0
	if path != "" {
		paths++
	}
	for _, o := range d.Options {
		if strings.EqualFold(o.Key, "path") {
			path = o.Value
			paths++
			continue
		}
		opts[o.Key] = o.Value
	}
	if paths != 1 {
		// Spark's parser asks for exactly one of the two, with one message for both cases.
		return nil, &plan.AnalysisError{Kind: sparkerrors.ParseException, Class: "_LEGACY_ERROR_TEMP_0049", Message: "Directory path and 'path' in OPTIONS should be specified one, but not both."}
	}
	df, err := s.SQL(ctx, d.Select)
	if err != nil {
		return nil, err
	}
	if err := df.Write().Format(d.Format).Options(opts).Mode("overwrite").Save(ctx, path); err != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}
