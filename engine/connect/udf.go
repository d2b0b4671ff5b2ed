package connect

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Python UDFs (udf, @udf, spark.udf.register) reach the server as a PythonUDF: the function
// and its return type pickled by pyspark's CloudPickleSerializer. The learner's Python runs
// them in a worker process of the session: pyspark unpickles the function, a projection's
// chunk of rows travels as one Arrow batch (as Spark feeds its worker batches, not a row per
// round trip), read back into Python values as pyspark's collect() does for udf/@udf or into
// pandas Series for pandas_udf, and the results come back as Arrow after Spark's conversion
// of a Python UDF's result to its return type (a value of another kind is NULL).

// Eval types of pyspark's PythonEvalType this server runs. pyspark-client 4.2 sends 100 for
// udf/@udf (101 with useArrow=True or spark.sql.execution.pythonUDF.arrow.enabled), 200
// for a Series-to-Series pandas_udf and 204 for an Iterator[Series] one.
const (
	evalBatchedUDF          = 100 // SQL_BATCHED_UDF
	evalArrowBatchedUDF     = 101 // SQL_ARROW_BATCHED_UDF
	evalScalarPandasUDF     = 200 // SQL_SCALAR_PANDAS_UDF
	evalScalarPandasIterUDF = 204 // SQL_SCALAR_PANDAS_ITER_UDF
)

// maxUDFBatch caps the rows of one request to the worker, as Spark's
// spark.sql.execution.arrow.maxRecordsPerBatch (10000) caps an Arrow batch.
const maxUDFBatch = 10000

// udfWorkerScript is the worker's main loop. Requests and answers are length-prefixed on
// file descriptors 3 (in) and 4 (out), so the function's prints stay on stdout.
const udfWorkerScript = `# kafkalab's Python worker
import json, os, struct, sys, traceback
import pyarrow as pa
from pyspark.serializers import CloudPickleSerializer
from pyspark.sql.types import (StructType, StructField, StringType, BooleanType, ByteType,
    ShortType, IntegerType, LongType, FloatType, DoubleType)
from pyspark.sql.conversion import ArrowTableToRowsConversion, LocalDataToArrowConversion

inp = os.fdopen(3, "rb")
out = os.fdopen(4, "wb")

def read_frame():
    head = inp.read(4)
    if len(head) < 4:
        sys.exit(0)
    (n,) = struct.unpack(">i", head)
    return inp.read(n)

def write_frame(code, data):
    out.write(struct.pack(">ii", code, len(data)))
    out.write(data)
    out.flush()

mode = read_frame().decode()
eval_type = 100
command_bytes = read_frame()
if mode == "udf":
    # A pooled worker: each request names its function, as a Spark task ships its own.
    func, return_type = None, None
else:
    # writeStream.foreach: pyspark's (func, profiler, deserializer, serializer), func taking
    # a partition id and an iterator of rows.
    func, return_type = CloudPickleSerializer().loads(command_bytes)[0], None
    from pyspark.taskcontext import TaskContext
result_schema = None
widths = {ByteType: 8, ShortType: 16, IntegerType: 32, LongType: 64}

def java_text(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)

def as_return_type(v):
    # Spark converts what the worker pickles back: another kind of value is NULL,
    # integers wrap to the type's width, a string type takes the value's text.
    if v is None:
        return None
    t = type(return_type)
    if t in widths:
        if not isinstance(v, int) or isinstance(v, bool):
            return None
        bits = widths[t]
        v &= (1 << bits) - 1
        return v - (1 << bits) if v >> (bits - 1) else v
    if t in (FloatType, DoubleType):
        return v if isinstance(v, float) else None
    if t is BooleanType:
        return v if isinstance(v, bool) else None
    if t is StringType:
        return v if isinstance(v, str) else java_text(v)
    return v

def arrow_bytes(table):
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as w:
        w.write_table(table)
    return sink.getvalue().to_pybytes()

def encode(values):
    try:
        return arrow_bytes(LocalDataToArrowConversion.convert([(v,) for v in values], result_schema, False))
    except Exception:
        pass
    # A value the return type cannot hold is NULL, row by row.
    out = []
    for v in values:
        try:
            LocalDataToArrowConversion.convert([(v,)], result_schema, False)
            out.append((v,))
        except Exception:
            out.append((None,))
    return arrow_bytes(LocalDataToArrowConversion.convert(out, result_schema, False))

def pandas_results(table, n):
    # pandas_udf: the batch's columns as pandas Series (Arrow's conversion, as Spark's
    # ArrowStreamPandasSerializer makes them), the function's Series back through Arrow,
    # checked as pyspark's worker checks them (same error classes).
    from pyspark.errors import PySparkRuntimeError, PySparkTypeError
    from pyspark.sql.pandas.types import to_arrow_type
    series = [table.column(k).to_pandas() for k in range(table.num_columns)]
    if eval_type == 200:
        results = [func(*series)]
        if not hasattr(results[0], "__len__"):
            raise PySparkTypeError(errorClass="UDF_RETURN_TYPE",
                messageParameters={"expected": "pandas.Series", "actual": type(results[0]).__name__})
    else:
        # SQL_SCALAR_PANDAS_ITER_UDF: an iterator of batches in, one of results out.
        results = list(func(iter([series[0] if len(series) == 1 else tuple(series)])))
    got = sum(len(r) for r in results)
    if got != n:
        raise PySparkRuntimeError(errorClass="SCHEMA_MISMATCH_FOR_PANDAS_UDF",
            messageParameters={"udf_type": "pandas_udf", "expected": str(n), "actual": str(got)})
    t = to_arrow_type(return_type)
    column = pa.chunked_array([pa.Array.from_pandas(r, type=t) for r in results], type=t)
    return arrow_bytes(pa.table({"r": column}))

def frame_arrays(r, names, target):
    # A pandas DataFrame the function returned, matched to the schema as pyspark's worker
    # does: only the schema's width of columns counts (more are left out); string labels
    # are matched as a set of names, others by position; cast to the schema's Arrow types.
    from pyspark.errors import PySparkRuntimeError
    cols = list(r.columns[:len(names)])
    by_name = any(isinstance(c, str) for c in r.columns)
    if by_name and set(cols) != set(names):
        missing = sorted(set(names) - set(cols))
        extra = sorted(set(cols) - set(names))
        raise PySparkRuntimeError(errorClass="RESULT_COLUMN_NAMES_MISMATCH", messageParameters={
            "missing": " Missing: %s." % ", ".join(missing) if missing else "",
            "extra": " Unexpected: %s." % ", ".join(extra) if extra else ""})
    if len(cols) != len(names):
        raise PySparkRuntimeError(errorClass="RESULT_COLUMN_SCHEMA_MISMATCH",
            messageParameters={"expected": str(len(names)), "actual": str(len(r.columns))})
    series = [r[n] for n in names] if by_name else [r.iloc[:, k] for k in range(len(names))]
    return [pa.Array.from_pandas(s, type=target.field(k).type, safe=False) for k, s in enumerate(series)]

def group_results(table, nkeys):
    # groupBy(...).applyInPandas (201): one group's rows as a pandas DataFrame (without
    # the grouping values the server appended), and, for a function of two parameters,
    # the group's key first: a tuple of the grouping values as pandas gives them.
    import inspect
    import pandas as pd
    from pyspark.errors import PySparkTypeError
    from pyspark.sql.pandas.types import to_arrow_schema
    target = to_arrow_schema(return_type)
    names = [f.name for f in return_type.fields]
    n = table.num_columns - nkeys
    pdf = table.select(list(range(n))).to_pandas()
    if len(inspect.signature(func).parameters) == 2:
        key = tuple(table.column(n + i).to_pandas()[0] for i in range(nkeys))
        r = func(key, pdf)
    else:
        r = func(pdf)
    if not isinstance(r, pd.DataFrame):
        raise PySparkTypeError(errorClass="UDF_RETURN_TYPE",
            messageParameters={"expected": "pandas.DataFrame", "actual": type(r).__name__})
    if r.empty and len(r.columns) == 0:
        return arrow_bytes(target.empty_table())
    return arrow_bytes(pa.Table.from_arrays(frame_arrays(r, names, target), schema=target))

def map_results(table):
    # mapInPandas (205) / mapInArrow (207): the task's rows as an iterator of pandas
    # DataFrames or Arrow record batches (10000 rows at most each, Spark's
    # maxRecordsPerBatch; none for an empty task); each one the function yields is matched
    # to the schema as pyspark's worker does: by name when every column label is a string,
    # else by position, and cast to the schema's Arrow types.
    import pandas as pd
    from pyspark.errors import PySparkRuntimeError, PySparkTypeError
    from pyspark.sql.pandas.types import to_arrow_schema
    target = to_arrow_schema(return_type)
    names = [f.name for f in return_type.fields]
    batches = table.to_batches(max_chunksize=10000) if table.num_rows else []
    if eval_type == 205:
        inputs = (b.to_pandas() for b in batches)
    else:
        inputs = iter(batches)
    results = []
    for r in func(inputs):
        if eval_type == 205 and not isinstance(r, pd.DataFrame):
            raise PySparkTypeError(errorClass="UDF_RETURN_TYPE",
                messageParameters={"expected": "iterator of pandas.DataFrame", "actual": "iterator of " + type(r).__name__})
        if eval_type == 207 and not isinstance(r, pa.RecordBatch):
            raise PySparkTypeError(errorClass="UDF_RETURN_TYPE",
                messageParameters={"expected": "iterator of pyarrow.RecordBatch", "actual": "iterator of " + type(r).__name__})
        if eval_type == 205:
            if r.empty and len(r.columns) == 0:
                continue
            arrays = frame_arrays(r, names, target)
        else:
            got = r.schema.names
            missing = [n for n in names if n not in got]
            if missing:
                extra = sorted(set(got) - set(names))
                raise PySparkRuntimeError(errorClass="RESULT_COLUMN_NAMES_MISMATCH", messageParameters={
                    "missing": " Missing: %s." % ", ".join(sorted(missing)),
                    "extra": " Unexpected: %s." % ", ".join(extra) if extra else ""})
            arrays = [r.column(got.index(n)).cast(target.field(k).type, safe=False) for k, n in enumerate(names)]
        results.append(pa.Table.from_arrays(arrays, schema=target))
    if not results:
        return arrow_bytes(target.empty_table())
    return arrow_bytes(pa.concat_tables(results))

def udtf_results(table, schema):
    # A Python UDTF (300; 301 with useArrow): one instance of the handler class over the
    # batch's argument rows, eval for each and terminate after, as Spark runs one per task.
    # A row it yields is a tuple, list or Row (by position) or a dict (by the return type's
    # names); each goes back with the index of the argument row it came from (terminate's:
    # the last), so a LATERAL call can join it to its row.
    from pyspark.errors import PySparkRuntimeError
    if table.num_columns == 0:
        rows = [()] * table.num_rows
    else:
        rows = ArrowTableToRowsConversion.convert(table, schema, return_as_tuples=True)
    names = return_type.names
    handler = func()
    out = []
    def take(method, produced, index):
        if produced is None:
            return
        for item in produced:
            if isinstance(item, dict):
                row = tuple(item.get(n) for n in names)
            elif isinstance(item, (tuple, list)):
                row = tuple(item)
            else:
                raise PySparkRuntimeError(errorClass="UDTF_INVALID_OUTPUT_ROW_TYPE",
                    messageParameters={"type": type(item).__name__, "func": method})
            if len(row) != len(names):
                raise PySparkRuntimeError(errorClass="UDTF_RETURN_SCHEMA_MISMATCH",
                    messageParameters={"expected": str(len(names)), "actual": str(len(row)), "func": method})
            out.append(row + (index,))
    for i, row in enumerate(rows):
        take("eval", handler.eval(*row), i)
    if hasattr(handler, "terminate"):
        take("terminate", handler.terminate(), len(rows) - 1)
    target = StructType(return_type.fields + [StructField("__kafkalab_of", IntegerType(), False)])
    return arrow_bytes(LocalDataToArrowConversion.convert(out, target, False))

def failure(e):
    # The traceback without this loop's frames (the script runs as "<string>"), as Spark's
    # simplified traceback leaves out its worker's: the user's frames and the exception.
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename != "<string>"]
    return ("Traceback (most recent call last):\n" + "".join(traceback.format_list(frames)) +
            "".join(traceback.format_exception_only(type(e), e))).encode()

write_frame(0, b"")
while True:
    if mode == "udf":
        # The function of this request, unpickled afresh as Spark's worker does per task.
        eval_type = int(read_frame().decode())
        try:
            loaded = CloudPickleSerializer().loads(read_frame())
        except BaseException as e:
            read_frame(), read_frame()
            write_frame(-2, failure(e))
            sys.exit(0)
        if eval_type in (300, 301):
            # A UDTF's command is its handler class alone; the return type follows the rows.
            func, return_type = loaded, None
        else:
            func, return_type = loaded
            result_schema = StructType([StructField("r", return_type, True)])
    data = read_frame()
    schema = StructType.fromJson(json.loads(read_frame().decode()))
    if mode == "udf" and eval_type == 201:
        nkeys = int(read_frame().decode())
    if mode == "udf" and eval_type in (300, 301):
        return_type = StructType.fromJson(json.loads(read_frame().decode()))
    table = pa.ipc.open_stream(data).read_all()
    if mode == "udf":
        # A batch of rows, as Spark's BatchEvalPython (100 rows pickled at a time) and
        # ArrowEvalPython (Arrow batches) send them; the answer is one result per row.
        try:
            if eval_type in (200, 204):
                answer = pandas_results(table, table.num_rows)
            elif eval_type in (205, 207):
                answer = map_results(table)
            elif eval_type == 201:
                answer = group_results(table, nkeys)
            elif eval_type in (300, 301):
                answer = udtf_results(table, schema)
            else:
                rows = ArrowTableToRowsConversion.convert(table, schema, return_as_tuples=True)
                answer = encode([as_return_type(func(*row)) for row in rows])
        except BaseException as e:
            # As Spark's worker, one that raised is not reused: it reports and exits.
            write_frame(-2, failure(e))
            sys.exit(0)
        write_frame(0, answer)
        continue
    partition_id, epoch_id = struct.unpack(">iq", read_frame())
    rows = ArrowTableToRowsConversion.convert(table, schema)
    tc = TaskContext()
    tc._partitionId = partition_id
    tc._localProperties = {"streaming.sql.batchId": str(epoch_id)}
    TaskContext._setTaskContext(tc)
    # Each task unpickles the function afresh, as Spark ships it with every task: a writer
    # object's attributes start from the pickled state in every partition of every batch.
    task_func = CloudPickleSerializer().loads(command_bytes)[0]
    try:
        for _ in task_func(partition_id, iter(rows)):
            pass
    except BaseException as e:
        write_frame(-2, failure(e))
        sys.exit(0)
    finally:
        TaskContext._setTaskContext(None)
    write_frame(0, b"")
`

// udfWorker is one Python UDF's worker process.
type udfWorker struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	mu     sync.Mutex // one row at a time
	done   chan struct{}
	closed atomic.Bool
	name   string
	// failed is set once the worker reported an exception: it is exiting.
	failed atomic.Bool
}

// pythonUDF is the engine UDF a Connect PythonUDF describes.
func (ss *session) pythonUDF(ctx context.Context, name string, deterministic bool, u *pb.PythonUDF) (*plan.UDF, error) {
	switch u.GetEvalType() {
	case evalBatchedUDF, evalArrowBatchedUDF, evalScalarPandasUDF, evalScalarPandasIterUDF:
	default:
		return nil, unsupportedf("Python UDF %s of eval type %d (grouped, map and table UDFs; kafkalab runs udf, @udf and scalar pandas_udf functions)", name, u.GetEvalType())
	}
	rt, err := engineType(u.GetOutputType())
	if err != nil {
		return nil, err
	}
	wname, evalType, command := "Python UDF "+name, u.GetEvalType(), u.GetCommand()
	if ss.srv.cfg.Python == "" {
		return nil, unsupportedf("%s here: this server runs no Python worker (start it with a Python that has pyspark-client, e.g. kafkalab run --python)", wname)
	}
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	call := func(args [][]any, types []sqltypes.DataType) ([]any, error) {
		// A worker of the session's pool for this batch, back to the pool after it.
		w, err := ss.takeUDFWorker(wname)
		if err != nil {
			return nil, err
		}
		defer ss.returnUDFWorker(w)
		return w.call(evalType, command, args, types, rt, zone)
	}
	return &plan.UDF{Name: name, ReturnType: rt, Deterministic: deterministic,
		Invoke: func(args []any, types []sqltypes.DataType, _ bool) (any, error) {
			// A call outside a projection (a filter, an aggregate's input): a batch of one.
			vals, err := call([][]any{args}, types)
			if err != nil {
				return nil, err
			}
			return vals[0], nil
		},
		InvokeBatch: func(args [][]any, types []sqltypes.DataType, _ bool) ([]any, error) {
			out := make([]any, 0, len(args))
			for len(args) > 0 {
				n := min(len(args), maxUDFBatch)
				vals, err := call(args[:n], types)
				if err != nil {
					return nil, err
				}
				out = append(out, vals...)
				args = args[n:]
			}
			return out, nil
		}}, nil
}

// maxIdleUDFWorkers is how many idle UDF workers a session keeps for the next batch; a
// Spark executor likewise keeps idle Python workers to reuse, about one per core.
const maxIdleUDFWorkers = 2

// takeUDFWorker takes an idle worker of the session's pool, or starts one. Any Python
// UDF runs in any worker: each request carries its pickled function, as each Spark task
// does, so a notebook's many UDFs share a few processes.
func (ss *session) takeUDFWorker(name string) (*udfWorker, error) {
	ss.mu.Lock()
	for len(ss.idleUDFWorkers) > 0 {
		w := ss.idleUDFWorkers[len(ss.idleUDFWorkers)-1]
		ss.idleUDFWorkers = ss.idleUDFWorkers[:len(ss.idleUDFWorkers)-1]
		if w.alive() {
			ss.mu.Unlock()
			w.name = name
			return w, nil
		}
	}
	ss.mu.Unlock()
	return ss.startUDFWorker("udf", name, nil)
}

// returnUDFWorker puts a worker back in the pool; one that raised has exited, as Spark's
// does, and one past the pool's size ends.
func (ss *session) returnUDFWorker(w *udfWorker) {
	ss.mu.Lock()
	if w.alive() && len(ss.idleUDFWorkers) < maxIdleUDFWorkers && ss.ctx.Err() == nil {
		ss.idleUDFWorkers = append(ss.idleUDFWorkers, w)
		ss.mu.Unlock()
		return
	}
	ss.mu.Unlock()
	w.close()
}

// startUDFWorker starts a worker in mode "udf" (Python UDFs, each request naming its
// function) or "foreach" (writeStream.foreach's function of a partition's rows).
func (ss *session) startUDFWorker(mode, name string, command []byte) (*udfWorker, error) {
	python := ss.srv.cfg.Python
	if python == "" {
		return nil, unsupportedf("%s here: this server runs no Python worker (start it with a Python that has pyspark-client, e.g. kafkalab run --python)", name)
	}
	toWorker, workerIn, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	workerOut, fromWorker, err := os.Pipe()
	if err != nil {
		toWorker.Close()
		workerIn.Close()
		return nil, err
	}
	cmd := exec.Command(python, "-c", udfWorkerScript)
	cmd.ExtraFiles = []*os.File{toWorker, fromWorker}
	cmd.Env = append(os.Environ(), "PYTHONUNBUFFERED=1")
	if os.Getenv("SPARK_HOME") == "" {
		// As for the foreachBatch worker: pyspark looks for a Spark installation it does
		// not need here.
		cmd.Env = append(cmd.Env, "SPARK_HOME="+os.TempDir())
	}
	cmd.Dir = ss.eng.WorkDir()
	cmd.Stdout = ss.eng.Stdout()
	cmd.Stderr = ss.eng.Stdout()
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{toWorker, workerIn, workerOut, fromWorker} {
			f.Close()
		}
		return nil, fmt.Errorf("%s: starting the Python worker %s: %w", name, python, err)
	}
	toWorker.Close()
	fromWorker.Close()
	w := &udfWorker{cmd: cmd, in: workerIn, out: bufio.NewReader(workerOut), done: make(chan struct{}), name: name}
	go func() {
		_ = cmd.Wait()
		workerOut.Close()
		close(w.done)
	}()
	ss.mu.Lock()
	ss.workers = append(ss.workers, w)
	ss.mu.Unlock()
	if err := w.send([]byte(mode), command); err != nil {
		w.close()
		return nil, err
	}
	if _, err := w.answer(); err != nil {
		w.close()
		return nil, fmt.Errorf("%s: the Python worker did not start: %w", name, err)
	}
	return w, nil
}

func (w *udfWorker) send(frames ...[]byte) error {
	var b []byte
	for _, f := range frames {
		b = binary.BigEndian.AppendUint32(b, uint32(len(f)))
		b = append(b, f...)
	}
	if _, err := w.in.Write(b); err != nil {
		return fmt.Errorf("%s: the worker ended: %w", w.name, err)
	}
	return nil
}

// answer reads one reply: the data of a success, or the Python traceback of a failure.
func (w *udfWorker) answer() ([]byte, error) {
	code, err := readInt32(w.out)
	if err != nil {
		return nil, fmt.Errorf("%s: the worker ended: %w", w.name, err)
	}
	n, err := readInt32(w.out)
	if err != nil || n < 0 {
		return nil, fmt.Errorf("%s: the worker ended mid-answer", w.name)
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(w.out, data); err != nil {
		return nil, fmt.Errorf("%s: the worker ended mid-answer: %w", w.name, err)
	}
	if code == pythonExceptionThrown {
		w.failed.Store(true) // the worker exits after reporting, as Spark's
		return nil, udfError(strings.TrimRight(string(data), "\n"))
	}
	return data, nil
}

// udfError is a UDF's Python exception as Spark's server reports it: a PythonException
// whose message is the worker's traceback (PySpark adds its own first line).
func udfError(traceback string) error {
	return &sparkerrors.Error{Kind: sparkerrors.PythonException, Message: traceback}
}

// call runs a function (eval type and pickled command) on a batch of rows' arguments: one
// request, one answer.
func (w *udfWorker) call(evalType int32, command []byte, args [][]any, types []sqltypes.DataType, rt sqltypes.DataType, zone string) ([]any, error) {
	st := &sqltypes.StructType{}
	for i, t := range types {
		st.Fields = append(st.Fields, sqltypes.StructField{Name: fmt.Sprintf("a%d", i), Type: t, Nullable: true})
	}
	rows := make([]sqltypes.Row, len(args))
	for i, a := range args {
		rows[i] = a
	}
	data, err := arrowBatch(st, rows, zone)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.send([]byte(fmt.Sprint(evalType)), command, data, []byte(st.JSON())); err != nil {
		return nil, err
	}
	res, err := w.answer()
	if err != nil {
		return nil, err
	}
	out, err := readArrow(res, &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "r", Type: rt, Nullable: true}}})
	if err != nil {
		return nil, fmt.Errorf("%s: reading its result: %w", w.name, err)
	}
	if len(out) != len(args) {
		return nil, fmt.Errorf("%s: the worker answered %d rows for %d", w.name, len(out), len(args))
	}
	vals := make([]any, len(out))
	for i, r := range out {
		vals[i] = r[0]
	}
	return vals, nil
}

// callTable runs a Python UDTF (eval type and pickled handler class) over a batch of
// argument rows with one instance: its output rows (of the return schema rt) and, for each,
// the index of the argument row it came from.
func (w *udfWorker) callTable(evalType int32, command []byte, args [][]any, types []sqltypes.DataType, rt *sqltypes.StructType, zone string) ([]sqltypes.Row, []int, error) {
	st := &sqltypes.StructType{}
	for i, t := range types {
		st.Fields = append(st.Fields, sqltypes.StructField{Name: fmt.Sprintf("a%d", i), Type: t, Nullable: true})
	}
	rows := make([]sqltypes.Row, len(args))
	for i, a := range args {
		rows[i] = a
	}
	data, err := arrowBatch(st, rows, zone)
	if err != nil {
		return nil, nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.send([]byte(fmt.Sprint(evalType)), command, data, []byte(st.JSON()), []byte(rt.JSON())); err != nil {
		return nil, nil, err
	}
	res, err := w.answer()
	if err != nil {
		return nil, nil, err
	}
	withOf := &sqltypes.StructType{Fields: append(append([]sqltypes.StructField(nil), rt.Fields...),
		sqltypes.StructField{Name: "__kafkalab_of", Type: sqltypes.Integer})}
	got, err := readArrow(res, withOf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: reading its rows: %w", w.name, err)
	}
	width := len(rt.Fields)
	out := make([]sqltypes.Row, len(got))
	of := make([]int, len(got))
	for i, r := range got {
		out[i] = r[:width]
		n, _ := toInt64(r[width])
		of[i] = int(n)
	}
	return out, of, nil
}

// alive reports whether the worker's process still runs: one that raised has exited, as
// Spark's worker does, and the next call starts another.
func (w *udfWorker) alive() bool {
	select {
	case <-w.done:
		return false
	default:
		return !w.closed.Load() && !w.failed.Load()
	}
}

// close ends the worker's process.
func (w *udfWorker) close() {
	if w.closed.Swap(true) {
		return
	}
	w.in.Close()
	if w.cmd.Process != nil {
		_ = w.cmd.Process.Kill()
	}
	<-w.done
}

// callPythonUDF is a call of a Python UDF on its argument columns.
func (ss *session) callPythonUDF(ctx context.Context, f *pb.CommonInlineUserDefinedFunction) (*engine.Column, error) {
	u := f.GetPythonUdf()
	if u == nil {
		return nil, unsupportedf("user-defined function %s of kind %s (kafkalab runs Python UDFs)", f.GetFunctionName(), oneofName(f, "function"))
	}
	udf, err := ss.pythonUDF(ctx, f.GetFunctionName(), f.GetDeterministic(), u)
	if err != nil {
		return nil, err
	}
	args := make([]any, 0, len(f.GetArguments()))
	for _, a := range f.GetArguments() {
		c, err := ss.column(ctx, a)
		if err != nil {
			return nil, err
		}
		args = append(args, c)
	}
	return engine.CallUDF(udf, args...), nil
}

// registerPythonUDF is spark.udf.register(name, f): SQL text can call it by name.
func (ss *session) registerPythonUDF(ctx context.Context, f *pb.CommonInlineUserDefinedFunction) error {
	u := f.GetPythonUdf()
	if u == nil {
		return unsupportedf("registering a user-defined function of kind %s (kafkalab runs Python UDFs)", oneofName(f, "function"))
	}
	udf, err := ss.pythonUDF(ctx, f.GetFunctionName(), f.GetDeterministic(), u)
	if err != nil {
		return err
	}
	ss.eng.RegisterFunction(f.GetFunctionName(), udf)
	return nil
}

// foreachWriter is writeStream.foreach(f) through Connect: each partition of each batch goes
// to a worker running pyspark's foreach function (f's process, or open/process/close of a
// writer object, with the batch id in the task context as Spark sets it), so open and close
// run once per partition per batch. As Spark's Python workers, the process is reused from
// task to task, replaced after a task that raised, and ended with the query (stop).
func (ss *session) foreachWriter(command []byte) (fn engine.ForeachPartitionFunc, stop func(), err error) {
	const name = "writeStream.foreach"
	var mu sync.Mutex // one task at a time; guards w
	w, err := ss.startUDFWorker("foreach", name, command)
	if err != nil {
		return nil, nil, err
	}
	stopped := false
	stop = func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		w.close()
	}
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	fn = func(ctx context.Context, schema *sqltypes.StructType, partitionID int, epochID int64, rows []sqltypes.Row) error {
		data, err := arrowBatch(schema, rows, zone)
		if err != nil {
			return err
		}
		ids := binary.BigEndian.AppendUint32(nil, uint32(partitionID))
		ids = binary.BigEndian.AppendUint64(ids, uint64(epochID))
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return fmt.Errorf("%s: the query stopped", name)
		}
		if !w.alive() {
			w.close()
			if w, err = ss.startUDFWorker("foreach", name, command); err != nil {
				return err
			}
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if err := w.send(data, []byte(schema.JSON()), ids); err != nil {
			return err
		}
		_, err = w.answer()
		var se *sparkerrors.Error
		if errors.As(err, &se) && se.Kind == sparkerrors.PythonException {
			// As the embedded path and Spark's executor word a task's Python failure.
			return fmt.Errorf("org.apache.spark.api.python.PythonException: %s", se.Message)
		}
		return err
	}
	return fn, stop, nil
}
