package py

// GenericAlias is what subscripting a built-in class makes in annotations
// (list[int], dict[str, float]): a no-op at run time that prints as written.

import "strings"

// GenericAlias is types.GenericAlias.
type GenericAlias struct {
	Origin *Type
	Args   Tuple
}

// GenericAliasType is the type of list[int].
var GenericAliasType = NewType("types.GenericAlias", "Represent a PEP 585 generic type")

func (g *GenericAlias) Type() *Type { return GenericAliasType }

func (g *GenericAlias) M__repr__() (Object, error) {
	parts := make([]string, len(g.Args))
	for i, a := range g.Args {
		s, err := typeReprForAlias(a)
		if err != nil {
			return nil, err
		}
		parts[i] = s
	}
	if len(parts) == 0 {
		parts = []string{"()"}
	}
	return String(typeReprForAlias0(g.Origin) + "[" + strings.Join(parts, ", ") + "]"), nil
}

func typeReprForAlias0(t *Type) string {
	if m, ok := t.Dict["__module__"].(String); ok && m != "builtins" {
		return string(m) + "." + t.Name
	}
	return t.Name
}

func typeReprForAlias(o Object) (string, error) {
	switch x := o.(type) {
	case *Type:
		if x.isClass() {
			return typeReprForAlias0(x), nil
		}
	case EllipsisType:
		return "...", nil
	case NoneType:
		return "None", nil
	}
	return ReprAsString(o)
}

func (g *GenericAlias) M__call__(args Tuple, kwargs StringDict) (Object, error) {
	return Call(g.Origin, args, kwargs)
}

func (g *GenericAlias) M__getitem__(key Object) (Object, error) {
	args, ok := key.(Tuple)
	if !ok {
		args = Tuple{key}
	}
	return &GenericAlias{Origin: g.Origin, Args: args}, nil
}

func (g *GenericAlias) M__eq__(other Object) (Object, error) {
	o, ok := other.(*GenericAlias)
	if !ok {
		return NotImplemented, nil
	}
	if o.Origin != g.Origin {
		return False, nil
	}
	return Eq(g.Args, o.Args)
}

func init() {
	GenericAliasType.Dict["__origin__"] = &Property{Fget: func(self Object) (Object, error) { return self.(*GenericAlias).Origin, nil }}
	GenericAliasType.Dict["__args__"] = &Property{Fget: func(self Object) (Object, error) { return self.(*GenericAlias).Args, nil }}
	GenericAliasType.Dict["__mro_entries__"] = MustNewMethod("__mro_entries__", func(self Object, bases Object) (Object, error) {
		return Tuple{self.(*GenericAlias).Origin}, nil
	}, 0, "")
	classGetItem := &ClassMethod{Callable: MustNewMethod("__class_getitem__", func(self Object, args Tuple) (Object, error) {
		cls, ok := self.(*Type)
		if !ok || len(args) != 1 {
			return nil, ExceptionNewf(TypeError, "__class_getitem__ takes one argument")
		}
		items, ok := args[0].(Tuple)
		if !ok {
			items = Tuple{args[0]}
		}
		return &GenericAlias{Origin: cls, Args: items}, nil
	}, 0, "See PEP 585"), Dict: StringDict{}}
	for _, t := range []*Type{ListType, DictType, TupleType, SetType, FrozenSetType, TypeType} {
		t.Dict["__class_getitem__"] = classGetItem
	}
}

// classGetItem is cls[key] for a class: its metaclass's __getitem__, else its
// __class_getitem__ (list[int], Generic[T]).
func classGetItem(cls *Type, key Object) (Object, bool, error) {
	if res, ok, err := TypeCall1(cls, "__getitem__", key); ok {
		return res, true, err
	}
	fn := cls.Lookup("__class_getitem__")
	if fn == nil {
		return nil, false, nil
	}
	var bound Object = fn
	var err error
	switch f := fn.(type) {
	case *ClassMethod:
		bound, err = f.M__get__(cls, cls)
	case *Function:
		bound = NewBoundMethod(cls, f)
	}
	if err != nil {
		return nil, true, err
	}
	res, err := Call(bound, Tuple{key}, nil)
	return res, true, err
}
