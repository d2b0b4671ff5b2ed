package pyspark

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// SparkSession, its builder, spark.conf and spark.sparkContext.

// pySession is a SparkSession instance.
type pySession struct {
	s   *engine.Session
	in  *Interpreter
	cls *py.Type
	ctx *pySparkContext // the one spark.sparkContext, made on first use
}

func (s *pySession) Type() *py.Type { return s.cls }

// context is the session's SparkContext: always the same object, as PySpark's is.
func (s *pySession) context() *pySparkContext {
	if s.ctx == nil {
		s.ctx = &pySparkContext{s}
	}
	return s.ctx
}

func (s *pySession) M__getattr__(name string) (py.Object, error) {
	return missingAttr("SparkSession", name)
}

func (s *pySession) close() {
	_ = s.s.Stop(s.in.Context())
}

// pyBuilder is SparkSession.builder. As in PySpark before 3.4 there is one builder per
// interpreter, shared by every SparkSession.builder access.
type pyBuilder struct {
	in   *Interpreter
	conf map[string]string
	keys []string // in the order set
}

var builderType = py.NewType("Builder", "Builder for SparkSession.")

func (b *pyBuilder) Type() *py.Type { return builderType }
func (b *pyBuilder) M__getattr__(name string) (py.Object, error) {
	return missingAttr("SparkSession.Builder", name)
}

func (b *pyBuilder) set(k, v string) {
	if _, ok := b.conf[k]; !ok {
		b.keys = append(b.keys, k)
	}
	b.conf[k] = v
}

// jvmOnly are settings that only matter to a JVM or a cluster: accepted and kept in
// spark.conf, with no effect here.
var jvmOnly = map[string]bool{"spark.jars.packages": true, "spark.master": true, "spark.app.name": true}

func init() {
	python.DefMethod(builderType, "master", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("master", args, kwargs, []string{"master"}, 1)
		if err != nil {
			return nil, err
		}
		s, err := asString("master", a[0])
		if err != nil {
			return nil, err
		}
		self.(*pyBuilder).set("spark.master", s)
		return self, nil
	})
	python.DefMethod(builderType, "appName", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("appName", args, kwargs, []string{"name"}, 1)
		if err != nil {
			return nil, err
		}
		s, err := asString("appName", a[0])
		if err != nil {
			return nil, err
		}
		self.(*pyBuilder).set("spark.app.name", s)
		return self, nil
	})
	python.DefMethod(builderType, "config", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		b := self.(*pyBuilder)
		a, err := python.ParseArgs("config", args, kwargs, []string{"key", "value", "conf", "map"}, 0)
		if err != nil {
			return nil, err
		}
		if d, order, ok := pyStrDict(a[3]); ok {
			for _, k := range order {
				v, err := optionString(d[k])
				if err != nil {
					return nil, err
				}
				b.set(k, v)
			}
			return self, nil
		}
		if a[2] != nil && a[2] != py.None {
			pairs, err := confPairs(a[2])
			if err != nil {
				return nil, err
			}
			for _, kv := range pairs {
				b.set(kv[0], kv[1])
			}
			return self, nil
		}
		key, err := asString("config", a[0])
		if err != nil {
			return nil, err
		}
		if a[1] == nil {
			return nil, py.ExceptionNewf(py.TypeError, "config() needs a value for %s", key)
		}
		v, err := optionString(a[1])
		if err != nil {
			return nil, err
		}
		b.set(key, v)
		return self, nil
	})
	python.DefMethod(builderType, "enableHiveSupport", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		self.(*pyBuilder).set("spark.sql.catalogImplementation", "hive")
		return self, nil
	})
	python.DefMethod(builderType, "getOrCreate", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		b := self.(*pyBuilder)
		return b.in.getOrCreate(b)
	})
	python.DefMethod(builderType, "create", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		b := self.(*pyBuilder)
		return b.in.getOrCreate(b)
	})
}

// getOrCreate returns the interpreter's session, creating it the first time. Settings the
// builder carries are applied either way, as PySpark applies them to an existing session.
func (in *Interpreter) getOrCreate(b *pyBuilder) (py.Object, error) {
	if in.spark == nil {
		conf := map[string]string{}
		for k, v := range in.cfg.Conf {
			conf[k] = v
		}
		for _, k := range b.keys {
			conf[k] = b.conf[k]
		}
		s, err := engine.NewSession(engine.SessionConfig{WorkDir: in.WorkDir(), Confine: true, Conf: conf, Stdout: in.Stdout(), Stderr: in.Stderr(), StreamHook: in.cfg.StreamHook, OnStreamEvent: in.cfg.OnStreamEvent})
		if err != nil {
			return nil, engineError(err)
		}
		in.spark = &pySession{s: s, in: in, cls: in.sessionClass}
		return in.spark, nil
	}
	for _, k := range b.keys {
		if err := in.spark.s.Conf().Set(k, b.conf[k]); err != nil {
			return nil, engineError(err)
		}
	}
	return in.spark, nil
}

// location is the session time zone (UTC before there is a session).
func (in *Interpreter) location() *time.Location {
	if in.spark != nil {
		return in.spark.s.Location()
	}
	if tz, ok := in.cfg.Conf[engine.ConfTimeZone]; ok {
		if loc, ok := sqltypes.ParseZoneID(tz); ok {
			return loc
		}
	}
	return time.UTC
}

// naiveToTimestamp reads a naive datetime as a wall clock in the session zone.
func (in *Interpreter) naiveToTimestamp(o py.Object, fallback sqltypes.Timestamp) sqltypes.Timestamp {
	d, ok := o.(*pyDateTime)
	if !ok {
		return fallback
	}
	return sqltypes.Timestamp(d.instant(in.location()).UnixMicro())
}

// pyRuntimeConfig is spark.conf.
type pyRuntimeConfig struct{ s *pySession }

var runtimeConfigType = py.NewType("RuntimeConfig", "spark.conf: the session's settings.")

func (c *pyRuntimeConfig) Type() *py.Type { return runtimeConfigType }
func (c *pyRuntimeConfig) M__getattr__(name string) (py.Object, error) {
	return missingAttr("RuntimeConfig", name)
}

// pySparkContext is spark.sparkContext: only what scripts touch.
type pySparkContext struct{ s *pySession }

var sparkContextType = py.NewTypeX("SparkContext", "spark.sparkContext (kafkalab has no JVM; RDDs and a few fields).",
	func(*py.Type, py.Tuple, py.StringDict) (py.Object, error) {
		// One context per session, made by the session: PySpark's SparkContext(...) starts a JVM.
		return nil, python.Unsupported("SparkContext(...)", "take the session's: spark = SparkSession.builder.getOrCreate(); sc = spark.sparkContext")
	}, nil)

func (c *pySparkContext) Type() *py.Type { return sparkContextType }
func (c *pySparkContext) M__getattr__(name string) (py.Object, error) {
	return missingAttr("SparkContext", name)
}

func init() {
	python.DefMethod(runtimeConfigType, "set", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("set", args, kwargs, []string{"key", "value"}, 2)
		if err != nil {
			return nil, err
		}
		k, err := asString("key", a[0])
		if err != nil {
			return nil, err
		}
		v, err := optionString(a[1])
		if err != nil {
			return nil, err
		}
		if err := self.(*pyRuntimeConfig).s.s.Conf().Set(k, v); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	python.DefMethod(runtimeConfigType, "get", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("get", args, kwargs, []string{"key", "default"}, 1)
		if err != nil {
			return nil, err
		}
		k, err := asString("key", a[0])
		if err != nil {
			return nil, err
		}
		conf := self.(*pyRuntimeConfig).s.s.Conf()
		if a[1] != nil {
			if a[1] == py.None {
				if v, err := conf.Get(k); err == nil {
					return py.String(v), nil
				}
				return py.None, nil
			}
			def, err := optionString(a[1])
			if err != nil {
				return nil, err
			}
			return py.String(conf.GetOr(k, def)), nil
		}
		v, err := conf.Get(k)
		if err != nil {
			return nil, engineError(err)
		}
		return py.String(v), nil
	})
	python.DefMethod(runtimeConfigType, "unset", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("unset", args, kwargs, []string{"key"}, 1)
		if err != nil {
			return nil, err
		}
		k, err := asString("key", a[0])
		if err != nil {
			return nil, err
		}
		self.(*pyRuntimeConfig).s.s.Conf().Unset(k)
		return py.None, nil
	})
	python.DefMethod(runtimeConfigType, "getAll", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		all := self.(*pyRuntimeConfig).s.s.Conf().All()
		keys := make([]string, 0, len(all))
		for k := range all {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		d := py.NewDictSized(len(keys))
		for _, k := range keys {
			d.SetStr(k, py.String(all[k]))
		}
		return d, nil
	})
	python.DefMethod(sparkContextType, "setLogLevel", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("setLogLevel", args, kwargs, []string{"logLevel"}, 1)
		if err != nil {
			return nil, err
		}
		lvl, err := asString("logLevel", a[0])
		if err != nil {
			return nil, err
		}
		switch lvl {
		case "ALL", "DEBUG", "ERROR", "FATAL", "INFO", "OFF", "TRACE", "WARN":
		default:
			return nil, py.ExceptionNewf(PySparkValueError, "Supplied level %s did not match one of: ALL, DEBUG, ERROR, FATAL, INFO, OFF, TRACE, WARN", lvl)
		}
		// kafkalab's engine does not log to the console; the few Spark log lines it prints
		// (pyspark.streaming's receiver and job errors) follow the level
		self.(*pySparkContext).s.in.logLevel = lvl
		return py.None, nil
	})
	python.DefProp(sparkContextType, "appName", func(self py.Object) (py.Object, error) {
		return py.String(self.(*pySparkContext).s.s.Conf().GetOr("spark.app.name", "pyspark-shell")), nil
	})
	python.DefProp(sparkContextType, "master", func(self py.Object) (py.Object, error) {
		return py.String(self.(*pySparkContext).s.s.Conf().GetOr("spark.master", "local[*]")), nil
	})
	python.DefProp(sparkContextType, "version", func(self py.Object) (py.Object, error) { return py.String(sparkVersion), nil })
	python.DefProp(sparkContextType, "defaultParallelism", func(self py.Object) (py.Object, error) {
		return py.Int(self.(*pySparkContext).s.s.DefaultParallelism()), nil
	})
	// kafkalab serves no Spark UI: uiWebUrl is None, as PySpark answers with spark.ui.enabled=false.
	python.DefProp(sparkContextType, "uiWebUrl", func(self py.Object) (py.Object, error) { return py.None, nil })
	python.DefProp(sparkContextType, "startTime", func(self py.Object) (py.Object, error) {
		return py.Int(self.(*pySparkContext).s.in.started.UnixMilli()), nil
	})
	python.DefProp(sparkContextType, "applicationId", func(self py.Object) (py.Object, error) {
		return py.String(fmt.Sprintf("local-%d", self.(*pySparkContext).s.in.started.UnixMilli())), nil
	})
	python.DefMethod(sparkContextType, "sparkUser", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.String(plan.CurrentUser()), nil
	})
}

// sparkVersion is the Spark version kafkalab's engine behaves like (and writes in files).
const sparkVersion = sparkparquet.SparkVersion

// sessionMethods are SparkSession's instance methods; each interpreter's SparkSession
// class gets them (the class itself is per interpreter because SparkSession.builder is).
var sessionMethods = py.StringDict{}

func sessionMethod(name string, f func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
	t := py.NewType("tmp", "")
	python.DefMethod(t, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return f(self.(*pySession), args, kwargs)
	})
	sessionMethods[name] = t.Dict[name]
}

func sessionProp(name string, f func(s *pySession) (py.Object, error)) {
	sessionMethods[name] = &py.Property{Fget: func(self py.Object) (res py.Object, err error) {
		defer python.Recover(&err)
		return f(self.(*pySession))
	}}
}

func init() {
	sessionProp("conf", func(s *pySession) (py.Object, error) { return &pyRuntimeConfig{s}, nil })
	sessionProp("sparkContext", func(s *pySession) (py.Object, error) { return s.context(), nil })
	sessionProp("version", func(s *pySession) (py.Object, error) { return py.String(sparkVersion), nil })
	sessionProp("read", func(s *pySession) (py.Object, error) { return s.in.newReader(false) })
	sessionProp("readStream", func(s *pySession) (py.Object, error) { return s.in.newReader(true) })
	sessionProp("streams", func(s *pySession) (py.Object, error) { return s.in.newStreamsManager() })
	sessionMethod("stop", func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if err := s.in.Unlocked(func() error {
			s.in.StopQueries()
			return s.s.Stop(s.in.Context())
		}); err != nil {
			return nil, engineError(err)
		}
		return py.None, nil
	})
	sessionMethod("sql", func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		named, fields := splitOptions(kwargs, "sqlQuery", "args")
		a, err := python.ParseArgs("sql", args, named, []string{"sqlQuery", "args"}, 1)
		if err != nil {
			return nil, err
		}
		q, err := asString("sqlQuery", a[0])
		if err != nil {
			return nil, err
		}
		dataFrameFields := false
		if len(fields) > 0 {
			var views []string
			q, views, err = s.formatSQL(q, fields)
			dataFrameFields = len(views) > 0
			// The views only name DataFrames for the analysis; PySpark drops them after.
			defer func() {
				for _, v := range views {
					s.s.DropTempView(v)
				}
			}()
			if err != nil {
				return nil, err
			}
		}
		_, namedArgs := a[1].(*py.Dict)
		if _, ok := a[1].(py.StringDict); ok {
			namedArgs = true
		}
		if dataFrameFields && namedArgs {
			// PySpark 4.2 leaves named parameters unbound when the query also reads a
			// DataFrame through {df}: Spark raises UNBOUND_SQL_PARAMETER for the first.
			a[1] = py.NewDict()
		}
		if a[1] != nil && a[1] != py.None {
			if q, err = bindSQLArgs(q, a[1]); err != nil {
				return nil, engineError(err)
			}
		}
		return s.in.wrapDF(s.s.SQL(s.in.Context(), q))
	})
	sessionMethod("newSession", func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("newSession", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		// Its own settings, temporary views and queries; global_temp views are shared.
		return &pySession{s: s.s.NewSession(), in: s.in, cls: s.cls}, nil
	})
	sessionMethod("table", func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("table", args, kwargs, []string{"tableName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("tableName", a[0])
		if err != nil {
			return nil, err
		}
		return s.in.wrapDF(s.s.Table(s.in.Context(), name)) // this session's views, not the first session's
	})
	sessionMethod("createDataFrame", func(s *pySession, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("createDataFrame", args, kwargs, []string{"data", "schema", "samplingRatio", "verifySchema"}, 1)
		if err != nil {
			return nil, err
		}
		return s.in.createDataFrame(a[0], a[1])
	})
}

// createDataFrame is spark.createDataFrame(data, schema).
func (in *Interpreter) createDataFrame(data, schema py.Object) (py.Object, error) {
	s := in.spark.s
	var items []py.Object
	if r, ok := data.(*pyRDD); ok {
		var err error
		if items, err = r.rddRows(schema); err != nil {
			return nil, err
		}
	} else if err := py.Iterate(data, func(o py.Object) bool { items = append(items, o); return false }); err != nil {
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not iterable", data.Type().Name)
	}
	loc := in.location()
	var st *sqltypes.StructType
	// atomic: the schema is one data type, not a struct; PySpark then takes each item as
	// the single value of a column named value.
	atomic := false
	switch sc := schema.(type) {
	case nil, py.NoneType:
	case py.String:
		parsed, one, err := createSchema(string(sc))
		if err != nil {
			return nil, err
		}
		st, atomic = parsed.AsNullable(), one
	case *pyDataType:
		parsed, err := toSchema(sc)
		if err != nil {
			return nil, err
		}
		_, isStruct := sc.t.(*sqltypes.StructType)
		st, atomic = parsed, !isStruct
	case *py.List, py.Tuple:
		names, err := strList("createDataFrame", py.Tuple{sc})
		if err != nil {
			return nil, err
		}
		return in.createInferred(items, names)
	default:
		return nil, notExpectedTypeArgFirst("schema", "list, None or StructType", schema)
	}
	if st == nil {
		return in.createInferred(items, nil)
	}
	rows := make([]sqltypes.Row, len(items))
	for i, it := range items {
		if atomic {
			it = py.Tuple{it}
		}
		r, err := rowFromPython("", it, st, loc)
		if err != nil {
			return nil, err
		}
		rows[i] = r
	}
	return in.wrapDF(s.CreateDataFrame(rows, st))
}

// createSchema reads createDataFrame's schema string as PySpark does: a DDL column list
// ("a INT, b STRING"), else one data type ("int": the rows are bare values in a column
// named value), else a column list in struct<> form ("a: int"). The first reading's error
// is the one reported.
func createSchema(ddl string) (st *sqltypes.StructType, atomic bool, err error) {
	st, err = sqltypes.ParseDDL(ddl)
	if err == nil {
		return st, false, nil
	}
	if t, err2 := sqltypes.ParseDataType(ddl); err2 == nil {
		if inner, ok := t.(*sqltypes.StructType); ok {
			return inner, false, nil
		}
		return &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: t, Nullable: true}}}, true, nil
	}
	if t, err2 := sqltypes.ParseDataType("struct<" + strings.TrimSpace(ddl) + ">"); err2 == nil {
		if inner, ok := t.(*sqltypes.StructType); ok {
			return inner, false, nil
		}
	}
	return nil, false, parseError(err)
}

// createInferred builds a DataFrame whose types are inferred from the values (names given,
// or taken from Rows/dicts, or _1, _2...).
func (in *Interpreter) createInferred(items []py.Object, names []string) (py.Object, error) {
	loc := in.location()
	if nestedRows(items) {
		st, ok, err := inferNestedSchema(items, names)
		if err != nil {
			return nil, err
		}
		if ok {
			rows := make([]sqltypes.Row, len(items))
			for i, it := range items {
				r, err := rowFromPython("", asInferred(it, st), st, loc)
				if err != nil {
					return nil, err
				}
				rows[i] = r
			}
			return in.wrapDF(in.spark.s.CreateDataFrame(rows, st))
		}
	}
	rows := make([]sqltypes.Row, len(items))
	for i, it := range items {
		var vals []py.Object
		switch x := it.(type) {
		case *pyRow:
			vals = x.values
			if names == nil && x.names != nil {
				names = x.names
			}
		case py.Tuple:
			vals = x
		case *py.List:
			vals = x.Items
		case py.StringDict, *py.Dict:
			// PySpark infers a dict row's schema from its keys sorted
			d, keys, _ := pyStrDict(x)
			sort.Strings(keys)
			if names == nil {
				names = keys
			}
			for _, k := range names {
				vals = append(vals, d[k])
			}
		default:
			return nil, py.ExceptionNewf(PySparkTypeError, "[CANNOT_INFER_SCHEMA_FOR_TYPE] Can not infer schema for type: `%s`.", pythonTypeName(it))
		}
		r := make(sqltypes.Row, len(vals))
		for j, v := range vals {
			gv, err := looseGoValue(v, loc)
			if err != nil {
				return nil, err
			}
			r[j] = gv
		}
		rows[i] = r
	}
	if names == nil && len(rows) > 0 {
		for j := range rows[0] {
			names = append(names, fmt.Sprintf("_%d", j+1))
		}
	}
	// PySpark refuses a column whose values are all None before Spark sees it.
	for j := range names {
		typed := false
		for _, r := range rows {
			if j >= len(r) || r[j] != nil {
				typed = true
				break
			}
		}
		if !typed && len(rows) > 0 {
			return nil, raise(sparkerrors.PySparkValueError, "CANNOT_DETERMINE_TYPE")
		}
	}
	return in.wrapDF(in.spark.s.CreateDataFrameNames(rows, names))
}

// looseGoValue converts a Python value for type inference.
func looseGoValue(o py.Object, loc *time.Location) (any, error) {
	switch x := o.(type) {
	case *pyDateTime:
		return sqltypes.Timestamp(x.instant(loc).UnixMicro()), nil
	case *pyColumn:
		return nil, py.ExceptionNewf(PySparkTypeError, "createDataFrame takes values, not Columns")
	}
	v, err := goValue(o)
	if err != nil {
		return nil, py.ExceptionNewf(PySparkTypeError, "[CANNOT_INFER_SCHEMA_FOR_TYPE] Can not infer schema for type: `%s`.", pythonTypeName(o))
	}
	return v, nil
}
