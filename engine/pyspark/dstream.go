package pyspark

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// pyspark.streaming: Spark's DStreams (deprecated since Spark 3.4, still in PySpark 4.2).
//
// The DStream graph lives in Python (dstream.py, the module's source): each DStream turns
// a batch time into an RDD of this package, as Spark's DStream.compute does, with the
// windows, state and joins made of RDD operations as PySpark's own DStream code makes
// them. Go supplies what Python cannot do here: the recurring timer that generates a batch
// at every multiple of the batch duration on the wall clock (Spark's RecurringTimer) and
// runs its jobs under the interpreter lock while the script waits in awaitTermination or
// time.sleep, and the TCP receiver of socketTextStream.

//go:embed dstream.py
var dstreamSource string

func init() {
	// RDD is generic in PySpark (RDD[str] in the examples' type hints), as list is
	rddType.Dict["__class_getitem__"] = py.ListType.Dict["__class_getitem__"]
	bindings["pyspark.streaming"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{
			Info: py.ModuleInfo{Doc: "Spark Streaming (DStreams)", FileDesc: "<pyspark.streaming>"},
			Globals: py.StringDict{
				"_new_timer":    python.NewMethod("_new_timer", in.newDStreamTimer),
				"_new_receiver": python.NewMethod("_new_receiver", in.newSocketReceiver),
				"_blocks_rdd":   python.NewMethod("_blocks_rdd", in.blocksRDD),
				"_memo_rdd":     python.NewMethod("_memo_rdd", memoRDD),
				"_java_error":   python.NewMethod("_java_error", javaError),
				"_log":          python.NewMethod("_log", in.dstreamLog),
				"_unsupported": python.NewMethod("_unsupported", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
					a, err := python.ParseArgs("_unsupported", args, kwargs, []string{"api", "hint"}, 2)
					if err != nil {
						return nil, err
					}
					api, _ := a[0].(py.String)
					hint, _ := a[1].(py.String)
					return nil, python.Unsupported(string(api), string(hint))
				}),
			},
			CodeSrc: dstreamSource,
		}, nil
	}
	for _, sub := range []string{"context", "dstream"} {
		bindings["pyspark.streaming."+sub] = func(in *Interpreter) (*py.ModuleImpl, error) {
			return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Spark Streaming's " + sub, FileDesc: "<pyspark.streaming." + sub + ">"},
				CodeSrc: "from pyspark.streaming import StreamingContext, DStream\n"}, nil
		}
	}
}

// javaError is _java_error(call, text): the Py4JJavaError PySpark raises for a JVM
// exception of the call (o0.start, None.org.apache...PythonTransformedDStream), as py4j
// words it: "An error occurred while calling <call>.\n: <class>: <message>".
func javaError(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("_java_error", args, kwargs, []string{"call", "text"}, 2)
	if err != nil {
		return nil, err
	}
	call, _ := a[0].(py.String)
	text, _ := a[1].(py.String)
	return pyerrors.FromError(&sparkerrors.Error{Kind: sparkerrors.Py4JJavaError,
		Message: "An error occurred while calling " + string(call) + ".\n: " + string(text)}), nil
}

// logSeverity orders log4j's levels; a line shows when its level is at least the
// context's (sc.setLogLevel; WARN by default, as PySpark's shell profile sets).
var logSeverity = map[string]int{"ALL": 0, "TRACE": 1, "DEBUG": 2, "INFO": 3, "WARN": 4, "ERROR": 5, "FATAL": 6, "OFF": 7}

// logLine writes one line of Spark's console log (log4j's default pattern) to stderr.
func (in *Interpreter) logLine(level, logger, msg string) {
	threshold := in.logLevel
	if threshold == "" {
		threshold = "WARN"
	}
	if logSeverity[level] < logSeverity[threshold] {
		return
	}
	fmt.Fprintf(in.Stderr(), "%s %s %s: %s\n", time.Now().Format("06/01/02 15:04:05"), level, logger, msg)
}

// dstreamLog is _log(level, logger, message).
func (in *Interpreter) dstreamLog(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("_log", args, kwargs, []string{"level", "logger", "message"}, 3)
	if err != nil {
		return nil, err
	}
	var s [3]string
	for i := range s {
		v, _ := a[i].(py.String)
		s[i] = string(v)
	}
	in.logLine(s[0], s[1], s[2])
	return py.None, nil
}

// dstreamTimer is a started StreamingContext's job generator: at each batch time it calls
// generate(time_ms), which returns the batch's jobs (callables), and runs them in order.
type dstreamTimer struct {
	in       *Interpreter
	period   int64 // the batch duration, ms
	generate py.Object

	mu       sync.Mutex
	next     int64 // the next batch time, ms since the epoch
	last     int64 // when stopping: the last batch time to run (-1: none)
	stopping bool
	quit     chan struct{} // closed by a stop that runs no further batch
	done     chan struct{} // closed when the loop has ended
	ended    chan struct{} // closed on stop or on the first error: awaitTermination wakes
	endOnce  sync.Once
	err      error // the first error a batch reported
	inBatch  bool  // a batch's jobs are running (under the interpreter lock)
}

var dstreamTimerType = py.NewType("_DStreamTimer", "The job generator of a started StreamingContext.")

func (t *dstreamTimer) Type() *py.Type { return dstreamTimerType }

// newDStreamTimer is _new_timer(period_ms, generate, first_ms): it starts the timer, whose
// first batch is at first_ms (the caller's next multiple of the period, as
// RecurringTimer.getStartTime), and returns it.
func (in *Interpreter) newDStreamTimer(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("_new_timer", args, kwargs, []string{"period_ms", "generate", "first_ms"}, 3)
	if err != nil {
		return nil, err
	}
	period, ok := a[0].(py.Int)
	first, ok2 := a[2].(py.Int)
	if !ok || !ok2 || period <= 0 {
		return nil, py.ExceptionNewf(py.ValueError, "_new_timer takes a positive period and a first batch time in ms")
	}
	t := &dstreamTimer{in: in, period: int64(period), generate: a[1], last: -1, next: int64(first),
		quit: make(chan struct{}), done: make(chan struct{}), ended: make(chan struct{})}
	in.mu.Lock()
	in.dstreamTimers = append(in.dstreamTimers, t)
	in.mu.Unlock()
	go t.loop()
	return t, nil
}

// loop waits for each batch time and runs the batch under the interpreter lock.
func (t *dstreamTimer) loop() {
	defer close(t.done)
	for {
		t.mu.Lock()
		at := t.next
		stopping, last := t.stopping, t.last
		t.mu.Unlock()
		if stopping && at > last {
			return
		}
		wait := time.Until(time.UnixMilli(at))
		if wait > 0 {
			timer := time.NewTimer(wait)
			select {
			case <-timer.C:
			case <-t.quit:
				timer.Stop()
				return
			}
		}
		_ = t.in.Locked(func() error {
			t.mu.Lock()
			skip := t.stopping && at > t.last
			t.mu.Unlock()
			if !skip {
				t.runBatch(at)
			}
			return nil
		})
		t.mu.Lock()
		t.next = at + t.period
		t.mu.Unlock()
	}
}

// runBatch generates the batch's jobs and runs them, reporting an error as Spark's
// JobScheduler does: logged, kept for awaitTermination, and the next batches still run.
func (t *dstreamTimer) runBatch(at int64) {
	t.inBatch = true
	defer func() { t.inBatch = false }()
	jobs, err := py.Call(t.generate, py.Tuple{py.Int(at)}, nil)
	if err != nil {
		t.report(fmt.Sprintf("Error generating jobs for time %d ms", at), err)
		return
	}
	var list []py.Object
	_ = py.Iterate(jobs, func(o py.Object) bool { list = append(list, o); return false })
	for i, job := range list {
		if _, err := py.Call(job, nil, nil); err != nil {
			t.report(fmt.Sprintf("Error running job streaming job %d ms.%d", at, i), err)
		}
	}
}

// report logs a batch's error and keeps the first for awaitTermination. A Python error
// is Spark's SparkException "An exception was raised by Python" with the traceback; one
// that is already a Py4JJavaError keeps its Java text.
func (t *dstreamTimer) report(what string, err error) {
	text := dstreamErrorText(t.in, err)
	t.in.logLine("ERROR", "JobScheduler", what+"\n"+text)
	t.mu.Lock()
	if t.err == nil {
		t.err = &dstreamFailure{text: text}
	}
	t.mu.Unlock()
	t.endOnce.Do(func() { close(t.ended) })
}

// dstreamFailure is the error a batch reported, as the JVM holds it.
type dstreamFailure struct{ text string }

func (e *dstreamFailure) Error() string { return e.text }

// dstreamErrorText is the Java text of a batch's error.
func dstreamErrorText(in *Interpreter, err error) string {
	const raised = "org.apache.spark.SparkException: An exception was raised by Python:\nTraceback (most recent call last):\n"
	goErr := err
	if ei, ok := err.(py.ExceptionInfo); ok {
		if pe, ok := ei.Value.(*py.Exception); ok {
			if g := pyerrors.GoError(pe); g != nil {
				goErr = g
			}
		}
	}
	if se, ok := sparkerrors.As(goErr); ok {
		switch {
		case se.Kind == sparkerrors.PythonException && se.Cause != nil:
			// a job's action failed in a Python worker: the driver's runJob raised it
			return raised + "py4j.protocol.Py4JJavaError: An error occurred while calling z:org.apache.spark.api.python.PythonRDD.runJob.\n" +
				": org.apache.spark.api.python.PythonException: [PYTHON_EXCEPTION] An exception was thrown from the Python worker: " +
				strings.TrimRight(in.Describe(se.Cause).Error(), "\n") + "\n SQLSTATE: 38000\n"
		case se.Kind == sparkerrors.Py4JJavaError:
			return raised + "py4j.protocol.Py4JJavaError: " + se.Message + "\n"
		}
	}
	value := err
	if ei, ok := err.(py.ExceptionInfo); ok {
		if v, ok := ei.Value.(error); ok {
			value = v
		}
	}
	if pe, ok := value.(*py.Exception); ok && pe.Base.IsSubtype(pyerrors.Py4JJavaError) {
		if args, ok := pe.Args.(py.Tuple); ok && len(args) == 1 {
			if s, ok := args[0].(py.String); ok {
				return raised + "py4j.protocol.Py4JJavaError: " + string(s) + "\n"
			}
		}
	}
	return "org.apache.spark.SparkException: An exception was raised by Python:\n" + strings.TrimRight(in.Describe(err).Error(), "\n") + "\n"
}

func init() {
	python.DefMethod(dstreamTimerType, "stop", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("stop", args, kwargs, []string{"graceful"}, 1)
		if err != nil {
			return nil, err
		}
		self.(*dstreamTimer).stop(a[0] == py.True)
		return py.None, nil
	})
	// wait(timeout_s or None) -> whether the context ended (stopped or failed) in time.
	python.DefMethod(dstreamTimerType, "wait", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("wait", args, kwargs, []string{"timeout"}, 0)
		if err != nil {
			return nil, err
		}
		t := self.(*dstreamTimer)
		var limit <-chan time.Time
		if a[0] != nil && a[0] != py.None {
			f, err := py.MakeFloat(a[0])
			if err != nil {
				return nil, err
			}
			timer := time.NewTimer(time.Duration(float64(f.(py.Float)) * float64(time.Second)))
			defer timer.Stop()
			limit = timer.C
		}
		ended, interrupted := false, false
		ctx := t.in.Context()
		_ = t.in.Unlocked(func() error {
			select {
			case <-t.ended:
				ended = true
			case <-limit:
			case <-ctx.Done():
				interrupted = true
			}
			return nil
		})
		if interrupted {
			return nil, py.ExceptionNewf(py.KeyboardInterrupt, "")
		}
		return py.NewBool(ended), nil
	})
	// error() is the text of the first error a batch reported, or None.
	python.DefMethod(dstreamTimerType, "error", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*dstreamTimer)
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.err == nil {
			return py.None, nil
		}
		return py.String(t.err.Error()), nil
	})
}

// stop ends the timer. A graceful stop lets the batch the timer waits for and one more
// run, as Spark's RecurringTimer.stop(interruptTimer = false) does, and waits for them;
// otherwise no further batch starts. Called from a batch's own job (ssc.stop() inside
// foreachRDD) it does not wait for itself.
func (t *dstreamTimer) stop(graceful bool) {
	t.mu.Lock()
	if !t.stopping {
		t.stopping = true
		if graceful {
			t.last = t.next + t.period
		} else {
			t.last = t.next - t.period
			close(t.quit)
		}
	}
	t.mu.Unlock()
	t.endOnce.Do(func() { close(t.ended) })
	if t.inBatch {
		return
	}
	_ = t.in.Unlocked(func() error {
		select {
		case <-t.done:
		case <-t.in.Context().Done():
		}
		return nil
	})
}

// StopStreamingContexts stops every DStream timer and socket receiver this interpreter
// started (the script ended, as the JVM's shutdown hook stops a StreamingContext).
func (in *Interpreter) StopStreamingContexts() {
	in.mu.Lock()
	timers := append([]*dstreamTimer(nil), in.dstreamTimers...)
	receivers := append([]*socketReceiver(nil), in.dstreamReceivers...)
	in.dstreamTimers, in.dstreamReceivers = nil, nil
	in.mu.Unlock()
	for _, t := range timers {
		t.mu.Lock()
		if !t.stopping {
			t.stopping = true
			t.last = t.next - t.period
			close(t.quit)
		}
		t.mu.Unlock()
		t.endOnce.Do(func() { close(t.ended) })
	}
	for _, r := range receivers {
		r.stop()
	}
	// a batch already running finishes (the caller holds no interpreter lock here)
	for _, t := range timers {
		select {
		case <-t.done:
		case <-time.After(5 * time.Second):
		}
	}
}

// socketReceiver is socketTextStream's receiver (Spark's SocketReceiver): a TCP client
// reading UTF-8 lines, reconnecting two seconds after the connection fails or ends. Lines
// are kept with when they arrived, so that a batch takes the lines received before its
// time, in blocks of 200 ms (spark.streaming.blockInterval) that become its partitions.
type socketReceiver struct {
	in   *Interpreter
	addr string

	mu    sync.Mutex
	lines []receivedLine
	conn  net.Conn
	quit  chan struct{}
	once  sync.Once
}

type receivedLine struct {
	at   int64 // ms since the epoch
	text string
}

const receiverRestartDelay = 2 * time.Second

var socketReceiverType = py.NewType("_SocketReceiver", "socketTextStream's receiver.")

func (r *socketReceiver) Type() *py.Type { return socketReceiverType }

// newSocketReceiver is _new_receiver(host, port): a receiver not yet started.
func (in *Interpreter) newSocketReceiver(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("_new_receiver", args, kwargs, []string{"host", "port"}, 2)
	if err != nil {
		return nil, err
	}
	host, ok := a[0].(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "hostname must be a str, got %s", a[0].Type().Name)
	}
	port, ok := a[1].(py.Int)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "port must be an int, got %s", a[1].Type().Name)
	}
	return &socketReceiver{in: in, addr: net.JoinHostPort(string(host), strconv.Itoa(int(port))), quit: make(chan struct{})}, nil
}

func init() {
	python.DefMethod(socketReceiverType, "start", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		r := self.(*socketReceiver)
		r.in.mu.Lock()
		r.in.dstreamReceivers = append(r.in.dstreamReceivers, r)
		r.in.mu.Unlock()
		go r.run()
		return py.None, nil
	})
	python.DefMethod(socketReceiverType, "stop", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		self.(*socketReceiver).stop()
		return py.None, nil
	})
	// take(time_ms) is the lines received before time_ms as a list of blocks (lists of str).
	python.DefMethod(socketReceiverType, "take", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("take", args, kwargs, []string{"time_ms"}, 1)
		if err != nil {
			return nil, err
		}
		until, _ := a[0].(py.Int)
		return self.(*socketReceiver).take(int64(until)), nil
	})
}

func (r *socketReceiver) stop() {
	r.once.Do(func() {
		close(r.quit)
		r.mu.Lock()
		if r.conn != nil {
			r.conn.Close()
		}
		r.mu.Unlock()
	})
}

func (r *socketReceiver) stopped() bool {
	select {
	case <-r.quit:
		return true
	default:
		return false
	}
}

// run connects, reads and reconnects until stopped, logging each restart as Spark's
// ReceiverSupervisorImpl and ReceiverTracker do.
func (r *socketReceiver) run() {
	for !r.stopped() {
		conn, err := net.DialTimeout("tcp", r.addr, 5*time.Second)
		var reason, cause string
		if err != nil {
			reason = "Error connecting to " + r.addr
			cause = "java.net.ConnectException: Connection refused"
		} else {
			r.mu.Lock()
			r.conn = conn
			r.mu.Unlock()
			err = r.read(conn)
			conn.Close()
			if r.stopped() {
				return
			}
			reason = "Socket data stream had no more data"
			if err != nil {
				reason, cause = "Error receiving data", "java.net.SocketException: "+err.Error()
			}
		}
		r.logRestart(reason, cause)
		select {
		case <-r.quit:
			return
		case <-time.After(receiverRestartDelay):
		}
	}
}

func (r *socketReceiver) logRestart(reason, cause string) {
	_ = r.in.Locked(func() error {
		msg := "Restarting receiver with delay 2000 ms: " + reason
		tracker := "Deregistered receiver for stream 0: Restarting receiver with delay 2000ms: " + reason
		if cause != "" {
			msg += "\n" + cause
			tracker += " - " + cause
		}
		r.in.logLine("WARN", "ReceiverSupervisorImpl", msg)
		r.in.logLine("ERROR", "ReceiverTracker", tracker+"\n")
		return nil
	})
}

// read stores the connection's lines until it ends.
func (r *socketReceiver) read(conn net.Conn) error {
	br := bufio.NewReader(conn)
	for {
		line, err := br.ReadString('\n')
		if line != "" && (err == nil || err == io.EOF) {
			r.mu.Lock()
			r.lines = append(r.lines, receivedLine{at: time.Now().UnixMilli(), text: strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")})
			r.mu.Unlock()
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

const blockIntervalMs = 200

func (r *socketReceiver) take(until int64) py.Object {
	r.mu.Lock()
	n := 0
	for n < len(r.lines) && r.lines[n].at < until {
		n++
	}
	got := r.lines[:n:n]
	r.lines = append([]receivedLine(nil), r.lines[n:]...)
	r.mu.Unlock()
	blocks := py.NewList()
	var cur *py.List
	block := int64(-1)
	for _, l := range got {
		if b := l.at / blockIntervalMs; b != block || cur == nil {
			cur = py.NewList()
			blocks.Append(cur)
			block = b
		}
		cur.Append(py.String(l.text))
	}
	return blocks
}

// blocksRDD is _blocks_rdd(blocks): an RDD with one partition per block (Spark's BlockRDD).
func (in *Interpreter) blocksRDD(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("_blocks_rdd", args, kwargs, []string{"blocks"}, 1)
	if err != nil {
		return nil, err
	}
	var parts [][]py.Object
	if err := py.Iterate(a[0], func(o py.Object) bool {
		var items []py.Object
		_ = py.Iterate(o, func(x py.Object) bool { items = append(items, x); return false })
		parts = append(parts, items)
		return false
	}); err != nil {
		return nil, err
	}
	return in.fixedRDD("BlockRDD[socketTextStream]", parts), nil
}

// memoRDD is _memo_rdd(rdd): the RDD with each partition computed once and kept (what
// Spark's persisted and checkpointed RDDs give a DStream's state and windows: each
// batch's RDD builds on the last one's without recomputing the whole history). Once every
// partition is kept, the parent is released.
func memoRDD(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("_memo_rdd", args, kwargs, []string{"rdd"}, 1)
	if err != nil {
		return nil, err
	}
	r, ok := a[0].(*pyRDD)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "_memo_rdd takes an RDD, got %s", a[0].Type().Name)
	}
	var mu sync.Mutex
	kept := make([][]py.Object, r.n)
	have := make([]bool, r.n)
	left := r.n
	src := r.compute
	return &pyRDD{in: r.in, n: r.n, desc: r.desc, compute: func(i int) ([]py.Object, error) {
		mu.Lock()
		defer mu.Unlock()
		if have[i] {
			return kept[i], nil
		}
		items, err := src(i)
		if err != nil {
			return nil, err
		}
		kept[i], have[i] = items, true
		if left--; left == 0 {
			src = nil
		}
		return items, nil
	}}, nil
}
