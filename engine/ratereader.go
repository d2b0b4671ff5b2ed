package engine

import (
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/ratesource"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// loadRate is readStream.format("rate") or format("rate-micro-batch"): options are checked
// now, as Spark checks them when the DataFrame is made.
func (r *DataStreamReader) loadRate() (*DataFrame, error) {
	if r.schema != nil {
		return nil, &plan.AnalysisError{Message: "The " + r.format + " source does not support a user-specified schema."}
	}
	opts := r.opts.asMap()
	parallelism := r.s.DefaultParallelism()
	var open func() (stream.Source, error)
	if r.format == "rate" {
		if _, err := ratesource.NewRate(opts, parallelism, r.s.now); err != nil {
			return nil, err
		}
		open = func() (stream.Source, error) { return ratesource.NewRate(opts, parallelism, r.s.now) }
	} else {
		if _, err := ratesource.NewMicroBatch(opts, parallelism); err != nil {
			return nil, err
		}
		open = func() (stream.Source, error) { return ratesource.NewMicroBatch(opts, parallelism) }
	}
	scan := &plan.StreamScan{Scope: r.s.newScope(ratesource.Schema(), nil), Name: r.format, Source: &sourceSpec{open: open}, SizeUnknown: true}
	return r.s.newDF(scan), nil
}
