package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	python.DefMethod(dataFrameType, "unionByName", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataFrame)
		a, err := python.ParseArgs("unionByName", args, kwargs, []string{"other", "allowMissingColumns"}, 1)
		if err != nil {
			return nil, err
		}
		o, ok := a[0].(*pyDataFrame)
		if !ok {
			return nil, notExpectedTypeArgFirst("other", "DataFrame", a[0])
		}
		allow, err := asBool(a[1], false)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.UnionByName(o.df, allow))
	})
}
