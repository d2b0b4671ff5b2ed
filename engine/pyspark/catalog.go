package pyspark

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python/py"

	"github.com/kafkalab/kafkalab/engine/python"
)

// pyCatalog is spark.catalog: the tables and temporary views a session can read.
type pyCatalog struct{ s *pySession }

var catalogType = py.NewType("Catalog", "spark.catalog: the session's tables and temporary views.")

func (c *pyCatalog) Type() *py.Type { return catalogType }
func (c *pyCatalog) M__getattr__(name string) (py.Object, error) {
	return missingAttr("Catalog", name)
}

// pyCatalogTable is one entry of spark.catalog.listTables(), pyspark.sql.catalog.Table.
type pyCatalogTable struct {
	name, catalog, tableType string
	namespace                []string
	temporary                bool
	description              *string
}

var catalogTableType = py.NewType("Table", "pyspark.sql.catalog.Table: a table or temporary view.")

func (t *pyCatalogTable) Type() *py.Type { return catalogTableType }

func (t *pyCatalogTable) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "name":
		return py.String(t.name), nil
	case "catalog":
		if t.catalog == "" {
			return py.None, nil
		}
		return py.String(t.catalog), nil
	case "namespace":
		return py.NewListFromStrings(t.namespace), nil
	case "description":
		if t.description != nil {
			return py.String(*t.description), nil
		}
		return py.None, nil
	case "tableType":
		return py.String(t.tableType), nil
	case "isTemporary":
		return py.NewBool(t.temporary), nil
	}
	return missingAttr("Table", name)
}

// M__repr__ prints the NamedTuple as pyspark does:
// Table(name='t', catalog='spark_catalog', namespace=['default'], description=None, tableType='MANAGED', isTemporary=False).
func (t *pyCatalogTable) M__repr__() (py.Object, error) {
	cat := "None"
	if t.catalog != "" {
		cat = "'" + t.catalog + "'"
	}
	ns := make([]string, len(t.namespace))
	for i, n := range t.namespace {
		ns[i] = "'" + n + "'"
	}
	temp := "False"
	if t.temporary {
		temp = "True"
	}
	desc := "None"
	if t.description != nil {
		r, err := py.ReprAsString(py.String(*t.description))
		if err != nil {
			return nil, err
		}
		desc = r
	}
	return py.String(fmt.Sprintf("Table(name='%s', catalog=%s, namespace=[%s], description=%s, tableType='%s', isTemporary=%s)",
		t.name, cat, strings.Join(ns, ", "), desc, t.tableType, temp)), nil
}

func init() {
	sessionProp("catalog", func(s *pySession) (py.Object, error) { return &pyCatalog{s}, nil })
	python.DefMethod(catalogType, "listTables", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("listTables", args, kwargs, []string{"dbName", "pattern"}, 0)
		if err != nil {
			return nil, err
		}
		c := self.(*pyCatalog)
		db, pattern := c.s.s.CurrentDatabase(), ""
		if a[0] != nil && a[0] != py.None {
			if db, err = asString("dbName", a[0]); err != nil {
				return nil, err
			}
		}
		if a[1] != nil && a[1] != py.None {
			if pattern, err = asString("pattern", a[1]); err != nil {
				return nil, err
			}
		}
		tables, err := c.s.s.ListTablesIn(db)
		if err != nil {
			return nil, engineError(err)
		}
		out := py.NewListSized(0)
		for _, t := range tables {
			if pattern != "" && !engine.MatchesLike(pattern, t.Name) {
				continue
			}
			e := &pyCatalogTable{name: t.Name, tableType: t.TableType, temporary: t.IsTemporary, namespace: []string{}, description: t.Description}
			if !t.IsTemporary {
				e.catalog, e.namespace = "spark_catalog", []string{t.Database}
			}
			out.Append(e)
		}
		return out, nil
	})
	// The session has one catalog, spark_catalog; its current database is USE's.
	python.DefMethod(catalogType, "currentCatalog", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("currentCatalog", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return py.String("spark_catalog"), nil
	})
	python.DefMethod(catalogType, "currentDatabase", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("currentDatabase", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return py.String(self.(*pyCatalog).s.s.CurrentDatabase()), nil
	})
	python.DefMethod(catalogType, "dropTempView", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("dropTempView", args, kwargs, []string{"viewName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("viewName", a[0])
		if err != nil {
			return nil, err
		}
		return py.NewBool(self.(*pyCatalog).s.s.DropTempView(name)), nil
	})
	python.DefMethod(catalogType, "dropGlobalTempView", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("dropGlobalTempView", args, kwargs, []string{"viewName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("viewName", a[0])
		if err != nil {
			return nil, err
		}
		return py.NewBool(self.(*pyCatalog).s.s.DropGlobalTempView(name)), nil
	})
	python.DefMethod(catalogType, "isCached", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("isCached", args, kwargs, []string{"tableName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		ok, err := self.(*pyCatalog).s.s.IsCached(context.Background(), name)
		if err != nil {
			return nil, engineError(err)
		}
		return py.NewBool(ok), nil
	})
	python.DefMethod(catalogType, "cacheTable", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("cacheTable", args, kwargs, []string{"tableName", "storageLevel"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		if err := self.(*pyCatalog).s.s.CacheTable(context.Background(), name); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	python.DefMethod(catalogType, "uncacheTable", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("uncacheTable", args, kwargs, []string{"tableName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		if err := self.(*pyCatalog).s.s.UncacheTable(context.Background(), name); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	python.DefMethod(catalogType, "clearCache", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("clearCache", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		self.(*pyCatalog).s.s.ClearCache()
		return py.None, nil
	})
	python.DefMethod(catalogType, "tableExists", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		name, err := tableNameArg("tableExists", args, kwargs)
		if err != nil {
			return nil, err
		}
		return py.NewBool(self.(*pyCatalog).s.s.TableExists(name)), nil
	})
}

// tableNameArg reads a catalog method's (tableName, dbName=None) arguments as one name,
// qualified by the database when one is given.
func tableNameArg(method string, args py.Tuple, kwargs py.StringDict) (string, error) {
	a, err := python.ParseArgs(method, args, kwargs, []string{"tableName", "dbName"}, 1)
	if err != nil {
		return "", err
	}
	name, err := asString("tableName", a[0])
	if err != nil {
		return "", err
	}
	if a[1] != nil && a[1] != py.None {
		db, err := asString("dbName", a[1])
		if err != nil {
			return "", err
		}
		name = db + "." + name
	}
	return name, nil
}
