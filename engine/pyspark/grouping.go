package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// groupedAgg is GroupedData.agg (and DataFrame.agg over no keys): aggregate Columns, or
// one dict of column name to function name.
func groupedAgg(g *pyGroupedData, args py.Tuple) (py.Object, error) {
	if len(args) == 1 && isPyDict(args[0]) {
		byName, names, ok := pyStrDict(args[0])
		if !ok {
			return nil, notExpectedType("exprs", "dict[str, str]", args[0])
		}
		fns := make([]string, len(names))
		for i, n := range names {
			f, isStr := byName[n].(py.String)
			if !isStr {
				return nil, notExpectedType("exprs", "dict[str, str]", args[0])
			}
			fns[i] = string(f)
		}
		return g.in.wrapDF(g.g.AggMap(names, fns))
	}
	// PySpark asserts its arguments: strings are not aggregate expressions here.
	if len(args) == 0 {
		return nil, py.ExceptionNewf(py.AssertionError, "exprs should not be empty")
	}
	for _, a := range args {
		if _, ok := a.(*pyColumn); !ok {
			return nil, py.ExceptionNewf(py.AssertionError, "all exprs should be Column")
		}
	}
	cs, err := columnArgs("agg", args)
	if err != nil {
		return nil, err
	}
	return g.in.wrapDF(g.g.Agg(cs...))
}

func init() {
	sets := func(name string, f func(*engine.DataFrame, ...any) *engine.GroupedData) {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			d := self.(*pyDataFrame)
			cs, err := ordinalColumnArgs(d, name, args)
			if err != nil {
				return nil, err
			}
			return &pyGroupedData{g: f(d.df, cs...), in: d.in}, nil
		})
	}
	sets("rollup", (*engine.DataFrame).Rollup)
	sets("cube", (*engine.DataFrame).Cube)
	python.DefMethod(dataFrameType, "groupingSets", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataFrame)
		if len(args) == 0 {
			return nil, py.ExceptionNewf(py.TypeError, "groupingSets() missing 1 required positional argument: 'groupingSets'")
		}
		outer, ok := python.SeqItems(args[0])
		if !ok {
			return nil, notExpectedType("groupingSets", "list", args[0])
		}
		var sets [][]any
		for _, s := range outer {
			items, ok := python.SeqItems(s)
			if !ok {
				return nil, notExpectedType("groupingSets", "list of lists", s)
			}
			cs, err := columnArgs("groupingSets", items)
			if err != nil {
				return nil, err
			}
			sets = append(sets, cs)
		}
		cs, err := columnArgs("groupingSets", args[1:])
		if err != nil {
			return nil, err
		}
		return &pyGroupedData{g: d.df.GroupingSets(sets, cs...), in: d.in}, nil
	})
	python.DefMethod(groupedDataType, "pivot", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		g := self.(*pyGroupedData)
		a, err := python.ParseArgs("pivot", args, kwargs, []string{"pivot_col", "values"}, 1)
		if err != nil {
			return nil, err
		}
		col, err := colOrName("pivot", a[0])
		if err != nil {
			return nil, err
		}
		var values []any
		if a[1] != nil && a[1] != py.None {
			items, ok := python.SeqItems(a[1])
			if !ok {
				return nil, notExpectedType("values", "list", a[1])
			}
			values = []any{}
			for _, it := range items {
				v, err := goValue(it)
				if err != nil {
					return nil, err
				}
				values = append(values, v)
			}
		}
		pg, err := g.g.Pivot(g.in.Context(), col, values)
		if err != nil {
			return nil, engineError(err)
		}
		return &pyGroupedData{g: pg, in: g.in}, nil
	})
}
