package vm

// Opcodes for the syntax after Python 3.4: @, annotations, PEP 448 unpacking,
// f-strings and match statements.

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// registerOpcodes311 adds the opcodes of this file to the jump table.
func registerOpcodes311() {
	jumpTable[BINARY_MATRIX_MULTIPLY] = do_BINARY_MATRIX_MULTIPLY
	jumpTable[INPLACE_MATRIX_MULTIPLY] = do_INPLACE_MATRIX_MULTIPLY
	jumpTable[SETUP_ANNOTATIONS] = do_SETUP_ANNOTATIONS
	jumpTable[BUILD_LIST_UNPACK] = do_BUILD_LIST_UNPACK
	jumpTable[BUILD_TUPLE_UNPACK] = do_BUILD_TUPLE_UNPACK
	jumpTable[BUILD_TUPLE_UNPACK_WITH_CALL] = do_BUILD_TUPLE_UNPACK_WITH_CALL
	jumpTable[BUILD_SET_UNPACK] = do_BUILD_SET_UNPACK
	jumpTable[BUILD_MAP_UNPACK] = do_BUILD_MAP_UNPACK
	jumpTable[BUILD_MAP_UNPACK_WITH_CALL] = do_BUILD_MAP_UNPACK_WITH_CALL
	jumpTable[FORMAT_VALUE] = do_FORMAT_VALUE
	jumpTable[BUILD_STRING] = do_BUILD_STRING
	jumpTable[GET_LEN] = do_GET_LEN
	jumpTable[MATCH_MAPPING] = do_MATCH_MAPPING
	jumpTable[MATCH_SEQUENCE] = do_MATCH_SEQUENCE
	jumpTable[MATCH_KEYS] = do_MATCH_KEYS
	jumpTable[COPY_DICT_WITHOUT_KEYS] = do_COPY_DICT_WITHOUT_KEYS
	jumpTable[MATCH_CLASS] = do_MATCH_CLASS
}

// matMul is a @ b: __matmul__, then __rmatmul__.
func matMul(a, b py.Object, inplace bool) (py.Object, error) {
	names := []string{"__matmul__"}
	if inplace {
		names = []string{"__imatmul__", "__matmul__"}
	}
	for _, name := range names {
		if res, ok, err := py.TypeCall1(a, name, b); ok {
			if err != nil || res != py.NotImplemented {
				return res, err
			}
		}
	}
	if res, ok, err := py.TypeCall1(b, "__rmatmul__", a); ok {
		if err != nil || res != py.NotImplemented {
			return res, err
		}
	}
	op := "@"
	if inplace {
		op = "@="
	}
	return nil, py.ExceptionNewf(py.TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", op, a.Type().Name, b.Type().Name)
}

func do_BINARY_MATRIX_MULTIPLY(vm *Vm, arg int32) error {
	b := vm.POP()
	return vm.setTopAndCheckErr(matMul(vm.TOP(), b, false))
}

func do_INPLACE_MATRIX_MULTIPLY(vm *Vm, arg int32) error {
	b := vm.POP()
	return vm.setTopAndCheckErr(matMul(vm.TOP(), b, true))
}

// do_SETUP_ANNOTATIONS makes __annotations__ in a module's or class's namespace.
func do_SETUP_ANNOTATIONS(vm *Vm, arg int32) error {
	locals := vm.frame.Locals
	if locals == nil {
		return py.ExceptionNewf(py.SystemError, "no locals found when setting up annotations")
	}
	if _, ok := locals["__annotations__"]; !ok {
		locals["__annotations__"] = py.NewDict()
	}
	return nil
}

// popItems removes the top n values of the stack and returns them, oldest first.
func (vm *Vm) popItems(n int) []py.Object {
	stack := vm.frame.Stack
	items := append([]py.Object(nil), stack[len(stack)-n:]...)
	vm.DROPN(n)
	return items
}

// funcBelow is the function object depth entries below the top of the stack, for
// the messages of the unpacking opcodes of a call.
func (vm *Vm) funcBelow(depth int) py.Object {
	i := len(vm.frame.Stack) - 1 - depth
	if i < 0 || i >= len(vm.frame.Stack) {
		return nil
	}
	return vm.frame.Stack[i]
}

// concatIterables flattens iterables into one slice.
func concatIterables(items []py.Object, notIterable func(py.Object) error) ([]py.Object, error) {
	var out []py.Object
	for _, it := range items {
		switch x := it.(type) {
		case py.Tuple:
			out = append(out, x...)
			continue
		case *py.List:
			out = append(out, x.Items...)
			continue
		}
		if _, err := py.Iter(it); err != nil {
			if py.IsException(py.TypeError, err) && notIterable != nil {
				return nil, notIterable(it)
			}
			return nil, err
		}
		err := py.Iterate(it, func(o py.Object) bool {
			out = append(out, o)
			return false
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func do_BUILD_LIST_UNPACK(vm *Vm, arg int32) error {
	items, err := concatIterables(vm.popItems(int(arg&0xff)), nil)
	if err != nil {
		return err
	}
	vm.PUSH(py.NewListFromItems(items))
	return nil
}

func do_BUILD_TUPLE_UNPACK(vm *Vm, arg int32) error {
	items, err := concatIterables(vm.popItems(int(arg&0xff)), nil)
	if err != nil {
		return err
	}
	vm.PUSH(py.Tuple(items))
	return nil
}

func do_BUILD_TUPLE_UNPACK_WITH_CALL(vm *Vm, arg int32) error {
	n := int(arg & 0xff)
	fn := vm.funcBelow(int(arg>>8) + n)
	items, err := concatIterables(vm.popItems(n), func(o py.Object) error {
		return py.ExceptionNewf(py.TypeError, "%s%s argument after * must be an iterable, not %s", EvalGetFuncName(fn), EvalGetFuncDesc(fn), o.Type().Name)
	})
	if err != nil {
		return err
	}
	vm.PUSH(py.Tuple(items))
	return nil
}

func do_BUILD_SET_UNPACK(vm *Vm, arg int32) error {
	items, err := concatIterables(vm.popItems(int(arg&0xff)), nil)
	if err != nil {
		return err
	}
	set, err := py.NewSetFrom(items)
	if err != nil {
		return err
	}
	vm.PUSH(set)
	return nil
}

// mergeMapping adds the items of a mapping to d; onDuplicate (when set) is the error
// for a key already there.
func mergeMapping(d *py.Dict, m py.Object, notMapping func(py.Object) error, onDuplicate func(py.Object) error) error {
	add := func(k, v py.Object) error {
		if onDuplicate != nil {
			if _, found, err := d.GetItem(k); err != nil {
				return err
			} else if found {
				return onDuplicate(k)
			}
		}
		return d.SetItem(k, v)
	}
	switch x := m.(type) {
	case *py.Dict:
		var err error
		x.Range(func(k, v py.Object) bool {
			err = add(k, v)
			return err == nil
		})
		return err
	case py.StringDict:
		for _, k := range py.KeywordOrder(x) {
			if err := add(py.String(k), x[k]); err != nil {
				return err
			}
		}
		return nil
	}
	keysFn, err := py.GetAttrString(m, "keys")
	if err != nil {
		return notMapping(m)
	}
	keys, err := py.Call(keysFn, nil, nil)
	if err != nil {
		return err
	}
	var ierr error
	err = py.Iterate(keys, func(k py.Object) bool {
		var v py.Object
		v, ierr = py.GetItem(m, k)
		if ierr == nil {
			ierr = add(k, v)
		}
		return ierr != nil
	})
	if err != nil {
		return err
	}
	return ierr
}

func do_BUILD_MAP_UNPACK(vm *Vm, arg int32) error {
	d := py.NewDict()
	for _, m := range vm.popItems(int(arg & 0xff)) {
		err := mergeMapping(d, m, func(o py.Object) error {
			return py.ExceptionNewf(py.TypeError, "'%s' object is not a mapping", o.Type().Name)
		}, nil)
		if err != nil {
			return err
		}
	}
	vm.PUSH(d)
	return nil
}

func do_BUILD_MAP_UNPACK_WITH_CALL(vm *Vm, arg int32) error {
	n := int(arg & 0xff)
	fn := vm.funcBelow(int(arg>>8) + n)
	d := py.NewDict()
	for _, m := range vm.popItems(n) {
		err := mergeMapping(d, m, func(o py.Object) error {
			return py.ExceptionNewf(py.TypeError, "%s%s argument after ** must be a mapping, not %s", EvalGetFuncName(fn), EvalGetFuncDesc(fn), o.Type().Name)
		}, func(k py.Object) error {
			if s, ok := k.(py.String); ok {
				return py.ExceptionNewf(py.TypeError, "%s%s got multiple values for keyword argument '%s'", EvalGetFuncName(fn), EvalGetFuncDesc(fn), string(s))
			}
			return py.ExceptionNewf(py.TypeError, "keywords must be strings")
		})
		if err != nil {
			return err
		}
	}
	vm.PUSH(d)
	return nil
}

// do_FORMAT_VALUE formats one f-string field: a conversion (oparg&3: str, repr,
// ascii) then format() with the spec on the stack when oparg&4.
func do_FORMAT_VALUE(vm *Vm, arg int32) error {
	spec := ""
	if arg&4 != 0 {
		s, ok := vm.POP().(py.String)
		if !ok {
			return py.ExceptionNewf(py.SystemError, "FORMAT_VALUE: the format spec is not a str")
		}
		spec = string(s)
	}
	v := vm.TOP()
	switch arg & 3 {
	case 1:
		s, err := py.StrAsString(v)
		if err != nil {
			return err
		}
		v = py.String(s)
	case 2:
		s, err := py.ReprString(v)
		if err != nil {
			return err
		}
		v = py.String(s)
	case 3:
		s, err := py.ReprString(v)
		if err != nil {
			return err
		}
		v = py.String(py.EscapeNonASCII(s))
	}
	if s, ok := v.(py.String); ok && spec == "" {
		vm.SET_TOP(s)
		return nil
	}
	out, err := py.Format(v, spec)
	if err != nil {
		return err
	}
	vm.SET_TOP(py.String(out))
	return nil
}

func do_BUILD_STRING(vm *Vm, arg int32) error {
	items := vm.frame.Stack[len(vm.frame.Stack)-int(arg):]
	var b strings.Builder
	for _, it := range items {
		s, ok := it.(py.String)
		if !ok {
			return py.ExceptionNewf(py.SystemError, "BUILD_STRING: not a str")
		}
		b.WriteString(string(s))
	}
	vm.DROPN(int(arg))
	vm.PUSH(py.String(b.String()))
	return nil
}

func do_GET_LEN(vm *Vm, arg int32) error {
	n, err := py.Len(vm.TOP())
	if err != nil {
		return err
	}
	vm.PUSH(n)
	return nil
}

// isMapping is what a mapping pattern accepts: dicts and classes with keys() and
// __getitem__ (CPython asks for collections.abc.Mapping).
func isMapping(o py.Object) bool {
	switch o.(type) {
	case *py.Dict, py.StringDict:
		return true
	}
	if py.IsInstanceOf(o, py.DictType) {
		return true
	}
	if inst, ok := o.(*py.Type); ok && !py.IsClass(inst) {
		t := inst.Type()
		return t.Lookup("keys") != nil && t.Lookup("__getitem__") != nil
	}
	return false
}

// isSequence is what a sequence pattern accepts: list, tuple, range and their
// subclasses, not str or bytes.
func isSequence(o py.Object) bool {
	switch o.(type) {
	case *py.List, py.Tuple, *py.Range:
		return true
	case py.String, py.Bytes:
		return false
	}
	return py.IsInstanceOf(o, py.ListType) || py.IsInstanceOf(o, py.TupleType) || py.IsInstanceOf(o, py.RangeType)
}

func do_MATCH_MAPPING(vm *Vm, arg int32) error {
	vm.PUSH(py.NewBool(isMapping(vm.TOP())))
	return nil
}

func do_MATCH_SEQUENCE(vm *Vm, arg int32) error {
	vm.PUSH(py.NewBool(isSequence(vm.TOP())))
	return nil
}

// do_MATCH_KEYS: TOS keys, TOS1 subject; pushes a tuple of the subject's values for
// the keys, or None when one is missing.
func do_MATCH_KEYS(vm *Vm, arg int32) error {
	keys := vm.TOP().(py.Tuple)
	subject := vm.SECOND()
	values := make(py.Tuple, len(keys))
	for i, k := range keys {
		var v py.Object
		var found bool
		var err error
		if d, ok := subject.(*py.Dict); ok {
			v, found, err = d.GetItem(k)
		} else {
			v, err = py.GetItem(subject, k)
			found = err == nil
			if err != nil && py.IsException(py.KeyError, err) {
				err = nil
			}
		}
		if err != nil {
			return err
		}
		if !found {
			vm.PUSH(py.None)
			return nil
		}
		values[i] = v
	}
	vm.PUSH(values)
	return nil
}

// do_COPY_DICT_WITHOUT_KEYS: TOS keys, TOS1 subject; TOS becomes a dict of the
// subject's other items (**rest).
func do_COPY_DICT_WITHOUT_KEYS(vm *Vm, arg int32) error {
	keys := vm.TOP().(py.Tuple)
	rest := py.NewDict()
	if err := mergeMapping(rest, vm.SECOND(), func(o py.Object) error {
		return py.ExceptionNewf(py.TypeError, "'%s' object is not a mapping", o.Type().Name)
	}, nil); err != nil {
		return err
	}
	for _, k := range keys {
		if _, err := rest.DelItem(k); err != nil {
			return err
		}
	}
	vm.SET_TOP(rest)
	return nil
}

// selfMatching are the built-in classes whose single positional sub-pattern matches
// the subject itself (`case int(x)`).
func selfMatching(t *py.Type) bool {
	switch t {
	case py.BoolType, py.BytesType, py.DictType, py.FloatType, py.FrozenSetType, py.IntType,
		py.ListType, py.SetType, py.StringType, py.TupleType:
		return true
	}
	return false
}

// do_MATCH_CLASS: TOS keyword attribute names, TOS1 class, TOS2 subject; pushes the
// tuple of attributes (positional ones through __match_args__) or None.
func do_MATCH_CLASS(vm *Vm, npos int32) error {
	names := vm.POP().(py.Tuple)
	clsObj := vm.POP()
	subject := vm.TOP()
	cls, ok := clsObj.(*py.Type)
	if !ok || !py.IsClass(cls) {
		return py.ExceptionNewf(py.TypeError, "called match pattern must be a class")
	}
	if !py.IsInstanceOf(subject, cls) {
		vm.SET_TOP(py.None)
		return nil
	}
	var attrs py.Tuple
	seen := map[string]bool{}
	if npos > 0 {
		matchArgs := cls.Lookup("__match_args__")
		if matchArgs == nil {
			if npos == 1 && selfMatchingClass(cls) {
				attrs = append(attrs, subject)
				goto keywords
			}
			return py.ExceptionNewf(py.TypeError, "%s() accepts 0 positional sub-patterns (%d given)", cls.Name, npos)
		}
		args, ok := matchArgs.(py.Tuple)
		if !ok {
			return py.ExceptionNewf(py.TypeError, "%s.__match_args__ must be a tuple (got %s)", cls.Name, matchArgs.Type().Name)
		}
		if int(npos) > len(args) {
			plural := "s"
			if len(args) == 1 {
				plural = ""
			}
			return py.ExceptionNewf(py.TypeError, "%s() accepts %d positional sub-pattern%s (%d given)", cls.Name, len(args), plural, npos)
		}
		for _, a := range args[:npos] {
			name, ok := a.(py.String)
			if !ok {
				return py.ExceptionNewf(py.TypeError, "__match_args__ elements must be strings (got %s)", a.Type().Name)
			}
			seen[string(name)] = true
			v, err := py.GetAttrString(subject, string(name))
			if err != nil {
				if py.IsException(py.AttributeError, err) {
					vm.SET_TOP(py.None)
					return nil
				}
				return err
			}
			attrs = append(attrs, v)
		}
	}
keywords:
	for _, n := range names {
		name := string(n.(py.String))
		if seen[name] {
			return py.ExceptionNewf(py.TypeError, "%s() got multiple sub-patterns for attribute '%s'", cls.Name, name)
		}
		seen[name] = true
		v, err := py.GetAttrString(subject, name)
		if err != nil {
			if py.IsException(py.AttributeError, err) {
				vm.SET_TOP(py.None)
				return nil
			}
			return err
		}
		attrs = append(attrs, v)
	}
	vm.SET_TOP(attrs)
	return nil
}

// selfMatchingClass is selfMatching for a class or its subclasses.
func selfMatchingClass(cls *py.Type) bool {
	for _, b := range cls.Mro {
		if t, ok := b.(*py.Type); ok && selfMatching(t) {
			return true
		}
	}
	return selfMatching(cls)
}

func init() {
	for op, name := range map[OpCode]string{
		BINARY_MATRIX_MULTIPLY: "BINARY_MATRIX_MULTIPLY", INPLACE_MATRIX_MULTIPLY: "INPLACE_MATRIX_MULTIPLY",
		SETUP_ANNOTATIONS: "SETUP_ANNOTATIONS", BUILD_LIST_UNPACK: "BUILD_LIST_UNPACK",
		BUILD_TUPLE_UNPACK: "BUILD_TUPLE_UNPACK", BUILD_TUPLE_UNPACK_WITH_CALL: "BUILD_TUPLE_UNPACK_WITH_CALL",
		BUILD_SET_UNPACK: "BUILD_SET_UNPACK", BUILD_MAP_UNPACK: "BUILD_MAP_UNPACK",
		BUILD_MAP_UNPACK_WITH_CALL: "BUILD_MAP_UNPACK_WITH_CALL", FORMAT_VALUE: "FORMAT_VALUE",
		BUILD_STRING: "BUILD_STRING", GET_LEN: "GET_LEN", MATCH_MAPPING: "MATCH_MAPPING",
		MATCH_SEQUENCE: "MATCH_SEQUENCE", MATCH_KEYS: "MATCH_KEYS",
		COPY_DICT_WITHOUT_KEYS: "COPY_DICT_WITHOUT_KEYS", MATCH_CLASS: "MATCH_CLASS",
	} {
		_OpCode_map[op] = name
	}
}
