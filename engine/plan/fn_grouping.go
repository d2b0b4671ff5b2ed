package plan

import "github.com/kafkalab/kafkalab/engine/sparkerrors"

// grouping and grouping_id have a value only in a rollup's or cube's aggregation, which
// replaces them per grouping set; anywhere else Spark refuses them.
func init() {
	refuse := func(*resolver, Call) (Bound, error) {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "UNSUPPORTED_GROUPING_EXPRESSION")
	}
	register(refuse, "grouping", "grouping_id")
}
