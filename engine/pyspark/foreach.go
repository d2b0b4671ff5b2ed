package pyspark

import (
	"context"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// foreach is writeStream.foreach(f): f is either a function called with every row, or an
// object with process(row) and optional open(partition_id, epoch_id) and close(error),
// called per partition of every epoch as PySpark's worker calls them.
func foreach(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("foreach", args, kwargs, []string{"f"}, 1)
	if err != nil {
		return nil, err
	}
	w := self.(*pyStreamWriter)
	fw, err := newForeachWriter(a[0])
	if err != nil {
		return nil, err
	}
	w.foreach = nil
	w.perRow = fw
	return self, nil
}

// foreachWriter is the learner's writer: fn for a plain function, else the object's
// methods (open and close nil when the object has none).
type foreachWriter struct {
	fn                   py.Object
	open, process, close py.Object
}

func newForeachWriter(f py.Object) (*foreachWriter, error) {
	if callable(f) {
		return &foreachWriter{fn: f}, nil
	}
	method := func(name string, required bool) (py.Object, error) {
		m, err := py.GetAttrString(f, name)
		if err != nil {
			if !required {
				return nil, nil
			}
			m = nil
		}
		if m == nil || !callable(m) {
			return nil, raise(sparkerrors.PySparkAttributeError, "ATTRIBUTE_NOT_CALLABLE", "attr_name", name, "obj_name", "f")
		}
		return m, nil
	}
	w := &foreachWriter{}
	var err error
	if w.process, err = method("process", true); err != nil {
		return nil, err
	}
	if w.open, err = method("open", false); err != nil {
		return nil, err
	}
	if w.close, err = method("close", false); err != nil {
		return nil, err
	}
	return w, nil
}

// partition runs the writer over one partition's rows, with PySpark's rules: a falsy
// open() skips the rows, close(error) always runs, and process's error is re-raised.
func (w *foreachWriter) partition(in *Interpreter, schema *sqltypes.StructType, partitionID int, epochID int64, rows []sqltypes.Row) error {
	loc := in.location()
	if w.fn != nil {
		for _, r := range rows {
			if _, err := py.Call(w.fn, py.Tuple{rowToPython(r, schema, loc)}, nil); err != nil {
				return err
			}
		}
		return nil
	}
	proceed := true
	if w.open != nil {
		ok, err := py.Call(w.open, py.Tuple{py.Int(partitionID), py.Int(epochID)}, nil)
		if err != nil {
			return err
		}
		b, err := py.MakeBool(ok)
		if err != nil {
			return err
		}
		proceed = b == py.True
	}
	var failed error
	if proceed {
		for _, r := range rows {
			if _, err := py.Call(w.process, py.Tuple{rowToPython(r, schema, loc)}, nil); err != nil {
				failed = err
				break
			}
		}
	}
	if w.close != nil {
		var arg py.Object = py.None
		if failed != nil {
			arg = exceptionValue(failed)
		}
		if _, err := py.Call(w.close, py.Tuple{arg}, nil); err != nil {
			return err
		}
	}
	return failed
}

// exceptionValue is the exception object a Python `except ... as ex` would bind.
func exceptionValue(err error) py.Object {
	switch e := err.(type) {
	case py.ExceptionInfo:
		return e.Value
	case *py.ExceptionInfo:
		return e.Value
	case *py.Exception:
		return e
	}
	return python.Raise(PySparkException, err)
}

// foreachFunc runs the writer on the query's goroutine under the interpreter lock.
func (in *Interpreter) foreachFunc(w *foreachWriter) engine.ForeachPartitionFunc {
	return func(ctx context.Context, schema *sqltypes.StructType, partitionID int, epochID int64, rows []sqltypes.Row) error {
		var failed error
		err := in.Locked(func() error {
			if err := w.partition(in, schema, partitionID, epochID, rows); err != nil {
				failed = in.Describe(err)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if failed != nil {
			return &pythonWorkerError{err: failed}
		}
		return nil
	}
}

// pythonWorkerError is a Python exception raised in a task, as Spark's executor reports
// it: a PythonException carrying the worker's traceback.
type pythonWorkerError struct{ err error }

func (e *pythonWorkerError) Error() string {
	return "org.apache.spark.api.python.PythonException: " + e.err.Error()
}

func (e *pythonWorkerError) Unwrap() error { return e.err }
