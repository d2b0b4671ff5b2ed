package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// SQL tables of files: CREATE TABLE ... USING parquet|csv|json, INSERT INTO / OVERWRITE
// (with PARTITION and column lists), the catalog commands on them, and the errors, each
// answer as PySpark 4.2.0 printed it for the same statements (probe ps03 and the session's
// own probes; show() of the results, errors by condition and message).
func TestSQLFileTables(t *testing.T) {
	table := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	runSQLSteps(t, []sqlStep{
		{"CREATE TABLE student (id INT, name STRING, age INT) USING parquet", ""},
		{"SELECT * FROM student", table("+---+----+---+", "| id|name|age|", "+---+----+---+", "+---+----+---+")},
		{"INSERT INTO student VALUES (1, 'Amy Smith', 18), (2, 'Bob Brown', 19)", ""},
		{"INSERT INTO TABLE student SELECT 3, 'Cathy Johnson', 20", ""},
		{"SELECT * FROM student ORDER BY id", table("+---+-------------+---+", "| id|         name|age|", "+---+-------------+---+",
			"|  1|    Amy Smith| 18|", "|  2|    Bob Brown| 19|", "|  3|Cathy Johnson| 20|", "+---+-------------+---+")},
		{"CREATE TABLE student_part (id INT, name STRING, age INT) USING parquet PARTITIONED BY (age)", ""},
		{"INSERT INTO student_part SELECT id, name, age FROM student", ""},
		{"INSERT INTO student_part PARTITION (age = 21) VALUES (4, 'Dora Lee')", ""},
		{"SHOW PARTITIONS student_part", table("+---------+", "|partition|", "+---------+", "|   age=18|", "|   age=19|", "|   age=20|", "|   age=21|", "+---------+")},
		{"SELECT * FROM student_part WHERE id = 4", table("+---+--------+---+", "| id|    name|age|", "+---+--------+---+", "|  4|Dora Lee| 21|", "+---+--------+---+")},
		{"INSERT OVERWRITE student SELECT id + 10, name, age FROM student_part WHERE id < 3", ""},
		{"SELECT * FROM student ORDER BY id", table("+---+---------+---+", "| id|     name|age|", "+---+---------+---+",
			"| 11|Amy Smith| 18|", "| 12|Bob Brown| 19|", "+---+---------+---+")},
		{"CREATE TABLE csv_t (a INT, b STRING) USING csv OPTIONS (header 'true', sep ';')", ""},
		{"INSERT INTO csv_t VALUES (1, 'x'), (2, NULL)", ""},
		{"SELECT * FROM csv_t ORDER BY a", table("+---+----+", "|  a|   b|", "+---+----+", "|  1|   x|", "|  2|NULL|", "+---+----+")},
		{"ALTER TABLE student ADD COLUMNS (grade STRING)", ""},
		{"INSERT INTO student VALUES (5, 'Eve', 22, 'A')", ""},
		{"SELECT * FROM student ORDER BY id", table("+---+---------+---+-----+", "| id|     name|age|grade|", "+---+---------+---+-----+",
			"|  5|      Eve| 22|    A|", "| 11|Amy Smith| 18| NULL|", "| 12|Bob Brown| 19| NULL|", "+---+---------+---+-----+")},
		{"ALTER TABLE student RENAME TO pupil", ""},
		{"SHOW TABLES", table("+---------+------------+-----------+", "|namespace|   tableName|isTemporary|", "+---------+------------+-----------+",
			"|  default|       csv_t|      false|", "|  default|       pupil|      false|", "|  default|student_part|      false|", "+---------+------------+-----------+")},
		{"SHOW COLUMNS IN pupil", table("+--------+", "|col_name|", "+--------+", "|      id|", "|    name|", "|     age|", "|   grade|", "+--------+")},
		{"DESCRIBE student_part", table("+--------------------+---------+-------+", "|            col_name|data_type|comment|", "+--------------------+---------+-------+",
			"|                  id|      int|   NULL|", "|                name|   string|   NULL|", "|                 age|      int|   NULL|",
			"|# Partition Infor...|         |       |", "|          # col_name|data_type|comment|", "|                 age|      int|   NULL|", "+--------------------+---------+-------+")},
		{"CREATE TABLE IF NOT EXISTS pupil (x INT) USING parquet", ""},
		{"CREATE TABLE ctas USING parquet AS SELECT id, upper(name) AS n FROM pupil WHERE id > 10", ""},
		{"SELECT * FROM ctas ORDER BY id", table("+---+---------+", "| id|        n|", "+---+---------+", "| 11|AMY SMITH|", "| 12|BOB BROWN|", "+---+---------+")},
		{"DROP TABLE ctas", ""},
		{"SELECT * FROM ctas", "error: [TABLE_OR_VIEW_NOT_FOUND]"},
		{"DROP TABLE IF EXISTS nope", ""},
		// Errors, as PySpark 4.2.0 words them.
		{"CREATE TABLE pupil (x INT) USING parquet", "error: [TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table or view `spark_catalog`.`default`.`pupil` because it already exists."},
		{"CREATE TABLE bad (x INT) USING parquet PARTITIONED BY (y)", "error: [COLUMN_NOT_DEFINED_IN_TABLE] partition column `y` is not defined in table `spark_catalog`.`default`.`bad`, defined table columns are: `x`."},
		{"INSERT INTO student_part VALUES (1)", "error: [INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS] Cannot write to `spark_catalog`.`default`.`student_part`, the reason is not enough data columns:\nTable columns: `id`, `name`, `age`.\nData columns: `col1`."},
		{"INSERT INTO student_part PARTITION (nope = 1) VALUES (1, 'a')", "error: [PARTITIONS_NOT_FOUND] The partition(s) `nope` cannot be found in table `spark_catalog`.`default`.`student_part`."},
		{"SHOW PARTITIONS csv_t", "error: [INVALID_PARTITION_OPERATION.PARTITION_SCHEMA_IS_EMPTY] The partition command is invalid. Table `spark_catalog`.`default`.`csv_t` is not partitioned."},
		{"ALTER TABLE csv_t ADD PARTITION (a = 1)", "error: ALTER TABLE ADD PARTITION is not allowed on csv_t since its partition metadata is not stored in the Hive metastore. To import this information into the metastore, run `msck repair table csv_t`."},
		{"ALTER TABLE student_part DROP PARTITION (age = 99)", "error: [PARTITIONS_NOT_FOUND] The partition(s) PARTITION (`age` = 99) cannot be found in table `default`.`student_part`."},
		{"ALTER TABLE student_part ADD PARTITION (age = 18)", "error: [PARTITIONS_ALREADY_EXIST] Cannot ADD or RENAME TO partition(s) PARTITION (`age` = 18) in table `default`.`student_part` because they already exist."},
		{"TRUNCATE TABLE csv_t PARTITION (a = 1)", "error: Operation not allowed: TRUNCATE TABLE ... PARTITION is not supported for tables that are not partitioned: `spark_catalog`.`default`.`csv_t`."},
		{"ALTER TABLE csv_t RENAME TO pupil", "error: [TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table or view `default`.`pupil` because it already exists."},
		{"ALTER TABLE csv_t ADD COLUMNS (a STRING)", "error: [COLUMN_ALREADY_EXISTS] The column `a` already exists."},
		{"CREATE OR REPLACE TABLE csv_t (x INT) USING parquet", "error: [UNSUPPORTED_FEATURE.TABLE_OPERATION] The feature is not supported: Table `spark_catalog`.`default`.`csv_t` does not support REPLACE TABLE."},
		{"ALTER TABLE csv_t SET TBLPROPERTIES ('owner' = 'ann')", "error: [UNSUPPORTED_FEATURE.SET_TABLE_PROPERTY] The feature is not supported: owner is a reserved table property, it will be set to the current user."},
		{"ALTER TABLE csv_t SET TBLPROPERTIES ('provider' = 'x')", "error: provider is a reserved table property, please use the USING clause to specify it."},
		{"DESC TABLE csv_t nope", "error: [COLUMN_NOT_FOUND] The column `nope` cannot be found."},
	})
}

// Partition maintenance, properties, TRUNCATE and DESCRIBE / SHOW CREATE TABLE of a file
// table, as PySpark 4.2.0 answers them (probe ps14 and the session's probes).
func TestSQLFileTableMaintenance(t *testing.T) {
	table := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE sales (item STRING, qty INT, day STRING) USING parquet PARTITIONED BY (day)", ""},
		{"INSERT INTO sales VALUES ('a', 1, 'mon'), ('b', 2, 'tue'), ('c', 3, 'tue')", ""},
		{"ALTER TABLE sales ADD PARTITION (day = 'wed')", ""},
		{"ALTER TABLE sales ADD IF NOT EXISTS PARTITION (day = 'wed') PARTITION (day = 'thu')", ""},
		{"SHOW PARTITIONS sales", table("+---------+", "|partition|", "+---------+", "|  day=mon|", "|  day=thu|", "|  day=tue|", "|  day=wed|", "+---------+")},
		{"ALTER TABLE sales DROP PARTITION (day = 'thu')", ""},
		{"SHOW PARTITIONS sales PARTITION (day = 'tue')", table("+---------+", "|partition|", "+---------+", "|  day=tue|", "+---------+")},
		{"ALTER TABLE sales SET TBLPROPERTIES ('k1' = 'v1', 'k2' = 'v2')", ""},
		{"ALTER TABLE sales UNSET TBLPROPERTIES ('k2', 'k3')", ""},
		{"SHOW TBLPROPERTIES sales", table("+---+-----+", "|key|value|", "+---+-----+", "| k1|   v1|", "+---+-----+")},
		{"SHOW TBLPROPERTIES sales ('owner')", table("+-----+--------------------+", "|  key|               value|", "+-----+--------------------+", "|owner|Table spark_catal...|", "+-----+--------------------+")},
		{"TRUNCATE TABLE sales PARTITION (day = 'mon')", ""},
		{"SELECT * FROM sales ORDER BY item", table("+----+---+---+", "|item|qty|day|", "+----+---+---+", "|   b|  2|tue|", "|   c|  3|tue|", "+----+---+---+")},
		{"DESC TABLE sales qty", table("+---------+----------+", "|info_name|info_value|", "+---------+----------+", "| col_name|       qty|", "|data_type|       int|", "|  comment|      NULL|", "+---------+----------+")},
		{"TRUNCATE TABLE sales", ""},
		{"SELECT count(*) FROM sales", table("+--------+", "|count(1)|", "+--------+", "|       0|", "+--------+")},
		{"CREATE TABLE p (id INT, name STRING COMMENT 'the name', age INT) USING parquet PARTITIONED BY (age) COMMENT 'people' TBLPROPERTIES ('k1' = 'v1')", ""},
		{"CREATE TABLE c (a INT, b STRING) USING csv OPTIONS (header 'true', sep ';') LOCATION 'ext/c'", ""},
		{"CREATE TABLE m2 USING parquet PARTITIONED BY (a) AS SELECT 1 AS a, 'x' AS b", ""},
		{"DESCRIBE m2", table("+--------------------+---------+-------+", "|            col_name|data_type|comment|", "+--------------------+---------+-------+",
			"|                   b|   string|   NULL|", "|                   a|      int|   NULL|", "|# Partition Infor...|         |       |", "|          # col_name|data_type|comment|", "|                   a|      int|   NULL|", "+--------------------+---------+-------+")},
		{"CREATE TABLE m3 (a INT, b STRING) USING parquet", ""},
		{"INSERT INTO m3 BY NAME SELECT 'x' AS b", ""},
		{"INSERT INTO m3 BY NAME SELECT 'x' AS b, 1 AS a, 2 AS c", "error: [INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS] Cannot write to `spark_catalog`.`default`.`m3`, the reason is too many data columns:\nTable columns: `a`, `b`.\nData columns: `b`, `a`, `c`."},
		{"SELECT * FROM m3", table("+----+---+", "|   a|  b|", "+----+---+", "|NULL|  x|", "+----+---+")},
		{"INSERT INTO m3 (a) VALUES (5)", ""},
		{"INSERT OVERWRITE m3 VALUES (9, 'n')", ""},
		{"SELECT * FROM m3", table("+---+---+", "|  a|  b|", "+---+---+", "|  9|  n|", "+---+---+")},
	})
	ctx := context.Background()
	// SHOW CREATE TABLE as PySpark 4.2.0 wrote it for the same tables (c's location is
	// this session's).
	wh := must[string](t)(s.WarehouseDir())
	for name, want := range map[string]string{
		"p":  "CREATE TABLE spark_catalog.default.p (\n  id INT,\n  name STRING COLLATE UTF8_BINARY COMMENT 'the name',\n  age INT)\nUSING parquet\nPARTITIONED BY (age)\nCOMMENT 'people'\nTBLPROPERTIES (\n  'k1' = 'v1')\n",
		"c":  "CREATE TABLE spark_catalog.default.c (\n  a INT,\n  b STRING COLLATE UTF8_BINARY)\nUSING csv\nOPTIONS (\n  'header' = 'true',\n  'sep' = ';')\nLOCATION 'file:" + filepath.ToSlash(filepath.Join(wh, "ext", "c")) + "'\n",
		"m2": "CREATE TABLE spark_catalog.default.m2 (\n  b STRING COLLATE UTF8_BINARY,\n  a INT)\nUSING parquet\nPARTITIONED BY (a)\n",
	} {
		rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "SHOW CREATE TABLE "+name)).Collect(ctx))
		if got := rows[0][0]; got != want {
			t.Errorf("SHOW CREATE TABLE %s:\n%q\nwant\n%q", name, got, want)
		}
	}
	// DESCRIBE EXTENDED's detail block (Created Time aside).
	rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "DESCRIBE TABLE EXTENDED p")).Collect(ctx))
	var got []string
	for _, r := range rows {
		if r[0] != "Created Time" {
			got = append(got, r[0].(string)+"|"+r[1].(string))
		}
	}
	want := []string{"id|int", "name|string", "age|int", "# Partition Information|", "# col_name|data_type", "age|int", "|",
		"# Detailed Table Information|", "Catalog|spark_catalog", "Database|default", "Table|p", "Last Access|UNKNOWN",
		"Created By|Spark 4.2.0", "Type|MANAGED", "Provider|parquet", "Comment|people", "Table Properties|[k1=v1]",
		"Location|file:" + filepath.ToSlash(filepath.Join(wh, "p")), "Partition Provider|Catalog"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("DESCRIBE EXTENDED p:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// DROP TABLE of an external table leaves its files; of a managed one removes them.
	must[*DataFrame](t)(s.SQL(ctx, "INSERT INTO c VALUES (1, 'x')"))
	must[*DataFrame](t)(s.SQL(ctx, "DROP TABLE c"))
	must[*DataFrame](t)(s.SQL(ctx, "DROP TABLE m3"))
	if _, err := os.Stat(filepath.Join(wh, "ext", "c")); err != nil {
		t.Errorf("external table's folder after DROP TABLE: %v", err)
	}
	if _, err := os.Stat(filepath.Join(wh, "m3")); !os.IsNotExist(err) {
		t.Errorf("managed table's folder after DROP TABLE: %v, want gone", err)
	}
}

// INSERT OVERWRITE DIRECTORY writes the query's rows as the format's folder (probe ps15,
// PySpark 4.2.0's answers), and INSERT INTO a file table by column list and BY NAME.
func TestSQLInsertOverwriteDirectory(t *testing.T) {
	ctx := context.Background()
	table := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TEMP VIEW student AS SELECT * FROM VALUES (1, 'Amy', 111), (2, 'Bob', 222) AS t(id, name, student_id)", ""},
		{"INSERT OVERWRITE DIRECTORY 'out/pq' USING parquet SELECT * FROM student", ""},
		{"SELECT * FROM parquet.`out/pq` ORDER BY id", table("+---+----+----------+", "| id|name|student_id|", "+---+----+----------+", "|  1| Amy|       111|", "|  2| Bob|       222|", "+---+----+----------+")},
		{"INSERT OVERWRITE DIRECTORY USING json OPTIONS ('path' 'out/js') SELECT name, id FROM student WHERE id = 2", ""},
		{"SELECT * FROM json.`out/js`", table("+---+----+", "| id|name|", "+---+----+", "|  2| Bob|", "+---+----+")},
		{"INSERT OVERWRITE LOCAL DIRECTORY 'out/pq' USING parquet SELECT id FROM student WHERE id = 1", ""},
		{"SELECT * FROM parquet.`out/pq`", table("+---+", "| id|", "+---+", "|  1|", "+---+")},
		{"CREATE TABLE students (name STRING, address STRING, student_id INT) USING parquet", ""},
		{"INSERT INTO students (address, name, student_id) VALUES ('Hangzhou, China', 'Kent Yao', 11215016)", ""},
		{"INSERT INTO students BY NAME SELECT 'Jen' AS name, 3 AS student_id, 'Paris' AS address", ""},
		{"INSERT INTO students (name, student_id) VALUES ('Nobody', 7)", ""},
		{"SELECT * FROM students ORDER BY student_id", table("+--------+---------------+----------+", "|    name|        address|student_id|", "+--------+---------------+----------+",
			"|     Jen|          Paris|         3|", "|  Nobody|           NULL|         7|", "|Kent Yao|Hangzhou, China|  11215016|", "+--------+---------------+----------+")},
		{"INSERT INTO students VALUES ('x', 1)", "error: [INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS]"},
		{"INSERT OVERWRITE DIRECTORY USING parquet SELECT 1 AS a", "error: Directory path and 'path' in OPTIONS should be specified one, but not both."},
		{"INSERT OVERWRITE students SELECT name, address, student_id + 1 FROM students", "error: [UNSUPPORTED_OVERWRITE.TABLE] Can't overwrite the target that is also being read from. The target table is `spark_catalog`.`default`.`students`."},
		{"SELECT count(*) AS n FROM students", table("+---+", "|  n|", "+---+", "|  3|", "+---+")},
	})
	// The csv folder: a header in each file, as Spark's two files of the view's rows had.
	must[*DataFrame](t)(s.SQL(ctx, "INSERT OVERWRITE DIRECTORY 'out/csv' USING csv OPTIONS (header 'true', sep '|') SELECT * FROM student"))
	rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "SELECT value FROM text.`out/csv` ORDER BY value")).Collect(ctx))
	var got []string
	for _, r := range rows {
		got = append(got, r[0].(string))
	}
	if want := "1|Amy|111,2|Bob|222,id|name|student_id,id|name|student_id"; strings.Join(got, ",") != want {
		t.Errorf("out/csv lines %v, want %s", got, want)
	}
}

// DESCRIBE QUERY and DESCRIBE t col: the query's columns with the comments its table's
// columns carry (a grouping key keeps its column's), as PySpark 4.2.0 printed them (probe ps22).
func TestSQLDescribeQuery(t *testing.T) {
	table := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	runSQLSteps(t, []sqlStep{
		{"CREATE TABLE person (name STRING, age INT COMMENT 'Age column', address STRING) USING parquet", ""},
		{"DESCRIBE QUERY SELECT age, sum(age) FROM person GROUP BY age", table("+--------+---------+----------+", "|col_name|data_type|   comment|", "+--------+---------+----------+",
			"|     age|      int|Age column|", "|sum(age)|   bigint|      NULL|", "+--------+---------+----------+")},
		{"DESCRIBE QUERY WITH all_names_cte AS (SELECT name FROM person) SELECT * FROM all_names_cte", table("+--------+---------+-------+", "|col_name|data_type|comment|", "+--------+---------+-------+",
			"|    name|   string|   NULL|", "+--------+---------+-------+")},
		{"DESCRIBE QUERY VALUES(100, 'John', 10000.20D) AS employee(id, name, salary)", table("+--------+---------+-------+", "|col_name|data_type|comment|", "+--------+---------+-------+",
			"|      id|      int|   NULL|", "|    name|   string|   NULL|", "|  salary|   double|   NULL|", "+--------+---------+-------+")},
		{"DESCRIBE QUERY TABLE person", table("+--------+---------+----------+", "|col_name|data_type|   comment|", "+--------+---------+----------+",
			"|    name|   string|      NULL|", "|     age|      int|Age column|", "| address|   string|      NULL|", "+--------+---------+----------+")},
		{"DESC TABLE person age", table("+---------+----------+", "|info_name|info_value|", "+---------+----------+",
			"| col_name|       age|", "|data_type|       int|", "|  comment|Age column|", "+---------+----------+")},
	})
}

// df.write.insertInto into a table of files: by position in the table's column order
// (partition columns last), appended, or replacing its rows with overwrite, as PySpark 4.2.0
// answered the same calls.
func TestInsertIntoFileTable(t *testing.T) {
	ctx := context.Background()
	table := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	s := runSQLSteps(t, []sqlStep{
		{"CREATE TABLE ii (id INT, name STRING, day STRING) USING parquet PARTITIONED BY (day)", ""},
		{"INSERT INTO ii VALUES (1, 'a', 'mon')", ""},
	})
	df := must[*DataFrame](t)(s.SQL(ctx, "SELECT 2 AS x, 'b' AS y, 'tue' AS z"))
	if err := df.Write().InsertInto(ctx, "ii", nil); err != nil {
		t.Fatal(err)
	}
	got := must[string](t)(must[*DataFrame](t)(s.SQL(ctx, "SELECT * FROM ii ORDER BY id")).Show(ctx, 20, 20, false))
	if want := table("+---+----+---+", "| id|name|day|", "+---+----+---+", "|  1|   a|mon|", "|  2|   b|tue|", "+---+----+---+"); got != want {
		t.Errorf("after insertInto:\n%s\nwant\n%s", got, want)
	}
	over := true
	if err := df.Write().InsertInto(ctx, "ii", &over); err != nil {
		t.Fatal(err)
	}
	got = must[string](t)(must[*DataFrame](t)(s.SQL(ctx, "SELECT * FROM ii ORDER BY id")).Show(ctx, 20, 20, false))
	if want := table("+---+----+---+", "| id|name|day|", "+---+----+---+", "|  2|   b|tue|", "+---+----+---+"); got != want {
		t.Errorf("after insertInto overwrite:\n%s\nwant\n%s", got, want)
	}
}
