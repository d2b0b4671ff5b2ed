package pyspark

import (
	"context"
	"slices"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Readers and writers: spark.read, spark.readStream, df.write and df.writeStream, bound to
// the engine's; a format or option the engine lacks says so plainly.

type pyReader struct {
	in        *Interpreter
	streaming bool
	format    string
	keys      []string
	options   map[string]any
	schema    py.Object
}

var readerType = py.NewType("DataFrameReader", "spark.read / spark.readStream")

func (r *pyReader) Type() *py.Type { return readerType }
func (r *pyReader) M__getattr__(name string) (py.Object, error) {
	if r.streaming {
		return missingAttr("DataStreamReader", name)
	}
	return missingAttr("DataFrameReader", name)
}

func (in *Interpreter) newReader(streaming bool) (py.Object, error) {
	return &pyReader{in: in, streaming: streaming, options: map[string]any{}}, nil
}

// optionGo converts an option value as PySpark's to_str does, keeping Go bools and numbers
// for the engine's own conversion.
func optionGo(o py.Object) (any, error) {
	switch x := o.(type) {
	case py.Bool:
		return bool(x), nil
	case py.Int:
		return int(x), nil
	case py.Float:
		return float64(x), nil
	case py.String:
		return string(x), nil
	case py.NoneType:
		return nil, nil
	}
	return py.StrAsString(o)
}

// setOption records key=value, pointing Kafka options at Config.Bootstrap when set.
func (in *Interpreter) option(keys *[]string, opts map[string]any, k string, v py.Object) error {
	gv, err := optionGo(v)
	if err != nil {
		return err
	}
	if strings.EqualFold(k, "kafka.bootstrap.servers") {
		if s, ok := gv.(string); ok {
			gv = in.rewriteBootstrap(s)
		}
	}
	if _, ok := opts[k]; !ok {
		*keys = append(*keys, k)
	}
	opts[k] = gv
	return nil
}

// optionMethods defines format/option/options on a builder-style class whose instances
// expose their option store through get.
func optionMethods(t *py.Type, get func(self py.Object) (*Interpreter, *string, *[]string, map[string]any)) {
	python.DefMethod(t, "format", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("format", args, kwargs, []string{"source"}, 1)
		if err != nil {
			return nil, err
		}
		f, err := asString("format", a[0])
		if err != nil {
			return nil, err
		}
		_, format, _, _ := get(self)
		*format = f
		return self, nil
	})
	python.DefMethod(t, "option", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("option", args, kwargs, []string{"key", "value"}, 2)
		if err != nil {
			return nil, err
		}
		k, err := asString("option", a[0])
		if err != nil {
			return nil, err
		}
		in, _, keys, opts := get(self)
		return self, in.option(keys, opts, k, a[1])
	})
	python.DefMethod(t, "options", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "options() takes keyword arguments: .options(subscribe=\"orders\")")
		}
		in, _, keys, opts := get(self)
		for _, k := range py.KeywordOrder(kwargs) {
			if err := in.option(keys, opts, k, kwargs[k]); err != nil {
				return nil, err
			}
		}
		return self, nil
	})
}

func init() {
	optionMethods(readerType, func(self py.Object) (*Interpreter, *string, *[]string, map[string]any) {
		r := self.(*pyReader)
		return r.in, &r.format, &r.keys, r.options
	})
	python.DefMethod(readerType, "schema", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("schema", args, kwargs, []string{"schema"}, 1)
		if err != nil {
			return nil, err
		}
		if _, err := toSchema(a[0]); err != nil {
			return nil, err
		}
		self.(*pyReader).schema = a[0]
		return self, nil
	})
	python.DefMethod(readerType, "load", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		r := self.(*pyReader)
		named, extra := splitOptions(kwargs, "path", "format", "schema")
		a, err := python.ParseArgs("load", args, named, []string{"path", "format", "schema"}, 0)
		if err != nil {
			return nil, err
		}
		if a[1] != nil && a[1] != py.None {
			if r.format, err = asString("format", a[1]); err != nil {
				return nil, err
			}
		}
		if a[2] != nil && a[2] != py.None {
			r.schema = a[2]
		}
		if err := r.in.keywordOptions(&r.keys, r.options, extra); err != nil {
			return nil, err
		}
		paths, err := pathList(a[0])
		if err != nil {
			return nil, err
		}
		return r.load(paths)
	})
	python.DefMethod(readerType, "table", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		r := self.(*pyReader)
		a, err := python.ParseArgs("table", args, kwargs, []string{"tableName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		if r.streaming {
			// The reader's options apply to the table's stream too (readChangeFeed,
			// startingVersion, maxFilesPerTrigger, ...), as PySpark's table() passes them.
			sr := r.in.spark.s.ReadStream()
			for _, k := range r.keys {
				sr = sr.Option(k, r.options[k])
			}
			return r.in.wrapDF(sr.Table(name))
		}
		return r.in.wrapDF(r.engineReader().Table(r.in.Context(), name))
	})
	for _, f := range []string{"parquet", "delta", "json", "csv", "text"} {
		f := f
		python.DefMethod(readerType, f, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return self.(*pyReader).formatShortcut(f, args, kwargs)
		})
	}
}

// formatShortcut is .json/.csv/.text/.parquet/.delta(path, schema=None, **options): the
// keyword options PySpark names (sep, header, multiLine, mode, ...) become options, None
// ones left out as PySpark leaves them.
func (r *pyReader) formatShortcut(f string, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(args) == 0 && kwargs["path"] == nil {
		return nil, py.ExceptionNewf(py.TypeError, "%s() missing 1 required positional argument: 'path'", f)
	}
	pathArg := kwargs["path"]
	if len(args) > 0 {
		pathArg = args[0]
	}
	schemaArg := kwargs["schema"]
	if len(args) > 1 && (f == "json" || f == "csv") {
		schemaArg = args[1]
	} else if len(args) > 1 {
		return nil, py.ExceptionNewf(py.TypeError, "%s() takes the path and keyword options: .%s(path, name=value)", f, f)
	}
	if rdd, ok := pathArg.(*pyRDD); ok && f == "json" && !r.streaming {
		return r.jsonRDD(rdd, schemaArg)
	}
	paths, err := pathList(pathArg)
	if err != nil {
		return nil, err
	}
	if schemaArg != nil && schemaArg != py.None {
		if _, err := toSchema(schemaArg); err != nil {
			return nil, err
		}
		r.schema = schemaArg
	}
	for _, k := range py.KeywordOrder(kwargs) {
		if k == "path" || k == "schema" || kwargs[k] == py.None {
			continue
		}
		if err := r.in.option(&r.keys, r.options, k, kwargs[k]); err != nil {
			return nil, err
		}
	}
	r.format = f
	return r.load(paths)
}

// jsonRDD is spark.read.json(rdd): an RDD of JSON strings, one record each.
func (r *pyReader) jsonRDD(rdd *pyRDD, schemaArg py.Object) (py.Object, error) {
	items, err := rdd.items()
	if err != nil {
		return nil, err
	}
	records := make([]string, len(items))
	for i, it := range items {
		s, ok := it.(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "spark.read.json(rdd) reads an RDD of JSON strings; element %d is %s", i, it.Type().Name)
		}
		records[i] = string(s)
	}
	var schema *sqltypes.StructType
	if schemaArg != nil && schemaArg != py.None {
		if schema, err = toSchema(schemaArg); err != nil {
			return nil, err
		}
	}
	return r.in.wrapDF(r.in.spark.s.JSONStrings(r.in.Context(), records, schema))
}

// splitOptions parts a call's keywords into the named parameters and the rest, which
// PySpark's load/save/saveAsTable take as **options.
func splitOptions(kwargs py.StringDict, names ...string) (named, extra py.StringDict) {
	named, extra = py.StringDict{}, py.StringDict{}
	for k, v := range kwargs {
		if slices.Contains(names, k) {
			named[k] = v
		} else {
			extra[k] = v
		}
	}
	return named, extra
}

// keywordOptions records **options in keyword order, leaving out None values as PySpark's
// OptionUtils does.
func (in *Interpreter) keywordOptions(keys *[]string, opts map[string]any, kwargs py.StringDict) error {
	for _, k := range py.KeywordOrder(kwargs) {
		if kwargs[k] == py.None {
			continue
		}
		if err := in.option(keys, opts, k, kwargs[k]); err != nil {
			return err
		}
	}
	return nil
}

// pathList reads a path argument that PySpark takes as one string or a list of them.
func pathList(o py.Object) ([]string, error) {
	switch x := o.(type) {
	case nil, py.NoneType:
		return nil, nil
	case *py.List, py.Tuple:
		return strList("path", py.Tuple{x})
	}
	p, err := asString("path", o)
	if err != nil {
		return nil, err
	}
	return []string{p}, nil
}

func (r *pyReader) engineReader() *engine.DataFrameReader {
	er := r.in.spark.s.Read().Format(r.format)
	if r.format == "" {
		er = r.in.spark.s.Read()
	}
	for _, k := range r.keys {
		er = er.Option(k, r.options[k])
	}
	return er
}

func (r *pyReader) load(paths []string) (py.Object, error) {
	if cls := r.pythonSource(); cls != nil {
		return r.loadPythonSource(cls, paths)
	}
	var st *sqltypes.StructType
	if r.schema != nil {
		s, err := toSchema(r.schema)
		if err != nil {
			return nil, err
		}
		if _, ok := r.schema.(py.String); ok {
			s = s.AsNullable()
		}
		st = s
	}
	if r.streaming {
		sr := r.in.spark.s.ReadStream()
		if r.format != "" {
			sr = sr.Format(r.format)
		}
		for _, k := range r.keys {
			sr = sr.Option(k, r.options[k])
		}
		if st != nil {
			sr = sr.Schema(st)
		}
		return r.in.wrapDF(sr.Load(paths...))
	}
	er := r.engineReader()
	if st != nil {
		er = er.Schema(st)
	}
	return r.in.wrapDF(er.Load(r.in.Context(), paths...))
}

// pyDFWriter is df.write.
type pyDFWriter struct {
	d      *pyDataFrame
	format string
	mode   string
	keys   []string
	opts   map[string]any
	parts  []string
	// buckets and bucketCols are bucketBy's (buckets 0 when not called), sortCols sortBy's.
	buckets    int64
	bucketCols []string
	sortCols   []string
}

// checkBucketing is Spark's DataFrameWriter check before a write: save() (and its format
// shorthands) takes no bucketing, and sortBy needs bucketBy.
func (w *pyDFWriter) checkBucketing(operation string) error {
	switch {
	case w.bucketCols != nil && w.sortCols != nil && operation == "save":
		return engineError(sparkerrors.New(sparkerrors.AnalysisException, "_LEGACY_ERROR_TEMP_1313", "operation", operation))
	case w.bucketCols != nil && operation == "save":
		return engineError(sparkerrors.New(sparkerrors.AnalysisException, "_LEGACY_ERROR_TEMP_1312", "operation", operation))
	case w.sortCols != nil && w.bucketCols == nil:
		return engineError(sparkerrors.New(sparkerrors.AnalysisException, "SORT_BY_WITHOUT_BUCKETING"))
	case w.bucketCols != nil:
		return engineError(&plan.UnsupportedError{Message: "kafkalab does not support DataFrameWriter.bucketBy with " + operation + ": its tables are not bucketed (run this script on real Spark with kafkalab export)"})
	}
	return nil
}

var writerType = py.NewType("DataFrameWriter", "df.write: saves a DataFrame (kafka, delta, parquet).")

func (w *pyDFWriter) Type() *py.Type { return writerType }
func (w *pyDFWriter) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DataFrameWriter", name)
}

func (in *Interpreter) newWriter(d *pyDataFrame) (py.Object, error) {
	return &pyDFWriter{d: d, opts: map[string]any{}}, nil
}

func (w *pyDFWriter) engineWriter() *engine.DataFrameWriter {
	ew := w.d.df.Write()
	if w.format != "" {
		ew = ew.Format(w.format)
	}
	if w.mode != "" {
		ew = ew.Mode(w.mode)
	}
	for _, k := range w.keys {
		ew = ew.Option(k, w.opts[k])
	}
	if len(w.parts) > 0 {
		ew = ew.PartitionBy(w.parts...)
	}
	return ew
}

func init() {
	optionMethods(writerType, func(self py.Object) (*Interpreter, *string, *[]string, map[string]any) {
		w := self.(*pyDFWriter)
		return w.d.in, &w.format, &w.keys, w.opts
	})
	python.DefMethod(writerType, "mode", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("mode", args, kwargs, []string{"saveMode"}, 1)
		if err != nil {
			return nil, err
		}
		m, err := asString("mode", a[0])
		if err != nil {
			return nil, err
		}
		self.(*pyDFWriter).mode = m
		return self, nil
	})
	python.DefMethod(writerType, "partitionBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		cols, err := strList("partitionBy", args)
		if err != nil {
			return nil, err
		}
		self.(*pyDFWriter).parts = cols
		return self, nil
	})
	python.DefMethod(writerType, "bucketBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		var num py.Object = kwargs["numBuckets"]
		rest := args
		if num == nil && len(args) > 0 {
			num, rest = args[0], args[1:]
		}
		if c, ok := kwargs["col"]; ok {
			rest = append(py.Tuple{c}, rest...)
		}
		if num == nil || len(rest) == 0 {
			return nil, py.ExceptionNewf(py.TypeError, "DataFrameWriter.bucketBy() missing required arguments: 'numBuckets' and 'col'")
		}
		n, ok := num.(py.Int)
		if !ok {
			return nil, notExpectedTypeArgFirst("numBuckets", "int", num)
		}
		cols, err := strList("col", rest)
		if err != nil {
			return nil, err
		}
		w := self.(*pyDFWriter)
		w.buckets, w.bucketCols = int64(n), cols
		return self, nil
	})
	python.DefMethod(writerType, "sortBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		cols, err := strList("col", args)
		if err != nil {
			return nil, err
		}
		self.(*pyDFWriter).sortCols = cols
		return self, nil
	})
	save := func(w *pyDFWriter, path py.Object, kwargs py.StringDict) (py.Object, error) {
		if err := w.checkBucketing("save"); err != nil {
			return nil, err
		}
		if f, ok := kwargs["format"].(py.String); ok {
			w.format = string(f)
		}
		if m, ok := kwargs["mode"].(py.String); ok {
			w.mode = string(m)
		}
		if pb, ok := kwargs["partitionBy"]; ok && pb != nil && pb != py.None {
			cols, err := strList("partitionBy", py.Tuple{pb})
			if err != nil {
				return nil, err
			}
			w.parts = cols
		}
		var paths []string
		if path != nil && path != py.None {
			p, err := asString("path", path)
			if err != nil {
				return nil, err
			}
			paths = append(paths, p)
		}
		in := w.d.in
		if err := w.engineWriter().Save(in.Context(), paths...); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	}
	python.DefMethod(writerType, "save", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		w := self.(*pyDFWriter)
		named, extra := splitOptions(kwargs, "path", "format", "mode", "partitionBy")
		a, err := python.ParseArgs("save", args, named, []string{"path", "format", "mode", "partitionBy"}, 0)
		if err != nil {
			return nil, err
		}
		if err := w.d.in.keywordOptions(&w.keys, w.opts, extra); err != nil {
			return nil, err
		}
		kw := py.StringDict{}
		if a[1] != nil {
			kw["format"] = a[1]
		}
		if a[2] != nil {
			kw["mode"] = a[2]
		}
		if a[3] != nil {
			kw["partitionBy"] = a[3]
		}
		f := w.format
		if fs, ok := a[1].(py.String); ok {
			f = string(fs)
		}
		if err := w.d.in.refusePythonWriter(f, "DataSource.writer"); err != nil {
			return nil, err
		}
		return save(w, a[0], kw)
	})
	for _, f := range []string{"parquet", "delta", "json", "csv", "text"} {
		f := f
		python.DefMethod(writerType, f, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			w := self.(*pyDFWriter)
			// PySpark's keyword options (header, sep, compression, ...) become options.
			rest := py.StringDict{}
			for _, k := range py.KeywordOrder(kwargs) {
				switch k {
				case "path", "mode":
					rest[k] = kwargs[k]
				case "partitionBy":
					if kwargs[k] != py.None {
						rest[k] = kwargs[k]
					}
				default:
					if kwargs[k] == py.None {
						continue
					}
					if err := w.d.in.option(&w.keys, w.opts, k, kwargs[k]); err != nil {
						return nil, err
					}
				}
			}
			a, err := python.ParseArgs(f, args, rest, []string{"path", "mode", "partitionBy"}, 1)
			if err != nil {
				return nil, err
			}
			kw := py.StringDict{"format": py.String(f)}
			if a[1] != nil {
				kw["mode"] = a[1]
			}
			if a[2] != nil {
				kw["partitionBy"] = a[2]
			}
			return save(w, a[0], kw)
		})
	}
	python.DefMethod(writerType, "saveAsTable", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		w := self.(*pyDFWriter)
		named, extra := splitOptions(kwargs, "name", "format", "mode", "partitionBy")
		a, err := python.ParseArgs("saveAsTable", args, named, []string{"name", "format", "mode", "partitionBy"}, 1)
		if err != nil {
			return nil, err
		}
		if err := w.d.in.keywordOptions(&w.keys, w.opts, extra); err != nil {
			return nil, err
		}
		if a[3] != nil && a[3] != py.None {
			if w.parts, err = strList("partitionBy", py.Tuple{a[3]}); err != nil {
				return nil, err
			}
		}
		name, err := asString("name", a[0])
		if err != nil {
			return nil, err
		}
		if f, ok := a[1].(py.String); ok {
			w.format = string(f)
		}
		if m, ok := a[2].(py.String); ok {
			w.mode = string(m)
		}
		if w.format == "" {
			w.format = "delta"
		}
		if err := w.checkBucketing("saveAsTable"); err != nil {
			return nil, err
		}
		if err := w.engineWriter().SaveAsTable(w.d.in.Context(), name); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
}

// pyStreamWriter is df.writeStream.
type pyStreamWriter struct {
	d         *pyDataFrame
	format    string
	keys      []string
	opts      map[string]any
	mode      string
	trigger   *engine.Trigger
	queryName string
	parts     []string
	foreach   py.Object // foreachBatch's function
	perRow    *foreachWriter
}

var streamWriterType = py.NewType("DataStreamWriter", "df.writeStream: starts a streaming query.")

func (w *pyStreamWriter) Type() *py.Type { return streamWriterType }
func (w *pyStreamWriter) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DataStreamWriter", name)
}

func (in *Interpreter) newStreamWriter(d *pyDataFrame) (py.Object, error) {
	return &pyStreamWriter{d: d, opts: map[string]any{}}, nil
}

func init() {
	optionMethods(streamWriterType, func(self py.Object) (*Interpreter, *string, *[]string, map[string]any) {
		w := self.(*pyStreamWriter)
		return w.d.in, &w.format, &w.keys, w.opts
	})
	str1 := func(name string, set func(w *pyStreamWriter, v string)) {
		python.DefMethod(streamWriterType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"value"}, 1)
			if err != nil {
				return nil, err
			}
			v, err := asString(name, a[0])
			if err != nil {
				return nil, err
			}
			set(self.(*pyStreamWriter), v)
			return self, nil
		})
	}
	python.DefMethod(streamWriterType, "outputMode", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("outputMode", args, kwargs, []string{"outputMode"}, 1)
		if err != nil {
			return nil, err
		}
		if err := self.(*pyStreamWriter).setOutputMode(a[0]); err != nil {
			return nil, err
		}
		return self, nil
	})
	str1("queryName", func(w *pyStreamWriter, v string) { w.queryName = v })
	python.DefMethod(streamWriterType, "partitionBy", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		cols, err := strList("partitionBy", args)
		if err != nil {
			return nil, err
		}
		self.(*pyStreamWriter).parts = cols
		return self, nil
	})
	python.DefMethod(streamWriterType, "trigger", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("trigger", args, kwargs, []string{"processingTime", "once", "continuous", "availableNow", "realTime"}, 0)
		if err != nil {
			return nil, err
		}
		set := 0
		for _, v := range a {
			if v != nil && v != py.None {
				set++
			}
		}
		if set != 1 {
			return nil, raise(sparkerrors.PySparkValueError, "ONLY_ALLOW_SINGLE_TRIGGER")
		}
		nonEmpty := func(name string, v py.Object) (string, error) {
			s, ok := v.(py.String)
			if !ok || strings.TrimSpace(string(s)) == "" {
				text, err := py.StrAsString(v)
				if err != nil {
					return "", err
				}
				return "", raise(sparkerrors.PySparkValueError, "VALUE_NOT_NON_EMPTY_STR", "arg_name", name, "arg_value", text)
			}
			return strings.TrimSpace(string(s)), nil
		}
		mustTrue := func(name string, v py.Object) error {
			if v == py.True {
				return nil
			}
			text, err := py.StrAsString(v)
			if err != nil {
				return err
			}
			return raise(sparkerrors.PySparkValueError, "VALUE_NOT_TRUE", "arg_name", name, "arg_value", text)
		}
		var t engine.Trigger
		switch {
		case a[0] != nil && a[0] != py.None:
			if t.ProcessingTime, err = nonEmpty("processingTime", a[0]); err != nil {
				return nil, err
			}
		case a[1] != nil && a[1] != py.None:
			if err := mustTrue("once", a[1]); err != nil {
				return nil, err
			}
			t.Once = true
		case a[2] != nil && a[2] != py.None:
			if t.Continuous, err = nonEmpty("continuous", a[2]); err != nil {
				return nil, err
			}
		case a[3] != nil && a[3] != py.None:
			if err := mustTrue("availableNow", a[3]); err != nil {
				return nil, err
			}
			t.AvailableNow = true
		default:
			if _, err := nonEmpty("realTime", a[4]); err != nil {
				return nil, err
			}
			return nil, python.Unsupported("trigger(realTime=...)", "use trigger(processingTime=...) or trigger(availableNow=True)")
		}
		if err := t.Check(); err != nil {
			return nil, engineError(err)
		}
		self.(*pyStreamWriter).trigger = &t
		return self, nil
	})
	python.DefMethod(streamWriterType, "foreachBatch", foreachBatch)
	python.DefMethod(streamWriterType, "foreach", foreach)
	python.DefMethod(streamWriterType, "start", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		w := self.(*pyStreamWriter)
		a, err := python.ParseArgs("start", args, kwargs, []string{"path", "format", "outputMode", "partitionBy", "queryName"}, 0)
		if err != nil {
			return nil, err
		}
		if err := w.kwSettings(a[1], a[2], a[4]); err != nil {
			return nil, err
		}
		if err := w.d.in.refusePythonWriter(w.format, "DataSource.streamWriter"); err != nil {
			return nil, err
		}
		var paths []string
		if a[0] != nil && a[0] != py.None {
			p, err := asString("path", a[0])
			if err != nil {
				return nil, err
			}
			paths = append(paths, p)
		}
		in := w.d.in
		q, err := w.engineWriter().Start(context.Background(), paths...)
		return in.wrapQuery(q, w.d.df, err)
	})
	python.DefMethod(streamWriterType, "toTable", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		w := self.(*pyStreamWriter)
		a, err := python.ParseArgs("toTable", args, kwargs, []string{"tableName", "format", "outputMode", "partitionBy", "queryName"}, 1)
		if err != nil {
			return nil, err
		}
		if err := w.kwSettings(a[1], a[2], a[4]); err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		in := w.d.in
		q, err := w.engineWriter().ToTable(context.Background(), name)
		return in.wrapQuery(q, w.d.df, err)
	})
}

// setOutputMode is outputMode(mode): PySpark refuses an empty or non-str mode, Spark an
// unknown one, both at the call.
func (w *pyStreamWriter) setOutputMode(o py.Object) error {
	s, ok := o.(py.String)
	if !ok || strings.TrimSpace(string(s)) == "" {
		v, err := py.StrAsString(o)
		if err != nil {
			return err
		}
		return raise(sparkerrors.PySparkValueError, "VALUE_NOT_NON_EMPTY_STR", "arg_name", "outputMode", "arg_value", v)
	}
	if _, err := engine.ParseOutputMode(string(s)); err != nil {
		return engineError(err)
	}
	w.mode = string(s)
	return nil
}

func (w *pyStreamWriter) kwSettings(format, mode, name py.Object) error {
	var err error
	if format != nil && format != py.None {
		if w.format, err = asString("format", format); err != nil {
			return err
		}
	}
	if mode != nil && mode != py.None {
		if err := w.setOutputMode(mode); err != nil {
			return err
		}
	}
	if name != nil && name != py.None {
		if w.queryName, err = asString("queryName", name); err != nil {
			return err
		}
	}
	return nil
}

func (w *pyStreamWriter) engineWriter() *engine.DataStreamWriter {
	ew := w.d.df.WriteStream()
	if w.format != "" {
		ew = ew.Format(w.format)
	}
	for _, k := range w.keys {
		ew = ew.Option(k, w.opts[k])
	}
	if w.mode != "" {
		ew = ew.OutputMode(w.mode)
	}
	if w.trigger != nil {
		ew = ew.Trigger(*w.trigger)
	}
	if w.queryName != "" {
		ew = ew.QueryName(w.queryName)
	}
	if len(w.parts) > 0 {
		ew = ew.PartitionBy(w.parts...)
	}
	if w.foreach != nil {
		ew = ew.ForeachBatch(w.d.in.foreachBatchFunc(w.foreach))
	}
	if w.perRow != nil {
		ew = ew.Foreach(w.d.in.foreachFunc(w.perRow))
	}
	return ew
}

// rewriteBootstrap applies Config.Bootstrap and Config.BootstrapRewrite to a servers list.
func (in *Interpreter) rewriteBootstrap(servers string) string {
	if in.cfg.Bootstrap != "" {
		return in.cfg.Bootstrap
	}
	if len(in.cfg.BootstrapRewrite) == 0 {
		return servers
	}
	parts := strings.Split(servers, ",")
	for i, p := range parts {
		if to, ok := in.cfg.BootstrapRewrite[strings.TrimSpace(p)]; ok {
			parts[i] = to
		}
	}
	return strings.Join(parts, ",")
}
