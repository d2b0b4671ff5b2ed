package python

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The runtime's file access: open(), local imports, the script of ExecFile and the confined
// os module all go through the working folder's os.Root, which refuses at open time any
// path or symbolic link, dangling or not, that leads outside. A path is checked first
// (confine.Dir.Check) so a refusal names where the path leads.

// wsPath is a path a script named, resolved inside the working folder.
type wsPath struct {
	given string // as the script wrote it
	full  string // absolute
	rel   string // relative to the working folder, for the Root
}

// resolve reads p as Python does (relative to the working folder; no schemes) and refuses
// a path that leads outside with PermissionError.
func (in *Interpreter) resolve(p string) (wsPath, error) {
	if strings.IndexByte(p, 0) >= 0 {
		return wsPath{}, py.ExceptionNewf(py.ValueError, "embedded null byte")
	}
	if p == "" {
		return wsPath{}, py.ExceptionNewf(py.FileNotFoundError, "[Errno 2] No such file or directory: ''")
	}
	full := p
	if !filepath.IsAbs(full) {
		full = filepath.Join(in.workDir, full)
	}
	full, err := in.dir.Check(p, "", filepath.Clean(full))
	if err != nil {
		return wsPath{}, permissionError(err)
	}
	rel, err := in.dir.Rel(full)
	if err != nil {
		return wsPath{}, permissionError(err)
	}
	return wsPath{given: p, full: full, rel: rel}, nil
}

// root is the working folder's os.Root.
func (in *Interpreter) root() (*os.Root, error) {
	r, err := in.dir.Root()
	if err != nil {
		return nil, py.ExceptionNewf(py.OSError, "the working folder %s cannot be opened: %v", in.workDir, err)
	}
	return r, nil
}

func permissionError(err error) error {
	return py.ExceptionNewf(py.PermissionError, "%s", err.Error())
}

// osError is the Python exception for a failed file operation on p, worded as CPython's.
func (in *Interpreter) osError(err error, p wsPath) error {
	name := confine.Quote(p.given)
	var errno syscall.Errno
	switch {
	case confine.Escaped(err):
		return permissionError(in.dir.Refusal(p.given, p.full))
	case errors.Is(err, fs.ErrNotExist):
		return py.ExceptionNewf(py.FileNotFoundError, "[Errno 2] No such file or directory: %s", name)
	// ENOTEMPTY matches fs.ErrExist in Go: it comes first.
	case errors.As(err, &errno) && errno == syscall.ENOTEMPTY:
		return py.ExceptionNewf(py.OSError, "[Errno 39] Directory not empty: %s", name)
	case errors.Is(err, fs.ErrExist):
		return py.ExceptionNewf(py.FileExistsError, "[Errno 17] File exists: %s", name)
	case errors.As(err, &errno) && errno == syscall.ENOTDIR:
		return py.ExceptionNewf(py.NotADirectoryError, "[Errno 20] Not a directory: %s", name)
	case errors.As(err, &errno) && errno == syscall.EISDIR:
		return py.ExceptionNewf(py.IsADirectoryError, "[Errno 21] Is a directory: %s", name)
	case errors.Is(err, fs.ErrPermission):
		return py.ExceptionNewf(py.PermissionError, "[Errno 13] Permission denied: %s", name)
	}
	return py.ExceptionNewf(py.OSError, "%v", err)
}

// readFile reads a file of the working folder through the Root.
func (in *Interpreter) readFile(p wsPath) ([]byte, error) {
	r, err := in.root()
	if err != nil {
		return nil, err
	}
	data, err := r.ReadFile(p.rel)
	if err != nil {
		return nil, in.osError(err, p)
	}
	return data, nil
}

// stat is Stat through the Root; nil when the path does not exist or cannot be reached.
func (in *Interpreter) stat(p wsPath) os.FileInfo {
	r, err := in.root()
	if err != nil {
		return nil
	}
	st, err := r.Stat(p.rel)
	if err != nil {
		return nil
	}
	return st
}

// readDir lists a folder of the working folder through the Root.
func (in *Interpreter) readDir(p wsPath) ([]os.DirEntry, error) {
	r, err := in.root()
	if err != nil {
		return nil, err
	}
	f, err := r.Open(p.rel)
	if err != nil {
		return nil, in.osError(err, p)
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		return nil, in.osError(err, p)
	}
	return ents, nil
}
