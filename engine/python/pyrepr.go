package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyRepr is repr(o) as CPython spells it (the interpreter's own repr).
func pyRepr(o py.Object) (string, error) { return py.ReprString(o) }

// installReprBuiltins is where kafkalab's builtins differ from the interpreter's:
// nothing today, the interpreter prints, formats and rounds as CPython does.
func (in *Interpreter) installReprBuiltins(g py.StringDict) {}
