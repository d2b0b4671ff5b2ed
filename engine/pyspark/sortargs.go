package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// sortBy is DataFrame.orderBy / sort as PySpark prepares its columns: names, Columns or
// 1-based ordinals (negative for descending), or one list of them; ascending=False sorts
// every column descending, a list of flags sorts each (zip stops at the shorter).
func sortBy(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	cs, err := sortColumns(d, "sort", args, kwargs)
	if err != nil {
		return nil, err
	}
	return d.in.wrapDF(d.df.OrderBy(cs...))
}

// sortColumns reads the sort keys of orderBy/sort/sortWithinPartitions: names, Columns
// and 1-based positions (negative: descending), with ascending= a bool or a list.
func sortColumns(d *pyDataFrame, method string, args py.Tuple, kwargs py.StringDict) ([]any, error) {
	for k := range kwargs {
		if k != "ascending" {
			return nil, py.ExceptionNewf(py.TypeError, "DataFrame.%s() got an unexpected keyword argument '%s'", method, k)
		}
	}
	if len(args) == 0 {
		return nil, raise(sparkerrors.PySparkValueError, "CANNOT_BE_EMPTY", "item", "cols")
	}
	if len(args) == 1 {
		switch x := args[0].(type) {
		case *py.List:
			args = x.Items
		case py.Tuple:
			args = x
		}
	}
	cols := make([]*engine.Column, len(args))
	names := d.df.Columns()
	for i, a := range args {
		switch x := a.(type) {
		case py.Int:
			n := int(x)
			switch {
			case n == 0:
				return nil, raise(sparkerrors.PySparkIndexError, "ZERO_INDEX")
			case n > len(names) || -n > len(names):
				return nil, py.ExceptionNewf(py.IndexError, "list index out of range")
			case n > 0:
				c, err := d.df.Col("`" + names[n-1] + "`")
				if err != nil {
					return nil, engineError(err)
				}
				cols[i] = c
			default:
				c, err := d.df.Col("`" + names[-n-1] + "`")
				if err != nil {
					return nil, engineError(err)
				}
				cols[i] = c.Desc()
			}
		case *pyColumn:
			cols[i] = x.c
		case py.String:
			cols[i] = engine.Col(string(x))
		default:
			return nil, notExpectedType("col", "Column, int or str", a)
		}
	}
	if asc, ok := kwargs["ascending"]; ok {
		switch x := asc.(type) {
		case py.Bool, py.Int:
			if truth, _ := asBool(x, true); !truth {
				for i := range cols {
					cols[i] = cols[i].Desc()
				}
			}
		case *py.List:
			n := min(len(x.Items), len(cols))
			for i := 0; i < n; i++ {
				if truth, err := asBool(x.Items[i], true); err != nil {
					return nil, err
				} else if !truth {
					cols[i] = cols[i].Desc()
				}
			}
			cols = cols[:n]
		default:
			return nil, notExpectedType("ascending", "Column, int or str", asc)
		}
	}
	cs := make([]any, len(cols))
	for i, c := range cols {
		cs[i] = c
	}
	return cs, nil
}
