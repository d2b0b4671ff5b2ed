package connect

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// startStream is df.writeStream...start()/toTable(): the query runs under the session's
// context, so it outlives the RPC that started it.
func (ss *session) startStream(ctx context.Context, op *operation, w *pb.WriteStreamOperationStart) error {
	df, err := ss.relation(ctx, w.GetInput())
	if err != nil {
		return err
	}
	if len(w.GetClusteringColumnNames()) > 0 {
		return unsupportedf("clusterBy on a streaming write")
	}
	dw := df.WriteStream()
	if f := w.GetFormat(); f != "" {
		dw = dw.Format(f)
	}
	dw = dw.Options(ss.options(w.GetOptions()))
	if m := w.GetOutputMode(); m != "" {
		dw = dw.OutputMode(m)
	}
	if n := w.GetQueryName(); n != "" {
		dw = dw.QueryName(n)
	}
	if cols := w.GetPartitioningColumnNames(); len(cols) > 0 {
		dw = dw.PartitionBy(cols...)
	}
	switch t := w.GetTrigger().(type) {
	case *pb.WriteStreamOperationStart_ProcessingTimeInterval:
		dw = dw.Trigger(engine.Trigger{ProcessingTime: t.ProcessingTimeInterval})
	case *pb.WriteStreamOperationStart_AvailableNow:
		dw = dw.Trigger(engine.Trigger{AvailableNow: t.AvailableNow})
	case *pb.WriteStreamOperationStart_Once:
		dw = dw.Trigger(engine.Trigger{Once: t.Once})
	case *pb.WriteStreamOperationStart_ContinuousCheckpointInterval:
		dw = dw.Trigger(engine.Trigger{Continuous: t.ContinuousCheckpointInterval})
	case *pb.WriteStreamOperationStart_RealTimeBatchDuration:
		return unsupportedf("real-time mode triggers")
	}
	var worker *pythonWorker
	var stopForeach func()
	if fb := w.GetForeachBatch(); fb != nil {
		py := fb.GetPythonFunction()
		if py == nil {
			return unsupportedf("a Scala foreachBatch function")
		}
		worker, err = ss.startForeachBatchWorker(ctx, py.GetCommand(), py.GetPythonVer())
		if err != nil {
			return err
		}
		ss.mu.Lock()
		ss.workers = append(ss.workers, worker)
		ss.mu.Unlock()
		dw = dw.ForeachBatch(func(bctx context.Context, batch *engine.DataFrame, id int64) error {
			return ss.runBatch(bctx, worker, batch, id)
		})
	}
	if fw := w.GetForeachWriter(); fw != nil {
		py := fw.GetPythonFunction()
		if py == nil {
			return unsupportedf("a Scala foreach writer")
		}
		fn, stop, err := ss.foreachWriter(py.GetCommand())
		if err != nil {
			return err
		}
		stopForeach = stop
		dw = dw.Foreach(fn)
	}
	var q *engine.StreamingQuery
	switch dest := w.GetSinkDestination().(type) {
	case *pb.WriteStreamOperationStart_TableName:
		q, err = dw.ToTable(ss.ctx, dest.TableName)
	case *pb.WriteStreamOperationStart_Path:
		q, err = dw.Start(ss.ctx, dest.Path)
	default:
		q, err = dw.Start(ss.ctx)
	}
	if err != nil {
		if worker != nil {
			worker.close()
		}
		if stopForeach != nil {
			stopForeach()
		}
		return err
	}
	ss.mu.Lock()
	ss.queries[q.ID()] = q
	ss.mu.Unlock()
	if worker != nil {
		go func() { <-q.Query().Done(); worker.close() }()
	}
	if stopForeach != nil {
		// The foreach worker ends with the query, not the session: no process outlives it.
		go func() { <-q.Query().Done(); stopForeach() }()
	}
	started, _ := json.Marshal(map[string]any{"id": q.ID(), "runId": q.RunID(), "name": nullable(q.Name()),
		"timestamp": time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), "jobTags": []string{}})
	sj := string(started)
	r := ss.response()
	r.ResponseType = &pb.ExecutePlanResponse_WriteStreamOperationStartResult{WriteStreamOperationStartResult: &pb.WriteStreamOperationStartResult{
		QueryId: &pb.StreamingQueryInstanceId{Id: q.ID(), RunId: q.RunID()}, Name: q.Name(), QueryStartedEventJson: &sj}}
	op.add(r)
	return nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// query finds a query of this session by id and run id (terminated ones too).
func (ss *session) query(id *pb.StreamingQueryInstanceId) (*engine.StreamingQuery, error) {
	ss.mu.Lock()
	q := ss.queries[id.GetId()]
	ss.mu.Unlock()
	if q == nil || (id.GetRunId() != "" && q.RunID() != id.GetRunId()) {
		return nil, &sparkError{classes: illegalArgumentClasses, errorClass: "INVALID_HANDLE.QUERY_NOT_FOUND", sqlState: "HY000",
			message: withState(fmt.Sprintf("[INVALID_HANDLE.QUERY_NOT_FOUND] Streaming query %s (runId %s) is not found in this session.", id.GetId(), id.GetRunId()), "HY000")}
	}
	return q, nil
}

func progressJSON(ps []stream.Progress) ([]string, error) {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		b, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		out = append(out, string(b))
	}
	return out, nil
}

// queryCommand answers a StreamingQuery's methods.
func (ss *session) queryCommand(ctx context.Context, op *operation, c *pb.StreamingQueryCommand) error {
	q, err := ss.query(c.GetQueryId())
	if err != nil {
		return err
	}
	res := &pb.StreamingQueryCommandResult{QueryId: &pb.StreamingQueryInstanceId{Id: q.ID(), RunId: q.RunID()}}
	switch x := c.GetCommand().(type) {
	case *pb.StreamingQueryCommand_Status:
		st := q.Status()
		res.ResultType = &pb.StreamingQueryCommandResult_Status{Status: &pb.StreamingQueryCommandResult_StatusResult{
			StatusMessage: st.Message, IsDataAvailable: st.IsDataAvailable, IsTriggerActive: st.IsTriggerActive, IsActive: q.IsActive()}}
	case *pb.StreamingQueryCommand_LastProgress, *pb.StreamingQueryCommand_RecentProgress:
		var ps []stream.Progress
		if _, last := x.(*pb.StreamingQueryCommand_LastProgress); last {
			if p := q.LastProgress(); p != nil {
				ps = []stream.Progress{*p}
			}
		} else {
			ps = q.RecentProgress()
		}
		js, err := progressJSON(ps)
		if err != nil {
			return err
		}
		res.ResultType = &pb.StreamingQueryCommandResult_RecentProgress{RecentProgress: &pb.StreamingQueryCommandResult_RecentProgressResult{RecentProgressJson: js}}
	case *pb.StreamingQueryCommand_Stop:
		if err := q.Stop(ctx); err != nil {
			return err
		}
	case *pb.StreamingQueryCommand_ProcessAllAvailable:
		if err := q.ProcessAllAvailable(ctx); err != nil {
			return err
		}
	case *pb.StreamingQueryCommand_Explain:
		return unsupportedf("StreamingQuery.explain (print query.lastProgress instead)")
	case *pb.StreamingQueryCommand_Exception:
		er := &pb.StreamingQueryCommandResult_ExceptionResult{}
		if qe := q.Exception(); qe != nil {
			se := toSparkError(qe)
			msg := se.message
			er.ExceptionMessage = &msg
			if se.errorClass != "" {
				ec := se.errorClass
				er.ErrorClass = &ec
			}
			st := strings.Join(se.classes[:1], "\n")
			er.StackTrace = &st
		}
		res.ResultType = &pb.StreamingQueryCommandResult_Exception{Exception: er}
	case *pb.StreamingQueryCommand_AwaitTermination:
		var terminated bool
		if x.AwaitTermination.TimeoutMs != nil {
			terminated, err = q.AwaitTerminationTimeout(ctx, time.Duration(x.AwaitTermination.GetTimeoutMs())*time.Millisecond)
		} else {
			err = q.AwaitTermination(ctx)
			terminated = err == nil
		}
		if err != nil {
			return err
		}
		res.ResultType = &pb.StreamingQueryCommandResult_AwaitTermination{AwaitTermination: &pb.StreamingQueryCommandResult_AwaitTerminationResult{Terminated: terminated}}
	default:
		return unsupportedf("streaming query command %s", oneofName(c, "command"))
	}
	r := ss.response()
	r.ResponseType = &pb.ExecutePlanResponse_StreamingQueryCommandResult{StreamingQueryCommandResult: res}
	op.add(r)
	return nil
}

func instance(q *engine.StreamingQuery) *pb.StreamingQueryManagerCommandResult_StreamingQueryInstance {
	in := &pb.StreamingQueryManagerCommandResult_StreamingQueryInstance{Id: &pb.StreamingQueryInstanceId{Id: q.ID(), RunId: q.RunID()}}
	if n := q.Name(); n != "" {
		in.Name = &n
	}
	return in
}

// managerCommand answers spark.streams.
func (ss *session) managerCommand(ctx context.Context, op *operation, c *pb.StreamingQueryManagerCommand) error {
	m := ss.eng.Streams()
	res := &pb.StreamingQueryManagerCommandResult{}
	switch x := c.GetCommand().(type) {
	case *pb.StreamingQueryManagerCommand_Active:
		act := &pb.StreamingQueryManagerCommandResult_ActiveResult{}
		for _, q := range m.Active() {
			act.ActiveQueries = append(act.ActiveQueries, instance(q))
		}
		res.ResultType = &pb.StreamingQueryManagerCommandResult_Active{Active: act}
	case *pb.StreamingQueryManagerCommand_GetQuery:
		q := m.Get(x.GetQuery)
		if q == nil {
			// spark.streams.get returns None for an unknown or terminated id.
			break
		}
		res.ResultType = &pb.StreamingQueryManagerCommandResult_Query{Query: instance(q)}
	case *pb.StreamingQueryManagerCommand_AwaitAnyTermination:
		actx := ctx
		if x.AwaitAnyTermination.TimeoutMs != nil {
			var cancel context.CancelFunc
			actx, cancel = context.WithTimeout(ctx, time.Duration(x.AwaitAnyTermination.GetTimeoutMs())*time.Millisecond)
			defer cancel()
		}
		err := m.AwaitAnyTermination(actx)
		terminated := true
		if err != nil && actx.Err() != nil && ctx.Err() == nil {
			terminated, err = false, nil
		}
		if err != nil {
			return err
		}
		res.ResultType = &pb.StreamingQueryManagerCommandResult_AwaitAnyTermination{AwaitAnyTermination: &pb.StreamingQueryManagerCommandResult_AwaitAnyTerminationResult{Terminated: terminated}}
	case *pb.StreamingQueryManagerCommand_ResetTerminated:
		m.ResetTerminated()
		res.ResultType = &pb.StreamingQueryManagerCommandResult_ResetTerminated{ResetTerminated: true}
	case *pb.StreamingQueryManagerCommand_ListListeners:
		res.ResultType = &pb.StreamingQueryManagerCommandResult_ListListeners{ListListeners: &pb.StreamingQueryManagerCommandResult_ListStreamingQueryListenerResult{}}
	default:
		return unsupportedf("server-side streaming query listeners (%s)", oneofName(c, "command"))
	}
	r := ss.response()
	r.ResponseType = &pb.ExecutePlanResponse_StreamingQueryManagerCommandResult{StreamingQueryManagerCommandResult: res}
	op.add(r)
	return nil
}

// listenerBus streams query events to the client, where PySpark calls the listeners the
// learner added with spark.streams.addListener: the operation stays open until the client
// removes its last listener (an interrupt) or the session ends.
func (ss *session) listenerBus(ctx context.Context, op *operation, c *pb.StreamingQueryListenerBusCommand) error {
	if c.GetRemoveListenerBusListener() {
		ss.mu.Lock()
		var buses []*operation
		for _, o := range ss.ops {
			if o.listenerBus.Load() {
				buses = append(buses, o)
			}
		}
		ss.mu.Unlock()
		for _, o := range buses {
			o.interrupt(nil)
		}
		return nil
	}
	if !c.GetAddListenerBusListener() {
		return invalidPlan("listener bus command without add or remove")
	}
	op.listenerBus.Store(true)
	events := make(chan engine.StreamEvent, 256)
	unsubscribe := ss.eng.SubscribeStreamEvents(func(ev engine.StreamEvent) {
		select {
		case events <- ev:
		default:
		}
	})
	defer unsubscribe()
	added := true
	r := ss.response()
	r.ResponseType = &pb.ExecutePlanResponse_StreamingQueryListenerEventsResult{StreamingQueryListenerEventsResult: &pb.StreamingQueryListenerEventsResult{ListenerBusListenerAdded: &added}}
	op.add(r)
	// Spark's server follows the added answer with a progress report; kafkalab repeats it
	// while the bus is open. PySpark's handler thread is not a daemon: a script that ends
	// without removing its listener waits for it at exit, and the next response is what
	// lets it finish (the client cannot schedule its release call any more, warns and
	// ends the thread) instead of waiting for ever.
	progress := func() {
		r := ss.response()
		r.ResponseType = &pb.ExecutePlanResponse_ExecutionProgress_{ExecutionProgress: &pb.ExecutePlanResponse_ExecutionProgress{}}
		op.add(r)
	}
	progress()
	beat := time.NewTicker(listenerHeartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			// Removing the listener ends the bus: that is its normal end, not a failure.
			return nil
		case <-beat.C:
			progress()
		case ev := <-events:
			le := listenerEvent(ev)
			if le == nil {
				continue
			}
			r := ss.response()
			r.ResponseType = &pb.ExecutePlanResponse_StreamingQueryListenerEventsResult{StreamingQueryListenerEventsResult: &pb.StreamingQueryListenerEventsResult{Events: []*pb.StreamingQueryListenerEvent{le}}}
			op.add(r)
		}
	}
}

// listenerHeartbeat is how often an open listener bus sends an empty progress report
// (Spark's spark.connect.progress.reportInterval default).
var listenerHeartbeat = 2 * time.Second

// listenerEvent words an engine event as the JSON PySpark's listener events parse.
func listenerEvent(ev engine.StreamEvent) *pb.StreamingQueryListenerEvent {
	switch ev.Event.Kind {
	case stream.EventBatchFinished:
		if ev.Event.Progress == nil {
			return nil
		}
		b, err := json.Marshal(map[string]any{"progress": ev.Event.Progress})
		if err != nil {
			return nil
		}
		return &pb.StreamingQueryListenerEvent{EventJson: string(b), EventType: pb.StreamingQueryEventType_QUERY_PROGRESS_EVENT}
	case stream.EventTerminated:
		var exc, class any
		if ev.Event.Err != nil {
			se := toSparkError(ev.Event.Err)
			exc = se.message
			if se.errorClass != "" {
				class = se.errorClass
			}
		}
		b, err := json.Marshal(map[string]any{"id": ev.QueryID, "runId": ev.RunID, "exception": exc, "errorClassOnException": class})
		if err != nil {
			return nil
		}
		return &pb.StreamingQueryListenerEvent{EventJson: string(b), EventType: pb.StreamingQueryEventType_QUERY_TERMINATED_EVENT}
	}
	return nil
}
