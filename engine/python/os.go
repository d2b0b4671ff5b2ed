package python

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

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
			p := "."
			if len(args) > 0 {
				s, ok := args[0].(py.String)
				if !ok {
					return nil, py.ExceptionNewf(py.TypeError, "listdir() needs a path string")
				}
				p = string(s)
			}
			full, err := in.Confine(p)
			if err != nil {
				return nil, err
			}
			ents, err := os.ReadDir(full)
			if err != nil {
				return nil, py.ExceptionNewf(py.FileNotFoundError, "%v", err)
			}
			names := make([]string, 0, len(ents))
			for _, e := range ents {
				names = append(names, e.Name())
			}
			sort.Strings(names)
			return py.NewListFromStrings(names), nil
		}),
	}
	for _, name := range []string{"system", "popen", "remove", "unlink", "rmdir", "removedirs", "rename", "replace",
		"chdir", "chmod", "chown", "kill", "fork", "execv", "execve", "execvp", "spawnv", "putenv", "makedirs", "mkdir", "walk", "symlink", "link"} {
		api := "os." + name
		methods = append(methods, NewMethod(name, func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return nil, Unsupported(api, "scripts are confined: they cannot change files outside Spark's writers, start processes or signal them")
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
	exists := func(check func(os.FileInfo) bool) func(string) py.Object {
		return func(p string) py.Object {
			full, err := in.confine(p)
			if err != nil {
				return py.False
			}
			st, err := os.Stat(full)
			return py.NewBool(err == nil && check(st))
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
