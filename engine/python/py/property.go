// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Property object

package py

// A python Property object
type Property struct {
	Fget func(self Object) (Object, error)
	Fset func(self, value Object) error
	Fdel func(self Object) error
	Doc  string
	py   *pyAccessors // set for property() made in Python
	name string       // the class attribute it was assigned to (__set_name__)
}

var PropertyType = NewType("property", "property object")

// Type of this object
func (o *Property) Type() *Type {
	return PropertyType
}

func (p *Property) M__get__(instance, owner Object) (Object, error) {
	if instance == None && owner != nil && owner != Object(NoneTypeType) {
		return p, nil // read from the class: the property itself
	}
	if p.Fget == nil {
		return nil, ExceptionNewf(AttributeError, "unreadable attribute")
	}
	return p.Fget(instance)
}

func (p *Property) M__set__(instance, value Object) (Object, error) {
	if p.Fset == nil {
		return nil, p.readOnly(instance, "setter")
	}
	return None, p.Fset(instance, value)
}

func (p *Property) M__delete__(instance Object) (Object, error) {
	if p.Fdel == nil {
		return nil, p.readOnly(instance, "deleter")
	}
	return None, p.Fdel(instance)
}

// readOnly is CPython 3.11's error for setting or deleting a property that cannot.
func (p *Property) readOnly(instance Object, what string) error {
	if instance == nil || instance == None {
		return ExceptionNewf(AttributeError, "can't %s attribute", map[string]string{"setter": "set", "deleter": "delete"}[what])
	}
	t := instance.Type()
	qualname := t.Qualname
	if qualname == "" {
		qualname = t.Name
	}
	if p.name != "" {
		return ExceptionNewf(AttributeError, "property '%s' of '%s' object has no %s", p.name, qualname, what)
	}
	return ExceptionNewf(AttributeError, "property of '%s' object has no %s", qualname, what)
}

// Interfaces
var _ I__get__ = (*Property)(nil)
var _ I__set__ = (*Property)(nil)
var _ I__delete__ = (*Property)(nil)

// property(fget=None, fset=None, fdel=None, doc=None) from Python: the accessors are
// Python callables, kept so .setter and .deleter can make the next property.
type pyAccessors struct{ get, set, del, doc Object }

func init() {
	PropertyType.New = func(metatype *Type, args Tuple, kwargs StringDict) (Object, error) {
		var a pyAccessors
		a.get, a.set, a.del, a.doc = None, None, None, None
		if err := ParseTupleAndKeywords(args, kwargs, "|OOOO:property", []string{"fget", "fset", "fdel", "doc"}, &a.get, &a.set, &a.del, &a.doc); err != nil {
			return nil, err
		}
		return a.property(), nil
	}
	accessor := func(name string, set func(a *pyAccessors, fn Object)) {
		PropertyType.Dict[name] = MustNewMethod(name, func(self, fn Object) (Object, error) {
			p := self.(*Property)
			a := pyAccessors{None, None, None, None}
			if p.py != nil {
				a = *p.py
			}
			set(&a, fn)
			return a.property(), nil
		}, 0, "Descriptor to change the "+name+" on a property.")
	}
	accessor("getter", func(a *pyAccessors, fn Object) { a.get = fn })
	accessor("setter", func(a *pyAccessors, fn Object) { a.set = fn })
	accessor("deleter", func(a *pyAccessors, fn Object) { a.del = fn })
	PropertyType.Dict["__set_name__"] = MustNewMethod("__set_name__", func(self Object, args Tuple) (Object, error) {
		if len(args) == 2 {
			if name, ok := args[1].(String); ok {
				self.(*Property).name = string(name)
			}
		}
		return None, nil
	}, 0, "Method to set name of a property.")
	PropertyType.Dict["fget"] = &Property{Fget: func(self Object) (Object, error) {
		if p := self.(*Property); p.py != nil {
			return p.py.get, nil
		}
		return None, nil
	}}
}

func (a pyAccessors) property() *Property {
	acc := a
	p := &Property{py: &acc}
	if a.get != None {
		p.Fget = func(self Object) (Object, error) { return Call(acc.get, Tuple{self}, nil) }
	}
	if a.set != None {
		p.Fset = func(self, value Object) error { _, err := Call(acc.set, Tuple{self, value}, nil); return err }
	}
	if a.del != None {
		p.Fdel = func(self Object) error { _, err := Call(acc.del, Tuple{self}, nil); return err }
	}
	if s, ok := a.doc.(String); ok {
		p.Doc = string(s)
	}
	return p
}
