package python

import (
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Repr is repr(o) as CPython spells it (the interpreter's own repr).
func Repr(o py.Object) (string, error) { return py.ReprString(o) }
