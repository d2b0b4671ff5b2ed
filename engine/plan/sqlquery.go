package plan

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Query is a parsed spark.sql statement of the small subset kafkalab supports:
//
//	SELECT [DISTINCT] items [FROM table] [WHERE cond] [GROUP BY exprs]
//	       [ORDER BY expr [ASC|DESC] [NULLS FIRST|LAST], ...] [LIMIT n]
//	DESCRIBE HISTORY table [LIMIT n]
//	SHOW TABLES
//	CREATE TABLE [IF NOT EXISTS] table [(col type, ...)] USING delta [AS query]
//	INSERT INTO [TABLE] table VALUES (expr, ...), ... | INSERT INTO [TABLE] table query
//	UPDATE table SET col = expr, ... [WHERE cond]
//	DELETE FROM table [WHERE cond]
//
// and FROM table VERSION AS OF n / TIMESTAMP AS OF 'ts' on a Delta table.
type Query struct {
	// Declare, SetVar and DropVariable are the session-variable statements.
	Declare      *DeclareVariable
	SetVar       *SetVariables
	DropVariable *DropVariable
	// PosAggregate is a GROUP BY ordinal naming a select item that aggregates, which the
	// query reports when it is analysed (GROUP_BY_POS_AGGREGATE).
	PosAggregate *PosAggregate
	// Create, Insert, Update and Delete are set for those commands (Table names the table).
	Create   *CreateTable
	Insert   *Insert
	Update   *Update
	Delete   *Delete
	Vacuum   *Vacuum
	Optimize *Optimize
	// Merge is MERGE INTO (delta-spark's).
	Merge *Merge
	// AlterColumns is ALTER TABLE ... ADD COLUMNS or ALTER COLUMN ... COMMENT.
	AlterColumns *AlterColumns
	// AlterConstraint is ALTER TABLE ... ADD CONSTRAINT ... CHECK or DROP CONSTRAINT.
	AlterConstraint *AlterConstraint
	// Truncate is TRUNCATE TABLE name.
	Truncate string
	// TruncatePartition is TRUNCATE TABLE name PARTITION (...)'s spec.
	TruncatePartition []PartitionValue
	// DropTable is DROP TABLE [IF EXISTS] name.
	DropTable *DropTable
	// AlterRename is ALTER TABLE ... RENAME TO; AlterPartitions ALTER TABLE ... ADD|DROP PARTITION.
	AlterRename     *AlterRename
	AlterPartitions *AlterPartitions
	// ShowPartitions is set for SHOW PARTITIONS table [PARTITION (...)] (the spec in
	// ShowPartitionSpec); ShowColumns for SHOW COLUMNS IN|FROM table [IN|FROM db].
	ShowPartitions    bool
	ShowPartitionSpec []PartitionValue
	ShowColumns       bool
	// VersionAsOf (-1 when absent) and TimestampAsOf are the FROM table's time travel.
	VersionAsOf   int64
	TimestampAsOf string
	// DescribeHistory is set for DESCRIBE HISTORY; Table names the table.
	DescribeHistory bool
	// DescribeDetail is set for DESCRIBE DETAIL (Delta's); Table names the table.
	DescribeDetail bool
	// ShowTblProperties is set for SHOW TBLPROPERTIES table [(key)]; TblPropertyKey is the key.
	ShowTblProperties bool
	TblPropertyKey    string
	// AlterProperties is ALTER TABLE ... SET TBLPROPERTIES.
	AlterProperties *AlterProperties
	// ShowTables is set for SHOW TABLES.
	ShowTables bool
	Distinct   bool
	Items      []Expr
	Table      string // "" when there is no FROM
	TableAlias string // FROM table [AS] alias: columns are then qualified by the alias
	// Joins are the FROM clause's JOIN ... ON/USING tables, in order.
	Joins   []JoinClause
	Where   Expr
	GroupBy []Expr
	// Having filters the groups; it may name output columns or aggregate anew.
	Having  Expr
	OrderBy []Expr
	// Hints are the SELECT's /*+ ... */ hints, name(args), in order; the engine applies the
	// partitioning ones (REPARTITION, COALESCE, REPARTITION_BY_RANGE) to the select's rows.
	Hints []Call
	// DistributeBy, SortBy and ClusterBy are the query's DISTRIBUTE BY (hash-partition by the
	// expressions), SORT BY (sort within each partition) and CLUSTER BY (both, ascending).
	DistributeBy, SortBy, ClusterBy []Expr
	Limit                           int // -1 when absent
	Offset                          int // OFFSET n, 0 when absent
	// LimitColumns and OffsetColumns are a LIMIT or OFFSET expression that names columns:
	// the query resolves it against its FROM rows to fail as Spark does (an unknown
	// column UNRESOLVED_COLUMN, a known one LimitNotFoldable).
	LimitColumns, OffsetColumns Expr
	// Sample is the FROM table's TABLESAMPLE clause, nil when absent.
	Sample *TableSample

	// CreateView is CREATE [OR REPLACE] [GLOBAL] TEMP VIEW name [(cols)] AS query.
	CreateView *CreateView
	// DescribeTable is DESCRIBE [TABLE] [EXTENDED] name [column]: DescribeExtended tells
	// EXTENDED (or FORMATTED), DescribeColumn names the column.
	DescribeTable    string
	DescribeExtended bool
	DescribeColumn   string
	// DescribeFunction is DESCRIBE FUNCTION's function name.
	DescribeFunction string
	// DescribeQuery is DESCRIBE QUERY's query text.
	DescribeQuery string
	// ShowCreateTable is set for SHOW CREATE TABLE name (Table names it).
	ShowCreateTable bool
	// Database statements: CREATE DATABASE|SCHEMA, USE, SHOW DATABASES|SCHEMAS [LIKE 'p']
	// (ShowDatabases, the pattern in ShowLike), DESCRIBE DATABASE (DescribeDatabase),
	// DROP DATABASE.
	CreateDatabase   *CreateDatabase
	UseDatabase      string
	ShowDatabases    bool
	ShowLike         *string
	DescribeDatabase string
	// DescribeDatabaseExtended is DESCRIBE DATABASE EXTENDED (the properties too).
	DescribeDatabaseExtended bool
	DropDatabase             *DropDatabase
	// ShowFunctions is SHOW [USER|SYSTEM|ALL] FUNCTIONS [[LIKE] 'pattern'] (ShowFunctionsKind
	// the lower-cased kind, "all" without one; the pattern in ShowLike).
	ShowFunctions     bool
	ShowFunctionsKind string
	// ShowTablesIn is SHOW TABLES|VIEWS IN|FROM db's database ("" for the current one);
	// ShowViews is set for SHOW VIEWS.
	ShowTablesIn string
	ShowViews    bool
	// Cache is CACHE [LAZY] TABLE name [OPTIONS (...)] [[AS] query] (CacheQuery the query's
	// text); Uncache is UNCACHE TABLE [IF EXISTS] name (UncacheIfExists); ClearCache is
	// CLEAR CACHE. Table names the table.
	Cache, Uncache, UncacheIfExists, ClearCache bool
	CacheQuery                                  string
	// InsertDirectory is INSERT OVERWRITE [LOCAL] DIRECTORY.
	InsertDirectory *InsertDirectory
	// RepairTable is MSCK REPAIR TABLE / REPAIR TABLE name; RefreshTable is REFRESH TABLE
	// name (Table names it in both).
	RepairTable, RefreshTable bool
	// Set is SET key=value (SetValue non-nil) or SET key; SetAll is a bare SET.
	Set      string
	SetValue *string
	SetAll   bool
	// Reset is RESET [key]: the setting (every setting without a key) back to the value the
	// session started with, or unset.
	Reset    bool
	ResetKey string
	// DropView is DROP VIEW [IF EXISTS] name (IfExists in DropViewIfExists).
	DropView         string
	DropViewIfExists bool
	// Values is a VALUES statement's rows (VALUES (1, 'a'), (2, 'b')).
	Values [][]Expr
	// TableChanges is FROM table_changes(...) or table_changes_by_path(...): Delta's
	// change data feed of a table.
	TableChanges *TableChanges
	// FromQuery is the FROM clause's subquery text when it reads (query) or VALUES ...
	// instead of a table; AliasColumns names its columns (FROM ... AS t(a, b)).
	FromQuery    string
	AliasColumns []string
	// TableFunction is FROM name(...), lower case (its arguments in TableFunctionArgs):
	// range or a registered UDTF; a generator in FROM (explode(...), inline(...), stack(...))
	// is read as FromQuery SELECT gen(...).
	TableFunction     string
	TableFunctionArgs []Expr
	// GroupByAll is GROUP BY ALL: every select item without an aggregate is a key.
	GroupByAll bool
	// Qualify filters the rows after the window functions (QUALIFY cond).
	Qualify Expr
	// LateralViews are the FROM clause's LATERAL VIEW [OUTER] generator(...) t AS cols.
	LateralViews []LateralView
	// Pivot is FROM t PIVOT (aggregates FOR column IN (values)).
	Pivot *PivotClause
	// Unpivot is FROM t UNPIVOT [INCLUDE|EXCLUDE NULLS] (value FOR name IN (cols)).
	Unpivot *UnpivotClause
	// GroupingSets is set for GROUP BY ROLLUP / CUBE / GROUPING SETS (and WITH ROLLUP /
	// CUBE): each set lists indexes into GroupBy.
	GroupingSets [][]int
}

// DropTable is DROP TABLE [IF EXISTS] name [PURGE].
type DropTable struct {
	Table    string
	IfExists bool
}

// CreateDatabase is CREATE DATABASE|SCHEMA [IF NOT EXISTS] name [COMMENT '..'] [LOCATION '..']
// [WITH DBPROPERTIES (...)].
type CreateDatabase struct {
	Name        string
	IfNotExists bool
	Comment     *string
	Location    string
	Properties  []Property
}

// DropDatabase is DROP DATABASE|SCHEMA [IF EXISTS] name [RESTRICT|CASCADE].
type DropDatabase struct {
	Name     string
	IfExists bool
	Cascade  bool
}

// databaseName reads a database name: one identifier, or spark_catalog.name.
// showIn reads a SHOW statement's optional IN|FROM database into q.ShowTablesIn.
func (p *sqlParser) showIn(q *Query) error {
	if !p.keyword("IN") && !p.keyword("FROM") {
		return nil
	}
	name, err := p.databaseName()
	if err != nil {
		return err
	}
	q.ShowTablesIn = name
	return nil
}

// showLikeEnd reads a SHOW statement's optional [LIKE] 'pattern' into q.ShowLike, then
// its end.
func (p *sqlParser) showLikeEnd(q *Query) (*Query, error) {
	if p.keyword("LIKE") || p.peek().kind == tkString {
		t := p.next()
		if t.kind != tkString {
			return nil, p.syntaxError()
		}
		q.ShowLike = &t.text
	}
	return q, p.end()
}

// ifExists reads an optional IF EXISTS, ifNotExists an optional IF NOT EXISTS; IF without
// the rest is a syntax error.
func (p *sqlParser) ifExists() (bool, error) { return p.ifClause(false) }

func (p *sqlParser) ifNotExists() (bool, error) { return p.ifClause(true) }

func (p *sqlParser) ifClause(not bool) (bool, error) {
	if !p.keyword("IF") {
		return false, nil
	}
	if (not && !p.keyword("NOT")) || !p.keyword("EXISTS") {
		return false, p.syntaxError()
	}
	return true, nil
}

func (p *sqlParser) databaseName() (string, error) {
	name, ok := p.identifier()
	if !ok {
		return "", p.syntaxError()
	}
	if p.op(".") {
		next, ok := p.identifier()
		if !ok {
			return "", p.syntaxError()
		}
		name += "." + next
	}
	return name, nil
}

// isDatabaseWord is DATABASE, SCHEMA or NAMESPACE, the words Spark takes for a database.
func (p *sqlParser) isDatabaseWord(i int) bool {
	if i >= len(p.toks) || p.toks[i].kind != tkIdent {
		return false
	}
	switch strings.ToUpper(p.toks[i].text) {
	case "DATABASE", "SCHEMA", "NAMESPACE":
		return true
	}
	return false
}

// LateralView is LATERAL VIEW [OUTER] generator(args) table [AS] col, ...
type LateralView struct {
	Generator Call
	Outer     bool
	Table     string
	Columns   []string
}

// UnpivotClause is UNPIVOT [INCLUDE NULLS|EXCLUDE NULLS] (value FOR name IN (c [AS a], ...)).
type UnpivotClause struct {
	ValueColumn, NameColumn string
	Columns, Names          []string
	IncludeNulls            bool
}

// CreateView is CREATE [OR REPLACE] [GLOBAL] TEMP[ORARY] VIEW [IF NOT EXISTS] name
// [(col, ...)] AS query.
type CreateView struct {
	Name        string
	Replace     bool
	Global      bool
	IfNotExists bool
	Columns     []string
	AsSelect    string
	// Persistent is CREATE VIEW without TEMP (a view in the catalog, read anew each time);
	// Alter is ALTER VIEW name AS query. ColumnComments are the column list's COMMENTs
	// (nil where a column has none), Comment the view's.
	Persistent     bool
	Alter          bool
	ColumnComments []*string
	Comment        *string
}

// ParseQuery parses one statement; a trailing semicolon is allowed.
// deltaTableChanges names Delta's change-feed functions, which read a table, not values.
func deltaTableChanges(name string) bool {
	n := strings.ToLower(name)
	return n == "table_changes" || n == "table_changes_by_path"
}

// generatorFunctions are the table-valued functions whose rows are those of SELECT gen(...);
// any other name(...) in FROM is a table function the session resolves (range, a UDTF).
var generatorFunctions = map[string]bool{"explode": true, "explode_outer": true, "posexplode": true,
	"posexplode_outer": true, "inline": true, "inline_outer": true, "stack": true, "json_tuple": true}

func ParseQuery(text string) (*Query, error) {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, ";") {
		// A statement cannot start with its end: Spark's parser stops at the ';'.
		return nil, syntaxErr(text, 0, "';'", "")
	}
	full := text
	text = strings.TrimSpace(strings.TrimSuffix(text, ";"))
	p, err := newSQLParser(text)
	if err != nil {
		return nil, err
	}
	q, err := p.statement()
	if err != nil {
		var e *sparkerrors.Error
		if len(full) > len(text) && errors.As(err, &e) && e.Class == "PARSE_SYNTAX_ERROR" && e.Message == "Syntax error at or near end of input." {
			// The statement's ';' came where more was needed: Spark's parser stops at it.
			return nil, syntaxErr(full, len(full)-1, "';'", "")
		}
		return nil, p.placeParseError(err)
	}
	return q, nil
}

// statement parses the statement p holds (ParseQuery).
func (p *sqlParser) statement() (*Query, error) {
	var err error
	q := &Query{Limit: -1, VersionAsOf: -1}
	if p.at(tkIdent, "SET") && (strings.EqualFold(p.toks[p.i+1].text, "VAR") || strings.EqualFold(p.toks[p.i+1].text, "VARIABLE")) && p.toks[p.i+1].kind == tkIdent {
		p.next()
		p.next()
		return p.setVariables(q)
	}
	if p.at(tkIdent, "DROP") && strings.EqualFold(p.toks[p.i+1].text, "VARIABLE") {
		// Spark drops only temporary variables, written DROP TEMPORARY VARIABLE.
		p.next()
		return nil, p.syntaxError()
	}
	if p.keyword("DECLARE") {
		return p.declareVariable(q)
	}
	if p.at(tkIdent, "DROP") && strings.EqualFold(p.toks[p.i+1].text, "TEMPORARY") && strings.EqualFold(p.toks[p.i+2].text, "VARIABLE") {
		p.next()
		p.next()
		p.next()
		d := &DropVariable{}
		if p.at(tkIdent, "IF") && strings.EqualFold(p.toks[p.i+1].text, "EXISTS") {
			p.next()
			p.next()
			d.IfExists = true
		}
		parts, _, err := p.variableName()
		if err != nil {
			return nil, err
		}
		d.Parts = parts
		q.DropVariable = d
		return q, p.end()
	}
	if p.at(tkIdent, "SET") && !(p.toks[p.i+1].kind == tkIdent && (strings.EqualFold(p.toks[p.i+1].text, "TIME") || strings.EqualFold(p.toks[p.i+1].text, "VAR") || strings.EqualFold(p.toks[p.i+1].text, "VARIABLE"))) {
		p.next()
		rest := p.rest()
		if rest == "" || rest == "-v" {
			q.SetAll = true
			return q, nil
		}
		key, value, hasValue := strings.Cut(rest, "=")
		q.Set = strings.Trim(strings.TrimSpace(key), "`")
		if hasValue {
			v := strings.TrimSpace(value)
			q.SetValue = &v
		}
		return q, nil
	}
	if p.at(tkIdent, "RESET") {
		p.next()
		q.Reset = true
		q.ResetKey = strings.Trim(strings.TrimSpace(p.rest()), "`")
		return q, nil
	}
	if p.at(tkIdent, "TRUNCATE") && strings.EqualFold(p.toks[p.i+1].text, "TABLE") {
		p.next()
		p.next()
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		if p.keyword("PARTITION") {
			if q.TruncatePartition, err = p.partitionSpec(); err != nil {
				return nil, err
			}
		}
		q.Truncate, q.Table = name, name
		return q, p.end()
	}
	if p.at(tkIdent, "DROP") && strings.EqualFold(p.toks[p.i+1].text, "TABLE") {
		p.next()
		p.next()
		d := &DropTable{}
		if given, err := p.ifExists(); err != nil {
			return nil, err
		} else if given {
			d.IfExists = true
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		p.keyword("PURGE")
		d.Table = name
		q.DropTable, q.Table = d, name
		return q, p.end()
	}
	if p.at(tkIdent, "DROP") && p.isDatabaseWord(p.i+1) {
		p.next()
		p.next()
		d := &DropDatabase{}
		if given, err := p.ifExists(); err != nil {
			return nil, err
		} else if given {
			d.IfExists = true
		}
		name, err := p.databaseName()
		if err != nil {
			return nil, err
		}
		d.Name = name
		if p.keyword("CASCADE") {
			d.Cascade = true
		} else {
			p.keyword("RESTRICT")
		}
		q.DropDatabase = d
		return q, p.end()
	}
	if p.at(tkIdent, "CACHE") {
		p.next()
		p.keyword("LAZY")
		if !p.keyword("TABLE") {
			return nil, p.syntaxError()
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		if p.keyword("OPTIONS") {
			if _, err := p.propertyList(); err != nil {
				return nil, err
			}
		}
		p.keyword("AS")
		q.Cache, q.Table, q.CacheQuery = true, name, p.rest()
		return q, nil
	}
	if p.at(tkIdent, "UNCACHE") {
		p.next()
		if !p.keyword("TABLE") {
			return nil, p.syntaxError()
		}
		if given, err := p.ifExists(); err != nil {
			return nil, err
		} else if given {
			q.UncacheIfExists = true
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		q.Uncache, q.Table = true, name
		return q, p.end()
	}
	if p.at(tkIdent, "CLEAR") && strings.EqualFold(p.toks[p.i+1].text, "CACHE") {
		p.next()
		p.next()
		q.ClearCache = true
		return q, p.end()
	}
	if p.at(tkIdent, "MSCK") || p.at(tkIdent, "REPAIR") {
		p.keyword("MSCK")
		if !p.keyword("REPAIR") || !p.keyword("TABLE") {
			return nil, p.syntaxError()
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		if p.keyword("ADD") || p.keyword("DROP") || p.keyword("SYNC") {
			if !p.keyword("PARTITIONS") {
				return nil, p.syntaxError()
			}
		}
		q.RepairTable, q.Table = true, name
		return q, p.end()
	}
	if p.at(tkIdent, "REFRESH") && strings.EqualFold(p.toks[p.i+1].text, "TABLE") {
		p.next()
		p.next()
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		q.RefreshTable, q.Table = true, name
		return q, p.end()
	}
	if p.at(tkIdent, "USE") {
		p.next()
		if p.isDatabaseWord(p.i) {
			p.next()
		}
		name, err := p.databaseName()
		if err != nil {
			return nil, err
		}
		q.UseDatabase = name
		return q, p.end()
	}
	if p.at(tkIdent, "DROP") && strings.EqualFold(p.toks[p.i+1].text, "VIEW") {
		p.next()
		p.next()
		if given, err := p.ifExists(); err != nil {
			return nil, err
		} else if given {
			q.DropViewIfExists = true
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		q.DropView = name
		return q, p.end()
	}
	if p.keyword("VALUES") {
		rows, err := p.valuesRows()
		if err != nil {
			return nil, err
		}
		q.Values = rows
		return q, p.end()
	}
	if p.at(tkIdent, "CREATE") || p.at(tkIdent, "INSERT") || p.at(tkIdent, "UPDATE") || p.at(tkIdent, "DELETE") || p.at(tkIdent, "VACUUM") || p.at(tkIdent, "OPTIMIZE") || p.at(tkIdent, "ALTER") {
		return p.command(q)
	}
	if p.keyword("MERGE") {
		return p.merge(q)
	}
	if p.keyword("DESCRIBE") || p.keyword("DESC") {
		if p.keyword("DETAIL") {
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			q.DescribeDetail, q.Table = true, name
			return q, p.end()
		}
		if p.isDatabaseWord(p.i) {
			p.next()
			q.DescribeDatabaseExtended = p.keyword("EXTENDED")
			name, err := p.databaseName()
			if err != nil {
				return nil, err
			}
			q.DescribeDatabase = name
			return q, p.end()
		}
		// DESCRIBE FUNCTION [EXTENDED] name.
		if p.keyword("FUNCTION") {
			p.keyword("EXTENDED")
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			q.DescribeFunction = name
			return q, p.end()
		}
		// DESCRIBE QUERY query: the query's columns.
		if p.keyword("QUERY") {
			q.DescribeQuery = p.rest()
			return q, nil
		}
		// DESCRIBE [TABLE] [EXTENDED|FORMATTED] name [column]: the columns, as col_name,
		// data_type, comment rows (EXTENDED adds the table's details), or one column's.
		if !p.at(tkIdent, "HISTORY") && !p.at(tkIdent, "FUNCTION") && !p.at(tkIdent, "DATABASE") && !p.at(tkIdent, "SCHEMA") && !p.at(tkIdent, "DETAIL") {
			p.keyword("TABLE")
			if p.keyword("EXTENDED") || p.keyword("FORMATTED") {
				q.DescribeExtended = true
			}
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			q.DescribeTable = name
			if !p.at(tkEOF, "") {
				col, err := p.columnPath()
				if err != nil {
					return nil, err
				}
				q.DescribeColumn = col
			}
			return q, p.end()
		}
		if !p.keyword("HISTORY") {
			return nil, unsupported("kafkalab's spark.sql supports SELECT ..., SHOW TABLES and DESCRIBE HISTORY <table>")
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		q.DescribeHistory, q.Table = true, name
		if err := p.limit(q); err != nil {
			return nil, err
		}
		return q, p.end()
	}
	if p.keyword("SHOW") {
		if p.keyword("TBLPROPERTIES") {
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			q.ShowTblProperties, q.Table = true, name
			if p.op("(") {
				if q.TblPropertyKey, err = p.propertyKey(); err != nil {
					return nil, err
				}
				if !p.op(")") {
					return nil, p.syntaxError()
				}
			}
			return q, p.end()
		}
		if p.keyword("CREATE") {
			if !p.keyword("TABLE") {
				return nil, p.syntaxError()
			}
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			p.keyword("AS")
			p.keyword("SERDE")
			q.ShowCreateTable, q.Table = true, name
			return q, p.end()
		}
		if p.keyword("PARTITIONS") {
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			q.ShowPartitions, q.Table = true, name
			if p.keyword("PARTITION") {
				if q.ShowPartitionSpec, err = p.partitionSpec(); err != nil {
					return nil, err
				}
			}
			return q, p.end()
		}
		if p.keyword("COLUMNS") {
			if !p.keyword("IN") && !p.keyword("FROM") {
				return nil, p.syntaxError()
			}
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			if p.keyword("IN") || p.keyword("FROM") {
				db, ok := p.identifier()
				if !ok {
					return nil, p.syntaxError()
				}
				name = db + "." + name
			}
			q.ShowColumns, q.Table = true, name
			return q, p.end()
		}
		if p.keyword("DATABASES") || p.keyword("SCHEMAS") || p.keyword("NAMESPACES") {
			q.ShowDatabases = true
			return p.showLikeEnd(q)
		}
		if p.at(tkIdent, "FUNCTIONS") || ((p.at(tkIdent, "USER") || p.at(tkIdent, "SYSTEM") || p.at(tkIdent, "ALL")) && strings.EqualFold(p.toks[p.i+1].text, "FUNCTIONS")) {
			q.ShowFunctions, q.ShowFunctionsKind = true, "all"
			if !p.at(tkIdent, "FUNCTIONS") {
				q.ShowFunctionsKind = strings.ToLower(p.next().text)
			}
			p.next()
			if err := p.showIn(q); err != nil {
				return nil, err
			}
			return p.showLikeEnd(q)
		}
		if p.keyword("VIEWS") {
			q.ShowViews = true
			if err := p.showIn(q); err != nil {
				return nil, err
			}
			return p.showLikeEnd(q)
		}
		if !p.keyword("TABLES") {
			return nil, unsupported("kafkalab's spark.sql supports SHOW TABLES; use the DataFrame API for SHOW %s", strings.ToUpper(p.peek().text))
		}
		q.ShowTables = true
		if err := p.showIn(q); err != nil {
			return nil, err
		}
		return p.showLikeEnd(q)
	}
	if !p.keyword("SELECT") {
		if p.at(tkEOF, "") {
			return nil, emptyStatement(p.src)
		}
		if !sparkStatementWords[strings.ToUpper(p.peek().text)] {
			// Not a statement Spark knows: its parser fails at the first word.
			return nil, p.syntaxError()
		}
		return nil, unsupported("kafkalab's spark.sql supports SELECT ..., SHOW TABLES and DESCRIBE HISTORY <table>; use the DataFrame API for %s", strings.ToUpper(p.peek().text))
	}
	if p.peek().kind == tkHint {
		hints, err := parseHints(p.next().text)
		if err != nil {
			return nil, err
		}
		q.Hints = hints
	}
	q.Distinct = p.keyword("DISTINCT")
	for {
		item, err := p.expr()
		if err != nil {
			return nil, err
		}
		item, err = p.selectAlias(item)
		if err != nil {
			return nil, err
		}
		q.Items = append(q.Items, item)
		if !p.op(",") {
			break
		}
		if from := p.peek(); p.at(tkIdent, "FROM") && !(p.toks[p.i+1].kind == tkOp && p.toks[p.i+1].text == ",") {
			// Spark reads "a, FROM t" as a column FROM aliased t, which its analyzer then
			// reports as the trailing comma it is, at the FROM.
			e := sparkerrors.New(sparkerrors.AnalysisException, "TRAILING_COMMA_IN_SELECT")
			line, pos := p.lineAndPos(from.pos)
			e.WithPlan, e.Tail = true, fmt.Sprintf(" line %d pos %d;", line, pos)
			return nil, e
		}
	}
	if p.keyword("FROM") {
		switch {
		case p.at(tkOp, "("):
			text, err := p.parenthesised()
			if err != nil {
				return nil, err
			}
			q.FromQuery = text
		case p.at(tkIdent, "VALUES"):
			start := p.next().pos
			if _, err := p.valuesRows(); err != nil {
				return nil, err
			}
			q.FromQuery = strings.TrimSpace(p.src[start:p.peek().pos])
		case p.peek().kind == tkIdent && p.toks[p.i+1].kind == tkOp && p.toks[p.i+1].text == "(" && !isClauseWord(p.peek().text) &&
			!deltaTableChanges(p.peek().text):
			name := p.next()
			if generatorFunctions[strings.ToLower(name.text)] {
				if _, err := p.parenthesised(); err != nil {
					return nil, err
				}
				q.FromQuery = "SELECT " + p.src[name.pos:p.toks[p.i-1].pos+1]
				break
			}
			p.next() // (
			args, err := p.exprList(")")
			if err != nil {
				return nil, err
			}
			q.TableFunction, q.TableFunctionArgs = strings.ToLower(name.text), args
		default:
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			if fn := strings.Trim(strings.ToLower(name), "`"); (fn == "table_changes" || fn == "table_changes_by_path") && p.at(tkOp, "(") {
				if q.TableChanges, err = p.tableChanges(fn); err != nil {
					return nil, err
				}
				break
			}
			q.Table = name
			if err := p.timeTravel(q); err != nil {
				return nil, err
			}
			if p.keyword("TABLESAMPLE") {
				if q.Sample, err = p.tableSample(); err != nil {
					return nil, err
				}
			}
		}
		if p.keyword("AS") {
			alias, ok := p.identifier()
			if !ok {
				return nil, p.syntaxError()
			}
			q.TableAlias = alias
		} else if t := p.peek(); (t.kind == tkIdent && !isClauseWord(t.text)) || t.kind == tkQuoted {
			q.TableAlias, _ = p.identifier()
		} else if t.kind == tkIdent && aliasableClauseWord(t.text) && (p.toks[p.i+1].kind == tkEOF || clauseCannotStart(p.toks[p.i:])) {
			// A clause word that cannot start its clause (it ends the query, or GROUP BY
			// ends it, or ORDER lacks its BY): Spark's grammar then reads it as the table's
			// alias (WHERE, GROUP... are non-reserved keywords by default), so SELECT id
			// FROM t WHERE runs, on t aliased WHERE, and SELECT * FROM t GROUP BY fails at BY.
			q.TableAlias, _ = p.identifier()
		}
		if q.TableAlias != "" && p.at(tkOp, "(") {
			p.next()
			for {
				c, ok := p.identifier()
				if !ok {
					return nil, p.syntaxError()
				}
				q.AliasColumns = append(q.AliasColumns, c)
				if !p.op(",") {
					break
				}
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
		}
		for {
			j, ok, err := p.join()
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			q.Joins = append(q.Joins, j)
		}
		if err := p.lateralViews(q); err != nil {
			return nil, err
		}
		if p.at(tkIdent, "PIVOT") {
			if err := p.pivot(q); err != nil {
				return nil, err
			}
		}
		if p.at(tkIdent, "UNPIVOT") {
			if err := p.unpivot(q); err != nil {
				return nil, err
			}
		}
	}
	if p.keyword("WHERE") {
		if q.Where, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if p.keyword("GROUP") {
		if !p.keyword("BY") {
			return nil, p.syntaxError()
		}
		if err := p.groupBy(q); err != nil {
			return nil, err
		}
		if p.ordinalErr != nil {
			return nil, p.ordinalErr
		}
	}
	if p.keyword("HAVING") {
		if q.Having, err = p.expr(); err != nil {
			return nil, err
		}
	}
	windows := map[string]WindowSpec{}
	for {
		if p.keyword("WINDOW") {
			for {
				name, ok := p.identifier()
				if !ok || !p.keyword("AS") {
					return nil, p.syntaxError()
				}
				o, err := p.over(Call{})
				if err != nil {
					return nil, err
				}
				windows[strings.ToLower(name)] = o.(Over).Spec
				if !p.op(",") {
					break
				}
			}
			continue
		}
		if p.keyword("QUALIFY") {
			if q.Qualify, err = p.expr(); err != nil {
				return nil, err
			}
			continue
		}
		break
	}
	orgStart := p.peek()
	if p.keyword("ORDER") {
		if !p.keyword("BY") {
			return nil, p.syntaxError()
		}
		if p.at(tkEOF, "") {
			// Spark's parser gives up on an empty ORDER BY at its first word.
			return nil, syntaxErr(p.src, orgStart.pos, orgStart.nearText(), "")
		}
		order, err := p.sortItems()
		if err != nil {
			return nil, err
		}
		order = orderByAll(order, q.Items)
		// ORDER BY n is the n-th select item (spark.sql.orderByOrdinal): its output name.
		for i, o := range order {
			so := o.(SortOrder)
			if l, ok := so.Child.(Literal); ok {
				if n, ok := l.Value.(int32); ok && n >= 1 && int(n) <= len(q.Items) {
					switch it := q.Items[n-1].(type) {
					case Alias:
						so.Child = ColumnRef{Parts: []string{it.Name}}
					case Star:
					default:
						so.Child = it
					}
					order[i] = so
				}
			}
		}
		q.OrderBy = order
	}
	if err := p.partitionClauses(q); err != nil {
		// Spark refuses the clauses when it builds the plan, pointing at all of the
		// query's ordering clauses with its LIMIT and OFFSET.
		if p.limit(q) == nil && p.keyword("OFFSET") {
			_, _, _ = p.limitLike("offset")
		}
		return nil, p.atSpan(err, orgStart, p.prevEnd())
	}
	if err := p.limit(q); err != nil {
		return nil, err
	}
	if err := resolveWindowRefs(q, windows); err != nil {
		return nil, err
	}
	if p.at(tkIdent, "OFFSET") && p.toks[p.i+1].kind == tkEOF {
		// As LIMIT: an OFFSET with nothing after it is extra input to Spark's parser.
		return nil, p.extraInput()
	}
	if p.keyword("OFFSET") {
		n, cols, err := p.limitLike("offset")
		if err != nil {
			return nil, err
		}
		q.Offset, q.OffsetColumns = n, cols
	}
	return q, p.end()
}

// sparkStatementWords are the words Spark SQL statements begin with: another first word is
// a syntax error, not a statement kafkalab lacks.
var sparkStatementWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields("SELECT WITH VALUES FROM TABLE CREATE INSERT UPDATE DELETE MERGE DROP ALTER SHOW " +
		"DESCRIBE DESC EXPLAIN SET RESET USE CACHE UNCACHE CLEAR REFRESH ANALYZE TRUNCATE MSCK REPAIR LOAD ADD LIST " +
		"COMMENT REPLACE DECLARE EXECUTE CALL OPTIMIZE VACUUM RESTORE CONVERT GENERATE FSCK REORG BEGIN COMMIT ROLLBACK") {
		sparkStatementWords[w] = true
	}
}

// clauseCannotStart reports whether toks, from a GROUP or ORDER word on, cannot be its
// clause: GROUP BY with nothing after it, or ORDER without BY.
func clauseCannotStart(toks []token) bool {
	if len(toks) < 2 || !(strings.EqualFold(toks[0].text, "GROUP") || strings.EqualFold(toks[0].text, "ORDER")) {
		return false
	}
	if !strings.EqualFold(toks[1].text, "BY") || toks[1].kind != tkIdent {
		return strings.EqualFold(toks[0].text, "ORDER")
	}
	return strings.EqualFold(toks[0].text, "GROUP") && len(toks) > 2 && toks[2].kind == tkEOF
}

// aliasableClauseWord is a clause word Spark accepts as a table alias (a non-reserved
// keyword; the join and set-operation words are strictly non-reserved and never are).
func aliasableClauseWord(s string) bool {
	switch strings.ToUpper(s) {
	case "WHERE", "GROUP", "ORDER", "LIMIT", "HAVING", "OFFSET", "WINDOW", "PIVOT", "UNPIVOT", "CLUSTER", "DISTRIBUTE", "SORT":
		return true
	}
	return false
}

func isClauseWord(s string) bool {
	switch strings.ToUpper(s) {
	case "FROM", "WHERE", "GROUP", "ORDER", "LIMIT", "HAVING", "VERSION", "TIMESTAMP",
		"JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL", "ON", "USING", "SEMI", "ANTI", "UNION", "EXCEPT", "INTERSECT", "LATERAL",
		"MINUS", "OFFSET", "WINDOW", "QUALIFY", "PIVOT", "UNPIVOT", "CLUSTER", "DISTRIBUTE", "SORT":
		return true
	}
	return false
}

func (p *sqlParser) tableName() (string, error) {
	var parts []string
	for {
		first := p.peek()
		name, ok := p.identifier()
		if !ok {
			return "", p.syntaxError()
		}
		if first.kind == tkIdent && p.at(tkOp, "-") && p.toks[p.i+1].kind == tkIdent {
			// Spark's parser reads a-b as one name and refuses it: INVALID_IDENTIFIER, at the
			// first '-'.
			ident, dash := name, p.peek()
			for p.at(tkOp, "-") && p.toks[p.i+1].kind == tkIdent {
				p.next()
				ident += "-" + p.next().text
			}
			e := sparkerrors.New(sparkerrors.ParseException, "INVALID_IDENTIFIER", "ident", ident)
			e.ParseAt, e.ParseSrc = dash.pos+1, p.src
			return "", e
		}
		parts = append(parts, "`"+strings.ReplaceAll(name, "`", "``")+"`")
		if !p.op(".") {
			break
		}
	}
	return strings.Join(parts, "."), nil
}

func (p *sqlParser) limit(q *Query) error {
	if p.at(tkIdent, "LIMIT") && p.toks[p.i+1].kind == tkEOF {
		// A LIMIT with nothing after it is not a clause to Spark's parser, but extra input.
		return p.extraInput()
	}
	if !p.keyword("LIMIT") {
		return nil
	}
	if p.keyword("ALL") {
		return nil // LIMIT ALL is no limit
	}
	n, cols, err := p.limitLike("limit")
	if err != nil {
		return err
	}
	q.Limit, q.LimitColumns = n, cols
	return nil
}

// limitLike reads LIMIT's or OFFSET's argument: Spark takes any constant integer expression
// there (LIMIT length('SPARK')), evaluated once, and checks it as CheckAnalysis does: an
// expression of columns is IS_UNFOLDABLE, one of another type DATA_TYPE, a negative value
// IS_NEGATIVE (each worded "The limit like expression ..." for OFFSET too).
func (p *sqlParser) limitLike(what string) (int, Expr, error) {
	e, err := p.expr()
	if err != nil {
		return 0, nil, err
	}
	limitErr := func(sub, shown, rest string) error {
		return limitLikeError(what, sub, shown, rest)
	}
	if len(ColumnNames(e)) > 0 {
		return 0, e, nil
	}
	b, err := Resolve(e, &Scope{})
	if err != nil {
		return 0, nil, err
	}
	shown := b.SQL()
	if l, ok := b.(*boundLit); ok {
		if str, isStr := l.value.(string); isStr {
			shown = str // Spark shows a string literal's text unquoted here
		}
	}
	if !isIntegralType(b.DataType()) {
		return 0, nil, limitErr("DATA_TYPE", shown, fmt.Sprintf("must be integer type, but got \"%s\".", b.DataType().SQL()))
	}
	v, err := b.Eval(&EvalContext{TimeZone: "UTC", Location: time.UTC, Ansi: true}, nil)
	if err != nil {
		return 0, nil, err
	}
	n := toInt64(v)
	if n < 0 {
		return 0, nil, limitErr("IS_NEGATIVE", shown, fmt.Sprintf("must be equal to or greater than 0, but got %d.", n))
	}
	return int(n), nil, nil
}

func limitLikeError(what, sub, shown, rest string) error {
	return &AnalysisError{Class: "INVALID_LIMIT_LIKE_EXPRESSION." + sub,
		Message: fmt.Sprintf("The limit like expression \"%s\" is invalid. The %s expression %s", shown, what, rest)}
}

// LimitNotFoldable is INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE for a LIMIT ("limit") or
// OFFSET ("offset") expression of the query's columns, shown as Spark prints it.
func LimitNotFoldable(what, shown string) error {
	return limitLikeError(what, "IS_UNFOLDABLE", shown, "must evaluate to a constant value.")
}

// TableSample is TABLESAMPLE (n ROWS), which is a LIMIT n, or TABLESAMPLE (x PERCENT) and
// (BUCKET x OUT OF y), a sample of that fraction without replacement, seeded by
// REPEATABLE (seed) or, as in Spark, by a random number.
type TableSample struct {
	Rows     int // -1 for a fraction
	Fraction float64
	Seed     *int64
}

// tableSample parses TABLESAMPLE's parenthesis and REPEATABLE after the keyword.
func (p *sqlParser) tableSample() (*TableSample, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	number := func() (float64, string, error) {
		neg := p.op("-")
		t := p.next()
		if t.kind != tkNumber {
			return 0, "", parseErr("Syntax error at or near '" + t.text + "'.")
		}
		f, err := strconv.ParseFloat(strings.TrimRight(t.text, "LlDdSsYyBbFf"), 64)
		if err != nil {
			return 0, "", parseErr("Syntax error at or near '" + t.text + "'.")
		}
		if neg {
			f = -f
		}
		return f, t.text, nil
	}
	ts := &TableSample{Rows: -1}
	fractionErr := func(f float64) error {
		return sparkerrors.New(sparkerrors.ParseException, "_LEGACY_ERROR_TEMP_0064",
			"msg", "Sampling fraction ("+sqltypes.JavaDoubleString(f)+") must be on interval [0, 1]")
	}
	if p.keyword("BUCKET") {
		x, _, err := number()
		if err != nil {
			return nil, err
		}
		if !p.keyword("OUT") || !p.keyword("OF") {
			return nil, p.syntaxError()
		}
		y, _, err := number()
		if err != nil {
			return nil, err
		}
		if p.at(tkIdent, "ON") {
			return nil, &UnsupportedError{Message: "kafkalab does not support TABLESAMPLE (BUCKET x OUT OF y ON ...)"}
		}
		ts.Fraction = x / y
		if x > y {
			return nil, sparkerrors.New(sparkerrors.ParseException, "_LEGACY_ERROR_TEMP_0064",
				"msg", fmt.Sprintf("Numerator (%d) must be <= denominator (%d)", int64(x), int64(y)))
		}
	} else {
		f, text, err := number()
		if err != nil {
			return nil, err
		}
		switch {
		case p.keyword("ROWS"):
			n, err := strconv.Atoi(text)
			if err != nil || n < 0 {
				return nil, parseErr("Syntax error at or near '" + text + "'.")
			}
			ts.Rows = n
		case p.keyword("PERCENT"):
			ts.Fraction = f / 100
			const eps = 1e-6 // RandomSampler.roundingEpsilon
			if ts.Fraction < -eps || ts.Fraction > 1+eps {
				return nil, fractionErr(ts.Fraction)
			}
		default:
			return nil, p.syntaxError()
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	if p.keyword("REPEATABLE") {
		if err := p.expect("("); err != nil {
			return nil, err
		}
		t := p.next()
		seed, err := strconv.ParseInt(t.text, 10, 64)
		if t.kind != tkNumber || err != nil {
			return nil, parseErr("Syntax error at or near '" + t.text + "'.")
		}
		ts.Seed = &seed
		if err := p.expect(")"); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// isIntegralType: TINYINT, SMALLINT, INT or BIGINT, the types LIMIT and OFFSET take.
func isIntegralType(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
		return true
	}
	return false
}

func (p *sqlParser) end() error {
	for p.op(";") {
	}
	if p.at(tkEOF, "") {
		return nil
	}
	return p.extraInput()
}

// partitionClauses parses [CLUSTER BY exprs] [DISTRIBUTE BY exprs] [SORT BY items], in
// Spark's order (queryOrganization); ORDER BY with any of them, or CLUSTER BY with another,
// is the ParseException UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES.
func (p *sqlParser) partitionClauses(q *Query) error {
	var err error
	if p.at(tkIdent, "CLUSTER") && strings.EqualFold(p.toks[p.i+1].text, "BY") {
		p.next()
		p.next()
		if q.ClusterBy, err = p.commaExprs(); err != nil {
			return err
		}
	}
	if p.at(tkIdent, "DISTRIBUTE") && strings.EqualFold(p.toks[p.i+1].text, "BY") {
		p.next()
		p.next()
		if q.DistributeBy, err = p.commaExprs(); err != nil {
			return err
		}
	}
	if p.at(tkIdent, "SORT") && strings.EqualFold(p.toks[p.i+1].text, "BY") {
		sortTok := p.next()
		p.next()
		if p.at(tkEOF, "") {
			return syntaxErr(p.src, sortTok.pos, sortTok.nearText(), "")
		}
		if q.SortBy, err = p.sortItems(); err != nil {
			return err
		}
	}
	if (q.ClusterBy != nil && (q.DistributeBy != nil || q.SortBy != nil)) || (len(q.OrderBy) > 0 && (q.ClusterBy != nil || q.DistributeBy != nil || q.SortBy != nil)) {
		return &AnalysisError{Kind: sparkerrors.ParseException, Class: "UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES",
			Message: "The feature is not supported: Combination of ORDER BY/SORT BY/DISTRIBUTE BY/CLUSTER BY."}
	}
	return nil
}

// parseHints reads a hint comment's text: name or name(args), separated by commas or
// spaces (Spark's hintStatement list); a malformed hint is a syntax error.
func parseHints(text string) ([]Call, error) {
	p, err := newSQLParser(text)
	if err != nil {
		return nil, err
	}
	var out []Call
	for !p.at(tkEOF, "") {
		name, ok := p.identifier()
		if !ok {
			return nil, p.syntaxError()
		}
		c := Call{Name: strings.ToUpper(name)}
		if p.op("(") {
			if c.Args, err = p.exprList(")"); err != nil {
				return nil, err
			}
		}
		out = append(out, c)
		p.op(",")
	}
	return out, nil
}

// commaExprs parses expr, expr, ... (no brackets).
func (p *sqlParser) commaExprs() ([]Expr, error) {
	var out []Expr
	for {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		if !p.op(",") {
			return out, nil
		}
	}
}

// orderByAll is ORDER BY ALL [ASC|DESC] [NULLS FIRST|LAST] (Spark's ResolveOrderByAll): the
// select items in order, each sorted that way, as their ordinals. ALL stays a column name
// when a select item is named all, or when the select list has a star (left to resolve).
func orderByAll(order []Expr, items []Expr) []Expr {
	if len(order) != 1 {
		return order
	}
	so := order[0].(SortOrder)
	ref, ok := so.Child.(ColumnRef)
	if !ok || len(ref.Parts) != 1 || !strings.EqualFold(ref.Parts[0], "all") {
		return order
	}
	for _, it := range items {
		switch it := it.(type) {
		case Star:
			return order
		case Alias:
			if strings.EqualFold(it.Name, "all") {
				return order
			}
		case ColumnRef:
			if strings.EqualFold(it.Parts[len(it.Parts)-1], "all") {
				return order
			}
		}
	}
	out := make([]Expr, len(items))
	for i := range items {
		out[i] = SortOrder{Child: Literal{Value: int32(i + 1)}, Desc: so.Desc, NullsFirst: so.NullsFirst}
	}
	return out
}

// sortItems parses expr [ASC|DESC] [NULLS FIRST|LAST], ... (ORDER BY's list).
func (p *sqlParser) sortItems() ([]Expr, error) {
	var out []Expr
	for {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		so := SortOrder{Child: e, NullsFirst: true}
		if p.keyword("DESC") {
			so.Desc, so.NullsFirst = true, false
		} else {
			p.keyword("ASC")
		}
		if p.keyword("NULLS") {
			switch {
			case p.keyword("FIRST"):
				so.NullsFirst = true
			case p.keyword("LAST"):
				so.NullsFirst = false
			default:
				return nil, p.syntaxError()
			}
		}
		out = append(out, so)
		if !p.op(",") {
			return out, nil
		}
	}
}

// over parses a window specification after fn(...) OVER: ( [PARTITION BY exprs]
// [ORDER BY items] [ROWS|RANGE BETWEEN bound AND bound | ROWS|RANGE bound] ).
func (p *sqlParser) over(fn Call) (Expr, error) {
	if t := p.peek(); t.kind == tkIdent || t.kind == tkQuoted {
		p.next()
		return Over{Func: fn, Ref: t.text}, nil
	}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var spec WindowSpec
	if p.keyword("PARTITION") || p.keyword("DISTRIBUTE") {
		if !p.keyword("BY") {
			return nil, p.syntaxError()
		}
		for {
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			spec.PartitionBy = append(spec.PartitionBy, e)
			if !p.op(",") {
				break
			}
		}
	}
	if p.keyword("ORDER") || p.keyword("SORT") {
		if !p.keyword("BY") {
			return nil, p.syntaxError()
		}
		order, err := p.sortItems()
		if err != nil {
			return nil, err
		}
		spec.OrderBy = order
	}
	if rows := p.at(tkIdent, "ROWS"); rows || p.at(tkIdent, "RANGE") {
		p.next()
		f := &WindowFrame{Rows: rows, Upper: CurrentRow, SQL: true}
		var err error
		if p.keyword("BETWEEN") {
			if f.Lower, err = p.frameBound(f); err != nil {
				return nil, err
			}
			if !p.keyword("AND") {
				return nil, p.syntaxError()
			}
			if f.Upper, err = p.frameBound(f); err != nil {
				return nil, err
			}
		} else if f.Lower, err = p.frameBound(f); err != nil {
			return nil, err
		}
		spec.Frame = f
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return Over{Func: fn, Spec: spec}, nil
}

// frameBound parses UNBOUNDED PRECEDING|FOLLOWING, CURRENT ROW, n PRECEDING|FOLLOWING or,
// in a RANGE frame, INTERVAL ... PRECEDING|FOLLOWING (a day-time interval, in
// microseconds, marking f an interval frame).
func (p *sqlParser) frameBound(f *WindowFrame) (int64, error) {
	switch {
	case !f.Rows && p.at(tkIdent, "INTERVAL") && p.intervalValueAhead(p.i+1):
		p.next()
		e, err := p.intervalLiteral()
		if err != nil {
			return 0, err
		}
		lit, ok := e.(Literal)
		micros, isMicros := lit.Value.(int64)
		if _, dayTime := lit.Type.(sqltypes.DayTimeIntervalType); !ok || !isMicros || !dayTime {
			return 0, &UnsupportedError{Message: "kafkalab's RANGE frames take day-time intervals (INTERVAL n HOUR/MINUTE/DAY...), not year-month ones"}
		}
		f.Interval, f.IntervalType = true, lit.Type
		if p.keyword("PRECEDING") {
			return -micros, nil
		}
		if p.keyword("FOLLOWING") {
			return micros, nil
		}
	case p.keyword("UNBOUNDED"):
		if p.keyword("PRECEDING") {
			return UnboundedPreceding, nil
		}
		if p.keyword("FOLLOWING") {
			return UnboundedFollowing, nil
		}
	case p.keyword("CURRENT"):
		if p.keyword("ROW") {
			return CurrentRow, nil
		}
	case p.peek().kind == tkNumber:
		n, err := strconv.ParseInt(p.next().text, 10, 64)
		if err != nil {
			return 0, p.syntaxError()
		}
		if p.keyword("PRECEDING") {
			return -n, nil
		}
		if p.keyword("FOLLOWING") {
			return n, nil
		}
	}
	return 0, p.syntaxError()
}

// TableChanges is Delta's table_changes('table', start[, end]) (or table_changes_by_path
// with a path): the table's change data feed from start to end. A bound given as a number
// is a version, one given as a string a timestamp.
type TableChanges struct {
	Function string // table_changes or table_changes_by_path
	Table    string
	Start    TableChangesBound
	End      *TableChangesBound
}

// TableChangesBound is one end of a table_changes range.
type TableChangesBound struct {
	Value     string
	Timestamp bool
}

// tableChanges parses the arguments of table_changes(...) after its name.
func (p *sqlParser) tableChanges(fn string) (*TableChanges, error) {
	p.next() // (
	var args []token
	for {
		t := p.next()
		if t.kind != tkString && t.kind != tkNumber {
			return nil, parseErr("Syntax error at or near '" + t.text + "': " + fn + " takes a table name, then a starting and an optional ending version (a number) or timestamp (a string).")
		}
		args = append(args, t)
		if p.op(",") {
			continue
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		break
	}
	if len(args) < 2 || len(args) > 3 || args[0].kind != tkString {
		return nil, &AnalysisError{Class: "INCORRECT_NUMBER_OF_ARGUMENTS", Message: fmt.Sprintf(
			"%s requires at least 2 arguments and at most 3 arguments: the table, a start and an optional end.", fn)}
	}
	bound := func(t token) TableChangesBound {
		return TableChangesBound{Value: t.text, Timestamp: t.kind == tkString}
	}
	tc := &TableChanges{Function: fn, Table: args[0].text, Start: bound(args[1])}
	if len(args) == 3 {
		b := bound(args[2])
		tc.End = &b
	}
	return tc, nil
}

// selectAlias reads what may follow a select item: AS name, a bare name, or a generator's
// several names AS (a, b).
func (p *sqlParser) selectAlias(item Expr) (Expr, error) {
	if p.keyword("AS") {
		if p.op("(") {
			var names []string
			for {
				n, ok := p.identifier()
				if !ok {
					return nil, p.syntaxError()
				}
				names = append(names, n)
				if !p.op(",") {
					break
				}
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return Alias{Child: item, Name: names[0], Names: names}, nil
		}
		name, ok := p.identifier()
		if !ok {
			return nil, p.syntaxError()
		}
		return Alias{Child: item, Name: name}, nil
	}
	if t := p.peek(); (t.kind == tkIdent && !isClauseWord(t.text)) || t.kind == tkQuoted {
		name, _ := p.identifier()
		return Alias{Child: item, Name: name}, nil
	}
	return item, nil
}
