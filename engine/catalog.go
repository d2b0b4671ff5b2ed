package engine

import (
	"os"
	"path/filepath"
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
}

// ListTables is spark.catalog.listTables(): the catalog's tables (the Delta tables under the
// warehouse and the file-format tables, fileTable), then the
// temporary views (memory-sink tables included), each group sorted by name.
func (s *Session) ListTables() ([]CatalogTable, error) {
	var out []CatalogTable
	wh, err := s.WarehouseDir()
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(wh)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && s.isDeltaTable(filepath.Join(wh, e.Name())) && s.fileTable(e.Name()) == nil {
			out = append(out, CatalogTable{Name: e.Name(), Database: "default", TableType: "MANAGED"})
		}
	}
	s.global.mu.Lock()
	for name := range s.global.fileTables {
		out = append(out, CatalogTable{Name: name, Database: "default", TableType: "MANAGED"})
	}
	s.global.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
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
	t, err := tableIdent(name)
	if err != nil {
		return false
	}
	if !strings.Contains(name, ".") && s.view(t) != nil {
		return true
	}
	if s.fileTable(name) != nil {
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
func (s *Session) showTables() (*DataFrame, error) {
	tables, err := s.ListTables()
	if err != nil {
		return nil, err
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
