// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Dict and StringDict types
//
// Dict is Python's dict: insertion-ordered, any hashable key. StringDict is the Go
// map the interpreter uses for namespaces (globals, class and instance attributes,
// keyword arguments); it also acts as a dict when Python code sees one.

package py

import (
	"strings"
)

const dictDoc = `dict() -> new empty dictionary
dict(mapping) -> new dictionary initialized from a mapping object's
    (key, value) pairs
dict(iterable) -> new dictionary initialized as if via:
    d = {}
    for k, v in iterable:
        d[k] = v
dict(**kwargs) -> new dictionary initialized with the name=value pairs
    in the keyword argument list.  For example:  dict(one=1, two=2)`

var (
	DictType       = NewTypeX("dict", dictDoc, DictNew, nil)
	StringDictType = DictType.NewType("dict", dictDoc, DictNew, nil)
	expectingDict  = ExceptionNewf(TypeError, "a dict is required")
)

type dictEntry struct {
	key, value Object // key nil: deleted
	hash       int64
}

// Dict is an insertion-ordered hash table. str keys, the common case, are indexed by
// a Go map of their text; other keys by their Python hash.
type Dict struct {
	entries []dictEntry
	live    int
	strIdx  map[string]int32
	idx     map[int64][]int32
	version int // bumped when the set of keys changes, to catch mutation in iteration
}

// Type of this Dict object
func (d *Dict) Type() *Type { return DictType }

// NewDict makes an empty dict.
func NewDict() *Dict { return &Dict{} }

// NewDictSized makes an empty dict with room for n entries.
func NewDictSized(n int) *Dict { return &Dict{entries: make([]dictEntry, 0, n)} }

// NewDictFromStringDict copies a namespace into a dict, keys sorted.
func NewDictFromStringDict(sd StringDict) *Dict {
	d := NewDictSized(len(sd))
	for _, k := range sortedKeys(sd) {
		d.SetStr(k, sd[k])
	}
	return d
}

// strKey is the str a key is indexed by: a str, or an instance of a str subclass
// that keeps str's hash and equality.
func strKey(key Object) (String, bool) {
	switch k := key.(type) {
	case String:
		return k, true
	case *Type:
		if s, ok := k.Value.(String); ok && !overridesHashOrEq(k.Type()) {
			return s, true
		}
	}
	return "", false
}

// overridesHashOrEq reports whether a class derived from a built-in type defines
// __hash__ or __eq__ itself.
func overridesHashOrEq(cls *Type) bool {
	for _, b := range cls.Mro {
		bt := b.(*Type)
		if valueBases[bt] {
			return false
		}
		if _, ok := bt.Dict["__hash__"]; ok {
			return true
		}
		if _, ok := bt.Dict["__eq__"]; ok {
			return true
		}
	}
	return false
}

func sortedKeys(sd StringDict) []string {
	return KeywordOrder(sd)
}

// Len is len(d).
func (d *Dict) Len() int { return d.live }

func (d *Dict) find(key Object) (int, int64, error) {
	if s, ok := strKey(key); ok {
		if i, ok := d.strIdx[string(s)]; ok {
			return int(i), 0, nil
		}
		return -1, 0, nil
	}
	h, err := Hash(key)
	if err != nil {
		return -1, 0, err
	}
	for _, i := range d.idx[h] {
		eq, err := keysEqual(d.entries[i].key, key)
		if err != nil {
			return -1, h, err
		}
		if eq {
			return int(i), h, nil
		}
	}
	return -1, h, nil
}

// GetItem looks key up; found is false when it is missing.
func (d *Dict) GetItem(key Object) (value Object, found bool, err error) {
	i, _, err := d.find(key)
	if err != nil || i < 0 {
		return nil, false, err
	}
	return d.entries[i].value, true, nil
}

// GetStr looks a str key up.
func (d *Dict) GetStr(key string) (Object, bool) {
	if i, ok := d.strIdx[key]; ok {
		return d.entries[i].value, true
	}
	return nil, false
}

// SetItem is d[key] = value.
func (d *Dict) SetItem(key, value Object) error {
	i, h, err := d.find(key)
	if err != nil {
		return err
	}
	if i >= 0 {
		d.entries[i].value = value
		return nil
	}
	d.insert(key, value, h)
	return nil
}

// SetStr is d[key] = value for a str key.
func (d *Dict) SetStr(key string, value Object) {
	if i, ok := d.strIdx[key]; ok {
		d.entries[i].value = value
		return
	}
	d.insert(String(key), value, 0)
}

func (d *Dict) insert(key, value Object, h int64) {
	n := int32(len(d.entries))
	d.entries = append(d.entries, dictEntry{key: key, value: value, hash: h})
	d.live++
	d.version++
	if s, ok := strKey(key); ok {
		if d.strIdx == nil {
			d.strIdx = make(map[string]int32)
		}
		d.strIdx[string(s)] = n
		return
	}
	if d.idx == nil {
		d.idx = make(map[int64][]int32)
	}
	d.idx[h] = append(d.idx[h], n)
}

// DelItem removes key; found is false when it was missing.
func (d *Dict) DelItem(key Object) (found bool, err error) {
	i, h, err := d.find(key)
	if err != nil || i < 0 {
		return false, err
	}
	d.removeAt(i, h)
	return true, nil
}

func (d *Dict) removeAt(i int, h int64) {
	e := d.entries[i]
	if s, ok := strKey(e.key); ok {
		delete(d.strIdx, string(s))
	} else {
		list := d.idx[h]
		for j, k := range list {
			if int(k) == i {
				list = append(list[:j:j], list[j+1:]...)
				break
			}
		}
		if len(list) == 0 {
			delete(d.idx, h)
		} else {
			d.idx[h] = list
		}
	}
	d.entries[i] = dictEntry{}
	d.live--
	d.version++
	if len(d.entries) > 16 && d.live < len(d.entries)/2 {
		d.compact()
	}
}

// compact drops deleted entries and rebuilds the indexes.
func (d *Dict) compact() {
	old := d.entries
	d.entries = make([]dictEntry, 0, d.live)
	d.strIdx, d.idx = nil, nil
	d.live = 0
	for _, e := range old {
		if e.key != nil {
			d.insert(e.key, e.value, e.hash)
		}
	}
}

// Clear empties the dict.
func (d *Dict) Clear() {
	*d = Dict{version: d.version + 1}
}

// Keys lists the keys in insertion order.
func (d *Dict) Keys() []Object {
	out := make([]Object, 0, d.live)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, e.key)
		}
	}
	return out
}

// Values lists the values in insertion order.
func (d *Dict) Values() []Object {
	out := make([]Object, 0, d.live)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, e.value)
		}
	}
	return out
}

// Items lists (key, value) tuples in insertion order.
func (d *Dict) Items() []Object {
	out := make([]Object, 0, d.live)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, Tuple{e.key, e.value})
		}
	}
	return out
}

// Range calls f for each entry in order until it returns false.
func (d *Dict) Range(f func(key, value Object) bool) {
	for _, e := range d.entries {
		if e.key != nil && !f(e.key, e.value) {
			return
		}
	}
}

// Copy is a shallow copy.
func (d *Dict) Copy() *Dict {
	c := NewDictSized(d.live)
	for _, e := range d.entries {
		if e.key != nil {
			c.insert(e.key, e.value, e.hash)
		}
	}
	return c
}

// StringDict converts a dict with only str keys (keyword arguments); another key is a
// TypeError.
func (d *Dict) StringDict() (StringDict, error) {
	out := make(StringDict, d.live)
	for _, e := range d.entries {
		if e.key == nil {
			continue
		}
		s, ok := e.key.(String)
		if !ok {
			return nil, ExceptionNewf(TypeError, "keywords must be strings")
		}
		out[string(s)] = e.value
	}
	return out, nil
}

// DictNew is dict(...).
func DictNew(metatype *Type, args Tuple, kwargs StringDict) (Object, error) {
	if len(args) > 1 {
		return nil, ExceptionNewf(TypeError, "dict expected at most 1 argument, got %d", len(args))
	}
	out := NewDict()
	if len(args) == 1 {
		if err := out.update(args[0]); err != nil {
			return nil, err
		}
	}
	for _, k := range KeywordOrder(kwargs) {
		out.SetStr(k, kwargs[k])
	}
	return out, nil
}

// update is d.update(other): a mapping, or an iterable of pairs.
func (d *Dict) update(other Object) error {
	switch o := other.(type) {
	case *Dict:
		for _, e := range o.entries {
			if e.key != nil {
				if err := d.SetItem(e.key, e.value); err != nil {
					return err
				}
			}
		}
		return nil
	case StringDict:
		for _, k := range sortedKeys(o) {
			d.SetStr(k, o[k])
		}
		return nil
	}
	if keys, err := GetAttrString(other, "keys"); err == nil {
		ks, err := Call(keys, nil, nil)
		if err != nil {
			return err
		}
		var inner error
		err = Iterate(ks, func(k Object) bool {
			var v Object
			if v, inner = GetItem(other, k); inner != nil {
				return true
			}
			inner = d.SetItem(k, v)
			return inner != nil
		})
		if err != nil {
			return err
		}
		return inner
	}
	n := 0
	var inner error
	err := Iterate(other, func(item Object) bool {
		pair, err := SequenceTuple(item)
		if err != nil {
			inner = ExceptionNewf(TypeError, "cannot convert dictionary update sequence element #%d to a sequence", n)
			return true
		}
		if len(pair) != 2 {
			inner = ExceptionNewf(ValueError, "dictionary update sequence element #%d has length %d; 2 is required", n, len(pair))
			return true
		}
		inner = d.SetItem(pair[0], pair[1])
		n++
		return inner != nil
	})
	if err != nil {
		return err
	}
	return inner
}

func keyError(key Object) error {
	e := ExceptionNewf(KeyError, "")
	e.Args = Tuple{key}
	return e
}

func (d *Dict) M__len__() (Object, error) { return Int(d.live), nil }
func (d *Dict) M__bool__() (Object, error) {
	return NewBool(d.live > 0), nil
}

func (d *Dict) M__getitem__(key Object) (Object, error) {
	v, ok, err := d.GetItem(key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, keyError(key)
	}
	return v, nil
}

func (d *Dict) M__setitem__(key, value Object) (Object, error) {
	return None, d.SetItem(key, value)
}

func (d *Dict) M__delitem__(key Object) (Object, error) {
	found, err := d.DelItem(key)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, keyError(key)
	}
	return None, nil
}

func (d *Dict) M__contains__(key Object) (Object, error) {
	_, ok, err := d.GetItem(key)
	return NewBool(ok), err
}

func (d *Dict) M__iter__() (Object, error) {
	return &dictIterator{d: d, kind: dictKeys, version: d.version}, nil
}

func (d *Dict) M__str__() (Object, error) { return d.M__repr__() }

func (d *Dict) M__repr__() (Object, error) {
	s, err := reprDepth(d, nil)
	return String(s), err
}

func (d *Dict) repr(st *reprState) (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for _, e := range d.entries {
		if e.key == nil {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		k, err := reprDepth(e.key, st)
		if err != nil {
			return "", err
		}
		v, err := reprDepth(e.value, st)
		if err != nil {
			return "", err
		}
		b.WriteString(k)
		b.WriteString(": ")
		b.WriteString(v)
	}
	b.WriteByte('}')
	return b.String(), nil
}

func (d *Dict) M__eq__(other Object) (Object, error) {
	r, err := dictEqual(d, other, 0)
	if err != nil || r == nil {
		return NotImplemented, err
	}
	return r, nil
}

func (d *Dict) M__ne__(other Object) (Object, error) {
	r, err := dictEqual(d, other, 0)
	if err != nil || r == nil {
		return NotImplemented, err
	}
	return NewBool(r == False), nil
}

// asDict views a dict or a namespace as a *Dict.
func asDict(o Object) (*Dict, bool) {
	switch x := o.(type) {
	case *Dict:
		return x, true
	case StringDict:
		return NewDictFromStringDict(x), true
	}
	return nil, false
}

func dictEqual(a Object, other Object, depth int) (Object, error) {
	da, _ := asDict(a)
	db, ok := asDict(other)
	if !ok {
		return nil, nil
	}
	if da.live != db.live {
		return False, nil
	}
	if depth > maxGoDepth {
		return nil, goRecursionError(" in comparison")
	}
	for _, e := range da.entries {
		if e.key == nil {
			continue
		}
		v, found, err := db.GetItem(e.key)
		if err != nil {
			return nil, err
		}
		if !found {
			return False, nil
		}
		eq, err := eqDepth(e.value, v, depth+1)
		if err != nil {
			return nil, err
		}
		if !eq {
			return False, nil
		}
	}
	return True, nil
}

func (d *Dict) M__or__(other Object) (Object, error) {
	o, ok := asDict(other)
	if !ok {
		return NotImplemented, nil
	}
	c := d.Copy()
	return c, c.update(o)
}

func (d *Dict) M__ior__(other Object) (Object, error) {
	return d, d.update(other)
}

func (d *Dict) M__reversed__() (Object, error) {
	keys := d.Keys()
	for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
	return NewIterator(Tuple(keys)), nil
}

type dictViewKind int

const (
	dictKeys dictViewKind = iota
	dictValues
	dictItems
)

// dictIterator walks a dict's entries; a dict that changes size meanwhile is an error.
type dictIterator struct {
	d       *Dict
	pos     int
	kind    dictViewKind
	version int
}

var DictIteratorType = NewType("dict_keyiterator", "")

func (it *dictIterator) Type() *Type                { return DictIteratorType }
func (it *dictIterator) M__iter__() (Object, error) { return it, nil }
func (it *dictIterator) M__next__() (Object, error) {
	if it.d.version != it.version {
		it.version = it.d.version
		return nil, ExceptionNewf(RuntimeError, "dictionary changed size during iteration")
	}
	for it.pos < len(it.d.entries) {
		e := it.d.entries[it.pos]
		it.pos++
		if e.key == nil {
			continue
		}
		switch it.kind {
		case dictValues:
			return e.value, nil
		case dictItems:
			return Tuple{e.key, e.value}, nil
		}
		return e.key, nil
	}
	return nil, StopIteration
}

// DictView is dict.keys(), .values() or .items(): a live view of the dict.
type DictView struct {
	d    *Dict
	kind dictViewKind
}

var (
	DictKeysType   = NewType("dict_keys", "")
	DictValuesType = NewType("dict_values", "")
	DictItemsType  = NewType("dict_items", "")
)

func (v *DictView) Type() *Type {
	switch v.kind {
	case dictValues:
		return DictValuesType
	case dictItems:
		return DictItemsType
	}
	return DictKeysType
}

func (v *DictView) items() []Object {
	switch v.kind {
	case dictValues:
		return v.d.Values()
	case dictItems:
		return v.d.Items()
	}
	return v.d.Keys()
}

func (v *DictView) M__iter__() (Object, error) {
	return &dictIterator{d: v.d, kind: v.kind, version: v.d.version}, nil
}
func (v *DictView) M__len__() (Object, error) { return Int(v.d.live), nil }
func (v *DictView) M__repr__() (Object, error) {
	s, err := reprSeq("[", "]", v.items(), nil)
	if err != nil {
		return nil, err
	}
	return String(v.Type().Name + "(" + s + ")"), nil
}
func (v *DictView) M__contains__(x Object) (Object, error) {
	switch v.kind {
	case dictKeys:
		return v.d.M__contains__(x)
	case dictItems:
		t, ok := x.(Tuple)
		if !ok || len(t) != 2 {
			return False, nil
		}
		val, found, err := v.d.GetItem(t[0])
		if err != nil || !found {
			return False, err
		}
		eq, err := eqDepth(val, t[1], 0)
		return NewBool(eq), err
	}
	for _, val := range v.d.Values() {
		eq, err := eqDepth(val, x, 0)
		if err != nil || eq {
			return NewBool(eq), err
		}
	}
	return False, nil
}

func (v *DictView) asSet() (*Set, error) { return NewSetFrom(v.items()) }

func (v *DictView) M__eq__(other Object) (Object, error) {
	if v.kind == dictValues {
		return NewBool(Is(v, other)), nil
	}
	a, err := v.asSet()
	if err != nil {
		return nil, err
	}
	if o, ok := other.(*DictView); ok {
		b, err := o.asSet()
		if err != nil {
			return nil, err
		}
		return a.M__eq__(b)
	}
	return a.M__eq__(other)
}

func (v *DictView) setOp(other Object, op func(a, b *Set) (*Set, error)) (Object, error) {
	a, err := v.asSet()
	if err != nil {
		return nil, err
	}
	b, err := iterableSet(other)
	if err != nil {
		return nil, err
	}
	return op(a, b)
}

func (v *DictView) M__and__(other Object) (Object, error) { return v.setOp(other, setIntersection) }
func (v *DictView) M__or__(other Object) (Object, error)  { return v.setOp(other, setUnion) }
func (v *DictView) M__sub__(other Object) (Object, error) { return v.setOp(other, setDifference) }
func (v *DictView) M__xor__(other Object) (Object, error) {
	return v.setOp(other, setSymmetricDifference)
}

func init() {
	m := func(name string, f interface{}, doc string) { DictType.Dict[name] = MustNewMethod(name, f, 0, doc) }
	m("keys", func(self Object) (Object, error) { return &DictView{d: self.(*Dict), kind: dictKeys}, nil }, "D.keys() -> a set-like object providing a view on D's keys")
	m("values", func(self Object) (Object, error) { return &DictView{d: self.(*Dict), kind: dictValues}, nil }, "D.values() -> an object providing a view on D's values")
	m("items", func(self Object) (Object, error) { return &DictView{d: self.(*Dict), kind: dictItems}, nil }, "D.items() -> a set-like object providing a view on D's items")
	m("get", func(self Object, args Tuple) (Object, error) {
		var key Object
		var def Object = None
		if err := UnpackTuple(args, nil, "get", 1, 2, &key, &def); err != nil {
			return nil, err
		}
		v, ok, err := self.(*Dict).GetItem(key)
		if err != nil || ok {
			return v, err
		}
		return def, nil
	}, "Return the value for key if key is in the dictionary, else default.")
	m("setdefault", func(self Object, args Tuple) (Object, error) {
		var key Object
		var def Object = None
		if err := UnpackTuple(args, nil, "setdefault", 1, 2, &key, &def); err != nil {
			return nil, err
		}
		d := self.(*Dict)
		v, ok, err := d.GetItem(key)
		if err != nil || ok {
			return v, err
		}
		return def, d.SetItem(key, def)
	}, "Insert key with a value of default if key is not in the dictionary.")
	m("pop", func(self Object, args Tuple) (Object, error) {
		var key, def Object
		if err := UnpackTuple(args, nil, "pop", 1, 2, &key, &def); err != nil {
			return nil, err
		}
		d := self.(*Dict)
		i, h, err := d.find(key)
		if err != nil {
			return nil, err
		}
		if i < 0 {
			if def != nil {
				return def, nil
			}
			return nil, keyError(key)
		}
		v := d.entries[i].value
		d.removeAt(i, h)
		return v, nil
	}, "D.pop(k[,d]) -> v, remove specified key and return the corresponding value.")
	m("popitem", func(self Object) (Object, error) {
		d := self.(*Dict)
		for i := len(d.entries) - 1; i >= 0; i-- {
			if e := d.entries[i]; e.key != nil {
				d.removeAt(i, e.hash)
				return Tuple{e.key, e.value}, nil
			}
		}
		return nil, ExceptionNewf(KeyError, "popitem(): dictionary is empty")
	}, "Remove and return a (key, value) pair as a 2-tuple.")
	m("update", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		if len(args) > 1 {
			return nil, ExceptionNewf(TypeError, "update expected at most 1 argument, got %d", len(args))
		}
		d := self.(*Dict)
		if len(args) == 1 {
			if err := d.update(args[0]); err != nil {
				return nil, err
			}
		}
		for _, k := range KeywordOrder(kwargs) {
			d.SetStr(k, kwargs[k])
		}
		return None, nil
	}, "D.update([E, ]**F) -> None.  Update D from dict/iterable E and F.")
	m("copy", func(self Object) (Object, error) { return self.(*Dict).Copy(), nil }, "D.copy() -> a shallow copy of D")
	m("clear", func(self Object) (Object, error) { self.(*Dict).Clear(); return None, nil }, "D.clear() -> None.  Remove all items from D.")
	DictType.Dict["fromkeys"] = &ClassMethod{Callable: MustNewMethod("fromkeys", func(self Object, args Tuple) (Object, error) {
		var iterable Object
		var value Object = None
		if err := UnpackTuple(args, nil, "fromkeys", 1, 2, &iterable, &value); err != nil {
			return nil, err
		}
		d := NewDict()
		var inner error
		err := Iterate(iterable, func(k Object) bool {
			inner = d.SetItem(k, value)
			return inner != nil
		})
		if err != nil {
			return nil, err
		}
		return d, inner
	}, 0, "Create a new dictionary with keys from iterable and values set to value.")}
}

// String to object dictionary
//
// Used for variables etc where the keys can only be strings
type StringDict map[string]Object

// Type of this StringDict object
func (o StringDict) Type() *Type {
	return StringDictType
}

// Make a new dictionary
func NewStringDict() StringDict {
	return make(StringDict)
}

// Make a new dictionary with reservation for n entries
func NewStringDictSized(n int) StringDict {
	return make(StringDict, n)
}

// Checks that obj is exactly a dictionary and returns an error if not
func DictCheckExact(obj Object) (StringDict, error) {
	dict, ok := obj.(StringDict)
	if !ok {
		return nil, expectingDict
	}
	return dict, nil
}

// Checks that obj is exactly a dictionary and returns an error if not
func DictCheck(obj Object) (StringDict, error) {
	return DictCheckExact(obj)
}

// Copy a dictionary
func (d StringDict) Copy() StringDict {
	e := make(StringDict, len(d))
	for k, v := range d {
		e[k] = v
	}
	if len(d) > 1 {
		if order, ok := dictOrders.Load(mapID(d)); ok {
			dictOrders.Store(mapID(e), order)
		}
	}
	return e
}

func (a StringDict) M__str__() (Object, error) {
	return a.M__repr__()
}

func (a StringDict) M__len__() (Object, error) {
	return Int(len(a)), nil
}

func (a StringDict) M__repr__() (Object, error) {
	s, err := reprDepth(a, nil)
	return String(s), err
}

// repr prints the namespace with its keys sorted: a Go map has no order to keep.
func (a StringDict) repr(st *reprState) (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range sortedKeys(a) {
		if i > 0 {
			b.WriteString(", ")
		}
		v, err := reprDepth(a[k], st)
		if err != nil {
			return "", err
		}
		b.WriteString(StrRepr(k))
		b.WriteString(": ")
		b.WriteString(v)
	}
	b.WriteByte('}')
	return b.String(), nil
}

// Returns a list of keys from the dict
func (d StringDict) M__iter__() (Object, error) {
	o := make(Tuple, 0, len(d))
	for _, k := range sortedKeys(d) {
		o = append(o, String(k))
	}
	return NewIterator(o), nil
}

func (d StringDict) M__getitem__(key Object) (Object, error) {
	str, ok := key.(String)
	if ok {
		res, ok := d[string(str)]
		if ok {
			return res, nil
		}
	}
	if _, err := Hash(key); err != nil {
		return nil, err
	}
	return nil, keyError(key)
}

func (d StringDict) M__delitem__(key Object) (Object, error) {
	str, ok := key.(String)
	if !ok {
		return nil, keyError(key)
	}
	_, ok = d[string(str)]
	if !ok {
		return nil, keyError(key)
	}
	delete(d, string(str))
	return None, nil
}

func (d StringDict) M__setitem__(key, value Object) (Object, error) {
	str, ok := key.(String)
	if !ok {
		if _, err := Hash(key); err != nil {
			return nil, err
		}
		return nil, ExceptionNewf(TypeError, "this namespace only takes str keys, not %s", key.Type().Name)
	}
	d[string(str)] = value
	return None, nil
}

func (a StringDict) M__eq__(other Object) (Object, error) {
	r, err := dictEqual(a, other, 0)
	if err != nil || r == nil {
		return NotImplemented, err
	}
	return r, nil
}

func (a StringDict) M__ne__(other Object) (Object, error) {
	r, err := dictEqual(a, other, 0)
	if err != nil || r == nil {
		return NotImplemented, err
	}
	return NewBool(r == False), nil
}

func (a StringDict) M__contains__(other Object) (Object, error) {
	key, ok := other.(String)
	if !ok {
		if _, err := Hash(other); err != nil {
			return nil, err
		}
		return False, nil
	}
	_, ok = a[string(key)]
	return NewBool(ok), nil
}

// A namespace seen from Python gets dict's methods through a Dict copy for reads, and
// writes back for the methods that change it.
func init() {
	read := func(name string) {
		StringDictType.Dict[name] = MustNewMethod(name, func(self Object, args Tuple, kwargs StringDict) (Object, error) {
			d := NewDictFromStringDict(self.(StringDict))
			fn := DictType.Dict[name].(*Method)
			return fn.CallWithKeywords(d, args, kwargs)
		}, 0, "")
	}
	for _, name := range []string{"keys", "values", "items", "get", "copy"} {
		read(name)
	}
	write := func(name string) {
		StringDictType.Dict[name] = MustNewMethod(name, func(self Object, args Tuple, kwargs StringDict) (Object, error) {
			sd := self.(StringDict)
			d := NewDictFromStringDict(sd)
			fn := DictType.Dict[name].(*Method)
			res, err := fn.CallWithKeywords(d, args, kwargs)
			if err != nil {
				return nil, err
			}
			back, err := d.StringDict()
			if err != nil {
				return nil, err
			}
			for k := range sd {
				if _, ok := back[k]; !ok {
					delete(sd, k)
				}
			}
			for k, v := range back {
				sd[k] = v
			}
			return res, nil
		}, 0, "")
	}
	for _, name := range []string{"setdefault", "pop", "popitem", "update", "clear"} {
		write(name)
	}
}

// Check interfaces
var (
	_ I__getitem__  = (*Dict)(nil)
	_ I__setitem__  = (*Dict)(nil)
	_ I__delitem__  = (*Dict)(nil)
	_ I__contains__ = (*Dict)(nil)
	_ I__iter__     = (*Dict)(nil)
	_ I__len__      = (*Dict)(nil)
)

// StringDictOf reads a namespace from Python: a StringDict as it is, a dict with str
// keys as a copy (see WriteBack).
func StringDictOf(o Object) (StringDict, error) {
	switch x := o.(type) {
	case StringDict:
		return x, nil
	case *Dict:
		return x.StringDict()
	}
	return nil, expectingDict
}

// WriteBack copies a namespace made by StringDictOf back into the dict it came from.
func WriteBack(orig Object, ns StringDict) {
	d, ok := orig.(*Dict)
	if !ok {
		return
	}
	for _, k := range sortedKeys(ns) {
		d.SetStr(k, ns[k])
	}
}
