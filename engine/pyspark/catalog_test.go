package pyspark

import "testing"

// The catalog lists Delta tables first, then temporary views, in pyspark's Table form, and
// SHOW TABLES gives Spark's three columns.
func TestCatalogListTablesAndShowTables(t *testing.T) {
	src := `spark = SparkSession.builder.getOrCreate()
print(spark.catalog.listTables())
spark.createDataFrame([(1, "a")], "id INT, s STRING").write.format("delta").saveAsTable("orders")
spark.createDataFrame([(2,)], "n INT").createOrReplaceTempView("v")
for t in spark.catalog.listTables():
    print(t)
print(spark.catalog.listTables()[0].name, spark.catalog.tableExists("orders"), spark.catalog.tableExists("nope"))
spark.sql("SHOW TABLES").show()
`
	out, err := runSnippet(t, "from pyspark.sql import SparkSession\n"+src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[]
Table(name='orders', catalog='spark_catalog', namespace=['default'], description=None, tableType='MANAGED', isTemporary=False)
Table(name='v', catalog=None, namespace=[], description=None, tableType='TEMPORARY', isTemporary=True)
orders True False
+---------+---------+-----------+
|namespace|tableName|isTemporary|
+---------+---------+-----------+
|  default|   orders|      false|
|         |        v|       true|
+---------+---------+-----------+

`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// A global temporary view is read as global_temp.name from its session and from one
// newSession() made; that new session has its own temporary views and settings.
func TestGlobalTempViewsAndNewSession(t *testing.T) {
	src := `spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, "a"), (2, "b")], "id INT, s STRING")
df.createOrReplaceTempView("local_v")
df.createGlobalTempView("shared_v")
spark.conf.set("spark.sql.shuffle.partitions", "3")
other = spark.newSession()
print(spark.sql("SELECT * FROM global_temp.shared_v").count(), other.table("global_temp.shared_v").count())
print(other.conf.get("spark.sql.shuffle.partitions"), spark.conf.get("spark.sql.shuffle.partitions"))
for label, action in (("local view elsewhere", lambda: other.table("local_v")),
                      ("global view unqualified", lambda: spark.table("shared_v")),
                      ("created twice", lambda: df.createGlobalTempView("shared_v"))):
    try:
        action()
        print(label, "ok")
    except Exception as e:
        print(label, e.getCondition())
print(spark.catalog.dropGlobalTempView("shared_v"), spark.catalog.dropGlobalTempView("shared_v"))
`
	out, err := runSnippet(t, "from pyspark.sql import SparkSession\n"+src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `2 2
200 3
local view elsewhere TABLE_OR_VIEW_NOT_FOUND
global view unqualified TABLE_OR_VIEW_NOT_FOUND
created twice TEMP_TABLE_OR_VIEW_ALREADY_EXISTS
True False
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestCatalogDatabasesAndContextFields(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
dbs = spark.catalog.listDatabases()
print(len(dbs), dbs[0].name, dbs[0].catalog, dbs[0].description, dbs[0].locationUri.startswith("file:/"), dbs[0].locationUri.endswith("spark-warehouse"))
print(spark.catalog.listCatalogs(), spark.catalog.databaseExists("default"), spark.catalog.databaseExists("other"))
sc = spark.sparkContext
print(sc.uiWebUrl, sc.applicationId.startswith("local-"), sc.startTime > 0, len(sc.sparkUser()) > 0)
`
	want := `1 default spark_catalog default database True True
[CatalogMetadata(name='spark_catalog', description=None)] True False
None True True True
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// spark.catalog follows USE and CREATE DATABASE: currentDatabase, setCurrentDatabase,
// listTables(dbName), listDatabases and databaseExists, as PySpark 4.2.0 printed them for the
// same statements.
func TestCatalogDatabases(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.sql("CREATE DATABASE d1 COMMENT 'first'")
spark.sql("CREATE TABLE d1.t (x INT) USING parquet")
spark.sql("USE d1")
spark.sql("CREATE TABLE u (y STRING) USING json")
print(spark.catalog.listTables())
print(spark.catalog.listTables("default"))
print(spark.catalog.currentDatabase(), spark.catalog.databaseExists("d1"), spark.catalog.databaseExists("zz"))
print([(d.name, d.description) for d in spark.catalog.listDatabases()])
spark.catalog.setCurrentDatabase("default")
print(spark.catalog.currentDatabase())
try:
    spark.catalog.setCurrentDatabase("zz")
except Exception as e:
    print(type(e).__name__, e.getCondition())
`
	want := `[Table(name='t', catalog='spark_catalog', namespace=['d1'], description=None, tableType='MANAGED', isTemporary=False), Table(name='u', catalog='spark_catalog', namespace=['d1'], description=None, tableType='MANAGED', isTemporary=False)]
[]
d1 True False
[('d1', 'first'), ('default', 'default database')]
default
AnalysisException SCHEMA_NOT_FOUND
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// CACHE [LAZY] TABLE [AS query], UNCACHE TABLE (taking the caches built on it), CLEAR CACHE
// and spark.catalog.isCached, as PySpark 4.2.0 printed probe ps13's lines (isCached of a
// missing table: TABLE_OR_VIEW_NOT_FOUND on PySpark 4.2.0 too).
func TestCatalogCacheTable(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
sql = spark.sql
sql("CREATE TABLE employee (id INT, name STRING, working_years INT) USING parquet")
sql("INSERT INTO employee VALUES (1, 'a', 3), (2, 'b', 6), (3, 'c', 12)")
sql("CACHE TABLE employee")
print(spark.catalog.isCached("employee"))
sql("CACHE LAZY TABLE young OPTIONS ('storageLevel' 'DISK_ONLY') AS SELECT * FROM employee WHERE working_years < 5")
print(spark.catalog.isCached("young"))
print(sql("SELECT * FROM young").collect())
sql("UNCACHE TABLE employee")
sql("UNCACHE TABLE IF EXISTS nope")
print(spark.catalog.isCached("employee"), spark.catalog.isCached("young"))
spark.catalog.cacheTable("young")
sql("CLEAR CACHE")
print(spark.catalog.isCached("young"))
print(sql("CACHE TABLE employee").collect(), sql("UNCACHE TABLE employee").columns)
try:
    spark.catalog.isCached("nope")
except Exception as e:
    print(type(e).__name__, e.getCondition())
`
	want := `True
True
[Row(id=1, name='a', working_years=3)]
False False
False
[] []
AnalysisException TABLE_OR_VIEW_NOT_FOUND
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// listTables names a persistent view's type VIEW, a table with a LOCATION's EXTERNAL, and
// gives their COMMENT as the description, as PySpark 4.2.0 printed them (the session's
// probes q4 and q6).
func TestCatalogListTablesViews(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.sql("CREATE TABLE e (id INT, name STRING, yrs INT COMMENT 'years') USING parquet")
spark.sql("CREATE OR REPLACE VIEW v2 (a COMMENT 'the a', b) COMMENT 'vv' AS SELECT id, name FROM e")
spark.sql("CREATE TEMP VIEW tv AS SELECT 1 AS one")
print(spark.catalog.listTables())
spark.sql("DROP VIEW v2")
spark.sql("DROP VIEW tv")
spark.sql("DROP TABLE e")
spark.sql("CREATE TABLE p (id INT) USING parquet COMMENT 'people'")
spark.sql("CREATE TABLE x (id INT) USING csv LOCATION 'extx'")
print(spark.catalog.listTables())
`
	want := `[Table(name='e', catalog='spark_catalog', namespace=['default'], description=None, tableType='MANAGED', isTemporary=False), Table(name='v2', catalog='spark_catalog', namespace=['default'], description='vv', tableType='VIEW', isTemporary=False), Table(name='tv', catalog=None, namespace=[], description=None, tableType='TEMPORARY', isTemporary=True)]
[Table(name='p', catalog='spark_catalog', namespace=['default'], description='people', tableType='MANAGED', isTemporary=False), Table(name='x', catalog='spark_catalog', namespace=['default'], description=None, tableType='EXTERNAL', isTemporary=False)]
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
