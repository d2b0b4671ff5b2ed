package engine

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/stateful"
)

// Join is df.join(other, on, how). on is nil (every pair, like crossJoin), a column name, a
// list of names ([]string: USING columns, which appear once in the output), or a boolean
// Column over both sides (use df.alias("a") and "a.col" names to tell same-named columns
// apart). how is PySpark's: inner (default), left, right, full/outer, left_semi, left_anti,
// cross.
func (df *DataFrame) Join(other *DataFrame, on any, how string) (*DataFrame, error) {
	if other == nil {
		return nil, fmt.Errorf("join: the other DataFrame is missing")
	}
	jt, err := plan.NormalizeJoinType(how)
	if err != nil {
		return nil, err
	}
	// A join of a stream with static data is judged when its query starts, as Spark's
	// checker does (plan.CheckStreaming): an outer join that would keep the static side's
	// unmatched rows fails then, in Spark's words.
	var j *plan.Join
	switch x := on.(type) {
	case nil:
		j, err = plan.NewJoinOn(df.node, other.node, nil, jt)
	case string:
		j, err = plan.NewJoinUsing(df.node, other.node, []string{x}, jt)
	case []string:
		j, err = plan.NewJoinUsing(df.node, other.node, x, jt)
	case *Column:
		if x == nil || x.err != nil {
			if x == nil {
				return nil, notExpectedType("on", "Column, list or str", nil)
			}
			return nil, x.err
		}
		j, err = plan.NewJoinOn(df.node, other.node, x.expr, jt)
	default:
		return nil, notExpectedType("on", "Column, list or str", on)
	}
	if err != nil {
		return nil, err
	}
	if df.IsStreaming() && other.IsStreaming() {
		// Spark's checker judges the join type, watermarks and output mode at start().
		return df.s.newDF(stateful.NewStreamJoin(j)), nil
	}
	return df.s.newDF(j), nil
}

// CrossJoin is df.crossJoin(other).
func (df *DataFrame) CrossJoin(other *DataFrame) (*DataFrame, error) {
	return df.Join(other, nil, "cross")
}

// Alias is df.alias(name): columns can then be named "name.col".
func (df *DataFrame) Alias(name string) *DataFrame {
	return df.s.newDF(plan.NewSubqueryAlias(df.node, name))
}
