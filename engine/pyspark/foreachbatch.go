package pyspark

import (
	"context"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/python/stdlib/builtin"
)

// foreachBatch is writeStream.foreachBatch(func): func(batch_df, batch_id) runs for every
// micro-batch, with the batch as a static DataFrame.
func foreachBatch(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("foreachBatch", args, kwargs, []string{"func"}, 1)
	if err != nil {
		return nil, err
	}
	if !callable(a[0]) {
		// PySpark 4.2 leaves the check to the first batch; kafkalab says it at once, with
		// its argument error.
		return nil, notExpectedType("func", "a callable", a[0])
	}
	self.(*pyStreamWriter).foreach = a[0]
	self.(*pyStreamWriter).perRow = nil
	return self, nil
}

// callable is Python's callable(): instances count only when their class has __call__.
func callable(o py.Object) bool { return builtin.Callable(o) }

// foreachBatchFunc runs fn on the query's goroutine under the interpreter lock: the script
// is then blocked in awaitTermination, processAllAvailable, time.sleep or has ended.
func (in *Interpreter) foreachBatchFunc(fn py.Object) engine.ForeachBatchFunc {
	return func(ctx context.Context, batch *engine.DataFrame, batchID int64) error {
		err := in.Locked(func() error {
			_, err := py.Call(fn, py.Tuple{&pyDataFrame{df: batch, in: in}, py.Int(batchID)}, nil)
			return err
		})
		if err != nil {
			return &foreachBatchError{err: err}
		}
		return nil
	}
}

// foreachBatchError is Spark's wrapping of an exception raised by the user's function.
type foreachBatchError struct{ err error }

func (e *foreachBatchError) Error() string {
	return "[FOREACH_BATCH_USER_FUNCTION_ERROR] An error occurred in the user provided function in foreach batch sink. Reason: " + pyErrorText(e.err)
}

func (e *foreachBatchError) Unwrap() error { return e.err }

// pyErrorText is "Kind: message" for a Python exception, as Python prints its last line.
func pyErrorText(err error) string {
	if pe, ok := err.(*py.Exception); ok {
		msg := ""
		if len(pe.Args.(py.Tuple)) > 0 {
			if s, err := py.Str(pe.Args.(py.Tuple)[0]); err == nil {
				msg = string(s.(py.String))
			}
		}
		return pe.Base.Name + ": " + msg
	}
	return err.Error()
}
