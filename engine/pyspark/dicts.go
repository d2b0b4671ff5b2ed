package pyspark

import "github.com/kafkalab/kafkalab/engine/python/py"

// pyDictItems reads a Python dict, or a namespace the interpreter made (StringDict,
// keys sorted), as its keys and values in order.
func pyDictItems(o py.Object) (keys, vals []py.Object, ok bool) {
	switch d := o.(type) {
	case *py.Dict:
		d.Range(func(k, v py.Object) bool {
			keys = append(keys, k)
			vals = append(vals, v)
			return true
		})
		return keys, vals, true
	case py.StringDict:
		for _, k := range sortedKeys(d) {
			keys = append(keys, py.String(k))
			vals = append(vals, d[k])
		}
		return keys, vals, true
	}
	return nil, nil, false
}

func isPyDict(o py.Object) bool {
	_, _, ok := pyDictItems(o)
	return ok
}

// pyStrDict reads a dict whose keys must be str (options, column maps): the values by
// key and the keys in the dict's order.
func pyStrDict(o py.Object) (py.StringDict, []string, bool) {
	keys, vals, ok := pyDictItems(o)
	if !ok {
		return nil, nil, false
	}
	out := make(py.StringDict, len(keys))
	order := make([]string, 0, len(keys))
	for i, k := range keys {
		s, err := py.StrAsString(k)
		if err != nil {
			return nil, nil, false
		}
		out[s] = vals[i]
		order = append(order, s)
	}
	return out, order, true
}
