package python

import (
	"bufio"
	"io"
	"os"
	"strings"

	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyFile is what open() returns: gpython's file has read/write/close only, and scripts also
// iterate over lines (for line in f), call readline/readlines and use with-blocks.
type pyFile struct {
	f      *os.File
	r      *bufio.Reader
	binary bool
	name   string
	closed bool
}

var fileType = py.NewType("TextIOWrapper", "a file opened inside the working folder")

func (f *pyFile) Type() *py.Type { return fileType }

func (f *pyFile) reader() (*bufio.Reader, error) {
	if f.closed {
		return nil, py.ExceptionNewf(py.ValueError, "I/O operation on closed file.")
	}
	if f.r == nil {
		f.r = bufio.NewReader(f.f)
	}
	return f.r, nil
}

func (f *pyFile) value(s string) py.Object {
	if f.binary {
		return py.Bytes(s)
	}
	return py.String(s)
}

func (f *pyFile) readLine() (string, error) {
	r, err := f.reader()
	if err != nil {
		return "", err
	}
	line, err := r.ReadString('\n')
	if err != nil && err != io.EOF {
		return "", py.ExceptionNewf(py.OSError, "%v", err)
	}
	return line, nil
}

func (f *pyFile) M__iter__() (py.Object, error) { return f, nil }
func (f *pyFile) M__next__() (py.Object, error) {
	line, err := f.readLine()
	if err != nil {
		return nil, err
	}
	if line == "" {
		return nil, py.StopIteration
	}
	return f.value(line), nil
}
func (f *pyFile) M__enter__() (py.Object, error) { return f, nil }
func (f *pyFile) M__exit__(excType, excValue, tb py.Object) (py.Object, error) {
	f.close()
	return py.False, nil
}

func (f *pyFile) close() {
	if !f.closed {
		f.closed = true
		_ = f.f.Close()
	}
}

func init() {
	DefMethod(fileType, "read", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		f := self.(*pyFile)
		a, err := ParseArgs("read", args, kwargs, []string{"size"}, 0)
		if err != nil {
			return nil, err
		}
		n, err := intArg(a[0], -1)
		if err != nil {
			return nil, err
		}
		r, err := f.reader()
		if err != nil {
			return nil, err
		}
		var b []byte
		if n < 0 {
			b, err = io.ReadAll(r)
		} else {
			b = make([]byte, n)
			var m int
			m, err = io.ReadFull(r, b)
			b = b[:m]
			if err == io.ErrUnexpectedEOF || err == io.EOF {
				err = nil
			}
		}
		if err != nil {
			return nil, py.ExceptionNewf(py.OSError, "%v", err)
		}
		return f.value(string(b)), nil
	})
	DefMethod(fileType, "readline", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		f := self.(*pyFile)
		line, err := f.readLine()
		if err != nil {
			return nil, err
		}
		return f.value(line), nil
	})
	DefMethod(fileType, "readlines", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		f := self.(*pyFile)
		l := py.NewList()
		for {
			line, err := f.readLine()
			if err != nil {
				return nil, err
			}
			if line == "" {
				return l, nil
			}
			l.Append(f.value(line))
		}
	})
	DefMethod(fileType, "write", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		f := self.(*pyFile)
		if f.closed {
			return nil, py.ExceptionNewf(py.ValueError, "I/O operation on closed file.")
		}
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "write() takes exactly one argument")
		}
		var s string
		switch x := args[0].(type) {
		case py.String:
			if f.binary {
				return nil, py.ExceptionNewf(py.TypeError, "a bytes-like object is required, not 'str'")
			}
			s = string(x)
		case py.Bytes:
			if !f.binary {
				return nil, py.ExceptionNewf(py.TypeError, "write() argument must be str, not bytes")
			}
			s = string(x)
		default:
			return nil, py.ExceptionNewf(py.TypeError, "write() argument must be str, not %s", x.Type().Name)
		}
		if _, err := f.f.WriteString(s); err != nil {
			return nil, py.ExceptionNewf(py.OSError, "%v", err)
		}
		return py.Int(len([]rune(s))), nil
	})
	DefMethod(fileType, "close", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		self.(*pyFile).close()
		return py.None, nil
	})
	DefMethod(fileType, "flush", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.None, nil
	})
	DefProp(fileType, "closed", func(self py.Object) (py.Object, error) { return py.NewBool(self.(*pyFile).closed), nil })
	DefProp(fileType, "name", func(self py.Object) (py.Object, error) { return py.String(self.(*pyFile).name), nil })
}

// openFile opens p through the working folder's Root with a Python mode string.
func (in *Interpreter) openFile(p wsPath, mode string) (py.Object, error) {
	binary := strings.Contains(mode, "b")
	m := strings.ReplaceAll(strings.ReplaceAll(mode, "b", ""), "t", "")
	flags := 0
	switch strings.ReplaceAll(m, "+", "") {
	case "r":
		flags = os.O_RDONLY
	case "w":
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case "a":
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case "x":
		flags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	default:
		return nil, py.ExceptionNewf(py.ValueError, "invalid mode: '%s'", mode)
	}
	if strings.Contains(m, "+") {
		flags = flags&^(os.O_WRONLY|os.O_RDONLY) | os.O_RDWR
	}
	r, err := in.root()
	if err != nil {
		return nil, err
	}
	f, err := r.OpenFile(p.rel, flags, 0o644)
	if err != nil {
		return nil, in.osError(err, p)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, py.ExceptionNewf(py.IsADirectoryError, "[Errno 21] Is a directory: %s", confine.Quote(p.given))
	}
	return &pyFile{f: f, binary: binary, name: p.given}, nil
}
