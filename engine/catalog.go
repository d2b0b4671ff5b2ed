package engine

import (
	"os"
	"sort"
	"strings"
)

// CatalogTable is one entry of spark.catalog.listTables().
type CatalogTable struct {
	Name        string
	Database    string // "default"; "" for a temporary view
	TableType   string // "MANAGED" or "TEMPORARY"
	IsTemporary bool
}

// ListTables is spark.catalog.listTables(): the Delta tables under the warehouse, then the
// temporary views (memory-sink tables included), each group sorted by name.
func (s *Session) ListTables() ([]CatalogTable, error) {
	var out []CatalogTable
	entries, err := os.ReadDir(s.WarehouseDir())
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && s.IsDeltaTable(s.WarehouseDir()+"/"+e.Name()) {
			out = append(out, CatalogTable{Name: e.Name(), Database: "default", TableType: "MANAGED"})
		}
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
	t, err := tableIdent(name)
	if err != nil {
		return false
	}
	if !strings.Contains(name, ".") && s.view(t) != nil {
		return true
	}
	path, _ := s.TablePath(t)
	return s.IsDeltaTable(path)
}
