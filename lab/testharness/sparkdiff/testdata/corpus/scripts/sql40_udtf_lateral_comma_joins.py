# Python UDTFs called directly, from SQL and LATERAL over a table (with terminate), and the
# FROM clause's other shapes: comma joins with WHERE, joins to subqueries, VALUES and
# table functions.
# source: examples/src/main/python/sql/udtf.py (without its pandas checks); python/docs/source/user_guide/sql/python_udtf.rst; docs/sql-ref-syntax-qry-select-join.md; docs/sql-ref-syntax-qry-select-lateral-subquery.md
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql.functions import lit, udtf

spark = SparkSession.builder.appName("Python UDTF example").getOrCreate()


class SimpleUDTF:
    def eval(self, x: int, y: int):
        yield x + y, x - y


func = udtf(SimpleUDTF, returnType="c1: int, c2: int")
func(lit(1), lit(2)).show()


@udtf(returnType="c1: int, c2: int")
class PlusOne:
    def eval(self, x: int):
        yield x, x + 1


spark.udtf.register("plus_one", PlusOne)
spark.sql("SELECT * FROM plus_one(1)").show()
spark.sql("SELECT * FROM VALUES (0, 1), (1, 2) t(x, y), LATERAL plus_one(x)").show()


@udtf(returnType="cnt: int")
class CountUDTF:
    def __init__(self):
        self.count = 0

    def eval(self, x):
        self.count += 1

    def terminate(self):
        yield self.count,


spark.udtf.register("count_udtf", CountUDTF)
spark.sql("SELECT * FROM range(0, 10, 1, 1), LATERAL count_udtf(id)").show()


@udtf(returnType="word: string, n: int")
class Words:
    def eval(self, text: str):
        for i, w in enumerate(text.split(" ")):
            yield {"n": i, "word": w}


spark.udtf.register("words", Words)
spark.createDataFrame([(1, "a b"), (2, "c")], "id int, text string").createOrReplaceTempView("docs")
spark.sql("SELECT id, w.* FROM docs, LATERAL words(text) w ORDER BY id, n").show()

spark.createDataFrame([(1, "a"), (2, "b"), (3, "c")], "id int, s string").createOrReplaceTempView("t")
spark.createDataFrame([(1, 10), (3, 30), (4, 40)], "id int, v int").createOrReplaceTempView("u")
spark.sql("SELECT t.id, s, v FROM t, u WHERE t.id = u.id").show()
spark.sql("SELECT * FROM t, u WHERE t.id < u.id ORDER BY t.id, u.id").show()
spark.sql("SELECT count(*) AS n FROM t, u").show()
spark.sql("SELECT * FROM t JOIN (SELECT id, v * 2 AS w FROM u) x ON t.id = x.id ORDER BY t.id").show()
spark.sql("SELECT * FROM t JOIN VALUES (1, 'z') AS w(id, z) USING (id)").show()
spark.sql("SELECT a.id, b.id AS b FROM range(3) a JOIN range(2) b ON a.id = b.id ORDER BY a.id").show()
try:
    spark.sql("SELECT * FROM no_such_function(1)").show()
except Exception as e:
    print(type(e).__name__, e.getCondition())


@udtf(returnType="a: int")
class Bad:
    def eval(self):
        yield 1


try:
    Bad().show()
except Exception as e:
    print(type(e).__name__, e.getCondition())

spark.stop()
