package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Functions of pyspark.sql.functions whose Python side does more than turn arguments
// into columns: sort orders, log's two forms, broadcast, call_function, to_json with options.

func (in *Interpreter) extraFunctions() []*py.Method {
	sortFn := func(name string, f func(*engine.Column) *engine.Column) *py.Method {
		return python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"col"}, 1)
			if err != nil {
				return nil, err
			}
			c, err := colOrName(name, a[0])
			if err != nil {
				return nil, err
			}
			return newPyColumn(f(toEngineColumn(c)))
		})
	}
	optionsArg := func(fn string, o py.Object) (*engine.Column, bool, error) {
		opts, err := stringMap(fn, o)
		if err != nil || len(opts) == 0 {
			return nil, false, err
		}
		keys, _, _ := pyDictItems(o)
		var kv []*engine.Column
		for _, k := range keys {
			ks, _ := py.StrAsString(k)
			kv = append(kv, engine.Lit(ks), engine.Lit(opts[ks]))
		}
		return engine.CallFunction("map", false, kv...), true, nil
	}
	withOptions := func(name string, params []string, first func(a []py.Object) ([]*engine.Column, error)) *py.Method {
		return python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, params, len(params)-1)
			if err != nil {
				return nil, err
			}
			cols, err := first(a)
			if err != nil {
				return nil, err
			}
			opts, ok, err := optionsArg(name, a[len(a)-1])
			if err != nil {
				return nil, err
			}
			if ok {
				cols = append(cols, opts)
			}
			return newPyColumn(engine.CallFunction(name, false, cols...))
		})
	}
	column := func(fn string, o py.Object) (*engine.Column, error) {
		c, err := colOrName(fn, o)
		if err != nil {
			return nil, err
		}
		return toEngineColumn(c), nil
	}
	return []*py.Method{
		sortFn("asc", (*engine.Column).Asc), sortFn("desc", (*engine.Column).Desc),
		sortFn("asc_nulls_first", (*engine.Column).AscNullsFirst), sortFn("asc_nulls_last", (*engine.Column).AscNullsLast),
		sortFn("desc_nulls_first", (*engine.Column).DescNullsFirst), sortFn("desc_nulls_last", (*engine.Column).DescNullsLast),
		python.NewMethod("log", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("log", args, kwargs, []string{"arg1", "arg2"}, 1)
			if err != nil {
				return nil, err
			}
			if a[1] == nil || a[1] == py.None {
				c, err := column("log", a[0])
				if err != nil {
					return nil, err
				}
				return newPyColumn(engine.CallFunction("ln", false, c))
			}
			base, err := in.litArg(a[0])
			if err != nil {
				return nil, err
			}
			c, err := column("log", a[1])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.CallFunction("log", false, base, c))
		}),
		python.NewMethod("broadcast", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("broadcast", args, kwargs, []string{"df"}, 1)
			if err != nil {
				return nil, err
			}
			if _, ok := a[0].(*pyDataFrame); !ok {
				return nil, notExpectedType("df", "DataFrame", a[0])
			}
			return a[0], nil // a join hint: kafkalab joins in memory either way
		}),
		python.NewMethod("call_function", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if len(args) == 0 {
				return nil, py.ExceptionNewf(py.TypeError, "call_function() missing 1 required positional argument: 'funcName'")
			}
			name, err := asString("call_function", args[0])
			if err != nil {
				return nil, err
			}
			cols := make([]*engine.Column, 0, len(args)-1)
			for _, o := range args[1:] {
				c, err := column("call_function", o)
				if err != nil {
					return nil, err
				}
				cols = append(cols, c)
			}
			return newPyColumn(engine.CallFunction(name, false, cols...))
		}),
		withOptions("schema_of_json", []string{"json", "options"}, func(a []py.Object) ([]*engine.Column, error) {
			// A Python string is the JSON text itself (a literal), not a column name.
			if s, ok := a[0].(py.String); ok {
				return []*engine.Column{engine.Lit(string(s))}, nil
			}
			c, err := column("schema_of_json", a[0])
			return []*engine.Column{c}, err
		}),
		withOptions("to_json", []string{"col", "options"}, func(a []py.Object) ([]*engine.Column, error) {
			c, err := column("to_json", a[0])
			return []*engine.Column{c}, err
		}),
	}
}
