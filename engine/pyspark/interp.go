package pyspark

import (
	"io"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Config describes one script run (Run) or one interpreter (NewInterpreter).
type Config struct {
	// ScriptPath is the script to run (Run only); relative paths resolve against WorkDir.
	ScriptPath string
	// Args become sys.argv[1:]; sys.argv[0] is the script path as given.
	Args []string
	// WorkDir is the working folder: local imports, open(), relative checkpoint and
	// warehouse paths all resolve here, and nothing outside it can be touched.
	// Empty means the process's current folder.
	WorkDir string
	// Stdout and Stderr receive print() and show() output; nil discards.
	Stdout, Stderr io.Writer
	// Conf is session configuration applied before the script's own builder settings
	// (e.g. spark.sql.session.timeZone for tests).
	Conf map[string]string
	// Bootstrap, when set, replaces the kafka.bootstrap.servers every read and write of
	// the script names (kafkalab run --bootstrap, tests with an in-process broker).
	Bootstrap string
	// BootstrapRewrite maps servers a script names to the ones to use instead
	// ("localhost:9092" -> the lab's broker); each server of a comma list is mapped.
	BootstrapRewrite map[string]string
	// StreamHook is passed to the engine session (engine.SessionConfig.StreamHook): fault
	// injection into the script's streaming queries, used by the lab's crash directive.
	StreamHook func(step stream.Step, batchID int64) error
	// OnStreamEvent is passed to the engine session (engine.SessionConfig.OnStreamEvent):
	// every event of the script's streaming queries (batch ranges, progress, the end), for
	// the lab's live panes. It must return quickly.
	OnStreamEvent func(engine.StreamEvent)
}

// Interpreter is a Python interpreter (engine/python) with the pyspark and delta modules
// bound to one engine session. Globals persist between Exec calls, as in a REPL. It is not
// safe for concurrent use.
type Interpreter struct {
	*python.Interpreter
	cfg Config
	// started is when the interpreter (the "application") started: SparkContext.startTime.
	started time.Time

	mu      sync.Mutex
	queries []*pyStreamingQuery
	// dstreamTimers and dstreamReceivers are the started StreamingContexts' job generators
	// and socket receivers (pyspark.streaming), stopped when the interpreter closes.
	dstreamTimers    []*dstreamTimer
	dstreamReceivers []*socketReceiver
	// logLevel is sc.setLogLevel's level ("" until set: Spark's default WARN), for the
	// Spark log lines kafkalab prints.
	logLevel string

	spark *pySession // the session getOrCreate returned, once there is one
	// listeners is the listener bus (nil until addListener), listenerEvents the event
	// classes pyspark.sql.streaming defines.
	listeners      *listenerBus
	listenerEvents py.StringDict
	sessionClass   *py.Type // this interpreter's SparkSession class (it carries .builder)
	contextClass   *py.Type // this interpreter's SparkContext class (calling it makes the session)
	lambdaSeq      int      // numbers the lambda variables of higher-order functions
	accumulators   int      // the next sc.accumulator's id
	// dataSources are the Python data sources spark.dataSource.register named (lower-case
	// names); dsHelpers the adapters pyspark.sql.datasource handed over when it loaded.
	dataSources map[string]*py.Type
	dsHelpers   *dataSourceHelpers
}

// bindings are the modules this package adds to the runtime, by dotted name. Filled in
// init functions, one per module's file.
var bindings = map[string]func(in *Interpreter) (*py.ModuleImpl, error){}

// NewInterpreter makes an interpreter rooted at cfg.WorkDir.
func NewInterpreter(cfg Config) (*Interpreter, error) {
	in := &Interpreter{cfg: cfg, started: time.Now()}
	in.sessionClass = py.NewType("SparkSession", "The entry point to programming Spark with the DataFrame API.")
	for k, v := range sessionMethods {
		in.sessionClass.Dict[k] = v
	}
	in.sessionClass.Dict["builder"] = &pyBuilder{in: in, conf: map[string]string{}}
	in.contextClass = in.newContextClass()
	modules := make(map[string]python.ModuleBuilder, len(bindings))
	for name, build := range bindings {
		modules[name] = func() (*py.ModuleImpl, error) { return build(in) }
	}
	rt, err := python.New(python.Config{ScriptPath: cfg.ScriptPath, Args: cfg.Args, WorkDir: cfg.WorkDir,
		Stdout: cfg.Stdout, Stderr: cfg.Stderr, Modules: modules})
	if err != nil {
		return nil, err
	}
	in.Interpreter = rt
	return in, nil
}

// Close stops every streaming query the interpreter started and releases the interpreter.
func (in *Interpreter) Close() error {
	in.StopQueries()
	in.StopStreamingContexts()
	in.mu.Lock()
	bus := in.listeners
	in.mu.Unlock()
	if bus != nil {
		bus.close()
	}
	if in.spark != nil {
		in.spark.close()
	}
	return in.Interpreter.Close()
}
