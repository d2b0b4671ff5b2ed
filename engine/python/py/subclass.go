package py

// Classes defined in Python may derive from the built-in types dict, list, set,
// frozenset, tuple, str, int, float, bytes and complex. Their instances are *Type
// values like any instance of a Python class, with Value holding the built-in value
// they extend. Methods of the built-in type run on Value (a method that returns the
// container itself returns the instance), and the special methods the class does not
// override act on Value, found through the built-in type's dict as in CPython
// (super().__setitem__, dict.__init__(self), str.upper(s)).

import (
	"fmt"
	"sort"
	"strings"
)

// valueBases are the built-in types a Python class may extend.
var valueBases = map[*Type]bool{}

// ValueBase is the built-in type that t (a class) extends, or nil.
func ValueBase(t *Type) *Type {
	for _, b := range t.Mro {
		if bt, ok := b.(*Type); ok && valueBases[bt] {
			return bt
		}
	}
	return nil
}

// Unwrap returns the built-in value of an instance of a class derived from a built-in
// type (a Counter's dict, an IntEnum member's int), or o itself.
func Unwrap(o Object) Object {
	if inst, ok := o.(*Type); ok && inst.Value != nil {
		return inst.Value
	}
	return o
}

// newValueInstance makes an instance of cls around the built-in value v.
func newValueInstance(cls *Type, v Object) *Type {
	inst := cls.Alloc()
	inst.Value = v
	return inst
}

// startValue is the value an instance of a class extending base starts with: mutable
// containers start empty (their __init__ fills them), the others are made from the
// arguments as base(...) makes them.
func startValue(base *Type, args Tuple, kwargs StringDict) (Object, error) {
	switch base {
	case DictType:
		return NewDict(), nil
	case ListType:
		return NewList(), nil
	case SetType:
		return NewSet(), nil
	}
	return base.New(base, args, kwargs)
}

// valueSubclassNew is __new__ of a class extending a built-in type.
func valueSubclassNew(cls *Type, args Tuple, kwargs StringDict) (Object, error) {
	base := ValueBase(cls)
	v, err := startValue(base, args, kwargs)
	if err != nil {
		return nil, err
	}
	return newValueInstance(cls, Unwrap(v)), nil
}

// pythonNew is __new__ of a class whose __new__ is written in Python.
func pythonNew(cls *Type, args Tuple, kwargs StringDict) (Object, error) {
	fn := cls.Lookup("__new__")
	if sm, ok := fn.(*StaticMethod); ok {
		fn = sm.Callable
	}
	return Call(fn, append(Tuple{cls}, args...), kwargs)
}

// specialMethods are the special methods of subclass.go: they get the instance
// itself (and unwrap it), so dict.__getitem__ can call __missing__.
var specialMethods = map[*Method]bool{}

// builtinNewMethods are the __new__ entries of the built-in types' dicts.
var builtinNewMethods = map[*StaticMethod]bool{}

// hasPythonNew reports whether a class (or one of its bases) defines __new__ in Python.
func hasPythonNew(t *Type) bool {
	fn := t.Lookup("__new__")
	if fn == nil {
		return false
	}
	if sm, ok := fn.(*StaticMethod); ok && builtinNewMethods[sm] {
		return false
	}
	return true
}

// ownsMethod reports whether m is a method of the built-in type t (or its bases
// other than object).
func ownsMethod(t *Type, m *Method) bool {
	for _, b := range t.Mro {
		bt := b.(*Type)
		if bt == ObjectType {
			break
		}
		if mm, ok := bt.Dict[m.Name].(*Method); ok && mm == m {
			return true
		}
	}
	return false
}

// receiverFor is the self a Go method runs on: the built-in value of a subclass
// instance when m belongs to that built-in type (unwrapped is then true).
func receiverFor(self Object, m *Method) (recv Object, unwrapped bool) {
	if inst, ok := self.(*Type); ok && inst.Value != nil && !specialMethods[m] && ownsMethod(inst.Value.Type(), m) {
		return inst.Value, true
	}
	return self, false
}

// sameContainer reports whether res is the mutable container v (a method that
// returns self, as list.__iadd__ does).
func sameContainer(res, v Object) bool {
	switch x := v.(type) {
	case *Dict:
		r, ok := res.(*Dict)
		return ok && r == x
	case *List:
		r, ok := res.(*List)
		return ok && r == x
	case *Set:
		r, ok := res.(*Set)
		return ok && r == x
	}
	return false
}

// callGoMethod calls a Go method with self, running it on the built-in value of a
// subclass instance.
func callGoMethod(m *Method, self Object, args Tuple, kwargs StringDict) (Object, error) {
	recv, unwrapped := receiverFor(self, m)
	var res Object
	var err error
	if kwargs != nil {
		res, err = m.CallWithKeywords(recv, args, kwargs)
	} else {
		res, err = m.Call(recv, args)
	}
	if err == nil && unwrapped && sameContainer(res, recv) {
		res = self
	}
	return res, err
}

// CallSpecial calls the attribute fn, found on self's type, as a method of self: a
// function gets self first, a Go method runs on self (or its built-in value), other
// descriptors are bound first.
func CallSpecial(fn Object, self Object, args ...Object) (Object, error) {
	switch f := fn.(type) {
	case *Function:
		return f.M__call__(append(Tuple{self}, args...), nil)
	case *Method:
		return callGoMethod(f, self, Tuple(args), nil)
	case I__get__:
		bound, err := f.M__get__(self, self.Type())
		if err != nil {
			return nil, err
		}
		return Call(bound, Tuple(args), nil)
	}
	return Call(fn, append(Tuple{self}, args...), nil)
}

// typeSpecial finds a special method on an object's type (not in its instance dict,
// as CPython's special method lookup does).
func typeSpecial(self Object, name string) Object {
	return self.Type().Lookup(name)
}

// special methods the built-in value types expose in their dicts, so subclasses
// inherit them and reach them through super() and the type (dict.__setitem__).
type specialImpl struct {
	name  string
	nargs int
	fn    func(self Object, args Tuple) (Object, error)
	when  func(t *Type) bool // which built-in types get it; nil is all
}

func isContainer(t *Type) bool {
	switch t {
	case DictType, ListType, SetType, FrozenSetType, TupleType, StringType, BytesType:
		return true
	}
	return false
}

func isNumber(t *Type) bool {
	switch t {
	case IntType, FloatType, ComplexType:
		return true
	}
	return false
}

func isSubscriptable(t *Type) bool {
	switch t {
	case DictType, ListType, TupleType, StringType, BytesType:
		return true
	}
	return false
}

func isMutableSubscriptable(t *Type) bool { return t == DictType || t == ListType }

func isHashable(t *Type) bool {
	switch t {
	case DictType, ListType, SetType:
		return false
	}
	return true
}

func isIntegral(t *Type) bool { return t == IntType }

func binarySpecial(name string, op func(a, b Object) (Object, error), when func(*Type) bool) specialImpl {
	return specialImpl{name: name, nargs: 1, when: when, fn: func(self Object, args Tuple) (Object, error) {
		return op(self, args[0])
	}}
}

func reflectedSpecial(name string, op func(a, b Object) (Object, error), when func(*Type) bool) specialImpl {
	return specialImpl{name: name, nargs: 1, when: when, fn: func(self Object, args Tuple) (Object, error) {
		return op(args[0], self)
	}}
}

func unarySpecial(name string, op func(a Object) (Object, error), when func(*Type) bool) specialImpl {
	return specialImpl{name: name, nargs: 0, when: when, fn: func(self Object, args Tuple) (Object, error) {
		return op(self)
	}}
}

func formatT(t *Type) bool    { return t == StringType || isNumber(t) }
func strOrBytes(t *Type) bool { return t == StringType || t == BytesType }
func numberOrSeq(t *Type) bool {
	return isNumber(t) || t == StringType || t == ListType || t == TupleType || t == BytesType
}
func setOrInt(t *Type) bool {
	return t == IntType || t == SetType || t == FrozenSetType || t == DictType
}
func seqAdd(t *Type) bool {
	return isNumber(t) || t == StringType || t == ListType || t == TupleType || t == BytesType
}
func numOnly(t *Type) bool        { return isNumber(t) }
func realOnly(t *Type) bool       { return t == IntType || t == FloatType }
func intOrSet(t *Type) bool       { return t == IntType || t == SetType || t == FrozenSetType }
func mutableSeq(t *Type) bool     { return t == ListType }
func orderable(t *Type) bool      { return t != DictType && t != ComplexType }
func modTypes(t *Type) bool       { return realOnly(t) || t == StringType || t == BytesType }
func subTypes(t *Type) bool       { return isNumber(t) || t == SetType || t == FrozenSetType }
func notDictLike(t *Type) bool    { return t != DictType }
func lengthTypes(t *Type) bool    { return isContainer(t) }
func inplaceOr(t *Type) bool      { return t == DictType || t == SetType }
func inplaceSet(t *Type) bool     { return t == SetType }
func inplaceAddT(t *Type) bool    { return t == ListType }
func numberConv(t *Type) bool     { return realOnly(t) }
func containsT(t *Type) bool      { return isContainer(t) }
func iterableT(t *Type) bool      { return isContainer(t) }
func deletableT(t *Type) bool     { return t == DictType || t == ListType }
func alwaysTrue(t *Type) bool     { return true }
func subscriptT(t *Type) bool     { return isSubscriptable(t) }
func assignableT(t *Type) bool    { return isMutableSubscriptable(t) }
func hashableT(t *Type) bool      { return isHashable(t) }
func integralT(t *Type) bool      { return isIntegral(t) }
func powT(t *Type) bool           { return isNumber(t) }
func floorDivT(t *Type) bool      { return realOnly(t) }
func invertT(t *Type) bool        { return t == IntType }
func shiftT(t *Type) bool         { return t == IntType }
func multiplyT(t *Type) bool      { return numberOrSeq(t) }
func unaryNumT(t *Type) bool      { return isNumber(t) }
func andOrXorT(t *Type) bool      { return intOrSet(t) }
func inplaceXorT(t *Type) bool    { return t == SetType }
func inplaceSubT(t *Type) bool    { return t == SetType }
func inplaceMulT(t *Type) bool    { return t == ListType }
func setOrIntOrDict(t *Type) bool { return setOrInt(t) }

var specials = []specialImpl{
	unarySpecial("__repr__", Repr, nil),
	unarySpecial("__str__", Str, strOrBytes),
	unarySpecial("__len__", Len, lengthTypes),
	unarySpecial("__iter__", Iter, iterableT),
	unarySpecial("__bool__", MakeBool, numOnly),
	unarySpecial("__hash__", func(a Object) (Object, error) {
		h, err := Hash(a)
		return Int(h), err
	}, hashableT),
	unarySpecial("__neg__", Neg, unaryNumT),
	unarySpecial("__pos__", Pos, unaryNumT),
	unarySpecial("__abs__", Abs, unaryNumT),
	unarySpecial("__invert__", Invert, invertT),
	unarySpecial("__index__", func(a Object) (Object, error) { return Index(a) }, integralT),
	unarySpecial("__int__", func(a Object) (Object, error) { return IntNew(IntType, Tuple{a}, nil) }, numberConv),
	unarySpecial("__float__", func(a Object) (Object, error) { return FloatNew(FloatType, Tuple{a}, nil) }, numberConv),
	binarySpecial("__format__", func(a, spec Object) (Object, error) {
		s, ok := spec.(String)
		if !ok {
			return nil, ExceptionNewf(TypeError, "format() argument 2 must be str, not %s", spec.Type().Name)
		}
		out, err := Format(a, string(s))
		return String(out), err
	}, formatT),
	binarySpecial("__getitem__", GetItem, subscriptT),
	binarySpecial("__delitem__", func(a, b Object) (Object, error) { return DelItem(a, b) }, deletableT),
	binarySpecial("__contains__", func(a, b Object) (Object, error) {
		found, err := SequenceContains(a, b)
		return NewBool(found), err
	}, containsT),
	{name: "__setitem__", nargs: 2, when: assignableT, fn: func(self Object, args Tuple) (Object, error) {
		return SetItem(self, args[0], args[1])
	}},
	binarySpecial("__eq__", Eq, nil),
	binarySpecial("__ne__", Ne, nil),
	binarySpecial("__lt__", Lt, orderable),
	binarySpecial("__le__", Le, orderable),
	binarySpecial("__gt__", Gt, orderable),
	binarySpecial("__ge__", Ge, orderable),
	binarySpecial("__add__", Add, seqAdd),
	reflectedSpecial("__radd__", Add, seqAdd),
	binarySpecial("__iadd__", IAdd, inplaceAddT),
	binarySpecial("__sub__", Sub, subTypes),
	reflectedSpecial("__rsub__", Sub, subTypes),
	binarySpecial("__isub__", ISub, inplaceSubT),
	binarySpecial("__mul__", Mul, multiplyT),
	reflectedSpecial("__rmul__", Mul, multiplyT),
	binarySpecial("__imul__", IMul, inplaceMulT),
	binarySpecial("__truediv__", TrueDiv, numOnly),
	reflectedSpecial("__rtruediv__", TrueDiv, numOnly),
	binarySpecial("__floordiv__", FloorDiv, floorDivT),
	reflectedSpecial("__rfloordiv__", FloorDiv, floorDivT),
	binarySpecial("__mod__", Mod, modTypes),
	reflectedSpecial("__rmod__", Mod, modTypes),
	binarySpecial("__divmod__", divmodTuple, floorDivT),
	reflectedSpecial("__rdivmod__", divmodTuple, floorDivT),
	binarySpecial("__pow__", func(a, b Object) (Object, error) { return Pow(a, b, None) }, powT),
	reflectedSpecial("__rpow__", func(a, b Object) (Object, error) { return Pow(a, b, None) }, powT),
	binarySpecial("__and__", And, andOrXorT),
	reflectedSpecial("__rand__", And, andOrXorT),
	binarySpecial("__iand__", IAnd, inplaceSet),
	binarySpecial("__or__", Or, setOrIntOrDict),
	reflectedSpecial("__ror__", Or, setOrIntOrDict),
	binarySpecial("__ior__", IOr, inplaceOr),
	binarySpecial("__xor__", Xor, andOrXorT),
	reflectedSpecial("__rxor__", Xor, andOrXorT),
	binarySpecial("__ixor__", IXor, inplaceXorT),
	binarySpecial("__lshift__", Lshift, shiftT),
	reflectedSpecial("__rlshift__", Lshift, shiftT),
	binarySpecial("__rshift__", Rshift, shiftT),
	reflectedSpecial("__rrshift__", Rshift, shiftT),
}

func divmodTuple(a, b Object) (Object, error) {
	q, r, err := DivMod(a, b)
	if err != nil {
		return nil, err
	}
	return Tuple{q, r}, nil
}

// getItemMissing is dict.__getitem__ for an instance of a dict subclass: a missing
// key calls the class's __missing__ (Counter, defaultdict).
func getItemMissing(self, v, key Object) (Object, error) {
	d, ok := v.(*Dict)
	inst, isInst := self.(*Type)
	if !ok || !isInst || inst.Value == nil {
		return GetItem(v, key)
	}
	res, found, err := d.GetItem(key)
	if err != nil || found {
		return res, err
	}
	if fn := inst.Type().Lookup("__missing__"); fn != nil {
		return CallSpecial(fn, self, key)
	}
	return nil, keyError(key)
}

// initContainer is __init__ of dict, list and set: fill the container from the
// arguments (dict.update; list and set are cleared first, as in CPython).
func initContainer(self Object, args Tuple, kwargs StringDict) (Object, error) {
	switch c := self.(type) {
	case *Dict:
		if len(args) > 1 {
			return nil, ExceptionNewf(TypeError, "dict expected at most 1 argument, got %d", len(args))
		}
		if len(args) == 1 {
			if err := c.update(args[0]); err != nil {
				return nil, err
			}
		}
		for _, k := range KeywordOrder(kwargs) {
			c.SetStr(k, kwargs[k])
		}
	case *List:
		if len(kwargs) > 0 {
			return nil, ExceptionNewf(TypeError, "list() takes no keyword arguments")
		}
		if len(args) > 1 {
			return nil, ExceptionNewf(TypeError, "list expected at most 1 argument, got %d", len(args))
		}
		c.Items = c.Items[:0]
		if len(args) == 1 {
			if err := c.ExtendSequence(args[0]); err != nil {
				return nil, err
			}
		}
	case *Set:
		if len(kwargs) > 0 {
			return nil, ExceptionNewf(TypeError, "set() takes no keyword arguments")
		}
		if len(args) > 1 {
			return nil, ExceptionNewf(TypeError, "set expected at most 1 argument, got %d", len(args))
		}
		n, err := SetNew(SetType, args, nil)
		if err != nil {
			return nil, err
		}
		*c = *n.(*Set)
	default:
		return nil, ExceptionNewf(TypeError, "descriptor '__init__' requires a container")
	}
	return None, nil
}

// builtinNew makes the static __new__ of a built-in type: base(*args) for base
// itself, an instance of the subclass around it otherwise.
func builtinNew(base *Type) Object {
	m := MustNewMethod("__new__", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		if len(args) == 0 {
			return nil, ExceptionNewf(TypeError, "%s.__new__(): not enough arguments", base.Name)
		}
		cls, ok := args[0].(*Type)
		if !ok || !cls.isClass() {
			return nil, ExceptionNewf(TypeError, "%s.__new__(X): X is not a type object (%s)", base.Name, args[0].Type().Name)
		}
		if !cls.IsSubtype(base) {
			return nil, ExceptionNewf(TypeError, "%s.__new__(%s): %s is not a subtype of %s", base.Name, cls.Name, cls.Name, base.Name)
		}
		if cls == base {
			if base == DictType || base == ListType || base == SetType {
				return startValue(base, nil, nil)
			}
			return base.New(base, args[1:], kwargs)
		}
		v, err := startValue(base, args[1:], kwargs)
		if err != nil {
			return nil, err
		}
		return newValueInstance(cls, Unwrap(v)), nil
	}, 0, fmt.Sprintf("Create and return a new %s object.", base.Name))
	sm := &StaticMethod{Callable: m, Dict: StringDict{}}
	builtinNewMethods[sm] = true
	return sm
}

// objectNewMethod is object.__new__(cls): a bare instance of cls.
func objectNew(self Object, args Tuple, kwargs StringDict) (Object, error) {
	if len(args) == 0 {
		return nil, ExceptionNewf(TypeError, "object.__new__(): not enough arguments")
	}
	cls, ok := args[0].(*Type)
	if !ok || !cls.isClass() {
		return nil, ExceptionNewf(TypeError, "object.__new__(X): X is not a type object (%s)", args[0].Type().Name)
	}
	if err := checkAbstract(cls); err != nil {
		return nil, err
	}
	if cls.IsSubtype(BaseException) {
		return ExceptionNew(cls, args[1:], kwargs)
	}
	if base := ValueBase(cls); base != nil {
		return nil, ExceptionNewf(TypeError, "object.__new__(%s) is not safe, use %s.__new__()", cls.Name, base.Name)
	}
	return cls.Alloc(), nil
}

// checkAbstract refuses to instantiate a class with abstract methods left (abc).
func checkAbstract(cls *Type) error {
	am := cls.Lookup("__abstractmethods__")
	if am == nil {
		return nil
	}
	var names []string
	err := Iterate(am, func(it Object) bool {
		if s, ok := it.(String); ok {
			names = append(names, string(s))
		}
		return false
	})
	if err != nil || len(names) == 0 {
		return err
	}
	sort.Strings(names)
	plural := "s"
	if len(names) == 1 {
		plural = ""
	}
	return ExceptionNewf(TypeError, "Can't instantiate abstract class %s with abstract method%s %s", cls.Name, plural, strings.Join(names, ", "))
}

func init() {
	for _, t := range []*Type{DictType, ListType, SetType, FrozenSetType, TupleType, StringType, IntType, FloatType, BytesType, ComplexType} {
		valueBases[t] = true
		t.Flags |= TPFLAGS_BASETYPE
		for _, sp := range specials {
			if sp.when != nil && !sp.when(t) {
				continue
			}
			if _, ok := t.Dict[sp.name]; ok {
				continue
			}
			sp := sp
			m := MustNewMethod(sp.name, func(self Object, args Tuple) (Object, error) {
				if len(args) != sp.nargs {
					return nil, ExceptionNewf(TypeError, "expected %d argument%s, got %d", sp.nargs, map[bool]string{true: "", false: "s"}[sp.nargs == 1], len(args))
				}
				v := Unwrap(self)
				if sp.name == "__getitem__" {
					return getItemMissing(self, v, args[0])
				}
				res, err := sp.fn(v, args)
				if err == nil && sameContainer(res, v) {
					res = self
				}
				return res, err
			}, 0, "")
			specialMethods[m] = true
			t.Dict[sp.name] = m
		}
		t.Dict["__new__"] = builtinNew(t)
	}
	for _, t := range []*Type{DictType, ListType, SetType} {
		t.Dict["__init__"] = MustNewMethod("__init__", initContainer, 0, "Initialize self.")
		t.Dict["__hash__"] = None
	}
	TypeType.Flags |= TPFLAGS_BASETYPE
	objNew := &StaticMethod{Callable: MustNewMethod("__new__", objectNew, 0, "Create and return a new object."), Dict: StringDict{}}
	builtinNewMethods[objNew] = true
	ObjectType.Dict["__new__"] = objNew
	typeNew := &StaticMethod{Callable: MustNewMethod("__new__", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		if len(args) == 0 {
			return nil, ExceptionNewf(TypeError, "type.__new__(): not enough arguments")
		}
		mcls, ok := args[0].(*Type)
		if !ok || !mcls.isClass() || !mcls.IsSubtype(TypeType) {
			return nil, ExceptionNewf(TypeError, "type.__new__(X): X is not a type object (%s)", args[0].Type().Name)
		}
		return TypeNew(mcls, args[1:], kwargs)
	}, 0, "Create and return a new object."), Dict: StringDict{}}
	builtinNewMethods[typeNew] = true
	TypeType.Dict["__new__"] = typeNew
	TypeType.Dict["__call__"] = MustNewMethod("__call__", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		cls, ok := self.(*Type)
		if !ok || !cls.isClass() {
			return nil, ExceptionNewf(TypeError, "descriptor '__call__' requires a 'type' object")
		}
		return cls.instantiate(args, kwargs)
	}, 0, "Call self as a function.")
	ObjectType.Dict["__init_subclass__"] = &ClassMethod{Callable: MustNewMethod("__init_subclass__", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		if len(kwargs) > 0 || len(args) > 0 {
			name := "object"
			if c, ok := self.(*Type); ok {
				name = c.Name
			}
			return nil, ExceptionNewf(TypeError, "%s.__init_subclass__() takes no keyword arguments", name)
		}
		return None, nil
	}, 0, "This method is called when a class is subclassed."), Dict: StringDict{}}
}
