package plan

// Spark 4.2 runs several stateful operators in one query (spark.sql.streaming.
// statefulOperator.allowMultiple) by simulating how the watermark travels up the plan
// (PropagateWatermarkSimulator): a withWatermark node hands on the query's global
// watermark, a stateless node the lowest watermark of its inputs, a stateful operator the
// watermark it produces from its input (an aggregation or deduplication its input
// watermark, a stream-stream join the lowest of its input and its sides' state watermarks).
// Each stateful operator evicts with its own input watermark, and drops as late the rows
// under the input watermark it had in the previous batch. A global watermark of 0 (none
// yet) is 0 for every operator, and an operator none of whose inputs has a watermark sees 0.

// WatermarkProducer is a stateful operator whose output watermark is not its input
// watermark (Spark's produceOutputWatermark).
type WatermarkProducer interface {
	OutputWatermark(inputMs int64) (int64, bool)
}

// InputWatermark is the watermark the stateful operator n works with when the query's
// global watermark is globalMs: pass the batch's watermark for eviction, the previous
// batch's for late rows.
func InputWatermark(n Node, globalMs int64) int64 {
	if globalMs == 0 {
		return 0
	}
	wm, ok := inputWatermarkOf(n, globalMs)
	if !ok || wm < 0 {
		return 0
	}
	return wm
}

// inputWatermarkOf is the lowest output watermark of n's children; ok is false when none
// of them carries one.
func inputWatermarkOf(n Node, globalMs int64) (int64, bool) {
	var best int64
	found := false
	for _, c := range n.Children() {
		if wm, ok := outputWatermarkOf(c, globalMs); ok && (!found || wm < best) {
			best, found = wm, true
		}
	}
	return best, found
}

func outputWatermarkOf(n Node, globalMs int64) (int64, bool) {
	if _, ok := n.(*Watermark); ok {
		return globalMs, true
	}
	in, ok := inputWatermarkOf(n, globalMs)
	if _, stateful := n.(Stateful); !stateful || !ok {
		return in, ok
	}
	if p, isProducer := n.(WatermarkProducer); isProducer {
		return p.OutputWatermark(in)
	}
	return in, true
}
