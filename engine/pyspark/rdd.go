package pyspark

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/kafkalab/kafkalab/engine/sqltypes"

	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// RDDs as Spark SQL's guide uses them ("Interoperating with RDDs"): sc.parallelize,
// sc.textFile, the common transformations and actions, rdd.toDF and df.rdd.
//
// An RDD here is a number of partitions and a function computing one partition's Python
// objects. Transformations only chain functions, so nothing runs before an action, as in
// Spark: a lambda that raises does so at collect()/count(), not at map(). Partition counts
// and the objects in each partition follow Spark's rules (ParallelCollectionRDD slicing of
// PySpark's pickled batches, Hadoop's text splits, PySpark's hash and range partitioners),
// so glom() and getNumPartitions() print what PySpark prints.

// pyRDD is pyspark.RDD.
type pyRDD struct {
	in      *Interpreter
	n       int
	compute func(split int) ([]py.Object, error)
	desc    string // what made it, for repr
}

var rddType = py.NewType("RDD", "A Resilient Distributed Dataset: partitions of Python objects (sc.parallelize, sc.textFile, df.rdd).")

func (r *pyRDD) Type() *py.Type { return rddType }

func (r *pyRDD) M__getattr__(name string) (py.Object, error) { return missingAttr("RDD", name) }

func (r *pyRDD) M__repr__() (py.Object, error) { return py.String(r.desc), nil }

// partition computes one partition.
func (r *pyRDD) partition(i int) ([]py.Object, error) { return r.compute(i) }

// eachPartition computes the partitions in order and calls visit with each one's items,
// stopping at the first error.
func (r *pyRDD) eachPartition(visit func(items []py.Object) error) error {
	for i := 0; i < r.n; i++ {
		items, err := r.partition(i)
		if err != nil {
			return err
		}
		if err := visit(items); err != nil {
			return err
		}
	}
	return nil
}

// partitions computes all partitions, in order.
func (r *pyRDD) partitions() ([][]py.Object, error) {
	out := make([][]py.Object, r.n)
	for i := range out {
		p, err := r.compute(i)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

func (r *pyRDD) items() ([]py.Object, error) {
	parts, err := r.partitions()
	if err != nil {
		return nil, err
	}
	var all []py.Object
	for _, p := range parts {
		all = append(all, p...)
	}
	return all, nil
}

// derive is a narrow transformation: partition i of the result is f of partition i.
func (r *pyRDD) derive(desc string, f func(split int, items []py.Object) ([]py.Object, error)) *pyRDD {
	return &pyRDD{in: r.in, n: r.n, desc: desc, compute: func(i int) ([]py.Object, error) {
		items, err := r.compute(i)
		if err != nil {
			return nil, err
		}
		return f(i, items)
	}}
}

// fixed is an RDD of partitions already known.
func (in *Interpreter) fixedRDD(desc string, parts [][]py.Object) *pyRDD {
	return &pyRDD{in: in, n: len(parts), desc: desc, compute: func(i int) ([]py.Object, error) {
		return parts[i], nil
	}}
}

// call runs a learner's function where Spark runs it, in a Python worker: what it raises
// reaches the driver as PythonException with the worker's traceback (the learner's line).
func (r *pyRDD) call(fn py.Object, args ...py.Object) (py.Object, error) {
	res, err := py.Call(fn, py.Tuple(args), nil)
	if err != nil {
		return nil, engineError(r.in.pythonWorkerError(err, false))
	}
	return res, nil
}

// workerError is an error PySpark's worker code raises (not the learner's function), such
// as a pair RDD element that is not a pair; it reaches the driver the same way.
func (r *pyRDD) workerError(exc *py.Type, format string, args ...any) error {
	return engineError(r.in.pythonWorkerError(py.ExceptionNewf(exc, format, args...), false))
}

// pair splits a key-value element as PySpark's `for k, v in iterator` does.
func (r *pyRDD) pair(o py.Object) (py.Object, py.Object, error) {
	items, ok := python.SeqItems(o)
	if !ok {
		return nil, nil, r.workerError(py.TypeError, "cannot unpack non-iterable %s object", o.Type().Name)
	}
	switch {
	case len(items) < 2:
		return nil, nil, r.workerError(py.ValueError, "not enough values to unpack (expected 2, got %d)", len(items))
	case len(items) > 2:
		return nil, nil, r.workerError(py.ValueError, "too many values to unpack (expected 2)")
	}
	return items[0], items[1], nil
}

// ---- creating RDDs ----

// sliceBounds is Spark's ParallelCollectionRDD slicing of n elements into slices: slice
// i holds elements [i*n/slices, (i+1)*n/slices).
func sliceBounds(n, slices int) [][2]int {
	out := make([][2]int, slices)
	for i := range out {
		out[i] = [2]int{int(int64(i) * int64(n) / int64(slices)), int(int64(i+1) * int64(n) / int64(slices))}
	}
	return out
}

// parallelizeSplits is where PySpark's sc.parallelize(c, numSlices) puts the elements of
// a list: PySpark pickles them in batches of max(1, min(len // numSlices, 1024)) and the
// JVM slices the batches (not the elements) as ParallelCollectionRDD does. It returns each
// partition's [start, end) in the list.
func parallelizeSplits(n, slices int) [][2]int {
	batch := max(1, min(n/slices, 1024))
	batches := (n + batch - 1) / batch
	out := sliceBounds(batches, slices)
	for i, b := range out {
		out[i] = [2]int{min(b[0]*batch, n), min(b[1]*batch, n)}
	}
	return out
}

// rangeSplits is PySpark's parallelize of a range: partition i starts at
// start + int(i*size/slices)*step (Python's true division, then int()).
func rangeSplits(start, step, size, slices int) [][]py.Object {
	at := func(i int) int { return start + int(float64(i)*float64(size)/float64(slices))*step }
	out := make([][]py.Object, slices)
	for i := range out {
		from, to := at(i), at(i+1)
		for v := from; (step > 0 && v < to) || (step < 0 && v > to); v += step {
			out[i] = append(out[i], py.Int(v))
		}
	}
	return out
}

func (c *pySparkContext) parallelize(data, numSlices py.Object) (py.Object, error) {
	in := c.s.in
	slices, err := c.numSlicesChecked(numSlices)
	if err != nil {
		return nil, err
	}
	if rg, ok := data.(*py.Range); ok && rg.Length > 0 {
		return in.fixedRDD("PythonRDD[parallelize] at RDD at PythonRDD.scala:53", rangeSplits(int(rg.Start), int(rg.Step), int(rg.Length), slices)), nil
	}
	var items []py.Object
	if err := py.Iterate(data, func(o py.Object) bool { items = append(items, o); return false }); err != nil {
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not iterable", data.Type().Name)
	}
	parts := make([][]py.Object, slices)
	for i, b := range parallelizeSplits(len(items), slices) {
		parts[i] = items[b[0]:b[1]:b[1]]
	}
	return in.fixedRDD("ParallelCollectionRDD[parallelize] at readRDDFromFile at PythonRDD.scala:289", parts), nil
}

// numSlicesChecked is numSlices, or the default parallelism, refusing what the JVM's
// ParallelCollectionRDD refuses.
func (c *pySparkContext) numSlicesChecked(o py.Object) (int, error) {
	if o == nil || o == py.None {
		return c.s.s.DefaultParallelism(), nil
	}
	n, err := asInt("numSlices", o, 0)
	if err != nil {
		return 0, err
	}
	if n < 1 {
		return 0, py.ExceptionNewf(pyerrors.IllegalArgumentException, "Positive number of partitions required")
	}
	return n, nil
}

// ---- shuffles ----

// defaultReducePartitions is PySpark's _defaultReducePartitions: the default parallelism
// when spark.default.parallelism is set, otherwise the RDD's own partition count.
func (r *pyRDD) defaultReducePartitions() int {
	s := r.in.spark.s
	if _, err := s.Conf().Get("spark.default.parallelism"); err == nil {
		return s.DefaultParallelism()
	}
	return r.n
}

func (r *pyRDD) reducePartitions(o py.Object) (int, error) {
	if o == nil || o == py.None {
		return r.defaultReducePartitions(), nil
	}
	n, err := asInt("numPartitions", o, 0)
	if err != nil {
		return 0, err
	}
	if n < 1 {
		return 0, py.ExceptionNewf(pyerrors.IllegalArgumentException, "Number of partitions (%d) cannot be negative.", n)
	}
	return n, nil
}

// shuffle moves key-value pairs to n partitions by part(key), as PySpark's partitionBy:
// each reduce partition reads the map partitions in order, and each map partition's pairs
// in the order it produced them.
func (r *pyRDD) shuffle(desc string, n int, part func(key py.Object) (int, error)) *pyRDD {
	var done [][]py.Object
	return &pyRDD{in: r.in, n: n, desc: desc, compute: func(i int) ([]py.Object, error) {
		if done == nil {
			parts, err := r.partitions()
			if err != nil {
				return nil, err
			}
			out := make([][]py.Object, n)
			for _, p := range parts {
				for _, kv := range p {
					k, _, err := r.pair(kv)
					if err != nil {
						return nil, err
					}
					b, err := part(k)
					if err != nil {
						return nil, err
					}
					out[b] = append(out[b], kv)
				}
			}
			done = out
		}
		return done[i], nil
	}}
}

// hashPartition is PySpark's portable_hash(key) % n.
func (r *pyRDD) hashPartition(n int) func(py.Object) (int, error) {
	return func(k py.Object) (int, error) {
		h, err := portableHash(k)
		if err != nil {
			return 0, r.workerError(py.TypeError, "%s", pyErrorText(err))
		}
		m := h % int64(n)
		if m < 0 {
			m += int64(n)
		}
		return int(m), nil
	}
}

// keyed is a dict keyed by Python equality and hash, keeping first-insertion order (as
// PySpark's ExternalMerger does with a dict).
type keyed struct {
	keys   []py.Object
	vals   []py.Object
	bucket map[int64][]int
}

func newKeyed() *keyed { return &keyed{bucket: map[int64][]int{}} }

func (d *keyed) find(k py.Object) (int, int64, error) {
	h, err := py.Hash(k)
	if err != nil {
		return -1, 0, err
	}
	for _, i := range d.bucket[h] {
		eq, err := py.Eq(d.keys[i], k)
		if err != nil {
			return -1, 0, err
		}
		if eq == py.True {
			return i, h, nil
		}
	}
	return -1, h, nil
}

func (d *keyed) add(h int64, k, v py.Object) {
	d.bucket[h] = append(d.bucket[h], len(d.keys))
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
}

func (d *keyed) pairs() []py.Object {
	out := make([]py.Object, len(d.keys))
	for i := range d.keys {
		out[i] = py.Tuple{d.keys[i], d.vals[i]}
	}
	return out
}

// combineByKey is PySpark's combineByKey: combine each partition's values by key, shuffle
// by hash, merge the combiners by key.
func (r *pyRDD) combineByKey(desc string, n int, create func(v py.Object) (py.Object, error), merge, mergeCombiners func(a, b py.Object) (py.Object, error)) *pyRDD {
	local := r.derive(desc, func(_ int, items []py.Object) ([]py.Object, error) {
		d := newKeyed()
		for _, kv := range items {
			k, v, err := r.pair(kv)
			if err != nil {
				return nil, err
			}
			i, h, err := d.find(k)
			if err != nil {
				return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			if i < 0 {
				c, err := create(v)
				if err != nil {
					return nil, err
				}
				d.add(h, k, c)
				continue
			}
			if d.vals[i], err = merge(d.vals[i], v); err != nil {
				return nil, err
			}
		}
		return d.pairs(), nil
	})
	return local.shuffle(desc, n, r.hashPartition(n)).derive(desc, func(_ int, items []py.Object) ([]py.Object, error) {
		d := newKeyed()
		for _, kv := range items {
			k, c := kv.(py.Tuple)[0], kv.(py.Tuple)[1]
			i, h, err := d.find(k)
			if err != nil {
				return nil, r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			if i < 0 {
				d.add(h, k, c)
				continue
			}
			if d.vals[i], err = mergeCombiners(d.vals[i], c); err != nil {
				return nil, err
			}
		}
		return d.pairs(), nil
	})
}

// sortByKey is PySpark's sortByKey: a range partitioning of the keys, then a sort within
// each partition. PySpark picks the bounds from a sample of up to 20 keys per partition
// (all keys when there are that few); here all keys are the sample, so partitions can
// hold other keys than Spark's for larger RDDs, while collect() returns the same list.
func (r *pyRDD) sortByKey(desc string, ascending bool, n int, keyfunc py.Object) (*pyRDD, error) {
	key := func(k py.Object) (py.Object, error) {
		if keyfunc == nil || keyfunc == py.None {
			return k, nil
		}
		return r.call(keyfunc, k)
	}
	sortPart := func(_ int, items []py.Object) ([]py.Object, error) {
		keys := make([]py.Object, len(items))
		for i, kv := range items {
			k, _, err := r.pair(kv)
			if err != nil {
				return nil, err
			}
			if keys[i], err = key(k); err != nil {
				return nil, err
			}
		}
		idx := make([]int, len(items))
		for i := range idx {
			idx[i] = i
		}
		var cmpErr error
		sort.SliceStable(idx, func(a, b int) bool {
			x, y := keys[idx[a]], keys[idx[b]]
			if !ascending {
				x, y = y, x
			}
			lt, err := py.Lt(x, y)
			if err != nil && cmpErr == nil {
				cmpErr = err
			}
			return lt == py.True
		})
		if cmpErr != nil {
			return nil, r.workerError(py.TypeError, "%s", pyErrorText(cmpErr))
		}
		out := make([]py.Object, len(items))
		for i, j := range idx {
			out[i] = items[j]
		}
		return out, nil
	}
	if n == 1 {
		one := &pyRDD{in: r.in, n: 1, desc: desc, compute: func(int) ([]py.Object, error) { return r.items() }}
		return one.derive(desc, sortPart), nil
	}
	// PySpark counts the RDD when sortByKey is called (an empty RDD is returned as it is),
	// then samples it for the partition bounds.
	size, err := r.count()
	if err != nil {
		return nil, err
	}
	if size == 0 {
		return r, nil
	}
	var bounds []py.Object
	var boundsErr error
	computed := false
	part := func(k py.Object) (int, error) {
		if !computed {
			computed = true
			all, err := r.items()
			if err != nil {
				boundsErr = err
			} else {
				// PySpark sorts the sampled keys by keyfunc but keeps the keys themselves as
				// the bounds, and compares keyfunc(key) with them.
				samples := make([]py.Object, 0, len(all))
				for _, kv := range all {
					k, _, err := r.pair(kv)
					if err != nil {
						boundsErr = err
						break
					}
					samples = append(samples, k)
				}
				if boundsErr == nil {
					kf := keyfunc
					if kf == py.None {
						kf = nil
					}
					if err := py.SortObjects(samples, kf, false); err != nil {
						boundsErr = err
					}
					for i := 0; boundsErr == nil && i < n-1; i++ {
						bounds = append(bounds, samples[int(float64(len(samples))*float64(i+1)/float64(n))])
					}
				}
			}
		}
		if boundsErr != nil {
			return 0, boundsErr
		}
		sk, err := key(k)
		if err != nil {
			return 0, err
		}
		// bisect_left
		lo, hi := 0, len(bounds)
		for lo < hi {
			mid := (lo + hi) / 2
			lt, err := py.Lt(bounds[mid], sk)
			if err != nil {
				return 0, r.workerError(py.TypeError, "%s", pyErrorText(err))
			}
			if lt == py.True {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if ascending {
			return lo, nil
		}
		return n - 1 - lo, nil
	}
	return r.shuffle(desc, n, part).derive(desc, sortPart), nil
}

// count is the number of elements.
func (r *pyRDD) count() (int, error) {
	parts, err := r.partitions()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	return n, nil
}

// rddRows is the elements of an RDD given to createDataFrame. Without a schema (or with
// column names only) PySpark infers the types from the RDD's first element, so an empty
// RDD, or an empty first row, is refused as PySpark refuses it.
func (r *pyRDD) rddRows(schema py.Object) ([]py.Object, error) {
	items, err := r.items()
	if err != nil {
		return nil, err
	}
	switch schema.(type) {
	case nil, py.NoneType, *py.List, py.Tuple:
		if len(items) == 0 {
			return nil, py.ExceptionNewf(py.ValueError, "RDD is empty")
		}
		if n, err := py.Len(items[0]); err == nil && n == py.Int(0) {
			return nil, raise(sparkerrors.PySparkValueError, "CANNOT_INFER_EMPTY_SCHEMA")
		}
	}
	return items, nil
}

// dataFrameRDD is df.rdd: the DataFrame's rows as Row objects. The engine does not keep a
// batch DataFrame's partitions, so the RDD has one partition; the query runs at the RDD's
// first action, as in Spark.
func (in *Interpreter) dataFrameRDD(d *pyDataFrame) *pyRDD {
	const desc = "MapPartitionsRDD[rdd] at javaToPython at NativeMethodAccessorImpl.java:0"
	if !d.df.IsStreaming() {
		// The plan's tasks are the RDD's partitions, so getNumPartitions(), glom() and
		// foreachPartition see Spark's split of the data (a file scan packed by size, a
		// shuffle's partitions). A plan that fails runs again, lazily, below: its error
		// belongs to the action, as in Spark.
		if parts, err := in.dataFramePartitions(d); err == nil {
			return &pyRDD{in: in, n: len(parts), desc: desc, compute: func(i int) ([]py.Object, error) { return parts[i], nil }}
		}
	}
	var rows []py.Object
	done := false
	return &pyRDD{in: in, n: 1, desc: desc, compute: func(int) ([]py.Object, error) {
		if !done {
			got, err := d.df.Collect(in.Context())
			if err != nil {
				return nil, engineError(err)
			}
			rows = in.rowsToList(d.df, got).(*py.List).Items
			done = true
		}
		return rows, nil
	}}
}

// dataFramePartitions runs d's plan and returns each task's rows as Python Rows.
func (in *Interpreter) dataFramePartitions(d *pyDataFrame) ([][]py.Object, error) {
	var mu sync.Mutex
	tasks := map[int][]sqltypes.Row{}
	probe := d.df.MapPartitions("rdd", d.df.Schema(), func(_ context.Context, partition int, rows []sqltypes.Row) ([]sqltypes.Row, error) {
		mu.Lock()
		defer mu.Unlock()
		tasks[partition] = rows
		return nil, nil
	})
	if _, err := probe.Collect(in.Context()); err != nil {
		return nil, err
	}
	parts := make([][]py.Object, len(tasks))
	for i := range parts {
		rows, ok := tasks[i]
		if !ok {
			return nil, fmt.Errorf("df.rdd: task %d of %d did not run", i, len(tasks))
		}
		parts[i] = in.rowsToList(d.df, rows).(*py.List).Items
	}
	return parts, nil
}
