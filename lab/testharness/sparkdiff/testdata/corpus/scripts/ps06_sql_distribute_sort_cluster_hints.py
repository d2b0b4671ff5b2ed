# DISTRIBUTE BY, SORT BY and CLUSTER BY on one partition (so the order is fixed), and join /
# partitioning hints (BROADCAST, MERGE, SHUFFLE_HASH, COALESCE, REPARTITION) which leave the
# results unchanged; the DataFrame hint() form too.
# source: docs/sql-ref-syntax-qry-select-distribute-by.md, -sortby.md, -clusterby.md, -hints.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("hints").config("spark.sql.shuffle.partitions", "1").getOrCreate()
spark.sql("""CREATE OR REPLACE TEMP VIEW person AS SELECT * FROM VALUES
(100, 'John', 30), (200, 'Mary', NULL), (300, 'Mike', 80), (400, 'Jerry', NULL),
(500, 'Dan', 50) AS person(zip_code, name, age)""")
spark.sql("SELECT age, name FROM person DISTRIBUTE BY age").orderBy("name").show()
spark.sql("SELECT /*+ REPARTITION(1) */ name, age, zip_code FROM person SORT BY name").show()
spark.sql("SELECT /*+ REPARTITION(1) */ age, name FROM person SORT BY age NULLS LAST, name DESC").show()
spark.sql("SELECT /*+ REPARTITION(1) */ age, name FROM person CLUSTER BY age").show()
spark.sql("SELECT /*+ COALESCE(3) */ * FROM person").orderBy("zip_code").show()
spark.sql("SELECT /*+ REPARTITION(3, age) */ age FROM person").orderBy("age").show()
spark.sql("SELECT /*+ REPARTITION_BY_RANGE(age) */ age FROM person").orderBy("age").show()
spark.sql("SELECT /*+ REBALANCE */ name FROM person").orderBy("name").show()
spark.sql("SELECT /*+ BROADCAST(p2) */ p1.name, p2.age FROM person p1 JOIN person p2 ON p1.zip_code = p2.zip_code ORDER BY p1.name").show()
spark.sql("SELECT /*+ MERGE(p1) */ count(*) FROM person p1 JOIN person p2 USING (zip_code)").show()
spark.sql("SELECT /*+ SHUFFLE_HASH(p1), SHUFFLE_REPLICATE_NL(p2) */ count(*) FROM person p1, person p2 WHERE p1.age = p2.age").show()
p = spark.table("person")
print(p.hint("broadcast").join(p.hint("merge"), "zip_code").count())
print(p.repartition(3).rdd.getNumPartitions(), p.coalesce(1).rdd.getNumPartitions())
spark.sql("SELECT /*+ REPARTITION(2) */ * FROM person").select("zip_code").orderBy("zip_code").show()
spark.stop()
