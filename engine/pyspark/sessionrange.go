package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	// spark.range(end) or spark.range(start, end[, step[, numPartitions]]), as PySpark:
	// one argument is the end, counting from 0.
	sessionMethod("range", func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("range", args, kwargs, []string{"start", "end", "step", "numPartitions"}, 1)
		if err != nil {
			return nil, err
		}
		start, err := asInt("start", a[0], 0)
		if err != nil {
			return nil, err
		}
		end := start
		if a[1] == nil || a[1] == py.None {
			start = 0
		} else if end, err = asInt("end", a[1], 0); err != nil {
			return nil, err
		}
		step, err := asInt("step", a[2], 1)
		if err != nil {
			return nil, err
		}
		parts := 0
		if a[3] != nil && a[3] != py.None {
			if parts, err = asInt("numPartitions", a[3], 0); err != nil {
				return nil, err
			}
		}
		return s.in.wrapDF(s.s.Range(int64(start), int64(end), int64(step), parts))
	})
}
