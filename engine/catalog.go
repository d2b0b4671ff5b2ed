package engine

import (
	"slices"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// CatalogTable is one entry of spark.catalog.listTables().
type CatalogTable struct {
	Name        string
	Database    string // "default"; "" for a temporary view
	TableType   string // "MANAGED" or "TEMPORARY"
	IsTemporary bool
	// Description is the table's or view's COMMENT, nil without one.
	Description *string
}

// ListTables is spark.catalog.listTables(): the current database's tables (ListTablesIn).
func (s *Session) ListTables() ([]CatalogTable, error) {
	return s.ListTablesIn(s.CurrentDatabase())
}

// ListTablesIn is spark.catalog.listTables(db) and SHOW TABLES IN db: the database's tables
// (the Delta tables in its folder and the file-format tables, fileTable), then the
// temporary views (memory-sink tables included), each group sorted by name.
func (s *Session) ListTablesIn(db string) ([]CatalogTable, error) {
	db, err := s.databaseIdent(db)
	if err != nil {
		return nil, err
	}
	if !s.DatabaseExists(db) {
		return nil, schemaNotFound(db)
	}
	names, err := s.databaseTables(db)
	if err != nil {
		return nil, err
	}
	dbViews := s.databaseViews(db)
	names = append(names, dbViews...)
	sort.Strings(names)
	out := make([]CatalogTable, 0, len(names))
	for _, n := range names {
		ct := CatalogTable{Name: n, Database: db, TableType: "MANAGED"}
		if slices.Contains(dbViews, n) {
			ct.TableType = "VIEW"
			if v := s.catalogView(db + "." + n); v != nil {
				ct.Description = v.comment
			}
		} else if ft := s.fileTable(db + "." + n); ft != nil {
			ct.Description = ft.comment
			if ft.external {
				ct.TableType = "EXTERNAL"
			}
		}
		out = append(out, ct)
	}
	s.viewMu.Lock()
	var views []string
	for name := range s.views {
		views = append(views, name)
	}
	s.viewMu.Unlock()
	sort.Strings(views)
	for _, v := range views {
		out = append(out, CatalogTable{Name: v, TableType: "TEMPORARY", IsTemporary: true})
	}
	return out, nil
}

// TableExists is spark.catalog.tableExists(name): a temporary view or a Delta table.
func (s *Session) TableExists(name string) bool {
	t, err := s.tableIdent(name)
	if err != nil {
		return false
	}
	if !strings.Contains(name, ".") && s.view(t) != nil {
		return true
	}
	if s.fileTable(name) != nil || s.catalogView(name) != nil {
		return true
	}
	path, err := s.tablePath(name, t)
	if err != nil {
		return false
	}
	return s.isDeltaTable(path)
}

// showTables is SHOW TABLES: Spark's three columns (namespace, tableName, isTemporary), the
// tables in ListTables' order; a temporary view has an empty namespace.
func (s *Session) showTables(db string, like *string) (*DataFrame, error) {
	if db == "" {
		db = s.CurrentDatabase()
	}
	tables, err := s.ListTablesIn(db)
	if err != nil {
		return nil, err
	}
	if like != nil {
		re := likePattern(*like)
		tables = slices.DeleteFunc(tables, func(t CatalogTable) bool { return !re.MatchString(t.Name) })
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "namespace", Type: sqltypes.String},
		{Name: "tableName", Type: sqltypes.String},
		{Name: "isTemporary", Type: sqltypes.Boolean},
	}}
	rows := make([]sqltypes.Row, 0, len(tables))
	for _, t := range tables {
		rows = append(rows, sqltypes.Row{t.Database, t.Name, t.IsTemporary})
	}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowTables", Rows: [][]sqltypes.Row{rows}}), nil
}
