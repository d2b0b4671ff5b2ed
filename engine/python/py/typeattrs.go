// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// The attributes every class and instance has: __name__, __mro__, __class__...

package py

func typeSelf(self Object) (*Type, error) {
	t, ok := self.(*Type)
	if !ok || !t.isClass() {
		return nil, ExceptionNewf(TypeError, "descriptor requires a 'type' object but received a '%s'", self.Type().Name)
	}
	return t, nil
}

func typeProperty(name string, get func(t *Type) Object) {
	TypeType.Dict[name] = &Property{Fget: func(self Object) (Object, error) {
		t, err := typeSelf(self)
		if err != nil {
			return nil, err
		}
		return get(t), nil
	}}
}

// typeSetter makes a class attribute writable for classes defined in Python.
func typeSetter(name string, set func(t *Type, v Object) error) {
	p := TypeType.Dict[name].(*Property)
	p.Fset = func(self, value Object) error {
		t, err := typeSelf(self)
		if err != nil {
			return err
		}
		if t.Flags&TPFLAGS_HEAPTYPE == 0 {
			return ExceptionNewf(TypeError, "cannot set '%s' attribute of immutable type '%s'", name, t.Name)
		}
		return set(t, value)
	}
}

// object.__setattr__ and object.__delattr__, which a class's own __setattr__ calls
// through super() (frozen dataclasses).
var (
	objectSetattr = MustNewMethod("__setattr__", func(self Object, args Tuple) (Object, error) {
		var name, value Object
		if err := UnpackTuple(args, nil, "__setattr__", 2, 2, &name, &value); err != nil {
			return nil, err
		}
		key, err := AttributeName(name)
		if err != nil {
			return nil, err
		}
		return genericSetAttr(self, key, value)
	}, 0, "Implement setattr(self, name, value).")
	objectDelattr = MustNewMethod("__delattr__", func(self Object, args Tuple) (Object, error) {
		var name Object
		if err := UnpackTuple(args, nil, "__delattr__", 1, 1, &name); err != nil {
			return nil, err
		}
		key, err := AttributeName(name)
		if err != nil {
			return nil, err
		}
		return None, genericDelAttr(self, key)
	}, 0, "Implement delattr(self, name).")
)

// object's default __repr__, __str__, __hash__ and __format__, reachable through
// super() and object.__repr__(self).
var (
	objectRepr = MustNewMethod("__repr__", func(self Object) (Object, error) {
		if inst, ok := self.(*Type); ok && !inst.isClass() {
			return String(defaultInstanceRepr(inst)), nil
		}
		return Repr(self)
	}, 0, "Return repr(self).")
	objectStr = MustNewMethod("__str__", func(self Object) (Object, error) {
		return Repr(self)
	}, 0, "Return str(self).")
	objectHash = MustNewMethod("__hash__", func(self Object) (Object, error) {
		return Int(identityHash(self)), nil
	}, 0, "Return hash(self).")
	objectFormat = MustNewMethod("__format__", func(self Object, spec Object) (Object, error) {
		s, ok := spec.(String)
		if !ok {
			return nil, ExceptionNewf(TypeError, "__format__() argument must be str, not %s", spec.Type().Name)
		}
		if s != "" {
			return nil, ExceptionNewf(TypeError, "unsupported format string passed to %s.__format__", self.Type().Name)
		}
		return Str(self)
	}, 0, "Default object formatter.")
)

func init() {
	ObjectType.Dict["__repr__"] = objectRepr
	ObjectType.Dict["__str__"] = objectStr
	ObjectType.Dict["__hash__"] = objectHash
	ObjectType.Dict["__format__"] = objectFormat
	ObjectType.Dict["__setattr__"] = objectSetattr
	ObjectType.Dict["__delattr__"] = objectDelattr
	typeProperty("__name__", func(t *Type) Object { return String(t.Name) })
	typeProperty("__qualname__", func(t *Type) Object {
		if t.Qualname != "" {
			return String(t.Qualname)
		}
		return String(t.Name)
	})
	typeProperty("__module__", func(t *Type) Object {
		if m, ok := t.Dict["__module__"]; ok {
			return m
		}
		return String("builtins")
	})
	typeProperty("__mro__", func(t *Type) Object { return t.Mro.Copy() })
	typeProperty("__bases__", func(t *Type) Object { return t.Bases.Copy() })
	typeProperty("__base__", func(t *Type) Object {
		if t.Base == nil {
			return None
		}
		return t.Base
	})
	typeProperty("__dict__", func(t *Type) Object { return t.Dict.Copy() })
	typeProperty("__doc__", func(t *Type) Object {
		if d, ok := t.Dict["__doc__"]; ok {
			return d
		}
		if t.Doc == "" {
			return None
		}
		return String(t.Doc)
	})
	typeSetter("__name__", func(t *Type, v Object) error {
		s, ok := v.(String)
		if !ok {
			return ExceptionNewf(TypeError, "can only assign string to %s.__name__, not '%s'", t.Name, v.Type().Name)
		}
		t.Name = string(s)
		return nil
	})
	typeSetter("__qualname__", func(t *Type, v Object) error {
		s, ok := v.(String)
		if !ok {
			return ExceptionNewf(TypeError, "can only assign string to %s.__qualname__, not '%s'", t.Name, v.Type().Name)
		}
		t.Qualname = string(s)
		return nil
	})
	typeSetter("__module__", func(t *Type, v Object) error {
		t.Dict["__module__"] = v
		return nil
	})
	typeSetter("__doc__", func(t *Type, v Object) error {
		t.Dict["__doc__"] = v
		return nil
	})
	ObjectType.Dict["__class__"] = &Property{Fget: func(self Object) (Object, error) { return self.Type(), nil }}
	ObjectType.Dict["__dict__"] = &Property{Fget: func(self Object) (Object, error) {
		if d, ok := self.(IGetDict); ok {
			return d.GetDict(), nil
		}
		return nil, ExceptionNewf(AttributeError, "'%s' object has no attribute '__dict__'", self.Type().Name)
	}}
}
