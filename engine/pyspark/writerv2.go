package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyWriterV2 is df.writeTo(table): PySpark's DataFrameWriterV2.
type pyWriterV2 struct {
	d     *pyDataFrame
	table string
	using string
	keys  []string
	opts  map[string]any
	props [][2]string
	parts []string
}

var writerV2Type = py.NewType("DataFrameWriterV2", "df.writeTo(table): creates, replaces or writes into a table (Delta).")

func (w *pyWriterV2) Type() *py.Type { return writerV2Type }
func (w *pyWriterV2) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DataFrameWriterV2", name)
}

// engineWriter is the engine's writer with what the chain gathered.
func (w *pyWriterV2) engineWriter() *engine.WriterV2 {
	ew := w.d.df.WriteTo(w.table).Using(w.using).PartitionedBy(w.parts...)
	for _, k := range w.keys {
		ew.Option(k, w.opts[k])
	}
	for _, p := range w.props {
		ew.TableProperty(p[0], p[1])
	}
	return ew
}

func init() {
	pysparkAPI["DataFrameWriterV2"] = "append create createOrReplace option options overwrite overwritePartitions partitionedBy replace tableProperty using clusterBy"
	classTypes["DataFrameWriterV2"] = writerV2Type
	dfMethod := func(name string, fn func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(dataFrameType, name, fn)
	}
	dfMethod("writeTo", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataFrame)
		a, err := python.ParseArgs("writeTo", args, kwargs, []string{"table"}, 1)
		if err != nil {
			return nil, err
		}
		table, err := asString("table", a[0])
		if err != nil {
			return nil, err
		}
		return &pyWriterV2{d: d, table: table, opts: map[string]any{}}, nil
	})
	m := func(name string, fn func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(writerV2Type, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return fn(self.(*pyWriterV2), args, kwargs)
		})
	}
	m("using", func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("using", args, kwargs, []string{"provider"}, 1)
		if err != nil {
			return nil, err
		}
		if w.using, err = asString("provider", a[0]); err != nil {
			return nil, err
		}
		return w, nil
	})
	m("option", func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("option", args, kwargs, []string{"key", "value"}, 2)
		if err != nil {
			return nil, err
		}
		k, err := asString("key", a[0])
		if err != nil {
			return nil, err
		}
		return w, w.d.in.option(&w.keys, w.opts, k, a[1])
	})
	m("options", func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "options() takes keyword arguments: .options(mergeSchema=\"true\")")
		}
		for _, k := range py.KeywordOrder(kwargs) {
			if err := w.d.in.option(&w.keys, w.opts, k, kwargs[k]); err != nil {
				return nil, err
			}
		}
		return w, nil
	})
	m("tableProperty", func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("tableProperty", args, kwargs, []string{"property", "value"}, 2)
		if err != nil {
			return nil, err
		}
		k, err := asString("property", a[0])
		if err != nil {
			return nil, err
		}
		v, err := asString("value", a[1])
		if err != nil {
			return nil, err
		}
		w.props = append(w.props, [2]string{k, v})
		return w, nil
	})
	m("partitionedBy", func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(kwargs) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "partitionedBy() takes columns as positional arguments")
		}
		for _, a := range args {
			switch c := a.(type) {
			case py.String:
				w.parts = append(w.parts, string(c))
			case *pyColumn:
				ref, ok := c.c.Expr().(plan.ColumnRef)
				if !ok || len(ref.Parts) != 1 {
					return nil, python.Unsupported("DataFrameWriterV2.partitionedBy with a transform (years, months, days, hours, bucket)", "kafkalab partitions a table by plain columns; partition by a column you add with withColumn, or run the script on real Spark with `kafkalab export`")
				}
				w.parts = append(w.parts, ref.Parts[0])
			default:
				return nil, notExpectedType("col", "Column or str", a)
			}
		}
		return w, nil
	})
	run := func(name string, fn func(w *pyWriterV2) error) {
		m(name, func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if _, err := python.ParseArgs(name, args, kwargs, nil, 0); err != nil {
				return nil, err
			}
			if err := fn(w); err != nil {
				return nil, engineError(err)
			}
			return py.None, nil
		})
	}
	run("create", func(w *pyWriterV2) error { return w.engineWriter().Create(w.d.in.Context()) })
	run("replace", func(w *pyWriterV2) error { return w.engineWriter().Replace(w.d.in.Context()) })
	run("createOrReplace", func(w *pyWriterV2) error { return w.engineWriter().CreateOrReplace(w.d.in.Context()) })
	run("append", func(w *pyWriterV2) error { return w.engineWriter().Append(w.d.in.Context()) })
	run("overwritePartitions", func(w *pyWriterV2) error { return w.engineWriter().OverwritePartitions(w.d.in.Context()) })
	m("overwrite", func(w *pyWriterV2, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("overwrite", args, kwargs, []string{"condition"}, 1)
		if err != nil {
			return nil, err
		}
		c, ok := a[0].(*pyColumn)
		if !ok {
			return nil, notExpectedType("condition", "Column", a[0])
		}
		if err := w.engineWriter().Overwrite(w.d.in.Context(), c.c); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	python.DefMethod(writerType, "insertInto", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		w := self.(*pyDFWriter)
		a, err := python.ParseArgs("insertInto", args, kwargs, []string{"tableName", "overwrite"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		var overwrite *bool
		if a[1] != nil && a[1] != py.None {
			b, ok := a[1].(py.Bool)
			if !ok {
				return nil, notExpectedType("overwrite", "bool", a[1])
			}
			v := bool(b)
			overwrite = &v
		}
		if err := w.engineWriter().InsertInto(w.d.in.Context(), name, overwrite); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
}
