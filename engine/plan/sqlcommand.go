package plan

import (
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// CreateTable is CREATE TABLE [IF NOT EXISTS] name [(columns)] USING delta|parquet|csv|json|orc|text
// [OPTIONS (...)] [PARTITIONED BY (...)] [LOCATION '..'] [COMMENT '..'] [TBLPROPERTIES (...)]
// [AS query].
type CreateTable struct {
	Table       string
	IfNotExists bool
	// Replace is CREATE OR REPLACE TABLE: an existing table is replaced (its history kept).
	Replace  bool
	Columns  string // the column list's DDL text, "" when absent
	AsSelect string // the AS query's text, "" when absent
	// PartitionedBy are PARTITIONED BY's columns; Properties are TBLPROPERTIES's.
	PartitionedBy []string
	Properties    []Property
	// Format is the USING data source in lower case; a format other than delta makes a
	// catalog table of files (Options are its OPTIONS, Location its LOCATION, "" for a
	// managed table in the warehouse, Comment its COMMENT).
	Format   string
	Options  []Property
	Location string
	Comment  *string
	// Refused, when set, is why kafkalab cannot run this CREATE TABLE (it is not USING
	// delta); the rest of the statement is not parsed. The command fails with it after the
	// column list's types are checked, as Spark checks them first.
	Refused error
}

// Insert is INSERT INTO|OVERWRITE [TABLE] table [(cols)] [REPLACE WHERE cond] VALUES ...|query.
type Insert struct {
	Table  string
	Values [][]Expr // the VALUES rows, nil for a query
	Select string   // the query's text
	// Overwrite is INSERT OVERWRITE: the rows replace the table's.
	Overwrite bool
	// Columns is the column list: the values fill these columns, the others are NULL.
	Columns []string
	// ReplaceWhere is INSERT INTO ... REPLACE WHERE cond (ReplaceWhereText its source):
	// the rows replace those that meet cond.
	ReplaceWhere     Expr
	ReplaceWhereText string
	// Partition is the PARTITION (col = value, col) clause, in the order written.
	Partition []PartitionValue
	// ByName is INSERT INTO t BY NAME query: the query's columns go to the table's columns
	// of their names.
	ByName bool
}

// InsertDirectory is INSERT OVERWRITE [LOCAL] DIRECTORY ['path'] USING format
// [OPTIONS (...)] query: the query's rows written to the folder (Path, or the path option).
type InsertDirectory struct {
	Path    string
	Format  string
	Options []Property
	Select  string
}

// insertDirectory parses INSERT OVERWRITE's [LOCAL] DIRECTORY ... (OVERWRITE already read).
func (p *sqlParser) insertDirectory(q *Query) (*Query, error) {
	p.keyword("LOCAL")
	if !p.keyword("DIRECTORY") {
		return nil, p.syntaxError()
	}
	d := &InsertDirectory{}
	if t := p.peek(); t.kind == tkString {
		p.next()
		d.Path = t.text
	}
	if !p.keyword("USING") {
		if p.at(tkIdent, "ROW") || p.at(tkIdent, "STORED") {
			return nil, unsupported("kafkalab writes INSERT OVERWRITE DIRECTORY with USING format (parquet, csv, json, text); Hive's ROW FORMAT / STORED AS is not in kafkalab")
		}
		return nil, p.syntaxError()
	}
	format, ok := p.identifier()
	if !ok {
		return nil, p.syntaxError()
	}
	d.Format = strings.ToLower(format)
	if p.keyword("OPTIONS") {
		opts, err := p.propertyList()
		if err != nil {
			return nil, err
		}
		d.Options = opts
	}
	if !p.at(tkIdent, "SELECT") && !p.at(tkIdent, "WITH") && !p.at(tkIdent, "FROM") && !p.at(tkIdent, "VALUES") && !p.at(tkIdent, "TABLE") && !p.at(tkOp, "(") {
		return nil, p.syntaxError()
	}
	d.Select = p.rest()
	q.InsertDirectory = d
	return q, nil
}

// PartitionValue is one column of a PARTITION (...) clause: col = value (a static value)
// or col alone (Value nil, a dynamic partition the rows give).
type PartitionValue struct {
	Column string
	Value  Expr
}

// AlterRename is ALTER TABLE name RENAME TO new, or RENAME COLUMN Column TO To.
type AlterRename struct {
	Table, To string
	Column    string
}

// AlterPartitions is ALTER TABLE name ADD [IF NOT EXISTS] PARTITION (...) [PARTITION (...)]
// or DROP [IF EXISTS] PARTITION (...), ...: Drop tells which.
type AlterPartitions struct {
	Table    string
	Drop     bool
	IfExists bool // IF NOT EXISTS of ADD, IF EXISTS of DROP
	Specs    [][]PartitionValue
}

// partitionSpec reads PARTITION's (col [= value], ...), the keyword already read.
func (p *sqlParser) partitionSpec() ([]PartitionValue, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var out []PartitionValue
	for {
		col, ok := p.identifier()
		if !ok {
			return nil, p.syntaxError()
		}
		pv := PartitionValue{Column: col}
		if p.op("=") {
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			pv.Value = v
		}
		out = append(out, pv)
		if p.op(")") {
			return out, nil
		}
		if !p.op(",") {
			return nil, p.syntaxError()
		}
	}
}

// Update is UPDATE table SET col = expr, ... [WHERE cond].
type Update struct {
	Table string
	Set   []SetClause
	Where Expr
}

// SetClause is one col = expr of UPDATE.
type SetClause struct {
	Column string
	Value  Expr
}

// Delete is DELETE FROM table [WHERE cond].
type Delete struct {
	Table string
	Where Expr
}

// Vacuum is VACUUM table [RETAIN n HOURS] [DRY RUN] (delta-spark's SQL).
type Vacuum struct {
	Table       string
	RetainHours *float64 // nil without RETAIN
	DryRun      bool
}

// Optimize is OPTIMIZE table [WHERE partition-predicate] (delta-spark's compaction; ZORDER
// BY is refused).
type Optimize struct {
	Table string
	Where Expr
}

// AlterProperties is ALTER TABLE table SET TBLPROPERTIES ('key' = 'value', ...).
type AlterProperties struct {
	Table string
	Set   []Property
	// Unset is ALTER TABLE table UNSET TBLPROPERTIES [IF EXISTS] (key, ...)'s keys.
	Unset    []string
	IfExists bool
}

// AlterColumns is ALTER TABLE table ADD COLUMNS (col type [COMMENT '..'], ...) (Add is the
// column list's DDL text) or ALTER TABLE table ALTER COLUMN col COMMENT '..'.
type AlterColumns struct {
	Table   string
	Add     string
	Column  string
	Comment *string
}

// AlterConstraint is delta-spark's ALTER TABLE table ADD CONSTRAINT name CHECK (expr) or
// ALTER TABLE table DROP CONSTRAINT [IF EXISTS] name.
type AlterConstraint struct {
	Table string
	Name  string
	// Check is the CHECK expression's text as written (ADD); "" for DROP.
	Check    string
	Drop     bool
	IfExists bool
}

// Property is one key = value of TBLPROPERTIES.
type Property struct{ Key, Value string }

// propertyKey reads a table property's key: a string, or identifiers joined by dots
// (delta.appendOnly).
func (p *sqlParser) propertyKey() (string, error) {
	if t := p.peek(); t.kind == tkString {
		p.next()
		return t.text, nil
	}
	var parts []string
	for {
		id, ok := p.identifier()
		if !ok {
			return "", p.syntaxError()
		}
		parts = append(parts, id)
		if !p.op(".") {
			return strings.Join(parts, "."), nil
		}
	}
}

// propertyList reads TBLPROPERTIES's (key = value, ...).
func (p *sqlParser) propertyList() ([]Property, error) {
	if !p.op("(") {
		return nil, p.syntaxError()
	}
	var out []Property
	for {
		k, err := p.propertyKey()
		if err != nil {
			return nil, err
		}
		p.op("=")
		v, err := p.propertyValue()
		if err != nil {
			return nil, err
		}
		out = append(out, Property{Key: k, Value: v})
		if p.op(")") {
			return out, nil
		}
		if !p.op(",") {
			return nil, p.syntaxError()
		}
	}
}

// reservedProperties are the table properties Spark's parser refuses in TBLPROPERTIES, with
// the reason its UNSUPPORTED_FEATURE.SET_TABLE_PROPERTY gives (PySpark 4.2.0's words).
var reservedProperties = map[string]string{
	"owner":               "it will be set to the current user",
	"provider":            "please use the USING clause to specify it",
	"location":            "please use the LOCATION clause to specify it",
	"external":            "please use CREATE EXTERNAL TABLE",
	"is_managed_location": "please remove it from the TBLPROPERTIES list.",
}

// checkReservedProperties refuses a reserved key in CREATE TABLE's or ALTER TABLE SET's
// TBLPROPERTIES, as Spark's parser does for every table.
func checkReservedProperties(props []Property) error {
	for _, p := range props {
		if msg, ok := reservedProperties[strings.ToLower(p.Key)]; ok {
			return sparkerrors.New(sparkerrors.ParseException, "UNSUPPORTED_FEATURE.SET_TABLE_PROPERTY", "property", p.Key, "msg", msg)
		}
	}
	return nil
}

// propertyValue reads a table property's value: a string, a number or a word (true).
func (p *sqlParser) propertyValue() (string, error) {
	t := p.peek()
	switch t.kind {
	case tkString, tkNumber, tkIdent:
		p.next()
		return t.text, nil
	}
	return "", p.syntaxError()
}

// command parses CREATE TABLE, INSERT INTO, UPDATE, DELETE FROM, VACUUM, OPTIMIZE and
// ALTER TABLE ... SET TBLPROPERTIES.
func (p *sqlParser) command(q *Query) (*Query, error) {
	switch {
	case p.keyword("ALTER"):
		if p.keyword("VIEW") {
			name, err := p.tableName()
			if err != nil {
				return nil, err
			}
			if !p.keyword("AS") {
				return nil, unsupported("kafkalab's spark.sql supports ALTER VIEW %s AS query; other ALTER VIEW forms are not yet in kafkalab", name)
			}
			q.CreateView = &CreateView{Name: name, Alter: true, Persistent: true, AsSelect: p.rest()}
			return q, nil
		}
		if !p.keyword("TABLE") {
			return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE ... SET TBLPROPERTIES; ALTER %s is not yet in kafkalab", strings.ToUpper(p.peek().text))
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		if p.keyword("RENAME") {
			if p.keyword("COLUMN") {
				from, err := p.columnPath()
				if err != nil {
					return nil, err
				}
				if !p.keyword("TO") {
					return nil, p.syntaxError()
				}
				to, ok := p.identifier()
				if !ok {
					return nil, p.syntaxError()
				}
				q.AlterRename, q.Table = &AlterRename{Table: name, Column: from, To: to}, name
				return q, p.end()
			}
			if !p.keyword("TO") {
				return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE %s RENAME TO name; RENAME %s is not yet in kafkalab (run it on real Spark with kafkalab export)", name, strings.ToUpper(p.peek().text))
			}
			to, err := p.tableName()
			if err != nil {
				return nil, err
			}
			q.AlterRename, q.Table = &AlterRename{Table: name, To: to}, name
			return q, p.end()
		}
		if p.at(tkIdent, "DROP") && (strings.EqualFold(p.toks[p.i+1].text, "PARTITION") || strings.EqualFold(p.toks[p.i+1].text, "IF")) {
			p.next()
			a := &AlterPartitions{Table: name, Drop: true}
			if given, err := p.ifExists(); err != nil {
				return nil, err
			} else if given {
				a.IfExists = true
			}
			for p.keyword("PARTITION") {
				spec, err := p.partitionSpec()
				if err != nil {
					return nil, err
				}
				a.Specs = append(a.Specs, spec)
				if !p.op(",") {
					break
				}
			}
			if len(a.Specs) == 0 {
				return nil, p.syntaxError()
			}
			p.keyword("PURGE")
			q.AlterPartitions, q.Table = a, name
			return q, p.end()
		}
		if p.at(tkIdent, "ADD") && (strings.EqualFold(p.toks[p.i+1].text, "PARTITION") || strings.EqualFold(p.toks[p.i+1].text, "IF")) {
			p.next()
			a := &AlterPartitions{Table: name}
			if given, err := p.ifNotExists(); err != nil {
				return nil, err
			} else if given {
				a.IfExists = true
			}
			for p.keyword("PARTITION") {
				spec, err := p.partitionSpec()
				if err != nil {
					return nil, err
				}
				if p.keyword("LOCATION") {
					return nil, unsupported("kafkalab's ALTER TABLE %s ADD PARTITION does not take a LOCATION yet", name)
				}
				a.Specs = append(a.Specs, spec)
			}
			if len(a.Specs) == 0 {
				return nil, p.syntaxError()
			}
			q.AlterPartitions, q.Table = a, name
			return q, p.end()
		}
		if p.keyword("DROP") {
			if !p.keyword("CONSTRAINT") {
				return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE %s DROP CONSTRAINT name; DROP %s is not yet in kafkalab (run it on real Spark with kafkalab export)", name, strings.ToUpper(p.peek().text))
			}
			ifExists := p.keyword("IF")
			if ifExists && !p.keyword("EXISTS") {
				return nil, p.syntaxError()
			}
			cname, ok := p.identifier()
			if !ok {
				return nil, p.syntaxError()
			}
			q.AlterConstraint, q.Table = &AlterConstraint{Table: name, Name: cname, Drop: true, IfExists: ifExists}, name
			return q, p.end()
		}
		if p.keyword("ADD") {
			if p.keyword("CONSTRAINT") {
				cname, ok := p.identifier()
				if !ok {
					return nil, p.syntaxError()
				}
				if !p.keyword("CHECK") || !p.at(tkOp, "(") {
					return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE %s ADD CONSTRAINT %s CHECK (condition); other constraints are not in Delta Lake", name, cname)
				}
				text, err := p.parenthesised()
				if err != nil {
					return nil, err
				}
				q.AlterConstraint, q.Table = &AlterConstraint{Table: name, Name: cname, Check: text}, name
				return q, p.end()
			}
			if !p.keyword("COLUMNS") && !p.keyword("COLUMN") {
				return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE %s ADD COLUMNS (...); ADD %s is not yet in kafkalab (run it on real Spark with kafkalab export)", name, strings.ToUpper(p.peek().text))
			}
			var text string
			if p.at(tkOp, "(") {
				if text, err = p.parenthesised(); err != nil {
					return nil, err
				}
			} else {
				text = p.rest()
			}
			q.AlterColumns, q.Table = &AlterColumns{Table: name, Add: text}, name
			return q, p.end()
		}
		if p.keyword("ALTER") || p.keyword("CHANGE") {
			p.keyword("COLUMN")
			col, err := p.columnPath()
			if err != nil {
				return nil, err
			}
			if !p.keyword("COMMENT") {
				return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE %s ALTER COLUMN %s COMMENT '...'; other column changes are not yet in kafkalab (run them on real Spark with kafkalab export)", name, col)
			}
			t := p.next()
			if t.kind != tkString {
				return nil, parseErr("Syntax error at or near '" + t.text + "': COMMENT takes a string.")
			}
			comment := t.text
			q.AlterColumns, q.Table = &AlterColumns{Table: name, Column: col, Comment: &comment}, name
			return q, p.end()
		}
		if p.keyword("UNSET") {
			if !p.keyword("TBLPROPERTIES") {
				return nil, p.syntaxError()
			}
			a := &AlterProperties{Table: name}
			if given, err := p.ifExists(); err != nil {
				return nil, err
			} else if given {
				a.IfExists = true
			}
			if err := p.expect("("); err != nil {
				return nil, err
			}
			for {
				k, err := p.propertyKey()
				if err != nil {
					return nil, err
				}
				a.Unset = append(a.Unset, k)
				if p.op(")") {
					break
				}
				if !p.op(",") {
					return nil, p.syntaxError()
				}
			}
			q.AlterProperties, q.Table = a, name
			return q, p.end()
		}
		if !p.keyword("SET") || !p.keyword("TBLPROPERTIES") {
			return nil, unsupported("kafkalab's spark.sql supports ALTER TABLE %s SET TBLPROPERTIES (...) only; other ALTER TABLE forms are not yet in kafkalab (run them on real Spark with kafkalab export)", name)
		}
		props, err := p.propertyList()
		if err != nil {
			return nil, err
		}
		if err := checkReservedProperties(props); err != nil {
			return nil, err
		}
		q.AlterProperties, q.Table = &AlterProperties{Table: name, Set: props}, name
		return q, p.end()
	case p.keyword("OPTIMIZE"):
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		o := &Optimize{Table: name}
		if p.keyword("WHERE") {
			if o.Where, err = p.expr(); err != nil {
				return nil, err
			}
		}
		if p.at(tkIdent, "ZORDER") {
			return nil, unsupported("kafkalab's OPTIMIZE compacts files (bin-packing) but does not Z-order them yet: drop ZORDER BY, or run it on real Spark with kafkalab export")
		}
		q.Optimize, q.Table = o, name
		return q, p.end()
	case p.keyword("VACUUM"):
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		v := &Vacuum{Table: name}
		if p.keyword("RETAIN") {
			t := p.next()
			h, err := strconv.ParseFloat(t.text, 64)
			if t.kind != tkNumber || err != nil || !p.keyword("HOURS") {
				return nil, p.syntaxError()
			}
			v.RetainHours = &h
		}
		if p.keyword("DRY") {
			if !p.keyword("RUN") {
				return nil, p.syntaxError()
			}
			v.DryRun = true
		}
		if err := p.end(); err != nil {
			return nil, err
		}
		q.Vacuum, q.Table = v, name
		return q, nil
	case p.keyword("CREATE"):
		c := &CreateTable{}
		replace := false
		if p.keyword("OR") {
			if !p.keyword("REPLACE") {
				return nil, p.syntaxError()
			}
			replace = true
		}
		if p.at(tkIdent, "TEMPORARY") || p.at(tkIdent, "TEMP") || p.at(tkIdent, "VIEW") || p.at(tkIdent, "GLOBAL") {
			return p.createView(q, replace)
		}
		c.Replace = replace
		if !replace && p.isDatabaseWord(p.i) {
			p.next()
			d := &CreateDatabase{}
			if given, err := p.ifNotExists(); err != nil {
				return nil, err
			} else if given {
				d.IfNotExists = true
			}
			name, err := p.databaseName()
			if err != nil {
				return nil, err
			}
			d.Name = name
			for {
				switch {
				case p.keyword("COMMENT"):
					t := p.next()
					if t.kind != tkString {
						return nil, p.syntaxError()
					}
					d.Comment = &t.text
					continue
				case p.keyword("LOCATION"):
					t := p.next()
					if t.kind != tkString {
						return nil, p.syntaxError()
					}
					d.Location = t.text
					continue
				case p.keyword("WITH"):
					if !p.keyword("DBPROPERTIES") && !p.keyword("PROPERTIES") {
						return nil, p.syntaxError()
					}
					props, err := p.propertyList()
					if err != nil {
						return nil, err
					}
					d.Properties = append(d.Properties, props...)
					continue
				}
				break
			}
			q.CreateDatabase = d
			return q, p.end()
		}
		if !p.keyword("TABLE") {
			return nil, unsupported("kafkalab's spark.sql supports CREATE TABLE ... USING delta; %s is not yet in kafkalab", strings.ToUpper(p.peek().text))
		}
		if replace && p.at(tkIdent, "IF") {
			return nil, p.syntaxError() // Spark's grammar has no CREATE OR REPLACE ... IF NOT EXISTS
		}
		if given, err := p.ifNotExists(); err != nil {
			return nil, err
		} else if given {
			c.IfNotExists = true
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		c.Table = name
		if p.at(tkOp, "(") {
			text, err := p.parenthesised()
			if err != nil {
				return nil, err
			}
			c.Columns = text
		}
		if !p.keyword("USING") {
			return refusedCreate(q, c, unsupported("kafkalab creates Delta tables only: add USING delta to CREATE TABLE %s", name))
		}
		format, ok := p.identifier()
		if !ok {
			return nil, p.syntaxError()
		}
		switch f := strings.ToLower(format); f {
		case "delta":
		case "parquet", "csv", "json", "orc", "text":
			c.Format = f
		default:
			return refusedCreate(q, c, unsupported("kafkalab creates Delta tables and tables of parquet, csv, json, orc or text files, not USING %s", format))
		}
		for {
			if c.Format != "" && p.keyword("OPTIONS") {
				opts, err := p.propertyList()
				if err != nil {
					return nil, err
				}
				c.Options = append(c.Options, opts...)
				continue
			}
			if c.Format != "" && p.keyword("LOCATION") {
				t := p.next()
				if t.kind != tkString {
					return nil, p.syntaxError()
				}
				c.Location = t.text
				continue
			}
			if c.Format != "" && p.keyword("COMMENT") {
				t := p.next()
				if t.kind != tkString {
					return nil, p.syntaxError()
				}
				c.Comment = &t.text
				continue
			}
			if p.keyword("PARTITIONED") {
				if !p.keyword("BY") || !p.op("(") {
					return nil, p.syntaxError()
				}
				for {
					col, ok := p.identifier()
					if !ok {
						return nil, p.syntaxError()
					}
					c.PartitionedBy = append(c.PartitionedBy, col)
					if p.op(")") {
						break
					}
					if !p.op(",") {
						return nil, p.syntaxError()
					}
				}
				continue
			}
			if p.keyword("TBLPROPERTIES") {
				props, err := p.propertyList()
				if err != nil {
					return nil, err
				}
				if err := checkReservedProperties(props); err != nil {
					return nil, err
				}
				c.Properties = append(c.Properties, props...)
				continue
			}
			break
		}
		if p.keyword("AS") {
			c.AsSelect = p.rest()
			if c.Columns != "" {
				return nil, &AnalysisError{Class: "_LEGACY_ERROR_TEMP_0035", Message: "Operation not allowed: Schema may not be specified in a Create Table As Select (CTAS) statement."}
			}
		} else if err := p.end(); err != nil {
			return nil, err
		}
		if c.Columns == "" && c.AsSelect == "" {
			return nil, unsupported("CREATE TABLE %s needs its columns, (name TYPE, ...), or AS SELECT ...", name)
		}
		q.Create, q.Table = c, name
		return q, nil
	case p.keyword("INSERT"):
		ins := &Insert{}
		switch {
		case p.at(tkIdent, "OVERWRITE") && (strings.EqualFold(p.toks[p.i+1].text, "DIRECTORY") || strings.EqualFold(p.toks[p.i+1].text, "LOCAL")):
			p.next()
			return p.insertDirectory(q)
		case p.keyword("OVERWRITE"):
			ins.Overwrite = true
		case p.keyword("INTO"):
		default:
			return nil, p.syntaxError()
		}
		p.keyword("TABLE")
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		ins.Table = name
		if p.keyword("PARTITION") {
			if ins.Partition, err = p.partitionSpec(); err != nil {
				return nil, err
			}
			if _, err := p.ifNotExists(); err != nil {
				return nil, err
			}
		}
		if p.at(tkIdent, "BY") && strings.EqualFold(p.toks[p.i+1].text, "NAME") {
			p.next()
			p.next()
			ins.ByName = true
		}
		if !ins.ByName && p.at(tkOp, "(") && !(p.toks[p.i+1].kind == tkIdent && (strings.EqualFold(p.toks[p.i+1].text, "SELECT") || strings.EqualFold(p.toks[p.i+1].text, "WITH"))) {
			if ins.Columns, err = p.columnList(); err != nil {
				return nil, err
			}
		}
		if !ins.Overwrite && p.keyword("REPLACE") {
			if !p.keyword("WHERE") {
				return nil, p.syntaxError()
			}
			start := p.peek().pos
			if ins.ReplaceWhere, err = p.expr(); err != nil {
				return nil, err
			}
			ins.ReplaceWhereText = strings.TrimSpace(p.src[start:p.peek().pos])
		}
		if p.keyword("VALUES") {
			for {
				if err := p.expect("("); err != nil {
					return nil, err
				}
				var row []Expr
				for {
					e, err := p.expr()
					if err != nil {
						return nil, err
					}
					row = append(row, e)
					if !p.op(",") {
						break
					}
				}
				if err := p.expect(")"); err != nil {
					return nil, err
				}
				ins.Values = append(ins.Values, row)
				if !p.op(",") {
					break
				}
			}
			if err := p.end(); err != nil {
				return nil, err
			}
		} else if p.at(tkIdent, "SELECT") || p.at(tkIdent, "WITH") || p.at(tkIdent, "FROM") || p.at(tkOp, "(") {
			ins.Select = p.rest()
		} else {
			return nil, p.syntaxError()
		}
		q.Insert, q.Table = ins, name
		return q, nil
	case p.keyword("UPDATE"):
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		u := &Update{Table: name}
		if !p.keyword("SET") {
			return nil, p.syntaxError()
		}
		for {
			col, ok := p.identifier()
			if !ok {
				return nil, p.syntaxError()
			}
			for p.op(".") {
				next, ok := p.identifier()
				if !ok {
					return nil, p.syntaxError()
				}
				col += "." + next
			}
			if err := p.expect("="); err != nil {
				return nil, err
			}
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			u.Set = append(u.Set, SetClause{Column: col, Value: v})
			if !p.op(",") {
				break
			}
		}
		if p.keyword("WHERE") {
			if u.Where, err = p.expr(); err != nil {
				return nil, err
			}
		}
		q.Update, q.Table = u, name
		return q, p.end()
	case p.keyword("DELETE"):
		if !p.keyword("FROM") {
			return nil, p.syntaxError()
		}
		name, err := p.tableName()
		if err != nil {
			return nil, err
		}
		d := &Delete{Table: name}
		if p.keyword("WHERE") {
			if d.Where, err = p.expr(); err != nil {
				return nil, err
			}
		}
		q.Delete, q.Table = d, name
		return q, p.end()
	}
	return nil, p.syntaxError()
}

// parenthesised returns the text inside the ( ... ) at the parser (nesting kept) and moves
// past it.
func (p *sqlParser) parenthesised() (string, error) {
	open := p.next()
	depth := 1
	for {
		t := p.next()
		switch {
		case t.kind == tkEOF:
			return "", parseErr("Syntax error at or near end of input: missing ')'.")
		case t.kind == tkOp && t.text == "(":
			depth++
		case t.kind == tkOp && t.text == ")":
			depth--
			if depth == 0 {
				return strings.TrimSpace(p.src[open.pos+1 : t.pos]), nil
			}
		}
	}
}

// rest returns the statement text from the parser's token on and ends the parse.
func (p *sqlParser) rest() string {
	text := p.src[p.peek().pos:]
	p.i = len(p.toks) - 1
	return strings.TrimSpace(text)
}

// timeTravel parses FROM table's VERSION AS OF n or TIMESTAMP AS OF 'ts'.
func (p *sqlParser) timeTravel(q *Query) error {
	switch {
	case p.at(tkIdent, "VERSION"):
		p.next()
		if !p.keyword("AS") || !p.keyword("OF") {
			return p.syntaxError()
		}
		t := p.next()
		n, err := strconv.ParseInt(t.text, 10, 64)
		if (t.kind != tkNumber && t.kind != tkString) || err != nil || n < 0 {
			return parseErr("Syntax error at or near '" + t.text + "': VERSION AS OF takes a version number.")
		}
		q.VersionAsOf = n
	case p.at(tkIdent, "TIMESTAMP") && p.toks[p.i+1].kind == tkIdent && strings.EqualFold(p.toks[p.i+1].text, "AS"):
		p.next()
		p.next()
		if !p.keyword("OF") {
			return p.syntaxError()
		}
		t := p.next()
		if t.kind != tkString {
			return parseErr("Syntax error at or near '" + t.text + "': TIMESTAMP AS OF takes a timestamp string.")
		}
		q.TimestampAsOf = t.text
	}
	return nil
}

// JoinClause is one [INNER|LEFT [OUTER|SEMI|ANTI]|RIGHT [OUTER]|FULL [OUTER]|CROSS] JOIN
// table [alias] ON cond | USING (cols) of a FROM clause.
type JoinClause struct {
	// Type is a join type DataFrame.join accepts: inner, left, right, full, left_semi,
	// left_anti or cross.
	Type       string
	Table      string
	TableAlias string
	On         Expr     // nil with USING or for a cross join
	Using      []string // USING (a, b)
	Natural    bool     // NATURAL JOIN: USING the columns both sides share
	// Query is the joined side's text when it is a (subquery) or VALUES; AliasColumns
	// names its columns (AS t(a, b)).
	Query        string
	AliasColumns []string
	// TableFunction is the joined side's name(args) (lower case); Lateral marks LATERAL
	// name(args), whose arguments read the left side's columns, row by row.
	TableFunction     string
	TableFunctionArgs []Expr
	Lateral           bool
	// Comma is FROM a, b: a join without condition, which WHERE then filters.
	Comma bool
}

// joinedItem reads what a join joins: a table name, a (subquery), VALUES rows, a table
// function name(args), or LATERAL name(args).
func (p *sqlParser) joinedItem(j *JoinClause) error {
	j.Lateral = p.keyword("LATERAL")
	switch {
	case p.at(tkOp, "(") && !j.Lateral:
		text, err := p.parenthesised()
		if err != nil {
			return err
		}
		j.Query = text
		return nil
	case p.at(tkIdent, "VALUES") && !j.Lateral:
		start := p.next().pos
		if _, err := p.valuesRows(); err != nil {
			return err
		}
		j.Query = strings.TrimSpace(p.src[start:p.peek().pos])
		return nil
	case p.peek().kind == tkIdent && p.toks[p.i+1].kind == tkOp && p.toks[p.i+1].text == "(":
		name := p.next()
		if generatorFunctions[strings.ToLower(name.text)] && !j.Lateral {
			if _, err := p.parenthesised(); err != nil {
				return err
			}
			j.Query = "SELECT " + p.src[name.pos:p.toks[p.i-1].pos+1]
			return nil
		}
		p.next() // (
		args, err := p.exprList(")")
		if err != nil {
			return err
		}
		j.TableFunction, j.TableFunctionArgs = strings.ToLower(name.text), args
		return nil
	case j.Lateral:
		return unsupported("kafkalab's spark.sql reads LATERAL before a table function call only: LATERAL name(args)")
	}
	name, err := p.tableName()
	if err != nil {
		return err
	}
	j.Table = name
	return nil
}

// join parses the next JOIN clause of a FROM; ok is false when there is none.
func (p *sqlParser) join() (JoinClause, bool, error) {
	var j JoinClause
	bare := false // the clause began with JOIN itself
	switch {
	case p.keyword("JOIN"):
		j.Type, bare = "inner", true
	case p.keyword("INNER"):
		j.Type = "inner"
	case p.keyword("CROSS"):
		j.Type = "cross"
	case p.keyword("LEFT"):
		j.Type = "left"
		switch {
		case p.keyword("SEMI"):
			j.Type = "left_semi"
		case p.keyword("ANTI"):
			j.Type = "left_anti"
		default:
			p.keyword("OUTER")
		}
	case p.keyword("SEMI"):
		j.Type = "left_semi"
	case p.keyword("ANTI"):
		j.Type = "left_anti"
	case p.keyword("RIGHT"):
		j.Type = "right"
		p.keyword("OUTER")
	case p.keyword("FULL"):
		j.Type = "full"
		p.keyword("OUTER")
	case p.keyword("NATURAL"):
		// NATURAL [INNER|LEFT|RIGHT|FULL] JOIN: USING every column both sides share.
		j.Natural = true
		switch {
		case p.keyword("LEFT"):
			j.Type = "left"
		case p.keyword("RIGHT"):
			j.Type = "right"
		case p.keyword("FULL"):
			j.Type = "full"
		default:
			p.keyword("INNER")
			j.Type = "inner"
		}
		if j.Type != "inner" {
			p.keyword("OUTER")
		}
	case p.op(","):
		j.Type, j.Comma, bare = "cross", true, true
	default:
		return j, false, nil
	}
	if !bare && !p.keyword("JOIN") {
		return j, false, p.syntaxError()
	}
	if err := p.joinedItem(&j); err != nil {
		return j, false, err
	}
	if p.keyword("AS") {
		alias, ok := p.identifier()
		if !ok {
			return j, false, p.syntaxError()
		}
		j.TableAlias = alias
	} else if t := p.peek(); (t.kind == tkIdent && !isClauseWord(t.text)) || t.kind == tkQuoted {
		j.TableAlias, _ = p.identifier()
	}
	if j.TableAlias != "" && p.at(tkOp, "(") {
		p.next()
		for {
			c, ok := p.identifier()
			if !ok {
				return j, false, p.syntaxError()
			}
			j.AliasColumns = append(j.AliasColumns, c)
			if !p.op(",") {
				break
			}
		}
		if err := p.expect(")"); err != nil {
			return j, false, err
		}
	}
	if j.Comma {
		return j, true, nil
	}
	var err error
	switch {
	case p.keyword("ON"):
		if j.On, err = p.expr(); err != nil {
			return j, false, err
		}
	case p.keyword("USING"):
		if err := p.expect("("); err != nil {
			return j, false, err
		}
		for {
			c, ok := p.identifier()
			if !ok {
				return j, false, p.syntaxError()
			}
			j.Using = append(j.Using, c)
			if !p.op(",") {
				break
			}
		}
		if err := p.expect(")"); err != nil {
			return j, false, err
		}
	case j.Natural:
	case j.Type != "cross" && j.Type != "inner":
		return j, false, p.syntaxError()
	}
	return j, true, nil
}

// refusedCreate is a CREATE TABLE kafkalab cannot run: with a column list it is a command
// that fails with err once the columns' types are checked (a TIME column's
// UNSUPPORTED_TIME_TYPE comes first, as in Spark); without one, err now.
func refusedCreate(q *Query, c *CreateTable, err error) (*Query, error) {
	if c.Columns == "" {
		return nil, err
	}
	c.Refused = err
	q.Create, q.Table = c, c.Table
	return q, nil
}
