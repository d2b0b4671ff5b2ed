package sparkerrors

import (
	"errors"
	"fmt"
	"strings"
)

// Kind is the exception an error surfaces as in PySpark. The first kinds come from the
// JVM (PySpark's captured exceptions: their text ends with the SQLSTATE); the PySpark*
// kinds are raised by PySpark's own Python code, with conditions from its catalog.
type Kind int

const (
	AnalysisException Kind = iota
	ParseException
	IllegalArgumentException
	NumberFormatException
	ArithmeticException
	DateTimeException
	ArrayIndexOutOfBoundsException
	UnsupportedOperationException
	SparkRuntimeException
	SparkUpgradeException
	SparkNoSuchElementException
	StreamingQueryException
	// PythonException is a failure of Python code the engine ran (a foreachBatch function).
	PythonException
	// SparkException is a failed job; PySpark has no class of its own for it.
	SparkException
	// Py4JJavaError is a JVM exception PySpark does not capture into one of its classes
	// (a java.lang.AssertionError from a connector): classic PySpark raises py4j's
	// Py4JJavaError, which has no condition.
	Py4JJavaError
	// Py4JError is py4j's own error when a call cannot reach the JVM method (a Python
	// value of a type the method does not take: df.limit("3")).
	Py4JError

	PySparkTypeError
	PySparkValueError
	PySparkRuntimeError
	PySparkAttributeError
	PySparkIndexError
	PySparkKeyError
	PySparkNotImplementedError
	PySparkAssertionError
	PySparkImportError
)

var kindNames = [...]string{
	AnalysisException:              "AnalysisException",
	ParseException:                 "ParseException",
	IllegalArgumentException:       "IllegalArgumentException",
	NumberFormatException:          "NumberFormatException",
	ArithmeticException:            "ArithmeticException",
	DateTimeException:              "DateTimeException",
	ArrayIndexOutOfBoundsException: "ArrayIndexOutOfBoundsException",
	UnsupportedOperationException:  "UnsupportedOperationException",
	SparkRuntimeException:          "SparkRuntimeException",
	SparkUpgradeException:          "SparkUpgradeException",
	SparkNoSuchElementException:    "SparkNoSuchElementException",
	StreamingQueryException:        "StreamingQueryException",
	PythonException:                "PythonException",
	SparkException:                 "UnknownException",
	Py4JJavaError:                  "Py4JJavaError",
	Py4JError:                      "Py4JError",
	PySparkTypeError:               "PySparkTypeError",
	PySparkValueError:              "PySparkValueError",
	PySparkRuntimeError:            "PySparkRuntimeError",
	PySparkAttributeError:          "PySparkAttributeError",
	PySparkIndexError:              "PySparkIndexError",
	PySparkKeyError:                "PySparkKeyError",
	PySparkNotImplementedError:     "PySparkNotImplementedError",
	PySparkAssertionError:          "PySparkAssertionError",
	PySparkImportError:             "PySparkImportError",
}

// String is the PySpark exception class's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// PySpark reports whether the error is raised by PySpark's Python code (its condition is
// in PySpark's catalog) rather than coming from the JVM.
func (k Kind) PySpark() bool { return k >= PySparkTypeError }

// JVMClasses is the JVM exception class of an error of this kind and its superclasses,
// most specific first, as Spark Connect reports them (its client picks the PySpark class
// from them).
func (k Kind) JVMClasses() []string {
	throwable := []string{"java.lang.Exception", "java.lang.Throwable"}
	runtime := append([]string{"java.lang.RuntimeException"}, throwable...)
	switch k {
	case AnalysisException:
		return append([]string{"org.apache.spark.sql.AnalysisException"}, throwable...)
	case ParseException:
		return append([]string{"org.apache.spark.sql.catalyst.parser.ParseException", "org.apache.spark.sql.AnalysisException"}, throwable...)
	case IllegalArgumentException:
		return append([]string{"org.apache.spark.SparkIllegalArgumentException", "java.lang.IllegalArgumentException"}, runtime...)
	case NumberFormatException:
		return append([]string{"org.apache.spark.SparkNumberFormatException", "java.lang.NumberFormatException", "java.lang.IllegalArgumentException"}, runtime...)
	case ArithmeticException:
		return append([]string{"org.apache.spark.SparkArithmeticException", "java.lang.ArithmeticException"}, runtime...)
	case DateTimeException:
		return append([]string{"org.apache.spark.SparkDateTimeException", "java.time.DateTimeException"}, runtime...)
	case ArrayIndexOutOfBoundsException:
		return append([]string{"org.apache.spark.SparkArrayIndexOutOfBoundsException", "java.lang.ArrayIndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException"}, runtime...)
	case UnsupportedOperationException:
		return append([]string{"org.apache.spark.SparkUnsupportedOperationException", "java.lang.UnsupportedOperationException"}, runtime...)
	case SparkRuntimeException:
		return append([]string{"org.apache.spark.SparkRuntimeException"}, runtime...)
	case SparkUpgradeException:
		return append([]string{"org.apache.spark.SparkUpgradeException"}, runtime...)
	case SparkNoSuchElementException:
		return append([]string{"org.apache.spark.SparkNoSuchElementException", "java.util.NoSuchElementException"}, runtime...)
	case StreamingQueryException:
		return append([]string{"org.apache.spark.sql.streaming.StreamingQueryException"}, throwable...)
	case PythonException:
		return append([]string{"org.apache.spark.api.python.PythonException", "org.apache.spark.SparkException"}, throwable...)
	}
	return append([]string{"org.apache.spark.SparkException"}, throwable...)
}

// Param is one message parameter; conditions keep them in their template's order.
type Param struct{ Name, Value string }

// Error is an error as Spark raises it.
type Error struct {
	Kind Kind
	// Class is the error condition ("UNRESOLVED_COLUMN.WITH_SUGGESTION"); "" for an error
	// without one.
	Class string
	// Message is the condition's message with its parameters filled in, without the
	// "[CLASS] " prefix and the SQLSTATE.
	Message string
	// Params are the message parameters; nil means "read them back from Message".
	Params []Param
	// WithPlan marks an error Spark raises with the failing logical plan attached (checks
	// of the analyzed plan): its text then goes on with ";" and the plan's tree, which
	// kafkalab, with plans of its own, leaves out.
	WithPlan bool
	// Tail is text Spark's exception adds after the SQLSTATE: a parse error's position
	// and the SQL with a caret under it.
	Tail string
	// Cause is the error that caused this one (a streaming query's failure).
	Cause error
	// ParseAt places a parse error in the SQL text the parser read (ParseSrc): 1 + the
	// byte offset of the token Spark's parser stops at; 0 when unknown. A ParseEnd past
	// ParseAt marks an error Spark raises while building the plan from the parse tree: it
	// points at the fragment [ParseAt-1, ParseEnd) and shows it under
	// "== SQL (line l, position p) ==" instead of a caret under one token.
	ParseAt, ParseEnd int
	ParseSrc          string
}

// New makes an error of the condition class with its parameters (name, value pairs, in
// the order Spark's code builds them: getMessageParameters() shows that order), worded by
// the condition's template in the catalog the kind belongs to.
func New(kind Kind, class string, nameValues ...string) *Error {
	e := &Error{Kind: kind, Class: class}
	for i := 0; i+1 < len(nameValues); i += 2 {
		e.Params = append(e.Params, Param{nameValues[i], nameValues[i+1]})
	}
	tmpl, ok := e.template()
	if !ok {
		// Unknown conditions are caught by the package's tests; keep the facts readable.
		var parts []string
		for _, p := range e.Params {
			parts = append(parts, p.Name+"="+p.Value)
		}
		e.Message = strings.Join(parts, ", ")
		return e
	}
	e.Message = Render(tmpl, e.Params)
	return e
}

// Legacy makes one of Spark's errors without a condition of its own: Spark raises them as
// _LEGACY_ERROR_TEMP_3102 with the text as the msg parameter, and the failing plan.
func Legacy(msg string) *Error {
	return &Error{Kind: AnalysisException, Class: "_LEGACY_ERROR_TEMP_3102", Message: msg,
		Params: []Param{{"msg", msg}}, WithPlan: true}
}

func (e *Error) template() (string, bool) {
	var tmpl string
	var ok bool
	if e.Kind.PySpark() {
		tmpl, _, ok = PySparkTemplate(e.Class)
	} else {
		tmpl, _, ok = Template(e.Class)
	}
	return tmpl, ok
}

// Error is "[CLASS] message" (Spark leaves the prefix out for its legacy conditions).
func (e *Error) Error() string {
	if e.Class == "" || strings.HasPrefix(e.Class, "_LEGACY_ERROR_") {
		return e.Message
	}
	return "[" + e.Class + "] " + e.Message
}

func (e *Error) Unwrap() error { return e.Cause }

// SQLState is the condition's SQLSTATE, "" when it has none.
func (e *Error) SQLState() string {
	if e.Class == "" {
		return ""
	}
	if e.Kind.PySpark() {
		return PySparkSQLState(e.Class)
	}
	return SQLState(e.Class)
}

// Parameters are the message parameters in the template's order. For an error made with
// its message only, they are read back from the message; a message that is not worded
// by its condition's template gives none.
func (e *Error) Parameters() []Param {
	if e.Params != nil || e.Class == "" {
		return e.Params
	}
	tmpl, ok := e.template()
	if !ok {
		return nil
	}
	p, _ := Match(tmpl, e.Message)
	return p
}

// Text is the error's text as PySpark's str() shows it: for an error from the JVM, Spark's
// message with " SQLSTATE: x" and, for an error about a plan, the ";" before the plan.
func (e *Error) Text() string {
	s := e.Error()
	if e.Kind.PySpark() {
		return s
	}
	if e.Kind == ParseException {
		// Spark's ParseException message starts on a new line.
		s = "\n" + s
	}
	if st := e.SQLState(); st != "" {
		s += " SQLSTATE: " + st
	}
	if e.WithPlan {
		s += ";"
	}
	return s + e.Tail
}

// MessageWithState is Spark's SparkThrowable message: "[CLASS] message SQLSTATE: x"
// (PySpark's getMessage()).
func (e *Error) MessageWithState() string {
	s := e.Error()
	if st := e.SQLState(); st != "" && !e.Kind.PySpark() {
		s += " SQLSTATE: " + st
	}
	return s
}

// Sparker is an error that can word itself as a Spark error (a streaming query's failure
// wraps its cause as STREAM_FAILED).
type Sparker interface {
	SparkError() *Error
}

// As finds the Spark error err is: a *Error in its chain, an error that words itself as
// one, or a Go error whose text starts with "[CONDITION] " (the kind then follows from
// the condition). ok is false for any other error.
func As(err error) (e *Error, ok bool) {
	if err == nil {
		return nil, false
	}
	var sp Sparker
	if errors.As(err, &sp) {
		return sp.SparkError(), true
	}
	if errors.As(err, &e) {
		// An error made with its condition alone (Kind left at AnalysisException) takes
		// the kind its condition has: PARSE_SYNTAX_ERROR is a ParseException.
		if e.Kind == AnalysisException {
			if k := KindOf(e.Class); k != AnalysisException && !k.PySpark() {
				refined := *e
				refined.Kind = k
				return &refined, true
			}
		}
		return e, true
	}
	msg := err.Error()
	class, rest, found := cutCondition(msg)
	if !found {
		return nil, false
	}
	e = &Error{Kind: KindOf(class), Class: class, Message: rest, Cause: err}
	// A text that already carries its SQLSTATE keeps what follows it as the tail, so the
	// SQLSTATE is not written twice.
	if st := e.SQLState(); st != "" {
		if before, after, ok := strings.Cut(rest, " SQLSTATE: "+st); ok {
			e.Message, e.Tail = before, after
		}
	}
	return e, true
}

// cutCondition splits "[CLASS] message" into the class and the message.
func cutCondition(msg string) (class, rest string, ok bool) {
	if !strings.HasPrefix(msg, "[") {
		return "", "", false
	}
	end := strings.Index(msg, "] ")
	if end < 2 || strings.ContainsAny(msg[1:end], " \n") {
		return "", "", false
	}
	class = msg[1:end]
	if _, _, known := Template(class); !known {
		if _, _, known := PySparkTemplate(class); !known {
			return "", "", false
		}
	}
	return class, msg[end+2:], true
}

// KindOf is the exception Spark raises an error condition with, for errors the engine
// words as text: the JVM exception class the condition's errors come from, and for
// PySpark's own conditions the Python class its code raises them with.
func KindOf(class string) Kind {
	main, _, _ := strings.Cut(class, ".")
	if k, ok := conditionKinds[class]; ok {
		return k
	}
	if k, ok := conditionKinds[main]; ok {
		return k
	}
	if _, _, ok := Template(class); ok {
		if strings.HasPrefix(main, "PARSE_") {
			return ParseException
		}
		return AnalysisException
	}
	if strings.HasPrefix(main, "NOT_") || strings.HasPrefix(main, "CANNOT_ACCEPT") || strings.HasPrefix(main, "INVALID_") {
		return PySparkTypeError
	}
	return PySparkValueError
}

// conditionKinds are the conditions whose errors are not AnalysisExceptions (JVM side) or
// not what KindOf guesses from the name (PySpark side).
var conditionKinds = map[string]Kind{
	"CAST_INVALID_INPUT":                NumberFormatException,
	"CAST_OVERFLOW":                     ArithmeticException,
	"CAST_OVERFLOW_IN_TABLE_INSERT":     ArithmeticException,
	"ARITHMETIC_OVERFLOW":               ArithmeticException,
	"DIVIDE_BY_ZERO":                    ArithmeticException,
	"INTERVAL_DIVIDED_BY_ZERO":          ArithmeticException,
	"NUMERIC_VALUE_OUT_OF_RANGE":        ArithmeticException,
	"INVALID_ARRAY_INDEX":               ArrayIndexOutOfBoundsException,
	"INVALID_ARRAY_INDEX_IN_ELEMENT_AT": ArrayIndexOutOfBoundsException,
	"INVALID_INTERVAL_FORMAT":           IllegalArgumentException,
	"STREAMING_OUTPUT_MODE.INVALID":     IllegalArgumentException,
	"STREAM_FAILED":                     StreamingQueryException,
	"SQL_CONF_NOT_FOUND":                SparkNoSuchElementException,
	"CANNOT_PARSE_TIMESTAMP":            DateTimeException,
	"DATETIME_OVERFLOW":                 ArithmeticException,
	"UNSUPPORTED_FEATURE":               UnsupportedOperationException,
	// Catalog refusals Spark's QueryCompilationErrors raise as AnalysisExceptions
	// (PySpark 4.2.0: REPLACE TABLE or RENAME COLUMN of a parquet table, DROP DATABASE default).
	"UNSUPPORTED_FEATURE.TABLE_OPERATION":   AnalysisException,
	"UNSUPPORTED_FEATURE.DROP_DATABASE":     AnalysisException,
	"FOREACH_BATCH_USER_FUNCTION_ERROR":     PythonException,
	"CANNOT_CONVERT_COLUMN_INTO_BOOL":       PySparkValueError,
	"ONLY_ALLOW_SINGLE_TRIGGER":             PySparkValueError,
	"VALUE_NOT_TRUE":                        PySparkValueError,
	"VALUE_NOT_POSITIVE":                    PySparkValueError,
	"VALUE_OUT_OF_BOUNDS":                   PySparkValueError,
	"CANNOT_SET_TOGETHER":                   PySparkValueError,
	"LENGTH_SHOULD_BE_THE_SAME":             PySparkValueError,
	"TOO_MANY_VALUES":                       PySparkValueError,
	"FIELD_NOT_NULLABLE":                    PySparkValueError,
	"FIELD_DATA_TYPE_UNACCEPTABLE":          PySparkTypeError,
	"CANNOT_INFER_SCHEMA_FOR_TYPE":          PySparkTypeError,
	"INVALID_WHEN_USAGE":                    PySparkTypeError,
	"NOT_EXPECTED_TYPE":                     PySparkTypeError,
	"KEY_NOT_EXISTS":                        PySparkKeyError,
	"PACKAGE_NOT_INSTALLED":                 PySparkImportError,
	"NO_ACTIVE_OR_DEFAULT_SESSION":          PySparkRuntimeError,
	"NOT_IMPLEMENTED":                       PySparkNotImplementedError,
	"UNSUPPORTED_OPERATION":                 PySparkNotImplementedError,
	"ATTRIBUTE_NOT_SUPPORTED":               PySparkAttributeError,
	"INDEX_OUT_OF_RANGE":                    PySparkIndexError,
	"DATA_SOURCE_RETURN_SCHEMA_MISMATCH":    PySparkRuntimeError,
	"CANNOT_DETERMINE_TYPE":                 PySparkValueError,
	"CANNOT_INFER_EMPTY_SCHEMA":             PySparkValueError,
	"CANNOT_INFER_TYPE_FOR_FIELD":           PySparkTypeError,
	"SCHEMA_MISMATCH_FOR_PANDAS_UDF":        PySparkRuntimeError,
	"STREAMING_CONNECT_SERIALIZATION_ERROR": PySparkValueError,
}
