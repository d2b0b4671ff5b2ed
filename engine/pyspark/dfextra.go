package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
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
