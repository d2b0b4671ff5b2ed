package pyspark

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// pyspark.sql.functions from a table of signatures. Each entry reads
//
//	pyname[=sparkname[!]](param, ...)
//
// and says how PySpark 4.2 turns each Python argument into a Column before it calls the
// Spark function sparkname (pyname when absent; "!" makes it a DISTINCT aggregate):
//
//	name        a column: a str is a column name (PySpark's _to_java_column)
//	name:l      a literal: any Python value becomes lit(value), a Column stays
//	name:j      a plain value PySpark hands to the JVM as it is: a Column is not iterable
//	name:i      an int becomes lit(int), a str is a column name
//	name:f      an int or float becomes lit(number), a str is a column name
//	name:fn     a Python function, translated to a Spark lambda function
//	name:o      a dict of options (PySpark's _options_to_str), passed as map('k', 'v', ...)
//	name?       optional: left out of the call when absent or None
//	name=V      absent or None means lit(V) (V: an int, float, 'str', True, False, None)
//	*name       any number of the kind; *name[] also takes them as one list
//
// The engine decides whether it has the Spark function: calling one it lacks says so.
var functionSpecs = []string{
	// math
	"abs(col)", "acos(col)", "acosh(col)", "asin(col)", "asinh(col)", "atan(col)", "atanh(col)",
	"atan2(col1:f, col2:f)", "bin(col)", "bround(col, scale:i?)", "cbrt(col)", "ceil(col, scale:i?)",
	"ceiling(col, scale:i?)", "conv(col, fromBase:l, toBase:l)", "cos(col)", "cosh(col)", "cot(col)", "csc(col)",
	"degrees(col)", "e()", "exp(col)", "expm1(col)", "factorial(col)", "floor(col, scale:i?)", "hex(col)",
	"hypot(col1:f, col2:f)", "ln(col)", "log10(col)", "log1p(col)", "log2(col)", "negate=negative(col)",
	"negative(col)", "pi()", "pmod(dividend:f, divisor:f)", "positive(col)", "pow=power(col1:f, col2:f)",
	"power(col1:f, col2:f)", "radians(col)", "rint(col)", "round(col, scale:i?)", "sec(col)", "sign(col)",
	"signum(col)", "sin(col)", "sinh(col)", "sqrt(col)", "tan(col)", "tanh(col)", "toDegrees=degrees(col)",
	"toRadians=radians(col)", "unhex(col)", "width_bucket(v, min, max, numBucket:i)",
	"try_add(left, right)", "try_divide(left, right)", "try_mod(left, right)", "try_multiply(left, right)",
	"try_subtract(left, right)", "rand(seed:j?)", "random=rand(seed:j?)", "randn(seed:j?)",
	"uniform(min:l, max:l, seed:l?)", "randstr(length:l, seed:l?)",
	"bitwise_not(col)", "bitwiseNOT=bitwise_not(col)", "bit_count(col)", "bit_get(col, pos)", "getbit(col, pos)",
	"shiftleft(col, numBits:j)", "shiftLeft=shiftleft(col, numBits:j)", "shiftright(col, numBits:j)",
	"shiftRight=shiftright(col, numBits:j)", "shiftrightunsigned(col, numBits:j)",
	"shiftRightUnsigned=shiftrightunsigned(col, numBits:j)",

	// conditional and null handling
	"coalesce(*cols)", "greatest(*cols)", "least(*cols)", "ifnull(col1, col2)", "isnan(col)", "isnull(col)",
	"isnotnull(col)", "equal_null(col1, col2)", "nanvl(col1, col2)", "nullif(col1, col2)", "nullifzero(col)",
	"nvl(col1, col2)", "nvl2(col1, col2, col3)", "zeroifnull(col)", "assert_true(col, errMsg:l?)",
	"raise_error(errMsg:l)", "typeof(col)",

	// strings
	"ascii(col)", "base64(col)", "bit_length(col)", "btrim(str, trim?)", "char(col)", "char_length(str)",
	"character_length(str)", "chr(n)", "collate(col, collation:l)", "collation(col)", "concat(*cols)",
	"concat_ws(sep:l, *cols)", "contains(left, right)", "decode(col, charset:l)", "elt(*inputs)",
	"encode(col, charset:l)", "endswith(str, suffix)", "find_in_set(str, str_array)",
	"format_number(col, d:l)", "format_string(format:l, *cols)", "ilike(str, pattern, escapeChar?)",
	"initcap(col)", "instr(str, substr:l)", "is_valid_utf8(str)", "lcase(str)", "left(str, len)", "length(col)",
	"levenshtein(left, right, threshold:l?)", "like(str, pattern, escapeChar?)", "locate(substr:l, str, pos:l=1)",
	"lower(col)", "lpad(col, len:l, pad:l)", "ltrim(col, trim?)", "make_valid_utf8(str)",
	"mask(col, upperChar='X', lowerChar='x', digitChar='n', otherChar=None)", "octet_length(col)",
	"overlay(src, replace, pos:i, len:i=-1)", "position(substr, str, start?)", "printf(format, *cols)",
	"quote(col)", "regexp(str, regexp)", "regexp_count(str, regexp)", "regexp_extract(str, pattern:l, idx:l)",
	"regexp_extract_all(str, regexp, idx:l?)", "regexp_instr(str, regexp, idx:l?)", "regexp_like(str, regexp)",
	"regexp_replace(string, pattern:l, replacement:l)", "regexp_substr(str, regexp)", "repeat(col, n:i)",
	"replace(src, search, replace?)", "reverse(col)", "right(str, len)", "rlike(str, regexp)",
	"rpad(col, len:l, pad:l)", "rtrim(col, trim?)", "sentences(string, language='', country='')",
	"soundex(col)", "split(str, pattern:l, limit:i=-1)", "split_part(src, delimiter, partNum)",
	"startswith(str, prefix)", "substr(str, pos, len?)", "substring(str, pos:i, len:i)",
	"substring_index(str, delim:l, count:l)", "to_binary(col, format?)", "to_char(col, format)",
	"to_number(col, format)", "to_varchar(col, format)", "translate(srcCol, matching:l, replace:l)",
	"trim(col, trim?)", "try_to_binary(col, format?)", "try_to_number(col, format)", "try_url_decode(str)",
	"try_validate_utf8(str)", "ucase(str)", "unbase64(col)", "upper(col)", "url_decode(str)", "url_encode(str)",
	"validate_utf8(str)", "str_to_map(text, pairDelim=',', keyValueDelim=':')",
	"parse_url(url, partToExtract, key?)", "try_parse_url(url, partToExtract, key?)",
	"crc32(col)", "md5(col)", "sha(col)", "sha1(col)", "sha2(col, numBits:l)", "hash(*cols)", "xxhash64(*cols)",

	// dates and times
	"add_months(start, months:i)", "convert_timezone(sourceTz?, targetTz, sourceTs)", "curdate()",
	"current_date()", "current_timestamp()", "current_timezone()", "date_add(start, days:i)",
	"date_diff(end, start)", "date_format(date, format:j)", "date_from_unix_date(days)",
	"date_part(field, source)", "date_sub(start, days:i)", "date_trunc(format:l, timestamp)",
	"dateadd(start, days:i)", "datediff(end, start)", "datepart(field, source)", "day(col)", "dayname(col)",
	"dayofmonth(col)", "dayofweek(col)", "dayofyear(col)", "extract(field, source)",
	"from_unixtime(timestamp, format:j='yyyy-MM-dd HH:mm:ss')", "from_utc_timestamp(timestamp, tz:l)",
	"hour(col)", "last_day(date)", "localtimestamp()", "make_date(year, month, day)",
	"make_dt_interval(days=0, hours=0, mins=0, secs=0)",
	"make_interval(years=0, months=0, weeks=0, days=0, hours=0, mins=0, secs=0)",
	"try_make_interval(years=0, months=0, weeks=0, days=0, hours=0, mins=0, secs=0)",
	"make_timestamp(years, months, days, hours, mins, secs, timezone?)",
	"make_timestamp_ltz(years, months, days, hours, mins, secs, timezone?)",
	"make_timestamp_ntz(years, months, days, hours, mins, secs)", "make_ym_interval(years=0, months=0)",
	"minute(col)", "month(col)", "monthname(col)", "months_between(date1, date2, roundOff:l=True)",
	"next_day(date, dayOfWeek:j)", "now()", "quarter(col)", "second(col)", "timestamp_add(unit:l, quantity, ts)",
	"timestamp_diff(unit:l, start, end)", "timestamp_micros(col)", "timestamp_millis(col)",
	"timestamp_seconds(col)", "to_date(col, format:j?)", "to_timestamp(col, format:j?)",
	"to_timestamp_ltz(timestamp, format?)", "to_timestamp_ntz(timestamp, format?)",
	"to_unix_timestamp(timestamp, format?)", "to_utc_timestamp(timestamp, tz:l)", "trunc(date, format:j)",
	"try_make_timestamp(years, months, days, hours, mins, secs, timezone?)",
	"try_make_timestamp_ltz(years, months, days, hours, mins, secs, timezone?)",
	"try_make_timestamp_ntz(years, months, days, hours, mins, secs)", "try_to_date(col, format:j?)",
	"try_to_timestamp(col, format?)", "unix_date(col)", "unix_micros(col)", "unix_millis(col)",
	"unix_seconds(col)", "unix_timestamp(timestamp?, format:j='yyyy-MM-dd HH:mm:ss')", "weekday(col)",
	"weekofyear(col)", "window_time(windowColumn)", "year(col)",
	"make_time(hour, minute, second)", "to_time(str, format?)", "try_to_time(str, format?)",
	"time_diff(unit, start, end)", "time_trunc(unit, time)", "time_from_seconds(col)",
	"time_from_millis(col)", "time_from_micros(col)", "time_to_seconds(col)", "time_to_millis(col)",
	"time_to_micros(col)", "time_bucket(bucket_size, ts, origin?)",
	"current_time(precision:l?)",

	// collections
	"array(*cols[])", "array_append(col, value:l)", "array_compact(col)", "array_contains(col, value:l)",
	"array_distinct(col)", "array_except(col1, col2)", "array_insert(arr, pos:i, value:l)",
	"array_intersect(col1, col2)", "array_join(col, delimiter:l, null_replacement:l?)", "array_max(col)",
	"array_min(col)", "array_position(col, value:l)", "array_prepend(col, value:l)",
	"array_remove(col, element:l)", "array_repeat(col, count:i)", "array_size(col)",
	"array_sort(col, comparator:fn?)", "array_union(col1, col2)", "arrays_overlap(a1, a2)",
	"arrays_zip(*cols)", "cardinality(col)", "create_map=map(*cols[])", "element_at(col, extraction:l)",
	"exists(col, f:fn)", "filter(col, f:fn)", "flatten(col)", "forall(col, f:fn)", "get(col, index:i)",
	"map_concat(*cols[])", "map_contains_key(col, value:l)", "map_entries(col)", "map_filter(col, f:fn)",
	"map_from_arrays(col1, col2)", "map_from_entries(col)", "map_keys(col)", "map_values(col)",
	"map_zip_with(col1, col2, f:fn)", "named_struct(*cols)", "sequence(start, stop, step?)",
	"shuffle(col, seed:l?)", "size(col)", "slice(x, start:i, length:i)", "sort_array(col, asc:l=True)",
	"struct(*cols[])", "transform(col, f:fn)", "transform_keys(col, f:fn)", "transform_values(col, f:fn)",
	"try_element_at(col, extraction)", "zip_with(left, right, f:fn)",
	"aggregate(col, initialValue, merge:fn, finish:fn?)", "reduce(col, initialValue, merge:fn, finish:fn?)",
	"explode(col)", "explode_outer(col)", "inline(col)", "inline_outer(col)", "posexplode(col)",
	"posexplode_outer(col)", "stack(*cols)",

	// JSON and CSV
	"xpath(xml, path)", "xpath_boolean(xml, path)", "xpath_double(xml, path)", "xpath_float(xml, path)",
	"xpath_int(xml, path)", "xpath_long(xml, path)", "xpath_number(xml, path)", "xpath_short(xml, path)",
	"xpath_string(xml, path)",
	"get_json_object(col, path:l)", "json_array_length(col)", "json_object_keys(col)",
	"json_tuple(col, *fields:l)", "from_csv(col, schema:l, options:o?)", "to_csv(col)",
	"schema_of_csv(csv:l, options:o?)",

	// VARIANT
	"parse_json(col)", "try_parse_json(col)", "variant_get(v, path:l, targetType:l)",
	"try_variant_get(v, path:l, targetType:l)", "is_variant_null(v)", "schema_of_variant(v)",
	"schema_of_variant_agg(v)", "to_variant_object(col)", "is_valid_variant(v)",

	// aggregates
	"any_value(col, ignoreNulls:l?)", "approx_count_distinct(col, rsd:j?)",
	"approxCountDistinct=approx_count_distinct(col, rsd:j?)",
	"approx_percentile(col, percentage:l, accuracy:l=10000)", "array_agg(col)", "avg(col)", "bit_and(col)",
	"bit_or(col)", "bit_xor(col)", "bool_and(col)", "bool_or(col)", "collect_list(col)", "collect_set(col)",
	"corr(col1, col2)", "count(col)", "count_distinct=count!(col, *cols)", "countDistinct=count!(col, *cols)",
	"count_if(col)", "count_min_sketch(col, eps:l, confidence:l, seed:l?)", "covar_pop(col1, col2)",
	"covar_samp(col1, col2)", "every(col)", "first(col, ignorenulls:j=False)",
	"first_value(col, ignoreNulls:l?)", "histogram_numeric(col, nBins)", "kurtosis(col)",
	"last(col, ignorenulls:j=False)", "last_value(col, ignoreNulls:l?)", "listagg(col, delimiter:l?)",
	"listagg_distinct=listagg!(col, delimiter:l?)", "max(col)", "max_by(col, ord, k:l?)", "mean(col)",
	"median(col)", "min(col)", "min_by(col, ord, k:l?)", "mode(col, deterministic:j=False)",
	"percentile(col, percentage:l, frequency:l=1)", "percentile_approx(col, percentage:l, accuracy:l=10000)",
	"product(col)", "regr_avgx(y, x)", "regr_avgy(y, x)", "regr_count(y, x)", "regr_intercept(y, x)",
	"regr_r2(y, x)", "regr_slope(y, x)", "regr_sxx(y, x)", "regr_sxy(y, x)", "regr_syy(y, x)",
	"skewness(col)", "some(col)", "std(col)", "stddev(col)", "stddev_pop(col)", "stddev_samp(col)",
	"string_agg(col, delimiter:l?)", "string_agg_distinct=string_agg!(col, delimiter:l?)", "sum(col)",
	"sum_distinct=sum!(col)", "sumDistinct=sum!(col)", "try_avg(col)", "try_sum(col)", "var_pop(col)",
	"var_samp(col)", "variance(col)", "grouping(col)", "grouping_id(*cols)",

	// window functions
	"row_number()", "rank()", "dense_rank()", "percent_rank()", "cume_dist()", "ntile(n:l)",
	"lag(col, offset:l=1, default:l=None)", "lead(col, offset:l=1, default:l=None)",
	"nth_value(col, offset:l, ignoreNulls:l=False)",

	// misc
	"monotonically_increasing_id()", "spark_partition_id()", "input_file_name()", "uuid(seed:l?)",
	"current_catalog()", "current_database()", "current_schema()", "current_user()", "user()",
	"session_user()", "version()",
}

type argKind int

const (
	kindColumn argKind = iota
	kindLit
	kindJVMValue
	kindIntOrColumn
	kindNumberOrColumn
	kindFunction
	kindOptions
)

type fnParam struct {
	name     string
	kind     argKind
	optional bool
	def      py.Object // lit(def) when absent; nil: none
	variadic bool
	listOK   bool
}

type fnSpec struct {
	py, spark string
	distinct  bool
	params    []fnParam
}

// parseFunctionSpec reads one entry of functionSpecs; a malformed entry is a bug.
func parseFunctionSpec(s string) fnSpec {
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		panic("bad function spec " + s)
	}
	head := s[:open]
	spec := fnSpec{py: head, spark: head}
	if a, b, ok := strings.Cut(head, "="); ok {
		spec.py, spec.spark = a, b
	}
	if strings.HasSuffix(spec.spark, "!") {
		spec.spark, spec.distinct = strings.TrimSuffix(spec.spark, "!"), true
	}
	body := s[open+1 : len(s)-1]
	if strings.TrimSpace(body) == "" {
		return spec
	}
	for _, p := range strings.Split(body, ", ") {
		var fp fnParam
		if strings.HasPrefix(p, "*") {
			fp.variadic, p = true, p[1:]
		}
		if name, def, ok := strings.Cut(p, "="); ok {
			fp.def, p = specDefault(def), name
		}
		if strings.HasSuffix(p, "?") {
			fp.optional, p = true, strings.TrimSuffix(p, "?")
		}
		if strings.HasSuffix(p, "[]") {
			fp.listOK, p = true, strings.TrimSuffix(p, "[]")
		}
		name, kind, _ := strings.Cut(p, ":")
		fp.name = name
		switch kind {
		case "", "c":
		case "l":
			fp.kind = kindLit
		case "j":
			fp.kind = kindJVMValue
		case "i":
			fp.kind = kindIntOrColumn
		case "f":
			fp.kind = kindNumberOrColumn
		case "fn":
			fp.kind = kindFunction
		case "o":
			fp.kind = kindOptions
		default:
			panic("bad parameter kind in " + s)
		}
		spec.params = append(spec.params, fp)
	}
	return spec
}

func specDefault(s string) py.Object {
	switch {
	case s == "None":
		return py.None
	case s == "True":
		return py.True
	case s == "False":
		return py.False
	case strings.HasPrefix(s, "'"):
		return py.String(strings.Trim(s, "'"))
	case strings.Contains(s, "."):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			panic("bad default " + s)
		}
		return py.Float(f)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		panic("bad default " + s)
	}
	return py.Int(n)
}

// specMethod binds one spec as a function of the module.
func specMethod(in *Interpreter, spec fnSpec) *py.Method {
	return python.NewMethod(spec.py, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if !engine.HasFunction(spec.spark) {
			return nil, python.Unsupported("functions."+spec.py, "kafkalab's engine does not have this Spark function; run the script on real Spark with `kafkalab export`")
		}
		if dateTimeForms[spec.py] && (kwargs["date"] != nil || kwargs["time"] != nil) {
			return in.dateTimeForm(spec, args, kwargs)
		}
		cols, err := in.specArgs(spec, args, kwargs)
		if err != nil {
			return nil, err
		}
		return newPyColumn(engine.CallFunction(spec.spark, spec.distinct, cols...))
	})
}

// specArgs converts the Python arguments of a call to the Spark function's columns.
func (in *Interpreter) specArgs(spec fnSpec, args py.Tuple, kwargs py.StringDict) ([]*engine.Column, error) {
	var cols []*engine.Column
	pos := 0
	for pi, p := range spec.params {
		if p.variadic {
			rest := args[min(pos, len(args)):]
			if p.listOK && len(rest) == 1 {
				if items, ok := python.SeqItems(rest[0]); ok {
					if _, isStr := rest[0].(py.String); !isStr {
						rest = items
					}
				}
			}
			for _, a := range rest {
				c, err := in.specArg(spec, p, a)
				if err != nil {
					return nil, err
				}
				cols = append(cols, c)
			}
			pos = len(args)
			continue
		}
		var v py.Object
		if pos < len(args) {
			v = args[pos]
			pos++
			if _, dup := kwargs[p.name]; dup {
				return nil, py.ExceptionNewf(py.TypeError, "%s() got multiple values for argument '%s'", spec.py, p.name)
			}
		} else if kv, ok := kwargs[p.name]; ok {
			v = kv
		}
		if v == nil || (v == py.None && (p.optional || p.def != nil)) {
			switch {
			case p.def != nil:
				cols = append(cols, litOf(p.def))
				continue
			case p.optional:
				continue
			}
			return nil, py.ExceptionNewf(py.TypeError, "%s() missing %d required positional argument: '%s'", spec.py, 1, spec.params[pi].name)
		}
		c, err := in.specArg(spec, p, v)
		if err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	if pos < len(args) {
		return nil, py.ExceptionNewf(py.TypeError, "%s() takes %d positional arguments but %d were given", spec.py, len(spec.params), len(args))
	}
	for k := range kwargs {
		known := false
		for _, p := range spec.params {
			known = known || p.name == k
		}
		if !known {
			return nil, py.ExceptionNewf(py.TypeError, "%s() got an unexpected keyword argument '%s'", spec.py, k)
		}
	}
	return cols, nil
}

func (in *Interpreter) specArg(spec fnSpec, p fnParam, v py.Object) (*engine.Column, error) {
	switch p.kind {
	case kindLit:
		return in.litArg(v)
	case kindJVMValue:
		if _, ok := v.(*pyColumn); ok { // py4j iterates what it does not know, and a Column refuses
			return nil, py.ExceptionNewf(PySparkTypeError, "[NOT_ITERABLE] Column is not iterable.")
		}
		return in.litArg(v)
	case kindIntOrColumn:
		switch v.(type) {
		case py.Int, py.Bool:
			return litOf(v), nil
		}
	case kindNumberOrColumn:
		switch v.(type) {
		case py.Int, py.Float, py.Bool:
			return litOf(v), nil
		}
	case kindFunction:
		return in.lambdaArg(spec.py, v)
	case kindOptions:
		return optionsMapColumn(spec.py, v)
	}
	c, err := colOrName(spec.py, v)
	if err != nil {
		return nil, err
	}
	return toEngineColumn(c), nil
}

// optionsMapColumn is a dict of options as the map('key', 'value', ...) column PySpark
// builds from it (values through _options_to_str), keys sorted.
func optionsMapColumn(fn string, v py.Object) (*engine.Column, error) {
	if _, _, isDict := pyStrDict(v); !isDict {
		// _options_to_str reads options.items() of anything true, and skips the rest.
		if truth, err := py.MakeBool(v); err != nil || truth == py.True {
			return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute 'items'", v.Type().Name)
		}
		return engine.CallFunction("map", false), nil
	}
	opts, err := stringMap(fn, v)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	kv := make([]*engine.Column, 0, 2*len(keys))
	for _, k := range keys {
		kv = append(kv, engine.Lit(k), engine.Lit(opts[k]))
	}
	return engine.CallFunction("map", false, kv...), nil
}

func toEngineColumn(v any) *engine.Column {
	if c, ok := v.(*engine.Column); ok {
		return c
	}
	return engine.Col(v.(string))
}

func litOf(v py.Object) *engine.Column {
	g, err := goValue(v)
	if err != nil {
		return engine.Lit(fmt.Sprint(v))
	}
	return engine.Lit(g)
}

// litArg is PySpark's lit(): a Column stays, a list or tuple becomes array(lit(x), ...),
// any other value a literal.
func (in *Interpreter) litArg(v py.Object) (*engine.Column, error) {
	switch x := v.(type) {
	case *pyColumn:
		return x.c, nil
	case *py.List, py.Tuple:
		items, _ := python.SeqItems(x)
		elems := make([]*engine.Column, len(items))
		for i, it := range items {
			if _, isCol := it.(*pyColumn); isCol {
				return nil, py.ExceptionNewf(PySparkValueError, "[COLUMN_IN_LIST] `lit` does not allow a Column in a list.")
			}
			c, err := in.litArg(it)
			if err != nil {
				return nil, err
			}
			elems[i] = c
		}
		return engine.CallFunction("array", false, elems...), nil
	}
	g, err := goValue(v)
	if err != nil {
		return nil, err
	}
	if tv, ok := g.(sqltypes.Timestamp); ok {
		g = in.naiveToTimestamp(v, tv)
	}
	return engine.Lit(g), nil
}

// lambdaArg translates a Python function of one to three Columns to a Spark lambda: it is
// called once with lambda variables, and what it returns is the lambda's body.
func (in *Interpreter) lambdaArg(fn string, v py.Object) (*engine.Column, error) {
	f, ok := v.(*py.Function)
	if !ok {
		return nil, notExpectedType("f", "function", v)
	}
	n := int(f.Code.Argcount)
	if n < 1 || n > 3 {
		return nil, py.ExceptionNewf(PySparkValueError, "[WRONG_NUM_ARGS_FOR_HIGHER_ORDER_FUNCTION] Function `%s` should take between 1 and 3 arguments, but the provided function takes %d.", f.Name, n)
	}
	names := make([]string, n)
	vars := make(py.Tuple, n)
	for i := range vars {
		in.lambdaSeq++
		names[i] = fmt.Sprintf("%s_%d", [...]string{"x", "y", "z"}[i], in.lambdaSeq)
		vars[i] = &pyColumn{engine.LambdaVar(names[i])}
	}
	res, err := py.Call(f, vars, nil)
	if err != nil {
		return nil, err
	}
	body, ok := res.(*pyColumn)
	if !ok {
		return nil, py.ExceptionNewf(PySparkValueError, "[HIGHER_ORDER_FUNCTION_SHOULD_RETURN_COLUMN] Function `%s` should return Column, got %s.", f.Name, res.Type().Name)
	}
	return engine.Lambda(names, body.c), nil
}

// dateTimeForms are the make_timestamp functions PySpark 4.2 also calls with date= and
// time= (and timezone=) keywords: the Spark function then takes (date, time[, timezone]).
var dateTimeForms = map[string]bool{
	"make_timestamp": true, "try_make_timestamp": true, "make_timestamp_ntz": true, "try_make_timestamp_ntz": true,
}

// dateTimeForm is a make_timestamp call by date= and time=: mixing them with the fields is
// PySpark's CANNOT_SET_TOGETHER.
func (in *Interpreter) dateTimeForm(spec fnSpec, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	fields := []string{"years", "months", "days", "hours", "mins", "secs"}
	mixed := len(args) > 0
	for _, f := range fields {
		if v, ok := kwargs[f]; ok && v != py.None {
			mixed = true
		}
	}
	if mixed {
		return nil, py.ExceptionNewf(PySparkValueError, "[CANNOT_SET_TOGETHER] years|months|days|hours|mins|secs and date|time should not be set together.")
	}
	var cols []*engine.Column
	for _, name := range []string{"date", "time", "timezone"} {
		v, ok := kwargs[name]
		if !ok || v == py.None {
			if name == "timezone" {
				break
			}
			v = py.None
		}
		c, err := colOrName(spec.py, v)
		if err != nil {
			return nil, err
		}
		cols = append(cols, toEngineColumn(c))
	}
	return newPyColumn(engine.CallFunction(spec.spark, false, cols...))
}
