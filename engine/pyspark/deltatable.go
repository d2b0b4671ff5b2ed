package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// delta.tables.DeltaTable over engine.DeltaTable: forName/forPath, alias, toDF, history,
// delete, update, merge (DeltaMergeBuilder) and restoreToVersion/restoreToTimestamp.

type pyDeltaTable struct {
	s  *pySession
	dt *engine.DeltaTable
}

var deltaTableType = py.NewType("DeltaTable", "A Delta table opened by name or path.")

func (t *pyDeltaTable) Type() *py.Type { return deltaTableType }
func (t *pyDeltaTable) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DeltaTable", name)
}

func sessionArg(fn string, o py.Object) (*pySession, error) {
	s, ok := o.(*pySession)
	if !ok {
		return nil, py.ExceptionNewf(PySparkTypeError, "%s() takes the SparkSession first, got %s", fn, o.Type().Name)
	}
	return s, nil
}

func init() {
	static := func(name string, f func(args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		deltaTableType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (res py.Object, err error) {
			defer python.Recover(&err)
			if _, isTable := self.(*pyDeltaTable); isTable {
				return nil, py.ExceptionNewf(py.TypeError, "call DeltaTable.%s(spark, ...) on the class", name)
			}
			return f(args, kwargs)
		}, 0, "")
	}
	// pathArg reads a path argument; the session keeps it inside the working folder.
	pathArg := func(s *pySession, o py.Object, what string) (string, error) {
		p, err := asString(what, o)
		if err != nil {
			return "", err
		}
		return p, nil
	}
	static("forPath", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("forPath", args, kwargs, []string{"sparkSession", "path", "hadoopConf"}, 2)
		if err != nil {
			return nil, err
		}
		s, err := sessionArg("forPath", a[0])
		if err != nil {
			return nil, err
		}
		p, err := pathArg(s, a[1], "path")
		if err != nil {
			return nil, err
		}
		dt, err := s.s.DeltaTableForPath(s.in.Context(), p)
		if err != nil {
			return nil, engineError(err)
		}
		return &pyDeltaTable{s: s, dt: dt}, nil
	})
	static("forName", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("forName", args, kwargs, []string{"sparkSession", "tableOrViewName"}, 2)
		if err != nil {
			return nil, err
		}
		s, err := sessionArg("forName", a[0])
		if err != nil {
			return nil, err
		}
		name, err := asString("tableOrViewName", a[1])
		if err != nil {
			return nil, err
		}
		dt, err := s.s.DeltaTableForName(s.in.Context(), name)
		if err != nil {
			return nil, engineError(err)
		}
		return &pyDeltaTable{s: s, dt: dt}, nil
	})
	static("convertToDelta", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("convertToDelta", args, kwargs, []string{"sparkSession", "identifier", "partitionSchema"}, 2)
		if err != nil {
			return nil, err
		}
		s, err := sessionArg("convertToDelta", a[0])
		if err != nil {
			return nil, err
		}
		id, err := asString("identifier", a[1])
		if err != nil {
			return nil, err
		}
		var partSchema string
		switch ps := a[2].(type) {
		case nil, py.NoneType:
		case py.String:
			partSchema = string(ps)
		default:
			st, err := toSchema(ps)
			if err != nil {
				return nil, notExpectedType("partitionSchema", "str or StructType", a[2])
			}
			partSchema = st.DDL()
		}
		dt, err := s.s.ConvertToDelta(s.in.Context(), id, partSchema)
		if err != nil {
			return nil, engineError(err)
		}
		return &pyDeltaTable{s: s, dt: dt}, nil
	})
	static("isDeltaTable", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("isDeltaTable", args, kwargs, []string{"sparkSession", "identifier"}, 2)
		if err != nil {
			return nil, err
		}
		s, err := sessionArg("isDeltaTable", a[0])
		if err != nil {
			return nil, err
		}
		p, err := pathArg(s, a[1], "identifier")
		if err != nil {
			return nil, err
		}
		ok, err := s.s.IsDeltaTable(p)
		if err != nil {
			return nil, engineError(err)
		}
		return py.NewBool(ok), nil
	})
	python.DefMethod(deltaTableType, "toDF", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDeltaTable)
		return t.s.in.wrapDF(t.dt.ToDF(t.s.in.Context()))
	})
	python.DefMethod(deltaTableType, "history", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDeltaTable)
		a, err := python.ParseArgs("history", args, kwargs, []string{"limit"}, 0)
		if err != nil {
			return nil, err
		}
		limit, err := asInt("history", a[0], -1)
		if err != nil {
			return nil, err
		}
		return t.s.in.wrapDF(t.dt.History(t.s.in.Context(), limit))
	})
	defDeltaTableOps()
	bindings["delta.tables"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Delta Lake tables"}, Globals: py.StringDict{"DeltaTable": deltaTableType, "DeltaMergeBuilder": mergeBuilderType, "DeltaOptimizeBuilder": optimizeBuilderType, "DeltaTableBuilder": tableBuilderType}}, nil
	}
}
