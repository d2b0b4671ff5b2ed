// Attributes of code, frame and traceback objects (co_*, f_*, tb_*), for the traceback,
// warnings and logging modules.

package py

import "strings"

// SourceLine returns line n (1-based) of the source the code was compiled from, and
// whether there is such a line.
func (co *Code) SourceLine(n int) (string, bool) {
	if co == nil || co.Source == nil || n < 1 {
		return "", false
	}
	src := *co.Source
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if src == "" {
		return "", false
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimRight(src, "\r"), true
}

func stringTuple(ss []string) Tuple {
	t := make(Tuple, len(ss))
	for i, s := range ss {
		t[i] = String(s)
	}
	return t
}

func init() {
	codeAttr := func(name string, get func(co *Code) Object) {
		CodeType.Dict[name] = &Property{Fget: func(self Object) (Object, error) { return get(self.(*Code)), nil }}
	}
	codeAttr("co_filename", func(co *Code) Object { return String(co.Filename) })
	codeAttr("co_name", func(co *Code) Object { return String(co.Name) })
	codeAttr("co_qualname", func(co *Code) Object { return String(co.Name) })
	codeAttr("co_firstlineno", func(co *Code) Object { return Int(co.Firstlineno) })
	codeAttr("co_argcount", func(co *Code) Object { return Int(co.Argcount) })
	codeAttr("co_posonlyargcount", func(co *Code) Object { return Int(co.Posonlyargcount) })
	codeAttr("co_kwonlyargcount", func(co *Code) Object { return Int(co.Kwonlyargcount) })
	codeAttr("co_nlocals", func(co *Code) Object { return Int(co.Nlocals) })
	codeAttr("co_flags", func(co *Code) Object { return Int(co.Flags) })
	codeAttr("co_varnames", func(co *Code) Object { return stringTuple(co.Varnames) })
	codeAttr("co_names", func(co *Code) Object { return stringTuple(co.Names) })
	codeAttr("co_cellvars", func(co *Code) Object { return stringTuple(co.Cellvars) })
	codeAttr("co_freevars", func(co *Code) Object { return stringTuple(co.Freevars) })
	codeAttr("co_consts", func(co *Code) Object { return co.Consts.Copy() })

	frameAttr := func(name string, get func(f *Frame) Object) {
		FrameType.Dict[name] = &Property{Fget: func(self Object) (Object, error) { return get(self.(*Frame)), nil }}
	}
	frameAttr("f_code", func(f *Frame) Object { return f.Code })
	frameAttr("f_lineno", func(f *Frame) Object { return Int(f.Code.Addr2Line(f.Lasti)) })
	frameAttr("f_lasti", func(f *Frame) Object { return Int(f.Lasti) })
	frameAttr("f_globals", func(f *Frame) Object { return f.Globals })
	frameAttr("f_builtins", func(f *Frame) Object { return f.Builtins })
	frameAttr("f_locals", func(f *Frame) Object {
		if f.Locals != nil {
			return f.Locals
		}
		d := NewDict()
		for i, name := range f.Code.Varnames {
			if i < len(f.LocalVars) && f.LocalVars[i] != nil {
				d.SetItem(String(name), f.LocalVars[i])
			}
		}
		return d
	})
	frameAttr("f_back", func(f *Frame) Object {
		if f.Context == nil {
			return None
		}
		frames := f.Context.Limits().Frames()
		for i := len(frames) - 1; i > 0; i-- {
			if frames[i] == f {
				return frames[i-1]
			}
		}
		return None
	})

	tbAttr := func(name string, get func(tb *Traceback) Object) {
		TracebackType.Dict[name] = &Property{Fget: func(self Object) (Object, error) { return get(self.(*Traceback)), nil }}
	}
	tbAttr("tb_next", func(tb *Traceback) Object {
		if tb.Next == nil {
			return None
		}
		return tb.Next
	})
	tbAttr("tb_frame", func(tb *Traceback) Object { return tb.Frame })
	tbAttr("tb_lineno", func(tb *Traceback) Object { return Int(tb.Lineno) })
	tbAttr("tb_lasti", func(tb *Traceback) Object { return Int(tb.Lasti) })
}
