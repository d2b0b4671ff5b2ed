package python

import (
	"os"
	"path/filepath"

	"github.com/kafkalab/kafkalab/engine/confine"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() { runtimeModules["shutil"] = shutilModule }

// shutilModule is shutil's file operations, each through the working folder's Root so
// nothing outside it is copied, moved or removed.
func shutilModule(in *Interpreter) (*py.ModuleImpl, error) {
	twoPaths := func(name string, args py.Tuple, kwargs py.StringDict) (wsPath, wsPath, error) {
		a, err := ParseArgs(name, args, kwargs, []string{"src", "dst", "follow_symlinks"}, 2)
		if err != nil {
			return wsPath{}, wsPath{}, err
		}
		src, err := in.pathArg(name, a[0], "")
		if err != nil {
			return wsPath{}, wsPath{}, err
		}
		dst, err := in.pathArg(name, a[1], "")
		return src, dst, err
	}
	// into is dst, or dst/basename(src) when dst is a folder (copy and move).
	into := func(src, dst wsPath) (wsPath, error) {
		if st := in.stat(dst); st != nil && st.IsDir() {
			return in.resolve(joinPy(dst.given, filepath.Base(src.full)))
		}
		return dst, nil
	}
	copyFile := func(src, dst wsPath) error {
		r, err := in.root()
		if err != nil {
			return err
		}
		if src.full == dst.full {
			return py.ExceptionNewf(py.ValueError, "%s and %s are the same file", confine.Quote(src.given), confine.Quote(dst.given))
		}
		st, err := r.Stat(src.rel)
		if err != nil {
			return in.osError(err, src)
		}
		if st.IsDir() {
			return py.ExceptionNewf(py.IsADirectoryError, "[Errno 21] Is a directory: %s", confine.Quote(src.given))
		}
		data, err := r.ReadFile(src.rel)
		if err != nil {
			return in.osError(err, src)
		}
		if err := r.WriteFile(dst.rel, data, st.Mode().Perm()); err != nil {
			return in.osError(err, dst)
		}
		return nil
	}
	return &py.ModuleImpl{
		Info: py.ModuleInfo{Doc: "kafkalab's shutil: copy, move and remove inside the working folder"},
		Methods: []*py.Method{
			NewMethod("copyfile", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				src, dst, err := twoPaths("copyfile", args, kwargs)
				if err != nil {
					return nil, err
				}
				if err := copyFile(src, dst); err != nil {
					return nil, err
				}
				return py.String(dst.given), nil
			}),
			NewMethod("copy", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				src, dst, err := twoPaths("copy", args, kwargs)
				if err != nil {
					return nil, err
				}
				if dst, err = into(src, dst); err != nil {
					return nil, err
				}
				if err := copyFile(src, dst); err != nil {
					return nil, err
				}
				return py.String(dst.given), nil
			}),
			NewMethod("move", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				src, dst, err := twoPaths("move", args, kwargs)
				if err != nil {
					return nil, err
				}
				if src.full == in.workDir {
					return nil, py.ExceptionNewf(py.PermissionError, "kafkalab keeps the working folder %s: a script cannot move it", in.workDir)
				}
				if dst, err = into(src, dst); err != nil {
					return nil, err
				}
				r, err := in.root()
				if err != nil {
					return nil, err
				}
				if err := r.Rename(src.rel, dst.rel); err != nil {
					return nil, in.osError(err, src)
				}
				return py.String(dst.given), nil
			}),
			NewMethod("rmtree", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				a, err := ParseArgs("rmtree", args, kwargs, []string{"path", "ignore_errors", "onerror"}, 1)
				if err != nil {
					return nil, err
				}
				ignore := false
				if a[1] != nil {
					if ignore, err = py.ObjectIsTrue(a[1]); err != nil {
						return nil, err
					}
				}
				p, err := in.pathArg("rmtree", a[0], "")
				if err == nil && p.full == in.workDir {
					err = py.ExceptionNewf(py.PermissionError, "kafkalab keeps the working folder %s: a script cannot remove it", in.workDir)
				}
				if err == nil {
					err = in.rmtree(p)
				}
				if err != nil && !ignore {
					return nil, err
				}
				return py.None, nil
			}),
		},
	}, nil
}

// rmtree removes the folder p and what it holds, through the Root; as CPython's, it
// refuses a file or a link to a folder.
func (in *Interpreter) rmtree(p wsPath) error {
	r, err := in.root()
	if err != nil {
		return err
	}
	st, err := r.Lstat(p.rel)
	if err != nil {
		return in.osError(err, p)
	}
	if st.Mode()&os.ModeSymlink != 0 {
		return py.ExceptionNewf(py.OSError, "Cannot call rmtree on a symbolic link")
	}
	if !st.IsDir() {
		return py.ExceptionNewf(py.NotADirectoryError, "[Errno 20] Not a directory: %s", confine.Quote(p.given))
	}
	if err := r.RemoveAll(p.rel); err != nil {
		return in.osError(err, p)
	}
	return nil
}
