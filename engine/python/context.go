package python

import (
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/python/vm"

	// The compiler and the standard modules that touch nothing outside the interpreter.
	// Deliberately not stdlib itself: its context resolves imports on the host's file
	// system. sys is linked for the helpers the runtime's own sys borrows (sysModule).
	_ "github.com/kafkalab/kafkalab/engine/python/compile"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/builtin"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/hashlib"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/math"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/random"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/re"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/string"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/sys"
	_ "github.com/kafkalab/kafkalab/engine/python/stdlib/time"
)

// pyContext is our own py.Context. gpython's default one resolves imports against the
// host file system and sys.path; ours only ever runs code that the Interpreter handed
// it, and every import goes through Interpreter.builtinImport (confine.go).
type pyContext struct {
	store    *py.ModuleStore
	in       *Interpreter
	limits   *py.Limits
	mu       sync.Mutex
	closed   bool
	running  sync.WaitGroup
	done     chan struct{}
	closeOne sync.Once
}

func newPyContext() *pyContext {
	return &pyContext{store: py.NewModuleStore(), limits: py.NewLimits(), done: make(chan struct{})}
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
	if impl.Code == nil && (impl.CodeSrc != "" || impl.LoadSrc != nil) {
		code, err := py.Compile(impl.Source(), impl.Info.FileDesc, py.ExecMode, 0, true)
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
		// Stop running code, and wait for it, but not forever: a binding blocked in Go
		// must not hang the caller with it.
		c.limits.Stop()
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

// Limits is the interpreter's interruption and recursion state: the VM checks it on
// every loop iteration and call, so a cancelled run stops even in a loop that calls
// nothing, and runaway recursion is RecursionError (CPython's default limit, 1000).
func (c *pyContext) Limits() *py.Limits { return c.limits }

func init() {
	// gpython prints interactive expression values straight to the process's stdout;
	// kafkalab's output goes only to the writers the caller gave (ExecInteractive prints).
	vm.PrintExpr = func(string) {}
}
