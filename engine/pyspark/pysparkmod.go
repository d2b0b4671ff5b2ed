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
		}, Methods: []*py.Method{in.listenerEventsHook()}, CodeSrc: listenerSource}, nil
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
