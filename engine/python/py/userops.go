// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Operators on instances of classes defined in Python: a + b calls the class's
// __add__ (then b's __radd__), a < b its __lt__, -a its __neg__.

package py

// userMethod finds name in the class of an instance defined in Python.
func userMethod(o Object, name string) Object {
	inst, ok := o.(*Type)
	if !ok || inst.isClass() {
		return nil
	}
	return inst.Type().Lookup(name)
}

// userBinary tries a.name(b), then b.rname(a); ok is false when neither applies.
func userBinary(a, b Object, name, rname string) (Object, bool, error) {
	if name == "" {
		// only the reflected method
	} else if fn := userMethod(a, name); fn != nil {
		res, err := CallSpecial(fn, a, b)
		if err != nil {
			return nil, true, err
		}
		if !Is(res, NotImplemented) {
			return res, true, nil
		}
	}
	if rname == "" {
		return nil, false, nil
	}
	if fn := userMethod(b, rname); fn != nil {
		res, err := CallSpecial(fn, b, a)
		if err != nil {
			return nil, true, err
		}
		if !Is(res, NotImplemented) {
			return res, true, nil
		}
	}
	return nil, false, nil
}

// userUnary tries a.name().
func userUnary(a Object, name string) (Object, bool, error) {
	if fn := userMethod(a, name); fn != nil {
		res, err := CallSpecial(fn, a)
		return res, true, err
	}
	return nil, false, nil
}

// boolsAsInts makes a bool operand an int (bool is a subclass of int); ok is false
// when neither operand is a bool.
func boolsAsInts(a, b Object) (Object, Object, bool) {
	changed := false
	if x, ok := a.(Bool); ok {
		a, changed = boolInt(x), true
	}
	if x, ok := b.(Bool); ok {
		b, changed = boolInt(x), true
	}
	return a, b, changed
}

func boolInt(b Bool) Int {
	if b {
		return 1
	}
	return 0
}
