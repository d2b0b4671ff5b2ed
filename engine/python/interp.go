package pyspark

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/engine/python/py"

	"github.com/kafkalab/kafkalab/engine"
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

// Interpreter is one Python interpreter with the pyspark modules bound to one engine
// session. Globals persist between Exec calls, as in a REPL. It is not safe for
// concurrent use.
type Interpreter struct {
	cfg     Config
	workDir string
	pctx    *pyContext
	main    *py.Module
	stdout  io.Writer
	stderr  io.Writer

	// runCtx is the context of the Exec in progress; bindings that block use it.
	runCtx context.Context

	mu      sync.Mutex
	queries []*pyStreamingQuery

	spark        *pySession // the session getOrCreate returned, once there is one
	sessionClass *py.Type   // this interpreter's SparkSession class (it carries .builder)

	sources     map[string]string // code label -> source, for error lines
	importRoots []string          // folders local imports are searched in, first wins
}

// NewInterpreter makes an interpreter rooted at cfg.WorkDir.
func NewInterpreter(cfg Config) (in *Interpreter, err error) {
	defer recoverInto(&err)
	wd := cfg.WorkDir
	if wd == "" {
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("pyspark: working folder: %w", err)
		}
	}
	wd, err = filepath.Abs(wd)
	if err != nil {
		return nil, fmt.Errorf("pyspark: working folder: %w", err)
	}
	if resolved, rerr := filepath.EvalSymlinks(wd); rerr == nil {
		wd = resolved
	}
	if st, serr := os.Stat(wd); serr != nil || !st.IsDir() {
		return nil, fmt.Errorf("pyspark: working folder %s is not a folder", wd)
	}
	in = &Interpreter{
		cfg:     cfg,
		workDir: wd,
		pctx:    newPyContext(),
		stdout:  orDiscard(cfg.Stdout),
		stderr:  orDiscard(cfg.Stderr),
		runCtx:  context.Background(),
		sources: map[string]string{},
	}
	in.importRoots = []string{wd}
	in.sessionClass = py.NewType("SparkSession", "The entry point to programming Spark with the DataFrame API.")
	for k, v := range sessionMethods {
		in.sessionClass.Dict[k] = v
	}
	in.sessionClass.Dict["builder"] = &pyBuilder{in: in, conf: map[string]string{}}
	in.pctx.in = in
	if err := in.installModules(); err != nil {
		return nil, err
	}
	argv := append([]string{cfg.ScriptPath}, cfg.Args...)
	if cfg.ScriptPath == "" {
		argv[0] = ""
	}
	in.setArgv(argv)
	main, err := in.pctx.store.NewModule(in.pctx, &py.ModuleImpl{Info: py.ModuleInfo{Name: py.MainModuleName, FileDesc: "<stdin>"}})
	if err != nil {
		return nil, fmt.Errorf("pyspark: %w", err)
	}
	in.main = main
	return in, nil
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// WorkDir is the absolute working folder.
func (in *Interpreter) WorkDir() string { return in.workDir }

// Exec runs source in the interpreter's __main__ module, keeping its globals for the
// next call. name labels the code in error messages ("<sandbox>", "step3.py").
// A learner's mistake comes back as an *Error.
func (in *Interpreter) Exec(ctx context.Context, name, source string) error {
	if name == "" {
		name = "<sandbox>"
	}
	return in.run(ctx, func() error {
		code, err := compileSource(source, name)
		if err != nil {
			return err
		}
		in.main.Globals["__file__"] = py.String(name)
		_, err = in.pctx.RunCode(code, in.main.Globals, in.main.Globals, nil)
		return err
	}, map[string]string{name: source})
}

// ExecFile runs a script from the working folder as __main__, like `python path`.
func (in *Interpreter) ExecFile(ctx context.Context, path string) error {
	full := path
	if !filepath.IsAbs(full) {
		full = filepath.Join(in.workDir, path)
	}
	src, err := os.ReadFile(full)
	if err != nil {
		return fmt.Errorf("cannot read script: %w", err)
	}
	label := filepath.Base(path)
	// Python puts the script's folder first on sys.path; kafkalab does the same when that
	// folder is inside the working folder.
	if dir, err := in.confine(filepath.Dir(full)); err == nil && dir != in.workDir {
		in.importRoots = append([]string{dir}, in.importRoots...)
		if rel, err := filepath.Rel(in.workDir, full); err == nil {
			label = rel
		}
	}
	return in.run(ctx, func() error {
		code, err := compileSource(string(src), label)
		if err != nil {
			return err
		}
		in.main.Globals["__file__"] = py.String(label)
		_, err = in.pctx.RunCode(code, in.main.Globals, in.main.Globals, nil)
		return err
	}, map[string]string{label: string(src)})
}

// run executes f with panics recovered and Python exceptions turned into *Error.
func (in *Interpreter) run(ctx context.Context, f func() error, sources map[string]string) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	in.runCtx = ctx
	defer func() { in.runCtx = context.Background() }()
	// A cancelled context (Ctrl-C, a step timeout) stops the script at its next loop
	// iteration or call, with KeyboardInterrupt raised until it ends.
	in.pctx.limits.Reset()
	defer context.AfterFunc(ctx, in.pctx.limits.Stop)()
	defer recoverInto(&err)
	for k, v := range sources {
		in.sources[k] = v
	}
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	err = f()
	if err == nil {
		return nil
	}
	return in.convertError(err)
}

// Close stops every streaming query the interpreter started and releases the interpreter.
func (in *Interpreter) Close() error {
	in.StopQueries()
	if in.spark != nil {
		in.spark.close()
	}
	return in.pctx.Close()
}

// Run runs cfg.ScriptPath like `python SCRIPT ARGS` and waits for it to finish; when it
// returns, the script's streaming queries are stopped.
func Run(ctx context.Context, cfg Config) error {
	if cfg.ScriptPath == "" {
		return errors.New("pyspark: no script given")
	}
	in, err := NewInterpreter(cfg)
	if err != nil {
		return err
	}
	defer in.Close()
	return in.ExecFile(ctx, cfg.ScriptPath)
}

// recoverInto turns a Go panic into an error, so no stack trace ever reaches a learner.
func recoverInto(err *error) {
	if r := recover(); r != nil {
		*err = &Error{Kind: "InternalError", Message: fmt.Sprintf("kafkalab hit an internal error: %v", r)}
	}
}

// setArgv sets sys.argv.
func (in *Interpreter) setArgv(argv []string) {
	if sys, err := in.pctx.GetModule("sys"); err == nil {
		sys.Globals["argv"] = py.NewListFromStrings(argv)
	}
}

// compileSource compiles Python source after rewriting what gpython cannot parse.
func compileSource(src, name string) (code *py.Code, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = py.ExceptionNewf(py.SyntaxError, "%v", r)
		}
	}()
	rewritten, err := rewriteFStrings(src)
	if err != nil {
		if exc, ok := err.(*py.Exception); ok {
			exc.Dict["filename"] = py.String(name)
		}
		return nil, err
	}
	if !strings.HasSuffix(rewritten, "\n") {
		rewritten += "\n"
	}
	code, err = py.Compile(rewritten, name, py.ExecMode, 0, true)
	if exc, ok := err.(*py.Exception); ok {
		if _, has := exc.Dict["filename"]; !has || exc.Dict["filename"] == py.String("") {
			exc.Dict["filename"] = py.String(name)
		}
	}
	return code, err
}

// interrupted is the KeyboardInterrupt a script gets when its Exec's context ends (Ctrl-C,
// the lab's step timeout); binding code and every Python call check it.
func (in *Interpreter) interrupted() error {
	if in.runCtx.Err() != nil {
		return py.ExceptionNewf(py.KeyboardInterrupt, "%v", in.runCtx.Err())
	}
	return nil
}

// ExecInteractive is Exec for a prompt: when source is a single expression its value is
// printed (repr, as Python's REPL does, nothing for None); otherwise it runs as Exec.
func (in *Interpreter) ExecInteractive(ctx context.Context, name, source string) error {
	if name == "" {
		name = "<sandbox>"
	}
	rewritten, ferr := rewriteFStrings(source)
	code, err := func() (c *py.Code, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%v", r)
			}
		}()
		if ferr != nil {
			return nil, ferr
		}
		return py.Compile(strings.TrimSpace(rewritten), name, py.EvalMode, 0, true)
	}()
	if err != nil {
		return in.Exec(ctx, name, source)
	}
	return in.run(ctx, func() error {
		in.main.Globals["__file__"] = py.String(name)
		v, err := in.pctx.RunCode(code, in.main.Globals, in.main.Globals, nil)
		if err != nil {
			return err
		}
		if v == nil || v == py.None {
			return nil
		}
		s, err := pyRepr(v)
		if err != nil {
			return err
		}
		fmt.Fprintln(in.stdout, s)
		return nil
	}, map[string]string{name: source})
}
