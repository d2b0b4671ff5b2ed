# Errors Spark raises for a learner's common batch mistakes, caught and printed by their
# condition: a misspelled column, an ambiguous column after a self-join, a missing table,
# a union of different widths, a non-aggregated column, a bad cast and a division by zero
# under ANSI mode, a SQL syntax error, and PySpark's own argument checks.
# source: docs/sql-error-conditions.md (UNRESOLVED_COLUMN, TABLE_OR_VIEW_NOT_FOUND, NUM_COLUMNS_MISMATCH, MISSING_AGGREGATION, CAST_INVALID_INPUT, DIVIDE_BY_ZERO, PARSE_SYNTAX_ERROR) and python/pyspark/errors/exceptions/base.py
# category: errors
from pyspark.errors import AnalysisException, PySparkException, PySparkTypeError, PySparkValueError
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("errors").getOrCreate()

df = spark.createDataFrame([(1, "a", 10), (2, "b", 20)], "id int, name string, amount int")
df.createOrReplaceTempView("t")


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except AnalysisException as e:
        print(label, "AnalysisException", e.getCondition())
    except PySparkException as e:
        print(label, type(e).__name__, e.getCondition())
    except Exception as e:
        print(label, type(e).__name__, getattr(e, "getCondition", lambda: None)())


attempt("typo", lambda: df.select("amout").collect())
attempt("typo sql", lambda: spark.sql("SELECT nmae FROM t").collect())
attempt("filter typo", lambda: df.filter(F.col("idd") > 1).collect())
attempt("no table", lambda: spark.sql("SELECT * FROM missing_table").collect())
attempt("no table api", lambda: spark.table("nope").collect())
attempt("union width", lambda: df.union(df.select("id")).collect())
attempt("not grouped", lambda: spark.sql("SELECT name, sum(amount) FROM t").collect())
attempt("not grouped api", lambda: df.groupBy("id").agg(F.col("name")).collect())
attempt("cast", lambda: spark.sql("SELECT CAST('abc' AS INT)").collect())
attempt("try_cast", lambda: print(spark.sql("SELECT try_cast('abc' AS INT) AS v").collect()))
attempt("divide", lambda: spark.sql("SELECT 1 / 0").collect())
attempt("try_divide", lambda: print(spark.sql("SELECT try_divide(1, 0) AS v").collect()))
attempt("int overflow", lambda: spark.sql("SELECT 2147483647 + 1").collect())
attempt("syntax", lambda: spark.sql("SELEC 1").collect())
attempt("syntax2", lambda: spark.sql("SELECT id FROM t WHERE").collect())
attempt("bad function", lambda: spark.sql("SELECT no_such_fn(id) FROM t").collect())
attempt("bad arity", lambda: spark.sql("SELECT upper(name, id) FROM t").collect())
attempt("type mismatch", lambda: spark.sql("SELECT id FROM t WHERE name").collect())
attempt("star agg", lambda: spark.sql("SELECT * FROM t GROUP BY id").collect())
attempt("orderBy typo", lambda: df.orderBy("nope").collect())
attempt("withColumn arg", lambda: df.withColumn("x", 5))
attempt("select bad arg", lambda: df.select(3.5))
attempt("limit arg", lambda: df.limit("3"))
attempt("ambiguous", lambda: df.join(df, df.id == df.id).select("name").collect())
attempt("view exists", lambda: spark.sql("CREATE TEMP VIEW t AS SELECT 1"))
print("done")
