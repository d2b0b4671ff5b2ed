// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Comparison of nested containers with a depth bound: items are compared by identity
// first (so a self-referential list equals itself), and a structure nested deeper than
// the recursion limit raises RecursionError instead of overflowing the Go stack.

package py

type compareOp int

const (
	opLt compareOp = iota
	opLe
	opGt
	opGe
)

func truthy(o Object, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	b, err := MakeBool(o)
	return b == True, err
}

// eqDepth is a == b for container items.
func eqDepth(a, b Object, depth int) (bool, error) {
	if Is(a, b) {
		return true, nil
	}
	if depth > maxGoDepth {
		return false, goRecursionError(" in comparison")
	}
	switch x := a.(type) {
	case Tuple:
		if y, ok := b.(Tuple); ok {
			return seqEqual(x, y, depth+1)
		}
	case *List:
		if y, ok := b.(*List); ok {
			return seqEqual(x.Items, y.Items, depth+1)
		}
	case *Dict, StringDict:
		if r, err := dictEqual(a, b, depth+1); err != nil || r != nil {
			return r == True, err
		}
	}
	return truthy(Eq(a, b))
}

func seqEqual(a, b []Object, depth int) (bool, error) {
	if len(a) != len(b) {
		return false, nil
	}
	for i := range a {
		eq, err := eqDepth(a[i], b[i], depth)
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// seqCompare orders two sequences: by the first items that differ, else by length.
func seqCompare(a, b []Object, op compareOp, depth int) (bool, error) {
	if depth > maxGoDepth {
		return false, goRecursionError(" in comparison")
	}
	i := 0
	for ; i < len(a) && i < len(b); i++ {
		eq, err := eqDepth(a[i], b[i], depth)
		if err != nil {
			return false, err
		}
		if !eq {
			break
		}
	}
	if i < len(a) && i < len(b) {
		return cmpDepth(a[i], b[i], op, depth+1)
	}
	switch op {
	case opLt:
		return len(a) < len(b), nil
	case opLe:
		return len(a) <= len(b), nil
	case opGt:
		return len(a) > len(b), nil
	}
	return len(a) >= len(b), nil
}

func cmpDepth(a, b Object, op compareOp, depth int) (bool, error) {
	switch x := a.(type) {
	case Tuple:
		if y, ok := b.(Tuple); ok {
			return seqCompare(x, y, op, depth)
		}
	case *List:
		if y, ok := b.(*List); ok {
			return seqCompare(x.Items, y.Items, op, depth)
		}
	}
	switch op {
	case opLt:
		return truthy(Lt(a, b))
	case opLe:
		return truthy(Le(a, b))
	case opGt:
		return truthy(Gt(a, b))
	}
	return truthy(Ge(a, b))
}

func seqRich(a []Object, other Object, isSame func(Object) ([]Object, bool), op compareOp) (Object, error) {
	b, ok := isSame(other)
	if !ok {
		return NotImplemented, nil
	}
	r, err := seqCompare(a, b, op, 0)
	return NewBool(r), err
}

func asList(o Object) ([]Object, bool) {
	l, ok := o.(*List)
	if !ok {
		return nil, false
	}
	return l.Items, true
}

func asTuple(o Object) ([]Object, bool) {
	t, ok := o.(Tuple)
	return t, ok
}

func seqEq(a []Object, other Object, isSame func(Object) ([]Object, bool), negate bool) (Object, error) {
	b, ok := isSame(other)
	if !ok {
		return NotImplemented, nil
	}
	eq, err := seqEqual(a, b, 0)
	if err != nil {
		return nil, err
	}
	return NewBool(eq != negate), nil
}

func (a *List) M__eq__(other Object) (Object, error) { return seqEq(a.Items, other, asList, false) }
func (a *List) M__ne__(other Object) (Object, error) { return seqEq(a.Items, other, asList, true) }
func (a *List) M__lt__(other Object) (Object, error) { return seqRich(a.Items, other, asList, opLt) }
func (a *List) M__le__(other Object) (Object, error) { return seqRich(a.Items, other, asList, opLe) }
func (a *List) M__gt__(other Object) (Object, error) { return seqRich(a.Items, other, asList, opGt) }
func (a *List) M__ge__(other Object) (Object, error) { return seqRich(a.Items, other, asList, opGe) }

func (a Tuple) M__eq__(other Object) (Object, error) { return seqEq(a, other, asTuple, false) }
func (a Tuple) M__ne__(other Object) (Object, error) { return seqEq(a, other, asTuple, true) }
func (a Tuple) M__lt__(other Object) (Object, error) { return seqRich(a, other, asTuple, opLt) }
func (a Tuple) M__le__(other Object) (Object, error) { return seqRich(a, other, asTuple, opLe) }
func (a Tuple) M__gt__(other Object) (Object, error) { return seqRich(a, other, asTuple, opGt) }
func (a Tuple) M__ge__(other Object) (Object, error) { return seqRich(a, other, asTuple, opGe) }

// Less is a < b as sorted() and min/max use it.
func Less(a, b Object) (bool, error) { return cmpDepth(a, b, opLt, 0) }
