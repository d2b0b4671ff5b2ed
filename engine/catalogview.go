package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// catalogView is a persistent view (CREATE VIEW without TEMP): Spark's catalog keeps its
// query text and reads it anew each time the view is read, so it sees its tables' rows of
// that moment. columns and comments are its column list's names and COMMENTs.
type catalogView struct {
	name, db string // lower-cased; db "" for default
	text     string
	columns  []string
	comments []*string
	comment  *string
}

func (v *catalogView) key() string { return tableKey(v.db, v.name) }

func (v *catalogView) database() string {
	if v.db == "" {
		return "default"
	}
	return v.db
}

// catalogView returns the persistent view of that name, or nil.
func (s *Session) catalogView(name string) *catalogView {
	db, t, err := s.qualify(name)
	if err != nil {
		return nil
	}
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	return s.global.catalogViews[tableKey(db, t)]
}

// read is the view's rows: its query run now, its columns renamed and commented as the
// column list says.
func (v *catalogView) read(ctx context.Context, s *Session) (*DataFrame, error) {
	df, err := s.SQL(ctx, v.text)
	if err != nil {
		return nil, err
	}
	if v.columns == nil {
		return df, nil
	}
	fields := df.Schema().Fields
	cols := make([]any, len(fields))
	for i := range fields {
		c := positional(fields, i)
		if i < len(v.columns) {
			md := maps.Clone(fields[i].Metadata)
			if i < len(v.comments) && v.comments[i] != nil {
				if md == nil {
					md = map[string]any{}
				}
				md["comment"] = *v.comments[i]
			}
			c = newColumn(plan.Alias{Child: c.expr, Name: v.columns[i], Metadata: md})
		}
		cols[i] = c
	}
	return df.Select(cols...)
}

// sqlCatalogView is CREATE [OR REPLACE] VIEW [IF NOT EXISTS] name [(cols)] [COMMENT] AS query
// and ALTER VIEW name AS query: the query is checked now (it must run) and kept as text.
func (s *Session) sqlCatalogView(ctx context.Context, v *plan.CreateView) (*DataFrame, error) {
	db, t, err := s.qualify(v.Name)
	if err != nil {
		return nil, err
	}
	existing := s.catalogView(v.Name)
	if v.Alter {
		if existing == nil {
			if len(plan.ParseAttributeName(v.Name)) == 1 && s.view(t) != nil {
				df, err := s.SQL(ctx, v.AsSelect)
				if err != nil {
					return nil, err
				}
				return s.emptyResult(), s.registerView(t, df, true)
			}
			return nil, tableNotFound(v.Name)
		}
		if _, err := s.SQL(ctx, v.AsSelect); err != nil {
			return nil, err
		}
		s.global.mu.Lock()
		existing.text, existing.columns, existing.comments = v.AsSelect, nil, nil
		s.global.mu.Unlock()
		return s.emptyResult(), nil
	}
	path, err := s.TablePath(v.Name)
	if err != nil {
		return nil, err
	}
	if s.fileTable(v.Name) != nil || s.isDeltaTable(path) {
		if v.IfNotExists {
			return s.emptyResult(), nil
		}
		if v.Replace {
			return nil, &plan.AnalysisError{Class: "EXPECT_VIEW_NOT_TABLE.NO_ALTERNATIVE", Message: fmt.Sprintf(
				"The table %s is a table. 'CREATE OR REPLACE VIEW' expects a view.", s.qualifiedTable(v.Name))}
		}
		return nil, s.tableExistsError(v.Name)
	}
	if existing != nil && !v.Replace {
		if v.IfNotExists {
			return s.emptyResult(), nil
		}
		return nil, s.tableExistsError(v.Name)
	}
	df, err := s.SQL(ctx, v.AsSelect)
	if err != nil {
		return nil, err
	}
	if v.Columns != nil && len(v.Columns) != len(df.Schema().Fields) {
		n := len(df.Schema().Fields)
		cls, what := "CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS", "not enough data columns"
		if n > len(v.Columns) {
			cls, what = "CREATE_VIEW_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS", "too many data columns"
		}
		return nil, &plan.AnalysisError{Class: cls, Message: fmt.Sprintf(
			"Cannot create view %s, the reason is %s:\nView columns: %s.\nData columns: %s.", s.qualifiedTable(v.Name), what,
			strings.Join(v.Columns, ", "), strings.Join(df.Columns(), ", "))}
	}
	if db == "default" {
		db = ""
	}
	cv := &catalogView{name: strings.ToLower(t), db: db, text: v.AsSelect, columns: v.Columns, comments: v.ColumnComments, comment: v.Comment}
	s.global.mu.Lock()
	s.global.catalogViews[cv.key()] = cv
	s.global.mu.Unlock()
	return s.emptyResult(), nil
}

// dropCatalogView drops a persistent view; false when there is none of that name.
func (s *Session) dropCatalogView(name string) bool {
	v := s.catalogView(name)
	if v == nil {
		return false
	}
	s.global.mu.Lock()
	delete(s.global.catalogViews, v.key())
	s.global.mu.Unlock()
	return true
}

// databaseViews are a database's persistent views by name.
func (s *Session) databaseViews(db string) []string {
	var out []string
	s.global.mu.Lock()
	for _, v := range s.global.catalogViews {
		if v.database() == db {
			out = append(out, v.name)
		}
	}
	s.global.mu.Unlock()
	sort.Strings(out)
	return out
}

// sqlShowViews is SHOW VIEWS [IN db] [LIKE 'pattern']: the database's views, then the
// temporary views, as namespace, viewName, isTemporary rows.
func (s *Session) sqlShowViews(db string, like *string) (*DataFrame, error) {
	if db == "" {
		db = s.CurrentDatabase()
	}
	db, err := s.databaseIdent(db)
	if err != nil {
		return nil, err
	}
	if !s.DatabaseExists(db) {
		return nil, schemaNotFound("spark_catalog`.`" + db)
	}
	keep := func(n string) bool { return like == nil || likePattern(*like).MatchString(n) }
	var rows []sqltypes.Row
	for _, v := range s.databaseViews(db) {
		if keep(v) {
			rows = append(rows, sqltypes.Row{db, v, false})
		}
	}
	s.viewMu.Lock()
	var temps []string
	for name := range s.views {
		temps = append(temps, name)
	}
	s.viewMu.Unlock()
	sort.Strings(temps)
	for _, v := range temps {
		if keep(v) {
			rows = append(rows, sqltypes.Row{"", v, true})
		}
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "namespace", Type: sqltypes.String}, {Name: "viewName", Type: sqltypes.String}, {Name: "isTemporary", Type: sqltypes.Boolean}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowViews", Rows: [][]sqltypes.Row{rows}}), nil
}

// sqlShowFunctions is SHOW [USER|SYSTEM|ALL] FUNCTIONS [LIKE 'pattern']: the session's
// registered functions (USER), the built-in functions kafkalab knows (SYSTEM), or both,
// sorted, one function row each.
func (s *Session) sqlShowFunctions(kind string, like *string) *DataFrame {
	var names []string
	if kind == "user" || kind == "all" {
		s.udfs.Range(func(k, _ any) bool {
			names = append(names, k.(string))
			return true
		})
	}
	if kind == "system" || kind == "all" {
		names = append(names, plan.BuiltinFunctionNames()...)
	}
	sort.Strings(names)
	var rows []sqltypes.Row
	for i, n := range names {
		if i > 0 && names[i-1] == n {
			continue
		}
		if like == nil || likePattern(*like).MatchString(n) {
			rows = append(rows, sqltypes.Row{n})
		}
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "function", Type: sqltypes.String}}}
	return s.newDF(&plan.Relation{Scope: s.newScope(schema, nil), Name: "ShowFunctions", Rows: [][]sqltypes.Row{rows}})
}

// describeFunction is DESCRIBE FUNCTION name: kafkalab lacks Spark's usage texts, so a
// function it knows is refused with that reason; an unknown one is Spark's UNRESOLVED_ROUTINE.
func (s *Session) describeFunction(name string) error {
	parts := plan.ParseAttributeName(name)
	fn := strings.ToLower(parts[len(parts)-1])
	if s.function(fn) != nil || slices.Contains(plan.BuiltinFunctionNames(), fn) {
		return &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's DESCRIBE FUNCTION does not have Spark's usage text for %s yet: see https://spark.apache.org/docs/latest/api/sql/ for it", fn)}
	}
	return &plan.AnalysisError{Class: "UNRESOLVED_ROUTINE", Message: fmt.Sprintf(
		"Cannot resolve routine %s on search path [`system`.`builtin`, `system`.`session`, `spark_catalog`.`%s`].",
		"`"+strings.Join(parts, "`.`")+"`", s.CurrentDatabase())}
}
