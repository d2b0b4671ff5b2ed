package stateful

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/plan"
)

func init() {
	engine.RegisterStreamingAggregation(func(_ *engine.Session, child plan.Node, keys, aggs []plan.Expr, withKeys bool) (plan.Node, error) {
		return NewAggregate(child, keys, aggs, withKeys)
	})
	engine.RegisterStreamingDeduplicate(func(child plan.Node, names []string, within bool) (plan.Node, error) {
		return NewDeduplicate(child, names, within)
	})
}
