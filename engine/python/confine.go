package python

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/python/stdlib/pylib"
)

// Confinement. Learner code reaches the outside world only through what we put in its
// builtins and modules, so confinement is a matter of what we install:
//   - __import__ is ours: the runtime's modules (a confined os, sys, math, time, string,
//     json), the modules of Config.Modules (pyspark, delta) and .py files inside the
//     working folder; nothing else.
//   - open(), local imports and the os module reach files only through the working folder's
//     os.Root (fs.go): a path or symbolic link that leads outside is PermissionError.
//   - tempfile is ours (pylib's tempfile.py): its folders are made inside the working
//     folder, under .kafkalab-tmp, through the confined os.
//   - sys is ours: argv, stdout/stderr bound to the caller's writers, exit().
//   - no subprocess, socket, ctypes, importlib: they do not exist here.

// blockedModules explains why common escape hatches are missing.
var blockedModules = map[string]string{
	"subprocess": "starting processes", "socket": "opening network connections",
	"pathlib": "touching files outside the working folder",
	"ctypes":  "calling native code", "importlib": "loading code from outside the working folder",
	"multiprocessing": "starting processes", "threading": "starting threads", "signal": "handling signals",
	"pty": "starting processes", "urllib": "opening network connections", "http": "opening network connections",
	"requests": "opening network connections", "builtins": "replacing builtins",
	"posix": "touching the host system", "marshal": "loading compiled code", "pickle": "loading arbitrary objects",
	"asyncio": "network and processes", "ssl": "opening network connections", "select": "opening network connections",
	"kafka":           "talking to Kafka directly (use spark.read/readStream with format(\"kafka\"))",
	"confluent_kafka": "talking to Kafka directly (use spark.read/readStream with format(\"kafka\"))",
	"py4j":            "a JVM (kafkalab has none)", "findspark": "a JVM (kafkalab has none)",
	"pandas": "pandas (use DataFrame methods, show() and collect())", "numpy": "numpy",
	"pyarrow": "Arrow", "sqlite3": "databases",
}

// standardModules are the standard modules a script imports as they are: the runtime's
// native ones (math, time, re...) and the standard library written in Python (pylib).
var standardModules = func() map[string]bool {
	m := map[string]bool{"math": true, "time": true, "re": true, "hashlib": true, "_random": true, "_kafkalab": true}
	for _, name := range pylib.Names() {
		m[name] = true
	}
	return m
}()

func (in *Interpreter) installModules() error {
	b, err := in.pctx.ModuleInit(py.GetModuleImpl("builtins"))
	if err != nil {
		return fmt.Errorf("python: builtins: %w", err)
	}
	g := b.Globals
	g["__import__"] = py.MustNewMethod("__import__", in.builtinImport, 0, "__import__(name, globals=None, locals=None, fromlist=(), level=0) -> module")
	g["open"] = py.MustNewMethod("open", in.builtinOpen, 0, "open(file, mode='r') -> file object inside the working folder")
	for _, name := range []string{"input", "breakpoint", "help", "memoryview"} {
		delete(g, name)
	}
	if _, err := in.pctx.store.NewModule(in.pctx, in.sysModule()); err != nil {
		return fmt.Errorf("python: sys: %w", err)
	}
	return nil
}

// builtinImport is the interpreter's __import__.
func (in *Interpreter) builtinImport(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var nameObj, globals, locals, fromlist py.Object
	var level py.Object = py.Int(0)
	globals, locals, fromlist = py.None, py.None, py.Tuple{}
	if err := py.ParseTupleAndKeywords(args, kwargs, "U|OOOi:__import__", []string{"name", "globals", "locals", "fromlist", "level"}, &nameObj, &globals, &locals, &fromlist, &level); err != nil {
		return nil, err
	}
	name := string(nameObj.(py.String))
	if lv, _ := level.(py.Int); lv != 0 {
		return nil, py.ExceptionNewf(py.ImportError, "relative imports (from . import %s) are not supported; put the module beside your script and import it by name", name)
	}
	parts := strings.Split(name, ".")
	var top, leaf *py.Module
	for i := range parts {
		full := strings.Join(parts[:i+1], ".")
		m, err := in.loadModule(full)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			top = m
		} else {
			leaf.Globals[parts[i]] = m
		}
		leaf = m
	}
	from, _ := fromlist.(py.Tuple)
	if l, ok := fromlist.(*py.List); ok {
		from = l.Items
	}
	if len(from) == 0 {
		return top, nil
	}
	// from package import submodule: load the submodule if it is not an attribute yet.
	for _, f := range from {
		s, ok := f.(py.String)
		if !ok || s == "*" {
			continue
		}
		if _, has := leaf.Globals[string(s)]; has {
			continue
		}
		if in.hasModule(name + "." + string(s)) {
			m, err := in.loadModule(name + "." + string(s))
			if err != nil {
				return nil, err
			}
			leaf.Globals[string(s)] = m
			continue
		}
		if in.isExtension(parts[0]) {
			return nil, Unsupported(name+"."+string(s), "kafkalab's "+name+" has "+strings.Join(publicNames(leaf), ", "))
		}
	}
	return leaf, nil
}

// loadModule returns the module called name, loading it once.
func (in *Interpreter) loadModule(name string) (*py.Module, error) {
	top := strings.Split(name, ".")[0]
	if why, ok := blockedModules[top]; ok {
		// ModuleNotFoundError, as Python raises for pandas or numpy where they are not
		// installed (an ImportError, so except ImportError still catches it).
		return nil, py.ExceptionNewf(py.ModuleNotFoundError, "module '%s' is not available to scripts in kafkalab (no %s); scripts here may only use %s and modules in the working folder", top, why, in.importable())
	}
	if m, err := in.pctx.GetModule(name); err == nil {
		return m, nil
	}
	if build, ok := in.cfg.Modules[name]; ok {
		impl, err := build()
		if err != nil {
			return nil, err
		}
		impl.Info.Name = name
		return in.pctx.ModuleInit(impl)
	}
	if build, ok := runtimeModules[name]; ok {
		impl, err := build(in)
		if err != nil {
			return nil, err
		}
		impl.Info.Name = name
		return in.pctx.ModuleInit(impl)
	}
	if standardModules[name] {
		m, err := in.pctx.ModuleInit(py.GetModuleImpl(name))
		if err == nil && name == "time" {
			m.Globals["sleep"] = py.MustNewMethod("sleep", in.sleep, 0, "sleep(seconds): wait, or stop early when the run is interrupted")
		}
		if err == nil && name == "io" {
			// io.open is the builtin open, kept inside the working folder.
			m.Globals["open"] = py.MustNewMethod("open", in.builtinOpen, 0, "open(file, mode='r') -> file object inside the working folder")
		}
		return m, err
	}
	return in.loadLocalModule(name)
}

// loadLocalModule loads name.py (or name/__init__.py) from the working folder.
func (in *Interpreter) loadLocalModule(name string) (*py.Module, error) {
	parts := strings.Split(name, ".")
	for _, p := range parts {
		if !isIdentifier(p) {
			return nil, py.ExceptionNewf(py.ImportError, "No module named '%s'", name)
		}
	}
	rel := filepath.Join(parts...)
	var path wsPath
	found := false
search:
	for _, root := range in.importRoots {
		for _, cand := range []string{rel + ".py", filepath.Join(rel, "__init__.py")} {
			p, err := in.resolve(filepath.Join(root, cand))
			if err != nil {
				continue
			}
			if st := in.stat(p); st != nil && !st.IsDir() {
				path, found = p, true
				break search
			}
		}
	}
	if !found {
		if top := parts[0]; len(parts) > 1 && in.isExtension(top) {
			return nil, Unsupported("module "+name, "kafkalab's "+top+" has "+strings.Join(in.extensionNames(top), ", "))
		}
		// ModuleNotFoundError, as Python raises for a module it cannot find (an ImportError).
		return nil, py.ExceptionNewf(py.ModuleNotFoundError, "No module named '%s' (kafkalab imports your own modules from the working folder %s)", name, in.workDir)
	}
	src, err := in.readFile(path)
	if err != nil {
		return nil, py.ExceptionNewf(py.ImportError, "cannot read %s: %v", path.given, err)
	}
	label := path.rel
	in.sources[label] = string(src)
	code, err := compileSource(string(src), label)
	if err != nil {
		return nil, err
	}
	return in.pctx.ModuleInit(&py.ModuleImpl{Info: py.ModuleInfo{Name: name, FileDesc: label}, Code: code})
}

// hasModule reports whether name is a module the runtime or Config.Modules provides.
func (in *Interpreter) hasModule(name string) bool {
	_, ext := in.cfg.Modules[name]
	_, own := runtimeModules[name]
	return ext || own
}

// isExtension reports whether top is a package of Config.Modules (pyspark, delta): a
// missing name in it is an API kafkalab leaves out, not a typo.
func (in *Interpreter) isExtension(top string) bool {
	_, ok := in.cfg.Modules[top]
	return ok
}

// extensionNames lists the modules of the package top, for "what exists instead" hints.
func (in *Interpreter) extensionNames(top string) []string {
	var names []string
	for n := range in.cfg.Modules {
		if n == top || strings.HasPrefix(n, top+".") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9') {
			continue
		}
		return false
	}
	return true
}

func (in *Interpreter) builtinOpen(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var file py.Object
	var mode py.Object = py.String("r")
	var buffering py.Object = py.Int(-1)
	var encoding, errs, newline py.Object = py.None, py.None, py.None
	if err := py.ParseTupleAndKeywords(args, kwargs, "O|sizzz:open", []string{"file", "mode", "buffering", "encoding", "errors", "newline"}, &file, &mode, &buffering, &encoding, &errs, &newline); err != nil {
		return nil, err
	}
	name, ok := file.(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "open() needs a file name as a string")
	}
	p, err := in.resolve(string(name))
	if err != nil {
		return nil, err
	}
	return in.openFile(p, string(mode.(py.String)))
}

// sysModule is a per-interpreter sys with only what scripts need.
func (in *Interpreter) sysModule() *py.ModuleImpl {
	stdout := &pyWriter{w: in.stdout, in: in}
	stderr := &pyWriter{w: in.stderr, in: in}
	impl := &py.ModuleImpl{
		Info: py.ModuleInfo{Name: "sys", Doc: "kafkalab's sys module"},
		Methods: []*py.Method{
			py.MustNewMethod("exit", func(self py.Object, args py.Tuple) (py.Object, error) {
				var code py.Object = py.None
				if err := py.UnpackTuple(args, nil, "exit", 0, 1, &code); err != nil {
					return nil, err
				}
				if s, ok := code.(py.String); ok {
					fmt.Fprintln(in.stderr, string(s))
					code = py.Int(1)
				}
				exc, _ := py.ExceptionNew(py.SystemExit, py.Tuple{code}, nil)
				return nil, exc.(*py.Exception)
			}, 0, "exit([status]) -> leave the script"),
			py.MustNewMethod("getrecursionlimit", func(self py.Object, args py.Tuple) (py.Object, error) {
				return py.Int(in.pctx.limits.RecursionLimit()), nil
			}, 0, "getrecursionlimit() -> the script's recursion limit"),
			py.MustNewMethod("setrecursionlimit", func(self py.Object, args py.Tuple) (py.Object, error) {
				var n py.Object
				if err := py.ParseTuple(args, "i:setrecursionlimit", &n); err != nil {
					return nil, err
				}
				if err := in.pctx.limits.SetRecursionLimit(int(n.(py.Int))); err != nil {
					return nil, err
				}
				return py.None, nil
			}, 0, "setrecursionlimit(n): raise or lower the script's recursion limit"),
		},
		Globals: py.StringDict{
			"argv":       py.NewList(),
			"path":       py.NewListFromStrings([]string{in.workDir}),
			"stdout":     stdout,
			"stderr":     stderr,
			"__stdout__": stdout,
			"__stderr__": stderr,
			"version":    py.String("3.4.0 (kafkalab embedded gpython)"),
			"platform":   py.String("kafkalab"),
			"maxsize":    py.Int(1<<63 - 1),
			"executable": py.String("kafkalab"),
		},
	}
	// The standard library written in Python (traceback, logging, warnings...) reads
	// frames and the exception being handled; those helpers touch nothing outside the
	// interpreter, so this sys lends them from the full one.
	if full := py.GetModuleImpl("sys"); full != nil {
		for _, m := range full.Methods {
			if sysBorrowed[m.Name] {
				impl.Methods = append(impl.Methods, m)
			}
		}
	}
	return impl
}

// sysBorrowed names the full sys module's functions the runtime's sys lends.
var sysBorrowed = map[string]bool{
	"exc_info": true, "exception": true, "_getframe": true, "getsizeof": true, "intern": true,
	"getdefaultencoding": true, "getfilesystemencoding": true, "getrefcount": true,
}

// pyWriter is sys.stdout/sys.stderr: write() goes to a Go writer.
type pyWriter struct {
	w  interface{ Write([]byte) (int, error) }
	in *Interpreter
}

var pyWriterType = py.NewType("TextIOWrapper", "a text stream kafkalab captures")

func init() {
	pyWriterType.Dict["write"] = py.MustNewMethod("write", func(self py.Object, arg py.Object) (py.Object, error) {
		s, err := py.StrAsString(arg)
		if err != nil {
			return nil, err
		}
		if err := self.(*pyWriter).in.Interrupted(); err != nil {
			return nil, err
		}
		if _, err := self.(*pyWriter).w.Write([]byte(s)); err != nil {
			return nil, py.ExceptionNewf(py.OSError, "write: %v", err)
		}
		return py.Int(len([]rune(s))), nil
	}, 0, "write(s) -> number of characters written")
	pyWriterType.Dict["flush"] = py.MustNewMethod("flush", func(self py.Object) (py.Object, error) { return py.None, nil }, 0, "flush()")
}

func (w *pyWriter) Type() *py.Type { return pyWriterType }

// sleep is time.sleep that ends early with KeyboardInterrupt when the run is cancelled.
func (in *Interpreter) sleep(self py.Object, arg py.Object) (py.Object, error) {
	var secs float64
	switch x := arg.(type) {
	case py.Int:
		secs = float64(x)
	case py.Float:
		secs = float64(x)
	default:
		return nil, py.ExceptionNewf(py.TypeError, "an integer or float is required")
	}
	if secs < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "sleep length must be non-negative")
	}
	t := time.NewTimer(time.Duration(secs * float64(time.Second)))
	defer t.Stop()
	// Sleeping lets a callback of this interpreter run (a foreachBatch function), as
	// CPython releases its lock in time.sleep.
	var err error
	_ = in.Unlocked(func() error {
		select {
		case <-t.C:
		case <-in.runCtx.Done():
			err = in.Interrupted()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return py.None, nil
}

// importable names the modules a script may import, for the refusal of one it may not.
func (in *Interpreter) importable() string {
	var tops []string
	for n := range in.cfg.Modules {
		if !strings.Contains(n, ".") {
			tops = append(tops, n)
		}
	}
	sort.Strings(tops)
	return strings.Join(append(tops, "a confined os and shutil, and the standard modules that touch nothing outside the script (sys, re, json, math, time, random, collections, itertools, functools, dataclasses, logging...)"), ", ")
}

// publicNames lists a module's public names, for "what exists instead" hints.
func publicNames(m *py.Module) []string {
	var names []string
	for k := range m.Globals {
		if !strings.HasPrefix(k, "_") {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	if len(names) > 12 {
		names = append(names[:12], "...")
	}
	return names
}
