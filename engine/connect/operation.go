package connect

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
)

// operation is one ExecutePlan: it runs in its own goroutine and keeps its responses until
// the client releases them, so a client whose stream broke can reattach and read on.
type operation struct {
	id   string
	tags []string
	// listenerBus marks the operation streaming listener events (one per client).
	listenerBus atomic.Bool
	ctx         context.Context
	cancel      context.CancelCauseFunc

	mu        sync.Mutex
	responses []*pb.ExecutePlanResponse
	released  int // responses before this index were released
	done      bool
	err       error
	changed   chan struct{} // closed and replaced on every change
	attached  int           // streams reading the operation
	detached  *time.Timer   // cancels an operation no stream reads any more
}

// abandonAfter is how long an operation may run with no client reading it before it is
// cancelled (a client that went away without interrupting).
const abandonAfter = 30 * time.Second

func (op *operation) add(r *pb.ExecutePlanResponse) {
	op.mu.Lock()
	defer op.mu.Unlock()
	r.OperationId = op.id
	r.ResponseId = uuid.NewString()
	op.responses = append(op.responses, r)
	close(op.changed)
	op.changed = make(chan struct{})
}

func (op *operation) finish(err error) {
	op.mu.Lock()
	defer op.mu.Unlock()
	op.done, op.err = true, err
	close(op.changed)
	op.changed = make(chan struct{})
}

// interrupt cancels the operation; cause (nil for a client's interrupt) is what the
// client reads.
func (op *operation) interrupt(cause error) { op.cancel(cause) }

// follow sends the operation's responses after the one named after ("" from the start) to
// stream until the operation ends or the stream's context does.
func (op *operation) follow(ctx context.Context, ss *session, stream grpc.ServerStreamingServer[pb.ExecutePlanResponse], after string) error {
	op.mu.Lock()
	op.attached++
	if op.detached != nil {
		op.detached.Stop()
	}
	next := op.released
	if after != "" {
		found := false
		for i := op.released; i < len(op.responses); i++ {
			if op.responses[i].ResponseId == after {
				next, found = i+1, true
				break
			}
		}
		if !found {
			op.mu.Unlock()
			return ss.status(&sparkError{classes: illegalArgumentClasses, errorClass: "INVALID_CURSOR.POSITION_NOT_AVAILABLE", sqlState: "HY109",
				params: map[string]string{"index": after}, message: withState("[INVALID_CURSOR.POSITION_NOT_AVAILABLE] The cursor is invalid. The cursor position id "+after+" is not found.", "HY109")})
		}
	}
	op.mu.Unlock()
	defer func() {
		op.mu.Lock()
		op.attached--
		if op.attached == 0 && !op.done {
			op.detached = time.AfterFunc(abandonAfter, func() { op.cancel(nil) })
		}
		op.mu.Unlock()
	}()
	for {
		op.mu.Lock()
		pending := op.responses[next:]
		done, err, changed := op.done, op.err, op.changed
		op.mu.Unlock()
		for _, r := range pending {
			if serr := stream.Send(r); serr != nil {
				return serr
			}
			next++
		}
		if len(pending) > 0 {
			continue
		}
		if done {
			if err != nil {
				return ss.status(err)
			}
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return status.FromContextError(ctx.Err()).Err()
		}
	}
}

// ExecutePlan runs a relation (rows come back as Arrow batches) or a command.
func (s *Server) ExecutePlan(req *pb.ExecutePlanRequest, stream grpc.ServerStreamingServer[pb.ExecutePlanResponse]) error {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return err
	}
	if err := ss.checkServerSide(req.ClientObservedServerSideSessionId); err != nil {
		return err
	}
	if ml := req.GetPlan().GetCommand().GetMlCommand(); ml != nil && (ml.GetCleanCache() != nil || ml.GetDelete() != nil) {
		// PySpark asks to clean its ML cache as it exits. kafkalab keeps no ML models, and
		// the answer is a bare status rather than a result stream: the client stops reading a
		// stream at ResultComplete without reading its end, and a call still open while the
		// interpreter finalizes can deadlock grpcio's finalizer (the script then never exits).
		// A status it does read leaves no call open.
		return status.Error(codes.Unimplemented, "kafkalab keeps no ML models: there is no ML cache to clean")
	}
	id := req.GetOperationId()
	if id == "" {
		id = uuid.NewString()
	} else if _, err := uuid.Parse(id); err != nil {
		return ss.status(invalidPlan("operation_id %q is not a UUID", id))
	}
	ctx, cancel := context.WithCancelCause(ss.ctx)
	op := &operation{id: id, tags: req.GetTags(), ctx: ctx, cancel: cancel, changed: make(chan struct{})}
	reattachable := false
	for _, o := range req.GetRequestOptions() {
		if o.GetReattachOptions().GetReattachable() {
			reattachable = true
		}
	}
	ss.mu.Lock()
	if _, dup := ss.ops[id]; dup {
		ss.mu.Unlock()
		cancel(nil)
		return ss.status(&sparkError{classes: illegalArgumentClasses, errorClass: "INVALID_HANDLE.OPERATION_ALREADY_EXISTS", sqlState: "HY000",
			params: map[string]string{"handle": id}, message: withState("[INVALID_HANDLE.OPERATION_ALREADY_EXISTS] The handle "+id+" is invalid. Operation already exists.", "HY000")})
	}
	ss.ops[id] = op
	ss.mu.Unlock()

	go func() {
		defer cancel(nil)
		err := ss.run(op, req.GetPlan())
		if err != nil && ctx.Err() != nil {
			if c := context.Cause(ctx); c != nil && !errors.Is(c, context.Canceled) {
				err = c
			}
		}
		if err == nil {
			op.add(&pb.ExecutePlanResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID,
				ResponseType: &pb.ExecutePlanResponse_ResultComplete_{ResultComplete: &pb.ExecutePlanResponse_ResultComplete{}}})
		} else {
			var uf *unsupportedFeature
			if errors.As(err, &uf) {
				ss.logf("refused %s", uf.what)
			} else if !errors.Is(err, context.Canceled) {
				ss.logf("operation %s failed: %v", shortID(op.id), err)
			}
		}
		op.finish(err)
	}()
	err = op.follow(stream.Context(), ss, stream, "")
	if !reattachable {
		ss.forget(op)
		op.cancel(nil)
	} else {
		// A reattachable client may read it again until it releases it (PySpark does,
		// once it has read everything); keep a bounded number of finished ones.
		ss.retire(op)
	}
	return err
}

// maxRetained bounds the finished reattachable operations a session keeps for clients
// that never release them.
const maxRetained = 32

func (ss *session) retire(op *operation) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.finished = append(ss.finished, op.id)
	for len(ss.finished) > maxRetained {
		old := ss.finished[0]
		ss.finished = ss.finished[1:]
		if o := ss.ops[old]; o != nil {
			o.mu.Lock()
			done := o.done
			o.mu.Unlock()
			if done {
				delete(ss.ops, old)
			}
		}
	}
}

func (ss *session) forget(op *operation) {
	ss.mu.Lock()
	delete(ss.ops, op.id)
	ss.mu.Unlock()
}

// ReattachExecute resumes reading an operation after the response the client last saw.
func (s *Server) ReattachExecute(req *pb.ReattachExecuteRequest, stream grpc.ServerStreamingServer[pb.ExecutePlanResponse]) error {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return err
	}
	if err := ss.checkServerSide(req.ClientObservedServerSideSessionId); err != nil {
		return err
	}
	ss.mu.Lock()
	op := ss.ops[req.GetOperationId()]
	ss.mu.Unlock()
	if op == nil {
		return ss.status(&sparkError{classes: illegalArgumentClasses, errorClass: "INVALID_HANDLE.OPERATION_NOT_FOUND", sqlState: "HY000",
			params:  map[string]string{"handle": req.GetOperationId()},
			message: withState("[INVALID_HANDLE.OPERATION_NOT_FOUND] The handle "+req.GetOperationId()+" is invalid. Operation not found.", "HY000")})
	}
	return op.follow(stream.Context(), ss, stream, req.GetLastResponseId())
}

// ReleaseExecute drops responses the client has read (all, or up to one).
func (s *Server) ReleaseExecute(ctx context.Context, req *pb.ReleaseExecuteRequest) (*pb.ReleaseExecuteResponse, error) {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return nil, err
	}
	id := req.GetOperationId()
	resp := &pb.ReleaseExecuteResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID, OperationId: &id}
	ss.mu.Lock()
	op := ss.ops[id]
	ss.mu.Unlock()
	if op == nil {
		return resp, nil
	}
	if req.GetReleaseAll() != nil {
		op.mu.Lock()
		done := op.done
		op.released = len(op.responses)
		op.mu.Unlock()
		if !done {
			op.interrupt(nil)
		}
		ss.forget(op)
		return resp, nil
	}
	if until := req.GetReleaseUntil().GetResponseId(); until != "" {
		op.mu.Lock()
		for i := op.released; i < len(op.responses); i++ {
			if op.responses[i].ResponseId == until {
				for j := op.released; j <= i; j++ {
					op.responses[j] = nil
				}
				op.released = i + 1
				break
			}
		}
		op.mu.Unlock()
	}
	return resp, nil
}

// Interrupt cancels running operations: all of the session's, those with a tag, or one.
func (s *Server) Interrupt(ctx context.Context, req *pb.InterruptRequest) (*pb.InterruptResponse, error) {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return nil, err
	}
	if err := ss.checkServerSide(req.ClientObservedServerSideSessionId); err != nil {
		return nil, err
	}
	resp := &pb.InterruptResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID}
	ss.mu.Lock()
	var hit []*operation
	for _, op := range ss.ops {
		match := false
		switch req.GetInterruptType() {
		case pb.InterruptRequest_INTERRUPT_TYPE_ALL:
			match = true
		case pb.InterruptRequest_INTERRUPT_TYPE_TAG:
			for _, t := range op.tags {
				match = match || t == req.GetOperationTag()
			}
		case pb.InterruptRequest_INTERRUPT_TYPE_OPERATION_ID:
			match = op.id == req.GetOperationId()
		}
		op.mu.Lock()
		running := !op.done
		op.mu.Unlock()
		if match && running {
			hit = append(hit, op)
		}
	}
	ss.mu.Unlock()
	for _, op := range hit {
		op.interrupt(nil)
		resp.InterruptedIds = append(resp.InterruptedIds, op.id)
	}
	return resp, nil
}
