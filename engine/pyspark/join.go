package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	m := func(name string, f func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyDataFrame), args, kwargs)
		})
	}
	// df.join(other, on=None, how=None): on is a column name, a list of names (USING
	// columns), a boolean Column, or a list of Columns (all must hold).
	m("join", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("join", args, kwargs, []string{"other", "on", "how"}, 1)
		if err != nil {
			return nil, err
		}
		other, ok := a[0].(*pyDataFrame)
		if !ok {
			return nil, notExpectedType("other", "a DataFrame", a[0])
		}
		how := ""
		if a[2] != nil && a[2] != py.None {
			if how, err = asString("how", a[2]); err != nil {
				return nil, err
			}
		}
		on, err := joinOn(a[1])
		if err != nil {
			return nil, err
		}
		if on == nil && how == "" {
			how = "inner"
		}
		return d.in.wrapDF(d.df.Join(other.df, on, how))
	})
	m("crossJoin", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("crossJoin", args, kwargs, []string{"other"}, 1)
		if err != nil {
			return nil, err
		}
		other, ok := a[0].(*pyDataFrame)
		if !ok {
			return nil, notExpectedType("other", "a DataFrame", a[0])
		}
		return d.in.wrapDF(d.df.CrossJoin(other.df))
	})
	m("alias", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("alias", args, kwargs, []string{"alias"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("alias", a[0])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Alias(name), nil)
	})
}

// joinOn converts join's on= argument for engine.DataFrame.Join.
func joinOn(o py.Object) (any, error) {
	switch x := o.(type) {
	case nil, py.NoneType:
		return nil, nil
	case py.String:
		return string(x), nil
	case *pyColumn:
		return x.c, nil
	case *py.List, py.Tuple:
		items, _ := python.SeqItems(x)
		if len(items) == 0 {
			return nil, nil
		}
		if _, ok := items[0].(*pyColumn); ok {
			var cond *engine.Column
			for _, it := range items {
				c, ok := it.(*pyColumn)
				if !ok {
					return nil, notExpectedType("on", "a list of Columns", it)
				}
				if cond == nil {
					cond = c.c
				} else {
					cond = cond.And(c.c)
				}
			}
			return cond, nil
		}
		names, err := strList("join", items)
		if err != nil {
			return nil, err
		}
		return names, nil
	}
	return nil, notExpectedType("on", "a Column, list or str", o)
}
