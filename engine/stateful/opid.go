package stateful

import (
	"sync"

	"github.com/kafkalab/kafkalab/engine/plan"
)

// Spark numbers a query's stateful operators top-down (IncrementalExecution walks the plan
// from the root), which decides the state/<opId> folder. An operator takes its number when
// its Execute begins, before running its child, so the outermost one gets 0. The count
// lives per execution; the operator that took 0 finishes last and forgets it.
var entered sync.Map // *plan.Exec -> *int

func enterStateful(ex *plan.Exec) int {
	v, _ := entered.LoadOrStore(ex, new(int))
	n := v.(*int)
	id := *n
	*n++
	return id
}

func leaveStateful(ex *plan.Exec, id int) {
	if id == 0 {
		entered.Delete(ex)
	}
}
