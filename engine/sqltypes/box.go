package sqltypes

import "unsafe"

// boxSlabLen is how many values one slab block holds. A value still referenced keeps
// its whole block alive, so the block stays small (a 24-byte Decimal: 1.5 KB).
const boxSlabLen = 64

// BoxSlab turns values of T into interface values (Row elements) carved from blocks of
// boxSlabLen, instead of the one heap allocation per value that converting a
// non-pointer value to `any` costs. Per Kafka record and parsed JSON field this was most
// of the engine's small allocations (#18). The values are never changed after boxing,
// and nothing can change them through an interface (a type assertion copies the value
// out), so sharing a block between values is invisible to readers.
//
// T must not be pointer-shaped (a pointer, map, chan, func, or a struct or array of
// exactly one of those): Go stores such values in the interface itself. The zero
// BoxSlab is ready to use; it is not safe for concurrent use.
type BoxSlab[T any] struct {
	block []T
	next  int            // block[next:] is not handed out yet
	typ   unsafe.Pointer // T's type word in an interface value
}

// eface is the layout of an interface value with no methods (runtime.eface).
type eface struct {
	typ, data unsafe.Pointer
}

// Box returns v as an interface value.
func (s *BoxSlab[T]) Box(v T) any {
	if s.next == len(s.block) {
		if s.typ == nil {
			var a any = v
			s.typ = (*eface)(unsafe.Pointer(&a)).typ
		}
		s.block, s.next = make([]T, boxSlabLen), 0
	}
	p := &s.block[s.next]
	*p = v
	s.next++
	var out any
	e := (*eface)(unsafe.Pointer(&out))
	e.typ, e.data = s.typ, unsafe.Pointer(p)
	return out
}

// Rewind lets the next Box calls reuse the current block's cells from its start. Only for
// a caller that has copied out (type-asserted) every value boxed since the last Rewind
// and keeps none of them: the cells are overwritten.
func (s *BoxSlab[T]) Rewind() { s.next = 0 }
