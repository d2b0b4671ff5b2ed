// Package pylib is the part of kafkalab's standard library written in Python
// (lib/*.py: collections, functools, dataclasses, enum, typing...), registered as
// embedded modules, and _kafkalab, the Go helpers those modules use.
package pylib

import (
	"crypto/rand"
	"embed"
	"fmt"
	"sort"
	"strings"
	"unsafe"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

//go:embed lib/*.py
var lib embed.FS

// names are the modules of lib, by their Python names ("collections.abc").
var names []string

func init() {
	entries, err := lib.ReadDir("lib")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		file := "lib/" + e.Name()
		name := strings.TrimSuffix(e.Name(), ".py")
		names = append(names, name)
		// The source is read at the module's first import, not here: reading all of
		// lib at every start cost two copies of 310 KB in each process (the script's
		// child too) and tipped a one-line script's start-up into a GC.
		py.RegisterModule(&py.ModuleImpl{
			Info:    py.ModuleInfo{Name: name, FileDesc: "<kafkalab " + name + ">"},
			LoadSrc: func() string { return embeddedSource(file) },
		})
	}
	sort.Strings(names)
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "_kafkalab", Doc: "Helpers of kafkalab's standard library."},
		Methods: []*py.Method{
			py.MustNewMethod("caller", caller, 0, "caller(depth) -> (filename, lineno, function, module name, source line) of a running Python frame, 0 the innermost"),
			py.MustNewMethod("urandom", urandom, 0, "urandom(n) -> n random bytes"),
			py.MustNewMethod("getline", getline, 0, "getline(filename or code, lineno) -> the source line (no newline) of a running module or of a code object, None if unknown"),
		},
	})
}

// embeddedSource is lib's file as a string. The file is in the binary, so it cannot be
// missing.
func embeddedSource(file string) string {
	src, err := lib.ReadFile(file)
	if err != nil {
		panic(fmt.Sprintf("pylib: embedded %s: %v", file, err))
	}
	// src is a fresh copy nothing else holds: the string can share it.
	return unsafe.String(unsafe.SliceData(src), len(src))
}

// Names lists the modules written in Python, for an importer that allows them.
func Names() []string { return append([]string(nil), names...) }

// caller reports a running frame: depth 0 is the frame that called caller.
func caller(self py.Object, args py.Tuple) (py.Object, error) {
	depth := 0
	if len(args) > 0 {
		d, err := py.IndexInt(args[0])
		if err != nil {
			return nil, err
		}
		depth = d
	}
	mod, ok := self.(*py.Module)
	if !ok || mod.Context == nil {
		return py.None, nil
	}
	frames := mod.Context.Limits().Frames()
	i := len(frames) - 1 - depth
	if i < 0 || i >= len(frames) {
		return py.None, nil
	}
	f := frames[i]
	name := py.Object(py.None)
	if n, ok := f.Globals["__name__"]; ok {
		name = n
	}
	line := int(f.Code.Addr2Line(f.Lasti))
	text, _ := f.Code.SourceLine(line)
	return py.Tuple{py.String(f.Code.Filename), py.Int(line), py.String(f.Code.Name), name, py.String(text)}, nil
}

func getline(self py.Object, args py.Tuple) (py.Object, error) {
	var where, lineno py.Object
	if err := py.UnpackTuple(args, nil, "getline", 2, 2, &where, &lineno); err != nil {
		return nil, err
	}
	n, err := py.IndexInt(lineno)
	if err != nil {
		return nil, err
	}
	switch w := where.(type) {
	case *py.Code:
		return sourceLine(w, n), nil
	case py.String:
		mod, ok := self.(*py.Module)
		if !ok || mod.Context == nil {
			return py.None, nil
		}
		frames := mod.Context.Limits().Frames()
		for i := len(frames) - 1; i >= 0; i-- {
			if co := frames[i].Code; co.Filename == string(w) && co.Source != nil {
				return sourceLine(co, n), nil
			}
		}
		return py.None, nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "getline() argument must be a filename or a code object")
}

// sourceLine is line n of the code's source, None if there is none.
func sourceLine(co *py.Code, n int) py.Object {
	if text, ok := co.SourceLine(n); ok {
		return py.String(text)
	}
	return py.None
}

func urandom(self py.Object, arg py.Object) (py.Object, error) {
	n, err := py.IndexInt(arg)
	if err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "negative argument not allowed")
	}
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return nil, py.ExceptionNewf(py.OSError, "urandom: %v", err)
	}
	return py.Bytes(b), nil
}
