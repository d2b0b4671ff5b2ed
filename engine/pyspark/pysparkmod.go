package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The pyspark and delta module trees.

func init() {
	bindings["pyspark"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "kafkalab's PySpark, bound to its embedded engine"},
			Globals: py.StringDict{"__version__": py.String(sparkVersion), "RDD": rddType, "SparkContext": in.contextClass},
			CodeSrc: storageLevelSource + sparkConfSource}, nil
	}
	bindings["pyspark.storagelevel"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		// the class pyspark itself defines, so both names are one class
		cls, err := in.storageLevelClass()
		if err != nil {
			return nil, err
		}
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Storage levels of cached data"}, Globals: py.StringDict{"StorageLevel": cls}}, nil
	}
	bindings["pyspark.rdd"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Resilient Distributed Datasets"}, Globals: py.StringDict{"RDD": rddType}}, nil
	}
	bindings["pyspark.sql"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Spark SQL and DataFrames"}, Globals: py.StringDict{
			"SparkSession": in.sessionClass, "DataFrame": dataFrameType, "Column": columnType, "Row": rowType,
			"GroupedData": groupedDataType, "DataFrameReader": readerType, "DataFrameWriter": writerType,
			"Window": windowClass, "WindowSpec": windowSpecType, "Observation": observationType,
		}}, nil
	}
	bindings["pyspark.sql.observation"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Observed metrics"}, Globals: py.StringDict{"Observation": observationType}}, nil
	}
	bindings["pyspark.sql.window"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Window specifications"}, Globals: py.StringDict{
			"Window": windowClass, "WindowSpec": windowSpecType,
		}}, nil
	}
	bindings["pyspark.sql.streaming"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Structured Streaming", FileDesc: "<pyspark.sql.streaming>"}, Globals: py.StringDict{
			"DataStreamReader": readerType, "DataStreamWriter": streamWriterType, "StreamingQuery": streamingQueryType,
			"StreamingQueryException": StreamingQueryException,
		}, Methods: []*py.Method{in.listenerEventsHook()}, CodeSrc: listenerSource + statefulProcessorSource}, nil
	}
	bindings["pyspark.sql.streaming.state"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "State of applyInPandasWithState", FileDesc: "<pyspark.sql.streaming.state>"},
			CodeSrc: groupStateSource}, nil
	}
	bindings["pyspark.sql.streaming.stateful_processor"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "The processor of transformWithStateInPandas", FileDesc: "<pyspark.sql.streaming.stateful_processor>"},
			CodeSrc: "from pyspark.sql.streaming import StatefulProcessor, StatefulProcessorHandle\n"}, nil
	}
	bindings["pyspark.errors"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "PySpark exceptions."}, Globals: pyerrors.BaseClasses()}, nil
	}
	bindings["pyspark.errors.exceptions"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "PySpark exceptions."}, Globals: py.StringDict{}}, nil
	}
	bindings["pyspark.errors.exceptions.base"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "PySpark's exception classes."}, Globals: pyerrors.BaseClasses()}, nil
	}
	bindings["pyspark.errors.exceptions.captured"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "The exceptions of errors from Spark's engine."}, Globals: pyerrors.CapturedClasses()}, nil
	}
	bindings["pyspark.sql.utils"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		g := pyerrors.BaseClasses()
		g["CapturedException"] = pyerrors.CapturedException
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "PySpark SQL utilities (the exceptions' old home)."}, Globals: g}, nil
	}
	bindings["delta"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Delta Lake (kafkalab writes Delta tables natively)"},
			Methods: []*py.Method{configureDeltaPip()}}, nil
	}
	bindings["delta.pip_utils"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Delta Lake pip helper"}, Methods: []*py.Method{configureDeltaPip()}}, nil
	}
}

// configureDeltaPip is delta.configure_spark_with_delta_pip(builder, extra_packages=None):
// on a JVM it adds Delta's jars to spark.jars.packages; here Delta is built in, so it
// records the packages and returns the builder.
func configureDeltaPip() *py.Method {
	return python.NewMethod("configure_spark_with_delta_pip", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("configure_spark_with_delta_pip", args, kwargs, []string{"spark_session_builder", "extra_packages"}, 1)
		if err != nil {
			return nil, err
		}
		b, ok := a[0].(*pyBuilder)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "configure_spark_with_delta_pip() takes SparkSession.builder, got %s", a[0].Type().Name)
		}
		pkgs := []string{"io.delta:delta-spark_2.13:4.0.0"}
		if a[1] != nil && a[1] != py.None {
			extra, err := strList("extra_packages", py.Tuple{a[1]})
			if err != nil {
				return nil, err
			}
			pkgs = append(pkgs, extra...)
		}
		joined := ""
		for i, p := range pkgs {
			if i > 0 {
				joined += ","
			}
			joined += p
		}
		b.set("spark.jars.packages", joined)
		return b, nil
	})
}

// groupStateSource is pyspark.sql.streaming.state: the timeout names applyInPandasWithState
// takes and the GroupState class scripts name in type hints. The pandas APIs that use them
// are refused (kafkalab's Python has no pandas), but importing them works, as in PySpark.
const groupStateSource = `
class GroupStateTimeout:
    NoTimeout = "NoTimeout"
    ProcessingTimeTimeout = "ProcessingTimeTimeout"
    EventTimeTimeout = "EventTimeTimeout"


class GroupState:
    NO_TIMESTAMP = -1
`

// statefulProcessorSource is the StatefulProcessor base class a transformWithStateInPandas
// script subclasses (pyspark.sql.streaming exports it), with PySpark's method names.
const statefulProcessorSource = `
class StatefulProcessorHandle:
    pass


class StatefulProcessor:
    def init(self, handle):
        raise NotImplementedError()

    def handleInputRows(self, key, rows, timerValues):
        raise NotImplementedError()

    def handleExpiredTimer(self, key, timerValues, expiredTimerInfo):
        return iter([])

    def handleInitialState(self, key, initialState, timerValues):
        pass

    def close(self):
        raise NotImplementedError()
`
