package pyspark

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// rddPrelude starts a session with 4 cores, so the default parallelism is 4.
const rddPrelude = `from pyspark.sql import SparkSession, Row
spark = SparkSession.builder.master("local[4]").getOrCreate()
sc = spark.sparkContext
`

func runRDD(t *testing.T, src string) string {
	t.Helper()
	out, err := runSnippet(t, rddPrelude+src, nil)
	if err != nil {
		t.Fatalf("%v\noutput:\n%s", err, out)
	}
	return out
}

// Partitions as PySpark's sc.parallelize makes them: a list is pickled in batches of
// max(1, min(len // numSlices, 1024)) and the JVM slices the batches; a range is cut at
// start + int(i * len / numSlices) * step. Expected values follow PySpark's docstrings
// (the first three) and that rule.
func TestParallelizePartitions(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"sc.parallelize([0, 2, 3, 4, 6], 5)", "[[0], [2], [3], [4], [6]]"},
		{"sc.parallelize(range(0, 6, 2), 5)", "[[], [0], [], [2], [4]]"},
		{`sc.parallelize(["a", "b", "c"], 2)`, "[['a'], ['b', 'c']]"},
		{"sc.parallelize(list(range(11)), 4)", "[[0, 1], [2, 3, 4, 5], [6, 7], [8, 9, 10]]"},
		{"sc.parallelize(list(range(10)), 3)", "[[0, 1, 2], [3, 4, 5], [6, 7, 8, 9]]"},
		{"sc.parallelize(range(10), 3)", "[[0, 1, 2], [3, 4, 5], [6, 7, 8, 9]]"},
		{"sc.parallelize([1, 2])", "[[], [1], [], [2]]"}, // default parallelism 4
		{"sc.parallelize([], 3)", "[[], [], []]"},
		{"sc.parallelize(range(5, 0, -1), 2)", "[[5, 4], [3, 2, 1]]"},
		{"sc.range(1, 7, 2, numSlices=2)", "[[1], [3, 5]]"},
		{"sc.parallelize((x for x in 'abcde'), 2)", "[['a', 'b'], ['c', 'd', 'e']]"},
		{"sc.parallelize([1, 2], 1).union(sc.parallelize([3], 2))", "[[1, 2], [], [3]]"},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			if got := strings.TrimSpace(runRDD(t, "print("+tc.expr+".glom().collect())\n")); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// A list of 3000 is three batches of 1024: partitions of 1024 and 1976 elements, not 1500
// each as slicing the elements would give.
func TestParallelizeBatchesLargeLists(t *testing.T) {
	got := runRDD(t, "print(sc.parallelize(list(range(3000)), 2).glom().map(len).collect())\n")
	if strings.TrimSpace(got) != "[1024, 1976]" {
		t.Fatalf("got %s", got)
	}
	if _, err := runSnippet(t, rddPrelude+"sc.parallelize([1], 0)\n", nil); err == nil || !strings.Contains(err.Error(), "Positive number of partitions required") {
		t.Fatalf("numSlices=0: %v", err)
	}
}

// portable_hash values from CPython 3.11 with PYTHONHASHSEED=0 (what PySpark's workers run with).
func TestPortableHash(t *testing.T) {
	for _, tc := range []struct {
		v    py.Object
		want int64
	}{
		{py.String("the"), -30821151497585103},
		{py.String(""), 0},
		{py.String("é"), 6047309291227476195},
		{py.String("日本語"), 7116994712188270},
		{py.String("😀x"), -8926728262118538918},
		{py.String("abcdefghijklmnop"), -7712962755478248686},
		{py.Tuple{py.String("a"), py.Int(1)}, 102774922574124034},
		{py.Tuple{py.None, py.Float(2.5)}, 6888793093901411004},
		{py.Tuple{py.Tuple{py.String("x")}, py.Int(-1)}, 6220381753975832592},
		{py.Int(7), 7},
		{py.Int(-3), -3},
		{py.Float(2.5), 1152921504606846978},
		{py.True, 1},
		{py.None, 0},
	} {
		got, err := portableHash(tc.v)
		if err != nil || got != tc.want {
			t.Errorf("portable_hash(%v) = %d, %v; want %d", tc.v, got, err, tc.want)
		}
	}
}

// Transformations and actions, with the partitions a shuffle produces (keys placed by
// portable_hash, in the order the map partitions produce them).
func TestRDDOperations(t *testing.T) {
	const words = `words = sc.parallelize("the cat and the hat and the bat".split(), 2)
`
	for _, tc := range []struct{ name, src, want string }{
		{"map filter", "print(sc.parallelize(range(6), 2).map(lambda x: x * x).filter(lambda x: x % 2 == 0).collect())", "[0, 4, 16]"},
		{"flatMap", `print(sc.parallelize(["a b", "c"]).flatMap(lambda l: l.split()).collect())`, "['a', 'b', 'c']"},
		{"count first take", "r = sc.parallelize(range(10), 3)\nprint(r.count(), r.first(), r.take(4), r.getNumPartitions())", "10 0 [0, 1, 2, 3] 3"},
		{"reduce", "print(sc.parallelize(range(1, 6), 3).reduce(lambda a, b: a * b))", "120"},
		{"reduceByKey", words + "print(words.map(lambda w: (w, 1)).reduceByKey(lambda a, b: a + b).glom().collect())",
			"[[('and', 2), ('hat', 1)], [('the', 3), ('cat', 1), ('bat', 1)]]"},
		{"reduceByKey numPartitions", words + "print(words.map(lambda w: (w, 1)).reduceByKey(lambda a, b: a + b, 1).collect())",
			"[('the', 3), ('cat', 1), ('and', 2), ('hat', 1), ('bat', 1)]"},
		// the expected order is PySpark's combine-shuffle-merge replayed in CPython 3.11
		{"groupByKey mapValues", words + "print(words.map(lambda w: (w[0], w)).groupByKey().mapValues(list).collect())",
			"[('t', ['the', 'the', 'the']), ('c', ['cat']), ('b', ['bat']), ('a', ['and', 'and']), ('h', ['hat'])]"},
		{"distinct", words + "print(words.distinct().collect())", "['and', 'hat', 'the', 'cat', 'bat']"},
		{"keys values", "p = sc.parallelize([(1, 'a'), (2, 'b')])\nprint(p.keys().collect(), p.values().collect())", "[1, 2] ['a', 'b']"},
		{"sortBy", words + "print(words.sortBy(lambda w: w, ascending=False).glom().collect())",
			"[['the', 'the', 'the'], ['hat', 'cat', 'bat', 'and', 'and']]"},
		// 3 keys, 2 partitions: the bound is the sorted keys' [int(3 * 1 / 2)] = 2
		{"sortByKey", "print(sc.parallelize([(3, 'c'), (1, 'a'), (2, 'b')], 2).sortByKey().glom().collect())", "[[(1, 'a'), (2, 'b')], [(3, 'c')]]"},
		{"zipWithIndex", "print(sc.parallelize(['a', 'b', 'c'], 2).zipWithIndex().collect())", "[('a', 0), ('b', 1), ('c', 2)]"},
		{"foreach", "sc.parallelize([1, 2], 2).foreach(lambda x: print('saw', x))", "saw 1\nsaw 2"},
		{"foreachPartition", "sc.parallelize([1, 2, 3], 2).foreachPartition(lambda it: print('part', list(it)))", "part [1]\npart [2, 3]"},
		{"DataFrame.foreach", "df = spark.createDataFrame([(1,), (2,)], 'n int')\ndf.foreach(lambda r: print('row', r.n))\ndf.foreachPartition(lambda rows: print('rows', [r.n for r in rows]))",
			"row 1\nrow 2\nrows []\nrows [1]\nrows []\nrows [2]"}, // local[4]: four tasks
		{"union", "print(sc.parallelize([1]).union(sc.parallelize([2])).collect())", "[1, 2]"},
		// take(2) scans partition 0 (one element), then int(1.5*2*1/1)-1 = 2 more, so the
		// fourth partition's error never runs; take(3) asks for 3 more and meets it
		{"take scans", "r = sc.parallelize([1, 2, 3, 0], 4).map(lambda x: 1 // x)\nprint(r.take(2))\ntry:\n    r.take(3)\nexcept Exception as e:\n    print(type(e).__name__)",
			"[1, 0]\nPythonException"},
		{"max min", "r = sc.parallelize(['bb', 'a', 'cc', 'd'], 2)\nprint(r.max(), r.min(), r.max(key=len), r.min(key=len))", "d a bb a"},
		{"collectAsMap", "print(sc.parallelize([(1, 'a'), (2, 'b'), (1, 'c')]).collectAsMap())", "{1: 'c', 2: 'b'}"},
		{"empty reduce", "try:\n    sc.parallelize([]).reduce(lambda a, b: a)\nexcept ValueError as e:\n    print(e)", "Can not reduce() empty RDD"},
		{"empty first", "try:\n    sc.emptyRDD().first()\nexcept ValueError as e:\n    print(e)", "RDD is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.TrimSpace(runRDD(t, tc.src+"\n")); got != tc.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// DataFrames from RDDs: toDF names, and createDataFrame's inference from Rows (fields in
// the order written), tuples (_1, _2) and dicts (keys sorted), or a given schema.
func TestRDDToDataFrame(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"toDF names", `sc.parallelize([("a", 1)]).toDF(["word", "n"]).printSchema()`,
			"root\n |-- word: string (nullable = true)\n |-- n: long (nullable = true)"},
		{"toDF default names", `print(sc.parallelize([("a", 1.5)]).toDF().columns)`, "['_1', '_2']"},
		{"Row order kept", `spark.createDataFrame(sc.parallelize([Row(name="x", age=3)])).printSchema()`,
			"root\n |-- name: string (nullable = true)\n |-- age: long (nullable = true)"},
		{"dict keys sorted", `print(spark.createDataFrame(sc.parallelize([{"b": 1, "a": "x"}])).collect())`, "[Row(a='x', b=1)]"},
		{"DDL schema", `print(spark.createDataFrame(sc.parallelize([("x", 1)]), "s string, i int").collect())`, "[Row(s='x', i=1)]"},
		{"df.rdd map", `print(spark.createDataFrame([("x", 1)], ["s", "i"]).rdd.map(lambda r: r.s + str(r.i)).collect())`, "['x1']"},
		{"empty RDD", "try:\n    sc.emptyRDD().toDF()\nexcept ValueError as e:\n    print(e)", "RDD is empty"},
		{"a column of None", "try:\n    spark.createDataFrame(sc.parallelize([(1, None)]))\nexcept Exception as e:\n    print(type(e).__name__, e)",
			"PySparkValueError [CANNOT_DETERMINE_TYPE] Some of types cannot be determined after inferring."},
		{"None then a value", `spark.createDataFrame(sc.parallelize([(1, None), (2, "x")]), ["id", "s"]).printSchema()`,
			"root\n |-- id: long (nullable = true)\n |-- s: string (nullable = true)"},
		{"empty first row", "try:\n    sc.parallelize([()]).toDF()\nexcept Exception as e:\n    print(type(e).__name__, e)",
			"PySparkValueError [CANNOT_INFER_EMPTY_SCHEMA] Can not infer schema from an empty dataset."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.TrimSpace(runRDD(t, tc.src+"\n")); got != tc.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// A lambda runs at the action, not when map() is called, and what it raises comes back as
// PythonException with the traceback of the learner's line.
func TestRDDLambdaRaises(t *testing.T) {
	out := runRDD(t, `r = sc.parallelize([1, 0]).map(lambda x: 1 / x)
print("mapped")
try:
    r.collect()
except Exception as e:
    print(type(e).__name__)
    print(e)
`)
	want := "mapped\nPythonException\nAn exception was thrown from the Python worker:\nTraceback (most recent call last):\n  File \"script.py\", line 4, in <lambda>\n    r = sc.parallelize([1, 0]).map(lambda x: 1 / x)\nZeroDivisionError: division by zero\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
}

// RDD methods kafkalab does not have name themselves; typos get Python's suggestion.
func TestRDDUnsupportedMethods(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"sc.parallelize([1]).saveAsTextFile('out', 'org.apache.hadoop.io.compress.GzipCodec')", "RDD.saveAsTextFile(compressionCodecClass=...)"},
		{"sc.parallelize([1]).mapp(str)", "Did you mean: 'map'?"},
		{"from pyspark import SparkContext\nSparkContext('local')", "Cannot run multiple SparkContexts at once"},
	} {
		_, err := runSnippet(t, rddPrelude+tc.src+"\n", nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: want an error naming %q, got %v", tc.src, tc.want, err)
		}
	}
}

// Hadoop's splits of text files: the goal size is the total over minPartitions, a line
// belongs to the split it starts in (a line starting exactly at a split's end too).
func TestTextFileSplits(t *testing.T) {
	for _, tc := range []struct {
		data string
		min  int
		want [][]string
	}{
		{"a\nbb\nccc\n", 2, [][]string{{"a", "bb"}, {"ccc"}, nil}},
		{"a\nbb\nccc\n", 1, [][]string{{"a", "bb", "ccc"}}},
		{"one\r\ntwo\rthree", 1, [][]string{{"one", "two", "three"}}},
		{"", 2, [][]string{nil}},
		{"abcdefghij\n", 2, [][]string{{"abcdefghij"}, nil, nil}}, // 11 bytes: splits of 5, 5, 1
	} {
		splits := hadoopSplits([]string{"f"}, []int64{int64(len(tc.data))}, tc.min)
		var got [][]string
		for _, s := range splits {
			got = append(got, splitLines([]byte(tc.data), s.start, s.end))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q min %d: got %q, want %q", tc.data, tc.min, got, tc.want)
		}
	}
}

// sc.textFile of a folder reads its visible files in name order: 6 bytes in 2 partitions
// make splits of 3 bytes, so part-0 (4 bytes) is cut in two and its second split is empty;
// a path outside the working folder is refused.
func TestTextFileReadsFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "in"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"part-1.txt": "z\n", "part-0.txt": "x\ny\n", "_SUCCESS": "", ".part-0.txt.crc": "no\n"} {
		if err := os.WriteFile(filepath.Join(dir, "in", name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, Stderr: &out, ScriptPath: "script.py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	src := rddPrelude + "r = sc.textFile('in')\nprint(r.glom().collect(), r.count(), sc.textFile('in/part-0.txt').getNumPartitions())\n"
	if err := in.Exec(context.Background(), "script.py", src); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if got := strings.TrimSpace(out.String()); got != "[['x', 'y'], [], ['z']] 3 2" {
		t.Fatalf("got %s", got)
	}
	if err := in.Exec(context.Background(), "script.py", rddPrelude+"sc.textFile('/etc/hostname')\n"); err == nil {
		t.Fatal("a file outside the working folder was read")
	}
}

// Pair-RDD operations, actions and shared variables as PySpark's docstrings show them
// (python/pyspark/core/rdd.py, accumulators.py): the expected values are the docstrings'.
func TestRDDDocstringExamples(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"join", `x = sc.parallelize([("a", 1), ("b", 4)]); y = sc.parallelize([("a", 2), ("a", 3)])
print(sorted(x.join(y).collect()), x.join(y).getNumPartitions(), x.join(y, 3).getNumPartitions())`, "[('a', (1, 2)), ('a', (1, 3))] 8 3"},
		{"leftOuterJoin", `x = sc.parallelize([("a", 1), ("b", 4)]); y = sc.parallelize([("a", 2)])
print(sorted(x.leftOuterJoin(y).collect()), sorted(y.rightOuterJoin(x).collect()))`, "[('a', (1, 2)), ('b', (4, None))] [('a', (2, 1)), ('b', (None, 4))]"},
		{"fullOuterJoin", `x = sc.parallelize([("a", 1), ("b", 4)]); y = sc.parallelize([("a", 2), ("c", 8)])
print(sorted(x.fullOuterJoin(y).collect()))`, "[('a', (1, 2)), ('b', (4, None)), ('c', (None, 8))]"},
		// PySpark 4.2.0: partitionBy by portable_hash, or by partitionFunc(key) % n
		{"partitionBy", `r = sc.parallelize([(i, i) for i in range(10)] + [("a", 1), ("b", 2)], 3)
print(r.partitionBy(3).glom().collect())
print(r.partitionBy(4, lambda k: -7).glom().collect(), r.partitionBy(5).getNumPartitions())`,
			"[[(0, 0), (3, 3), (6, 6), (9, 9), ('b', 2)], [(1, 1), (4, 4), (7, 7), ('a', 1)], [(2, 2), (5, 5), (8, 8)]]\n" +
				"[[], [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9), ('a', 1), ('b', 2)], [], []] 5"},
		// PySpark 4.2.0 gives the same join each time it is computed
		{"join computed again", `x = sc.parallelize([("happy", "3"), ("hello", "1"), ("bad", "-3")], 2); y = sc.parallelize([("happy", 3), ("hello", 2)])
j = x.join(y); g = x.union(y).groupByKey()
print(j.count(), j.count(), j.sortByKey(False).collect(), g.count(), sorted((k, list(v)) for k, v in g.collect()))`,
			"2 2 [('hello', ('1', 2)), ('happy', ('3', 3))] 3 [('bad', ['-3']), ('happy', ['3', 3]), ('hello', ['1', 2])]"},
		{"cogroup", `x = sc.parallelize([("a", 1), ("b", 4)]); y = sc.parallelize([("a", 2)])
print([(k, tuple(map(list, v))) for k, v in sorted(list(x.cogroup(y).collect()))])`, "[('a', ([1], [2])), ('b', ([4], []))]"},
		{"countByValue", `print(sorted(sc.parallelize([1, 2, 1, 2, 2], 2).countByValue().items()), sorted(sc.parallelize([("a", 1), ("b", 1), ("a", 1)]).countByKey().items()))`, "[(1, 2), (2, 3)] [('a', 2), ('b', 1)]"},
		{"countByKey is a defaultdict", `print(sc.parallelize([("b", 1), ("a", 1), ("b", 1)], 2).countByKey())`, "defaultdict(<class 'int'>, {'b': 2, 'a': 1})"},
		{"fold and aggregate", `from operator import add
seqOp = (lambda x, y: (x[0] + y, x[1] + 1)); combOp = (lambda x, y: (x[0] + y[0], x[1] + y[1]))
print(sc.parallelize([1, 2, 3, 4, 5]).fold(0, add), sc.parallelize([1, 2, 3, 4]).aggregate((0, 0), seqOp, combOp), sc.parallelize([]).aggregate((0, 0), seqOp, combOp))`, "15 (10, 4) (0, 0)"},
		{"a zero value per partition", `print(sc.parallelize([1, 2, 3], 3).fold(10, lambda a, b: a + b), sc.parallelize([[1], [2]], 2).fold([], lambda a, b: a + b))`, "46 [1, 2]"},
		{"foldByKey and combineByKey", `from operator import add
def to_list(a): return [a]
def append(a, b):
    a.append(b)
    return a
def extend(a, b):
    a.extend(b)
    return a
x = sc.parallelize([("a", 1), ("b", 1), ("a", 2)])
print(sorted(sc.parallelize([("a", 1), ("b", 1), ("a", 1)]).foldByKey(0, add).collect()), sorted(x.combineByKey(to_list, append, extend).collect()))`, "[('a', 2), ('b', 1)] [('a', [1, 2]), ('b', [1])]"},
		{"aggregateByKey", `x = sc.parallelize([("a", 1), ("b", 1), ("a", 2)])
print(sorted(x.aggregateByKey([], lambda acc, v: acc + [v], lambda a, b: a + b).collect()))`, "[('a', [1, 2]), ('b', [1])]"},
		{"takeOrdered and top", `r = sc.parallelize([10, 1, 2, 9, 3, 4, 5, 6, 7], 2)
print(r.takeOrdered(6), r.takeOrdered(6, key=lambda x: -x), sc.parallelize([10, 4, 2, 12, 3]).top(1), sc.parallelize([2, 3, 4, 5, 6], 2).top(2), sc.parallelize([10, 4, 2, 12, 3]).top(3, key=str))`, "[1, 2, 3, 4, 5, 6] [10, 9, 7, 6, 5, 4] [12] [6, 5] [4, 3, 2]"},
		{"statistics", `r = sc.parallelize([1, 2, 3])
print(r.stdev(), r.variance(), r.sampleStdev(), r.sampleVariance(), r.mean(), r.stats())`, "0.816496580927726 0.6666666666666666 1.0 1.0 2.0 (count: 3, mean: 2.0, stdev: 0.816496580927726, max: 3, min: 1)"},
		{"subtract", `x = sc.parallelize([("a", 1), ("b", 4), ("b", 5), ("a", 3)]); y = sc.parallelize([("a", 3), ("c", None)])
print(sorted(x.subtract(y).collect()), sorted(sc.parallelize([("a", 1), ("b", 4), ("b", 5), ("a", 2)]).subtractByKey(y).collect()))`, "[('a', 1), ('b', 4), ('b', 5)] [('b', 4), ('b', 5)]"},
		{"intersection and cartesian", `rdd = sc.parallelize([1, 2])
print(sorted(sc.parallelize([1, 10, 2, 3, 4, 5]).intersection(sc.parallelize([1, 6, 2, 3, 7, 8])).collect()), sorted(rdd.cartesian(rdd).collect()))`, "[1, 2, 3] [(1, 1), (1, 2), (2, 1), (2, 2)]"},
		{"coalesce", `r = sc.parallelize([1, 2, 3, 4, 5], 3)
print(r.glom().collect(), r.coalesce(1).glom().collect(), r.coalesce(2).glom().collect())`, "[[1], [2, 3], [4, 5]] [[1, 2, 3, 4, 5]] [[1], [2, 3, 4, 5]]"},
		// Real PySpark 4.2's partitions (corpus rdd05): batches of ten dealt round robin
		// from XORShiftRandom(input partition).nextInt(n).
		{"repartition and coalesce with shuffle", `r = sc.parallelize(range(1, 26), 3)
print(r.repartition(4).glom().collect(), sc.parallelize(range(100), 4).repartition(3).glom().map(len).collect(), r.coalesce(5, True).getNumPartitions())`,
			"[[17, 18, 19, 20, 21, 22, 23, 24, 25], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], [], []] [35, 35, 30] 5"},
		{"lookup, zip and groupBy", `l = range(1000)
x = sc.parallelize(range(0, 5)); y = sc.parallelize(range(1000, 1005))
result = sc.parallelize([1, 1, 2, 3, 5, 8]).groupBy(lambda x: x % 2).collect()
print(sc.parallelize(zip(l, l), 10).lookup(42), x.zip(y).collect(), sorted([(x, sorted(y)) for (x, y) in result]))`, "[42] [(0, 1000), (1, 1001), (2, 1002), (3, 1003), (4, 1004)] [(0, [2, 8]), (1, [1, 1, 3, 5])]"},
		{"accumulator", `a = sc.accumulator(1)
v1 = a.value
a.value = 2
a += 5
b = sc.accumulator(0)
sc.parallelize([1, 2, 3]).foreach(lambda x: b.add(x))
print(v1, a.value, b.value, b)`, "1 7 6 6"},
		{"broadcast", `b = sc.broadcast([1, 2, 3, 4, 5])
print(b.value, sc.parallelize([0, 0]).flatMap(lambda x: b.value).collect())`, "[1, 2, 3, 4, 5] [1, 2, 3, 4, 5, 1, 2, 3, 4, 5]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.TrimSpace(runRDD(t, tc.src+"\n")); got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// What PySpark refuses here is refused the same way.
func TestRDDPairErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"sc.parallelize([1]).takeOrdered(-1)", "ValueError: top N cannot be negative."},
		{"sc.parallelize([1]).coalesce(0)", "ValueError: Number of partitions must be positive."},
		{"sc.parallelize([1], 2).zip(sc.parallelize([1], 3))", "ValueError: Can only zip with RDD which has the same number of partitions"},
		{"sc.accumulator('x')", "TypeError: No default accumulator param for type str"},
		{"sc.parallelize([1]).join([1])", "AttributeError: 'list' object has no attribute '_jrdd'"},
	} {
		t.Run(tc.src, func(t *testing.T) {
			out, err := runSnippet(t, rddPrelude+tc.src+"\n", nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q (output %q)", err, tc.want, out)
			}
		})
	}
}

// saveAsTextFile writes a part file per partition, an empty one too, with _SUCCESS and
// Hadoop's .crc side files; textFile reads it back; a second save into the folder fails.
func TestSaveAsTextFile(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &buf, Stderr: &buf, ScriptPath: "script.py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "script.py", rddPrelude+`sc.parallelize([1, "two", (3, 4)], 4).saveAsTextFile("out")
print(sorted(sc.textFile("out").collect()))
try:
    sc.parallelize([1]).saveAsTextFile("out")
except Exception as e:
    print("again:", "already exists" in str(e))
`)
	if out := buf.String(); err != nil || out != "['(3, 4)', '1', 'two']\nagain: True\n" {
		t.Fatalf("out %q err %v", out, err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"._SUCCESS.crc", ".part-00000.crc", ".part-00001.crc", ".part-00002.crc", ".part-00003.crc", "_SUCCESS", "part-00000", "part-00001", "part-00002", "part-00003"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("files %v", names)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out", "part-00001")); string(b) != "1\n" {
		t.Fatalf("part-00001 %q", b)
	}
}

// The RDD guide's start: SparkConf().setAppName().setMaster() and SparkContext(conf=conf);
// the session made then is the one the builder returns, with one context object.
func TestSparkContextFromConf(t *testing.T) {
	got, err := runSnippet(t, `from pyspark import SparkConf, SparkContext
from pyspark.sql import SparkSession
conf = SparkConf().setAppName("guide").setMaster("local[3]").set("spark.sql.shuffle.partitions", 5)
sc = SparkContext(conf=conf)
spark = SparkSession.builder.getOrCreate()
print(sc.appName, sc.master, sc.defaultParallelism, spark.conf.get("spark.sql.shuffle.partitions"))
print(spark.sparkContext is sc, SparkContext.getOrCreate() is sc, sc.getConf().get("spark.app.name"), conf.contains("spark.master"))
print(sc.parallelize(range(6)).glom().collect())
try:
    SparkContext("local", "again")
except ValueError as e:
    print(str(e).split(";")[0])
`, nil)
	want := "guide local[3] 3 5\nTrue True guide True\n[[0, 1], [2, 3], [4, 5]]\nCannot run multiple SparkContexts at once\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}

// df.rdd has the DataFrame's tasks as its partitions, as PySpark's does (checked on
// PySpark 4.2 with local[4]): a range's slices, a local relation spread over the cores.
func TestDataFrameRDDKeepsTasks(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"spark.range(6, numPartitions=3).rdd.glom().collect()", "[[Row(id=0), Row(id=1)], [Row(id=2), Row(id=3)], [Row(id=4), Row(id=5)]]"},
		{`spark.createDataFrame([(1,), (2,)], ["a"]).rdd.glom().collect()`, "[[], [Row(a=1)], [], [Row(a=2)]]"},
		{`spark.range(10).where("id % 3 = 0").rdd.getNumPartitions()`, "4"},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			if got := strings.TrimSpace(runRDD(t, "print("+tc.expr+")\n")); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// A read of a partitioned folder packs the files of all partition folders into tasks by
// size, as Spark's scan does: three small files are three tasks with four cores (each
// file's 4 MiB open cost fills a 4 MiB split) and two with two cores (PySpark 4.2 prints 2).
func TestPartitionedReadPacksFiles(t *testing.T) {
	for _, tc := range []struct{ master, want string }{{"local[4]", "3"}, {"local[2]", "2"}} {
		src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.master("` + tc.master + `").getOrCreate()
spark.createDataFrame([(1, "a"), (2, "b"), (3, "c")], ["id", "name"]).write.partitionBy("id").parquet("out")
print(spark.read.parquet("out").rdd.getNumPartitions())
`
		out, err := runSnippet(t, src, nil)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.master, err, out)
		}
		if got := strings.TrimSpace(out); got != tc.want {
			t.Errorf("%s: %s partitions, want %s", tc.master, got, tc.want)
		}
	}
}
