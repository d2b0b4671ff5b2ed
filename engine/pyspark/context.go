package pyspark

import (
	"sync"
	"time"

	"github.com/go-python/gpython/py"
	"github.com/go-python/gpython/vm"

	// The compiler and the few harmless standard modules gpython ships. Deliberately not
	// gpython/stdlib: that package also registers os, glob and tempfile, which reach the
	// host file system.
	_ "github.com/go-python/gpython/compile"
	_ "github.com/go-python/gpython/stdlib/builtin"
	_ "github.com/go-python/gpython/stdlib/math"
	_ "github.com/go-python/gpython/stdlib/string"
	_ "github.com/go-python/gpython/stdlib/time"
)

// pyContext is our own py.Context. gpython's default one resolves imports against the
// host file system and sys.path; ours only ever runs code that the Interpreter handed
// it, and every import goes through Interpreter.importModule (see sandbox.go).
type pyContext struct {
	store    *py.ModuleStore
	in       *Interpreter
	depth    int // Python frames running now, for the recursion limit
	mu       sync.Mutex
	closed   bool
	running  sync.WaitGroup
	done     chan struct{}
	closeOne sync.Once
}

func newPyContext() *pyContext {
	return &pyContext{store: py.NewModuleStore(), done: make(chan struct{})}
}

func (c *pyContext) busy() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return py.ExceptionNewf(py.RuntimeError, "the interpreter is closed")
	}
	c.running.Add(1)
	return nil
}

// ResolveAndCompile is part of py.Context; nothing in kafkalab resolves paths through it.
func (c *pyContext) ResolveAndCompile(pathname string, opts py.CompileOpts) (py.CompileOut, error) {
	return py.CompileOut{}, py.ExceptionNewf(py.ImportError, "cannot load %q: kafkalab loads modules only from the working folder", pathname)
}

func (c *pyContext) ModuleInit(impl *py.ModuleImpl) (*py.Module, error) {
	if err := c.busy(); err != nil {
		return nil, err
	}
	defer c.running.Done()
	if impl.Code == nil && impl.CodeSrc != "" {
		code, err := py.Compile(impl.CodeSrc, impl.Info.FileDesc, py.ExecMode, 0, true)
		if err != nil {
			return nil, err
		}
		impl.Code = code
	}
	m, err := c.store.NewModule(c, impl)
	if err != nil {
		return nil, err
	}
	if impl.Code != nil {
		if _, err := vm.EvalCode(c, impl.Code, m.Globals, m.Globals, nil, nil, nil, nil, nil); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (c *pyContext) RunCode(code *py.Code, globals, locals py.StringDict, closure py.Tuple) (py.Object, error) {
	if err := c.busy(); err != nil {
		return nil, err
	}
	defer c.running.Done()
	return vm.EvalCode(c, code, globals, locals, nil, nil, nil, nil, closure)
}

func (c *pyContext) GetModule(name string) (*py.Module, error) { return c.store.GetModule(name) }
func (c *pyContext) Store() *py.ModuleStore                    { return c.store }

func (c *pyContext) Close() error {
	c.closeOne.Do(func() {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		// Wait for running code, but not forever: a pure-Python loop that calls nothing
		// cannot be interrupted, and closing must not hang the caller with it.
		finished := make(chan struct{})
		go func() { c.running.Wait(); close(finished) }()
		select {
		case <-finished:
			c.store.OnContextClosed()
		case <-time.After(2 * time.Second):
		}
		close(c.done)
	})
	return nil
}

func (c *pyContext) Done() <-chan struct{} { return c.done }

// maxDepth bounds Python call nesting. gpython has no recursion limit of its own, and a
// runaway recursion would overflow the Go stack, which kills the process; CPython's
// default limit is 1000 too.
const maxDepth = 1000

// RecursionError is raised past maxDepth, as CPython does.
var RecursionError = py.RuntimeError.NewType("RecursionError", "Recursion limit exceeded.", nil, nil)

// guardFrames wraps gpython's frame entry points: every Python function call and generator
// step passes here, so a script can be interrupted (context cancelled) and cannot recurse
// without bound.
func init() {
	// gpython prints interactive expression values straight to the process's stdout;
	// kafkalab's output goes only to the writers the caller gave (ExecInteractive prints).
	vm.PrintExpr = func(string) {}
	evalCode, runFrame := py.VmEvalCode, py.VmRunFrame
	py.VmEvalCode = func(ctx py.Context, code *py.Code, globals, locals py.StringDict, args []py.Object, kws py.StringDict, defs []py.Object, kwdefs py.StringDict, closure py.Tuple) (py.Object, error) {
		pc, ok := ctx.(*pyContext)
		if !ok {
			return evalCode(ctx, code, globals, locals, args, kws, defs, kwdefs, closure)
		}
		if err := pc.enter(); err != nil {
			return nil, err
		}
		defer pc.leave()
		return evalCode(ctx, code, globals, locals, args, kws, defs, kwdefs, closure)
	}
	py.VmRunFrame = func(frame *py.Frame) (py.Object, error) {
		pc, ok := frame.Context.(*pyContext)
		if !ok {
			return runFrame(frame)
		}
		if err := pc.enter(); err != nil {
			return nil, err
		}
		defer pc.leave()
		return runFrame(frame)
	}
}

func (c *pyContext) enter() error {
	if c.in != nil {
		if err := c.in.interrupted(); err != nil {
			return err
		}
	}
	c.depth++
	if c.depth > maxDepth {
		c.depth--
		return py.ExceptionNewf(RecursionError, "maximum recursion depth exceeded")
	}
	return nil
}

func (c *pyContext) leave() { c.depth-- }
