package pyspark

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyspark.sql.functions bound to the engine's function constructors.

// unsupportedFunctions are PySpark functions scripts may reach for that kafkalab's engine
// does not have; calling one says so instead of failing with a bare AttributeError.
var unsupportedFunctions = []string{
	"pandas_udf", "from_avro", "to_avro", "from_xml", "to_xml", "schema_of_xml",
	"aes_encrypt", "aes_decrypt", "try_aes_decrypt",
	"reflect", "java_method", "try_reflect", "bucket", "years", "months", "days", "hours", "arrow_udtf",
	"unwrap_udt", "input_file_block_length", "input_file_block_start",
	"current_path", "bitmap_bit_position", "bitmap_bucket_number", "bitmap_construct_agg",
	"bitmap_count", "bitmap_or_agg", "bitmap_and_agg", "hll_sketch_agg", "hll_union_agg", "hll_sketch_estimate",
	"hll_union",
}

func init() {
	bindings["pyspark.sql.functions"] = functionsModule
}

func functionsModule(in *Interpreter) (*py.ModuleImpl, error) {
	methods := []*py.Method{
		oneColName("col"), oneColName("column"),
		python.NewMethod("lit", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("lit", args, kwargs, []string{"col"}, 1)
			if err != nil {
				return nil, err
			}
			c, err := in.litArg(a[0])
			if err != nil {
				return nil, err
			}
			return newPyColumn(c)
		}),
		python.NewMethod("expr", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("expr", args, kwargs, []string{"str"}, 1)
			if err != nil {
				return nil, err
			}
			s, err := asString("expr", a[0])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.Expr(s))
		}),
		python.NewMethod("call_udf", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			// call_udf(udfName, *cols): the function registered as udfName (spark.udf.register).
			for k := range kwargs {
				if k != "udfName" || len(args) > 0 {
					return nil, py.ExceptionNewf(py.TypeError, "call_udf() got an unexpected keyword argument '%s'", k)
				}
				args = py.Tuple{kwargs[k]}
			}
			if len(args) == 0 {
				return nil, py.ExceptionNewf(py.TypeError, "call_udf() missing 1 required positional argument: 'udfName'")
			}
			name, err := asString("udfName", args[0])
			if err != nil {
				return nil, err
			}
			cols := make([]*engine.Column, 0, len(args)-1)
			for _, a := range args[1:] {
				c, err := colOrName("call_udf", a)
				if err != nil {
					return nil, err
				}
				cols = append(cols, toEngineColumn(c))
			}
			return newPyColumn(engine.CallFunction(name, false, cols...))
		}),
		python.NewMethod("from_json", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("from_json", args, kwargs, []string{"col", "schema", "options"}, 2)
			if err != nil {
				return nil, err
			}
			c, err := colOrName("from_json", a[0])
			if err != nil {
				return nil, err
			}
			var schema any
			switch s := a[1].(type) {
			case py.String:
				schema = string(s)
			case *pyDataType:
				schema = s.t
			default:
				return nil, notExpectedType("schema", "Column, DataType or str", a[1])
			}
			opts, err := stringMap("from_json", a[2])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.FromJSON(c, schema, opts))
		}),
		python.NewMethod("session_window", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("session_window", args, kwargs, []string{"timeColumn", "gapDuration"}, 2)
			if err != nil {
				return nil, err
			}
			c, err := colOrName("session_window", a[0])
			if err != nil {
				return nil, err
			}
			if gc, ok := a[1].(*pyColumn); ok {
				return newPyColumn(engine.SessionWindow(c, gc.c))
			}
			gap, err := asString("gapDuration", a[1])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.SessionWindow(c, gap))
		}),
		python.NewMethod("when", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("when", args, kwargs, []string{"condition", "value"}, 2)
			if err != nil {
				return nil, err
			}
			cond, ok := a[0].(*pyColumn)
			if !ok {
				return nil, notExpectedType("condition", "Column", a[0])
			}
			v, err := goValue(a[1])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.When(cond.c, v))
		}),
		python.NewMethod("window", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("window", args, kwargs, []string{"timeColumn", "windowDuration", "slideDuration", "startTime"}, 2)
			if err != nil {
				return nil, err
			}
			c, err := colOrName("window", a[0])
			if err != nil {
				return nil, err
			}
			dur, err := asString("windowDuration", a[1])
			if err != nil {
				return nil, err
			}
			var slide []string
			if a[2] != nil && a[2] != py.None {
				s, err := asString("slideDuration", a[2])
				if err != nil {
					return nil, err
				}
				slide = append(slide, s)
			}
			if a[3] != nil && a[3] != py.None {
				start, err := asString("startTime", a[3])
				if err != nil {
					return nil, err
				}
				if len(slide) == 0 {
					slide = append(slide, dur) // a tumbling window with an offset
				}
				slide = append(slide, start)
			}
			return newPyColumn(engine.Window(c, dur, slide...))
		}),
	}
	methods = append(methods, in.extraFunctions()...)
	methods = append(methods, in.udfFunctions()...)
	have := map[string]bool{}
	for _, m := range methods {
		have[m.Name] = true
	}
	for _, s := range functionSpecs {
		spec := parseFunctionSpec(s)
		if !have[spec.py] {
			methods = append(methods, specMethod(in, spec))
			have[spec.py] = true
		}
	}
	for _, name := range unsupportedFunctions {
		if have[name] {
			continue
		}
		api := "functions." + name
		methods = append(methods, python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return nil, python.Unsupported(api, "kafkalab's engine does not have this function; run the script on real Spark with `kafkalab export`")
		}))
	}
	return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Spark SQL functions"}, Methods: methods}, nil
}

func oneColName(name string) *py.Method {
	return python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs(name, args, kwargs, []string{"col"}, 1)
		if err != nil {
			return nil, err
		}
		s, err := asString(name, a[0])
		if err != nil {
			return nil, err
		}
		return newPyColumn(engine.Col(s))
	})
}

// stringMap converts an options dict ({"mode": "PERMISSIVE"}) to Go; values become strings
// as PySpark's to_str does (True -> "true").
func stringMap(fn string, o py.Object) (map[string]string, error) {
	if o == nil || o == py.None {
		return nil, nil
	}
	d, _, ok := pyStrDict(o)
	if !ok {
		return nil, notExpectedTypeArgFirst("options", "dict", o)
	}
	out := make(map[string]string, len(d))
	for k, v := range d {
		s, err := optionString(v)
		if err != nil {
			return nil, err
		}
		out[k] = s
	}
	return out, nil
}

// optionString is PySpark's to_str for option values: bools lower case, None stays None.
func optionString(v py.Object) (string, error) {
	switch x := v.(type) {
	case py.Bool:
		return strings.ToLower(pyBoolString(bool(x))), nil
	case py.String:
		return string(x), nil
	}
	return py.StrAsString(v)
}
