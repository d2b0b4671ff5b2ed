package pyspark

import (
	"errors"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Exception types the bindings raise, so scripts can catch them by their PySpark names.
var (
	// AnalysisException carries Spark's analysis errors ([UNRESOLVED_COLUMN...] ...).
	AnalysisException = py.ExceptionType.NewType("AnalysisException", "Failed to analyze a query plan.", nil, nil)
	// StreamingQueryException is a streaming query's failure.
	StreamingQueryException = py.ExceptionType.NewType("StreamingQueryException", "A streaming query failed.", nil, nil)
	// UnsupportedOperationException is Spark's java.lang.UnsupportedOperationException
	// (Delta's MERGE with several source rows for one target row raises it).
	UnsupportedOperationException = py.ExceptionType.NewType("UnsupportedOperationException", "An operation Spark does not support.", nil, nil)
	// PySparkException is any other engine error.
	PySparkException = py.ExceptionType.NewType("PySparkException", "An error from the engine.", nil, nil)
	// PySparkTypeError and PySparkValueError mirror PySpark's argument errors.
	PySparkTypeError  = py.TypeError.NewType("PySparkTypeError", "Wrong argument type.", nil, nil)
	PySparkValueError = py.ValueError.NewType("PySparkValueError", "Wrong argument value.", nil, nil)
)

// engineError turns an engine Go error into the Python exception a PySpark user would
// see: Spark's text, classed by what kind of failure it is.
func engineError(err error) error {
	if err == nil {
		return nil
	}
	var pe *py.Exception
	if errors.As(err, &pe) {
		return err
	}
	msg := err.Error()
	kind := PySparkException
	var ae *plan.AnalysisError
	var ue *plan.UnsupportedError
	var ce *confine.Error
	var se *engine.SparkError
	switch {
	case errors.As(err, &se) && se.JavaClass == "UnsupportedOperationException":
		kind = UnsupportedOperationException
	case errors.As(err, &ce):
		kind = py.PermissionError
	case errors.As(err, &ue):
		kind = python.UnsupportedError
	case errors.As(err, &ae), isAnalysisMessage(msg):
		kind = AnalysisException
	}
	return python.Raise(kind, err)
}

var analysisClasses = []string{
	"[UNRESOLVED_", "[TABLE_OR_VIEW_NOT_FOUND", "[DATATYPE_MISMATCH", "[PARSE_SYNTAX_ERROR",
	"[AMBIGUOUS_", "[FIELD_NOT_FOUND", "[INVALID_", "[UNSUPPORTED_", "[NON_", "[MISSING_",
	"[COLUMN_", "[CANNOT_", "[PATH_NOT_FOUND", "[DELTA_", "[NUM_COLUMNS_MISMATCH",
	"[STREAMING_", "[WRONG_NUM_ARGS", "[TABLE_OR_VIEW_ALREADY_EXISTS", "[GROUP_BY_",
	"[_LEGACY_ERROR", "[UNRESOLVED_ROUTINE", "[MISSING_AGGREGATION",
}

func isAnalysisMessage(msg string) bool {
	for _, c := range analysisClasses {
		if strings.HasPrefix(msg, c) {
			return true
		}
	}
	return false
}
