package pyspark

import (
	"context"
	"github.com/kafkalab/kafkalab/engine/pyerrors"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Python user-defined table functions (functions.udtf, spark.udtf.register): a class whose
// eval(*args) yields rows and whose optional terminate() yields the last ones, run in the
// embedded interpreter with constant arguments: func(lit(1), lit(2)) and SQL's
// FROM name(1, 2). LATERAL calls over another table's rows are not in kafkalab yet.

type pyUDTF struct {
	in         *Interpreter
	cls        py.Object
	returnType py.Object
	name       string
}

var udtfType = py.NewType("UserDefinedTableFunction", "A Python table function: call it with columns to get a DataFrame.")

func (u *pyUDTF) Type() *py.Type { return udtfType }

func (u *pyUDTF) M__getattr__(name string) (py.Object, error) {
	return missingAttr("UserDefinedTableFunction", name)
}

// M__call__ evaluates the argument columns (constants) and runs the class over them.
func (u *pyUDTF) M__call__(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(kwargs) > 0 {
		return nil, python.Unsupported("a UDTF called with keyword arguments", "pass the arguments in order")
	}
	cols, err := columnArgs(u.name, args)
	if err != nil {
		return nil, err
	}
	var values py.Tuple
	if len(cols) > 0 {
		one, err := u.in.spark.s.Range(0, 1, 1, 1)
		if err != nil {
			return nil, engineError(err)
		}
		sel, err := one.Select(cols...)
		if err != nil {
			return nil, engineError(err)
		}
		rows, err := sel.Collect(u.in.Context())
		if err != nil {
			return nil, engineError(err)
		}
		values = py.Tuple(rowToPython(rows[0], sel.Schema(), u.in.location()).values)
	}
	return u.run(values)
}

// run makes a fresh instance, calls eval(*values) and terminate(), and makes a DataFrame of
// the rows they yield with the return type's schema.
func (u *pyUDTF) run(values py.Tuple) (py.Object, error) {
	rows, _, err := u.runRows([]py.Tuple{values})
	if se, ok := sparkerrors.As(err); ok {
		// The worker's failure, not the Python exception it wraps (engineError would
		// find that one in the chain and pass the wrapper on as it is).
		return nil, pyerrors.WithGoError(pyerrors.FromError(se), err)
	}
	if err != nil {
		return nil, err
	}
	return u.in.createDataFrame(py.NewListFromItems(rows), u.returnType)
}

// runRows calls one instance's eval for each argument tuple, then terminate; of[i] is the
// argument tuple output row i came from (terminate's: the last).
func (u *pyUDTF) runRows(argRows []py.Tuple) (rows []py.Object, of []int, err error) {
	obj, err := py.Call(u.cls, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	collect := func(method string, args py.Tuple, index int) error {
		fn, err := py.GetAttrString(obj, method)
		if err != nil {
			if method == "terminate" {
				return nil // optional
			}
			return err
		}
		out, err := py.Call(fn, args, nil)
		if err != nil || out == py.None {
			return err
		}
		var bad error
		err = py.Iterate(out, func(item py.Object) bool {
			row, err := u.outputRow(method, item)
			if err != nil {
				bad = err
				return true
			}
			rows, of = append(rows, row), append(of, index)
			return false
		})
		if bad != nil {
			return bad
		}
		return err
	}
	// What eval or terminate raises, or a row of the wrong kind, fails in Spark's Python
	// worker: PySpark gets a PythonException (PYTHON_EXCEPTION) with the worker's traceback.
	for i, args := range argRows {
		if err := collect("eval", args, i); err != nil {
			return nil, nil, u.in.pythonWorkerError(err, true)
		}
	}
	if err := collect("terminate", nil, len(argRows)-1); err != nil {
		return nil, nil, u.in.pythonWorkerError(err, true)
	}
	return rows, of, nil
}

// outputRow reads one yielded row: a tuple, list, Row or dict (by the schema's names).
func (u *pyUDTF) outputRow(method string, item py.Object) (py.Object, error) {
	switch x := item.(type) {
	case py.Tuple:
		return x, nil
	case *py.List:
		return py.Tuple(x.Items), nil
	case *pyRow:
		return py.Tuple(x.values), nil
	case *py.Dict:
		schema, err := toSchema(u.returnType)
		if err != nil {
			return nil, err
		}
		row := make(py.Tuple, len(schema.Fields))
		for i, f := range schema.Fields {
			row[i] = py.None
			if v, ok := x.GetStr(f.Name); ok {
				row[i] = v
			}
		}
		return row, nil
	}
	return nil, raise(sparkerrors.PySparkRuntimeError, "UDTF_INVALID_OUTPUT_ROW_TYPE", "type", item.Type().Name, "func", method)
}

// sqlUDTF is a UDTF registered for SQL: the engine's TableFunction over the Python class.
type sqlUDTF struct{ u *pyUDTF }

func (t sqlUDTF) Schema() (*sqltypes.StructType, error) {
	st, err := toSchema(t.u.returnType)
	if err != nil {
		return nil, err
	}
	if _, ok := t.u.returnType.(py.String); ok {
		st = st.AsNullable()
	}
	return st, nil
}

func (t sqlUDTF) Run(ctx context.Context, args [][]any, types []sqltypes.DataType) ([]sqltypes.Row, []int, error) {
	loc := t.u.in.location()
	argRows := make([]py.Tuple, len(args))
	for i, vals := range args {
		argRows[i] = make(py.Tuple, len(vals))
		for k, v := range vals {
			argRows[i][k] = toPython(v, types[k], loc)
		}
	}
	rows, of, err := t.u.runRows(argRows)
	if err != nil {
		return nil, nil, err
	}
	df, err := t.u.in.createDataFrame(py.NewListFromItems(rows), t.u.returnType)
	if err != nil {
		return nil, nil, err
	}
	out, err := df.(*pyDataFrame).df.Collect(ctx)
	return out, of, err
}

// udtfFunction is functions.udtf(cls=None, *, returnType=None, useArrow=None); without cls
// it is a decorator.
func (in *Interpreter) udtfFunction(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("udtf", args, kwargs, []string{"cls", "returnType", "useArrow"}, 0)
	if err != nil {
		return nil, err
	}
	rt := a[1]
	if rt == nil || rt == py.None {
		return nil, python.Unsupported("a UDTF without returnType (its analyze method)", "give returnType=\"name: type, ...\"")
	}
	switch rt.(type) {
	case py.String, *pyDataType:
	default:
		return nil, notExpectedType("returnType", "str or StructType", rt)
	}
	make := func(cls py.Object) (py.Object, error) {
		if _, ok := cls.(*py.Type); !ok {
			return nil, raise(sparkerrors.PySparkTypeError, "INVALID_UDTF_HANDLER_TYPE", "type", cls.Type().Name)
		}
		return &pyUDTF{in: in, cls: cls, returnType: rt, name: functionName(cls)}, nil
	}
	if a[0] != nil && a[0] != py.None {
		return make(a[0])
	}
	return py.MustNewMethod("udtf", func(self py.Object, args py.Tuple) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "udtf decorator takes one class")
		}
		return make(args[0])
	}, 0, ""), nil
}

// pyUDTFRegistration is spark.udtf.
type pyUDTFRegistration struct{ s *pySession }

var udtfRegistrationType = py.NewType("UDTFRegistration", "spark.udtf: registers Python table functions for SQL.")

func (r *pyUDTFRegistration) Type() *py.Type { return udtfRegistrationType }
func (r *pyUDTFRegistration) M__getattr__(name string) (py.Object, error) {
	return missingAttr("UDTFRegistration", name)
}

func init() {
	sessionProp("udtf", func(s *pySession) (py.Object, error) { return &pyUDTFRegistration{s}, nil })
	python.DefMethod(udtfRegistrationType, "register", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		r := self.(*pyUDTFRegistration)
		a, err := python.ParseArgs("register", args, kwargs, []string{"name", "f"}, 2)
		if err != nil {
			return nil, err
		}
		name, err := asString("name", a[0])
		if err != nil {
			return nil, err
		}
		u, ok := a[1].(*pyUDTF)
		if !ok {
			return nil, raise(sparkerrors.PySparkTypeError, "CANNOT_REGISTER_UDTF", "name", name)
		}
		r.s.s.RegisterTableFunction(name, sqlUDTF{u})
		return u, nil
	})
}
