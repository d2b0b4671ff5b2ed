# Batch joins of every type on a small employees/departments pair.
# source: python/pyspark/sql/dataframe.py (DataFrame.join docstring examples)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("joins").getOrCreate()

emp = spark.createDataFrame([(1, "Ann", 10), (2, "Ben", 20), (3, "Cid", None), (4, "Dee", 40)], "id int, name string, dept int")
dept = spark.createDataFrame([(10, "Sales"), (20, "Ops"), (30, "Legal")], "dept int, title string")

for how in ["inner", "left", "right", "full", "left_semi", "left_anti"]:
    print(how)
    emp.join(dept, "dept", how).orderBy("dept", "id").show()

emp.join(dept, emp.dept == dept.dept, "inner").select(emp.name, dept.title).orderBy("name").show()
print(emp.crossJoin(dept).count())
