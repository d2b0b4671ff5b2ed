package pyspark

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyCatalogColumn is one entry of spark.catalog.listColumns(), pyspark.sql.catalog.Column.
type pyCatalogColumn struct {
	name, dataType        string
	nullable, isPartition bool
}

var catalogColumnType = py.NewType("Column", "pyspark.sql.catalog.Column: a column of a table or view.")

func (c *pyCatalogColumn) Type() *py.Type { return catalogColumnType }

func (c *pyCatalogColumn) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "name":
		return py.String(c.name), nil
	case "description":
		return py.None, nil
	case "dataType":
		return py.String(c.dataType), nil
	case "nullable":
		return py.NewBool(c.nullable), nil
	case "isPartition":
		return py.NewBool(c.isPartition), nil
	case "isBucket", "isCluster":
		return py.False, nil
	}
	return missingAttr("Column", name)
}

// M__repr__ prints the NamedTuple as pyspark does.
func (c *pyCatalogColumn) M__repr__() (py.Object, error) {
	pyBool := func(b bool) string {
		if b {
			return "True"
		}
		return "False"
	}
	return py.String(fmt.Sprintf("Column(name='%s', description=None, dataType='%s', nullable=%s, isPartition=%s, isBucket=False, isCluster=False)",
		c.name, c.dataType, pyBool(c.nullable), pyBool(c.isPartition))), nil
}

func init() {
	python.DefMethod(catalogType, "listColumns", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		name, err := tableNameArg("listColumns", args, kwargs)
		if err != nil {
			return nil, err
		}
		c := self.(*pyCatalog)
		cols, err := c.s.s.ListColumns(c.s.in.Context(), name)
		if err != nil {
			return nil, engineError(err)
		}
		out := py.NewListSized(0)
		for _, col := range cols {
			out.Append(&pyCatalogColumn{name: col.Name, dataType: col.DataType, nullable: col.Nullable, isPartition: col.IsPartition})
		}
		return out, nil
	})
}

func init() {
	python.DefMethod(catalogType, "functionExists", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("functionExists", args, kwargs, []string{"functionName", "dbName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("functionName", a[0])
		if err != nil {
			return nil, err
		}
		return py.NewBool(self.(*pyCatalog).s.s.FunctionExists(name)), nil
	})
}
