package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	// describe(*cols) takes names, or one list of them, as PySpark's does.
	python.DefMethod(dataFrameType, "describe", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataFrame)
		for k := range kwargs {
			return nil, py.ExceptionNewf(py.TypeError, "DataFrame.describe() got an unexpected keyword argument '%s'", k)
		}
		names, err := strList("cols", args)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Describe(d.in.Context(), names...))
	})
	python.DefMethod(dataFrameType, "summary", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataFrame)
		stats, err := strList("statistics", args)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Summary(d.in.Context(), stats...))
	})
}
