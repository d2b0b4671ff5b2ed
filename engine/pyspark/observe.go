package pyspark

import (
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// pyObservation is pyspark.sql.Observation: named metrics of a static DataFrame, read with
// .get once an action on the observed DataFrame has run.
type pyObservation struct {
	name string
	mu   sync.Mutex
	used bool                  // observe() took it (PySpark allows that once)
	got  *plan.ObservedMetrics // the first action's metrics
	loc  *time.Location
}

var observationType = py.NewTypeX("Observation", "Metrics observed on a DataFrame by df.observe(observation, *exprs).",
	func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("Observation", args, kwargs, []string{"name"}, 0)
		if err != nil {
			return nil, err
		}
		o := &pyObservation{name: uuid.NewString(), loc: time.UTC}
		if a[0] != nil && a[0] != py.None {
			s, ok := a[0].(py.String)
			if !ok {
				return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "name", "expected_type", "str", "arg_type", a[0].Type().Name)
			}
			if s == "" {
				return nil, raise(sparkerrors.PySparkValueError, "VALUE_NOT_NON_EMPTY_STR", "arg_name", "name", "arg_value", "")
			}
			o.name = string(s)
		}
		return o, nil
	}, nil)

func (o *pyObservation) Type() *py.Type { return observationType }

func (o *pyObservation) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "get":
		o.mu.Lock()
		defer o.mu.Unlock()
		if !o.used {
			return nil, raise(sparkerrors.PySparkAssertionError, "NO_OBSERVE_BEFORE_GET")
		}
		if o.got == nil {
			// PySpark would wait here for an action that never comes.
			return nil, py.ExceptionNewf(py.RuntimeError, "Observation %q has no metrics yet: run an action (count(), collect(), show(), a write) on the DataFrame observe() returned first", o.name)
		}
		d := py.NewDict()
		for i, f := range o.got.Schema.Fields {
			var v any
			if i < len(o.got.Row) {
				v = o.got.Row[i]
			}
			d.M__setitem__(py.String(f.Name), toPython(v, f.Type, o.loc))
		}
		return d, nil
	}
	return missingAttr("Observation", name)
}

// observe is df.observe(observation, *exprs): observation is a name (a streaming query
// reports the metrics in its progress) or an Observation (filled by the first action).
func (d *pyDataFrame) observe(args py.Tuple) (py.Object, error) {
	if len(args) == 0 {
		return nil, py.ExceptionNewf(py.TypeError, "DataFrame.observe() missing 1 required positional argument: 'observation'")
	}
	if len(args) == 1 {
		return nil, raise(sparkerrors.PySparkValueError, "CANNOT_BE_EMPTY", "item", "exprs")
	}
	cols := make([]*engine.Column, 0, len(args)-1)
	for _, a := range args[1:] {
		c, ok := a.(*pyColumn)
		if !ok {
			return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "exprs", "expected_type", "list[Column]", "arg_type", "tuple")
		}
		cols = append(cols, c.c)
	}
	switch obs := args[0].(type) {
	case py.String:
		return d.in.wrapDF(d.df.Observe(string(obs), nil, cols...))
	case *pyObservation:
		obs.mu.Lock()
		defer obs.mu.Unlock()
		if obs.used {
			return nil, raise(sparkerrors.PySparkAssertionError, "REUSE_OBSERVATION")
		}
		obs.loc = d.in.location()
		df, err := d.df.Observe(obs.name, func(m plan.ObservedMetrics) {
			obs.mu.Lock()
			defer obs.mu.Unlock()
			if obs.got == nil { // Spark keeps the first action's metrics
				obs.got = &m
			}
		}, cols...)
		if err != nil {
			return nil, engineError(err)
		}
		obs.used = true
		return d.in.wrapDF(df, nil)
	}
	return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "observation", "expected_type", "Observation or str", "arg_type", args[0].Type().Name)
}
