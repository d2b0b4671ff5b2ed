# DStream operations, batch by batch. Run on PySpark 4.2.0 with B = 1 (python dstream_ops.py 1)
# to make dstream_ops_pyspark.txt; kafkalab's test runs it with B = 0.2 (the same batches, faster).
import sys, time, os, shutil
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
sc = SparkContext(appName="probeD")
sc.setLogLevel("ERROR")
B = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
ssc = StreamingContext(sc, B)
ckpt = "dsprobe_ckpt"
shutil.rmtree(ckpt, ignore_errors=True)
ssc.checkpoint(ckpt)
first = []
lines = []
def out(label, kind="collect"):
    def f(t, rdd):
        if not first:
            first.append(t)
        i = int(round((t - first[0]).total_seconds() / B))
        if i < 6:
            if kind == "glom":
                v = rdd.glom().collect()
            else:
                v = rdd.collect()
            lines.append("%d %s %s" % (i, label, v))
    return f
data = [[1, 2, 3], [4, 5], [6], [], [7, 8, 9, 10], [2, 2]]
q = ssc.queueStream(data)
q2 = ssc.queueStream([[(1, "a"), (2, "b")], [(3, "c")], [(1, "z"), (4, "d")]])
pairs = q.map(lambda x: (x % 3, x))
q.foreachRDD(out("q"))
q.window(3 * B, 2 * B).foreachRDD(out("win32"))
q.window(2 * B).foreachRDD(out("win2"))
q.countByWindow(3 * B, B).foreachRDD(out("cbw"))
q.reduceByWindow(lambda a, b: a + b, None, 2 * B, B).foreachRDD(out("rbw"))
pairs.reduceByKeyAndWindow(lambda a, b: a + b, lambda a, b: a - b, 5 * B, B).foreachRDD(out("rbkaw_inv"))
pairs.reduceByKeyAndWindow(lambda a, b: a + b, None, 3 * B, B).foreachRDD(out("rbkaw"))
pairs.groupByKeyAndWindow(2 * B, B).mapValues(sorted).foreachRDD(out("gbkaw"))
q.countByValueAndWindow(2 * B, B).foreachRDD(out("cbvaw"))
pairs.updateStateByKey(lambda vs, s: sum(vs) + (s or 0)).foreachRDD(out("state"))
pairs.join(q2).foreachRDD(out("join"))
pairs.leftOuterJoin(q2).foreachRDD(out("loj"))
pairs.fullOuterJoin(q2).foreachRDD(out("foj"))
pairs.cogroup(q2).mapValues(lambda v: (sorted(v[0]), sorted(v[1]))).foreachRDD(out("cogroup"))
q.union(q2).foreachRDD(out("union"))
ssc.union(q.map(lambda x: x), q2.map(lambda x: x), q.map(lambda x: -x)).foreachRDD(out("sscunion"))
q.transformWith(lambda a, b: a.cartesian(b), q2).foreachRDD(out("tw"))
q.transform(lambda t, r: r.map(lambda x: x * 10)).foreachRDD(out("tf"))
ssc.transform([q, q2], lambda rdds: rdds[0].union(rdds[1])).foreachRDD(out("ssctf"))
q.count().foreachRDD(out("count"))
q.countByValue().foreachRDD(out("cbv"))
pairs.groupByKey().mapValues(list).foreachRDD(out("gbk"))
pairs.combineByKey(lambda v: [v], lambda c, v: c + [v], lambda a, b: a + b).foreachRDD(out("cbk"))
q.glom().foreachRDD(out("glom"))
q.repartition(3).foreachRDD(out("repart", "glom"))
pairs.flatMapValues(lambda v: [v, -v]).foreachRDD(out("fmv"))
q.mapPartitionsWithIndex(lambda i, it: [(i, sum(it))]).foreachRDD(out("mpwi"))
q.filter(lambda x: x % 2).reduce(lambda a, b: a * b).foreachRDD(out("reduce"))
ssc.start()
time.sleep(8 * B)
ssc.stop(stopSparkContext=False, stopGraceFully=True)
for l in lines:
    print(l)
shutil.rmtree(ckpt, ignore_errors=True)
sc.stop()
