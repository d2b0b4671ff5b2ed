package python

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

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
	for _, name := range []string{"system", "popen", "removedirs",
		"chdir", "chmod", "chown", "kill", "fork", "execv", "execve", "execvp", "spawnv", "putenv", "walk", "symlink", "link"} {
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
			str1("abspath", func(p string) py.Object {
				if !filepath.IsAbs(p) {
					p = filepath.Join(in.workDir, p)
				}
				return py.String(filepath.Clean(p))
			}),
			str1("normpath", func(p string) py.Object { return py.String(filepath.Clean(p)) }),
			str1("isabs", func(p string) py.Object { return py.NewBool(filepath.IsAbs(p)) }),
			str1("exists", exists(func(os.FileInfo) bool { return true })),
			str1("isdir", exists(func(st os.FileInfo) bool { return st.IsDir() })),
			str1("isfile", exists(func(st os.FileInfo) bool { return st.Mode().IsRegular() })),
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
