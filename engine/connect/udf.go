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
// them in a worker process of the session: pyspark unpickles the function, the arguments of
// each row travel as a one-row Arrow batch read back into Python values as pyspark's
// collect() does, and the result comes back as Arrow after Spark's conversion of a Python
// UDF's result to its return type (a value of another kind is NULL).

// Eval types of pyspark's PythonEvalType this server runs row by row.
const (
	evalBatchedUDF      = 100 // SQL_BATCHED_UDF: udf(...)
	evalArrowBatchedUDF = 101 // SQL_ARROW_BATCHED_UDF: udf(..., useArrow=True)
)

// udfWorkerScript is the worker's main loop. Requests and answers are length-prefixed on
// file descriptors 3 (in) and 4 (out), so the function's prints stay on stdout.
const udfWorkerScript = `
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
command = CloudPickleSerializer().loads(read_frame())
if mode == "udf":
    func, return_type = command
else:
    # writeStream.foreach: pyspark's (func, profiler, deserializer, serializer), func taking
    # a partition id and an iterator of rows.
    func, return_type = command[0], None
    from pyspark.taskcontext import TaskContext
result_schema = StructType([StructField("r", return_type, True)]) if return_type else None
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

def encode(v):
    try:
        table = LocalDataToArrowConversion.convert([(v,)], result_schema, False)
    except Exception:
        table = LocalDataToArrowConversion.convert([(None,)], result_schema, False)
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as w:
        w.write_table(table)
    return sink.getvalue().to_pybytes()

def failure(e):
    # The traceback from the function's frame on, as a worker's (this loop is no news).
    tb = traceback.format_exception(type(e), e, e.__traceback__.tb_next)
    return ("Traceback (most recent call last):\n" + "".join(tb[1:])).encode()

write_frame(0, b"")
while True:
    data = read_frame()
    schema = StructType.fromJson(json.loads(read_frame().decode()))
    table = pa.ipc.open_stream(data).read_all()
    if mode == "udf":
        row = ArrowTableToRowsConversion.convert(table, schema, return_as_tuples=True)[0]
        try:
            result = func(*row)
        except BaseException as e:
            write_frame(-2, failure(e))
            continue
        write_frame(0, encode(as_return_type(result)))
        continue
    partition_id, epoch_id = struct.unpack(">iq", read_frame())
    rows = ArrowTableToRowsConversion.convert(table, schema)
    tc = TaskContext()
    tc._partitionId = partition_id
    tc._localProperties = {"streaming.sql.batchId": str(epoch_id)}
    TaskContext._setTaskContext(tc)
    try:
        for _ in func(partition_id, iter(rows)):
            pass
    except BaseException as e:
        write_frame(-2, failure(e))
        continue
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
}

// pythonUDF is the engine UDF a Connect PythonUDF describes.
func (ss *session) pythonUDF(ctx context.Context, name string, deterministic bool, u *pb.PythonUDF) (*plan.UDF, error) {
	switch u.GetEvalType() {
	case evalBatchedUDF, evalArrowBatchedUDF:
	default:
		return nil, unsupportedf("Python UDF %s of eval type %d (pandas and table UDFs; kafkalab runs udf and @udf functions)", name, u.GetEvalType())
	}
	rt, err := engineType(u.GetOutputType())
	if err != nil {
		return nil, err
	}
	w, err := ss.udfWorker("Python UDF "+name, u.GetCommand())
	if err != nil {
		return nil, err
	}
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	return &plan.UDF{Name: name, ReturnType: rt, Deterministic: deterministic, Invoke: func(args []any, types []sqltypes.DataType, background bool) (any, error) {
		return w.call(args, types, rt, zone, background)
	}}, nil
}

// udfWorker is the session's worker for a pickled function, started on first use.
func (ss *session) udfWorker(name string, command []byte) (*udfWorker, error) {
	ss.mu.Lock()
	w := ss.udfWorkers[string(command)]
	ss.mu.Unlock()
	if w != nil {
		return w, nil
	}
	w, err := ss.startUDFWorker("udf", name, command)
	if err != nil {
		return nil, err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.udfWorkers == nil {
		ss.udfWorkers = map[string]*udfWorker{}
	}
	ss.udfWorkers[string(command)] = w
	return w, nil
}

// startUDFWorker starts a worker in mode "udf" (a function of one row's values) or
// "foreach" (writeStream.foreach's function of a partition's rows).
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
		return nil, fmt.Errorf("%s: the worker could not load the function: %w", name, err)
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
		return nil, udfError(strings.TrimRight(string(data), "\n"))
	}
	return data, nil
}

// udfError is a UDF's Python exception as Spark's server reports it: a PythonException
// whose message is the worker's traceback (PySpark adds its own first line).
func udfError(traceback string) error {
	return &sparkerrors.Error{Kind: sparkerrors.PythonException, Message: traceback}
}

// call runs the function on one row's arguments.
func (w *udfWorker) call(args []any, types []sqltypes.DataType, rt sqltypes.DataType, zone string, _ bool) (any, error) {
	st := &sqltypes.StructType{}
	for i, t := range types {
		st.Fields = append(st.Fields, sqltypes.StructField{Name: fmt.Sprintf("a%d", i), Type: t, Nullable: true})
	}
	data, err := arrowBatch(st, []sqltypes.Row{args}, zone)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.send(data, []byte(st.JSON())); err != nil {
		return nil, err
	}
	res, err := w.answer()
	if err != nil {
		return nil, err
	}
	rows, err := readArrow(res, &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "r", Type: rt, Nullable: true}}})
	if err != nil {
		return nil, fmt.Errorf("%s: reading its result: %w", w.name, err)
	}
	if len(rows) != 1 {
		return nil, fmt.Errorf("%s: the worker answered %d rows for one", w.name, len(rows))
	}
	return rows[0][0], nil
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
// writer object, with the batch id in the task context as Spark sets it).
func (ss *session) foreachWriter(command []byte) (engine.ForeachPartitionFunc, error) {
	w, err := ss.startUDFWorker("foreach", "writeStream.foreach", command)
	if err != nil {
		return nil, err
	}
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	return func(ctx context.Context, schema *sqltypes.StructType, partitionID int, epochID int64, rows []sqltypes.Row) error {
		data, err := arrowBatch(schema, rows, zone)
		if err != nil {
			return err
		}
		ids := binary.BigEndian.AppendUint32(nil, uint32(partitionID))
		ids = binary.BigEndian.AppendUint64(ids, uint64(epochID))
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
	}, nil
}
