package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// unpivot(ids, values, variableColumnName, valueColumnName) and its alias melt: ids and
// values are a column, a name or a list of them; values None is every non-id column.
func init() {
	unpivot := func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataFrame)
		a, err := python.ParseArgs("unpivot", args, kwargs, []string{"ids", "values", "variableColumnName", "valueColumnName"}, 4)
		if err != nil {
			return nil, err
		}
		list := func(o py.Object) ([]*engine.Column, error) {
			if o == nil || o == py.None {
				return nil, nil
			}
			cs, err := columnArgs("unpivot", py.Tuple{o})
			if err != nil {
				return nil, err
			}
			out := make([]*engine.Column, len(cs))
			for i, c := range cs {
				out[i] = toEngineColumn(c)
			}
			return out, nil
		}
		ids, err := list(a[0])
		if err != nil {
			return nil, err
		}
		values, err := list(a[1])
		if err != nil {
			return nil, err
		}
		if values == nil && a[1] != nil && a[1] != py.None {
			values = []*engine.Column{}
		}
		v, err := asString("variableColumnName", a[2])
		if err != nil {
			return nil, err
		}
		n, err := asString("valueColumnName", a[3])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Unpivot(ids, values, v, n))
	}
	python.DefMethod(dataFrameType, "unpivot", unpivot)
	python.DefMethod(dataFrameType, "melt", unpivot)
}
