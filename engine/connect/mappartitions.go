package connect

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Eval types of df.mapInPandas and df.mapInArrow (pyspark's PythonEvalType).
const (
	evalMapPandasIterUDF = 205 // SQL_MAP_PANDAS_ITER_UDF
	evalMapArrowIterUDF  = 207 // SQL_MAP_ARROW_ITER_UDF
)

// mapPartitions is df.mapInPandas(f, schema) / df.mapInArrow(f, schema): each task's rows go
// to a Python worker of the session's pool as one Arrow batch, the function gets them as an
// iterator of pandas DataFrames (or Arrow RecordBatches) and what it yields, matched to
// the schema, is the task's output.
func (ss *session) mapPartitions(ctx context.Context, m *pb.MapPartitions) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, m.GetInput())
	if err != nil {
		return nil, err
	}
	if ctx.Value(batchActionKey{}) != nil && in.IsStreaming() {
		// A batch action over a stream (df.foreachPartition, which pyspark sends as a
		// mapInArrow, on a streaming DataFrame): Spark's analysis refuses the batch query
		// before the function matters.
		return nil, plan.CheckBatch(in.Plan())
	}
	f := m.GetFunc()
	u := f.GetPythonUdf()
	if u == nil {
		return nil, unsupportedf("mapInPandas with a function of kind %s (kafkalab runs Python functions)", oneofName(f, "function"))
	}
	evalType := u.GetEvalType()
	api := "mapInPandas"
	switch evalType {
	case evalMapPandasIterUDF:
	case evalMapArrowIterUDF:
		api = "mapInArrow"
	default:
		return nil, unsupportedf("MapPartitions of eval type %d (kafkalab runs mapInPandas and mapInArrow)", evalType)
	}
	rt, err := engineType(u.GetOutputType())
	if err != nil {
		return nil, err
	}
	schema, ok := rt.(*sqltypes.StructType)
	if !ok {
		return nil, invalidPlan("%s: the schema is %s, not a struct", api, rt.SQL())
	}
	if ss.srv.cfg.Python == "" {
		return nil, unsupportedf("%s here: this server runs no Python worker (start it with a Python that has pyspark-client, e.g. kafkalab run --python)", api)
	}
	name := f.GetFunctionName()
	wname := api + " " + name
	command := u.GetCommand()
	inSchema := in.Schema()
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	return in.MapPartitions(name, schema, func(ctx context.Context, _ int, rows []sqltypes.Row) ([]sqltypes.Row, error) {
		w, err := ss.takeUDFWorker(wname)
		if err != nil {
			return nil, err
		}
		defer ss.returnUDFWorker(w)
		return w.mapRows(evalType, command, inSchema, rows, schema, zone)
	}), nil
}

// mapRows sends one task's rows to the worker for a map function and reads back its rows.
func (w *udfWorker) mapRows(evalType int32, command []byte, in *sqltypes.StructType, rows []sqltypes.Row, out *sqltypes.StructType, zone string) ([]sqltypes.Row, error) {
	data, err := arrowBatch(in, rows, zone)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.send([]byte(fmt.Sprint(evalType)), command, data, []byte(in.JSON())); err != nil {
		return nil, err
	}
	res, err := w.answer()
	if err != nil {
		return nil, err
	}
	got, err := readArrow(res, out)
	if err != nil {
		return nil, fmt.Errorf("%s: reading its result: %w", w.name, err)
	}
	return got, nil
}

// evalGroupedMapPandasUDF is groupBy(...).applyInPandas's eval type (SQL_GROUPED_MAP_PANDAS_UDF).
const evalGroupedMapPandasUDF = 201

// groupMap is groupBy(cols).applyInPandas(f, schema) on a batch: the grouping values are
// appended to each row, the rows gathered in one task, and each group (in the order its
// first row came) goes to a Python worker as one Arrow batch; f gets the group's rows as a
// pandas DataFrame (and the key, when it takes two parameters), and its DataFrame, matched
// to the schema, is the group's output. Spark shuffles the groups into
// spark.sql.shuffle.partitions tasks first, so its output order differs; the rows do not.
func (ss *session) groupMap(ctx context.Context, g *pb.GroupMap) (*engine.DataFrame, error) {
	if g.InitialInput != nil || g.IsMapGroupsWithState != nil || g.TransformWithStateInfo != nil || len(g.GetSortingExpressions()) > 0 {
		return nil, unsupportedf("applyInPandasWithState and transformWithStateInPandas (kafkalab runs groupBy().applyInPandas on a batch)")
	}
	in, err := ss.relation(ctx, g.GetInput())
	if err != nil {
		return nil, err
	}
	f := g.GetFunc()
	u := f.GetPythonUdf()
	if u == nil || u.GetEvalType() != evalGroupedMapPandasUDF {
		return nil, unsupportedf("GroupMap of eval type %d (kafkalab runs groupBy().applyInPandas)", u.GetEvalType())
	}
	if in.IsStreaming() {
		return nil, unsupportedf("applyInPandas on a streaming DataFrame")
	}
	rt, err := engineType(u.GetOutputType())
	if err != nil {
		return nil, err
	}
	schema, ok := rt.(*sqltypes.StructType)
	if !ok {
		return nil, invalidPlan("applyInPandas: the schema is %s, not a struct", rt.SQL())
	}
	if ss.srv.cfg.Python == "" {
		return nil, unsupportedf("applyInPandas here: this server runs no Python worker (start it with a Python that has pyspark-client, e.g. kafkalab run --python)")
	}
	keys, err := ss.columns(ctx, g.GetGroupingExpressions())
	if err != nil {
		return nil, err
	}
	width := len(in.Schema().Fields)
	names := make([]string, len(keys))
	for i := range keys {
		names[i] = fmt.Sprintf("__kafkalab_group_key_%d", i)
	}
	keyed, err := in.WithColumns(names, keys)
	if err != nil {
		return nil, err
	}
	one, err := keyed.Coalesce(1)
	if err != nil {
		return nil, err
	}
	keyedSchema := keyed.Schema()
	name, command := f.GetFunctionName(), u.GetCommand()
	wname := "applyInPandas " + name
	zone := ss.eng.Conf().GetOr(engine.ConfTimeZone, "UTC")
	return one.MapPartitions(name, schema, func(ctx context.Context, _ int, rows []sqltypes.Row) ([]sqltypes.Row, error) {
		var order []string
		groups := map[string][]sqltypes.Row{}
		for _, r := range rows {
			k := fmt.Sprintf("%#v", []any(r[width:]))
			if _, seen := groups[k]; !seen {
				order = append(order, k)
			}
			groups[k] = append(groups[k], r)
		}
		var out []sqltypes.Row
		for _, k := range order {
			res, err := func() ([]sqltypes.Row, error) {
				w, err := ss.takeUDFWorker(wname)
				if err != nil {
					return nil, err
				}
				defer ss.returnUDFWorker(w)
				return w.groupRows(command, keyedSchema, groups[k], len(keys), schema, zone)
			}()
			if err != nil {
				return nil, err
			}
			out = append(out, res...)
		}
		return out, nil
	}), nil
}

// groupRows sends one group's rows (the grouping values last) to the worker for an
// applyInPandas function and reads back its rows.
func (w *udfWorker) groupRows(command []byte, in *sqltypes.StructType, rows []sqltypes.Row, nkeys int, out *sqltypes.StructType, zone string) ([]sqltypes.Row, error) {
	data, err := arrowBatch(in, rows, zone)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.send([]byte(fmt.Sprint(evalGroupedMapPandasUDF)), command, data, []byte(in.JSON()), []byte(fmt.Sprint(nkeys))); err != nil {
		return nil, err
	}
	res, err := w.answer()
	if err != nil {
		return nil, err
	}
	got, err := readArrow(res, out)
	if err != nil {
		return nil, fmt.Errorf("%s: reading its result: %w", w.name, err)
	}
	return got, nil
}
