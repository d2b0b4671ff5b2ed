// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Internal interface for use from Go
//
// See arithmetic.go for the auto generated stuff

package py

import (
	"fmt"
	"reflect"
	"strings"
)

// AttributeName converts an Object to a string, raising a TypeError
// if it wasn't a String
func AttributeName(keyObj Object) (string, error) {
	if key, ok := keyObj.(String); ok {
		return string(key), nil
	}
	return "", ExceptionNewf(TypeError, "attribute name must be string, not '%s'", keyObj.Type().Name)
}

// Bool is called to implement truth value testing and the built-in
// operation bool(); should return False or True. When this method is
// not defined, __len__() is called, if it is defined, and the object
// is considered true if its result is nonzero. If a class defines
// neither __len__() nor __bool__(), all its instances are considered
// true.
func MakeBool(a Object) (Object, error) {
	if _, ok := a.(Bool); ok {
		return a, nil
	}

	if A, ok := a.(I__bool__); ok {
		res, err := A.M__bool__()
		if err != nil {
			return nil, err
		}
		if res != NotImplemented {
			return res, nil
		}
	}

	if B, ok := a.(I__len__); ok {
		res, err := B.M__len__()
		if err != nil {
			return nil, err
		}
		if res != NotImplemented {
			return MakeBool(res)
		}
	}

	// An instance of a class defined in Python: its __bool__, else its __len__.
	if inst, ok := a.(*Type); ok && !inst.isClass() {
		if res, ok, err := TypeCall0(a, "__bool__"); ok {
			if err != nil {
				return nil, err
			}
			if b, isBool := res.(Bool); isBool {
				return b, nil
			}
			return nil, ExceptionNewf(TypeError, "__bool__ should return bool, returned %s", res.Type().Name)
		}
		if res, ok, err := TypeCall0(a, "__len__"); ok {
			if err != nil {
				return nil, err
			}
			n, err := Index(res)
			if err != nil {
				return nil, ExceptionNewf(TypeError, "'%s' object cannot be interpreted as an integer", res.Type().Name)
			}
			if n < 0 {
				return nil, ExceptionNewf(ValueError, "__len__() should return >= 0")
			}
			return NewBool(n != 0), nil
		}
	}

	return True, nil
}

// Turns a into a go int if possible
func MakeGoInt(a Object) (int, error) {
	a, err := MakeInt(a)
	if err != nil {
		return 0, err
	}
	A, ok := a.(IGoInt)
	if ok {
		return A.GoInt()
	}
	return 0, ExceptionNewf(TypeError, "'%v' object cannot be interpreted as a go integer", a.Type().Name)
}

// Turns a into a go int64 if possible
func MakeGoInt64(a Object) (int64, error) {
	a, err := MakeInt(a)
	if err != nil {
		return 0, err
	}
	A, ok := a.(IGoInt64)
	if ok {
		return A.GoInt64()
	}
	return 0, ExceptionNewf(TypeError, "'%v' object cannot be interpreted as a go int64", a.Type().Name)
}

// Index the python Object returning an Int
//
// Will raise TypeError if Index can't be run on this object
func Index(a Object) (Int, error) {
	if A, ok := a.(I__index__); ok {
		return A.M__index__()
	}

	if A, ok, err := TypeCall0(a, "__index__"); ok {
		if err != nil {
			return 0, err
		}

		if res, ok := A.(Int); ok {
			return res, nil
		}

		return 0, ExceptionNewf(TypeError, "__index__ returned non-int: (type %s)", A.Type().Name)
	}

	return 0, ExceptionNewf(TypeError, "unsupported operand type(s) for index: '%s'", a.Type().Name)
}

// Index the python Object returning an int
//
// Will raise TypeError if Index can't be run on this object
//
// or IndexError if the Int won't fit!
func IndexInt(a Object) (int, error) {
	i, err := Index(a)
	if err != nil {
		return 0, err
	}
	intI := int(i)

	// Int might not fit in an int
	if Int(intI) != i {
		return 0, ExceptionNewf(IndexError, "cannot fit %d into an index-sized integer", i)
	}

	return intI, nil
}

// As IndexInt but if index is -ve addresses it from the end
//
// If index is out of range throws IndexError
func IndexIntCheck(a Object, max int) (int, error) {
	i, err := IndexInt(a)
	if err != nil {
		return 0, err
	}
	if i < 0 {
		i += max
	}
	if i < 0 || i >= max {
		return 0, ExceptionNewf(IndexError, "index out of range")
	}
	return i, nil
}

// Returns the number of items of a sequence or mapping
func Len(self Object) (Object, error) {
	if I, ok := self.(I__len__); ok {
		return I.M__len__()
	} else if res, ok, err := TypeCall0(self, "__len__"); ok {
		return res, err
	}
	return nil, ExceptionNewf(TypeError, "object of type '%s' has no len()", self.Type().Name)
}

// Return the result of not a
func Not(a Object) (Object, error) {
	b, err := MakeBool(a)
	if err != nil {
		return nil, err
	}
	switch b {
	case False:
		return True, nil
	case True:
		return False, nil
	}
	return nil, ExceptionNewf(TypeError, "bool() didn't return True or False")
}

// Calls function fnObj with args and kwargs in a new vm (or directly
// if Go code)
//
// kwargs should be nil if not required
//
// fnObj must be a callable type such as *py.Method or *py.Function
//
// The result is returned
func Call(fn Object, args Tuple, kwargs StringDict) (Object, error) {
	if I, ok := fn.(I__call__); ok {
		return I.M__call__(args, kwargs)
	}
	return nil, ExceptionNewf(TypeError, "'%s' object is not callable", fn.Type().Name)
}

// GetItem
func GetItem(self Object, key Object) (Object, error) {
	if I, ok := self.(I__getitem__); ok {
		return I.M__getitem__(key)
	} else if cls, ok := self.(*Type); ok && cls.isClass() {
		if res, ok, err := classGetItem(cls, key); ok {
			return res, err
		}
		return nil, ExceptionNewf(TypeError, "type '%s' is not subscriptable", cls.Name)
	} else if res, ok, err := TypeCall1(self, "__getitem__", key); ok {
		return res, err
	}
	return nil, ExceptionNewf(TypeError, "'%s' object is not subscriptable", self.Type().Name)
}

// SetItem
func SetItem(self Object, key Object, value Object) (Object, error) {
	if I, ok := self.(I__setitem__); ok {
		return I.M__setitem__(key, value)
	} else if res, ok, err := TypeCall2(self, "__setitem__", key, value); ok {
		return res, err
	}

	return nil, ExceptionNewf(TypeError, "'%s' object does not support item assignment", self.Type().Name)
}

// Delitem
func DelItem(self Object, key Object) (Object, error) {
	if I, ok := self.(I__delitem__); ok {
		return I.M__delitem__(key)
	} else if res, ok, err := TypeCall1(self, "__delitem__", key); ok {
		return res, err
	}
	return nil, ExceptionNewf(TypeError, "'%s' object does not support item deletion", self.Type().Name)
}

// GetAttrString - returns the result or an err to be raised if not found
//
// If not found err will be an AttributeError
func GetAttrString(self Object, key string) (res Object, err error) {
	// Call __getattribute__ unconditionally if it exists
	if I, ok := self.(I__getattribute__); ok {
		return I.M__getattribute__(key)
	} else if res, ok, err = TypeCall1(self, "__getattribute__", Object(String(key))); ok {
		return res, err
	}

	// A big int's __index__ is itself (M__index__ gives a machine int).
	if _, ok := self.(*BigInt); ok && key == "__index__" {
		return NewBoundMethod(self, bigIntIndex), nil
	}

	// Look up any __special__ methods as M__special__ and return a bound method
	// (not for a class: dict.__eq__ is the method of dict's instances)
	if cls, ok := self.(*Type); (!ok || !cls.isClass()) && len(key) >= 5 && strings.HasPrefix(key, "__") && strings.HasSuffix(key, "__") {
		objectValue := reflect.ValueOf(self)
		methodValue := objectValue.MethodByName("M" + key)
		if methodValue.IsValid() {
			return newBoundMethod(key, methodValue.Interface())
		}
	}

	// A class: look through its MRO; functions come back as they are, other
	// descriptors (classmethod, staticmethod, property) are asked with no instance.
	if cls, ok := self.(*Type); ok && cls.isClass() {
		if p, ok := cls.Type().Lookup(key).(*Property); ok {
			return p.M__get__(cls, cls.Type())
		}
		if res = cls.Lookup(key); res != nil {
			switch x := res.(type) {
			case *Method:
				return newUnboundMethod(x, methodOwner(cls, key, x)), nil
			case I__get__:
				return x.M__get__(None, cls)
			case *Type:
				if get := pyDescriptorMethod(x, "__get__"); get != nil {
					return CallSpecial(get, x, None, cls)
				}
			}
			return res, nil
		}
	}

	// A data descriptor of the type (a property, an object whose class has __get__
	// and __set__ or __delete__) comes before the instance dictionary.
	t := self.Type()
	descr := t.NativeGetAttrOrNil(key)
	var pyGet Object
	switch d := descr.(type) {
	case *Property:
		return d.M__get__(self, t)
	case *Type:
		if pyGet = pyDescriptorMethod(d, "__get__"); pyGet != nil {
			if pyDescriptorMethod(d, "__set__") != nil || pyDescriptorMethod(d, "__delete__") != nil {
				return CallSpecial(pyGet, d, self, t)
			}
		}
	}

	// Look in the instance dictionary if it exists
	if I, ok := self.(IGetDict); ok {
		dict := I.GetDict()
		res, ok = dict[key]
		if ok {
			return res, err
		}
	}

	// Now the type's attribute: __get__ creates bound methods, reads properties etc
	if descr != nil {
		if pyGet != nil {
			return CallSpecial(pyGet, descr, self, t)
		}
		if I, ok := descr.(I__get__); ok {
			return I.M__get__(self, t)
		}
		return descr, nil
	}

	// And now only if not found call __getattr__
	if I, ok := self.(I__getattr__); ok {
		return I.M__getattr__(key)
	} else if res, ok, err = TypeCall1(self, "__getattr__", Object(String(key))); ok {
		return res, err
	}

	// Not found - return nil
	if cls, ok := self.(*Type); ok && cls.isClass() {
		return nil, ExceptionNewf(AttributeError, "type object '%s' has no attribute '%s'", cls.Name, key)
	}
	return nil, ExceptionNewf(AttributeError, "'%s' object has no attribute '%s'", self.Type().Name, key)
}

var bigIntIndex = MustNewMethod("__index__", func(self Object) (Object, error) { return self, nil }, 0, "Return self converted to an integer, if self is suitable for use as an index into a list.")

// pyDescriptorMethod is the descriptor method (__get__, __set__, __delete__) of an
// instance of a Python class, or nil.
func pyDescriptorMethod(o Object, name string) Object {
	inst, ok := o.(*Type)
	if !ok || inst.isClass() {
		return nil
	}
	return inst.Type().Lookup(name)
}

// methodOwner is the class in cls's MRO whose dict holds the Go method m (int for
// int.__repr__ read through a subclass).
func methodOwner(cls *Type, key string, m *Method) *Type {
	for _, name := range []string{m.Name, key} {
		for _, b := range cls.Mro {
			if bt, ok := b.(*Type); ok {
				if mm, ok := bt.Dict[name].(*Method); ok && mm == m && name == m.Name {
					return bt
				}
			}
		}
	}
	// the method is stored under another name: its owner is the built-in type
	// whose dict has it under its own name
	for t := range valueBases {
		if mm, ok := t.Dict[m.Name].(*Method); ok && mm == m {
			return t
		}
	}
	return cls
}

// GetAttrErr - returns the result or an err to be raised if not found
//
// If not found an AttributeError will be returned
func GetAttr(self Object, keyObj Object) (res Object, err error) {
	key, err := AttributeName(keyObj)
	if err != nil {
		return nil, err
	}
	return GetAttrString(self, key)
}

// SetAttrString
func SetAttrString(self Object, key string, value Object) (Object, error) {
	// An instance of a Python class: its __setattr__, which for object is
	// genericSetAttr (data descriptors, then the instance dict).
	if inst, ok := self.(*Type); ok && !inst.isClass() {
		if fn := inst.Type().Lookup("__setattr__"); fn != nil && fn != Object(objectSetattr) {
			return CallSpecial(fn, self, String(key), value)
		}
	}
	// First look in type's dictionary etc for a property that could
	// be set - do this before looking in the instance dictionary
	setter := self.Type().NativeGetAttrOrNil(key)
	if setter != nil {
		// Call __set__ which writes properties etc
		if I, ok := setter.(I__set__); ok {
			return I.M__set__(self, value)
		}
		if set := pyDescriptorMethod(setter, "__set__"); set != nil {
			return CallSpecial(set, setter, self, value)
		}
	}

	// If we have __setattr__ then use that
	if I, ok := self.(I__setattr__); ok {
		return I.M__setattr__(key, value)
	} else if inst, ok := self.(*Type); ok {
		if fn := inst.Type().Lookup("__setattr__"); fn != nil && fn != Object(objectSetattr) {
			return CallSpecial(fn, self, String(key), value)
		}
	}
	return genericSetAttr(self, key, value)
}

// genericSetAttr is object.__setattr__: a data descriptor of the type, else the
// instance dict.
func genericSetAttr(self Object, key string, value Object) (Object, error) {
	if setter := self.Type().NativeGetAttrOrNil(key); setter != nil {
		if I, ok := setter.(I__set__); ok {
			return I.M__set__(self, value)
		}
		if set := pyDescriptorMethod(setter, "__set__"); set != nil {
			return CallSpecial(set, setter, self, value)
		}
	}

	// Otherwise set the attribute in the instance dictionary if
	// possible
	if I, ok := self.(IGetDict); ok {
		dict := I.GetDict()
		if dict == nil {
			return nil, ExceptionNewf(SystemError, "nil Dict in %s", self.Type().Name)
		}
		dict[key] = value
		return None, nil
	}

	// If not blow up
	return nil, ExceptionNewf(AttributeError, "'%s' object has no attribute '%s'", self.Type().Name, key)
}

// SetAttr
func SetAttr(self Object, keyObj Object, value Object) (Object, error) {
	key, err := AttributeName(keyObj)
	if err != nil {
		return nil, err
	}
	return SetAttrString(self, key, value)
}

// DeleteAttrString
func DeleteAttrString(self Object, key string) error {
	if inst, ok := self.(*Type); ok && !inst.isClass() {
		if fn := inst.Type().Lookup("__delattr__"); fn != nil && fn != Object(objectDelattr) {
			_, err := CallSpecial(fn, self, String(key))
			return err
		}
	}
	// First look in type's dictionary etc for a property that could
	// be set - do this before looking in the instance dictionary
	deleter := self.Type().NativeGetAttrOrNil(key)
	if deleter != nil {
		// Call __set__ which writes properties etc
		if I, ok := deleter.(I__delete__); ok {
			_, err := I.M__delete__(self)
			return err
		}
		if del := pyDescriptorMethod(deleter, "__delete__"); del != nil {
			_, err := CallSpecial(del, deleter, self)
			return err
		}
	}

	// If we have __delattr__ then use that
	if I, ok := self.(I__delattr__); ok {
		_, err := I.M__delattr__(key)
		return err
	} else if inst, ok := self.(*Type); ok {
		if fn := inst.Type().Lookup("__delattr__"); fn != nil && fn != Object(objectDelattr) {
			_, err := CallSpecial(fn, self, String(key))
			return err
		}
	}
	return genericDelAttr(self, key)
}

// genericDelAttr is object.__delattr__.
func genericDelAttr(self Object, key string) error {
	if deleter := self.Type().NativeGetAttrOrNil(key); deleter != nil {
		if I, ok := deleter.(I__delete__); ok {
			_, err := I.M__delete__(self)
			return err
		}
		if del := pyDescriptorMethod(deleter, "__delete__"); del != nil {
			_, err := CallSpecial(del, deleter, self)
			return err
		}
	}

	// Otherwise delete the attribute from the instance dictionary
	// if possible
	if I, ok := self.(IGetDict); ok {
		dict := I.GetDict()
		if dict == nil {
			return ExceptionNewf(SystemError, "nil Dict in %s", self.Type().Name)
		}
		if _, ok := dict[key]; ok {
			delete(dict, key)
			return nil
		}
	}

	// If not blow up
	return ExceptionNewf(AttributeError, "'%s' object has no attribute '%s'", self.Type().Name, key)
}

// DeleteAttr
func DeleteAttr(self Object, keyObj Object) error {
	key, err := AttributeName(keyObj)
	if err != nil {
		return err
	}
	return DeleteAttrString(self, key)
}

// Calls __str__ on the object
//
// Calls __repr__ on the object or returns a sensible default
func Repr(self Object) (Object, error) {
	if I, ok := self.(I__repr__); ok {
		return I.M__repr__()
	} else if res, ok, err := TypeCall0(self, "__repr__"); ok {
		return res, err
	}
	return String(fmt.Sprintf("<%s instance at %p>", self.Type().Name, self)), nil
}

// DebugRepr - see Repr but returns the repr or error as a string
func DebugRepr(self Object) string {
	res, err := Repr(self)
	if err != nil {
		return fmt.Sprintf("Repr(%s) returned %v", self.Type().Name, err)
	}
	str, ok := res.(String)
	if !ok {
		return fmt.Sprintf("Repr(%s) didn't return a string", self.Type().Name)
	}
	return string(str)
}

// Calls __str__ on the object and if not found calls __repr__
func Str(self Object) (Object, error) {
	if I, ok := self.(I__str__); ok {
		return I.M__str__()
	} else if res, ok, err := TypeCall0(self, "__str__"); ok {
		return res, err
	}
	return Repr(self)
}

// Returns object as a string
//
// Calls Str then makes sure the output is a string
func StrAsString(self Object) (string, error) {
	res, err := Str(self)
	if err != nil {
		return "", err
	}
	str, ok := res.(String)
	if !ok {
		return "", ExceptionNewf(TypeError, "result of __str__ must be string, not '%s'", res.Type().Name)
	}
	return string(str), nil
}

// Returns object as a string
//
// Calls Repr then makes sure the output is a string
func ReprAsString(self Object) (string, error) {
	res, err := Repr(self)
	if err != nil {
		return "", err
	}
	str, ok := res.(String)
	if !ok {
		return "", ExceptionNewf(TypeError, "result of __repr__ must be string, not '%s'", res.Type().Name)
	}
	return string(str), nil
}

// Returns an iterator object
//
// Call __Iter__ Returns an iterator object
//
// If object is sequence object, create an iterator
func Iter(self Object) (res Object, err error) {
	if I, ok := self.(I__iter__); ok {
		return I.M__iter__()
	} else if res, ok, err = TypeCall0(self, "__iter__"); ok {
		return res, err
	}
	if ObjectIsSequence(self) {
		return NewIterator(self), nil
	}
	return nil, ExceptionNewf(TypeError, "'%s' object is not iterable", self.Type().Name)
}

// indexError names the sequence in an out-of-range IndexError, as CPython does.
func indexError(err error, what string) error {
	if IsException(IndexError, err) {
		return ExceptionNewf(IndexError, "%s index out of range", what)
	}
	return err
}
