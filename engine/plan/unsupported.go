package plan

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// What Spark 4.2's UnsupportedOperationChecker refuses, checked on kafkalab's plans: a
// streaming plan when its query starts (CheckStreaming), a plan with a streaming source
// when a batch action runs it (CheckBatch). The rules, their order and their wording are
// Spark's; operators kafkalab does not have (mapGroupsWithState, intersect...) have no
// rule here.

// StreamingAggregation is a streaming groupBy().agg() (stateful.Aggregate): what the
// checker needs to know of it.
type StreamingAggregation interface {
	Node
	// GroupingFields are the grouping expressions' fields, metadata included (a field
	// marked with spark.watermarkDelayMs is an event-time key).
	GroupingFields() []sqltypes.StructField
	// SessionWindowed is true when a grouping key is a session window.
	SessionWindowed() bool
	// HasDistinctAggregate is true for count(DISTINCT x) and the like.
	HasDistinctAggregate() bool
}

// StreamingDeduplication is a streaming dropDuplicates (stateful.Deduplicate).
type StreamingDeduplication interface {
	Node
	// WithinWatermark is dropDuplicatesWithinWatermark.
	WithinWatermark() bool
	// KeysHaveEventTime is true when a key column carries the watermark.
	KeysHaveEventTime() bool
}

// StreamingJoinNode is a join the checker can judge: its type (Spark's names: inner,
// leftouter, rightouter, fullouter, leftsemi, leftanti, cross) and whether its
// stream-stream state can be cleaned up (a watermark in the join keys, or on the
// nullable side with a time range condition).
type StreamingJoinNode interface {
	Node
	JoinType() string
	JoinSides() (left, right Node)
	// WatermarkCleansState reports Spark's condition for outer and semi stream-stream
	// joins: a watermark in the join keys, or a watermark and a range condition that
	// bound the state of the side that needs it.
	WatermarkCleansState() bool
}

// LimitNode is limit(n), static (*Limit) or on a stream (stateful.Limit).
type LimitNode interface {
	Node
	LimitCount() int
}

// Output modes as Spark's checker names them in its messages.
func modeName(mode string) string { return strings.ToLower(mode) }

func outputModeErr(mode, operation string) error {
	return sparkerrors.New(sparkerrors.AnalysisException, "STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION",
		"outputMode", modeName(mode), "operation", operation)
}

// CheckBatch is Spark's check of a batch action (count, collect, show...) on a plan.
func CheckBatch(root Node) error {
	if IsStreaming(root) {
		return sparkerrors.Legacy("Queries with streaming sources must be executed with writeStream.start(), or from a streaming table or flow definition within a Spark Declarative Pipeline.")
	}
	var err error
	Walk(root, func(n Node) {
		if d, ok := n.(*Deduplicate); ok && d.WithinWatermark && err == nil {
			err = sparkerrors.Legacy("dropDuplicatesWithinWatermark is not supported with batch DataFrames/DataSets")
		}
	})
	return err
}

// CheckStreaming is Spark's check of a streaming query's plan at start(), for an output
// mode ("Append", "Update" or "Complete").
func CheckStreaming(root Node, mode string) error {
	if !IsStreaming(root) {
		return sparkerrors.Legacy("Queries without streaming sources cannot be executed with writeStream.start()")
	}
	aggs := streamingAggregates(root)
	switch {
	case mode == "Append" && len(aggs) > 0:
		// Spark judges the outermost aggregation only: one grouped by window_time of an
		// inner one's windows has its event time (window_time carries the watermark).
		if !hasEventTimeField(aggs[0].GroupingFields()) {
			return outputModeErr(mode, "streaming aggregations without watermark")
		}
	case mode == "Update" && len(aggs) > 0:
		if aggs[0].SessionWindowed() {
			return outputModeErr(mode, "session window streaming aggregations")
		}
	case mode == "Complete" && len(aggs) == 0:
		return outputModeErr(mode, "no streaming aggregations")
	}
	if err := checkOperators(root, mode); err != nil {
		return err
	}
	return checkGlobalWatermarkLimit(root, mode)
}

// streamingAggregates are the plan's streaming aggregations, top-down (Spark's collect).
func streamingAggregates(n Node) []StreamingAggregation {
	var out []StreamingAggregation
	Walk(n, func(n Node) {
		if a, ok := n.(StreamingAggregation); ok && IsStreaming(a) {
			out = append(out, a)
		}
	})
	return out
}

func hasEventTimeField(fields []sqltypes.StructField) bool {
	for _, f := range fields {
		if _, ok := f.Metadata[WatermarkDelayKey]; ok {
			return true
		}
	}
	return false
}

// hasWatermarkedColumn is true when an output column of n carries the watermark.
func hasWatermarkedColumn(n Node) bool {
	return hasEventTimeField(Schema(n).Fields)
}

// checkOperators visits the plan bottom-up (Spark's foreachUp) with the rules about single
// operators.
func checkOperators(root Node, mode string) error {
	var visit func(n Node) error
	visit = func(n Node) error {
		for _, c := range n.Children() {
			if err := visit(c); err != nil {
				return err
			}
		}
		return checkOperator(n, mode)
	}
	return visit(root)
}

func checkOperator(n Node, mode string) error {
	switch x := n.(type) {
	case StreamingAggregation:
		if IsStreaming(x) && x.HasDistinctAggregate() {
			return sparkerrors.Legacy("Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using approx_count_distinct() instead.")
		}
	case StreamingJoinNode:
		return checkJoin(x, mode)
	case StreamingDeduplication:
		if x.WithinWatermark() && IsStreaming(x) {
			child := x.Children()[0]
			if !hasWatermarkedColumn(child) {
				return sparkerrors.Legacy("dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark")
			}
		}
	case *Union:
		if IsStreaming(x.Left) != IsStreaming(x.Right) {
			return sparkerrors.Legacy("Union between streaming and batch DataFrames/Datasets is not supported")
		}
	case *Window:
		if IsStreaming(x.Child) {
			return nonTimeWindowErr(x)
		}
	case LimitNode:
		if IsStreaming(x) && mode == "Update" {
			return sparkerrors.Legacy("Limits are not supported on streaming DataFrames/Datasets in Update output mode")
		}
	case *Sample:
		if IsStreaming(x.Child) {
			return sparkerrors.Legacy("Sampling is not supported on streaming DataFrames/Datasets")
		}
	case *Sort:
		if !containsCompleteData(x, mode) {
			return sparkerrors.Legacy("Sorting is not supported on streaming DataFrames/Datasets, unless it is on aggregated DataFrame/Dataset in Complete output mode")
		}
	}
	return nil
}

// containsCompleteData: whether a sub-plan has all its data in every batch (it reads no
// stream, or it aggregates in complete mode).
func containsCompleteData(n Node, mode string) bool {
	return !IsStreaming(n) || (len(streamingAggregates(n)) > 0 && mode == "Complete")
}

// checkJoin is Spark's rule for joins with a stream on one or both sides.
func checkJoin(j StreamingJoinNode, mode string) error {
	left, right := j.JoinSides()
	ls, rs := IsStreaming(left), IsStreaming(right)
	typ := j.JoinType()
	name := joinTypeName(typ)
	if ls && rs {
		inner := typ == "inner" || typ == "cross"
		switch {
		case inner && mode == "Complete":
			return sparkerrors.Legacy(name + " join between two streaming DataFrames/Datasets is not supported in " + mode + " output mode, only in Append and Update output modes")
		case !inner && mode != "Append":
			return sparkerrors.Legacy(name + " join between two streaming DataFrames/Datasets is not supported in " + mode + " output mode, only in Append output mode")
		}
	}
	streamStream := func() error {
		if !j.WatermarkCleansState() {
			return sparkerrors.Legacy("Stream-stream " + name + " join between two streaming DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark on the nullable side and an appropriate range condition")
		}
		return nil
	}
	switch typ {
	case "inner", "cross":
	case "fullouter":
		switch {
		case ls && !rs:
			return sparkerrors.Legacy("FullOuter joins with streaming DataFrames/Datasets on the left and a static DataFrame/Dataset on the right is not supported")
		case !ls && rs:
			return sparkerrors.Legacy("FullOuter joins with streaming DataFrames/Datasets on the right and a static DataFrame/Dataset on the left is not supported")
		case ls && rs:
			return streamStream()
		}
	case "leftanti":
		if rs {
			return sparkerrors.Legacy("LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported")
		}
	case "leftouter", "leftsemi":
		switch {
		case !ls && rs:
			return sparkerrors.Legacy(name + " join with a streaming DataFrame/Dataset on the right and a static DataFrame/Dataset on the left is not supported")
		case ls && rs:
			return streamStream()
		}
	case "rightouter":
		switch {
		case ls && !rs:
			return sparkerrors.Legacy("RightOuter join with a streaming DataFrame/Dataset on the left and a static DataFrame/DataSet on the right not supported")
		case ls && rs:
			return streamStream()
		}
	default:
		return sparkerrors.Legacy("Join type " + name + " is not supported with streaming DataFrame/Dataset")
	}
	return nil
}

// joinTypeName is Spark's JoinType.toString for the names JoinType() gives.
func joinTypeName(typ string) string {
	switch typ {
	case "inner":
		return "Inner"
	case "cross":
		return "Cross"
	case "leftouter":
		return "LeftOuter"
	case "rightouter":
		return "RightOuter"
	case "fullouter":
		return "FullOuter"
	case "leftsemi":
		return "LeftSemi"
	case "leftanti":
		return "LeftAnti"
	}
	return typ
}

// checkGlobalWatermarkLimit is Spark's check of chained stateful operators
// (spark.sql.streaming.statefulOperator.checkCorrectness.enabled, on by default): a
// stateful operator above an aggregation that emits in update or complete mode could see
// rows the global watermark calls late.
func checkGlobalWatermarkLimit(root Node, mode string) error {
	var err error
	Walk(root, func(n Node) {
		if err != nil || !isStatefulOperation(n) {
			return
		}
		Walk(n, func(p Node) {
			if err == nil && p != n && emitsLateRows(p, mode) {
				err = sparkerrors.Legacy("Detected pattern of possible 'correctness' issue due to global watermark. The query contains stateful operation which can emit rows older than the current watermark plus allowed late record delay, which are \"late rows\" in downstream stateful operations and these rows can be discarded. Please refer the programming guide doc for more details. If you understand the possible risk of correctness issue and still need to run the query, you can disable this check by setting the config `spark.sql.streaming.statefulOperator.checkCorrectness.enabled` to false.")
			}
		})
	})
	return err
}

func isStatefulOperation(n Node) bool {
	if !IsStreaming(n) {
		return false
	}
	switch x := n.(type) {
	case StreamingAggregation:
		return true
	case StreamingDeduplication:
		return x.WithinWatermark() || x.KeysHaveEventTime()
	case StreamingJoinNode:
		l, r := x.JoinSides()
		return IsStreaming(l) && IsStreaming(r)
	}
	return false
}

func emitsLateRows(n Node, mode string) bool {
	_, ok := n.(StreamingAggregation)
	return ok && IsStreaming(n) && mode != "Append"
}
