// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Implement builtin functions eval and exec

package vm

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// builtinEvalOrExec is eval or exec; flags are the caller's future features, which
// compiled source inherits.
func builtinEvalOrExec(ctx py.Context, args py.Tuple, kwargs, currentLocals, currentGlobals, builtins py.StringDict, mode py.CompileMode, flags int32) (py.Object, error) {
	var (
		cmd     py.Object
		globals py.Object = py.None
		locals  py.Object = py.None
	)
	err := py.UnpackTuple(args, kwargs, string(mode), 1, 3, &cmd, &globals, &locals)
	if err != nil {
		return nil, err
	}
	if globals == py.None {
		globals = currentGlobals
		if locals == py.None {
			locals = currentLocals
		}
	} else if locals == py.None {
		locals = globals
	}
	globalsDict, err := py.StringDictOf(globals)
	if err != nil {
		return nil, py.ExceptionNewf(py.TypeError, "globals must be a dict")
	}
	localsDict := globalsDict
	if !py.Is(locals, globals) {
		if localsDict, err = py.StringDictOf(locals); err != nil {
			return nil, py.ExceptionNewf(py.TypeError, "locals must be a dict")
		}
	}
	// A dict the caller passed gets the names the code bound.
	defer py.WriteBack(globals, globalsDict)
	defer py.WriteBack(locals, localsDict)

	// Set __builtins__ if not set
	if _, ok := globalsDict["__builtins__"]; !ok {
		globalsDict["__builtins__"] = builtins
	}

	var codeStr string
	var code *py.Code
	switch x := cmd.(type) {
	case *py.Code:
		code = x
	case py.String:
		codeStr = string(x)
	case py.Bytes:
		codeStr = string(x)
	default:
		return nil, py.ExceptionNewf(py.TypeError, "%s() arg 1 must be a string, bytes or code object", mode)

	}
	if code == nil {
		codeStr = strings.TrimLeft(codeStr, " \t")
		code, err = py.Compile(codeStr, "<string>", mode, int(flags&py.CO_COMPILER_FLAGS_MASK), true)
		if err != nil {
			return nil, err
		}
	}
	if code.GetNumFree() > 0 {
		return nil, py.ExceptionNewf(py.TypeError, "code passed to %s() may not contain free variables", mode)
	}
	return ctx.RunCode(code, globalsDict, localsDict, nil)
}

func builtinEval(ctx py.Context, args py.Tuple, kwargs, currentLocals, currentGlobals, builtins py.StringDict, flags int32) (py.Object, error) {
	return builtinEvalOrExec(ctx, args, kwargs, currentLocals, currentGlobals, builtins, py.EvalMode, flags)
}

func builtinExec(ctx py.Context, args py.Tuple, kwargs, currentLocals, currentGlobals, builtins py.StringDict, flags int32) (py.Object, error) {
	_, err := builtinEvalOrExec(ctx, args, kwargs, currentLocals, currentGlobals, builtins, py.ExecMode, flags)
	if err != nil {
		return nil, err
	}
	return py.None, nil
}
