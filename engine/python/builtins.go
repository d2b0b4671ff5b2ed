package python

import (
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// SeqItems are the items of a tuple or list (ok false for anything else).
func SeqItems(o py.Object) ([]py.Object, bool) {
	switch x := o.(type) {
	case py.Tuple:
		return x, true
	case *py.List:
		return x.Items, true
	}
	return nil, false
}
