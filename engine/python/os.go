package python

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// runtimeModules are the runtime's own modules, built per interpreter (os and sys see
// its working folder and writers). Filled in init functions, as builders refer to the
// import machinery.
var runtimeModules = map[string]func(in *Interpreter) (*py.ModuleImpl, error){}

func init() {
	runtimeModules["os"] = osModule
	runtimeModules["os.path"] = osPathModule
	runtimeModules["json"] = jsonModule
}

// NewMethod wraps a Go function as a module-level Python function; Go panics become
// Python exceptions instead of escaping.
func NewMethod(name string, f func(args py.Tuple, kwargs py.StringDict) (py.Object, error)) *py.Method {
	return py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (res py.Object, err error) {
		defer Recover(&err)
		return f(args, kwargs)
	}, 0, "")
}

// Recover turns a panic in binding code into a Python exception; defer it.
func Recover(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(*py.Exception); ok {
			*err = e
			return
		}
		*err = py.ExceptionNewf(py.SystemError, "kafkalab internal error: %v", r)
	}
}

// osModule is a confined os: paths and the working folder, nothing that changes the
// host or starts anything. The rest says why it is missing.
func osModule(in *Interpreter) (*py.ModuleImpl, error) {
	pathMod, err := in.loadModule("os.path")
	if err != nil {
		return nil, err
	}
	env := py.NewStringDict()
	methods := []*py.Method{
		NewMethod("getcwd", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return py.String(in.workDir), nil
		}),
		NewMethod("getenv", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			var k py.Object
			var def py.Object = py.None
			if err := py.UnpackTuple(args, kwargs, "getenv", 1, 2, &k, &def); err != nil {
				return nil, err
			}
			if v, ok := env[string(k.(py.String))]; ok {
				return v, nil
			}
			return def, nil
		}),
		NewMethod("listdir", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := ParseArgs("listdir", args, kwargs, []string{"path"}, 0)
			if err != nil {
				return nil, err
			}
			p, err := in.pathArg("listdir", a[0], ".")
			if err != nil {
				return nil, err
			}
			ents, err := in.readDir(p)
			if err != nil {
				return nil, err
			}
			names := make([]string, 0, len(ents))
			for _, e := range ents {
				names = append(names, e.Name())
			}
			sort.Strings(names)
			return py.NewListFromStrings(names), nil
		}),
	}
	methods = append(methods, in.osFileMethods()...)
	methods = append(methods, in.osWalk(), in.osUtime())
	for _, name := range []string{"system", "popen", "removedirs",
		"chdir", "chmod", "chown", "kill", "fork", "execv", "execve", "execvp", "spawnv", "putenv", "symlink", "link"} {
		api := "os." + name
		methods = append(methods, NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return nil, Unsupported(api, "scripts are confined to their working folder: they can open, list, make, rename and remove files in it, not start processes, signal them or change permissions")
		}))
	}
	return &py.ModuleImpl{
		Info:    py.ModuleInfo{Doc: "kafkalab's confined os module"},
		Methods: methods,
		Globals: py.StringDict{"path": pathMod, "environ": env, "sep": py.String("/"), "linesep": py.String("\n"), "name": py.String("posix")},
	}, nil
}

func pathArgs(args py.Tuple, name string) ([]string, error) {
	out := make([]string, len(args))
	for i, a := range args {
		s, ok := a.(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "%s() arguments must be str, not %s", name, a.Type().Name)
		}
		out[i] = string(s)
	}
	return out, nil
}

func osPathModule(in *Interpreter) (*py.ModuleImpl, error) {
	str1 := func(name string, f func(string) py.Object) *py.Method {
		return NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			ps, err := pathArgs(args, name)
			if err != nil {
				return nil, err
			}
			if len(ps) != 1 {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes exactly one argument", name)
			}
			return f(ps[0]), nil
		})
	}
	// exists and its kin answer False for a path outside the working folder, as CPython
	// does for a path it may not look at: nothing outside is read.
	exists := func(check func(os.FileInfo) bool) func(string) py.Object {
		return func(p string) py.Object {
			wp, err := in.resolve(p)
			if err != nil {
				return py.False
			}
			st := in.stat(wp)
			return py.NewBool(st != nil && check(st))
		}
	}
	return &py.ModuleImpl{
		Info: py.ModuleInfo{Doc: "kafkalab's confined os.path"},
		Methods: []*py.Method{
			NewMethod("join", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				ps, err := pathArgs(args, "join")
				if err != nil {
					return nil, err
				}
				out := ""
				for _, p := range ps {
					if strings.HasPrefix(p, "/") || out == "" {
						out = p
					} else if strings.HasSuffix(out, "/") {
						out += p
					} else {
						out += "/" + p
					}
				}
				return py.String(out), nil
			}),
			str1("basename", func(p string) py.Object { return py.String(p[strings.LastIndex(p, "/")+1:]) }),
			str1("dirname", func(p string) py.Object {
				i := strings.LastIndex(p, "/")
				if i < 0 {
					return py.String("")
				}
				if i == 0 {
					return py.String("/")
				}
				return py.String(p[:i])
			}),
			str1("abspath", func(p string) py.Object { return py.String(in.absPath(p)) }),
			str1("normpath", func(p string) py.Object { return py.String(filepath.Clean(p)) }),
			str1("isabs", func(p string) py.Object { return py.NewBool(filepath.IsAbs(p)) }),
			str1("exists", exists(func(os.FileInfo) bool { return true })),
			str1("isdir", exists(func(st os.FileInfo) bool { return st.IsDir() })),
			str1("isfile", exists(func(st os.FileInfo) bool { return st.Mode().IsRegular() })),
			str1("split", func(p string) py.Object {
				i := strings.LastIndex(p, "/") + 1
				head := p[:i]
				if strings.Trim(head, "/") != "" {
					head = strings.TrimRight(head, "/")
				}
				return py.Tuple{py.String(head), py.String(p[i:])}
			}),
			NewMethod("relpath", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				a, err := ParseArgs("relpath", args, kwargs, []string{"path", "start"}, 1)
				if err != nil {
					return nil, err
				}
				ps, err := pathArgs(py.Tuple{a[0]}, "relpath")
				if err != nil {
					return nil, err
				}
				start := in.workDir
				if a[1] != nil && a[1] != py.None {
					ss, err := pathArgs(py.Tuple{a[1]}, "relpath")
					if err != nil {
						return nil, err
					}
					start = in.absPath(ss[0])
				}
				rel, err := filepath.Rel(start, in.absPath(ps[0]))
				if err != nil {
					return nil, py.ExceptionNewf(py.ValueError, "%v", err)
				}
				return py.String(rel), nil
			}),
			str1("islink", func(p string) py.Object {
				wp, err := in.resolve(p)
				if err != nil {
					return py.False
				}
				r, err := in.root()
				if err != nil {
					return py.False
				}
				st, err := r.Lstat(wp.rel)
				return py.NewBool(err == nil && st.Mode()&os.ModeSymlink != 0)
			}),
			in.statMethod("getsize", func(st os.FileInfo) py.Object { return py.Int(st.Size()) }),
			in.statMethod("getmtime", func(st os.FileInfo) py.Object {
				return py.Float(float64(st.ModTime().UnixNano()) / 1e9)
			}),
			str1("splitext", func(p string) py.Object {
				ext := filepath.Ext(p)
				return py.Tuple{py.String(strings.TrimSuffix(p, ext)), py.String(ext)}
			}),
		},
		Globals: py.StringDict{"sep": py.String("/")},
	}, nil
}

// pathArg reads a path argument of an os function (def when it is missing) and resolves
// it inside the working folder.
func (in *Interpreter) pathArg(fn string, o py.Object, def string) (wsPath, error) {
	p := def
	if o != nil && o != py.None {
		s, ok := o.(py.String)
		if !ok {
			return wsPath{}, py.ExceptionNewf(py.TypeError, "%s: path should be string, not %s", fn, o.Type().Name)
		}
		p = string(s)
	} else if def == "" {
		return wsPath{}, py.ExceptionNewf(py.TypeError, "%s() missing required argument 'path'", fn)
	}
	return in.resolve(p)
}

// osFileMethods are os's functions that change files, each through the working folder's
// Root: nothing outside it can be made, renamed or removed.
func (in *Interpreter) osFileMethods() []*py.Method {
	remove := func(name string) *py.Method {
		return NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := ParseArgs(name, args, kwargs, []string{"path"}, 1)
			if err != nil {
				return nil, err
			}
			p, err := in.pathArg(name, a[0], "")
			if err != nil {
				return nil, err
			}
			r, err := in.root()
			if err != nil {
				return nil, err
			}
			if st, err := r.Lstat(p.rel); err == nil && st.IsDir() {
				return nil, py.ExceptionNewf(py.IsADirectoryError, "[Errno 21] Is a directory: %s", confine.Quote(p.given))
			}
			if err := r.Remove(p.rel); err != nil {
				return nil, in.osError(err, p)
			}
			return py.None, nil
		})
	}
	rename := func(name string) *py.Method {
		return NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := ParseArgs(name, args, kwargs, []string{"src", "dst"}, 2)
			if err != nil {
				return nil, err
			}
			src, err := in.pathArg(name, a[0], "")
			if err != nil {
				return nil, err
			}
			dst, err := in.pathArg(name, a[1], "")
			if err != nil {
				return nil, err
			}
			r, err := in.root()
			if err != nil {
				return nil, err
			}
			if err := r.Rename(src.rel, dst.rel); err != nil {
				return nil, in.osError(err, src)
			}
			return py.None, nil
		})
	}
	return []*py.Method{
		remove("remove"), remove("unlink"), rename("rename"), rename("replace"),
		NewMethod("rmdir", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := ParseArgs("rmdir", args, kwargs, []string{"path"}, 1)
			if err != nil {
				return nil, err
			}
			p, err := in.pathArg("rmdir", a[0], "")
			if err != nil {
				return nil, err
			}
			if p.full == in.workDir {
				return nil, py.ExceptionNewf(py.PermissionError, "kafkalab keeps the working folder %s: a script cannot remove it", in.workDir)
			}
			r, err := in.root()
			if err != nil {
				return nil, err
			}
			if st, err := r.Lstat(p.rel); err == nil && !st.IsDir() {
				return nil, py.ExceptionNewf(py.NotADirectoryError, "[Errno 20] Not a directory: %s", confine.Quote(p.given))
			}
			if err := r.Remove(p.rel); err != nil {
				return nil, in.osError(err, p)
			}
			return py.None, nil
		}),
		NewMethod("mkdir", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := ParseArgs("mkdir", args, kwargs, []string{"path", "mode"}, 1)
			if err != nil {
				return nil, err
			}
			p, err := in.pathArg("mkdir", a[0], "")
			if err != nil {
				return nil, err
			}
			r, err := in.root()
			if err != nil {
				return nil, err
			}
			if err := r.Mkdir(p.rel, 0o755); err != nil {
				return nil, in.osError(err, p)
			}
			return py.None, nil
		}),
		NewMethod("makedirs", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := ParseArgs("makedirs", args, kwargs, []string{"name", "mode", "exist_ok"}, 1)
			if err != nil {
				return nil, err
			}
			p, err := in.pathArg("makedirs", a[0], "")
			if err != nil {
				return nil, err
			}
			r, err := in.root()
			if err != nil {
				return nil, err
			}
			existOK := false
			if a[2] != nil {
				if existOK, err = py.ObjectIsTrue(a[2]); err != nil {
					return nil, err
				}
			}
			if st, err := r.Stat(p.rel); err == nil {
				if existOK && st.IsDir() {
					return py.None, nil
				}
				return nil, py.ExceptionNewf(py.FileExistsError, "[Errno 17] File exists: %s", confine.Quote(p.given))
			}
			if err := r.MkdirAll(p.rel, 0o755); err != nil {
				return nil, in.osError(err, p)
			}
			return py.None, nil
		}),
	}
}

// absPath is p made absolute against the working folder and cleaned, as os.path.abspath.
func (in *Interpreter) absPath(p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(in.workDir, p)
	}
	return filepath.Clean(p)
}

// statMethod is an os.path function answering from a file's status (getsize, getmtime),
// read through the working folder's Root.
func (in *Interpreter) statMethod(name string, f func(os.FileInfo) py.Object) *py.Method {
	return NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := ParseArgs(name, args, kwargs, []string{"filename"}, 1)
		if err != nil {
			return nil, err
		}
		p, err := in.pathArg(name, a[0], "")
		if err != nil {
			return nil, err
		}
		r, err := in.root()
		if err != nil {
			return nil, err
		}
		st, err := r.Stat(p.rel)
		if err != nil {
			return nil, in.osError(err, p)
		}
		return f(st), nil
	})
}

// osUtime is os.utime(path, times=None, *, ns=None): set a file's access and modification
// times (now without times), through the Root.
func (in *Interpreter) osUtime() *py.Method {
	return NewMethod("utime", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := ParseArgs("utime", args, kwargs, []string{"path", "times", "ns"}, 1)
		if err != nil {
			return nil, err
		}
		p, err := in.pathArg("utime", a[0], "")
		if err != nil {
			return nil, err
		}
		pair := func(o py.Object, what string, unit float64) (time.Time, time.Time, error) {
			t, ok := o.(py.Tuple)
			if !ok || len(t) != 2 {
				return time.Time{}, time.Time{}, py.ExceptionNewf(py.TypeError, "utime: '%s' must be a tuple of two ints", what)
			}
			var out [2]time.Time
			for i, v := range t {
				f, err := py.FloatAsFloat64(v)
				if err != nil {
					return time.Time{}, time.Time{}, py.ExceptionNewf(py.TypeError, "utime: '%s' must be a tuple of two numbers", what)
				}
				sec := f * unit
				out[i] = time.Unix(0, 0).Add(time.Duration(sec * 1e9))
			}
			return out[0], out[1], nil
		}
		now := time.Now()
		atime, mtime := now, now
		hasTimes := a[1] != nil && a[1] != py.None
		hasNs := a[2] != nil && a[2] != py.None
		switch {
		case hasTimes && hasNs:
			return nil, py.ExceptionNewf(py.ValueError, "utime: you may specify either 'times' or 'ns' but not both")
		case hasTimes:
			if atime, mtime, err = pair(a[1], "times", 1); err != nil {
				return nil, err
			}
		case hasNs:
			if atime, mtime, err = pair(a[2], "ns", 1e-9); err != nil {
				return nil, err
			}
		}
		r, err := in.root()
		if err != nil {
			return nil, err
		}
		if err := r.Chtimes(p.rel, atime, mtime); err != nil {
			return nil, in.osError(err, p)
		}
		return py.None, nil
	})
}

// osWalk is os.walk(top, topdown=True, onerror=None, followlinks=False) over the working
// folder: top-down it is lazy, so a caller that prunes dirnames in place prunes the walk,
// as in CPython; links to folders are listed, not followed. Names come sorted.
func (in *Interpreter) osWalk() *py.Method {
	return NewMethod("walk", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := ParseArgs("walk", args, kwargs, []string{"top", "topdown", "onerror", "followlinks"}, 1)
		if err != nil {
			return nil, err
		}
		top, ok := a[0].(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "walk: top should be string, not %s", a[0].Type().Name)
		}
		topdown := true
		if a[1] != nil {
			if topdown, err = py.ObjectIsTrue(a[1]); err != nil {
				return nil, err
			}
		}
		// A top outside the workspace is kafkalab's rule, said at once; below it, folders
		// that cannot be listed go to onerror or are skipped, as CPython's.
		if _, err := in.resolve(string(top)); err != nil {
			return nil, err
		}
		onerror := a[2]
		// list reads one folder; a folder that cannot be listed is skipped, after onerror.
		list := func(dir string) (py.Tuple, bool, error) {
			p, err := in.resolve(dir)
			var ents []os.DirEntry
			if err == nil {
				ents, err = in.readDir(p)
			}
			if err != nil {
				if onerror != nil && onerror != py.None {
					if exc, ok := err.(*py.Exception); ok {
						if _, cerr := py.Call(onerror, py.Tuple{exc}, nil); cerr != nil {
							return nil, false, cerr
						}
					}
				}
				return nil, false, nil
			}
			var dirs, files []string
			for _, e := range ents {
				isDir := e.IsDir()
				if e.Type()&os.ModeSymlink != 0 {
					if sp, err := in.resolve(joinPy(dir, e.Name())); err == nil {
						st := in.stat(sp)
						isDir = st != nil && st.IsDir()
					}
				}
				if isDir {
					dirs = append(dirs, e.Name())
				} else {
					files = append(files, e.Name())
				}
			}
			return py.Tuple{py.String(dir), py.NewListFromStrings(dirs), py.NewListFromStrings(files)}, true, nil
		}
		isLink := func(p string) bool {
			wp, err := in.resolve(p)
			if err != nil {
				return true
			}
			r, err := in.root()
			if err != nil {
				return true
			}
			st, err := r.Lstat(wp.rel)
			return err != nil || st.Mode()&os.ModeSymlink != 0
		}
		children := func(entry py.Tuple) []string {
			dir := string(entry[0].(py.String))
			var out []string
			if names, ok := entry[1].(*py.List); ok {
				for _, n := range names.Items {
					if s, ok := n.(py.String); ok && !isLink(joinPy(dir, string(s))) {
						out = append(out, joinPy(dir, string(s)))
					}
				}
			}
			return out
		}
		if !topdown {
			var out []py.Object
			var visit func(dir string) error
			visit = func(dir string) error {
				if err := in.pctx.limits.Check(); err != nil {
					return err
				}
				entry, ok, err := list(dir)
				if err != nil || !ok {
					return err
				}
				for _, c := range children(entry) {
					if err := visit(c); err != nil {
						return err
					}
				}
				out = append(out, entry)
				return nil
			}
			if err := visit(string(top)); err != nil {
				return nil, err
			}
			return py.NewIterator(py.NewListFromItems(out)), nil
		}
		stack := []string{string(top)}
		var last py.Tuple
		next := NewMethod("walk", func(py.Tuple, py.StringDict) (py.Object, error) {
			if last != nil {
				kids := children(last)
				for i := len(kids) - 1; i >= 0; i-- {
					stack = append(stack, kids[i])
				}
				last = nil
			}
			for len(stack) > 0 {
				dir := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				entry, ok, err := list(dir)
				if err != nil {
					return nil, err
				}
				if ok {
					last = entry
					return entry, nil
				}
			}
			return py.None, nil
		})
		return py.NewCallIterator(next, py.None), nil
	})
}

// joinPy joins a folder and a name as os.path.join does.
func joinPy(dir, name string) string {
	if dir == "" || strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}
