// Package connect serves Spark Connect (the gRPC protocol of Spark 4.2, package
// sparkconnectpb) over kafkalab's engine, so the real pyspark-client, the Go Spark Connect
// client or any other runs against it. It is a translation layer: each relation, expression
// and command of the protocol maps onto the engine's DataFrame API (engine.Session,
// engine.DataFrame, engine.Column, writers and streaming queries), so what the engine gains
// is reachable here through a small mapping. What it cannot map is refused with an
// UNSUPPORTED_FEATURE error naming the message, and logged.
package connect

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
)

// Config configures a Server.
type Config struct {
	// NewSession makes the engine session behind a new client session (one per Spark
	// Connect session id, as a Spark driver keeps one SparkSession per client session).
	NewSession func(sessionID string) (*engine.Session, error)
	// Logf receives a line for what an operator should see: refused messages, failed
	// operations. Nil discards them.
	Logf func(format string, args ...any)
	// KafkaServers, when set, rewrites the kafka.bootstrap.servers option of every Kafka
	// read and write (a course script names localhost:9092; the lab points it at its broker).
	KafkaServers func(servers string) string
	// Trace logs every RPC with its duration and outcome through Logf.
	Trace bool
	// Python, when set, is the interpreter (with pyspark-client installed) that runs the
	// Python workers foreachBatch and Python UDFs need; empty refuses them.
	Python string
}

// Server is a SparkConnectService over the engine.
type Server struct {
	pb.UnimplementedSparkConnectServiceServer
	cfg Config

	mu       sync.Mutex
	sessions map[string]*session
	closed   bool
	// addr is where Serve listens (for the Python workers that call back).
	addr string
}

// New makes a server; Serve runs it.
func New(cfg Config) *Server {
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	return &Server{cfg: cfg, sessions: map[string]*session{}}
}

// Serve answers Spark Connect on lis until ctx ends, then stops every session's queries.
func (s *Server) Serve(ctx context.Context, lis net.Listener) error {
	opts := []grpc.ServerOption{grpc.MaxRecvMsgSize(128 << 20), grpc.MaxSendMsgSize(128 << 20)}
	if s.cfg.Trace {
		opts = append(opts,
			grpc.UnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
				start := time.Now()
				resp, err := h(ctx, req)
				s.cfg.Logf("%s %v err=%v", info.FullMethod, time.Since(start).Round(time.Millisecond), err)
				return resp, err
			}),
			grpc.StreamInterceptor(func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
				start := time.Now()
				err := h(srv, ss)
				s.cfg.Logf("%s %v err=%v", info.FullMethod, time.Since(start).Round(time.Millisecond), err)
				return err
			}))
	}
	gs := grpc.NewServer(opts...)
	pb.RegisterSparkConnectServiceServer(gs, s)
	s.mu.Lock()
	s.addr = lis.Addr().String()
	s.mu.Unlock()
	errc := make(chan error, 1)
	go func() { errc <- gs.Serve(lis) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	// Streams in flight (awaitTermination, listeners) end with the sessions' contexts.
	s.Close()
	stopped := make(chan struct{})
	go func() { gs.GracefulStop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		gs.Stop()
	}
	return nil
}

// Close ends every session: running operations are cancelled, queries stopped.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	all := s.sessions
	s.sessions = map[string]*session{}
	s.mu.Unlock()
	for _, ss := range all {
		ss.close(errServerStopping)
	}
}

// errServerStopping ends what a session was running when the server stops, so a waiting
// client reads why.
var errServerStopping = &sparkError{classes: sparkClasses, errorClass: "OPERATION_CANCELED", sqlState: "HY008",
	message: withState("[OPERATION_CANCELED] Operation has been cancelled: kafkalab's Spark Connect server stopped. Start it again and reconnect.", "HY008")}

// errSessionReleased ends what a session was running when its client released it.
var errSessionReleased = &sparkError{classes: sparkClasses, errorClass: "OPERATION_CANCELED", sqlState: "HY008",
	message: withState("[OPERATION_CANCELED] Operation has been cancelled: its session was released.", "HY008")}

// Addr is the address Serve listens on ("" before Serve).
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// session is one client session: its engine session and the state Spark Connect keeps
// beside it (operations, errors for FetchErrorDetails, queries, cached DataFrames).
type session struct {
	srv      *Server
	id       string
	serverID string
	eng      *engine.Session
	ctx      context.Context // lives as long as the session: queries run under it
	cancel   context.CancelCauseFunc

	mu   sync.Mutex
	errs map[string]*sparkError
	ops  map[string]*operation
	// finished lists reattachable operations that ended, oldest first (see retire).
	finished []string
	queries  map[string]*engine.StreamingQuery // by query id, terminated ones too
	cached   map[string]*engine.DataFrame      // CachedRemoteRelation ids
	workers  []interface{ close() }            // foreachBatch and UDF workers, ended with the session
	// idleUDFWorkers are the Python UDF workers waiting for a batch (see takeUDFWorker).
	idleUDFWorkers []*udfWorker
}

func (s *Server) session(id string) (*session, error) {
	if id == "" {
		return nil, status.Error(codes.InvalidArgument, "session_id is empty")
	}
	if _, err := uuid.Parse(id); err != nil {
		return nil, (&session{}).status(&sparkError{classes: illegalArgumentClasses, errorClass: "INVALID_HANDLE.FORMAT", sqlState: "HY000",
			params: map[string]string{"handle": id}, message: withState(fmt.Sprintf("[INVALID_HANDLE.FORMAT] The handle %s is invalid. Handle must be an UUID string of the format '00112233-4455-6677-8899-aabbccddeeff'", id), "HY000")})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, status.Error(codes.Unavailable, "the kafkalab Spark Connect server is shutting down")
	}
	if ss, ok := s.sessions[id]; ok {
		return ss, nil
	}
	eng, err := s.cfg.NewSession(id)
	if err != nil {
		return nil, (&session{}).status(fmt.Errorf("starting a session: %w", err))
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	ss := &session{srv: s, id: id, serverID: uuid.NewString(), eng: eng, ctx: ctx, cancel: cancel,
		errs: map[string]*sparkError{}, ops: map[string]*operation{}, queries: map[string]*engine.StreamingQuery{}, cached: map[string]*engine.DataFrame{}}
	s.sessions[id] = ss
	return ss, nil
}

// checkServerSide refuses a request that names a server-side session other than this one:
// the server restarted (or the session was released) under a waiting client.
func (ss *session) checkServerSide(observed *string) error {
	if observed == nil || *observed == "" || *observed == ss.serverID {
		return nil
	}
	return ss.status(&sparkError{classes: sparkClasses, errorClass: "INVALID_HANDLE.SESSION_CHANGED", sqlState: "HY000",
		params:  map[string]string{"handle": ss.id},
		message: withState(fmt.Sprintf("[INVALID_HANDLE.SESSION_CHANGED] The handle %s is invalid. The existing Spark server driver instance has restarted. Please reconnect.", ss.id), "HY000")})
}

func (ss *session) close(cause error) {
	ss.mu.Lock()
	ops := make([]*operation, 0, len(ss.ops))
	for _, op := range ss.ops {
		ops = append(ops, op)
	}
	workers := ss.workers
	ss.workers = nil
	ss.mu.Unlock()
	for _, op := range ops {
		op.interrupt(cause)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = ss.eng.Stop(ctx)
	ss.cancel(cause)
	for _, w := range workers {
		w.close()
	}
}

func (ss *session) logf(format string, args ...any) {
	ss.srv.cfg.Logf("session %s: "+format, append([]any{shortID(ss.id)}, args...)...)
}

// options copies a read or write's options, pointing Kafka at the configured servers.
func (ss *session) options(in map[string]string) map[string]string {
	out := make(map[string]string, len(in))
	for k, v := range in {
		if ss.srv.cfg.KafkaServers != nil && strings.EqualFold(k, "kafka.bootstrap.servers") {
			v = ss.srv.cfg.KafkaServers(v)
		}
		out[k] = v
	}
	return out
}

func shortID(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// ---- Config ----

// Config answers spark.conf: get/set/unset/getAll/isModifiable on the engine session's
// runtime configuration, with Spark's defaults for settings clients read.
func (s *Server) Config(ctx context.Context, req *pb.ConfigRequest) (*pb.ConfigResponse, error) {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return nil, err
	}
	if err := ss.checkServerSide(req.ClientObservedServerSideSessionId); err != nil {
		return nil, err
	}
	resp := &pb.ConfigResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID}
	conf := ss.eng.Conf()
	kv := func(k string, v *string) *pb.KeyValue { return &pb.KeyValue{Key: k, Value: v} }
	get := func(k string) (*string, bool) {
		if v, err := conf.Get(k); err == nil {
			return &v, true
		}
		if v, ok := sparkDefaults[k]; ok {
			return &v, true
		}
		return nil, false
	}
	switch op := req.GetOperation().GetOpType().(type) {
	case *pb.ConfigRequest_Operation_Set:
		for _, p := range op.Set.GetPairs() {
			if err := conf.Set(p.GetKey(), p.GetValue()); err != nil {
				return nil, ss.status(err)
			}
		}
	case *pb.ConfigRequest_Operation_Get:
		for _, k := range op.Get.GetKeys() {
			v, ok := get(k)
			if !ok {
				_, err := conf.Get(k)
				return nil, ss.status(err)
			}
			resp.Pairs = append(resp.Pairs, kv(k, v))
		}
	case *pb.ConfigRequest_Operation_GetWithDefault:
		for _, p := range op.GetWithDefault.GetPairs() {
			v := conf.GetOr(p.GetKey(), "\x00")
			if v == "\x00" {
				resp.Pairs = append(resp.Pairs, kv(p.GetKey(), p.Value))
				continue
			}
			resp.Pairs = append(resp.Pairs, kv(p.GetKey(), &v))
		}
	case *pb.ConfigRequest_Operation_GetOption:
		for _, k := range op.GetOption.GetKeys() {
			v, _ := get(k)
			resp.Pairs = append(resp.Pairs, kv(k, v))
		}
	case *pb.ConfigRequest_Operation_GetAll:
		prefix := op.GetAll.GetPrefix()
		for _, k := range conf.Keys() {
			if strings.HasPrefix(k, prefix) {
				v, _ := conf.Get(k)
				resp.Pairs = append(resp.Pairs, kv(k, &v))
			}
		}
	case *pb.ConfigRequest_Operation_Unset:
		for _, k := range op.Unset.GetKeys() {
			conf.Unset(k)
		}
	case *pb.ConfigRequest_Operation_IsModifiable:
		for _, k := range op.IsModifiable.GetKeys() {
			// Every SQL setting of a running session can change; static ones (the warehouse,
			// extensions, catalog classes) are fixed when the session starts.
			v := "true"
			if staticConf[k] || strings.HasPrefix(k, "spark.sql.catalog.") {
				v = "false"
			}
			resp.Pairs = append(resp.Pairs, kv(k, &v))
		}
	default:
		return nil, ss.status(invalidPlan("config request without an operation"))
	}
	return resp, nil
}

// sparkDefaults are Spark 4.2's defaults for settings the PySpark client reads before it
// runs anything; the engine session holds the rest. Server stack traces are off: a kafkalab
// server has no JVM stack to show.
var sparkDefaults = map[string]string{
	"spark.sql.execution.pandas.structHandlingMode":                   "legacy",
	"spark.sql.execution.arrow.pyspark.selfDestruct.enabled":          "false",
	"spark.sql.connect.serverStacktrace.enabled":                      "false",
	"spark.sql.pyspark.jvmStacktrace.enabled":                         "false",
	"spark.sql.repl.eagerEval.enabled":                                "false",
	"spark.sql.repl.eagerEval.maxNumRows":                             "20",
	"spark.sql.repl.eagerEval.truncate":                               "20",
	"spark.sql.execution.pyspark.binaryAsBytes":                       "true",
	"spark.sql.execution.pythonUDF.arrow.enabled":                     "false",
	"spark.sql.execution.pythonUDTF.arrow.enabled":                    "false",
	"spark.sql.execution.arrow.pyspark.enabled":                       "false",
	"spark.sql.execution.pandas.convertToArrowArraySafely":            "false",
	"spark.sql.pyspark.inferNestedDictAsStruct.enabled":               "false",
	"spark.sql.pyspark.legacy.inferArrayTypeFromFirstElement.enabled": "false",
	"spark.sql.timestampType":                                         "TIMESTAMP_LTZ",
	"spark.sql.session.localRelationCacheThreshold":                   "67108864",
	"spark.sql.session.localRelationSizeLimit":                        "3221225472",
	"spark.sql.execution.pandas.inferPandasDictAsMap":                 "false",
	"spark.sql.pyspark.legacy.inferMapTypeFromFirstPair.enabled":      "false",
	"spark.sql.execution.arrow.useLargeVarTypes":                      "false",
	"spark.sql.session.localRelationChunkSizeRows":                    "10000",
	"spark.sql.session.localRelationChunkSizeBytes":                   "16777216",
	"spark.sql.session.localRelationBatchOfChunksSizeBytes":           "268435456",
	"spark.sql.connect.localRelation.chunkSizeRows":                   "10000",
	// No plan compression: the client then sends plans as they are.
	"spark.connect.session.planCompression.threshold":        "-1",
	"spark.connect.session.planCompression.defaultAlgorithm": "NONE",
	"spark.sql.streaming.stateStore.providerClass":           "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider",
}

// staticConf are settings fixed for a session's life (Spark's StaticSQLConf).
var staticConf = map[string]bool{
	engine.ConfWarehouseDir:           true,
	"spark.sql.extensions":            true,
	"spark.master":                    true,
	"spark.app.name":                  true,
	"spark.driver.memory":             true,
	"spark.jars.packages":             true,
	"spark.sql.catalogImplementation": true,
}

// ---- sessions ----

// ReleaseSession ends a client session: its operations are cancelled and queries stopped.
func (s *Server) ReleaseSession(ctx context.Context, req *pb.ReleaseSessionRequest) (*pb.ReleaseSessionResponse, error) {
	s.mu.Lock()
	ss := s.sessions[req.GetSessionId()]
	delete(s.sessions, req.GetSessionId())
	s.mu.Unlock()
	resp := &pb.ReleaseSessionResponse{SessionId: req.GetSessionId()}
	if ss != nil {
		resp.ServerSideSessionId = ss.serverID
		ss.close(errSessionReleased)
	}
	return resp, nil
}

// FetchErrorDetails returns the full error (with causes) an earlier failure's errorId names.
func (s *Server) FetchErrorDetails(ctx context.Context, req *pb.FetchErrorDetailsRequest) (*pb.FetchErrorDetailsResponse, error) {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return nil, err
	}
	ss.mu.Lock()
	se := ss.errs[req.GetErrorId()]
	delete(ss.errs, req.GetErrorId())
	ss.mu.Unlock()
	resp := &pb.FetchErrorDetailsResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID}
	if se != nil {
		root := int32(0)
		resp.RootErrorIdx = &root
		resp.Errors = se.details()
	}
	return resp, nil
}

// ArtifactStatus says kafkalab holds no artifact (it runs no JVM code).
func (s *Server) ArtifactStatus(ctx context.Context, req *pb.ArtifactStatusesRequest) (*pb.ArtifactStatusesResponse, error) {
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return nil, err
	}
	resp := &pb.ArtifactStatusesResponse{SessionId: ss.id, ServerSideSessionId: ss.serverID, Statuses: map[string]*pb.ArtifactStatusesResponse_ArtifactStatus{}}
	for _, n := range req.GetNames() {
		resp.Statuses[n] = &pb.ArtifactStatusesResponse_ArtifactStatus{Exists: false}
	}
	return resp, nil
}

// AddArtifacts refuses jars, files and cached local relations, naming them.
func (s *Server) AddArtifacts(stream grpc.ClientStreamingServer[pb.AddArtifactsRequest, pb.AddArtifactsResponse]) error {
	req, err := stream.Recv()
	if err != nil {
		return err
	}
	ss, err := s.session(req.GetSessionId())
	if err != nil {
		return err
	}
	var names []string
	for _, a := range req.GetBatch().GetArtifacts() {
		names = append(names, a.GetName())
	}
	if b := req.GetBeginChunk(); b != nil {
		names = append(names, b.GetName())
	}
	ss.logf("refused artifacts %v", names)
	return ss.status(unsupportedf("artifacts (addArtifacts, cached local relations: %s); keep createDataFrame data under 64 MB", strings.Join(names, ", ")))
}
