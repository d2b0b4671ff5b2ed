package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// database is one database (schema) of the session catalog besides default: Spark's
// in-memory catalog keeps it for the application, its folder <warehouse>/<name>.db unless
// CREATE DATABASE gave a LOCATION.
type database struct {
	name     string // lower-cased
	comment  string
	location string // absolute folder
	props    []plan.Property
}

// CurrentDatabase is spark.catalog.currentDatabase(), current_database(): the database USE
// chose, default until then.
func (s *Session) CurrentDatabase() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.currentDB == "" {
		return "default"
	}
	return s.currentDB
}

// SetCurrentDatabase is USE db and spark.catalog.setCurrentDatabase(db): the database must
// exist (SCHEMA_NOT_FOUND otherwise).
func (s *Session) SetCurrentDatabase(name string) error {
	db, err := s.databaseIdent(name)
	if err != nil {
		return err
	}
	if !s.DatabaseExists(db) {
		return schemaNotFound("spark_catalog`.`" + db)
	}
	s.mu.Lock()
	s.currentDB = db
	s.mu.Unlock()
	return nil
}

// databaseIdent is a database name without spark_catalog., lower-cased as the catalog
// keeps it.
func (s *Session) databaseIdent(name string) (string, error) {
	parts := plan.ParseAttributeName(name)
	switch {
	case len(parts) == 2 && strings.EqualFold(parts[0], "spark_catalog"):
		return strings.ToLower(parts[1]), nil
	case len(parts) == 1:
		return strings.ToLower(parts[0]), nil
	}
	return "", &plan.AnalysisError{Class: "REQUIRES_SINGLE_PART_NAMESPACE", Message: fmt.Sprintf("spark_catalog requires a single-part namespace, but got %s.", name)}
}

// DatabaseExists is spark.catalog.databaseExists(db): default, or a database CREATE DATABASE made.
func (s *Session) DatabaseExists(db string) bool {
	db = strings.ToLower(db)
	if db == "default" {
		return true
	}
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	_, ok := s.global.databases[db]
	return ok
}

// Databases are the catalog's databases by name, default among them.
func (s *Session) Databases() []string {
	out := []string{"default"}
	s.global.mu.Lock()
	for name := range s.global.databases {
		out = append(out, name)
	}
	s.global.mu.Unlock()
	sort.Strings(out)
	return out
}

// databaseDir is where a database's managed tables live: the warehouse for default,
// <warehouse>/<db>.db (or its LOCATION) for the others.
func (s *Session) databaseDir(db string) (string, error) {
	wh, err := s.WarehouseDir()
	if err != nil {
		return "", err
	}
	if db == "default" {
		return wh, nil
	}
	s.global.mu.Lock()
	d := s.global.databases[db]
	s.global.mu.Unlock()
	if d != nil {
		return d.location, nil
	}
	return filepath.Join(wh, db+".db"), nil
}

// qualify resolves a table name to its database and table: a bare name is in the current
// database; db.t and spark_catalog.db.t name theirs, which must exist.
func (s *Session) qualify(name string) (db, t string, err error) {
	parts := plan.ParseAttributeName(name)
	switch len(parts) {
	case 1:
		db = s.CurrentDatabase()
	case 2:
		db = parts[0]
	case 3:
		if !strings.EqualFold(parts[0], "spark_catalog") {
			return "", "", schemaNotFound(parts[0] + "." + parts[1])
		}
		db = parts[1]
	default:
		return "", "", &plan.AnalysisError{Class: "REQUIRES_SINGLE_PART_NAMESPACE", Message: fmt.Sprintf("spark_catalog requires a single-part namespace, but got %s.", name)}
	}
	t = parts[len(parts)-1]
	if t == "" {
		return "", "", &plan.AnalysisError{Class: "PARSE_EMPTY_STATEMENT", Message: "Syntax error, unexpected empty statement."}
	}
	db = strings.ToLower(db)
	if !s.DatabaseExists(db) {
		return "", "", schemaNotFound("spark_catalog`.`" + db)
	}
	return db, t, nil
}

// tableIdent is the table part of a name whose database exists (SCHEMA_NOT_FOUND otherwise).
func (s *Session) tableIdent(name string) (string, error) {
	_, t, err := s.qualify(name)
	return t, err
}

// tableDB is the database a table name resolves to ("default" when it does not resolve).
func (s *Session) tableDB(name string) string {
	db, _, err := s.qualify(name)
	if err != nil {
		return "default"
	}
	return db
}

// sqlCreateDatabase is CREATE DATABASE|SCHEMA [IF NOT EXISTS] db [COMMENT] [LOCATION]
// [WITH DBPROPERTIES]: the catalog entry and its folder, as Spark's catalog makes them.
func (s *Session) sqlCreateDatabase(c *plan.CreateDatabase) (*DataFrame, error) {
	db, err := s.databaseIdent(c.Name)
	if err != nil {
		return nil, err
	}
	if s.DatabaseExists(db) {
		if c.IfNotExists {
			return s.emptyResult(), nil
		}
		return nil, &plan.AnalysisError{Class: "SCHEMA_ALREADY_EXISTS", Message: fmt.Sprintf(
			"Cannot create schema `%s` because it already exists.\nChoose a different name, drop the existing schema, or add the IF NOT EXISTS clause to tolerate pre-existing schema.", db)}
	}
	wh, err := s.WarehouseDir()
	if err != nil {
		return nil, err
	}
	loc := filepath.Join(wh, db+".db")
	if c.Location != "" {
		if loc, err = s.ResolvePath(strings.TrimPrefix(c.Location, "file:")); err != nil {
			return nil, err
		}
	}
	if loc, err = s.within(c.Name, "database location", loc); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(loc, 0o755); err != nil {
		return nil, fmt.Errorf("CREATE DATABASE %s: making its folder: %w", db, err)
	}
	d := &database{name: db, location: loc, props: c.Properties}
	if c.Comment != nil {
		d.comment = *c.Comment
	}
	s.global.mu.Lock()
	s.global.databases[db] = d
	s.global.mu.Unlock()
	return s.emptyResult(), nil
}

// databaseTables are the names of a database's tables (file tables and Delta tables in its
// folder), sorted.
func (s *Session) databaseTables(db string) ([]string, error) {
	seen := map[string]bool{}
	dir, err := s.databaseDir(db)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && s.isDeltaTable(filepath.Join(dir, e.Name())) {
			seen[e.Name()] = true
		}
	}
	s.global.mu.Lock()
	for _, ft := range s.global.fileTables {
		if ft.database() == db {
			seen[ft.name] = true
		}
	}
	s.global.mu.Unlock()
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

// sqlDropDatabase is DROP DATABASE|SCHEMA [IF EXISTS] db [RESTRICT|CASCADE]: a database with
// tables is SCHEMA_NOT_EMPTY unless CASCADE, which drops them; the folder goes with it.
func (s *Session) sqlDropDatabase(d *plan.DropDatabase) (*DataFrame, error) {
	db, err := s.databaseIdent(d.Name)
	if err != nil {
		return nil, err
	}
	if !s.DatabaseExists(db) {
		if d.IfExists {
			return s.emptyResult(), nil
		}
		return nil, schemaNotFound("spark_catalog`.`" + db)
	}
	if db == "default" {
		return nil, &plan.AnalysisError{Class: "UNSUPPORTED_FEATURE.DROP_DATABASE", Message: "The feature is not supported: Drop the default database `spark_catalog`.`default`."}
	}
	tables, err := s.databaseTables(db)
	if err != nil {
		return nil, err
	}
	tables = append(tables, s.databaseViews(db)...)
	if len(tables) > 0 && !d.Cascade {
		return nil, &plan.AnalysisError{Class: "SCHEMA_NOT_EMPTY", Message: fmt.Sprintf(
			"Cannot drop a schema `%s` because it contains objects.\nUse DROP SCHEMA ... CASCADE to drop the schema and all its objects.", db)}
	}
	s.global.mu.Lock()
	for key, ft := range s.global.fileTables {
		if ft.database() == db {
			delete(s.global.fileTables, key)
		}
	}
	for key, v := range s.global.catalogViews {
		if v.database() == db {
			delete(s.global.catalogViews, key)
		}
	}
	dir := s.global.databases[db].location
	delete(s.global.databases, db)
	s.global.mu.Unlock()
	if err := os.RemoveAll(dir); err != nil {
		return nil, fmt.Errorf("DROP DATABASE %s: removing its folder: %w", db, err)
	}
	s.mu.Lock()
	if s.currentDB == db {
		s.currentDB = ""
	}
	s.mu.Unlock()
	return s.emptyResult(), nil
}

// likePattern is SHOW ... LIKE's pattern as Spark reads it: '*' any characters, '|'
// between alternatives, case-insensitive.
func likePattern(p string) *regexp.Regexp {
	var alts []string
	for _, a := range strings.Split(p, "|") {
		alts = append(alts, strings.ReplaceAll(regexp.QuoteMeta(strings.TrimSpace(a)), `\*`, ".*"))
	}
	return regexp.MustCompile("(?i)^(?:" + strings.Join(alts, "|") + ")$")
}

// sqlShowDatabases is SHOW DATABASES|SCHEMAS [LIKE 'pattern']: one namespace row each.
func (s *Session) sqlShowDatabases(like *string) *DataFrame {
	var rows []sqltypes.Row
	for _, db := range s.Databases() {
		if like == nil || likePattern(*like).MatchString(db) {
			rows = append(rows, sqltypes.Row{db})
		}
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "namespace", Type: sqltypes.String}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowNamespaces", Rows: [][]sqltypes.Row{rows}})
}

// sqlDescribeDatabase is DESCRIBE DATABASE db: Spark's info_name, info_value rows.
func (s *Session) sqlDescribeDatabase(name string, extended bool) (*DataFrame, error) {
	db, err := s.databaseIdent(name)
	if err != nil {
		return nil, err
	}
	if !s.DatabaseExists(db) {
		return nil, schemaNotFound("spark_catalog`.`" + db)
	}
	dir, err := s.databaseDir(db)
	if err != nil {
		return nil, err
	}
	comment := "default database"
	var props []plan.Property
	if db != "default" {
		s.global.mu.Lock()
		comment, props = s.global.databases[db].comment, s.global.databases[db].props
		s.global.mu.Unlock()
	}
	rows := []sqltypes.Row{{"Catalog Name", "spark_catalog"}, {"Namespace Name", db}, {"Comment", comment},
		{"Location", "file:" + filepath.ToSlash(dir)}, {"Owner", plan.CurrentUser()}}
	if extended {
		// EXTENDED adds the properties as Spark prints its Seq of pairs: ((a,b), (c,d)).
		kv := make([]string, len(props))
		for i, p := range props {
			kv[i] = "(" + p.Key + "," + p.Value + ")"
		}
		rows = append(rows, sqltypes.Row{"Properties", "(" + strings.Join(kv, ", ") + ")"})
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "info_name", Type: sqltypes.String}, {Name: "info_value", Type: sqltypes.String}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "DescribeNamespace", Rows: [][]sqltypes.Row{rows}}), nil
}

// DatabaseInfo is one entry of spark.catalog.listDatabases().
type DatabaseInfo struct {
	Name, Description, Location string // Location is a file: URI
}

// ListDatabases is spark.catalog.listDatabases([pattern]): the databases by name, those
// matching the SHOW DATABASES LIKE pattern when one is given.
func (s *Session) ListDatabases(pattern string) ([]DatabaseInfo, error) {
	var out []DatabaseInfo
	for _, db := range s.Databases() {
		if pattern != "" && !likePattern(pattern).MatchString(db) {
			continue
		}
		dir, err := s.databaseDir(db)
		if err != nil {
			return nil, err
		}
		desc := "default database"
		if db != "default" {
			s.global.mu.Lock()
			desc = s.global.databases[db].comment
			s.global.mu.Unlock()
		}
		out = append(out, DatabaseInfo{Name: db, Description: desc, Location: "file:" + filepath.ToSlash(dir)})
	}
	return out, nil
}

// MatchesLike reports whether name matches a SHOW ... LIKE pattern ('*' any characters,
// '|' between alternatives, case-insensitive), as spark.catalog's pattern arguments do.
func MatchesLike(pattern, name string) bool { return likePattern(pattern).MatchString(name) }
