package engine

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// defaultSummary is what df.summary() computes when no statistic is named.
var defaultSummary = []string{"count", "mean", "stddev", "min", "25%", "50%", "75%", "max"}

// Describe is df.describe(cols...): summary's count, mean, stddev, min and max of the
// named columns (all of them when none is named).
func (df *DataFrame) Describe(ctx context.Context, columns ...string) (*DataFrame, error) {
	selected := df
	if len(columns) > 0 {
		cs := make([]any, len(columns))
		for i, c := range columns {
			cs[i] = c
		}
		var err error
		if selected, err = df.Select(cs...); err != nil {
			return nil, err
		}
	}
	return selected.Summary(ctx, "count", "mean", "stddev", "min", "max")
}

// Summary is df.summary(statistics...) as Spark's StatFunctions.summary computes it: one
// aggregation over the numeric and string columns, each statistic cast to a string, then
// one row per statistic (named in the summary column) and one string column per input
// column. A string column's mean, stddev and percentiles read it as doubles where it
// parses (Spark's TryCast); percentiles are percentile_approx's (accuracy 10000).
// The aggregation runs here, when the DataFrame is made, as in Spark.
func (df *DataFrame) Summary(ctx context.Context, statistics ...string) (*DataFrame, error) {
	if len(statistics) == 0 {
		statistics = defaultSummary
	}
	if df.IsStreaming() {
		return nil, plan.CheckBatch(df.node)
	}
	var percentiles []any
	for _, s := range statistics {
		if strings.HasSuffix(s, "%") {
			p, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
			if err != nil || p < 0 || p > 100 {
				return nil, unrecognizedStatistic(s)
			}
			percentiles = append(percentiles, p/100)
		}
	}
	var selected []sqltypes.StructField
	for _, f := range df.Schema().Fields {
		if _, isStr := f.Type.(sqltypes.StringType); isStr || isNumericType(f.Type) {
			selected = append(selected, f)
		}
	}
	var aggs []any
	pi := 0
	for _, s := range statistics {
		fn, err := summaryStatistic(s, &pi, percentiles)
		if err != nil {
			return nil, err
		}
		for _, f := range selected {
			aggs = append(aggs, fn(f).Cast(sqltypes.String).Alias(f.Name))
		}
	}
	out := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "summary", Type: sqltypes.String, Nullable: true}}}
	for _, f := range selected {
		out.Fields = append(out.Fields, sqltypes.StructField{Name: f.Name, Type: sqltypes.String, Nullable: true})
	}
	rows := make([]sqltypes.Row, len(statistics))
	var values sqltypes.Row
	if len(selected) > 0 {
		agg, err := df.Select(aggs...)
		if err != nil {
			return nil, err
		}
		got, err := agg.Collect(ctx)
		if err != nil {
			return nil, err
		}
		values = got[0]
	}
	for i, s := range statistics {
		rows[i] = append(sqltypes.Row{s}, values[i*len(selected):(i+1)*len(selected)]...)
	}
	return df.s.CreateDataFrame(rows, out)
}

func unrecognizedStatistic(s string) error {
	return sparkerrors.New(sparkerrors.IllegalArgumentException, "UNRECOGNIZED_STATISTIC", "stats", "'"+s+"'")
}

// summaryStatistic is the aggregate one statistic computes over a column; pi counts the
// percentiles met so far (they share one percentile_approx array, as in Spark).
func summaryStatistic(s string, pi *int, percentiles []any) (func(sqltypes.StructField) *Column, error) {
	if strings.HasSuffix(s, "%") {
		i := *pi
		*pi++
		return func(f sqltypes.StructField) *Column {
			at := newColumn(plan.Literal{Value: percentiles, Type: sqltypes.ArrayType{Element: sqltypes.Double}})
			p := CallFunction("percentile_approx", false, asDoubleIfString(f), at)
			return p.GetItem(i)
		}, nil
	}
	switch strings.ToLower(s) {
	case "count":
		return func(f sqltypes.StructField) *Column { return Count(fieldRef(f)) }, nil
	case "count_distinct":
		return func(f sqltypes.StructField) *Column { return CountDistinct(fieldRef(f)) }, nil
	case "approx_count_distinct":
		return func(f sqltypes.StructField) *Column { return ApproxCountDistinct(fieldRef(f)) }, nil
	case "mean":
		return func(f sqltypes.StructField) *Column { return Avg(asDoubleIfString(f)) }, nil
	case "stddev":
		return func(f sqltypes.StructField) *Column { return call("stddev_samp", asDoubleIfString(f)) }, nil
	case "min":
		return func(f sqltypes.StructField) *Column { return Min(fieldRef(f)) }, nil
	case "max":
		return func(f sqltypes.StructField) *Column { return Max(fieldRef(f)) }, nil
	}
	return nil, unrecognizedStatistic(s)
}

// tryDouble is TRY_CAST(string AS DOUBLE): NULL where the text is not a number.
var tryDouble = &plan.UDF{Name: "try_cast", ReturnType: sqltypes.Double, Deterministic: true,
	Invoke: func(args []any, types []sqltypes.DataType, _ bool) (any, error) {
		v, err := sqltypes.Cast(args[0], types[0], sqltypes.Double, time.UTC)
		if err != nil {
			return nil, nil
		}
		return v, nil
	}}

func asDoubleIfString(f sqltypes.StructField) *Column {
	if _, isStr := f.Type.(sqltypes.StringType); isStr {
		return newColumn(plan.Call{Name: tryDouble.Name, Args: []plan.Expr{plan.ColumnRef{Parts: []string{f.Name}}}, UDF: tryDouble})
	}
	return fieldRef(f)
}
