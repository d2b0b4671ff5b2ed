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

func init() {
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
