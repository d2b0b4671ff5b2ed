package connect

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// oneofName is the field name set in a message's oneof ("read", "sample"...), for messages
// that name what kafkalab refuses.
func oneofName(m proto.Message, oneof string) string {
	r := m.ProtoReflect()
	o := r.Descriptor().Oneofs().ByName(protoName(oneof))
	if o == nil {
		return "?"
	}
	f := r.WhichOneof(o)
	if f == nil {
		return "(none)"
	}
	return string(f.Name())
}

// pysparkNames says which PySpark call sends a relation kafkalab refuses, so the message
// names what the learner wrote.
var pysparkNames = map[string]string{
	"sample": "df.sample", "offset": "df.offset",
	"to_schema": "df.to", "repartition_by_expression": "df.repartition(cols)", "map_partitions": "df.mapInPandas/mapInArrow",
	"parse": "from_csv/from_json on a DataFrame", "group_map": "groupBy().applyInPandas",
	"co_group_map": "cogroup().applyInPandas", "apply_in_pandas_with_state": "applyInPandasWithState",
	"html_string": "df._repr_html_", "cached_local_relation": "createDataFrame of more than 64 MB",
	"common_inline_user_defined_table_function": "a Python UDTF", "as_of_join": "df.join_asof",
	"fill_na": "df.fillna / df.na.fill", "drop_na": "df.dropna / df.na.drop", "replace": "df.replace / df.na.replace",
	"summary": "df.summary", "crosstab": "df.crosstab", "describe": "df.describe", "cov": "df.cov", "corr": "df.corr",
	"approx_quantile": "df.approxQuantile", "freq_items": "df.freqItems", "sample_by": "df.sampleBy",
	"lateral_join": "df.lateralJoin", "transpose": "df.transpose", "unresolved_table_valued_function": "spark.tvf",
	"with_relations": "spark.sql with DataFrame arguments",
}

// refuseRelation is the error for a relation kafkalab does not map. In a batch action
// (ExecutePlan of a relation: collect, show, foreachPartition) over a streaming input,
// Spark's analysis refuses the batch query on a stream before the operator matters, so
// that error comes first: df.foreachPartition on a stream (a MapPartitions over the
// stream) fails with Spark's _LEGACY_ERROR_TEMP_3102, as classic PySpark and Spark's
// server word it, instead of naming the relation.
func (ss *session) refuseRelation(ctx context.Context, rel *pb.Relation) error {
	if in := relationInput(rel); in != nil && ctx.Value(batchActionKey{}) != nil {
		if df, err := ss.relation(ctx, in); err == nil && df.IsStreaming() {
			return plan.CheckBatch(df.Plan())
		}
	}
	return refuseRelation(rel)
}

// batchActionKey marks a context building the relation of a batch action (ExecutePlan's
// root), as against analysis or a writeStream's input.
type batchActionKey struct{}

// relationInput is the input relation of rel's operator (its "input" field), nil when it
// has none.
func relationInput(rel *pb.Relation) *pb.Relation {
	m := rel.ProtoReflect()
	o := m.Descriptor().Oneofs().ByName("rel_type")
	if o == nil {
		return nil
	}
	f := m.WhichOneof(o)
	if f == nil || f.Message() == nil {
		return nil
	}
	sub := m.Get(f).Message()
	in := sub.Descriptor().Fields().ByName("input")
	if in == nil || in.Message() == nil || !sub.Has(in) {
		return nil
	}
	r, _ := sub.Get(in).Message().Interface().(*pb.Relation)
	return r
}

func refuseRelation(rel *pb.Relation) error {
	name := oneofName(rel, "rel_type")
	if ext := rel.GetExtension(); ext != nil {
		return unsupportedf("relation extension %s", extensionName(ext.GetTypeUrl()))
	}
	if api, ok := pysparkNames[name]; ok {
		return unsupportedf("relation %s (%s)", name, api)
	}
	return unsupportedf("relation %s", name)
}

// planDFs records, while one plan is built, the DataFrame made for each relation the
// client numbered (RelationCommon.plan_id), so a column the client took from a DataFrame
// (events.timestamp, df1["id"]) is that DataFrame's column, as in classic PySpark, and
// not whatever column of that name the input has further up.
type planDFs map[int64]*engine.DataFrame

type planDFsKey struct{}

// relation builds the engine DataFrame a Connect relation describes.
func (ss *session) relation(ctx context.Context, rel *pb.Relation) (*engine.DataFrame, error) {
	dfs, ok := ctx.Value(planDFsKey{}).(planDFs)
	if !ok {
		dfs = planDFs{}
		ctx = context.WithValue(ctx, planDFsKey{}, dfs)
	}
	df, err := ss.relationOf(ctx, rel)
	if err == nil && rel.GetCommon() != nil && rel.GetCommon().PlanId != nil {
		dfs[rel.GetCommon().GetPlanId()] = df
	}
	return df, err
}

// planColumn is the column name of the DataFrame the client numbered id, when this plan
// built it; ok is false otherwise (the name then resolves against the input).
func planColumn(ctx context.Context, id int64, name string) (c *engine.Column, ok bool, err error) {
	dfs, _ := ctx.Value(planDFsKey{}).(planDFs)
	df := dfs[id]
	if df == nil {
		return nil, false, nil
	}
	c, err = df.Col(name)
	return c, true, err
}

func (ss *session) relationOf(ctx context.Context, rel *pb.Relation) (*engine.DataFrame, error) {
	if rel == nil {
		return nil, invalidPlan("a relation is missing")
	}
	switch r := rel.GetRelType().(type) {
	case *pb.Relation_Read:
		return ss.read(ctx, r.Read)
	case *pb.Relation_Project:
		if r.Project.GetInput() == nil {
			return nil, unsupportedf("a select without a DataFrame (spark.sql(\"SELECT ...\") without FROM, or select on an empty plan)")
		}
		in, err := ss.relation(ctx, r.Project.GetInput())
		if err != nil {
			return nil, err
		}
		cols, err := ss.columns(ctx, r.Project.GetExpressions())
		if err != nil {
			return nil, err
		}
		return in.Select(anys(cols)...)
	case *pb.Relation_Filter:
		in, err := ss.relation(ctx, r.Filter.GetInput())
		if err != nil {
			return nil, err
		}
		cond, err := ss.column(ctx, r.Filter.GetCondition())
		if err != nil {
			return nil, err
		}
		return in.Filter(cond)
	case *pb.Relation_Aggregate:
		return ss.aggregate(ctx, r.Aggregate)
	case *pb.Relation_Sort:
		in, err := ss.relation(ctx, r.Sort.GetInput())
		if err != nil {
			return nil, err
		}
		var cols []any
		for _, o := range r.Sort.GetOrder() {
			c, err := ss.sortOrder(ctx, o)
			if err != nil {
				return nil, err
			}
			cols = append(cols, c)
		}
		if r.Sort.IsGlobal != nil && !r.Sort.GetIsGlobal() {
			// df.sortWithinPartitions: each partition sorted, the partitions kept.
			return in.SortWithinPartitions(cols...)
		}
		return in.OrderBy(cols...)
	case *pb.Relation_Limit:
		in, err := ss.relation(ctx, r.Limit.GetInput())
		if err != nil {
			return nil, err
		}
		return in.Limit(int(r.Limit.GetLimit()))
	case *pb.Relation_Offset:
		in, err := ss.relation(ctx, r.Offset.GetInput())
		if err != nil {
			return nil, err
		}
		return in.Offset(int(r.Offset.GetOffset()))
	case *pb.Relation_Sql:
		q, err := boundSQL(r.Sql)
		if err != nil {
			return nil, err
		}
		return ss.eng.SQL(ctx, q)
	case *pb.Relation_LocalRelation:
		return ss.localRelation(r.LocalRelation)
	case *pb.Relation_Deduplicate:
		in, err := ss.relation(ctx, r.Deduplicate.GetInput())
		if err != nil {
			return nil, err
		}
		names := r.Deduplicate.GetColumnNames()
		if r.Deduplicate.GetAllColumnsAsKeys() {
			names = nil
		}
		if r.Deduplicate.GetWithinWatermark() {
			return in.DropDuplicatesWithinWatermark(names...)
		}
		return in.DropDuplicates(names...)
	case *pb.Relation_Range:
		return ss.rangeRelation(r.Range)
	case *pb.Relation_CommonInlineUserDefinedTableFunction:
		return ss.udtfRelation(ctx, r.CommonInlineUserDefinedTableFunction)
	case *pb.Relation_WithRelations:
		return ss.withRelations(ctx, r.WithRelations)
	case *pb.Relation_SampleBy:
		return ss.sampleBy(ctx, r.SampleBy)
	case *pb.Relation_Corr:
		return ss.pairStat(ctx, r.Corr.GetInput(), "corr", r.Corr.GetCol1(), r.Corr.GetCol2(), "corr")
	case *pb.Relation_Cov:
		return ss.pairStat(ctx, r.Cov.GetInput(), "covar_samp", r.Cov.GetCol1(), r.Cov.GetCol2(), "cov")
	case *pb.Relation_ApproxQuantile:
		return ss.approxQuantile(ctx, r.ApproxQuantile)
	case *pb.Relation_Extension:
		if dr, ok, err := deltaRelation(r.Extension); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return ss.deltaRelationDF(ctx, dr)
		}
		return nil, refuseRelation(rel)
	case *pb.Relation_SubqueryAlias:
		in, err := ss.relation(ctx, r.SubqueryAlias.GetInput())
		if err != nil {
			return nil, err
		}
		return in.Alias(r.SubqueryAlias.GetAlias()), nil
	case *pb.Relation_Repartition:
		in, err := ss.relation(ctx, r.Repartition.GetInput())
		if err != nil {
			return nil, err
		}
		if r.Repartition.GetShuffle() {
			return in.Repartition(int(r.Repartition.GetNumPartitions()))
		}
		return in.Coalesce(int(r.Repartition.GetNumPartitions()))
	case *pb.Relation_Sample:
		return ss.sample(ctx, r.Sample)
	case *pb.Relation_RepartitionByExpression:
		return ss.repartitionByExpression(ctx, r.RepartitionByExpression)
	case *pb.Relation_ToDf:
		in, err := ss.relation(ctx, r.ToDf.GetInput())
		if err != nil {
			return nil, err
		}
		names := r.ToDf.GetColumnNames()
		old := in.Columns()
		if len(names) != len(old) {
			return nil, &plan.AnalysisError{Class: "INVALID_COLUMN_OR_FIELD_DATA_TYPE", Message: fmt.Sprintf(
				"The number of columns doesn't match.\nOld column names (%d): %s\nNew column names (%d): %s", len(old), strings.Join(old, ", "), len(names), strings.Join(names, ", "))}
		}
		cols := make([]any, len(names))
		for i, n := range names {
			cols[i] = engine.Col("`" + strings.ReplaceAll(old[i], "`", "``") + "`").Alias(n)
		}
		return in.Select(cols...)
	case *pb.Relation_WithColumnsRenamed:
		in, err := ss.relation(ctx, r.WithColumnsRenamed.GetInput())
		if err != nil {
			return nil, err
		}
		for _, rn := range r.WithColumnsRenamed.GetRenames() {
			if in, err = in.WithColumnRenamed(rn.GetColName(), rn.GetNewColName()); err != nil {
				return nil, err
			}
		}
		for old, nw := range r.WithColumnsRenamed.GetRenameColumnsMap() {
			if in, err = in.WithColumnRenamed(old, nw); err != nil {
				return nil, err
			}
		}
		return in, nil
	case *pb.Relation_ShowString:
		return ss.showString(ctx, r.ShowString)
	case *pb.Relation_Drop:
		in, err := ss.relation(ctx, r.Drop.GetInput())
		if err != nil {
			return nil, err
		}
		var cols []any
		for _, n := range r.Drop.GetColumnNames() {
			cols = append(cols, n)
		}
		cs, err := ss.columns(ctx, r.Drop.GetColumns())
		if err != nil {
			return nil, err
		}
		return in.Drop(append(cols, anys(cs)...)...)
	case *pb.Relation_WithColumns:
		in, err := ss.relation(ctx, r.WithColumns.GetInput())
		if err != nil {
			return nil, err
		}
		var names []string
		var cols []*engine.Column
		for _, a := range r.WithColumns.GetAliases() {
			if len(a.GetName()) != 1 {
				return nil, invalidPlan("withColumns: an alias needs one name, got %v", a.GetName())
			}
			c, err := ss.column(ctx, a.GetExpr())
			if err != nil {
				return nil, err
			}
			if a.Metadata != nil {
				c, err = aliasWithMetadata(c, a.GetName()[0], a.GetMetadata())
				if err != nil {
					return nil, err
				}
			}
			names = append(names, a.GetName()[0])
			cols = append(cols, c)
		}
		return in.WithColumns(names, cols)
	case *pb.Relation_WithWatermark:
		in, err := ss.relation(ctx, r.WithWatermark.GetInput())
		if err != nil {
			return nil, err
		}
		return in.WithWatermark(r.WithWatermark.GetEventTime(), r.WithWatermark.GetDelayThreshold())
	case *pb.Relation_Hint:
		// Hints steer Spark's planner and never change results; kafkalab has one plan.
		return ss.relation(ctx, r.Hint.GetInput())
	case *pb.Relation_Join:
		return ss.join(ctx, r.Join)
	case *pb.Relation_SetOp:
		return ss.setOp(ctx, r.SetOp)
	case *pb.Relation_CachedRemoteRelation:
		ss.mu.Lock()
		df := ss.cached[r.CachedRemoteRelation.GetRelationId()]
		ss.mu.Unlock()
		if df == nil {
			return nil, invalidPlan("no cached DataFrame %s in this session", r.CachedRemoteRelation.GetRelationId())
		}
		return df, nil
	case *pb.Relation_Catalog:
		return ss.catalog(ctx, r.Catalog)
	case *pb.Relation_FillNa:
		return ss.naFill(ctx, r.FillNa)
	case *pb.Relation_DropNa:
		return ss.naDrop(ctx, r.DropNa)
	case *pb.Relation_Replace:
		return ss.naReplace(ctx, r.Replace)
	case *pb.Relation_Describe:
		return ss.describe(ctx, r.Describe)
	case *pb.Relation_Summary:
		return ss.summary(ctx, r.Summary)
	case *pb.Relation_CollectMetrics:
		return ss.collectMetrics(ctx, r.CollectMetrics)
	case *pb.Relation_Unpivot:
		// df.unpivot / df.melt: without values (None) every non-id column is one.
		u := r.Unpivot
		in, err := ss.relation(ctx, u.GetInput())
		if err != nil {
			return nil, err
		}
		ids, err := ss.columns(ctx, u.GetIds())
		if err != nil {
			return nil, err
		}
		var values []*engine.Column
		if u.Values != nil {
			if values, err = ss.columns(ctx, u.GetValues().GetValues()); err != nil {
				return nil, err
			}
			if values == nil {
				values = []*engine.Column{}
			}
		}
		return in.Unpivot(ids, values, u.GetVariableColumnName(), u.GetValueColumnName())
	case *pb.Relation_MapPartitions:
		return ss.mapPartitions(ctx, r.MapPartitions)
	case *pb.Relation_GroupMap:
		return ss.groupMap(ctx, r.GroupMap)
	case *pb.Relation_Tail:
		// df.tail(n): the engine's Tail gives the last n rows (it refuses a stream as
		// Spark does); they become a local DataFrame of the input's schema.
		in, err := ss.relation(ctx, r.Tail.GetInput())
		if err != nil {
			return nil, err
		}
		rows, err := in.Tail(ctx, int(r.Tail.GetLimit()))
		if err != nil {
			return nil, err
		}
		return ss.eng.CreateDataFrame(rows, in.Schema())
	}
	return nil, ss.refuseRelation(ctx, rel)
}

func anys(cs []*engine.Column) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		out[i] = c
	}
	return out
}

// read is spark.read / spark.readStream / spark.table.
func (ss *session) read(ctx context.Context, r *pb.Read) (*engine.DataFrame, error) {
	switch rt := r.GetReadType().(type) {
	case *pb.Read_NamedTable_:
		// The reader's options travel with the name: versionAsOf and timestampAsOf on a
		// batch read, the Delta source's options on a stream.
		name, opts := rt.NamedTable.GetUnparsedIdentifier(), ss.options(rt.NamedTable.GetOptions())
		if r.GetIsStreaming() {
			return ss.eng.ReadStream().Options(opts).Table(name)
		}
		return ss.eng.Read().Options(opts).Table(ctx, name)
	case *pb.Read_DataSource_:
		ds := rt.DataSource
		if len(ds.GetPredicates()) > 0 {
			return nil, unsupportedf("spark.read.jdbc with predicates")
		}
		var schema *sqltypes.StructType
		if s := ds.GetSchema(); s != "" {
			st, err := plan.ParseSchemaString(s)
			if err != nil {
				return nil, err
			}
			schema = st
		}
		format := ds.GetFormat()
		if r.GetIsStreaming() {
			rd := ss.eng.ReadStream().Format(format).Options(ss.options(ds.GetOptions()))
			if schema != nil {
				rd = rd.Schema(schema)
			}
			return rd.Load(ds.GetPaths()...)
		}
		if format == "" {
			format = "parquet" // spark.sql.sources.default
		}
		rd := ss.eng.Read().Format(format).Options(ss.options(ds.GetOptions()))
		if schema != nil {
			rd = rd.Schema(schema)
		}
		return rd.Load(ctx, ds.GetPaths()...)
	}
	return nil, invalidPlan("read without a table or a data source")
}

func (ss *session) aggregate(ctx context.Context, a *pb.Aggregate) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, a.GetInput())
	if err != nil {
		return nil, err
	}
	keys, err := ss.columns(ctx, a.GetGroupingExpressions())
	if err != nil {
		return nil, err
	}
	aggs, err := ss.columns(ctx, a.GetAggregateExpressions())
	if err != nil {
		return nil, err
	}
	var g *engine.GroupedData
	switch a.GetGroupType() {
	case pb.Aggregate_GROUP_TYPE_GROUPBY:
		if len(keys) == 0 {
			return in.GroupBy().WithoutRowEncoder().Agg(anys(aggs)...)
		}
		g = in.GroupBy(anys(keys)...)
	case pb.Aggregate_GROUP_TYPE_ROLLUP:
		g = in.Rollup(anys(keys)...)
	case pb.Aggregate_GROUP_TYPE_CUBE:
		g = in.Cube(anys(keys)...)
	case pb.Aggregate_GROUP_TYPE_GROUPING_SETS:
		// df.groupingSets(sets, *cols): each set lists grouping expressions among cols.
		var sets [][]any
		for _, set := range a.GetGroupingSets() {
			cs, err := ss.columns(ctx, set.GetGroupingSet())
			if err != nil {
				return nil, err
			}
			sets = append(sets, anys(cs))
		}
		g = in.GroupingSets(sets, anys(keys)...)
	case pb.Aggregate_GROUP_TYPE_PIVOT:
		// groupBy(...).pivot(col[, values]).agg(...): without values the engine collects
		// the column's distinct values first, as Spark's planner does.
		p := a.GetPivot()
		col, err := ss.column(ctx, p.GetCol())
		if err != nil {
			return nil, err
		}
		var values []any
		for _, l := range p.GetValues() {
			v, err := literalValue(l)
			if err != nil {
				return nil, err
			}
			values = append(values, v)
		}
		if g, err = in.GroupBy(anys(keys)...).Pivot(ctx, col, values); err != nil {
			return nil, err
		}
	default:
		kind := strings.ToLower(strings.TrimPrefix(a.GetGroupType().String(), "GROUP_TYPE_"))
		return nil, unsupportedf("%s aggregations (df.%s)", kind, kind)
	}
	return g.WithoutRowEncoder().Agg(anys(aggs)...)
}

func (ss *session) localRelation(lr *pb.LocalRelation) (*engine.DataFrame, error) {
	var st *sqltypes.StructType
	var err error
	switch {
	case lr.Schema != nil:
		st, err = plan.ParseSchemaString(lr.GetSchema())
	case len(lr.GetData()) > 0:
		st, err = arrowSchema(lr.GetData())
	default:
		return nil, invalidPlan("createDataFrame: the local relation has neither a schema nor data")
	}
	if err != nil {
		return nil, err
	}
	var rows []sqltypes.Row
	if len(lr.GetData()) > 0 {
		if rows, err = readArrow(lr.GetData(), st); err != nil {
			return nil, err
		}
	}
	return ss.eng.CreateDataFrame(rows, st)
}

// rangeRelation is spark.range: the engine's Range, as the embedded path's, with the
// client's numPartitions (the default parallelism when it sends none), so the partition-aware
// functions (spark_partition_id, monotonically_increasing_id, rand) see Spark's split.
func (ss *session) rangeRelation(r *pb.Range) (*engine.DataFrame, error) {
	if r.GetStep() == 0 {
		return nil, &sparkError{classes: illegalArgumentClasses, message: "requirement failed: step (0) cannot be 0"}
	}
	return ss.eng.Range(r.GetStart(), r.GetEnd(), r.GetStep(), int(r.GetNumPartitions()))
}

// showString is df.show(): one row, one string column "show_string" holding the table.
func (ss *session) showString(ctx context.Context, s *pb.ShowString) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, s.GetInput())
	if err != nil {
		return nil, err
	}
	text, err := in.Show(ctx, int(s.GetNumRows()), int(s.GetTruncate()), s.GetVertical())
	if err != nil {
		return nil, err
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "show_string", Type: sqltypes.String, Nullable: true}}}
	return ss.eng.CreateDataFrame([]sqltypes.Row{{text}}, schema)
}

func (ss *session) join(ctx context.Context, j *pb.Join) (*engine.DataFrame, error) {
	left, err := ss.relation(ctx, j.GetLeft())
	if err != nil {
		return nil, err
	}
	right, err := ss.relation(ctx, j.GetRight())
	if err != nil {
		return nil, err
	}
	how := map[pb.Join_JoinType]string{
		pb.Join_JOIN_TYPE_UNSPECIFIED: "inner", pb.Join_JOIN_TYPE_INNER: "inner", pb.Join_JOIN_TYPE_FULL_OUTER: "full_outer",
		pb.Join_JOIN_TYPE_LEFT_OUTER: "left_outer", pb.Join_JOIN_TYPE_RIGHT_OUTER: "right_outer",
		pb.Join_JOIN_TYPE_LEFT_ANTI: "left_anti", pb.Join_JOIN_TYPE_LEFT_SEMI: "left_semi", pb.Join_JOIN_TYPE_CROSS: "cross",
	}[j.GetJoinType()]
	if how == "cross" && j.GetJoinCondition() == nil && len(j.GetUsingColumns()) == 0 {
		return left.CrossJoin(right)
	}
	var on any
	switch {
	case len(j.GetUsingColumns()) > 0:
		on = j.GetUsingColumns()
	case j.GetJoinCondition() != nil:
		c, err := ss.column(ctx, j.GetJoinCondition())
		if err != nil {
			return nil, err
		}
		on = c
	}
	return left.Join(right, on, how)
}

func (ss *session) setOp(ctx context.Context, s *pb.SetOperation) (*engine.DataFrame, error) {
	op := s.GetSetOpType()
	if op != pb.SetOperation_SET_OP_TYPE_UNION && op != pb.SetOperation_SET_OP_TYPE_INTERSECT && op != pb.SetOperation_SET_OP_TYPE_EXCEPT {
		name := strings.ToLower(strings.TrimPrefix(op.String(), "SET_OP_TYPE_"))
		return nil, unsupportedf("set operation %s", name)
	}
	left, err := ss.relation(ctx, s.GetLeftInput())
	if err != nil {
		return nil, err
	}
	right, err := ss.relation(ctx, s.GetRightInput())
	if err != nil {
		return nil, err
	}
	switch op {
	case pb.SetOperation_SET_OP_TYPE_INTERSECT:
		if s.GetIsAll() {
			return left.IntersectAll(right)
		}
		return left.Intersect(right)
	case pb.SetOperation_SET_OP_TYPE_EXCEPT:
		if s.GetIsAll() {
			return left.ExceptAll(right)
		}
		return left.Subtract(right)
	}
	union := left.Union
	if s.GetByName() {
		union = func(r *engine.DataFrame) (*engine.DataFrame, error) {
			return left.UnionByName(r, s.GetAllowMissingColumns())
		}
	}
	u, err := union(right)
	if err != nil || s.GetIsAll() {
		return u, err
	}
	return u.Distinct()
}

// catalog answers the spark.catalog calls the engine has.
func (ss *session) catalog(ctx context.Context, c *pb.Catalog) (*engine.DataFrame, error) {
	boolDF := func(v bool) (*engine.DataFrame, error) {
		schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: sqltypes.Boolean, Nullable: false}}}
		return ss.eng.CreateDataFrame([]sqltypes.Row{{v}}, schema)
	}
	switch ct := c.GetCatType().(type) {
	case *pb.Catalog_TableExists:
		name := ct.TableExists.GetTableName()
		if db := ct.TableExists.GetDbName(); db != "" {
			name = db + "." + name
		}
		return boolDF(ss.eng.TableExists(name))
	case *pb.Catalog_DropTempView:
		return boolDF(ss.eng.DropTempView(ct.DropTempView.GetViewName()))
	case *pb.Catalog_DropGlobalTempView:
		return boolDF(ss.eng.DropGlobalTempView(ct.DropGlobalTempView.GetViewName()))
	case *pb.Catalog_CurrentDatabase:
		schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: sqltypes.String, Nullable: true}}}
		return ss.eng.CreateDataFrame([]sqltypes.Row{{ss.eng.CurrentDatabase()}}, schema)
	case *pb.Catalog_CurrentCatalog:
		schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: sqltypes.String, Nullable: true}}}
		return ss.eng.CreateDataFrame([]sqltypes.Row{{"spark_catalog"}}, schema)
	case *pb.Catalog_FunctionExists:
		return boolDF(ss.eng.FunctionExists(ct.FunctionExists.GetFunctionName()))
	case *pb.Catalog_ListColumns:
		// The client reads the seven columns of Spark's catalog Column by position.
		name := ct.ListColumns.GetTableName()
		if db := ct.ListColumns.GetDbName(); db != "" {
			name = db + "." + name
		}
		cols, err := ss.eng.ListColumns(ctx, name)
		if err != nil {
			return nil, err
		}
		schema, err := sqltypes.ParseDDL("name STRING NOT NULL, description STRING, dataType STRING NOT NULL, nullable BOOLEAN NOT NULL, isPartition BOOLEAN NOT NULL, isBucket BOOLEAN NOT NULL, isCluster BOOLEAN NOT NULL")
		if err != nil {
			return nil, err
		}
		var rows []sqltypes.Row
		for _, c := range cols {
			rows = append(rows, sqltypes.Row{c.Name, nil, c.DataType, c.Nullable, c.IsPartition, false, false})
		}
		return ss.eng.CreateDataFrame(rows, schema)
	case *pb.Catalog_SetCurrentDatabase:
		if err := ss.eng.SetCurrentDatabase(ct.SetCurrentDatabase.GetDbName()); err != nil {
			return nil, err
		}
		return ss.eng.CreateDataFrame(nil, &sqltypes.StructType{})
	case *pb.Catalog_DatabaseExists:
		name := strings.ToLower(ct.DatabaseExists.GetDbName())
		return boolDF(ss.eng.DatabaseExists(strings.TrimPrefix(name, "spark_catalog.")))
	case *pb.Catalog_IsCached:
		ok, err := ss.eng.IsCached(ctx, ct.IsCached.GetTableName())
		if err != nil {
			return nil, err
		}
		return boolDF(ok)
	case *pb.Catalog_ListTables:
		db := ct.ListTables.GetDbName()
		if db == "" {
			db = ss.eng.CurrentDatabase()
		}
		all, err := ss.eng.ListTablesIn(db)
		if err != nil {
			return nil, err
		}
		var tables []engine.CatalogTable
		for _, t := range all {
			if p := ct.ListTables.GetPattern(); p == "" || engine.MatchesLike(p, t.Name) {
				tables = append(tables, t)
			}
		}
		schema, err := sqltypes.ParseDDL("name STRING NOT NULL, catalog STRING, namespace ARRAY<STRING>, description STRING, tableType STRING NOT NULL, isTemporary BOOLEAN NOT NULL")
		if err != nil {
			return nil, err
		}
		var rows []sqltypes.Row
		for _, t := range tables {
			rows = append(rows, catalogTableRow(t))
		}
		return ss.eng.CreateDataFrame(rows, schema)
	}
	return nil, unsupportedf("spark.catalog.%s", oneofName(c, "cat_type"))
}

// extensionName names a client plug-in's message (its Any type URL's message name) and,
// for Delta Lake's, the API that sends it.
func extensionName(typeURL string) string {
	name := typeURL[strings.LastIndexByte(typeURL, '/')+1:]
	if strings.HasPrefix(name, "delta.connect.") {
		return name + " (Delta Lake's DeltaTable API)"
	}
	return name
}

// boundSQL is a SQL relation's query with its parameters bound: spark.sql(query, args) sends
// named arguments for :name markers or positional ones for ? markers, as literals.
func boundSQL(sq *pb.SQL) (string, error) {
	var named map[string]any
	var positional []any
	literal := func(e *pb.Expression) (any, error) {
		l := e.GetLiteral()
		if l == nil {
			return nil, unsupportedf("a spark.sql argument that is not a literal (%s)", oneofName(e, "expr_type"))
		}
		return literalValue(l)
	}
	for k, l := range sq.GetArgs() {
		if named == nil {
			named = map[string]any{}
		}
		v, err := literalValue(l)
		if err != nil {
			return "", err
		}
		named[k] = v
	}
	for k, e := range sq.GetNamedArguments() {
		if named == nil {
			named = map[string]any{}
		}
		v, err := literal(e)
		if err != nil {
			return "", err
		}
		named[k] = v
	}
	for _, l := range sq.GetPosArgs() {
		v, err := literalValue(l)
		if err != nil {
			return "", err
		}
		positional = append(positional, v)
	}
	for _, e := range sq.GetPosArguments() {
		v, err := literal(e)
		if err != nil {
			return "", err
		}
		positional = append(positional, v)
	}
	if named == nil && positional == nil {
		return sq.GetQuery(), nil
	}
	if named != nil && positional != nil {
		return "", invalidPlan("spark.sql with both named and positional arguments")
	}
	return plan.BindParameters(sq.GetQuery(), named, positional)
}

// sample is df.sample / df.randomSplit's pieces: the rows whose draw falls in [lower, upper),
// over rows sorted within their tasks first when the client asks for a deterministic order
// (randomSplit does, as Spark's server then sorts).
func (ss *session) sample(ctx context.Context, sm *pb.Sample) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, sm.GetInput())
	if err != nil {
		return nil, err
	}
	if sm.GetWithReplacement() {
		return nil, unsupportedf("df.sample(withReplacement=True)")
	}
	seed := sm.GetSeed()
	if sm.Seed == nil {
		seed = rand.Int64()
	}
	return in.SampleRange(sm.GetLowerBound(), sm.GetUpperBound(), seed, sm.GetDeterministicOrder())
}

// repartitionByExpression is df.repartition(n, cols...) / df.repartition(cols...); range
// partitioning (repartitionByRange sends sort orders) is not in kafkalab yet.
func (ss *session) repartitionByExpression(ctx context.Context, r *pb.RepartitionByExpression) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, r.GetInput())
	if err != nil {
		return nil, err
	}
	for _, e := range r.GetPartitionExprs() {
		if e.GetSortOrder() != nil {
			return nil, unsupportedf("df.repartitionByRange")
		}
	}
	cols, err := ss.columns(ctx, r.GetPartitionExprs())
	if err != nil {
		return nil, err
	}
	args := make([]any, len(cols))
	for i, c := range cols {
		args[i] = c
	}
	return in.RepartitionBy(int(r.GetNumPartitions()), args...)
}

// withRelations is spark.sql(query, **kwargs) with DataFrame arguments: the client names
// each DataFrame in the query text with a view (_pyspark_connect_temp_view_...) and sends
// its plan beside the query as a SubqueryAlias of that name. The views live while the query
// is analysed, as the embedded path's spark.sql registers and then drops them.
func (ss *session) withRelations(ctx context.Context, w *pb.WithRelations) (*engine.DataFrame, error) {
	var views []string
	defer func() {
		for _, v := range views {
			ss.eng.DropTempView(v)
		}
	}()
	for _, ref := range w.GetReferences() {
		sa := ref.GetSubqueryAlias()
		if sa == nil || sa.GetAlias() == "" {
			return nil, unsupportedf("a query referring to a relation %s (kafkalab runs spark.sql with DataFrame arguments; df.scalar() and df.exists() subqueries are not mapped yet)", oneofName(ref, "rel_type"))
		}
		df, err := ss.relation(ctx, sa.GetInput())
		if err != nil {
			return nil, err
		}
		if err := df.CreateOrReplaceTempView(sa.GetAlias()); err != nil {
			return nil, err
		}
		views = append(views, sa.GetAlias())
	}
	return ss.relation(ctx, w.GetRoot())
}
