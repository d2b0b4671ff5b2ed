package pyspark

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The methods of RDD and the SparkContext methods that make RDDs.

func rddMethod(name string, f func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
	python.DefMethod(rddType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return f(self.(*pyRDD), args, kwargs)
	})
}

// rddFunc reads a function argument, refusing what is not callable as PySpark's worker
// would only later.
func rddFunc(method string, args py.Tuple, kwargs py.StringDict, names []string, required int) ([]py.Object, error) {
	a, err := python.ParseArgs(method, args, kwargs, names, required)
	if err != nil {
		return nil, err
	}
	if required > 0 && !callable(a[0]) {
		return nil, py.ExceptionNewf(py.TypeError, "RDD.%s takes a function, got %s", method, pythonTypeName(a[0]))
	}
	return a, nil
}

// each is a narrow transformation applying f to each element.
func (r *pyRDD) each(desc string, f func(o py.Object, out []py.Object) ([]py.Object, error)) *pyRDD {
	return r.derive(desc, func(_ int, items []py.Object) ([]py.Object, error) {
		out := make([]py.Object, 0, len(items))
		for _, o := range items {
			var err error
			if out, err = f(o, out); err != nil {
				return nil, err
			}
		}
		return out, nil
	})
}

// iterItems lists what fn returned where PySpark iterates it (flatMap, mapPartitions).
// What is not iterable is the worker's TypeError; an exception raised while iterating (a
// lazy map or generator calling the learner's function) is that exception, as the worker
// reports it.
func (r *pyRDD) iterItems(res py.Object) ([]py.Object, error) {
	switch res.(type) {
	case py.Tuple, *py.List, py.String, py.Bytes:
		var out []py.Object
		_ = py.Iterate(res, func(o py.Object) bool { out = append(out, o); return false })
		return out, nil
	}
	it, err := py.Iter(res)
	if err != nil {
		return nil, r.workerError(py.TypeError, "'%s' object is not iterable", res.Type().Name)
	}
	var out []py.Object
	for {
		o, err := py.Next(it)
		if err != nil {
			if py.IsException(py.StopIteration, err) {
				return out, nil
			}
			return nil, engineError(r.in.pythonWorkerError(err, false))
		}
		out = append(out, o)
	}
}

func init() {
	rddMethod("map", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("map", args, kwargs, []string{"f", "preservesPartitioning"}, 1)
		if err != nil {
			return nil, err
		}
		return r.each("PythonRDD[map]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			v, err := r.call(a[0], o)
			return append(out, v), err
		}), nil
	})
	rddMethod("flatMap", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("flatMap", args, kwargs, []string{"f", "preservesPartitioning"}, 1)
		if err != nil {
			return nil, err
		}
		return r.each("PythonRDD[flatMap]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			v, err := r.call(a[0], o)
			if err != nil {
				return nil, err
			}
			items, err := r.iterItems(v)
			return append(out, items...), err
		}), nil
	})
	rddMethod("filter", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("filter", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		return r.each("PythonRDD[filter]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			v, err := r.call(a[0], o)
			if err != nil {
				return nil, err
			}
			keep, err := py.MakeBool(v)
			if err != nil {
				return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			if keep == py.True {
				out = append(out, o)
			}
			return out, nil
		}), nil
	})
	partitionsWith := func(name string, withIndex bool) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := rddFunc(name, args, kwargs, []string{"f", "preservesPartitioning"}, 1)
			if err != nil {
				return nil, err
			}
			return r.derive("PythonRDD["+name+"]", func(split int, items []py.Object) ([]py.Object, error) {
				it := py.NewIterator(py.Tuple(items))
				var res py.Object
				if withIndex {
					res, err = r.call(a[0], py.Int(split), it)
				} else {
					res, err = r.call(a[0], it)
				}
				if err != nil {
					return nil, err
				}
				if res == py.None {
					return nil, nil
				}
				return r.iterItems(res)
			}), nil
		})
	}
	partitionsWith("mapPartitions", false)
	partitionsWith("mapPartitionsWithIndex", true)
	rddMethod("glom", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return r.derive("PythonRDD[glom]", func(_ int, items []py.Object) ([]py.Object, error) {
			return []py.Object{py.NewListFromItems(append([]py.Object(nil), items...))}, nil
		}), nil
	})
	rddMethod("keyBy", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("keyBy", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		return r.each("PythonRDD[keyBy]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			k, err := r.call(a[0], o)
			return append(out, py.Tuple{k, o}), err
		}), nil
	})
	pairPart := func(name string, pick int) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if _, err := python.ParseArgs(name, args, kwargs, nil, 0); err != nil {
				return nil, err
			}
			return r.each("PythonRDD["+name+"]", func(o py.Object, out []py.Object) ([]py.Object, error) {
				k, v, err := r.pair(o)
				if pick == 0 {
					return append(out, k), err
				}
				return append(out, v), err
			}), nil
		})
	}
	pairPart("keys", 0)
	pairPart("values", 1)
	rddMethod("mapValues", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("mapValues", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		return r.each("PythonRDD[mapValues]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			k, v, err := r.pair(o)
			if err != nil {
				return nil, err
			}
			nv, err := r.call(a[0], v)
			return append(out, py.Tuple{k, nv}), err
		}), nil
	})
	rddMethod("flatMapValues", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("flatMapValues", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		return r.each("PythonRDD[flatMapValues]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			k, v, err := r.pair(o)
			if err != nil {
				return nil, err
			}
			res, err := r.call(a[0], v)
			if err != nil {
				return nil, err
			}
			items, err := r.iterItems(res)
			for _, it := range items {
				out = append(out, py.Tuple{k, it})
			}
			return out, err
		}), nil
	})
	rddMethod("union", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("union", args, kwargs, []string{"other"}, 1)
		if err != nil {
			return nil, err
		}
		o, ok := a[0].(*pyRDD)
		if !ok {
			return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '_jrdd'", pythonTypeName(a[0]))
		}
		return r.unionWith("UnionRDD[union]", o), nil
	})
	rddMethod("zipWithIndex", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("zipWithIndex", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		var starts []int
		return r.derive("PythonRDD[zipWithIndex]", func(split int, items []py.Object) ([]py.Object, error) {
			if starts == nil {
				// Spark counts every partition first (a job) to know where each starts.
				parts, err := r.partitions()
				if err != nil {
					return nil, err
				}
				starts = make([]int, len(parts))
				for i := 1; i < len(parts); i++ {
					starts[i] = starts[i-1] + len(parts[i-1])
				}
			}
			out := make([]py.Object, len(items))
			for i, o := range items {
				out[i] = py.Tuple{o, py.Int(starts[split] + i)}
			}
			return out, nil
		}), nil
	})
	rddMethod("reduceByKey", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("reduceByKey", args, kwargs, []string{"func", "numPartitions", "partitionFunc"}, 1)
		if err != nil {
			return nil, err
		}
		if a[2] != nil {
			return nil, python.Unsupported("RDD.reduceByKey(partitionFunc=...)", "leave the default hash partitioner")
		}
		n, err := r.reducePartitions(a[1])
		if err != nil {
			return nil, err
		}
		f := func(x, y py.Object) (py.Object, error) { return r.call(a[0], x, y) }
		return r.combineByKey("PythonRDD[reduceByKey]", n, func(v py.Object) (py.Object, error) { return v, nil }, f, f), nil
	})
	rddMethod("groupByKey", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("groupByKey", args, kwargs, []string{"numPartitions", "partitionFunc"}, 0)
		if err != nil {
			return nil, err
		}
		if a[1] != nil {
			return nil, python.Unsupported("RDD.groupByKey(partitionFunc=...)", "leave the default hash partitioner")
		}
		n, err := r.reducePartitions(a[0])
		if err != nil {
			return nil, err
		}
		// Values are grouped in a list; PySpark wraps that list in a ResultIterable, which
		// scripts turn back into a list (mapValues(list)) or iterate.
		return r.groupByKeyInto("PythonRDD[groupByKey]", n), nil
	})
	rddMethod("distinct", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("distinct", args, kwargs, []string{"numPartitions"}, 0)
		if err != nil {
			return nil, err
		}
		n, err := r.reducePartitions(a[0])
		if err != nil {
			return nil, err
		}
		// PySpark: map(x -> (x, None)).reduceByKey(keep the first).map(first of the pair)
		pairs := r.each("PythonRDD[distinct]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			return append(out, py.Tuple{o, py.None}), nil
		})
		keepFirst := func(x, _ py.Object) (py.Object, error) { return x, nil }
		reduced := pairs.combineByKey("PythonRDD[distinct]", n, func(v py.Object) (py.Object, error) { return v, nil }, keepFirst, keepFirst)
		return reduced.each("PythonRDD[distinct]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			return append(out, o.(py.Tuple)[0]), nil
		}), nil
	})
	sortArgs := func(r *pyRDD, asc, num py.Object) (bool, int, error) {
		ascending, err := asBool(asc, true)
		if err != nil {
			return false, 0, err
		}
		n, err := r.reducePartitions(num)
		return ascending, n, err
	}
	rddMethod("sortByKey", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("sortByKey", args, kwargs, []string{"ascending", "numPartitions", "keyfunc"}, 0)
		if err != nil {
			return nil, err
		}
		asc, n, err := sortArgs(r, a[0], a[1])
		if err != nil {
			return nil, err
		}
		if a[2] != nil && a[2] != py.None && !callable(a[2]) {
			return nil, py.ExceptionNewf(py.TypeError, "RDD.sortByKey takes a function as keyfunc, got %s", pythonTypeName(a[2]))
		}
		return r.sortByKey("PythonRDD[sortByKey]", asc, n, a[2])
	})
	rddMethod("sortBy", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("sortBy", args, kwargs, []string{"keyfunc", "ascending", "numPartitions"}, 1)
		if err != nil {
			return nil, err
		}
		asc, n, err := sortArgs(r, a[1], a[2])
		if err != nil {
			return nil, err
		}
		// PySpark: keyBy(keyfunc).sortByKey(...).values()
		byKey := r.each("PythonRDD[sortBy]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			k, err := r.call(a[0], o)
			return append(out, py.Tuple{k, o}), err
		})
		sorted, err := byKey.sortByKey("PythonRDD[sortBy]", asc, n, nil)
		if err != nil {
			return nil, err
		}
		return sorted.each("PythonRDD[sortBy]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			return append(out, o.(py.Tuple)[1]), nil
		}), nil
	})
	self := func(name string) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return r, nil // no executors to keep data on: the RDD is computed again when used
		})
	}
	self("cache")
	self("persist")
	self("unpersist")

	// ---- actions ----

	rddMethod("collect", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("collect", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		items, err := r.items()
		if err != nil {
			return nil, err
		}
		return py.NewListFromItems(items), nil
	})
	rddMethod("count", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("count", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		n, err := r.count()
		return py.Int(n), err
	})
	rddMethod("getNumPartitions", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.Int(r.n), nil
	})
	rddMethod("isEmpty", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		items, err := r.take(1)
		return py.NewBool(len(items) == 0), err
	})
	rddMethod("take", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("take", args, kwargs, []string{"num"}, 1)
		if err != nil {
			return nil, err
		}
		num, err := asInt("num", a[0], 0)
		if err != nil {
			return nil, err
		}
		items, err := r.take(num)
		if err != nil {
			return nil, err
		}
		return py.NewListFromItems(items), nil
	})
	rddMethod("first", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("first", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		items, err := r.take(1)
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, py.ExceptionNewf(py.ValueError, "RDD is empty")
		}
		return items[0], nil
	})
	rddMethod("reduce", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("reduce", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		inWorker := func(x, y py.Object) (py.Object, error) { return r.call(a[0], x, y) }
		// on the driver: the learner's exception as raised, not a worker's
		onDriver := func(x, y py.Object) (py.Object, error) { return py.Call(a[0], py.Tuple{x, y}, nil) }
		return r.reduce(inWorker, onDriver)
	})
	// max and min are PySpark's reduce with Python's max(a, b) / min(a, b) (the first of
	// equals wins), comparing key(x) when a key is given.
	extreme := func(name string, better func(x, y py.Object) (py.Object, error)) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"key"}, 0)
			if err != nil {
				return nil, err
			}
			pick := func(x, y py.Object) (py.Object, error) {
				kx, ky := x, y
				if a[0] != nil && a[0] != py.None {
					if kx, err = r.call(a[0], x); err != nil {
						return nil, err
					}
					if ky, err = r.call(a[0], y); err != nil {
						return nil, err
					}
				}
				b, err := better(ky, kx)
				if err != nil {
					return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
				}
				if b == py.True {
					return y, nil
				}
				return x, nil
			}
			return r.reduce(pick, pick)
		})
	}
	extreme("max", py.Gt)
	extreme("min", py.Lt)
	rddMethod("collectAsMap", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("collectAsMap", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		items, err := r.items()
		if err != nil {
			return nil, err
		}
		d := py.NewDict()
		for _, kv := range items {
			k, v, err := r.pair(kv)
			if err != nil {
				return nil, err
			}
			if _, err := d.M__setitem__(k, v); err != nil {
				return nil, err
			}
		}
		return d, nil
	})
	rddMethod("sum", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("sum", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		// PySpark: mapPartitions(lambda x: [sum(x)]).fold(0, operator.add), so floats add
		// up partition by partition.
		var acc py.Object = py.Int(0)
		err := r.eachPartition(func(items []py.Object) error {
			var part py.Object = py.Int(0)
			var err error
			for _, o := range items {
				if part, err = py.Add(part, o); err != nil {
					return r.workerError(py.TypeError, "%s", pyErrorText(err))
				}
			}
			if part, err = py.Add(py.Int(0), part); err != nil {
				return r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			acc, err = py.Add(acc, part)
			return err
		})
		if err != nil {
			return nil, err
		}
		return acc, nil
	})
	rddMethod("foreach", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("foreach", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		return py.None, r.eachPartition(func(items []py.Object) error {
			for _, o := range items {
				if _, err := r.call(a[0], o); err != nil {
					return err
				}
			}
			return nil
		})
	})
	// foreachPartition calls f once per partition with an iterator over its items; what f
	// returns is dropped, as PySpark's wrapper does.
	rddMethod("foreachPartition", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("foreachPartition", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		return py.None, r.eachPartition(func(items []py.Object) error {
			_, err := r.call(a[0], py.NewIterator(py.Tuple(items)))
			return err
		})
	})
	rddMethod("toDF", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("toDF", args, kwargs, []string{"schema", "sampleRatio"}, 0)
		if err != nil {
			return nil, err
		}
		if r.in.spark == nil {
			return nil, py.ExceptionNewf(py.AttributeError, "'RDD' object has no attribute 'toDF'")
		}
		return r.in.createDataFrame(r, a[0])
	})
	python.DefProp(rddType, "context", func(self py.Object) (py.Object, error) {
		return self.(*pyRDD).in.spark.context(), nil
	})
}

// take is PySpark's take(num): it runs jobs over growing ranges of partitions (one, then
// an estimate from what was found, at most four times as many as scanned) until it has
// num elements, so a lambda's error in a partition it never reaches does not surface.
func (r *pyRDD) take(num int) ([]py.Object, error) {
	var out []py.Object
	scanned := 0
	for len(out) < num && scanned < r.n {
		try := 1
		if scanned > 0 {
			if len(out) == 0 {
				try = scanned * 4
			} else {
				try = int(1.5*float64(num)*float64(scanned)/float64(len(out))) - scanned
				try = min(max(try, 1), scanned*4)
			}
		}
		left := num - len(out)
		for p := scanned; p < min(scanned+try, r.n); p++ {
			items, err := r.partition(p)
			if err != nil {
				return nil, err
			}
			out = append(out, items[:min(len(items), left)]...)
		}
		scanned += try
	}
	return out[:min(len(out), max(num, 0))], nil
}

// ---- SparkContext ----

func init() {
	python.DefMethod(sparkContextType, "parallelize", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("parallelize", args, kwargs, []string{"c", "numSlices"}, 1)
		if err != nil {
			return nil, err
		}
		return self.(*pySparkContext).parallelize(a[0], a[1])
	})
	python.DefMethod(sparkContextType, "range", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("range", args, kwargs, []string{"start", "end", "step", "numSlices"}, 1)
		if err != nil {
			return nil, err
		}
		start, end, step := a[0], a[1], a[2]
		if end == nil || end == py.None {
			start, end = py.Int(0), a[0]
		}
		if step == nil {
			step = py.Int(1)
		}
		rg, err := py.Call(py.RangeType, py.Tuple{start, end, step}, nil)
		if err != nil {
			return nil, err
		}
		return self.(*pySparkContext).parallelize(rg, a[3])
	})
	python.DefMethod(sparkContextType, "emptyRDD", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return self.(*pySparkContext).s.in.fixedRDD("EmptyRDD[emptyRDD]", nil), nil
	})
	python.DefMethod(sparkContextType, "textFile", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("textFile", args, kwargs, []string{"name", "minPartitions", "use_unicode"}, 1)
		if err != nil {
			return nil, err
		}
		c := self.(*pySparkContext)
		name, err := asString("name", a[0])
		if err != nil {
			return nil, err
		}
		minParts := min(c.s.s.DefaultParallelism(), 2)
		if a[1] != nil && a[1] != py.None {
			if minParts, err = asInt("minPartitions", a[1], 0); err != nil {
				return nil, err
			}
		}
		parts, err := c.textFile(name, minParts)
		if err != nil {
			return nil, err
		}
		return c.s.in.fixedRDD(fmt.Sprintf("%s MapPartitionsRDD[textFile] at textFile at NativeMethodAccessorImpl.java:0", name), parts), nil
	})
	python.DefProp(sparkContextType, "defaultMinPartitions", func(self py.Object) (py.Object, error) {
		return py.Int(min(self.(*pySparkContext).s.s.DefaultParallelism(), 2)), nil
	})
}

// reduce is PySpark's reduce: each partition folds its elements in its worker, then the
// driver folds the partitions' results (empty partitions give none).
func (r *pyRDD) reduce(inWorker, onDriver func(x, y py.Object) (py.Object, error)) (py.Object, error) {
	parts, err := r.partitions()
	if err != nil {
		return nil, err
	}
	var vals []py.Object
	for _, p := range parts {
		if len(p) == 0 {
			continue
		}
		acc := p[0]
		for _, o := range p[1:] {
			if acc, err = inWorker(acc, o); err != nil {
				return nil, err
			}
		}
		vals = append(vals, acc)
	}
	if len(vals) == 0 {
		return nil, py.ExceptionNewf(py.ValueError, "Can not reduce() empty RDD")
	}
	acc := vals[0]
	for _, v := range vals[1:] {
		if acc, err = onDriver(acc, v); err != nil {
			return nil, err
		}
	}
	return acc, nil
}
