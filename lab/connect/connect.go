// Package connect is kafkalab's Spark Connect front door: it serves the engine over Spark
// Connect with the lab's broker (engine/connect does the protocol), and runs learner
// scripts with real CPython and the pinned pyspark-client against it. `kafkalab connect`,
// `kafkalab run --python` and `kafkalab setup python` use it; the sandbox's real-Python mode
// and course checks through Connect are the same two calls (Start, then RunPython).
package connect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/engine"
	engineconnect "github.com/kafkalab/kafkalab/engine/connect"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// CourseAddress is the broker address course scripts name (lab.CourseAddress).
const CourseAddress = "localhost:9092"

// Options configures a server.
type Options struct {
	// Addr is where to listen, e.g. "127.0.0.1:15002"; "" picks a free port on 127.0.0.1.
	Addr string
	// Bootstrap, when set, is the broker Kafka reads and writes reach when a script names
	// CourseAddress (or Bootstrap replaces every address when Override is set).
	Bootstrap string
	Override  bool
	// WorkDir is where relative paths (checkpoints, tables) resolve.
	WorkDir string
	// Stdout receives what Spark prints on its side: console sinks, foreachBatch prints.
	Stdout io.Writer
	// Conf holds settings every session starts with.
	Conf map[string]string
	// Python runs foreachBatch workers; "" refuses foreachBatch.
	Python string
	// Logf receives the server's log lines (refused features, failed operations).
	Logf func(format string, args ...any)
	// Trace logs every RPC through Logf.
	Trace bool
	// OnStreamEvent receives every streaming query event (live panes).
	OnStreamEvent func(engine.StreamEvent)
	// StreamHook is every session's engine.SessionConfig.StreamHook (the lab's crash
	// directive).
	StreamHook func(step stream.Step, batchID int64) error
}

// Server is a running Spark Connect server.
type Server struct {
	srv    *engineconnect.Server
	lis    net.Listener
	cancel context.CancelFunc
	done   chan error
	once   sync.Once
	err    error

	mu       sync.Mutex
	sessions []*engine.Session // every session a client opened, for Queries and StopQueries
}

// Start listens and serves until ctx ends or Close is called.
func Start(ctx context.Context, o Options) (*Server, error) {
	addr := o.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("spark connect: listening on %s: %w", addr, err)
	}
	s := &Server{lis: lis, done: make(chan error, 1)}
	srv := engineconnect.New(engineconnect.Config{
		NewSession: func(string) (*engine.Session, error) {
			es, err := engine.NewSession(engine.SessionConfig{WorkDir: o.WorkDir, Conf: o.Conf, Stdout: o.Stdout, OnStreamEvent: o.OnStreamEvent, StreamHook: o.StreamHook})
			if err == nil {
				s.mu.Lock()
				s.sessions = append(s.sessions, es)
				s.mu.Unlock()
			}
			return es, err
		},
		Logf:         o.Logf,
		KafkaServers: kafkaServers(o.Bootstrap, o.Override),
		Python:       o.Python,
		Trace:        o.Trace,
	})
	sctx, cancel := context.WithCancel(ctx)
	s.srv, s.cancel = srv, cancel
	go func() { s.done <- srv.Serve(sctx, lis) }()
	return s, nil
}

func kafkaServers(bootstrap string, override bool) func(string) string {
	if bootstrap == "" {
		return nil
	}
	return func(servers string) string {
		if override {
			return bootstrap
		}
		parts := strings.Split(servers, ",")
		for i, p := range parts {
			if strings.TrimSpace(p) == CourseAddress {
				parts[i] = bootstrap
			}
		}
		return strings.Join(parts, ",")
	}
}

// Addr is the host:port the server listens on.
func (s *Server) Addr() string { return s.lis.Addr().String() }

// URL is the Spark Connect URL clients use (SPARK_REMOTE), e.g. sc://127.0.0.1:15002.
func (s *Server) URL() string { return "sc://" + s.Addr() }

// ActiveQueries lists the streaming queries running in the server's sessions.
func (s *Server) ActiveQueries() []*engine.StreamingQuery {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*engine.StreamingQuery
	for _, es := range s.sessions {
		out = append(out, es.Streams().Active()...)
	}
	return out
}

// Close stops the server: sessions end, their queries stop.
func (s *Server) Close() error {
	s.once.Do(func() {
		s.cancel()
		if err := <-s.done; err != nil && !errors.Is(err, net.ErrClosed) {
			s.err = err
		}
	})
	return s.err
}
