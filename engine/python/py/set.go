// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Set and FrozenSet types: CPython's open-addressing table (linear probes, then
// perturbation; resized at 3/5 full), so iteration order is CPython's for the same
// hashes (sets of small ints print sorted, as there).

package py

import (
	"strings"
)

var SetType = NewTypeX("set", "set() -> new empty set object\nset(iterable) -> new set object\n\nBuild an unordered collection of unique elements.", SetNew, nil)

const (
	setMinSize     = 8
	setLinearProbe = 9
	setPerturb     = 5
)

type setEntry struct {
	key  Object // nil: empty; setDummy: deleted
	hash int64
}

type setDummyType struct{}

func (setDummyType) Type() *Type { return NoneTypeType }

var setDummy Object = setDummyType{}

// Set is a Python set.
type Set struct {
	table []setEntry
	fill  int // active + dummy entries
	used  int // active entries
}

// SetValue is kept for callers of the original API.
type SetValue struct{}

// Type of this Set object
func (o *Set) Type() *Type {
	return SetType
}

// Make a new empty set
func NewSet() *Set {
	return &Set{table: make([]setEntry, setMinSize)}
}

// Make a new empty set with capacity for n items
func NewSetWithCapacity(n int) *Set {
	return NewSet()
}

// Make a new set with the items passed in; unhashable items panic (use NewSetFrom).
func NewSetFromItems(items []Object) *Set {
	s, err := NewSetFrom(items)
	if err != nil {
		panic(err)
	}
	return s
}

// NewSetFrom makes a set of items, raising TypeError for an unhashable item.
func NewSetFrom(items []Object) (*Set, error) {
	s := NewSet()
	for _, item := range items {
		if err := s.add(item); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *Set) lookup(key Object, hash int64) (int, error) {
	mask := uint64(len(s.table) - 1)
	perturb := uint64(hash)
	i := uint64(hash) & mask
	for {
		probes := 0
		if i+setLinearProbe <= mask {
			probes = setLinearProbe
		}
		for j := i; ; j++ {
			e := &s.table[j]
			if e.key == nil {
				return -1, nil
			}
			if e.key != setDummy && e.hash == hash {
				eq, err := keysEqual(e.key, key)
				if err != nil {
					return -1, err
				}
				if eq {
					return int(j), nil
				}
			}
			if probes == 0 {
				break
			}
			probes--
		}
		perturb >>= setPerturb
		i = (i*5 + 1 + perturb) & mask
	}
}

// insertSlot finds where a new key goes: the first empty slot on its probe path
// (CPython 3.11 does not reuse dummies on insert).
func (s *Set) insertSlot(hash int64) int {
	mask := uint64(len(s.table) - 1)
	perturb := uint64(hash)
	i := uint64(hash) & mask
	for {
		probes := 0
		if i+setLinearProbe <= mask {
			probes = setLinearProbe
		}
		for j := i; ; j++ {
			if s.table[j].key == nil {
				return int(j)
			}
			if probes == 0 {
				break
			}
			probes--
		}
		perturb >>= setPerturb
		i = (i*5 + 1 + perturb) & mask
	}
}

func (s *Set) add(key Object) error {
	h, err := Hash(key)
	if err != nil {
		return err
	}
	return s.addHashed(key, h)
}

func (s *Set) addHashed(key Object, h int64) error {
	if i, err := s.lookup(key, h); err != nil || i >= 0 {
		return err
	}
	j := s.insertSlot(h)
	s.table[j] = setEntry{key: key, hash: h}
	s.fill++
	s.used++
	if s.fill*5 >= (len(s.table)-1)*3 {
		if s.used > 50000 {
			s.resize(s.used * 2)
		} else {
			s.resize(s.used * 4)
		}
	}
	return nil
}

func (s *Set) resize(minUsed int) {
	size := setMinSize
	for size <= minUsed {
		size <<= 1
	}
	old := s.table
	s.table = make([]setEntry, size)
	s.fill, s.used = 0, 0
	for _, e := range old {
		if e.key != nil && e.key != setDummy {
			j := s.insertSlot(e.hash)
			s.table[j] = e
			s.fill++
			s.used++
		}
	}
}

func (s *Set) discard(key Object) (bool, error) {
	h, err := Hash(key)
	if err != nil {
		return false, err
	}
	i, err := s.lookup(key, h)
	if err != nil || i < 0 {
		return false, err
	}
	s.table[i].key = setDummy
	s.used--
	return true, nil
}

// Contains reports whether key is in the set.
func (s *Set) Contains(key Object) (bool, error) {
	h, err := Hash(key)
	if err != nil {
		return false, err
	}
	i, err := s.lookup(key, h)
	return i >= 0, err
}

// Items lists the set's items in iteration order.
func (s *Set) Items() []Object {
	out := make([]Object, 0, s.used)
	for _, e := range s.table {
		if e.key != nil && e.key != setDummy {
			out = append(out, e.key)
		}
	}
	return out
}

func (s *Set) copySet() *Set {
	c := &Set{table: make([]setEntry, len(s.table)), fill: s.fill, used: s.used}
	copy(c.table, s.table)
	return c
}

// Add an item to the set; an unhashable item panics (Python code uses add()).
func (s *Set) Add(item Object) {
	if err := s.add(item); err != nil {
		panic(err)
	}
}

// Extend the set with items
func (s *Set) Update(items []Object) {
	for _, item := range items {
		s.Add(item)
	}
}

// SetNew
func SetNew(metatype *Type, args Tuple, kwargs StringDict) (Object, error) {
	var iterable Object
	err := UnpackTuple(args, kwargs, "set", 0, 1, &iterable)
	if err != nil {
		return nil, err
	}
	if iterable != nil {
		return setFromIterable(iterable)
	}
	return NewSet(), nil
}

func setFromIterable(iterable Object) (*Set, error) {
	switch x := iterable.(type) {
	case *Set:
		return x.copySet(), nil
	case *FrozenSet:
		return x.Set.copySet(), nil
	}
	s := NewSet()
	var addErr error
	err := Iterate(iterable, func(item Object) bool {
		addErr = s.add(item)
		return addErr != nil
	})
	if err != nil {
		return nil, err
	}
	return s, addErr
}

var FrozenSetType = NewTypeX("frozenset", "frozenset() -> empty frozenset object\nfrozenset(iterable) -> frozenset object\n\nBuild an immutable unordered collection of unique elements.", FrozenSetNew, nil)

type FrozenSet struct {
	Set
}

// Type of this FrozenSet object
func (o *FrozenSet) Type() *Type {
	return FrozenSetType
}

// FrozenSetNew is frozenset(iterable).
func FrozenSetNew(metatype *Type, args Tuple, kwargs StringDict) (Object, error) {
	var iterable Object
	if err := UnpackTuple(args, kwargs, "frozenset", 0, 1, &iterable); err != nil {
		return nil, err
	}
	if fs, ok := iterable.(*FrozenSet); ok {
		return fs, nil
	}
	if iterable == nil {
		return NewFrozenSet(), nil
	}
	s, err := setFromIterable(iterable)
	if err != nil {
		return nil, err
	}
	return &FrozenSet{Set: *s}, nil
}

// Make a new empty frozen set
func NewFrozenSet() *FrozenSet {
	return &FrozenSet{
		Set: *NewSet(),
	}
}

// Make a new set with the items passed in
func NewFrozenSetFromItems(items []Object) *FrozenSet {
	return &FrozenSet{
		Set: *NewSetFromItems(items),
	}
}

// hash is CPython's frozenset hash, independent of order.
func (fs *FrozenSet) hash() (int64, error) {
	var h uint64
	for _, e := range fs.table {
		if e.key != nil && e.key != setDummy {
			x := uint64(e.hash)
			h ^= ((x ^ 89869747) ^ (x << 16)) * 3644798167
		}
	}
	h ^= (uint64(fs.used) + 1) * 1927868237
	h ^= (h >> 11) ^ (h >> 25)
	h = h*69069 + 907133923
	if int64(h) == -1 {
		h = 590923713
	}
	return int64(h), nil
}

func (s *Set) M__len__() (Object, error) {
	return Int(s.used), nil
}

func (s *Set) M__bool__() (Object, error) {
	return NewBool(s.used > 0), nil
}

func (s *Set) M__repr__() (Object, error) {
	r, err := reprDepth(s, nil)
	return String(r), err
}

func (fs *FrozenSet) M__repr__() (Object, error) {
	r, err := reprDepth(fs, nil)
	return String(r), err
}

func (s *Set) reprItems(st *reprState) (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, item := range s.Items() {
		if i > 0 {
			b.WriteString(", ")
		}
		r, err := reprDepth(item, st)
		if err != nil {
			return "", err
		}
		b.WriteString(r)
	}
	b.WriteByte('}')
	return b.String(), nil
}

func (s *Set) M__iter__() (Object, error) {
	return &setIterator{set: s, used: s.used}, nil
}

func (s *Set) M__contains__(item Object) (Object, error) {
	if set, ok := item.(*Set); ok {
		item = &FrozenSet{Set: *set} // CPython looks a set up as a frozenset
	}
	in, err := s.Contains(item)
	return NewBool(in), err
}

// setIterator walks the table; a set that changes size meanwhile is an error.
type setIterator struct {
	set  *Set
	pos  int
	used int
}

var SetIteratorType = NewType("set_iterator", "")

func (it *setIterator) Type() *Type                { return SetIteratorType }
func (it *setIterator) M__iter__() (Object, error) { return it, nil }
func (it *setIterator) M__next__() (Object, error) {
	if it.set.used != it.used {
		return nil, ExceptionNewf(RuntimeError, "Set changed size during iteration")
	}
	for it.pos < len(it.set.table) {
		e := it.set.table[it.pos]
		it.pos++
		if e.key != nil && e.key != setDummy {
			return e.key, nil
		}
	}
	return nil, StopIteration
}

// asSet reads a set or frozenset operand.
func asSet(o Object) (*Set, bool) {
	switch x := o.(type) {
	case *Set:
		return x, true
	case *FrozenSet:
		return &x.Set, true
	}
	return nil, false
}

// like makes the result of a binary operation the type of s (set or frozenset).
func like(self Object, s *Set) Object {
	if _, ok := self.(*FrozenSet); ok {
		return &FrozenSet{Set: *s}
	}
	return s
}

func setOp(self Object, other Object, op func(a, b *Set) (*Set, error)) (Object, error) {
	a, _ := asSet(self)
	b, ok := asSet(other)
	if !ok {
		return NotImplemented, nil
	}
	res, err := op(a, b)
	if err != nil {
		return nil, err
	}
	return like(self, res), nil
}

func setUnion(a, b *Set) (*Set, error) {
	r := a.copySet()
	for _, e := range b.table {
		if e.key != nil && e.key != setDummy {
			if err := r.addHashed(e.key, e.hash); err != nil {
				return nil, err
			}
		}
	}
	return r, nil
}

func setIntersection(a, b *Set) (*Set, error) {
	r := NewSet()
	small, big := a, b
	if b.used < a.used {
		small, big = b, a
	}
	for _, e := range small.table {
		if e.key != nil && e.key != setDummy {
			i, err := big.lookup(e.key, e.hash)
			if err != nil {
				return nil, err
			}
			if i >= 0 {
				if err := r.addHashed(e.key, e.hash); err != nil {
					return nil, err
				}
			}
		}
	}
	return r, nil
}

func setDifference(a, b *Set) (*Set, error) {
	r := NewSet()
	for _, e := range a.table {
		if e.key != nil && e.key != setDummy {
			i, err := b.lookup(e.key, e.hash)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				if err := r.addHashed(e.key, e.hash); err != nil {
					return nil, err
				}
			}
		}
	}
	return r, nil
}

func setSymmetricDifference(a, b *Set) (*Set, error) {
	r, err := setDifference(a, b)
	if err != nil {
		return nil, err
	}
	for _, e := range b.table {
		if e.key != nil && e.key != setDummy {
			i, err := a.lookup(e.key, e.hash)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				if err := r.addHashed(e.key, e.hash); err != nil {
					return nil, err
				}
			}
		}
	}
	return r, nil
}

func (s *Set) M__and__(other Object) (Object, error) { return setOp(s, other, setIntersection) }
func (s *Set) M__or__(other Object) (Object, error)  { return setOp(s, other, setUnion) }
func (s *Set) M__sub__(other Object) (Object, error) { return setOp(s, other, setDifference) }
func (s *Set) M__xor__(other Object) (Object, error) {
	return setOp(s, other, setSymmetricDifference)
}
func (s *FrozenSet) M__and__(other Object) (Object, error) { return setOp(s, other, setIntersection) }
func (s *FrozenSet) M__or__(other Object) (Object, error)  { return setOp(s, other, setUnion) }
func (s *FrozenSet) M__sub__(other Object) (Object, error) { return setOp(s, other, setDifference) }
func (s *FrozenSet) M__xor__(other Object) (Object, error) {
	return setOp(s, other, setSymmetricDifference)
}

// in-place operators on a set change it
func (s *Set) inplace(other Object, op func(a, b *Set) (*Set, error)) (Object, error) {
	b, ok := asSet(other)
	if !ok {
		return NotImplemented, nil
	}
	res, err := op(s, b)
	if err != nil {
		return nil, err
	}
	*s = *res
	return s, nil
}

func (s *Set) M__iand__(other Object) (Object, error) { return s.inplace(other, setIntersection) }
func (s *Set) M__ior__(other Object) (Object, error)  { return s.inplace(other, setUnion) }
func (s *Set) M__isub__(other Object) (Object, error) { return s.inplace(other, setDifference) }
func (s *Set) M__ixor__(other Object) (Object, error) {
	return s.inplace(other, setSymmetricDifference)
}

func (a *Set) isSubset(b *Set) (bool, error) {
	if a.used > b.used {
		return false, nil
	}
	for _, e := range a.table {
		if e.key != nil && e.key != setDummy {
			i, err := b.lookup(e.key, e.hash)
			if err != nil || i < 0 {
				return false, err
			}
		}
	}
	return true, nil
}

func setCompare(self, other Object, cmp func(a, b *Set) (bool, error)) (Object, error) {
	a, _ := asSet(self)
	b, ok := asSet(other)
	if !ok {
		return NotImplemented, nil
	}
	r, err := cmp(a, b)
	if err != nil {
		return nil, err
	}
	return NewBool(r), nil
}

func setEq(a, b *Set) (bool, error) {
	if a.used != b.used {
		return false, nil
	}
	return a.isSubset(b)
}
func setLe(a, b *Set) (bool, error) { return a.isSubset(b) }
func setLt(a, b *Set) (bool, error) {
	if a.used >= b.used {
		return false, nil
	}
	return a.isSubset(b)
}
func setGe(a, b *Set) (bool, error) { return b.isSubset(a) }
func setGt(a, b *Set) (bool, error) { return setLt(b, a) }
func setNe(a, b *Set) (bool, error) {
	eq, err := setEq(a, b)
	return !eq, err
}

func (a *Set) M__eq__(other Object) (Object, error) { return setCompare(a, other, setEq) }
func (a *Set) M__ne__(other Object) (Object, error) { return setCompare(a, other, setNe) }
func (a *Set) M__le__(other Object) (Object, error) { return setCompare(a, other, setLe) }
func (a *Set) M__lt__(other Object) (Object, error) { return setCompare(a, other, setLt) }
func (a *Set) M__ge__(other Object) (Object, error) { return setCompare(a, other, setGe) }
func (a *Set) M__gt__(other Object) (Object, error) { return setCompare(a, other, setGt) }
func (a *FrozenSet) M__eq__(other Object) (Object, error) {
	return setCompare(a, other, setEq)
}
func (a *FrozenSet) M__ne__(other Object) (Object, error) {
	return setCompare(a, other, setNe)
}
func (a *FrozenSet) M__le__(other Object) (Object, error) {
	return setCompare(a, other, setLe)
}
func (a *FrozenSet) M__lt__(other Object) (Object, error) {
	return setCompare(a, other, setLt)
}
func (a *FrozenSet) M__ge__(other Object) (Object, error) {
	return setCompare(a, other, setGe)
}
func (a *FrozenSet) M__gt__(other Object) (Object, error) {
	return setCompare(a, other, setGt)
}

func selfSet(self Object) *Set {
	s, _ := asSet(self)
	return s
}

func iterableSet(o Object) (*Set, error) {
	if s, ok := asSet(o); ok {
		return s, nil
	}
	return setFromIterable(o)
}

func init() {
	m := func(t *Type, name string, f interface{}, doc string) { t.Dict[name] = MustNewMethod(name, f, 0, doc) }
	both := func(name string, f interface{}, doc string) {
		m(SetType, name, f, doc)
		m(FrozenSetType, name, f, doc)
	}
	multi := func(name string, op func(a, b *Set) (*Set, error)) {
		both(name, func(self Object, args Tuple) (Object, error) {
			res := selfSet(self).copySet()
			for _, a := range args {
				b, err := iterableSet(a)
				if err != nil {
					return nil, err
				}
				if res, err = op(res, b); err != nil {
					return nil, err
				}
			}
			return like(self, res), nil
		}, "Return the "+name+" of sets as a new set.")
	}
	multi("union", setUnion)
	multi("intersection", setIntersection)
	multi("difference", setDifference)
	both("symmetric_difference", func(self, other Object) (Object, error) {
		b, err := iterableSet(other)
		if err != nil {
			return nil, err
		}
		res, err := setSymmetricDifference(selfSet(self), b)
		if err != nil {
			return nil, err
		}
		return like(self, res), nil
	}, "Return the symmetric difference of two sets as a new set.")
	pred := func(name string, f func(a, b *Set) (bool, error)) {
		both(name, func(self, other Object) (Object, error) {
			b, err := iterableSet(other)
			if err != nil {
				return nil, err
			}
			r, err := f(selfSet(self), b)
			return NewBool(r), err
		}, "Report whether "+name+".")
	}
	pred("issubset", setLe)
	pred("issuperset", setGe)
	pred("isdisjoint", func(a, b *Set) (bool, error) {
		r, err := setIntersection(a, b)
		return err == nil && r.used == 0, err
	})
	both("copy", func(self Object) (Object, error) {
		if fs, ok := self.(*FrozenSet); ok {
			return fs, nil
		}
		return selfSet(self).copySet(), nil
	}, "Return a shallow copy of a set.")
	m(SetType, "add", func(self, item Object) (Object, error) {
		return None, self.(*Set).add(item)
	}, "Add an element to a set.")
	m(SetType, "discard", func(self, item Object) (Object, error) {
		_, err := self.(*Set).discard(item)
		return None, err
	}, "Remove an element from a set if it is a member.")
	m(SetType, "remove", func(self, item Object) (Object, error) {
		found, err := self.(*Set).discard(item)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, keyError(item)
		}
		return None, nil
	}, "Remove an element from a set; it must be a member.")
	m(SetType, "pop", func(self Object) (Object, error) {
		s := self.(*Set)
		for i, e := range s.table {
			if e.key != nil && e.key != setDummy {
				s.table[i].key = setDummy
				s.used--
				return e.key, nil
			}
		}
		return nil, ExceptionNewf(KeyError, "pop from an empty set")
	}, "Remove and return an arbitrary set element.")
	m(SetType, "clear", func(self Object) (Object, error) {
		*self.(*Set) = *NewSet()
		return None, nil
	}, "Remove all elements from this set.")
	updater := func(name string, op func(a, b *Set) (*Set, error)) {
		m(SetType, name, func(self Object, args Tuple) (Object, error) {
			s := self.(*Set)
			for _, a := range args {
				b, err := iterableSet(a)
				if err != nil {
					return nil, err
				}
				res, err := op(s, b)
				if err != nil {
					return nil, err
				}
				*s = *res
			}
			return None, nil
		}, "Update a set in place.")
	}
	updater("update", setUnion)
	updater("intersection_update", setIntersection)
	updater("difference_update", setDifference)
	updater("symmetric_difference_update", setSymmetricDifference)
}

// Check interface is satisfied
var _ I__len__ = (*Set)(nil)
var _ I__bool__ = (*Set)(nil)
var _ I__iter__ = (*Set)(nil)
