package pyspark

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// pyspark.sql.functions bound to the engine's function constructors.

// oneCol binds F.name(col) for a function of one column.
func oneCol(name string, f func(any) *engine.Column) *py.Method {
	return python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs(name, args, kwargs, []string{"col"}, 1)
		if err != nil {
			return nil, err
		}
		c, err := colOrName(name, a[0])
		if err != nil {
			return nil, err
		}
		return newPyColumn(f(c))
	})
}

// manyCols binds F.name(*cols), also accepting one list of columns.
func manyCols(name string, f func(...any) *engine.Column) *py.Method {
	return python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(kwargs) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "%s() takes no keyword arguments", name)
		}
		if len(args) == 1 {
			if items, ok := python.SeqItems(args[0]); ok {
				args = items
			}
		}
		cols := make([]any, len(args))
		for i, a := range args {
			c, err := colOrName(name, a)
			if err != nil {
				return nil, err
			}
			cols[i] = c
		}
		return newPyColumn(f(cols...))
	})
}

// unsupportedFunctions are PySpark functions scripts may reach for that kafkalab's engine
// does not have; calling one says so instead of failing with a bare AttributeError.
var unsupportedFunctions = []string{
	"date_format", "to_timestamp", "to_date", "split", "explode", "explode_outer", "regexp_replace", "regexp_extract",
	"substring", "round", "bround", "abs", "collect_list", "collect_set", "datediff", "date_add", "date_sub",
	"year", "month", "dayofmonth", "dayofweek", "hour", "minute", "second", "unix_timestamp", "from_unixtime",
	"array", "create_map", "size", "array_contains", "element_at", "udf", "pandas_udf", "broadcast",
	"monotonically_increasing_id", "row_number", "rank", "dense_rank", "lag", "lead",
	"sha2", "md5", "hash", "uuid", "isnan", "isnull", "nvl", "ifnull", "least", "greatest",
	"sqrt", "pow", "floor", "ceil", "concat_ws", "lpad", "rpad", "instr", "locate", "initcap", "translate",
	"format_string", "schema_of_json", "get_json_object", "json_tuple", "from_csv", "to_csv", "date_trunc",
	"window_time", "current_date", "from_avro", "to_avro", "base64", "unbase64", "decode", "encode", "last",
	"stddev", "variance", "percentile_approx", "grouping", "rand", "randn", "sum_distinct", "sumDistinct",
	"exp", "log", "signum", "ltrim", "rtrim", "reverse", "repeat", "sort_array", "array_distinct", "map_keys",
	"map_values", "posexplode", "inline", "transform", "filter", "aggregate", "to_utc_timestamp", "from_utc_timestamp",
	"timestamp_seconds", "make_date", "last_day", "next_day", "add_months", "months_between", "weekofyear",
	"quarter", "dayofyear", "input_file_name", "spark_partition_id", "typeof",
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
			v, err := goValue(a[0])
			if err != nil {
				return nil, err
			}
			if tv, ok := v.(sqltypes.Timestamp); ok {
				v = in.naiveToTimestamp(a[0], tv)
			}
			return newPyColumn(engine.Lit(v))
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
		python.NewMethod("to_json", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("to_json", args, kwargs, []string{"col", "options"}, 1)
			if err != nil {
				return nil, err
			}
			if keys, _, ok := pyDictItems(a[1]); ok && len(keys) > 0 {
				return nil, python.Unsupported("to_json options", "call to_json(col) without options")
			}
			c, err := colOrName("to_json", a[0])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.ToJSON(c))
		}),
		manyCols("struct", engine.Struct),
		manyCols("concat", engine.Concat),
		manyCols("coalesce", engine.Coalesce),
		oneCol("count", engine.Count),
		python.NewMethod("countDistinct", countDistinct), python.NewMethod("count_distinct", countDistinct),
		oneCol("sum", engine.Sum), oneCol("avg", engine.Avg), oneCol("mean", engine.Mean),
		oneCol("min", engine.Min), oneCol("max", engine.Max), oneCol("first", engine.First),
		oneCol("approx_count_distinct", engine.ApproxCountDistinct),
		python.NewMethod("session_window", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs("session_window", args, kwargs, []string{"timeColumn", "gapDuration"}, 2)
			if err != nil {
				return nil, err
			}
			c, err := colOrName("session_window", a[0])
			if err != nil {
				return nil, err
			}
			gap, err := asString("gapDuration", a[1])
			if err != nil {
				return nil, err
			}
			return newPyColumn(engine.SessionWindow(c, gap))
		}),
		oneCol("upper", engine.Upper), oneCol("lower", engine.Lower), oneCol("length", engine.Length),
		oneCol("trim", engine.Trim), oneCol("asc", engine.Asc), oneCol("desc", engine.Desc),
		python.NewMethod("current_timestamp", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if len(args)+len(kwargs) > 0 {
				return nil, py.ExceptionNewf(py.TypeError, "current_timestamp() takes no arguments")
			}
			return newPyColumn(engine.CurrentTimestamp())
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
	for _, name := range unsupportedFunctions {
		api := "functions." + name
		methods = append(methods, python.NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return nil, python.Unsupported(api, "kafkalab's engine has the functions the course uses: col, lit, expr, from_json, to_json, struct, window, count, sum, avg, min, max, first, concat, upper, lower, length, trim, coalesce, when, current_timestamp")
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

func countDistinct(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(args) != 1 {
		return nil, python.Unsupported("countDistinct of several columns", "count one column: countDistinct(col)")
	}
	c, err := colOrName("countDistinct", args[0])
	if err != nil {
		return nil, err
	}
	return newPyColumn(engine.CountDistinct(c))
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
