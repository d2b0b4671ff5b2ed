package connect

import (
	"context"
	"github.com/google/uuid"
	"maps"
	"slices"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// maxBatchRows bounds one ArrowBatch message (Spark cuts by bytes, 4 MiB by default; rows
// are a simpler proxy that keeps messages well under gRPC's limit for course data).
const maxBatchRows = 8192

// run executes one plan, adding its responses to op.
func (ss *session) run(op *operation, p *pb.Plan) error {
	ctx := op.ctx
	switch x := p.GetOpType().(type) {
	case *pb.Plan_Root:
		sink := &observedSink{}
		ctx = context.WithValue(ctx, observedSinkKey{}, sink)
		df, err := ss.relation(context.WithValue(ctx, batchActionKey{}, true), x.Root)
		if err != nil {
			return err
		}
		if err := ss.sendRows(ctx, op, df); err != nil {
			return err
		}
		for _, r := range ss.observedResponses(sink) {
			op.add(r)
		}
		return nil
	case *pb.Plan_Command:
		return ss.command(ctx, op, x.Command)
	case *pb.Plan_CompressedOperation_:
		return &sparkError{classes: illegalArgumentClasses, errorClass: "CONNECT_INVALID_PLAN.CANNOT_PARSE", sqlState: "56K00",
			params:  map[string]string{"errorMsg": "kafkalab reads uncompressed plans"},
			message: withState("[CONNECT_INVALID_PLAN.CANNOT_PARSE] The Spark Connect plan is invalid. Cannot decompress or parse the input plan (kafkalab reads uncompressed plans)\nThis may be caused by a corrupted compressed plan.\nTo disable plan compression, set 'spark.connect.session.planCompression.threshold' to -1.", "56K00")}
	}
	return invalidPlan("a plan with neither a relation nor a command")
}

func (ss *session) response() *pb.ExecutePlanResponse {
	return &pb.ExecutePlanResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID}
}

// sendRows collects a DataFrame and sends its rows as Arrow batches, the first carrying
// the schema; an empty result still sends one batch so the client learns the columns.
func (ss *session) sendRows(ctx context.Context, op *operation, df *engine.DataFrame) error {
	rows, err := df.Collect(ctx)
	if err != nil {
		return err
	}
	schema := df.Schema()
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	pschema, err := protoType(schema)
	if err != nil {
		return err
	}
	wire := clientSchema(schema)
	for start := 0; start == 0 || start < len(rows); start += maxBatchRows {
		end := min(start+maxBatchRows, len(rows))
		data, err := arrowBatch(wire, rows[start:end], zone)
		if err != nil {
			return err
		}
		r := ss.response()
		if start == 0 {
			r.Schema = pschema
		}
		off := int64(start)
		r.ResponseType = &pb.ExecutePlanResponse_ArrowBatch_{ArrowBatch: &pb.ExecutePlanResponse_ArrowBatch{RowCount: int64(end - start), Data: data, StartOffset: &off}}
		op.add(r)
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

func refuseCommand(c *pb.Command) error {
	name := oneofName(c, "command_type")
	if ext := c.GetExtension(); ext != nil {
		return unsupportedf("command extension %s", extensionName(ext.GetTypeUrl()))
	}
	api := map[string]string{
		"register_function": "spark.udf.register", "register_table_function": "spark.udtf.register",
		"register_data_source": "spark.dataSource.register", "write_operation_v2": "df.writeTo",
		"merge_into_table_command": "df.mergeInto", "checkpoint_command": "df.checkpoint / localCheckpoint",
		"ml_command": "pyspark.ml", "pipeline_command": "declarative pipelines", "execute_external_command": "spark.executeCommand",
		"create_resource_profile_command": "resource profiles", "get_resources_command": "sparkContext resources",
	}[name]
	if api != "" {
		return unsupportedf("command %s (%s)", name, api)
	}
	return unsupportedf("command %s", name)
}

func (ss *session) command(ctx context.Context, op *operation, c *pb.Command) error {
	switch x := c.GetCommandType().(type) {
	case *pb.Command_Extension:
		if ok, err := ss.deltaCommand(ctx, x.Extension); ok {
			return err
		}
		return refuseCommand(c)
	case *pb.Command_RegisterFunction:
		return ss.registerPythonUDF(ctx, x.RegisterFunction)
	case *pb.Command_SqlCommand:
		return ss.sqlCommand(ctx, op, x.SqlCommand)
	case *pb.Command_WriteOperation:
		return ss.write(ctx, x.WriteOperation)
	case *pb.Command_WriteOperationV2:
		return ss.writeV2(ctx, x.WriteOperationV2)
	case *pb.Command_CreateDataframeView:
		v := x.CreateDataframeView
		df, err := ss.relation(ctx, v.GetInput())
		if err != nil {
			return err
		}
		if v.GetIsGlobal() {
			// createGlobalTempView: the view lives in global_temp, seen by every session.
			if v.GetReplace() {
				return df.CreateOrReplaceGlobalTempView(v.GetName())
			}
			return df.CreateGlobalTempView(v.GetName())
		}
		if v.GetReplace() {
			return df.CreateOrReplaceTempView(v.GetName())
		}
		return df.CreateTempView(v.GetName())
	case *pb.Command_WriteStreamOperationStart:
		return ss.startStream(ctx, op, x.WriteStreamOperationStart)
	case *pb.Command_StreamingQueryCommand:
		return ss.queryCommand(ctx, op, x.StreamingQueryCommand)
	case *pb.Command_StreamingQueryManagerCommand:
		return ss.managerCommand(ctx, op, x.StreamingQueryManagerCommand)
	case *pb.Command_StreamingQueryListenerBusCommand:
		return ss.listenerBus(ctx, op, x.StreamingQueryListenerBusCommand)
	case *pb.Command_CheckpointCommand:
		return ss.checkpoint(ctx, op, x.CheckpointCommand)
	case *pb.Command_RegisterTableFunction:
		return ss.registerPythonUDTF(x.RegisterTableFunction)
	case *pb.Command_RemoveCachedRemoteRelationCommand:
		ss.mu.Lock()
		delete(ss.cached, x.RemoveCachedRemoteRelationCommand.GetRelation().GetRelationId())
		ss.mu.Unlock()
		return nil
	}
	return refuseCommand(c)
}

// sqlCommand is spark.sql(text): the statement runs now (DDL, INSERT...) and the client gets
// back a relation to read its result from, as Spark's SqlCommandResult.
func (ss *session) sqlCommand(ctx context.Context, op *operation, c *pb.SqlCommand) error {
	in := c.GetInput()
	if in == nil {
		if c.GetSql() == "" {
			return invalidPlan("sql command without a query")
		}
		in = &pb.Relation{RelType: &pb.Relation_Sql{Sql: &pb.SQL{Query: c.GetSql()}}}
	}
	sq := in.GetSql()
	if w := in.GetWithRelations(); w != nil {
		sq = w.GetRoot().GetSql() // spark.sql with DataFrame arguments
	}
	if sq == nil {
		return unsupportedf("a SQL command over relation %s", oneofName(in, "rel_type"))
	}
	df, err := ss.relation(ctx, in)
	if err != nil {
		return err
	}
	// A query's rows are read when the client collects them (the relation is sent back as
	// it came); a command (CREATE, INSERT, DESCRIBE...) ran while it was analysed, and its
	// result rows go back as a local relation so it does not run twice.
	var result *pb.Relation
	if isQuery(sq.GetQuery()) {
		result = in
	} else {
		rows, err := df.Collect(ctx)
		if err != nil {
			return err
		}
		zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
		data, err := arrowBatch(df.Schema(), rows, zone)
		if err != nil {
			return err
		}
		js, err := schemaJSON(df.Schema())
		if err != nil {
			return err
		}
		result = &pb.Relation{RelType: &pb.Relation_LocalRelation{LocalRelation: &pb.LocalRelation{Data: data, Schema: &js}}}
	}
	r := ss.response()
	r.ResponseType = &pb.ExecutePlanResponse_SqlCommandResult_{SqlCommandResult: &pb.ExecutePlanResponse_SqlCommandResult{Relation: result}}
	op.add(r)
	return nil
}

func isQuery(sql string) bool {
	w := strings.ToUpper(strings.Fields(strings.TrimSpace(sql) + " x")[0])
	return w == "SELECT" || w == "WITH" || w == "VALUES" || w == "FROM" || w == "TABLE" || w == "(" || strings.HasPrefix(w, "(")
}

func schemaJSON(st *sqltypes.StructType) (string, error) {
	return st.JSON(), nil
}

// write is df.write...save/saveAsTable/insertInto.
func (ss *session) write(ctx context.Context, w *pb.WriteOperation) error {
	df, err := ss.relation(ctx, w.GetInput())
	if err != nil {
		return err
	}
	if len(w.GetSortColumnNames()) > 0 || w.GetBucketBy() != nil {
		return unsupportedf("bucketBy/sortBy on a write")
	}
	if len(w.GetClusteringColumns()) > 0 {
		return unsupportedf("clusterBy on a write")
	}
	wr := df.Write().Options(ss.options(w.GetOptions()))
	if w.Source != nil {
		wr = wr.Format(w.GetSource())
	}
	switch w.GetMode() {
	case pb.WriteOperation_SAVE_MODE_APPEND:
		wr = wr.Mode("append")
	case pb.WriteOperation_SAVE_MODE_OVERWRITE:
		wr = wr.Mode("overwrite")
	case pb.WriteOperation_SAVE_MODE_IGNORE:
		wr = wr.Mode("ignore")
	case pb.WriteOperation_SAVE_MODE_ERROR_IF_EXISTS:
		wr = wr.Mode("errorifexists")
	}
	if len(w.GetPartitioningColumns()) > 0 {
		wr = wr.PartitionBy(w.GetPartitioningColumns()...)
	}
	switch st := w.GetSaveType().(type) {
	case *pb.WriteOperation_Path:
		return wr.Save(ctx, st.Path)
	case *pb.WriteOperation_Table:
		if w.Source == nil {
			wr = wr.Format("delta")
		}
		if st.Table.GetSaveMethod() == pb.WriteOperation_SaveTable_TABLE_SAVE_METHOD_INSERT_INTO {
			// insertInto matches columns by position, into a table that must exist; it
			// appends unless overwrite was asked for.
			if !ss.eng.TableExists(st.Table.GetTableName()) {
				_, err := ss.eng.Table(ctx, st.Table.GetTableName())
				return err
			}
			if w.GetMode() != pb.WriteOperation_SAVE_MODE_OVERWRITE {
				wr = wr.Mode("append")
			}
			return wr.InsertInto(ctx, st.Table.GetTableName(), nil)
		}
		return wr.SaveAsTable(ctx, st.Table.GetTableName())
	}
	return wr.Save(ctx)
}

// writeV2 is df.writeTo(table)...create/replace/createOrReplace/append/overwrite/
// overwritePartitions, as the embedded path runs them.
func (ss *session) writeV2(ctx context.Context, w *pb.WriteOperationV2) error {
	df, err := ss.relation(ctx, w.GetInput())
	if err != nil {
		return err
	}
	if len(w.GetClusteringColumns()) > 0 {
		return unsupportedf("clusterBy on writeTo")
	}
	wr := df.WriteTo(w.GetTableName())
	if w.Provider != nil {
		wr.Using(w.GetProvider())
	}
	opts := w.GetOptions()
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		wr.Option(k, opts[k])
	}
	props := w.GetTableProperties()
	for _, k := range slices.Sorted(maps.Keys(props)) {
		wr.TableProperty(k, props[k])
	}
	for _, e := range w.GetPartitioningColumns() {
		name := e.GetUnresolvedAttribute().GetUnparsedIdentifier()
		if name == "" {
			return unsupportedf("writeTo partitionedBy with a transform (years, months, days, hours, bucket)")
		}
		wr.PartitionedBy(name)
	}
	switch w.GetMode() {
	case pb.WriteOperationV2_MODE_CREATE:
		return wr.Create(ctx)
	case pb.WriteOperationV2_MODE_REPLACE:
		return wr.Replace(ctx)
	case pb.WriteOperationV2_MODE_CREATE_OR_REPLACE:
		return wr.CreateOrReplace(ctx)
	case pb.WriteOperationV2_MODE_APPEND:
		return wr.Append(ctx)
	case pb.WriteOperationV2_MODE_OVERWRITE_PARTITIONS:
		return wr.OverwritePartitions(ctx)
	case pb.WriteOperationV2_MODE_OVERWRITE:
		cond, err := ss.column(ctx, w.GetOverwriteCondition())
		if err != nil {
			return err
		}
		return wr.Overwrite(ctx, cond)
	}
	return unsupportedf("writeTo mode %s", w.GetMode())
}

// ---- AnalyzePlan ----

// AnalyzePlan answers schema, isStreaming, explain, printSchema, version and DDL questions.
func (s *Server) AnalyzePlan(ctx context.Context, req *pb.AnalyzePlanRequest) (*pb.AnalyzePlanResponse, error) {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return nil, err
	}
	if err := ss.checkServerSide(req.ClientObservedServerSideSessionId); err != nil {
		return nil, err
	}
	resp, err := ss.analyze(ctx, req)
	if err != nil {
		if uf, ok := err.(*unsupportedFeature); ok {
			ss.logf("refused %s", uf.what)
		}
		return nil, ss.status(err)
	}
	resp.SessionId, resp.ServerSideSessionId = ss.id, ss.serverID
	return resp, nil
}

func (ss *session) planDF(ctx context.Context, p *pb.Plan) (*engine.DataFrame, error) {
	root := p.GetRoot()
	if root == nil {
		return nil, invalidPlan("analysis needs a relation")
	}
	return ss.relation(ctx, root)
}

func (ss *session) analyze(ctx context.Context, req *pb.AnalyzePlanRequest) (*pb.AnalyzePlanResponse, error) {
	switch a := req.GetAnalyze().(type) {
	case *pb.AnalyzePlanRequest_Schema_:
		df, err := ss.planDF(ctx, a.Schema.GetPlan())
		if err != nil {
			return nil, err
		}
		t, err := protoType(df.Schema())
		if err != nil {
			return nil, err
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_Schema_{Schema: &pb.AnalyzePlanResponse_Schema{Schema: t}}}, nil
	case *pb.AnalyzePlanRequest_IsStreaming_:
		df, err := ss.planDF(ctx, a.IsStreaming.GetPlan())
		if err != nil {
			return nil, err
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_IsStreaming_{IsStreaming: &pb.AnalyzePlanResponse_IsStreaming{IsStreaming: df.IsStreaming()}}}, nil
	case *pb.AnalyzePlanRequest_IsLocal_:
		df, err := ss.planDF(ctx, a.IsLocal.GetPlan())
		if err != nil {
			return nil, err
		}
		local := false
		if r, ok := df.Plan().(*plan.Relation); ok && r.Load == nil {
			local = true
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_IsLocal_{IsLocal: &pb.AnalyzePlanResponse_IsLocal{IsLocal: local}}}, nil
	case *pb.AnalyzePlanRequest_TreeString_:
		df, err := ss.planDF(ctx, a.TreeString.GetPlan())
		if err != nil {
			return nil, err
		}
		text := df.PrintSchema()
		if a.TreeString.Level != nil {
			text = treeStringLevel(text, int(a.TreeString.GetLevel()))
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_TreeString_{TreeString: &pb.AnalyzePlanResponse_TreeString{TreeString: text}}}, nil
	case *pb.AnalyzePlanRequest_Explain_:
		df, err := ss.planDF(ctx, a.Explain.GetPlan())
		if err != nil {
			return nil, err
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_Explain_{Explain: &pb.AnalyzePlanResponse_Explain{ExplainString: plan.Explain(df.Plan(), a.Explain.GetExplainMode() == pb.AnalyzePlanRequest_Explain_EXPLAIN_MODE_EXTENDED)}}}, nil
	case *pb.AnalyzePlanRequest_SparkVersion_:
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_SparkVersion_{SparkVersion: &pb.AnalyzePlanResponse_SparkVersion{Version: pb.SparkVersion}}}, nil
	case *pb.AnalyzePlanRequest_DdlParse:
		st, err := parseDDLType(a.DdlParse.GetDdlString())
		if err != nil {
			return nil, err
		}
		t, err := protoType(st)
		if err != nil {
			return nil, err
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_DdlParse{DdlParse: &pb.AnalyzePlanResponse_DDLParse{Parsed: t}}}, nil
	case *pb.AnalyzePlanRequest_JsonToDdl:
		st, err := sqltypes.ParseSchemaJSON(a.JsonToDdl.GetJsonString())
		if err != nil {
			return nil, err
		}
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_JsonToDdl{JsonToDdl: &pb.AnalyzePlanResponse_JsonToDDL{DdlString: st.DDL()}}}, nil
	case *pb.AnalyzePlanRequest_InputFiles_:
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_InputFiles_{InputFiles: &pb.AnalyzePlanResponse_InputFiles{}}}, nil
	case *pb.AnalyzePlanRequest_Persist_:
		// kafkalab keeps no cache: every action reads its sources again, which gives the
		// results a cached plan would.
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_Persist_{Persist: &pb.AnalyzePlanResponse_Persist{}}}, nil
	case *pb.AnalyzePlanRequest_Unpersist_:
		return &pb.AnalyzePlanResponse{Result: &pb.AnalyzePlanResponse_Unpersist_{Unpersist: &pb.AnalyzePlanResponse_Unpersist{}}}, nil
	}
	return nil, unsupportedf("analysis %s", oneofName(req, "analyze"))
}

// parseDDLType parses a schema as createDataFrame and from_json accept it: "a INT, b
// STRING", a JSON schema, or a single type ("int", "array<string>").
func parseDDLType(s string) (sqltypes.DataType, error) {
	st, err := plan.ParseSchemaString(s)
	if err == nil {
		return st, nil
	}
	if t, terr := sqltypes.ParseDataType(s); terr == nil {
		return t, nil
	}
	return nil, err
}

// treeStringLevel keeps printSchema's lines up to a nesting level.
func treeStringLevel(text string, level int) string {
	if level <= 0 {
		return text
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		depth := strings.Count(line, " |")
		if depth <= level {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// checkpoint is df.checkpoint / df.localCheckpoint: the client gets back a cached relation
// to read the DataFrame from, until it sends RemoveCachedRemoteRelation. kafkalab keeps no
// lineage to cut, so the cached DataFrame is the same plan, as the embedded path's
// checkpoint returns the same DataFrame.
func (ss *session) checkpoint(ctx context.Context, op *operation, c *pb.CheckpointCommand) error {
	df, err := ss.relation(ctx, c.GetRelation())
	if err != nil {
		return err
	}
	id := uuid.NewString()
	ss.mu.Lock()
	ss.cached[id] = df
	ss.mu.Unlock()
	r := ss.response()
	r.ResponseType = &pb.ExecutePlanResponse_CheckpointCommandResult{CheckpointCommandResult: &pb.CheckpointCommandResult{
		Relation: &pb.CachedRemoteRelation{RelationId: id}}}
	op.add(r)
	return nil
}
