// Package pyerrors is PySpark 4.2's exception hierarchy as classes of the embedded Python
// interpreter: pyspark.errors.exceptions.base (PySparkException, AnalysisException,
// PySparkTypeError...) with the same bases as in PySpark (PySparkTypeError is both a
// PySparkException and a TypeError), and pyspark.errors.exceptions.captured, the classes of
// the errors that come from the engine (Spark's JVM side), which PySpark raises as
// subclasses of the base ones. Instances answer getCondition(), getMessageParameters(),
// getSqlState() and getMessage(), and str() prints what PySpark prints.
package pyerrors

import (
	"errors"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

const (
	baseModule     = "pyspark.errors.exceptions.base"
	capturedModule = "pyspark.errors.exceptions.captured"
)

// Instance attributes, named as PySpark names them.
const (
	attrClass   = "_errorClass"
	attrParams  = "_messageParameters"
	attrMessage = "_message"
	attrDesc    = "_desc"
	attrState   = "_sqlState"
	attrFull    = "_fullMessage"
	attrGoError = "goerror"
)

// The classes of pyspark.errors (pyspark.errors.exceptions.base).
var (
	PySparkException                             *py.Type
	AnalysisException                            *py.Type
	SessionNotSameException                      *py.Type
	TempTableAlreadyExistsException              *py.Type
	ParseException                               *py.Type
	IllegalArgumentException                     *py.Type
	ArithmeticException                          *py.Type
	UnsupportedOperationException                *py.Type
	ArrayIndexOutOfBoundsException               *py.Type
	DateTimeException                            *py.Type
	NumberFormatException                        *py.Type
	StreamingQueryException                      *py.Type
	StreamingPythonRunnerInitializationException *py.Type
	QueryExecutionException                      *py.Type
	PythonException                              *py.Type
	SparkRuntimeException                        *py.Type
	SparkUpgradeException                        *py.Type
	SparkNoSuchElementException                  *py.Type
	UnknownException                             *py.Type
	PySparkValueError                            *py.Type
	PySparkTypeError                             *py.Type
	PySparkIndexError                            *py.Type
	PySparkAttributeError                        *py.Type
	PySparkRuntimeError                          *py.Type
	PySparkAssertionError                        *py.Type
	PySparkNotImplementedError                   *py.Type
	PySparkKeyError                              *py.Type
	PySparkImportError                           *py.Type
	PickleException                              *py.Type

	// Py4JError and Py4JJavaError are py4j.protocol's classes: plain Exceptions, without
	// PySpark's getCondition and the like.
	Py4JError     *py.Type
	Py4JJavaError *py.Type
)

// CapturedException is the base of the captured classes; captured maps a base class to
// its captured subclass.
var (
	CapturedException *py.Type
	captured          = map[*py.Type]*py.Type{}
)

// BaseClasses are the names pyspark.errors exports, with their classes.
func BaseClasses() py.StringDict {
	return py.StringDict{
		"PySparkException": PySparkException, "AnalysisException": AnalysisException,
		"SessionNotSameException": SessionNotSameException, "TempTableAlreadyExistsException": TempTableAlreadyExistsException,
		"ParseException": ParseException, "IllegalArgumentException": IllegalArgumentException,
		"ArithmeticException": ArithmeticException, "UnsupportedOperationException": UnsupportedOperationException,
		"ArrayIndexOutOfBoundsException": ArrayIndexOutOfBoundsException, "DateTimeException": DateTimeException,
		"NumberFormatException": NumberFormatException, "StreamingQueryException": StreamingQueryException,
		"StreamingPythonRunnerInitializationException": StreamingPythonRunnerInitializationException,
		"QueryExecutionException":                      QueryExecutionException, "PythonException": PythonException,
		"SparkRuntimeException": SparkRuntimeException, "SparkUpgradeException": SparkUpgradeException,
		"SparkNoSuchElementException": SparkNoSuchElementException, "UnknownException": UnknownException,
		"PySparkValueError": PySparkValueError, "PySparkTypeError": PySparkTypeError,
		"PySparkIndexError": PySparkIndexError, "PySparkAttributeError": PySparkAttributeError,
		"PySparkRuntimeError": PySparkRuntimeError, "PySparkAssertionError": PySparkAssertionError,
		"PySparkNotImplementedError": PySparkNotImplementedError, "PySparkKeyError": PySparkKeyError,
		"PySparkImportError": PySparkImportError, "PickleException": PickleException,
	}
}

// CapturedClasses are the names of pyspark.errors.exceptions.captured.
func CapturedClasses() py.StringDict {
	d := py.StringDict{"CapturedException": CapturedException}
	for base, c := range captured {
		d[base.Name] = c
	}
	return d
}

func newClass(module, name, doc string, dict py.StringDict, bases ...*py.Type) *py.Type {
	if dict == nil {
		dict = py.StringDict{}
	}
	dict["__module__"] = py.String(module)
	dict["__qualname__"] = py.String(name)
	dict["__doc__"] = py.String(doc)
	bt := make(py.Tuple, len(bases))
	for i, b := range bases {
		bt[i] = b
	}
	t, err := py.TypeNew(py.TypeType, py.Tuple{py.String(name), bt, dict}, nil)
	if err != nil {
		panic(fmt.Sprintf("pyerrors: class %s: %v", name, err))
	}
	return t.(*py.Type)
}

func init() {
	PySparkException = newClass(baseModule, "PySparkException", "Base Exception for handling errors generated from PySpark.", baseMethods(), py.ExceptionType)
	sub := func(name, doc string, bases ...*py.Type) *py.Type {
		return newClass(baseModule, name, doc, nil, bases...)
	}
	AnalysisException = sub("AnalysisException", "Failed to analyze a SQL query plan.", PySparkException)
	SessionNotSameException = sub("SessionNotSameException", "Performed the same operation on different SparkSession.", PySparkException)
	TempTableAlreadyExistsException = sub("TempTableAlreadyExistsException", "Failed to create temp view since it is already exists.", AnalysisException)
	ParseException = sub("ParseException", "Failed to parse a SQL command.", AnalysisException)
	IllegalArgumentException = sub("IllegalArgumentException", "Passed an illegal or inappropriate argument.", PySparkException)
	ArithmeticException = sub("ArithmeticException", "Arithmetic exception thrown from Spark with an error class.", PySparkException)
	UnsupportedOperationException = sub("UnsupportedOperationException", "Unsupported operation exception thrown from Spark with an error class.", PySparkException)
	ArrayIndexOutOfBoundsException = sub("ArrayIndexOutOfBoundsException", "Array index out of bounds exception thrown from Spark with an error class.", PySparkException)
	DateTimeException = sub("DateTimeException", "Datetime exception thrown from Spark with an error class.", PySparkException)
	NumberFormatException = sub("NumberFormatException", "Number format exception thrown from Spark with an error class.", IllegalArgumentException)
	StreamingQueryException = sub("StreamingQueryException", "Exception that stopped a :class:`StreamingQuery`.", PySparkException)
	StreamingPythonRunnerInitializationException = sub("StreamingPythonRunnerInitializationException", "Failed to initialize a streaming Python runner.", PySparkException)
	QueryExecutionException = sub("QueryExecutionException", "Failed to execute a query.", PySparkException)
	PythonException = sub("PythonException", "Exceptions thrown from Python workers.", PySparkException)
	SparkRuntimeException = sub("SparkRuntimeException", "Runtime exception thrown from Spark with an error class.", PySparkException)
	SparkUpgradeException = sub("SparkUpgradeException", "Exception thrown because of Spark upgrade.", PySparkException)
	SparkNoSuchElementException = sub("SparkNoSuchElementException", "Exception thrown for `java.util.NoSuchElementException`.", PySparkException)
	UnknownException = sub("UnknownException", "None of the other exceptions.", PySparkException)
	PySparkValueError = sub("PySparkValueError", "Wrapper class for ValueError to support error classes.", PySparkException, py.ValueError)
	PySparkTypeError = sub("PySparkTypeError", "Wrapper class for TypeError to support error classes.", PySparkException, py.TypeError)
	PySparkIndexError = sub("PySparkIndexError", "Wrapper class for IndexError to support error classes.", PySparkException, py.IndexError)
	PySparkAttributeError = sub("PySparkAttributeError", "Wrapper class for AttributeError to support error classes.", PySparkException, py.AttributeError)
	PySparkRuntimeError = sub("PySparkRuntimeError", "Wrapper class for RuntimeError to support error classes.", PySparkException, py.RuntimeError)
	PySparkAssertionError = sub("PySparkAssertionError", "Wrapper class for AssertionError to support error classes.", PySparkException, py.AssertionError)
	PySparkNotImplementedError = sub("PySparkNotImplementedError", "Wrapper class for NotImplementedError to support error classes.", PySparkException, py.NotImplementedError)
	PySparkKeyError = sub("PySparkKeyError", "Wrapper class for KeyError to support error classes.", PySparkException, py.KeyError)
	PySparkImportError = sub("PySparkImportError", "Wrapper class for ImportError to support error classes.", PySparkException, py.ImportError)
	PickleException = sub("PickleException", "Represents an exception which is failed while pickling from server side.", PySparkException)

	Py4JError = newClass("py4j.protocol", "Py4JError", "Exception raised when a problem occurs with Py4J.", nil, py.ExceptionType)
	Py4JJavaError = newClass("py4j.protocol", "Py4JJavaError", "Exception raised when an exception occurs in the client code.", nil, Py4JError)

	CapturedException = newClass(capturedModule, "CapturedException", "", capturedMethods(), PySparkException)
	cap := func(base *py.Type, doc string, parent *py.Type) {
		captured[base] = newClass(capturedModule, base.Name, doc, nil, parent, base)
	}
	cap(AnalysisException, "Failed to analyze a SQL query plan.", CapturedException)
	captured[ParseException] = newClass(capturedModule, "ParseException", "Failed to parse a SQL command.", nil, captured[AnalysisException], ParseException)
	cap(IllegalArgumentException, "Passed an illegal or inappropriate argument.", CapturedException)
	cap(StreamingQueryException, "Exception that stopped a :class:`StreamingQuery`.", CapturedException)
	cap(QueryExecutionException, "Failed to execute a query.", CapturedException)
	cap(PythonException, "Exceptions thrown from Python workers.", CapturedException)
	cap(ArithmeticException, "Arithmetic exception.", CapturedException)
	cap(UnsupportedOperationException, "Unsupported operation exception.", CapturedException)
	cap(ArrayIndexOutOfBoundsException, "Array index out of bounds exception.", CapturedException)
	cap(DateTimeException, "Datetime exception.", CapturedException)
	captured[NumberFormatException] = newClass(capturedModule, "NumberFormatException", "Number format exception.", nil, captured[IllegalArgumentException], NumberFormatException)
	cap(SparkRuntimeException, "Runtime exception.", CapturedException)
	cap(SparkUpgradeException, "Exception thrown because of Spark upgrade.", CapturedException)
	cap(SparkNoSuchElementException, "No such element exception.", CapturedException)
	cap(UnknownException, "None of the other exceptions.", CapturedException)
}

// ClassOf is the class an error of kind is raised as: the captured class for errors from
// the engine, the base class for PySpark's own.
func ClassOf(k sparkerrors.Kind) *py.Type {
	switch k {
	case sparkerrors.AnalysisException:
		return captured[AnalysisException]
	case sparkerrors.ParseException:
		return captured[ParseException]
	case sparkerrors.IllegalArgumentException:
		return captured[IllegalArgumentException]
	case sparkerrors.NumberFormatException:
		return captured[NumberFormatException]
	case sparkerrors.ArithmeticException:
		return captured[ArithmeticException]
	case sparkerrors.DateTimeException:
		return captured[DateTimeException]
	case sparkerrors.ArrayIndexOutOfBoundsException:
		return captured[ArrayIndexOutOfBoundsException]
	case sparkerrors.UnsupportedOperationException:
		return captured[UnsupportedOperationException]
	case sparkerrors.SparkRuntimeException:
		return captured[SparkRuntimeException]
	case sparkerrors.SparkUpgradeException:
		return captured[SparkUpgradeException]
	case sparkerrors.SparkNoSuchElementException:
		return captured[SparkNoSuchElementException]
	case sparkerrors.StreamingQueryException:
		return captured[StreamingQueryException]
	case sparkerrors.PythonException:
		return captured[PythonException]
	case sparkerrors.PySparkTypeError:
		return PySparkTypeError
	case sparkerrors.PySparkValueError:
		return PySparkValueError
	case sparkerrors.PySparkRuntimeError:
		return PySparkRuntimeError
	case sparkerrors.PySparkAttributeError:
		return PySparkAttributeError
	case sparkerrors.PySparkIndexError:
		return PySparkIndexError
	case sparkerrors.PySparkKeyError:
		return PySparkKeyError
	case sparkerrors.PySparkNotImplementedError:
		return PySparkNotImplementedError
	case sparkerrors.PySparkAssertionError:
		return PySparkAssertionError
	case sparkerrors.PySparkImportError:
		return PySparkImportError
	case sparkerrors.Py4JJavaError:
		return Py4JJavaError
	case sparkerrors.Py4JError:
		return Py4JError
	}
	return captured[UnknownException]
}

// paramsDict is the parameters as a Python dict in the template's order.
func paramsDict(ps []sparkerrors.Param) *py.Dict {
	d := py.NewDictSized(len(ps))
	for _, p := range ps {
		d.SetStr(p.Name, py.String(p.Value))
	}
	return d
}

// FromError makes the Python exception for a Spark error: args empty, as PySpark's
// exceptions never pass theirs on to BaseException. The Go error stays reachable
// (GoError) for errors.Is/As on what the interpreter returns.
func FromError(e *sparkerrors.Error) *py.Exception {
	cls := ClassOf(e.Kind)
	if e.Kind == sparkerrors.SparkException {
		// PySpark converts only the JVM exceptions it has a class for; a plain
		// SparkException (a FAILFAST parse, a job's failure) is re-raised as py4j's
		// Py4JJavaError, whose text is the Java exception's toString.
		exc := &py.Exception{Base: Py4JJavaError, Args: py.Tuple{py.String("org.apache.spark.SparkException: " + e.MessageWithState())}, Dict: py.StringDict{}}
		exc.Dict[attrGoError] = goError{e}
		return exc
	}
	if e.Kind == sparkerrors.Py4JJavaError || e.Kind == sparkerrors.Py4JError {
		// py4j's exceptions carry their text as their argument, as any Exception does.
		exc := &py.Exception{Base: cls, Args: py.Tuple{py.String(e.Message)}, Dict: py.StringDict{}}
		exc.Dict[attrGoError] = goError{e}
		return exc
	}
	exc := &py.Exception{Base: cls, Args: py.Tuple{}, Dict: py.StringDict{}}
	var class py.Object = py.None
	var params py.Object = py.None
	if e.Class != "" {
		class = py.String(e.Class)
		params = paramsDict(e.Parameters())
	}
	exc.Dict[attrClass] = class
	exc.Dict[attrParams] = params
	exc.Dict[attrMessage] = py.String(e.Message)
	exc.Dict["_contexts"] = py.NewList()
	if !e.Kind.PySpark() {
		exc.Dict[attrDesc] = py.String(e.Text())
		exc.Dict[attrFull] = py.String(e.MessageWithState())
		if st := e.SQLState(); st != "" {
			exc.Dict[attrState] = py.String(st)
		} else {
			exc.Dict[attrState] = py.None
		}
	}
	exc.Dict[attrGoError] = goError{e}
	return exc
}

// New is FromError(sparkerrors.New(kind, class, nameValues...)), for bindings raising
// PySpark's own argument errors.
func New(kind sparkerrors.Kind, class string, nameValues ...string) *py.Exception {
	return FromError(sparkerrors.New(kind, class, nameValues...))
}

// NotExpectedType is PySpark's most common argument error: PySparkTypeError
// [NOT_EXPECTED_TYPE] Argument `arg` should be <expected>, got <type of got>.
func NotExpectedType(arg, expected string, got py.Object) *py.Exception {
	return New(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", arg, "expected_type", expected, "arg_type", got.Type().Name)
}

// WithGoError makes exc carry err for GoError.
func WithGoError(exc *py.Exception, err error) *py.Exception {
	exc.GetDict()[attrGoError] = goError{err}
	return exc
}

// GoError is the Go error a Python exception was made from, nil when it has none.
func GoError(exc *py.Exception) error {
	if g, ok := exc.Dict[attrGoError].(goError); ok {
		return g.error
	}
	return nil
}

// goError carries a Go error inside a Python exception's dict.
type goError struct{ error }

var goErrorType = py.NewType("goerror", "a Go error a binding raised")

func (goError) Type() *py.Type { return goErrorType }

// Condition is the error class of a PySpark exception, "" for another exception.
func Condition(exc *py.Exception) string {
	if s, ok := exc.Dict[attrClass].(py.String); ok {
		return string(s)
	}
	var se *sparkerrors.Error
	if err := GoError(exc); err != nil && errors.As(err, &se) {
		return se.Class
	}
	return ""
}
