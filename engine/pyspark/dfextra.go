package pyspark

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DataFrame methods of PySpark's API reference beyond the core ones: toDF, offset, tail,
// withColumnsRenamed and toLocalIterator. Each is a thin binding of the engine's method.
func init() {
	m := func(name string, f func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyDataFrame), args, kwargs)
		})
	}
	// transform(func, *args, **kwargs) is func(df, *args, **kwargs), which must answer a
	// DataFrame (PySpark checks it).
	m("transform", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) == 0 {
			return nil, py.ExceptionNewf(py.TypeError, "DataFrame.transform() missing 1 required positional argument: 'func'")
		}
		res, err := py.Call(args[0], append(py.Tuple{d}, args[1:]...), kwargs)
		if err != nil {
			return nil, err
		}
		if _, ok := res.(*pyDataFrame); !ok {
			return nil, py.ExceptionNewf(py.AssertionError, "Func returned an instance of type [%s], should have been DataFrame.", res.Type().Name)
		}
		return res, nil
	})
	// withMetadata(name, dict) replaces one column's field metadata (Spark re-aliases the
	// column to itself with the new metadata).
	m("withMetadata", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("withMetadata", args, kwargs, []string{"columnName", "metadata"}, 2)
		if err != nil {
			return nil, err
		}
		name, err := asString("columnName", a[0])
		if err != nil {
			return nil, err
		}
		if !isPyDict(a[1]) {
			return nil, notExpectedType("metadata", "dict", a[1])
		}
		v, err := python.ToJSON(a[1])
		if err != nil {
			return nil, err
		}
		md, _ := python.PlainJSON(v).(map[string]any)
		c := engine.Col(quoteName(name)).AliasWithMetadata(name, md)
		return d.in.wrapDF(d.df.WithColumn(name, c))
	})
	// to(schema) answers the rows in the schema's shape: columns picked by name in the
	// schema's order, each cast to the schema's type when it differs.
	m("to", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("to", args, kwargs, []string{"schema"}, 1)
		if err != nil {
			return nil, err
		}
		dt, ok := a[0].(*pyDataType)
		var st *sqltypes.StructType
		if ok {
			st, ok = dt.t.(*sqltypes.StructType)
		}
		if !ok {
			return nil, notExpectedType("schema", "StructType", a[0])
		}
		have := d.df.Schema()
		cols := make([]any, len(st.Fields))
		for i, f := range st.Fields {
			c := engine.Col(quoteName(f.Name))
			if j, found := have.FieldIndexFold(f.Name); !found || !sqltypes.EqualTypes(have.Fields[j].Type, f.Type, true) {
				c = c.Cast(f.Type)
			}
			if f.Metadata != nil {
				c = c.AliasWithMetadata(f.Name, f.Metadata)
			} else {
				c = c.Alias(f.Name)
			}
			cols[i] = c
		}
		return d.in.wrapDF(d.df.Select(cols...))
	})
	m("toDF", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(kwargs) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "toDF() takes column names only")
		}
		names, err := strList("toDF", args)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.ToDF(names...))
	})
	m("offset", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("offset", args, kwargs, []string{"num"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := asInt("offset", a[0], 0)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Offset(n))
	})
	m("tail", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("tail", args, kwargs, []string{"num"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := asInt("tail", a[0], 0)
		if err != nil {
			return nil, err
		}
		rows, err := d.df.Tail(d.in.Context(), n)
		if err != nil {
			return nil, engineError(err)
		}
		return d.in.rowsToList(d.df, rows), nil
	})
	m("toLocalIterator", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("toLocalIterator", args, kwargs, []string{"prefetchPartitions"}, 0); err != nil {
			return nil, err
		}
		rows, err := d.df.Collect(d.in.Context())
		if err != nil {
			return nil, engineError(err)
		}
		return py.Iter(d.in.rowsToList(d.df, rows))
	})
	m("withColumnsRenamed", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("withColumnsRenamed", args, kwargs, []string{"colsMap"}, 1)
		if err != nil {
			return nil, err
		}
		dict, order, ok := pyStrDict(a[0])
		if !ok {
			return nil, notExpectedType("colsMap", "dict", a[0])
		}
		var olds, news []string
		for _, k := range order {
			nw, err := asString("colsMap", dict[k])
			if err != nil {
				return nil, err
			}
			olds, news = append(olds, k), append(news, nw)
		}
		return d.in.wrapDF(d.df.WithColumnsRenamed(olds, news))
	})
}

// quoteName backquotes a column name so that dots and spaces in it are part of the name.
func quoteName(name string) string {
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}
