package pyspark

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The shared variables of the RDD programming guide: sc.broadcast and sc.accumulator.
// Tasks run in this process, so a broadcast is its value and an accumulator's adds land
// on the driver's copy directly; what a script reads after an action is what PySpark's
// driver reads once the tasks' updates are merged.

// pyBroadcast is pyspark.Broadcast.
type pyBroadcast struct{ value py.Object }

var broadcastType = py.NewType("Broadcast", "A read-only value sent once to every task (sc.broadcast).")

func (b *pyBroadcast) Type() *py.Type { return broadcastType }

// pyAccumulator is pyspark.Accumulator: tasks add to it, the driver reads .value.
type pyAccumulator struct {
	id    int
	value py.Object
	param py.Object // an AccumulatorParam object, or nil for +
}

var accumulatorType = py.NewType("Accumulator", "A shared variable tasks can only add to (sc.accumulator).")

func (a *pyAccumulator) Type() *py.Type { return accumulatorType }

func (a *pyAccumulator) add(term py.Object) error {
	var v py.Object
	var err error
	if a.param != nil {
		var f py.Object
		if f, err = py.GetAttrString(a.param, "addInPlace"); err == nil {
			v, err = py.Call(f, py.Tuple{a.value, term}, nil)
		}
	} else {
		v, err = py.Add(a.value, term)
	}
	if err != nil {
		return err
	}
	a.value = v
	return nil
}

func (a *pyAccumulator) M__iadd__(term py.Object) (py.Object, error) {
	if err := a.add(term); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *pyAccumulator) M__str__() (py.Object, error) { return py.Str(a.value) }

func (a *pyAccumulator) M__repr__() (py.Object, error) {
	s, err := py.Str(a.value)
	if err != nil {
		return nil, err
	}
	return py.String(fmt.Sprintf("Accumulator<id=%d, value=%s>", a.id, s)), nil
}

func init() {
	python.DefMethod(sparkContextType, "broadcast", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("broadcast", args, kwargs, []string{"value"}, 1)
		if err != nil {
			return nil, err
		}
		return &pyBroadcast{value: a[0]}, nil
	})
	python.DefProp(broadcastType, "value", func(self py.Object) (py.Object, error) { return self.(*pyBroadcast).value, nil })
	for _, name := range []string{"unpersist", "destroy"} {
		python.DefMethod(broadcastType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if _, err := python.ParseArgs(name, args, kwargs, []string{"blocking"}, 0); err != nil {
				return nil, err
			}
			return py.None, nil // nothing was sent anywhere
		})
	}

	python.DefMethod(sparkContextType, "accumulator", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("accumulator", args, kwargs, []string{"value", "accum_param"}, 1)
		if err != nil {
			return nil, err
		}
		param := a[1]
		if param == py.None {
			param = nil
		}
		if param == nil {
			switch a[0].(type) {
			case py.Int, py.Float, *py.BigInt, py.Complex:
			default:
				return nil, py.ExceptionNewf(py.TypeError, "No default accumulator param for type %s", pythonTypeName(a[0]))
			}
		}
		in := self.(*pySparkContext).s.in
		acc := &pyAccumulator{id: in.accumulators, value: a[0], param: param}
		in.accumulators++
		return acc, nil
	})
	python.DefMethod(accumulatorType, "add", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("add", args, kwargs, []string{"term"}, 1)
		if err != nil {
			return nil, err
		}
		return py.None, self.(*pyAccumulator).add(a[0])
	})
	accumulatorType.Dict["value"] = &py.Property{
		Fget: func(self py.Object) (py.Object, error) { return self.(*pyAccumulator).value, nil },
		Fset: func(self, v py.Object) error {
			self.(*pyAccumulator).value = v
			return nil
		},
	}
}
