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

// KeywordOrder lists kwargs' keys in the order of the call that passed them; keys
// with no recorded order (a map built in Go) come sorted.
func KeywordOrder(kwargs StringDict) []string {
	if len(kwargs) == 0 {
		return nil
	}
	if len(kwargs) > 1 {
		if v, ok := kwOrders.Load(mapID(kwargs)); ok {
			order := v.([]string)
			if len(order) == len(kwargs) {
				return order
			}
		}
	}
	keys := make([]string, 0, len(kwargs))
	for k := range kwargs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
