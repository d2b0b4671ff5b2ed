package pyspark

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// The PySpark exception classes the bindings raise (engine/pyerrors builds them), by
// their PySpark names.
var (
	PySparkException        = pyerrors.PySparkException
	AnalysisException       = pyerrors.AnalysisException
	StreamingQueryException = pyerrors.StreamingQueryException
	PySparkTypeError        = pyerrors.PySparkTypeError
	PySparkValueError       = pyerrors.PySparkValueError
	// UnsupportedOperationException is Spark's java.lang.UnsupportedOperationException
	// (Delta's MERGE with several source rows for one target row raises it).
	UnsupportedOperationException = pyerrors.UnsupportedOperationException
)

// engineError turns an engine Go error into the Python exception a PySpark user would
// see: the class PySpark raises it as, Spark's condition, parameters and text.
// engineErrorCalling is engineError for an error of the DataFrame action that calls the JVM
// method (showString, collectToPython): a Py4JJavaError's text starts with that call, as
// py4j words it.
func engineErrorCalling(err error, method string) error {
	if se, ok := sparkerrors.As(err); ok && se.Kind == sparkerrors.Py4JJavaError && !strings.HasPrefix(se.Message, "An error occurred while calling") {
		c := *se
		c.Message = "An error occurred while calling o0." + method + ".\n: " + se.Message
		return engineError(&c)
	}
	if se, ok := sparkerrors.As(err); ok && se.Kind == sparkerrors.SparkException {
		// Raised as a Py4JJavaError too (pyerrors.FromError), whose text names the call.
		return engineError(&sparkerrors.Error{Kind: sparkerrors.Py4JJavaError, Message: "An error occurred while calling o0." +
			method + ".\n: org.apache.spark.SparkException: " + se.MessageWithState(), Cause: se})
	}
	return engineError(err)
}

func engineError(err error) error {
	if err == nil {
		return nil
	}
	var pe *py.Exception
	if errors.As(err, &pe) {
		return err
	}
	var ue *plan.UnsupportedError
	var ce *confine.Error
	if errors.As(err, &ce) {
		return python.Raise(py.PermissionError, err)
	}
	if errors.As(err, &ue) {
		return python.Raise(python.UnsupportedError, err)
	}
	if se, ok := sparkerrors.As(err); ok {
		exc := pyerrors.FromError(se)
		return pyerrors.WithGoError(exc, err)
	}
	return python.Raise(PySparkException, err)
}

// raise is the exception for a PySpark condition raised by the bindings' own argument
// checks (name, value pairs in PySpark's order).
func raise(kind sparkerrors.Kind, class string, nameValues ...string) error {
	return pyerrors.New(kind, class, nameValues...)
}

// notExpectedType is PySpark 4.2's usual argument error: [NOT_EXPECTED_TYPE] Argument
// `arg` should be <expected>, got <type>. PySpark's code builds its parameters in one of
// two orders, so the call site says which (getMessageParameters shows it).
func notExpectedType(arg, expected string, got py.Object) error {
	return pyerrors.New(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE",
		"expected_type", expected, "arg_name", arg, "arg_type", got.Type().Name)
}

// notExpectedTypeArgFirst is notExpectedType with the parameters in the other order
// (arg_name first), as dropDuplicates and others build them.
func notExpectedTypeArgFirst(arg, expected string, got py.Object) error {
	return pyerrors.NotExpectedType(arg, expected, got)
}

// py4jNoMethod is py4j's Py4JError when classic PySpark passes a Python value to a JVM
// method that takes no argument of its Java type (df.limit("3")).
func py4jNoMethod(method string, arg py.Object) error {
	java := "class java.lang.Object"
	switch arg.(type) {
	case py.String:
		java = "class java.lang.String"
	case py.Float:
		java = "class java.lang.Double"
	case py.Bool:
		java = "class java.lang.Boolean"
	case *py.List:
		java = "class java.util.ArrayList"
	case *py.Dict, py.StringDict:
		java = "class java.util.HashMap"
	case py.NoneType:
		java = "null"
	}
	return pyerrors.FromError(&sparkerrors.Error{Kind: sparkerrors.Py4JError, Message: fmt.Sprintf(
		"An error occurred while calling o0.%s. Trace:\npy4j.Py4JException: Method %s([%s]) does not exist", method, method, java)})
}
