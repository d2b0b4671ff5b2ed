# Session variables: DECLARE VARIABLE with type and default, SET VAR from a scalar
# subquery, use in queries, DECLARE OR REPLACE, DROP TEMPORARY VARIABLE, and referencing
# one that does not exist.
# source: docs/sql-ref-syntax-ddl-declare-variable.md, -drop-variable.md; docs/sql-ref-syntax-aux-set-var.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("vars").getOrCreate()
sql = spark.sql
sql("DECLARE VARIABLE var1 INT DEFAULT 7")
sql("DECLARE var2 STRING")
sql("SELECT var1, var2").show()
sql("SET VAR var1 = 5")
sql("SET VAR var2 = 'hello'")
sql("SELECT var1, var2, session.var1, system.session.var2").show()
sql("SET VAR (var1, var2) = (SELECT max(id), 'from query' FROM range(10))")
sql("SELECT var1 * 2 AS twice, upper(var2) AS up").show()
sql("DECLARE OR REPLACE VARIABLE var1 DOUBLE DEFAULT rand(0) * 0 + 1.5")
sql("SELECT var1, typeof(var1)").show()
sql("SELECT id FROM range(10) WHERE id > var1 LIMIT 3").show()
sql("DROP TEMPORARY VARIABLE var1")
sql("DROP TEMPORARY VARIABLE IF EXISTS var1")
for q in ["SELECT var1", "DECLARE var2 INT", "SET VAR nope = 1"]:
    try:
        sql(q).show()
    except Exception as e:
        print(type(e).__name__, e.getCondition())
spark.stop()
