// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Keyword argument order. Calls pass keyword arguments as a StringDict (a Go map,
// unordered); the VM records the call site's order for the duration of the call, so
// **kwargs, dict(a=1, b=2) and bindings that care (Row(**kw)) see them as written.

package py

import (
	"reflect"
	"sort"
	"sync"
)

var kwOrders sync.Map // map identity (uintptr) -> []string

func mapID(m StringDict) uintptr { return reflect.ValueOf(m).Pointer() }

// SetKeywordOrder records the order of kwargs' keys until release is called.
func SetKeywordOrder(kwargs StringDict, order []string) (release func()) {
	if len(kwargs) < 2 {
		return func() {}
	}
	id := mapID(kwargs)
	kwOrders.Store(id, order)
	return func() { kwOrders.Delete(id) }
}

// KeywordOrder lists kwargs' keys in the order of the call that passed them, or the
// order recorded with SetDictOrder (a class namespace); other keys come sorted.
func KeywordOrder(kwargs StringDict) []string {
	if len(kwargs) == 0 {
		return nil
	}
	if len(kwargs) > 1 {
		id := mapID(kwargs)
		if v, ok := kwOrders.Load(id); ok {
			order := v.([]string)
			if len(order) == len(kwargs) {
				return order
			}
			return completeOrder(kwargs, order)
		}
		if v, ok := dictOrders.Load(id); ok {
			return completeOrder(kwargs, v.([]string))
		}
	}
	keys := make([]string, 0, len(kwargs))
	for k := range kwargs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// completeOrder is order without the keys d no longer has, then d's other keys sorted.
func completeOrder(d StringDict, order []string) []string {
	out := make([]string, 0, len(d))
	seen := make(map[string]bool, len(d))
	for _, k := range order {
		if _, ok := d[k]; ok && !seen[k] {
			out = append(out, k)
			seen[k] = true
		}
	}
	var rest []string
	for k := range d {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

var dictOrders sync.Map // map identity (uintptr) -> []string, for the map's life

// SetDictOrder records the order of a namespace's keys for as long as it lives (a
// class body's definitions, in the order they were written).
func SetDictOrder(d StringDict, order []string) {
	if len(d) < 2 || len(order) == 0 {
		return
	}
	dictOrders.Store(mapID(d), append([]string(nil), order...))
}
