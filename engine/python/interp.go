package python

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Config describes one interpreter.
type Config struct {
	// ScriptPath is sys.argv[0]: the script as the caller named it ("" at a prompt).
	ScriptPath string
	// Args become sys.argv[1:].
	Args []string
	// WorkDir is the working folder: local imports, open() and every path a module
	// resolves with Confine stay inside it. Empty means the process's current folder.
	WorkDir string
	// Stdout and Stderr receive print() and sys.stdout/sys.stderr writes; nil discards.
	Stdout, Stderr io.Writer
	// Modules are the modules a script may import beyond the runtime's own (sys, os,
	// os.path, json, math, time, string), by dotted name: the pyspark and delta bindings.
	// Each is built the first time a script imports it.
	Modules map[string]ModuleBuilder
}

// ModuleBuilder makes a module's implementation for one interpreter.
type ModuleBuilder func() (*py.ModuleImpl, error)

// Interpreter is one confined Python interpreter. Globals persist between Exec calls, as
// in a REPL. It is not safe for concurrent use.
type Interpreter struct {
	cfg     Config
	workDir string
	dir     *confine.Dir // the working folder: every file the runtime touches is inside
	pctx    *pyContext
	main    *py.Module
	stdout  io.Writer
	stderr  io.Writer

	// runCtx is the context of the Exec in progress; bindings that block use it.
	runCtx context.Context

	sources     map[string]string // code label -> source, for error lines
	importRoots []string          // folders local imports are searched in, first wins

	gil gil // held while Python code of this interpreter runs (gil.go)
}

// New makes an interpreter rooted at cfg.WorkDir.
func New(cfg Config) (in *Interpreter, err error) {
	defer recoverInto(&err)
	wd := cfg.WorkDir
	if wd == "" {
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("python: working folder: %w", err)
		}
	}
	dir, err := confine.New(wd)
	if err != nil {
		return nil, fmt.Errorf("python: working folder: %w", err)
	}
	in = &Interpreter{
		cfg:     cfg,
		workDir: dir.Path(),
		dir:     dir,
		pctx:    newPyContext(),
		stdout:  orDiscard(cfg.Stdout),
		stderr:  orDiscard(cfg.Stderr),
		runCtx:  context.Background(),
		sources: map[string]string{},
	}
	in.importRoots = []string{wd}
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
		return nil, fmt.Errorf("python: %w", err)
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

// Import imports a module as a script's `import name` does (the runtime's, Python's
// library or the working folder's) and returns it.
func (in *Interpreter) Import(name string) (py.Object, error) {
	return in.builtinImport(nil, py.Tuple{py.String(name)}, nil)
}

// WorkDir is the absolute working folder.
func (in *Interpreter) WorkDir() string { return in.workDir }

// Exec runs source in the interpreter's __main__ module, keeping its globals for the
// next call. name labels the code in error messages ("step3.py"; "" is "<stdin>", as at Python's prompt).
// A learner's mistake comes back as an *Error.
func (in *Interpreter) Exec(ctx context.Context, name, source string) error {
	if name == "" {
		name = "<stdin>"
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

// ExecFile runs a script as __main__, like `python path` run in the working folder. The
// caller names the script, so it may live outside the working folder (`kafkalab run
// ~/examples/x.py`); what the script itself opens stays confined to the working folder.
// Callers that take the path from a learner's command (the lab's shell) check it first.
func (in *Interpreter) ExecFile(ctx context.Context, path string) error {
	src, label, err := in.readScript(path)
	if err != nil {
		return in.convertError(err)
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

// readScript reads the script the caller named and returns its text and the label
// tracebacks and __file__ give it (the path as given, as Python shows it). Python puts the
// script's folder first on sys.path; kafkalab does the same when that folder is inside the
// working folder.
func (in *Interpreter) readScript(path string) ([]byte, string, error) {
	p, err := in.resolve(path)
	if err != nil {
		if path == "" || strings.IndexByte(path, 0) >= 0 {
			return nil, "", err
		}
		full := path
		if !filepath.IsAbs(full) {
			full = filepath.Join(in.workDir, full)
		}
		src, rerr := os.ReadFile(full)
		if rerr != nil {
			return nil, "", py.ExceptionNewf(py.FileNotFoundError, "can't open file '%s': %v", path, errors.Unwrap(rerr))
		}
		return src, path, nil
	}
	src, err := in.readFile(p)
	if err != nil {
		return nil, "", err
	}
	label := filepath.Base(path)
	if dir := filepath.Dir(p.full); dir != in.workDir {
		in.importRoots = append([]string{dir}, in.importRoots...)
		label = p.rel
	}
	return src, label, nil
}

// run executes f with panics recovered and Python exceptions turned into *Error.
func (in *Interpreter) run(ctx context.Context, f func() error, sources map[string]string) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	defer in.lockRun()()
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

// Close releases the interpreter. Code still running gets a moment to stop.
func (in *Interpreter) Close() error {
	err := in.pctx.Close()
	in.dir.Close()
	return err
}

// Context is the context of the Exec in progress (context.Background between runs):
// bindings that block, such as a streaming query's awaitTermination, wait on it.
func (in *Interpreter) Context() context.Context { return in.runCtx }

// Limits is the interpreter's interruption and recursion state: a heap watcher calls its
// RaiseMemoryError to stop a script that grows past a memory cap.
func (in *Interpreter) Limits() *py.Limits { return in.pctx.limits }

// Stdout is where print() writes.
func (in *Interpreter) Stdout() io.Writer { return in.stdout }

// Stderr is sys.stderr's writer.
func (in *Interpreter) Stderr() io.Writer { return in.stderr }

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

// compileSource compiles a script's Python source.
func compileSource(src, name string) (code *py.Code, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = py.ExceptionNewf(py.SyntaxError, "%v", r)
		}
	}()
	rewritten := src
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

// Interrupted is the KeyboardInterrupt a script gets when its Exec's context ends (Ctrl-C,
// a step's timeout), or nil; binding code that loops checks it, as the VM does.
func (in *Interpreter) Interrupted() error {
	if in.runCtx.Err() != nil {
		return py.ExceptionNewf(py.KeyboardInterrupt, "")
	}
	return nil
}

// ExecInteractive is Exec for a prompt: when source is a single expression its value is
// printed (repr, as Python's REPL does, nothing for None); otherwise it runs as Exec.
func (in *Interpreter) ExecInteractive(ctx context.Context, name, source string) error {
	if name == "" {
		name = "<stdin>"
	}
	code, err := func() (c *py.Code, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%v", r)
			}
		}()
		return py.Compile(strings.TrimSpace(source), name, py.EvalMode, 0, true)
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
		s, err := Repr(v)
		if err != nil {
			return err
		}
		fmt.Fprintln(in.stdout, s)
		return nil
	}, map[string]string{name: source})
}
