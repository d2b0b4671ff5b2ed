package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// SparkConf and SparkContext(...) as the RDD programming guide starts a program:
// conf = SparkConf().setAppName(name).setMaster(master); sc = SparkContext(conf=conf).
// The context is the session's, created on first use with those settings, so a later
// SparkSession.builder.getOrCreate() finds it as PySpark's builder finds a running context.

// sparkConfSource is pyspark.SparkConf: settings kept in the order set.
const sparkConfSource = `
class SparkConf:
    def __init__(self, loadDefaults=True, _jvm=None, _jconf=None):
        self._conf = {}

    def set(self, key, value):
        self._conf[str(key)] = str(value)
        return self

    def setIfMissing(self, key, value):
        if self.get(key) is None:
            self.set(key, value)
        return self

    def setMaster(self, value):
        return self.set("spark.master", value)

    def setAppName(self, value):
        return self.set("spark.app.name", value)

    def setSparkHome(self, value):
        return self.set("spark.home", value)

    def setExecutorEnv(self, key=None, value=None, pairs=None):
        if (key is not None and pairs is not None) or (key is None and pairs is None):
            raise ValueError("Either pass one key-value pair or a list of pairs")
        if key is not None:
            self.set("spark.executorEnv." + key, value)
        else:
            for k, v in pairs:
                self.set("spark.executorEnv." + k, v)
        return self

    def setAll(self, pairs):
        for k, v in pairs:
            self.set(k, v)
        return self

    def get(self, key, defaultValue=None):
        return self._conf.get(key, defaultValue)

    def getAll(self):
        return list(self._conf.items())

    def contains(self, key):
        return key in self._conf

    def toDebugString(self):
        return "\n".join("%s=%s" % (k, v) for k, v in self._conf.items())
`

// confPairs reads a SparkConf's settings (its getAll()).
func confPairs(conf py.Object) ([][2]string, error) {
	getAll, err := py.GetAttrString(conf, "getAll")
	if err != nil {
		return nil, py.ExceptionNewf(py.TypeError, "conf must be a SparkConf, got %s", pythonTypeName(conf))
	}
	all, err := py.Call(getAll, nil, nil)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	err = py.Iterate(all, func(o py.Object) bool {
		kv, ok := python.SeqItems(o)
		if ok && len(kv) == 2 {
			k, _ := kv[0].(py.String)
			v, _ := kv[1].(py.String)
			out = append(out, [2]string{string(k), string(v)})
		}
		return false
	})
	return out, err
}

// newContextClass is this interpreter's pyspark.SparkContext: calling it (or its
// getOrCreate) gives the session's context, creating the session with the given master,
// app name and conf; a second SparkContext(...) is refused as PySpark refuses it.
func (in *Interpreter) newContextClass() *py.Type {
	create := func(master, appName, conf py.Object, fresh bool) (py.Object, error) {
		if in.spark != nil {
			if fresh {
				app, _ := in.spark.s.Conf().Get("spark.app.name")
				m, _ := in.spark.s.Conf().Get("spark.master")
				return nil, py.ExceptionNewf(py.ValueError, "Cannot run multiple SparkContexts at once; existing SparkContext(app=%s, master=%s) created by getOrCreate", app, m)
			}
			return in.spark.context(), nil
		}
		b := &pyBuilder{in: in, conf: map[string]string{}}
		if conf != nil && conf != py.None {
			pairs, err := confPairs(conf)
			if err != nil {
				return nil, err
			}
			for _, kv := range pairs {
				b.set(kv[0], kv[1])
			}
		}
		for _, s := range []struct {
			key string
			o   py.Object
		}{{"spark.master", master}, {"spark.app.name", appName}} {
			if s.o != nil && s.o != py.None {
				v, err := asString(s.key, s.o)
				if err != nil {
					return nil, err
				}
				b.set(s.key, v)
			}
		}
		if _, err := in.getOrCreate(b); err != nil {
			return nil, err
		}
		return in.spark.context(), nil
	}
	cls := py.NewTypeX("SparkContext", sparkContextType.Doc, func(_ *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("SparkContext", args, kwargs, []string{"master", "appName", "sparkHome", "pyFiles", "environment", "batchSize", "serializer", "conf", "gateway", "jsc", "profiler_cls", "udf_profiler_cls", "memory_profiler_cls"}, 0)
		if err != nil {
			return nil, err
		}
		return create(a[0], a[1], a[7], true)
	}, nil)
	for k, v := range sparkContextType.Dict {
		cls.Dict[k] = v
	}
	cls.Dict["getOrCreate"] = python.NewMethod("getOrCreate", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("getOrCreate", args, kwargs, []string{"conf"}, 0)
		if err != nil {
			return nil, err
		}
		return create(nil, nil, a[0], false)
	})
	return cls
}

func init() {
	python.DefMethod(sparkContextType, "stop", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.None, nil // the session ends with the script, as spark.stop() does here
	})
	python.DefMethod(sparkContextType, "getConf", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		c := self.(*pySparkContext)
		mod, err := c.s.in.Import("pyspark")
		if err != nil {
			return nil, err
		}
		cls, err := py.GetAttrString(mod, "SparkConf")
		if err != nil {
			return nil, err
		}
		conf, err := py.Call(cls, nil, nil)
		if err != nil {
			return nil, err
		}
		set, err := py.GetAttrString(conf, "set")
		if err != nil {
			return nil, err
		}
		for _, k := range []string{"spark.app.name", "spark.master"} {
			if v, err := c.s.s.Conf().Get(k); err == nil {
				if _, err := py.Call(set, py.Tuple{py.String(k), py.String(v)}, nil); err != nil {
					return nil, err
				}
			}
		}
		return conf, nil
	})
}
