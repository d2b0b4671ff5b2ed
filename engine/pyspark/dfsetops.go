package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
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
	// intersect, intersectAll, subtract and exceptAll take the other DataFrame only.
	for name, f := range map[string]func(*engine.DataFrame, *engine.DataFrame) (*engine.DataFrame, error){
		"intersect": (*engine.DataFrame).Intersect, "intersectAll": (*engine.DataFrame).IntersectAll,
		"subtract": (*engine.DataFrame).Subtract, "exceptAll": (*engine.DataFrame).ExceptAll,
	} {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			d := self.(*pyDataFrame)
			a, err := python.ParseArgs(name, args, kwargs, []string{"other"}, 1)
			if err != nil {
				return nil, err
			}
			o, ok := a[0].(*pyDataFrame)
			if !ok {
				return nil, notExpectedTypeArgFirst("other", "DataFrame", a[0])
			}
			return d.in.wrapDF(f(d.df, o.df))
		})
	}
}
