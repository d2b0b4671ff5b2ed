package pyspark

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Python UDFs: udf(f, returnType) and its decorator forms, run row by row in the embedded
// interpreter as PySpark's (non-Arrow) Python worker runs them, results converted to the
// return type as Spark converts what the worker sends back.

// sqlBatchedUDF is PySpark's PythonEvalType.SQL_BATCHED_UDF, udf's evalType.
const sqlBatchedUDF = 100

// pyUDF is what udf(f) returns: calling it on columns makes a Column.
type pyUDF struct {
	in            *Interpreter
	fn            py.Object
	name          string
	returnType    py.Object // a DataType or a DDL string, parsed when first needed
	deterministic bool
	parsed        *plan.UDF
}

var udfType = py.NewType("function", "A Python user-defined function: call it on columns.")

func (u *pyUDF) Type() *py.Type { return udfType }

func (u *pyUDF) M__repr__() (py.Object, error) {
	return py.String("<function " + u.name + ">"), nil
}

func (u *pyUDF) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "func":
		return u.fn, nil
	case "returnType":
		t, err := u.dataType()
		if err != nil {
			return nil, err
		}
		return wrapDataType(t), nil
	case "evalType":
		return py.Int(sqlBatchedUDF), nil
	case "deterministic":
		return py.NewBool(u.deterministic), nil
	case "__name__":
		return py.String(u.name), nil
	case "asNondeterministic":
		return py.MustNewMethod("asNondeterministic", func(self py.Object, args py.Tuple) (py.Object, error) {
			u.deterministic = false
			u.parsed = nil
			return u, nil
		}, 0, ""), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'function' object has no attribute '%s'", name)
}

// M__call__ applies the function to columns or column names.
func (u *pyUDF) M__call__(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(kwargs) > 0 {
		return nil, python.Unsupported("keyword arguments to a Python UDF", "pass the columns positionally")
	}
	f, err := u.planUDF()
	if err != nil {
		return nil, err
	}
	cols := make([]any, len(args))
	for i, a := range args {
		c, err := colOrName(u.name, a)
		if err != nil {
			return nil, err
		}
		cols[i] = c
	}
	return newPyColumn(engine.CallUDF(f, cols...))
}

func (u *pyUDF) dataType() (sqltypes.DataType, error) {
	if u.returnType == nil || u.returnType == py.None {
		return sqltypes.String, nil
	}
	return toDataType("returnType", u.returnType)
}

// planUDF is the engine's function for this UDF (made once its return type is known).
func (u *pyUDF) planUDF() (*plan.UDF, error) {
	if u.parsed != nil {
		return u.parsed, nil
	}
	t, err := u.dataType()
	if err != nil {
		return nil, err
	}
	u.parsed = &plan.UDF{Name: u.name, ReturnType: t, Deterministic: u.deterministic, Invoke: u.in.udfInvoker(u.fn, t)}
	return u.parsed, nil
}

// udfInvoker calls fn with one row's arguments as Python values and converts its result.
// A streaming query's goroutine takes the interpreter lock first; the goroutine that asked
// for the rows (collect, show, a foreachBatch function) already holds it.
func (in *Interpreter) udfInvoker(fn py.Object, rt sqltypes.DataType) func([]any, []sqltypes.DataType, bool) (any, error) {
	return func(args []any, types []sqltypes.DataType, background bool) (any, error) {
		var out any
		run := func() error {
			loc := in.location()
			pargs := make(py.Tuple, len(args))
			for i, a := range args {
				pargs[i] = toPython(a, types[i], loc)
			}
			res, err := py.Call(fn, pargs, nil)
			if err != nil {
				return in.pythonWorkerError(err, background)
			}
			out = udfResult(res, rt)
			return nil
		}
		var err error
		if background {
			err = in.Locked(run)
		} else {
			err = run()
		}
		return out, err
	}
}

// pythonWorkerError is a Python exception raised where Spark runs Python in a worker (a
// UDF, a foreach writer), as Spark reports it: the worker's traceback. A streaming query
// reports it under PYTHON_EXCEPTION; an action on a DataFrame as PySpark's PythonException.
func (in *Interpreter) pythonWorkerError(err error, streaming bool) error {
	const msg = "An exception was thrown from the Python worker"
	tb := in.Describe(err).Error()
	var e *sparkerrors.Error
	if streaming {
		e = sparkerrors.New(sparkerrors.PythonException, "PYTHON_EXCEPTION", "msg", msg, "traceback", tb+"\n")
	} else {
		e = &sparkerrors.Error{Kind: sparkerrors.PythonException, Message: msg + ":\n" + tb}
	}
	e.Cause = err
	return e
}

// udfResult converts what a UDF returned to its return type as Spark converts the values
// the Python worker pickles back: a value of another kind is NULL, integers wrap to the
// type's width, and a string type takes any value's Java text.
func udfResult(o py.Object, t sqltypes.DataType) any {
	if o == nil || o == py.None {
		return nil
	}
	integer := func() (int64, bool) {
		if _, isBool := o.(py.Bool); isBool {
			return 0, false
		}
		switch x := o.(type) {
		case py.Int:
			return int64(x), true
		case *py.BigInt:
			b := (*big.Int)(x)
			if b.IsInt64() {
				return b.Int64(), true
			}
		}
		return 0, false
	}
	switch tt := t.(type) {
	case sqltypes.StringType:
		return javaString(o)
	case sqltypes.BooleanType:
		if b, ok := o.(py.Bool); ok {
			return bool(b)
		}
	case sqltypes.ByteType:
		if i, ok := integer(); ok {
			return int8(i)
		}
	case sqltypes.ShortType:
		if i, ok := integer(); ok {
			return int16(i)
		}
	case sqltypes.IntegerType:
		if i, ok := integer(); ok {
			return int32(i)
		}
	case sqltypes.LongType:
		if i, ok := integer(); ok {
			return i
		}
	case sqltypes.DoubleType:
		if f, ok := o.(py.Float); ok {
			return float64(f)
		}
	case sqltypes.FloatType:
		if f, ok := o.(py.Float); ok {
			return float32(f)
		}
	case sqltypes.DecimalType:
		if d, ok := o.(*pyDecimal); ok {
			if r, ok := d.d.Rescale(tt.Precision, tt.Scale); ok {
				return r
			}
		}
	case sqltypes.BinaryType:
		if b, ok := o.(py.Bytes); ok {
			return []byte(b)
		}
	case sqltypes.DateType:
		if d, ok := o.(*pyDate); ok {
			return sqltypes.Date(d.t.Unix() / 86400)
		}
	case sqltypes.TimestampType, sqltypes.TimestampNTZType:
		if v, err := fromPython("", o, t, true, nil); err == nil {
			return v
		}
	case sqltypes.ArrayType:
		items, ok := python.SeqItems(o)
		if !ok {
			return nil
		}
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = udfResult(it, tt.Element)
		}
		return out
	case sqltypes.MapType:
		keys, vals, ok := pyDictItems(o)
		if !ok {
			return nil
		}
		mv := &sqltypes.MapValue{}
		for i, k := range keys {
			mv.Keys = append(mv.Keys, udfResult(k, tt.Key))
			mv.Values = append(mv.Values, udfResult(vals[i], tt.Value))
		}
		return mv
	case *sqltypes.StructType:
		var vals []py.Object
		switch x := o.(type) {
		case *pyRow:
			vals = x.values
		default:
			items, ok := python.SeqItems(o)
			if !ok {
				return nil
			}
			vals = items
		}
		if len(vals) != len(tt.Fields) {
			return nil
		}
		row := make(sqltypes.Row, len(vals))
		for i, v := range vals {
			row[i] = udfResult(v, tt.Fields[i].Type)
		}
		return row
	}
	return nil
}

// javaString is the text Java's toString gives the value Python pickled: str stays, bools
// are true/false, floats print as Java's Double, lists as [a, b].
func javaString(o py.Object) string {
	switch x := o.(type) {
	case py.String:
		return string(x)
	case py.Bool:
		return strconv.FormatBool(bool(x))
	case py.Float:
		return sqltypes.JavaDoubleString(float64(x))
	case *py.List:
		parts := make([]string, len(x.Items))
		for i, it := range x.Items {
			parts[i] = javaString(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if o == py.None {
		return "null"
	}
	s, err := py.StrAsString(o)
	if err != nil {
		return ""
	}
	return s
}

// newUDF makes the UDF of f; name is f's __name__ (or its class's), as PySpark names it.
func (in *Interpreter) newUDF(f, returnType py.Object, name string) (*pyUDF, error) {
	if !callable(f) {
		return nil, notExpectedType("func", "callable", f)
	}
	// A type string is parsed when the UDF is first called, as PySpark does.
	switch returnType.(type) {
	case nil, py.NoneType, py.String, *pyDataType:
	default:
		return nil, notExpectedType("returnType", "a pyspark.sql.types.DataType or str", returnType)
	}
	if name == "" {
		name = functionName(f)
	}
	return &pyUDF{in: in, fn: f, name: name, returnType: returnType, deterministic: true}, nil
}

// functionName is f.__name__, else the name of f's class.
func functionName(f py.Object) string {
	if n, err := py.GetAttrString(f, "__name__"); err == nil {
		if s, ok := n.(py.String); ok {
			return string(s)
		}
	}
	return f.Type().Name
}

// udfFunction is pyspark.sql.functions.udf(f=None, returnType=StringType(), *, useArrow=None).
// Without f (or with a type first) it is a decorator.
func (in *Interpreter) udfFunction(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("udf", args, kwargs, []string{"f", "returnType", "useArrow"}, 0)
	if err != nil {
		return nil, err
	}
	f, rt := a[0], a[1]
	switch f.(type) {
	case nil, py.NoneType, py.String, *pyDataType:
		if f != nil && f != py.None {
			rt = f
		}
		return py.MustNewMethod("udf", func(self py.Object, args py.Tuple) (py.Object, error) {
			if len(args) != 1 {
				return nil, py.ExceptionNewf(py.TypeError, "udf decorator takes one function")
			}
			return in.newUDF(args[0], rt, "")
		}, 0, ""), nil
	}
	return in.newUDF(f, rt, "")
}

// pyUDFRegistration is spark.udf.
type pyUDFRegistration struct{ s *pySession }

var udfRegistrationType = py.NewType("UDFRegistration", "spark.udf: registers Python functions for SQL.")

func (r *pyUDFRegistration) Type() *py.Type { return udfRegistrationType }
func (r *pyUDFRegistration) M__getattr__(name string) (py.Object, error) {
	return missingAttr("UDFRegistration", name)
}

func init() {
	sessionProp("udf", func(s *pySession) (py.Object, error) { return &pyUDFRegistration{s}, nil })
	python.DefMethod(udfRegistrationType, "register", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		r := self.(*pyUDFRegistration)
		a, err := python.ParseArgs("register", args, kwargs, []string{"name", "f", "returnType"}, 2)
		if err != nil {
			return nil, err
		}
		name, err := asString("name", a[0])
		if err != nil {
			return nil, err
		}
		fn, rt := a[1], a[2]
		deterministic := true
		if u, ok := fn.(*pyUDF); ok {
			if rt != nil && rt != py.None {
				rep, _ := py.StrAsString(rt)
				return nil, raise(sparkerrors.PySparkTypeError, "CANNOT_SPECIFY_RETURN_TYPE_FOR_UDF", "arg_name", "f", "return_type", rep)
			}
			fn, rt, deterministic = u.fn, u.returnType, u.deterministic
		}
		u, err := r.s.in.newUDF(fn, rt, name)
		if err != nil {
			return nil, err
		}
		u.deterministic = deterministic
		f, err := u.planUDF()
		if err != nil {
			return nil, err
		}
		r.s.s.RegisterFunction(name, f)
		return u, nil
	})
}

// udfFunctions are functions.udf and functions.pandas_udf (refused: the embedded Python has
// no pandas or Arrow).
func (in *Interpreter) udfFunctions() []*py.Method {
	return []*py.Method{
		python.NewMethod("udf", in.udfFunction),
		python.NewMethod("udtf", in.udtfFunction),
		python.NewMethod("pandas_udf", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return nil, python.Unsupported("functions.pandas_udf", "kafkalab's Python has no pandas or Arrow: write a row-at-a-time udf(f, returnType), or run the script on real Spark with `kafkalab export`")
		}),
	}
}
