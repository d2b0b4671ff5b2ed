package pyspark

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// The Python Data Source API: spark.dataSource.register(cls) names a learner's DataSource
// class; spark.read.format(name).load() runs its reader in this interpreter and
// spark.readStream.format(name).load() runs its stream reader as a stream.Source. The base
// classes and adapters are Python (datasource_py.go); this file is the glue.

// dataSourceHelpers are the Python objects pyspark.sql.datasource hands over when it loads.
type dataSourceHelpers struct {
	base, options, partitions, stream py.Object
}

func init() {
	bindings["pyspark.sql.datasource"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		hook := py.MustNewMethod("_datasource_helpers", func(self py.Object, args py.Tuple) (py.Object, error) {
			if len(args) != 4 {
				return nil, py.ExceptionNewf(py.TypeError, "_datasource_helpers takes 4 objects")
			}
			in.dsHelpers = &dataSourceHelpers{base: args[0], options: args[1], partitions: args[2], stream: args[3]}
			return py.None, nil
		}, 0, "")
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "The Python Data Source API", FileDesc: "<pyspark.sql.datasource>"},
			Methods: []*py.Method{hook}, CodeSrc: dataSourceSource}, nil
	}
	bindings["pyspark.sql.streaming.datasource"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Read limits of Python streaming data sources", FileDesc: "<pyspark.sql.streaming.datasource>"},
			CodeSrc: streamingDataSourceSource}, nil
	}
	sessionProp("dataSource", func(s *pySession) (py.Object, error) { return &pyDataSourceRegistration{in: s.in}, nil })
	python.DefMethod(dataSourceRegistrationType, "register", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		in := self.(*pyDataSourceRegistration).in
		a, err := python.ParseArgs("register", args, kwargs, []string{"dataSource"}, 1)
		if err != nil {
			return nil, err
		}
		cls, ok := a[0].(*py.Type)
		if !ok || in.dsHelpers == nil || !cls.IsSubtype(in.dsHelpers.base.(*py.Type)) {
			return nil, pyerrors.NotExpectedType("dataSource", "a subclass of DataSource", a[0])
		}
		nameFn, err := py.GetAttrString(cls, "name")
		if err != nil {
			return nil, err
		}
		n, err := py.Call(nameFn, nil, nil)
		if err != nil {
			return nil, err
		}
		name, err := asString("name()", n)
		if err != nil {
			return nil, err
		}
		if in.dataSources == nil {
			in.dataSources = map[string]*py.Type{}
		}
		// Spark looks data sources up by name case-insensitively.
		in.dataSources[strings.ToLower(name)] = cls
		return py.None, nil
	})
}

type pyDataSourceRegistration struct{ in *Interpreter }

var dataSourceRegistrationType = py.NewType("DataSourceRegistration", "spark.dataSource: registers Python data sources")

func (r *pyDataSourceRegistration) Type() *py.Type { return dataSourceRegistrationType }

// pythonSource is the class registered under the reader's format, nil for other formats.
func (r *pyReader) pythonSource() *py.Type {
	if r.in.dataSources == nil {
		return nil
	}
	return r.in.dataSources[strings.ToLower(r.format)]
}

// refusePythonWriter says plainly that writing to a registered Python data source is not
// in kafkalab yet (reading is), pointing at kafkalab export to run it on real Spark.
func (in *Interpreter) refusePythonWriter(format, api string) error {
	if in.dataSources == nil || in.dataSources[strings.ToLower(format)] == nil {
		return nil
	}
	return python.Unsupported("writing to a Python data source ("+api+", format "+strconv.Quote(format)+") yet: it runs their readers only; "+
		"run the script on real Spark with `kafkalab export`", "write from a foreachBatch function instead")
}

// openDataSource makes the learner's DataSource with the reader's options and settles the
// schema: the caller's .schema(...) wins over DataSource.schema().
func (r *pyReader) openDataSource(cls *py.Type, paths []string) (ds py.Object, st *sqltypes.StructType, pySchema py.Object, err error) {
	opts := py.NewDict()
	keys := append([]string(nil), r.keys...)
	sort.Strings(keys)
	for _, k := range keys {
		if _, err := opts.M__setitem__(py.String(k), py.String(optionText(r.options[k]))); err != nil {
			return nil, nil, nil, err
		}
	}
	if len(paths) > 0 {
		if _, err := opts.M__setitem__(py.String("path"), py.String(paths[0])); err != nil {
			return nil, nil, nil, err
		}
	}
	ci, err := py.Call(r.in.dsHelpers.options, py.Tuple{opts}, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	if ds, err = py.Call(cls, py.Tuple{ci}, nil); err != nil {
		return nil, nil, nil, err
	}
	schemaObj := r.schema
	if schemaObj == nil {
		m, err := py.GetAttrString(ds, "schema")
		if err != nil {
			return nil, nil, nil, err
		}
		if schemaObj, err = py.Call(m, nil, nil); err != nil {
			return nil, nil, nil, err
		}
	}
	if st, err = toSchema(schemaObj); err != nil {
		return nil, nil, nil, err
	}
	if _, ok := schemaObj.(py.String); ok {
		st = st.AsNullable()
	}
	return ds, st, wrapDataType(st), nil
}

// optionText is an option value as Spark stores it: a string ("7", "true").
func optionText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// callMethod is obj.name(*args).
func callMethod(obj py.Object, name string, args ...py.Object) (py.Object, error) {
	m, err := py.GetAttrString(obj, name)
	if err != nil {
		return nil, err
	}
	return py.Call(m, py.Tuple(args), nil)
}

// loadPythonSource is spark.read.format(name).load() for a registered Python source: the
// reader runs now, on the script's goroutine, one engine task per input partition.
func (r *pyReader) loadPythonSource(cls *py.Type, paths []string) (py.Object, error) {
	ds, st, pySchema, err := r.openDataSource(cls, paths)
	if err != nil {
		return nil, err
	}
	if r.streaming {
		w, err := py.Call(r.in.dsHelpers.stream, py.Tuple{ds, pySchema}, nil)
		if err != nil {
			return nil, err
		}
		name := cls.Name
		src := &pySource{in: r.in, w: w, st: st, name: name, dsName: r.format}
		return r.in.wrapDF(r.in.spark.s.StreamFromSource(name, st, func() (stream.Source, error) { return src.fresh(), nil }), nil)
	}
	reader, err := callMethod(ds, "reader", pySchema)
	if err != nil {
		return nil, err
	}
	parts, err := py.Call(r.in.dsHelpers.partitions, py.Tuple{reader}, nil)
	if err != nil {
		return nil, err
	}
	var tasks [][]sqltypes.Row
	for _, p := range parts.(*py.List).Items {
		rows, err := r.in.readPartition(reader, p, st, r.format)
		if err != nil {
			// Spark runs read() in a Python worker: its failure reaches the script as
			// PythonException with the worker's traceback.
			werr := r.in.pythonWorkerError(err, false)
			se, _ := sparkerrors.As(werr)
			return nil, pyerrors.WithGoError(pyerrors.FromError(se), werr)
		}
		tasks = append(tasks, rows)
	}
	return r.in.wrapDF(r.in.spark.s.CreateDataFrameTasks("PythonDataSource", tasks, st))
}

// readPartition runs reader.read(partition) and checks each row as PySpark's worker does:
// a tuple, list or Row with one value per column.
func (in *Interpreter) readPartition(reader, partition py.Object, st *sqltypes.StructType, name string) ([]sqltypes.Row, error) {
	it, err := callMethod(reader, "read", partition)
	if err != nil {
		return nil, err
	}
	var rows []sqltypes.Row
	var rowErr error
	loc := in.location()
	iterErr := py.Iterate(it, func(o py.Object) bool {
		switch x := o.(type) {
		case py.Tuple, *py.List, *pyRow:
			n, err := py.Len(x)
			if err != nil {
				rowErr = err
				return true
			}
			if int(n.(py.Int)) != len(st.Fields) {
				rowErr = pyerrors.New(sparkerrors.PySparkRuntimeError, "DATA_SOURCE_RETURN_SCHEMA_MISMATCH",
					"expected", strconv.Itoa(len(st.Fields)), "actual", strconv.Itoa(int(n.(py.Int))))
				return true
			}
		default:
			rowErr = pyerrors.New(sparkerrors.PySparkRuntimeError, "DATA_SOURCE_INVALID_RETURN_TYPE",
				"type", o.Type().Name, "name", name, "supported_types", "tuple, list, `pyspark.sql.types.Row`")
			return true
		}
		row, err := rowFromPython("", o, st, loc)
		if err != nil {
			rowErr = err
			return true
		}
		rows = append(rows, row)
		return false
	})
	if iterErr != nil {
		return nil, iterErr
	}
	return rows, rowErr
}

// pySource is a Python stream reader as the engine's stream.Source. Every call into Python
// takes the interpreter lock: the executor calls from the query's goroutine while the
// script waits in awaitTermination or processAllAvailable. Rows are read when the batch is
// planned, so a foreachBatch function (which holds the lock) never waits on the reader.
type pySource struct {
	in           *Interpreter
	w            py.Object // the _KLStream adapter
	st           *sqltypes.StructType
	name, dsName string

	hash         uint32 // Description's identity hash
	availableNow bool
	target       string // the availableNow end, once fetched
	latest       string
}

// fresh is the source for one run of a query (the adapter and its reader are shared, as
// PySpark's driver-side reader is per query).
func (s *pySource) fresh() *pySource {
	return &pySource{in: s.in, w: s.w, st: s.st, name: s.name, dsName: s.dsName, hash: streamSeq.Add(1) * 2654435761}
}

// call runs obj.name(args) under the interpreter lock and gives its result.
func (s *pySource) call(name string, args ...py.Object) (py.Object, error) {
	var out py.Object
	err := s.in.Locked(func() error {
		var err error
		out, err = callMethod(s.w, name, args...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("python data source %s: %s() failed: %w", s.dsName, name, err)
	}
	return out, nil
}

// Description is what Spark 4.2 prints for a Python stream (checked on PySpark 4.2 with
// pyarrow, stream and simple readers alike): PythonMicroBatchStreamWithAdmissionControl
// keeps Java's default toString, the class name and an identity hash (here a number per
// stream).
func (s *pySource) Description() string {
	return fmt.Sprintf("org.apache.spark.sql.execution.datasources.v2.python.PythonMicroBatchStreamWithAdmissionControl@%x", s.hash)
}

// streamSeq numbers Python streams for their Description's identity hash.
var streamSeq atomic.Uint32

func (s *pySource) Schema() *sqltypes.StructType { return s.st }

func (s *pySource) InitialOffsets(ctx context.Context) (string, error) {
	o, err := s.call("initial")
	if err != nil {
		return "", err
	}
	return string(o.(py.String)), nil
}

func (s *pySource) PrepareForAvailableNow(ctx context.Context) error {
	s.availableNow = true
	return nil
}

// LatestOffsets asks latestOffset(start, limit): the reader's default limit, or
// ReadAllAvailable under availableNow, whose first answer is then the query's end.
func (s *pySource) LatestOffsets(ctx context.Context, start string) (string, error) {
	if s.availableNow && s.target != "" {
		return s.target, nil
	}
	o, err := s.call("latest", py.String(start), py.NewBool(s.availableNow))
	if err != nil {
		return "", err
	}
	end := string(o.(py.String))
	if s.availableNow {
		s.target = end
	}
	rep, err := s.call("report")
	if err != nil {
		return "", err
	}
	if rs, ok := rep.(py.String); ok {
		s.latest = string(rs)
	} else {
		s.latest = end
	}
	return end, nil
}

// LatestOffsetsUnlimited is trigger(once=True): ReadAllAvailable.
func (s *pySource) LatestOffsetsUnlimited(ctx context.Context, start string) (string, error) {
	s.availableNow = true
	return s.LatestOffsets(ctx, start)
}

func (s *pySource) ReportLatestOffset() string { return s.latest }

func (s *pySource) PlanTasks(ctx context.Context, start, end string) ([]stream.SourceTask, error) {
	if start == end {
		return nil, nil
	}
	var tasks []stream.SourceTask
	err := s.in.Locked(func() error {
		parts, err := callMethod(s.w, "partitions", py.String(start), py.String(end))
		if err != nil {
			return err
		}
		reader, err := py.GetAttrString(s.w, "r")
		if err != nil {
			return err
		}
		for i, p := range parts.(*py.List).Items {
			rows, err := s.in.readPartition(reader, p, s.st, s.dsName)
			if err != nil {
				return s.in.pythonWorkerError(err, true)
			}
			tasks = append(tasks, &pySourceTask{desc: fmt.Sprintf("%s partition %d", s.dsName, i), rows: rows})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("python data source %s: reading [%s, %s): %w", s.dsName, start, end, err)
	}
	return tasks, nil
}

// OpenMetadata makes the source keep its own (empty) folder: Spark asks a Python reader for
// its initialOffset on every run and writes no sources/0/0 for it.
func (s *pySource) OpenMetadata(dir string) error { return nil }

// Commit is the reader's commit(end), once the batch ending there is behind the query.
func (s *pySource) Commit(end string) error {
	_, err := s.call("commit", py.String(end))
	return err
}

func (s *pySource) Close() error {
	_, err := s.call("stop")
	return err
}

// pySourceTask serves one input partition's rows, read when the batch was planned.
type pySourceTask struct {
	desc string
	rows []sqltypes.Row
}

func (t *pySourceTask) Description() string { return t.desc }

func (t *pySourceTask) Open(chunkRows int) rowiter.Iter {
	return rowiter.SliceChunks(t.rows, chunkRows)
}
