package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// delta.tables.DeltaTableBuilder: DeltaTable.create/createIfNotExists/replace/createOrReplace
// (spark) chained with tableName, location, addColumn, addColumns, partitionedBy, property
// and comment, ended by execute() (the DeltaTable).

type pyTableBuilder struct {
	s *pySession
	b *engine.TableBuilder
}

var tableBuilderType = py.NewType("DeltaTableBuilder", "Builder to specify how to create / replace a Delta table.")

func (b *pyTableBuilder) Type() *py.Type { return tableBuilderType }
func (b *pyTableBuilder) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DeltaTableBuilder", name)
}

func init() {
	for _, mode := range []string{"create", "createIfNotExists", "replace", "createOrReplace"} {
		deltaTableType.Dict[mode] = py.MustNewMethod(mode, func(self py.Object, args py.Tuple, kwargs py.StringDict) (res py.Object, err error) {
			defer python.Recover(&err)
			a, err := python.ParseArgs(mode, args, kwargs, []string{"sparkSession"}, 0)
			if err != nil {
				return nil, err
			}
			if _, isTable := self.(*pyDeltaTable); isTable {
				return nil, py.ExceptionNewf(py.TypeError, "call DeltaTable.%s(spark) on the class", mode)
			}
			s, err := sessionArg(mode, a[0])
			if err != nil {
				return nil, err
			}
			return &pyTableBuilder{s: s, b: s.s.NewTableBuilder(mode)}, nil
		}, 0, "")
	}
	str1 := func(name, arg string, set func(b *engine.TableBuilder, v string)) {
		python.DefMethod(tableBuilderType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{arg}, 1)
			if err != nil {
				return nil, err
			}
			v, err := asString(arg, a[0])
			if err != nil {
				return nil, err
			}
			set(self.(*pyTableBuilder).b, v)
			return self, nil
		})
	}
	str1("tableName", "identifier", func(b *engine.TableBuilder, v string) { b.TableName(v) })
	str1("location", "location", func(b *engine.TableBuilder, v string) { b.Location(v) })
	str1("comment", "comment", func(b *engine.TableBuilder, v string) { b.Comment(v) })
	python.DefMethod(tableBuilderType, "addColumn", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("addColumn", args, kwargs, []string{"colName", "dataType", "nullable", "generatedAlwaysAs", "generatedByDefaultAs", "comment"}, 2)
		if err != nil {
			return nil, err
		}
		name, err := asString("colName", a[0])
		if err != nil {
			return nil, err
		}
		t, err := toDataType("addColumn", a[1])
		if err != nil {
			return nil, err
		}
		nullable, err := asBool(a[2], true)
		if err != nil {
			return nil, err
		}
		var gen string
		if a[3] != nil && a[3] != py.None {
			if gen, err = asString("generatedAlwaysAs", a[3]); err != nil {
				return nil, err
			}
		}
		if a[4] != nil && a[4] != py.None {
			return nil, python.Unsupported("DeltaTableBuilder.addColumn(generatedByDefaultAs=...)", "kafkalab's Delta tables do not support identity columns yet; run the script on real Spark with `kafkalab export`")
		}
		var comment *string
		if a[5] != nil && a[5] != py.None {
			c, err := asString("comment", a[5])
			if err != nil {
				return nil, err
			}
			comment = &c
		}
		if err := self.(*pyTableBuilder).b.AddColumn(sqltypes.StructField{Name: name, Type: t, Nullable: nullable}, comment, gen); err != nil {
			return nil, engineError(err)
		}
		return self, nil
	})
	python.DefMethod(tableBuilderType, "addColumns", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("addColumns", args, kwargs, []string{"cols"}, 1)
		if err != nil {
			return nil, err
		}
		st, err := toDataType("addColumns", a[0])
		if err != nil {
			return nil, err
		}
		s, ok := st.(*sqltypes.StructType)
		if !ok {
			return nil, notExpectedType("addColumns", "StructType", a[0])
		}
		self.(*pyTableBuilder).b.AddColumns(s)
		return self, nil
	})
	python.DefMethod(tableBuilderType, "partitionedBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		var cols []string
		items := []py.Object(args)
		if len(items) == 1 {
			if l, ok := items[0].(*py.List); ok {
				items = l.Items
			}
		}
		for _, o := range items {
			c, err := asString("cols", o)
			if err != nil {
				return nil, err
			}
			cols = append(cols, c)
		}
		self.(*pyTableBuilder).b.PartitionedBy(cols...)
		return self, nil
	})
	python.DefMethod(tableBuilderType, "property", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("property", args, kwargs, []string{"key", "value"}, 2)
		if err != nil {
			return nil, err
		}
		k, err := asString("key", a[0])
		if err != nil {
			return nil, err
		}
		v, err := asString("value", a[1])
		if err != nil {
			return nil, err
		}
		self.(*pyTableBuilder).b.Property(k, v)
		return self, nil
	})
	python.DefMethod(deltaTableType, "upgradeTableProtocol", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("upgradeTableProtocol", args, kwargs, []string{"readerVersion", "writerVersion"}, 2)
		if err != nil {
			return nil, err
		}
		r, err := asInt("readerVersion", a[0], 0)
		if err != nil {
			return nil, err
		}
		w, err := asInt("writerVersion", a[1], 0)
		if err != nil {
			return nil, err
		}
		t := self.(*pyDeltaTable)
		if err := t.dt.UpgradeTableProtocol(t.s.in.Context(), r, w); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	python.DefMethod(tableBuilderType, "execute", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		b := self.(*pyTableBuilder)
		dt, err := b.b.Execute(b.s.in.Context())
		if err != nil {
			return nil, engineError(err)
		}
		return &pyDeltaTable{s: b.s, dt: dt}, nil
	})
}
