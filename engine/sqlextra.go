package engine

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// sqlSetOperations runs a statement with UNION / INTERSECT / EXCEPT: INTERSECT binds
// tighter than UNION and EXCEPT, which go left to right, as in Spark's grammar; the
// trailing ORDER BY / LIMIT / OFFSET then apply to the combined rows.
func (s *Session) sqlSetOperations(ctx context.Context, terms []plan.SetTerm, trailer string, ctes map[string]*DataFrame) (*DataFrame, error) {
	type operand struct {
		term plan.SetTerm
		df   *DataFrame
	}
	var list []operand
	for _, t := range terms {
		df, err := s.sqlScoped(ctx, t.Text, ctes)
		if err != nil {
			return nil, err
		}
		if t.Op == "INTERSECT" && len(list) > 0 {
			last := &list[len(list)-1]
			if last.df, err = combineSet(last.df, df, t); err != nil {
				return nil, err
			}
			continue
		}
		list = append(list, operand{t, df})
	}
	out := list[0].df
	for _, o := range list[1:] {
		var err error
		if out, err = combineSet(out, o.df, o.term); err != nil {
			return nil, err
		}
	}
	if trailer == "" {
		return out, nil
	}
	const name = "__kafkalab_set_result"
	scoped := map[string]*DataFrame{name: out}
	for k, v := range ctes {
		scoped[k] = v
	}
	return s.sqlScoped(ctx, "SELECT * FROM "+name+" "+trailer, scoped)
}

func combineSet(left, right *DataFrame, t plan.SetTerm) (*DataFrame, error) {
	switch t.Op {
	case "INTERSECT":
		if t.All {
			return left.IntersectAll(right)
		}
		return left.Intersect(right)
	case "EXCEPT":
		if t.All {
			return left.ExceptAll(right)
		}
		return left.Subtract(right)
	}
	u, err := left.Union(right)
	if err != nil || t.All {
		return u, err
	}
	return u.Distinct()
}

// sqlValues is an inline table, VALUES (...), (...): columns col1, col2, ... typed as the
// rows' values widen together (each row is a one-row projection, the rows a union).
func (s *Session) sqlValues(rows [][]plan.Expr) (*DataFrame, error) {
	var out *DataFrame
	for _, row := range rows {
		cols := make([]any, len(row))
		for i, e := range row {
			if plan.HasAggregate(e) {
				return nil, &plan.AnalysisError{Class: "INVALID_INLINE_TABLE.CANNOT_EVALUATE_EXPRESSION_IN_INLINE_TABLE",
					Message: "Invalid inline table. Cannot evaluate the expression in inline table definition."}
			}
			cols[i] = newColumn(e).Alias("col" + strconv.Itoa(i+1))
		}
		one, err := s.oneRow().Select(cols...)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = one
		} else if out, err = out.Union(one); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// renameAll names a relation's columns by position (FROM ... AS t(a, b), a view's column
// list); the counts must match.
func renameAll(df *DataFrame, names []string) (*DataFrame, error) {
	fields := df.Schema().Fields
	if len(names) != len(fields) {
		return nil, &plan.AnalysisError{Class: "ASSIGNMENT_ARITY_MISMATCH", Message: fmt.Sprintf(
			"The number of columns or variables assigned or aliased: %d does not match the number of source tuples: %d.", len(names), len(fields))}
	}
	renamed := make([]any, len(fields))
	for i := range fields {
		renamed[i] = positional(fields, i).Alias(names[i])
	}
	return df.Select(renamed...)
}

// sqlCreateView is CREATE [OR REPLACE] [GLOBAL] TEMP VIEW: the query is analysed now and
// registered as df.createTempView would; IF NOT EXISTS keeps an existing view.
func (s *Session) sqlCreateView(ctx context.Context, v *plan.CreateView, ctes map[string]*DataFrame) (*DataFrame, error) {
	df, err := s.sqlScoped(ctx, v.AsSelect, ctes)
	if err != nil {
		return nil, err
	}
	if v.Columns != nil {
		if n := len(df.Schema().Fields); n != len(v.Columns) {
			cls, what := "CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS", "not enough data columns"
			if n > len(v.Columns) {
				cls, what = "CREATE_VIEW_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS", "too many data columns"
			}
			return nil, &plan.AnalysisError{Class: cls, Message: fmt.Sprintf(
				"Cannot create view `%s`, the reason is %s:\nView columns: %s.\nData columns: %s.", v.Name, what,
				strings.Join(v.Columns, ", "), strings.Join(df.Columns(), ", "))}
		}
		if df, err = renameAll(df, v.Columns); err != nil {
			return nil, err
		}
	}
	if v.IfNotExists {
		exists := false
		if v.Global {
			exists = s.globalView(v.Name) != nil
		} else {
			exists = s.view(v.Name) != nil
		}
		if exists {
			return s.emptyResult(), nil
		}
	}
	if v.Global {
		err = s.registerGlobalView(v.Name, df, v.Replace)
	} else {
		err = s.registerView(v.Name, df, v.Replace)
	}
	if err != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// sqlGroupingSets is GROUP BY ROLLUP / CUBE / GROUPING SETS: the DataFrame API's grouping
// sets aggregate the select list's aggregates (and grouping() / grouping_id()), then the
// select list is read back in its order over the keys and those results.
func (s *Session) sqlGroupingSets(df *DataFrame, q *plan.Query) (*DataFrame, error) {
	if df.IsStreaming() {
		return nil, &plan.UnsupportedError{Message: "kafkalab does not run GROUPING SETS, ROLLUP or CUBE on a stream"}
	}
	keys := make([]any, len(q.GroupBy))
	for i, k := range q.GroupBy {
		keys[i] = newColumn(k)
	}
	g := df.GroupBy(keys...).WithoutRowEncoder() // SQL's GROUP BY makes no row encoder
	g.sets = q.GroupingSets
	var aggs []any
	aggAt := map[int]int{}
	for i, it := range q.Items {
		if plan.HasAggregate(it) || isGroupingCall(it) {
			aggAt[i] = len(aggs)
			aggs = append(aggs, newColumn(it))
		}
	}
	res, err := g.Agg(aggs...)
	if err != nil {
		return nil, err
	}
	fields := res.Schema().Fields
	cols := make([]any, len(q.Items))
	for i, it := range q.Items {
		if j, ok := aggAt[i]; ok {
			cols[i] = positional(fields, len(q.GroupBy)+j)
		} else {
			cols[i] = newColumn(it)
		}
	}
	out, err := res.Select(cols...)
	if err != nil {
		return nil, err
	}
	if q.Having != nil {
		return out.Filter(newColumn(q.Having))
	}
	return out, nil
}

// isGroupingCall reports whether a select item is grouping(...) or grouping_id(...).
func isGroupingCall(e plan.Expr) bool {
	if a, ok := e.(plan.Alias); ok {
		e = a.Child
	}
	c, ok := e.(plan.Call)
	return ok && (strings.EqualFold(c.Name, "grouping") || strings.EqualFold(c.Name, "grouping_id"))
}

// sqlSet is SET key=value (the conf set, answered as a key/value row), SET key (its value,
// or <undefined>) and a bare SET (every conf the session has set).
func (s *Session) sqlSet(q *plan.Query) (*DataFrame, error) {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "key", Type: sqltypes.String, Nullable: false}, {Name: "value", Type: sqltypes.String, Nullable: false}}}
	var rows []sqltypes.Row
	switch {
	case q.SetAll:
		conf := s.Conf().All()
		keys := make([]string, 0, len(conf))
		for k := range conf {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			rows = append(rows, sqltypes.Row{k, conf[k]})
		}
	case q.SetValue != nil:
		if err := s.Conf().Set(q.Set, *q.SetValue); err != nil {
			return nil, err
		}
		rows = append(rows, sqltypes.Row{q.Set, *q.SetValue})
	default:
		rows = append(rows, sqltypes.Row{q.Set, s.Conf().GetOr(q.Set, "<undefined>")})
	}
	return s.CreateDataFrame(rows, schema)
}

// sqlDescribeTable is DESCRIBE [TABLE] name: one col_name, data_type, comment row a column
// (the comment from the field's metadata, else NULL), as Spark lists a table's columns.
func (s *Session) sqlDescribeTable(ctx context.Context, q *plan.Query) (*DataFrame, error) {
	name := q.DescribeTable
	df, err := s.Table(ctx, name)
	if err != nil {
		return nil, err
	}
	if q.DescribeColumn != "" {
		return s.describeColumn(df.Schema(), q.DescribeColumn)
	}
	if ft := s.fileTable(name); ft != nil {
		return s.CreateDataFrame(ft.describeRows(s, q.DescribeExtended), describeSchema)
	}
	if q.DescribeExtended {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's DESCRIBE EXTENDED describes tables of files (CREATE TABLE ... USING parquet, saveAsTable); for %s use DESCRIBE, or DESCRIBE DETAIL of a Delta table", name)}
	}
	return s.describeColumns(df.Schema())
}

// describeSchema is DESCRIBE's col_name, data_type, comment.
var describeSchema = &sqltypes.StructType{Fields: []sqltypes.StructField{
	{Name: "col_name", Type: sqltypes.String, Nullable: false},
	{Name: "data_type", Type: sqltypes.String, Nullable: false},
	{Name: "comment", Type: sqltypes.String, Nullable: true}}}

// describeColumns is one DESCRIBE row per column: its name, type and comment.
func (s *Session) describeColumns(st *sqltypes.StructType) (*DataFrame, error) {
	var rows []sqltypes.Row
	for _, f := range st.Fields {
		var comment any
		if c, ok := f.Metadata["comment"].(string); ok {
			comment = c
		}
		rows = append(rows, sqltypes.Row{f.Name, sqltypes.SimpleString(f.Type), comment})
	}
	return s.CreateDataFrame(rows, describeSchema)
}

// describeColumn is DESCRIBE TABLE t col: info_name, info_value rows naming the column, its
// type and comment.
func (s *Session) describeColumn(st *sqltypes.StructType, col string) (*DataFrame, error) {
	i := findColumn(st, col, s.confBool(ConfCaseSensitive))
	if i < 0 {
		return nil, &plan.AnalysisError{Class: "COLUMN_NOT_FOUND", Message: fmt.Sprintf(
			"The column `%s` cannot be found. Verify the spelling and correctness of the column name according to the SQL config \"spark.sql.caseSensitive\".", col)}
	}
	f := st.Fields[i]
	var comment any
	if c, ok := f.Metadata["comment"].(string); ok {
		comment = c
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "info_name", Type: sqltypes.String, Nullable: false},
		{Name: "info_value", Type: sqltypes.String, Nullable: true}}}
	return s.CreateDataFrame([]sqltypes.Row{{"col_name", f.Name}, {"data_type", sqltypes.SimpleString(f.Type)}, {"comment", comment}}, schema)
}
