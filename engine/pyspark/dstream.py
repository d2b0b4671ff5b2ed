# pyspark.streaming for kafkalab: StreamingContext and DStream, run by kafkalab's
# engine. Each DStream makes the RDD of a batch time from its parents' RDDs, as Spark's
# DStream.compute does; the Go side (dstream.go) supplies the timer, the socket receiver
# and the Java error texts.

import os as _os
import warnings as _warnings
import time as _time
import operator as _operator
from datetime import datetime as _datetime
from pyspark import RDD as _RDD

_TRANSFORMED = "None.org.apache.spark.streaming.api.python.PythonTransformedDStream"
_TRANSFORMED2 = "None.org.apache.spark.streaming.api.python.PythonTransformed2DStream"
_REDUCED_WINDOWED = "None.org.apache.spark.streaming.api.python.PythonReducedWindowedDStream"
_STATE = "None.org.apache.spark.streaming.api.python.PythonStateDStream"
_FOREACH = "z:org.apache.spark.streaming.api.python.PythonDStream.callForeachRDD"
_NO_CHECKPOINT_DIR = ("java.lang.IllegalArgumentException: requirement failed: The checkpoint directory "
                      "has not been set. Please set it by StreamingContext.checkpoint().")


def _argcount(f):
    code = getattr(f, "__code__", None)
    if code is None:
        return 1
    return code.co_argcount


def _drain(iterator):
    for _ in iterator:
        pass


def _when(ms):
    return _datetime.fromtimestamp(ms / 1000.0)


def _union_all(sc, rdds):
    if not rdds:
        return sc.emptyRDD()
    out = rdds[0]
    for r in rdds[1:]:
        out = out.union(r)
    return out


class StreamingContext:
    """
    Main entry point for Spark Streaming functionality. A StreamingContext
    represents the connection to a Spark cluster, and can be used to create
    DStream various input sources.
    """

    _activeContext = None

    def __init__(self, sparkContext, batchDuration=None, jssc=None):
        _warnings.warn("DStream is deprecated as of Spark 3.4.0. Migrate to Structured Streaming.", FutureWarning)
        if batchDuration is None:
            raise _java_error("None.org.apache.spark.streaming.api.java.JavaStreamingContext",
                              "java.lang.NullPointerException")
        self._sc = sparkContext
        self._batch_ms = int(batchDuration * 1000)
        self._state = "INITIALIZED"
        self._inputs = []
        self._outputs = []
        self._streams = []
        self._receivers = []
        self._checkpoint_dir = None
        self._remember_ms = 0
        self._timer = None
        self._zero = None

    @classmethod
    def getOrCreate(cls, checkpointPath, setupFunc):
        # kafkalab writes no DStream checkpoint and recovers none: a folder holding real
        # Spark's checkpoint files is left alone and the context is made anew.
        if checkpointPath is not None and _os.path.isdir(checkpointPath):
            old = [n for n in _os.listdir(checkpointPath) if n.startswith("checkpoint-")]
            if old:
                _log("WARN", "StreamingContext",
                     "kafkalab does not recover a StreamingContext from checkpoint data: "
                     "%s holds %d checkpoint file(s), but the context is created anew by setupFunc "
                     "(its DStreams and state start empty)" % (checkpointPath, len(old)))
        ssc = setupFunc()
        ssc.checkpoint(checkpointPath)
        return ssc

    @classmethod
    def getActive(cls):
        return cls._activeContext

    @classmethod
    def getActiveOrCreate(cls, checkpointPath, setupFunc):
        if not callable(setupFunc):
            raise TypeError("setupFunc should be callable.")
        active = cls.getActive()
        if active is not None:
            return active
        if checkpointPath is not None:
            return cls.getOrCreate(checkpointPath, setupFunc)
        return setupFunc()

    @property
    def sparkContext(self):
        return self._sc

    def _check_can_add(self, call):
        if self._state == "ACTIVE":
            raise _java_error(call, "java.lang.IllegalStateException: Adding new inputs, transformations, "
                                    "and output operations after starting a context is not supported")
        if self._state == "STOPPED":
            raise _java_error(call, "java.lang.IllegalStateException: Adding new inputs, transformations, "
                                    "and output operations after stopping a context is not supported")

    def start(self):
        if self._state == "ACTIVE":
            _log("WARN", "StreamingContext", "StreamingContext has already been started")
            return
        if self._state == "STOPPED":
            raise _java_error("o0.start", "java.lang.IllegalStateException: StreamingContext has already been stopped")
        if not self._outputs:
            raise _java_error("o0.start", "java.lang.IllegalArgumentException: requirement failed: "
                                          "No output operations registered, so nothing to execute")
        for d in self._streams:
            if (d._must_checkpoint or d.is_checkpointed) and self._checkpoint_dir is None:
                raise _java_error("o0.start", _NO_CHECKPOINT_DIR)
        active = StreamingContext._activeContext
        if active is not None and active is not self:
            raise _java_error("o0.start", "java.lang.IllegalStateException: Only one StreamingContext may be "
                                          "started in this JVM. Currently running StreamingContext was started at")
        now = int(_time.time() * 1000)
        first = (now // self._batch_ms + 1) * self._batch_ms
        self._zero = first - self._batch_ms
        remember = max([self._remember_ms, 2 * self._batch_ms] + [d._needs_ms() for d in self._streams])
        self._keep_ms = remember + self._batch_ms
        for d in self._streams:
            d._start()
        self._state = "ACTIVE"
        StreamingContext._activeContext = self
        self._timer = _new_timer(self._batch_ms, self._generate, first)

    def _generate(self, t):
        jobs = []
        for out in self._outputs:
            job = out._job(t)
            if job is not None:
                jobs.append(job)
        # what Spark checkpoints (state, incremental windows) is computed whole after the
        # batch's jobs, so that the next batch builds on it rather than on its history
        for d in self._streams:
            if d._must_checkpoint or d.is_checkpointed:
                rdd = d._generated.get(t)
                if rdd is not None:
                    jobs.append(lambda rdd=rdd: rdd.foreachPartition(_drain))
        for d in self._streams:
            d._forget(t - self._keep_ms)
        return jobs

    def _wait(self, timeout, call):
        if self._timer is None:
            if self._state == "STOPPED":
                return True
            if timeout is None:
                while True:
                    _time.sleep(3600)
            _time.sleep(timeout)
            return False
        ended = self._timer.wait(timeout)
        err = self._timer.error()
        if err is not None:
            raise _java_error("o0." + call, err)
        return ended

    def awaitTermination(self, timeout=None):
        if timeout is None:
            self._wait(None, "awaitTermination")
        else:
            self._wait(timeout, "awaitTerminationOrTimeout")

    def awaitTerminationOrTimeout(self, timeout):
        return self._wait(timeout, "awaitTerminationOrTimeout")

    def stop(self, stopSparkContext=True, stopGraceFully=False):
        if self._state == "ACTIVE":
            if not stopGraceFully:
                for r in self._receivers:
                    r.stop()
            self._timer.stop(bool(stopGraceFully))
            for r in self._receivers:
                r.stop()
        self._state = "STOPPED"
        if StreamingContext._activeContext is self:
            StreamingContext._activeContext = None
        if stopSparkContext:
            self._sc.stop()

    def remember(self, duration):
        self._remember_ms = int(duration * 1000)

    def checkpoint(self, directory):
        if directory is not None:
            _os.makedirs(directory, exist_ok=True)
        self._checkpoint_dir = directory

    def socketTextStream(self, hostname, port, storageLevel=None):
        self._check_can_add("o0.socketTextStream")
        return _SocketInputDStream(self, _new_receiver(hostname, port))

    def textFileStream(self, directory):
        self._check_can_add("o0.textFileStream")
        return _FileInputDStream(self, directory)

    def binaryRecordsStream(self, directory, recordLength):
        raise _unsupported("StreamingContext.binaryRecordsStream",
                           "read text files with textFileStream, or run this script on real Spark")

    def queueStream(self, rdds, oneAtATime=True, default=None):
        if default and not isinstance(default, _RDD):
            default = self._sc.parallelize(default)
        if not rdds and default:
            rdds = [rdds]
        if rdds and not isinstance(rdds[0], _RDD):
            rdds = [self._sc.parallelize(r) for r in rdds]
        self._check_can_add("o0.queueStream")
        return _QueueInputDStream(self, list(rdds), oneAtATime, default)

    def transform(self, dstreams, transformFunc):
        for d in dstreams:
            d._java()
        self._check_can_add("o0.transform")
        return _MultiDStream(self, list(dstreams), lambda t, rdds: transformFunc(rdds))

    def union(self, *dstreams):
        if not dstreams:
            raise ValueError("should have at least one DStream to union")
        if len(dstreams) == 1:
            return dstreams[0]
        if len(set(d._slide_ms for d in dstreams)) > 1:
            raise ValueError("All DStreams should have same slide duration")
        for d in dstreams:
            d._java()
        self._check_can_add("o0.union")
        return _MultiDStream(self, list(dstreams), lambda t, rdds: _union_all(self._sc, list(rdds)), union=True)

    def addStreamingListener(self, streamingListener):
        raise _unsupported("StreamingContext.addStreamingListener",
                           "print from foreachRDD instead, or run this script on real Spark")


class DStream:
    """
    A Discretized Stream (DStream), the basic abstraction in Spark Streaming,
    is a continuous sequence of RDDs (of the same type) representing a
    continuous stream of data.
    """

    _must_checkpoint = False

    def __class_getitem__(cls, item):
        # DStream is generic in PySpark: DStream[Tuple[float, str]] in type hints
        return cls

    def __init__(self, ssc, parents, slide_ms, call=None):
        if call is not None:
            ssc._check_can_add(call)
        self._ssc = ssc
        self._sc = ssc._sc
        self._parents = parents
        self._slide_ms = slide_ms
        self._generated = {}
        self._materialized = call is not None
        self.is_cached = False
        self.is_checkpointed = False
        ssc._streams.append(self)

    # -- the graph --

    def _java(self):
        # the point where PySpark makes the JVM DStream (and Spark checks the context)
        if not self._materialized:
            for p in self._parents:
                p._java()
            self._ssc._check_can_add(_TRANSFORMED)
            self._materialized = True

    def _needs_ms(self):
        return 0

    def _start(self):
        pass

    def _valid(self, t):
        zero = self._ssc._zero
        return zero is not None and t > zero and (t - zero) % self._slide_ms == 0

    def _get(self, t):
        if t in self._generated:
            return self._generated[t]
        if not self._valid(t):
            return None
        rdd = self._compute(t)
        if rdd is not None and (self.is_cached or self.is_checkpointed or self._must_checkpoint):
            rdd = _memo_rdd(rdd)
        self._generated[t] = rdd
        return rdd

    def _forget(self, before):
        for t in [t for t in self._generated if t < before]:
            del self._generated[t]

    def _slice(self, begin, end):
        zero = self._ssc._zero
        step = self._slide_ms
        if (end - zero) % step:
            end = zero + (end - zero) // step * step
        if (begin - zero) % step:
            begin = zero + (begin - zero) // step * step
        out = []
        t = begin
        while t <= end:
            if t >= zero:
                r = self._get(t)
                if r is not None:
                    out.append(r)
            t += step
        return out

    def _compute(self, t):
        raise NotImplementedError()

    # -- the API --

    def context(self):
        return self._ssc

    def count(self):
        return self.mapPartitions(lambda i: [sum(1 for _ in i)]).reduce(_operator.add)

    def filter(self, f):
        def func(iterator):
            return filter(f, iterator)
        return self.mapPartitions(func, True)

    def flatMap(self, f, preservesPartitioning=False):
        def func(s, iterator):
            out = []
            for x in iterator:
                out.extend(f(x))
            return out
        return self.mapPartitionsWithIndex(func, preservesPartitioning)

    def map(self, f, preservesPartitioning=False):
        def func(iterator):
            return map(f, iterator)
        return self.mapPartitions(func, preservesPartitioning)

    def mapPartitions(self, f, preservesPartitioning=False):
        def func(s, iterator):
            return f(iterator)
        return self.mapPartitionsWithIndex(func, preservesPartitioning)

    def mapPartitionsWithIndex(self, f, preservesPartitioning=False):
        return self.transform(lambda rdd: rdd.mapPartitionsWithIndex(f, preservesPartitioning))

    def reduce(self, func):
        return self.map(lambda x: (None, x)).reduceByKey(func, 1).map(lambda x: x[1])

    def reduceByKey(self, func, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.combineByKey(lambda x: x, func, func, numPartitions)

    def combineByKey(self, createCombiner, mergeValue, mergeCombiners, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism

        def func(rdd):
            return rdd.combineByKey(createCombiner, mergeValue, mergeCombiners, numPartitions)
        return self.transform(func)

    def partitionBy(self, numPartitions, partitionFunc=None):
        return self.transform(lambda rdd: rdd.partitionBy(numPartitions) if partitionFunc is None
                              else rdd.partitionBy(numPartitions, partitionFunc))

    def foreachRDD(self, func):
        if _argcount(func) == 1:
            old = func

            def func(_, rdd):
                return old(rdd)
        made = self._materialized
        self._java()
        if made:
            self._ssc._check_can_add(_FOREACH)
        self._ssc._outputs.append(_ForEachDStream(self, func))

    def pprint(self, num=10):
        def takeAndPrint(time, rdd):
            taken = rdd.take(num + 1)
            print("-------------------------------------------")
            print("Time: %s" % time)
            print("-------------------------------------------")
            for record in taken[:num]:
                print(record)
            if len(taken) > num:
                print("...")
            print("")
        self.foreachRDD(takeAndPrint)

    def mapValues(self, f):
        def map_values_fn(kv):
            return kv[0], f(kv[1])
        return self.map(map_values_fn, preservesPartitioning=True)

    def flatMapValues(self, f):
        def flat_map_fn(kv):
            return [(kv[0], x) for x in f(kv[1])]
        return self.flatMap(flat_map_fn, preservesPartitioning=True)

    def glom(self):
        def func(iterator):
            return [list(iterator)]
        return self.mapPartitions(func)

    def cache(self):
        self.is_cached = True
        return self

    def persist(self, storageLevel):
        self.is_cached = True
        return self

    def checkpoint(self, interval):
        self.is_checkpointed = True
        return self

    def groupByKey(self, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.transform(lambda rdd: rdd.groupByKey(numPartitions))

    def countByValue(self):
        return self.map(lambda x: (x, 1)).reduceByKey(lambda x, y: x + y)

    def saveAsTextFiles(self, prefix, suffix=None):
        def saveAsTextFile(t, rdd):
            ms = int(round(t.timestamp() * 1000))
            path = prefix + "-" + str(ms) if suffix is None else prefix + "-" + str(ms) + "." + suffix
            try:
                rdd.saveAsTextFile(path)
            except Exception as e:
                if "FileAlreadyExistsException" not in str(e):
                    raise
        return self.foreachRDD(saveAsTextFile)

    def transform(self, func):
        if _argcount(func) == 1:
            old = func

            def func(_, rdd):
                return old(rdd)
        assert _argcount(func) == 2, "func should take one or two arguments"
        return _TransformedDStream(self, func)

    def transformWith(self, func, other, keepSerializer=False):
        if _argcount(func) == 2:
            old = func

            def func(_, a, b):
                return old(a, b)
        assert _argcount(func) == 3, "func should take two or three arguments"
        self._java()
        other._java()
        return _Transformed2DStream(self, other, func)

    def repartition(self, numPartitions):
        return self.transform(lambda rdd: rdd.repartition(numPartitions))

    @property
    def _slideDuration(self):
        return self._slide_ms / 1000.0

    def union(self, other):
        if self._slide_ms != other._slide_ms:
            raise ValueError("the two DStream should have same slide duration")
        return self.transformWith(lambda a, b: a.union(b), other, True)

    def cogroup(self, other, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.transformWith(lambda a, b: a.cogroup(b, numPartitions), other)

    def join(self, other, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.transformWith(lambda a, b: a.join(b, numPartitions), other)

    def leftOuterJoin(self, other, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.transformWith(lambda a, b: a.leftOuterJoin(b, numPartitions), other)

    def rightOuterJoin(self, other, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.transformWith(lambda a, b: a.rightOuterJoin(b, numPartitions), other)

    def fullOuterJoin(self, other, numPartitions=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        return self.transformWith(lambda a, b: a.fullOuterJoin(b, numPartitions), other)

    def slice(self, begin, end):
        def ms(x):
            if isinstance(x, _datetime):
                return int(x.timestamp()) * 1000
            return int(x * 1000)
        if self._ssc._zero is None:
            raise _java_error("o0.slice", "org.apache.spark.SparkException: %s has not been initialized"
                              % type(self).__name__)
        return self._slice(ms(begin), ms(end))

    def _validate_window_param(self, window, slide):
        duration = self._slide_ms
        if int(window * 1000) % duration != 0:
            raise ValueError("windowDuration must be multiple of the parent "
                             "dstream's slide (batch) duration (%d ms)" % duration)
        if slide and int(slide * 1000) % duration != 0:
            raise ValueError("slideDuration must be multiple of the parent "
                             "dstream's slide (batch) duration (%d ms)" % duration)

    def window(self, windowDuration, slideDuration=None):
        self._validate_window_param(windowDuration, slideDuration)
        slide = self._slide_ms if slideDuration is None else int(slideDuration * 1000)
        self._java()
        return _WindowedDStream(self, int(windowDuration * 1000), slide)

    def reduceByWindow(self, reduceFunc, invReduceFunc, windowDuration, slideDuration):
        keyed = self.map(lambda x: (1, x))
        reduced = keyed.reduceByKeyAndWindow(reduceFunc, invReduceFunc, windowDuration, slideDuration, 1)
        return reduced.map(lambda kv: kv[1])

    def countByWindow(self, windowDuration, slideDuration):
        return self.map(lambda x: 1).reduceByWindow(_operator.add, _operator.sub, windowDuration, slideDuration)

    def countByValueAndWindow(self, windowDuration, slideDuration, numPartitions=None):
        keyed = self.map(lambda x: (x, 1))
        counted = keyed.reduceByKeyAndWindow(_operator.add, _operator.sub, windowDuration, slideDuration,
                                             numPartitions)
        return counted.filter(lambda kv: kv[1] > 0)

    def groupByKeyAndWindow(self, windowDuration, slideDuration, numPartitions=None):
        # PySpark extends the first list in place; kafkalab's RDDs share their objects
        # between batches, so the lists are concatenated instead (the same values)
        ls = self.mapValues(lambda x: [x])
        return ls.reduceByKeyAndWindow(lambda a, b: a + b, lambda a, b: a[len(b):],
                                       windowDuration, slideDuration, numPartitions)

    def reduceByKeyAndWindow(self, func, invFunc, windowDuration, slideDuration=None, numPartitions=None,
                             filterFunc=None):
        self._validate_window_param(windowDuration, slideDuration)
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        reduced = self.reduceByKey(func, numPartitions)
        if not invFunc:
            return reduced.window(windowDuration, slideDuration).reduceByKey(func, numPartitions)

        def reduceFunc(t, a, b):
            b = b.reduceByKey(func, numPartitions)
            r = a.union(b).reduceByKey(func, numPartitions) if a else b
            if filterFunc:
                r = r.filter(filterFunc)
            return r

        def invReduceFunc(t, a, b):
            b = b.reduceByKey(func, numPartitions)
            joined = a.leftOuterJoin(b, numPartitions)
            return joined.mapValues(lambda kv: invFunc(kv[0], kv[1]) if kv[1] is not None else kv[0])

        slide = self._slide_ms if slideDuration is None else int(slideDuration * 1000)
        reduced._java()
        return _ReducedWindowedDStream(reduced, reduceFunc, invReduceFunc, int(windowDuration * 1000), slide)

    def updateStateByKey(self, updateFunc, numPartitions=None, initialRDD=None):
        if numPartitions is None:
            numPartitions = self._sc.defaultParallelism
        if initialRDD and not isinstance(initialRDD, _RDD):
            initialRDD = self._sc.parallelize(initialRDD)

        def reduceFunc(t, a, b):
            if a is None:
                g = b.groupByKey(numPartitions).mapValues(lambda vs: (list(vs), None))
            else:
                g = a.cogroup(b.partitionBy(numPartitions), numPartitions)
                g = g.mapValues(lambda ab: (list(ab[1]), list(ab[0])[0] if len(ab[0]) else None))
            state = g.mapValues(lambda vs_s: updateFunc(vs_s[0], vs_s[1]))
            return state.filter(lambda k_v: k_v[1] is not None)

        self._java()
        return _StateDStream(self, reduceFunc, initialRDD or None)


class _TransformedDStream(DStream):
    def __init__(self, prev, func):
        DStream.__init__(self, prev._ssc, [prev], prev._slide_ms)
        self.prev = prev
        self.func = func

    def _compute(self, t):
        rdd = self.prev._get(t)
        if rdd is None:
            return None
        return self.func(_when(t), rdd)


class _Transformed2DStream(DStream):
    def __init__(self, a, b, func):
        DStream.__init__(self, a._ssc, [a, b], a._slide_ms, _TRANSFORMED2)
        self.func = func

    def _compute(self, t):
        a = self._parents[0]._get(t)
        b = self._parents[1]._get(t)
        if a is None:
            a = self._sc.emptyRDD()
        if b is None:
            b = self._sc.emptyRDD()
        return self.func(_when(t), a, b)


class _MultiDStream(DStream):
    # StreamingContext.union and .transform over several DStreams
    def __init__(self, ssc, parents, func, union=False):
        DStream.__init__(self, ssc, parents, parents[0]._slide_ms, "o0.union" if union else "o0.transform")
        self.func = func
        self.is_union = union

    def _compute(self, t):
        rdds = []
        for p in self._parents:
            r = p._get(t)
            if r is None:
                raise _java_error("o0.union", "org.apache.spark.SparkException: Could not generate RDD from a "
                                              "parent for unifying at time %d ms" % t)
            rdds.append(r)
        return self.func(_when(t), tuple(rdds))


class _ForEachDStream:
    def __init__(self, parent, func):
        self.parent = parent
        self.func = func

    def _job(self, t):
        rdd = self.parent._get(t)
        if rdd is None:
            return None
        func = self.func
        when = _when(t)
        return lambda: func(when, rdd)


class _WindowedDStream(DStream):
    def __init__(self, parent, window_ms, slide_ms):
        DStream.__init__(self, parent._ssc, [parent], slide_ms, "o0.window")
        self.window_ms = window_ms

    def _needs_ms(self):
        return self.window_ms + self._slide_ms

    def _compute(self, t):
        p = self._parents[0]
        return _union_all(self._sc, p._slice(t - self.window_ms + p._slide_ms, t))


class _ReducedWindowedDStream(DStream):
    _must_checkpoint = True

    def __init__(self, parent, reduceFunc, invReduceFunc, window_ms, slide_ms):
        DStream.__init__(self, parent._ssc, [parent], slide_ms, _REDUCED_WINDOWED)
        self.reduceFunc = reduceFunc
        self.invReduceFunc = invReduceFunc
        self.window_ms = window_ms

    def _needs_ms(self):
        return self.window_ms + 2 * self._slide_ms

    def _compute(self, t):
        p = self._parents[0]
        step = p._slide_ms
        begin = t - self.window_ms
        prev_end = t - self._slide_ms
        prev_begin = prev_end - self.window_ms
        when = _when(t)
        previous = self._get(prev_end)
        if previous is not None and self.window_ms >= self._slide_ms * 5:
            old = p._slice(prev_begin + step, begin)
            kept = self.invReduceFunc(when, previous, _union_all(self._sc, old)) if old else previous
            new = p._slice(prev_end + step, t)
            return self.reduceFunc(when, kept, _union_all(self._sc, new)) if new else kept
        current = p._slice(begin + step, t)
        if not current:
            return None
        return self.reduceFunc(when, None, _union_all(self._sc, current))


class _StateDStream(DStream):
    _must_checkpoint = True

    def __init__(self, parent, reduceFunc, initialRDD):
        DStream.__init__(self, parent._ssc, [parent], parent._slide_ms, _STATE)
        self.reduceFunc = reduceFunc
        self.initialRDD = initialRDD

    def _needs_ms(self):
        return 2 * self._slide_ms

    def _compute(self, t):
        last = self._get(t - self._slide_ms)
        rdd = self._parents[0]._get(t)
        if rdd is None:
            return last
        if last is None:
            last = self.initialRDD
        return self.reduceFunc(_when(t), last, rdd)


class _QueueInputDStream(DStream):
    def __init__(self, ssc, queue, oneAtATime, default):
        DStream.__init__(self, ssc, [], ssc._batch_ms, "o0.queueStream")
        self.queue = queue
        self.oneAtATime = oneAtATime
        self.default = default

    def _compute(self, t):
        if self._ssc._checkpoint_dir is not None:
            _log("WARN", "QueueInputDStream", "queueStream doesn't support checkpointing")
        if self.queue:
            if self.oneAtATime:
                return self.queue.pop(0)
            rdds, self.queue[:] = list(self.queue), []
            return _union_all(self._sc, rdds)
        if self.default is not None:
            return self.default
        return self._sc.emptyRDD()


class _SocketInputDStream(DStream):
    def __init__(self, ssc, receiver):
        DStream.__init__(self, ssc, [], ssc._batch_ms, "o0.socketTextStream")
        self.receiver = receiver
        ssc._receivers.append(receiver)

    def _start(self):
        self.receiver.start()

    def _compute(self, t):
        return _blocks_rdd(self.receiver.take(t))


class _FileInputDStream(DStream):
    # Spark's FileInputDStream: at each batch, the files of the folder modified after the
    # later of the stream's creation and a minute before the batch, up to the batch time,
    # not taken yet; names starting with "." or "_" are skipped.
    def __init__(self, ssc, directory):
        DStream.__init__(self, ssc, [], ssc._batch_ms, "o0.textFileStream")
        self.directory = directory
        self.initial = int(_time.time() * 1000)
        self.remember_ms = -(-60000 // ssc._batch_ms) * ssc._batch_ms
        self.recent = {}

    def _compute(self, t):
        threshold = max(self.initial, t - self.remember_ms)
        for name in [n for n, at in self.recent.items() if at < threshold]:
            del self.recent[name]
        found = []
        names = sorted(_os.listdir(self.directory)) if _os.path.isdir(self.directory) else []
        for name in names:
            if name.startswith(".") or name.startswith("_"):
                continue
            path = _os.path.join(self.directory, name)
            if not _os.path.isfile(path):
                continue
            mtime = int(_os.path.getmtime(path) * 1000)
            if mtime <= threshold or mtime > t or path in self.recent:
                continue
            found.append(path)
            self.recent[path] = mtime
        return _union_all(self._sc, [self._sc.textFile(p, 1) for p in found])


StreamingContext.__module__ = "pyspark.streaming.context"
DStream.__module__ = "pyspark.streaming.dstream"
TransformedDStream = _TransformedDStream
for _cls, _name in [(_TransformedDStream, "TransformedDStream"), (_Transformed2DStream, "DStream"),
                    (_MultiDStream, "DStream"), (_WindowedDStream, "DStream"), (_ReducedWindowedDStream, "DStream"),
                    (_StateDStream, "DStream"), (_QueueInputDStream, "DStream"), (_SocketInputDStream, "DStream"),
                    (_FileInputDStream, "DStream")]:
    # PySpark's DStreams are DStream objects wrapping the JVM's, but for transform's
    _cls.__name__ = _name
    _cls.__qualname__ = _name
    _cls.__module__ = "pyspark.streaming.dstream"
