package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// SQL is spark.sql(query) for a small subset: SELECT [DISTINCT] ... [FROM table]
// [WHERE ...] [GROUP BY ...] [ORDER BY ...] [LIMIT n] (after WITH name AS (query), ...),
// SHOW TABLES, DESCRIBE HISTORY table, and CREATE TABLE / INSERT INTO / UPDATE / DELETE
// FROM on Delta tables (sqlcommand.go).
// Tables are temporary views, memory-sink tables and Delta tables, as spark.table finds
// them.
func (s *Session) SQL(ctx context.Context, query string) (*DataFrame, error) {
	if err := plan.UnclosedComment(query); err != nil {
		return nil, plan.WithParseContext(err, query)
	}
	df, err := s.sqlScoped(ctx, plan.BlankComments(query), nil)
	if err != nil {
		// A parse error shows the statement with its place, as Spark's ParseException.
		return nil, plan.WithParseContext(err, query)
	}
	return df, nil
}

// sqlTableFunction is FROM name(args): range, or a table function the session registered
// (a Python UDTF), called once with its arguments' values.
func (s *Session) sqlTableFunction(ctx context.Context, name string, args []plan.Expr) (*DataFrame, error) {
	if name == "range" {
		return s.sqlRange(args)
	}
	f, err := s.lookupTableFunction(name)
	if err != nil {
		return nil, err
	}
	if _, err := f.Schema(); err != nil {
		return nil, err
	}
	vals := make([]any, len(args))
	types := make([]sqltypes.DataType, len(args))
	for i, a := range args {
		lit, ok := a.(plan.Literal)
		if !ok {
			return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab calls the table function %s with constant arguments only (argument %d is not one); LATERAL %s(...) reads another table's columns", name, i+1, name)}
		}
		vals[i], types[i] = lit.Value, lit.Type
	}
	return s.CallTableFunction(name, f, vals, types)
}

// CallTableFunction is a table function called once with these argument values (FROM
// name(1, 2), or a Python UDTF called on constant columns): its rows, made when read.
func (s *Session) CallTableFunction(name string, f TableFunction, vals []any, types []sqltypes.DataType) (*DataFrame, error) {
	schema, err := f.Schema()
	if err != nil {
		return nil, err
	}
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "TableFunction " + name, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		rows, _, err := f.Run(ctx, [][]any{vals}, types)
		if err != nil {
			return nil, err
		}
		return []rowiter.Iter{rowiter.SliceChunks(rows, s.chunkRows)}, nil
	}}
	return s.newDF(rel), nil
}

func (s *Session) lookupTableFunction(name string) (TableFunction, error) {
	f := s.tableFunction(name)
	if f == nil {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVABLE_TABLE_VALUED_FUNCTION", "name", "`"+name+"`")
	}
	return f, nil
}

// sqlLateralTableFunction is left, LATERAL name(args): each task of left runs one instance of
// the function over its rows' argument values; an output row follows the input row it came
// from, with that row's columns first (terminate's rows with the task's last row).
func (s *Session) sqlLateralTableFunction(left *DataFrame, name string, args []plan.Expr, alias string) (*DataFrame, error) {
	f, err := s.lookupTableFunction(name)
	if err != nil {
		return nil, err
	}
	schema, err := f.Schema()
	if err != nil {
		return nil, err
	}
	leftOut := left.node.Output()
	width := len(leftOut.Schema.Fields)
	items := []any{Col("*")}
	for i, a := range args {
		items = append(items, newColumn(a).Alias(fmt.Sprintf("__kafkalab_lateral_%d", i)))
	}
	withArgs, err := left.Select(items...)
	if err != nil {
		return nil, err
	}
	types := make([]sqltypes.DataType, len(args))
	for i := range args {
		types[i] = withArgs.Schema().Fields[width+i].Type
	}
	out := &sqltypes.StructType{Fields: append(append([]sqltypes.StructField(nil), leftOut.Schema.Fields...), schema.Fields...)}
	scope := s.newScope(out, nil)
	for i := range out.Fields {
		var q []string
		switch {
		case i < width && i < len(leftOut.Qualifiers):
			q = leftOut.Qualifiers[i]
		case i >= width && alias != "":
			q = []string{alias}
		}
		scope.Qualifiers = append(scope.Qualifiers, q)
	}
	rel := &plan.Relation{Scope: scope, Name: "LateralTableFunction " + name, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		its, err := withArgs.execute(ctx)
		if err != nil {
			return nil, err
		}
		tasks, err := rowiter.CollectTasks(ctx, its)
		if err != nil {
			return nil, err
		}
		result := make([][]sqltypes.Row, len(tasks))
		for t, rows := range tasks {
			if len(rows) == 0 {
				continue
			}
			argRows := make([][]any, len(rows))
			for i, r := range rows {
				argRows[i] = r[width:]
			}
			got, of, err := f.Run(ctx, argRows, types)
			if err != nil {
				return nil, err
			}
			for i, g := range got {
				if of[i] < 0 {
					continue
				}
				joined := append(append(make(sqltypes.Row, 0, len(out.Fields)), rows[of[i]][:width]...), g...)
				result[t] = append(result[t], joined)
			}
		}
		return rowiter.Tasks(result, s.chunkRows), nil
	}}
	return s.newDF(rel), nil
}

// sqlRange is FROM range(end), range(start, end[, step[, numPartitions]]): spark.range's
// rows, the arguments integer literals.
func (s *Session) sqlRange(args []plan.Expr) (*DataFrame, error) {
	if len(args) < 1 || len(args) > 4 {
		return nil, &plan.AnalysisError{Class: "WRONG_NUM_ARGS.WITHOUT_SUGGESTION", Message: fmt.Sprintf(
			"The `range` requires [1, 2, 3, 4] parameters but the actual number is %d.", len(args))}
	}
	vals := make([]int64, len(args))
	for i, a := range args {
		lit, ok := a.(plan.Literal)
		var n int64
		switch v := lit.Value.(type) {
		case int32:
			n = int64(v)
		case int64:
			n = v
		default:
			ok = false
		}
		if !ok && !plan.HasAggregate(a) {
			// A constant expression (range(6 + cos(3))) is evaluated and cast to BIGINT,
			// as Spark folds the table function's arguments.
			one, err := s.oneRow().Select(newColumn(plan.Cast{Child: a, To: sqltypes.Long}))
			if err == nil {
				var rows []sqltypes.Row
				if rows, err = one.Collect(context.Background()); err == nil && len(rows) == 1 {
					n, ok = rows[0][0].(int64)
				}
			}
		}
		if !ok {
			return nil, &plan.AnalysisError{Message: fmt.Sprintf("range(...) takes integer literals; argument %d is not", i+1)}
		}
		vals[i] = n
	}
	start, end, step, parts := int64(0), vals[0], int64(1), 0
	if len(vals) >= 2 {
		start, end = vals[0], vals[1]
	}
	if len(vals) >= 3 {
		step = vals[2]
	}
	if len(vals) == 4 {
		parts = int(vals[3])
	}
	return s.Range(start, end, step, parts)
}

// sqlScoped is SQL with the common table expressions in force (WITH, sqlwith.go).
func (s *Session) sqlScoped(ctx context.Context, query string, ctes map[string]*DataFrame) (*DataFrame, error) {
	if stages, ok, err := plan.SplitPipes(query); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return s.sqlPipe(ctx, stages, ctes)
	}
	if defs, main, ok, err := splitWith(query); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return s.sqlWith(ctx, defs, main, ctes)
	}
	if terms, trailer, ok, err := plan.SplitSetOperations(query); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return s.sqlSetOperations(ctx, terms, trailer, ctes)
	}
	q, err := plan.ParseQuery(query)
	if err != nil {
		return nil, err
	}
	if df, ok, err := s.sqlCommand(ctx, q); ok || err != nil {
		return df, err
	}
	if df, ok, err := s.sqlVariables(ctx, q); ok {
		if err != nil {
			return nil, err
		}
		return df, nil
	}
	if q.CreateView != nil {
		if q.CreateView.Persistent {
			return s.sqlCatalogView(ctx, q.CreateView)
		}
		return s.sqlCreateView(ctx, q.CreateView, ctes)
	}
	if q.Values != nil {
		return s.sqlValues(q.Values)
	}
	if q.DescribeTable != "" {
		return s.sqlDescribeTable(ctx, q)
	}
	if q.DescribeQuery != "" {
		text := q.DescribeQuery
		if f := strings.Fields(text); len(f) > 0 && (strings.EqualFold(f[0], "VALUES") || strings.HasPrefix(strings.ToUpper(f[0]), "VALUES(")) {
			// VALUES ... [AS t(cols)] is a query here, an inline table read whole.
			text = "SELECT * FROM " + text
		} else if len(f) > 1 && strings.EqualFold(f[0], "TABLE") {
			// TABLE t is SELECT * FROM t.
			text = "SELECT * FROM " + strings.TrimSpace(strings.TrimSpace(text)[len(f[0]):])
		}
		df, err := s.SQL(ctx, text)
		if err != nil {
			return nil, err
		}
		return s.describeColumns(df.Schema())
	}
	if q.ShowCreateTable {
		if ft := s.fileTable(q.Table); ft != nil {
			return ft.showCreate(s), nil
		}
		if _, err := s.Table(ctx, q.Table); err != nil {
			return nil, err
		}
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's SHOW CREATE TABLE shows tables of files (CREATE TABLE ... USING parquet, saveAsTable); %s is not one yet", q.Table)}
	}
	if q.Reset {
		s.Conf().Reset(q.ResetKey)
		return s.emptyResult(), nil
	}
	if q.Set != "" || q.SetAll {
		return s.sqlSet(q)
	}
	if q.DropView != "" {
		parts := plan.ParseAttributeName(q.DropView)
		switch {
		case len(parts) == 1 && s.DropTempView(parts[0]):
		case len(parts) == 2 && strings.EqualFold(parts[0], GlobalTempDatabase) && s.DropGlobalTempView(parts[1]):
		case s.dropCatalogView(q.DropView):
		case s.fileTable(q.DropView) != nil:
			ft := s.fileTable(q.DropView)
			return nil, &plan.AnalysisError{Class: "WRONG_COMMAND_FOR_OBJECT_TYPE", Message: fmt.Sprintf(
				"The operation DROP VIEW requires a VIEW or METRIC_VIEW. But spark_catalog.%s.%s is a MANAGED. Use DROP TABLE instead.", ft.database(), ft.name)}
		case !q.DropViewIfExists:
			return nil, tableNotFound(q.DropView)
		}
		return s.emptyResult(), nil
	}
	if q.ShowTables {
		return s.showTables(q.ShowTablesIn, q.ShowLike)
	}
	if q.DescribeFunction != "" {
		return nil, s.describeFunction(q.DescribeFunction)
	}
	if q.ShowFunctions {
		return s.sqlShowFunctions(q.ShowFunctionsKind, q.ShowLike), nil
	}
	if q.ShowViews {
		return s.sqlShowViews(q.ShowTablesIn, q.ShowLike)
	}
	switch {
	case q.CreateDatabase != nil:
		return s.sqlCreateDatabase(q.CreateDatabase)
	case q.UseDatabase != "":
		if err := s.SetCurrentDatabase(q.UseDatabase); err != nil {
			return nil, err
		}
		return s.emptyResult(), nil
	case q.ShowDatabases:
		return s.sqlShowDatabases(q.ShowLike), nil
	case q.DescribeDatabase != "":
		return s.sqlDescribeDatabase(q.DescribeDatabase, q.DescribeDatabaseExtended)
	case q.DropDatabase != nil:
		return s.sqlDropDatabase(q.DropDatabase)
	case q.Cache:
		return s.sqlCacheTable(ctx, q.Table, q.CacheQuery)
	case q.Uncache:
		if err := s.UncacheTable(ctx, q.Table); err != nil {
			if !q.UncacheIfExists {
				return nil, err
			}
		}
		return s.emptyResult(), nil
	case q.ClearCache:
		s.ClearCache()
		return s.emptyResult(), nil
	case q.InsertDirectory != nil:
		return s.sqlInsertDirectory(ctx, q.InsertDirectory)
	case q.RepairTable:
		return s.sqlRepairTable(ctx, q.Table)
	case q.RefreshTable:
		// kafkalab caches no file listing: the table is read afresh anyway.
		if _, err := s.Table(ctx, q.Table); err != nil {
			return nil, err
		}
		return s.emptyResult(), nil
	}
	if q.ShowPartitions {
		return s.sqlShowPartitions(ctx, q.Table, q.ShowPartitionSpec)
	}
	if q.ShowColumns {
		return s.sqlShowColumns(ctx, q.Table)
	}
	if q.DescribeDetail {
		if ft := s.fileTable(q.Table); ft != nil {
			return ft.detail(s), nil
		}
		dt, err := s.sqlDeltaTarget(ctx, q.Table)
		if err != nil {
			return nil, err
		}
		return dt.Detail(ctx)
	}
	if q.ShowTblProperties {
		if ft := s.fileTable(q.Table); ft != nil {
			return ft.showProperties(s, q.TblPropertyKey), nil
		}
		dt, err := s.sqlDeltaTarget(ctx, q.Table)
		if err != nil {
			return nil, err
		}
		return dt.showProperties(q.TblPropertyKey)
	}
	if q.DescribeHistory {
		if s.fileTable(q.Table) != nil {
			return nil, deltaOnly("DESCRIBE HISTORY")
		}
		dt, err := s.DeltaTableForName(ctx, q.Table)
		if err != nil {
			return nil, err
		}
		limit := q.Limit
		if limit < 0 {
			limit = 0
		}
		return dt.History(ctx, limit)
	}
	var df *DataFrame
	if q.TableFunction != "" {
		if df, err = s.sqlTableFunction(ctx, q.TableFunction, q.TableFunctionArgs); err != nil {
			return nil, err
		}
	} else if q.FromQuery != "" {
		if df, err = s.sqlScoped(ctx, q.FromQuery, ctes); err != nil {
			return nil, err
		}
		if q.AliasColumns != nil {
			if df, err = renameAll(df, q.AliasColumns); err != nil {
				return nil, err
			}
		}
	} else if cte := cteNamed(ctes, q.Table); cte != nil {
		df = cte
	} else if q.VersionAsOf >= 0 || q.TimestampAsOf != "" {
		r := s.Read()
		if q.VersionAsOf >= 0 {
			r.Option("versionAsOf", fmt.Sprint(q.VersionAsOf))
		} else {
			r.Option("timestampAsOf", q.TimestampAsOf)
		}
		if df, err = r.Table(ctx, q.Table); err != nil {
			return nil, err
		}
	} else if q.TableChanges != nil {
		if df, err = s.tableChanges(q.TableChanges); err != nil {
			return nil, err
		}
	} else if q.Table != "" {
		if df, err = s.Table(ctx, q.Table); err != nil {
			return nil, err
		}
		if df, err = tableSample(df, q.Sample); err != nil {
			return nil, err
		}
	} else {
		// SELECT without FROM reads one empty row, as Spark's OneRowRelation.
		df = s.newDF(&plan.Relation{Scope: s.newScope(&sqltypes.StructType{}, nil), Name: "OneRowRelation",
			Rows: [][]sqltypes.Row{{sqltypes.Row{}}}})
	}
	if q.TableAlias != "" {
		df = df.Alias(q.TableAlias)
	} else if q.FromQuery != "" {
		// A subquery without an alias still qualifies its columns by nothing: Spark names
		// it __auto_generated_subquery_name.
		df = df.Alias("__auto_generated_subquery_name")
	} else if len(q.Joins) > 0 || (q.Table != "" && !qualifiedBy(df, bareName(q.Table))) {
		// A table read by its name qualifies its columns by it (SELECT t.id FROM t), as
		// Spark's SubqueryAlias over a temporary view does.
		df = df.Alias(bareName(q.Table))
	}
	commaJoinWithWhere(q)
	for _, j := range q.Joins {
		if df, err = s.sqlJoin(ctx, df, j, ctes); err != nil {
			return nil, err
		}
	}
	for _, lv := range q.LateralViews {
		if df, err = s.sqlLateralView(df, lv); err != nil {
			return nil, err
		}
	}
	if q.Pivot != nil {
		if df, err = s.sqlPivot(ctx, df, q.Pivot); err != nil {
			return nil, err
		}
	}
	if q.Unpivot != nil {
		if df, err = s.sqlUnpivot(df, q.Unpivot); err != nil {
			return nil, err
		}
	}
	if plan.HasSubquery(q.Items...) || plan.HasSubquery(q.Where, q.Having) {
		if df, err = s.sqlSubqueries(ctx, df, q, ctes); err != nil {
			return nil, err
		}
	}
	if q.Where != nil {
		if df, err = df.Filter(newColumn(q.Where)); err != nil {
			return nil, err
		}
	}
	if q.GroupByAll {
		// GROUP BY ALL: the select items without an aggregate are the keys.
		for _, it := range q.Items {
			if !plan.HasAggregate(it) {
				if a, ok := it.(plan.Alias); ok {
					it = a.Child
				}
				q.GroupBy = append(q.GroupBy, it)
			}
		}
	}
	if q.PosAggregate != nil {
		return nil, plan.GroupByPosAggregate(df.node, q.PosAggregate)
	}
	if len(q.GroupBy) > 0 {
		// SELECT * with GROUP BY: the star stands for every column, each of which must then
		// be grouped (else Spark's MISSING_AGGREGATION names the first that is not).
		var items []plan.Expr
		for _, it := range q.Items {
			if st, ok := it.(plan.Star); ok && len(st.Target) == 0 {
				for _, c := range df.Columns() {
					items = append(items, plan.ColumnRef{Parts: []string{c}})
				}
				continue
			}
			items = append(items, it)
		}
		q.Items = items
	}
	preAggregate := df
	if q.GroupingSets != nil {
		if df, err = s.sqlGroupingSets(df, q); err != nil {
			return nil, err
		}
	} else if q.Having != nil {
		if len(q.GroupBy) == 0 && !plan.HasAggregate(q.Items...) && !plan.HasAggregate(q.Having) {
			return nil, &plan.AnalysisError{Class: "MISSING_GROUP_BY", Message: "The query does not include a GROUP BY clause. Add GROUP BY or turn it into the window functions using OVER clauses."}
		}
		if df.IsStreaming() {
			return nil, &plan.UnsupportedError{Message: "kafkalab's spark.sql does not support HAVING on a stream yet: filter the aggregated stream with .filter(...)"}
		}
		if df, err = s.sqlHaving(df, q); err != nil {
			return nil, err
		}
	} else if len(q.GroupBy) > 0 || plan.HasAggregate(q.Items...) {
		if df.IsStreaming() {
			if df, err = df.streamingAgg(q.GroupBy, q.Items, false); err != nil {
				return nil, err
			}
		} else {
			a, err := plan.NewAggregate(df.node, q.GroupBy, q.Items, false)
			if err != nil {
				return nil, err
			}
			df = s.newDF(a)
		}
	} else if q.Qualify != nil {
		if df, err = s.sqlQualify(df, q); err != nil {
			return nil, err
		}
	} else {
		// NewSelect: a generator (explode, posexplode, inline, stack...) may stand in the
		// select list beside other items, as in Spark.
		p, err := plan.NewSelect(df.node, q.Items)
		if err != nil {
			return nil, err
		}
		df = s.newDF(p)
	}
	if q.Qualify != nil && (len(q.GroupBy) > 0 || plan.HasAggregate(q.Items...)) {
		if df, err = df.Filter(newColumn(q.Qualify)); err != nil {
			return nil, err
		}
	}
	// A decorrelated subquery's joined columns are hidden: SELECT * leaves them out.
	var hidden []string
	for _, c := range df.Columns() {
		if strings.HasPrefix(c, "__kafkalab_sq") {
			hidden = append(hidden, c)
		}
	}
	if hidden != nil {
		if df, err = df.Drop(toAnys(hidden)...); err != nil {
			return nil, err
		}
	}
	if q.Distinct {
		if df, err = df.Distinct(); err != nil {
			return nil, err
		}
	}
	if df, err = applyHints(df, q.Hints); err != nil {
		return nil, err
	}
	if len(q.OrderBy) > 0 {
		aggregated := q.GroupingSets == nil && (len(q.GroupBy) > 0 || plan.HasAggregate(q.Items...))
		args := make([]any, len(q.OrderBy))
		mapped := make([]plan.Expr, len(q.OrderBy))
		lacking := false
		for i, o := range q.OrderBy {
			if aggregated {
				if o, err = orderByAggregateOutput(o, q.Items, df.Columns()); err != nil {
					return nil, err
				}
				if so, ok := o.(plan.SortOrder); ok && plan.HasAggregate(so.Child) {
					lacking = true
				}
			}
			mapped[i] = o
			args[i] = newColumn(o)
		}
		if lacking && q.Having == nil && q.Qualify == nil && !q.Distinct && hidden == nil && !df.IsStreaming() {
			// An aggregate the select list lacks (SELECT x ... GROUP BY x ORDER BY count(*)):
			// Spark computes it beside the items and drops it after sorting.
			return s.orderByHiddenAggregates(preAggregate, q, mapped)
		}
		if df, err = df.OrderBy(args...); err != nil {
			return nil, err
		}
	}
	return s.queryTail(df, q)
}

// queryTail applies a query's DISTRIBUTE/SORT/CLUSTER BY, a LIMIT or OFFSET of columns
// (an error), OFFSET and LIMIT, in that order, to its sorted rows.
func (s *Session) queryTail(df *DataFrame, q *plan.Query) (*DataFrame, error) {
	var err error
	if df, err = partitionClauses(df, q); err != nil {
		return nil, err
	}
	for _, lc := range []struct {
		what string
		e    plan.Expr
	}{{"limit", q.LimitColumns}, {"offset", q.OffsetColumns}} {
		if lc.e == nil {
			continue
		}
		// A LIMIT of columns: an unknown one fails to resolve; a known one is not constant.
		sel, err := df.Select(newColumn(lc.e))
		if err != nil {
			return nil, err
		}
		return nil, plan.LimitNotFoldable(lc.what, sel.Columns()[0])
	}
	if q.Offset > 0 {
		if df, err = df.Offset(q.Offset); err != nil {
			return nil, err
		}
	}
	if q.Limit >= 0 {
		if df, err = df.Limit(q.Limit); err != nil {
			return nil, err
		}
	}
	return df, nil
}

// applyHints applies a SELECT's partitioning hints to its rows, the first hint outermost as
// Spark's ResolveHints nests them: REPARTITION(n) / REPARTITION(n, cols) / REPARTITION(cols)
// as repartition, COALESCE(n) as coalesce, REPARTITION_BY_RANGE as repartitionByRange. Join
// hints and REBALANCE change no result and are left out.
func applyHints(df *DataFrame, hints []plan.Call) (*DataFrame, error) {
	for i := len(hints) - 1; i >= 0; i-- {
		h := hints[i]
		n, cols := 0, []any{}
		for j, a := range h.Args {
			if l, ok := a.(plan.Literal); ok && j == 0 {
				if v, ok := l.Value.(int32); ok {
					n = int(v)
					continue
				}
			}
			cols = append(cols, newColumn(a))
		}
		var err error
		switch h.Name {
		case "REPARTITION":
			if len(cols) == 0 {
				if n > 0 {
					df, err = df.Repartition(n)
				}
			} else {
				df, err = df.RepartitionBy(n, cols...)
			}
		case "COALESCE":
			if n > 0 {
				df, err = df.Coalesce(n)
			}
		case "REPARTITION_BY_RANGE":
			if len(cols) > 0 {
				df, err = df.RepartitionByRange(n, cols...)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return df, nil
}

// orderByHiddenAggregates is an aggregating query whose ORDER BY (orderBy, resolved against
// the select list by orderByAggregateOutput) names aggregates its select list lacks: each such aggregate is computed as a hidden item, the rows are sorted by it and
// it is dropped, as Spark's ResolveAggregateFunctions adds it to the Aggregate. The rest of
// the query (partition clauses, OFFSET, LIMIT) follows as usual.
func (s *Session) orderByHiddenAggregates(pre *DataFrame, q *plan.Query, orderBy []plan.Expr) (*DataFrame, error) {
	items := append([]plan.Expr(nil), q.Items...)
	var hidden []string
	order := make([]any, len(orderBy))
	for i, o := range orderBy {
		so, ok := o.(plan.SortOrder)
		if !ok || !plan.HasAggregate(so.Child) {
			order[i] = newColumn(o)
			continue
		}
		name := fmt.Sprintf("__kafkalab_order%d", i)
		items = append(items, plan.Alias{Child: so.Child, Name: name})
		hidden = append(hidden, name)
		so.Child = plan.ColumnRef{Parts: []string{name}}
		order[i] = newColumn(so)
	}
	a, err := plan.NewAggregate(pre.node, q.GroupBy, items, false)
	if err != nil {
		return nil, err
	}
	df, err := applyHints(s.newDF(a), q.Hints)
	if err != nil {
		return nil, err
	}
	if df, err = df.OrderBy(order...); err != nil {
		return nil, err
	}
	if df, err = df.Drop(toAnys(hidden)...); err != nil {
		return nil, err
	}
	rest := *q
	rest.OrderBy, rest.Hints = nil, nil
	return s.queryTail(df, &rest)
}

// partitionClauses applies CLUSTER BY (hash-partition by the expressions, then sort each
// partition by them ascending), DISTRIBUTE BY (hash-partition) and SORT BY (sort within
// each partition), as repartition(cols) and sortWithinPartitions do.
func partitionClauses(df *DataFrame, q *plan.Query) (*DataFrame, error) {
	asCols := func(es []plan.Expr) []any {
		out := make([]any, len(es))
		for i, e := range es {
			out[i] = newColumn(e)
		}
		return out
	}
	var err error
	if q.ClusterBy != nil {
		if df, err = df.RepartitionBy(0, asCols(q.ClusterBy)...); err != nil {
			return nil, err
		}
		return df.SortWithinPartitions(asCols(q.ClusterBy)...)
	}
	if q.DistributeBy != nil {
		if df, err = df.RepartitionBy(0, asCols(q.DistributeBy)...); err != nil {
			return nil, err
		}
	}
	if q.SortBy != nil {
		return df.SortWithinPartitions(asCols(q.SortBy)...)
	}
	return df, nil
}

// orderByAggregateOutput resolves an ORDER BY of an aggregating query against the
// aggregate's output, as Spark does: a part of the sort expression that is a select item
// (or an alias's expression), such as ORDER BY count(*) or ORDER BY 2, becomes a reference
// to that item's output column. Column references and literals are left to resolve by
// name. cols are the output's columns, one per item.
func orderByAggregateOutput(o plan.Expr, items []plan.Expr, cols []string) (plan.Expr, error) {
	if len(items) != len(cols) {
		return o, nil
	}
	// Items compare without the source positions their column references carry.
	unplaced := func(e plan.Expr) plan.Expr {
		out, err := plan.MapExpr(e, func(x plan.Expr) (plan.Expr, error) {
			if c, ok := x.(plan.ColumnRef); ok {
				c.Line, c.Pos = 0, 0
				return c, nil
			}
			return x, nil
		})
		if err != nil {
			return e
		}
		return out
	}
	bare := make([]plan.Expr, len(items))
	for i, it := range items {
		if a, ok := it.(plan.Alias); ok {
			it = a.Child
		}
		bare[i] = unplaced(it)
	}
	return plan.MapExpr(o, func(x plan.Expr) (plan.Expr, error) {
		switch x.(type) {
		case plan.ColumnRef, plan.Literal, plan.Star, plan.SortOrder:
			return x, nil
		}
		ux := unplaced(x)
		for i, it := range bare {
			if reflect.DeepEqual(ux, it) {
				return plan.ColumnRef{Parts: []string{cols[i]}}, nil
			}
		}
		return x, nil
	})
}

// qualifiedBy reports whether df's columns are all qualified by name already (a catalog
// table's spark_catalog.default.name); a view's columns keep the qualifiers of the query
// that made it until they are read under the view's name.
func qualifiedBy(df *DataFrame, name string) bool {
	qs := df.node.Output().Qualifiers
	if len(qs) < len(df.Columns()) {
		return false
	}
	for _, q := range qs {
		if len(q) == 0 || !strings.EqualFold(q[len(q)-1], name) {
			return false
		}
	}
	return true
}

// bareName is a table name's last part, unquoted: the qualifier its columns take in a join.
func bareName(name string) string {
	parts := plan.ParseAttributeName(name)
	if len(parts) == 0 {
		return name
	}
	return parts[len(parts)-1]
}

// commaJoinWithWhere reads FROM a, b WHERE cond as FROM a JOIN b ON cond, as Spark's
// optimizer plans it (the equality becomes the join's keys), so rows come in the join's
// order. With more than one comma or a subquery in WHERE it stays a filter over the product.
func commaJoinWithWhere(q *plan.Query) {
	commas := 0
	at := -1
	for i, j := range q.Joins {
		if j.Comma {
			commas++
			at = i
		}
	}
	if commas != 1 || at != len(q.Joins)-1 || q.Where == nil || plan.HasSubquery(q.Where) || q.Joins[at].Lateral {
		return
	}
	q.Joins[at].Type, q.Joins[at].On = "inner", q.Where
	q.Where = nil
}

// sqlJoin joins the next table of a FROM clause: ON's condition, USING's columns (kept
// once, as DataFrame.join with names does), or none for CROSS JOIN.
func (s *Session) sqlJoin(ctx context.Context, left *DataFrame, j plan.JoinClause, ctes map[string]*DataFrame) (*DataFrame, error) {
	if j.Lateral {
		return s.sqlLateralTableFunction(left, j.TableFunction, j.TableFunctionArgs, j.TableAlias)
	}
	var right *DataFrame
	var err error
	switch {
	case j.Query != "":
		right, err = s.sqlScoped(ctx, j.Query, ctes)
	case j.TableFunction != "":
		right, err = s.sqlTableFunction(ctx, j.TableFunction, j.TableFunctionArgs)
	default:
		if right = cteNamed(ctes, j.Table); right == nil {
			right, err = s.Table(ctx, j.Table)
		}
	}
	if err != nil {
		return nil, err
	}
	if j.AliasColumns != nil {
		if right, err = renameAll(right, j.AliasColumns); err != nil {
			return nil, err
		}
	}
	alias := j.TableAlias
	if alias == "" && j.Table != "" {
		alias = bareName(j.Table)
	}
	if alias != "" {
		right = right.Alias(alias)
	}
	var on any
	if j.Natural {
		// NATURAL JOIN joins USING every column name the two sides share, in the left
		// side's order.
		var using []string
		for _, l := range left.Columns() {
			for _, r := range right.Columns() {
				if strings.EqualFold(l, r) {
					using = append(using, l)
					break
				}
			}
		}
		if len(using) == 0 {
			return left.Join(right, nil, "cross")
		}
		return left.Join(right, using, j.Type)
	}
	switch {
	case j.On != nil:
		on = newColumn(j.On)
	case len(j.Using) > 0:
		on = j.Using
	}
	return left.Join(right, on, j.Type)
}

// sqlHaving aggregates with HAVING: the condition filters the aggregated rows. It may name
// the query's output columns (HAVING n > 1), or aggregate on its own (HAVING count(*) > 1):
// then it is computed as a hidden column of the aggregation, as Spark's analyzer adds it,
// and dropped after the filter.
func (s *Session) sqlHaving(df *DataFrame, q *plan.Query) (*DataFrame, error) {
	a, err := plan.NewAggregate(df.node, q.GroupBy, q.Items, false)
	if err != nil {
		return nil, err
	}
	agg := s.newDF(a)
	if out, err := agg.Filter(newColumn(q.Having)); err == nil {
		return out, nil
	}
	const hidden = "__kafkalab_having"
	items := append(append([]plan.Expr(nil), q.Items...), plan.Alias{Child: q.Having, Name: hidden})
	a2, err := plan.NewAggregate(df.node, q.GroupBy, items, false)
	if err != nil {
		return nil, err
	}
	filtered, err := s.newDF(a2).Filter(newColumn(plan.ColumnRef{Parts: []string{hidden}}))
	if err != nil {
		return nil, err
	}
	return filtered.Drop(hidden)
}

// tableSample applies FROM table TABLESAMPLE (...): n ROWS is a limit, a fraction a sample
// without replacement seeded by REPEATABLE's seed or a random one (Spark draws
// (math.random * 1000).toInt).
func tableSample(df *DataFrame, ts *plan.TableSample) (*DataFrame, error) {
	if ts == nil {
		return df, nil
	}
	if ts.Rows >= 0 {
		return df.Limit(ts.Rows)
	}
	seed := int64(rand.Intn(1000))
	if ts.Seed != nil {
		seed = *ts.Seed
	}
	return df.SampleRange(0, math.Min(math.Max(ts.Fraction, 0), 1), seed, false)
}
