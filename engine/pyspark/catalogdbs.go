package pyspark

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The catalog's databases and catalogs: one catalog, spark_catalog, and its databases
// (default and those CREATE DATABASE made), as a local Spark session without Hive has.

// pyCatalogRecord is one of pyspark.sql.catalog's NamedTuples (Database, CatalogMetadata):
// fields by name or position, printed as PySpark prints them.
type pyCatalogRecord struct {
	typeName string
	names    []string
	values   []py.Object
}

var catalogRecordType = py.NewType("CatalogRecord", "A pyspark.sql.catalog NamedTuple (Database, CatalogMetadata).")

func (r *pyCatalogRecord) Type() *py.Type { return catalogRecordType }

func (r *pyCatalogRecord) M__getattr__(name string) (py.Object, error) {
	for i, n := range r.names {
		if n == name {
			return r.values[i], nil
		}
	}
	return missingAttr(r.typeName, name)
}

func (r *pyCatalogRecord) M__getitem__(key py.Object) (py.Object, error) {
	i, err := py.IndexIntCheck(key, len(r.values))
	if err != nil {
		return nil, err
	}
	return r.values[i], nil
}

func (r *pyCatalogRecord) M__len__() (py.Object, error) { return py.Int(len(r.values)), nil }

func (r *pyCatalogRecord) M__iter__() (py.Object, error) {
	return py.NewIterator(py.Tuple(r.values)), nil
}

func (r *pyCatalogRecord) M__eq__(o py.Object) (py.Object, error) {
	other, ok := o.(*pyCatalogRecord)
	if !ok || other.typeName != r.typeName || len(other.values) != len(r.values) {
		return py.False, nil
	}
	for i := range r.values {
		eq, err := py.Eq(r.values[i], other.values[i])
		if err != nil || eq != py.True {
			return py.False, err
		}
	}
	return py.True, nil
}

func (r *pyCatalogRecord) M__repr__() (py.Object, error) {
	parts := make([]string, len(r.names))
	for i, n := range r.names {
		rep, err := py.ReprAsString(r.values[i])
		if err != nil {
			return nil, err
		}
		parts[i] = n + "=" + rep
	}
	return py.String(r.typeName + "(" + strings.Join(parts, ", ") + ")"), nil
}

func init() {
	python.DefMethod(catalogType, "listDatabases", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("listDatabases", args, kwargs, []string{"pattern"}, 0)
		if err != nil {
			return nil, err
		}
		pattern := ""
		if a[0] != nil && a[0] != py.None {
			if pattern, err = asString("pattern", a[0]); err != nil {
				return nil, err
			}
		}
		dbs, err := self.(*pyCatalog).s.s.ListDatabases(pattern)
		if err != nil {
			return nil, engineError(err)
		}
		out := make([]py.Object, len(dbs))
		for i, d := range dbs {
			out[i] = &pyCatalogRecord{typeName: "Database", names: []string{"name", "catalog", "description", "locationUri"},
				values: []py.Object{py.String(d.Name), py.String("spark_catalog"), py.String(d.Description), py.String(d.Location)}}
		}
		return py.NewListFromItems(out), nil
	})
	python.DefMethod(catalogType, "setCurrentDatabase", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("setCurrentDatabase", args, kwargs, []string{"dbName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("dbName", a[0])
		if err != nil {
			return nil, err
		}
		if err := self.(*pyCatalog).s.s.SetCurrentDatabase(name); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	python.DefMethod(catalogType, "listCatalogs", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("listCatalogs", args, kwargs, []string{"pattern"}, 0); err != nil {
			return nil, err
		}
		cat := &pyCatalogRecord{typeName: "CatalogMetadata", names: []string{"name", "description"},
			values: []py.Object{py.String("spark_catalog"), py.None}}
		return py.NewListFromItems([]py.Object{cat}), nil
	})
	python.DefMethod(catalogType, "databaseExists", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("databaseExists", args, kwargs, []string{"dbName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("dbName", a[0])
		if err != nil {
			return nil, err
		}
		name = strings.ToLower(strings.TrimPrefix(strings.ToLower(name), "spark_catalog."))
		return py.NewBool(self.(*pyCatalog).s.s.DatabaseExists(name)), nil
	})
}
