package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/plan"
	"math"
	"sync"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The RDD methods of Spark's RDD programming guide and Python examples (pagerank.py,
// transitive_closure.py) beyond the basic ones: joins and cogroup, the by-key folds,
// counting, ordering, statistics, set operations and zip. Each is built the way PySpark
// builds it (pyspark/rdd.py, pyspark/join.py) from the shuffles in rdd.go, so partition
// counts and the order collect() returns are PySpark's.

// unionWith is Spark's UnionRDD: r's partitions, then o's.
func (r *pyRDD) unionWith(desc string, o *pyRDD) *pyRDD {
	return &pyRDD{in: r.in, n: r.n + o.n, desc: desc, compute: func(i int) ([]py.Object, error) {
		if i < r.n {
			return r.compute(i)
		}
		return o.compute(i - r.n)
	}}
}

// groupByKeyInto is PySpark's groupByKey(n): each key's values in a list, in the order
// the shuffle reads them.
func (r *pyRDD) groupByKeyInto(desc string, n int) *pyRDD {
	create := func(v py.Object) (py.Object, error) { return py.NewListFromItems([]py.Object{v}), nil }
	appendOne := func(c, v py.Object) (py.Object, error) {
		l := c.(*py.List)
		l.Items = append(l.Items, v)
		return l, nil
	}
	// The reduce side merges the lists the shuffle keeps: a new list, so that computing
	// the RDD again (an action after count(), sortByKey's sampling) does not find them
	// extended (PySpark's reducers read fresh copies of the map side's output).
	extend := func(c, d py.Object) (py.Object, error) {
		a, b := c.(*py.List).Items, d.(*py.List).Items
		items := make([]py.Object, 0, len(a)+len(b))
		return py.NewListFromItems(append(append(items, a...), b...)), nil
	}
	return r.combineByKey(desc, n, create, appendOne, extend)
}

// tagged is PySpark's mapValues(lambda v: (tag, v)), the first step of its joins.
func (r *pyRDD) tagged(desc string, tag int) *pyRDD {
	return r.each(desc, func(o py.Object, out []py.Object) ([]py.Object, error) {
		k, v, err := r.pair(o)
		return append(out, py.Tuple{k, py.Tuple{py.Int(tag), v}}), err
	})
}

// cogroupBuffers is PySpark's cogroup of rdds: the tagged values of every RDD unioned
// and grouped by key (numPartitions, or the union's partition count), then split back
// into one list per RDD.
func (r *pyRDD) cogroupBuffers(desc string, others []*pyRDD, numPartitions py.Object) (*pyRDD, error) {
	all := r.tagged(desc, 0)
	for i, o := range others {
		all = all.unionWith(desc, o.tagged(desc, i+1))
	}
	n, err := all.reducePartitions(numPartitions)
	if err != nil {
		return nil, err
	}
	width := len(others) + 1
	return all.groupByKeyInto(desc, n).each(desc, func(o py.Object, out []py.Object) ([]py.Object, error) {
		kv := o.(py.Tuple)
		bufs := make(py.Tuple, width)
		lists := make([][]py.Object, width)
		for _, t := range kv[1].(*py.List).Items {
			tv := t.(py.Tuple)
			i := int(tv[0].(py.Int))
			lists[i] = append(lists[i], tv[1])
		}
		for i := range bufs {
			bufs[i] = py.NewListFromItems(lists[i])
		}
		return append(out, py.Tuple{kv[0], bufs}), nil
	}), nil
}

// joinKind says which side's missing values become None.
type joinKind struct{ noneLeft, noneRight bool }

// join is PySpark's python_join family: per key, every pair of a left and a right value,
// left values outer, with None for a side that has none when the kind keeps the key.
func (r *pyRDD) join(desc string, o *pyRDD, numPartitions py.Object, kind joinKind) (*pyRDD, error) {
	grouped, err := r.cogroupBuffers(desc, []*pyRDD{o}, numPartitions)
	if err != nil {
		return nil, err
	}
	return grouped.each(desc, func(g py.Object, out []py.Object) ([]py.Object, error) {
		kv := g.(py.Tuple)
		bufs := kv[1].(py.Tuple)
		left, right := bufs[0].(*py.List).Items, bufs[1].(*py.List).Items
		if len(left) == 0 && kind.noneLeft {
			left = []py.Object{py.None}
		}
		if len(right) == 0 && kind.noneRight {
			right = []py.Object{py.None}
		}
		for _, v := range left {
			for _, w := range right {
				out = append(out, py.Tuple{kv[0], py.Tuple{v, w}})
			}
		}
		return out, nil
	}), nil
}

// otherArgs reads the arguments of a method over two RDDs: other, then numPartitions when
// the method takes it (nil when not given).
func otherArgs(name string, args py.Tuple, kwargs py.StringDict, partitions bool) (*pyRDD, py.Object, error) {
	names := []string{"other"}
	if partitions {
		names = append(names, "numPartitions")
	}
	a, err := python.ParseArgs(name, args, kwargs, names, 1)
	if err != nil {
		return nil, nil, err
	}
	o, err := otherRDD(a[0])
	if err != nil {
		return nil, nil, err
	}
	if partitions {
		return o, a[1], nil
	}
	return o, nil, nil
}

// otherRDD reads an RDD argument, refusing anything else as PySpark fails on it.
func otherRDD(o py.Object) (*pyRDD, error) {
	if rdd, ok := o.(*pyRDD); ok {
		return rdd, nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '_jrdd'", pythonTypeName(o))
}

// deepCopy is copy.deepcopy: PySpark ships a zero value to each task pickled, so every
// partition folds into its own copy.
func (r *pyRDD) deepCopy(o py.Object) (py.Object, error) {
	switch o.(type) {
	case py.Int, py.Float, py.String, py.Bool, py.NoneType:
		return o, nil
	}
	mod, err := r.in.Import("copy")
	if err != nil {
		return nil, err
	}
	f, err := py.GetAttrString(mod, "deepcopy")
	if err != nil {
		return nil, err
	}
	return py.Call(f, py.Tuple{o}, nil)
}

// foldPartitions folds each partition's items into a copy of zero with op (in the worker),
// then folds the partitions' results into zero itself on the driver, as PySpark's fold.
func (r *pyRDD) foldPartitions(zero py.Object, inWorker func(acc, x py.Object) (py.Object, error), onDriver func(acc, x py.Object) (py.Object, error)) (py.Object, error) {
	parts, err := r.partitions()
	if err != nil {
		return nil, err
	}
	vals := make([]py.Object, 0, len(parts))
	for _, p := range parts {
		acc, err := r.deepCopy(zero)
		if err != nil {
			return nil, err
		}
		for _, x := range p {
			if acc, err = inWorker(acc, x); err != nil {
				return nil, err
			}
		}
		vals = append(vals, acc)
	}
	acc := zero
	for _, v := range vals {
		if acc, err = onDriver(acc, v); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// ordered is takeOrdered/top: heapq.nsmallest/nlargest per partition, merged on the
// driver, which comes to a stable sort of all items (partition order breaking ties) cut
// to num.
func (r *pyRDD) ordered(num int, key py.Object, reverse bool) (py.Object, error) {
	items, err := r.items()
	if err != nil {
		return nil, err
	}
	if err := py.SortObjects(items, key, reverse); err != nil {
		return nil, engineError(r.in.pythonWorkerError(err, false))
	}
	return py.NewListFromItems(items[:min(max(num, 0), len(items))]), nil
}

func init() {
	joinMethod := func(name string, kind joinKind) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			o, numPartitions, err := otherArgs(name, args, kwargs, true)
			if err != nil {
				return nil, err
			}
			return r.join("PythonRDD["+name+"]", o, numPartitions, kind)
		})
	}
	joinMethod("join", joinKind{})
	joinMethod("leftOuterJoin", joinKind{noneRight: true})
	joinMethod("rightOuterJoin", joinKind{noneLeft: true})
	joinMethod("fullOuterJoin", joinKind{noneLeft: true, noneRight: true})
	rddMethod("cogroup", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, numPartitions, err := otherArgs("cogroup", args, kwargs, true)
		if err != nil {
			return nil, err
		}
		return r.cogroupBuffers("PythonRDD[cogroup]", []*pyRDD{o}, numPartitions)
	})
	rddMethod("groupWith", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) == 0 || len(kwargs) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "groupWith() takes the other RDDs as positional arguments")
		}
		others := make([]*pyRDD, len(args))
		for i, o := range args {
			rdd, err := otherRDD(o)
			if err != nil {
				return nil, err
			}
			others[i] = rdd
		}
		return r.cogroupBuffers("PythonRDD[groupWith]", others, nil)
	})
	rddMethod("groupBy", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := rddFunc("groupBy", args, kwargs, []string{"f", "numPartitions", "partitionFunc"}, 1)
		if err != nil {
			return nil, err
		}
		if a[2] != nil {
			return nil, python.Unsupported("RDD.groupBy(partitionFunc=...)", "leave the default hash partitioner")
		}
		byKey := r.each("PythonRDD[groupBy]", func(o py.Object, out []py.Object) ([]py.Object, error) {
			k, err := r.call(a[0], o)
			return append(out, py.Tuple{k, o}), err
		})
		n, err := byKey.reducePartitions(a[1])
		if err != nil {
			return nil, err
		}
		return byKey.groupByKeyInto("PythonRDD[groupBy]", n), nil
	})
	// byKey defines a combineByKey-based method whose arguments are names (the functions
	// from funcsFrom on) then numPartitions and partitionFunc.
	byKey := func(name string, names []string, funcsFrom int, build func(r *pyRDD, a []py.Object) (create func(py.Object) (py.Object, error), merge, combine func(a, b py.Object) (py.Object, error))) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			all := append(append([]string(nil), names...), "numPartitions", "partitionFunc")
			a, err := python.ParseArgs(name, args, kwargs, all, len(names))
			if err != nil {
				return nil, err
			}
			for _, f := range a[funcsFrom:len(names)] {
				if !callable(f) {
					return nil, py.ExceptionNewf(py.TypeError, "RDD.%s takes functions, got %s", name, pythonTypeName(f))
				}
			}
			if a[len(names)+1] != nil {
				return nil, python.Unsupported("RDD."+name+"(partitionFunc=...)", "leave the default hash partitioner")
			}
			n, err := r.reducePartitions(a[len(names)])
			if err != nil {
				return nil, err
			}
			create, merge, combine := build(r, a)
			return r.combineByKey("PythonRDD["+name+"]", n, create, merge, combine), nil
		})
	}
	byKey("combineByKey", []string{"createCombiner", "mergeValue", "mergeCombiners"}, 0, func(r *pyRDD, a []py.Object) (func(py.Object) (py.Object, error), func(a, b py.Object) (py.Object, error), func(a, b py.Object) (py.Object, error)) {
		return func(v py.Object) (py.Object, error) { return r.call(a[0], v) },
			func(c, v py.Object) (py.Object, error) { return r.call(a[1], c, v) },
			func(c, d py.Object) (py.Object, error) { return r.call(a[2], c, d) }
	})
	byKey("foldByKey", []string{"zeroValue", "func"}, 1, func(r *pyRDD, a []py.Object) (func(py.Object) (py.Object, error), func(a, b py.Object) (py.Object, error), func(a, b py.Object) (py.Object, error)) {
		f := func(c, v py.Object) (py.Object, error) { return r.call(a[1], c, v) }
		return func(v py.Object) (py.Object, error) {
			z, err := r.deepCopy(a[0])
			if err != nil {
				return nil, err
			}
			return f(z, v)
		}, f, f
	})
	byKey("aggregateByKey", []string{"zeroValue", "seqFunc", "combFunc"}, 1, func(r *pyRDD, a []py.Object) (func(py.Object) (py.Object, error), func(a, b py.Object) (py.Object, error), func(a, b py.Object) (py.Object, error)) {
		seq := func(c, v py.Object) (py.Object, error) { return r.call(a[1], c, v) }
		return func(v py.Object) (py.Object, error) {
				z, err := r.deepCopy(a[0])
				if err != nil {
					return nil, err
				}
				return seq(z, v)
			}, seq,
			func(c, d py.Object) (py.Object, error) { return r.call(a[2], c, d) }
	})
	rddMethod("fold", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("fold", args, kwargs, []string{"zeroValue", "op"}, 2)
		if err != nil {
			return nil, err
		}
		return r.foldPartitions(a[0],
			func(acc, x py.Object) (py.Object, error) { return r.call(a[1], acc, x) },
			func(acc, x py.Object) (py.Object, error) { return py.Call(a[1], py.Tuple{acc, x}, nil) })
	})
	rddMethod("aggregate", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("aggregate", args, kwargs, []string{"zeroValue", "seqOp", "combOp"}, 3)
		if err != nil {
			return nil, err
		}
		// PySpark: mapPartitions(fold with seqOp).fold(zeroValue, combOp).
		parts, err := r.partitions()
		if err != nil {
			return nil, err
		}
		perPart := make([][]py.Object, len(parts))
		for i, p := range parts {
			acc, err := r.deepCopy(a[0])
			if err != nil {
				return nil, err
			}
			for _, x := range p {
				if acc, err = r.call(a[1], acc, x); err != nil {
					return nil, err
				}
			}
			perPart[i] = []py.Object{acc}
		}
		return r.in.fixedRDD("PythonRDD[aggregate]", perPart).foldPartitions(a[0],
			func(acc, x py.Object) (py.Object, error) { return r.call(a[2], acc, x) },
			func(acc, x py.Object) (py.Object, error) { return py.Call(a[2], py.Tuple{acc, x}, nil) })
	})
	rddMethod("countByValue", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("countByValue", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return r.countBy(func(o py.Object) (py.Object, error) { return o, nil })
	})
	rddMethod("countByKey", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("countByKey", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return r.countBy(func(o py.Object) (py.Object, error) {
			// PySpark: map(lambda x: x[0]).countByValue()
			k, err := py.GetItem(o, py.Int(0))
			if err != nil {
				return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			return k, nil
		})
	})
	ordering := func(name string, reverse bool) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"num", "key"}, 1)
			if err != nil {
				return nil, err
			}
			num, err := asInt("num", a[0], 0)
			if err != nil {
				return nil, err
			}
			if !reverse && num < 0 {
				return nil, py.ExceptionNewf(py.ValueError, "top N cannot be negative.")
			}
			if r.n == 0 {
				if reverse {
					return nil, py.ExceptionNewf(py.ValueError, "Can not reduce() empty RDD")
				}
				return py.NewList(), nil
			}
			return r.ordered(num, a[1], reverse)
		})
	}
	ordering("takeOrdered", false)
	ordering("top", true)
	stat := func(name string, get func(s *statCounter) py.Object) {
		rddMethod(name, func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if _, err := python.ParseArgs(name, args, kwargs, nil, 0); err != nil {
				return nil, err
			}
			s, err := r.stats()
			if err != nil {
				return nil, err
			}
			return get(s), nil
		})
	}
	stat("stats", func(s *statCounter) py.Object { return s })
	stat("mean", func(s *statCounter) py.Object { return py.Float(s.mu) })
	stat("variance", func(s *statCounter) py.Object { return py.Float(s.variance()) })
	stat("stdev", func(s *statCounter) py.Object { return py.Float(math.Sqrt(s.variance())) })
	stat("sampleVariance", func(s *statCounter) py.Object { return py.Float(s.sampleVariance()) })
	stat("sampleStdev", func(s *statCounter) py.Object { return py.Float(math.Sqrt(s.sampleVariance())) })
	rddMethod("subtractByKey", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, numPartitions, err := otherArgs("subtractByKey", args, kwargs, true)
		if err != nil {
			return nil, err
		}
		return r.subtractByKey("PythonRDD[subtractByKey]", o, numPartitions)
	})
	rddMethod("subtract", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, numPartitions, err := otherArgs("subtract", args, kwargs, true)
		if err != nil {
			return nil, err
		}
		// PySpark: map(x -> (x, True)) on both, subtractByKey, keys()
		desc := "PythonRDD[subtract]"
		res, err := r.asKeys(desc).subtractByKey(desc, o.asKeys(desc), numPartitions)
		if err != nil {
			return nil, err
		}
		return res.firsts(desc), nil
	})
	rddMethod("intersection", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, _, err := otherArgs("intersection", args, kwargs, false)
		if err != nil {
			return nil, err
		}
		desc := "PythonRDD[intersection]"
		grouped, err := r.asKeys(desc).cogroupBuffers(desc, []*pyRDD{o.asKeys(desc)}, nil)
		if err != nil {
			return nil, err
		}
		return grouped.each(desc, func(g py.Object, out []py.Object) ([]py.Object, error) {
			kv := g.(py.Tuple)
			bufs := kv[1].(py.Tuple)
			if len(bufs[0].(*py.List).Items) > 0 && len(bufs[1].(*py.List).Items) > 0 {
				out = append(out, kv[0])
			}
			return out, nil
		}), nil
	})
	rddMethod("cartesian", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, _, err := otherArgs("cartesian", args, kwargs, false)
		if err != nil {
			return nil, err
		}
		// Spark's CartesianRDD: partition i*m+j pairs r's partition i with o's partition j.
		return &pyRDD{in: r.in, n: r.n * o.n, desc: "CartesianRDD[cartesian]", compute: func(p int) ([]py.Object, error) {
			xs, err := r.compute(p / o.n)
			if err != nil {
				return nil, err
			}
			ys, err := o.compute(p % o.n)
			if err != nil {
				return nil, err
			}
			out := make([]py.Object, 0, len(xs)*len(ys))
			for _, x := range xs {
				for _, y := range ys {
					out = append(out, py.Tuple{x, y})
				}
			}
			return out, nil
		}}, nil
	})
	rddMethod("coalesce", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("coalesce", args, kwargs, []string{"numPartitions", "shuffle"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := asInt("numPartitions", a[0], 0)
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return nil, py.ExceptionNewf(py.ValueError, "Number of partitions must be positive.")
		}
		if shuffle, err := asBool(a[1], false); err != nil {
			return nil, err
		} else if shuffle {
			return r.shuffleCoalesce(n), nil
		}
		return r.coalesce(n), nil
	})
	rddMethod("repartition", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("repartition", args, kwargs, []string{"numPartitions"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := asInt("numPartitions", a[0], 0)
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return nil, py.ExceptionNewf(py.ValueError, "Number of partitions must be positive.")
		}
		return r.shuffleCoalesce(n), nil
	})
	// partitionBy(numPartitions, partitionFunc=portable_hash): each pair goes to
	// partitionFunc(key) % numPartitions, as PySpark's partitionBy shuffles it.
	rddMethod("partitionBy", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("partitionBy", args, kwargs, []string{"numPartitions", "partitionFunc"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := r.reducePartitions(a[0])
		if err != nil {
			return nil, err
		}
		part := r.hashPartition(n)
		if fn := a[1]; fn != nil && fn != py.None {
			if !callable(fn) {
				return nil, py.ExceptionNewf(py.TypeError, "RDD.partitionBy takes a function as partitionFunc, got %s", pythonTypeName(fn))
			}
			part = func(k py.Object) (int, error) {
				v, err := r.call(fn, k)
				if err != nil {
					return 0, err
				}
				b, err := py.Mod(v, py.Int(n))
				if err != nil {
					return 0, r.workerError(py.TypeError, "%s", pyErrorText(err))
				}
				i, ok := b.(py.Int)
				if !ok {
					return 0, r.workerError(py.TypeError, "list indices must be integers or slices, not %s", b.Type().Name)
				}
				return int(i), nil
			}
		}
		return r.shuffle("PythonRDD[partitionBy]", n, part), nil
	})
	rddMethod("lookup", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("lookup", args, kwargs, []string{"key"}, 1)
		if err != nil {
			return nil, err
		}
		items, err := r.items()
		if err != nil {
			return nil, err
		}
		var out []py.Object
		for _, o := range items {
			k, v, err := r.pair(o)
			if err != nil {
				return nil, err
			}
			eq, err := py.Eq(k, a[0])
			if err != nil {
				return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			if eq == py.True {
				out = append(out, v)
			}
		}
		return py.NewListFromItems(out), nil
	})
	rddMethod("zip", func(r *pyRDD, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, _, err := otherArgs("zip", args, kwargs, false)
		if err != nil {
			return nil, err
		}
		if r.n != o.n {
			return nil, py.ExceptionNewf(py.ValueError, "Can only zip with RDD which has the same number of partitions")
		}
		return &pyRDD{in: r.in, n: r.n, desc: "PythonRDD[zip]", compute: func(p int) ([]py.Object, error) {
			xs, err := r.compute(p)
			if err != nil {
				return nil, err
			}
			ys, err := o.compute(p)
			if err != nil {
				return nil, err
			}
			if len(xs) != len(ys) {
				return nil, r.workerError(py.ValueError, "Can not deserialize PairRDD with different number of items in batches: (%d, %d)", len(xs), len(ys))
			}
			out := make([]py.Object, len(xs))
			for i := range xs {
				out[i] = py.Tuple{xs[i], ys[i]}
			}
			return out, nil
		}}, nil
	})
}

// asKeys is map(lambda x: (x, True)), the first step of PySpark's subtract and intersection.
func (r *pyRDD) asKeys(desc string) *pyRDD {
	return r.each(desc, func(o py.Object, out []py.Object) ([]py.Object, error) {
		return append(out, py.Tuple{o, py.True}), nil
	})
}

// firsts is keys() of pairs this package made.
func (r *pyRDD) firsts(desc string) *pyRDD {
	return r.each(desc, func(o py.Object, out []py.Object) ([]py.Object, error) {
		return append(out, o.(py.Tuple)[0]), nil
	})
}

// subtractByKey is PySpark's: cogroup, keep keys with values only on the left, then each
// left value.
func (r *pyRDD) subtractByKey(desc string, o *pyRDD, numPartitions py.Object) (*pyRDD, error) {
	grouped, err := r.cogroupBuffers(desc, []*pyRDD{o}, numPartitions)
	if err != nil {
		return nil, err
	}
	return grouped.each(desc, func(g py.Object, out []py.Object) ([]py.Object, error) {
		kv := g.(py.Tuple)
		bufs := kv[1].(py.Tuple)
		left, right := bufs[0].(*py.List).Items, bufs[1].(*py.List).Items
		if len(left) == 0 || len(right) > 0 {
			return out, nil
		}
		for _, v := range left {
			out = append(out, py.Tuple{kv[0], v})
		}
		return out, nil
	}), nil
}

// coalesce is Spark's CoalescedRDD without a shuffle and without locality: result
// partition i holds the parent's partitions [i*p/n, (i+1)*p/n), in order. Asking for more
// partitions than there are keeps the count.
func (r *pyRDD) coalesce(n int) *pyRDD {
	if n >= r.n {
		return &pyRDD{in: r.in, n: r.n, desc: "CoalescedRDD[coalesce]", compute: r.compute}
	}
	bounds := sliceBounds(r.n, n)
	return &pyRDD{in: r.in, n: n, desc: "CoalescedRDD[coalesce]", compute: func(i int) ([]py.Object, error) {
		var out []py.Object
		for p := bounds[i][0]; p < bounds[i][1]; p++ {
			items, err := r.compute(p)
			if err != nil {
				return nil, err
			}
			out = append(out, items...)
		}
		return out, nil
	}}
}

// repartitionBatch is the batch size PySpark re-pickles an RDD with before a shuffling
// coalesce (min(10, sc._batchSize or 1024)), so that batches, not single elements, are
// what Spark deals out.
const repartitionBatch = 10

// shuffleCoalesce is RDD.coalesce(n, shuffle=True) and RDD.repartition(n) as PySpark and
// Spark run them: each input partition's elements go in batches of ten; Spark deals the
// batches of input partition i round robin over the n outputs, the first to
// (XORShiftRandom(i).nextInt(n) + 1) mod n (distributePartition, then HashPartitioner on
// the position); each output partition reads the input partitions in order.
func (r *pyRDD) shuffleCoalesce(n int) *pyRDD {
	var once sync.Once
	var parts [][]py.Object
	var failed error
	deal := func() {
		parts = make([][]py.Object, n)
		for i := 0; i < r.n; i++ {
			items, err := r.compute(i)
			if err != nil {
				failed = err
				return
			}
			pos := int64(plan.XORShiftNextInt(int64(i), int32(n)))
			for start := 0; start < len(items); start += repartitionBatch {
				pos++
				t := int(pos % int64(n))
				parts[t] = append(parts[t], items[start:min(start+repartitionBatch, len(items))]...)
			}
		}
	}
	return &pyRDD{in: r.in, n: n, desc: "MapPartitionsRDD[repartition]", compute: func(i int) ([]py.Object, error) {
		once.Do(deal)
		if failed != nil {
			return nil, failed
		}
		return append([]py.Object(nil), parts[i]...), nil
	}}
}

// countBy is PySpark's countByValue of key(x): a defaultdict(int) whose keys come in the
// order they first appear, partition by partition.
func (r *pyRDD) countBy(key func(py.Object) (py.Object, error)) (py.Object, error) {
	if r.n == 0 {
		return nil, py.ExceptionNewf(py.ValueError, "Can not reduce() empty RDD")
	}
	items, err := r.items()
	if err != nil {
		return nil, err
	}
	counts := newKeyed()
	for _, o := range items {
		k, err := key(o)
		if err != nil {
			return nil, err
		}
		i, h, err := counts.find(k)
		if err != nil {
			return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
		}
		if i < 0 {
			counts.add(h, k, py.Int(1))
			continue
		}
		counts.vals[i] = counts.vals[i].(py.Int) + 1
	}
	mod, err := r.in.Import("collections")
	if err != nil {
		return nil, err
	}
	dd, err := py.GetAttrString(mod, "defaultdict")
	if err != nil {
		return nil, err
	}
	out, err := py.Call(dd, py.Tuple{py.IntType}, nil)
	if err != nil {
		return nil, err
	}
	for i, k := range counts.keys {
		if _, err := py.SetItem(out, k, counts.vals[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// statCounter is pyspark.statcounter.StatCounter: a running count, mean and sum of
// squared deviations (Welford), with Python's max/min of the values.
type statCounter struct {
	n        int64
	mu, m2   float64
	max, min py.Object
}

var statCounterType = py.NewType("StatCounter", "The count, mean, variance, max and min of numbers, merged partition by partition.")

func (s *statCounter) Type() *py.Type { return statCounterType }

func newStatCounter() *statCounter {
	return &statCounter{max: py.Float(math.Inf(-1)), min: py.Float(math.Inf(1))}
}

// merge adds one value, with Python's arithmetic (an int or a float; anything else
// raises TypeError as PySpark's does).
func (s *statCounter) merge(v py.Object) error {
	d, err := py.Sub(v, py.Float(s.mu))
	if err != nil {
		return err
	}
	delta, err := py.FloatAsFloat64(d)
	if err != nil {
		return err
	}
	s.n++
	s.mu += delta / float64(s.n)
	d2, err := py.Sub(v, py.Float(s.mu))
	if err != nil {
		return err
	}
	after, err := py.FloatAsFloat64(d2)
	if err != nil {
		return err
	}
	s.m2 += delta * after
	if s.max, err = pyMax(s.max, v); err != nil {
		return err
	}
	s.min, err = pyMin(s.min, v)
	return err
}

// mergeStats folds another counter in, with PySpark's formulas for the mean (which side
// dominates decides the form) and m2.
func (s *statCounter) mergeStats(o *statCounter) error {
	if s.n == 0 {
		*s = *o
		return nil
	}
	if o.n == 0 {
		return nil
	}
	n1, n2 := float64(s.n), float64(o.n)
	delta := o.mu - s.mu
	switch {
	case o.n*10 < s.n:
		s.mu = s.mu + (delta*n2)/(n1+n2)
	case s.n*10 < o.n:
		s.mu = o.mu - (delta*n1)/(n1+n2)
	default:
		s.mu = (s.mu*n1 + o.mu*n2) / (n1 + n2)
	}
	var err error
	if s.max, err = pyMax(s.max, o.max); err != nil {
		return err
	}
	if s.min, err = pyMin(s.min, o.min); err != nil {
		return err
	}
	s.m2 += o.m2 + (delta*delta*n1*n2)/(n1+n2)
	s.n += o.n
	return nil
}

func (s *statCounter) variance() float64 {
	if s.n == 0 {
		return math.NaN()
	}
	return s.m2 / float64(s.n)
}

func (s *statCounter) sampleVariance() float64 {
	if s.n <= 1 {
		return math.NaN()
	}
	return s.m2 / float64(s.n-1)
}

// pyMax is Python's max(a, b): b only when b > a.
func pyMax(a, b py.Object) (py.Object, error) { return pyPick(a, b, py.Gt) }

// pyMin is Python's min(a, b): b only when b < a.
func pyMin(a, b py.Object) (py.Object, error) { return pyPick(a, b, py.Lt) }

// pyPick is b when better(b, a) holds, else a: the first of equals wins, as in Python.
func pyPick(a, b py.Object, better func(x, y py.Object) (py.Object, error)) (py.Object, error) {
	ok, err := better(b, a)
	if err != nil {
		return nil, err
	}
	if ok == py.True {
		return b, nil
	}
	return a, nil
}

func toFloat(o py.Object) py.Object {
	if f, err := py.FloatAsFloat64(o); err == nil {
		return py.Float(f)
	}
	return o
}

func (s *statCounter) M__repr__() (py.Object, error) {
	// PySpark formats the raw max and min (an int stays an int), not max()/min()'s floats
	parts := []py.Object{py.Int(s.n), py.Float(s.mu), py.Float(math.Sqrt(s.variance())), s.max, s.min}
	strs := make([]string, len(parts))
	for i, p := range parts {
		r, err := py.Str(p)
		if err != nil {
			return nil, err
		}
		strs[i] = string(r.(py.String))
	}
	return py.String("(count: " + strs[0] + ", mean: " + strs[1] + ", stdev: " + strs[2] + ", max: " + strs[3] + ", min: " + strs[4] + ")"), nil
}

func (s *statCounter) M__str__() (py.Object, error) { return s.M__repr__() }

// stats is PySpark's stats(): one StatCounter per partition, merged in partition order.
func (r *pyRDD) stats() (*statCounter, error) {
	if r.n == 0 {
		return nil, py.ExceptionNewf(py.ValueError, "Can not reduce() empty RDD")
	}
	var total *statCounter
	err := r.eachPartition(func(items []py.Object) error {
		s := newStatCounter()
		for _, v := range items {
			if err := s.merge(v); err != nil {
				return r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
		}
		if total == nil {
			total = s
			return nil
		}
		if err := total.mergeStats(s); err != nil {
			return r.workerError(py.TypeError, "%s", pyErrorText(err))
		}
		return nil
	})
	return total, err
}

func init() {
	counterStat := func(name string, get func(s *statCounter) py.Object) {
		python.DefMethod(statCounterType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if _, err := python.ParseArgs(name, args, kwargs, nil, 0); err != nil {
				return nil, err
			}
			return get(self.(*statCounter)), nil
		})
	}
	counterStat("count", func(s *statCounter) py.Object { return py.Int(s.n) })
	counterStat("mean", func(s *statCounter) py.Object { return py.Float(s.mu) })
	counterStat("sum", func(s *statCounter) py.Object { return py.Float(float64(s.n) * s.mu) })
	counterStat("max", func(s *statCounter) py.Object { return toFloat(s.max) })
	counterStat("min", func(s *statCounter) py.Object { return toFloat(s.min) })
	counterStat("variance", func(s *statCounter) py.Object { return py.Float(s.variance()) })
	counterStat("sampleVariance", func(s *statCounter) py.Object { return py.Float(s.sampleVariance()) })
	counterStat("stdev", func(s *statCounter) py.Object { return py.Float(math.Sqrt(s.variance())) })
	counterStat("sampleStdev", func(s *statCounter) py.Object { return py.Float(math.Sqrt(s.sampleVariance())) })
}
