package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/filesink"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// fileTable is a catalog table of a file format (parquet, json, csv, text): what toTable or
// saveAsTable without a format makes, since spark.sql.sources.default is parquet. Spark's
// in-memory catalog holds its entry (provider, location, schema with the partition columns
// last, partition columns); its rows are the files under the location, read as a folder
// of that format (through the _spark_metadata log when a stream wrote it).
type fileTable struct {
	name       string // lower-cased identifier
	db         string // its database, "" for default
	provider   string
	path       string
	schema     *sqltypes.StructType
	partitions []string
	created    time.Time
	// options are the data source options the table was made with (CREATE TABLE's OPTIONS,
	// saveAsTable's options), used by every read and write of it.
	options map[string]string
	// comment is CREATE TABLE's COMMENT (nil without one); properties its TBLPROPERTIES.
	comment    *string
	properties []plan.Property
	// external is a table made with a LOCATION: DROP TABLE leaves its files.
	external bool
}

// fileTable returns the catalog's file-format table of that name, or nil.
func (s *Session) fileTable(name string) *fileTable {
	db, t, err := s.qualify(name)
	if err != nil {
		return nil
	}
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	return s.global.fileTables[tableKey(db, t)]
}

// tableKey is a file table's key in the catalog: its name in default, db.name elsewhere.
func tableKey(db, t string) string {
	if db == "default" || db == "" {
		return strings.ToLower(t)
	}
	return db + "." + strings.ToLower(t)
}

// database is the table's database name.
func (ft *fileTable) database() string {
	if ft.db == "" {
		return "default"
	}
	return ft.db
}

// key is the table's key in the catalog's map.
func (ft *fileTable) key() string { return tableKey(ft.db, ft.name) }

// qualified is the table as Spark's messages name it: `spark_catalog`.`db`.`t`.
func (ft *fileTable) qualified() string {
	return "`spark_catalog`.`" + ft.database() + "`.`" + ft.name + "`"
}

// createFileTable records a new file-format table in the catalog, its schema ordered as
// Spark's CreateTable orders it (data columns, then the partition columns).
func (s *Session) createFileTable(name, provider, path string, schema *sqltypes.StructType, partitions []string) *fileTable {
	db, t, _ := s.qualify(name)
	if db == "default" {
		db = ""
	}
	schema = schema.AsNullable()
	var data, parts []sqltypes.StructField
	for _, f := range schema.Fields {
		if !containsFold(partitions, f.Name) {
			data = append(data, f)
		}
	}
	for _, p := range partitions {
		for _, f := range schema.Fields {
			if strings.EqualFold(f.Name, p) {
				parts = append(parts, f)
			}
		}
	}
	ft := &fileTable{name: strings.ToLower(t), db: db, provider: provider, path: path, created: s.now(),
		schema: &sqltypes.StructType{Fields: append(data, parts...)}, partitions: partitions}
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	s.global.fileTables[ft.key()] = ft
	return ft
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// read is spark.table(name) of the table: its folder read with the catalog's schema.
// A folder no stream wrote is listed as Spark's catalog file index lists it, with the
// catalog's schema: an empty table (CREATE TABLE) has no rows, files written before ALTER
// TABLE ADD COLUMNS read the new columns as NULL.
func (ft *fileTable) read(ctx context.Context, s *Session) (*DataFrame, error) {
	if !filesink.HasLog(ft.path) {
		var opts options
		for k, v := range ft.options {
			opts.set(k, v)
		}
		return s.readFiles(ft.provider, ft.path, ft.path, ft.schema, &opts)
	}
	return s.Read().Format(ft.provider).Options(ft.options).Schema(ft.schema).Load(ctx, ft.path)
}

// detail is DESCRIBE DETAIL of a non-Delta table as delta-spark answers it: the format, the
// catalog name, an empty description, the location, creation time and partition columns,
// and nulls where only a Delta log knows (id, last change, file counts and sizes, protocol
// versions, features).
func (ft *fileTable) detail(s *Session) *DataFrame {
	parts := make([]any, len(ft.partitions))
	for i, p := range ft.partitions {
		parts[i] = p
	}
	row := sqltypes.Row{ft.provider, nil, "spark_catalog." + ft.database() + "." + ft.name, "", "file:" + filepath.ToSlash(ft.path),
		sqltypes.TimestampFromUnixMilli(ft.created.UnixMilli()), nil, parts, nil, nil, nil, kvMap(nil), nil, nil, nil}
	rel := &plan.Relation{Scope: s.newScope(detailSchema, nil), Name: "DescribeDeltaDetailCommand", Rows: [][]sqltypes.Row{{row}}}
	return s.newDF(rel)
}

// deltaOnly is delta-spark's error for a Delta command on a table of another format.
func deltaOnly(operation string) error {
	return &plan.AnalysisError{Class: "DELTA_ONLY_OPERATION", Message: operation + " is only supported for Delta tables."}
}

// checkNewTableLocation is Spark's check before it creates a managed table: its warehouse
// folder must not hold anything yet (a folder left by an earlier run, whose catalog entry
// went with its application, is LOCATION_ALREADY_EXISTS).
func (s *Session) checkNewTableLocation(name, path string) error {
	entries, err := os.ReadDir(path)
	if err != nil || len(entries) == 0 {
		return nil
	}
	return sparkerrors.New(sparkerrors.SparkRuntimeException, "LOCATION_ALREADY_EXISTS",
		"identifier", s.qualifiedTable(name), "location", "'file:"+filepath.ToSlash(path)+"'")
}

// saveAsFileTable is saveAsTable with a file format (parquet unless format says otherwise,
// as spark.sql.sources.default): a new table is created in the catalog and written as a
// folder of that format; an existing one follows the save mode (error, ignore, append to
// its folder in its own format, overwrite: made again).
func (w *DataFrameWriter) saveAsFileTable(ctx context.Context, name, path string) error {
	s := w.df.s
	mode := strings.ToLower(strings.ReplaceAll(w.mode, "_", ""))
	if ft := s.fileTable(name); ft != nil {
		switch mode {
		case "", "error", "errorifexists", "default":
			return s.tableExistsError(name)
		case "ignore":
			return nil
		case "append":
			if w.format != ft.provider {
				return &plan.AnalysisError{Message: fmt.Sprintf("The format of the existing table spark_catalog.%s.%s is `%s`. It doesn't match the specified format `%s`.", ft.database(), ft.name, ft.provider, w.format)}
			}
			wr := *w
			wr.parts = ft.partitions
			return wr.Save(ctx, ft.path)
		}
		// overwrite: Spark drops the table and creates it again from the rows.
	} else if mode != "overwrite" {
		if err := s.checkNewTableLocation(name, path); err != nil {
			return err
		}
	}
	wr := *w
	wr.mode = "overwrite"
	if err := wr.Save(ctx, path); err != nil {
		return err
	}
	ft := s.createFileTable(name, w.format, path, plan.Schema(w.df.node), w.parts)
	ft.options = w.opts.asMap()
	return nil
}
