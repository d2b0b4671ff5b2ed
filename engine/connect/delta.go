package connect

import (
	"context"
	"sort"
	"strings"

	"google.golang.org/protobuf/types/known/anypb"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/connect/deltaconnectpb"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Delta Lake's Python API (delta-spark's delta.connect) sends DeltaTable's operations as
// plug-in messages: reads, history and the DML operations as a DeltaRelation inside
// Relation.extension, the rest as a DeltaCommand inside Command.extension. They run on the
// engine's DeltaTable, the code the embedded path's delta.tables uses.

// deltaRelation unpacks a relation extension holding a DeltaRelation; ok is false for any
// other plug-in's message.
func deltaRelation(ext *anypb.Any) (*deltaconnectpb.DeltaRelation, bool, error) {
	var dr deltaconnectpb.DeltaRelation
	if !ext.MessageIs(&dr) {
		return nil, false, nil
	}
	if err := ext.UnmarshalTo(&dr); err != nil {
		return nil, true, invalidPlan("delta.connect.DeltaRelation: %v", err)
	}
	return &dr, true, nil
}

// deltaRelationDF is the DataFrame a DeltaRelation describes. Update, delete, merge and
// restore run when the relation is executed, as Delta's server runs their commands while
// planning, and answer with the command's one row of counts.
func (ss *session) deltaRelationDF(ctx context.Context, dr *deltaconnectpb.DeltaRelation) (*engine.DataFrame, error) {
	switch r := dr.GetRelationType().(type) {
	case *deltaconnectpb.DeltaRelation_Scan:
		dt, err := ss.deltaTable(ctx, r.Scan.GetTable())
		if err != nil {
			return nil, err
		}
		return dt.ToDF(ctx)
	case *deltaconnectpb.DeltaRelation_DescribeHistory:
		dt, err := ss.deltaTable(ctx, r.DescribeHistory.GetTable())
		if err != nil {
			return nil, err
		}
		return dt.History(ctx, 0)
	case *deltaconnectpb.DeltaRelation_IsDeltaTable:
		ok, err := ss.eng.IsDeltaTable(r.IsDeltaTable.GetPath())
		if err != nil {
			return nil, err
		}
		return ss.eng.CreateDataFrame([]sqltypes.Row{{ok}}, sqltypes.MustParseDDL("value BOOLEAN NOT NULL"))
	case *deltaconnectpb.DeltaRelation_RestoreTable:
		dt, err := ss.deltaTable(ctx, r.RestoreTable.GetTable())
		if err != nil {
			return nil, err
		}
		var df *engine.DataFrame
		switch v := r.RestoreTable.GetVersionOrTimestamp().(type) {
		case *deltaconnectpb.RestoreTable_Version:
			df, err = dt.RestoreToVersion(ctx, v.Version)
		case *deltaconnectpb.RestoreTable_Timestamp:
			df, err = dt.RestoreToTimestamp(ctx, v.Timestamp)
		default:
			return nil, invalidPlan("delta.connect.RestoreTable names neither a version nor a timestamp")
		}
		return df, err
	case *deltaconnectpb.DeltaRelation_DeleteFromTable:
		return ss.deltaDelete(ctx, r.DeleteFromTable)
	case *deltaconnectpb.DeltaRelation_UpdateTable:
		return ss.deltaUpdate(ctx, r.UpdateTable)
	case *deltaconnectpb.DeltaRelation_MergeIntoTable:
		return ss.deltaMerge(ctx, r.MergeIntoTable)
	case *deltaconnectpb.DeltaRelation_DescribeDetail:
		dt, err := ss.deltaTable(ctx, r.DescribeDetail.GetTable())
		if err != nil {
			return nil, err
		}
		return dt.Detail(ctx)
	case *deltaconnectpb.DeltaRelation_ConvertToDelta:
		return nil, unsupportedDelta("DeltaTable.convertToDelta")
	case *deltaconnectpb.DeltaRelation_OptimizeTable:
		o := r.OptimizeTable
		if len(o.GetZorderColumns()) > 0 {
			return nil, unsupportedf("DeltaOptimizeBuilder.executeZOrderBy (kafkalab's OPTIMIZE compacts files with executeCompaction but does not Z-order them; run it on real Spark with kafkalab export)")
		}
		dt, err := ss.deltaTable(ctx, o.GetTable())
		if err != nil {
			return nil, err
		}
		where := make([]any, len(o.GetPartitionFilters()))
		for i, f := range o.GetPartitionFilters() {
			where[i] = f
		}
		return dt.Optimize(ctx, where...)
	}
	return nil, invalidPlan("Unknown DeltaRelation %s", oneofName(dr, "relation_type"))
}

// deltaCommand runs a DeltaCommand from Command.extension; ok is false for any other
// plug-in's message. Of the table-maintenance commands kafkalab's Delta tables run vacuum;
// the others are refused naming the DeltaTable method.
func (ss *session) deltaCommand(ctx context.Context, ext *anypb.Any) (bool, error) {
	var dc deltaconnectpb.DeltaCommand
	if !ext.MessageIs(&dc) {
		return false, nil
	}
	if err := ext.UnmarshalTo(&dc); err != nil {
		return true, invalidPlan("delta.connect.DeltaCommand: %v", err)
	}
	if v := dc.GetVacuumTable(); v != nil {
		dt, err := ss.deltaTable(ctx, v.GetTable())
		if err != nil {
			return true, err
		}
		// delta-spark's client sends vacuum as a command and keeps no result.
		_, err = dt.Vacuum(ctx, v.RetentionHours)
		return true, err
	}
	if u := dc.GetUpgradeTableProtocol(); u != nil {
		// DeltaTable.upgradeTableProtocol(reader, writer): the engine's, as the embedded
		// path calls it; the client keeps no result.
		dt, err := ss.deltaTable(ctx, u.GetTable())
		if err != nil {
			return true, err
		}
		return true, dt.UpgradeTableProtocol(ctx, int(u.GetReaderVersion()), int(u.GetWriterVersion()))
	}
	if c := dc.GetCreateDeltaTable(); c != nil {
		return true, ss.createDeltaTable(ctx, c)
	}
	api := map[string]string{
		"clone_table":         "DeltaTable.clone",
		"generate":            "DeltaTable.generate",
		"add_feature_support": "DeltaTable.addFeatureSupport", "drop_feature_support": "DeltaTable.dropFeatureSupport",
	}[oneofName(&dc, "command_type")]
	if api == "" {
		return true, invalidPlan("Unknown DeltaCommand %s", oneofName(&dc, "command_type"))
	}
	return true, unsupportedDelta(api)
}

// unsupportedDelta refuses a DeltaTable operation the engine's Delta tables do not have,
// with the embedded path's words.
func unsupportedDelta(api string) error {
	return unsupportedf("%s (kafkalab's Delta tables support delete, update, merge, history, detail, vacuum, optimize, restoreToVersion and restoreToTimestamp; run this one on real Spark with kafkalab export)", api)
}

// deltaTable opens the table a delta.connect.DeltaTable names, as DeltaTable.forPath or
// DeltaTable.forName do.
func (ss *session) deltaTable(ctx context.Context, t *deltaconnectpb.DeltaTable) (*engine.DeltaTable, error) {
	switch {
	case t.GetPath() != nil:
		return ss.eng.DeltaTableForPath(ctx, t.GetPath().GetPath())
	case t.GetTableOrViewName() != "":
		return ss.eng.DeltaTableForName(ctx, t.GetTableOrViewName())
	}
	return nil, invalidPlan("delta.connect.DeltaTable names neither a path nor a table")
}

// deltaTarget is the table an update, delete or merge changes: the client sends the
// DeltaTable's plan, a Scan, under the SubqueryAlias that DeltaTable.alias adds.
func (ss *session) deltaTarget(ctx context.Context, rel *pb.Relation) (*engine.DeltaTable, error) {
	switch r := rel.GetRelType().(type) {
	case *pb.Relation_SubqueryAlias:
		dt, err := ss.deltaTarget(ctx, r.SubqueryAlias.GetInput())
		if err != nil {
			return nil, err
		}
		return dt.Alias(r.SubqueryAlias.GetAlias()), nil
	case *pb.Relation_Extension:
		dr, ok, err := deltaRelation(r.Extension)
		if err != nil {
			return nil, err
		}
		if ok {
			if scan := dr.GetScan(); scan != nil {
				return ss.deltaTable(ctx, scan.GetTable())
			}
		}
	}
	return nil, invalidPlan("the target of a Delta update, delete or merge must be a DeltaTable, got relation %s", oneofName(rel, "rel_type"))
}

// affectedRows is the one-row answer of Delta's UPDATE and DELETE commands.
func (ss *session) affectedRows(n int64) (*engine.DataFrame, error) {
	return ss.eng.CreateDataFrame([]sqltypes.Row{{n}}, sqltypes.MustParseDDL("num_affected_rows BIGINT"))
}

func (ss *session) optionalColumn(ctx context.Context, e *pb.Expression) (any, error) {
	if e == nil {
		return nil, nil
	}
	return ss.column(ctx, e)
}

func (ss *session) deltaDelete(ctx context.Context, d *deltaconnectpb.DeleteFromTable) (*engine.DataFrame, error) {
	dt, err := ss.deltaTarget(ctx, d.GetTarget())
	if err != nil {
		return nil, err
	}
	cond, err := ss.optionalColumn(ctx, d.GetCondition())
	if err != nil {
		return nil, err
	}
	n, err := dt.DeleteRows(ctx, cond)
	if err != nil {
		return nil, err
	}
	return ss.affectedRows(n)
}

func (ss *session) deltaUpdate(ctx context.Context, u *deltaconnectpb.UpdateTable) (*engine.DataFrame, error) {
	dt, err := ss.deltaTarget(ctx, u.GetTarget())
	if err != nil {
		return nil, err
	}
	cond, err := ss.optionalColumn(ctx, u.GetCondition())
	if err != nil {
		return nil, err
	}
	set, err := ss.deltaAssignments(ctx, u.GetAssignments())
	if err != nil {
		return nil, err
	}
	n, err := dt.UpdateRows(ctx, cond, set)
	if err != nil {
		return nil, err
	}
	return ss.affectedRows(n)
}

// deltaAssignments turns the client's column = value pairs (the column sent as a column
// reference) into the engine's.
func (ss *session) deltaAssignments(ctx context.Context, as []*deltaconnectpb.Assignment) ([]engine.Assignment, error) {
	out := make([]engine.Assignment, 0, len(as))
	for _, a := range as {
		attr := a.GetField().GetUnresolvedAttribute()
		if attr == nil {
			return nil, invalidPlan("a Delta assignment's column must be a column name")
		}
		v, err := ss.column(ctx, a.GetValue())
		if err != nil {
			return nil, err
		}
		out = append(out, engine.Assignment{Column: attr.GetUnparsedIdentifier(), Value: v})
	}
	return out, nil
}

func (ss *session) deltaMerge(ctx context.Context, m *deltaconnectpb.MergeIntoTable) (*engine.DataFrame, error) {
	if m.GetWithSchemaEvolution() {
		return nil, unsupportedf("DeltaMergeBuilder.withSchemaEvolution (merge into a table whose schema already has the source's columns)")
	}
	dt, err := ss.deltaTarget(ctx, m.GetTarget())
	if err != nil {
		return nil, err
	}
	src, err := ss.relation(ctx, m.GetSource())
	if err != nil {
		return nil, err
	}
	cond, err := ss.column(ctx, m.GetCondition())
	if err != nil {
		return nil, err
	}
	mb := dt.Merge(src, cond)
	for _, group := range []struct {
		clause  string
		actions []*deltaconnectpb.MergeIntoTable_Action
	}{{"whenMatched", m.GetMatchedActions()}, {"whenNotMatched", m.GetNotMatchedActions()}, {"whenNotMatchedBySource", m.GetNotMatchedBySourceActions()}} {
		for _, a := range group.actions {
			if mb, err = ss.mergeAction(ctx, mb, group.clause, a); err != nil {
				return nil, err
			}
		}
	}
	return mb.Execute(ctx)
}

// mergeAction adds one whenMatched / whenNotMatched / whenNotMatchedBySource clause.
func (ss *session) mergeAction(ctx context.Context, mb *engine.MergeBuilder, clause string, a *deltaconnectpb.MergeIntoTable_Action) (*engine.MergeBuilder, error) {
	cond, err := ss.optionalColumn(ctx, a.GetCondition())
	if err != nil {
		return nil, err
	}
	action := oneofName(a, "action_type")
	switch clause + "/" + action {
	case "whenMatched/update_action":
		set, err := ss.deltaAssignments(ctx, a.GetUpdateAction().GetAssignments())
		if err != nil {
			return nil, err
		}
		return mb.WhenMatchedUpdate(cond, set), nil
	case "whenMatched/update_star_action":
		return mb.WhenMatchedUpdateAll(cond), nil
	case "whenMatched/delete_action":
		return mb.WhenMatchedDelete(cond), nil
	case "whenNotMatched/insert_action":
		values, err := ss.deltaAssignments(ctx, a.GetInsertAction().GetAssignments())
		if err != nil {
			return nil, err
		}
		return mb.WhenNotMatchedInsert(cond, values), nil
	case "whenNotMatched/insert_star_action":
		return mb.WhenNotMatchedInsertAll(cond), nil
	case "whenNotMatchedBySource/update_action":
		set, err := ss.deltaAssignments(ctx, a.GetUpdateAction().GetAssignments())
		if err != nil {
			return nil, err
		}
		return mb.WhenNotMatchedBySourceUpdate(cond, set), nil
	case "whenNotMatchedBySource/delete_action":
		return mb.WhenNotMatchedBySourceDelete(cond), nil
	}
	return nil, invalidPlan("a %s clause cannot have a %s", clause, strings.TrimSuffix(action, "_action"))
}

// createDeltaTable is DeltaTableBuilder.execute() (DeltaTable.create, createIfNotExists,
// replace, createOrReplace): the builder's gathered name, location, columns, partitioning,
// properties and comment run on the engine's TableBuilder, as the embedded path's builder
// does. The client then reads the table with forName / forPath.
func (ss *session) createDeltaTable(ctx context.Context, c *deltaconnectpb.CreateDeltaTable) error {
	mode := map[deltaconnectpb.CreateDeltaTable_Mode]string{
		deltaconnectpb.CreateDeltaTable_MODE_CREATE: "create", deltaconnectpb.CreateDeltaTable_MODE_CREATE_IF_NOT_EXISTS: "createIfNotExists",
		deltaconnectpb.CreateDeltaTable_MODE_REPLACE: "replace", deltaconnectpb.CreateDeltaTable_MODE_CREATE_OR_REPLACE: "createOrReplace",
	}[c.GetMode()]
	if mode == "" {
		return invalidPlan("delta.connect.CreateDeltaTable without a mode")
	}
	if len(c.GetClusteringColumns()) > 0 {
		return unsupportedDelta("DeltaTableBuilder.clusterBy")
	}
	b := ss.eng.NewTableBuilder(mode)
	if c.TableName != nil {
		b.TableName(c.GetTableName())
	}
	if c.Location != nil {
		b.Location(c.GetLocation())
	}
	for _, col := range c.GetColumns() {
		if col.IdentityInfo != nil {
			return unsupportedDelta("DeltaTableBuilder.addColumn(generatedByDefaultAs=...)")
		}
		t, err := engineType(col.GetDataType())
		if err != nil {
			return err
		}
		if err := b.AddColumn(sqltypes.StructField{Name: col.GetName(), Type: t, Nullable: col.GetNullable()}, col.Comment, col.GetGeneratedAlwaysAs()); err != nil {
			return err
		}
	}
	b.PartitionedBy(c.GetPartitioningColumns()...)
	// The client sends the properties as a map: in key order, so the commit is the same
	// from run to run.
	keys := make([]string, 0, len(c.GetProperties()))
	for k := range c.GetProperties() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.Property(k, c.GetProperties()[k])
	}
	if c.Comment != nil {
		b.Comment(c.GetComment())
	}
	_, err := b.Execute(ctx)
	return err
}
