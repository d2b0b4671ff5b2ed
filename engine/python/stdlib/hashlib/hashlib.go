// Package hashlib is kafkalab's hashlib: md5, sha1 and the sha2 family on Go's
// crypto packages, with CPython's hash object API.
package hashlib

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"encoding/hex"
	"hash"
	"sort"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

var algorithms = map[string]func() hash.Hash{
	"md5":    md5.New,
	"sha1":   sha1.New,
	"sha224": sha256.New224,
	"sha256": sha256.New,
	"sha384": sha512.New384,
	"sha512": sha512.New,
}

// HashType is the type of hash objects.
var HashType = py.NewType("_hashlib.HASH", "A hash object.")

// Hash is a running hash.
type Hash struct {
	name string
	h    hash.Hash
}

func (h *Hash) Type() *py.Type { return HashType }

func (h *Hash) M__repr__() (py.Object, error) {
	return py.String("<" + h.name + " _hashlib.HASH object>"), nil
}

func dataBytes(o py.Object) ([]byte, error) {
	switch b := o.(type) {
	case py.Bytes:
		return []byte(b), nil
	case py.String:
		return nil, py.ExceptionNewf(py.TypeError, "Strings must be encoded before hashing")
	}
	return nil, py.ExceptionNewf(py.TypeError, "object supporting the buffer API required")
}

func newHash(name string, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	mk, ok := algorithms[name]
	if !ok {
		return nil, py.ExceptionNewf(py.ValueError, "unsupported hash type %s", name)
	}
	var data py.Object = py.Bytes{}
	if err := py.ParseTupleAndKeywords(args, kwargs, "|O:"+name, []string{"string"}, &data); err != nil {
		return nil, err
	}
	h := &Hash{name: name, h: mk()}
	b, err := dataBytes(data)
	if err != nil {
		return nil, err
	}
	h.h.Write(b)
	return h, nil
}

func init() {
	d := HashType.Dict
	d["update"] = py.MustNewMethod("update", func(self, data py.Object) (py.Object, error) {
		b, err := dataBytes(data)
		if err != nil {
			return nil, err
		}
		self.(*Hash).h.Write(b)
		return py.None, nil
	}, 0, "Update this hash object's state with the provided string.")
	d["digest"] = py.MustNewMethod("digest", func(self py.Object) (py.Object, error) {
		return py.Bytes(self.(*Hash).h.Sum(nil)), nil
	}, 0, "Return the digest value as a bytes object.")
	d["hexdigest"] = py.MustNewMethod("hexdigest", func(self py.Object) (py.Object, error) {
		return py.String(hex.EncodeToString(self.(*Hash).h.Sum(nil))), nil
	}, 0, "Return the digest value as a string of hexadecimal digits.")
	d["copy"] = py.MustNewMethod("copy", func(self py.Object) (py.Object, error) {
		h := self.(*Hash)
		c := &Hash{name: h.name, h: algorithms[h.name]()}
		state, err := h.h.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			return nil, py.ExceptionNewf(py.ValueError, "cannot copy %s: %v", h.name, err)
		}
		if err := c.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
			return nil, py.ExceptionNewf(py.ValueError, "cannot copy %s: %v", h.name, err)
		}
		return c, nil
	}, 0, "Return a copy of the hash object.")
	d["name"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return py.String(self.(*Hash).name), nil }}
	d["digest_size"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return py.Int(self.(*Hash).h.Size()), nil }}
	d["block_size"] = &py.Property{Fget: func(self py.Object) (py.Object, error) { return py.Int(self.(*Hash).h.BlockSize()), nil }}

	var names []string
	for name := range algorithms {
		names = append(names, name)
	}
	sort.Strings(names)
	methods := []*py.Method{
		py.MustNewMethod("new", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if len(args) == 0 {
				return nil, py.ExceptionNewf(py.TypeError, "new() missing required argument 'name' (pos 1)")
			}
			name, ok := args[0].(py.String)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "new() argument 'name' must be str, not %s", args[0].Type().Name)
			}
			return newHash(string(name), args[1:], kwargs)
		}, 0, "Return a new hash object using the named algorithm."),
	}
	for _, name := range names {
		name := name
		methods = append(methods, py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return newHash(name, args, kwargs)
		}, 0, "Returns a "+name+" hash object; optionally initialized with a string"))
	}
	avail := make(py.Tuple, len(names))
	for i, n := range names {
		avail[i] = py.String(n)
	}
	set := py.NewFrozenSetFromItems(avail)
	py.RegisterModule(&py.ModuleImpl{
		Info:    py.ModuleInfo{Name: "hashlib", Doc: "hashlib module - A common interface to many hash functions."},
		Methods: methods,
		Globals: py.StringDict{"algorithms_guaranteed": set, "algorithms_available": set},
	})
}
