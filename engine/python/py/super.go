// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// super objects

package py

// Super is super(type, obj): attribute lookups start after type in obj's MRO.
type Super struct {
	ThisClass *Type  // the class whose MRO successor is searched
	Obj       Object // the instance (or class, for classmethods)
	ObjType   *Type  // the class whose MRO is walked
}

// SuperType is the super builtin. super() with no arguments is resolved by the VM,
// which knows the calling frame's __class__ cell and first argument.
var SuperType = NewTypeX("super", `super() -> same as super(__class__, <first argument>)
super(type, obj) -> bound super object; requires isinstance(obj, type)
super(type, type2) -> bound super object; requires issubclass(type2, type)`, superNew, nil)

func (s *Super) Type() *Type { return SuperType }

func superNew(metatype *Type, args Tuple, kwargs StringDict) (Object, error) {
	if len(kwargs) != 0 {
		return nil, ExceptionNewf(TypeError, "super() takes no keyword arguments")
	}
	switch len(args) {
	case 0:
		return nil, ExceptionNewf(RuntimeError, "super(): no arguments")
	case 2:
		return NewSuper(args[0], args[1])
	}
	return nil, ExceptionNewf(TypeError, "super() takes 0 or 2 arguments (%d given)", len(args))
}

// NewSuper makes super(thisClass, obj).
func NewSuper(thisClass, obj Object) (*Super, error) {
	t, ok := thisClass.(*Type)
	if !ok || !t.isClass() {
		return nil, ExceptionNewf(TypeError, "super() argument 1 must be a type, not %s", thisClass.Type().Name)
	}
	if cls, ok := obj.(*Type); ok && cls.isClass() && cls.IsSubtype(t) {
		return &Super{ThisClass: t, Obj: obj, ObjType: cls}, nil
	}
	if obj.Type().IsSubtype(t) {
		return &Super{ThisClass: t, Obj: obj, ObjType: obj.Type()}, nil
	}
	return nil, ExceptionNewf(TypeError, "super(type, obj): obj must be an instance or subtype of type")
}

// M__getattribute__ looks name up in the classes after ThisClass in ObjType's MRO.
func (s *Super) M__getattribute__(name string) (Object, error) {
	if name == "__class__" {
		return SuperType, nil
	}
	mro := s.ObjType.Mro
	i := 0
	for i < len(mro) && mro[i] != Object(s.ThisClass) {
		i++
	}
	for i++; i < len(mro); i++ {
		base, ok := mro[i].(*Type)
		if !ok {
			continue
		}
		res, ok := base.Dict[name]
		if !ok {
			continue
		}
		var inst Object = s.Obj
		if s.Obj == Object(s.ObjType) {
			inst = None // super() in a classmethod: bind to the class
		}
		switch x := res.(type) {
		case *Method:
			if inst == None {
				return newUnboundMethod(x, base), nil
			}
			return NewBoundMethod(inst, x), nil
		case I__get__:
			return x.M__get__(inst, s.ObjType)
		}
		return res, nil
	}
	return nil, ExceptionNewf(AttributeError, "'super' object has no attribute '%s'", name)
}

func (s *Super) M__repr__() (Object, error) {
	return String("<super: <class '" + s.ThisClass.Name + "'>, <" + s.ObjType.Name + " object>>"), nil
}

var _ I__getattribute__ = (*Super)(nil)
