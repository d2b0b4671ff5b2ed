package connect

import (
	"context"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Python UDTFs (udtf, @udtf, spark.udtf.register) reach the server as a PythonUDTF: the
// handler class pickled by pyspark's CloudPickleSerializer, its return type, and an eval
// type (300, or 301 with useArrow). A call in the DataFrame API is a relation of its own,
// a registration makes the function readable in SQL's FROM and LATERAL; both run the class
// in the session's Python workers through the engine's TableFunction, which the embedded
// path's UDTFs implement too.

const (
	evalTableUDF      = 300 // SQL_TABLE_UDF
	evalArrowTableUDF = 301 // SQL_ARROW_TABLE_UDF
)

// pythonUDTF is the engine's TableFunction over a Connect PythonUDTF.
type pythonUDTF struct {
	ss       *session
	name     string
	evalType int32
	command  []byte
	schema   *sqltypes.StructType
}

// newPythonUDTF checks what the server can run: a handler with a return type (one whose
// analyze method picks the type is not run here) in a Python worker.
func (ss *session) newPythonUDTF(f *pb.CommonInlineUserDefinedTableFunction) (*pythonUDTF, error) {
	u := f.GetPythonUdtf()
	name := f.GetFunctionName()
	if u == nil {
		return nil, unsupportedf("user-defined table function %s of kind %s (kafkalab runs Python UDTFs)", name, oneofName(f, "function"))
	}
	switch u.GetEvalType() {
	case evalTableUDF, evalArrowTableUDF:
	default:
		return nil, unsupportedf("Python UDTF %s of eval type %d (kafkalab runs udtf and @udtf classes)", name, u.GetEvalType())
	}
	if u.ReturnType == nil {
		return nil, unsupportedf("Python UDTF %s without returnType (its analyze method picks the type): give returnType=\"name: type, ...\"", name)
	}
	if ss.srv.cfg.Python == "" {
		return nil, unsupportedf("Python UDTF %s here: this server runs no Python worker (start it with a Python that has pyspark-client, e.g. kafkalab run --python)", name)
	}
	var st *sqltypes.StructType
	if ddl := u.GetReturnType().GetUnparsed(); ddl != nil {
		// returnType="a: int, b: string": a schema's DDL, its columns nullable, as the
		// embedded path reads it.
		parsed, err := sqltypes.ParseDDL(ddl.GetDataTypeString())
		if err != nil {
			return nil, err
		}
		st = parsed.AsNullable()
	} else {
		rt, err := engineType(u.GetReturnType())
		if err != nil {
			return nil, err
		}
		var ok bool
		if st, ok = rt.(*sqltypes.StructType); !ok {
			return nil, invalidPlan("Python UDTF %s: its return type %s is not a struct", name, rt.SQL())
		}
	}
	return &pythonUDTF{ss: ss, name: name, evalType: u.GetEvalType(), command: u.GetCommand(), schema: st}, nil
}

func (u *pythonUDTF) Schema() (*sqltypes.StructType, error) { return u.schema, nil }

// Run runs one instance of the handler over the argument rows in a worker of the session's
// pool, as a Spark task runs one per partition.
func (u *pythonUDTF) Run(ctx context.Context, args [][]any, types []sqltypes.DataType) ([]sqltypes.Row, []int, error) {
	wname := "Python UDTF " + u.name
	w, err := u.ss.takeUDFWorker(wname)
	if err != nil {
		return nil, nil, err
	}
	defer u.ss.returnUDFWorker(w)
	zone := u.ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	return w.callTable(u.evalType, u.command, args, types, u.schema, zone)
}

// udtfRelation is a UDTF called in the DataFrame API (func(lit(1), lit(2))): its arguments
// are evaluated once, as the embedded path evaluates them, and the class runs when the
// DataFrame is read.
func (ss *session) udtfRelation(ctx context.Context, f *pb.CommonInlineUserDefinedTableFunction) (*engine.DataFrame, error) {
	u, err := ss.newPythonUDTF(f)
	if err != nil {
		return nil, err
	}
	cols, err := ss.columns(ctx, f.GetArguments())
	if err != nil {
		return nil, err
	}
	var vals []any
	var types []sqltypes.DataType
	if len(cols) > 0 {
		one, err := ss.eng.Range(0, 1, 1, 1)
		if err != nil {
			return nil, err
		}
		sel, err := one.Select(anys(cols)...)
		if err != nil {
			return nil, err
		}
		rows, err := sel.Collect(ctx)
		if err != nil {
			return nil, err
		}
		vals = rows[0]
		for _, fl := range sel.Schema().Fields {
			types = append(types, fl.Type)
		}
	}
	return ss.eng.CallTableFunction(f.GetFunctionName(), u, vals, types)
}

// registerPythonUDTF is spark.udtf.register(name, f): SQL's FROM and LATERAL can call it.
func (ss *session) registerPythonUDTF(f *pb.CommonInlineUserDefinedTableFunction) error {
	u, err := ss.newPythonUDTF(f)
	if err != nil {
		return err
	}
	ss.eng.RegisterTableFunction(f.GetFunctionName(), u)
	return nil
}
