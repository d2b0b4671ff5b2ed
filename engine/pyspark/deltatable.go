package pyspark

import (
	"github.com/go-python/gpython/py"
	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// delta.tables.DeltaTable: forName/forPath, toDF and history. Changing a table through
// DeltaTable (merge, update, delete, vacuum) is not part of kafkalab.

type pyDeltaTable struct {
	s    *pySession
	path string // absolute table folder
	name string // "" when opened by path
}

var deltaTableType = py.NewType("DeltaTable", "A Delta table opened by name or path.")

func (t *pyDeltaTable) Type() *py.Type { return deltaTableType }
func (t *pyDeltaTable) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DeltaTable", name)
}

// historySchema is DeltaTable.history()'s schema in Delta 4.
var historySchema = sqltypes.MustParseDDL("version BIGINT, timestamp TIMESTAMP, userId STRING, userName STRING, " +
	"operation STRING, operationParameters MAP<STRING,STRING>, " +
	"job STRUCT<jobId: STRING, jobName: STRING, jobRunId: STRING, runId: STRING, jobOwnerId: STRING, triggerType: STRING>, " +
	"notebook STRUCT<notebookId: STRING>, clusterId STRING, readVersion BIGINT, isolationLevel STRING, " +
	"isBlindAppend BOOLEAN, operationMetrics MAP<STRING,STRING>, userMetadata STRING, engineInfo STRING").AsNullable()

func sessionArg(fn string, o py.Object) (*pySession, error) {
	s, ok := o.(*pySession)
	if !ok {
		return nil, py.ExceptionNewf(PySparkTypeError, "%s() takes the SparkSession first, got %s", fn, o.Type().Name)
	}
	return s, nil
}

func openDeltaTable(s *pySession, path, name string) (py.Object, error) {
	t, err := delta.Open(path)
	if err != nil {
		return nil, engineError(err)
	}
	ok, err := t.Exists()
	if err != nil {
		return nil, engineError(err)
	}
	if !ok {
		if name != "" {
			return nil, py.ExceptionNewf(AnalysisException, "[DELTA_MISSING_DELTA_TABLE] `%s` is not a Delta table.", name)
		}
		return nil, py.ExceptionNewf(AnalysisException, "[DELTA_MISSING_DELTA_TABLE] `%s` is not a Delta table.", path)
	}
	return &pyDeltaTable{s: s, path: path, name: name}, nil
}

func kvMap(kvs []delta.KV) *sqltypes.MapValue {
	m := &sqltypes.MapValue{}
	for _, kv := range kvs {
		m.Keys = append(m.Keys, kv.Key)
		if kv.Null {
			m.Values = append(m.Values, nil)
		} else {
			m.Values = append(m.Values, kv.Value)
		}
	}
	return m
}

func init() {
	static := func(name string, f func(args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		deltaTableType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (res py.Object, err error) {
			defer recoverPy(&err)
			if _, isTable := self.(*pyDeltaTable); isTable {
				return nil, py.ExceptionNewf(py.TypeError, "call DeltaTable.%s(spark, ...) on the class", name)
			}
			return f(args, kwargs)
		}, 0, "")
	}
	static("forPath", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := parseArgs("forPath", args, kwargs, []string{"sparkSession", "path", "hadoopConf"}, 2)
		if err != nil {
			return nil, err
		}
		s, err := sessionArg("forPath", a[0])
		if err != nil {
			return nil, err
		}
		p, err := asString("path", a[1])
		if err != nil {
			return nil, err
		}
		full, err := s.in.confine(p)
		if err != nil {
			return nil, py.ExceptionNewf(py.PermissionError, "kafkalab's sandbox: %v", err)
		}
		return openDeltaTable(s, full, "")
	})
	static("forName", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := parseArgs("forName", args, kwargs, []string{"sparkSession", "tableOrViewName"}, 2)
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
		path, err := s.s.TablePath(name)
		if err != nil {
			return nil, engineError(err)
		}
		return openDeltaTable(s, path, name)
	})
	static("isDeltaTable", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := parseArgs("isDeltaTable", args, kwargs, []string{"sparkSession", "identifier"}, 2)
		if err != nil {
			return nil, err
		}
		s, err := sessionArg("isDeltaTable", a[0])
		if err != nil {
			return nil, err
		}
		p, err := asString("identifier", a[1])
		if err != nil {
			return nil, err
		}
		full, err := s.in.confine(p)
		if err != nil {
			return nil, py.ExceptionNewf(py.PermissionError, "kafkalab's sandbox: %v", err)
		}
		t, err := delta.Open(full)
		if err != nil {
			return py.False, nil
		}
		ok, err := t.Exists()
		return py.NewBool(err == nil && ok), nil
	})
	defMethod(deltaTableType, "toDF", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDeltaTable)
		if t.name != "" {
			return t.s.in.table(t.name)
		}
		return t.s.in.wrapDF(t.s.s.Read().Format("delta").Load(t.s.in.runCtx, t.path))
	})
	defMethod(deltaTableType, "history", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDeltaTable)
		a, err := parseArgs("history", args, kwargs, []string{"limit"}, 0)
		if err != nil {
			return nil, err
		}
		limit, err := asInt("history", a[0], -1)
		if err != nil {
			return nil, err
		}
		tbl, err := delta.Open(t.path)
		if err != nil {
			return nil, engineError(err)
		}
		commits, err := tbl.History()
		if err != nil {
			return nil, engineError(err)
		}
		if limit >= 0 && len(commits) > limit {
			commits = commits[:limit]
		}
		rows := make([]sqltypes.Row, 0, len(commits))
		for _, c := range commits {
			var readVersion, userMetadata, blind any
			if c.ReadVersion != nil {
				readVersion = *c.ReadVersion
			}
			if c.UserMetadata != nil {
				userMetadata = *c.UserMetadata
			}
			if c.IsBlindAppend != nil {
				blind = *c.IsBlindAppend
			}
			var iso, engineInfo any
			if c.IsolationLevel != "" {
				iso = c.IsolationLevel
			}
			if c.EngineInfo != "" {
				engineInfo = c.EngineInfo
			}
			rows = append(rows, sqltypes.Row{c.Version, sqltypes.Timestamp(c.Timestamp * 1000), nil, nil, c.Operation,
				kvMap(c.OperationParameters), nil, nil, nil, readVersion, iso, blind, kvMap(c.OperationMetrics), userMetadata, engineInfo})
		}
		df, err := t.s.s.CreateDataFrame(rows, historySchema)
		if err != nil {
			// Until the engine's createDataFrame takes MAP values, the two map columns
			// are left NULL rather than failing history() altogether.
			for _, r := range rows {
				r[5], r[12] = nil, nil
			}
			df, err = t.s.s.CreateDataFrame(rows, historySchema)
		}
		return t.s.in.wrapDF(df, err)
	})
	for _, name := range []string{"merge", "update", "delete", "vacuum", "optimize", "restoreToVersion", "alias", "generate", "detail"} {
		name := name
		defMethod(deltaTableType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return nil, unsupported("DeltaTable."+name, "kafkalab's Delta tables are written by streams and df.write; read them with toDF() and history()")
		})
	}
	embeddedModules["delta.tables"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Delta Lake tables"}, Globals: py.StringDict{"DeltaTable": deltaTableType}}, nil
	}
}
